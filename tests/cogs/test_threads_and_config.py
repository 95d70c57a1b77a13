"""`/tavern config` and threads per match, through discord.py's real objects and the fake Discord
(which keeps threads: opened on a message, archived, un-archived, deleted)."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import TavernBot
from cogs.clock import TurnClock
from data import Store
from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    button_id,
    private_messages,
    public_messages,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import (
    CHANNEL_ID,
    GUILD_ID,
    Driver,
    FakeDiscord,
    Request,
    member,
)

GUEST = member(1005, "Guest")


def thread_opened(requests: list[Request]) -> Request:
    (opened,) = [r for r in requests if r.method == "POST" and r.path.endswith("/threads")]
    return opened


def posted_in(requests: list[Request], channel_id: int) -> list[Request]:
    """The bot's public messages that landed in a channel (or thread)."""
    return [
        r
        for r in public_messages(requests)
        if isinstance(r.answer, dict) and int(r.answer["channel_id"]) == channel_id
    ]


def field(request: Request, name: str) -> str:
    (value,) = [f["value"] for f in request.embeds[0]["fields"] if f["name"] == name]
    return str(value)


async def a_legal_move(host: Host, match_id: int) -> tuple[Any, str]:
    snapshot = await host.get(match_id)
    assert snapshot.state is not None and snapshot.seat_to_move is not None
    mover = ALICE if snapshot.seat_to_move.user_id == ALICE.id else BOB
    return mover, str(snapshot.state.legal_moves()[0])


async def test_config_is_refused_to_a_member_without_manage_server(
    driver: Driver, host: Host, db_path: Path
) -> None:
    command = driver.bot.tree.get_command("tavern")
    assert command is not None and command.default_permissions is not None
    assert command.default_permissions.manage_guild  # Discord shows it to managers only
    for options in ({}, {"rated": False}, {"disable": "keibot"}, {"quiet": True}, {"turn_clock": "1d"}):
        refused = the_private_message(await driver.command(GUEST, "tavern config", **options))
        assert "Manage Server" in refused.content and "/help" in refused.content
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM guild_settings").fetchone() == (0,)
    assert (await host.server_settings(GUILD_ID)).rated


async def test_config_shows_and_changes_the_settings_privately(driver: Driver, host: Host) -> None:
    shown = the_private_message(await driver.command(ALICE, "tavern config"))
    assert "Keryo-Pente, Keibot, Glass Bead Game, Verquere, Kerboge" in field(shown, "Games offered")
    assert field(shown, "Turn clock").startswith("off (the bot's default)")  # the test bot has none
    assert "there is no turn clock, so nobody is resigned" in field(shown, "Turn clock")
    assert "is resigned;" not in field(shown, "Turn clock")
    assert field(shown, "Lobby clock").startswith("3 days (the bot's default)")
    assert field(shown, "Ratings").startswith("rated") and field(shown, "Quiet mode") == "off"
    changed = the_private_message(
        await driver.command(
            ALICE, "tavern config", disable="verquere", turn_clock="1d", lobby_clock="14d", rated=False
        )
    )
    assert "changed" in changed.embeds[0]["title"]
    assert "Not offered: Verquere" in field(changed, "Games offered")
    assert field(changed, "Turn clock").startswith(
        "1 day: a player who does not move for this long is resigned"
    )
    assert "reminded at half and at 90%" in field(changed, "Turn clock")
    assert field(changed, "Lobby clock").startswith("14 days:")
    assert field(changed, "Ratings").startswith("unrated")
    quiet = the_private_message(await driver.command(ALICE, "tavern config", quiet=True))
    assert field(quiet, "Threads") == "every match in its own thread (quiet mode)"
    assert field(quiet, "Quiet mode").startswith("on")
    refused = the_private_message(await driver.command(ALICE, "tavern config", threads=False, quiet=True))
    assert "needs threads on" in refused.content
    assert (await host.server_settings(GUILD_ID)).quiet  # unchanged


