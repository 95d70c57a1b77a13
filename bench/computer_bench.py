"""Strength and speed of the computer players (host/computer.py), as rows of the bench table.

For each available game: normal against random players over many games with the seats swapped
(win rate; in four-player Kerboge the average rank of the normal player and of the random ones),
normal against easy and hard against normal (win rates), and the time per move of each level.

    .venv/bin/python -m bench.computer_bench            # 50 games per game against random
    .venv/bin/python -m bench.computer_bench --quick    # a few games, to see that it works
    .venv/bin/python -m bench.computer_bench --games 100 --level-games 30 --jobs 2 --only keibot

Slow by nature (every computer move thinks for up to its level's budget): hours for the whole
table on two cores. Games are played in `--jobs` processes; the think times are wall time, so a
busy machine lowers the strength (fewer iterations in the same time), not the times.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from host.computer import LEVELS, choose_move
from rules import CHANCE, Game, Move

from . import computer_baseline as baseline
from .table import Row, print_table

RANDOM = "random"


@dataclass(frozen=True)
class Variant:
    module: str
    seats: int
    options: Mapping[str, Any] = field(default_factory=dict)
    target: str = "≥ 90% wins"


VARIANTS: tuple[Variant, ...] = (
    Variant("rules.keryo_pente", 2),
    Variant("rules.keibot", 2),
    Variant("rules.glass_bead", 2),
    Variant("rules.verquere", 2),
    Variant("rules.kerboge", 4, target="best average rank"),
)


def load_game(module: str) -> Game | None:
    """The game of a rules module, or None when it does not exist (yet) or does not import."""
    try:
        game: Game = importlib.import_module(module).GAME
    except Exception:
        return None
    return game


@dataclass(frozen=True)
class GameResult:
    players: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    plies: int
    times: tuple[tuple[str, float], ...]
    """(level, seconds) of every computer move."""


def play_game(
    module: str, seats: int, options: Mapping[str, Any], players: Sequence[str], seed: int
) -> GameResult:
    """One game; players[i] is a level name or "random" for seat i. Chance drawn as the host would."""
    game = load_game(module)
    assert game is not None
    rng = random.Random(seed)
    state = game.start(seats, **options)
    # A player "level@commit" thinks with that commit's code on that commit's rules (bench.computer_baseline).
    old = {commit: baseline.load(commit) for commit in {p.partition("@")[2] for p in players} if commit}
    old_states = {commit: b.start(game.key, seats, dict(options)) for commit, b in old.items()}
    times: list[tuple[str, float]] = []
    plies = 0
    while state.to_move is not None and plies < 5000:
        mover = state.to_move
        move: Move | str
        if mover == CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        elif players[mover] == RANDOM:
            legal = state.legal_moves()
            move = legal[rng.randrange(len(legal))]
        else:
            level, _, commit = players[mover].partition("@")
            start = time.perf_counter()
            if commit:
                move = str(old[commit].search.choose_move(old_states[commit], level, rng.randrange(2**31)))
            else:
                move = choose_move(state, level, rng.randrange(2**31))
            times.append((players[mover], time.perf_counter() - start))
        state = state.play(move)
        for commit in old_states:
            old_states[commit] = old_states[commit].play(str(move))
            assert old_states[commit].to_json() == state.to_json(), "the old rules differ from today's"
        plies += 1
    outcome = state.outcome()
    winners = outcome.winners if outcome else ()
    scores = outcome.scores if outcome else state.scores()
    return GameResult(tuple(players), winners, tuple(scores), plies, tuple(times))


def rotations(first: str, others: str, seats: int, games: int) -> Iterator[tuple[str, ...]]:
    """Line-ups with `first` in each seat in turn and `others` elsewhere."""
    for i in range(games):
        lineup = [others] * seats
        lineup[i % seats] = first
        yield tuple(lineup)


def ranks(scores: Sequence[float]) -> list[float]:
    """1 for the best score, `seats` for the worst; ties share the average of their places."""
    out = []
    for s in scores:
        better = sum(1 for t in scores if t > s)
        equal = sum(1 for t in scores if t == s)
        out.append(better + (equal + 1) / 2)
    return out


def _run(
    jobs: int, tasks: list[tuple[str, int, Mapping[str, Any], tuple[str, ...], int]]
) -> list[GameResult]:
    if jobs <= 1:
        return [play_game(*task) for task in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(play_game, *task) for task in tasks]
        return [f.result() for f in futures]


def _label(game: Game, variant: Variant) -> str:
    extra = f", {dict(variant.options)}" if variant.options else ""
    return f"{game.title}, {variant.seats} seats{extra}"


def matchup_rows(
    game: Game, variant: Variant, first: str, others: str, games: int, jobs: int, seed: int, target: str
) -> tuple[list[Row], list[GameResult]]:
    tasks = [
        (variant.module, variant.seats, variant.options, lineup, seed + i)
        for i, lineup in enumerate(rotations(first, others, variant.seats, games))
    ]
    results = _run(jobs, tasks)
    label = _label(game, variant)
    wins = sum(1 for r in results if r.winners == (r.players.index(first),))
    shared = sum(1 for r in results if len(r.winners) > 1 and r.players.index(first) in r.winners)
    plies = statistics.mean(r.plies for r in results)
    rows = []
    if variant.seats == 2:
        draws = sum(1 for r in results if not r.winners)
        rows.append(
            Row(
                "computer",
                f"{label}: {first} vs {others}, win rate",
                f"{100 * wins / games:.0f}% ({wins}/{games}, {draws} draws, {plies:.0f} plies/game)",
                target,
            )
        )
    else:
        mine: list[float] = []
        theirs: list[float] = []
        for r in results:
            place = ranks(r.scores)
            seat = r.players.index(first)
            mine.append(place[seat])
            theirs += [p for i, p in enumerate(place) if i != seat]
        nobody = sum(1 for r in results if not r.winners)
        rows.append(
            Row(
                "computer",
                f"{label}: {first} vs {variant.seats - 1} {others}, average rank",
                f"{statistics.mean(mine):.2f} vs {statistics.mean(theirs):.2f} "
                f"({wins} sole wins, {shared} shared, {nobody} won by nobody / {games}, {plies:.0f} plies)",
                target,
            )
        )
    return rows, results


def time_rows(game: Game, variant: Variant, results: list[GameResult]) -> list[Row]:
    rows = []
    players = dict.fromkeys([*LEVELS, *(player for r in results for player, _ in r.times)])
    for level in players:
        times = [t for r in results for lv, t in r.times if lv == level]
        if times:
            rows.append(
                Row(
                    "computer",
                    f"{_label(game, variant)}: {level}, time per move",
                    f"{1000 * statistics.median(times):.0f} ms median, {1000 * max(times):.0f} ms worst "
                    f"({len(times)} moves)",
                    "normal < 1 s, hard ≤ 2 s",
                )
            )
    return rows


def iteration_positions(game: Game, variant: Variant, count: int, seed: int) -> list[list[str]]:
    """The move logs of `count` positions of seeded games of random moves: the first positions
    where a seat is to move after 6, 12, 18 and 24 plies of each game. In Keryo-Pente each seat plays a
    random point next to a stone (a random legal point when there is none), as players do; in
    the other games any legal move (chance events, too, are drawn from the legal ones)."""
    rng = random.Random(seed)
    logs: list[list[str]] = []
    while len(logs) < count:
        state = game.start(variant.seats, **variant.options)
        log: list[str] = []
        mark = 6  # the next ply count after which a position is taken (in dice games the first
        # position after it where a seat is to move: every other ply there is a roll)
        while state.to_move is not None and mark <= 24 and len(logs) < count:
            legal = state.legal_moves()
            near = []
            if game.key == "keryo-pente":
                near = [m for m in legal if any(str(m) != t and _adjacent(str(m), t) for t in log)]
            move = str((near or legal)[rng.randrange(len(near or legal))])
            state = state.play(move)
            log.append(move)
            if len(log) >= mark and state.to_move is not None and state.to_move != CHANCE:
                logs.append(list(log))
                mark += 6
    return logs


def _adjacent(a: str, b: str) -> bool:
    columns = "ABCDEFGHJKLMNOPQRST"
    return abs(columns.index(a[0]) - columns.index(b[0])) <= 1 and abs(int(a[1:]) - int(b[1:])) <= 1


def iterations_per_move(search: Any, state: Any, level: str, seed: int) -> int | None:
    """The search iterations `search.choose_move` (today's module or a baseline's) runs in `state`
    at `level`, read from its `_Search` once the search ends (None for a move chosen without a
    search, such as a win in one)."""
    counts: list[int] = []
    original = search._Search.run

    def run(self: Any, deadline: float, iterations: int) -> Any:
        root = original(self, deadline, iterations)
        counts.append(self.iterations_done)
        return root

    search._Search.run = run
    try:
        search.choose_move(state, level, seed)
    finally:
        search._Search.run = original
    return counts[0] if counts else None


def iteration_rows(
    game: Game, variant: Variant, baselines: Sequence[str], positions: int = 16, seed: int = 11
) -> list[Row]:
    """Search iterations per move of each searching level in the same positions, today's code and
    each baseline commit's, one after the other in each position (so that a change in the
    machine's load falls on both alike: the searches stop on the clock), with the load."""
    from host.computer import search as today

    logs = iteration_positions(game, variant, positions, seed)
    versions: list[tuple[str, Any, list[Any]]] = [
        ("today", today, [game.replay(variant.seats, variant.options, log) for log in logs])
    ]
    for commit in baselines:
        old = baseline.load(commit)
        replayed = [old.rules.GAMES[game.key].replay(variant.seats, variant.options, log) for log in logs]
        versions.append((f"at {old.commit}", old.search, replayed))
    out = []
    for level in ("normal", "hard"):
        counts: dict[str, list[int]] = {name: [] for name, _, _ in versions}
        loads = []
        for i in range(len(logs)):
            loads.append(os.getloadavg()[0])
            for name, search, states in versions:
                done = iterations_per_move(search, states[i], level, seed + i)
                if done is not None:
                    counts[name].append(done)
        for name, _, _ in versions:
            found = counts[name]
            out.append(
                Row(
                    "computer",
                    f"{_label(game, variant)}: {level}, search iterations per move ({name})",
                    f"median {statistics.median(found):,.0f}, min {min(found):,}, max {max(found):,} "
                    f"({len(found)} positions, load {min(loads):.1f}–{max(loads):.1f})",
                )
            )
        print_table(out[-len(versions) :])
        sys.stdout.flush()
    return out


