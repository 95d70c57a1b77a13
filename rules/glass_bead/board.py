"""The Glass Bead Game's board: the ring of pits, bead counts, counting arithmetic, the end of a game.

The ring of pits is numbered 0–9: `A B C D E` (South, seat 0) then `a b c d e` (North, seat 1);
sowing runs up the numbers and wraps from `e` (9) to `A` (0). A pit holds beads of values 0
(a black stone) to 5 (a purple gem); each pit and cup is kept as six counts, one per value.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import factorial

from ..base import RESIGNED, Outcome, reason
from ..text import N_, Phrase, plural_phrase

LETTERS = "ABCDEabcde"
"""Pit letters by ring index: South's `A`–`E` are 0–4, North's `a`–`e` are 5–9."""
CUP = 10
"""The source of a gem taken from the opponent's cup, in `Sowing.taken`."""
# TRANSLATORS: the Glass Bead Game's seats, named by their side of the board.
SEAT_NAMES = (N_("South"), N_("North"))
BEAD_NAMES = (N_("stone"), N_("yellow gem"), N_("green gem"), N_("blue gem"), N_("red gem"), N_("purple gem"))
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


def _end_result(cups: tuple[Counts, ...], to_move: int) -> Outcome:
    scores = tuple(sum(v * c for v, c in enumerate(cup)) for cup in cups)
    other = 1 - to_move
    names = {"seat": Phrase(SEAT_NAMES[to_move]), "other": Phrase(SEAT_NAMES[other])}
    if scores[other] >= WIN_POINTS:
        return Outcome((other,), scores, reason(NO_BEADS_REASON, scores[other], **names), NO_BEADS_LEFT)
    return Outcome((to_move,), scores, reason(NO_BEADS_SHORT_REASON, scores[other], **names), NO_BEADS_LEFT)


NO_BEADS_SHORT_REASON = plural_phrase(
    "{seat} has no bead left to sow and {other} has only {count} point",
    "{seat} has no bead left to sow and {other} has only {count} points",
    0,
)
NO_BEADS_REASON = plural_phrase(
    "{seat} has no bead left to sow and {other} has {count} point",
    "{seat} has no bead left to sow and {other} has {count} points",
    0,
)
REASONS = (NO_BEADS_SHORT_REASON, NO_BEADS_REASON)
"""The forms of the Glass Bead Game's reasons (`Game.reasons`)."""
