"""`/tavern cancel` (a moderator ends a match unrated) and `/settings vacation:`, driven in-process
over a real SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from host import Host
from tests.support.discord_harness import ALICE, start_match, the_private_message
from tests.support.fake_discord import CHANNEL_ID, Driver, FakeDiscord, Request, member

GUEST = member(1005, "Guest")


def edits_of(fake: FakeDiscord, start: int, message_id: int) -> list[Request]:
    return [
        r for r in fake.requests[start:] if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")
    ]


async def test_a_moderator_cancels_a_match_unrated_and_its_players_are_told(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    game = await start_match(driver, host)
    await driver.command(game.other, "settings", notify="dm")
    message_id = (await host.get(game.match_id)).message_id
    assert message_id is not None
    start = len(fake.requests)
    answer = the_private_message(await driver.command(ALICE, "tavern cancel", match=game.match_id))
    assert (
        answer.ephemeral and f"Keryo-Pente #{game.match_id} is cancelled: it ends unrated" in answer.content
    )
    after = await host.get(game.match_id)
    assert after.status == "abandoned" and after.outcome is None
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM results").fetchone() == (0,)
        assert conn.execute("SELECT COUNT(*) FROM ratings").fetchone() == (0,)
    (edited,) = edits_of(fake, start, message_id)  # the match message says so, buttons gone
    description = edited.embeds[0]["description"]
    assert "A moderator cancelled this match." in description
    assert "This match was cancelled: it ends unrated, with no winner and no loser." in description
    assert not (edited.message or {}).get("components")
    # The mover (mention, the default) is pinged in the channel; the other (DM) by direct message.
    pings = [
        r for r in fake.requests[start:] if r.is_channel_post and r.path == f"/channels/{CHANNEL_ID}/messages"
    ]
    (ping,) = [r for r in pings if "was cancelled by a moderator" in r.content]
    assert ping.content.startswith(f"<@{game.mover.id}>:")
    assert f"<@{game.other.id}>" not in ping.content
    (dm,) = [r for r in fake.direct_messages(game.other.id) if "cancelled" in r.content]
    assert "ends unrated, with no winner and no loser" in dm.content


async def test_cancel_is_refused_clearly_and_changes_nothing(
    driver: Driver, host: Host, db_path: Path
) -> None:
    game = await start_match(driver, host)
    refused = the_private_message(await driver.command(GUEST, "tavern cancel", match=game.match_id))
    assert "Manage Server" in refused.content and "cancel a match" in refused.content
    unknown = the_private_message(await driver.command(ALICE, "tavern cancel", match=999))
    assert "There is no match #999" in unknown.content
    assert (await host.get(game.match_id)).status == "playing"
    await driver.command(ALICE, "tavern cancel", match=game.match_id)
    again = the_private_message(await driver.command(ALICE, "tavern cancel", match=game.match_id))
    assert f"Keryo-Pente #{game.match_id} is already over (abandoned)" in again.content
    assert "only a lobby or a match being played can be cancelled" in again.content
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT status FROM matches").fetchall() == [("abandoned",)]
