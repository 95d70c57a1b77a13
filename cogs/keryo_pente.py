"""`/keryo-pente`: everything but `new` comes from the shared GameCog."""

from __future__ import annotations

from discord import app_commands

from rules import GAMES

from .game_cog import GameCog
from .lobby import Choices, Lobby, lobby_command

PLAYER_COUNTS = [app_commands.Choice(name=f"{n} players", value=n) for n in GAMES["keryo-pente"].seats]


class KeryoPenteCog(GameCog, group_name="keryo-pente"):
    """Keryo-Pente: five in a row or 15 captures, for 2 to 6 players"""

    @lobby_command(
        "Open a Keryo-Pente lobby in this channel",
        invite=True,
        seats=Choices("How many players (default 2)", PLAYER_COUNTS),
        tournament="Tournament rule: first stone on K10, the second outside H8–M12 (default on)",
    )
    def new(self, seats: int = 2, tournament: bool = True) -> Lobby:
        return Lobby(seats=seats, options={"tournament": tournament})