async def test_a_game_not_offered_is_refused_and_help_and_games_leave_it_out(
    driver: Driver, host: Host
) -> None:
    await driver.command(ALICE, "tavern config", disable="keibot")
    refused = the_private_message(await driver.command(ALICE, "keibot new"))
    assert refused.content.startswith("Keibot is not offered on this server.")
    assert "`/keryo-pente new`" in refused.content and "`/keibot new`" not in refused.content
    assert await host.matches_in_channel(GUILD_ID, CHANNEL_ID) == []
    help_text = the_private_message(await driver.command(ALICE, "help")).text
    assert "/keibot new" not in help_text and "/keryo-pente new" in help_text
    games_text = the_private_message(await driver.command(ALICE, "games")).text
    assert "/keibot new" not in games_text and "/verquere new" in games_text
    await driver.command(ALICE, "tavern config", enable="keibot")
    assert public_messages(await driver.command(ALICE, "keibot new"))


async def test_an_unrated_servers_match_says_so_and_moves_no_rating(
    driver: Driver, host: Host, store: Store
) -> None:
    await driver.command(ALICE, "tavern config", rated=False)
    await driver.command(ALICE, "keibot new")
    board = the_public_message(await driver.command(BOB, "keibot join"))
    assert "unrated" in board.embeds[0]["footer"]["text"]
    resigner, _ = await a_legal_move(host, 1)
    await host.resign(1, resigner.id)
    assert (await host.get(1)).status == "finished"
    assert await store.rating(ALICE.id, "keibot", GUILD_ID) is None
    assert (await store.record(ALICE.id, "keibot", GUILD_ID)).matches == 1


