"""`tavern run` (and bot.py): the store and the host, the client with its cogs, and a clean stop.

A stop (SIGTERM, as `docker stop` and `systemctl stop` send, or SIGINT, Ctrl+C) goes in order:
the gateway is closed first, so no new interaction comes; the interactions in flight (and the
computer moves they started, and a sweep or outbox round running) finish, for at most
`STOP_GRACE_SECONDS`, under the 10 s Docker and systemd give before SIGKILL; the computer
players' workers end; then the HTTP session and the store close. What a cut-short task still owed
a channel stays in the outbox for the next start. One line is logged; the exit status is 0. A
second signal ends the process at once (status 128 + the signal's number).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import asyncpg
import discord
from discord.ext import commands

import render
from cogs import DYNAMIC_ITEMS, TavernTree, make_cogs
from cogs.clock import TurnClock
from cogs.components import answer_removed_component
from cogs.language import CatalogueTranslator, remember_languages
from cogs.match_message import BACKGROUND_TASK
from data import StoreUnavailable, open_store
from host import Host, language
from host.language import SOURCE

from .logs import setup_logging
from .settings import DEFAULT_LOBBY_TIMEOUT_HOURS, HERE, BadSetting, Settings

if TYPE_CHECKING:  # prometheus-client is imported only when metrics are served
    from tavern.metrics import MetricsServer

log = logging.getLogger("tavern")

STOP_GRACE_SECONDS = 8.0
"""How long a stop waits for the interactions in flight: under the 10 s that Docker and systemd
give between SIGTERM and SIGKILL, with room for closing the rest."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
IN_FLIGHT_TASKS = (
    "CommandTree-invoker",  # a slash command or an autocomplete (discord.app_commands)
    "discord-ui-",  # a click or a modal (discord.ui's views, dynamic items and modals)
    "discord.py: ",  # an event listener, such as on_interaction
    BACKGROUND_TASK,  # a computer's move that an interaction started
)
"""The names of the tasks a stop waits for (the names discord.py gives the tasks it starts)."""

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

# The bot never joins voice: discord.py's warnings that the voice libraries are missing are noise.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


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
        try:  # who reads which language, as the store remembers it
            await self.host.load_languages()
        except StoreUnavailable as error:  # an outage as the bot starts: the defaults until a restart
            log.warning("Could not read the servers' and players' languages: %s", error)
        chosen = sorted(self.host.languages.chosen_languages() - {SOURCE})
        if chosen:  # their pictures' words, as English's are at start (`warm_up_pictures`)
            threading.Thread(
                target=warm_up_pictures, args=chosen, name="warm-up languages", daemon=True
            ).start()
        for cog in make_cogs(self.host):
            await self.add_cog(cog)
        await self.add_cog(self.clock)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.add_listener(answer_removed_component, "on_interaction")
        self.add_listener(self.remember_languages, "on_interaction")
        self._installed = True

    async def remember_languages(self, interaction: discord.Interaction) -> None:
        """The locales of a click or a form (the command tree notes those of commands itself)."""
        if interaction.type in (discord.InteractionType.component, discord.InteractionType.modal_submit):
            await remember_languages(self.host, interaction)

    async def setup_hook(self) -> None:
        await self.install()
        self.clock.start()
        if self.sync_commands:
            await self.sync_app_commands()

    async def sync_app_commands(self) -> None:
        # The commands' descriptions in every language Discord shows (cogs/language.py).
        await self.tree.set_translator(CatalogueTranslator())
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

    async def close_gateway(self) -> None:
        """Stop hearing from Discord, the HTTP session kept open for the answers still owed (a
        stop's first step; `close()` later closes the rest)."""
        if self.ws is not None and self.ws.open:
            await self.ws.close(code=1000)


