"""Two players finish a Keryo-Pente and a Keibot match through commands, autocomplete, buttons
and menus. Every turn posts exactly one new board, takes the buttons off the previous one, and
pings only the player to move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .driver import ALICE, BOB, PLAYERS, Driver, Player, Stored, component_id, match_of, select_values
from .fake_discord import Interaction, Posted


def other(player: Player) -> Player:
    return BOB if player is ALICE else ALICE


def turn(
    driver: Driver, stored: Stored, match_id: int, act: Callable[[Player, Posted], Interaction]
) -> Posted:
    """The player to move acts on the current board; checks the one new board it gives."""
    before = driver.boards()
    board = before[-1]
    assert match_of(board) == match_id
    mover = PLAYERS[stored.user_to_move(match_id) or 0]
    moves = stored.match(match_id).moves
    act(mover, board)
    after = driver.boards()
    assert len(after) == len(before) + 1, "a turn posts exactly one new board"
    new = after[-1]
    assert board.message["components"] == [], "the previous board keeps no buttons"
    assert stored.match(match_id).moves == moves + 1
    to_move = stored.user_to_move(match_id)
    assert new.pinged == ([to_move] if to_move is not None and to_move != mover.id else []), new.message
    if to_move is not None:
        assert f"<@{to_move}>" in new.content
    return new


def test_keryo_pente_to_five_in_a_row(driver: Driver, stored: Stored) -> None:
    lobby = driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(BOB, lobby_message, component_id(lobby_message, "join"))
    assert lobby_message.message["components"] == [], "the lobby's buttons are retired when it starts"
    start = joined.messages[-1]
    match_id = match_of(start)
    first = PLAYERS[stored.user_to_move(match_id) or 0]
    rows = {first.id: ["K10", "K11", "K12", "K13", "K14"], other(first).id: ["A1", "A3", "A5", "A7"]}
    for number in range(9):

        def play(mover: Player, board: Posted, number: int = number) -> Interaction:
            move = rows[mover.id].pop(0)
            typed = move[:2]
            suggested = driver.autocomplete(mover, "keryo-pente move", "move", move=typed, match=match_id)
            assert move in suggested, suggested
            return driver.command(
                mover, "keryo-pente move", move=move.lower() if number % 2 else move, match=match_id
            )

        last = turn(driver, stored, match_id, play)
    assert stored.match(match_id).status == "finished"
    assert only_rematch(last.message) and f"🏆 <@{first.id}>" in last.text


def test_keibot_by_menu_autocomplete_and_resign_buttons(driver: Driver, stored: Stored) -> None:
    lobby = driver.command(BOB, "keibot new")
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(ALICE, lobby_message, component_id(lobby_message, "join"))
    match_id = match_of(joined.messages[-1])

    def by_menu(mover: Player, board: Posted) -> Interaction:
        return driver.click(mover, board, component_id(board, "move"), [select_values(board)[0]])

    def by_command(mover: Player, board: Posted) -> Interaction:
        (move, *_) = driver.autocomplete(mover, "keibot move", "move", move="", match=match_id)
        return driver.command(mover, "keibot move", move=move, match=match_id)

    for act in (by_menu, by_command, by_menu, by_command):
        turn(driver, stored, match_id, act)

    def resign(mover: Player, board: Posted) -> Interaction:
        asked = driver.click(mover, board, component_id(board, "resign"))
        (confirm,) = [m for m in asked.messages if m.ephemeral and not m.deleted]
        return driver.click(mover, confirm, component_id(confirm, "resign-yes"))

    resigner = PLAYERS[stored.user_to_move(match_id) or 0]
    last = turn(driver, stored, match_id, resign)
    assert stored.match(match_id).status == "finished"
    assert only_rematch(last.message) and f"🏆 <@{other(resigner).id}>" in last.text


def only_rematch(message: Any) -> bool:
    """A finished match's message has one button: Rematch."""
    items = [c for row in message["components"] for c in row["components"]]
    return [str(c["custom_id"]).split(":")[2] for c in items] == ["rematch"]
