"""Against the computer in every game; and a kill -9 of the bot while the computer thinks: after
the restart the computer's move is made, and no worker process outlives the killed bot."""

from __future__ import annotations

from typing import Any

import pytest

from .bot_process import BotProcess
from .driver import ALICE, Driver, Stored, component_id, opened_match, wait_for
from .fake_discord import FakeDiscord
from .processes import wait_until_gone

OPTIONS: dict[str, dict[str, Any]] = {
    "keryo-pente": {"tournament": False},
    "keibot": {},
    "glass-bead": {},
    "verquere": {},
    "kerboge": {"players": 2},
}


def alice_to_move_or_over(stored: Stored, match_id: int) -> bool:
    return stored.match(match_id).status != "playing" or stored.user_to_move(match_id) == ALICE.id


def computer_done(driver: Driver, stored: Stored, match_id: int, boards: int = 0) -> bool:
    """Alice's turn (or the end) is stored, and its board is posted."""
    posted = driver.boards()
    return (
        alice_to_move_or_over(stored, match_id)
        and len(posted) >= boards
        and "is thinking" not in posted[-1].text
    )


@pytest.mark.parametrize("game", list(OPTIONS))
def test_the_computer_answers(game: str, driver: Driver, stored: Stored) -> None:
    opened = driver.command(ALICE, f"{game} new", opponent="computer", level="easy", **OPTIONS[game])
    match_id = opened_match(opened)
    wait_for(lambda: computer_done(driver, stored, match_id), 20, "the computer's first move")
    moves = stored.match(match_id).moves
    boards = len(driver.boards())
    (move, *_) = driver.autocomplete(ALICE, f"{game} move", "move", move="", match=match_id)
    played = driver.command(ALICE, f"{game} move", move=move, match=match_id)
    assert played.private_texts == [], played.private_texts
    wait_for(lambda: computer_done(driver, stored, match_id, boards + 2), 20, "the computer's answer")
    driver.settle(played)
    after = stored.match(match_id)
    assert after.moves >= moves + 2, "Alice's move and the computer's"
    assert len(driver.boards()) >= boards + 2, "a board for Alice's move and one for the computer's"
    # Alice is answered in her own interaction: the bot does not ping the user who acted.
    assert all(board.pinged == [] for board in driver.boards()[boards:]), [
        (b.pinged, b.text[:80]) for b in driver.boards()
    ]
    # Alice resigns: a player may have three matches against the computer going on (one game a test).
    asked = driver.command(ALICE, f"{game} resign", match=match_id)
    (confirm,) = [m for m in asked.messages if m.ephemeral and not m.deleted]
    driver.click(ALICE, confirm, component_id(confirm, "resign-yes"))
    wait_for(lambda: stored.match(match_id).status == "finished", 10, "the resignation")


def test_kill_while_the_computer_thinks(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored
) -> None:
    opened = driver.command(ALICE, "keryo-pente new", opponent="computer", level="hard", tournament=False)
    match_id = opened_match(opened)
    wait_for(lambda: computer_done(driver, stored, match_id), 20, "the computer's first move")
    moves = stored.match(match_id).moves
    boards = len(driver.boards())
    (move, *_) = driver.autocomplete(ALICE, "keryo-pente move", "move", move="", match=match_id)
    driver.command(ALICE, "keryo-pente move", move=move, match=match_id, settle=False)
    wait_for(lambda: "is thinking" in driver.boards()[-1].text, 10, "the board saying the computer thinks")
    helpers = bot.helpers()
    assert helpers, "the computer thinks in a worker process"
    bot.kill()
    assert stored.match(match_id).moves == moves + 1, "killed before the computer moved"
    assert wait_until_gone(helpers, 5.0) == set(), "worker processes outlived the killed bot"

    bot.start()
    wait_for(lambda: stored.match(match_id).moves >= moves + 2, 20, "the computer's move after the restart")
    wait_for(lambda: len(driver.boards()) >= boards + 2, 20, "the computer's move announced")
    latest = driver.boards()[-1]
    assert latest.pinged == [ALICE.id] and "is thinking" not in latest.text
    assert stored.user_to_move(match_id) == ALICE.id