class ShardedTavernBot(TavernBot, commands.AutoShardedBot):
    """The client over several gateway connections: the shards `shard_ids` of `shard_count`
    (discord.py's AutoShardedBot). Each process runs its range; any process may take any click,
    since every change is checked against the stored match version."""

    async def close_gateway(self) -> None:
        for shard in self.shards.values():
            if not shard.is_closed():
                await shard.disconnect()


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


def settle_process() -> None:
    """Set the process up for serving, once everything is loaded: what was loaded lives as long
    as the process, so it is frozen, out of the collector's sight, and a full collection scans
    only what came since (in the move-path bench: 8 ms instead of 30-38, each); and the C library
    keeps freed memory for the next picture instead of faulting it in again
    (`render.keep_freed_memory`)."""
    gc.collect()
    gc.freeze()
    render.keep_freed_memory()


RELEASE_SECONDS = 5.0
"""How often the bot looks whether a burst of pictures is over (`MemoryRelease`)."""


class MemoryRelease:
    """Gives freed memory back to the system once a burst of pictures is over: a look finds no
    picture drawn since the one before, but some since the last release
    (`render.release_freed_memory`). A bot drawing pictures without a pause keeps its freed memory
    for the next ones (`render.keep_freed_memory`); one that goes quiet returns it within two
    looks (issue 34: the bot's memory counted after its moves, not at their peak)."""

    def __init__(self) -> None:
        self.seen = self.released = render.pictures_drawn()
        self.releases = 0
        """How many times memory was given back."""

    def look(self) -> bool:
        """One look (every RELEASE_SECONDS): whether memory is to be given back now."""
        drawn = render.pictures_drawn()
        quiet, self.seen = drawn == self.seen, drawn
        if not quiet or drawn == self.released:
            return False
        self.released = drawn
        self.releases += 1
        return True

    async def run(self, period: float = RELEASE_SECONDS) -> None:
        """Look every `period` seconds until cancelled; release in a thread (a few ms)."""
        while True:
            await asyncio.sleep(period)
            if self.look():
                await asyncio.to_thread(render.release_freed_memory)


def warm_up_pictures(*codes: str) -> None:
    """`render.warm_up` beside the start (about 0.6 s of CPU), so that the first
    moves after a start are drawn as fast as later ones: in English, or in the languages of
    `codes` (catalogues servers chose). Nothing depends on it: a failure is logged and forgotten."""
    started = time.thread_time()
    try:
        for code in codes or (SOURCE,):
            render.warm_up(words=language(code))
    except Exception:
        log.exception("Warming up the pictures failed (they are drawn all the same)")
        return
    log.info(
        "Pictures warmed up (%s) in %.2f s of CPU",
        ", ".join(codes or (SOURCE,)),
        time.thread_time() - started,
    )


class StopSignals:
    """SIGTERM and SIGINT, taken alike: the first asks for a clean stop, a second ends the
    process at once. Installed on the running loop (`loop.add_signal_handler`), so that neither
    raises inside a running handler (asyncio.run would turn SIGINT into KeyboardInterrupt and
    cancel everything at once, under the handlers still answering)."""

    def __init__(self) -> None:
        self.requested = asyncio.Event()
        self.at: float | None = None
        """`time.monotonic()` when the first signal came."""

    def install(self) -> None:
        loop = asyncio.get_running_loop()
        for number in STOP_SIGNALS:
            loop.add_signal_handler(number, self._received, number)

    def _received(self, number: int) -> None:
        if self.at is not None:
            # Whoever sends a second signal wants the process gone now, not a second clean stop.
            log.warning("%s again while stopping: exiting at once", signal.Signals(number).name)
            logging.shutdown()
            os._exit(128 + number)
        self.at = time.monotonic()
        self.requested.set()


def tasks_in_flight() -> set[asyncio.Task[Any]]:
    current = asyncio.current_task()
    return {
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(IN_FLIGHT_TASKS)
    }


