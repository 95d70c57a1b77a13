"""The PostgreSQL store (asyncpg), for a bot that outgrows one machine: several bot processes,
each a range of shards, over one database.

The SQL is the one both drivers share (data/store.py), written once with `?` placeholders and
numbered here as `$1, $2, …`; the schema comes from the same numbered migrations in their PostgreSQL
dialect (data/migrations/postgresql/). Writes run at READ COMMITTED: a match write is guarded by
the match version (`UPDATE … WHERE version = ?` waits for a concurrent writer of the row, then
finds the version moved on and changes nothing), read-modify-write work on ratings holds an
advisory lock for its transaction (`serialize`), and background jobs are claimed with session
advisory locks (`claim`), which the server lets go when a process dies.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .rows import MatchChange, StoreClosing, StoreUnavailable, now_text
from .store import Connection, Store, migrations, state_text
from .vocabulary import OVER_STATUSES

POOL_SIZE = 10
"""Connections each process keeps open at most (moves, reads, claims of background jobs)."""
_MIGRATING = "tavern:migrations"

UNREACHABLE: tuple[type[BaseException], ...] = (
    OSError,  # the socket refused or gone (FileNotFoundError for a socket folder), timeouts
    asyncpg.InterfaceError,  # the connection or the pool closed under us
    asyncpg.InternalClientError,  # the protocol met a connection that died mid-message
    asyncpg.PostgresConnectionError,  # SQLSTATE class 08, ConnectionDoesNotExistError among them
    asyncpg.CannotConnectNowError,  # the server is starting or stopping
    asyncpg.exceptions.AdminShutdownError,
    asyncpg.exceptions.CrashShutdownError,
)
"""The driver's errors that mean the server cannot be reached (not that a statement was wrong):
they reach the bot as StoreUnavailable, one error a caller can answer plainly."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2, …` (the shared SQL has no `?` in literals)."""
    count = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(count)}", sql)


class _PostgresConnection:
    """A `Connection` over one asyncpg connection, inside a transaction."""

    def __init__(self, db: asyncpg.Connection) -> None:
        self._db = db

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status: str = await self._db.execute(numbered(sql), *params)
        # "UPDATE 3", "DELETE 0", "INSERT 0 1": the count of rows is the last word.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        return [tuple(row) for row in await self._db.fetch(numbered(sql), *params)]

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._db.executemany(numbered(sql), rows)

    async def serialize(self, key: str) -> None:
        await self._db.execute("SELECT pg_advisory_xact_lock(hashtext($1))", key)


