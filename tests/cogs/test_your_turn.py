"""Your turn, wherever you are: /settings, turn notices by mention, direct message or nothing,
reminders before the turn clock runs out, and /mygames, driven in-process over a real SQLite file."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot import TavernBot
from cogs.clock import TurnClock
from data import Notify, Store
from host import Host, Player, PlayerSettings
from tests.support.discord_harness import (
    ALICE,
    BOB,
    Started,
    private_messages,
    public_messages,
    sent_message,
    start_match,
    the_private_message,
)
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, OTHER_CHANNEL_ID, Driver, FakeDiscord, Request
from tests.support.host import mover
from tests.support.turns import WEEK, channel_posts, clock_of, moved, set_turn_start


def pinged(request: Request) -> list[str]:
    """The users a message may ping."""
    return [str(u) for u in ((request.message or {}).get("allowed_mentions") or {}).get("users", [])]


def link(message_id: int | str) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{message_id}"


DEADLINE = re.compile(r"<t:(\d+):R>")


def deadline_of(content: str) -> str:
    """The Discord timestamp of a reminder's deadline ("<t:…:R>": each client shows "in 3 days")."""
    found = DEADLINE.search(content)
    assert found, content
    return found.group(0)


def runs_out_in(content: str) -> float:
    """How many seconds from now the reminder's deadline is."""
    found = DEADLINE.search(content)
    assert found, content
    return int(found.group(1)) - datetime.now(UTC).timestamp()


async def test_settings_are_shown_saved_and_erased_by_forget_me(
    driver: Driver, host: Host, store: Store
) -> None:
    shown = the_private_message(await driver.command(ALICE, "settings"))
    assert shown.ephemeral
    assert "Your turn notices:" in shown.content and "a mention in the match's channel." in shown.content
    assert (
        "Reminders before the turn clock runs out: on, but there is no turn clock on this server"
        in shown.content
    )
    saved = the_private_message(await driver.command(ALICE, "settings", notify="dm"))
    assert saved.content.startswith("Saved.") and "a direct message from me" in saved.content
    off = the_private_message(await driver.command(ALICE, "settings", reminders=False))
    assert "a direct message from me" in off.content and "runs out: off." in off.content
    assert await host.player_settings(ALICE.id) == PlayerSettings(Notify.DM, False)
    assert (
        "turn notice settings"
        in the_private_message(await driver.command(ALICE, "privacy forget-me")).content
    )
    ask = the_private_message(await driver.command(ALICE, "privacy forget-me"))
    done = the_private_message(await driver.click(ALICE, sent_message(ask), ask.custom_ids()[0]))
    assert "settings are deleted" in done.content
    assert await store.settings(ALICE.id) is None
    assert await host.player_settings(ALICE.id) == PlayerSettings()


async def test_a_bad_setting_is_refused_and_changes_nothing(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "settings", notify="dm")
    refused = the_private_message(await driver.command(ALICE, "settings", notify="pigeon"))
    assert "pigeon" in refused.content and "mention, dm, nothing" in refused.content
    assert await host.player_settings(ALICE.id) == PlayerSettings(Notify.DM, True)


async def test_settings_with_a_clock_say_when_the_reminders_come(driver: Driver, bot: TavernBot) -> None:
    bot.clock.turn_timeout = WEEK
    shown = the_private_message(await driver.command(ALICE, "settings", notify="nothing"))
    assert "nothing: the match message names you, without a ping." in shown.content
    assert "after 3 days 12 hours and 6 days 7 hours of the 7 days a turn may last" in shown.content
    assert "as a mention in the match's channel (turn reminders off too" in shown.content


