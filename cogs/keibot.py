"""`/keibot`: everything but `new` comes from the shared GameCog (join, start, leave, move with
autocomplete of the legal moves, board, resign, draw, rules, and the menu of legal moves on the
match message, which Keibot nearly always has: 25 moves or fewer)."""

from __future__ import annotations

from discord import app_commands
from discord.app_commands import locale_str

from rules import GAMES

from .game_cog import GameCog
from .lobby import Choices, Lobby, lobby_command

SETUP_NAMES = {
    "closed": locale_str("Closed Rank (c1–f1 / b7–e7)"),
    "split": locale_str("Split Rank (a1 b1 f1 g1 / a7 b7 f7 g7)"),
    "open": locale_str("Open Rank (a1 c1 e1 g1 / a7 c7 e7 g7)"),
}
"""How the `setup` choices are shown in Discord."""
SETUPS = [app_commands.Choice(name=SETUP_NAMES[s], value=s) for s in GAMES["keibot"].options["setup"].choices]


class KeibotCog(
    GameCog,
    group_name="keibot",
    group_description=locale_str("Keibot: knight-jumping Moai and beads on a 7×7 board, for 2 players"),
):
    """Keibot: knight-jumping Moai and beads on a 7×7 board, for 2 players"""

    @lobby_command(
        locale_str("Open a Keibot lobby in this channel"),
        invite=True,
        setup=Choices(locale_str("Where the Moai start (default: closed)"), SETUPS),
    )
    def new(self, setup: str = "closed") -> Lobby:
        return Lobby(seats=2, options={"setup": setup})
