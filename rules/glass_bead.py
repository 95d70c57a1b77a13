"""The Glass Bead Game, Christian Freeling's mancala (shared/games/glass-bead.md).

The ring of pits is numbered 0–9: `A B C D E` (South, seat 0) then `a b c d e` (North, seat 1);
sowing runs up the numbers and wraps from `e` (9) to `A` (0). A pit holds beads of values 0
(a black stone) to 5 (a purple gem); each pit and cup is kept as six counts, one per value.

A move is the pit, the order of the beads sown and, for an indirect capture, the gems taken.
A pit of 15 mixed beads has millions of orders, so `legal_moves()` is a lazy sequence: it
counts moves by multiset-permutation arithmetic (with a small dynamic programme for the
number of gem choices of indirect captures), unranks the i-th move without listing, and
tests membership directly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import product
from math import factorial
from typing import Any, ClassVar, overload

from .base import (
    RESIGNED,
    Game,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Outcome,
    State,
)

LETTERS = "ABCDEabcde"
"""Pit letters by ring index: South's `A`–`E` are 0–4, North's `a`–`e` are 5–9."""
CUP = 10
"""The source of a gem taken from the opponent's cup, in `Sowing.taken`."""
SEAT_NAMES = ("South", "North")
BEAD_NAMES = ("stone", "yellow gem", "green gem", "blue gem", "red gem", "purple gem")
GEM_VALUES = (5, 4, 3, 2, 1)
"""Gem values high to low: the canonical order within a group."""
WIN_POINTS = 15
START_PITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 if v in (0, 5 - (i % 5)) else 0 for v in range(6)) for i in range(10)
)
"""Each pit starts with one stone and one gem: A/a purple (5) … E/e yellow (1)."""

NO_BEADS_LEFT = "no-beads-left"
TERMINATIONS = (NO_BEADS_LEFT, RESIGNED)
"""How a Glass Bead Game ends (`Outcome.termination`): the player to move has no bead left to sow
(the other wins with 15 points or more, else the player to move wins), or a resignation."""

Counts = tuple[int, ...]
"""Six counts, one per bead value 0–5."""
Taken = tuple[tuple[int, int], ...]
"""Gems taken as (source, value): source 0–9 a pit, CUP (10) the opponent's cup."""


def _own(seat: int) -> range:
    return range(5 * seat, 5 * seat + 5)


def _paths() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """PATHS[pit][n]: the pits the n beads land in, skipping the emptied pit."""
    table = []
    for pit in range(10):
        others = [(pit + 1 + k) % 10 for k in range(9)]
        table.append(tuple(tuple(others[k % 9] for k in range(n)) for n in range(21)))
    return tuple(table)


PATHS = _paths()
_FACT = tuple(factorial(i) for i in range(32))


@lru_cache(maxsize=1 << 16)
def _multinomial(counts: Counts) -> int:
    """The number of distinct orders of a multiset given by its counts."""
    result = _FACT[sum(counts)]
    for c in counts:
        if c > 1:
            result //= _FACT[c]
    return result


@lru_cache(maxsize=1 << 12)
def _poly(gems: Counts, top: int) -> tuple[int, ...]:
    """Coefficients 0..top of prod(1 + x + … + x^g): sub-multisets of the gems by size."""
    poly = [1] + [0] * top
    for g in gems:
        if g:
            new = [0] * (top + 1)
            for a, coef in enumerate(poly):
                if coef:
                    for b in range(min(g, top - a) + 1):
                        new[a + b] += coef
            poly = new
    return tuple(poly)


@lru_cache(maxsize=1 << 10)
def _cup_choices(cup: Counts) -> tuple[int, ...]:
    """For k = 0..5: how many ways to take k gems from the cup (or all of it when fewer)."""
    size = sum(cup)
    coefs = _poly(tuple(cup[1:]), 10)
    return tuple(coefs[min(k, size)] for k in range(6))


def _counts_of(values: Sequence[int]) -> Counts:
    counts = [0] * 6
    for v in values:
        counts[v] += 1
    return tuple(counts)


