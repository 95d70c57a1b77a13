"""Keibot: the rules of docs/rules/keibot.md, the bad inputs, and random playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import IllegalMoveError, NotAMoveError, OptionError, State
from rules.keibot import (
    BEAD,
    GAME,
    MOAI,
    KeibotState,
    KnightMove,
    position_key,
    square_index,
    square_name,
)
from tests.support.keibot import position
from tests.support.playouts import PLAYOUT_SETTINGS, SEEDS, check_random_playout

SWAP = str.maketrans("WBwb", "BWbw")


def kstate(state: State) -> KeibotState:
    assert isinstance(state, KeibotState)
    return state


def names(moves: object) -> list[str]:
    return [str(m) for m in moves]  # type: ignore[attr-defined]


# -- contract and setups ------------------------------------------------------------------------


def test_contract_basics() -> None:
    assert GAME.key == "keibot" and GAME.title == "Keibot" and GAME.seats == (2,)
    assert GAME.seat_names(2) == ("White", "Black")
    state = GAME.start(2)
    assert state.seats == 2 and state.to_move == 0 and state.outcome() is None
    assert state.options == {"setup": "closed"}
    assert GAME.start(2, setup="open").options == {"setup": "open"}
    assert "Keibot" in GAME.summary


def test_bad_options() -> None:
    with pytest.raises(OptionError):
        GAME.start(3)
    with pytest.raises(OptionError):
        GAME.start(2, setup="wide")
    with pytest.raises(OptionError):
        GAME.start(2, komi=1)


@pytest.mark.parametrize(
    ("setup", "white", "black"),
    [
        ("closed", ("c1", "d1", "e1", "f1"), ("b7", "c7", "d7", "e7")),
        ("split", ("a1", "b1", "f1", "g1"), ("a7", "b7", "f7", "g7")),
        ("open", ("a1", "c1", "e1", "g1"), ("a7", "c7", "e7", "g7")),
    ],
)
def test_the_three_setups(setup: str, white: tuple[str, ...], black: tuple[str, ...]) -> None:
    state = kstate(GAME.start(2, setup=setup))
    assert state.moai_squares(0) == white and state.moai_squares(1) == black
    assert state.bead_squares(0) == () and state.bead_squares(1) == ()
    assert state.beads_left(0) == state.beads_left(1) == 10
    assert state.captures(0) == state.captures(1) == 0
    assert state.protected is None and state.protected_square is None
    # Black's setup is White's turned 180 degrees.
    turned = {square_name(48 - square_index(s)) for s in white}
    assert turned == set(black)


def test_fifteen_legal_first_moves_in_the_closed_setup() -> None:
    moves = kstate(GAME.start(2)).legal_moves()
    assert len(moves) == 15
    assert names(moves) == [
        "c1-a2",
        "c1-e2",
        "c1-b3",
        "c1-d3",
        "d1-b2",
        "d1-f2",
        "d1-c3",
        "d1-e3",
        "e1-c2",
        "e1-g2",
        "e1-d3",
        "e1-f3",
        "f1-d2",
        "f1-e3",
        "f1-g3",
    ]
    assert all(not m.capture and not m.beads for m in moves)
    assert len(GAME.start(2, setup="split").legal_moves()) == 2 + 3 + 3 + 2
    assert len(GAME.start(2, setup="open").legal_moves()) == 2 + 4 + 4 + 2


def test_legal_moves_are_deterministic_and_canonical() -> None:
    state = GAME.start(2)
    assert names(state.legal_moves()) == names(GAME.start(2).legal_moves())
    for m in state.legal_moves():
        assert state.parse(str(m)) == m
        assert state.is_legal(m)


def test_parse_accepts_every_spelling() -> None:
    state = GAME.start(2)
    move = state.parse("c1-d3")
    for text in ("c1d3", "C1-D3", "c1xd3", "C1XD3", " c1 - d3 ", "c1–d3"):
        assert state.parse(text) == move
    assert str(move) == "c1-d3"
    assert isinstance(move, KnightMove) and move.from_square == "c1" and move.to_square == "d3"


# -- moving -------------------------------------------------------------------------------------


def test_a_moai_jumps_over_anything() -> None:
    state = position("...B.../......./......./......./wbw..../bWb..../wBw....")
    # The Moai on b2 is boxed in on all 8 sides and still jumps out.
    assert names(state.moves_from("b2")) == ["b2-d1", "b2-d3", "b2-a4", "b2-c4"]


def test_no_landing_on_a_bead_or_an_own_moai() -> None:
    state = position("...B.../......./..w..../......./...W.../.....b./.......")
    # d3 reaches b2 b4 c1 c5 e1 e5 f2 f4: c5 has White's bead; f2 has Black's bead.
    targets = {m.to_square for m in state.moves_from("d3")}
    assert targets == {"b2", "b4", "c1", "e1", "e5", "f4"}
    own = position("...B.../......./......./......./...W.../......./..W....")
    assert "c1" not in {m.to_square for m in own.moves_from("d3")}


def test_capture_removes_the_enemy_moai() -> None:
    state = position(
        "...B.../......./......./......./...B.../......./..W...B",
        protected="g1",
    )
    move = state.parse("c1-d3")
    assert str(move) == "c1xd3" and move.capture and move.beads == ()
    after = kstate(state.play(move))
    assert after.moai_squares(0) == ("d3",) and after.moai_squares(1) == ("g1", "d7")
    assert after.captures(0) == 2 and after.moai_lost(1) == 2
    assert after.protected_square == "d3" and after.to_move == 1
    assert after.quiet == 0


def test_the_moai_that_just_moved_is_protected_for_one_turn() -> None:
    state = kstate(GAME.start(2).play("d1-e3").play("c7-d5"))
    assert state.protected_square == "d5"
    # d5 is Black's Moai that moved on the turn just before: e3 cannot take it.
    assert [m for m in state.legal_moves() if m.capture] == []
    for text in ("e3xd5", "e3-d5", "e3d5"):
        with pytest.raises(IllegalMoveError, match="protected") as info:
            state.parse(text)
        message = str(info.value)
        assert f"`{text}`" in message and "moved on the turn just before" in message
        assert "Black's Moai on d5" in message
    # One turn later, once another Moai has moved, d5 can be captured.
    later = kstate(state.play("f1-g3").play("b7-a5"))
    assert later.protected_square == "a5"
    assert "e3xd5" in names(later.legal_moves())
    assert later.parse("e3-d5").capture


def test_protection_is_only_for_the_moai_that_moved() -> None:
    state = position(
        "...B.../......./......./......./...B.B./......./....W..",
        protected="f3",
    )
    assert "e1xd3" in names(state.legal_moves())
    assert "e1xf3" not in names(state.legal_moves())


# -- beads --------------------------------------------------------------------------------------


def test_a_bead_goes_between_the_landing_square_and_an_enemy_moai() -> None:
    state = position(
        "......./......./...B.../......./......./......./..W....",
        to_move=0,
    )
    move = state.parse("c1-d3")
    assert move.beads == (square_index("d4"),) and move.bead_squares == ("d4",)
    after = kstate(state.play(move))
    assert after.bead_squares(0) == ("d4",) and after.beads_left(0) == 9
    assert after.piece_at("d4") == ("bead", 0) and after.piece_at("d5") == ("moai", 1)
    assert after.quiet == 0


def test_two_beads_in_one_move() -> None:
    state = position("...B.../......./.....B./......./....W../......./.......")
    move = state.parse("e3-d5")
    # N: d7 is an enemy, d6 empty. E: f5 is an enemy, e5 empty.
    assert move.bead_squares == ("d6", "e5")
    after = kstate(state.play(move))
    assert after.bead_squares(0) == ("e5", "d6") and after.beads_left(0) == 8
    assert after.outcome() is None


def test_capture_and_beads_in_the_same_move() -> None:
    state = position("...B.../......./...B.B./......./....W../......./.......")
    move = state.parse("e3-d5")
    assert str(move) == "e3xd5" and move.capture and move.bead_squares == ("d6", "e5")
    after = kstate(state.play(move))
    assert after.captures(0) == 2 and after.bead_squares(0) == ("e5", "d6")
    assert state.describe_move(move) == (
        "`e3xd5`: jumps e3 to d5, captures the Moai there and places 2 beads on d6 and e5"
    )


def test_no_bead_when_the_square_between_is_taken_or_the_far_square_is_no_enemy_moai() -> None:
    state = position("...B.../...b.../.....W./...b.../...BWb./......./.......")
    # Landing on d5: N has a bead between (d6), E has White's own Moai 2 away (f5), S has a
    # bead between (d4), SE has a bead 2 away (f3): no bead at all.
    move = state.parse("e3-d5")
    assert move.beads == ()


def test_leaving_a_square_between_two_enemy_moai_places_nothing() -> None:
    state = position("B....../...B.../......./...W.../......./...B.../.......")
    # d4 lies between Black's d6 and d2; leaving it for f5 (no enemy Moai 2 away) places nothing.
    move = state.parse("d4-f5")
    assert move.beads == ()
    after = kstate(state.play(move))
    assert after.bead_squares(0) == () and after.piece_at("d4") is None and after.quiet == 1


SHORT_ROWS = "ww..wwW/.B.B.../......./W....B./......./.B..W../ww.ww.W"


def test_beads_running_short_go_in_the_order_n_ne_e_se_s_sw_w_nw() -> None:
    rows = SHORT_ROWS
    # Landing on d4: enemy Moai 2 away at d6 (N), f4 (E), b2 (SW), b6 (NW). White has placed 8
    # beads; the other counts only change what `parse` reports (the board keeps 8 beads).
    full = position(rows, placed=(6, 0))
    assert full.parse("e2-d4").bead_squares == ("d5", "e4", "c3", "c5")
    two_left = position(rows, placed=(8, 0))
    assert two_left.parse("e2-d4").bead_squares == ("d5", "e4")
    three_left = position(rows, placed=(7, 0))
    assert three_left.parse("e2-d4").bead_squares == ("d5", "e4", "c3")
    one_left = position(rows, placed=(9, 0))
    assert one_left.parse("e2-d4").bead_squares == ("d5",)
    none_left = position(rows, placed=(10, 0))
    assert none_left.parse("e2-d4").beads == ()


def test_beads_order_is_as_seen_by_seat_0_also_for_seat_1() -> None:
    rows = SHORT_ROWS.translate(SWAP)  # the same with the colours swapped
    state = position(rows, to_move=1)
    assert state.placed == (0, 8)
    # Seen by Black the order would start with d3 (its north) and give c3, c5 first.
    assert state.parse("e2-d4").bead_squares == ("d5", "e4")
    assert position(rows, to_move=1, placed=(0, 6)).parse("e2-d4").bead_squares == ("d5", "e4", "c3", "c5")


# -- wins -----------------------------------------------------------------------------------


def test_three_in_a_row_wins_orthogonally() -> None:
    state = position("...B.../.....W./......./......./..ww.../....B../.......")
    move = state.parse("f6-e4")
    assert move.bead_squares == ("e3",)
    after = state.play(move)
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "White has three beads in a row" and list(outcome.scores) == [3, 0]
    assert after.to_move is None and after.legal_moves() == []


def test_three_in_a_row_wins_diagonally() -> None:
    state = position("...B.W./......./......./......./...wB../..w..../.......")
    move = state.parse("f7-e5")
    assert move.bead_squares == ("e4",)  # between e5 and Black's e3
    outcome = state.play(move).outcome()
    assert outcome is not None and outcome.winners == (0,)  # c2 d3 e4


def test_three_in_a_row_wins_with_the_new_bead_in_the_middle() -> None:
    state = position("...B.../......./....W../......./......./..w.w../...B...")
    move = state.parse("e5-d3")
    assert move.bead_squares == ("d2",)
    outcome = state.play(move).outcome()
    assert outcome is not None and outcome.winners == (0,) and "three beads in a row" in outcome.reason


def test_a_row_with_an_enemy_bead_or_a_gap_does_not_win() -> None:
    mixed = position("...B.../.....W./......./......./..bw.../....B../.......")
    assert mixed.play("f6-e4").outcome() is None
    gap = position("...B.../.....W./......./......./.w.w.../....B../.......")
    assert gap.play("f6-e4").outcome() is None


def test_three_captures_win() -> None:
    state = position("W..B..W/......./......./W....../...B.../......./..W....")
    assert state.captures(0) == 2
    after = state.play("c1xd3")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "White captured 3 Moai" and list(outcome.scores) == [0, 0]


def test_placing_all_ten_beads_wins() -> None:
    state = position(SHORT_ROWS)
    assert state.placed == (8, 0)
    after = state.play("e2-d4")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.reason == "White placed all 10 beads" and list(outcome.scores) == [10, 0]
    assert kstate(after).beads_left(0) == 0


# -- draws --------------------------------------------------------------------------------------


BLOCKED_ROWS = "...W.../......./......./...W.../.b...../..w.b../B.....B"


def test_no_legal_move_for_the_player_to_move_is_a_draw() -> None:
    # Black's a1 reaches b3 and c2, both beads; g1 reaches e2 (a bead) and f3 (a bead here).
    rows = BLOCKED_ROWS.split("/")
    rows[4] = ".b...b."
    state = position(rows)
    after = state.play("d7-c5")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == () and outcome.is_draw
    assert outcome.reason == "Black has no legal move" and list(outcome.scores) == [1, 3]
    assert after.to_move is None and after.legal_moves() == []


def test_the_protected_moai_can_leave_the_opponent_without_a_move() -> None:
    state = position(BLOCKED_ROWS)
    # Elsewhere, Black's g1 still has f3.
    assert names(state.play("d7-c5").legal_moves()) == ["g1-f3"]
    # White lands on f3: the Moai that just moved cannot be captured, so Black has no move.
    after = state.play("d4-f3")
    outcome = after.outcome()
    assert outcome is not None and outcome.is_draw and outcome.reason == "Black has no legal move"
    assert list(outcome.scores) == [1, 2]


def test_wins_are_checked_before_draws() -> None:
    # Capturing Black's third Moai also leaves Black's last Moai (a1) without a move: a win.
    rows = BLOCKED_ROWS.split("/")
    rows[4] = ".b...B."
    rows[6] = "B......"
    state = position(rows)
    assert state.captures(0) == 2
    after = state.play("d4xf3")
    outcome = after.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.reason == "White captured 3 Moai"
    assert reference_moves(kstate(after)) == []  # a1 is boxed in by beads


def test_third_repetition_is_a_draw_and_counts_the_protected_moai() -> None:
    state: State = GAME.start(2)
    cycle = ["c1-a2", "e7-g6", "a2-c1", "g6-e7"]
    seen = []
    for ply in range(1, 10):
        state = state.play(cycle[(ply - 1) % 4])
        seen.append(kstate(state).repetitions)
        if ply < 9:
            assert state.outcome() is None, ply
    # After 4 and 8 plies the pieces and the player to move are those of the start, but e7 is
    # protected (at the start nothing was): that is another position, so ply 8 is no third time.
    assert seen == [1, 1, 1, 1, 2, 2, 2, 2, 3]
    # Ply 9 repeats ply 1 and ply 5 (a2 just moved and protected, Black to move): a draw.
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "the same position occurred for the third time"
    assert list(outcome.scores) == [0, 0]


def test_the_position_key_holds_the_player_to_move_and_the_protected_moai() -> None:
    rows = ["...B...", ".......", ".......", ".......", ".......", ".......", "...W..."]
    a = position(rows, to_move=0)
    assert a.history == (position_key(a.board, 0, None),) and a.repetitions == 1
    assert position(rows, to_move=1).history[-1] != a.history[-1]
    assert position(rows, protected="d7").history[-1] != a.history[-1]


def test_eighty_quiet_moves_are_a_draw() -> None:
    state = position(
        "...B.../......./......./......./......./......./...W...",
        quiet=78,
    )
    after = state.play("d1-c3")
    assert after.outcome() is None and kstate(after).quiet == 79
    final = after.play("d7-f6")
    outcome = final.outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.reason == "80 moves in a row without a capture or a bead"


def test_eighty_quiet_moves_reached_by_play() -> None:
    """From the closed setup, 80 plies without a capture or a bead and no third repetition."""
    rng = random.Random(7)
    state: State = GAME.start(2)
    for ply in range(1, 81):
        choices = [m for m in state.legal_moves() if not m.capture and not m.beads]  # type: ignore[attr-defined]
        rng.shuffle(choices)
        for move in choices:
            after = state.play(move)
            if ply == 80 or after.outcome() is None:
                break
        else:  # pragma: no cover
            pytest.fail("no quiet move found")
        assert kstate(after).quiet == ply
        state = after
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "80 moves in a row without a capture or a bead"


def test_a_capture_or_a_bead_resets_the_quiet_count_and_the_history() -> None:
    state = position(
        "...B.../......./......./......./...B.../......./..W...B",
        quiet=60,
    )
    after = kstate(state.play("c1xd3"))
    assert after.quiet == 0 and len(after.history) == 1 and after.repetitions == 1
    quiet = kstate(after.play("d7-c5"))
    assert quiet.quiet == 1 and len(quiet.history) == 2


# -- resign, JSON, helpers ----------------------------------------------------------------------


def test_resignation() -> None:
    state = GAME.start(2).play("c1-d3").resign(0)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and state.to_move is None
    assert outcome.reason == "White resigned" and list(outcome.scores) == [0, 0]
    assert GAME.start(2).resign(1).outcome().winners == (0,)  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError):
        state.resign(1)
    with pytest.raises(IllegalMoveError, match="over"):
        state.play("b7-a5")


def test_json_round_trip_and_immutability() -> None:
    state = GAME.start(2, setup="split").play("b1-c3").play("f7-e5")
    assert GAME.load(state.to_json()) == state
    before = state.to_json()
    state.play("c3-d5")
    assert state.to_json() == before


def test_suggest_ignores_the_dash() -> None:
    state = GAME.start(2)
    assert state.suggest("c1d") == ["c1-d3"]
    assert state.suggest("c1") == ["c1-a2", "c1-e2", "c1-b3", "c1-d3"]
    assert state.suggest("C1 X D3") == ["c1-d3"]
    assert len(state.suggest("")) == 15


def test_describe_move() -> None:
    state = GAME.start(2)
    assert state.describe_move(state.parse("c1-d3")) == "`c1-d3`: jumps c1 to d3"
    bead = position(["...B...", ".......", "...B...", ".......", ".......", ".......", "..W...."])
    assert bead.describe_move(bead.parse("c1-d3")) == "`c1-d3`: jumps c1 to d3 and places a bead on d4"


def test_the_input_is_quoted_safely() -> None:
    with pytest.raises(NotAMoveError) as info:
        GAME.start(2).parse("`@everyone` " + "x" * 50)
    message = str(info.value)
    assert message.startswith("`'@everyone' xxxx") and "…`" in message


# -- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("h1-g3", "no file h"),
        ("a0-b2", "no rank 0"),
        ("c1-c8", "no rank 8"),
        ("c1-z3", "no file z"),
    ],
)
def test_squares_off_the_board(text: str, message: str) -> None:
    with pytest.raises(NotAMoveError, match=message) as info:
        GAME.start(2).parse(text)
    assert f"`{text}`" in str(info.value) and "off the board" in str(info.value)
    assert "c1-" in str(info.value)  # an example of a legal move


@pytest.mark.parametrize("text", ["hello", "", "c1", "c1-d3-e5", "1c-3d", "resign"])
def test_text_that_is_not_a_move(text: str) -> None:
    with pytest.raises(NotAMoveError, match="is not a move") as info:
        GAME.start(2).parse(text)
    assert f"`{text}`" in str(info.value) and "`c1-" in str(info.value)


def test_not_a_knight_move_lists_the_moai_moves() -> None:
    with pytest.raises(IllegalMoveError, match="not a knight move") as info:
        GAME.start(2).parse("c1-c3")
    message = str(info.value)
    assert "`c1-c3`" in message
    for legal in ("c1-a2", "c1-b3", "c1-d3", "c1-e2"):
        assert f"`{legal}`" in message
    with pytest.raises(IllegalMoveError, match="not a knight move"):
        GAME.start(2).parse("c1-c1")


def test_moving_from_an_empty_square_or_an_enemy_moai() -> None:
    with pytest.raises(IllegalMoveError, match="there is no Moai on c3") as info:
        GAME.start(2).parse("c3-d5")
    assert "c1, d1, e1 and f1" in str(info.value)
    with pytest.raises(IllegalMoveError, match="the Moai on b7 is Black's, and you play White"):
        GAME.start(2).parse("b7-c5")
    with pytest.raises(IllegalMoveError, match="the Moai on a2 is White's, and you play Black"):
        GAME.start(2).play("c1-a2").parse("a2-c1")


def test_landing_on_a_bead_or_an_own_moai() -> None:
    state = position("...B.../......./..w..../......./...W.../.....b./.......")
    with pytest.raises(IllegalMoveError, match="lands on c5, which holds your bead") as info:
        state.parse("d3-c5")
    assert "may never land on a bead" in str(info.value) and "`d3-e5`" in str(info.value)
    with pytest.raises(IllegalMoveError, match="lands on f2, which holds Black's bead"):
        state.parse("d3-f2")
    own = GAME.start(2).play("d1-e3").play("b7-a5")
    with pytest.raises(IllegalMoveError, match="lands on your own Moai on e3") as info:
        own.parse("f1-e3")
    assert "`f1-d2`" in str(info.value) and "`f1-g3`" in str(info.value)


def test_moving_a_bead() -> None:
    state = position("...B.../......./..w..../......./...W.../......./.......")
    with pytest.raises(IllegalMoveError, match="c5 holds a bead, and beads never move"):
        state.parse("c5-d7")


def test_an_illegal_move_object_is_refused() -> None:
    state = GAME.start(2)
    with pytest.raises(IllegalMoveError):
        state.play(KnightMove(square_index("c1"), square_index("c3")))
    with pytest.raises(IllegalMoveError):  # the right squares, but a wrong bead list
        state.play(KnightMove(square_index("c1"), square_index("d3"), False, (5,)))


# -- random playouts ----------------------------------------------------------------------------

KNIGHT_DELTAS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORDER = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]  # N, NE, ... NW


def reference_moves(s: KeibotState) -> list[tuple[int, int, bool, tuple[int, ...]]]:
    """The legal moves written out from the rules text, square by square (a second source)."""

    def at(f: int, r: int) -> int:
        return s.board[r * 7 + f]

    seat = s.turn
    moves = []
    for frm in range(49):
        if s.board[frm] != MOAI[seat]:
            continue
        f0, r0 = frm % 7, frm // 7
        for df, dr in KNIGHT_DELTAS:
            f, r = f0 + df, r0 + dr
            if not (0 <= f < 7 and 0 <= r < 7):
                continue
            to = r * 7 + f
            target = at(f, r)
            if target in BEAD or target == MOAI[seat] or (target == MOAI[1 - seat] and to == s.protected):
                continue
            beads = []
            for ddf, ddr in ORDER:
                f2, r2 = f + 2 * ddf, r + 2 * ddr
                if 0 <= f2 < 7 and 0 <= r2 < 7 and at(f2, r2) == MOAI[1 - seat] and not at(f + ddf, r + ddr):
                    beads.append((r + ddr) * 7 + f + ddf)
            left = 10 - s.placed[seat]
            moves.append((frm, to, target == MOAI[1 - seat], tuple(beads[:left])))
    return moves


def has_three_in_a_row(s: KeibotState, seat: int) -> bool:
    for r in range(7):
        for f in range(7):
            for df, dr in ORDER[:4]:
                cells = [(f + k * df, r + k * dr) for k in range(3)]
                if all(0 <= x < 7 and 0 <= y < 7 and s.board[y * 7 + x] == BEAD[seat] for x, y in cells):
                    return True
    return False


def test_many_seeded_games_agree_with_a_reference_and_end_for_the_right_reason() -> None:
    reasons: set[str] = set()
    for setup in ("closed", "split", "open"):
        for seed in range(100):
            rng = random.Random(seed)
            state = kstate(GAME.start(2, setup=setup))
            while state.to_move is not None:
                expected = sorted(reference_moves(state))
                got = sorted((m.frm, m.to, m.capture, m.beads) for m in state.legal_moves())
                assert got == expected
                assert max(state.captured) < 3 and max(state.placed) < 10
                moves = state.legal_moves()
                state = kstate(state.play(moves[rng.randrange(len(moves))]))
            outcome = state.outcome()
            assert outcome is not None and list(outcome.scores) == list(state.placed)
            reasons.add(outcome.reason.split(" ", 1)[1] if outcome.winners else outcome.reason)
            if not outcome.winners or "three beads in a row" not in outcome.reason:
                assert not has_three_in_a_row(state, 0) and not has_three_in_a_row(state, 1)
            if outcome.winners:
                (w,) = outcome.winners
                assert w == 1 - state.turn  # the mover wins
                if "three beads in a row" in outcome.reason:
                    assert has_three_in_a_row(state, w)
                elif "captured 3 Moai" in outcome.reason:
                    assert state.captured[w] == 3 and len(state.moai(1 - w)) == 1
                else:
                    assert "placed all 10 beads" in outcome.reason and state.placed[w] == 10
            elif "no legal move" in outcome.reason:
                assert reference_moves(state) == []
            elif "third time" in outcome.reason:
                assert state.repetitions == 3
            else:
                assert state.quiet == 80
    assert {"has three beads in a row", "captured 3 Moai", "placed all 10 beads"} <= reasons


def keibot_invariant(state: State) -> None:
    s = kstate(state)
    for seat in (0, 1):
        other = 1 - seat
        assert len(s.moai(seat)) == 4 - s.captured[other]
        assert len(s.beads(seat)) == s.placed[seat] == 10 - s.beads_left(seat)
        assert 0 <= s.placed[seat] <= 10
        assert 0 <= s.captured[seat] <= 3
    assert s.history[-1] == position_key(s.board, s.turn, s.protected)
    assert s.quiet == len(s.history) - 1
    assert s.repetitions <= 3
    if s.protected is not None:
        assert s.board[s.protected] == MOAI[1 - s.turn]
    if s.to_move is not None:
        assert s.quiet < 80
        assert all(m.frm in s.moai(s.turn) for m in s.legal_moves())


@given(seed=SEEDS, setup=st.sampled_from(("closed", "split", "open")))
@PLAYOUT_SETTINGS
def test_random_playouts(seed: int, setup: str) -> None:
    check_random_playout(GAME, 2, {"setup": setup}, seed, max_plies=400, invariant=keibot_invariant)
