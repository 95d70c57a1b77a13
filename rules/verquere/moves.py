"""Verquere's moves: rolls, passes and whole turns, and the legal moves of a position with a roll."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple, overload

from ..base import Move
from .board import BAR, OFF, OPP, Key, Steps, _point_name, other_numbering
from .fast_turns import _Found
from .notation import _canonical
from .turns import _explore

# -- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll(Move):
    """A chance outcome: the two dice, the higher first."""

    high: int
    low: int

    @property
    def dice(self) -> tuple[int, int]:
        return (self.high, self.low)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    def __str__(self) -> str:
        return f"roll {self.high}-{self.low}"


ROLLS: tuple[Roll, ...] = (
    *(Roll(h, lo) for h in range(6, 0, -1) for lo in range(h - 1, 0, -1)),
    *(Roll(d, d) for d in range(6, 0, -1)),
)
"""The 21 outcomes of a roll in their fixed order: the 15 non-doubles by (high, low) descending
(`roll 6-5`, `roll 6-4` … `roll 2-1`), then the 6 doubles descending (`roll 6-6` … `roll 1-1`)."""


class _Probability(Fraction):
    """A probability of `chance_outcomes`: a Fraction (equal, hashed, written and pickled as
    one) whose float is computed once. A search turns each outcome's probability into a float
    at every chance event of its playouts, and `Fraction`'s own `float()` costs three calls."""

    __slots__ = ("_float",)
    _float: float

    def __new__(cls, numerator: int, denominator: int) -> _Probability:
        self = super().__new__(cls, numerator, denominator)
        self._float = float(Fraction(numerator, denominator))
        return self

    def __float__(self) -> float:
        return self._float

    def __repr__(self) -> str:
        return f"Fraction({self.numerator}, {self.denominator})"

    def __reduce__(self) -> tuple[type[Fraction], tuple[int, int]]:
        return (Fraction, (self.numerator, self.denominator))


ROLL_OUTCOMES: tuple[tuple[Roll, Fraction], ...] = tuple(
    (r, _Probability(1, 36) if r.is_double else _Probability(1, 18)) for r in ROLLS
)
_ROLL_BY_DICE = {r.dice: r for r in ROLLS}


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """The whole turn passed: nothing can be played, or the player is Juncker."""

    seat: int
    dice: tuple[int, int]
    why: str
    """E.g. "no legal step for 6-6" or "Juncker: 3 men on the bar and only 2 points open"."""
    juncker: bool = False

    def __str__(self) -> str:
        return "pass"


class Step(NamedTuple):
    """One die of a turn, in the mover's numbering: `start` 0 is the bar, `end` 25 is off."""

    start: int
    end: int
    hit: bool
    """Whether this step hit the opponent's man (or men) on `end`, as the notation marks it."""


def _write(tokens: tuple[tuple[int, ...], ...], marks: frozenset[tuple[int, int]], *, own: bool) -> str:
    """Tokens as text (`13/16* bar/3`), in the mover's numbering (`own`) or the opponent's."""

    def name(point: int) -> str:
        return _point_name(point if own or point in (BAR, OFF) else other_numbering(point))

    return " ".join(
        "/".join(name(p) + ("*" if (t, i) in marks else "") for i, p in enumerate(tok))
        for t, tok in enumerate(tokens)
    )


class Turn(Move):
    """A whole turn: every step played with one roll. Turns reaching the same position are equal.

    Everything is in the mover's numbering (`seat`): `tokens` are the men's paths as written
    (`(1, 4, 9)` is `1/4/9`, one man touching down on 4; 0 is the bar, 25 is off), `steps` the
    single steps with their hits, `hits` the points where opponent's men were hit. `start` and
    `key` are the views (see the module docstring) before and after the turn. The ways of playing
    it, which its notation is chosen from, are asked of the legal moves it came from (`_legal`,
    which also holds what every turn of one state shares) when needed.
    """

    __slots__ = ("_cache", "_legal", "key")

    key: Key
    _legal: _Legal
    _cache: tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]], str] | None

    def __init__(self, legal: _Legal, key: Key) -> None:
        self._legal = legal
        self.key = key
        self._cache = None

    @property
    def seat(self) -> int:
        return self._legal.seat

    @property
    def dice(self) -> tuple[int, int]:
        return self._legal.dice

    @property
    def start(self) -> Key:
        return self._legal.start

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turn) or self.key != other.key:
            return False
        a, b = self._legal, other._legal
        return a is b or (a.seat == b.seat and a.dice == b.dice and a.start == b.start)

    def __hash__(self) -> int:
        return hash((self.key, self._legal.seat))

    def __repr__(self) -> str:
        return f"Turn({str(self)!r}, seat={self.seat}, dice={self.dice})"

    def _written(self) -> tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]], str]:
        if self._cache is None:
            legal = self._legal
            tokens, marks = _canonical(legal.start, legal.ways(self.key), legal.five_blots, legal.five_closed)
            self._cache = (tokens, marks, _write(tokens, marks, own=True))
        return self._cache

    def written_for(self, seat: int) -> str:
        """This turn's notation with its points in `seat`'s numbering, as a board seen from
        `seat` labels them: `str(self)` for the mover, else each point 1–24 renamed (bar and off
        stay). Only `str(self)` is notation that `parse` reads."""
        tokens, marks, text = self._written()
        return text if seat == self.seat else _write(tokens, marks, own=False)

    @property
    def tokens(self) -> tuple[tuple[int, ...], ...]:
        """The men's paths in canonical order, e.g. ((13, 16), (0, 3)) for `13/16 bar/3`."""
        return self._written()[0]

    @property
    def steps(self) -> tuple[Step, ...]:
        """The single steps, token by token as written (not necessarily in the order played)."""
        tokens, marks, _ = self._written()
        return tuple(
            Step(tok[i - 1], tok[i], (t, i) in marks)
            for t, tok in enumerate(tokens)
            for i in range(1, len(tok))
        )

    @property
    def hits(self) -> tuple[int, ...]:
        """The points (mover's numbering) where opponent's men were hit."""
        start, key = self._legal.start, self.key
        return tuple(q for q in range(1, 25) if start[OPP + q] and not key[OPP + q])

    @property
    def men_hit(self) -> int:
        return self.key[OPP] - self._legal.start[OPP]

    def __str__(self) -> str:
        return self._written()[2]


