"""The host's door: ids, names and move texts are checked before anything is read or stored, so
a bad value is a clear HostError and never an internal error deeper down (SQLite stores ids up to
2^63 - 1; guild id 0 is the scope of the ratings across all servers)."""

from __future__ import annotations

from rules import GAMES, Game
from rules.text import phrase

from .errors import BadRequest, InvalidId, InvalidName, MoveTooLong, UnknownGame, UnknownLevel
from .snapshot import Player

COMPUTER_LEVELS = ("easy", "normal", "hard")
MAX_ID = 2**63 - 1
"""The largest id SQLite can store (Discord's snowflakes are far below it)."""
NAME_LIMIT = 100
"""A longer name is cut (Discord's display names have at most 32 characters)."""
MOVE_TEXT_LIMIT = 100
"""The most characters of a move's text (the longest legal move of any game has about 30)."""


def check_id(value: object, what: str) -> int:
    """`value` as an id (1 .. MAX_ID; a bool is no id); raises InvalidId."""
    if type(value) is not int or not 1 <= value <= MAX_ID:
        raise InvalidId(what, value, most=MAX_ID)
    return value


def is_id(value: object) -> bool:
    return type(value) is int and 1 <= value <= MAX_ID


def check_name(value: object) -> str:
    """A display name that can be stored: a non-empty text, lone surrogates (which UTF-8 cannot
    encode) replaced by U+FFFD, cut to NAME_LIMIT characters; raises InvalidName."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidName(value)
    # Through UTF-16 with surrogatepass: a surrogate pair becomes its character, a lone one U+FFFD.
    name = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"


def check_player(player: Player) -> Player:
    """The player with a checked id and a storable name."""
    user_id = check_id(getattr(player, "user_id", None), "user id")
    return Player(user_id, check_name(getattr(player, "name", None)))


def check_move_text(text: object) -> str:
    """A move's text, short enough to be read (raises MoveTooLong, or BadRequest for a non-text)."""
    if not isinstance(text, str):
        raise BadRequest(phrase("A move must be written as text, such as the game's notation of it."))
    if len(text) > MOVE_TEXT_LIMIT:
        raise MoveTooLong(length=len(text), limit=MOVE_TEXT_LIMIT)
    return text


def game_by_key(key: str) -> Game:
    """The game of that key; raises UnknownGame, which names the games there are."""
    try:
        return GAMES[key]
    except KeyError:
        raise UnknownGame(key, tuple(GAMES)) from None


def check_level(level: str) -> str:
    """A computer player's level (one of COMPUTER_LEVELS); raises UnknownLevel."""
    if level not in COMPUTER_LEVELS:
        raise UnknownLevel(level, COMPUTER_LEVELS)
    return level
