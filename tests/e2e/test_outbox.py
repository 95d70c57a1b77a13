"""No stored move is left unannounced: the bot killed right after a move's transaction, or while
its board is being posted, and Discord failing the board's follow-up again and again. Each time
the board arrives exactly once, with the ping the next player is owed; the buttons posted before
a restart work, and a stale one is refused privately."""

from __future__ import annotations

import copy
import time
from typing import Any

from .bot_process import BotProcess
from .driver import (
    ALICE,
    BOB,
    CUSTOM_ID,
    PLAYERS,
    Driver,
    Player,
    Stored,
    component_id,
    match_of,
    select_values,
    wait_for,
)
from .fake_discord import FakeDiscord, Posted

FOLLOW_UP = r"/webhooks/\d+/[^/]+"
CALM = 1.5
"""Seconds to wait to see that nothing more is posted."""


def start_keibot(driver: Driver) -> tuple[int, Posted]:
    """Bob opens a Keibot lobby and Alice joins: the match and its first board."""
    lobby = driver.command(BOB, "keibot new")
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(ALICE, lobby_message, component_id(lobby_message, "join"))
    board = joined.messages[-1]
    return match_of(board), board


def boards_at(driver: Driver, match_id: int, ply: int) -> list[Posted]:
    """The public boards showing the match after `ply` log entries (by their picture's name)."""
    name = f"keibot-{match_id}-{ply}.png"
    return [b for b in driver.boards() if any(a["filename"] == name for a in b.message["attachments"])]


def seen_id(seen: dict[str, Any], action: str) -> str:
    """The custom_id of the component with this action on a message as a client showed it."""
    for row in seen["components"]:
        for item in row["components"]:
            found = CUSTOM_ID.fullmatch(item.get("custom_id", ""))
            if found and found["action"] == action:
                return str(item["custom_id"])
    raise AssertionError(f"no {action!r} component")


def to_move(stored: Stored, match_id: int) -> Player:
    return PLAYERS[stored.user_to_move(match_id) or 0]


def move_by_menu(driver: Driver, player: Player, board: Posted, *, settle: bool = True) -> None:
    driver.click(player, board, component_id(board, "move"), [select_values(board)[0]], settle=settle)


def check_stale_click_and_next_move(
    driver: Driver, stored: Stored, match_id: int, old: Posted, seen: dict[str, Any], board: Posted
) -> None:
    """The board before the move lost its buttons; a click that a client still showing them
    sends is refused privately and changes nothing; the board of the move works."""
    assert old.message["components"] == []
    player = to_move(stored, match_id)
    before = stored.match(match_id)
    stale = driver.click(player, old, seen_id(seen, "draw"), as_seen=seen)
    assert any("earlier position" in text for text in stale.private_texts), stale.private_texts
    assert stored.match(match_id) == before
    move_by_menu(driver, player, board)
    assert stored.match(match_id).moves == before.moves + 1


def killed_while_posting(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored, *, taken: bool
) -> tuple[int, Posted, dict[str, Any], Player, int]:
    """A new Keibot match whose first mover plays by the menu; the bot is killed after the
    move's transaction, while Discord holds the board's follow-up unanswered (`taken`: Discord
    has the board all the same). Returns the match, its first board (and a copy as a client
    showed it), the mover and the ply before the move."""
    match_id, board = start_keibot(driver)
    seen = copy.deepcopy(board.message)
    mover = to_move(stored, match_id)
    ply = stored.match(match_id).moves
    held = len(fake.held)
    fake.hold_next("POST", FOLLOW_UP, taken=taken)
    move_by_menu(driver, mover, board, settle=False)
    wait_for(lambda: len(fake.held) > held, 10, "the board's follow-up")
    assert stored.match(match_id).moves == ply + 1, "the move's transaction is done"
    bot.kill()
    fake.release_held()
    return match_id, board, seen, mover, ply


def test_a_move_stored_right_before_a_crash_is_announced_after_the_restart(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored
) -> None:
    match_id, board, seen, mover, ply = killed_while_posting(fake, bot, driver, stored, taken=False)
    assert boards_at(driver, match_id, ply + 1) == []

    bot.start()
    wait_for(lambda: boards_at(driver, match_id, ply + 1), 20, "the missing board")
    (recovered,) = boards_at(driver, match_id, ply + 1)
    waiting = to_move(stored, match_id)
    assert waiting is not mover
    assert recovered.pinged == [waiting.id] and recovered.content.startswith(f"<@{waiting.id}>")
    check_stale_click_and_next_move(driver, stored, match_id, board, seen, recovered)
    time.sleep(CALM)
    assert len(boards_at(driver, match_id, ply + 1)) == 1, "posted once"


def test_a_board_discord_took_while_the_bot_died_is_not_posted_again(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored
) -> None:
    match_id, board, seen, _, ply = killed_while_posting(fake, bot, driver, stored, taken=True)
    (taken,) = boards_at(driver, match_id, ply + 1)  # Discord has it; the bot never heard so

    bot.start()
    # At start-up the bot finds the board in the channel, takes it as posted and retires the
    # board before it, instead of posting it again.
    wait_for(lambda: board.message["components"] == [], 20, "the previous board retired")
    time.sleep(CALM)
    assert boards_at(driver, match_id, ply + 1) == [taken]
    # A button posted before the restart works.
    check_stale_click_and_next_move(driver, stored, match_id, board, seen, taken)


def test_a_board_discord_keeps_failing_arrives_and_the_mover_is_told_the_truth(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored
) -> None:
    match_id, board = start_keibot(driver)
    mover = to_move(stored, match_id)
    ply = stored.match(match_id).moves
    # discord.py tries a request five times on a 5xx before it gives up (about 25 s).
    fake.fail_next("POST", FOLLOW_UP, 503, times=5)
    clicked = driver.click(mover, board, component_id(board, "move"), [select_values(board)[0]], settle=False)
    wait_for(lambda: clicked.private_texts, 45, "the mover told what happened")
    (told,) = clicked.private_texts
    assert "Your move is stored" in told and "will be posted in this channel shortly" in told
    assert "try again" not in told.lower()
    assert stored.match(match_id).moves == ply + 1
    wait_for(lambda: boards_at(driver, match_id, ply + 1), 30, "the board posted by the sweep")
    (posted,) = boards_at(driver, match_id, ply + 1)
    waiting = to_move(stored, match_id)
    assert posted.pinged == [waiting.id]
    wait_for(lambda: board.message["components"] == [], 10, "the previous board retired")
    time.sleep(CALM)
    assert len(boards_at(driver, match_id, ply + 1)) == 1, "posted once"
