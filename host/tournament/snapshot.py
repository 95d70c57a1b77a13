"""What the tournament service returns: a Discord-free view of one tournament (its entrants, every
game so far, the standings and, for a knockout, the bracket), and the events of the background
sweep that the cogs show."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from data import TournamentFormat, TournamentStatus
from rules import Game
from rules.text import Phrase, context_phrase, phrase

from ..snapshot import MatchSnapshot, Seat
from .errors import TournamentRef
from .pairing import Bracket
from .standings import TIEBREAK_NAMES, StandingLine

FORMAT_WORDS: Mapping[str, Phrase] = {
    TournamentFormat.SWISS: context_phrase("tournament format", "Swiss"),
    TournamentFormat.ROUND_ROBIN: context_phrase("tournament format", "round-robin"),
    TournamentFormat.KNOCKOUT: context_phrase("tournament format", "knockout"),
}
"""A format as a person reads it in a tournament's default name ("Keibot Swiss #4")."""


def default_name(game_title: str, format: str, tournament_id: int) -> Phrase:
    """ "<Game> <format> #<id>", the name of a tournament given none."""
    return phrase(
        "{game} {format} #{id}",
        game=game_title,
        format=FORMAT_WORDS.get(format, format),
        id=str(tournament_id),
    )


@dataclass(frozen=True)
class TournamentEntrant:
    """An entrant as the cogs show it: a person or a computer player (its level)."""

    entrant: int
    """Its id in the tournament: 1, 2, … in join order."""
    user_id: int | None
    """None for a computer player."""
    name: str
    computer: str | None
    """The computer player's level, None for a person."""
    rating: str | None
    """Its seeding rating as players see it (the server's rating of the game when it joined);
    None: unrated (computers are seeded as unrated)."""
    withdrawn: bool
    number: int | None = None
    """The computer player's number where the tournament has two or more."""

    @property
    def label_phrase(self) -> Phrase | str:
        """The name to show, as a seat of a match shows it: a person's as it is, a computer's words
        translated ("Computer 2 (hard)")."""
        return Seat(0, self.user_id, self.name, self.computer, number=self.number).label_phrase

    @property
    def label(self) -> str:
        return str(self.label_phrase)


@dataclass(frozen=True)
class TournamentGame:
    """One game of a round: a table of entrants by seat (seat 0 moves first), its match once
    created, its result once ended. A bye is a game of one seat, without a match."""

    round: int
    board: int
    replay: int
    """Knockout: 1 and 2 are the replays of a drawn game (seats swapped)."""
    seats: tuple[int, ...]
    """Entrant ids by seat."""
    match_id: int | None
    scores: tuple[float, ...] | None
    """Each seat's score in [0, 1] (win 1, draw ½, loss 0; at a table, the share of the others
    it finished above), once ended."""
    places: tuple[int, ...] | None
    forfeit: bool
    """A player forfeited it (resigned, ran out of time, withdrew)."""
    ended: bool

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True)
class TournamentSnapshot:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    name: Phrase | str
    """Its own name, or the default ("Keibot Swiss #4") as a Phrase the reader's language words."""
    game: Game
    options: Mapping[str, Any]
    format: TournamentFormat
    rounds: int | None
    """How many rounds it plays: Swiss, as chosen; round-robin and knockout, once started, as
    the entrants make it (None before)."""
    table_size: int
    rated: bool
    turn_clock_hours: float | None
    """Its matches' turn clock (None: the server's; 0: off)."""
    max_players: int
    signup_until: str | None
    """When the sign-up ends (UTC ISO text); None: when the organiser starts it."""
    status: TournamentStatus
    current_round: int
    """The last round started (0 before the first)."""
    creator_id: int
    entrants: tuple[TournamentEntrant, ...]
    games: tuple[TournamentGame, ...]
    standings: tuple[StandingLine, ...]
    """Best first; `tiebreak_names` says what each line's tie-breaks are."""
    bracket: Bracket | None
    """A knockout's bracket once started (entrant ids), else None."""
    version: int
    shown_version: int
    """The version its sign-up and standings messages show (see `owed_tournament_messages`)."""
    signup_message_id: int | None
    standings_message_id: int | None
    created_at: str
    started_at: str | None
    ended_at: str | None

    @property
    def ref(self) -> TournamentRef:
        return TournamentRef(self.id, self.name)

    @property
    def title(self) -> str:
        """The name in English (the cogs say `name` in the reader's language)."""
        return str(self.name)

    @property
    def home_id(self) -> int:
        """Where its messages go: its thread, once opened, else its channel."""
        return self.thread_id or self.channel_id

    @property
    def two_seat(self) -> bool:
        return self.table_size == 2

    @property
    def tiebreak_names(self) -> tuple[str, ...]:
        """The standings' tie-breaks, in column order (English keys the cogs translate)."""
        return TIEBREAK_NAMES[self.two_seat]

    @property
    def is_over(self) -> bool:
        return self.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)

    def entrant(self, entrant: int) -> TournamentEntrant:
        return next(e for e in self.entrants if e.entrant == entrant)

    def entrant_of(self, user_id: int) -> TournamentEntrant | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    @property
    def active_entrants(self) -> tuple[TournamentEntrant, ...]:
        return tuple(e for e in self.entrants if not e.withdrawn)

    def round_games(self, round: int) -> tuple[TournamentGame, ...]:
        return tuple(g for g in self.games if g.round == round)

    def game_of_match(self, match_id: int) -> TournamentGame | None:
        return next((g for g in self.games if g.match_id == match_id), None)

    def line_of(self, entrant: int) -> StandingLine | None:
        return next((line for line in self.standings if line.entrant == entrant), None)