def rows(
    *,
    games: int = 50,
    level_games: int | None = None,
    jobs: int = 1,
    only: Sequence[str] = (),
    seed: int = 7,
    pairs: Sequence[tuple[str, str]] = (),
    pair_games: int = 0,
    iterations: bool = False,
    baselines: Sequence[str] = (),
) -> list[Row]:
    """The whole table: for each available game, normal vs random, normal vs easy, hard vs normal,
    the `pairs` asked for (`pair_games` games each; a player may be `level@commit`, that commit's
    code: see bench.computer_baseline), and the time per move of each level; with `iterations`, the search
    iterations per move of each level, today's and each of `baselines`'."""
    level_games = max(2, games // 2) if level_games is None else level_games
    out: list[Row] = []
    for variant in VARIANTS:
        game = load_game(variant.module)
        if game is None:
            out.append(Row("computer", variant.module, "not available yet"))
            continue
        if only and game.key not in only:
            continue
        if iterations:
            out += iteration_rows(game, variant, baselines)
        results: list[GameResult] = []
        beats = "> 50%" if variant.seats == 2 else "best average rank"
        for first, others, count, target in (
            ("normal", RANDOM, games, variant.target),
            ("normal", "easy", level_games, beats),
            ("hard", "normal", level_games, beats),
            *((a, b, pair_games, beats) for a, b in pairs),
        ):
            if count <= 0:
                continue
            found, played = matchup_rows(game, variant, first, others, count, jobs, seed, target)
            out += found
            results += played
            print_table(found)
            sys.stdout.flush()
        out += time_rows(game, variant, results)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="4 games per match-up: a smoke run")
    parser.add_argument("--games", type=int, default=50, help="games of normal against random")
    parser.add_argument("--level-games", type=int, default=None, help="games of normal-easy, hard-normal")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in processes")
    parser.add_argument("--only", action="append", default=[], help="a game key (repeatable)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        default=[],
        metavar=("FIRST", "OTHERS"),
        help="a match-up of two players (repeatable): a level, `random`, or `level@commit` for that "
        "commit's computer player, e.g. --pair normal hard@48d7249",
    )
    parser.add_argument("--pair-games", type=int, default=40, help="games of each --pair")
    parser.add_argument(
        "--iterations", action="store_true", help="search iterations per move of each level, same positions"
    )
    parser.add_argument(
        "--baseline", action="append", default=[], help="a commit whose iterations to count too (repeatable)"
    )
    args = parser.parse_args(argv)
    games = 4 if args.quick else args.games
    level_games = 2 if args.quick and args.level_games is None else args.level_games
    print(f"load average at the start: {os.getloadavg()[0]:.2f}")
    table = rows(
        games=games,
        level_games=level_games,
        jobs=args.jobs,
        only=args.only,
        seed=args.seed,
        pairs=[(a, b) for a, b in args.pair],
        pair_games=args.pair_games,
        iterations=args.iterations,
        baselines=args.baseline,
    )
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    print()
    print_table(table)


if __name__ == "__main__":
    main()
