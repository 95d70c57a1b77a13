"""`/keibot`: everything but `new` comes from the shared GameCog (join, start, leave, move with
autocomplete of the legal moves, board, resign, draw, rules, and the menu of legal moves on the
match message, which Keibot nearly always has: 25 moves or fewer)."""

from __future__ import annotations

import discord
from discord import app_commands

from rules import GAMES

from .base import GameCog, opponent_options

_GAME = GAMES["keibot"]
SETUP_NAMES = {
    "closed": "Closed Rank (c1–f1 / b7–e7)",
    "split": "Split Rank (a1 b1 f1 g1 / a7 b7 f7 g7)",
    "open": "Open Rank (a1 c1 e1 g1 / a7 c7 e7 g7)",
}
"""How the `setup` choices are shown in Discord."""


class KeibotCog(
    GameCog,
    group_name="keibot",
    group_description="Keibot: knight-jumping Moai and beads on a 7×7 board, for 2 players",
):
    game_key = "keibot"

    @app_commands.command(name="new", description="Open a Keibot lobby in this channel")
    @app_commands.describe(
        setup="Where the Moai start (default: closed)",
        invite="A member to invite: the lobby message mentions them",
    )
    @app_commands.choices(
        setup=[app_commands.Choice(name=SETUP_NAMES[s], value=s) for s in _GAME.options["setup"].choices]
    )
    @opponent_options
    async def new(
        self,
        interaction: discord.Interaction,
        setup: str = "closed",
        opponent: str = "people",
        level: str = "normal",
        invite: discord.Member | None = None,
    ) -> None:
        await self.open_lobby(
            interaction,
            seats=2,
            options={"setup": setup},
            opponent=opponent,
            level=level,
            invite=invite,
        )
