"""A Jai Kerboge resignation through the real bot: the match ends at once and the other player
wins; no computer takes the resigned seat, and the click is answered within Discord's window."""

from __future__ import annotations

import sqlite3

from .driver import ALICE, BOB, PLAYERS, Driver, Player, Stored, component_id, match_of
from .fake_discord import ANSWER_WINDOW


def test_a_jai_kerboge_resignation_ends_the_match_for_the_other_player(
    driver: Driver, stored: Stored
) -> None:
    lobby = driver.command(ALICE, "kerboge new", players=2)
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(BOB, lobby_message, component_id(lobby_message, "join"))
    board = joined.messages[-1]
    match_id = match_of(board)
    assert stored.match(match_id).status == "playing"
    # The player who is not to move resigns: today's stand-in would have had nothing to play yet.
    waiting: Player = BOB if stored.user_to_move(match_id) == ALICE.id else ALICE
    winner = PLAYERS[stored.user_to_move(match_id) or 0]
    asked = driver.click(waiting, board, component_id(board, "resign"))
    (confirm,) = [m for m in asked.messages if m.ephemeral and not m.deleted]
    boards = len(driver.boards())

    resigned = driver.click(waiting, confirm, component_id(confirm, "resign-yes"))

    seconds = resigned.answer_seconds
    assert seconds is not None and seconds < ANSWER_WINDOW, seconds
    (final,) = [m for m in resigned.messages if not m.ephemeral and m.is_board]
    assert driver.boards()[boards:] == [final], "one board: the resignation's, and nothing after it"
    assert f"🏆 <@{winner.id}>" in final.text and "Computer" not in final.text, final.text
    items = [c for row in final.message["components"] for c in row["components"]]
    assert [str(c["custom_id"]).split(":")[2] for c in items] == ["rematch"]
    assert stored.match(match_id).status == "finished"
    with sqlite3.connect(f"file:{stored.path}?mode=ro", uri=True) as db:
        seats = db.execute(
            "SELECT user_id, computer FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
        ).fetchall()
        (last_kind,) = db.execute(
            "SELECT kind FROM moves WHERE match_id = ? ORDER BY ply DESC LIMIT 1", (match_id,)
        ).fetchone()
        results = dict(
            db.execute("SELECT user_id, outcome FROM results WHERE match_id = ?", (match_id,)).fetchall()
        )
    assert sorted(user for user, _ in seats) == sorted([ALICE.id, BOB.id])
    assert all(computer is None for _, computer in seats)
    assert last_kind == "resign"
    assert results == {winner.id: "win", waiting.id: "loss"}