class PostgresStore(Store):
    dialect = "postgresql"
    shared = True
    claim_lock = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, pool: asyncpg.Pool) -> None:
        self.url = url
        self._pool = pool
        self._closing = False

    @classmethod
    async def open(cls, target: str | Any, *, synchronous: str = "full") -> PostgresStore:
        """Connect to the database at the URL `target`, create or migrate its schema, and check
        that it can be written. `synchronous` is SQLite's: PostgreSQL's durability is the
        server's (`synchronous_commit`, on by default). Raises StoreUnavailable."""
        url = str(target)
        try:
            # min_size=0: connections are made when needed and kept while in use (five minutes
            # idle at most); a floor of open connections would have the pool reconnect in the
            # background during an outage, logging a traceback at each attempt.
            pool = await asyncpg.create_pool(url, min_size=0, max_size=POOL_SIZE, reset=_keep_session)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise StoreUnavailable(unavailable(url, error)) from error
        try:
            async with pool.acquire() as db:
                await _migrate(db)
                await db.execute(
                    "UPDATE schema_migrations SET applied_at = applied_at "
                    "WHERE version = (SELECT MAX(version) FROM schema_migrations)"
                )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            await pool.close()
            raise StoreUnavailable(unavailable(url, error)) from error
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool)

    async def close(self) -> None:
        """Refuse new work (StoreClosing), then close the pool: it waits for the connections in
        use to be given back, and closes them all."""
        if self._closing:
            return
        self._closing = True
        await self._pool.close()

    async def after_erasure(self) -> None:
        """Nothing to do: the server's files are the server's (VACUUM reclaims dead rows)."""

    @contextmanager
    def _reaching(self) -> Iterator[None]:
        """Work with the server: refused when the store is closing, and the driver's errors that
        mean the server cannot be reached raised as StoreUnavailable."""
        if self._closing:
            raise StoreClosing(f"The database {without_password(self.url)} is closing: the bot is stopping.")
        try:
            yield
        except UNREACHABLE as error:
            raise StoreUnavailable(unavailable(self.url, error)) from error

    async def after_copy(self) -> None:
        async with self.transaction() as db:
            for table in ("matches", "tournaments"):
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
                )

    async def read_statement(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        # One statement sees one snapshot by itself: no BEGIN and COMMIT around it.
        with self._reaching():
            return [tuple(row) for row in await self._pool.fetch(numbered(sql), *params)]

    async def write_change(
        self, match_id: int, expected_version: int, change: MatchChange, when: str
    ) -> bool:
        if not change.plays_only:
            return await super().write_change(match_id, expected_version, change, when)
        assert change.state is not None and change.announce is not None
        entries = change.log
        # One statement, so one transaction and one trip to the server (migration 0011).
        with self._reaching():
            applied = await self._pool.fetchval(
                "SELECT tavern_play($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                match_id,
                expected_version,
                when,
                change.status,
                change.status in OVER_STATUSES,
                state_text(change.state),
                None if change.result is None else json.dumps(change.result),
                [e.ply for e in entries],
                [str(e.kind) for e in entries],
                [e.seat for e in entries],
                [e.notation for e in entries],
                change.announce.since_ply,
                int(change.announce.ping),
                change.announce.due_at,
            )
        return bool(applied)

    def reading(self) -> AbstractAsyncContextManager[Connection]:
        # REPEATABLE READ: every query of the block sees one snapshot, as SQLite's reads do.
        return self._transaction(isolation="repeatable_read", readonly=True)

    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        return self._transaction(isolation="read_committed", readonly=False)

    @asynccontextmanager
    async def _transaction(self, *, isolation: str, readonly: bool) -> AsyncIterator[Connection]:
        with self._reaching():
            async with self._pool.acquire() as db, db.transaction(isolation=isolation, readonly=readonly):
                yield _PostgresConnection(db)

    @asynccontextmanager
    async def claim(self, job: str) -> AsyncIterator[bool]:
        # A session lock on a connection held for the block: the server drops it with the
        # connection if this process dies, and the job is free for another.
        with self._reaching():
            async with self._pool.acquire() as db:
                taken = bool(await db.fetchval("SELECT pg_try_advisory_lock(hashtext($1))", job))
                try:
                    yield taken
                finally:
                    if taken:
                        try:
                            await db.execute("SELECT pg_advisory_unlock(hashtext($1))", job)
                        except BaseException:
                            db.terminate()  # the server lets the lock go with the connection
                            raise


async def _keep_session(db: asyncpg.Connection) -> None:
    """What the pool does to a connection given back: nothing. asyncpg's default sends a reset
    query (one more trip to the server for every transaction); nothing of ours changes a
    session's settings, and the one session lock (`claim`) is let go by its own block."""


async def _migrate(db: asyncpg.Connection) -> None:
    """Apply the PostgreSQL migrations not applied yet, each in one transaction; processes that
    start together take turns (an advisory lock), so each migration runs once."""
    await db.execute("SELECT pg_advisory_lock(hashtext($1))", _MIGRATING)
    try:
        await db.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
            "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        applied = {int(row[0]) for row in await db.fetch("SELECT version FROM schema_migrations")}
        for number, name, sql in migrations("postgresql"):
            if number in applied:
                continue
            async with db.transaction():
                await db.execute(sql)  # no arguments: the simple protocol runs a whole script
                await db.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                    number,
                    name,
                    now_text(),
                )
    finally:
        await db.execute("SELECT pg_advisory_unlock(hashtext($1))", _MIGRATING)


def without_password(url: str) -> str:
    """The URL as it may be shown in a log line or an error: the password left out."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[-1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))


def unavailable(url: str, error: BaseException) -> str:
    """One line: why the PostgreSQL database cannot be used, and what to do."""
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return (
        f"The database {without_password(url)} cannot be used ({text}): check that the PostgreSQL "
        "server is running and that DATABASE_URL names its host (or socket folder), user, password "
        "and database."
    )
