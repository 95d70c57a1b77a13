"""`/keryo-pente`: everything but `new` comes from the shared GameCog."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from rules import GAMES

from .game_cog import GameCog
from .lobby import Choices, Lobby, lobby_command

SEAT_COUNT_NAMES = {
    2: locale_str("2 players"),
    3: locale_str("3 players"),
    4: locale_str("4 players"),
    5: locale_str("5 players"),
    6: locale_str("6 players"),
}
"""Each seat count's choice, written whole (a choice's name is a constant of the catalogues)."""
PLAYER_COUNTS = [app_commands.Choice(name=SEAT_COUNT_NAMES[n], value=n) for n in GAMES["keryo-pente"].seats]


class KeryoPenteCog(
    GameCog,
    group_name="keryo-pente",
    group_description=locale_str("Keryo-Pente: five in a row or 15 captures, for 2 to 6 players"),
):
    """Keryo-Pente: five in a row or 15 captures, for 2 to 6 players"""

    @lobby_command(
        locale_str("Open a Keryo-Pente lobby in this channel"),
        invite=True,
        seats=Choices(locale_str("How many players (default 2)"), PLAYER_COUNTS),
        tournament=locale_str("Tournament rule: first stone on K10, the second outside H8–M12 (default on)"),
    )
    def new(self, seats: int = 2, tournament: bool = True) -> Lobby:
        return Lobby(seats=seats, options={"tournament": tournament})
