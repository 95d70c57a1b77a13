"""What the host returns: a picture-ready, Discord-free view of one match."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from data import OVER_STATUSES, EntryKind, LeftReason, MatchStatus
from rules import CHANCE, Game, Move, Outcome, State
from rules.text import Phrase, context_phrase, phrase

COMPUTER_NAME = "Computer"
RESIGNED_SEAT_LEVEL = "normal"
"""The level of the computer player that takes over a seat whose player resigned (Kerboge)."""


def offers_draw(game: Game, seat_user_ids: Iterable[int | None]) -> bool:
    """Whether the players of a match (their user ids, None for a computer) may offer a draw: a
    computer player is never asked in a game that cannot end drawn (it would only decline); people
    among themselves may agree one in any game."""
    return game.has_draws or all(user_id is not None for user_id in seat_user_ids)


COMPUTER_LEVELS_SAID: Mapping[str, Phrase] = {
    "easy": context_phrase("computer level", "easy"),
    "normal": context_phrase("computer level", "normal"),
    "hard": context_phrase("computer level", "hard"),
}
"""A computer player's level as a person reads it in a name ("Computer (normal)")."""


def level_word(level: str) -> Phrase | str:
    return COMPUTER_LEVELS_SAID.get(level, level)


@dataclass(frozen=True)
class Player:
    """A person as the host sees them: a Discord user id and the name to show."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Seat:
    index: int
    """The seat in the game (in a lobby: the join order)."""
    user_id: int | None
    """None for a computer player."""
    name: str
    computer: str | None = None
    """The computer player's level, or None for a person."""
    resigned: bool = False
    left: LeftReason | None = None
    """Why the seat left, when it did: it resigned, or it ran out of time (the turn clock)."""
    stand_in: bool = False
    """A computer plays the seat now, for its player who resigned (Kerboge, while the match
    goes on)."""
    number: int | None = None
    """The computer player's number where a match has two or more (`number_computers`)."""

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def label(self) -> str:
        """The name to show: the person, the computer with its level ("Computer (normal)", or
        "Computer 2 (hard)" where there are several), or while a computer stands in for a person
        who resigned, whose seat it is ("Computer for Alice")."""
        return str(self.label_phrase)

    @property
    def label_phrase(self) -> Phrase | str:
        """`label`, for a layer that translates it (`words.say(seat.label_phrase)`): a person's
        name as it is, a computer's words translated."""
        if self.stand_in:
            return self.stand_in_phrase
        if self.computer and self.user_id is None:
            level = level_word(self.computer)
            if self.name != COMPUTER_NAME:  # a name of its own (never given today): kept as it is
                numbered = self.name if self.number is None else f"{self.name} {self.number}"
                return phrase("{name} ({level})", name=numbered, level=level)
            if self.number is None:
                return phrase("Computer ({level})", level=level)
            return phrase("Computer {number} ({level})", number=self.number, level=level)
        return self.name

    @property
    def stand_in_label(self) -> str:
        """Who plays a resigned person's seat that stays in the game: "Computer for Alice"."""
        return str(self.stand_in_phrase)

    @property
    def stand_in_phrase(self) -> Phrase:
        return phrase("Computer for {player}", player=self.name)

    @property
    def mover_phrase(self) -> Phrase | str:
        """`mover_label`, for a layer that translates it."""
        return self.stand_in_phrase if self.resigned and self.is_human else self.label_phrase

    @property
    def mover_label(self) -> str:
        """Who made this seat's moves since its person resigned (its moves after a resignation can
        only be the stand-in's, even once the match is over)."""
        return self.stand_in_label if self.resigned and self.is_human else self.label


@dataclass(frozen=True)
class PlayedMove:
    """One log entry, as a message shows it."""

    ply: int
    kind: EntryKind
    seat: int | None
    notation: str
    description: str
    """What happened, in English (`said` in any language)."""
    move: Move | None = field(default=None, compare=False, repr=False)
    """The Move played (None for resignations and agreed draws)."""
    phrase: Phrase | str | None = field(default=None, compare=False, repr=False)
    """`description` as a Phrase (None: the same as `description`); see `said`."""

    @property
    def said(self) -> Phrase | str:
        """What happened, for a layer that translates it (`words.say(entry.said)`)."""
        return self.description if self.phrase is None else self.phrase


def played(
    ply: int, kind: EntryKind, seat: int | None, notation: str, said: Phrase | str, move: Move | None = None
) -> PlayedMove:
    """A PlayedMove described by `said` (its English is the `description`)."""
    return PlayedMove(ply, kind, seat, notation, str(said), move, said)


