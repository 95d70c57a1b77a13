"""Keryo-Pente: the examples and rules of docs/rules/keryo-pente.md, and random playouts."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import GAMES, IllegalMoveError, NotAMoveError, OptionError, State
from rules.keryo_pente import KeryoPenteState, Point
from tests.support.keryo_pente import drawn_board, position
from tests.support.playouts import PLAYOUT_SETTINGS, SEEDS, check_random_playout

GAME = GAMES["keryo-pente"]


def stones(state: State) -> dict[int, int]:
    assert isinstance(state, KeryoPenteState)
    return {seat: state.board.count(seat + 1) for seat in range(state.seats)}


def test_contract_basics() -> None:
    assert GAME.key == "keryo-pente" and GAME.title == "Keryo-Pente"
    assert GAME.seats == (2, 3, 4, 5, 6)
    state = GAME.start(3)
    assert state.seats == 3 and state.to_move == 0 and state.outcome() is None
    assert state.options == {"tournament": True}


def test_legal_move_counts_at_the_start() -> None:
    assert [str(m) for m in GAME.start(2).legal_moves()] == ["K10"]
    assert len(GAME.start(2, tournament=False).legal_moves()) == 361
    after_two = GAME.start(2).play("K10").play("A1")
    # Seat 0's second stone: every empty point outside the 5x5 box H8-M12.
    assert len(after_two.legal_moves()) == 361 - 2 - 24
    # Seat 1 is not restricted.
    assert len(GAME.start(2).play("K10").legal_moves()) == 360


def test_tournament_rule_refusals() -> None:
    with pytest.raises(IllegalMoveError, match="first stone of the game must be on K10"):
        GAME.start(2).parse("A1")
    state = GAME.start(3).play("K10").play("A1").play("B1")
    for inside in ("H8", "M12", "K11", "J9"):
        with pytest.raises(IllegalMoveError, match="outside the box H8–M12"):
            state.parse(inside)
    assert str(state.parse("G10")) == "G10" and str(state.parse("K13")) == "K13"
    later = state.play("K13")
    assert str(later.parse("L11")) == "L11"  # seat 1 is never restricted


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Z9", "no column Z"),
        ("K20", "no row 20"),
        ("K0", "no row 0"),
        ("I5", "no column I"),
        ("hello", "not a point"),
        ("", "not a point"),
        ("10K", "not a point"),
    ],
)
def test_text_that_is_not_a_point(text: str, message: str) -> None:
    with pytest.raises(NotAMoveError, match=message) as info:
        GAME.start(2).parse(text)
    assert "K10" in str(info.value)  # says what would be accepted


def test_parsing_is_case_and_space_insensitive() -> None:
    state = GAME.start(2)
    assert state.parse("k 10") == state.parse("K10") == state.parse(" k10 ")
    assert str(state.parse("k 10")) == "K10"


def test_occupied_point_is_refused() -> None:
    state = GAME.start(2).play("K10")
    with pytest.raises(IllegalMoveError, match="K10 is taken by Red"):
        state.parse("K10")
    with pytest.raises(IllegalMoveError):
        state.play(Point(180))  # a Move object for K10 is checked as well as text


def test_capture_of_two_and_three_in_one_move_the_pbmserv_example() -> None:
    # Eks is seat 1 ("1"), Ohs seat 0 ("0"). Eks places at A = K10 and closes a diagonal
    # of three Ohs stones and a row of two: five stones captured at once.
    state = position(
        {
            10: "..........001......",
            11: "..........0........",
            12: "...........0.......",
            13: "............0......",
            14: ".............1.....",
        },
        to_move=1,
    )
    after = state.play("K10")
    assert isinstance(after, KeryoPenteState)
    assert after.captures == (0, 5)
    assert stones(after) == {0: 0, 1: 3}


def test_a_capturing_move_says_what_it_took() -> None:
    # Red (seat 0) closes Blue's J11 K11 L11 with H11 after 6 stones taken earlier.
    state = replace(
        position({11: "........1110......."}),
        captures=(6, 0),
    )
    text = state.describe_move(state.parse("H11"))
    assert text == "H11 captures J11 K11 L11 (3); Red has 9 of 15"
    after = state.play("H11")
    assert isinstance(after, KeryoPenteState)
    assert [str(Point(i)) for i in after.last_capture] == ["J11", "K11", "L11"]
    assert state.describe_move(state.parse("A1")) == "A1"
    later = after.play("A1")
    assert isinstance(later, KeryoPenteState) and later.last_capture == ()
    again = GAME.load(json.loads(json.dumps(after.to_json())))
    assert again == after and isinstance(again, KeryoPenteState) and again.last_capture == after.last_capture
    assert after.resign(1).last_capture == ()


def test_placing_between_two_enemy_stones_is_safe() -> None:
    state = position({5: "..1..1.............", 6: "..1................"}, to_move=0)
    after = state.play("D5").play("A1").play("E5")
    assert isinstance(after, KeryoPenteState)
    assert after.captures == (0, 0)
    assert stones(after) == {0: 2, 1: 4}


def test_exactly_two_or_three_never_one_or_four() -> None:
    one = position({1: ".0.................", 2: "1.................."}, to_move=1).play("C1")
    four = position({1: ".0000..............", 2: "1.................."}, to_move=1).play("F1")
    assert isinstance(one, KeryoPenteState) and isinstance(four, KeryoPenteState)
    assert one.captures == (0, 0) and four.captures == (0, 0)


def test_mixed_owners_are_captured_in_three_player_games() -> None:
    state = position({1: "012................", 3: "2.................."}, seats=3, to_move=0)
    after = state.play("D1")
    assert isinstance(after, KeryoPenteState)
    assert after.captures == (2, 0, 0)
    assert stones(after) == {0: 2, 1: 0, 2: 1}


def test_five_in_a_row_and_overlines_win() -> None:
    state = position({1: "0000...............", 2: "1111..............."}, to_move=0)
    outcome = state.play("E1").outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "five in a row"
    overline = position({1: "000.00.............", 2: "1111..............."}, to_move=0)
    won = overline.play("D1")
    assert won.outcome() is not None and won.outcome().winners == (0,)  # type: ignore[union-attr]
    assert won.to_move is None and won.legal_moves() == []
    diagonal = position(
        {
            1: "0..................",
            2: ".0.................",
            3: "..0................",
            4: "...0...............",
            9: "1111...............",
        },
        to_move=0,
    )
    assert diagonal.play("E5").outcome() is not None


def test_fifteen_captures_win() -> None:
    state = position({1: "011................"}, to_move=0)
    # Give seat 0 thirteen captures already: this capture of two makes fifteen.
    state = KeryoPenteState(state.seats, False, state.board, (13, 0), state.placed, state.active, 0)
    after = state.play("D1")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert list(outcome.scores) == [15, 0] and "15" in outcome.reason


def test_full_board_is_a_draw() -> None:
    after = position(drawn_board(), to_move=0).play("A1")
    outcome = after.outcome()
    assert outcome is not None
    assert outcome.winners == () and outcome.is_draw
    assert outcome.reason == "the board is full" and after.to_move is None


def test_resignation_two_players() -> None:
    state = GAME.start(2).play("K10").resign(0)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and state.to_move is None


def test_resignation_three_players_leaves_the_rotation() -> None:
    state = GAME.start(3).play("K10").play("A1")  # seat 2 to move
    state = state.resign(1)
    assert state.to_move == 2 and state.outcome() is None
    state = state.play("B1")
    assert state.to_move == 0
    state = state.play("A5")
    assert state.to_move == 2  # seat 1 is skipped
    state = state.resign(2)  # seat 2 resigns on its own turn
    assert state.to_move is None
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    with pytest.raises(IllegalMoveError):
        state.resign(0)


def test_resigned_stones_stay_capturable() -> None:
    state = position({1: "011................", 2: "2.................."}, seats=3, to_move=0)
    resigned = state.resign(1)
    assert resigned.to_move == 0 and stones(resigned)[1] == 2  # the stones stay on the board
    after = resigned.play("D1")
    assert isinstance(after, KeryoPenteState)
    assert after.captures == (2, 0, 0) and stones(after)[1] == 0


def test_bad_options() -> None:
    with pytest.raises(OptionError):
        GAME.start(7)
    with pytest.raises(OptionError):
        GAME.start(2, tournament="yes")
    with pytest.raises(OptionError):
        GAME.start(2, komi=1)


def test_moves_are_canonical_and_states_never_mutate() -> None:
    state = GAME.start(2, tournament=False)
    before = state.to_json()
    state.play("A1")
    assert state.to_json() == before
    assert all(state.parse(str(m)) == m for m in state.legal_moves())


def stone_invariant(state: State) -> None:
    assert isinstance(state, KeryoPenteState)
    on_board = sum(1 for v in state.board if v)
    assert on_board + sum(state.captures) == sum(state.placed)


@given(seed=SEEDS, seats=st.sampled_from(GAME.seats), tournament=st.booleans())
@PLAYOUT_SETTINGS
def test_random_playouts(seed: int, seats: int, tournament: bool) -> None:
    check_random_playout(
        GAME, seats, {"tournament": tournament}, seed, max_plies=400, invariant=stone_invariant
    )


def test_suggestions_are_legal_points_near_the_typed_text() -> None:
    state = GAME.start(2).play("K10")
    assert state.suggest("K1")[:10] == ["K1", *(f"K{r}" for r in range(11, 20))]  # K10 is taken
    suggested = state.suggest("K10")
    assert "K10" not in suggested and len(suggested) == 25
    assert set(suggested[:8]) == {"J9", "J10", "J11", "K9", "K11", "L9", "L10", "L11"}
    assert all(len(state.suggest(t)) <= 25 for t in ("", "a", "t19", "zz", "K 1"))
    legal = {str(m) for m in state.legal_moves()}
    assert set(state.suggest("")) <= legal and set(state.suggest("Q")) <= legal
    assert state.suggest("Q")[0].startswith("Q")
    first = GAME.start(2)
    assert first.suggest("a1") == ["K10"]  # only K10 is legal for the first stone


def test_search_hooks_candidate_moves_and_playout_move() -> None:
    import random

    # A win in one: only the winning points are candidates.
    win = position({1: "0000...............", 2: "1111..............."}, to_move=0)
    assert [str(p) for p in win.candidate_moves()] == ["E1"]
    # The opponent threatens five: the block (and any capture) is searched.
    threat = position({1: "0.0................", 5: ".1111.............."}, to_move=0)
    assert {"A5", "F5"} <= {str(p) for p in threat.candidate_moves()}
    # Otherwise: the empty points around the stones, all legal.
    quiet = GAME.start(2).play("K10")
    assert isinstance(quiet, KeryoPenteState)
    candidates = quiet.candidate_moves()
    assert {str(p) for p in candidates} == {"J9", "J10", "J11", "K9", "K11", "L9", "L10", "L11"}
    assert all(quiet.is_legal(p) for p in candidates)
    rng = random.Random(3)
    three = GAME.start(3)
    assert isinstance(three, KeryoPenteState)
    for state in (quiet, threat, three):
        for _ in range(20):
            assert state.is_legal(state.playout_move(rng))
