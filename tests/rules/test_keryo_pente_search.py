"""Keryo-Pente for the computer players (rules/keryo_pente_search.py): the fast board plays the
contract's rules, move by move, over many seeded random games; the threats found with bitboards
are those found by trying every point; the candidate moves keep the wins, the blocks and the
defences; and the search hooks answer in the contract's terms."""

from __future__ import annotations

import pickle
import random

import pytest

from rules import GAMES
from rules.keryo_pente import _NEIGHBOURS, POINTS, RAYS, SIZE, KeryoPenteState, Point, _line_through
from rules.keryo_pente_search import (
    CAPTURED,
    FIVE,
    FULL_BOARD,
    FastBoard,
    _capture_count,
    candidate_points,
    points_of,
    threats,
)
from tests.support.keryo_pente import position

GAME = GAMES["keryo-pente"]
ENDINGS = {FIVE: "five-in-a-row", CAPTURED: "captures", FULL_BOARD: "board-full"}


def fast_board(state: KeryoPenteState) -> FastBoard:
    assert state.turn is not None
    return FastBoard(state.board, state.captures, state.placed, state.active, state.turn, state.tournament)


def random_point(state: KeryoPenteState, rng: random.Random) -> Point:
    """A random legal point, next to a stone half the time (for games with lines and captures)."""
    legal = state.legal_moves()
    if rng.random() < 0.5:
        near = [p for p in legal if any(state.board[j] for j in _NEIGHBOURS[p.index])]
        if near:
            return near[rng.randrange(len(near))]
    return legal[rng.randrange(len(legal))]


def assert_same(board: FastBoard, state: KeryoPenteState) -> None:
    assert bytes(board.board) == state.board
    assert tuple(board.captures) == state.captures and tuple(board.placed) == state.placed
    assert sorted(board.empties) == [i for i in range(SIZE * SIZE) if not state.board[i]]
    assert all(board.empties[board.where[i]] == i for i in board.empties)
    outcome = state.outcome()
    if outcome is None:
        assert not board.ended and board.turn == state.to_move
        assert board.legal() == [p.index for p in state.legal_moves()]
    else:
        assert ENDINGS[board.ended] == outcome.termination
        assert (board.winner,) == outcome.winners or (board.winner is None and outcome.winners == ())
        assert board.legal() == []


VARIANTS = [(2, False)] * 4 + [(2, True), (3, False), (4, True), (6, False)]


@pytest.mark.parametrize("game", range(48))
def test_the_fast_board_plays_the_contracts_moves_position_by_position(game: int) -> None:
    seats, tournament = VARIANTS[game % len(VARIANTS)]
    rng = random.Random(game)
    state = GAME.start(seats, tournament=tournament)
    assert isinstance(state, KeryoPenteState)
    board = fast_board(state)
    plies = 0
    while state.to_move is not None:
        assert_same(board, state)
        if seats > 2 and plies == 40 and state.active[-1]:  # a seat leaves: its stones stay
            state = state.resign(seats - 1)
            assert isinstance(state, KeryoPenteState)
            board = fast_board(state)
            continue
        move = random_point(state, rng) if game % 2 else POINTS[board.random_point(rng)]
        after = state.play(move)
        assert isinstance(after, KeryoPenteState)
        board.play(move.index)
        state = after
        plies += 1
    assert_same(board, state)


@pytest.mark.parametrize("seed", range(6))
def test_the_moves_listed_from_the_last_states_are_the_empty_points(seed: int) -> None:
    # A state lists its moves by taking the point played out of the last state's list (and
    # putting back the points captured): the same list as a state loaded afresh makes.
    rng = random.Random(seed)
    state = GAME.start(2 + seed % 3, tournament=seed % 2 == 1)
    captured = 0
    while state.to_move is not None:
        assert isinstance(state, KeryoPenteState)
        legal = state.legal_moves()
        fresh = GAME.load(state.to_json()).legal_moves()
        assert legal == fresh
        assert isinstance(legal, list)
        legal.clear()  # the caller's own copy: the state's list is untouched
        assert state.legal_moves() == fresh
        captured += len(state.last_capture)
        state = state.play(random_point(state, rng))
    assert captured > 0


