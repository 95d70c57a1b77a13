"""Health and metrics (tavern/metrics.py) of the real bot pieces in-process, read over real HTTP
on 127.0.0.1: a move moves the counters, the text parses as Prometheus text, and `/healthz` names
the check that fails. (The gateway check passes only with a real gateway: the end-to-end test
tests/e2e/test_metrics.py sees `/healthz` answer 200.)"""

from __future__ import annotations

import inspect
import json
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from discord import app_commands
from prometheus_client.parser import text_string_to_metric_families

import tavern.metrics
from bot import TavernBot
from data import open_store
from host import Host, Player
from tavern.metrics import MetricsServer, serve_metrics
from tests.support.discord_harness import ALICE, button_id, private_messages, start_bot, start_match
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, FakeDiscord


@pytest.fixture
async def metrics(bot: TavernBot, host: Host) -> AsyncIterator[MetricsServer]:
    server = await serve_metrics(bot, host, port=0)
    yield server
    await server.close()


async def read(server: MetricsServer, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(server.url + path) as response:
        return response.status, await response.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text, by name and labels (the parser rejects a bad text)."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


async def health(server: MetricsServer) -> tuple[int, dict[str, Any]]:
    status, text = await read(server, "/healthz")
    return status, json.loads(text)


async def test_a_move_moves_the_counters(driver: Driver, host: Host, metrics: MetricsServer) -> None:
    status, before = await read(metrics, "/metrics")
    assert status == 200
    assert ("tavern_moves_played_total", (("game", "keryo-pente"),)) not in samples(before)

    game = await start_match(driver, host)
    suggested = await driver.autocomplete(game.mover, "keryo-pente move", "move", move="K1")
    assert "K10" in [choice["value"] for choice in suggested]
    await driver.command(game.mover, "keryo-pente move", move="K10")
    await driver.click(game.other, game.message, button_id(game.message, "board"))
    refused = await driver.command(game.mover, "keryo-pente move", move="A1")  # not their turn now
    assert "not your turn" in private_messages(refused)[-1].text

    status, text = await read(metrics, "/metrics")
    assert status == 200
    found = samples(text)
    assert found["tavern_moves_played_total", (("game", "keryo-pente"),)] == 1
    assert (
        found["tavern_interactions_total", (("kind", "command"),)] == 4
    )  # new, join, the move, the refused move
    assert found["tavern_interactions_total", (("kind", "component"),)] == 1
    assert found["tavern_interactions_total", (("kind", "autocomplete"),)] == 1
    for kind, count in (("command", 4), ("component", 1)):
        assert found["tavern_interaction_first_answer_seconds_count", (("kind", kind),)] == count
        assert found["tavern_interaction_completion_seconds_count", (("kind", kind),)] == count
        assert found["tavern_interaction_completion_seconds_sum", (("kind", kind),)] > 0
    assert found["tavern_interaction_completion_seconds_count", (("kind", "autocomplete"),)] == 1
    assert found["tavern_errors_total", (("kind", "NotYourTurn"),)] == 1
    # The matches were counted at the first scrape, before the match: not again within 30 s.
    assert found["tavern_active_matches", (("status", "playing"),)] == 0
    later = await serve_metrics(driver.bot, host, port=0)  # a server of its own counts them now
    try:
        counted = samples((await read(later, "/metrics"))[1])
    finally:
        await later.close()
    assert counted["tavern_active_matches", (("status", "playing"),)] == 1
    assert counted["tavern_active_matches", (("status", "lobby"),)] == 0
    assert found["tavern_outbox_owed", ()] == 0  # every message was posted as it was made
    assert found["tavern_computer_moves_waiting", ()] == 0
    assert ("tavern_gateway_latency_seconds", ()) in found


async def test_healthz_names_each_check(metrics: MetricsServer, driver: Driver, host: Host) -> None:
    await start_match(driver, host)
    status, body = await health(metrics)
    # The harness has no gateway: only that check fails, and the answer says so.
    assert (status, body["status"], body["failing"]) == (503, "failing", ["gateway"])
    assert body["checks"]["store"] == {"ok": True, "detail": "answering"}
    assert body["checks"]["outbox"]["ok"] is True
    assert "not ready" in body["checks"]["gateway"]["detail"]


async def test_healthz_fails_when_the_outbox_is_over_its_bound(
    metrics: MetricsServer, host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    await host.new(
        guild_id=GUILD_ID, channel_id=CHANNEL_ID, creator=Player(ALICE.id, ALICE.name), game_key="keibot"
    )
    _, body = await health(metrics)
    assert body["checks"]["outbox"]["ok"] is True  # one owed message, just made
    monkeypatch.setattr(tavern.metrics, "OUTBOX_OWED_LIMIT", 1)
    status, body = await health(metrics)
    assert status == 503 and "outbox" in body["failing"]
    assert "1 owed" in body["checks"]["outbox"]["detail"]
    monkeypatch.setattr(tavern.metrics, "OUTBOX_OWED_LIMIT", 1000)
    monkeypatch.setattr(tavern.metrics, "OUTBOX_AGE_LIMIT", timedelta(0))
    status, body = await health(metrics)
    assert status == 503 and "outbox" in body["failing"]
    assert "minutes or more" in body["checks"]["outbox"]["detail"]
    status, text = await read(metrics, "/metrics")
    assert samples(text)["tavern_outbox_owed", ()] == 1


async def test_healthz_fails_when_the_store_is_closed(db_path: Path, fake: FakeDiscord) -> None:
    store = await open_store(db_path)
    host = Host(store)
    bot = await start_bot(host)
    server = await serve_metrics(bot, host, port=0)
    try:
        _, body = await health(server)
        assert body["checks"]["store"]["ok"] is True
        await store.close()
        status, body = await health(server)
        assert status == 503 and {"store", "outbox"} <= set(body["failing"])
        assert body["checks"]["store"]["ok"] is False
        status, text = await read(server, "/metrics")  # the figures stay readable
        assert status == 200 and samples(text)
    finally:
        await server.close()
        await bot.close()
        host.close()


async def test_two_servers_in_one_process_keep_apart(bot: TavernBot, host: Host) -> None:
    first = await serve_metrics(bot, host, port=0)
    try:
        second = await serve_metrics(bot, host, port=0)
        await second.close()
        assert (await read(first, "/metrics"))[0] == 200
    finally:
        await first.close()


def test_the_private_entry_the_tree_times_keeps_its_signature() -> None:
    """cogs/errors.py's TavernTree times commands and autocomplete in discord.py's private
    `CommandTree._call(interaction)`: a discord.py that renames or changes it fails here."""
    parameters = list(inspect.signature(app_commands.CommandTree._call).parameters)
    assert parameters == ["self", "interaction"]
    assert inspect.iscoroutinefunction(app_commands.CommandTree._call)