def _sorted_values(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(v for v in range(6) for _ in range(counts[v]))


def _digits(counts: Sequence[int]) -> str:
    return "".join(str(v) for v in range(6) for _ in range(counts[v]))


def _format_taken(taken: Taken) -> str:
    """Canonical groups: pits in ring order, values high to low, the cup group last."""
    groups: list[str] = []
    current = -1
    for source, value in taken:
        if source != current:
            groups.append("" if source == CUP else LETTERS[source])
            current = source
        groups[-1] += str(value)
    return " ".join(groups)


def _canonical_taken(taken: Sequence[tuple[int, int]]) -> Taken:
    return tuple(sorted(taken, key=lambda sv: (sv[0], -sv[1])))


# -- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sowing(Move):
    """One move: sow every bead of `pit` in the order `beads`, then capture.

    `taken` lists every gem that went to the mover's cup as (source, value) in canonical order
    (source 0–9 a pit, CUP for the opponent's cup): the chain's gems for a direct capture, the
    chosen gems for an indirect one. `capture` is "", "direct" or "indirect"; `chain` holds the
    pits of the capturing chain from the last pit sown backwards.
    """

    pit: int
    beads: tuple[int, ...]
    taken: Taken = ()
    capture: str = ""
    chain: tuple[int, ...] = ()

    @property
    def path(self) -> tuple[int, ...]:
        """The pit each bead landed in, in sowing order (the emptied pit is skipped)."""
        return PATHS[self.pit][len(self.beads)]

    @property
    def letter(self) -> str:
        return LETTERS[self.pit]

    def __str__(self) -> str:
        text = LETTERS[self.pit] + "".join(str(v) for v in self.beads)
        if self.capture == "indirect" and self.taken:
            text += " x " + _format_taken(self.taken)
        return text


@dataclass(frozen=True, slots=True)
class _Sown:
    """A sowing worked out on a board: the board after it, before any gem is taken."""

    board: list[list[int]]
    capture: str
    chain: tuple[int, ...]
    direct: Taken
    opp_pits: range
    cup: Counts
    from_pits: int
    """Indirect capture: how many gems are taken from the opponent's pits …"""
    from_cup: int
    """… and how many from the opponent's cup."""

    def gem_types(self) -> list[tuple[int, int, int]]:
        board = self.board
        return [(o, v, board[o][v]) for o in self.opp_pits for v in GEM_VALUES if board[o][v]]

    def option_count(self) -> int:
        if self.capture != "indirect":
            return 1
        pit_gems = tuple(c for o in self.opp_pits for c in self.board[o][1:])
        return (
            _poly(pit_gems, self.from_pits)[self.from_pits]
            * _poly(self.cup[1:], self.from_cup)[self.from_cup]
        )

    def options(self) -> Iterator[Taken]:
        """Each choice of gems for an indirect capture, in a fixed order (one empty choice
        when nothing is captured indirectly)."""
        if self.capture != "indirect":
            yield ()
            return
        cup_types = [(CUP, v, self.cup[v]) for v in GEM_VALUES if self.cup[v]]
        cup_options = list(_choose(cup_types, self.from_cup))
        for from_pits in _choose(self.gem_types(), self.from_pits):
            for from_cup in cup_options:
                yield from_pits + from_cup


def _choose(types: list[tuple[int, int, int]], k: int, start: int = 0) -> Iterator[Taken]:
    """Sub-multisets of size k of (source, value, available) types, most from the first."""
    if k == 0:
        yield ()
        return
    if start >= len(types):
        return
    source, value, available = types[start]
    rest = sum(t[2] for t in types[start + 1 :])
    for take in range(min(k, available), max(0, k - rest) - 1, -1):
        head = ((source, value),) * take
        for tail in _choose(types, k - take, start + 1):
            yield head + tail


def _sow(
    pits: tuple[Counts, ...], cups: tuple[Counts, ...], mover: int, pit: int, beads: Sequence[int]
) -> _Sown:
    """Sow `beads` (already known to be the pit's contents) and find the capture."""
    board = [list(c) for c in pits]
    board[pit] = [0] * 6
    n = len(beads)
    path = PATHS[pit][n]
    single = [-1] * n
    for k in range(n):
        cell = board[path[k]]
        if sum(cell) == 1:
            single[k] = cell.index(1)
        cell[beads[k]] += 1
    opp = 1 - mover
    lo = 5 * opp
    opp_pits = range(lo, lo + 5)
    cup = cups[opp]
    k = n - 1
    if beads[k] or not lo <= path[k] < lo + 5 or single[k] < 0:
        return _Sown(board, "", (), (), opp_pits, cup, 0, 0)
    direct = single[k] > 0
    chain: list[int] = []
    while k >= 0 and not beads[k] and lo <= path[k] < lo + 5 and single[k] >= 0 and (single[k] > 0) == direct:
        chain.append(path[k])
        k -= 1
    if direct:
        taken = _canonical_taken([(p, single[len(beads) - 1 - i]) for i, p in enumerate(chain)])
        return _Sown(board, "direct", tuple(chain), taken, opp_pits, cup, 0, 0)
    m = len(chain)
    in_pits = sum(sum(board[o][1:]) for o in opp_pits)
    from_pits = min(m, in_pits)
    from_cup = min(m - from_pits, sum(cup))
    return _Sown(board, "indirect", tuple(chain), (), opp_pits, cup, from_pits, from_cup)


def _moves_of(pit: int, beads: tuple[int, ...], sown: _Sown) -> list[Sowing]:
    if sown.capture == "direct":
        return [Sowing(pit, beads, sown.direct, "direct", sown.chain)]
    if sown.capture == "indirect":
        return [Sowing(pit, beads, taken, "indirect", sown.chain) for taken in sown.options()]
    return [Sowing(pit, beads)]


def _orders_from(counts: Counts, prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The orders of a pit's beads that start with `prefix` (a sub-multiset), in order."""
    rest = list(counts)
    for v in prefix:
        rest[v] -= 1
    tail = list(_sorted_values(rest))
    while True:
        yield prefix + tuple(tail)
        if not _next_permutation(tail):
            return


def _next_permutation(seq: list[int]) -> bool:
    """Rearrange to the next order in lexicographic order; False after the last one."""
    i = len(seq) - 2
    while i >= 0 and seq[i] >= seq[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(seq) - 1
    while seq[j] <= seq[i]:
        j -= 1
    seq[i], seq[j] = seq[j], seq[i]
    seq[i + 1 :] = reversed(seq[i + 1 :])
    return True


# -- counting and unranking the moves of one pit ----------------------------------------------

_Option = tuple[int, tuple[int, ...], int, bool, int]
"""A pit's assignment class in the count: (beads used or left, packed; the ways to choose
0–5 of its gems; their number; whether it is a chain step; how many orders of its own
positions give it)."""
_GUARDS = sum(0x80 << (8 * v) for v in range(6))
_NOTHING_FIXED: list[tuple[int, ...]] = [()] * 6


def _pack(counts: Sequence[int]) -> int:
    """Six counts in one int, 8 bits each: subtracting packed counts is one operation, and
    ((a | _GUARDS) - b) & _GUARDS == _GUARDS tells whether b fits in a."""
    return sum(c << (8 * v) for v, c in enumerate(counts))


@lru_cache(maxsize=1 << 16)
def _packed_multinomial(packed: int) -> int:
    return _multinomial(tuple((packed >> (8 * v)) & 0x7F for v in range(6)))


@cache
def _layout(
    pit: int, n: int
) -> tuple[tuple[int, ...], int, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """For a sowing of n beads from `pit` that ends on the opponent's side: the opponent's
    pits in the order the count visits them (the possible chain, from the last pit backwards,
    then the others), how many of them can be in the chain, the (1-based) positions of the
    sowing that land in each, and for each i the sorted positions of the pits order[i:]."""
    path = PATHS[pit][n]
    last = path[-1]
    lo = last - last % 5
    chain = tuple(range(last, lo - 1, -1))
    order = chain + tuple(range(last + 1, lo + 5))
    positions = tuple(tuple(k for k, t in enumerate(path, 1) if t == o) for o in order)
    tail = tuple(tuple(sorted(k for p in positions[i:] for k in p)) for i in range(6))
    return order, len(chain), positions, tail


@lru_cache(maxsize=1 << 14)
def _pit_table(orig: Counts, positions: int, fixed: tuple[int, ...], counts: Counts) -> tuple[_Option, ...]:
    """Every way to fill an opponent pit's free positions (the first ones `fixed`), grouped:
    (beads used, the ways to choose 0–5 of the pit's gems afterwards, their number, whether the
    pit is a chain step, how many orders). `orig` is the pit before the move, `counts` the
    beads being sown."""
    size = sum(orig)
    grouped: dict[tuple[Counts, Counts, bool], int] = {}
    for chosen in product(range(6), repeat=positions - len(fixed)):
        delta = _counts_of(chosen)
        if any(need > have for have, need in zip(counts, delta, strict=True)):
            continue
        values = fixed + chosen
        gems = tuple(orig[v] + values.count(v) for v in range(1, 6))
        step = (
            bool(values)
            and values[-1] == 0
            and size + len(values) - 1 == 1
            and orig[0] + values[:-1].count(0) == 1
        )
        key = (delta, gems, step)
        grouped[key] = grouped.get(key, 0) + 1
    return tuple(
        (_pack(delta), _poly(gems, 5), sum(gems), step, ways) for (delta, gems, step), ways in grouped.items()
    )


class _PitMoves:
    """The legal moves sowing one pit, counted and unranked without listing them.

    Moves are ordered by the bead sequence (lexicographic, low values first), then by the
    choice of gems. The weight of a sequence is its number of gem choices (1 unless it is an
    indirect capture). Only the positions that land in the opponent's pits matter for the
    weight, so the count is a sum over their values, pit by pit (the capturing chain first),
    of the number of orders of the other beads times the weight, with memoisation.
    """

    def __init__(self, state: GlassBeadState, pit: int) -> None:
        self.state = state
        self.pit = pit
        self.counts: Counts = state.pits[pit]
        self.n = n = sum(self.counts)
        self.weighted = False
        last = PATHS[pit][n][-1]
        opp = 1 - state.turn
        if last // 5 == opp and self.counts[0]:
            # An indirect capture needs the last pit to hold one stone before the last bead:
            # its own stone when sown once, or a stone sown on the previous round.
            earlier = (n - 1) // 9
            orig = state.pits[last]
            if sum(orig) + earlier == 1 and (earlier == 1 or orig[0] == 1) and self.counts[0] >= 1 + earlier:
                self.weighted = True
                self.order, self.chain_pits, self.positions, self.tail = _layout(pit, n)
                self.first_position = self.tail[0][0]
                self.cup_ways = _cup_choices(state.cups[opp])
                self._memo: dict[tuple[int, int, int, tuple[int, ...]], tuple[list[int], list[int]]] = {}
                self._option_memo: dict[tuple[int, int, tuple[int, ...]], list[_Option]] = {}
        self.total = self.count((), self.counts)

    # The weighted count of the sequences that start with `prefix` (`rest`: the beads left).
    def count(self, prefix: tuple[int, ...], rest: Counts) -> int:
        if len(prefix) == self.n:
            return self.state._sown(self.pit, prefix).option_count()
        if not self.weighted:
            return _multinomial(rest)
        r = len(prefix)
        if r < self.first_position:
            fixed_pit = fixed_tail = _NOTHING_FIXED
        else:
            fixed_pit = [tuple(prefix[k - 1] for k in pos if k <= r) for pos in self.positions]
            fixed_tail = [tuple(prefix[k - 1] for k in tail if k <= r) for tail in self.tail]
        packed = _pack(rest)
        total = 0
        for i in range(self.chain_pits):
            carry = -1
            for left, poly, g, step, ways in self._options(i, packed, fixed_pit[i]):
                if step:
                    carry = left
                elif i == 0:
                    total += ways * _packed_multinomial(left)  # not an indirect capture: weight 1
                else:
                    # The chain stopped at the i-th pit: its length is m = i.
                    a, b = self._rest(i + 1, left, i, fixed_pit, fixed_tail)
                    weight = sum(poly[k] * a[i - k] for k in range(i + 1))
                    weight += sum(b[j] * self.cup_ways[i - g - j] for j in range(i - g))
                    total += ways * weight
            if carry < 0:
                return total
            packed = carry
        m = self.chain_pits
        a, b = self._rest(m, packed, m, fixed_pit, fixed_tail)
        return total + a[m] + sum(b[j] * self.cup_ways[m - j] for j in range(m))

    def _rest(
        self, i: int, rest: int, m: int, fixed_pit: list[tuple[int, ...]], fixed_tail: list[tuple[int, ...]]
    ) -> tuple[list[int], list[int]]:
        """Over the completions of the pits order[i:] (and the beads that land elsewhere):
        a[k] sums the ways to pick k gems from those pits; b[g] counts those with g gems."""
        key = (i, rest, m, fixed_tail[i])
        found = self._memo.get(key)
        if found is not None:
            return found
        if i == len(self.order):
            ways = _packed_multinomial(rest)
            a = [ways] + [0] * m
            b = [ways] + [0] * (m - 1)
        else:
            a = [0] * (m + 1)
            b = [0] * m
            for left, poly, g, _step, ways in self._options(i, rest, fixed_pit[i]):
                ca, cb = self._rest(i + 1, left, m, fixed_pit, fixed_tail)
                if not g:  # no gem in this pit: nothing to convolve
                    for y in range(m + 1):
                        a[y] += ways * ca[y]
                    for y in range(m):
                        b[y] += ways * cb[y]
                    continue
                for x in range(m + 1):
                    if poly[x]:
                        px = poly[x] * ways
                        for y in range(m + 1 - x):
                            a[x + y] += px * ca[y]
                for y in range(m - g):
                    b[g + y] += ways * cb[y]
        self._memo[key] = (a, b)
        return a, b

    def _options(self, i: int, rest: int, fixed: tuple[int, ...]) -> list[_Option]:
        """The classes of values the i-th pit of `order` can receive, given the beads left
        (packed counts: see `_pack`)."""
        key = (i, rest, fixed)
        found = self._option_memo.get(key)
        if found is not None:
            return found
        table = _pit_table(self.state.pits[self.order[i]], len(self.positions[i]), fixed, self.counts)
        guarded = rest | _GUARDS
        result = [
            (rest - delta, poly, g, step, ways)
            for delta, poly, g, step, ways in table
            if (guarded - delta) & _GUARDS == _GUARDS
        ]
        self._option_memo[key] = result
        return result

    def unrank(self, index: int) -> Sowing:
        """The index-th move of this pit: the bead at each position is found by counting the
        moves that start with each smaller choice (the last choice needs no count)."""
        prefix: list[int] = []
        rest = list(self.counts)
        weighted = self.weighted
        here = self.total  # the moves that start with `prefix`
        for _ in range(self.n):
            choices = [v for v in range(6) if rest[v]]
            for v in choices:
                rest[v] -= 1
                key = tuple(rest)
                if v == choices[-1]:
                    below = here
                elif weighted:
                    below = self.count((*prefix, v), key)
                else:
                    below = _multinomial(key)
                if index < below:
                    prefix.append(v)
                    here = below
                    if weighted and len(prefix) < self.n and below == _multinomial(key):
                        weighted = False  # every completion has a single move from here on
                    break
                index -= below
                here -= below
                rest[v] += 1
        beads = tuple(prefix)
        sown = self.state._sown(self.pit, beads)
        if sown.capture != "indirect":
            return _moves_of(self.pit, beads, sown)[0]
        for k, taken in enumerate(sown.options()):
            if k == index:
                return Sowing(self.pit, beads, taken, "indirect", sown.chain)
        raise IndexError(index)

    def __iter__(self) -> Iterator[Sowing]:
        state = self.state
        order = list(_sorted_values(self.counts))
        while True:
            beads = tuple(order)
            yield from _moves_of(self.pit, beads, _sow(state.pits, state.cups, state.turn, self.pit, beads))
            if not _next_permutation(order):
                return


class GlassBeadMoves(Sequence[Sowing]):
    """The legal moves of a position, lazily: len() counts, [i] unranks, `in` checks directly.

    Order: the mover's pits in ring order, then bead sequences low values first, then the
    choices of gems (see `GlassBeadState.capture_choices`).
    """

    __slots__ = ("_offsets", "_pits", "_state")

    def __init__(self, state: GlassBeadState) -> None:
        self._state = state
        self._pits = [_PitMoves(state, p) for p in state.playable_pit_indices()]
        offsets = [0]
        for pm in self._pits:
            offsets.append(offsets[-1] + pm.total)
        self._offsets = offsets

    def __len__(self) -> int:
        return self._offsets[-1]

    @overload
    def __getitem__(self, index: int) -> Sowing: ...

    @overload
    def __getitem__(self, index: slice) -> list[Sowing]: ...

    def __getitem__(self, index: int | slice) -> Sowing | list[Sowing]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        total = self._offsets[-1]
        if index < 0:
            index += total
        if not 0 <= index < total:
            raise IndexError("legal move index out of range")
        for k, pm in enumerate(self._pits):
            if index < self._offsets[k + 1]:
                return pm.unrank(index - self._offsets[k])
        raise IndexError(index)  # pragma: no cover

    def __iter__(self) -> Iterator[Sowing]:
        for pm in self._pits:
            yield from pm

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._state.is_legal(move)

    def __repr__(self) -> str:
        return f"<{len(self)} legal moves of the Glass Bead Game>"

    def count_by_pit(self) -> dict[str, int]:
        """How many legal moves start from each playable pit."""
        return {LETTERS[pm.pit]: pm.total for pm in self._pits}


# -- the state ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GlassBeadState(State):
    """A position. `pits[i]` and `cups[seat]` are six counts, one per bead value 0–5."""

    seats: int
    pits: tuple[Counts, ...]
    """Ten pits in ring order `A B C D E a b c d e`, each as counts of values 0–5."""
    cups: tuple[Counts, ...]
    """South's and North's cups: counts of gems by value (index 0, stones, always 0)."""
    turn: int
    """The seat to move (South 0, North 1), or whose turn it was when the game ended."""
    result: Outcome | None = None
    _moves: GlassBeadMoves | None = field(default=None, init=False, compare=False, repr=False)
    _playable: tuple[int, ...] | None = field(default=None, init=False, compare=False, repr=False)
    _last_sown: tuple[tuple[int, tuple[int, ...]], _Sown] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    playout_plies: ClassVar[int] = 10
    """For the computer players' search (host/computer): playouts of 10 plies valued by the
    cups' points beat the default 40 plies (normal won 8 of 8 games against it)."""

    # -- the contract ---------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.turn

    @property
    def options(self) -> dict[str, Any]:
        return {}

    def legal_moves(self) -> GlassBeadMoves:
        moves = self._moves
        if moves is None:
            moves = GlassBeadMoves(self)
            object.__setattr__(self, "_moves", moves)
        return moves

    def is_legal(self, move: Move) -> bool:
        if not isinstance(move, Sowing) or self.result is not None:
            return False
        pit = move.pit
        if not isinstance(pit, int) or pit not in _own(self.turn) or not isinstance(move.beads, tuple):
            return False
        if _counts_of(move.beads) != self.pits[pit] or pit not in self.playable_pit_indices():
            return False
        sown = self._sown(pit, move.beads)
        if move.capture != sown.capture or move.chain != sown.chain:
            return False
        if sown.capture == "indirect":
            return self._choice_error(sown, move.taken) is None and move.taken == _canonical_taken(move.taken)
        return move.taken == sown.direct

    def parse(self, text: str) -> Sowing:
        text = str(text)
        pit, beads, groups = _parse_text(text)
        refusal = self._pit_refusal(text, pit)
        if refusal:
            raise IllegalMoveError(refusal)
        counts = self.pits[pit]
        letter = LETTERS[pit]
        extra = [v for v in range(6) if beads.count(v) > counts[v]]
        if extra:
            v = extra[0]
            typed, there = beads.count(v), counts[v]
            raise IllegalMoveError(
                f"`{text.strip()}` sows {_count_of(typed, v)} (`{v}`), but pit `{letter}` holds "
                f"{'none' if not there else f'only {there}'}: it holds {_describe_counts(counts)} "
                f"(`{_digits(counts)}`). Sow all of them in the order you like, e.g. "
                f"`{self._example(pit)}`."
            )
        n = sum(counts)
        if len(beads) != n:
            raise IllegalMoveError(
                f"`{text.strip()}` sows {_beads(len(beads))}, but pit `{letter}` holds {_beads(n)} "
                f"(`{_digits(counts)}`): sow all of them, e.g. `{self._example(pit)}`."
            )
        sown = self._sown(pit, beads)
        sowing = f"{letter}{''.join(map(str, beads))}"
        must_take = sown.capture == "indirect" and sown.from_pits + sown.from_cup > 0
        if groups is None:
            if must_take:
                first = next(sown.options())
                raise IllegalMoveError(
                    f"`{text.strip()}` captures indirectly: add ` x ` and the "
                    f"{'gem' if len(first) == 1 else _gems(len(first))} you take, "
                    f"e.g. `{sowing} x {_format_taken(first)}`."
                )
            return _moves_of(pit, beads, sown)[0]
        if not must_take:
            why = {
                "direct": "captures directly, and a direct capture is not written",
                "indirect": "captures indirectly, but there is no gem to take",
                "": "captures nothing",
            }[sown.capture]
            raise IllegalMoveError(f"`{text.strip()}` {why}: write it without ` x `, as `{sowing}`.")
        taken = _canonical_taken(groups)
        error = self._choice_error(sown, taken)
        if error:
            first = next(sown.options())
            raise IllegalMoveError(
                f"`{text.strip()}`: {error} For example `{sowing} x {_format_taken(first)}`."
            )
        return Sowing(pit, beads, taken, "indirect", sown.chain)

    def _after(self, move: Move) -> GlassBeadState:
        assert isinstance(move, Sowing)
        mover = self.turn
        sown = self._sown(move.pit, move.beads)
        board = list(sown.board)  # rows are copied before a gem is taken from them
        cups = [list(self.cups[0]), list(self.cups[1])]
        opp = 1 - mover
        for source, value in move.taken:
            if source == CUP:
                cups[opp][value] -= 1
            else:
                row = board[source] = list(board[source])
                row[value] -= 1
            cups[mover][value] += 1
        pits = tuple(tuple(c) for c in board)
        new_cups = (tuple(cups[0]), tuple(cups[1]))
        result = None
        if not any(sum(pits[p]) for p in _own(opp)):
            result = _end_result(new_cups, opp)
        return GlassBeadState(2, pits, new_cups, opp, result)

    def outcome(self) -> Outcome | None:
        return self.result

    def resign(self, seat: int) -> GlassBeadState:
        if self.result is not None:
            raise IllegalMoveError("The game is over: nobody can resign any more.")
        if seat not in (0, 1):
            raise IllegalMoveError(f"Seat {seat} is not playing in this game.")
        result = Outcome((1 - seat,), self.scores(), f"{SEAT_NAMES[seat]} resigned", RESIGNED)
        return GlassBeadState(2, self.pits, self.cups, self.turn, result)

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "pits": [_digits(c) for c in self.pits],
            "cups": [_digits(c) for c in self.cups],
            "turn": self.turn,
        }

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        if self.result is not None or limit <= 0:
            return []
        flat = "".join(typed.split())
        if not flat:
            return [self._example(p, prefer_capture=True) for p in self.playable_pit_indices()][:limit]
        if flat[0] not in LETTERS:
            return []
        pit = LETTERS.index(flat[0])
        if pit not in self.playable_pit_indices():
            return []
        head, cut, _tail = flat[1:].partition("x")
        if any(ch not in "012345" for ch in head):
            return []
        prefix = tuple(int(ch) for ch in head)
        counts = self.pits[pit]
        if any(prefix.count(v) > counts[v] for v in range(6)):
            return []
        if cut and len(prefix) != sum(counts):
            return []
        out: list[str] = []
        for beads in _orders_from(counts, prefix):
            sown = _sow(self.pits, self.cups, self.turn, pit, beads)
            for move in _moves_of(pit, beads, sown):
                text = str(move)
                if "".join(text.split()).startswith(flat):
                    out.append(text)
                    if len(out) >= limit:
                        return out
            if len(beads) == len(prefix):
                break
        return out

    def describe_move(self, move: Move) -> str:
        if not isinstance(move, Sowing):
            return str(move)
        who = SEAT_NAMES[int(LETTERS[move.pit].islower())]
        text = f"{who} sows {_beads(len(move.beads))} from `{move.letter}`"
        if move.capture == "direct":
            gems = ", ".join(f"{BEAD_NAMES[v]} from `{LETTERS[s]}`" for s, v in move.taken)
            text += f" and captures directly: {gems}"
        elif move.capture == "indirect":
            if move.taken:
                text += f" and captures indirectly: {_describe_taken(move.taken)}"
            else:
                text += " and captures indirectly, but there is no gem to take"
        return text

    # -- helpers for the renderer and the move builder ----------------------------------------

    def beads(self, pit: int | str) -> tuple[int, ...]:
        """The bead values in a pit (index 0–9 or letter), low to high."""
        return _sorted_values(self.pits[_pit_index(pit)])

    def cup_gems(self, seat: int) -> tuple[int, ...]:
        """The gem values in a seat's cup, low to high."""
        return _sorted_values(self.cups[seat])

    def points(self, seat: int) -> int:
        """Points in a seat's cup."""
        return sum(v * c for v, c in enumerate(self.cups[seat]))

    def scores(self) -> tuple[int, int]:
        return (self.points(0), self.points(1))

    @property
    def endgame(self) -> bool:
        """No gem is left in any pit: no feeding duty; only the cups' gems can still move."""
        return not any(any(c[1:]) for c in self.pits)

    @property
    def must_feed(self) -> bool:
        """The mover must sow into the opponent's empty pits (the feeding duty)."""
        if self.result is not None:
            return False
        pits = self.pits
        lo = 5 - 5 * self.turn
        if any(pits[lo]) or any(pits[lo + 1]) or any(pits[lo + 2]) or any(pits[lo + 3]) or any(pits[lo + 4]):
            return False
        return not self.endgame

    def playable_pit_indices(self) -> tuple[int, ...]:
        """The mover's pits (0–9) that have a legal move, in ring order."""
        playable = self._playable
        if playable is None:
            if self.result is not None:
                playable = ()
            elif self.must_feed:
                playable = tuple(p for p in _own(self.turn) if sum(self.pits[p]) >= 5 - p % 5)
            else:
                playable = tuple(p for p in _own(self.turn) if any(self.pits[p]))
            object.__setattr__(self, "_playable", playable)
        return playable

    def playable_pits(self) -> tuple[str, ...]:
        """Move builder, step 1: the letters of the mover's pits that have a legal move."""
        return tuple(LETTERS[p] for p in self.playable_pit_indices())

    def next_beads(self, pit: int | str, sown: Sequence[int] = ()) -> tuple[int, ...]:
        """Move builder, step 2: the bead values that may be sown next from `pit` after the
        partial order `sown` (every order of a playable pit's beads is legal)."""
        index = _pit_index(pit)
        if index not in self.playable_pit_indices():
            raise IllegalMoveError(self._pit_refusal(LETTERS[index], index) or "That pit cannot be played.")
        counts = self.pits[index]
        left = [counts[v] - list(sown).count(v) for v in range(6)]
        if any(c < 0 for c in left) or any(not 0 <= v <= 5 for v in sown):
            raise IllegalMoveError(
                f"Pit `{LETTERS[index]}` does not hold the beads `{''.join(map(str, sown))}`."
            )
        return tuple(v for v in range(6) if left[v])

    def capture_kind(self, pit: int | str, beads: Sequence[int]) -> str:
        """Move builder, step 3: what a complete order captures: "", "direct" or "indirect"."""
        return self._complete(pit, beads).capture

    def gems_to_take(self, pit: int | str, beads: Sequence[int]) -> int:
        """Move builder, step 3: how many gems a complete order captures indirectly (0 when
        it is no indirect capture, or there is no gem to take: no ` x ` part then)."""
        sown = self._complete(pit, beads)
        return sown.from_pits + sown.from_cup if sown.capture == "indirect" else 0

    def capture_choices(self, pit: int | str, beads: Sequence[int], limit: int = 25) -> tuple[int, list[str]]:
        """Move builder, step 3: (how many choices of gems, the first `limit` of them as
        canonical suffixes such as `x B5 3`) for a complete order; (0, []) when there is
        nothing to choose."""
        sown = self._complete(pit, beads)
        if sown.capture != "indirect" or sown.from_pits + sown.from_cup == 0:
            return 0, []
        first: list[str] = []
        for taken in sown.options():
            if len(first) >= limit:
                break
            first.append("x " + _format_taken(taken))
        return sown.option_count(), first

    def _complete(self, pit: int | str, beads: Sequence[int]) -> _Sown:
        index = _pit_index(pit)
        if index not in self.playable_pit_indices():
            raise IllegalMoveError(self._pit_refusal(LETTERS[index], index) or "That pit cannot be played.")
        if _counts_of(tuple(beads)) != self.pits[index]:
            raise IllegalMoveError(
                f"Sow every bead of pit `{LETTERS[index]}` (`{_digits(self.pits[index])}`) in some order."
            )
        return self._sown(index, tuple(beads))

    # -- internals -------------------------------------------------------------------------------

    def _sown(self, pit: int, beads: tuple[int, ...]) -> _Sown:
        """`_sow` from this position, remembering the last one (checking a move and playing it
        sow the same beads). The board of the result must not be changed in place."""
        key = (pit, beads)
        last = self._last_sown
        if last is not None and last[0] == key:
            return last[1]
        sown = _sow(self.pits, self.cups, self.turn, pit, beads)
        object.__setattr__(self, "_last_sown", (key, sown))
        return sown

    def _feeds(self, pit: int) -> bool:
        """Whether sowing `pit` satisfies the feeding duty (it depends on the count only)."""
        return not self.must_feed or sum(self.pits[pit]) >= 5 - pit % 5

    def _pit_refusal(self, text: str, pit: int) -> str | None:
        shown = text.strip()
        if self.result is not None:
            return "The game is over: no more moves can be played."
        mover = self.turn
        playable = ", ".join(f"`{LETTERS[p]}`" for p in self.playable_pit_indices())
        if pit not in _own(mover):
            own = "`A`–`E`" if mover == 0 else "`a`–`e`"
            return (
                f"`{shown}` sows from `{LETTERS[pit]}`, one of {SEAT_NAMES[1 - mover]}'s pits: "
                f"{SEAT_NAMES[mover]} sows from {own} (now {playable}), e.g. `{self._example()}`."
            )
        if not sum(self.pits[pit]):
            return (
                f"`{shown}` sows from pit `{LETTERS[pit]}`, which is empty: choose a pit with beads "
                f"({playable}), e.g. `{self._example()}`."
            )
        if not self._feeds(pit):
            return (
                f"`{shown}` breaks the feeding duty: {SEAT_NAMES[1 - mover]}'s pits are all empty, so "
                f"your move must sow into them, and pit `{LETTERS[pit]}` does not reach them. "
                f"Sow from {playable}, e.g. `{self._example()}`."
            )
        return None

    def _example(self, pit: int | None = None, prefer_capture: bool = False) -> str:
        """A legal move (of `pit`, or of the first playable pit), preferably a capture."""
        if pit is None:
            playable = self.playable_pit_indices()
            if not playable:
                return "A05"
            pit = playable[0]
        beads = self._capturing_order(pit) if prefer_capture else None
        if beads is None:
            beads = _sorted_values(self.pits[pit])
        sown = _sow(self.pits, self.cups, self.turn, pit, beads)
        return str(_moves_of(pit, beads, sown)[0])

    def _capturing_order(self, pit: int) -> tuple[int, ...] | None:
        """The first order (lexicographically) of the pit's beads that captures, if any."""
        counts = self.pits[pit]
        n = sum(counts)
        path = PATHS[pit][n]
        last = path[-1]
        if last not in _own(1 - self.turn):
            return None
        earlier = [k for k in range(n - 1) if path[k] == last]
        size = sum(self.pits[last]) + len(earlier)
        if size != 1 or not counts[0]:
            return None
        # A capture needs a stone last; the bead sown earlier into the last pit may be any.
        rest = list(counts)
        rest[0] -= 1
        return (*_sorted_values(rest), 0)

    def _choice_error(self, sown: _Sown, taken: Taken) -> str | None:
        """Why `taken` is not a right choice of gems for this indirect capture, or None."""
        need = sown.from_pits + sown.from_cup
        opp = 1 - self.turn
        for source, _value in taken:
            if source != CUP and source not in sown.opp_pits:
                side = "`A`–`E`" if opp == 0 else "`a`–`e`"
                return (
                    f"gems are taken from {SEAT_NAMES[opp]}'s pits {side} or cup, "
                    f"not from `{LETTERS[source]}`."
                )
        wanted: dict[tuple[int, int], int] = {}
        for item in taken:
            wanted[item] = wanted.get(item, 0) + 1
        for (source, value), count in wanted.items():
            there = sown.cup[value] if source == CUP else sown.board[source][value]
            if count > there:
                place = (
                    f"{SEAT_NAMES[opp]}'s cup" if source == CUP else f"`{LETTERS[source]}` after the sowing"
                )
                if there == 0:
                    return f"there is no {BEAD_NAMES[value]} (`{value}`) in {place}."
                return (
                    f"you take {count} {_bead_plural(value)} (`{value}`), but there "
                    f"{'is' if there == 1 else 'are'} only {there} in {place}."
                )
        if len(taken) != need:
            return f"this capture takes exactly {_gems(need)}, not {len(taken)}."
        from_cup = sum(1 for s, _ in taken if s == CUP)
        if from_cup != sown.from_cup:
            return (
                f"take {_gems(sown.from_pits)} from {SEAT_NAMES[opp]}'s pits first, and from the cup "
                f"only when the pits have no gem left."
            )
        return None


def _pit_index(pit: int | str) -> int:
    if isinstance(pit, str):
        if len(pit) != 1 or pit not in LETTERS:
            raise IllegalMoveError(f"There is no pit `{pit}`: the pits are `A`–`E` and `a`–`e`.")
        return LETTERS.index(pit)
    if not 0 <= pit < 10:
        raise IllegalMoveError(f"There is no pit {pit}.")
    return pit


_SHAPE = "a pit letter and the beads in the order you sow them, e.g. `A05` or `e250 x B5`"


def _parse_text(text: str) -> tuple[int, tuple[int, ...], list[tuple[int, int]] | None]:
    """(pit, beads, gems taken or None) from notation; raises NotAMoveError."""
    s = text.strip()
    shown = f"`{s}`" if s else "An empty text"
    if not s:
        raise NotAMoveError(f"{shown} is not a move: write {_SHAPE}.")
    if s[0] not in LETTERS:
        if s[0].isalpha():
            raise NotAMoveError(
                f"{shown} is not a move: there is no pit `{s[0]}` (South's are `A`–`E`, North's "
                f"`a`–`e`). Write {_SHAPE}."
            )
        raise NotAMoveError(f"{shown} is not a move: write {_SHAPE}.")
    pit = LETTERS.index(s[0])
    body = s[1:]
    cut = min((i for i in (body.find("x"), body.find("X")) if i >= 0), default=-1)
    head, tail = (body, None) if cut < 0 else (body[:cut], body[cut + 1 :])
    digits = "".join(head.split())
    for ch in digits:
        if ch not in "012345":
            raise NotAMoveError(
                f"{shown} is not a move: `{ch}` is not a bead (0 is a stone, 1–5 a gem). Write {_SHAPE}."
            )
    beads = tuple(int(ch) for ch in digits)
    if tail is None:
        return pit, beads, None
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(tail):
        ch = tail[i]
        if ch.isspace():
            i += 1
            continue
        source = CUP
        if ch in LETTERS:
            source = LETTERS.index(ch)
            i += 1
            while i < len(tail) and tail[i].isspace():
                i += 1
        elif not ch.isdigit():
            raise NotAMoveError(
                f"{shown} is not a move: after ` x ` come the gems taken, as pit groups like `B5` "
                f"and a bare group for the cup, e.g. `e0000 x D55 E4 3`."
            )
        start = i
        while i < len(tail) and tail[i].isdigit():
            i += 1
        run = tail[start:i]
        if not run:
            raise NotAMoveError(
                f"{shown} is not a move: pit `{ch}` after ` x ` needs the values taken, e.g. `B5`."
            )
        for d in run:
            if d not in "12345":
                raise NotAMoveError(
                    f"{shown} is not a move: `{d}` is not a gem that can be taken (gems are 1–5; "
                    f"stones are never taken), e.g. `e250 x B5`."
                )
            groups.append((source, int(d)))
    if not groups:
        raise NotAMoveError(f"{shown} is not a move: ` x ` must be followed by the gems taken, e.g. `x B5`.")
    return pit, beads, groups


def _beads(n: int) -> str:
    return f"{n} bead" if n == 1 else f"{n} beads"


def _gems(n: int) -> str:
    return f"{n} gem" if n == 1 else f"{n} gems"


def _bead_plural(value: int) -> str:
    return BEAD_NAMES[value] + "s"


def _count_of(count: int, value: int) -> str:
    return f"{count} {BEAD_NAMES[value]}s" if count != 1 else f"a {BEAD_NAMES[value]}"


def _describe_counts(counts: Sequence[int]) -> str:
    parts = [_count_of(counts[v], v) for v in range(6) if counts[v]]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def _describe_taken(taken: Taken) -> str:
    parts = []
    for source, value in taken:
        where = "the cup" if source == CUP else f"`{LETTERS[source]}`"
        parts.append(f"{BEAD_NAMES[value]} from {where}")
    return ", ".join(parts)


def _end_result(cups: tuple[Counts, ...], to_move: int) -> Outcome:
    scores = tuple(sum(v * c for v, c in enumerate(cup)) for cup in cups)
    other = 1 - to_move
    name, other_name = SEAT_NAMES[to_move], SEAT_NAMES[other]
    if scores[other] >= WIN_POINTS:
        reason = f"{name} has no bead left to sow and {other_name} has {scores[other]} points"
        return Outcome((other,), scores, reason, NO_BEADS_LEFT)
    reason = f"{name} has no bead left to sow and {other_name} has only {scores[other]} points"
    return Outcome((to_move,), scores, reason, NO_BEADS_LEFT)


def _new(seats: int) -> GlassBeadState:
    return GlassBeadState(seats, START_PITS, ((0,) * 6, (0,) * 6), 0)


def _load(data: Mapping[str, Any]) -> GlassBeadState:
    return GlassBeadState(
        seats=int(data["seats"]),
        pits=tuple(_counts_of([int(ch) for ch in p]) for p in data["pits"]),
        cups=tuple(_counts_of([int(ch) for ch in c]) for c in data["cups"]),
        turn=int(data["turn"]),
        result=Outcome.from_json(data["result"]),
    )


SUMMARY = """\
**The Glass Bead Game** — Christian Freeling's mancala for 2. South owns pits `A`–`E`, North \
`a`–`e`; sowing runs `A B C D E a b c d e` round the ring.
• Beads: 10 black stones (`0`) and 10 gems worth 1–5 (two of each), 30 points in all.
• **Move**: take every bead of one of your pits and sow them one by one into the next pits, \
in the order you choose, e.g. `E1000`. The emptied pit is skipped when you go round.
• **Capture**: your last bead is a stone, lands on the opponent's side, in a pit that held exactly \
one bead. A single gem there goes to your cup (direct). A single stone lets you take one gem of \
your choice from the opponent's pits, or from their cup when the pits have none (indirect, \
written `e250 x B5`). The pits before it in the sowing capture too in the same way (a chain).
• **Feeding**: while gems remain in the pits, you must sow into the opponent's pits if they are \
all empty.
• **End**: when the player to move has no bead, the other player wins with 15 points or more \
in their cup; otherwise the player to move wins. No draws."""


GAME = Game(
    key="glass-bead",
    title="Glass Bead Game",
    seats=(2,),
    options={},
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES,
    summary=SUMMARY,
)
GlassBeadState.game = GAME