def test_a_fast_board_draws_only_legal_points() -> None:
    rng = random.Random(4)
    for opening in ([], ["K10"], ["K10", "A1"]):
        state = GAME.replay(2, {"tournament": True}, opening)
        assert isinstance(state, KeryoPenteState)
        board = fast_board(state)
        legal = {p.index for p in state.legal_moves()}
        assert all(board.random_point(rng) in legal for _ in range(50))
        assert all(board.near_point(rng) in legal for _ in range(50))


def random_positions(games: int, seed: int) -> list[KeryoPenteState]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = GAME.start(2, tournament=False)
        assert isinstance(state, KeryoPenteState)
        while state.to_move is not None:
            found.append(state)
            after = state.play(random_point(state, rng))
            assert isinstance(after, KeryoPenteState)
            state = after
    return found


def tried(state: KeryoPenteState, seat: int) -> tuple[set[int], set[int], set[int], set[int]]:
    """Five points, four points, double points and capture points of `seat`, found by placing its
    stone on every empty point."""
    stone = seat + 1
    board = state.board
    empty = [q for q in range(SIZE * SIZE) if not board[q]]
    fives = {q for q in empty if _line_through(board, q, stone)}
    fours, doubles = set(), set()
    for q in empty:
        placed = bytearray(board)
        placed[q] = stone
        # A five point it makes is on one of its lines, at most 4 points away.
        lines = {t for ray in RAYS[q] for t in ray if not board[t] and t not in fives}
        made = {t for t in lines if _line_through(placed, t, stone)}
        if made:
            fours.add(q)
        if len(made) >= 2:
            doubles.add(q)
    captures = {q for q in empty if _capture_count(board, q, stone)}
    return fives, fours, doubles, captures


def test_the_threats_are_those_found_by_trying_every_point() -> None:
    positions = random_positions(6, seed=5)[::7]
    assert len(positions) > 60
    for state in positions:
        found = threats(state.board, state.captures, state.active)
        for seat in range(2):
            mine = found.seats[seat]
            assert mine is not None
            fives, fours, doubles, captures = tried(state, seat)
            assert set(points_of(mine.five)) == fives
            assert set(points_of(mine.capture)) == captures
            if not fives:  # with a five point, a window of 3 may make it again: moot
                assert set(points_of(mine.four)) == fours
                assert set(points_of(mine.double)) == doubles


def sole_wins(state: KeryoPenteState) -> set[str]:
    wins = set()
    for move in state.legal_moves():
        outcome = state.play(move).outcome()
        if outcome is not None and outcome.winners == (state.to_move,):
            wins.add(str(move))
    return wins


def test_winning_moves_are_the_moves_that_win() -> None:
    rng = random.Random(9)
    lasts = []
    for _ in range(12):  # the position before each game's last move: it has a win
        state = GAME.start(2, tournament=False)
        assert isinstance(state, KeryoPenteState)
        while True:
            after = state.play(random_point(state, rng))
            assert isinstance(after, KeryoPenteState)
            if after.to_move is None:
                break
            state = after
        lasts.append(state)
    positions = lasts + random_positions(4, seed=9)[::9]
    assert sum(1 for s in positions if sole_wins(s)) >= 12
    for state in positions:
        assert {str(p) for p in state.winning_moves()} == sole_wins(state)
    board = position({1: "011................"}).board
    capture_win = KeryoPenteState(2, False, board, (13, 0), (1, 2), (True, True), 0)
    assert [str(p) for p in capture_win.winning_moves()] == ["D1"]


def candidates(state: KeryoPenteState) -> list[str]:
    return [str(p) for p in state.candidate_moves()]


def stones(red: str, blue: str, to_move: int = 0) -> KeryoPenteState:
    """A position of two seats (no tournament rule) from the points of Red's and Blue's stones."""
    start = GAME.start(2, tournament=False)
    assert isinstance(start, KeryoPenteState)
    board = bytearray(SIZE * SIZE)
    for seat, points in enumerate((red, blue)):
        for text in points.split():
            board[start.parse(text).index] = seat + 1
    placed = (board.count(1), board.count(2))
    return KeryoPenteState(2, False, bytes(board), (0, 0), placed, (True, True), to_move)