# -- the state --------------------------------------------------------------------------------------


class _Legal:
    """The legal moves of a state with a roll to play, computed once and cached on the state, and
    what its turns share: the mover (`seat`), the `dice`, the view before the turn (`start`) and
    the options.

    The search (`_search`) finds the positions the legal turns reach, each as its change from
    `start`; the turns, and their positions' bytes, are made as they are asked for (`moves` is a
    lazy sequence), and the ways of playing them, which only their notation needs, come from a
    second search that records them (`_explore`), run the first time a turn is written.
    """

    __slots__ = (
        "_index_of_key",
        "_keys",
        "_texts",
        "_ways",
        "changes",
        "dice",
        "explored",
        "five_blots",
        "five_closed",
        "moves",
        "origin",
        "passing",
        "seat",
        "start",
    )

    def __init__(
        self,
        seat: int,
        dice: tuple[int, int],
        start: Key,
        five_blots: bool,
        five_closed: bool,
        explored: _Found | None,
        passing: Pass | None,
    ) -> None:
        self.seat = seat
        self.dice = dice
        self.start = start
        self.five_blots = five_blots
        self.five_closed = five_closed
        self.explored = explored
        self.passing = passing
        if passing is None:
            assert explored is not None
            self.changes: list[int] = explored.changes
            """Each legal turn's position as its change from `start`, in the order of the moves
            (see `_Found.changes`): its bytes are `key_at(index)`."""
            turns = object.__new__(_Turns)  # its fields set here: no __init__ to call
            turns._legal = self
            turns._made = [None] * len(self.changes)
            self.moves: Sequence[Move] = turns
        else:
            self.changes = []
            self.moves = [passing]
        self.origin = int.from_bytes(start, "little")
        """`start` as an integer, to which a change adds."""
        self._index_of_key: dict[Key, int] | None = None
        self._keys: list[Key] | None = None
        self._ways: dict[Key, list[Steps]] | None = None
        self._texts: list[str] | None = None

    @property
    def view(self) -> bytearray:
        """`start` as a view that the rules of one step read (`_check_step`, `_apply`)."""
        return bytearray(self.start)

    @property
    def index_of_key(self) -> dict[Key, int]:
        """The index in `moves` of the legal turn that reaches each position (the last one, were
        two to reach the same): found from the positions alone, without making the turns."""
        if self._index_of_key is None:
            self._index_of_key = {key: index for index, key in enumerate(self.keys)}
        return self._index_of_key

    @property
    def keys(self) -> list[Key]:
        """The positions the legal turns reach, in the order of the moves."""
        if self._keys is None:
            origin, size = self.origin, len(self.start)
            self._keys = [(origin + change).to_bytes(size, "little") for change in self.changes]
        return self._keys

    def key_at(self, index: int) -> Key:
        """The position the legal turn `moves[index]` reaches."""
        return (self.origin + self.changes[index]).to_bytes(len(self.start), "little")

    def is_legal(self, turn: Turn) -> bool:
        other = turn._legal
        if other is self:
            return True  # made by `moves`
        return turn.key in self.index_of_key and (other.seat, other.dice, other.start) == (
            self.seat,
            self.dice,
            self.start,
        )

    def ways(self, key: Key) -> list[Steps]:
        """The step sequences that reach the position of a legal turn."""
        if self._ways is None:
            ways: dict[Key, list[Steps]] = {}
            high, low = self.dice
            _explore(bytearray(self.start), high, low, self.five_blots, self.five_closed, ways)
            self._ways = ways
        return self._ways[key]

    @property
    def texts(self) -> list[str]:
        """The notation of every legal move, sorted (for autocomplete and error messages)."""
        if self._texts is None:
            self._texts = sorted(str(m) for m in self.moves)
        return self._texts


class _Turns(Sequence[Move]):
    """The legal turns of a state, each made when first asked for (a random playout asks for one)."""

    __slots__ = ("_legal", "_made")

    _legal: _Legal
    _made: list[Turn | None]
    """The turns made so far, by index (made by `_Legal.__init__`)."""

    def __len__(self) -> int:
        return len(self._made)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | Sequence[Move]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self._made)))]
        made = self._made[index]
        if made is None:
            # `Turn(legal, legal.key_at(index))` without its two calls (a playout makes one a ply)
            legal = self._legal
            made = object.__new__(Turn)
            made._legal = legal
            made.key = (legal.origin + legal.changes[index]).to_bytes(len(legal.start), "little")
            made._cache = None
            self._made[index] = made
        return made

    def __iter__(self) -> Iterator[Move]:
        for index in range(len(self._made)):
            yield self[index]

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Turn) and self._legal.is_legal(move)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str | bytes):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))
