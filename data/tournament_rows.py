"""What the store reads and writes about tournaments (data/tournaments.py), as values, and the
errors its tournament methods raise for the host to map to its own. Nothing here touches a
database."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from .rows import StoreError
from .vocabulary import MatchStatus, TournamentFormat, TournamentStatus

LOBBY_GRACE = timedelta(minutes=1)
"""How long the process that claimed a tournament's round has to create (and start) its matches
before the sweep of another process may: it does so at once, unless it stopped in between."""
BYE_SCORES = (1.0,)
BYE_PLACES = (1,)
"""A bye's result, stored when its round is claimed: it scores as a win."""


class TournamentRefused(StoreError):
    """A change to a tournament was refused; nothing was written. The host maps each kind to
    its own error (with words for the user)."""

    def __init__(self, tournament_id: int, message: str) -> None:
        super().__init__(message)
        self.tournament_id = tournament_id


class TournamentNotFound(TournamentRefused):
    """No tournament has this id (it never existed, or its server's data was erased)."""


class SignupClosed(TournamentRefused):
    """The tournament takes no entrants, or lets none leave: it is past its sign-up (started,
    over, or its sign-up time has passed)."""

    def __init__(self, tournament_id: int, message: str, status: TournamentStatus) -> None:
        super().__init__(tournament_id, message)
        self.status = status


class TournamentFull(TournamentRefused):
    """The tournament has its maximum of players already."""

    def __init__(self, tournament_id: int, message: str, max_players: int) -> None:
        super().__init__(tournament_id, message)
        self.max_players = max_players


class AlreadyEntered(TournamentRefused):
    """The player is an entrant of the tournament already."""

    def __init__(self, tournament_id: int, message: str, entrant: int) -> None:
        super().__init__(tournament_id, message)
        self.entrant = entrant


class GameTaken(TournamentRefused):
    """The tournament game has its match already (another process created it), or does not
    exist: the new match was not written."""


@dataclass(frozen=True)
class EntrantRow:
    """An entrant of a tournament: a Discord user or a computer (its level), never both."""

    entrant: int
    """Its id in the tournament: 1, 2, ... in join order."""
    user_id: int | None
    computer_level: str | None
    name: str
    rating: float | None
    """For seeding, as when it joined; None: unrated."""
    joined_at: str
    withdrawn_at: str | None = None

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_at is not None


@dataclass(frozen=True)
class GameKey:
    """Which game of a tournament: its round, its board, its replay (0: the first game)."""

    tournament_id: int
    round: int
    board: int
    replay: int = 0


@dataclass(frozen=True)
class PlannedGame:
    """A game of a round as `claim_round` writes it: the entrants by seat (seat 0 moves first);
    a game of one seat is a bye, stored as ended, with the bye's result."""

    board: int
    seats: tuple[int, ...]
    replay: int = 0
    """Knockout: 1 and 2 are the replays of a drawn game (`claim_replay`)."""

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True)
class TournamentGameRow:
    """A game of a tournament's round: its table, its match once created, its result once ended."""

    tournament_id: int
    round: int
    board: int
    replay: int
    seats: tuple[int, ...]
    match_id: int | None = None
    """None for a bye, or until its match is created."""
    scores: tuple[float, ...] | None = None
    """Each seat's score in [0, 1], once ended."""
    places: tuple[int, ...] | None = None
    """Each seat's place (1 = first; ties share the better place), once ended."""
    forfeit: bool = False
    ended_at: str | None = None
    match_status: MatchStatus | None = None
    """Its match's status, as read with the tournament (None: no match, or not read with it)."""

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1

    @property
    def key(self) -> GameKey:
        return GameKey(self.tournament_id, self.round, self.board, self.replay)

    @property
    def ended(self) -> bool:
        return self.ended_at is not None


@dataclass(frozen=True)
class TournamentRow:
    """A tournament as stored, with its entrants (by entrant id) and the games of every round
    started (by round, board, replay)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    creator_id: int
    game: str
    options: dict[str, Any]
    format: TournamentFormat
    rounds: int | None
    """Swiss: how many rounds; None for the other formats."""
    table_size: int
    rated: bool
    turn_clock_hours: float | None
    """Its matches' turn clock; None: their server's; 0: off."""
    max_players: int
    signup_until: str | None
    """When the sign-up ends (the store's time text); None: when the organiser starts it."""
    status: TournamentStatus
    current_round: int
    """The last round started; 0 before the first."""
    signup_message_id: int | None
    standings_message_id: int | None
    created_at: str
    started_at: str | None
    ended_at: str | None
    version: int
    """+1 on every change of the tournament, its entrants or its games."""
    entrants: tuple[EntrantRow, ...] = ()
    games: tuple[TournamentGameRow, ...] = ()
    name: str | None = None
    """Its own name; None: the default the host words ("Keibot Swiss #4")."""
    shown_version: int = 0
    """The version its sign-up and standings messages show (owed while `version` is ahead)."""
    ending_announced: bool = False
    """Its final standings (or its cancellation) were posted in the channel."""
    unannounced_rounds: tuple[int, ...] = ()
    """The rounds started whose list of matches was not posted in the thread yet."""
    round_started_at: str | None = None
    """When its current round was claimed (None before the first)."""

    def entrant(self, entrant: int) -> EntrantRow | None:
        return next((e for e in self.entrants if e.entrant == entrant), None)

    def round_games(self, round: int) -> tuple[TournamentGameRow, ...]:
        """The games of `round` (with the replays of its drawn knockout games)."""
        return tuple(g for g in self.games if g.round == round)
