"""A store's end of life and its outages, on both stores: while closing it refuses new work with
one clear error (StoreClosing) and lets the work in flight end; SQLite's close leaves nothing in
its write-ahead log; a PostgreSQL server that goes away mid-run is StoreUnavailable, never the
driver's own errors."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from data import Store, StoreClosing, StoreUnavailable, open_store
from tests.support.databases import Database, private_postgres

PLAYER = "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)"


async def test_a_closing_store_refuses_new_work_and_lets_work_in_flight_end(
    store: Store, database: Database
) -> None:
    entered = asyncio.Event()

    async def in_flight() -> None:
        async with store.transaction() as db:
            entered.set()
            await asyncio.sleep(0.05)
            await db.execute(PLAYER, (1, "Ann", "2026-01-01"))

    writing = asyncio.create_task(in_flight())
    await entered.wait()
    closing = asyncio.create_task(store.close())
    await asyncio.sleep(0)  # the close has begun
    with pytest.raises(StoreClosing, match="closing"):
        await store.player_name(1)
    with pytest.raises(StoreClosing):
        async with store.transaction():
            pass
    await writing
    await closing
    assert database.fetchall("SELECT name FROM players") == [("Ann",)]
    with pytest.raises(StoreClosing):  # after the close, the same one error
        await store.schema_version()
    assert issubclass(StoreClosing, StoreUnavailable)


async def test_sqlite_close_leaves_nothing_in_the_write_ahead_log(tmp_path: Path) -> None:
    path = tmp_path / "tavern.sqlite3"
    store = await open_store(path)
    # Another connection open on the file (a backup, an operator's sqlite3): SQLite then keeps the
    # -wal at close, and only the checkpoint of the store's close empties it.
    other = sqlite3.connect(path)
    try:
        other.execute("SELECT COUNT(*) FROM players").fetchall()
        async with store.transaction() as db:
            await db.execute(PLAYER, (1, "Ann", "2026-01-01"))
        assert Path(f"{path}-wal").stat().st_size > 0
        await store.close()
        assert Path(f"{path}-wal").stat().st_size == 0
    finally:
        other.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT name FROM players").fetchall() == [("Ann",)]


async def test_a_postgresql_outage_is_store_unavailable(tmp_path: Path) -> None:
    with private_postgres(tmp_path / "pg") as server:
        store = await open_store(server.get_uri())
    # The server has stopped, its socket gone: the pool's open connection dies, then new ones
    # cannot be made.
    try:
        for attempt in range(3):
            with pytest.raises(StoreUnavailable, match="cannot be used") as raised:
                await store.player_name(1)
            assert raised.type is StoreUnavailable, attempt
        with pytest.raises(StoreUnavailable):
            async with store.transaction() as db:
                await db.execute(PLAYER, (1, "Ann", "2026-01-01"))
        with pytest.raises(StoreUnavailable):
            async with store.claim("sweep"):
                pass
    finally:
        await asyncio.wait_for(store.close(), 15)
