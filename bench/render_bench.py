"""How long one picture takes: `python -m bench.render_bench` (from the repository's root).

Each game's benchmark renders a busy position many times (the caches warm after the first call,
as in the running bot) and reports the median and the worst time in milliseconds.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import NamedTuple

import render
from rules import GAMES, Move, State
from rules.keryo_pente import Point

from .table import Row

RENDERS = 200


class Timing(NamedTuple):
    name: str
    renders: int
    median_ms: float
    worst_ms: float
    png_kb: float


def keryo_pente_game(plies: int, seed: int = 7) -> list[tuple[State, Move]]:
    """A six-player game of `plies` seeded random moves near the centre, as (state, last move)
    after each move. It never ends: a move that would end it is replaced by another."""
    rng = random.Random(seed)
    state = GAMES["keryo-pente"].start(6)
    positions: list[tuple[State, Move]] = []
    while len(positions) < plies:
        legal = list(state.legal_moves())
        near = [m for m in legal if isinstance(m, Point) and abs(m.column - 9) <= 7 and abs(m.row - 9) <= 7]
        taken = set(near)
        far = [m for m in legal if m not in taken]
        for move in rng.sample(near, len(near)) + rng.sample(far, len(far)):
            after = state.play(move)
            if after.outcome() is None:
                state = after
                positions.append((state, move))
                break
        else:
            raise RuntimeError(f"every move ends the game after {len(positions)} moves")
    return positions


def busy_keryo_pente(plies: int = 150, seed: int = 7) -> tuple[State, Move]:
    """The position after `plies` moves of `keryo_pente_game`, and its last move."""
    return keryo_pente_game(plies, seed)[-1]


def time_renders(name: str, draws: Sequence[Callable[[], bytes]]) -> Timing:
    """Time each of `draws` once, in order, after one call to warm the caches."""
    size = len(draws[0]())
    times = []
    for draw in draws:
        start = time.perf_counter()
        draw()
        times.append((time.perf_counter() - start) * 1000)
    return Timing(name, len(times), statistics.median(times), max(times), size / 1024)


NAMES = ("alice", "Bob", "carol", "dave", "eve", "frank")


def bench_keryo_pente_render(renders: int = RENDERS) -> Timing:
    """Median and worst milliseconds of `render.board` on a busy six-player Keryo-Pente game,
    the same position `renders` times."""
    state, last = busy_keryo_pente()
    draw = partial(render.board, state, last_move=last, names=NAMES)
    return time_renders("keryo-pente, same position", [draw] * renders)


def bench_keryo_pente_game(renders: int = RENDERS) -> Timing:
    """The same for `renders` consecutive positions of a busy game (moves 100 on), each drawn
    once, as the bot does after every move: only the caches of the previous pictures help."""
    game = keryo_pente_game(100 + renders, seed=11)[100:]
    draws = [partial(render.board, state, last_move=last, names=NAMES) for state, last in game]
    return time_renders("keryo-pente, one game", draws)


def keibot_games(positions: int, seed: int = 5) -> list[tuple[State, Move]]:
    """(state, last move) after every move of seeded random Keibot games (closed setup), one game
    after the other, finished positions included."""
    rng = random.Random(seed)
    game = GAMES["keibot"]
    out: list[tuple[State, Move]] = []
    state = game.start(2, setup="closed")
    while len(out) < positions:
        if state.outcome() is not None:
            state = game.start(2, setup="closed")
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        out.append((state, move))
    return out


def bench_keibot_game(renders: int = RENDERS) -> Timing:
    """`render.board` on `renders` consecutive positions of random Keibot games, each drawn once
    with its last move, as the bot does after every move."""
    draws = [partial(render.board, s, last_move=m, names=NAMES[:2]) for s, m in keibot_games(renders)]
    return time_renders("keibot, random games", draws)


def row(timing: Timing, target: str) -> Row:
    """A timing as a row of the `make bench` table."""
    return Row(
        "render",
        f"picture: {timing.name} ({timing.renders} renders)",
        f"median {timing.median_ms:.1f} ms, worst {timing.worst_ms:.1f} ms, {timing.png_kb:.0f} kB PNG",
        target,
    )


BENCHMARKS: tuple[Callable[[], Timing], ...] = (
    bench_keryo_pente_render,
    bench_keryo_pente_game,
    bench_keibot_game,
)


def main() -> None:
    print(f"{'picture':<28} {'renders':>8} {'median ms':>10} {'worst ms':>9} {'PNG kB':>7}")
    for bench in BENCHMARKS:
        t = bench()
        print(f"{t.name:<28} {t.renders:>8} {t.median_ms:>10.1f} {t.worst_ms:>9.1f} {t.png_kb:>7.0f}")


if __name__ == "__main__":
    main()
