"""The random-playout properties every game must keep (shared by each game's rules tests)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from rules import CHANCE, Game, Move, State

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYOUT_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PARSE_CHECKS_PER_PLY = 6
"""How many legal moves per ply are checked for parse(str(m)) == m (all of them when fewer)."""


def pick_move(state: State, rng: random.Random) -> Move:
    """A random legal move, or a chance outcome drawn with its probability."""
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
    legal = state.legal_moves()
    return legal[rng.randrange(len(legal))]


def check_random_playout(
    game: Game,
    seats: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    max_plies: int = 1000,
    invariant: Callable[[State], None] | None = None,
) -> State:
    """Play one seeded random game and check the contract's properties at every ply."""
    rng = random.Random(seed)
    state = game.start(seats, **options)
    log: list[str] = []
    while state.to_move is not None and len(log) < max_plies:
        check_state_properties(game, state)
        if invariant:
            invariant(state)
        legal = state.legal_moves()
        assert len(legal) > 0, "a game that is not over has a legal move or chance outcome"
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == Fraction(1)
            assert all(p > 0 for _, p in outcomes)
            assert [m for m, _ in outcomes] == list(legal)
        else:
            assert 0 <= state.to_move < state.seats
        sample = (
            list(legal)
            if len(legal) <= PARSE_CHECKS_PER_PLY
            else [legal[rng.randrange(len(legal))] for _ in range(PARSE_CHECKS_PER_PLY)]
        )
        for m in sample:
            assert m in legal
            assert state.parse(str(m)) == m, f"parse(str({m!s})) differs"
        move = pick_move(state, rng)
        text = str(move)
        after = state.play(move)
        assert after == state.play(text), "playing a Move and its text must agree"
        assert state.describe_played(move, after) == state.describe_move(move), "the two sentences differ"
        assert after is not state
        log.append(text)
        state = after
    check_state_properties(game, state)
    if invariant:
        invariant(state)
    assert game.replay(seats, options, log) == state, "replaying the log must give the same state"
    outcome = state.outcome()
    if state.to_move is None:
        assert outcome is not None
        assert len(outcome.scores) == seats
        assert all(0 <= w < seats for w in outcome.winners)
        assert list(state.legal_moves()) == []
    else:
        assert outcome is None
    return state


def check_state_properties(game: Game, state: State) -> None:
    data = state.to_json()
    json.dumps(data)  # JSON-safe
    assert data["format"] == game.state_format, "every state carries its format version"
    again = game.load(json.loads(json.dumps(data)))
    assert again == state and hash(again) == hash(state), "JSON round trip must give an equal state"
    assert state.seats in game.seats
