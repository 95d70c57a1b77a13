"""The /history animation: `python -m bench.history_bench` (from the repository's root).

Times `render.animation.animation` in CPU (`time.process_time`) on seeded random games of every
game (`bench/workers/history_gif.py`: a move that would end the game is replaced by another), as
/history makes it: the CPU ms a frame of each game's GIF, and of a 200-move two-player
Keryo-Pente game the whole GIF's time, with the GIF's size. Beside each figure, the same worker
over the code before issue 34's replays (GIF_BASE_COMMIT, unpacked from git by
`bench/baseline.py`), in the same run. `--moves N` (default 200) and `--runs N` (default 3: the
least CPU time of the runs). The 300-move sizes are the `--moves 300` run.
"""

from __future__ import annotations

import argparse

from .baseline import ROOT, base_tree, load_average, run_worker
from .table import Row, print_table

GIF_BASE_COMMIT = "3286d79"
"""The project before issue 34's replays (every frame a 960-px picture, shrunk and quantized)."""
MOVES = 200
RUNS = 3


def rows(moves: int = MOVES, runs: int = RUNS) -> list[Row]:
    load = load_average()
    now = run_worker("history_gif", ROOT, str(moves), str(runs))
    with base_tree(GIF_BASE_COMMIT) as base:
        before = run_worker("history_gif", base, str(moves), str(runs)) if base is not None else []
    old = {figure["label"]: figure for figure in before}
    table: list[Row] = []
    for figure in now:
        per_frame = figure["ms"] / figure["frames"]
        was = old.get(figure["label"])
        beside = ""
        if was:
            beside = f"; before: {was['ms'] / was['frames']:.2f} ms a frame, {was['frames']} frames"
            beside += f", {was['bytes'] / 1e6:.2f} MB"
        table.append(
            Row(
                "render",
                f"/history GIF CPU a frame: {figure['label']}, {figure['states'] - 1} entries",
                f"{per_frame:.2f} ms a frame, {figure['frames']} frames, {figure['bytes'] / 1e6:.2f} MB"
                + beside,
                "<= 1.5 ms a frame, < 2 MB",
            )
        )
        if figure["label"] == "Keryo-Pente, 2 seats":
            whole = f"{figure['ms']:.0f} ms" + (f" (before: {was['ms']:.0f} ms)" if was else "")
            table.append(
                Row(
                    "render",
                    f"/history GIF of a {figure['states'] - 1}-move Keryo-Pente game, CPU",
                    f"{whole}, least of {runs} runs, load {load:.1f}",
                    "<= 300 ms (200 moves)",
                )
            )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--moves", type=int, default=MOVES)
    parser.add_argument("--runs", type=int, default=RUNS)
    arguments = parser.parse_args()
    print_table(rows(arguments.moves, arguments.runs))


if __name__ == "__main__":
    main()
