"""Housekeeping in the background: the turn clock, idle lobbies, computer moves left over by a
restart, reminders to players whose turn clock runs low, and match messages still owed to their
channels (the outbox, host/announcements.py).

Every few minutes (and once at start-up) a task asks the host to resign players who let a turn
wait too long and to close idle lobbies (`Host.expire_idle`; the host decides, by each server's
own clocks (`/tavern config`), or the bot's settings where a server chose none; either can be
switched off), and to play the computer seats of matches that were waiting for one when the bot
stopped; it posts the changed matches in their channels. The sweep always runs, whatever the
timeouts: a match waiting for the computer must never stay stuck. A faster loop posts what the
outbox still owes: at start-up everything, later what the acting path left unposted; it also moves
on the tournaments that are due (cogs/tournaments.py) and posts their messages still owed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

import discord
from discord.ext import commands, tasks

from host import Host, MatchSnapshot, StaleTurn, StoreUnavailable, TurnReminder
from rules.text import Words

from .errors import outages
from .game_cog import game_cog_of
from .notices import send_reminder
from .tournament_jobs import tournament_jobs

log = logging.getLogger("tavern.clock")

SWEEP_JOB = "turn clock"
"""The name the sweep is claimed under: with several bot processes, one sweeps at a time."""
SWEEP_MINUTES = 10
OUTBOX_SECONDS = 10
"""How often the match messages still owed (after a crash or a Discord failure) are looked for."""


class TurnClock(commands.Cog):
    def __init__(
        self,
        bot: commands.Bot,
        host: Host,
        *,
        turn_timeout: timedelta | None,
        lobby_timeout: timedelta | None,
    ) -> None:
        self.bot = bot
        self.host = host
        self.turn_timeout = turn_timeout
        """None: idle players are never resigned."""
        self.lobby_timeout = lobby_timeout
        """None: idle lobbies are never closed."""
        self._rounds = 0
        """The sweep and outbox rounds running now (a stop waits for them, not for a sleeping loop)."""
        self._idle = asyncio.Event()
        self._idle.set()

    def start(self) -> None:
        """Start the sweep and outbox loops (their first rounds run once the bot is ready)."""
        for loop in (self.sweeper, self.outbox):
            if not loop.is_running():
                loop.start()

    async def cog_unload(self) -> None:
        self.sweeper.cancel()
        self.outbox.cancel()

    @contextmanager
    def _round(self) -> Iterator[None]:
        self._rounds += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._rounds -= 1
            if self._rounds == 0:
                self._idle.set()

    async def wind_down(self) -> None:
        """For a stop: start no new round, let the one running finish (what it leaves owed, the
        outbox keeps for the next start), then end both loops. The caller bounds the wait."""
        for loop in (self.sweeper, self.outbox):
            loop.stop()
        await self._idle.wait()
        self.sweeper.cancel()
        self.outbox.cancel()

    @tasks.loop(minutes=SWEEP_MINUTES)
    async def sweeper(self) -> None:
        try:
            with self._round():
                await self.sweep()
        except StoreUnavailable as error:  # an outage: one line a minute, as the interactions log it
            outages.note(error)
        except Exception:  # the clock must keep ticking whatever one sweep met
            log.exception("The turn clock's sweep failed")

    @sweeper.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def sweep(self) -> list[MatchSnapshot]:
        """Expire what is idle now, play the computer moves that are due, and announce it all,
        then post what is still owed from before; returns the matches changed. With several bot
        processes, the one that claims the sweep does it, and the others leave it."""
        async with self.host.claimed(SWEEP_JOB) as ours:
            changed = await self._sweep() if ours else []
        await self.post_owed()
        return changed

    async def _sweep(self) -> list[MatchSnapshot]:
        changed = await self.host.expire_idle(
            turn_timeout=self.turn_timeout, lobby_timeout=self.lobby_timeout
        )
        for match_id in await self.host.computer_matches():
            try:
                async with self.host.announcing(match_id):
                    played = await self.host.play_computers(match_id)
            except StaleTurn:
                continue  # another bot process played that move meanwhile, and announces it
            if played.played:  # an interaction may have played them since they were listed
                changed.append(played)
        for snapshot in changed:
            due = await self.host.owed_message(snapshot)
            cog = game_cog_of(self.bot, snapshot.game.key)
            if due is not None and cog is not None:
                await cog.announce(self.bot, due, note=await self._note(snapshot, cog.words_for(snapshot)))
        await self.remind()
        await self.post_owed()
        return changed

    async def remind(self, *, now: datetime | None = None) -> list[TurnReminder]:
        """Remind the players to move who used half, then 90%, of the turn clock (each reminder
        once: the host claims it before it is sent); returns the reminders sent."""
        reminders = await self.host.due_reminders(turn_timeout=self.turn_timeout, now=now)
        for reminder in reminders:
            await send_reminder(self.bot, self.host, reminder)
        return reminders

    @tasks.loop(seconds=OUTBOX_SECONDS)
    async def outbox(self) -> None:
        try:
            # At start-up nothing of this process is still posting: everything owed is due, unless
            # other bot processes share the database (one of them may be posting it now).
            first = self.outbox.current_loop == 0
            with self._round():
                await self.post_owed(everything=first and not self.host.shares_store)
        except StoreUnavailable as error:  # the next round tries again; one line a minute
            outages.note(error)
        except Exception:  # the next round tries again
            log.exception("Posting the owed match messages failed")

    @outbox.before_loop
    async def _outbox_waits_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def post_owed(self, *, everything: bool = False) -> int:
        """Post the match messages the outbox still owes (a crash or a Discord failure came
        between a change and its message), move the tournaments on that are due, and post their
        messages; returns how many were posted (a tournament's counting once)."""
        posted = 0
        for due in await self.host.due_announcements(everything=everything):
            cog = game_cog_of(self.bot, due.snapshot.game.key)
            if cog is not None and await cog.announce(self.bot, due):
                posted += 1
        jobs = tournament_jobs(self.bot)
        if jobs is not None:
            # Tournaments move on first (a sign-up past its time, a round whose games all ended:
            # one query when none is due, safe in several processes at once), then their sign-up,
            # standings and round messages still owed are posted.
            await jobs.sweep_tournaments(self.bot)
            posted += await jobs.post_owed_tournaments(self.bot, everything=everything)
        return posted

    async def _note(self, snapshot: MatchSnapshot, words: Words) -> str | None:
        """The note of a match the sweep changed, in the match message's language."""
        if snapshot.status == "abandoned":
            settings = await self.host.server_settings(snapshot.guild_id)
            lobby_clock = settings.lobby_clock(self.lobby_timeout)  # the server's own, or the bot's
            if lobby_clock is not None:
                hours = lobby_clock.total_seconds() / 3600
                # The status line says it was closed.
                return words.ngettext(
                    "Nobody joined for {count} hour.", "Nobody joined for {count} hours.", hours
                )
        # A player the clock resigned: the message's "Just played" already says who ran out of
        # time and after how long, so a note would say it twice.
        return None if snapshot.played else words.gettext("The turn clock ran out.")


def turn_clock_of(client: discord.Client) -> TurnClock | None:
    """The bot's turn clock (None when it is not loaded, as in some tests)."""
    clock = client.get_cog("TurnClock") if isinstance(client, commands.Bot) else None
    return clock if isinstance(clock, TurnClock) else None
