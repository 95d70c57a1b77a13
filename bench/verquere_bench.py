"""Verquere in `make bench`: random playouts per CPU-second (a whole turn chosen at random among
the legal ones, every roll drawn as the host draws it), beside Ludii's; the computer player's
search iterations per move; the worst roll found and how long listing its turns, autocompleting
from them and checking a typed turn take; and the picture's render time.
`python -m bench.verquere_bench` prints these rows alone; `--playouts` only the playouts and the
search."""

from __future__ import annotations

import random
import statistics
import sys
import time
from functools import partial
from typing import Any

import render
from host.computer import LEVELS, hooks_for, winning_move
from host.computer.search import _Search
from rules import CHANCE, GAMES, Move, State
from rules.verquere import Turn, VerquereState, seat0_point

from . import playouts
from .render_bench import time_renders
from .table import Row, print_table, times_on_fresh_copies

GAME = GAMES["verquere"]
NAMES = ("alice", "Bob")
FULL_OPTIONS = {"five_blots": True, "five_closed_points": True}

LUDII = 273
"""Ludii's random playouts of its (simpler, 1725) Verquere per CPU-second on the project's 2-core
build machine: the median of 14 runs, which ranged over 202–336."""
LUDII_TARGET = f"≥ {LUDII}/CPU-s (Ludii: {LUDII}, 202–336 in 14 runs)"


def playouts_per_cpu_second(
    options: dict[str, Any], *, runs: int = 5, seconds: float = 2.0, seed: int = 2026
) -> tuple[list[float], float]:
    """Random playouts per CPU-second (`time.process_time`, so other processes on the machine
    count little) in each of `runs` runs of about `seconds`, and the mean plies of a game. The
    games are those of `playouts.random_game`, played one after another from one seeded
    generator."""
    rng = random.Random(seed)
    rates: list[float] = []
    games = plies = 0
    for _ in range(runs):
        done = 0
        start = time.process_time()
        while True:
            _, n = playouts.random_game(GAME, 2, options, rng, 100_000)
            done += 1
            plies += n
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
        rates.append(done / elapsed)
        games += done
    return rates, plies / games


def playout_rows(runs: int = 5, seconds: float = 2.0) -> list[Row]:
    out = []
    for options, target in (({}, LUDII_TARGET), (FULL_OPTIONS, "")):
        rates, mean_plies = playouts_per_cpu_second(options, runs=runs, seconds=seconds)
        label = "Verquere, 2 seats" + (f", {options}" if options else "")
        out.append(
            Row(
                "rules",
                f"random playouts per CPU-second: {label}",
                f"min {min(rates):.0f}, median {statistics.median(rates):.0f} ({runs} runs of "
                f"{seconds:g} s, {mean_plies:.0f} plies/game; {statistics.median(rates) / LUDII:.2f}× Ludii)",
                target,
            )
        )
    return out


def mid_game_positions(count: int = 4, seed: int = 17) -> list[VerquereState]:
    """Fixed positions for the search: one seeded random game's positions with a roll to play and
    more than one legal turn, taken at its 10th, 20th, 30th… such position."""
    rng = random.Random(seed)
    while True:
        found: list[VerquereState] = []
        state: State = GAME.start(2)
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = state.play(rng.choice(list(state.legal_moves())))
                continue
            legal = state.legal_moves()
            if len(legal) > 1:
                assert isinstance(state, VerquereState)
                found.append(state)
            state = state.play(legal[rng.randrange(len(legal))])
        if len(found) >= 10 * count:
            return found[9 : 10 * count : 10]


def search_iterations(state: State, level: str = "normal", seed: int = 1) -> tuple[int, float]:
    """(iterations, CPU seconds) of the computer's search of one move, as `choose_move` runs it:
    the win-in-one scan, then the tree search until the level's time limit (wall clock)."""
    settings = LEVELS[level]
    rng = random.Random(seed)
    start, cpu = time.perf_counter(), time.process_time()
    winning_move(state, rng, deadline=start + settings.time_limit / 4)
    search = _Search(state, rng, settings, hooks_for(state))
    search.run(start + settings.time_limit, settings.iterations)
    return search.iterations_done, time.process_time() - cpu


