"""The Glass Bead Game's knowledge for the computer players (rules/glass_bead/search.py): the
fast path of the playouts against the contract, the candidate and winning moves, the judgement."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules import GAMES, Outcome
from rules.glass_bead import GlassBeadState, Sowing
from rules.glass_bead import search as S
from rules.glass_bead.board import START_PITS

Counts = tuple[int, ...]
EMPTY: Counts = (0,) * 6


def random_states(games: int, seed: int) -> list[GlassBeadState]:
    """Every position of `games` games of uniformly random legal moves (the game not over)."""
    rng = random.Random(seed)
    out: list[GlassBeadState] = []
    for _ in range(games):
        state = GAMES["glass-bead"].start(2)
        assert isinstance(state, GlassBeadState)
        while state.to_move is not None and len(out) < 100_000:
            out.append(state)
            legal = state.legal_moves()
            state = state._after(legal[rng.randrange(len(legal))])
    return out


STATES = random_states(40, 3)


def state_of(
    pits: Sequence[Counts], cups: tuple[Counts, Counts] = (EMPTY, EMPTY), turn: int = 0
) -> GlassBeadState:
    return GlassBeadState(seats=2, pits=tuple(pits), cups=cups, turn=turn)


def cup(*gems: int) -> Counts:
    return tuple(gems.count(v) if v else 0 for v in range(6))


# -- the fast path against the contract --------------------------------------------------------


def test_playable_pits_are_the_contracts() -> None:
    for state in STATES:
        board = [list(c) for c in state.pits]
        assert S.playable(board, state.turn) == list(state.playable_pit_indices())


def test_fast_sowing_plays_as_the_contract() -> None:
    rng = random.Random(5)
    captures = 0
    for state in STATES:
        for pit in state.playable_pit_indices():
            board = [list(c) for c in state.pits]
            cups = [list(state.cups[0]), list(state.cups[1])]
            capture = rng.random() < 0.5 and bool(board[pit][0])
            beads = S.playout_order(board, pit, capture, rng)
            taken = S.sow(board, cups, state.turn, pit, beads)
            move = S.move_of(state, pit, tuple(beads))
            assert move.taken == taken
            assert state.is_legal(move), str(move)
            after = state._after(move)
            assert [tuple(c) for c in board] == list(after.pits)
            assert (tuple(cups[0]), tuple(cups[1])) == after.cups
            captures += bool(taken)
    assert captures > 100  # the positions do test captures


def test_playouts_end_as_the_contract_says() -> None:
    rng = random.Random(9)
    ended = 0
    for state in STATES[::7]:
        result = S.playout_of(state.pits, state.cups, state.turn, rng, 200)
        if isinstance(result, Outcome):
            ended += 1
            assert len(result.winners) == 1
            assert sum(result.scores) <= 30
        else:
            assert all(0.0 <= v <= 1.0 for v in result)
    assert ended > 0


# -- candidate and winning moves ---------------------------------------------------------------


def test_candidates_are_legal_distinct_and_cover_every_pit() -> None:
    for state in STATES[::3]:
        moves = state.candidate_moves()
        assert moves
        assert len(set(moves)) == len(moves)
        assert all(state.is_legal(m) for m in moves)
        assert {m.pit for m in moves} == set(state.playable_pit_indices())
        board = [list(c) for c in state.pits]
        cups = [list(state.cups[0]), list(state.cups[1])]
        gains = [0 if m.beads[-1] else S.capture_gain(board, cups, state.turn, m.pit) for m in moves]
        assert gains == sorted(gains, reverse=True)
        for move, gain in zip(moves, gains, strict=True):
            if gain:  # a capture as counted is one (gems the sowing itself drops can change which)
                assert move.capture and move.taken


def test_small_pits_offer_every_order() -> None:
    state = GAMES["glass-bead"].start(2)
    assert isinstance(state, GlassBeadState)
    assert sorted(str(m) for m in state.candidate_moves()) == sorted(str(m) for m in state.legal_moves())


def test_candidates_hold_the_best_direct_capture() -> None:
    # South's D (a stone and a gem) sows into E and a; a holds a lone red gem.
    pits = [EMPTY, EMPTY, EMPTY, (1, 0, 1, 0, 0, 0), (1, 0, 0, 0, 0, 0)]
    pits += [(0, 0, 0, 0, 1, 0), (1, 1, 0, 0, 0, 0), EMPTY, EMPTY, EMPTY]
    state = state_of(pits)
    first = state.candidate_moves()[0]
    assert str(first) == "D20" and first.capture == "direct" and first.taken == ((5, 4),)


def test_winning_moves_are_the_wins_in_one() -> None:
    checked = 0
    for state in STATES:
        wins = set(state.winning_moves())
        for move in wins:
            outcome = state._after(move).outcome()
            assert outcome is not None and outcome.winners == (state.turn,)
        if len(state.legal_moves()) <= 200:
            checked += 1
            for move in state.legal_moves():
                outcome = state._after(move).outcome()
                if outcome is not None and outcome.winners == (state.turn,):
                    assert any(w.pit == move.pit for w in wins), str(move)
    assert checked > 100


def test_a_win_in_the_endgame_is_found() -> None:
    # The endgame: North's pits are empty, South has 16 points and sows A within its own pits.
    pits = [(2, 0, 0, 0, 0, 0), EMPTY, EMPTY, EMPTY, (1, 0, 0, 0, 0, 0)] + [EMPTY] * 5
    state = state_of(pits, (cup(5, 5, 4, 2), cup(5, 4, 3, 2)))
    assert [str(m) for m in state.winning_moves()] == ["A00"]


# -- the judgement ------------------------------------------------------------------------------


def test_values_are_chances_that_sum_to_one() -> None:
    for state in STATES:
        a, b = state.evaluate()
        assert 0.0 < a < 1.0 and 0.0 < b < 1.0
        assert a + b == pytest.approx(1.0)


def mirrored(state: GlassBeadState) -> GlassBeadState:
    """The same position with the seats swapped: each side's pits and cup go to the other."""
    pits = state.pits[5:] + state.pits[:5]
    return GlassBeadState(seats=2, pits=pits, cups=(state.cups[1], state.cups[0]), turn=1 - state.turn)


