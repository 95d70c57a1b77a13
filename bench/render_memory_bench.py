"""The pictures' memory: `python -m bench.render_memory_bench`.

A running bot draws pictures for days, so what the pictures keep must stop growing at the caches'
bounds. In a fresh process, every game and variant is drawn in turn, PICTURES pictures of seeded
random games each (the positions the bot shows, as `playouts.random_positions` gives them, each
with the seat's move that led to it), PASSES times over with other games each time; the
process's resident memory is read after each pass (Linux: /proc/self/statm).
Every pass draws as much as the first: once the caches are full a pass adds only what the
passes before did not reach (new words, new sprites), not a growth of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from itertools import islice
from typing import Any

import render
from render import png
from rules import GAMES

from .playouts import iter_random_positions
from .render_cpu_bench import CAP, NAMES, VARIANTS
from .table import Row, print_table

PICTURES = 500
"""Pictures of each variant in each pass."""
PASSES = 4


def resident_mb() -> float:
    """The process's resident memory in MB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except OSError:
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def draw_pass(seed: int) -> None:
    """PICTURES pictures of each variant, of seeded random games, one after the other."""
    for variant in VARIANTS:
        game = GAMES[variant.key]
        names = NAMES[: variant.seats]
        positions = iter_random_positions(
            game, variant.seats, variant.options, games=PICTURES, seed=seed, cap=CAP
        )
        for state, move in islice(positions, PICTURES):
            render.board(state, last_move=move, names=names)


def measure() -> dict[str, Any]:
    """Resident MB at the start and after each pass, and the PNG writer's caches (MB) at the end."""
    resident = [resident_mb()]
    for seed in range(1, PASSES + 1):
        draw_pass(seed)
        resident.append(resident_mb())
    return {"resident": resident, "png": png.cache_size()[1] / 2**20}


def rows() -> list[Row]:
    command = [sys.executable, "-m", "bench.render_memory_bench", "--json"]
    found = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    resident = ", ".join(f"{mb:.0f}" for mb in found["resident"][1:])
    value = (
        f"{found['resident'][0]:.0f} MB at the start, then {resident} MB after each pass "
        f"(the PNG writer's caches: {found['png']:.0f} MB)"
    )
    measure = (
        f"resident memory: {PICTURES} pictures of each of the {len(VARIANTS)} variants, "
        f"{PASSES} passes ({PICTURES * len(VARIANTS):,} pictures each)"
    )
    return [Row("render", measure, value, "later passes add little")]


def main() -> None:
    render.keep_freed_memory()  # as bot.py does at start (`settle_process`)
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    if parser.parse_args().json:
        print(json.dumps(measure()))
        return
    print_table(rows())


if __name__ == "__main__":
    main()
