"""What the rest of the cogs ask of the tournament cog (cogs/tournaments.py), without importing it
(it imports them): the match message tells it a tournament match ended, and the turn clock has it
sweep the tournaments and post the tournament messages still owed."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, runtime_checkable

import discord
from discord.ext import commands

TOURNAMENT_COG = "TournamentCog"


@runtime_checkable
class TournamentJobs(Protocol):
    async def match_over(self, client: discord.Client, match_id: int) -> None:
        """A tournament match ended: its tournament moves on (the next round may start now)."""

    async def sweep_tournaments(self, client: discord.Client, *, now: datetime | None = None) -> None:
        """The background sweep: sign-ups past their time, rounds whose games all ended."""

    async def post_owed_tournaments(self, client: discord.Client, *, everything: bool = False) -> int:
        """Post what tournaments' messages are still owed; returns how many tournaments were paid."""


def tournament_jobs(client: discord.Client) -> TournamentJobs | None:
    """The loaded tournament cog (None when it is not loaded)."""
    cog = client.get_cog(TOURNAMENT_COG) if isinstance(client, commands.Bot) else None
    return cog if isinstance(cog, TournamentJobs) else None
