"""How long one picture takes: `python -m bench.render_bench` (from the repository's root).

Each game's benchmark renders a busy position many times (the caches warm after the first call,
as in the running bot) and reports the median and the worst time in milliseconds.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

import render
from rules import GAMES, Move, State
from rules.keryo_pente import Point

RENDERS = 200


class Timing(NamedTuple):
    name: str
    renders: int
    median_ms: float
    worst_ms: float
    png_kb: float


def busy_keryo_pente(plies: int = 150, seed: int = 7) -> tuple[State, Move]:
    """A six-player game after `plies` seeded random moves near the centre, never a finished
    one (a move that would end the game is replaced by another), and its last move."""
    rng = random.Random(seed)
    state = GAMES["keryo-pente"].start(6)
    last: Move | None = None
    for _ in range(plies):
        legal = state.legal_moves()
        near = [m for m in legal if isinstance(m, Point) and abs(m.column - 9) <= 7 and abs(m.row - 9) <= 7]
        for _attempt in range(200):
            move = rng.choice(near or list(legal))
            after = state.play(move)
            if after.outcome() is None:
                state, last = after, move
                break
    assert last is not None
    return state, last


def time_renders(name: str, draw: Callable[[], bytes], renders: int = RENDERS) -> Timing:
    size = len(draw())  # the first call fills the caches
    times = []
    for _ in range(renders):
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return Timing(name, renders, statistics.median(times), max(times), size / 1024)


def bench_keryo_pente_render(renders: int = RENDERS) -> Timing:
    """Median and worst milliseconds of `render.board` on a busy six-player Keryo-Pente game."""
    state, last = busy_keryo_pente()
    names = ("alice", "Bob", "carol", "dave", "eve", "frank")
    return time_renders(
        "keryo-pente, 6 players",
        lambda: render.board(state, last_move=last, names=names),
        renders,
    )


BENCHMARKS: tuple[Callable[[], Timing], ...] = (bench_keryo_pente_render,)


def main() -> None:
    print(f"{'picture':<28} {'renders':>8} {'median ms':>10} {'worst ms':>9} {'PNG kB':>7}")
    for bench in BENCHMARKS:
        t = bench()
        print(f"{t.name:<28} {t.renders:>8} {t.median_ms:>10.1f} {t.worst_ms:>9.1f} {t.png_kb:>7.0f}")


if __name__ == "__main__":
    main()