@dataclass(frozen=True)
class RatingChange:
    """How a seat's rating moved with the result of its match, in the numbers players see: on
    its server's ladder, or for a private match (a DM) on the ladder of all servers."""

    seat: int
    before: int
    after: int
    provisional: bool
    """The rating after is still provisional (shown with `?`)."""

    @property
    def change(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class TakebackOffer:
    """A takeback asked for and not yet answered: `seat` asks to go back to before log entry
    `ply` (their own move, with what followed by itself); the seats in `agreed` have accepted."""

    seat: int
    ply: int
    agreed: frozenset[int]
    waiting: frozenset[int]
    """The seats still to answer: every other person still playing who has not accepted."""


@dataclass(frozen=True)
class MatchSnapshot:
    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    message_channel_id: int | None
    """The channel of the match message (where the last board was posted)."""
    game: Game
    options: Mapping[str, Any]
    seat_count: int
    """Seats of the game (in a lobby: the seats wanted)."""
    status: MatchStatus
    creator_id: int
    seats: tuple[Seat, ...]
    state: State | None
    """None while the match is a lobby (or was abandoned as one)."""
    ply: int
    """How many log entries the match has (chance events included): buttons and commands carry
    it, and one for an earlier ply is refused as stale."""
    move_count: int
    """How many moves the seats have played: what players read as move numbers (chance events,
    resignations and agreed draws are not moves)."""
    version: int
    played: tuple[PlayedMove, ...]
    """The entries that the call which made this snapshot added (empty for a plain read)."""
    last_move: Move | None
    """The last move played by a seat (not a chance event), for the picture."""
    outcome: Outcome | None
    draw_offer: frozenset[int]
    created_at: str
    updated_at: str
    private: bool = False
    """Played where the bot cannot post on its own: only interactions show it."""
    draw_declined: tuple[int, ...] = ()
    """The computer seats that declined the draw just offered (only on the snapshot of that
    offer): every person had offered, so the offer is cleared."""
    takeback_offer: TakebackOffer | None = None
    takebacks: int = 0
    """How many takebacks the players agreed in this match."""
    taken_back: tuple[PlayedMove, ...] = ()
    """The entries a takeback just removed (only on the snapshot of that takeback)."""
    rematch_of: int | None = None
    """The finished match this one is the rematch of."""
    rated: bool = True
    """A finished match updates ratings (its server's setting when it was opened)."""
    threaded: bool = False
    """Its messages go to a thread of its own, opened on its first message in the channel."""
    quiet: bool = False
    """Its channel sees only its lobby and its result; the rest happens in its thread."""
    thread_id: int | None = None
    """The thread opened for it, once it is."""
    held: tuple[Player, ...] = ()
    """In a lobby: the invited players a seat is held for, until they join or decline, the
    creator releases it, or the lobby closes."""
    rating_changes: tuple[RatingChange, ...] = ()
    """How each rated seat's rating moved, once the finished match has rated them."""
    tournament_id: int | None = None
    """The tournament the match is a game of (its end moves the tournament on:
    `Host.tournament_match_ended`)."""

    @property
    def home_id(self) -> int:
        """Where its match messages go: its thread, once opened, else its channel."""
        return self.thread_id or self.channel_id

    @property
    def is_lobby(self) -> bool:
        return self.status == MatchStatus.LOBBY

    @property
    def open_seats(self) -> int:
        """In a lobby: the free seats anyone may take (not those held for invited players)."""
        return max(self.seat_count - len(self.seats) - len(self.held), 0)

    @property
    def is_over(self) -> bool:
        return self.status in OVER_STATUSES

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None (lobby, over, or a chance event pending)."""
        if self.state is None or self.is_over:
            return None
        seat = self.state.to_move
        return None if seat is None or seat == CHANCE else seat

    @property
    def seat_to_move(self) -> Seat | None:
        seat = self.to_move
        return self.seats[seat] if seat is not None and seat < len(self.seats) else None

    @property
    def waiting_for_computer(self) -> bool:
        """A computer player (or one standing in for a resigned player) is to move."""
        seat = self.seat_to_move
        return seat is not None and (seat.user_id is None or seat.resigned)

    @property
    def draw_offerable(self) -> bool:
        """Whether a draw may be offered (`offers_draw`): not to a computer player in a game
        that cannot end drawn."""
        return offers_draw(self.game, (seat.user_id for seat in self.seats))

    def seat_of(self, user_id: int) -> Seat | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(seat.label for seat in self.seats)

    @property
    def human_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats if s.user_id is not None)

    @property
    def title(self) -> str:
        return f"{self.game.title_for(self.seat_count)} #{self.id}"
