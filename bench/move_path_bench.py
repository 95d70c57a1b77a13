"""The whole path of one move (parse, play, host and store, picture), CPU time per move in every
game and variant, beside the figures of the code before issue 17 (bench/workers/move_path.py).

The worker runs RUNS times over each tree, the two taking turns; each figure is the median of
the runs' figures, with their range: one run's median moves by up to 40% from one minute to the
next on the shared build machine."""

from __future__ import annotations

import statistics

from .baseline import BASE_COMMIT, load_average, spread, taking_turns
from .table import Row, percentile

RUNS = 3


def cpu_figures(runs: list[dict[str, list[float]]], variant: str) -> str:
    medians = [statistics.median(run[variant]) for run in runs]
    p99s = [percentile(run[variant], 0.99) for run in runs]
    return f"{spread(medians, ' ms')} median, {spread(p99s, ' ms')} p99"


def rows(runs: int = RUNS) -> list[Row]:
    load_before = load_average()
    now, before = taking_turns("move_path", runs)
    load_after = load_average()
    out = []
    for variant, times in now[0].items():
        was = f" (at {BASE_COMMIT}: {cpu_figures(before, variant)})" if before else ""
        out.append(
            Row(
                "move",
                f"whole move, CPU: {variant} ({len(times)} middle-game moves)",
                cpu_figures(now, variant) + was,
                "<= 10 ms median, <= 20 ms p99",
            )
        )
    out.append(
        Row(
            "move",
            "whole move: runs of each tree, taking turns (figures above: median of the runs, range)",
            f"{runs}; load average {load_before:.1f} at the start, {load_after:.1f} at the end",
        )
    )
    return out


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