async def test_by_default_the_match_message_pings_the_player(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    _, message = await moved(driver, game)
    assert message.content.startswith(f"<@{game.other.id}>, it is your turn")
    assert pinged(message) == [str(game.other.id)]
    assert fake.direct_messages(game.other.id) == []


async def test_a_direct_message_links_to_the_match_message(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    await driver.command(game.mover, "settings", notify="dm")  # not told of their own move
    requests, message = await moved(driver, game)
    assert message.content == f"<@{game.other.id}>, it is your turn in Keryo-Pente #{game.match_id}."
    assert pinged(message) == []  # named, not pinged
    (dm,) = fake.direct_messages(game.other.id)
    assert requests.index(dm) > requests.index(message)  # after the message is posted
    message_id = message.answer["id"]
    assert dm.content == f"It is your turn in Keryo-Pente #{game.match_id}: {link(message_id)}"
    assert (await host.get(game.match_id)).message_id == int(message_id)
    assert channel_posts(fake, fake.requests.index(requests[0])) == []  # no second ping
    assert fake.direct_messages(game.mover.id) == []


async def test_a_refused_direct_message_becomes_a_channel_mention(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    fake.closed_dms.add(game.other.id)
    requests, message = await moved(driver, game)
    assert pinged(message) == []
    (refused,) = fake.direct_messages(game.other.id)
    assert refused.answer is None  # Discord refused it (403, 50007)
    (fallback,) = channel_posts(fake, fake.requests.index(requests[0]))
    assert fallback.content.startswith(f"<@{game.other.id}>, it is your turn in Keryo-Pente #{game.match_id}")
    assert "could not send you a direct message" in fallback.content
    assert link(message.answer["id"]) in fallback.content and pinged(fallback) == [str(game.other.id)]
    assert not [r for r in requests if r.ephemeral]  # nobody is told of an error
    assert (await host.get(game.match_id)).move_count == 1


async def test_nothing_pings_nobody(driver: Driver, host: Host, fake: FakeDiscord) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="nothing")
    requests, message = await moved(driver, game)
    assert message.content.startswith(f"<@{game.other.id}>, it is your turn")  # named all the same
    assert pinged(message) == []
    assert fake.direct_messages(game.other.id) == []
    assert channel_posts(fake, fake.requests.index(requests[0])) == []


async def test_the_outbox_follows_the_setting_too(driver: Driver, host: Host, fake: FakeDiscord) -> None:
    """A board Discord did not take is posted by the sweep, and the DM follows it."""
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    fake.fail_next("POST", r"/webhooks/.*")
    await moved_anyway(driver, game)
    clock = TurnClock(driver.bot, host, turn_timeout=None, lobby_timeout=None)
    start = len(fake.requests)
    assert await clock.post_owed(everything=True) == 1
    (posted,) = channel_posts(fake, start)
    assert pinged(posted) == []
    (dm,) = fake.direct_messages(game.other.id)
    assert dm.content.endswith(link(posted.answer["id"]))


async def moved_anyway(driver: Driver, game: Started) -> None:
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")
    assert any("Your move is stored" in r.content for r in private_messages(requests))


async def test_reminders_at_half_and_ninety_percent_once_each(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    clock = clock_of(bot, host)
    set_turn_start(db_path, game.match_id, timedelta(days=3))
    start = len(fake.requests)
    await clock.sweep()
    assert channel_posts(fake, start) == []  # not half yet
    set_turn_start(db_path, game.match_id, timedelta(days=3, hours=13))
    await clock.sweep()
    (half,) = channel_posts(fake, start)
    message_id = (await host.get(game.match_id)).message_id
    assert half.content == (
        f"<@{game.mover.id}>, a reminder: it is your turn in Keryo-Pente #{game.match_id}; the turn clock "
        f"runs out {deadline_of(half.content)} ({link(str(message_id))})"
    )
    assert runs_out_in(half.content) == pytest.approx(timedelta(days=3, hours=11).total_seconds(), abs=120)
    assert pinged(half) == [str(game.mover.id)]
    await clock.sweep()  # a second sweep sends nothing more
    assert len(channel_posts(fake, start)) == 1
    set_turn_start(db_path, game.match_id, timedelta(days=6, hours=8))
    await clock.sweep()
    await clock.sweep()
    _, ninety = channel_posts(fake, start)
    assert "a reminder" in ninety.content
    assert runs_out_in(ninety.content) == pytest.approx(timedelta(hours=16).total_seconds(), abs=120)
    assert (await host.get(game.match_id)).status == "playing"


async def test_a_reminder_by_direct_message_falls_back_when_refused(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "settings", notify="dm")
    clock = clock_of(bot, host)
    set_turn_start(db_path, game.match_id, timedelta(days=4))
    start = len(fake.requests)
    await clock.sweep()
    (dm,) = fake.direct_messages(game.mover.id)
    assert dm.content.startswith(
        f"A reminder: it is your turn in Keryo-Pente #{game.match_id}; the turn clock"
    )
    assert channel_posts(fake, start) == []
    fake.closed_dms.add(game.mover.id)
    set_turn_start(db_path, game.match_id, timedelta(days=6, hours=8))
    await clock.sweep()
    assert len(fake.direct_messages(game.mover.id)) == 2  # tried, refused
    (fallback,) = channel_posts(fake, start)
    assert fallback.content.startswith(f"<@{game.mover.id}>, a reminder: it is your turn")
    assert pinged(fallback) == [str(game.mover.id)]


async def test_nothing_with_reminders_on_is_reminded_in_the_channel(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "settings", notify="nothing")
    set_turn_start(db_path, game.match_id, timedelta(days=4))
    start = len(fake.requests)
    await clock_of(bot, host).sweep()
    (reminder,) = channel_posts(fake, start)
    assert pinged(reminder) == [str(game.mover.id)]


async def test_no_reminders_without_a_clock_or_when_turned_off(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    set_turn_start(db_path, game.match_id, timedelta(days=6, hours=8))
    start = len(fake.requests)
    await clock_of(bot, host, turn_timeout=None).sweep()
    await driver.command(game.mover, "settings", reminders=False)
    await clock_of(bot, host).sweep()
    assert channel_posts(fake, start) == [] and fake.direct_messages(game.mover.id) == []


async def test_mygames_lists_your_turn_first_with_links(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    theirs = await start_match(driver, host)  # Alice and Bob
    if theirs.mover == ALICE:
        await moved(driver, theirs)
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=False, channel_id=OTHER_CHANNEL_ID)
    await driver.command(BOB, "keryo-pente join", channel_id=OTHER_CHANNEL_ID)
    mine = await host.get(theirs.match_id + 1)
    if mover(mine) != ALICE.id:
        await driver.command(BOB, "keryo-pente move", move="K10", channel_id=OTHER_CHANNEL_ID)
    await driver.command(ALICE, "keibot new")
    set_turn_start(db_path, theirs.match_id, timedelta(days=2))
    set_turn_start(db_path, mine.id, timedelta(hours=3))
    answer = the_private_message(await driver.command(ALICE, "mygames"))
    (embed,) = answer.embeds
    assert embed["title"] == "Your matches"
    lines = embed["description"].splitlines()
    assert len(lines) == 3
    shown = await host.get(mine.id)
    theirs_id = (await host.get(theirs.match_id)).message_id
    mine_link = f"https://discord.com/channels/{GUILD_ID}/{shown.message_channel_id}/{shown.message_id}"
    assert lines[0] == f"• **Your turn** in [Keryo-Pente #{mine.id}]({mine_link}) (for 3 hours) · with Bob"
    # Bob is named once: as the player to move (issue 29: "**Carol** to move, for … · with Carol").
    assert lines[1] == (
        f"• [Keryo-Pente #{theirs.match_id}]({link(str(theirs_id))}): **Bob** to move (for 2 days)"
    )
    assert lines[2].startswith("• [Keibot #3](") and "lobby, 1 of 2 seats taken, open for" in lines[2]
    assert not public_messages(await driver.command(BOB, "mygames"))


async def test_mygames_says_how_many_more_when_cut(driver: Driver, host: Host) -> None:
    for server in range(70):  # a player may have 5 open lobbies on a server
        await host.new(
            guild_id=GUILD_ID + 1 + server,
            channel_id=CHANNEL_ID,
            creator=Player(ALICE.id, ALICE.name),
            game_key="keibot",
            options={"setup": "closed"},
        )
    (embed,) = the_private_message(await driver.command(ALICE, "mygames")).embeds
    lines = embed["description"].splitlines()
    assert len(embed["description"]) <= 4096 and len(lines) < 70
    assert lines[-1] == f"… and {70 - len(lines) + 1} more"
    assert all(line.endswith("· another server") for line in lines[:-1])


async def test_mygames_with_no_match(driver: Driver) -> None:
    answer = the_private_message(await driver.command(ALICE, "mygames"))
    assert "You are in no lobby or match" in answer.embeds[0]["description"]


async def test_settings_speak_of_the_servers_own_clock(driver: Driver, bot: TavernBot, host: Host) -> None:
    """The bot's default is a week, but this server chose 1 day, then no clock at all."""
    bot.clock.turn_timeout = WEEK
    await host.configure(GUILD_ID, turn_clock="1d")
    shown = the_private_message(await driver.command(ALICE, "settings"))
    assert (
        "after 12 hours and 21 hours 36 minutes of the 1 day a turn may last on this server" in shown.content
    )
    assert "7 days" not in shown.content
    await host.configure(GUILD_ID, turn_clock="off")
    off = the_private_message(await driver.command(ALICE, "settings"))
    assert "on, but there is no turn clock on this server: nobody is resigned" in off.content
    assert "after" not in off.content and "7 days" not in off.content


async def test_a_one_day_server_reminds_twice_before_resigning(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await host.configure(GUILD_ID, turn_clock="1d")
    clock = clock_of(bot, host)  # the bot's default: a week
    start = len(fake.requests)
    set_turn_start(db_path, game.match_id, timedelta(hours=13))
    await clock.sweep()
    (half,) = channel_posts(fake, start)
    assert half.content.startswith(f"<@{game.mover.id}>, a reminder")
    assert runs_out_in(half.content) == pytest.approx(timedelta(hours=11).total_seconds(), abs=120)
    set_turn_start(db_path, game.match_id, timedelta(hours=22))
    await clock.sweep()
    _, ninety = channel_posts(fake, start)
    assert runs_out_in(ninety.content) == pytest.approx(timedelta(hours=2).total_seconds(), abs=120)
    assert (await host.get(game.match_id)).status == "playing"
    set_turn_start(db_path, game.match_id, timedelta(hours=25))
    await clock.sweep()
    assert (await host.get(game.match_id)).status == "finished"  # resigned after both reminders
    assert sum("a reminder" in r.content for r in channel_posts(fake, start)) == 2


async def test_no_reminder_where_the_server_switched_its_clock_off(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await host.configure(GUILD_ID, turn_clock="off")
    start = len(fake.requests)
    set_turn_start(db_path, game.match_id, timedelta(days=6, hours=8))  # 90% of the bot's week
    await clock_of(bot, host).sweep()
    assert not any("runs out" in r.content for r in fake.requests[start:] if r.content)
    assert fake.direct_messages(game.mover.id) == []
    assert (await host.get(game.match_id)).status == "playing"
