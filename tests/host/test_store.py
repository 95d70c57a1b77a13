"""The store on a real SQLite file: migrations, the version guard, match lists."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from data import (
    Connection,
    EntryKind,
    LogEntry,
    MatchChange,
    MatchStatus,
    SeatRow,
    Store,
    StoreUnavailable,
    VersionConflict,
    open_store,
)
from data.sqlite import DatabaseThread
from data.store import migrations
from tests.support.databases import INTEGRITY_ERRORS


async def test_database_is_created_with_wal_and_migrations(db_path: Path) -> None:
    store = await open_store(db_path)
    try:
        assert db_path.exists()
        assert await store.schema_version() == migrations()[-1][0] >= 1
    finally:
        await store.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "seats", "moves", "players", "schema_migrations"} <= tables


async def test_reopening_does_not_reapply_migrations(db_path: Path) -> None:
    for _ in range(2):
        store = await open_store(db_path)
        await store.close()
    with sqlite3.connect(db_path) as conn:
        applied = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    assert applied == [n for n, _, _ in migrations()]


async def test_a_migration_numbered_below_one_applied_still_runs(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Branches reserve migration numbers: one that lands after a higher one was applied runs."""
    shipped = migrations()
    monkeypatch.setattr("data.sqlite.migrations", lambda: [m for m in shipped if m[0] != 3])
    await (await open_store(db_path)).close()
    monkeypatch.setattr("data.sqlite.migrations", lambda: shipped)
    await (await open_store(db_path)).close()
    with sqlite3.connect(db_path) as conn:
        applied = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
        columns = {r[1] for r in conn.execute("PRAGMA table_info(matches)")}
    assert applied == [n for n, _, _ in shipped] and "message_channel_id" in columns


async def test_foreign_keys_are_enforced(store: Store) -> None:
    with pytest.raises(INTEGRITY_ERRORS):
        async with store.transaction() as db:
            await db.execute(
                "INSERT INTO moves (match_id, ply, kind, notation, played_at) "
                "VALUES (999, 0, 'move', 'K10', '')"
            )


async def new_match(
    store: Store,
    *,
    channel_id: int = 2,
    seat_count: int = 2,
    creator: SeatRow | None = None,
    admit: Callable[[int, int], None] | None = None,
) -> int:
    return await store.create_match(
        guild_id=1,
        channel_id=channel_id,
        game="keryo-pente",
        options={"tournament": True},
        seat_count=seat_count,
        creator=creator or SeatRow(0, 11, "Ann"),
        seed=7,
        admit=admit,
    )


async def test_version_guard_refuses_a_stale_write_and_changes_nothing(store: Store) -> None:
    match_id = await new_match(store)
    row = await store.get_match(match_id)
    assert row is not None and row.version == 0
    change = MatchChange(status=MatchStatus.PLAYING, log=[LogEntry(0, EntryKind.MOVE, 0, "K10")])
    assert await store.update_match(match_id, 0, change) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):  # a change, once made, stays as made
        change.status = MatchStatus.FINISHED  # type: ignore[misc]
    with pytest.raises(VersionConflict):
        await store.update_match(match_id, 0, MatchChange(log=[LogEntry(1, EntryKind.MOVE, 1, "A1")]))
    after = await store.get_match(match_id)
    assert after is not None and after.version == 1 and after.log_length == 1
    assert [e.notation for e in await store.log(match_id)] == ["K10"]


async def test_a_failed_write_rolls_back_whole(store: Store) -> None:
    match_id = await new_match(store)
    duplicate_ply = [LogEntry(0, EntryKind.MOVE, 0, "K10"), LogEntry(0, EntryKind.MOVE, 1, "A1")]
    with pytest.raises(INTEGRITY_ERRORS):
        await store.update_match(match_id, 0, MatchChange(status=MatchStatus.PLAYING, log=duplicate_ply))
    row = await store.get_match(match_id)
    assert row is not None and row.version == 0 and row.status == "lobby" and row.log_length == 0


async def test_a_transaction_run_whole_returns_its_result_or_undoes_everything(store: Store) -> None:
    """`run_transaction`: the SQLite store runs the work whole in its database thread."""

    async def rename(db: Connection) -> int:
        await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (5, 'Eve', '')")
        rows = await db.execute_fetchall("SELECT name FROM players WHERE user_id = 5")
        return len(rows)

    assert await store.run_transaction(rename) == 1

    async def fails_halfway(db: Connection) -> None:
        await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (6, 'Flo', '')")
        raise LookupError("no")

    with pytest.raises(LookupError):
        await store.run_transaction(fails_halfway)
    assert list(await store.read_statement("SELECT user_id FROM players ORDER BY user_id")) == [(5,)]


async def test_a_transaction_that_awaits_anything_else_is_refused_in_the_sqlite_thread(db_path: Path) -> None:
    """Work run whole in the database thread may not wait for the event loop: it is refused,
    with nothing written, instead of hanging."""
    store = await open_store(db_path)
    try:

        async def waits(db: Connection) -> None:
            await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (7, 'Gus', '')")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something besides its connection"):
            await store.run_transaction(waits)
        assert list(await store.read_statement("SELECT user_id FROM players")) == []
    finally:
        await store.close()


