"""Every stored change is shown once in its channel, whatever fails between the change and its
message: Discord refusing the board, an answer that never came back, a click on a component the
bot had just taken off its message, and computer moves made after the interaction."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot import TavernBot
from cogs.clock import TurnClock
from cogs.game_cog import game_cog_of
from cogs.match_message import Picture
from host import Host, MatchSnapshot
from rules.text import Words
from tests.support.discord_harness import (
    ALICE,
    button_id,
    private_messages,
    public_messages,
    select_options,
    sent_message,
    start_match,
)
from tests.support.fake_discord import Driver, FakeDiscord

FOLLOW_UP = r"/webhooks/\d+/[^/]+"
CHANNEL_POST = r"/channels/\d+/messages"


def clock(bot: TavernBot, host: Host) -> TurnClock:
    return TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=timedelta(days=3))


async def test_a_board_discord_refused_is_posted_by_the_sweep_and_the_mover_told_the_truth(
    driver: Driver, host: Host, fake: FakeDiscord, bot: TavernBot
) -> None:
    game = await start_match(driver, host)
    fake.fail_next("POST", FOLLOW_UP)
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")

    after = await host.get(game.match_id)
    assert after.move_count == 1, "the move is stored"
    (told,) = [sent_message(r) for r in private_messages(requests) if r.answer is not None]
    text = told["content"]
    assert "Your move is stored" in text and "will be posted in this channel shortly" in text
    assert "try again" not in text.lower() and "went wrong" not in text.lower()
    assert not [r for r in public_messages(requests) if r.answer is not None], "no board was taken"

    # The sweep posts the missing board, once, with the ping the next player is owed.
    start = len(fake.requests)
    assert await clock(bot, host).post_owed(everything=True) == 1
    posts = [r for r in fake.requests[start:] if r.is_channel_post]
    assert len(posts) == 1
    board = sent_message(posts[0])
    assert board["content"].startswith(f"<@{game.other.id}>, it is your turn")
    assert posts[0].payload is not None and posts[0].payload["allowed_mentions"]["users"] == [game.other.id]
    assert (await host.get(game.match_id)).message_id == int(board["id"])
    assert "K10" in str(board["embeds"])  # it tells what was played
    # The previous board lost its buttons, and nothing is owed any more.
    retired = [
        r for r in fake.requests[start:] if r.method == "PATCH" and r.path.endswith(game.message["id"])
    ]
    assert retired and retired[0].payload is not None and retired[0].payload["components"] == []
    assert await host.due_announcements(everything=True) == []
    assert await clock(bot, host).post_owed(everything=True) == 0


async def test_a_board_discord_took_without_answering_is_not_posted_again(
    driver: Driver, host: Host, fake: FakeDiscord, bot: TavernBot
) -> None:
    game = await start_match(driver, host)
    fake.fail_next("POST", FOLLOW_UP, taken=True)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    (taken,) = [
        r for r in fake.requests if r.is_followup and r.answer is not None and r.message and r.embeds
    ][-1:]

    start = len(fake.requests)
    assert await clock(bot, host).post_owed(everything=True) == 1
    assert not [r for r in fake.requests[start:] if r.is_channel_post], (
        "found in the channel, not posted again"
    )
    assert (await host.get(game.match_id)).message_id == int(sent_message(taken)["id"])
    assert await host.due_announcements(everything=True) == []


async def test_a_second_failure_waits_longer_and_the_board_still_arrives(
    driver: Driver, host: Host, fake: FakeDiscord, bot: TavernBot
) -> None:
    game = await start_match(driver, host)
    fake.fail_next("POST", FOLLOW_UP)
    fake.fail_next("POST", CHANNEL_POST)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    sweep = clock(bot, host)
    assert await sweep.post_owed(everything=True) == 0  # Discord failed again: still owed
    (due,) = await host.due_announcements(everything=True)
    assert due.attempts == 2
    assert await sweep.post_owed(everything=True) == 1
    assert await host.due_announcements(everything=True) == []


async def test_a_click_on_a_component_no_longer_on_its_message_is_answered(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "keryo-pente move", move="K10")  # the start's board is retired
    before = await host.get(game.match_id)
    # The other player's client still showed the start's buttons: the click reaches the bot
    # on a message that no longer has them. It is answered privately, as a stale button.
    requests = await driver.click(game.other, game.message, button_id(game.message, "draw"), removed=True)
    (answer,) = private_messages(requests)
    assert "earlier position" in sent_message(answer)["content"] + str(sent_message(answer)["embeds"])
    assert not public_messages(requests)
    assert (await host.get(game.match_id)).version == before.version
    # A board button no longer there still shows the board (privately).
    requests = await driver.click(game.other, game.message, button_id(game.message, "board"), removed=True)
    assert private_messages(requests) and not public_messages(requests)


async def test_a_removed_move_menu_click_is_refused_as_stale(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
    (summary,) = await host.matches_of_player(ALICE.id)
    snapshot = await host.get(summary.id)
    assert snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id
    board = next(
        sent_message(r) for r in reversed(driver.fake.requests) if r.message and select_options(r.message)
    )
    choice = select_options(board)[0]["value"]
    await driver.click(ALICE, board, button_id(board, "move"), values=[choice])
    moved = await host.get(summary.id)
    requests = await driver.click(ALICE, board, button_id(board, "move"), values=[choice], removed=True)
    assert private_messages(requests) and not public_messages(requests)
    assert (await host.get(summary.id)).version == moved.version, "nothing played twice"


async def test_computer_moves_follow_in_the_background_without_pinging_the_mover(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    requests = await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
    (summary,) = await host.matches_of_player(ALICE.id)
    snapshot = await host.get(summary.id)
    # The interaction answered with the new match; any computer move came as a message of its own.
    answered = [r for r in public_messages(requests) if r.is_followup]
    assert len(answered) == 1
    posted = [r for r in public_messages(requests) if r.is_channel_post]
    if posted:  # the computer was drawn to move first
        assert "is thinking" in str(answered[0].embeds)
        assert all(
            r.payload is not None and r.payload["allowed_mentions"].get("users", []) == [] for r in posted
        )
    assert snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id
    assert await host.due_announcements(everything=True) == []


def break_the_next_picture(bot: TavernBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """The next Keryo-Pente picture fails with a bug; the one after is drawn as usual."""
    cog = game_cog_of(bot, "keryo-pente")
    assert cog is not None
    drawn = cog.picture

    def broken_once(
        snapshot: MatchSnapshot, *, with_menu: bool = True, words: Words | None = None
    ) -> Picture:
        monkeypatch.setattr(cog, "picture", drawn)
        raise RuntimeError("a bug in a picture")

    monkeypatch.setattr(cog, "picture", broken_once)


async def test_a_message_that_could_not_be_made_is_owed_and_the_mover_told_the_truth(
    driver: Driver, host: Host, bot: TavernBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_match(driver, host)
    break_the_next_picture(bot, monkeypatch)
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")
    (told,) = private_messages(requests)
    assert "Your move is stored" in sent_message(told)["content"]
    assert (await host.get(game.match_id)).move_count == 1
    assert await clock(bot, host).post_owed(everything=True) == 1
    assert await host.due_announcements(everything=True) == []


async def test_a_message_the_sweep_could_not_make_stays_owed_for_a_later_try(
    driver: Driver, host: Host, fake: FakeDiscord, bot: TavernBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_match(driver, host)
    fake.fail_next("POST", FOLLOW_UP)
    await driver.command(game.mover, "keryo-pente move", move="K10")  # the board is owed
    break_the_next_picture(bot, monkeypatch)
    sweep = clock(bot, host)
    assert await sweep.post_owed(everything=True) == 0  # the bug is logged, not raised
    (due,) = await host.due_announcements(everything=True)
    assert due.attempts == 2  # the follow-up's failure, then the sweep's: tried later each time
    assert await sweep.post_owed(everything=True) == 1
    assert await host.due_announcements(everything=True) == []
