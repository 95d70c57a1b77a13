"""Random playouts per second for each game: legal moves, a random choice, play; chance events
drawn with their probabilities, as the host would."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

from rules import CHANCE, Game, Move, State

from .table import Row


def random_game(
    game: Game, seats: int, options: Mapping[str, Any], rng: random.Random, cap: int
) -> tuple[State, int]:
    state = game.start(seats, **options)
    plies = 0
    last: list[tuple[Move, Fraction]] = []
    moves: list[Move] = []
    weights: list[float] = []
    while state.to_move is not None and plies < cap:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            if outcomes != last:  # the same dice as last time (the same objects): nothing to convert
                last, moves, weights = outcomes, [m for m, _ in outcomes], [float(p) for _, p in outcomes]
            move = rng.choices(moves, weights=weights)[0]
        else:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        plies += 1
    return state, plies


def random_positions(
    game: Game, seats: int, options: Mapping[str, Any], *, games: int, seed: int = 7, cap: int = 100_000
) -> list[tuple[State, Move | None]]:
    """(state, the last move a seat played) after every move of `games` seeded random games
    (each capped at `cap` plies); chance events are drawn with their probabilities, and the
    positions where one is due are left out (the bot never shows them)."""
    return list(iter_random_positions(game, seats, options, games=games, seed=seed, cap=cap))


def iter_random_positions(
    game: Game, seats: int, options: Mapping[str, Any], *, games: int, seed: int = 7, cap: int = 100_000
) -> Iterator[tuple[State, Move | None]]:
    """`random_positions`, one at a time (none kept)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.start(seats, **options)
        last: Move | None = None
        for _ply in range(cap):
            if state.to_move is None:
                break
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], weights=[float(p) for _, p in outcomes])[0]
            else:
                legal = state.legal_moves()
                move = last = legal[rng.randrange(len(legal))]
            state = state.play(move)
            if state.to_move != CHANCE:
                yield state, last


def playouts_per_second(
    game: Game, seats: int, options: Mapping[str, Any], *, seconds: float = 3.0, cap: int = 100_000
) -> tuple[float, float, int]:
    """(games per second, mean plies per game, games stopped by the cap)."""
    rng = random.Random(2026)
    games = plies = capped = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, n = random_game(game, seats, options, rng, cap)
        games += 1
        plies += n
        capped += state.to_move is not None
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / games, capped


def rows(variants: list[tuple[Game, int, dict[str, Any], str, int]]) -> list[Row]:
    out = []
    for game, seats, options, target, cap in variants:
        per_second, mean_plies, capped = playouts_per_second(game, seats, options, cap=cap)
        label = f"{game.title}, {seats} seats" + (f", {options}" if options else "")
        note = f" (cap {cap} plies, {capped} capped)" if cap < 100_000 else ""
        out.append(
            Row(
                "rules",
                f"random playouts: {label}",
                f"{per_second:,.0f} games/s, {mean_plies:.0f} plies/game{note}",
                target,
            )
        )
    return out
