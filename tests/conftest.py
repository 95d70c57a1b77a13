"""Shared fixtures: a real SQLite store in a temporary folder and a host over it; a private
PostgreSQL server for the session, started when a test first asks for it (tests/host runs its
suite on both stores: tests/host/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from data import Store, open_store
from host import Host
from tests.support.databases import start_postgres


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a private PostgreSQL server (pgserver) with a migrated template database."""
    yield from start_postgres(tmp_path_factory.mktemp("pg"))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tavern.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    opened = await open_store(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def host(store: Store) -> Iterator[Host]:
    seeds = iter(range(1000, 100_000))
    made = Host(store, seed_source=lambda: next(seeds))
    yield made
    made.close()
