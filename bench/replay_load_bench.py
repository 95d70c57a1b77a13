"""/history's GIFs beside the moves: `python -m bench.replay_load_bench` (from the repository's root).

Two measures, each in a fresh process (`--move-path` or `--memory` prints one's figures as JSON):
- the move path's wall time (host.play on an SQLite file, then the board picture in the default
  thread pool, as the cogs draw it), moves paced as players make them, in every game and variant
  of bench/workers/move_path.py: with no GIF drawing; with two /history requests always waiting
  on host.gif_studio's worker process (never idle: 200-move Keryo-Pente GIFs), or on a thread of
  the bot's process as the studio can also draw; and as before issue 34, two GIFs drawn at once
  in the default thread pool beside the pictures. Wall time, not CPU time: what a
  GIF costs a move is the wait for the interpreter's lock and for a thread.
- the bot's memory, all its processes counted (the computer players' worker process too): after
  MOVES moves over every variant (one match in four against the computer, easy level) with their
  pictures, and GIFS GIFs of the longest games through the GIF studio, the resident memory (RSS)
  of the process and its children, and their proportional share (PSS: pages two processes share
  counted once), from /proc (Linux): right after the last GIF, and once the bot is idle
  (IDLE_SECONDS later: the computer players' workers stopped, the freed memory given back by
  `tavern.run.MemoryRelease`, which runs beside the moves as in the bot).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

import render
from cogs.ladder import GIF_LIMIT, GIF_WIDTHS
from data import open_store
from host import Host, Ladder, MatchSnapshot, Player
from host.computer.pool import IDLE_SECONDS as COMPUTER_IDLE_SECONDS
from host.gif_studio import ReplayStudio, draw_record
from render.animation import animation
from tavern.run import RELEASE_SECONDS, MemoryRelease

from .table import Row, percentile, print_table
from .workers.history_gif import random_game
from .workers.move_path import VARIANTS

NAMES = ("alice", "Bob")
"""The seats' names in the GIFs drawn beside the moves."""
GIF_MOVES = 200
"""The length of the Keryo-Pente game whose GIF is drawn beside the moves."""
FIRST_MOVE, MOST_MOVES, GAMES_EACH = 10, 60, 2
PACE_SECONDS = 0.01
"""The pause between two moves: players' moves come one at a time, not back to back."""
MODES = ("none", "process", "thread", "shared")
"""How GIFs are drawn beside the moves (see the module's docstring)."""
MOVES = 10_000
GIFS = 20
IDLE_SECONDS = COMPUTER_IDLE_SECONDS + 2 * RELEASE_SECONDS
"""How long after the last GIF the memory is read again: the GIF worker stopped at once, the
computer players' workers once idle for COMPUTER_IDLE_SECONDS, and the freed memory was given
back (within two of MemoryRelease's looks)."""
MOST_PLIES = 400
"""A random game (of the memory measure) longer than this is left where it is."""


async def _moves(host: Host, seed: int) -> list[float]:
    """Wall milliseconds of each middle-game move (play and picture) of random games."""
    rng = random.Random(seed)
    times: list[float] = []
    for game, seats, options in [(v[1], v[2], v[3]) for v in VARIANTS]:
        for index in range(GAMES_EACH):
            people = [Player(10_000 + 10 * index + i + seed * 1_000, f"Player {i}") for i in range(seats)]
            match = await host.new(
                guild_id=1, channel_id=1, creator=people[0], game_key=game, seats=seats, options=options
            )
            for person in people[1:]:
                match = await host.join(match.id, person)
            for moved in range(FIRST_MOVE + MOST_MOVES):
                if match.state is None or match.is_over:
                    break
                seat = match.seat_to_move
                assert seat is not None and seat.user_id is not None
                legal = match.state.legal_moves()
                text = str(legal[rng.randrange(len(legal))])
                await asyncio.sleep(PACE_SECONDS)
                start = time.perf_counter()
                match = await host.play(match.id, seat.user_id, text, expected_ply=match.ply)
                state = match.state
                assert state is not None
                await asyncio.to_thread(render.board, state, last_move=match.last_move, names=match.names)
                if moved >= FIRST_MOVE:
                    times.append((time.perf_counter() - start) * 1000)
    return times


