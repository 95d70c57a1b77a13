"""A database that cannot be reached, as the players and the log see it: a PostgreSQL server
stopped mid-run gives every interaction one plain answer, and the log one line a minute per kind
of error, without a traceback (cogs/errors.py)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

import cogs.errors
from cogs.errors import UNREACHABLE, OutageLog
from data import StoreUnavailable, open_store
from host import Host
from tests.support.databases import private_postgres
from tests.support.discord_harness import ALICE, BOB, start_bot, the_private_message
from tests.support.fake_discord import Driver, FakeDiscord


async def test_a_postgresql_outage_is_answered_plainly_and_logged_once_a_kind(
    tmp_path: Path, fake: FakeDiscord, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cogs.errors, "outages", OutageLog())  # no line of an earlier test counts
    with private_postgres(tmp_path / "pg") as server:
        store = await open_store(server.get_uri())
    host = Host(store)
    bot = await start_bot(host)
    driver = Driver(bot, fake)
    try:
        with caplog.at_level(logging.INFO):
            answers = [
                the_private_message(await driver.command(user, "keryo-pente new")).content
                for user in (ALICE, BOB, ALICE, BOB)
            ]
    finally:
        await bot.close()
        host.close()
        await store.close()
    assert answers == [UNREACHABLE] * 4
    lines = [record for record in caplog.records if record.name == "tavern.errors"]
    kinds = [record.getMessage().split("]")[0] for record in lines]
    assert lines and len(kinds) == len(set(kinds)) < 4, kinds
    assert all(record.getMessage().startswith("Database unavailable [") for record in lines)
    assert all(record.exc_info is None for record in caplog.records), "a traceback was logged"
    assert "Traceback" not in caplog.text


def test_the_outage_log_writes_one_line_a_minute_per_kind(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    outages = OutageLog(clock=lambda: now[0])

    def outage(cause: BaseException) -> StoreUnavailable:
        error = StoreUnavailable("The database cannot be used")
        error.__cause__ = cause
        return error

    with caplog.at_level(logging.ERROR, logger="tavern.errors"):
        for when in (0.0, 10.0, 59.0):
            now[0] = when
            outages.note(outage(ConnectionRefusedError()))
        outages.note(outage(FileNotFoundError()))  # another kind: its own line
        now[0] = 61.0
        outages.note(outage(ConnectionRefusedError()))
    assert [record.getMessage() for record in caplog.records] == [
        "Database unavailable [ConnectionRefusedError]: The database cannot be used",
        "Database unavailable [FileNotFoundError]: The database cannot be used",
        "Database unavailable [ConnectionRefusedError]: The database cannot be used "
        "(2 more since the last line)",
    ]
