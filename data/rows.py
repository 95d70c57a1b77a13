"""What the store reads and writes, as values: the rows of a match, its seats and log, players,
ratings and settings; `MatchChange`, what one guarded write changes; and the store's errors.

Every row is a frozen dataclass, equal by value, the same whichever database it came from (the
drivers in data/sqlite.py and data/postgres.py turn their columns into these). Times are ISO
8601 text in UTC with milliseconds (`now_text`), so they compare in time order as text. Nothing
here touches a database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from .vocabulary import OVER_STATUSES, EntryKind, LeftReason, MatchStatus, Notify

MATCH_STATUSES = tuple(MatchStatus)


class StoreError(Exception):
    """A problem with the store itself."""


class StoreUnavailable(StoreError):
    """The database cannot be opened or written: the message says what is wrong and what to do."""


class StoreClosing(StoreUnavailable):
    """The store is closing (the bot is stopping): it takes no new work."""


class VersionConflict(StoreError):
    """The match changed since it was read: the write was not applied."""


def now_text() -> str:
    """Now, as the store writes its times."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    computer: str | None = None
    resigned: bool = False
    left: LeftReason | None = None
    """Why the seat left (set with `resigned`): it resigned, or the turn clock resigned it."""


@dataclass(frozen=True)
class HeldSeat:
    """A lobby seat held for an invited player (see host.matches.Host.join)."""

    user_id: int
    name: str


@dataclass(frozen=True)
class OfferNoticeClaim:
    """A notice of an offer to one player who must answer it, as claimed in the store."""

    kind: str
    """'draw' or 'takeback'."""
    ply: int
    """The match's log length while the offer stands."""
    user_id: int


@dataclass(frozen=True)
class LogEntry:
    ply: int
    kind: EntryKind
    seat: int | None
    notation: str
    played_at: str = ""


@dataclass(frozen=True)
class MatchPlacement:
    """What a match was opened with, from its server's settings and its `new` command."""

    rated: bool = True
    threaded: bool = False
    """Its messages go to a thread of its own (opened on its first message in the channel)."""
    quiet: bool = False
    """The channel gets only its lobby and its result (implies `threaded`)."""


@dataclass(frozen=True)
class GuildSettings:
    """A server's own settings; None stands for the bot's default."""

    guild_id: int
    games: tuple[str, ...] | None = None
    """The game keys offered; None: every game."""
    turn_clock_hours: float | None = None
    """None: the bot's TURN_TIMEOUT_HOURS; 0: off."""
    lobby_clock_hours: float | None = None
    """None: the bot's LOBBY_TIMEOUT_HOURS; 0: off."""
    threads: bool = False
    rated: bool = True
    quiet: bool = False
    tournament_creators: str = "managers"
    """Who may create a tournament: 'managers' (Manage Server) or 'everyone'."""


@dataclass(frozen=True)
class IdleMatch:
    """A match idle for longer than its server's clock allows."""

    id: int
    hours: float
    """The clock that ran out, in hours."""


@dataclass(frozen=True)
class MatchRow:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    message_channel_id: int | None
    game: str
    options: dict[str, Any]
    seat_count: int
    status: MatchStatus
    creator_id: int
    seed: int
    version: int
    state: dict[str, Any] | None
    draw_offer: tuple[int, ...] | None
    result: dict[str, Any] | None
    created_at: str
    updated_at: str
    finished_at: str | None
    seats: tuple[SeatRow, ...]
    log_length: int
    """How many log entries the match has (its ply)."""
    move_count: int = 0
    """How many of them are moves a seat played (chance events, resignations and draws are not)."""
    position_at: str | None = None
    """When the current position was reached: its last log entry was stored, or a takeback set
    the match back to it; None before either."""
    private: bool = False
    """Played where the bot cannot post on its own (a DM, a group DM, a server without the bot):
    only interactions show it, and it counts for the ratings across all servers only."""
    takeback_offer: dict[str, Any] | None = None
    """The takeback asked for and not yet answered (see host.matches.Host.ask_takeback)."""
    takebacks: int = 0
    """How many takebacks the players agreed in this match."""
    rematch_of: int | None = None
    """The finished match this one was opened as the rematch of."""
    placement: MatchPlacement = MatchPlacement()
    """How the match is played: rated or not, in a thread of its own or not (fixed when opened)."""
    thread_id: int | None = None
    """The thread the bot opened for the match, once it has."""
    held: tuple[HeldSeat, ...] = ()
    """The lobby seats held for invited players, by user id."""
    turn_clock_hours: float | None = None
    """Its own turn clock (a tournament's), in hours; None: its server's; 0: off."""
    tournament_id: int | None = None
    """The tournament it is a game of."""


