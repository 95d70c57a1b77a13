"""tavern/logs.py: at LOG_LEVEL=DEBUG discord.py's loggers that would log names and payloads stay
at INFO; LOG_FORMAT=json writes one JSON object a line."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from tavern.logs import QUIET_LOGGERS, JsonLines, setup_logging

DISCORD_LOGGERS = ("discord.gateway", "discord.http", "discord.client", "discord.state")


@pytest.fixture
def fresh_logging() -> Iterator[None]:
    """The root logger and the quiet loggers as they were, after the test."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    levels = {name: logging.getLogger(name).level for name in QUIET_LOGGERS}
    root.handlers = []
    yield
    root.handlers = handlers
    root.setLevel(level)
    for name, old in levels.items():
        logging.getLogger(name).setLevel(old)


def test_discord_loggers_stay_at_info_at_debug(fresh_logging: None) -> None:
    """At DEBUG, discord.py's gateway logger writes every event's payload (names, message text) and
    its HTTP logger every request's body."""
    setup_logging("DEBUG")
    assert logging.getLogger("tavern").isEnabledFor(logging.DEBUG)
    for name in DISCORD_LOGGERS:
        logger = logging.getLogger(name)
        assert not logger.isEnabledFor(logging.DEBUG) and logger.isEnabledFor(logging.INFO), name


def test_json_lines_hold_time_level_logger_message(fresh_logging: None) -> None:
    out = io.StringIO()
    setup_logging("INFO", "json")
    handler = logging.getLogger().handlers[-1]  # ours, added last
    assert isinstance(handler, logging.StreamHandler) and isinstance(handler.formatter, JsonLines)
    handler.setStream(out)
    logging.getLogger("tavern.cogs").info("Match %s: could not open its thread (%s)", 12, "403 Forbidden")
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("tavern.errors").exception("Unexpected error in /x by user %s", 1001)
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert set(first) == {"time", "level", "logger", "message"}
    assert first["level"] == "INFO" and first["logger"] == "tavern.cogs"
    assert first["message"] == "Match 12: could not open its thread (403 Forbidden)"
    assert first["time"].endswith("+00:00")
    assert second["level"] == "ERROR" and "ValueError: boom" in second["traceback"]
