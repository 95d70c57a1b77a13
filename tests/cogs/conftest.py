"""Fixtures for the cog tests: a real bot over a real host and SQLite file, with Discord faked
at the HTTP layer (tests/support/fake_discord.py). Every request the bot makes in a test is
checked against Discord's component limits and for mentions that could ping anyone but the
player to move (tests/support/discord_harness.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from bot import TavernBot
from host import Host
from tests.support.discord_harness import check_request, start_bot
from tests.support.fake_discord import Driver, FakeDiscord


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    discord_ = FakeDiscord()
    discord_.install(monkeypatch)
    yield discord_
    for request in discord_.requests:
        check_request(request)


@pytest.fixture
async def bot(host: Host, fake: FakeDiscord) -> AsyncIterator[TavernBot]:
    started = await start_bot(host)
    yield started
    await started.close()


@pytest.fixture
def driver(bot: TavernBot, fake: FakeDiscord) -> Driver:
    return Driver(bot, fake)