async def test_a_lobby_refused_by_its_admission_writes_nothing(store: Store) -> None:
    first = await new_match(store, channel_id=2)
    second = await new_match(store, channel_id=3, creator=SeatRow(0, 12, "Bo"))
    seen: list[tuple[int, int]] = []

    def refuse(mine: int, here: int) -> None:
        seen.append((mine, here))
        raise OverflowError("full")

    with pytest.raises(OverflowError):
        await new_match(store, channel_id=2, admit=refuse)
    # Ann's one lobby, and one in channel 2 (Bo's is in channel 3); SQLite asks again when it
    # runs the batch of the refused lobby again, each write in a savepoint of its own.
    assert seen and set(seen) == {(1, 1)}
    assert sorted(m.id for m in await store.match_summaries(guild_id=1)) == [first, second]

    admitted: list[tuple[int, int]] = []
    match_id = await new_match(store, channel_id=3, admit=lambda mine, here: admitted.append((mine, here)))
    assert admitted == [(1, 1)]  # Ann's one lobby; Bo's in channel 3
    assert sorted(m.id for m in await store.match_summaries(guild_id=1)) == [first, second, match_id]


async def test_match_summaries_filter_by_place_player_and_status(store: Store) -> None:
    first = await new_match(store)
    second = await new_match(store, channel_id=3, seat_count=3, creator=SeatRow(0, 12, "Bob"))
    await store.update_match(first, 0, MatchChange(seats=[SeatRow(0, 11, "Ann"), SeatRow(1, 12, "Bob")]))
    assert [m.id for m in await store.match_summaries(channel_id=2)] == [first]
    assert {m.id for m in await store.match_summaries(user_id=12)} == {first, second}
    assert [m.id for m in await store.match_summaries(user_id=11)] == [first]
    assert (await store.match_summaries(channel_id=2))[0].players == ("Ann", "Bob")
    assert await store.match_summaries(statuses=(MatchStatus.FINISHED,)) == []


async def test_durable_by_default_and_normal_on_request(tmp_path: Path) -> None:
    levels = {}
    for mode in ("full", "normal"):
        store = await open_store(
            tmp_path / f"{mode}.sqlite3", **({} if mode == "full" else {"synchronous": mode})
        )
        try:
            async with store.reading() as db:
                levels[mode] = next(iter(await db.execute_fetchall("PRAGMA synchronous")))[0]
        finally:
            await store.close()
    assert levels == {"full": 2, "normal": 1}
    with pytest.raises(ValueError, match="synchronous must be one of full, normal"):
        await open_store(tmp_path / "x.sqlite3", synchronous="off")


def settled_thread_count() -> int:
    """Threads alive once those that were ending anyway (the worker of a connection an earlier
    test closed) have ended; a worker left waiting forever is still counted, after 1 s."""
    for thread in threading.enumerate():
        if thread is not threading.current_thread():
            thread.join(timeout=1)
    return threading.active_count()


async def test_a_database_that_cannot_be_opened_leaves_no_connection_open(tmp_path: Path) -> None:
    before = settled_thread_count()
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"this is not a database, " * 200)
    with pytest.raises(StoreUnavailable, match=r"file is not a database.*restore it from a backup"):
        await open_store(damaged)
    good = tmp_path / "good.sqlite3"
    await (await open_store(good)).close()
    with sqlite3.connect(good) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with good.open("r+b") as file:
        file.truncate(good.stat().st_size // 2)
    with pytest.raises(StoreUnavailable, match=r"malformed.*restore it from a backup"):
        await open_store(good)
    with pytest.raises(StoreUnavailable, match="is a folder: set DATABASE_PATH to a file"):
        await open_store(tmp_path)
    with pytest.raises(StoreUnavailable, match="is a file, not a folder"):
        await open_store(damaged / "inside" / "x.sqlite3")
    assert settled_thread_count() == before  # no database thread left behind


async def test_a_call_to_the_sqlite_thread_runs_even_when_its_caller_stopped_waiting(tmp_path: Path) -> None:
    """The SQLite store's thread never drops work once asked (a COMMIT or ROLLBACK queued
    behind other work must run, or the connection stays inside a transaction), and runs calls
    in the order they were made."""
    path = tmp_path / "x.sqlite3"
    database = await DatabaseThread.open(lambda: sqlite3.connect(path, isolation_level=None))
    release = threading.Event()
    try:
        busy = asyncio.ensure_future(database.call(lambda db: release.wait(10)))
        queued = asyncio.ensure_future(database.call(sqlite3.Connection.execute, "CREATE TABLE t (x)"))
        await asyncio.sleep(0)
        queued.cancel()
        release.set()
        assert await busy
        tables = await database.call(
            lambda db: db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        )
        assert tables == [("t",)] and queued.cancelled()
    finally:
        await database.close()


async def test_a_transaction_cancelled_as_it_begins_leaves_nothing_open(store: Store) -> None:
    """Cancelled while its BEGIN is on its way to the database, a transaction is still rolled
    back: the next one begins, and nothing of the cancelled one is written."""

    async def writes() -> None:
        async with store.transaction() as db:
            await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (8, 'Hal', '')")

    cancelled = asyncio.ensure_future(writes())
    await asyncio.sleep(0)  # it has asked for its BEGIN, not had the answer
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    async with store.transaction() as db:
        await db.execute("INSERT INTO players (user_id, name, updated_at) VALUES (9, 'Ida', '')")
    assert list(await store.read_statement("SELECT user_id FROM players ORDER BY user_id")) == [(9,)]
