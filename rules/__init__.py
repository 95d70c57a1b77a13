"""The games themselves: pure Python, standard library only. Knows nothing above it."""

# Imported to attach the computer players' hooks to the states (each search module attaches the
# hooks it defines; the packages' faces import theirs), so that every user of `rules` sees them.
from . import keibot_search as keibot_search
from . import keryo_pente_search as keryo_pente_search
from .base import (
    CHANCE,
    DRAW_AGREED,
    HOST_TERMINATIONS,
    RESIGNED,
    TIMEOUT,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Move,
    MoveError,
    NotAMoveError,
    Option,
    OptionError,
    Outcome,
    State,
    StateFormatError,
    TurnState,
)
from .glass_bead import GAME as GLASS_BEAD
from .keibot import GAME as KEIBOT
from .kerboge import GAME as KERBOGE
from .keryo_pente import GAME as KERYO_PENTE
from .verquere import GAME as VERQUERE

GAMES: dict[str, Game] = {game.key: game for game in (KERYO_PENTE, KEIBOT, GLASS_BEAD, VERQUERE, KERBOGE)}
"""Every playable game by key, in the order they are listed to players."""

__all__ = [
    "CHANCE",
    "DRAW_AGREED",
    "GAMES",
    "HOST_TERMINATIONS",
    "RESIGNED",
    "TIMEOUT",
    "AmbiguousMoveError",
    "Game",
    "IllegalMoveError",
    "Move",
    "MoveError",
    "NotAMoveError",
    "Option",
    "OptionError",
    "Outcome",
    "State",
    "StateFormatError",
    "TurnState",
]
