"""`/keibot` through discord.py's real CommandTree: the lobby with its setup and an invited
member, a whole game played with the move command and the move menu, autocomplete with captures,
and bad input answered privately with the stored match unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from cogs.keibot import KeibotCog
from data import Store
from host import Host, MatchNotFound
from rules.keibot import KeibotState
from tests.support.discord_harness import (
    ALICE,
    BOB,
    PNG,
    USERS,
    button_id,
    deferred_first,
    select_options,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, FakeDiscord, User
from tests.support.host import dump
from tests.support.keibot import THREE_IN_A_ROW

TRAP = ["f1-g3", "c7-d5", "g3-f5"]
"""Black to move: White's Moai on f5 has just moved (protected), White's bead is on e5, and
Black's Moai on d5 could jump onto Black's own Moai on e7."""


async def start_keibot(driver: Driver, host: Host, setup: str = "closed") -> dict[str, Any]:
    """Alice opens a lobby, Bob joins: the match message of the started match."""
    await driver.command(ALICE, "keibot new", setup=setup)
    return sent_message(the_public_message(await driver.command(BOB, "keibot join")))


async def player(host: Host, match_id: int = 1) -> User:
    """The user whose turn it is."""
    seat = (await host.get(match_id)).seat_to_move
    assert seat is not None and seat.user_id is not None
    return USERS[seat.user_id]


async def play_by_command(driver: Driver, host: Host, moves: list[str]) -> dict[str, Any]:
    message: dict[str, Any] = {}
    for text in moves:
        requests = await driver.command(await player(host), "keibot move", move=text)
        message = sent_message(the_public_message(requests))
    return message


async def test_new_opens_a_lobby_with_the_setup(driver: Driver, host: Host) -> None:
    requests = await driver.command(ALICE, "keibot new", setup="split")
    deferred_first(requests, ephemeral=False)
    message = the_public_message(requests)
    assert message.embeds[0]["title"] == "Keibot #1"
    assert "setup: split" in message.text and "1 of 2" in message.text
    assert message.content == ""  # nobody invited: nobody mentioned
    snapshot = await host.get(1)
    assert snapshot.is_lobby and dict(snapshot.options) == {"setup": "split"}
    started = the_public_message(await driver.command(BOB, "keibot join"))
    state = (await host.get(1)).state
    assert isinstance(state, KeibotState) and state.moai_squares(0) == ("a1", "b1", "f1", "g1")
    ((_, data),) = started.files
    assert data.startswith(PNG)


async def test_the_setup_choices_and_the_default() -> None:
    new: object = KeibotCog.new
    assert isinstance(new, app_commands.Command)
    setup = new.get_parameter("setup")
    assert setup is not None and [c.value for c in setup.choices] == ["closed", "split", "open"]
    assert setup.default == "closed" and not setup.required
    invite = new.get_parameter("invite")
    assert invite is not None and not invite.required


async def test_an_invited_member_is_mentioned_and_only_them(driver: Driver, host: Host) -> None:
    requests = await driver.command(ALICE, "keibot new", invite=BOB)
    message = the_public_message(requests)
    # The seat is held for Bob (issue 29: "press Join to take your seat", then anyone could).
    assert message.content == (
        f"<@{BOB.id}>, **Alice** invites you to play Keibot #1. A seat is held for you: press **Join** to "
        "take it, or **Decline**."
    )
    assert f"A seat is held for <@{BOB.id}> (invited)" in message.text
    assert message.payload is not None
    allowed = message.payload["allowed_mentions"]
    assert allowed["users"] == [BOB.id] and allowed.get("parse", []) == []
    assert "setup: closed" in message.text
    # the invited member joins as anyone would, and the match starts
    the_public_message(await driver.command(BOB, "keibot join"))
    assert (await host.get(1)).status == "playing"


@pytest.mark.parametrize(
    ("invited", "options", "expected"),
    [
        (ALICE, {}, "invite someone else"),
        (User(3001, "Robo", bot=True), {}, "is a bot"),
        (BOB, {"opponent": "computer"}, "not both"),
    ],
)
async def test_a_senseless_invitation_is_refused_and_opens_nothing(
    driver: Driver, host: Host, invited: User, options: dict[str, Any], expected: str
) -> None:
    requests = await driver.command(ALICE, "keibot new", invite=invited, **options)
    assert expected in the_private_message(requests).content
    with pytest.raises(MatchNotFound):
        await host.get(1)


async def test_a_whole_game_with_the_command_and_the_move_menu(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    message = await start_keibot(driver, host)
    # the first position: the menu offers White's 15 moves, each with what it does
    options = select_options(message)
    assert len(options) == 15 and options[0]["label"] == "c1-a2"
    # Menus show plain text: each description says what the move does, without repeating the
    # notation of its label and with no Markdown backticks.
    assert options[0]["description"] == "jumps c1 to a2"
    assert all(not option["description"].startswith(option["label"]) for option in options)
    assert all("`" not in option["description"] for option in options)
    assert not any("`" in option["description"] for option in options)
    menus = 0
    for ply, text in enumerate(THREE_IN_A_ROW):
        snapshot = await host.get(1)
        assert snapshot.state is not None
        legal = [str(m) for m in snapshot.state.legal_moves()]
        options = select_options(message)
        assert [o["value"] for o in options] == (legal if len(legal) <= 25 else [])
        mover = await player(host)
        if options and ply % 2:
            requests = await driver.click(mover, message, button_id(message, "move"), values=[text])
            menus += 1
        else:
            requests = await driver.command(mover, "keibot move", move=text)
        deferred_first(requests, ephemeral=False)
        posted = the_public_message(requests)
        message = sent_message(posted)
        assert f"`{text}`" in posted.text
    assert menus >= 8

    final = await host.get(1)
    assert final.status == "finished" and final.outcome is not None and final.outcome.winners == (0,)
    assert [entry.notation for entry in await store.log(1)] == THREE_IN_A_ROW
    white = final.seats[0]
    assert f"<@{white.user_id}> (White) wins — White has three beads in a row" in posted.text
    assert "captures the Moai there" in posted.text
    labels = [c["label"] for row in message["components"] for c in row["components"]]
    assert labels == ["Rematch"]  # a finished match has one button
    ((_, data),) = posted.files
    assert data.startswith(PNG)


async def test_autocomplete_shows_captures(driver: Driver, host: Host) -> None:
    await start_keibot(driver, host)
    await play_by_command(driver, host, THREE_IN_A_ROW[:5])
    black = await player(host)
    for typed in ("d5", "d5c3", "d5-c3", "D5XC3"):
        names = [c["name"] for c in await driver.autocomplete(black, "keibot move", "move", move=typed)]
        assert "d5xc3" in names, (typed, names)
    assert [c["name"] for c in await driver.autocomplete(black, "keibot move", "move", move="d5c")] == [
        "d5xc3",
        "d5-c7",
    ]
    everything = await driver.autocomplete(black, "keibot move", "move", move="")
    snapshot = await host.get(1)
    assert snapshot.state is not None
    assert [c["name"] for c in everything] == [str(m) for m in snapshot.state.legal_moves()][:25]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d7-d9", "off the board: there is no rank 9"),
        ("h1-g3", "off the board: there is no file h"),
        ("d7-d6", "not a knight move"),
        ("d7-e5", "a Moai may never land on a bead"),
        ("d5-e7", "lands on your own Moai on e7"),
        ("e7xf5", "it moved on the turn just before this one"),
        ("a3-b5", "there is no Moai on a3"),
        ("f5-g7", "the Moai on f5 is White's"),
        ("knight to f5", "is not a move"),
    ],
)
async def test_bad_moves_are_explained_privately_and_change_nothing(
    driver: Driver, host: Host, db_path: Path, text: str, expected: str
) -> None:
    await start_keibot(driver, host)
    await play_by_command(driver, host, TRAP)
    before = dump(db_path, 1)

    requests = await driver.command(await player(host), "keibot move", move=text)

    deferred_first(requests)
    answer = the_private_message(requests)
    assert expected in answer.content
    assert dump(db_path, 1) == before


async def test_a_bad_choice_from_an_old_menu_changes_nothing(
    driver: Driver, host: Host, db_path: Path
) -> None:
    message = await start_keibot(driver, host)
    await play_by_command(driver, host, TRAP[:1])
    before = dump(db_path, 1)
    # White clicks the first message's menu again: that turn is gone.
    white = USERS[(await host.get(1)).seats[0].user_id or 0]
    requests = await driver.click(white, message, button_id(message, "move"), values=["d1-e3"])
    answer = the_private_message(requests)
    assert "earlier position of Keibot #1: it has moved on since" in answer.text
    assert dump(db_path, 1) == before
