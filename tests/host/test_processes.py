"""Several bot processes over one PostgreSQL database: real processes (tests/support/scale_worker.py)
racing for the same turns, one of them killed mid-game, and background jobs two hosts reach for
at the same moment."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import Store, open_store
from host import Host
from tests.support.databases import Database, fresh_postgres
from tests.support.host import ANN, BOB, GUILD, started_match

ROOT = Path(__file__).resolve().parents[2]
MATCHES = 6


@pytest.fixture
async def shared(postgres_server: str) -> Database:
    return await fresh_postgres(postgres_server)


@pytest.fixture
async def two_hosts(shared: Database) -> AsyncIterator[tuple[Host, Host]]:
    """Two hosts, each with its own store (its own connections), as two processes have."""
    stores: list[Store] = [await open_store(shared.url), await open_store(shared.url)]
    hosts = (Host(stores[0]), Host(stores[1]))
    yield hosts
    for store in stores:
        await store.close()


async def new_matches(database: Database, count: int) -> list[int]:
    store = await open_store(database.url)
    try:
        host = Host(store)
        return [
            (await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})).id
            for _ in range(count)
        ]
    finally:
        await store.close()


async def workers(
    database: Database, seeds: list[int], match_ids: list[int]
) -> list[asyncio.subprocess.Process]:
    """A worker process for each seed, all playing from the same moment (each says it is ready,
    then they are all told to go): otherwise the first could play every move before the others
    have started."""
    processes = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.support.scale_worker",
            database.url,
            str(seed),
            *map(str, match_ids),
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        for seed in seeds
    ]
    for process in processes:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), timeout=120) == b"ready\n"
    for process in processes:
        assert process.stdin is not None
        process.stdin.write(b"go\n")
        await process.stdin.drain()
    return processes


def landed(lines: list[str]) -> list[tuple[int, int, str]]:
    found = []
    for line in lines:
        word, *rest = line.split()
        if word == "landed":
            found.append((int(rest[0]), int(rest[1]), rest[2]))
    return found


async def read_all(process: asyncio.subprocess.Process) -> list[str]:
    assert process.stdout is not None
    out, _ = await asyncio.wait_for(process.communicate(), timeout=240)
    assert process.returncode == 0
    return out.decode().splitlines()


async def check_stored(
    database: Database, acknowledged: list[tuple[int, int, str]], match_ids: list[int]
) -> None:
    """Every acknowledged move is in its match's log at its ply, once; every match is over, and
    its log replays to the state stored."""
    assert len({(m, ply) for m, ply, _ in acknowledged}) == len(acknowledged)  # no turn landed twice
    store = await open_store(database.url)
    try:
        host = Host(store)
        for match_id in match_ids:
            log = await store.log(match_id)
            assert [e.ply for e in log] == list(range(len(log)))
            for m, ply, move in acknowledged:
                if m == match_id:
                    assert log[ply].notation == move
            match = await host.get(match_id)
            assert match.is_over
            database.execute("UPDATE matches SET state = NULL WHERE id = ?", (match_id,))
            assert (await Host(store).get(match_id)).state == match.state  # replayed from the log
    finally:
        await store.close()


async def test_two_processes_playing_the_same_matches_lose_and_duplicate_nothing(shared: Database) -> None:
    match_ids = await new_matches(shared, MATCHES)
    processes = await workers(shared, [1, 2], match_ids)
    outputs = [await read_all(p) for p in processes]
    both = [landed(lines) for lines in outputs]
    assert all(moves for moves in both)  # each process landed moves of its own
    await check_stored(shared, both[0] + both[1], match_ids)


async def test_a_process_killed_mid_game_loses_no_acknowledged_move_and_the_other_finishes(
    shared: Database,
) -> None:
    match_ids = await new_matches(shared, MATCHES)
    doomed, survivor = await workers(shared, [3, 4], match_ids)
    assert doomed.stdout is not None
    acknowledged: list[str] = []
    while len(landed(acknowledged)) < 15:
        line = await asyncio.wait_for(doomed.stdout.readline(), timeout=120)
        assert line, "the worker ended before it was killed"
        acknowledged.append(line.decode())
    doomed.send_signal(signal.SIGKILL)
    await doomed.wait()
    assert doomed.returncode == -signal.SIGKILL
    finished = await read_all(survivor)
    assert finished[-1] == "done"
    await check_stored(shared, landed(acknowledged) + landed(finished), match_ids)


async def test_a_sweep_two_processes_start_at_once_is_done_once(two_hosts: tuple[Host, Host]) -> None:
    first, second = two_hosts
    lobbies = [
        (await first.new(guild_id=GUILD, channel_id=200 + i, creator=ANN, game_key="keryo-pente")).id
        for i in range(4)
    ]
    later = datetime.now(UTC) + timedelta(days=2)

    async def sweep(host: Host) -> list[int]:
        async with host.claimed("turn clock") as ours:
            if not ours:
                return []
            await asyncio.sleep(0.05)  # still sweeping when the other process looks
            changed = await host.expire_idle(turn_timeout=None, lobby_timeout=timedelta(days=1), now=later)
            return [snapshot.id for snapshot in changed]

    done = await asyncio.gather(sweep(first), sweep(second))
    assert sorted(done[0] + done[1]) == lobbies and [] in done  # one process swept, once
    for match_id in lobbies:
        closed = await second.get(match_id)
        assert closed.status == "abandoned" and closed.version == 1


async def test_each_owed_message_is_taken_by_one_process(two_hosts: tuple[Host, Host]) -> None:
    first, second = two_hosts
    owed = {(await started_match(first, "keryo-pente", [ANN, BOB], channel_id=300 + i)).id for i in range(6)}
    later = datetime.now(UTC) + timedelta(minutes=5)  # every grace has run out
    taken = await asyncio.gather(
        *(host.due_announcements(now=later, limit=3) for host in (first, second, first))
    )
    ids = [due.snapshot.id for batch in taken for due in batch]
    assert sorted(ids) == sorted(owed)  # each once
    # Taken for a while: nobody takes them again until the lease runs out (a dead taker's too).
    assert await second.due_announcements(now=later) == []
    again = await second.due_announcements(now=later + timedelta(minutes=3))
    assert {due.snapshot.id for due in again} == owed
