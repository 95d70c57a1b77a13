"""Moves through host and store: one match alone, and 100 matches at once on one SQLite file,
beside the figures of the code before issue 17 (bench/workers/host_load.py).

The worker runs RUNS times over each tree, the two taking turns; each figure is the median of
the runs' figures, with their range (see bench/move_path_bench.py)."""

from __future__ import annotations

import statistics
from typing import Any

from .baseline import BASE_COMMIT, load_average, spread, taking_turns
from .table import Row, percentile
from .workers.host_load import MATCHES

RUNS = 5


def _times(runs: list[dict[str, Any]], key: str) -> str:
    medians = [statistics.median(run[key]) for run in runs]
    p99s = [percentile(run[key], 0.99) for run in runs]
    return f"{spread(medians, ' ms', 2)} median, {spread(p99s, ' ms', 2)} p99"


def _throughput(runs: list[dict[str, Any]]) -> str:
    moves = [run["moves_per_second"] for run in runs]
    cpu = [run["cpu_ms_per_move"] for run in runs]
    return f"{spread(moves, ' moves/s', 0)}, {spread(cpu, ' ms', 2)} CPU a move"


def _crowd(runs: list[dict[str, Any]]) -> str:
    """The at-once times, and how many matches were moving at once on average (Little's law: the
    mean time of a move times the moves a second): a run whose matches start one after another
    has fewer of them waiting on each other than it has matches."""
    moving = [statistics.mean(run["at_once"]) / 1000 * run["moves_per_second"] for run in runs]
    return f"{_times(runs, 'at_once')}, {statistics.median(moving):.0f} moving at once on average"


def rows(runs: int = RUNS) -> list[Row]:
    load_before = load_average()
    now, before = taking_turns("host_load", runs)
    load_after = load_average()

    def beside(figure: str) -> str:
        return f" (at {BASE_COMMIT}: {figure})" if before else ""

    return [
        Row(
            "host",
            "host.play, one match alone",
            _times(now, "alone") + beside(_times(before, "alone") if before else ""),
            "< 5 ms median",
        ),
        Row(
            "host",
            f"moves through host+store, {MATCHES} matches at once",
            _throughput(now) + beside(_throughput(before) if before else ""),
            ">= 2,000 moves/s",
        ),
        Row(
            "host",
            f"host.play with {MATCHES} matches at once",
            _crowd(now) + beside(_crowd(before) if before else ""),
            "p99 < 50 ms (waits for the other 99)",
        ),
        Row(
            "host",
            "host: runs of each tree, taking turns (figures above: median of the runs, range)",
            f"{runs}; load average {load_before:.1f} at the start, {load_after:.1f} at the end",
        ),
    ]


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