def test_swapping_the_seats_swaps_the_values() -> None:
    for state in STATES[::5]:
        a, b = state.evaluate()
        c, d = mirrored(state).evaluate()
        assert (a, b) == pytest.approx((d, c))


def test_the_start_is_even_but_for_the_move() -> None:
    start = GAMES["glass-bead"].start(2)
    assert isinstance(start, GlassBeadState)
    a, b = start.evaluate()
    assert a == pytest.approx(b)  # no capture is on offer from the start


def test_more_points_in_the_own_cup_never_lower_the_value() -> None:
    rng = random.Random(4)
    for state in STATES[::9]:
        for seat in (0, 1):
            own = list(state.cups[seat])
            gems = [v for v in range(1, 6) if own[v] < 2 and sum(c[v] for c in state.cups) < 2]
            if not gems:
                continue
            own[rng.choice(gems)] += 1
            cups = (tuple(own), state.cups[1]) if seat == 0 else (state.cups[0], tuple(own))
            richer = GlassBeadState(seats=2, pits=state.pits, cups=cups, turn=state.turn)
            assert richer.evaluate()[seat] >= state.evaluate()[seat]


def test_a_capture_on_offer_is_worth_something_to_the_mover() -> None:
    pits = [EMPTY, EMPTY, EMPTY, (1, 0, 1, 0, 0, 0), (1, 0, 0, 0, 0, 0)]
    pits += [(0, 0, 0, 0, 1, 0), (1, 1, 0, 0, 0, 0), EMPTY, EMPTY, EMPTY]
    cups = (cup(5, 3, 1), cup(5, 3, 1))
    # South takes it now, or threatens it when North is to move.
    assert state_of(pits, cups, 0).evaluate()[0] > state_of(pits, cups, 1).evaluate()[0] > 0.5


def test_the_same_lead_counts_more_near_the_end() -> None:
    early = state_of(list(START_PITS), (cup(5), EMPTY))
    late_pits = [(1, 0, 0, 0, 0, 0)] * 10
    late = state_of(late_pits, (cup(5, 5, 4, 3, 2, 1), cup(4, 3, 2, 1)))
    assert late.evaluate()[0] > early.evaluate()[0] > 0.5


def test_the_search_plays_a_capture() -> None:
    from host.computer import choose_move

    pits = [EMPTY, EMPTY, EMPTY, (1, 0, 1, 0, 0, 0), (1, 0, 0, 0, 0, 0)]
    pits += [(0, 0, 0, 0, 1, 0), (1, 1, 1, 0, 0, 0), (1, 0, 0, 1, 0, 0), EMPTY, (1, 0, 0, 0, 0, 1)]
    move = choose_move(state_of(pits, (cup(5, 3, 1), cup(5, 4, 2))), "normal", 1, iterations=2000)
    assert isinstance(move, Sowing) and move.capture == "direct"
