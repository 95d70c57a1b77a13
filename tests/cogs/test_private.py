"""Playing in a group DM through a user's install of the app: the bot can only answer
interactions there, so every board follows an interaction (the computer's moves too), nothing is
posted on the bot's own, and the match counts for the ratings across all servers only."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot import TavernBot
from cogs.clock import TurnClock
from data import Store
from host import GLOBAL_SCOPE, Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    button_id,
    public_messages,
    select_options,
    sent_message,
    the_public_message,
)
from tests.support.fake_discord import GROUP_DM_ID, Driver, FakeDiscord, Request


def posted_on_its_own(requests: list[Request]) -> list[Request]:
    return [
        r for r in requests if r.is_channel_post or (r.method == "PATCH" and r.path.startswith("/channels/"))
    ]


async def test_a_game_in_a_group_dm_is_shown_by_its_interactions_only(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord, bot: TavernBot
) -> None:
    opened = the_public_message(await driver.command(ALICE, "keibot new", channel_id=GROUP_DM_ID))
    lobby = sent_message(opened)
    started = the_public_message(
        await driver.click(BOB, lobby, button_id(lobby, "join"), channel_id=GROUP_DM_ID)
    )
    (summary,) = await host.matches_of_player(ALICE.id)
    snapshot = await host.get(summary.id)
    assert snapshot.private and snapshot.guild_id == GROUP_DM_ID and snapshot.status == "playing"
    board = sent_message(started)
    for _ in range(4):  # each player moves by the menu on the newest board
        snapshot = await host.get(summary.id)
        assert snapshot.seat_to_move is not None
        mover = ALICE if snapshot.seat_to_move.user_id == ALICE.id else BOB
        choice = select_options(board)[0]["value"]
        requests = await driver.click(
            mover, board, button_id(board, "move"), values=[choice], channel_id=GROUP_DM_ID
        )
        board = sent_message(the_public_message(requests))
        other = BOB if mover is ALICE else ALICE
        assert board["content"].startswith(f"<@{other.id}>, it is your turn")
    asked = sent_message((await driver.command(ALICE, "keibot resign", channel_id=GROUP_DM_ID))[-1])
    await driver.click(ALICE, asked, button_id(asked, "resign-yes"), channel_id=GROUP_DM_ID)
    assert (await host.get(summary.id)).status == "finished"
    assert posted_on_its_own(fake.requests) == [], "the bot cannot post in a group DM on its own"
    # Rated across all servers only: the group DM is no server with a ladder.
    async with store.reading() as db:
        scopes = {row[0] for row in await db.execute_fetchall("SELECT DISTINCT scope FROM ratings")}
    assert scopes == {GLOBAL_SCOPE}
    # Nothing is left for the sweep to post, and it posts nothing there.
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=None)
    assert await clock.post_owed(everything=True) == 0


async def test_the_computers_moves_in_a_group_dm_follow_the_interaction(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    requests = await driver.command(
        ALICE, "keibot new", opponent="computer", level="easy", channel_id=GROUP_DM_ID
    )
    (summary,) = await host.matches_of_player(ALICE.id)
    for _ in range(3):
        snapshot = await host.get(summary.id)
        assert snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id
        board = sent_message(public_messages(requests)[-1])
        choice = select_options(board)[0]["value"]
        requests = await driver.click(
            ALICE, board, button_id(board, "move"), values=[choice], channel_id=GROUP_DM_ID
        )
        # Alice's board, then the computer's, both answers to her click.
        answers = [r for r in public_messages(requests) if r.is_followup]
        assert len(answers) == 2 and "is thinking" in answers[0].text
        assert (await host.get(summary.id)).ply == snapshot.ply + 2
    assert posted_on_its_own(fake.requests) == []


async def test_a_group_dm_match_is_not_reached_from_a_server(driver: Driver, host: Host) -> None:
    opened = sent_message(
        the_public_message(await driver.command(ALICE, "keibot new", channel_id=GROUP_DM_ID))
    )
    # The same Join button, copied onto a message in a server channel, reaches nothing.
    requests = await driver.click(BOB, opened, button_id(opened, "join"))
    assert not public_messages(requests)
    (summary,) = await host.matches_of_player(ALICE.id)
    assert (await host.get(summary.id)).is_lobby and len((await host.get(summary.id)).seats) == 1


async def test_a_reminder_in_a_group_dm_comes_by_direct_message(
    driver: Driver, host: Host, fake: FakeDiscord, bot: TavernBot, db_path: Path
) -> None:
    lobby = sent_message(
        the_public_message(await driver.command(ALICE, "keibot new", channel_id=GROUP_DM_ID))
    )
    await driver.click(BOB, lobby, button_id(lobby, "join"), channel_id=GROUP_DM_ID)
    (summary,) = await host.matches_of_player(ALICE.id)
    seat = (await host.get(summary.id)).seat_to_move
    assert seat is not None and seat.user_id is not None
    half_a_week_ago = (datetime.now(UTC) - timedelta(days=3, hours=13)).isoformat(timespec="milliseconds")
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (half_a_week_ago, summary.id))
    start = len(fake.requests)
    await TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=None).sweep()
    (reminder,) = fake.direct_messages(seat.user_id)
    assert "a reminder: it is your turn" in reminder.content.lower()
    assert f"https://discord.com/channels/@me/{GROUP_DM_ID}/" in reminder.content
    assert [r for r in fake.requests[start:] if r.is_channel_post and str(GROUP_DM_ID) in r.path] == []


async def test_a_group_dm_match_asked_for_a_thread_has_none(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    the_public_message(await driver.command(ALICE, "keibot new", thread=True, channel_id=GROUP_DM_ID))
    (summary,) = await host.matches_of_player(ALICE.id)
    snapshot = await host.get(summary.id)
    assert snapshot.private and not snapshot.threaded and not fake.threads
