"""Housekeeping in the background: the turn clock, idle lobbies, and computer moves left over
by a restart.

Every few minutes (and once at start-up) a task asks the host to resign players who let a turn
wait too long and to close idle lobbies (`Host.expire_idle`; the host decides; either can be
switched off), and to play the computer seats of matches that were waiting for one when the bot
stopped; it posts the changed matches in their channels. The sweep always runs, whatever the
timeouts: a match waiting for the computer must never stay stuck.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import discord
from discord.ext import commands, tasks

from host import Host, MatchSnapshot

from .game_cog import GameCog

log = logging.getLogger("tavern.clock")

SWEEP_MINUTES = 10


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

    def start(self) -> None:
        """Start the sweep loop (its first sweep runs once the bot is ready)."""
        if not self.sweeper.is_running():
            self.sweeper.start()

    async def cog_unload(self) -> None:
        self.sweeper.cancel()

    @tasks.loop(minutes=SWEEP_MINUTES)
    async def sweeper(self) -> None:
        try:
            await self.sweep()
        except Exception:  # the clock must keep ticking whatever one sweep met
            log.exception("The turn clock's sweep failed")

    @sweeper.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def sweep(self) -> list[MatchSnapshot]:
        """Expire what is idle now, play the computer moves that are due, and announce it all;
        returns the matches changed."""
        changed = await self.host.expire_idle(
            turn_timeout=self.turn_timeout, lobby_timeout=self.lobby_timeout
        )
        for match_id in await self.host.computer_matches():
            played = await self.host.play_computers(match_id)
            if played.played:  # an interaction may have played them since they were listed
                changed.append(played)
        for snapshot in changed:
            note = self._note(snapshot)
            cog = self._game_cog(snapshot.game.key)
            if cog is None:
                continue
            try:
                await cog.announce(self.bot, snapshot, note=note)
            except discord.HTTPException as error:  # a deleted channel: the match is stored anyway
                log.info("Could not announce match %s: %s", snapshot.id, error)
        return changed

    def _note(self, snapshot: MatchSnapshot) -> str:
        if snapshot.status == "abandoned" and self.lobby_timeout is not None:
            hours = self.lobby_timeout.total_seconds() / 3600
            return f"Nobody joined for {hours:g} hours."  # the status line says it was closed
        return snapshot.played[0].description if snapshot.played else "The turn clock ran out."

    def _game_cog(self, key: str) -> GameCog | None:
        for cog in self.bot.cogs.values():
            if isinstance(cog, GameCog) and cog.game.key == key:
                return cog
        return None
