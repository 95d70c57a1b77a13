"""The whole path of one move (parse, play, host and store, picture), CPU time per move in every
game and variant, beside the figures of the code before issue 17 (bench/workers/move_path.py)."""

from __future__ import annotations

import statistics

from .baseline import BASE_COMMIT, both
from .table import Row, percentile


def cpu_figures(times: list[float]) -> str:
    return f"{statistics.median(times):.1f} ms median, {percentile(times, 0.99):.1f} ms p99"


def rows() -> list[Row]:
    now, before = both("move_path")
    out = []
    for variant, times in now.items():
        was = f" (at {BASE_COMMIT}: {cpu_figures(before[variant])})" if before else ""
        out.append(
            Row(
                "move",
                f"whole move, CPU: {variant} ({len(times)} middle-game moves)",
                cpu_figures(times) + was,
                "<= 10 ms median, <= 20 ms p99",
            )
        )
    return out


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
