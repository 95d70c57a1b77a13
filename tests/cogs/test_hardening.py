"""Hostile edges at the Discord layer: a delayed or repeated /move, a move text too long, one
user opening lobby after lobby, a click forged from another server."""

from __future__ import annotations

from pathlib import Path

import discord
from discord import app_commands

from bot import TavernBot
from host import MOVE_TEXT_LIMIT, Host
from tests.support import discord_harness as harness
from tests.support.discord_harness import ALICE, BOB, CAROL, start_match
from tests.support.fake_discord import CHANNEL_ID, Driver, FakeDiscord, User
from tests.support.host import dump


async def test_a_delayed_move_is_not_played_on_a_position_sent_after_it(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    started = await start_match(driver, host)
    first = driver._base(started.mover, 2, CHANNEL_ID)  # the command as sent, delivered twice
    first["data"] = driver._command_data("keryo-pente move", {"move": "K10"})
    await driver.send(first)
    await driver.command(started.other, "keryo-pente move", move="A1")
    before = dump(db_path, started.match_id)
    again = dict(first, token="token-again")  # the same interaction id: sent before A1 was played
    requests = await driver.send(again)
    answer = harness.the_private_message(requests)
    assert "was sent before the current position" in answer.text and "send your move again" in answer.text
    assert dump(db_path, started.match_id) == before
    played = await driver.command(started.mover, "keryo-pente move", move="K11")
    assert harness.the_public_message(played)
    assert (await host.get(started.match_id)).ply == 3


def test_the_move_option_is_capped(bot: TavernBot) -> None:
    groups = [g for g in bot.tree.get_commands() if isinstance(g, app_commands.Group)]
    capped = []
    for group in groups:
        payload = group.to_dict(bot.tree)
        for command in payload["options"]:
            if command["name"] == "move":
                (option,) = [o for o in command["options"] if o["name"] == "move"]
                assert option["type"] == discord.AppCommandOptionType.string.value
                assert option["max_length"] == MOVE_TEXT_LIMIT, group.name
                capped.append(group.name)
    assert len(capped) == 5


async def test_too_many_lobbies_is_a_polite_refusal(driver: Driver, host: Host) -> None:
    for _ in range(5):
        harness.the_public_message(await driver.command(ALICE, "keibot new"))
    answer = harness.the_private_message(await driver.command(ALICE, "keibot new"))
    assert answer.text.startswith("You already have 5 open lobbies on this server")
    assert "`leave`" in answer.text
    assert len(await host.matches_of_player(ALICE.id, statuses=("lobby",))) == 5
    for user in (BOB, *(User(2000 + i, f"P{i}") for i in range(4))):
        harness.the_public_message(await driver.command(user, "keibot new"))
    answer = harness.the_private_message(await driver.command(CAROL, "keibot new"))
    assert answer.text.startswith("This channel already has 10 open lobbies") and "`/games`" in answer.text
