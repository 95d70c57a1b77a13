"""Turns through the in-process harness: a move played, the turn clock of a bot, the channel's
posts, and a turn made to look old (tests of reminders, notices and languages share them)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot import TavernBot
from cogs.clock import TurnClock
from host import Host
from tests.support.discord_harness import Started
from tests.support.fake_discord import CHANNEL_ID, Driver, FakeDiscord, Request

WEEK = timedelta(days=7)


def set_turn_start(db_path: Path, match_id: int, ago: timedelta) -> None:
    """The match's position was reached (and it changed last) `ago` before now."""
    text = (datetime.now(UTC) - ago).isoformat(timespec="milliseconds")
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE moves SET played_at = ? WHERE match_id = ?", (text, match_id))
        conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (text, match_id))


def channel_posts(fake: FakeDiscord, start: int = 0) -> list[Request]:
    """Messages the bot posted in the game channel on its own (not DMs, not answers)."""
    return [
        r for r in fake.requests[start:] if r.is_channel_post and r.path == f"/channels/{CHANNEL_ID}/messages"
    ]


async def moved(driver: Driver, game: Started) -> tuple[list[Request], Request]:
    """The mover plays; the requests it made and the new match message (it is `other`'s turn)."""
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")
    (answer,) = [r for r in requests if r.is_followup and not r.ephemeral]
    return requests, answer


def clock_of(bot: TavernBot, host: Host, turn_timeout: timedelta | None = WEEK) -> TurnClock:
    return TurnClock(bot, host, turn_timeout=turn_timeout, lobby_timeout=None)
