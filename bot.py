"""Start the bot: settings, logging, the store and the host, the cogs, the commands.

    python bot.py        (or `make run`)

Settings come from the environment and from an optional `.env` file next to this one (the
environment wins): DISCORD_TOKEN, DATABASE_PATH (default data/tavern.sqlite3), DEV_GUILD_ID
(sync the commands to that server only, which is instant; else globally), LOG_LEVEL
(DEBUG, INFO, WARNING or ERROR; default INFO), DATABASE_SYNC (`full`, the default: an acknowledged
move survives a power cut; `normal`: faster, the last moves may not), TURN_TIMEOUT_HOURS
(default 168; 0: idle players are never resigned) and LOBBY_TIMEOUT_HOURS (default 72; 0: idle
lobbies are never closed). The background sweep (turn clock, idle lobbies, computer moves a
restart interrupted) always runs.
At scale (docs/operations.md, "Running at scale"): DATABASE_URL (`postgresql://…` or
`sqlite:///path`; wins over DATABASE_PATH), SHARD_COUNT (the shards of the whole bot) and
SHARD_IDS (this process's, such as `0-3` or `0,2,4`; also `--shards 0-3`): one process per range
of shards, over one PostgreSQL database.
Without a token it explains how to get one and exits with status 2; a bad setting, a database that
cannot be opened or written, a refused token or an unreachable Discord gets one line and status 1.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import sqlite3
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import aiohttp
import asyncpg
import discord
from discord.ext import commands

import render
from cogs import DYNAMIC_ITEMS, TavernTree, make_cogs
from cogs.clock import TurnClock
from cogs.components import answer_removed_component
from data import SYNC_MODES, StoreUnavailable, open_store
from host import Host

log = logging.getLogger("tavern")

HERE = Path(__file__).resolve().parent
DEFAULT_DATABASE = "data/tavern.sqlite3"
DEFAULT_TURN_TIMEOUT_HOURS = 168.0
DEFAULT_LOBBY_TIMEOUT_HOURS = 72.0
MAX_SHARDS = 65536

PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
"""What the bot needs in a channel; its value goes into the invite URL."""
SCOPES = ("bot", "applications.commands")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")

# The bot never joins voice: discord.py's warnings that the voice libraries are missing are noise.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


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
        guild = values.get("DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SystemExit(f"DEV_GUILD_ID must be a server id (a number), not {guild!r}.")
        database = Path(values.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)
        if not database.is_absolute():
            database = HERE / database
        level = (values.get("LOG_LEVEL", "").strip() or "INFO").upper()
        if level not in LOG_LEVELS:
            raise SystemExit(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}.")
        sync = (values.get("DATABASE_SYNC", "").strip() or "full").lower()
        if sync not in SYNC_MODES:
            raise SystemExit(f"DATABASE_SYNC must be one of {', '.join(SYNC_MODES)}, not {sync!r}.")
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            database_path=database,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            turn_timeout=_hours(values, "TURN_TIMEOUT_HOURS", DEFAULT_TURN_TIMEOUT_HOURS),
            lobby_timeout=_hours(values, "LOBBY_TIMEOUT_HOURS", DEFAULT_LOBBY_TIMEOUT_HOURS),
            database_sync=sync,
            database_url=_database_url(values),
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
            raise SystemExit(f"Unknown option {arg!r}: the one option is --shards, such as --shards 0-3.")
        if not equals:
            if not args:
                raise SystemExit("--shards needs the shards of this process, such as --shards 0-3.")
            value = args.pop(0)
        found["SHARD_IDS"] = value
    return found


def _database_url(values: Mapping[str, str]) -> str | None:
    url = values.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("sqlite:///", "postgresql://", "postgres://")):
        raise SystemExit(
            "DATABASE_URL must be postgresql://user:password@host/database (or ?host=/socket/folder) "
            "or sqlite:///path/to/file."
        )
    return url or None


def _shards(values: Mapping[str, str]) -> dict[str, Any]:
    """SHARD_COUNT and SHARD_IDS, checked: this process's shards, of the whole bot's."""
    count_text = values.get("SHARD_COUNT", "").strip()
    ids_text = values.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SystemExit("SHARD_IDS needs SHARD_COUNT: the number of shards of the whole bot.")
        return {}
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        raise SystemExit(
            f"SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS}, not {count_text!r}."
        )
    count = int(count_text)
    if not ids_text:
        return {"shard_count": count}
    ids: set[int] = set()
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SystemExit(
                f"SHARD_IDS must be shard numbers and ranges such as 0-3 or 0,2,4, not {ids_text!r}."
            )
        low, high = int(first), int(last) if dash else int(first)
        if not low <= high < count:
            raise SystemExit(
                f"SHARD_IDS must name shards from 0 to {count - 1} (SHARD_COUNT {count}), not {part!r}."
            )
        ids.update(range(low, high + 1))
    shard_ids = tuple(sorted(ids))
    if len(shard_ids) < count and not values.get("DATABASE_URL", "").strip().startswith(
        ("postgresql://", "postgres://")
    ):
        raise SystemExit(
            "SHARD_IDS names only some of the shards: the processes that run the others must share one "
            "database, so set DATABASE_URL to postgresql://… (one SQLite file serves one process)."
        )
    return {"shard_count": count, "shard_ids": shard_ids}


def _hours(values: Mapping[str, str], name: str, default: float) -> timedelta | None:
    """A duration in hours from the settings; 0 means never (None)."""
    text = values.get(name, "").strip()
    try:
        hours = float(text) if text else default
    except ValueError:
        raise SystemExit(f"{name} must be a number of hours (0 for never), not {text!r}.") from None
    if not 0 <= hours < 1e6:
        raise SystemExit(f"{name} must be a number of hours from 0 (never) up, not {text!r}.")
    return timedelta(hours=hours) if hours > 0 else None


def invite_url(application_id: int | str = "<APPLICATION_ID>") -> str:
    scopes = "+".join(SCOPES)
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        f"&scope={scopes}&permissions={PERMISSIONS.value}"
    )


def user_install_url(application_id: int | str = "<APPLICATION_ID>") -> str:
    """The link that installs the app to a user's account, to play in DMs and group DMs."""
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        "&integration_type=1&scope=applications.commands"
    )