async def test_a_match_in_its_thread_from_lobby_to_result_with_the_thread_archived_meanwhile(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    opened = await driver.command(ALICE, "keibot new", thread=True)
    lobby = the_public_message(opened)
    assert int(lobby.answer["channel_id"]) == CHANNEL_ID  # the lobby stays in the channel
    created = thread_opened(opened)
    assert created.path == f"/channels/{CHANNEL_ID}/messages/{lobby.answer['id']}/threads"
    assert created.payload is not None and created.payload["auto_archive_duration"] == 10080
    thread = int(created.answer["id"])
    assert (await host.get(1)).thread_id == thread

    # Bob joins from the channel: the board goes to the thread, the channel gets the link.
    joined = await driver.click(BOB, sent_message(lobby), button_id(sent_message(lobby), "join"))
    (board,) = posted_in(joined, thread)
    (link,) = posted_in(joined, CHANNEL_ID)
    assert f"<#{thread}>" in link.content and "has started" in link.content
    assert "it is your turn" in board.content

    # A move typed in the thread is answered there.
    mover, move = await a_legal_move(host, 1)
    in_thread = await driver.command(mover, "keibot move", channel_id=thread, move=move)
    assert posted_in(in_thread, thread) and not posted_in(in_thread, CHANNEL_ID)

    # Discord archives the thread; a move typed in the channel un-archives it and lands there.
    fake.archive(thread)
    mover, move = await a_legal_move(host, 1)
    from_channel = await driver.command(mover, "keibot move", move=move)
    assert [r.payload for r in from_channel if r.method == "PATCH" and r.path == f"/channels/{thread}"] == [
        {"archived": False}
    ]
    assert not fake.threads[thread].archived
    assert len(posted_in(from_channel, thread)) == 1 and not posted_in(from_channel, CHANNEL_ID)
    pointer = the_private_message(from_channel)
    assert f"<#{thread}>" in pointer.content
    assert (await host.get(1)).message_channel_id == thread

    # The buttons of the board in the thread work; a resignation ends it: result in both places.
    mover, _ = await a_legal_move(host, 1)
    newest = sent_message(posted_in(from_channel, thread)[0])
    clicked = await driver.click(mover, newest, button_id(newest, "resign"), channel_id=thread)
    ask = the_private_message(clicked).message  # answered by the click's callback
    assert ask is not None
    ended = await driver.click(mover, ask, button_id(ask, "resign-yes"), channel_id=thread)
    (final,) = posted_in(ended, thread)
    (result,) = posted_in(ended, CHANNEL_ID)
    assert "wins" in final.embeds[0]["description"] and "wins" in result.embeds[0]["description"]
    assert (await host.get(1)).status == "finished"


async def test_quiet_modes_channel_sees_only_the_lobby_and_the_result(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    await driver.command(ALICE, "tavern config", quiet=True)
    requests = await driver.command(ALICE, "keibot new")
    thread = int(thread_opened(requests).answer["id"])
    requests += await driver.command(BOB, "keibot join")
    for _ in range(2):
        mover, move = await a_legal_move(host, 1)
        requests += await driver.command(mover, "keibot move", move=move)  # typed in the channel
        mover, move = await a_legal_move(host, 1)
        requests += await driver.command(mover, "keibot move", channel_id=thread, move=move)
    mover, _ = await a_legal_move(host, 1)
    ask = sent_message(the_private_message(await driver.command(mover, "keibot resign")))
    requests += await driver.click(mover, ask, button_id(ask, "resign-yes"))  # in the channel
    in_channel = posted_in(requests, CHANNEL_ID)
    assert [r.embeds[0]["title"] for r in in_channel] == ["Keibot #1", "Keibot #1"]
    assert "Lobby" in in_channel[0].embeds[0]["description"]
    assert "wins" in in_channel[1].embeds[0]["description"]
    assert len(posted_in(requests, thread)) == 6  # the start, four moves, the resignation
    assert all(
        f"<#{thread}>" in r.content for r in private_messages(requests) if r.content.startswith("Done")
    )


async def test_a_deleted_thread_sends_the_match_back_to_its_channel(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    requests = await driver.command(ALICE, "keibot new", thread=True)
    thread = int(thread_opened(requests).answer["id"])
    fake.delete_thread(thread)
    joined = await driver.command(BOB, "keibot join")
    boards = posted_in(joined, CHANNEL_ID)
    assert any("it is your turn" in r.content for r in boards)
    after = await host.get(1)
    assert after.thread_id is None and not after.threaded and after.message_channel_id == CHANNEL_ID
    mover, move = await a_legal_move(host, 1)
    assert posted_in(await driver.command(mover, "keibot move", move=move), CHANNEL_ID)


async def test_against_the_computer_the_thread_hangs_on_a_start_line(driver: Driver, host: Host) -> None:
    requests = await driver.command(ALICE, "keibot new", opponent="computer", level="easy", thread=True)
    (line,) = posted_in(requests, CHANNEL_ID)
    assert "has started" in line.content and "the thread of this message" in line.content
    opened = thread_opened(requests)
    assert opened.path.endswith(f"/messages/{line.answer['id']}/threads")
    thread = int(opened.answer["id"])
    assert posted_in(requests, thread)
    assert (await host.get(1)).thread_id == thread


async def test_the_sweep_uses_the_servers_own_turn_clock(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    await driver.command(ALICE, "keibot new")
    await driver.command(BOB, "keibot join")
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE matches SET updated_at = datetime('now', '-2 days')")
    assert await clock.sweep() == []  # the bot's 7 days
    await driver.command(ALICE, "tavern config", turn_clock="1d")
    fake.requests.clear()
    assert [m.id for m in await clock.sweep()] == [1]
    (posted,) = [r for r in fake.requests if r.is_channel_post]
    assert "ran out of time (1 day)" in posted.text
    assert (await host.get(1)).status == "finished"


async def test_a_match_opened_inside_a_thread_is_played_there(driver: Driver, host: Host) -> None:
    requests = await driver.command(ALICE, "keibot new", thread=True)
    thread = int(thread_opened(requests).answer["id"])
    inside = await driver.command(BOB, "keryo-pente new", seats=2, thread=True, channel_id=thread)
    assert not [r for r in inside if r.path.endswith("/threads")]  # no thread in a thread
    (lobby,) = posted_in(inside, thread)
    match = await host.get(2)
    assert not match.threaded and match.channel_id == thread
    started = await driver.click(
        ALICE, sent_message(lobby), button_id(sent_message(lobby), "join"), channel_id=thread
    )
    assert posted_in(started, thread) and not posted_in(started, CHANNEL_ID)
