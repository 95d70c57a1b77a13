"""The settings, read in one place: the environment, an optional `.env` file in the project's
folder (the environment wins) and `--shards`. Each bad value is refused in one line
(`BadSetting`), which the command prints before it exits with status 2."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from data import SYNC_MODES

HERE = Path(__file__).resolve().parent.parent
"""The project's folder (bot.py's): the `.env` file and a relative DATABASE_PATH are found there."""
DEFAULT_DATABASE = "data/tavern.sqlite3"
DEFAULT_TURN_TIMEOUT_HOURS = 168.0
DEFAULT_LOBBY_TIMEOUT_HOURS = 72.0
MIN_TIMEOUT_HOURS = 1.0
"""A shorter clock would resign players and close lobbies within minutes of their last action."""
MAX_SHARDS = 65536
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")
DEFAULT_METRICS_HOST = "127.0.0.1"
SNOWFLAKE_LIMIT = 2**64
"""Discord's ids are unsigned 64-bit integers."""


class BadSetting(SystemExit):
    """A setting refused: its message is the one line that says what would be accepted."""


def read_env_file(path: Path) -> dict[str, str]:
    """`KEY=value` lines of a .env file; blank lines and `#` comments are skipped, `export `
    and matching quotes around the value are removed. A missing file gives nothing."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        if key:
            values[key] = value
    return values


@dataclass(frozen=True)
class Settings:
    token: str | None = field(repr=False)
    """Secret: never in the settings' repr (nor in any log line)."""
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    turn_timeout: timedelta | None = timedelta(hours=DEFAULT_TURN_TIMEOUT_HOURS)
    """A player who lets this pass without moving is resigned; None: never."""
    lobby_timeout: timedelta | None = timedelta(hours=DEFAULT_LOBBY_TIMEOUT_HOURS)
    """A lobby nobody joins for this long is closed; None: never."""
    database_sync: str = "full"
    """SQLite's `synchronous` setting (data.SYNC_MODES): `full` survives a power cut."""
    database_url: str | None = field(default=None, repr=False)
    """DATABASE_URL (may hold a password): when set, the database, instead of `database_path`."""
    shard_count: int | None = None
    """The shards of the whole bot; None: one connection, no sharding."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (of `shard_count`); None: all of them."""
    log_format: str = "text"
    """`text`: a line for people; `json`: one JSON object a line, for a log collector."""
    metrics_port: int | None = None
    """The port of /healthz and /metrics; None: not served."""
    metrics_host: str = DEFAULT_METRICS_HOST
    """The address /healthz and /metrics listen on (this machine only, unless told otherwise)."""

    @property
    def database(self) -> str | Path:
        """What the store opens: DATABASE_URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @classmethod
    def load(
        cls,
        environ: Mapping[str, str] | None = None,
        env_file: Path | None = HERE / ".env",
        argv: Sequence[str] = (),
    ) -> Settings:
        values = read_env_file(env_file) if env_file is not None else {}
        values.update(os.environ if environ is None else environ)
        values.update(_options(argv))
        database = Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)
        if not database.is_absolute():
            database = HERE / database
        level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in LOG_LEVELS:
            raise BadSetting(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        log_format = (values.get("LOG_FORMAT", "").strip() or "text").lower()
        if log_format not in LOG_FORMATS:
            raise BadSetting(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}.")
        sync = (values.get("DATABASE_SYNC", "").strip() or "full").lower()
        if sync not in SYNC_MODES:
            raise BadSetting(f"DATABASE_SYNC must be one of {', '.join(SYNC_MODES)}, not {sync!r}.")
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database_path=database,
            dev_guild_id=_snowflake(values, "DEV_GUILD_ID"),
            log_level=level,
            turn_timeout=_hours(values, "TURN_TIMEOUT_HOURS", DEFAULT_TURN_TIMEOUT_HOURS),
            lobby_timeout=_hours(values, "LOBBY_TIMEOUT_HOURS", DEFAULT_LOBBY_TIMEOUT_HOURS),
            database_sync=sync,
            database_url=_database_url(values),
            log_format=log_format,
            **_metrics(values),
            **_shards(values),
        )


def _options(argv: Sequence[str]) -> dict[str, str]:
    """Settings given on the command line: `--shards 0-3` (or `--shards=0-3`) is SHARD_IDS."""
    found: dict[str, str] = {}
    args = list(argv)
    while args:
        arg = args.pop(0)
        name, equals, value = arg.partition("=")
        if name != "--shards":
            raise BadSetting(f"Unknown option {arg!r}: the one option is --shards, such as --shards 0-3.")
        if not equals:
            if not args:
                raise BadSetting("--shards needs the shards of this process, such as --shards 0-3.")
            value = args.pop(0)
        found["SHARD_IDS"] = value
    return found


def _snowflake(values: Mapping[str, str], name: str) -> int | None:
    """A Discord id (a positive number below 2**64), or None when the setting is empty."""
    text = values.get(name, "").strip()
    if not text:
        return None
    if not text.isdigit() or not 0 < int(text) < SNOWFLAKE_LIMIT:
        raise BadSetting(
            f"{name} must be a server id (a number from 1 to 20 digits, as Discord's "
            f"“Copy Server ID” gives), not {text!r}."
        )
    return int(text)


def _database_url(values: Mapping[str, str]) -> str | None:
    url = values.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("sqlite:///", "postgresql://", "postgres://")):
        raise BadSetting(
            "DATABASE_URL must be postgresql://user:password@host/database (or ?host=/socket/folder) "
            "or sqlite:///path/to/file."
        )
    return url or None


def _metrics(values: Mapping[str, str]) -> dict[str, Any]:
    """METRICS_PORT (empty: off) and METRICS_HOST (default 127.0.0.1), checked."""
    port_text = values.get("METRICS_PORT", "").strip()
    host = values.get("METRICS_HOST", "").strip() or DEFAULT_METRICS_HOST
    if any(c.isspace() or c in "/?#@" for c in host):
        raise BadSetting(f"METRICS_HOST must be an address or host name such as 127.0.0.1, not {host!r}.")
    if not port_text:
        return {"metrics_host": host}
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise BadSetting(
            f"METRICS_PORT must be a port number from 1 to 65535 (or empty: off), not {port_text!r}."
        )
    return {"metrics_port": int(port_text), "metrics_host": host}


def _shards(values: Mapping[str, str]) -> dict[str, Any]:
    """SHARD_COUNT and SHARD_IDS, checked: this process's shards, of the whole bot's."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise BadSetting("SHARD_IDS needs SHARD_COUNT: the number of shards of the whole bot.")
        return {}
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        raise BadSetting(
            f"SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS}, not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return {"shard_count": count}
    ids: set[int] = set()
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise BadSetting(
                f"SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,4, not {ids_text!r}."
            )
        low, high = int(first), int(last) if dash else int(first)
        if not low <= high < count:
            raise BadSetting(
                f"SHARD_IDS must name shards from 0 to {count - 1} (SHARD_COUNT {count}), not {part!r}."
            )
        ids.update(range(low, high + 1))
    shard_ids = tuple(sorted(ids))
    if len(shard_ids) < count and not values.get("DATABASE_URL", "").strip().startswith(
        ("postgresql://", "postgres://")
    ):
        raise BadSetting(
            "SHARD_IDS names only some of the shards: the processes that run the others must share one "
            "database, so set DATABASE_URL to postgresql://… (one SQLite file serves one process)."
        )
    return {"shard_count": count, "shard_ids": shard_ids}


def _hours(values: Mapping[str, str], name: str, default: float) -> timedelta | None:
    """A duration in hours from the settings: 0 means never (None); otherwise at least an hour."""
    text = values.get(name, "").strip()
    try:
        hours = float(text) if text else default
    except ValueError:
        raise BadSetting(f"{name} must be a number of hours (0 for never), not {text!r}.") from None
    if hours == 0:
        return None
    if not MIN_TIMEOUT_HOURS <= hours < 1e6:
        raise BadSetting(
            f"{name} must be a number of hours from 0 (never) up: 0 to switch it off, or at least "
            f"{MIN_TIMEOUT_HOURS:g}, not {text!r}."
        )
    return timedelta(hours=hours)
