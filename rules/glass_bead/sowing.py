"""A Glass Bead move (`Sowing`), and sowing a pit's beads to find what it captures."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..base import Move
from .board import (
    CUP,
    GEM_VALUES,
    LETTERS,
    PATHS,
    Counts,
    Taken,
    _canonical_taken,
    _format_taken,
    _poly,
    _sorted_values,
)

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


def _spread(
    board: list[list[int]], mover: int, pit: int, beads: Sequence[int]
) -> tuple[Sequence[int], list[int], list[int]]:
    """Sow `pit`'s `beads`, in this order, on `board` (lists of counts, changed in place). Returns
    the pits sown, the value of the lone bead each of them held before (-1: not one bead), and
    the steps of the capture, last first (empty: none): stones sown last onto lone beads on the
    other side, all onto gems (direct) or all onto stones (indirect)."""
    board[pit] = [0] * 6
    n = len(beads)
    path = PATHS[pit][n]
    single = [-1] * n
    for k in range(n):
        cell = board[path[k]]
        if sum(cell) == 1:
            single[k] = cell.index(1)
        cell[beads[k]] += 1
    lo = 5 * (1 - mover)
    k = n - 1
    steps: list[int] = []
    if beads[k] or not lo <= path[k] < lo + 5 or single[k] < 0:
        return path, single, steps
    direct = single[k] > 0
    while k >= 0 and not beads[k] and lo <= path[k] < lo + 5 and single[k] >= 0 and (single[k] > 0) == direct:
        steps.append(k)
        k -= 1
    return path, single, steps


def _sow(
    pits: tuple[Counts, ...], cups: tuple[Counts, ...], mover: int, pit: int, beads: Sequence[int]
) -> _Sown:
    """Sow `beads` (already known to be the pit's contents) and find the capture."""
    board = [list(c) for c in pits]
    path, single, steps = _spread(board, mover, pit, beads)
    opp = 1 - mover
    lo = 5 * opp
    opp_pits = range(lo, lo + 5)
    cup = cups[opp]
    if not steps:
        return _Sown(board, "", (), (), opp_pits, cup, 0, 0)
    chain = [path[k] for k in steps]
    if single[steps[0]] > 0:
        taken = _canonical_taken([(path[k], single[k]) for k in steps])
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
