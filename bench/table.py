"""Printing benchmark results as one table, and the timing helpers every benchmark shares."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from rules import State


@dataclass(frozen=True)
class Row:
    area: str
    measure: str
    value: str
    target: str = ""


def print_table(rows: list[Row]) -> None:
    headers = ("area", "measure", "value", "target")
    cells = [headers, *((r.area, r.measure, r.value, r.target) for r in rows)]
    widths = [max(len(c[i]) for c in cells) for i in range(4)]
    line = "  ".join("-" * w for w in widths)
    for i, cell in enumerate(cells):
        print("  ".join(text.ljust(w) for text, w in zip(cell, widths, strict=True)).rstrip())
        if i == 0:
            print(line)


def time_calls(
    fn: Callable[[], object], *, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """Milliseconds of each of `repeat` calls of fn (`clock=time.process_time`: CPU time)."""
    times = []
    for _ in range(repeat):
        start = clock()
        fn()
        times.append((clock() - start) * 1000)
    return times


S = TypeVar("S", bound=State)


def times_on_fresh_copies(fn: Callable[[S], object], states: list[S], repeat: int) -> list[float]:
    """Milliseconds of fn(an equal copy of each state with nothing computed yet), `repeat` times
    over: states cache what they compute (legal moves), which would flatter a second call."""
    times = []
    for _ in range(repeat):
        for state in states:
            copy = cast(S, state.game.load(state.to_json()))
            start = time.perf_counter()
            fn(copy)
            times.append((time.perf_counter() - start) * 1000)
    return times


def median_worst(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} ms median, {max(times):.2f} ms worst"


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
