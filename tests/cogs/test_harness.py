"""The private parts of discord.py that the in-process harness (tests/support/fake_discord.py)
replaces or relies on. discord.py may change any of them in a release without notice; these
tests then fail here, naming what changed, instead of the cog tests failing in puzzling ways
(or, worse, passing while the fake no longer sits where discord.py talks to Discord)."""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import discord
import pytest
from discord.http import HTTPClient, Route
from discord.state import ConnectionState
from discord.webhook.async_ import AsyncWebhookAdapter

from bot import TavernBot
from cogs import DYNAMIC_ITEMS
from host import Host
from tests.support.discord_harness import ALICE, BOB, button_id, start_match
from tests.support.fake_discord import APP_ID, DISCORD_TASKS, Driver, _FakeResponse

KEYWORD_ONLY = inspect.Parameter.KEYWORD_ONLY


def parameters(function: Any) -> dict[str, inspect.Parameter]:
    return dict(inspect.signature(function).parameters)


def test_the_webhook_request_the_fake_replaces_takes_what_the_fake_reads() -> None:
    # The fake reads (route, session, payload=, multipart=, files=) and ignores the rest.
    found = parameters(AsyncWebhookAdapter.request)
    assert list(found)[:3] == ["self", "route", "session"], found
    for name in ("payload", "multipart", "files"):
        assert found[name].kind is KEYWORD_ONLY, (name, found)
    others = [p for p in list(found.values())[3:] if p.name not in ("payload", "multipart", "files")]
    assert all(p.kind is KEYWORD_ONLY and p.default is not p.empty for p in others), others


def test_the_http_request_the_fake_replaces_takes_what_the_fake_reads() -> None:
    # The fake reads (route, files=, form=) and the JSON body from the keyword `json`.
    found = parameters(HTTPClient.request)
    assert list(found)[:2] == ["self", "route"], found
    assert found["files"].kind is KEYWORD_ONLY and found["form"].kind is KEYWORD_ONLY, found
    assert any(p.kind is inspect.Parameter.VAR_KEYWORD for p in found.values()), found
    assert "'json' in kwargs" in inspect.getsource(HTTPClient.request)


def test_a_route_has_the_method_and_url_the_fake_records() -> None:
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=7)
    assert route.method == "POST"
    assert route.url.removeprefix(Route.BASE) == "/channels/7/messages"


def test_the_connection_state_has_what_the_driver_and_login_use() -> None:
    client = discord.Client(intents=discord.Intents.none())
    state = client._connection
    assert isinstance(state, ConnectionState)
    assert list(parameters(state.parse_interaction_create)) == ["data"]
    # pretend_logged_in sets these two, as the gateway's READY event would.
    assert hasattr(state, "user") and hasattr(state, "application_id")
    state.application_id = APP_ID
    assert client.application_id == APP_ID


def test_a_failed_edit_is_an_http_exception_discord_py_can_build() -> None:
    error = discord.NotFound(_FakeResponse(404), {"message": "Unknown Message", "code": 10008})
    assert error.status == 404 and error.code == 10008


async def test_commands_and_clicks_run_in_the_tasks_the_driver_waits_for(
    driver: Driver, host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Driver.settle waits for discord.py's tasks by name; with other names it would return
    before the bot answered, and the tests would read half an answer."""
    names: list[str] = []

    def recording(method: Any) -> Any:
        async def recorded(*args: Any, **kwargs: Any) -> Any:
            task = asyncio.current_task()
            names.append(task.get_name() if task is not None else "")
            return await method(*args, **kwargs)

        return recorded

    game = await start_match(driver, host)
    monkeypatch.setattr(host, "get", recording(host.get))
    monkeypatch.setattr(host, "resolve", recording(host.resolve))

    await driver.click(BOB, game.message, button_id(game.message, "board"))
    assert names and all(name.startswith(DISCORD_TASKS[1]) for name in names), names
    names.clear()
    await driver.command(ALICE, "keryo-pente board")
    assert names and all(name.startswith(DISCORD_TASKS[0]) for name in names), names


async def test_the_view_store_keeps_what_the_stateless_views_test_reads(bot: TavernBot) -> None:
    # tests/cogs/test_components.py reads these to show that no view is kept per message.
    store = bot._connection._view_store
    for name in ("_views", "_synced_message_views", "_dynamic_items"):
        assert isinstance(getattr(store, name), dict), name
    assert list(store._dynamic_items.values()) == list(DYNAMIC_ITEMS)
