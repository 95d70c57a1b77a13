"""The judgement the computer players' search has of a Verquere position (rules/verquere/search.py),
checked against the contract's own view of the same positions over random games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules import CHANCE, GAMES
from rules.verquere import Pass, VerquereState
from rules.verquere.board import BAR_PIPS
from rules.verquere.search import EDGE, values


def random_positions(seed: int, games: int = 12) -> list[VerquereState]:
    """Every position of `games` random games (chance sampled by the test, as the host does)."""
    rng = random.Random(seed)
    found: list[VerquereState] = []
    for _ in range(games):
        state = GAMES["verquere"].start(2)
        while state.to_move is not None and len(found) < 20_000:
            assert isinstance(state, VerquereState)
            found.append(state)
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                legal = state.legal_moves()
                state = state.play(legal[rng.randrange(len(legal))])
    return found


POSITIONS = random_positions(3)


def test_pips_to_go_counts_each_man_in_its_own_numbering() -> None:
    for state in POSITIONS:
        for seat in (0, 1):
            on_board = sum((25 - point) * n for point, n in enumerate(state.points(seat), start=1))
            assert state.pips_to_go(seat) == on_board + BAR_PIPS * state.bar[seat]


def test_values_are_chances_that_add_up_to_one() -> None:
    for state in POSITIONS:
        if state.outcome() is not None:
            continue
        first, second = state.evaluate()
        assert EDGE <= first <= 1 - EDGE
        assert first + second == pytest.approx(1.0)


def test_the_same_position_seen_from_the_other_side_has_the_values_swapped() -> None:
    for state in POSITIONS[::7]:
        mirrored = replace(
            state,
            board=tuple(-state.board[(i + 12) % 24] for i in range(24)),
            bar=state.bar[::-1],
            off=state.off[::-1],
            turn=1 - state.turn,
        )
        assert mirrored.pips_to_go(0) == state.pips_to_go(1)
        assert values(mirrored) == pytest.approx(values(state)[::-1])


def test_a_man_further_on_or_an_opponent_sent_back_is_worth_more() -> None:
    checked = 0
    for state in POSITIONS:
        if state.outcome() is not None or state.to_move == CHANCE:
            continue
        for move in state.legal_moves()[:3]:
            if isinstance(move, Pass):
                continue
            after = state.play(move)
            assert isinstance(after, VerquereState)
            if after.outcome() is not None:
                continue
            mover = state.turn
            # The mover's pips went down, the opponent's stayed or went up (a hit): the mover's
            # value, the tempo aside, does not go down.
            before_value = values(replace(state, turn=mover))[mover]
            after_value = values(replace(after, turn=mover))[mover]
            assert after.pips_to_go(mover) < state.pips_to_go(mover)
            assert after.pips_to_go(1 - mover) >= state.pips_to_go(1 - mover)
            assert after_value >= before_value
            checked += 1
    assert checked > 1000
