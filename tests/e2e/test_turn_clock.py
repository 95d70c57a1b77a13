"""A server with a 1-day turn clock, through the real bot: the player to move is reminded at half
and at 90% of that day (not of the bot's default week), then resigned. Time is moved the way a
long pause would move it: the bot is stopped, the match's turn is set back in its database, and
the bot's start-up sweep finds it as the 10-minute sweep would."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from .bot_process import BotProcess
from .driver import ALICE, BOB, PLAYERS, Driver, Player, Stored, component_id, match_of, wait_for
from .fake_discord import Posted


@pytest.fixture
def one_day_clock(driver: Driver) -> Iterator[None]:
    """The server's turn clock is 1 day for the test, then the bot's default again."""
    driver.command(ALICE, "tavern config", turn_clock="1d")
    yield
    driver.command(ALICE, "tavern config", turn_clock="default")


def turn_began(bot: BotProcess, match_id: int, ago: timedelta) -> None:
    """With the bot stopped: the match's position was reached (and it changed last) `ago` ago."""
    bot.stop()
    text = (datetime.now(UTC) - ago).isoformat(timespec="milliseconds")
    with sqlite3.connect(bot.database) as db:
        db.execute("UPDATE moves SET played_at = ? WHERE match_id = ?", (text, match_id))
        db.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (text, match_id))
    bot.start()


def deadline_in(content: str) -> float:
    """How many seconds from now a reminder says the turn clock runs out: its Discord timestamp
    ("the turn clock runs out <t:…:R>", which each client shows as "in 11 hours")."""
    found = re.search(r"the turn clock runs out <t:(\d+):R>", content)
    assert found, content
    return int(found.group(1)) - datetime.now(UTC).timestamp()


def reminders(driver: Driver, player: Player, title: str) -> list[Posted]:
    return [
        p
        for p in driver.public()
        if p.content.startswith(f"<@{player.id}>, a reminder: it is your turn in {title};")
    ]


def test_a_one_day_server_reminds_twice_then_resigns(
    driver: Driver, stored: Stored, bot: BotProcess, one_day_clock: None
) -> None:
    for player in (ALICE, BOB):  # each player's notices as they come by default
        driver.command(player, "settings", notify="mention", reminders=True)
    lobby = driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(BOB, lobby_message, component_id(lobby_message, "join"))
    match_id = match_of(joined.messages[-1])
    title = f"Keryo-Pente #{match_id}"
    idle = PLAYERS[stored.user_to_move(match_id) or 0]

    turn_began(bot, match_id, timedelta(hours=13))
    (half,) = wait_for(lambda: reminders(driver, idle, title), 20, "the reminder at half the day")
    assert deadline_in(half.content) == pytest.approx(timedelta(hours=11).total_seconds(), abs=120)
    assert half.pinged == [idle.id]
    assert stored.match(match_id).status == "playing"

    turn_began(bot, match_id, timedelta(hours=22))
    _, ninety = wait_for(
        lambda: reminders(driver, idle, title)[1:] and reminders(driver, idle, title), 20, "90%"
    )
    assert deadline_in(ninety.content) == pytest.approx(timedelta(hours=2).total_seconds(), abs=120)
    assert ninety.pinged == [idle.id]
    assert stored.match(match_id).status == "playing"

    turn_began(bot, match_id, timedelta(hours=25))
    wait_for(lambda: stored.match(match_id).status == "finished", 20, "the resignation")
    resigned = wait_for(
        lambda: [
            b for b in driver.boards() if match_of(b) == match_id and "ran out of time (1 day)" in b.text
        ],
        20,
        "the match message saying so",
    )
    assert "7 days" not in resigned[-1].text
    assert len(reminders(driver, idle, title)) == 2  # each reminder once, across three restarts
