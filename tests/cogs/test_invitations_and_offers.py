"""Issue 29, in-process through discord.py's real CommandTree: an invitation holds its seat (with
Decline and Release seat on the lobby), offers reach the players who must answer them the way
their /settings say, once, and /mygames lists what waits for the player's answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cogs import ButtonAction
from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    bot_run,
    button_id,
    sent_message,
    start_match,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, FakeDiscord, Request, User

DAVE = User(1004, "Dave")


def labels(message: dict[str, Any]) -> list[str]:
    return [str(c.get("label")) for row in message.get("components", []) for c in row["components"]]


def pinged(request: Request) -> list[int]:
    return [int(u) for u in ((request.message or {}).get("allowed_mentions") or {}).get("users", [])]


def link(message_id: int | str) -> str:
    return f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{message_id}"


async def test_an_invited_seat_is_refused_to_a_third_player(driver: Driver, host: Host) -> None:
    lobby = the_public_message(await driver.command(ALICE, "keibot new", invite=BOB))
    message = sent_message(lobby)
    assert "*(held for Bob)*" in lobby.text and "*(free seat)*" not in lobby.text
    assert labels(message)[-2:] == ["Decline", "Release seat"]
    refused = the_private_message(await driver.click(CAROL, message, button_id(message, ButtonAction.JOIN)))
    assert refused.ephemeral
    assert "held for **Bob**" in refused.content and "/keibot new" in refused.content
    assert (await host.get(1)).seats[-1].user_id == ALICE.id and len((await host.get(1)).seats) == 1
    # by command too
    by_command = the_private_message(await driver.command(CAROL, "keibot join"))
    assert "held for **Bob**" in by_command.content
    started = the_public_message(await driver.click(BOB, message, button_id(message, ButtonAction.JOIN)))
    assert (await host.get(1)).status == "playing" and "held for" not in started.text


async def test_the_invitee_declines_and_the_seat_is_anyones(driver: Driver, host: Host) -> None:
    message = sent_message(the_public_message(await driver.command(ALICE, "keibot new", invite=BOB)))
    decline = button_id(message, ButtonAction.DECLINE)
    not_mine = the_private_message(await driver.click(CAROL, message, decline))
    assert "No seat of Keibot #1 is held for you" in not_mine.content
    declined = the_public_message(await driver.click(BOB, message, decline))
    assert "Bob declined the invitation." in declined.text and "held for" not in declined.text
    assert "Decline" not in labels(sent_message(declined))
    the_public_message(await driver.command(CAROL, "keibot join"))
    assert (await host.get(1)).status == "playing"


async def test_only_the_creator_releases_the_seat(driver: Driver, host: Host) -> None:
    message = sent_message(the_public_message(await driver.command(ALICE, "keibot new", invite=BOB)))
    refused = the_private_message(
        await driver.click(CAROL, message, button_id(message, ButtonAction.RELEASE))
    )
    assert "Only <@1001>, who opened the lobby, can release a seat held" in refused.content
    computer = the_private_message(await driver.click(ALICE, message, button_id(message, "add-computer")))
    assert "press **Release seat** on the lobby first" in computer.content
    released = the_public_message(
        await driver.click(ALICE, message, button_id(message, ButtonAction.RELEASE))
    )
    assert "free for anyone now" in released.text and "*(free seat)*" in released.text
    the_public_message(await driver.command(CAROL, "keibot join"))
    assert (await host.get(1)).status == "playing"


async def test_the_hold_and_its_decline_button_survive_a_restart(db_path: Path, fake: FakeDiscord) -> None:
    async with bot_run(db_path, fake) as old:
        message = sent_message(the_public_message(await old.driver.command(ALICE, "keibot new", invite=BOB)))
    # A new process over the same file: the hold is stored, the button is a DynamicItem.
    async with bot_run(db_path, fake) as new:
        refused = the_private_message(await new.driver.command(CAROL, "keibot join"))
        assert "held for **Bob**" in refused.content
        declined = await new.driver.click(BOB, message, button_id(message, ButtonAction.DECLINE))
        assert "Bob declined the invitation." in the_public_message(declined).text
        assert (await new.host.get(1)).held == ()


async def test_in_a_bigger_lobby_others_take_the_free_seats(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keryo-pente new", seats=4, tournament=False, invite=BOB)
    the_public_message(await driver.command(CAROL, "keryo-pente join"))
    shown = the_public_message(await driver.command(DAVE, "keryo-pente join"))
    assert "*(held for Bob)*" in shown.text
    eve = User(1005, "Eve")
    refused = the_private_message(await driver.command(eve, "keryo-pente join"))
    assert "held for **Bob**" in refused.content
    the_public_message(await driver.command(BOB, "keryo-pente join"))
    assert (await host.get(1)).status == "playing"


async def test_a_draw_offer_pings_the_player_who_must_answer_once(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    offered = the_public_message(await driver.command(game.mover, "keryo-pente draw"))
    assert offered.content.startswith(f"<@{game.other.id}>: **{game.mover.name}** offers a draw in")
    assert pinged(offered) == [game.other.id]
    shown = the_public_message(await driver.command(game.mover, "keryo-pente board", share=True))
    assert pinged(shown) == []  # once per offer


async def test_a_draw_offer_by_direct_message(driver: Driver, host: Host, fake: FakeDiscord) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    requests = await driver.command(game.mover, "keryo-pente draw")
    (offered,) = [r for r in requests if r.is_followup and not r.ephemeral]
    assert pinged(offered) == []
    (dm,) = fake.direct_messages(game.other.id)
    assert requests.index(dm) > requests.index(offered)
    assert dm.content == (
        f"**{game.mover.name}** offers a draw in Keryo-Pente #{game.match_id}. Answer on the match message: "
        f"{link(offered.answer['id'])}"
    )


async def test_a_takeback_request_with_nothing_pings_nobody(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="nothing")
    await driver.command(game.mover, "keryo-pente move", move="K10")
    asked = the_public_message(await driver.command(game.mover, "keryo-pente takeback"))
    assert pinged(asked) == [] and fake.direct_messages(game.other.id) == []


async def test_mygames_lists_offers_and_invitations(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)  # Alice and Bob
    await driver.command(game.mover, "keryo-pente draw")
    await driver.command(CAROL, "keibot new", invite=game.other)
    (embed,) = the_private_message(await driver.command(game.other, "mygames")).embeds
    lines = embed["description"].splitlines()
    assert lines[0] == "**Waiting for your answer**"
    assert lines[1].startswith(f"• 🤝 **{game.mover.name}** offers a draw in [Keryo-Pente #{game.match_id}](")
    assert lines[2].startswith("• ✉️ **Carol** invites you to [Keibot #2](")
    assert "a seat is held for you" in lines[2]
    assert lines[3] == "**Your matches**"
    (mover_embed,) = the_private_message(await driver.command(game.mover, "mygames")).embeds
    assert "Waiting for your answer" not in mover_embed["description"]


async def test_the_lobby_message_says_for_whom_the_seat_is_held(driver: Driver) -> None:
    lobby = the_public_message(await driver.command(ALICE, "keibot new", invite=BOB))
    (embed,) = lobby.embeds
    lines = embed["description"].splitlines()
    assert lines[1] == (
        f"✉️ A seat is held for <@{BOB.id}> (invited) until they press **Join** or **Decline**, or the "
        f"lobby closes; <@{ALICE.id}> can press **Release seat** to open it to anyone."
    )
    assert lines[2] == "The match starts when the invited player joins."
