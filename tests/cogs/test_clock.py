"""The turn clock: an idle player is resigned and the match message says so in its channel."""

from __future__ import annotations

import logging
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

import cogs.clock
from bot import TavernBot
from cogs.clock import TurnClock
from cogs.errors import OutageLog
from data import LeftReason, Store
from host import Host, Player
from tests.support.discord_harness import ALICE, BOB, CAROL
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, FakeDiscord, User


def backdate(db_path: Path, days: int) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET updated_at = datetime('now', ?)", (f"-{days} days",))


async def test_idle_player_is_resigned_and_announced(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    await driver.command(ALICE, "keryo-pente new", seats=2)
    await driver.command(BOB, "keryo-pente join")
    match = await host.get(1)
    assert match.status == "playing"
    idle = match.seat_to_move
    assert idle is not None
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))
    assert await clock.sweep() == []  # nothing is idle yet
    backdate(db_path, 8)
    fake.requests.clear()
    changed = await clock.sweep()
    assert [m.id for m in changed] == [1]
    after = await host.get(1)
    assert after.status == "finished" and after.seats[idle.index].resigned
    posted = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert len(posted) == 1
    assert "ran out of time" in posted[0].text
    (scores,) = [f["value"] for f in posted[0].embeds[0]["fields"] if f["name"] == "Final scores"]
    assert "· ran out of time" in scores and "resigned" not in scores  # not reported as resigned
    (just_played,) = [f["value"] for f in posted[0].embeds[0]["fields"] if f["name"] == "Just played"]
    description = posted[0].embeds[0]["description"]
    assert "ran out of time (7 days)" in just_played  # said once, with the clock's length
    assert "7 days" not in description and description.count("ran out of time") == 1  # the outcome
    assert after.message_id == int(posted[0].answer["id"])


async def test_with_four_players_each_seat_that_left_is_told_its_own_way(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    """One player resigns, then another lets the clock run out: the match goes on with two, and
    the message tells each seat apart (the host stores why each left)."""
    await driver.command(ALICE, "keryo-pente new", seats=4)
    for user in (BOB, CAROL, User(1004, "Dan")):
        await driver.command(user, "keryo-pente join")
    match = await host.get(1)
    idle = match.seat_to_move
    assert match.status == "playing" and idle is not None
    quitter = next(s for s in match.seats if s.index != idle.index)
    assert quitter.user_id is not None
    await host.resign(1, quitter.user_id)
    backdate(db_path, 8)
    fake.requests.clear()
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))
    assert [m.id for m in await clock.sweep()] == [1]
    after = await host.get(1)
    assert after.status == "playing"  # two players go on
    assert after.seats[quitter.index].left == LeftReason.RESIGNED
    assert after.seats[idle.index].left == LeftReason.TIMEOUT
    with sqlite3.connect(db_path) as conn:
        stored = dict(conn.execute("SELECT seat, left_reason FROM seats WHERE match_id = 1").fetchall())
    assert stored[quitter.index] == "resigned" and stored[idle.index] == "timeout"
    (posted,) = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    (players,) = [f["value"] for f in posted.embeds[0]["fields"] if f["name"] == "Players"]
    lines = players.splitlines()
    assert lines[quitter.index].endswith("· resigned") and "time" not in lines[quitter.index]
    assert lines[idle.index].endswith("· ran out of time")
    assert sum("resigned" in line or "ran out of time" in line for line in lines) == 2


