"""The pictures' alt text (`render.describe`): at most 1,024 characters of plain text that name
the player to move, the last move, the scores with their unit and the position."""

from __future__ import annotations

import random

import pytest

import render
from rules import CHANCE, GAMES, Move, State
from rules.kerboge import KerbogeState
from rules.verquere import Turn, VerquereState
from tests.support.keryo_pente import FIVE_IN_A_ROW
from tests.support.keryo_pente import replay as keryo_pente_replay
from tests.support.playouts import pick_move
from tests.support.verquere import MIDDLE_GAME as VERQUERE_MIDDLE
from tests.support.verquere import replay as verquere_replay

CASES = [(key, seats) for key, game in GAMES.items() for seats in game.seats]
LONG_NAMES = ("Bartholomew the Extraordinarily Long-Named Builder of Castles in the Air " * 2,) * 6
PLIES = 160
"""Random plies played before the busiest position checked (or to the end of the game)."""


def random_game(key: str, seats: int) -> list[tuple[State, Move]]:
    """Each state of a seeded random game with the move that led to it."""
    state = GAMES[key].start(seats)
    rng = random.Random(f"alt text {key} {seats}")
    seen = []
    for _ in range(PLIES):
        if state.to_move is None:
            break
        move = pick_move(state, rng)
        state = state.play(move)
        seen.append((state, move))
    return seen


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_alt_text_fits_and_names_the_player_to_move_and_the_last_move(key: str, seats: int) -> None:
    names = LONG_NAMES[:seats]
    for state, move in random_game(key, seats):
        text = render.describe(state, names=names, last_move=move)
        assert len(text) <= 1024, (key, seats, len(text))
        assert "\n" not in text and "`" not in text  # plain text on one line
        assert text.startswith(GAMES[key].title_for(seats))
        seat = state.to_move
        if seat is not None and seat != CHANCE:
            assert f"({GAMES[key].seat_names(seats)[seat]}) to move" in text, text
        elif seat == CHANCE:
            assert "Waiting for chance" in text
        else:
            outcome = state.outcome()
            assert outcome is not None and outcome.reason in text
        if not isinstance(move, Turn):  # a Verquere turn is written in the board's numbering
            assert f"Last move: {move}" in text, text
        assert ("Final scores: " if state.to_move is None else "Scores: ") in text
        assert GAMES[key].score_text(0).split(" ", 1)[1] in text or GAMES[key].score_text(1) in text


def test_keryo_pente_tells_the_capture_and_every_stone() -> None:
    state, last = keryo_pente_replay(3, FIVE_IN_A_ROW[:12])
    text = render.describe(state, names=None, last_move=last)
    assert text == (
        "Keryo-Pente board. Red to move. Last move: K15, capturing K14 K13. "
        "Scores: Red 0 captures, Blue 0 captures, Yellow 2 captures. "
        "Stones — Red 2 stones: G7 K10; Blue 4 stones: L11 M12 N13 O14; Yellow 4 stones: H12 J12 K12 K15."
    )


def test_verquere_uses_the_numbering_of_the_board_shown() -> None:
    state, last = verquere_replay(VERQUERE_MIDDLE, ["roll 5-2"])
    assert isinstance(state, VerquereState) and state.to_move == 1
    text = render.describe(state, names=("alice", "Bob"), last_move=last)
    assert "Bob (Black) to move." in text
    assert "Last move: White played 22/2 20/2* as seen from Black (10/14 8/14* as White writes it)." in text
    assert "Points numbered as seen from Black. Bob (Black) men: 10 on 1," in text
    from_white = render.describe(state, names=("alice", "Bob"), last_move=last, perspective=0)
    assert "Last move: White played 10/14 8/14*." in from_white
    assert "Points numbered as seen from White." in from_white


def test_the_serpents_points_are_among_the_final_scores() -> None:
    rng = random.Random(4)
    for _ in range(40):
        state = GAMES["kerboge"].start(2)
        while state.to_move is not None:
            state = state.play(pick_move(state, rng))
        outcome = state.outcome()
        assert isinstance(state, KerbogeState) and outcome is not None
        if outcome.termination == "serpent":
            break
    else:
        pytest.fail("no random Jai Kerboge game won by the Serpent")
    text = render.describe(state, names=("Ann", "Bo"))
    assert text.startswith("Jai Kerboge board. The game is over: the Serpent wins with ")
    assert f"Serpent {state.serpent_points} points." in text
    assert f"The Serpent is at {state.serpent} with {state.serpent_points} points." in text
