"""Names are shown as written, never as Markdown or mentions: a display name with a link, a role
mention, @everyone, bold, backticks or a spoiler goes through every public and private path that
shows names, and no message renders it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from host import Host
from tests.support.discord_harness import BOB, sent_message, the_public_message
from tests.support.fake_discord import Driver, FakeDiscord, User

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
    texts = [text for request in fake.requests for text in strings(request.message)]
    assert len(texts) >= 30
    attachments = {
        a.get("description") for r in fake.requests for a in (r.message or {}).get("attachments") or []
    }
    for text in texts:
        if text in attachments:
            continue  # alt text is plain text for screen readers: Discord renders no Markdown there
        for raw in RAW:
            if raw in name:
                assert not re.search(r"(?<!\\)" + re.escape(raw), text), (raw, text)


@pytest.mark.parametrize("name", HOSTILE)
async def test_a_hostile_name_of_a_resigned_player_is_not_rendered_for_the_stand_in(
    name: str, driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    """The computer standing in for a resigned Kerboge player is named with that player's name."""
    mallory = User(1666, name)
    await driver.command(mallory, "kerboge new", players=2)
    await driver.command(BOB, "kerboge join")
    (summary,) = await host.matches_of_player(mallory.id)
    while (snapshot := await host.get(summary.id)).seat_to_move.user_id != mallory.id:  # type: ignore[union-attr]
        assert snapshot.state is not None and snapshot.seat_to_move is not None
        move = str(snapshot.state.legal_moves()[0])
        await host.play(summary.id, BOB.id, move, expected_ply=snapshot.ply)
    fake.requests.clear()
    await host.resign(summary.id, mallory.id)
    await driver.command(BOB, "kerboge board", share=True)  # the stand-in is to move: it thinks
    texts = [text for request in fake.requests for text in strings(request.message)]
    assert any("is thinking" in text for text in texts)
    attachments = {
        a.get("description") for r in fake.requests for a in (r.message or {}).get("attachments") or []
    }
    for text in texts:
        if text in attachments:
            continue
        for raw in RAW:
            if raw in name:
                assert not re.search(r"(?<!\\)" + re.escape(raw), text), (raw, text)
