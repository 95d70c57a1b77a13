"""`/tavern cancel` (a moderator ends a match unrated) and `/settings vacation:`, driven in-process
over a real SQLite file."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot import TavernBot
from cogs.clock import TurnClock
from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    button_id,
    sent_message,
    start_match,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, FakeDiscord, Request, member

GUEST = member(1005, "Guest")


def edits_of(fake: FakeDiscord, start: int, message_id: int) -> list[Request]:
    return [
        r for r in fake.requests[start:] if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")
    ]


async def test_a_moderator_cancels_a_match_unrated_and_its_players_are_told(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    message_id = (await host.get(game.match_id)).message_id
    assert message_id is not None
    start = len(fake.requests)
    answer = the_private_message(await driver.command(ALICE, "tavern cancel", match=game.match_id))
    assert (
        answer.ephemeral and f"Keryo-Pente #{game.match_id} is cancelled: it ends unrated" in answer.content
    )
    after = await host.get(game.match_id)
    assert after.status == "abandoned" and after.outcome is None
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)
        assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)
    (edited,) = edits_of(fake, start, message_id)  # the match message says so, buttons gone
    description = edited.embeds[0]["description"]
    assert "A moderator cancelled this match." in description
    assert "This match was cancelled: it ends unrated, with no winner and no loser." in description
    assert not (edited.message or {}).get("components")
    # The mover (mention, the default) is pinged in the channel; the other (DM) by direct message.
    pings = [
        r for r in fake.requests[start:] if r.is_channel_post and r.path == f"/channels/{CHANNEL_ID}/messages"
    ]
    (ping,) = [r for r in pings if "was cancelled by a moderator" in r.content]
    assert ping.content.startswith(f"<@{game.mover.id}>:")
    assert f"<@{game.other.id}>" not in ping.content
    (dm,) = [r for r in fake.direct_messages(game.other.id) if "cancelled" in r.content]
    assert "ends unrated, with no winner and no loser" in dm.content


async def test_cancel_is_refused_clearly_and_changes_nothing(
    driver: Driver, host: Host, db_path: Path
) -> None:
    game = await start_match(driver, host)
    refused = the_private_message(await driver.command(GUEST, "tavern cancel", match=game.match_id))
    assert "Manage Server" in refused.content and "cancel a match" in refused.content
    unknown = the_private_message(await driver.command(ALICE, "tavern cancel", match=999))
    assert "There is no match #999" in unknown.content
    assert (await host.get(game.match_id)).status == "playing"
    await driver.command(ALICE, "tavern cancel", match=game.match_id)
    again = the_private_message(await driver.command(ALICE, "tavern cancel", match=game.match_id))
    assert f"Keryo-Pente #{game.match_id} is already over (abandoned)" in again.content
    assert "only a lobby or a match being played can be cancelled" in again.content
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT status FROM matches").fetchall() == [("abandoned",)]


async def test_vacation_is_set_shown_on_the_match_message_and_ended(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    shown = the_private_message(await driver.command(game.other, "settings", vacation="3"))
    assert shown.content.startswith("Saved.")
    assert "• Vacation: on until <t:" in shown.content and "your turn clocks are stopped" in shown.content
    assert "11 days left of your 14 in any 30" in shown.content
    until = (await host.vacation(game.other.id)).until
    assert until is not None
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")
    (message,) = [r for r in requests if r.is_followup and not r.ephemeral]
    assert (
        f"🏖️ <@{game.other.id}> (" in message.embeds[0]["description"]
        and f"is on vacation (until <t:{int(until.timestamp())}:R>)" in message.embeds[0]["description"]
    )
    back = the_private_message(await driver.command(game.other, "settings", vacation="off"))
    assert "• Vacation: off;" in back.content and "14 days left" not in back.content
    assert (await host.vacation(game.other.id)).until is None


async def test_a_vacation_that_cannot_be_taken_is_refused_and_changes_nothing(
    driver: Driver, host: Host
) -> None:
    refused = the_private_message(await driver.command(ALICE, "settings", vacation="20", notify="dm"))
    assert "'20' is not a vacation you can take now: give a number of days from 1 to 14" in refused.content
    assert (await host.vacation(ALICE.id)).until is None
    assert (await host.player_settings(ALICE.id)).notify == "mention"  # nothing else stored either
    bad_notice = the_private_message(await driver.command(ALICE, "settings", vacation="2", notify="pigeon"))
    assert "pigeon" in bad_notice.content
    assert (await host.vacation(ALICE.id)).until is None


async def test_the_sweep_leaves_a_player_on_vacation_and_does_not_remind_them(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await host.configure(GUILD_ID, turn_clock="1d")
    await driver.command(game.mover, "settings", vacation="3")
    # The turn began two days ago, and the vacation an hour after it.
    turn_start = datetime.now(UTC) - timedelta(days=2)
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE moves SET played_at = ?", (turn_start.isoformat(timespec="milliseconds"),))
        conn.execute("UPDATE matches SET updated_at = ?", (turn_start.isoformat(timespec="milliseconds"),))
        conn.execute("UPDATE vacations SET starts_at = ?", ((turn_start + timedelta(hours=1)).isoformat(),))
    start = len(fake.requests)
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=None)
    assert await clock.sweep() == []
    assert (await host.get(game.match_id)).status == "playing"
    assert not any("a reminder" in (r.content or "") for r in fake.requests[start:])


async def test_a_cancelled_match_in_a_thread_says_so_in_its_thread_and_its_channel(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    opened = await driver.command(ALICE, "keibot new", thread=True)
    (created,) = [r for r in opened if r.method == "POST" and r.path.endswith("/threads")]
    thread = int(created.answer["id"])
    lobby = the_public_message(opened)
    await driver.click(BOB, sent_message(lobby), button_id(sent_message(lobby), "join"))
    snapshot = await host.get(1)
    assert snapshot.status == "playing" and snapshot.message_channel_id == thread
    start = len(fake.requests)
    await driver.command(ALICE, "tavern cancel", match=1)
    (edited,) = edits_of(fake, start, snapshot.message_id or 0)
    assert edited.path.startswith(f"/channels/{thread}/")  # the match message, in the thread
    assert "This match was cancelled" in edited.embeds[0]["description"]
    result = [
        r for r in fake.requests[start:] if r.is_channel_post and r.path == f"/channels/{CHANNEL_ID}/messages"
    ]
    assert any("This match was cancelled" in (r.embeds[0]["description"] if r.embeds else "") for r in result)
    (ping,) = [
        r for r in fake.requests[start:] if r.is_channel_post and "was cancelled by a moderator" in r.content
    ]
    assert ping.path == f"/channels/{thread}/messages"  # the players are pinged where they play
    assert ping.content.startswith("<@") and ping.content.count("<@") == 2
