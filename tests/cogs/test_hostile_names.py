"""Names are shown as written, never as Markdown or mentions: a display name with a link, a role
mention, @everyone, bold, backticks or a spoiler goes through every public and private path that
shows names, and no message renders it."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import TavernBot
from cogs.clock import TurnClock
from host import Host
from tests.support.discord_harness import (
    BOB,
    CAROL,
    button_id,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, FakeDiscord, Request, User

DAVE = User(1004, "Dave")

HOSTILE = [
    "[Free Nitro](https://x.y)",
    "<@&123> @everyone",
    "**bold** `tick` ||spoiler||",
]
RAW = ["[Free Nitro](https://x.y)", "<@&123>", "@everyone", "**bold**", "`tick`", "||spoiler||"]
"""What must never stand unescaped (not preceded by a backslash) in a message the bot sends."""


def strings(value: Any) -> list[str]:
    """Every text in a message payload (content, embed parts, labels, menu options, alt text)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key != "custom_id" for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_hostile_display_name_is_never_rendered(
    name: str, driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    mallory = User(1666, name)
    await driver.command(mallory, "keryo-pente new", seats=2, tournament=False)
    started = the_public_message(await driver.command(BOB, "keryo-pente join"))
    board = sent_message(started)
    await driver.command(mallory, "games")
    await driver.command(BOB, "stats", game="keryo-pente", player=mallory)
    await driver.command(mallory, "keryo-pente move", move="K10")
    await driver.command(BOB, "keryo-pente move", move="A1")
    await driver.command(mallory, "keryo-pente draw")
    await driver.command(BOB, "keryo-pente draw", decline=True)
    await driver.click(mallory, board, next(c for c in started.custom_ids() if ":board:" in c))
    await driver.command(BOB, "keryo-pente draw")
    await driver.command(mallory, "keryo-pente draw", decline=True)  # a note that names mallory
    texts = unrendered(name, fake.requests)
    assert len(texts) >= 30
    assert any("declined the draw" in text for text in texts)


def unrendered(name: str, requests: list[Request]) -> list[str]:
    """The texts of `requests`, after checking that none renders a part of `name`."""
    texts = [text for request in requests for text in strings(request.message)]
    attachments = {a.get("description") for r in requests for a in (r.message or {}).get("attachments") or []}
    for text in texts:
        if text in attachments:
            continue  # alt text is plain text for screen readers: Discord renders no Markdown there
        for raw in RAW:
            if raw in name:
                assert not re.search(r"(?<!\\)" + re.escape(raw), text), (raw, text)
        assert "\\\\" not in text, text  # escaped once, not twice (a backslash would show)
    return texts


@pytest.mark.parametrize("name", HOSTILE)
async def test_the_turn_clock_note_never_renders_a_hostile_name(
    name: str, driver: Driver, bot: TavernBot, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    mallory = User(1666, name)
    await driver.command(mallory, "keryo-pente new", seats=2, tournament=False)
    await driver.command(BOB, "keryo-pente join")
    match = await host.get(1)
    if match.seat_to_move is not None and match.seat_to_move.user_id == BOB.id:
        await driver.command(BOB, "keryo-pente move", move="K10")
    seat = (await host.get(1)).seat_to_move
    assert seat is not None and seat.user_id == mallory.id
    with contextlib.closing(sqlite3.connect(db_path)) as conn, conn:
        conn.execute("UPDATE matches SET updated_at = datetime('now', '-8 days')")
    fake.requests.clear()
    clock = TurnClock(bot, host, turn_timeout=timedelta(days=7), lobby_timeout=None)
    assert [m.id for m in await clock.sweep()] == [1]
    texts = unrendered(name, fake.requests)
    assert any("ran out of time" in text for text in texts)


async def kerboge_with_mallory_to_move(driver: Driver, host: Host, mallory: User) -> int:
    """A four-seat Kerboge match of Mallory, Bob, Carol and Dave, played by the others until
    Mallory is to move (four seats: a player who resigns is ranked last and a computer plays on
    for them; two seats would end the match)."""
    others = {user.id: user for user in (BOB, CAROL, DAVE)}
    await driver.command(mallory, "kerboge new", players=4)
    for user in others.values():
        await driver.command(user, "kerboge join")
    (summary,) = await host.matches_of_player(mallory.id)
    for _ in range(40):
        snapshot = await host.get(summary.id)
        seat = snapshot.seat_to_move
        assert seat is not None and snapshot.state is not None and seat.user_id is not None
        if seat.user_id == mallory.id:
            return summary.id
        mover = others[seat.user_id]
        await driver.command(mover, "kerboge move", move=str(snapshot.state.legal_moves()[0]))
    raise AssertionError("Mallory never came to move")


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_computer_thinking_for_a_hostile_name_never_renders_it(
    name: str, driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    # Four-seat Kerboge: a player who resigns is ranked last and a computer plays their seat, named
    # for them ("Computer for … is thinking…").
    mallory = User(1666, name)
    await kerboge_with_mallory_to_move(driver, host, mallory)
    fake.requests.clear()
    asked = the_private_message(await driver.command(mallory, "kerboge resign"))
    confirm = sent_message(asked)
    await driver.click(mallory, confirm, button_id(confirm, "resign-yes"))
    texts = unrendered(name, fake.requests)
    assert any("is thinking" in text for text in texts)


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_hostile_name_of_a_resigned_player_is_not_rendered_for_the_stand_in(
    name: str, driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    """The board of a match whose stand-in is to move names the resigned player too."""
    mallory = User(1666, name)
    match_id = await kerboge_with_mallory_to_move(driver, host, mallory)
    await host.resign(match_id, mallory.id)
    fake.requests.clear()
    await driver.command(BOB, "kerboge board", share=True)  # the stand-in is to move: it thinks
    texts = unrendered(name, fake.requests)
    assert any("is thinking" in text for text in texts)
