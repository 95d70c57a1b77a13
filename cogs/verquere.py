"""`/verquere`: everything but `new` comes from the shared GameCog.

The dice are chance events the host rolls by itself when a turn begins, and a turn with nothing
to play (or a Juncker pass) is played by the host too, with the reason in the match message's
"Just played". The move menu lists the legal whole turns when there are 25 or fewer, and
autocomplete filters all of them (up to 983 for a roll of 1-1) by what was typed.
"""

from __future__ import annotations

from discord.app_commands import locale_str

from .game_cog import GameCog
from .lobby import Lobby, lobby_command


class VerquereCog(
    GameCog,
    group_name="verquere",
    group_description=locale_str("Verquere: the old tables game for 2, with Jean and Juncker"),
):
    """Verquere: the old tables game for 2, with Jean and Juncker"""

    @lobby_command(
        locale_str("Open a Verquere lobby in this channel"),
        invite=True,
        five_blots=locale_str("No point may be closed until five men have left home (default off)"),
        five_closed_points=locale_str(
            "A run of more than 5 closed points is vulnerable: a hit takes all its men (default off)"
        ),
    )
    def new(self, five_blots: bool = False, five_closed_points: bool = False) -> Lobby:
        return Lobby(seats=2, options={"five_blots": five_blots, "five_closed_points": five_closed_points})
