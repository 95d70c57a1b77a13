"""The game host: lobbies, seats, turns, chance, results. No Discord."""

from data import ACTIVE_STATUSES, OVER_STATUSES, EntryKind, MatchStatus

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
from .ladder import Ladder, LeaderboardLine, LeaderboardPage, NothingToShow, PlayerStats
from .matches import COMPUTER_LEVELS, Host
from .ratings import GLOBAL_SCOPE, display_rating
from .reading import game_by_key
from .records import GameRecord, RecordError, read_record, write_record
from .snapshot import MatchSnapshot, PlayedMove, Player, Seat
from .turns import apply_entry

__all__ = [
    "ACTIVE_STATUSES",
    "COMPUTER_LEVELS",
    "GLOBAL_SCOPE",
    "OVER_STATUSES",
    "USER_ERRORS",
    "AlreadySeated",
    "EntryKind",
    "GameRecord",
    "Host",
    "HostError",
    "Ladder",
    "LeaderboardLine",
    "LeaderboardPage",
    "LobbyClosed",
    "LobbyFull",
    "MatchNotFound",
    "MatchOver",
    "MatchSnapshot",
    "MatchStatus",
    "NotAllowed",
    "NotEnoughPlayers",
    "NotInMatch",
    "NotYourTurn",
    "NothingToShow",
    "PlayedMove",
    "Player",
    "PlayerStats",
    "RecordError",
    "Seat",
    "StaleTurn",
    "UnknownGame",
    "WhichMatch",
    "apply_entry",
    "display_rating",
    "game_by_key",
    "read_record",
    "write_record",
]