@dataclass(frozen=True)
class ResultRow:
    """One seat's result in a finished match."""

    seat: int
    user_id: int | None
    rank: int
    outcome: str
    """'win', 'draw' or 'loss'."""
    resigned: bool
    points: float


@dataclass(frozen=True)
class RatingRow:
    user_id: int
    game: str
    scope: int
    """A guild id, or 0 for the rating across all servers."""
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    mu_before: float | None = None
    sigma_before: float | None = None
    """The rating this one was updated from (on the rows a rating update returns, for its history)."""


@dataclass(frozen=True)
class RatingMove:
    """How a player's rating moved with one match, from its history."""

    user_id: int
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


@dataclass(frozen=True)
class BoardLine:
    """A line of a leaderboard."""

    rank: int
    user_id: int
    name: str
    mu: float
    sigma: float
    matches: int
    wins: int
    ordinal: float = 0.0
    """What the board sorts by (mu - 3 sigma, as stored)."""


@dataclass(frozen=True)
class PlayerRecord:
    """A player's record in one game (every finished match, rated or not)."""

    matches: int
    wins: int
    draws: int
    losses: int
    resigned: int
    points: float


@dataclass(frozen=True)
class RecentResult:
    match_id: int
    game: str
    outcome: str
    rank: int
    points: float
    finished_at: str


@dataclass(frozen=True)
class Announcement:
    """A match message owed to the channel (the outbox), written with the change that owes it."""

    since_ply: int
    """The first log entry the message must show (earlier ones were shown already)."""
    ping: bool
    """The player to move is owed a ping (a turn passed to them)."""
    due_at: str
    """Until then the path that made the change posts the message itself; after, anyone may."""


@dataclass(frozen=True)
class DueAnnouncement:
    """An outbox row: the match message that is due, and how often posting it failed."""

    match_id: int
    version: int
    since_ply: int
    ping: bool
    due_at: str
    attempts: int


@dataclass(frozen=True)
class SettingsRow:
    """A player's turn notice settings (the defaults when none are stored)."""

    user_id: int
    notify: Notify = Notify.MENTION
    reminders: bool = True


@dataclass(frozen=True)
class VacationRow:
    """One vacation of a player: their turn clocks stop from `starts_at` to `ends_at`."""

    starts_at: str
    ends_at: str


@dataclass(frozen=True)
class WaitingTurn:
    """A match being played whose position was reached before a given moment."""

    match_id: int
    ply: int
    reached_at: str
    """When its current position was reached (its last log entry was stored)."""
    updated_at: str
    """Its last change: the turn clock counts from it."""
    hours: float = 0.0
    """Its turn clock, in hours (its server's, else the bot's default)."""


@dataclass(frozen=True)
class GameScore:
    """How a tournament game ended, per seat: its score in [0, 1] and its place (1 = first)."""

    scores: tuple[float, ...]
    places: tuple[int, ...]
    forfeit: bool = False
    """A seat resigned or ran out of time."""


RateFn = Callable[[Mapping[tuple[int, int], RatingRow]], Sequence[RatingRow]]
"""Given the stored ratings of a match's players by (user id, scope), the updated ratings."""

UNSET: Any = object()
"""A `MatchChange` field left as it is (where None means "clear it")."""

_Row = TypeVar("_Row")


def _amended(row: _Row, **changes: Any) -> _Row:
    """`dataclasses.replace` for the frozen rows every move rebuilds (none has a __post_init__):
    the fields are copied as they are, without the generated __init__ and its `__setattr__`
    for each of some thirty fields."""
    assert changes.keys() <= row.__dict__.keys(), f"not fields: {changes.keys() - row.__dict__.keys()}"
    amended: _Row = object.__new__(type(row))
    amended.__dict__.update(row.__dict__, **changes)
    return amended


