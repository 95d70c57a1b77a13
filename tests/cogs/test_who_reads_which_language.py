"""Who reads which language (cogs/language.py), with one reader in the pseudo-locale and the
others in English: a refusal reads the locale of the person who typed or clicked, the match
message its server's, a turn notice by direct message and a reminder the player's own."""

from __future__ import annotations

import logging
from datetime import timedelta
from pathlib import Path

import pytest

from bot import TavernBot
from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    sent_message,
    start_match,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, FakeDiscord
from tests.support.pseudo import DISCORD_LOCALE, english_words, is_pseudo
from tests.support.turns import channel_posts, clock_of, moved, set_turn_start

ALLOWED = ("Keryo-Pente", "Alice", "Bob")


async def test_a_refusal_is_in_the_language_of_whoever_asked(driver: Driver) -> None:
    driver.locale = DISCORD_LOCALE
    refused = the_private_message(await driver.command(BOB, "keryo-pente move", move="K10"))
    assert is_pseudo(refused.content) and english_words(refused.content, ALLOWED) == [], refused.content
    driver.locale = "en-US"
    refused = the_private_message(await driver.command(ALICE, "keryo-pente move", move="K10"))
    english = (
        "You are not in a Keryo-Pente match here. Start one with `/keryo-pente new`, or join an open lobby."
    )
    assert refused.content == english


async def test_a_bug_is_apologised_for_in_the_language_of_whoever_asked(
    driver: Driver, host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await start_match(driver, host)

    async def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(host, "play", boom)
    driver.locale = DISCORD_LOCALE
    with pytest.MonkeyPatch.context() as quiet:  # the traceback goes to the log, as it should
        quiet.setattr(logging.getLogger("tavern.errors"), "disabled", True)
        answer = the_private_message(await driver.command(game.mover, "keryo-pente move", move="K10"))
    assert is_pseudo(answer.content) and english_words(answer.content) == [], answer.content


async def test_the_match_message_reads_the_servers_language_and_a_private_board_the_users(
    driver: Driver, host: Host
) -> None:
    driver.guild_locale = DISCORD_LOCALE  # the server's Discord locale, as each interaction gives it
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    message = the_public_message(await driver.command(BOB, "keryo-pente join"))
    embed = message.embeds[0]
    shown = [embed["description"], embed["footer"]["text"], *(f["name"] for f in embed["fields"])]
    rows = sent_message(message)["components"]
    labels = [c.get("label") or c.get("placeholder") for row in rows for c in row["components"]]
    for text in [message.content, *shown, *labels]:
        assert is_pseudo(text) and english_words(text, ALLOWED) == [], text
    board = the_private_message(await driver.command(ALICE, "keryo-pente board"))
    assert board.embeds[0]["fields"][0]["name"] == "Players"  # Alice's own client is in English


async def test_a_direct_message_and_a_reminder_are_in_the_players_own_language(
    driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    driver.locales[game.other.id] = DISCORD_LOCALE  # remembered from their next interaction
    await driver.command(game.other, "settings", notify="dm")
    _, message = await moved(driver, game)
    assert (
        message.content == f"<@{game.other.id}>, it is your turn in Keryo-Pente #{game.match_id}."
    )  # the server's
    (dm,) = fake.direct_messages(game.other.id)
    assert is_pseudo(dm.content) and english_words(dm.content, ALLOWED) == [], dm.content

    # The other player, now to move, is reminded in the channel in their own language.
    set_turn_start(db_path, game.match_id, timedelta(days=4))
    start = len(fake.requests)
    await clock_of(bot, host).sweep()
    reminded = [r for r in [*channel_posts(fake, start), *fake.direct_messages(game.other.id)[1:]]]
    (reminder,) = reminded
    assert is_pseudo(reminder.content) and english_words(reminder.content, ALLOWED) == [], reminder.content
