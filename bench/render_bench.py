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
from render.standings import (
    BracketPicture,
    BracketSlot,
    StandingsPicture,
    StandingsRow,
    bracket_png,
    standings_png,
)
from rules import GAMES, Move, State
from rules.keryo_pente import Point
from rules.text import ENGLISH

from .table import Row, print_table

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


TOURNAMENT_NAMES = (
    "alice",
    "山田太郎",
    "محمد الأحمد",
    "דוד כהן",
    "Bartholomew the Extraordinarily Long-Named",
    "김민준",
)
"""Names in several scripts, mixed with plain ones in the tournament pictures."""
STANDINGS_DRAWS = 30


def standings_picture(players: int, shift: int) -> StandingsPicture:
    """Swiss standings of `players` after some rounds; `shift` changes the points, as after
    another result (the names stay: the standings are drawn again after every result)."""
    rows = []
    for index in range(players):
        half_points = max(0, 2 * 7 - (index * 14) // players + (shift + index) % 3 - 1)
        points = f"{half_points // 2}{'½' if half_points % 2 else ''}" or "0"
        name = TOURNAMENT_NAMES[index] if index < len(TOURNAMENT_NAMES) else f"player {index + 1}"
        cells = (points, f"{(half_points * 7 + shift) / 2:g}", f"{half_points * 1.37 + shift:.2f}", "7")
        rows.append(StandingsRow(str(index + 1), name, cells, withdrawn=index % 17 == 16))
    headers = ("Points", "Buchholz", "Sonneborn-Berger", "Played")
    return StandingsPicture("Keibot Swiss", f"After round 7 · {players} players", headers, rows)


def bracket_picture(entrants: int) -> BracketPicture:
    """A finished knockout of `entrants` (a power of two), the top player winning every game."""
    names = [TOURNAMENT_NAMES[i] if i < len(TOURNAMENT_NAMES) else f"player {i + 1}" for i in range(entrants)]
    rounds = []
    while len(names) > 1:
        rounds.append([BracketSlot(names[i], names[i + 1], 0, "1–0") for i in range(0, len(names), 2)])
        names = names[::2]
    return BracketPicture(f"Keibot knockout · {entrants} players", rounds)


def cpu_ms(draw: Callable[[], bytes]) -> float:
    start = time.process_time()
    draw()
    return (time.process_time() - start) * 1000


def tournament_rows() -> list[Row]:
    """The tournament pictures in CPU time: the standings of 128 players (the first picture with
    every cache cleared, then `STANDINGS_DRAWS` redraws with changed points) and a bracket of 64."""
    render.clear_caches()
    first = cpu_ms(partial(standings_png, standings_picture(128, 0), ENGLISH))
    again = [cpu_ms(partial(standings_png, standings_picture(128, shift), ENGLISH)) for shift in range(1, 31)]
    size = len(standings_png(standings_picture(128, 0), ENGLISH)) / 1024
    render.clear_caches()
    bracket_first = cpu_ms(partial(bracket_png, bracket_picture(64), ENGLISH))
    bracket_again = [cpu_ms(partial(bracket_png, bracket_picture(64), ENGLISH)) for _ in range(10)]
    bracket_size = len(bracket_png(bracket_picture(64), ENGLISH)) / 1024
    return [
        Row(
            "render",
            f"picture: standings of 128 players, CPU ({len(again)} redraws after a result)",
            f"median {statistics.median(again):.1f} ms, worst {max(again):.1f} ms; first (caches cleared) "
            f"{first:.1f} ms; {size:.0f} kB PNG",
            "< 50 ms",
        ),
        Row(
            "render",
            "picture: bracket of 64 entrants, CPU (10 redraws)",
            f"median {statistics.median(bracket_again):.1f} ms, worst {max(bracket_again):.1f} ms; first "
            f"(caches cleared) {bracket_first:.1f} ms; {bracket_size:.0f} kB PNG",
            "",
        ),
    ]


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
    print_table(tournament_rows())


if __name__ == "__main__":
    main()
