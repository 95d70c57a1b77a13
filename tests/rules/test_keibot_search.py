"""Keibot for the computer players (rules/keibot_search.py): the winning moves are those found by
playing every legal move; the candidate moves keep the wins and the answers to a threat; the
value favours the side ahead; and the search hooks use only the rng they are given."""

from __future__ import annotations

import math
import random

import pytest

from host.computer.hooks import hooks_for
from host.computer.search import LEVELS, _Search, choose_move
from rules import GAMES, State
from rules.keibot import BEAD, LINES, KeibotState, KnightMove
from rules.keibot_search import SeatView, completes_line, open_twos, winning_moves
from tests.support.keibot import position

GAME = GAMES["keibot"]
SETUPS = ("closed", "split", "open")


def random_positions(seed: int, plies: int = 200) -> list[KeibotState]:
    """The positions of a seeded game of random moves (captures and bead moves half the time, so
    that games reach their threats), the finished one left out."""
    rng = random.Random(seed)
    state = GAME.start(2, setup=SETUPS[seed % 3])
    assert isinstance(state, KeibotState)
    out: list[KeibotState] = []
    while state.to_move is not None and len(out) < plies:
        out.append(state)
        legal = state.legal_moves()
        active = [m for m in legal if m.capture or m.beads]
        pool = active if active and rng.random() < 0.5 else legal
        state = state._after(pool[rng.randrange(len(pool))])
    return out


def wins_by_trying(state: State) -> set[str]:
    """The legal moves that give the seat to move a sole win when played."""
    mover = state.to_move
    found = set()
    for move in state.legal_moves():
        outcome = state.play(move).outcome()
        if outcome is not None and outcome.winners == (mover,):
            found.add(str(move))
    return found


POSITIONS = [(seed, state) for seed in range(40) for state in random_positions(seed)]


def test_the_random_games_reach_every_kind_of_win_and_threat() -> None:
    kinds = set()
    threats = 0
    for _, state in POSITIONS:
        for move in winning_moves(state):
            outcome = state.play(move).outcome()
            assert outcome is not None
            kinds.add(outcome.termination)
        if wins_by_trying(_passed(state)):
            threats += 1
    assert kinds == {"three-in-a-row", "captures", "all-beads-placed"}
    assert threats > 100


def _passed(state: KeibotState) -> KeibotState:
    """The same position with the other seat to move (nothing protected): its threats."""
    return KeibotState(
        setup=state.setup,
        board=state.board,
        turn=1 - state.turn,
        protected=None,
        captured=state.captured,
        placed=state.placed,
        quiet=0,
        history=state.history,
    )


def _defences(state: KeibotState) -> set[str]:
    """The moves after which the other seat cannot win at once."""
    return {str(m) for m in state.legal_moves() if not wins_by_trying(state.play(m))}


def test_winning_moves_are_the_moves_that_win_when_played() -> None:
    for _, state in POSITIONS:
        assert {str(m) for m in winning_moves(state)} == wins_by_trying(state)
        assert {str(m) for m in state.winning_moves()} == wins_by_trying(state)


def test_candidate_moves_are_legal_and_keep_the_wins_and_the_defences() -> None:
    defended = 0
    for _, state in POSITIONS:
        legal = {str(m) for m in state.legal_moves()}
        chosen = [str(m) for m in state.candidate_moves()]
        assert chosen and set(chosen) <= legal and len(set(chosen)) == len(chosen)
        wins = wins_by_trying(state)
        assert wins <= set(chosen)
        if wins:
            continue
        defences = _defences(state) if wins_by_trying(_passed(state)) else set()
        if defences:
            defended += 1
            assert set(chosen) == defences
        else:
            assert set(chosen) == legal
    assert defended > 20


def test_candidate_moves_put_captures_and_beads_first() -> None:
    for _, state in POSITIONS[:2000]:
        moves = list(state.candidate_moves())
        active = [bool(m.capture or m.beads) for m in moves]
        assert active == sorted(active, reverse=True)


def test_completes_line_with_one_bead_or_several() -> None:
    state = position([".......", ".......", ".......", ".......", ".......", ".......", "ww....."])
    board = state.board
    assert completes_line(board, (2,), 3)
    assert not completes_line(board, (3,), 3)
    assert completes_line(board, (9, 16), 3) is False
    assert completes_line(board, (7, 14), 3)  # a1 (bead), a2 and a3 (both new)


def test_the_value_is_one_number_per_seat_in_the_unit_interval() -> None:
    for _, state in POSITIONS:
        found = state.evaluate()
        assert len(found) == 2 and all(0.0 <= v <= 1.0 for v in found)
        assert found[0] + found[1] == pytest.approx(1.0)


