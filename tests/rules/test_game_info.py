"""What every game says about itself beyond the rules contract: the unit of its scores, the
titles and ladders of its variants, and scores that belong to no seat (Kerboge's Serpent)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules import CHANCE, GAMES, OptionError, Outcome
from rules.kerboge import SERPENT_WINS, KerbogeState
from tests.support.kerboge import position


@pytest.mark.parametrize(
    ("key", "one", "six"),
    [
        ("keryo-pente", "1 capture", "6 captures"),
        ("keibot", "1 bead placed", "6 beads placed"),
        ("glass-bead", "1 point", "6 points"),
        ("verquere", "1 point", "6 points"),
        ("kerboge", "1 point", "6 points"),
    ],
)
def test_every_score_says_what_it_counts(key: str, one: str, six: str) -> None:
    game = GAMES[key]
    assert game.score_text(1) == one
    assert game.score_text(6) == six
    assert game.score_text(0) == six.replace("6", "0")


def test_jai_kerboge_is_a_game_of_its_own() -> None:
    kerboge = GAMES["kerboge"]
    assert kerboge.title_for(4) == "Kerboge" and kerboge.ladder_key(4) == "kerboge"
    assert kerboge.title_for(2) == "Jai Kerboge" and kerboge.ladder_key(2) == "jai-kerboge"


@pytest.mark.parametrize("key", [key for key in GAMES if key != "kerboge"])
def test_other_games_have_one_title_and_ladder(key: str) -> None:
    game = GAMES[key]
    for seats in game.seats:
        assert game.title_for(seats) == game.title
        assert game.ladder_key(seats) == key


def _serpent_about_to_win(seats: int) -> KerbogeState:
    """The Serpent, 2 short of the target, moves 2 forward onto a mooring with 2 stones."""
    stones = (0,) * (seats - 1) + (2,)
    target = 20 if seats == 2 else 40
    return position({3: stones}, seats=seats, to_move=CHANCE, serpent_points=target - 2)


@pytest.mark.parametrize(("seats", "move"), [(2, "serpent"), (4, "heads")])
def test_when_the_serpent_wins_it_is_said_plainly_with_its_points(seats: int, move: str) -> None:
    target = 20 if seats == 2 else 40
    state = _serpent_about_to_win(seats).play(move)
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == SERPENT_WINS
    assert not outcome.winners and outcome.scores == (0,) * seats
    assert outcome.reason == f"the Serpent wins with {target} points"
    assert dict(outcome.other_scores) == {"Serpent": target}
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome


def test_the_serpents_points_are_kept_when_players_win() -> None:
    state = position({3: (2, 0)}, seats=2, to_move=CHANCE, serpent_points=0, points=(18, 0))
    outcome = state.play("serpent").outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "Sailor wins with 18 points"
    assert dict(outcome.other_scores) == {"Serpent": 2}


def test_an_outcome_stored_before_other_scores_loads_without_them() -> None:
    stored = {"winners": [0], "scores": [3, 1], "reason": "five in a row", "termination": "five-in-a-row"}
    outcome = Outcome.from_json(stored)
    assert outcome == Outcome((0,), (3, 1), "five in a row", "five-in-a-row")
    assert outcome is not None and outcome.other_scores == ()


@pytest.mark.parametrize(
    ("key", "seats", "options", "said"),
    [
        ("keryo-pente", 2, {"tournament": 1}, "Option `tournament` takes one of True, False, not 1."),
        ("keryo-pente", 2, {"tournament": 0}, "not 0."),
        ("keryo-pente", 2.0, {}, "Keryo-Pente is played by 2 to 6 players, not 2.0."),
        ("keibot", True, {}, "not True."),
        ("keibot", 2, {"setup": b"closed"}, "Option `setup` takes one of"),
    ],
)
def test_options_and_seats_must_have_the_right_type(
    key: str, seats: Any, options: dict[str, Any], said: str
) -> None:
    with pytest.raises(OptionError) as refused:
        GAMES[key].check_options(seats, options)
    assert said in str(refused.value)
    with pytest.raises(OptionError):
        GAMES[key].start(seats, **options)
