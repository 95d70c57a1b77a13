"""The real bot.py with METRICS_PORT set (tests/e2e/bot_process.py): `/healthz` answers 200 once
the bot is ready, and `/metrics` counts a move, read over HTTP on 127.0.0.1."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from .bot_process import BotProcess
from .driver import Driver, Stored, component_id, select_values, started_keibot


def get(bot: BotProcess, path: str) -> tuple[int, str]:
    url = f"http://127.0.0.1:{bot.metrics_port}{path}"
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return int(response.status), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def moves_played(bot: BotProcess, game: str) -> float:
    status, text = get(bot, "/metrics")
    assert status == 200
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "tavern_moves_played_total" and sample.labels == {"game": game}:
                return sample.value
    return 0.0


def test_healthz_is_ok_after_ready_and_metrics_count_a_move(
    driver: Driver, stored: Stored, bot: BotProcess
) -> None:
    # Ready and synced (the fixture waited); the gateway's first heartbeat answer follows at once.
    deadline = time.monotonic() + 10
    while (answer := get(bot, "/healthz"))[0] != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    status, text = answer
    body = json.loads(text)
    assert status == 200, body
    assert body["status"] == "ok" and body["failing"] == []
    assert set(body["checks"]) == {"gateway", "store", "outbox"}

    before = moves_played(bot, "keibot")
    match_id, board, mover = started_keibot(driver, stored)
    driver.click(mover, board, component_id(board, "move"), [select_values(board)[0]])
    assert stored.match(match_id).moves == 1
    assert moves_played(bot, "keibot") == before + 1