def token_help() -> str:
    return f"""\
DISCORD_TOKEN is not set, so the bot cannot log in.

1. Open https://discord.com/developers/applications and create an application (New Application).
2. In its "Bot" page, press "Reset Token" and copy the token.
3. Put it in a file named .env next to bot.py (see .env.example):
       DISCORD_TOKEN=your-token-here
   (or set DISCORD_TOKEN in the environment). No privileged intents are needed.
4. Optional: set DEV_GUILD_ID to your server's id while developing; commands then appear at once
   in that server instead of after Discord's global update.
5. Run `make run` again. Once logged in, the bot logs its invite link with your application's id
   filled in ("Invite URL: https://discord.com/oauth2/authorize?client_id=..."): open it to add
   the bot to your server. To invite it before that, replace <APPLICATION_ID> in this link with
   the "Application ID" shown on the application's "General Information" page:
       {invite_url()}
   Scopes: {" ".join(SCOPES)}
   Permissions ({PERMISSIONS.value}): View Channels, Send Messages, Send Messages in Threads,
   Create Public Threads, Embed Links, Attach Files, Read Message History."""


def intents() -> discord.Intents:
    """The default intents, none of them privileged: no message content, no members, no presences."""
    chosen = discord.Intents.default()
    chosen.message_content = False
    chosen.members = False
    chosen.presences = False
    return chosen


