"""`/keryo-pente`: everything but `new` comes from the shared GameCog."""

from __future__ import annotations

import discord
from discord import app_commands

from rules import GAMES

from .base import GameCog, opponent_options

_GAME = GAMES["keryo-pente"]


class KeryoPenteCog(
    GameCog,
    group_name="keryo-pente",
    group_description="Keryo-Pente: five in a row or 15 captures, for 2 to 6 players",
):
    game_key = "keryo-pente"

    @app_commands.command(name="new", description="Open a Keryo-Pente lobby in this channel")
    @app_commands.describe(
        seats="How many players (default 2)",
        tournament="Tournament rule: first stone on K10, the second outside H8–M12 (default on)",
    )
    @app_commands.choices(seats=[app_commands.Choice(name=f"{n} players", value=n) for n in _GAME.seats])
    @opponent_options
    async def new(
        self,
        interaction: discord.Interaction,
        seats: int = 2,
        tournament: bool = True,
        opponent: str = "people",
        level: str = "normal",
    ) -> None:
        await self.open_lobby(
            interaction, seats=seats, options={"tournament": tournament}, opponent=opponent, level=level
        )