def search_row(level: str = "normal") -> Row:
    counts, rates = [], []
    positions = mid_game_positions()
    for state in positions:
        iterations, cpu = search_iterations(state, level)
        counts.append(iterations)
        rates.append(iterations / cpu)
    limit = LEVELS[level].time_limit
    return Row(
        "host",
        f"Verquere computer search, {level} ({limit:g} s), {len(positions)} fixed mid-game positions",
        f"{statistics.median(counts):,.0f} iterations per move median ({min(counts):,}–{max(counts):,}); "
        f"{statistics.median(rates):,.0f} per CPU-second",
        "",
    )


def worst_roll() -> VerquereState:
    """The most whole turns found for one roll: White with one man on 1, two on 12 and one on each
    of 13–24, Black's 15 men on White's point 10, and 1-1 to play (983 turns)."""
    mine = {1: 1, 12: 2, **{p: 1 for p in range(13, 25)}}
    board = [0] * 24
    for point, count in mine.items():
        board[seat0_point(0, point) - 1] = count
    board[9] = -15
    return VerquereState(2, False, False, tuple(board), (0, 0), (0, 0), 0, (1, 1))


def random_positions(games: int, seed: int = 7) -> list[tuple[State, Move | None]]:
    """(state, last turn) after every turn and roll of seeded random games."""
    return playouts.random_positions(GAME, 2, {}, games=games, seed=seed)


def legal_turn_rows() -> list[Row]:
    seen = max(len(s.legal_moves()) for s, _ in random_positions(100, seed=3) if s.to_move is not None)
    worst = worst_roll()
    count = len(worst.legal_moves())
    listing = times_on_fresh_copies(lambda s: s.legal_moves(), [worst], 30)
    # autocomplete: every turn written in notation and sorted, then filtered
    suggesting = times_on_fresh_copies(lambda s: s.suggest("13/"), [worst], 10)
    typed = str(sorted(worst.legal_moves(), key=str)[500])
    checking = times_on_fresh_copies(lambda s: s.parse(typed), [worst], 30)
    turn = worst.parse(typed)
    assert isinstance(turn, Turn)
    return [
        Row(
            "rules",
            "Verquere legal turns, worst roll found (1-1, White spread over 13–24)",
            f"{count:,} turns (random games: at most {seen}), listed in {statistics.median(listing):.1f} ms "
            f"median, {max(listing):.1f} ms worst",
            "< 100 ms",
        ),
        Row(
            "cogs",
            "Verquere move autocomplete in that position (every turn written and sorted)",
            f"{statistics.median(suggesting):.1f} ms median, {max(suggesting):.1f} ms worst",
            "< 3 s (Discord)",
        ),
        Row(
            "rules",
            f"Verquere typed turn checked in that position (`{typed}`)",
            f"{statistics.median(checking):.1f} ms median, {max(checking):.1f} ms worst",
            "",
        ),
    ]


def render_row(renders: int = 200) -> Row:
    positions = random_positions(4, seed=11)[:renders]
    draws = [partial(render.board, state, last_move=last, names=NAMES) for state, last in positions]
    timing = time_renders("verquere", draws)
    return Row(
        "render",
        f"Verquere picture, {timing.renders} positions of random games",
        f"{timing.median_ms:.1f} ms median, {timing.worst_ms:.1f} ms worst, {timing.png_kb:.0f} kB PNG",
        "< 30 ms median",
    )


def rows() -> list[Row]:
    return [*playout_rows(), search_row(), *legal_turn_rows(), render_row()]


if __name__ == "__main__":
    print_table([*playout_rows(), search_row()] if "--playouts" in sys.argv[1:] else rows())
