"""The legal moves of a Glass Bead position as a lazy sequence: counted by multiset-permutation
arithmetic, unranked without listing, membership tested directly."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING, overload

from ..base import Move
from .board import LETTERS, PATHS, Counts, _counts_of, _cup_choices, _multinomial, _poly, _sorted_values
from .sowing import Sowing, _moves_of, _next_permutation, _sow

if TYPE_CHECKING:
    from .state import GlassBeadState


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
