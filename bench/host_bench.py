"""Moves through host and store: one match alone, and 100 matches at once on one SQLite file,
beside the figures of the code before issue 17 (bench/workers/host_load.py)."""

from __future__ import annotations

import statistics
from typing import Any

from .baseline import BASE_COMMIT, both
from .table import Row, percentile
from .workers.host_load import MATCHES


def _times(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} ms median, {percentile(times, 0.99):.2f} ms p99"


def _crowd(run: dict[str, Any]) -> str:
    """The at-once times, and how many matches were moving at once on average (Little's law: the
    mean time of a move times the moves a second): a run whose matches start one after another
    has fewer of them waiting on each other than it has matches."""
    moving = statistics.mean(run["at_once"]) / 1000 * run["moves_per_second"]
    return f"{_times(run['at_once'])}, {moving:.0f} moving at once on average"


def rows() -> list[Row]:
    now, before = both("host_load")

    def beside(figure: str) -> str:
        return f" (at {BASE_COMMIT}: {figure})" if before else ""

    return [
        Row(
            "host",
            "host.play, one match alone",
            _times(now["alone"]) + beside(_times(before["alone"]) if before else ""),
            "< 5 ms median",
        ),
        Row(
            "host",
            f"moves through host+store, {MATCHES} matches at once",
            f"{now['moves_per_second']:,.0f} moves/s, {now['cpu_ms_per_move']:.2f} ms CPU a move"
            + beside(
                f"{before['moves_per_second']:,.0f} moves/s, {before['cpu_ms_per_move']:.2f} ms CPU a move"
                if before
                else ""
            ),
            ">= 2,000 moves/s",
        ),
        Row(
            "host",
            f"host.play with {MATCHES} matches at once",
            _crowd(now) + beside(_crowd(before) if before else ""),
            "p99 < 50 ms (waits for the other 99)",
        ),
    ]


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