async def finish_in_flight(bot: TavernBot, grace: float) -> int:
    """Wait for the interactions in flight, what they started, and a clock round running, for at
    most `grace` seconds; then cancel what is left (its owed messages stay in the outbox). The
    number of tasks cut short."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    clock = asyncio.create_task(bot.clock.wind_down(), name="tavern: clock winding down")
    while True:
        # Looked for again each time: an interaction may start a computer's move as it ends.
        waiting = tasks_in_flight() | ({clock} if not clock.done() else set())
        left = deadline - loop.time()
        if not waiting or left <= 0:
            break
        await asyncio.wait(waiting, timeout=left, return_when=asyncio.FIRST_COMPLETED)
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    return len(waiting)


async def stop(bot: TavernBot, host: Host, connecting: asyncio.Task[None], started: float) -> str:
    """The clean stop, in order (the module's docstring); the line to log."""
    connecting.cancel()  # no more events read from the gateway
    with contextlib.suppress(asyncio.CancelledError):
        await connecting
    await bot.close_gateway()
    cut_short = await finish_in_flight(bot, STOP_GRACE_SECONDS)
    await asyncio.to_thread(host.close)  # the computer's workers (they have nothing left to do)
    await bot.close()  # the cogs, then the HTTP session
    seconds = time.monotonic() - started
    if cut_short:
        return (
            f"Stopped in {seconds:.1f} s: {cut_short} tasks still running after {STOP_GRACE_SECONDS:g} s "
            "were cut short (what they owed a channel is posted at the next start)"
        )
    return f"Stopped cleanly in {seconds:.1f} s"


async def serve(settings: Settings) -> None:
    assert settings.token is not None
    signals = StopSignals()
    signals.install()  # before the database opens: a stop during the start is clean too
    store = await open_store(settings.database, synchronous=settings.database_sync)
    log.info("Database: %s", settings.database_path if settings.database_url is None else store.dialect)
    if settings.shard_count is not None:
        shards = "all" if settings.shard_ids is None else ",".join(map(str, settings.shard_ids))
        log.info("Shards: %s of %d", shards, settings.shard_count)
    host = Host(store)
    stopped: str | None = None
    metrics: MetricsServer | None = None
    releasing: asyncio.Task[None] | None = None
    try:
        bot = build_bot(host, settings)
        settle_process()
        threading.Thread(target=warm_up_pictures, name="warm-up", daemon=True).start()
        releasing = asyncio.create_task(MemoryRelease().run(), name="tavern: memory release")
        if settings.metrics_port is not None:  # health and metrics: off unless METRICS_PORT is set
            from tavern.metrics import serve_metrics  # prometheus-client is loaded only then

            metrics = await serve_metrics(
                bot, host, port=settings.metrics_port, host_address=settings.metrics_host
            )
        async with bot:
            connecting = asyncio.create_task(bot.start(settings.token), name="tavern: gateway")
            asked = asyncio.create_task(signals.requested.wait(), name="tavern: stop signal")
            await asyncio.wait({connecting, asked}, return_when=asyncio.FIRST_COMPLETED)
            if not asked.done():  # the connection ended by itself: its error, if any, is raised
                asked.cancel()
                await connecting
            else:
                assert signals.at is not None
                stopped = await stop(bot, host, connecting, signals.at)
    finally:
        if releasing is not None:
            releasing.cancel()
        if metrics is not None:
            await metrics.close()
        await asyncio.to_thread(host.close)
        await store.close()
    if stopped is not None:
        log.info("%s", stopped)


def main(
    environ: Mapping[str, str] | None = None,
    env_file: Path | None = HERE / ".env",
    argv: Sequence[str] = (),
) -> int:
    """Run the bot until it is stopped; the exit status."""
    try:
        settings = Settings.load(environ, env_file, argv)
    except BadSetting as refused:
        print(refused, file=sys.stderr)
        return 2
    if settings.token is None:
        print(token_help(), file=sys.stderr)
        return 2
    setup_logging(settings.log_level, settings.log_format)
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
    except KeyboardInterrupt:  # Ctrl+C before the stop signals were installed: nothing to close yet
        pass
    return 0
