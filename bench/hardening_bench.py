"""Hardening figures: the cost of a durable move (SQLite synchronous=FULL against NORMAL), moves
acknowledged before a kill -9 that must all be there after a restart, and the same turn submitted
twice at once (it must land once).

    python -m bench.hardening_bench [--kills N] [--trials N]

The kill -9 run starts a child process (this module with `--child`) that plays Keryo-Pente
through the host on one SQLite file and prints each move once `Host.play` has returned; the
parent kills it with SIGKILL at a random moment, N times over the same file, then reopens the
file and looks for every acknowledged move in the stored logs.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from data import MatchStatus, open_store
from host import Host, HostError, MatchSnapshot, Player
from rules import MoveError

from .table import Row, percentile

ALICE, BOB = Player(1, "Alice"), Player(2, "Bob")
GUILD, CHANNEL = 1, 1
DISK = Path(__file__).resolve().parent.parent / "data"
"""Temporary databases go where the bot's own goes by default (data/), on the same disk."""
SYNC_MOVES = 300
KILLS = 25
TRIALS = 200


async def _new_match(host: Host) -> MatchSnapshot:
    lobby = await host.new(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ALICE,
        game_key="keryo-pente",
        seats=2,
        options={"tournament": False},
    )
    return await host.join(lobby.id, BOB)


async def _current_match(host: Host) -> MatchSnapshot:
    playing = await host.matches_of_player(ALICE.user_id, statuses=("playing",))
    if playing:
        return await host.get(playing[0].id)
    return await _new_match(host)


def _random_move(match: MatchSnapshot, rng: random.Random) -> tuple[int, str]:
    seat = match.seat_to_move
    assert seat is not None and seat.user_id is not None and match.state is not None
    legal = match.state.legal_moves()
    return seat.user_id, str(legal[rng.randrange(len(legal))])


# -- the cost of a durable move ------------------------------------------------------------------


async def move_times(synchronous: str, moves: int) -> list[float]:
    """Milliseconds of each `Host.play` on a fresh file with this `synchronous` setting."""
    with tempfile.TemporaryDirectory(dir=DISK) as folder:
        store = await open_store(Path(folder) / "sync.sqlite3", synchronous=synchronous)
        try:
            host = Host(store, seed_source=lambda: 7)
            rng = random.Random(1)
            times: list[float] = []
            match = await _new_match(host)
            while len(times) < moves:
                if match.is_over:
                    match = await _new_match(host)
                user_id, text = _random_move(match, rng)
                start = time.perf_counter()
                match = await host.play(match.id, user_id, text, expected_ply=match.ply)
                times.append((time.perf_counter() - start) * 1000)
        finally:
            await store.close()
    return times


# -- kill -9 ---------------------------------------------------------------------------------------


async def child(path: Path, seed: int) -> None:
    """Play for ever, printing `ack <match> <ply> <notation>` after each move is acknowledged."""
    store = await open_store(path)
    host = Host(store)
    rng = random.Random(seed)
    match = await _current_match(host)
    print("ready", flush=True)
    while True:
        if match.is_over:
            match = await _new_match(host)
        user_id, text = _random_move(match, rng)
        match = await host.play(match.id, user_id, text, expected_ply=match.ply)
        entry = next(e for e in match.played if e.kind == "move")
        print(f"ack {match.id} {entry.ply} {entry.notation}", flush=True)


async def _stored_moves(path: Path) -> set[tuple[int, int, str]]:
    store = await open_store(path)
    try:
        found: set[tuple[int, int, str]] = set()
        for listing in await store.match_summaries(statuses=tuple(MatchStatus), limit=10**6):
            found.update((listing.id, e.ply, e.notation) for e in await store.log(listing.id))
        return found
    finally:
        await store.close()


