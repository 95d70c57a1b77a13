"""Logging: LOG_LEVEL for our own loggers, LOG_FORMAT `text` (a line for people) or `json` (one
JSON object a line: time, level, logger, message, and the traceback when there is one).

What the logs hold: our own lines name users, servers, channels, messages and matches by their
ids only, never by a name or what a player wrote. discord.py's loggers that would write names and
whole payloads at DEBUG (the gateway, HTTP, client and state: every event and request body) are
kept at INFO whatever LOG_LEVEL says. (The SQLite store runs its own thread and logs no statements.)"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

QUIET_LOGGERS = ("discord.gateway", "discord.http", "discord.client", "discord.state")
"""Loggers kept at INFO or above whatever LOG_LEVEL says: at DEBUG, discord.py's gateway, HTTP,
client and state loggers log the events and request bodies (names, message text)."""
TEXT_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


class JsonLines(logging.Formatter):
    """One JSON object a line, for a log collector."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class _OurHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The handler `setup_logging` installs (a second call replaces it rather than adding one)."""


def setup_logging(level: str, log_format: str = "text") -> None:
    """Our lines to stderr, as text or JSON lines, at `level`; the quiet loggers at INFO or above."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _OurHandler)]:
        root.removeHandler(old)
    handler = _OurHandler()
    handler.setFormatter(JsonLines() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    root.addHandler(handler)
    root.setLevel(getattr(logging, level, logging.INFO))
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, root.level))
