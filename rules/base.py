"""The rules contract every game implements (see the README's Architecture section).

States are immutable values; `play` returns a new state. Legal moves are the single source of
truth: `parse` only ever returns a move that is legal in the state it was asked of.
"""

from __future__ import annotations

import abc
import functools
import re
import string
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .text import Phrase, Said, counts_phrase, listing_phrase, phrase, plural_phrase

CHANCE = -1
"""`State.to_move` when a chance event (dice, coin) is due; the host samples it."""


class MoveError(ValueError):
    """Base of every error about a move; its message is fit to show to the user: `str()` in
    English, `phrase` for a layer that translates it (`words.say(error.phrase)`)."""

    def __init__(self, message: Phrase | str) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message)
        super().__init__(str(self.phrase))


class NotAMoveError(MoveError):
    """The text is not a move at all in this game's notation."""


class IllegalMoveError(MoveError):
    """The text names a move, but that move is not legal in this position."""


class AmbiguousMoveError(MoveError):
    """The text fits several legal moves."""


class OptionError(ValueError):
    """A game option or seat count that the game does not accept (`phrase`: as for MoveError)."""

    def __init__(self, message: Phrase | str) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message)
        super().__init__(str(self.phrase))


class StateFormatError(ValueError):
    """A stored state written in another format version than this code reads (or damaged);
    the host rebuilds such a state by replaying the match's log."""


RESIGNED = "resigned"
"""The termination code of a game ended by resignation (every game)."""
TIMEOUT = "timeout"
"""The termination code the host gives a game whose player ran out of time."""
DRAW_AGREED = "draw-agreed"
"""The termination code the host gives a draw agreed by the players."""
HOST_TERMINATIONS = (TIMEOUT, DRAW_AGREED)
"""Termination codes that the host, not the rules, decides."""


class Move(abc.ABC):
    """A move (or chance outcome) of one game; `str(move)` is its canonical notation."""

    @abc.abstractmethod
    def __str__(self) -> str: ...


@dataclass(frozen=True)
class Outcome:
    winners: tuple[int, ...]
    """Seats that won; empty for a draw (or when Kerboge's Serpent wins)."""
    scores: tuple[float, ...]
    """One number per seat, as the game's rules file defines."""
    reason: str
    """Short text for the user, e.g. "five in a row": English (`Game.reason_phrase` says it in a
    reader's language, also for a stored result)."""
    termination: str = ""
    """A short machine-readable code of how the game ended (`five-in-a-row`, `resigned`, …; each
    game lists its codes in `TERMINATIONS`, and the host adds `HOST_TERMINATIONS`). Pictures and
    messages decide on it, never on the wording of `reason`."""
    other_scores: tuple[tuple[str, float], ...] = ()
    """Scores that belong to no seat, as (name, score) pairs, e.g. (("Serpent", 23),) in Kerboge:
    final scores list them after the seats'. The names are English constants marked with `N_`
    (`words.gettext(name)`)."""

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "termination": self.termination,
            "other_scores": [[name, score] for name, score in self.other_scores],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Outcome | None:
        if data is None:
            return None
        return cls(
            tuple(data["winners"]),
            tuple(data["scores"]),
            str(data["reason"]),
            str(data.get("termination", "")),  # results stored before codes existed have none
            tuple((str(name), score) for name, score in data.get("other_scores", ())),
        )


@dataclass(frozen=True)
class Option:
    """One option of a game: its default and the values it accepts."""

    default: Any
    choices: tuple[Any, ...]
    description: str
    """English, marked with `N_` where it is written (`words.gettext(description)`)."""

    def check(self, name: str, value: Any) -> Any:
        # Of the same type too: 1 is not True, and 2.0 is not the 2 of a choice.
        if not any(value == choice and type(value) is type(choice) for choice in self.choices):
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(
                phrase(
                    "Option `{name}` takes one of {choices}, not {value}.",
                    name=name,
                    choices=shown,
                    value=repr(value),
                )
            )
        return value


POINTS_UNIT = plural_phrase("{count} point", "{count} points", 0)
"""The score unit of a game that counts points."""