async def _move_path(mode: str) -> dict[str, Any]:
    """The move path's wall times with GIFs drawn as `mode` says: none, process, thread or shared."""
    frames = random_game("keryo-pente", 2, {"tournament": False}, GIF_MOVES)
    studio = ReplayStudio(cooldown=0, budget=600, processes=mode == "process")
    drawn = 0

    async def keep_drawing(lane: int) -> None:
        nonlocal drawn
        for number in range(10**6):
            if mode in ("process", "thread"):  # a new key each time: the cache would answer at once
                await studio.gif((lane, number), lane, partial(animation, frames, NAMES))
            else:
                await asyncio.to_thread(animation, frames, NAMES)
            drawn += 1

    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "bench.sqlite3"))
        host = Host(store, seed_source=lambda: 7, lobbies_per_channel=10**6, lobbies_per_player=10**6)
        lanes = [asyncio.create_task(keep_drawing(lane)) for lane in (1, 2)] if mode != "none" else []
        await asyncio.sleep(0.5 if lanes else 0)  # the GIFs under way before the first move
        try:
            times = await _moves(host, 1)
        finally:
            for lane in lanes:
                lane.cancel()
            studio.close()
            host.close()
            await store.close()
    return {"times": times, "gifs": drawn}


def _descendants(pid: int) -> list[int]:
    found = [pid]
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as children:
                for child in children.read().split():
                    found += _descendants(int(child))
        except OSError:
            continue
    return found


