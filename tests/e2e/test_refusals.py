"""Bad input and double clicks through the real path: private refusals within 3 seconds, and the
stored match as it was."""

from __future__ import annotations

from .driver import ALICE, BOB, Driver, Stored, component_id, select_values, started_keibot
from .fake_discord import ANSWER_WINDOW, Interaction


def refused_privately(interaction: Interaction) -> str:
    seconds = interaction.answer_seconds
    assert seconds is not None and seconds < ANSWER_WINDOW, seconds
    public = [m for m in interaction.messages if not m.ephemeral and not m.deleted]
    assert public == [], "a refusal posts nothing in the channel"
    (text,) = interaction.private_texts
    return text


def test_bad_move_out_of_turn_and_a_double_click_change_nothing(driver: Driver, stored: Stored) -> None:
    match_id, board, mover = started_keibot(driver, stored)
    waiting = BOB if mover is ALICE else ALICE
    before = stored.match(match_id)
    boards = len(driver.boards())

    assert refused_privately(driver.command(mover, "keibot move", move="z9", match=match_id))
    assert refused_privately(
        driver.command(waiting, "keibot move", move=select_values(board)[0], match=match_id)
    )
    assert "turn" in refused_privately(
        driver.click(waiting, board, component_id(board, "move"), [select_values(board)[0]])
    )
    assert stored.match(match_id) == before
    assert len(driver.boards()) == boards

    # The same menu choice twice at once: one move is played, the other click is told privately.
    value = select_values(board)[0]
    first = driver.click(mover, board, component_id(board, "move"), [value], settle=False)
    second = driver.click(mover, board, component_id(board, "move"), [value], settle=False)
    driver.settle(first, second)
    after = stored.match(match_id)
    assert after.moves == before.moves + 1
    assert len(driver.boards()) == boards + 1
    answers = sorted((first, second), key=lambda i: len(i.private_texts))
    assert answers[0].private_texts == [] and any(not m.ephemeral for m in answers[0].messages)
    assert refused_privately(answers[1])