class CancelReason(StrEnum):
    """Why a tournament was cancelled."""

    ORGANISER = "organiser"
    """Its organiser (or a server manager) cancelled it."""
    TOO_FEW_ENTRANTS = "too-few-entrants"
    """Its sign-up ended with too few entrants to play."""


@dataclass(frozen=True)
class RoundStarted:
    """A round's matches were created (and started): the cogs announce them in the thread."""

    tournament: TournamentSnapshot
    round: int
    matches: tuple[MatchSnapshot, ...]


@dataclass(frozen=True)
class TournamentFinished:
    """The last round ended: the final standings are in `tournament`."""

    tournament: TournamentSnapshot


@dataclass(frozen=True)
class TournamentCancelled:
    tournament: TournamentSnapshot
    reason: CancelReason


@dataclass(frozen=True)
class StandingsChanged:
    """A result (or a withdrawal) changed the standings."""

    tournament: TournamentSnapshot


TournamentEvent = RoundStarted | TournamentFinished | TournamentCancelled | StandingsChanged


@dataclass(frozen=True)
class TournamentChange:
    """What an organiser's or an entrant's action changed: the tournament as it now is, the
    matches it changed (resigned, cancelled, created), and what followed (a round started, the
    tournament finished)."""

    tournament: TournamentSnapshot
    matches: tuple[MatchSnapshot, ...] = ()
    events: tuple[TournamentEvent, ...] = ()


@dataclass(frozen=True)
class OwedTournamentMessage:
    """What the channel and the thread are owed of a tournament (found by the cogs' outbox loop,
    taken for this process a while, paid with `tournament_shown` and `round_announced`)."""

    tournament: TournamentSnapshot
    standings: bool
    """Its sign-up or standings message shows an older version (`tournament.shown_version`)."""
    rounds: tuple[int, ...]
    """The rounds started whose list of matches is not posted in the thread yet."""
    ending: bool
    """It finished or was cancelled and the channel was not told yet (the final standings)."""


@dataclass(frozen=True)
class TournamentPlace:
    """A player's place in a finished tournament (for /stats)."""

    tournament_id: int
    name: Phrase | str
    game_key: str
    game_title: str
    format: TournamentFormat
    place: int
    of: int
    """How many entrants it had."""
    points: float
    ended_at: str | None


@dataclass(frozen=True)
class MatchTournament:
    """Which tournament game a match is (for /history)."""

    tournament_id: int
    name: Phrase | str
    round: int
    board: int
    replay: int
