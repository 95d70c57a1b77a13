"""Buttons and menus: DynamicItems dispatched by discord.py's real ViewStore."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import discord

from bot import TavernBot
from cogs import DYNAMIC_ITEMS, KeryoPenteCog, MatchComponent
from cogs.match_message import Picture
from data import Store
from host import Host, Seat
from host.language import ENGLISH
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    PNG,
    bot_run,
    button_id,
    check_components,
    deferred_first,
    sent_message,
    start_match,
    stored,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, FakeDiscord, User


async def test_lobby_buttons_join_and_start(driver: Driver, host: Host) -> None:
    lobby = sent_message(the_public_message(await driver.command(ALICE, "keryo-pente new", seats=4)))

    joined = await driver.click(BOB, lobby, button_id(lobby, "join"))
    deferred_first(joined, ephemeral=False)
    lobby = sent_message(the_public_message(joined))
    assert "2 of 4" in lobby["embeds"][0]["description"]

    refused = the_private_message(await driver.click(BOB, lobby, button_id(lobby, "start")))
    assert "can start it early" in refused.content
    started = the_public_message(await driver.click(ALICE, lobby, button_id(lobby, "start")))
    snapshot = await host.get(1)
    assert snapshot.status == "playing" and len(snapshot.seats) == 2
    assert started.files and started.files[0][1].startswith(PNG)


async def test_leave_button(driver: Driver, host: Host) -> None:
    lobby = sent_message(the_public_message(await driver.command(ALICE, "keryo-pente new", seats=3)))
    lobby = sent_message(the_public_message(await driver.click(BOB, lobby, button_id(lobby, "join"))))
    await driver.click(BOB, lobby, button_id(lobby, "leave"))
    assert [seat.user_id for seat in (await host.get(1)).seats] == [ALICE.id]


async def test_join_button_of_a_started_match_is_refused(driver: Driver, host: Host, store: Store) -> None:
    lobby = sent_message(the_public_message(await driver.command(ALICE, "keryo-pente new")))
    await driver.click(BOB, lobby, button_id(lobby, "join"))
    before = await stored(store, 1)
    answer = the_private_message(await driver.click(CAROL, lobby, button_id(lobby, "join")))
    assert "already started" in answer.content
    assert await stored(store, 1) == before


async def test_move_menu_plays_the_chosen_move(driver: Driver, host: Host, store: Store) -> None:
    game = await start_match(driver, host, tournament=True)  # the first move can only be K10
    menu = button_id(game.message, "move")
    played = await driver.click(game.mover, game.message, menu, values=["K10"])
    deferred_first(played, ephemeral=False)
    the_public_message(played)
    assert [entry.notation for entry in await store.log(game.match_id)] == ["K10"]


async def test_board_button_answers_privately(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    requests = await driver.click(CAROL, game.message, button_id(game.message, "board"))
    deferred_first(requests, ephemeral=True)
    answer = the_private_message(requests)
    assert answer.files[0][1].startswith(PNG)
    assert "showed turn" not in answer.text


async def test_a_stale_button_is_answered_politely_and_changes_nothing(
    driver: Driver, host: Host, store: Store
) -> None:
    game = await start_match(driver, host, tournament=True)  # with a move menu (only K10)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    before = await stored(store, game.match_id)

    # The Draw button of the first message is for ply 0; the match is at ply 1.
    requests = await driver.click(game.other, game.message, button_id(game.message, "draw"))
    answer = the_private_message(requests)
    assert "That button was for an earlier position of Keryo-Pente #1: it has moved on since." in answer.text
    assert "Here is the current board" in answer.text
    assert answer.files and answer.files[0][1].startswith(PNG)  # with the current board
    assert await stored(store, game.match_id) == before

    # A stale move menu too: the host refuses the old turn.
    stale_menu = await driver.click(game.mover, game.message, button_id(game.message, "move"), values=["K10"])
    assert "earlier position of Keryo-Pente #1" in the_private_message(stale_menu).text
    assert await stored(store, game.match_id) == before

    # The Board button of an old message shows the board now, saying so.
    board = the_private_message(await driver.click(CAROL, game.message, button_id(game.message, "board")))
    assert "That message showed an earlier position; this is the board after 1 move." in board.text


async def test_buttons_work_after_a_restart(db_path: Path, fake: FakeDiscord) -> None:
    async with bot_run(db_path, fake) as old:
        game = await start_match(old.driver, old.host, tournament=True)

    # A new process: a new store, host and bot over the same file, knowing nothing of the message.
    async with bot_run(db_path, fake) as new:
        board = await new.driver.click(CAROL, game.message, button_id(game.message, "board"))
        assert the_private_message(board).files[0][1].startswith(PNG)
        move = button_id(game.message, "move")
        the_public_message(await new.driver.click(game.mover, game.message, move, values=["K10"]))
        assert [entry.notation for entry in await new.store.log(game.match_id)] == ["K10"]


async def test_a_button_that_cannot_be_retired_is_no_problem(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    fake.fail_edits = True  # e.g. the old message was deleted
    requests = await driver.command(game.mover, "keryo-pente move", move="K10")
    the_public_message(requests)
    assert not [r for r in requests if r.ephemeral]


async def test_the_views_hold_no_state(driver: Driver, host: Host, bot: TavernBot) -> None:
    game = await start_match(driver, host)
    await driver.click(game.other, game.message, button_id(game.message, "resign"))
    store = bot._connection._view_store
    assert store._views == {} and store._synced_message_views == {}
    # Only the registered dynamic items answer clicks: nothing else is kept per message.
    assert list(store._dynamic_items.values()) == list(DYNAMIC_ITEMS)
    assert MatchComponent in DYNAMIC_ITEMS


async def test_components_stay_within_discords_limits(driver: Driver, host: Host, bot: TavernBot) -> None:
    # Six players with long names, and a move menu with 25 long entries.
    players = [User(3000 + i, f"A rather long display name {i}") for i in range(6)]
    await driver.command(players[0], "keryo-pente new", seats=6)
    for player in players[1:]:
        await driver.command(player, "keryo-pente join")
    snapshot = await host.get(1)
    assert snapshot.status == "playing"
    cog = bot.get_cog("KeryoPenteCog")
    assert isinstance(cog, KeryoPenteCog)
    long_seats = tuple(dataclasses.replace(seat, name="N" * 200) for seat in snapshot.seats)
    snapshot = dataclasses.replace(snapshot, seats=long_seats, id=10**15, ply=10**15)
    menu = tuple((f"M{i}" + "x" * 150, "a description " * 20) for i in range(40))
    view = cog.view(snapshot, Picture(None, menu), ENGLISH)
    assert view is not None
    check_components({"components": view.to_components()})
    for item in view.children:
        assert isinstance(item, MatchComponent)
    # (every message sent in every test is checked the same way by the fake)


def test_custom_ids_carry_game_action_match_and_turn() -> None:
    item = MatchComponent.button("keryo-pente", "board", 42, 17, label="Board")
    assert item.custom_id == "tavern:keryo-pente:board:42:17"
    assert item.press.match_id == 42 and item.press.ply == 17
    menu = MatchComponent.select(
        "keryo-pente", "move", 42, 17, options=[discord.SelectOption(label="K10")], placeholder="p"
    )
    assert menu.custom_id == "tavern:keryo-pente:move:42:17"
    builder = MatchComponent.button("kerboge", "build", 1, 2, label="Harbour", arg="h:2")
    assert builder.press.arg == "h:2"


def test_seat_labels_in_components_are_clipped() -> None:
    seat = Seat(0, 1, "x" * 300)
    assert len(seat.label) == 300
    item = MatchComponent.button("keryo-pente", "join", 1, 0, label=seat.label)
    assert isinstance(item.item, discord.ui.Button) and len(item.item.label or "") == 80