async def test_idle_lobby_is_closed(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    await driver.command(ALICE, "keryo-pente new", seats=3)
    backdate(db_path, 4)
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))
    changed = await clock.sweep()
    assert [m.status for m in changed] == ["abandoned"]
    (closed,) = [r for r in fake.requests if "Nobody joined for 72 hours" in r.text]
    # The lobby's own message says it was closed: no new message for it.
    (lobby,) = [r for r in fake.requests if r.is_followup and r.embeds]
    assert closed.method == "PATCH" and closed.path.endswith(f"/messages/{lobby.answer['id']}")
    assert closed.payload is not None and closed.payload["components"] == []
    assert not [r for r in fake.requests if r.is_channel_post]
    assert (await host.get(changed[0].id)).message_id == int(lobby.answer["id"])
    assert await host.due_announcements(everything=True) == []
    assert closed.text.count("This lobby was closed") == 1  # said once, not twice
    embed = closed.embeds[0]
    assert [field["name"] for field in embed["fields"]] == ["Players", "Options"]  # no "Final scores"
    assert "(Red)" not in closed.text and "(Blue)" not in closed.text  # no colours were dealt


async def test_computer_moves_left_by_a_restart_are_played_and_announced(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord
) -> None:
    # A match against the computer whose computer seat is to move, as after a restart mid-think:
    # open it with the host directly, so that no command plays the computer's move.
    for _ in range(8):
        match = await host.new(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            creator=Player(ALICE.id, "Alice"),
            game_key="keryo-pente",
            seats=2,
            computers="easy",
        )
        if match.waiting_for_computer:
            break
    assert match.waiting_for_computer
    clock = TurnClock(bot, host, turn_timeout=None, lobby_timeout=timedelta(days=3))
    fake.requests.clear()
    changed = await clock.sweep()
    assert match.id in [m.id for m in changed]
    after = await host.get(match.id)
    assert not after.waiting_for_computer and after.ply > match.ply
    assert any(r.method == "POST" and r.path.endswith("/messages") for r in fake.requests)


async def test_lobbies_stay_open_when_their_timeout_is_off_and_players_stay_when_the_clock_is_off(
    driver: Driver, bot: TavernBot, host: Host, db_path: Path
) -> None:
    await driver.command(ALICE, "keryo-pente new", seats=3)
    await driver.command(BOB, "keibot new")
    await driver.command(ALICE, "keibot join")
    backdate(db_path, 400)
    never = TurnClock(bot, host, turn_timeout=None, lobby_timeout=None)
    assert await never.sweep() == []
    assert [(await host.get(i)).status for i in (1, 2)] == ["lobby", "playing"]
    lobbies_only = TurnClock(bot, host, turn_timeout=None, lobby_timeout=timedelta(days=3))
    assert [(m.id, m.status) for m in await lobbies_only.sweep()] == [(1, "abandoned")]
    assert (await host.get(2)).status == "playing"


async def test_a_computer_move_played_meanwhile_is_not_announced_again(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(8):
        match = await host.new(
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            creator=Player(ALICE.id, "Alice"),
            game_key="keryo-pente",
            seats=2,
            computers="easy",
        )
        if match.waiting_for_computer:
            break
    assert match.waiting_for_computer
    listed = await host.computer_matches()
    assert match.id in listed
    # The sweep listed the match, then an interaction's own path played the computer's move.
    assert (await host.play_computers(match.id)).played

    async def stale_list() -> list[int]:
        return listed

    monkeypatch.setattr(host, "computer_matches", stale_list)
    clock = TurnClock(bot, host, turn_timeout=None, lobby_timeout=None)
    fake.requests.clear()
    assert await clock.sweep() == []
    assert not any(r.method == "POST" and r.path.endswith("/messages") for r in fake.requests)


async def test_an_outage_met_by_the_background_loops_is_one_line_without_a_traceback(
    bot: TavernBot,
    host: Host,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The sweep and the outbox meet a database that cannot be used (here: closed) every few
    seconds: each kind is logged once a minute, as the interactions' answers log it, never as a
    traceback a round."""
    monkeypatch.setattr(cogs.clock, "outages", OutageLog())
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))
    await store.close()
    with caplog.at_level(logging.INFO):
        for _ in range(3):
            await clock.sweeper()
            await clock.outbox()
    lines = [r for r in caplog.records if r.name.startswith("tavern")]
    assert [r.getMessage().split(":")[0] for r in lines] == ["Database unavailable [StoreClosing]"]
    assert all(r.exc_info is None for r in caplog.records)