def _proc_mb(pid: int, field: str) -> float:
    """A /proc/<pid>/smaps_rollup field (Rss or Pss) in MB."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def memory_of_processes() -> dict[str, Any]:
    """RSS and PSS (MB) of this process and every process under it."""
    pids = _descendants(os.getpid())
    return {
        "processes": len(pids),
        "rss": sum(_proc_mb(pid, "Rss") for pid in pids),
        "pss": sum(_proc_mb(pid, "Pss") for pid in pids),
        "main_rss": _proc_mb(os.getpid(), "Rss"),
        "each_rss": [round(_proc_mb(pid, "Rss"), 1) for pid in pids],
    }


async def _memory(most_moves: int = MOVES) -> dict[str, Any]:
    rng = random.Random(34)
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "bench.sqlite3"))
        host = Host(store, seed_source=lambda: 7, lobbies_per_channel=10**6, lobbies_per_player=10**6)
        studio = ReplayStudio(cooldown=0, budget=600)
        release = MemoryRelease()
        releasing = asyncio.create_task(release.run())  # as the bot runs it (tavern/run.py)
        moves = 0
        lengths: dict[int, int] = {}
        start = memory_of_processes()
        try:
            for number in range(10**6):
                if moves >= most_moves:
                    break
                _name, game, seats, options = VARIANTS[number % len(VARIANTS)]
                people = [Player(100_000 + 10 * number + i, f"Player {i}") for i in range(seats)]
                computer = number % 4 == 3
                match: MatchSnapshot = await host.new(
                    guild_id=1,
                    channel_id=1,
                    creator=people[0],
                    game_key=game,
                    seats=seats,
                    options=options,
                    computers="easy" if computer else None,
                )
                for person in [] if computer else people[1:]:
                    match = await host.join(match.id, person)
                while (
                    moves < most_moves
                    and match.state is not None
                    and not match.is_over
                    and match.ply < MOST_PLIES
                ):
                    if match.waiting_for_computer:
                        match = await host.play_computers(match.id)
                        continue
                    seat = match.seat_to_move
                    assert seat is not None and seat.user_id is not None
                    state = match.state
                    assert state is not None
                    legal = state.legal_moves()
                    text = str(legal[rng.randrange(len(legal))])
                    match = await host.play(match.id, seat.user_id, text, expected_ply=match.ply)
                    moves += 1
                    if match.state is not None:
                        await asyncio.to_thread(
                            render.board, match.state, last_move=match.last_move, names=match.names
                        )
                lengths[match.id] = match.ply
            after_moves = memory_of_processes()
            ladder = Ladder(host)
            longest = sorted(lengths, key=lambda m: -lengths[m])[:GIFS]
            gif_bytes = 0
            for match_id in longest:
                found = await ladder.history(match_id, 1)
                snapshot = await host.get(match_id)
                record = found.record
                # As /history asks for it (cogs.ladder), in the studio's worker process.
                draw = partial(
                    draw_record,
                    record.game.key,
                    record.seat_count,
                    record.options,
                    record.entries,
                    None,
                    GIF_WIDTHS,
                    GIF_LIMIT,
                )
                gif = await studio.gif((match_id, snapshot.version), match_id, draw)
                gif_bytes += len(gif or b"")
            end = memory_of_processes()
            await asyncio.sleep(IDLE_SECONDS)  # the bot idle: see IDLE_SECONDS
            idle = memory_of_processes()
        finally:
            releasing.cancel()
            studio.close()
            host.close()
            await store.close()
    return {
        "moves": moves,
        "matches": len(lengths),
        "gifs": len(longest),
        "gif_plies": [lengths[m] for m in longest],
        "gif_mb": gif_bytes / 2**20,
        "cached_mb": studio.cached_bytes / 2**20,
        "releases": release.releases,
        "start": start,
        "after_moves": after_moves,
        "end": end,
        "idle": idle,
    }


def _run(flag: str, *args: str, as_the_bot: bool = False) -> dict[str, Any]:
    """One measure in a fresh process, its figures. `as_the_bot`: started by `-c`, a main module
    its worker processes do not import again (multiprocessing's spawn imports a main module
    given by name or path in every worker), as the bot's do not: bot.py imports nothing in
    them, the `tavern` command its command line alone (tavern/cli.py)."""
    start = (
        ["-c", "from bench.replay_load_bench import main; main()"]
        if as_the_bot
        else ["-m", "bench.replay_load_bench"]
    )
    command = [sys.executable, *start, flag, *args]
    found: dict[str, Any] = json.loads(
        subprocess.run(command, check=True, capture_output=True, text=True).stdout
    )
    return found


def move_path_rows() -> list[Row]:
    out = []
    figures = {mode: _run("--move-path", mode) for mode in MODES}
    words = {
        "none": "no GIF drawing",
        "process": "two GIFs asked, drawn in the GIF worker process (issue 34)",
        "thread": "two GIFs asked, drawn in a GIF thread of the bot's process (tried first)",
        "shared": "two GIFs drawn at once in the pictures' thread pool (before issue 34)",
    }
    for mode, found in figures.items():
        times = found["times"]
        drawn = f", {found['gifs']} GIFs finished meanwhile" if mode != "none" else ""
        out.append(
            Row(
                "replay",
                f"move path, wall time (play + picture, {len(times)} paced moves, every variant): "
                + words[mode],
                f"{statistics.median(times):.1f} ms median, {percentile(times, 0.99):.1f} ms p99{drawn}",
                "<= 20 ms p99" if mode in ("none", "process") else "",
            )
        )
    return out


def memory_rows(moves: int = MOVES) -> list[Row]:
    found = _run("--memory", "--moves", str(moves), as_the_bot=True)
    idle, end, moved = found["idle"], found["end"], found["after_moves"]

    def each(reading: dict[str, Any]) -> str:
        return ", ".join(f"{mb:.0f}" for mb in reading["each_rss"])

    value = (
        f"{idle['rss']:.0f} MB RSS, {idle['pss']:.0f} MB PSS over {idle['processes']} processes "
        f"(each: {each(idle)} MB) {IDLE_SECONDS:g} s after the last GIF; right after it "
        f"{end['rss']:.0f} MB RSS, {end['pss']:.0f} MB PSS over {end['processes']} (each: {each(end)} MB); "
        f"after the moves, before the GIFs {moved['rss']:.0f} MB; at the start "
        f"{found['start']['rss']:.0f} MB; GIFs cached {found['cached_mb']:.1f} MB"
    )
    measure = (
        f"resident memory, all processes: {found['moves']:,} moves over every variant "
        f"({found['matches']} matches, one in four against the computer) and {found['gifs']} GIFs "
        f"({min(found['gif_plies'])}–{max(found['gif_plies'])} plies)"
    )
    return [Row("replay", measure, value, "<= 300 MB")]


def main() -> None:
    render.keep_freed_memory()  # as bot.py does at start (`settle_process`)
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--move-path", choices=MODES, help="one measure, as JSON")
    parser.add_argument("--memory", action="store_true", help="the memory measure, as JSON")
    parser.add_argument("--moves", type=int, default=MOVES, help="moves of the memory measure")
    parser.add_argument("--only", choices=("move-path", "memory"), help="print only these rows")
    args = parser.parse_args()
    if args.move_path:
        print(json.dumps(asyncio.run(_move_path(args.move_path))))
    elif args.memory:
        print(json.dumps(asyncio.run(_memory(args.moves))))
    else:
        rows = [] if args.only == "memory" else move_path_rows()
        rows += [] if args.only == "move-path" else memory_rows(args.moves)
        print_table(rows)


if __name__ == "__main__":
    main()