def kill_run(kills: int, seed: int = 1) -> tuple[int, int, int]:
    """(kills, acknowledged moves, acknowledged moves missing after the restarts)."""
    rng = random.Random(seed)
    acknowledged: set[tuple[int, int, str]] = set()
    with tempfile.TemporaryDirectory(dir=DISK) as folder:
        path = Path(folder) / "killed.sqlite3"
        for round_ in range(kills):
            process = subprocess.Popen(
                [sys.executable, "-m", "bench.hardening_bench", "--child", str(path), str(round_)],
                cwd=Path(__file__).resolve().parent.parent,
                stdout=subprocess.PIPE,
                text=True,
            )
            assert process.stdout is not None
            if process.stdout.readline().strip() != "ready":
                raise RuntimeError("the child did not start")
            time.sleep(rng.uniform(0.05, 0.8))
            os.kill(process.pid, signal.SIGKILL)
            output = process.stdout.read()
            process.wait()
            for line in output.splitlines(keepends=True):
                parts = line.split()
                if line.endswith("\n") and len(parts) == 4 and parts[0] == "ack":
                    acknowledged.add((int(parts[1]), int(parts[2]), parts[3]))
        stored = asyncio.run(_stored_moves(path))
    return kills, len(acknowledged), len(acknowledged - stored)


# -- the same turn twice at once -------------------------------------------------------------------


async def double_submissions(trials: int) -> tuple[int, int, int, int]:
    """Each trial submits the same move twice at once, through two hosts over two connections to
    one file (as two bot processes would): half as a button (with its ply), half typed (with
    the time it was sent). Returns (trials, submissions, trials where one landed, where both did)."""
    with tempfile.TemporaryDirectory(dir=DISK) as folder:
        path = Path(folder) / "double.sqlite3"
        stores = [await open_store(path), await open_store(path)]
        try:
            hosts = [Host(store) for store in stores]
            rng = random.Random(3)
            match = await _new_match(hosts[0])
            landed_once = landed_twice = 0
            for trial in range(trials):
                if match.is_over:
                    match = await _new_match(hosts[0])
                user_id, text = _random_move(match, rng)
                sent_at = datetime.now(UTC)
                if trial % 2:
                    calls = [h.play(match.id, user_id, text, expected_ply=match.ply) for h in hosts]
                else:
                    calls = [h.play(match.id, user_id, text, sent_at=sent_at) for h in hosts]
                results = await asyncio.gather(*calls, return_exceptions=True)
                landed = [r for r in results if isinstance(r, MatchSnapshot)]
                refused = [r for r in results if isinstance(r, HostError | MoveError)]
                if len(landed) + len(refused) != len(results):
                    raise RuntimeError(f"unexpected: {results}")
                landed_once += len(landed) == 1
                landed_twice += len(landed) > 1
                match = await hosts[0].get(match.id)
        finally:
            for store in stores:
                await store.close()
    return trials, 2 * trials, landed_once, landed_twice


def rows(kills: int = KILLS, trials: int = TRIALS) -> list[Row]:
    full = asyncio.run(move_times("full", SYNC_MOVES))
    normal = asyncio.run(move_times("normal", SYNC_MOVES))
    killed, acknowledged, lost = kill_run(kills)
    tried, submissions, once, twice = asyncio.run(double_submissions(trials))

    def shown(times: list[float]) -> str:
        return f"{statistics.median(times):.2f} ms median, {percentile(times, 0.99):.2f} ms p99"

    return [
        Row("store", f"host.play, DATABASE_SYNC=full (default), {SYNC_MOVES} moves", shown(full)),
        Row("store", f"host.play, DATABASE_SYNC=normal, {SYNC_MOVES} moves", shown(normal)),
        Row(
            "store",
            "kill -9 of a bot playing moves (same file, restarted each time)",
            f"{killed} kills, {acknowledged} moves acknowledged, {lost} lost",
            "0 lost",
        ),
        Row(
            "host",
            "same turn submitted twice at once (two hosts, one file; buttons and typed)",
            f"{tried} turns, {submissions} submissions: {once} landed once, {twice} landed twice",
            "0 landed twice",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=KILLS)
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--child", nargs=2, metavar=("DATABASE", "SEED"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        asyncio.run(child(Path(options.child[0]), int(options.child[1])))
        return
    from .table import print_table

    print_table(rows(options.kills, options.trials))


if __name__ == "__main__":
    main()
