"""A player who plays in DMs reaches their own records there: `/stats`, `/history` (with its
autocomplete) and `/leaderboard` in the bot's DM and in a group DM, sent the way Discord sends
them outside a server (no guild, no member, `context` 1 or 2, `authorizing_integration_owners`)."""

from __future__ import annotations

import re

from .driver import (
    ALICE,
    BOB,
    IN_BOT_DM,
    IN_PRIVATE_CHANNEL,
    Driver,
    Stored,
    component_id,
    started_keibot,
    wait_for,
)
from .fake_discord import Posted


def finished_keibot(driver: Driver, stored: Stored) -> tuple[int, Posted]:
    """Alice and Bob play a Keibot match in the server; the player to move resigns it."""
    match_id, board, mover = started_keibot(driver, stored)
    asked = driver.click(mover, board, component_id(board, "resign"))
    (confirm,) = [m for m in asked.messages if m.ephemeral and not m.deleted]
    done = driver.click(mover, confirm, component_id(confirm, "resign-yes"))
    assert stored.match(match_id).status == "finished"
    return match_id, next(m for m in done.messages if not m.ephemeral)


def test_a_dm_players_stats_and_history(driver: Driver, stored: Stored) -> None:
    match_id, result = finished_keibot(driver, stored)
    assert re.search(r"rating [+-]\d+ → [\d,]+\??", result.text), result.text  # rated: how it moved

    for context in (IN_BOT_DM, IN_PRIVATE_CHANNEL):
        stats = driver.command(ALICE, "stats", game="keibot", context=context)
        (shown,) = [m for m in stats.messages if m.ephemeral and not m.deleted]
        assert "Alice — Keibot" in shown.text
        assert "on all servers" in shown.text and "on this server" not in shown.text  # no server here
        assert re.search(r"Record: \d+ played", shown.text) and "placed in all" in shown.text

    assert match_id in driver.autocomplete(ALICE, "history", "match", match="", context=IN_BOT_DM)
    history = driver.command(ALICE, "history", match=match_id, context=IN_BOT_DM)
    # The GIF comes from a worker process started for it: a second or two after the record.
    wait_for(lambda: len([m for m in history.messages if m.ephemeral and not m.deleted]) == 2, 30, "the GIF")
    record, animation = [m for m in history.messages if m.ephemeral and not m.deleted]
    assert f"Keibot #{match_id} — game record" in record.text and "resigns" in record.text
    names = [a["filename"] for m in (record, animation) for a in m.message.get("attachments") or []]
    assert names == [f"keibot-{match_id}.txt", f"keibot-{match_id}.gif"]

    board = driver.command(BOB, "leaderboard", game="keibot", context=IN_PRIVATE_CHANNEL)
    (ladder,) = [m for m in board.messages if not m.deleted]
    assert "All servers" in ladder.text and ladder.message.get("attachments")
