"""Fair computer players (issue 34): another person's computer reply (normal level) while one
person's 20 matches are thinking, beside its time alone, and beside the figures of the code
before issue 34 (FAIRNESS_BASE: one worker, first come first served), measured in the same run
(bench/workers/computer_fairness.py, the two trees taking turns)."""

from __future__ import annotations

import statistics
from typing import Any

from .baseline import spread, taking_turns
from .table import Row
from .workers.computer_fairness import FLOOD, LEVEL

FAIRNESS_BASE = "3286d79"
"""The project before issue 34 (the merge of issues 29, 30 and 32)."""
RUNS = 1


def _figures(runs: list[dict[str, Any]]) -> str:
    alone = [statistics.median(run["alone"]) for run in runs]
    loaded = [run["loaded"] for run in runs]
    ratio = [run["loaded"] / statistics.median(run["alone"]) for run in runs]
    return (
        f"{spread(loaded, ' s', 2)} behind the flood, {spread(alone, ' s', 2)} alone: "
        f"{spread(ratio, '×', 1)}; {runs[0]['workers']} worker(s)"
    )


def rows(runs: int = RUNS) -> list[Row]:
    now, before = taking_turns("computer_fairness", runs, commit=FAIRNESS_BASE)
    value = _figures(now)
    if before:
        value += f" (at {FAIRNESS_BASE}: {_figures(before)})"
    return [
        Row(
            "host",
            f"another's computer reply ({LEVEL}), one person's {FLOOD} matches thinking",
            value,
            "<= 2× its time alone",
        )
    ]


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