def test_the_value_favours_the_side_ahead() -> None:
    # White has captured two Moai and placed four beads; Black has nothing: White ahead either way.
    ahead = ["W......", "...B...", ".......", "...W...", ".w...w.", ".W...W.", "..w.w.B"]
    for to_move in (0, 1):
        v = position(ahead, to_move=to_move).evaluate()
        assert v[0] > 0.7 and v[1] < 0.3
    # The mirror: Black ahead.
    behind = ["......B", "...B...", ".b...b.", ".B...B.", "..b.b..", "...W...", "......W"]
    for to_move in (0, 1):
        v = position(behind, to_move=to_move).evaluate()
        assert v[1] > 0.7 and v[0] < 0.3
    # The seat to move that can win at once is all but sure to.
    win = ["B.....B", "...B...", ".W.....", "......W", "....B..", "...w...", "W..w..W"]
    assert wins_by_trying(position(win)) == {"b5-c3"}
    assert position(win, to_move=0).evaluate()[0] > 0.9
    # The start is even, whoever is to move.
    start = GAME.start(2)
    assert isinstance(start, KeibotState)
    assert start.evaluate()[0] == pytest.approx(0.5, abs=0.1)


def test_a_threat_of_the_other_seat_counts_against_the_seat_to_move() -> None:
    # Black's beads on d1 and d2: a Black Moai landing on c3 (from b5) with White's Moai on e3 two
    # squares away places a bead on d3, three in a row. Without the bead on d2, no threat.
    threat = ["B.....B", "...B...", ".B.....", "......W", "....W..", "...b...", "W..b..W"]
    quiet = ["B.....B", "...B...", ".B.....", "......W", "....W..", ".......", "W..b..W"]
    assert wins_by_trying(_passed(position(threat)))
    assert not wins_by_trying(_passed(position(quiet)))
    assert position(threat).evaluate()[0] < position(quiet, placed=(0, 2)).evaluate()[0]


def test_the_hooks_are_found_and_search_uses_them() -> None:
    state = GAME.start(2)
    hooks = hooks_for(state)
    assert hooks.candidate_moves is not None and hooks.winning_moves is not None
    assert hooks.evaluate is not None and hooks.playout_plies is not None


@pytest.mark.parametrize("seed", range(4))
def test_the_same_seed_gives_the_same_search(seed: int) -> None:
    # No deadline: the same iterations whatever the machine's load, so only the rng decides.
    state = random_positions(seed, 20)[-1]

    def tree() -> list[tuple[str, int, float]]:
        search = _Search(state, random.Random(seed), LEVELS["normal"], hooks_for(state))
        root = search.run(math.inf, 300)
        return [(str(c.via), c.visits, c.totals[0]) for c in root.children]

    first = tree()
    assert first and sum(v for _, v, _ in first) == 300
    assert tree() == first
    assert isinstance(choose_move(state, "normal", seed, time_limit=0.05), KnightMove)


def test_the_search_takes_a_win_and_stops_a_threat() -> None:
    for seed, state in POSITIONS[::25]:
        wins = wins_by_trying(state)
        move = str(choose_move(state, "normal", seed, time_limit=2.0, iterations=200))
        if wins:
            assert move in wins
        elif wins_by_trying(_passed(state)):
            defences = _defences(state)
            if defences:
                assert move in defences


def test_a_seats_view_finds_its_wins_and_its_open_twos() -> None:
    for _, state in POSITIONS:
        turn = state.turn
        mine = SeatView(state.board, turn, state.protected, state.captured[turn], state.placed[turn])
        assert set(mine.wins) == {(m.frm, m.to) for m in winning_moves(state)}
        assert mine.win_landings == {m.to for m in winning_moves(state)}
        assert mine.capture_moves == sum(1 for m in state.legal_moves() if m.capture)
        assert mine.bead_landings == len({m.to for m in state.legal_moves() if m.beads})
        board = state.board
        brute = tuple(
            sum(
                1
                for line in {line for lines in LINES for line in lines}  # each line once
                if sum(board[x] == BEAD[seat] for x in line) == 2 and any(not board[x] for x in line)
            )
            for seat in (0, 1)
        )
        assert open_twos(board) == brute


def test_the_playout_move_is_legal_takes_a_win_and_uses_only_its_rng() -> None:
    for seed, state in POSITIONS[::3]:
        legal = {str(m) for m in state.legal_moves()}
        first = state.playout_move(random.Random(seed))
        assert str(first) in legal
        assert all(state.playout_move(random.Random(seed)) == first for _ in range(3))
        wins = wins_by_trying(state)
        if wins:
            assert str(first) in wins
