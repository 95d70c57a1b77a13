"""The fixed values the store keeps, as enums: their values are what the database holds."""

from __future__ import annotations

from enum import StrEnum


class MatchStatus(StrEnum):
    LOBBY = "lobby"
    """Open for players to join; no game state yet."""
    PLAYING = "playing"
    FINISHED = "finished"
    """Played to an outcome (a win, a draw, a resignation, a timeout)."""
    ABANDONED = "abandoned"
    """Closed as a lobby, before it started."""


class EntryKind(StrEnum):
    """What a log entry records."""

    MOVE = "move"
    """A seat's move (a pass that follows by force counts as one)."""
    CHANCE = "chance"
    """A dice roll or coin toss the host drew."""
    RESIGN = "resign"
    DRAW = "draw"
    """A draw the players agreed."""


class LeftReason(StrEnum):
    """Why a seat left a match before its end (stored in `seats.left_reason`)."""

    RESIGNED = "resigned"
    TIMEOUT = "timeout"
    """The turn clock resigned it: its player let the time run out."""


class Notify(StrEnum):
    """How a player is told that it is their turn (stored in `player_settings.notify`)."""

    MENTION = "mention"
    """A ping in the match's channel (the default)."""
    DM = "dm"
    """A direct message from the bot with a link to the match message."""
    NOTHING = "nothing"
    """No ping and no direct message: the match message names them all the same."""


ACTIVE_STATUSES = (MatchStatus.LOBBY, MatchStatus.PLAYING)
OVER_STATUSES = (MatchStatus.FINISHED, MatchStatus.ABANDONED)


class TournamentFormat(StrEnum):
    """How a tournament pairs its entrants (stored in `tournaments.format`)."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    KNOCKOUT = "knockout"


class TournamentStatus(StrEnum):
    """Where a tournament stands (stored in `tournaments.status`)."""

    SIGNUP = "signup"
    """Open for entrants; no round started."""
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


TOURNAMENT_MOVES = {
    TournamentStatus.SIGNUP: (TournamentStatus.RUNNING, TournamentStatus.CANCELLED),
    TournamentStatus.RUNNING: (TournamentStatus.FINISHED, TournamentStatus.CANCELLED),
}
"""The statuses a tournament may move to from each status (finished and cancelled are final)."""
