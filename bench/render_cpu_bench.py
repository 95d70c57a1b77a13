"""The picture's CPU time in every game and variant: `python -m bench.render_cpu_bench`.

For each variant, seeded random games are played (chance drawn with its probabilities, as the host
draws it) and the positions of the middle half of each game (after a seat's move, with that move,
as the bot draws them) are taken in order until there are `POSITIONS`. Each is drawn once with
`render.board`, after WARM_UP untimed pictures of another game (as in a bot that has been
running: its sprites made), so that only the caches of the previous pictures help. Time is CPU
time (`time.process_time`): the machine is shared, and wall time would measure the neighbours too.

`--runs N` repeats the whole measure N times, each in a fresh process, and prints, per variant,
the min and the median of the runs' medians and p99s. The "before" figures are what this same
script measured at commit 48d7249 (before issue 17's render work) on the shared 2-core build
machine.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import render
from rules import CHANCE, GAMES, Move, State

from .table import Row, percentile, print_table

POSITIONS = 200
NAMES = ("alice", "Bob", "carol", "dave", "eve", "frank")
CAP = 500
"""Plies at most in one random game (the Glass Bead Game can go on for long)."""


class Variant(NamedTuple):
    label: str
    key: str
    seats: int
    options: Mapping[str, Any]


VARIANTS = (
    Variant("Keryo-Pente, 2 seats", "keryo-pente", 2, {}),
    Variant("Keryo-Pente, 3 seats", "keryo-pente", 3, {}),
    Variant("Keryo-Pente, 4 seats", "keryo-pente", 4, {}),
    Variant("Keryo-Pente, 5 seats", "keryo-pente", 5, {}),
    Variant("Keryo-Pente, 6 seats", "keryo-pente", 6, {}),
    Variant("Keibot", "keibot", 2, {}),
    Variant("Glass Bead Game", "glass-bead", 2, {}),
    Variant("Verquere", "verquere", 2, {}),
    Variant("Kerboge, 4 seats", "kerboge", 4, {}),
    Variant("Jai Kerboge (2 seats)", "kerboge", 2, {}),
)

BEFORE: dict[str, tuple[float, float]] = {
    "Keryo-Pente, 2 seats": (9.7, 15.6),
    "Keryo-Pente, 3 seats": (11.7, 17.6),
    "Keryo-Pente, 4 seats": (12.0, 17.4),
    "Keryo-Pente, 5 seats": (11.6, 18.3),
    "Keryo-Pente, 6 seats": (13.1, 19.8),
    "Keibot": (9.4, 14.0),
    "Glass Bead Game": (7.2, 13.0),
    "Verquere": (17.7, 28.6),
    "Kerboge, 4 seats": (13.0, 23.2),
    "Jai Kerboge (2 seats)": (12.9, 22.4),
}
"""Median and p99 CPU ms per variant at commit 48d7249 (before issue 17's render work): the min
of 5 runs of this script there, taking turns with 5 runs of the new code, load average 2.4–3.1
on the 2-core machine (compare with figures measured under a like load)."""


def middle_positions(variant: Variant, count: int = POSITIONS, seed: int = 17) -> list[tuple[State, Move]]:
    """(state, the seat's move that led to it) from the middle half of seeded random games, in
    the order they were played, `count` of them."""
    rng = random.Random(seed)
    game = GAMES[variant.key]
    out: list[tuple[State, Move]] = []
    while len(out) < count:
        state = game.start(variant.seats, **variant.options)
        played: list[tuple[State, Move]] = []
        for _ in range(CAP):
            if state.to_move is None:
                break
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
                if state.to_move != CHANCE and played:
                    played[-1] = (state, played[-1][1])  # the picture after the roll that followed
                continue
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
            str(move)  # the host writes each move's notation in the log before the picture is drawn
            state = state.play(move)
            played.append((state, move))
        quarter = len(played) // 4
        out += played[quarter : len(played) - quarter]
    return out[:count]


WARM_UP = 30
"""Pictures drawn untimed first, of another game of the same variant: the sprites and the arrows
of a running bot are made (the first pictures after a start make them, a few ms each)."""


def cpu_times(positions: list[tuple[State, Move]], warm_up: Sequence[tuple[State, Move]] = ()) -> list[float]:
    """CPU milliseconds of `render.board` for each position, after drawing `warm_up` untimed."""
    names = NAMES[: positions[0][0].seats]
    for state, move in warm_up:
        render.board(state, last_move=move, names=names)
    times = []
    for state, move in positions:
        start = time.process_time()
        render.board(state, last_move=move, names=names)
        times.append((time.process_time() - start) * 1000)
    return times


class Figures(NamedTuple):
    median: float
    p99: float


def measure(variant: Variant, positions: list[tuple[State, Move]]) -> Figures:
    """Median and p99 CPU ms of drawing `positions` (of `variant`) one after the other, after
    WARM_UP pictures of another game."""
    times = cpu_times(positions, middle_positions(variant, WARM_UP, seed=1))
    return Figures(statistics.median(times), percentile(times, 0.99))


def measure_all() -> dict[str, Figures]:
    """Median and p99 CPU ms of every variant, in this process."""
    return {variant.label: measure(variant, middle_positions(variant)) for variant in VARIANTS}


def measure_in_fresh_processes(runs: int) -> list[dict[str, Figures]]:
    """`measure_all` in `runs` fresh processes, one after the other."""
    out = []
    for _ in range(runs):
        printed = subprocess.run(
            [sys.executable, "-m", "bench.render_cpu_bench", "--json"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        out.append({label: Figures(*pair) for label, pair in json.loads(printed).items()})
    return out


def rows(runs: int = 1) -> list[Row]:
    """One row per variant: in this process for one run, else the min and median over `runs`
    fresh processes."""
    measured = [measure_all()] if runs == 1 else measure_in_fresh_processes(runs)
    out = []
    for variant in VARIANTS:
        medians = [run[variant.label].median for run in measured]
        p99s = [run[variant.label].p99 for run in measured]
        if runs == 1:
            value = f"median {medians[0]:.1f} ms, p99 {p99s[0]:.1f} ms"
        else:
            value = (
                f"median {min(medians):.1f}/{statistics.median(medians):.1f} ms, "
                f"p99 {min(p99s):.1f}/{statistics.median(p99s):.1f} ms (min/median of {runs} runs)"
            )
        before = BEFORE.get(variant.label)
        if before is not None:
            value += f"; before: median {before[0]:.1f} ms, p99 {before[1]:.1f} ms"
        out.append(Row("render", f"picture CPU time: {variant.label}, {POSITIONS} middle positions", value))
    return out


def main() -> None:
    render.keep_freed_memory()  # as bot.py does at start (`settle_process`)
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="fresh processes to measure in (min and median)")
    parser.add_argument("--json", action="store_true", help="print one run's figures as JSON")
    args = parser.parse_args()
    if args.json:
        print(json.dumps({label: list(figures) for label, figures in measure_all().items()}))
        return
    print_table(rows(args.runs))


if __name__ == "__main__":
    main()
