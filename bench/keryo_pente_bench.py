"""Keryo-Pente's random playouts per CPU-second beside Ludii's, through the rules contract and
through the computer players' fast board (rules/keryo_pente_search.py, checked against the
contract move by move in tests/rules/test_keryo_pente_search.py). `python -m bench.keryo_pente_bench`
prints these rows alone.

Both play whole games of 2 seats without the tournament rule, each move drawn uniformly among the
legal ones, as Ludii's random playouts do: Ludii does 266 of them per CPU-second on the build
machine (194–317 over 14 runs). Times are CPU time (`time.process_time`), so another process on
the machine slows them less than wall time would; each figure is the minimum and the median of
several runs of a few seconds."""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable

from rules import GAMES
from rules.keryo_pente import KeryoPenteState
from rules.keryo_pente_search import FastBoard

from .table import Row, print_table

GAME = GAMES["keryo-pente"]
LUDII = "266 (194–317 over 14 runs)"
TARGET = "≥ 532 (2× Ludii)"


def contract_playout(rng: random.Random) -> int:
    """One random game through the contract (`legal_moves`, `play`); its plies."""
    state = GAME.start(2, tournament=False)
    plies = 0
    while state.to_move is not None:
        legal = state.legal_moves()
        state = state.play(legal[rng.randrange(len(legal))])
        plies += 1
    return plies


def fast_playout(rng: random.Random) -> int:
    """One random game on the fast board, from the contract's first position; its plies."""
    start = GAME.start(2, tournament=False)
    assert isinstance(start, KeryoPenteState) and start.turn is not None
    board = FastBoard(start.board, start.captures, start.placed, start.active, start.turn, start.tournament)
    plies = 0
    while not board.ended:
        board.play(board.random_point(rng))
        plies += 1
    return plies


def per_cpu_second(playout: Callable[[random.Random], int], seconds: float, seed: int) -> tuple[float, float]:
    """(playouts per CPU-second, mean plies) of one run of about `seconds` of CPU time."""
    rng = random.Random(seed)
    games = plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        plies += playout(rng)
        games += 1
    return games / (time.process_time() - start), plies / games


def measure(playout: Callable[[random.Random], int], runs: int, seconds: float) -> tuple[list[float], float]:
    results = [per_cpu_second(playout, seconds, seed) for seed in range(runs)]
    return [r for r, _ in results], statistics.mean(p for _, p in results)


def rows(runs: int = 5, seconds: float = 2.0) -> list[Row]:
    out = []
    for label, playout in (("rules contract", contract_playout), ("search's fast board", fast_playout)):
        load = os.getloadavg()[0]
        rates, plies = measure(playout, runs, seconds)
        out.append(
            Row(
                "rules",
                f"Keryo-Pente random playouts per CPU-second, 2 seats, no tournament rule: {label}",
                f"min {min(rates):,.0f}, median {statistics.median(rates):,.0f} ({runs} runs of "
                f"{seconds:g} s, {plies:.0f} plies/game, load {load:.1f}); Ludii {LUDII}",
                TARGET,
            )
        )
    return out


if __name__ == "__main__":
    print_table(rows())
