"""The host and store suites run on both stores: every test that takes `store` or `host` runs
once over a SQLite file and once over a fresh PostgreSQL database (`database` names which, for
the tests that look at what is stored)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import Store, open_store
from tests.support.databases import DIALECTS, Database, fresh_postgres, sqlite_database


@pytest.fixture(params=DIALECTS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> Database:
    if request.param == "sqlite":
        return sqlite_database(tmp_path)
    return await fresh_postgres(request.getfixturevalue("postgres_server"))


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    opened = await open_store(database.url)
    yield opened
    await opened.close()