@dataclass(frozen=True)
class MatchChange:
    """What one guarded write changes; fields left unset stay as they are."""

    status: MatchStatus | None = None
    state: dict[str, Any] | None = None
    draw_offer: Any = UNSET
    result: dict[str, Any] | None = None
    message_id: int | None = None
    seats: Sequence[SeatRow] | None = None
    """When given, replaces every seat of the match."""
    log: Sequence[LogEntry] = field(default_factory=tuple)
    """Entries appended to the move log; their plies must follow on from the stored log."""
    results: Sequence[ResultRow] | None = None
    """Each seat's result, stored when the match finishes."""
    rate: RateFn | None = None
    """Called inside the transaction with the players' current ratings; its rows are stored."""
    rating_scopes: tuple[int, ...] = ()
    announce: Announcement | None = None
    """The match message this change owes its channel, recorded in the same transaction."""
    ladder: str | None = None
    """The ladder the results and ratings are stored under (a variant such as "jai-kerboge"
    has its own); the match's game when None."""
    takeback_offer: Any = UNSET
    """A takeback asked for (a JSON object), or None to clear it."""
    truncate_from: int | None = None
    """When given, the log entries from this ply on are deleted (a takeback), before `log` is
    appended."""
    removed_moves: int = 0
    """How many of the entries `truncate_from` deletes are moves (so `applied_to` need not read)."""
    takebacks: int | None = None
    """The match's new count of agreed takebacks."""
    held: Sequence[HeldSeat] | None = None
    """When given, replaces every seat held for an invited player."""
    tournament_result: GameScore | None = None
    """The match ends and it is a tournament's game: its score, stored with the end (in the
    same transaction), the tournament's version moved on."""

    @property
    def plays_only(self) -> bool:
        """It plays moves and nothing else: log entries, the new state (and how it ended, when
        no result rows are stored with it), the offers cleared, the message owed; no seats,
        takeback or message changed. The PostgreSQL store writes such a change in one call
        (migration 0011)."""
        return (
            bool(self.log)
            and self.state is not None
            and self.announce is not None
            and self.draw_offer is None
            and self.takeback_offer is None
            and self.seats is None
            and self.truncate_from is None
            and self.message_id is None
            and self.takebacks is None
            and self.results is None
            and self.held is None
            and self.tournament_result is None
        )

    def owing(self, announce: Announcement) -> MatchChange:
        """This change, owing the message `announce` (as `dataclasses.replace` would, cheaper)."""
        return _amended(self, announce=announce)

    def applied_to(self, row: MatchRow, version: int, when: str | None = None) -> MatchRow:
        """The row as this change leaves it, written at `when` (so a caller need not read it
        back; given the `when` of `Store.update_match`, its times are the stored ones)."""
        when = when or now_text()
        kept = row.log_length if self.truncate_from is None else min(row.log_length, self.truncate_from)
        over = self.status is not None and self.status in OVER_STATUSES
        return _amended(
            row,
            version=version,
            status=self.status or row.status,
            state=self.state if self.state is not None else row.state,
            draw_offer=row.draw_offer
            if self.draw_offer is UNSET
            else (tuple(sorted(self.draw_offer)) if self.draw_offer else None),
            result=self.result if self.result is not None else row.result,
            message_id=self.message_id if self.message_id is not None else row.message_id,
            seats=tuple(self.seats) if self.seats is not None else row.seats,
            takeback_offer=row.takeback_offer if self.takeback_offer is UNSET else self.takeback_offer,
            takebacks=self.takebacks if self.takebacks is not None else row.takebacks,
            held=tuple(self.held) if self.held is not None else row.held,
            log_length=kept + len(self.log),
            move_count=row.move_count
            - self.removed_moves
            + sum(entry.kind == EntryKind.MOVE for entry in self.log),
            updated_at=when,
            finished_at=when if over else row.finished_at,
            position_at=when if self.log or self.truncate_from is not None else row.position_at,
        )


@dataclass(frozen=True)
class MatchSummary:
    """A line of a match list."""

    id: int
    game: str
    status: MatchStatus
    guild_id: int
    channel_id: int
    seat_count: int
    players: tuple[str, ...]
    updated_at: str
    log_length: int
    move_count: int


@dataclass(frozen=True)
class OutboxDepth:
    owed: int
    """Match messages owed."""
    oldest_change: str | None
    """When the match of the oldest owed message last changed (the store's time text); None: none owed."""