def test_the_candidates_keep_the_wins_and_the_blocks() -> None:
    # Red can win: only the wins.
    assert candidates(stones("A1 B1 C1 D1", "A2 B2 C2 D2")) == ["E1"]
    # Blue threatens five: only the blocks, then the captures (here none; below, G10).
    assert candidates(stones("A1 C1", "B5 C5 D5 E5")) == ["A5", "F5"]
    assert candidates(stones("A1 C1 J10", "B5 C5 D5 E5 H10 G10")) == ["A5", "F5", "F10"]


@pytest.mark.parametrize(
    ("blue", "defences"),
    [
        # The three shapes of the lost games: a broken three, another, an open three; the
        # answers are the gap and both ends, or both ends and the points beyond them.
        ("P4 R4 S4", {"O4", "Q4", "T4"}),
        ("M13 O13 P13", {"L13", "N13", "Q13"}),
        ("H14 J14 K14", {"F14", "G14", "L14", "M14"}),
        ("C3 D4 E5", {"A1", "B2", "F6", "G7"}),
    ],
)
def test_an_open_or_broken_three_is_answered_and_nothing_else_searched(blue: str, defences: set[str]) -> None:
    assert set(candidates(stones("A19 J19", blue))) == defences


def test_an_open_four_to_make_comes_before_the_defences() -> None:
    found = candidates(stones("C6 D6 E6", "H14 J14 K14"))
    assert set(found[:2]) == {"B6", "F6"}  # Red's own open four first
    assert set(found[2:4]) == {"A6", "G6"}  # then its fours
    assert set(found[4:]) == {"F14", "G14", "L14", "M14"}  # then the defences


def test_a_quiet_position_gives_its_points_next_to_the_stones() -> None:
    state = GAME.start(2, tournament=False).play("K10").play("L11")
    assert isinstance(state, KeryoPenteState)
    neighbours = {str(Point(j)) for i in (180, 200) for j in _NEIGHBOURS[i]} - {"K10", "L11"}
    found = candidates(state)
    assert len(found) == len(set(found)) == 12 and set(found) == neighbours


def test_the_tournament_rule_is_kept_by_the_candidates() -> None:
    state = GAME.start(2).play("K10").play("L11")
    assert isinstance(state, KeryoPenteState)
    found = state.candidate_moves()
    assert found and all(state.is_legal(p) for p in found)
    assert {"G10", "N10", "K7", "K13"} <= {str(p) for p in found}
    assert state.winning_moves() == []


def test_candidate_points_is_empty_on_an_empty_board() -> None:
    state = GAME.start(2, tournament=False)
    assert isinstance(state, KeryoPenteState)
    assert candidate_points(threats(state.board, state.captures, state.active), 0) == []
    assert len(state.candidate_moves()) == SIZE * SIZE


def test_the_evaluation_and_the_playouts_answer_per_seat() -> None:
    rng = random.Random(2)
    for state in random_positions(3, seed=3)[::5]:
        values = state.evaluate()
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        for plies in (0, 8, 400):
            result = state.playout(rng, plies)
            if isinstance(result, tuple):
                assert len(result) == 2 and all(0.0 <= v <= 1.0 for v in result)
            else:
                assert result.termination in ENDINGS.values() and len(result.scores) == 2
    # An open four for the player to move is all but won; against an open four it is all but lost.
    mine = stones("C6 D6 E6", "H14 K14")
    theirs = stones("C6 E6", "H14 J14 K14 L14")
    assert mine.evaluate()[0] > 0.8 and theirs.evaluate()[0] < 0.2


def test_what_a_state_keeps_beside_its_fields_does_not_pickle_nor_change_it() -> None:
    state = GAME.replay(2, {}, ["K10", "L11", "N13"])
    assert isinstance(state, KeryoPenteState)
    fresh = pickle.dumps(state)
    state.candidate_moves()
    state.legal_moves()
    after = state.play("N12")  # handed the moves listed
    assert pickle.dumps(state) == fresh
    assert pickle.loads(fresh) == state == GAME.load(state.to_json())
    assert pickle.loads(pickle.dumps(after)) == after == GAME.load(after.to_json())
    assert (
        "_empty_points" in after.__dict__
        and "_empty_points" not in pickle.loads(pickle.dumps(after)).__dict__
    )