class TavernBot(commands.Bot):
    """The client. Constructible without logging in: tests call `install()` themselves."""

    def __init__(
        self,
        host: Host,
        *,
        dev_guild_id: int | None = None,
        sync_commands: bool = True,
        turn_timeout: timedelta | None = None,
        lobby_timeout: timedelta | None = timedelta(hours=DEFAULT_LOBBY_TIMEOUT_HOURS),
        **client_options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents(),
            tree_cls=TavernTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **client_options,
        )
        self.host = host
        self.dev_guild_id = dev_guild_id
        self.sync_commands = sync_commands
        self.clock = TurnClock(self, host, turn_timeout=turn_timeout, lobby_timeout=lobby_timeout)
        """The background sweep; installed always, its loop started by `setup_hook` (a real start)."""
        self._installed = False

    async def install(self) -> None:
        """Load the cogs (sharing the host) and register the buttons that survive restarts."""
        if self._installed:
            return
        for cog in make_cogs(self.host):
            await self.add_cog(cog)
        await self.add_cog(self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(answer_removed_component, "on_interaction")
        self._installed = True

    async def setup_hook(self) -> None:
        await self.install()
        self.clock.start()
        if self.sync_commands:
            await self.sync_app_commands()

    async def sync_app_commands(self) -> None:
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("Synced %d commands to server %s", len(synced), self.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("Synced %d global commands (Discord may take a while to show them)", len(synced))

    async def on_ready(self) -> None:
        user = self.user
        log.info("Logged in as %s (%s)", user, user.id if user else "?")
        if self.application_id is not None:
            log.info("Invite URL: %s", invite_url(self.application_id))
            log.info("User install URL (to play in DMs): %s", user_install_url(self.application_id))


class ShardedTavernBot(TavernBot, commands.AutoShardedBot):
    """The client over several gateway connections: the shards `shard_ids` of `shard_count`
    (discord.py's AutoShardedBot). Each process runs its range; any process may take any click,
    since every change is checked against the stored match version."""


def build_bot(host: Host, settings: Settings) -> TavernBot:
    common: dict[str, Any] = {
        "dev_guild_id": settings.dev_guild_id,
        "turn_timeout": settings.turn_timeout,
        "lobby_timeout": settings.lobby_timeout,
    }
    if settings.shard_count is None:
        return TavernBot(host, **common)
    shard_ids = None if settings.shard_ids is None else list(settings.shard_ids)
    return ShardedTavernBot(host, shard_count=settings.shard_count, shard_ids=shard_ids, **common)


QUIET_LOGGERS = ("aiosqlite",)
"""Loggers kept at INFO whatever LOG_LEVEL says: at DEBUG, aiosqlite logs every statement with its
parameters (names, user ids, moves)."""


def setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
    )
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, logging.getLogger().level))


def warm_up_pictures() -> None:
    """`render.warm_up` beside the start (about 0.6 s of CPU), so that the first
    moves after a start are drawn as fast as later ones. Nothing depends on it: a failure is
    logged and forgotten."""
    started = time.thread_time()
    try:
        render.warm_up()
    except Exception:
        log.exception("Warming up the pictures failed (they are drawn all the same)")
        return
    log.info("Pictures warmed up in %.2f s of CPU", time.thread_time() - started)


async def serve(settings: Settings) -> None:
    assert settings.token is not None
    store = await open_store(settings.database, synchronous=settings.database_sync)
    log.info("Database: %s", settings.database_path if settings.database_url is None else store.dialect)
    if settings.shard_count is not None:
        shards = "all" if settings.shard_ids is None else ",".join(map(str, settings.shard_ids))
        log.info("Shards: %s of %d", shards, settings.shard_count)
    host = Host(store)
    try:
        bot = build_bot(host, settings)
        # Everything loaded so far lives as long as the process: frozen, out of the collector's
        # sight, a full collection scans only what came since (in the move-path bench: 8 ms
        # instead of 30-38, each).
        gc.collect()
        gc.freeze()
        threading.Thread(target=warm_up_pictures, name="warm-up", daemon=True).start()
        # Health and metrics, off unless METRICS_PORT is set (read here until the settings
        # module carries METRICS_PORT and METRICS_HOST).
        metrics = None
        if port := os.environ.get("METRICS_PORT", "").strip():
            from tavern.metrics import serve_metrics  # prometheus-client is loaded only then

            address = os.environ.get("METRICS_HOST", "").strip() or "127.0.0.1"
            metrics = await serve_metrics(bot, host, port=int(port), host_address=address)
        try:
            async with bot:
                await bot.start(settings.token)
        finally:
            if metrics is not None:
                await metrics.close()
    finally:
        host.close()
        await store.close()


def main(
    environ: Mapping[str, str] | None = None,
    env_file: Path | None = HERE / ".env",
    argv: Sequence[str] = (),
) -> int:
    settings = Settings.load(environ, env_file, argv)
    if settings.token is None:
        print(token_help(), file=sys.stderr)
        return 2
    setup_logging(settings.log_level)
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        log.error(
            "Discord refused the token in DISCORD_TOKEN: check it (or reset it) in the developer portal."
        )
        return 1
    except discord.PrivilegedIntentsRequired:
        log.error("Discord asks for privileged intents, which this bot does not use.")
        return 1
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError) as error:
        log.error("Could not reach Discord (%s): check the network connection, then start again.", error)
        return 1
    except StoreUnavailable as error:
        log.error("%s", error)
        return 1
    except (OSError, sqlite3.Error, asyncpg.PostgresError) as error:  # the database failed after the start
        log.error(
            "The database %s failed (%s): check the disk and the file (or the server), then start again.",
            settings.database_path if settings.database_url is None else "server",
            error,
        )
        return 1
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(argv=sys.argv[1:]))
