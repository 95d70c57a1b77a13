"""The game host: lobbies, seats, turns, chance, results. No Discord."""

from .errors import (
    USER_ERRORS,
    AlreadySeated,
    HostError,
    LobbyClosed,
    LobbyFull,
    MatchNotFound,
    MatchOver,
    NotAllowed,
    NotEnoughPlayers,
    NotInMatch,
    NotYourTurn,
    StaleTurn,
    UnknownGame,
    WhichMatch,
)
from .matches import COMPUTER_LEVELS, Host, apply_entry, game_by_key
from .snapshot import MatchSnapshot, PlayedMove, Player, Seat

__all__ = [
    "COMPUTER_LEVELS",
    "USER_ERRORS",
    "AlreadySeated",
    "Host",
    "HostError",
    "LobbyClosed",
    "LobbyFull",
    "MatchNotFound",
    "MatchOver",
    "MatchSnapshot",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotInMatch",
    "NotYourTurn",
    "PlayedMove",
    "Player",
    "Seat",
    "StaleTurn",
    "UnknownGame",
    "WhichMatch",
    "apply_entry",
    "game_by_key",
]