@dataclass(frozen=True)
class Game:
    """What `rules.GAMES[key]` holds: the game's description and its entry points."""

    key: str
    title: str
    seats: tuple[int, ...]
    options: Mapping[str, Option]
    new_state: Callable[..., State] = field(repr=False)
    """Called as new_state(seats, **options) with checked options."""
    load_state: Callable[[Mapping[str, Any]], State] = field(repr=False)
    seat_names: Callable[[int], tuple[str, ...]] = field(repr=False)
    """Names of the seats for a seat count, e.g. ("Black", "White"): English constants marked
    with `N_` (`words.gettext(name)`)."""
    summary: str = field(default="", repr=False)
    """A short Markdown summary of the rules for the /rules command (English, marked with `N_`:
    `words.gettext(game.summary)`)."""
    ranked_by_score: bool = False
    """Whether players are placed by their scores (Kerboge) rather than by winning alone."""
    resigned_play_on: bool = False
    """Whether a resigned seat stays in the game for someone else to play (Kerboge: the host's
    computer); otherwise it leaves the rotation, or the game ends."""
    has_draws: bool = True
    """Whether play can head for a draw, so that agreeing one early makes sense (Keibot,
    Keryo-Pente). False for Glass Bead and Kerboge, which never end drawn, and for Verquere, drawn
    only when neither player can ever move again, which its rules end at once: a computer player
    is never asked to agree a draw in those."""
    state_format: int = 1
    """The version of this game's `to_json` format; every `to_json` carries it as "format", and
    `load` refuses another with StateFormatError. Raise it when the format changes."""
    starts_short: bool = False
    """Whether a lobby may start before it is full, with any allowed seat count (Keryo-Pente);
    otherwise the seat count is the variant chosen (Kerboge for 4, Jai Kerboge for 2)."""
    score_unit: Phrase = POINTS_UNIT
    """What a score counts, singular and plural ("{count} capture", "{count} captures"), with no
    count yet: see `score_text`."""
    variant_titles: Mapping[int, str] = field(default_factory=dict, repr=False)
    """Seat counts that make a variant players know as a game of its own, with its title
    ({2: "Jai Kerboge"}): it gets its own title (`title_for`) and ladder (`ladder_key`)."""

    reasons: tuple[Phrase, ...] = field(default=(), repr=False)
    """The forms of the game's outcome reasons that hold a seat's name or a number, with no values
    yet (`{seat}`/`{other}`: a seat's name, `{seats}`: a list of them, `{count}`: a number), so
    that `reason_phrase` can read a stored English reason back into a Phrase. Every game has
    `SEAT_RESIGNED` besides."""

    def score_text(self, score: float) -> str:
        """A score with its unit: "1 capture", "9 captures", "1 bead placed", "6 beads placed"
        (English that keeps its Phrase: `words.say(game.score_text(n))`)."""
        return Said(Phrase(self.score_unit.template, self.score_unit.params, self.score_unit.plural, score))

    def reason_phrase(self, outcome: Outcome | str) -> Phrase:
        """The reason of an outcome (or a stored English reason) as a Phrase, for a reader's
        language: `words.say(game.reason_phrase(outcome))`. A reason made by this code keeps its
        Phrase; a stored one is read back by the game's `reasons` (names and numbers kept
        apart), and any other is itself the message id (an `N_` constant such as "five in a row")."""
        reason = outcome.reason if isinstance(outcome, Outcome) else outcome
        if isinstance(reason, Said):
            return reason.phrase
        names = self.seat_names(max(self.seats))
        for form in (*self.reasons, *HOST_REASONS):
            for template in (form.template, form.plural):
                found = _template_pattern(template).fullmatch(reason) if template else None
                params = _read_reason_values(found.groupdict(), names) if found else None
                if params is not None:
                    count = params.pop("count", form.count)
                    assert isinstance(count, (int, float))
                    return Phrase(form.template, params, form.plural, count)
        return Phrase(reason)

    def title_for(self, seats: int) -> str:
        """The title of the variant played by `seats` players ("Jai Kerboge" for 2), else `title`."""
        return self.variant_titles.get(seats, self.title)

    def ladder_key(self, seats: int) -> str:
        """The key of the ladder and statistics of the variant played by `seats` players:
        "jai-kerboge" for Jai Kerboge, else the game's `key`."""
        title = self.variant_titles.get(seats)
        return self.key if title is None else "-".join(title.lower().split())

    def check_options(self, seats: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The complete, checked options (defaults filled in); raises OptionError."""
        if type(seats) is not int or seats not in self.seats:  # 2.0 or True is no seat count
            raise OptionError(
                plural_phrase(
                    "{title} is played by {allowed} player, not {seats}.",
                    "{title} is played by {allowed} players, not {seats}.",
                    max(self.seats),
                    title=self.title,
                    allowed=counts_phrase(self.seats),
                    seats=str(seats),
                )
            )
        unknown = set(options) - set(self.options)
        if unknown:
            known: Phrase | str = ", ".join(self.options) or phrase("none")
            named = ", ".join(sorted(unknown))
            raise OptionError(
                phrase(
                    "{title} has no option {named} (options: {known}).",
                    title=self.title,
                    named=named,
                    known=known,
                )
            )
        return {name: opt.check(name, options.get(name, opt.default)) for name, opt in self.options.items()}

    def start(self, seats: int, **options: Any) -> State:
        return self.new_state(seats, **self.check_options(seats, options))

    def load(self, data: Mapping[str, Any]) -> State:
        """The state that `to_json` wrote; raises StateFormatError for a state written in another
        format version (or none) or one that does not load (the host then replays the log)."""
        if data.get("game") != self.key:
            raise ValueError(f"not a {self.title} state: {data.get('game')!r}")
        found = data.get("format")
        if found != self.state_format:
            raise StateFormatError(
                f"a {self.title} state in format {found!r}, but this code reads format {self.state_format}"
            )
        try:
            return self.load_state(data)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise StateFormatError(f"a damaged {self.title} state: {error!r}") from error

    def replay(self, seats: int, options: Mapping[str, Any], log: Iterable[str]) -> State:
        """The state after playing every notation string of `log` from the start."""
        state = self.start(seats, **options)
        for text in log:
            state = state.play(text)
        return state


class State(abc.ABC):
    """A position of one game, with everything needed to go on from it. Immutable."""

    game: ClassVar[Game]
    seats: int

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """Seat to move, CHANCE when a chance event is due, None when the game is over."""

    @abc.abstractmethod
    def legal_moves(self) -> Sequence[Move]:
        """Every legal move (or chance outcome) in a deterministic order."""

    @abc.abstractmethod
    def parse(self, text: str) -> Move:
        """The legal move that `text` names; raises a MoveError subclass otherwise."""

    @abc.abstractmethod
    def _after(self, move: Move) -> State:
        """The state after a move already known to be legal."""

    @abc.abstractmethod
    def outcome(self) -> Outcome | None: ...

    @abc.abstractmethod
    def to_json(self) -> dict[str, Any]: ...

    @abc.abstractmethod
    def resign(self, seat: int) -> State: ...

    @property
    def options(self) -> dict[str, Any]:
        """The game options this state was started with (none unless the game has some)."""
        return {}

    def _json_header(self) -> dict[str, Any]:
        """The fields every `to_json` has: the game, its state format, seats, options and result."""
        outcome = self.outcome()
        return {
            "game": self.game.key,
            "format": self.game.state_format,
            "seats": self.seats,
            "options": self.options,
            "result": outcome.to_json() if outcome else None,
        }

    def scores(self) -> tuple[float, ...]:
        """Each seat's score so far, as the outcome would count it (shown while playing)."""
        outcome = self.outcome()
        return outcome.scores if outcome else (0,) * self.seats

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        """At CHANCE: each outcome with its probability. Empty otherwise."""
        return []

    def play(self, move: Move | str) -> State:
        """The new state after `move` (a Move or notation text). Never mutates self."""
        if self.to_move is None:
            raise IllegalMoveError(phrase("The game is over: no more moves can be played."))
        if isinstance(move, str):
            move = self.parse(move)
        elif not self.is_legal(move):
            raise IllegalMoveError(phrase("`{move}` is not a legal move here.", move=str(move)))
        return self._after(move)

    def is_legal(self, move: Move) -> bool:
        """Whether `move` is legal here; games with a faster test than membership override it."""
        return move in self.legal_moves()

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        """Up to `limit` legal moves for autocomplete, filtered by what was typed.

        The default keeps the moves whose notation starts with the typed text (ignoring case and
        spaces), then those that contain it. Games with better ideas override it.
        """
        key = "".join(typed.split()).lower()
        starts: list[str] = []
        contains: list[str] = []
        for move in self.legal_moves():
            text = str(move)
            flat = "".join(text.split()).lower()
            if flat.startswith(key):
                starts.append(text)
                if len(starts) >= limit:
                    break
            elif key in flat and len(contains) < limit:
                contains.append(text)
        return (starts + contains)[:limit]

    def forced_move(self) -> Move | None:
        """A move the host plays by itself because the player has nothing to choose (a pass,
        running aground); None otherwise. `describe_move` of it says why."""
        return None

    def describe_move(self, move: Move) -> str:
        """A short human sentence for a move; the notation by default. A sentence is English that
        keeps its Phrase (`rules.text.Said`): `words.say(state.describe_move(move))`."""
        return str(move)

    def describe_to_mover(self, move: Move) -> str:
        """`describe_move(move)` as offered to the player who would play it (a menu of their
        moves): the same sentence, unless the game tells it otherwise (Verquere: in the mover's
        own numbering only)."""
        return self.describe_move(move)

    def describe_played(self, move: Move, after: State) -> str:
        """`describe_move(move)` of a move that was played, given `after`, the state it led to:
        a game whose sentence tells what the move did (a capture, a win) reads it from `after`
        instead of playing the move a second time. The host describes every move this way."""
        return self.describe_move(move)


class TurnState(State):
    """A state that keeps the seat whose turn it is in `turn` and the end of the game in `result`
    (fields of the game's dataclass): the seat to move is `turn` until there is a result."""

    turn: int | None
    result: Outcome | None

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.turn

    def outcome(self) -> Outcome | None:
        return self.result

    def _check_resignation(self, seat: int) -> None:
        """Raise IllegalMoveError unless the game goes on and `seat` is one of its seats."""
        if self.result is not None:
            raise IllegalMoveError(phrase("The game is over: nobody can resign any more."))
        if not 0 <= seat < self.seats:
            raise IllegalMoveError(seat_not_playing(seat))

    def _resignation(self, seat: int, scores: tuple[float, ...]) -> Outcome:
        """The outcome of a two-player game that `seat` resigns (checked): the other seat wins."""
        self._check_resignation(seat)
        name = self.game.seat_names(self.seats)[seat]
        return Outcome((1 - seat,), scores, reason(SEAT_RESIGNED, seat=Phrase(name)), RESIGNED)


SEAT_RESIGNED = phrase("{seat} resigned")
"""The reason of a game that a seat resigned (every game; `{seat}` its name)."""
SEAT_TIMED_OUT = phrase("{seat} ran out of time")
"""The reason the host gives a game that a seat's turn clock ended (`TIMEOUT`)."""
DRAW_AGREED_REASON = phrase("draw agreed")
"""The reason the host gives a draw the players agreed (`DRAW_AGREED`)."""
HOST_REASONS = (SEAT_RESIGNED, SEAT_TIMED_OUT, DRAW_AGREED_REASON)
"""The reasons every game may end with, besides its own `reasons`."""


def seat_not_playing(seat: int) -> Phrase:
    return phrase("Seat {seat} is not playing in this game.", seat=seat)


def reason(form: Phrase, count: float | None = None, **params: Phrase | str | int) -> str:
    """An outcome's reason made from one of a game's `reasons` forms: English that keeps its
    Phrase (`Said`)."""
    return Said(Phrase(form.template, params, form.plural, form.count if count is None else count))


@functools.cache
def _template_pattern(template: str) -> re.Pattern[str]:
    """A pattern that reads a template's English back: each placeholder a named group."""
    parts = []
    for literal, name, _, _ in string.Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>.+?)")
    return re.compile("".join(parts))


def _read_reason_values(values: Mapping[str, str], names: Sequence[str]) -> dict[str, object] | None:
    """The values of a reason read back (seat names as Phrases, numbers as numbers), or None when
    one is not what its placeholder holds."""
    read: dict[str, object] = {}
    for key, value in values.items():
        if key in ("seat", "other"):
            if value not in names:
                return None
            read[key] = Phrase(value)
        elif key == "seats":
            listed = re.split(r", | and ", value)
            if not all(name in names for name in listed):
                return None
            read[key] = listing_phrase([Phrase(name) for name in listed])
        elif key == "count":
            digits = value.replace(",", "")
            if not re.fullmatch(r"\d+(\.\d+)?", digits):
                return None
            read[key] = float(digits) if "." in digits else int(digits)
        else:
            read[key] = value
    return read
