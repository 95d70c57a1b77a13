"""Takebacks, draw answers and rematches through the bot: commands and buttons driven
in-process over a real host and SQLite file."""

from __future__ import annotations

from typing import Any

from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    button_id,
    select_options,
    sent_message,
    start_match,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, User


def labels(message: dict[str, Any]) -> list[str]:
    return [str(c.get("label")) for row in message.get("components", []) for c in row["components"]]


async def test_a_takeback_asked_by_command_and_accepted_by_button(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    asked = the_public_message(await driver.command(game.mover, "keryo-pente takeback"))
    message = sent_message(asked)
    assert "asks to take back their last move" in asked.text and "**Accept takeback**" in asked.text
    assert labels(message) == ["Board", "Accept takeback", "Decline takeback", "Offer draw", "Resign"]
    # The player who must answer is pinged, and only they (issue 29: requests pinged nobody).
    assert asked.message is not None and asked.message["allowed_mentions"].get("users", []) == [game.other.id]
    assert asked.message["content"].startswith(f"<@{game.other.id}>: ")
    own = the_private_message(await driver.click(game.mover, message, button_id(message, "takeback-yes")))
    assert "You asked for this takeback" in own.text
    taken = the_public_message(await driver.click(game.other, message, button_id(message, "takeback-yes")))
    assert "Takeback agreed" in taken.text and "Taken back" in taken.text and "K10" in taken.text
    snapshot = await host.get(game.match_id)
    assert snapshot.ply == 0 and snapshot.takebacks == 1 and snapshot.seat_to_move is not None
    assert snapshot.seat_to_move.user_id == game.mover.id
    assert "1 takeback" in taken.embeds[0]["footer"]["text"]


async def test_a_takeback_declined_by_button_and_one_that_came_too_late(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    asked = sent_message(the_public_message(await driver.command(game.mover, "keryo-pente takeback")))
    declined = the_public_message(await driver.click(game.other, asked, button_id(asked, "takeback-no")))
    assert "declined the takeback" in declined.text and "Accept takeback" not in labels(
        sent_message(declined)
    )
    assert (await host.get(game.match_id)).ply == 1
    await driver.command(game.mover, "keryo-pente takeback")
    await driver.command(game.other, "keryo-pente move", move="A1")  # the request lapses
    late = the_private_message(await driver.command(game.mover, "keryo-pente takeback"))
    assert "can no longer be taken back" in late.text
    assert (await host.get(game.match_id)).ply == 2


async def test_a_draw_offer_has_accept_and_decline_buttons(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    offered = sent_message(the_public_message(await driver.command(game.mover, "keryo-pente draw")))
    assert labels(offered) == ["Board", "Accept draw", "Decline draw", "Resign"]
    declined = the_public_message(await driver.click(game.other, offered, button_id(offered, "draw-no")))
    assert "declined the draw" in declined.text
    snapshot = await host.get(game.match_id)
    assert snapshot.status == "playing" and not snapshot.draw_offer
    again = sent_message(the_public_message(await driver.command(game.other, "keryo-pente draw")))
    withdrawn = the_public_message(await driver.click(game.other, again, button_id(again, "draw-no")))
    assert "withdrew the draw offer" in withdrawn.text


async def test_both_offers_fit_one_row(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    await driver.command(game.mover, "keryo-pente move", move="K10")
    await driver.command(game.mover, "keryo-pente takeback")
    both = sent_message(the_public_message(await driver.command(game.mover, "keryo-pente draw")))
    assert labels(both) == ["Accept takeback", "Decline takeback", "Accept draw", "Decline draw", "Resign"]


async def test_a_rematch_asks_the_players_back_and_starts_when_they_join(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    final = await resigned(driver, game.mover, "keryo-pente")
    outsider = the_private_message(await driver.click(CAROL, final, button_id(final, "rematch")))
    assert "Only the players of Keryo-Pente #1" in outsider.text
    opened = the_public_message(await driver.click(game.other, final, button_id(final, "rematch")))
    assert opened.content == (
        f"<@{game.mover.id}>: **{game.other.name}** asks for a rematch in Keryo-Pente #2: "
        "press **Join** to take your seat."
    )
    assert "The rematch of Keryo-Pente #1" in opened.text
    lobby = sent_message(opened)
    again = the_private_message(await driver.click(game.mover, final, button_id(final, "rematch")))
    assert (
        "open already" in again.text
        and "Keryo-Pente #2" in again.text
        and "discord.com/channels" in again.text
    )
    started = the_public_message(await driver.click(game.mover, lobby, button_id(lobby, "join")))
    snapshot = await host.get(2)
    assert snapshot.status == "playing" and set(snapshot.human_ids) == {ALICE.id, BOB.id}
    assert snapshot.options == (await host.get(1)).options
    assert "it is your turn" in started.text


async def resigned(driver: Driver, user: User, game: str) -> dict[str, Any]:
    """The final message of the user's match, which they resign."""
    confirm = sent_message(the_private_message(await driver.command(user, f"{game} resign")))
    done = await driver.click(user, confirm, button_id(confirm, "resign-yes"))
    return sent_message(the_public_message(done))


async def test_a_rematch_against_the_computer_starts_at_once(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
    await driver.settle()
    final = await resigned(driver, ALICE, "keibot")
    opened = the_public_message(await driver.click(ALICE, final, button_id(final, "rematch")))
    await driver.settle()
    again = await host.get(2)
    assert again.status == "playing" and again.rematch_of == 1
    assert [s.computer for s in again.seats if s.user_id is None] == ["easy"]
    assert "The rematch of" not in opened.text  # a match, no longer a lobby


async def test_after_a_takeback_an_old_message_at_the_same_ply_is_stale(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keibot new")
    started = sent_message(the_public_message(await driver.command(BOB, "keibot join")))
    (summary,) = await host.matches_of_player(BOB.id)
    first = await host.get(summary.id)
    assert first.seat_to_move is not None
    mover, other = (ALICE, BOB) if first.seat_to_move.user_id == ALICE.id else (BOB, ALICE)
    menu = button_id(started, "move")
    choice = select_options(started)[0]["value"]
    await driver.click(mover, started, menu, values=[choice])
    asked = sent_message(the_public_message(await driver.command(mover, "keibot takeback")))
    await driver.click(other, asked, button_id(asked, "takeback-yes"))
    back = await host.get(summary.id)
    assert back.ply == first.ply and back.takebacks == 1
    # The start's board was drawn at this same ply, but it is not the match's message any more:
    # a click on its menu (a client still showing it) is refused and plays nothing.
    answer = the_private_message(await driver.click(mover, started, menu, values=[choice], removed=True))
    assert "earlier position" in answer.text
    assert (await host.get(summary.id)).version == back.version
