"""A store's end of life and its outages, on both stores: while closing it refuses new work with
one clear error (StoreClosing) and lets the work in flight end; SQLite's close leaves nothing in
its write-ahead log; a PostgreSQL server that goes away mid-run is StoreUnavailable, never the
driver's own errors."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from data import Store, StoreClosing, StoreUnavailable, open_store
from tests.support.databases import Database, private_postgres

ROOT = Path(__file__).resolve().parents[2]
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


def start_bot_process(
    database: Path, *, file_size_limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    """The real bot.py, started over `database` with a token (the database is opened before
    Discord is reached); `file_size_limit`: the most bytes a file of the process may hold (a full
    disk, without one)."""

    def limit() -> None:
        if file_size_limit is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as on a full disk
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))

    environ = {**os.environ, "DISCORD_TOKEN": "not.a.token", "DATABASE_PATH": str(database)}
    environ.pop("DATABASE_URL", None)
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        env=environ,
        cwd=database.parent if database.parent.is_dir() else None,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=limit,
    )


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder the bot's user cannot write in: a read-only one, or for root (whom permissions
    do not stop) a folder of the kernel's."""
    if os.geteuid() == 0:
        return Path("/sys")
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    return folder


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("not a database", "is not a Tavern database: restore it from a backup, or move it away"),
        ("read-only folder", "it cannot be written: make the file and its folder writable"),
        ("full disk", "the disk (or the file size allowed) is full"),
    ],
)
def test_a_first_start_that_cannot_use_the_database_says_why_plainly(
    tmp_path: Path, case: str, said: str
) -> None:
    database = tmp_path / "tavern.sqlite3"
    if case == "not a database":
        database.write_bytes(b"these are notes, not a database\n" * 200)
    if case == "read-only folder":
        database = unwritable_folder(tmp_path) / "tavern.sqlite3"
    before = database.read_bytes() if database.is_file() else None
    ended = start_bot_process(database, file_size_limit=4096 if case == "full disk" else None)
    # A database that cannot be used ends the start with status 1 (2 is for a bad setting), one
    # line, never a traceback, never "no such table: schema_migrations".
    assert ended.returncode == 1
    assert "Traceback" not in ended.stderr and "no such table" not in ended.stderr
    assert said in ended.stderr, ended.stderr
    assert len(ended.stderr.strip().splitlines()) == 1, ended.stderr
    if before is not None:
        assert database.read_bytes() == before  # nothing written over it
