"""`/verquere` through discord.py's real CommandTree: the lobby with its two options, the roll
shown when a turn begins, turns played with the move command and the move menu, a pass the host
plays by itself with its reason, autocomplete of whole turns, and bad input answered privately
with the stored match unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord import app_commands

from cogs.verquere import VerquereCog
from host import Host, MatchSnapshot
from rules.verquere import VerquereState
from tests.support import discord_harness as harness
from tests.support.fake_discord import Driver, User
from tests.support.host import BAR_LOG, dump, store_log


def state_of(snapshot: MatchSnapshot) -> VerquereState:
    assert isinstance(snapshot.state, VerquereState)
    return snapshot.state


async def player(host: Host, match_id: int = 1) -> User:
    """The user whose turn it is."""
    seat = (await host.get(match_id)).seat_to_move
    assert seat is not None and seat.user_id is not None
    return harness.USERS[seat.user_id]


async def start_verquere(driver: Driver, **options: Any) -> dict[str, Any]:
    """Alice opens a lobby, Bob joins: the match message of the started match."""
    await driver.command(harness.ALICE, "verquere new", **options)
    return harness.sent_message(
        harness.the_public_message(await driver.command(harness.BOB, "verquere join"))
    )


async def test_new_opens_a_lobby_with_the_options(driver: Driver, host: Host) -> None:
    requests = await driver.command(harness.ALICE, "verquere new", five_blots=True)
    harness.deferred_first(requests, ephemeral=False)
    message = harness.the_public_message(requests)
    assert message.embeds[0]["title"] == "Verquere #1"
    assert "five_blots: on" in message.text and "five_closed_points: off" in message.text
    snapshot = await host.get(1)
    assert snapshot.is_lobby and dict(snapshot.options) == {"five_blots": True, "five_closed_points": False}


async def test_the_options_and_their_defaults() -> None:
    new: object = VerquereCog.new
    assert isinstance(new, app_commands.Command)
    for name in ("five_blots", "five_closed_points", "opponent", "level"):
        parameter = new.get_parameter(name)
        assert parameter is not None and not parameter.required, name
    five_blots = new.get_parameter("five_blots")
    assert five_blots is not None and five_blots.default is False
    assert all(len(p.description) <= 100 for p in new.parameters)


async def test_the_match_starts_with_the_roll_shown(driver: Driver, host: Host) -> None:
    await driver.command(harness.ALICE, "verquere new")
    requests = await driver.command(harness.BOB, "verquere join")
    message = harness.the_public_message(requests)
    snapshot = await host.get(1)
    state = state_of(snapshot)
    assert snapshot.status == "playing" and state.to_move == 0 and state.dice is not None
    roll = f"roll {state.dice[0]}-{state.dice[1]}"
    # the roll is in the message ("Just played") and in the picture's status line and dice
    assert f"`{roll}`" in message.text and "rolls" not in message.text  # said once, not twice
    assert "(White) to move" in message.embeds[0]["description"]
    ((name, data),) = message.files
    assert data.startswith(harness.PNG) and message.embeds[0]["image"]["url"] == f"attachment://{name}"
    # the legal whole turns of the opening roll fit in the move menu
    options = harness.select_options(harness.sent_message(message))
    assert [o["value"] for o in options] == [str(m) for m in state.legal_moves()]


async def test_turns_by_command_and_menu_then_a_pass_played_by_itself(driver: Driver, host: Host) -> None:
    message = await start_verquere(driver)
    passed = ""
    for turn in range(40):
        state = state_of(await host.get(1))
        legal = state.legal_moves()
        text = str(legal[len(legal) // 2])
        mover = await player(host)
        if turn % 2 and len(legal) <= 25:
            requests = await driver.click(mover, message, harness.button_id(message, "move"), values=[text])
        else:
            requests = await driver.command(mover, "verquere move", move=text)
        harness.deferred_first(requests, ephemeral=False)
        posted = harness.the_public_message(requests)
        message = harness.sent_message(posted)
        assert f"`{text}`" in posted.text
        if "passes:" in posted.text:
            passed = posted.text
            break
    assert passed, "no pass within 40 turns"
    # the pass is announced with its reason, between the two rolls
    assert "`pass` — passes: no legal step for" in passed or "passes: Juncker" in passed
    snapshot = await host.get(1)
    assert [p.notation for p in snapshot.played] == []  # a later read lists nothing as just played
    assert snapshot.seat_to_move is not None


async def test_autocomplete_offers_whole_turns_filtered_by_the_typed_text(driver: Driver, host: Host) -> None:
    await start_verquere(driver)
    state = state_of(await host.get(1))
    legal = {str(m) for m in state.legal_moves()}
    mover = await player(host)
    everything = await driver.autocomplete(mover, "verquere move", "move", move="")
    names = [c["name"] for c in everything]
    assert 0 < len(names) <= 25 and set(names) <= legal
    first = sorted(legal)[0]
    prefix = first.split("/")[0] + "/" + first.split("/")[1][:1]
    typed = await driver.autocomplete(mover, "verquere move", "move", move=prefix)
    assert typed and all(c["value"] in legal for c in typed)
    assert typed[0]["value"].replace(" ", "").startswith(prefix.replace(" ", ""))
    assert await driver.autocomplete(harness.CAROL, "verquere move", "move", move="1/") == []


BAD_TEXTS = [
    ("1/6", "you have 1 man on the bar: enter them before moving any other man"),
    ("bar/3", "`bar/3` is 3 points, which no die or dice of your roll 5-4 make"),
    ("1/6 1/5", "you have 1 man on the bar: enter them"),
    ("hello there", "`hello there` is not a turn"),
]


@pytest.mark.parametrize(("text", "message"), BAD_TEXTS)
async def test_bad_turns_are_explained_privately_and_change_nothing(
    driver: Driver, host: Host, db_path: Path, text: str, message: str
) -> None:
    await start_verquere(driver)
    match = await store_log(host, db_path, await host.get(1), BAR_LOG)
    before = dump(db_path, match.id)
    mover = await player(host)
    requests = await driver.command(mover, "verquere move", move=text)
    harness.deferred_first(requests)
    answer = harness.the_private_message(requests)
    assert any(part in answer.content for part in message.split("|")), answer.content
    assert "Legal turns include" in answer.content or "legal turns are" in answer.content
    assert dump(db_path, match.id) == before


async def test_the_movers_menu_is_in_the_movers_own_numbering(driver: Driver, host: Host) -> None:
    """The menu offers each player their turns in their own numbering only (the notation); the
    opponent's numbering ("seen from Black") belongs to "Just played", seen after the turn."""
    message = await start_verquere(driver)
    for _ in range(2):
        options = harness.select_options(message)
        assert options and all("seen from" not in str(o.get("description", "")) for o in options), options
        state = state_of(await host.get(1))
        assert [o["value"] for o in options] == [str(m) for m in state.legal_moves()]
        mover = await player(host)
        chosen = options[0]["value"]
        requests = await driver.click(mover, message, harness.button_id(message, "move"), values=[chosen])
        posted = harness.the_public_message(requests)
        assert f"`{chosen}` — seen from" in posted.text  # the turn told for the other player too
        message = harness.sent_message(posted)
