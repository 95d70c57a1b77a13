"""The one error handler: user errors come back privately, bugs are logged and apologised for."""

from __future__ import annotations

import logging
from typing import Any, NoReturn

import pytest

from bot import TavernBot
from cogs import APOLOGY, GeneralCog
from host import Host
from tests.support.discord_harness import ALICE, BOB, CAROL, button_id, start_match, the_private_message
from tests.support.fake_discord import Driver, FakeDiscord

SECRET = "secret internals: /srv/tavern/db password=hunter2"


def boom(*args: Any, **kwargs: Any) -> NoReturn:
    raise RuntimeError(SECRET)


async def test_a_user_error_comes_back_privately(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keryo-pente new")
    answer = the_private_message(await driver.command(ALICE, "keryo-pente join"))
    assert "already seated" in answer.content


async def test_a_refusal_of_the_cogs_comes_back_privately(driver: Driver) -> None:
    answer = the_private_message(await driver.command(CAROL, "keryo-pente start"))
    assert "not in a Keryo-Pente match here" in answer.content


@pytest.mark.parametrize("where", ["command", "button"])
async def test_an_unexpected_error_is_logged_and_apologised_for(
    where: str,
    driver: Driver,
    host: Host,
    fake: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = await start_match(driver, host)
    with caplog.at_level(logging.ERROR, logger="tavern.errors"):
        if where == "command":
            monkeypatch.setattr(host, "play", boom)
            requests = await driver.command(game.mover, "keryo-pente move", move="K10")
            place = "/keryo-pente move"
        else:  # a button takes the same path
            monkeypatch.setattr(host, "get", boom)
            requests = await driver.click(BOB, game.message, button_id(game.message, "board"))
            place = f"component 'tavern:keryo-pente:board:{game.match_id}:0'"

    assert the_private_message(requests).content == APOLOGY
    for request in fake.requests:
        assert "secret" not in request.text and "Traceback" not in request.text
    (record,) = [r for r in caplog.records if r.name == "tavern.errors"]
    assert record.exc_info is not None and record.exc_info[1] is not None
    assert SECRET in str(record.exc_info[1])
    assert place in record.getMessage()


async def test_an_error_before_any_answer_is_answered_directly(
    driver: Driver, bot: TavernBot, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(GeneralCog, "game_cogs", boom)
    with caplog.at_level(logging.ERROR, logger="tavern.errors"):
        (answer,) = await driver.command(ALICE, "help")
    assert answer.callback_type == 4 and answer.ephemeral and answer.content == APOLOGY


async def test_a_user_error_in_a_button_comes_back_privately(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)
    answer = the_private_message(await driver.click(CAROL, game.message, button_id(game.message, "draw")))
    assert "not playing" in answer.content
