"""Fixtures for the cog tests: a real bot over a real host and SQLite file, with Discord faked
at the HTTP layer (see fake_discord.py). Every request the bot makes in a test is checked
against Discord's component limits and for mentions that could ping anyone but the player to
move."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from bot import TavernBot
from host import Host

from .fake_discord import Driver, FakeDiscord, Request, User, pretend_logged_in

ALICE = User(1001, "Alice")
BOB = User(1002, "Bob")
CAROL = User(1003, "Carol")

BUTTON, SELECT, ACTION_ROW = 2, 3, 1


def check_components(message: dict[str, Any]) -> None:
    rows = message.get("components") or []
    assert len(rows) <= 5, f"{len(rows)} rows"
    for row in rows:
        assert row["type"] == ACTION_ROW
        items = row["components"]
        assert 1 <= len(items) <= 5, f"{len(items)} components in a row"
        if any(item["type"] == SELECT for item in items):
            assert len(items) == 1, "a select menu needs a row of its own"
        for item in items:
            assert len(item.get("custom_id", "")) <= 100, item
            assert len(item.get("label") or "") <= 80, item
            if item["type"] == SELECT:
                assert 1 <= len(item["options"]) <= 25
                for option in item["options"]:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                    assert len(option.get("description") or "") <= 100


def check_mentions(request: Request) -> None:
    """A message may ping nobody, or exactly the one user it names as the player to move (or,
    in a lobby's message, as the member invited)."""
    message = request.message
    if message is None or not ({"content", "embeds"} & message.keys()):
        return
    allowed = message.get("allowed_mentions")
    assert allowed is not None, f"no allowed_mentions in {request.method} {request.path}"
    assert allowed.get("parse", []) == [], allowed
    users = allowed.get("users", [])
    assert len(users) <= 1, allowed
    for user in users:
        content = message.get("content", "")
        named = f"<@{user}>, it is your turn" in content
        invited = content.startswith(f"<@{user}>, ") and "invites you to play" in content
        assert named or invited, content


def check_request(request: Request) -> None:
    if request.message is not None:
        check_components(request.message)
        check_mentions(request)
        for embed in request.embeds:
            assert len(embed.get("title", "")) <= 256 and len(embed.get("description", "")) <= 4096
            assert all(len(f["value"]) <= 1024 for f in embed.get("fields", []))


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeDiscord]:
    discord_ = FakeDiscord()
    discord_.install(monkeypatch)
    yield discord_
    for request in discord_.requests:
        check_request(request)


async def start_bot(host: Host) -> TavernBot:
    bot = TavernBot(host, sync_commands=False)
    await bot.__aenter__()
    await bot.install()
    pretend_logged_in(bot)
    return bot


@pytest.fixture
async def bot(host: Host, fake: FakeDiscord) -> AsyncIterator[TavernBot]:
    started = await start_bot(host)
    yield started
    await started.close()


@pytest.fixture
def driver(bot: TavernBot, fake: FakeDiscord) -> Driver:
    return Driver(bot, fake)
