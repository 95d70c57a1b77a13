"""Verquere's turn search, the reference: every legal turn of a roll, as the positions it reaches,
and the ways of playing each (the notation chooses among them).

`_explore` is the search to read first: a depth-first search over the dice, deduplicated by the
position reached, then the filters of the rules (the most dice, then the larger die, then the
most pips). The legal moves use a copy of it made fast, `_search` in fast_turns.py beside this
file, which finds the same positions in the same order; tests/rules/test_verquere_fast.py
compares the two on every roll of the positions of random games and on thousands of made-up
positions.

The rule for all speed work: a fast path lives in its own file beside the plain one it is tested
against (here fast_turns.py beside turns.py), never as a copy inside it; the plain one stays the
reference a reader starts from, and the test that compares the two is named for it.
"""

from __future__ import annotations

from itertools import compress
from typing import NamedTuple

from .board import (
    _NO_POINTS,
    _POINT_RANGE,
    BAR,
    HEAD,
    HOME,
    MEN,
    OFF,
    OPP,
    POINTS,
    Key,
    Steps,
    _apply,
    _opponent_jean,
    _vulnerable,
)

# -- generating every legal turn -------------------------------------------------------------------


class _Explored(NamedTuple):
    legal: list[Key]
    """The keys of the legal turns, in the order the search found them."""
    max_dice: int
    larger_only: bool
    """Only one die of a non-double can be played, and the larger one can."""
    max_pips: int


_MULTISET = tuple(5**p for p in range(OFF))
"""`_MULTISET[p]`: one step of a double starting at p (0 the bar), as a digit in base 5. With one
die value the starts of a turn's steps fix the position they reach (and the other way round), so
the sum of the digits of up to four steps names a position before its view is built."""


def _explore(
    start: bytearray,
    high: int,
    low: int,
    five_blots: bool,
    five_closed: bool,
    ways: dict[Key, list[Steps]] | None = None,
) -> _Explored:
    """Depth-first search over the dice, deduplicated by the position reached, then the filters:
    the most dice, then the larger die when only one can be played, then the most pips. With
    `ways`, it also records there the step sequences reaching each position (for the notation).

    Used for the ways of playing the legal turns (their notation) and as the reference of
    `_search` (fast_turns.py), which finds the legal moves. The search is an `_Exploration`; the
    filters are `_filtered`.
    """
    if ways is not None:
        ways[bytes(start)] = [()]
    search = _Exploration(high, low, five_blots, five_closed, ways)
    first = (high,) * 4 if high == low else (high, low)
    search.rec(start, first, (), False, 0, _vulnerable(start) if five_closed else _NO_POINTS, None, 0)
    return _filtered(search.complete, search.partial, search.double)


class _Exploration:
    """The search of `_explore`: the roll, the options, and the positions found so far.

    The steps of a die are those `_check_step` allows (`_steps`) and a step is played as `_apply`
    plays it, except on the last die of a turn (where most of the search ends), which has a loop
    of its own (`last_die`) with the rules inlined; a double's positions are recognised by the
    starts of their steps before their view is copied (`_MULTISET`), and a position's bytes are
    made only when they are kept.
    """

    __slots__ = (
        "complete",
        "double",
        "five_closed",
        "full",
        "full_pips",
        "high",
        "low",
        "may_stack_always",
        "partial",
        "seen",
        "ways",
    )

    def __init__(
        self, high: int, low: int, five_blots: bool, five_closed: bool, ways: dict[Key, list[Steps]] | None
    ) -> None:
        self.high = high
        self.low = low
        self.double = high == low
        self.full = 4 if self.double else 2
        """The dice of the roll: 4 for a double."""
        self.full_pips = 4 * high if self.double else high + low
        self.five_closed = five_closed
        self.may_stack_always = not five_blots
        """Whether a man may always join the mover's own on point 12 and above (else only once
        five men have left home)."""
        self.ways = ways
        """Where the step sequences reaching each position are recorded, if they are."""
        self.complete: dict[Key, int] = {}
        """Positions reached with every die played (or ending the game), with their pips."""
        self.partial: dict[Key, list[int]] = {}
        """Positions where no further die could be played: [dice used, larger die used, pips]."""
        self.seen: set[int] = set()
        """A double's positions reached so far, by the starts of their steps (see `_MULTISET`)."""

    def rec(
        self,
        v: bytearray,
        rem: tuple[int, ...],
        steps: Steps,
        larger: bool,
        pips: int,
        vuln: frozenset[int],
        skip: tuple[int, int] | None,
        multiset: int,
    ) -> None:
        """The search from the position `v` with the dice `rem` left; `steps` are the steps played
        so far (when recorded), `larger` whether the first die played was the larger, `pips`
        those played, `vuln` the opponent's points that may be landed on although closed
        (`_vulnerable`). `skip`: (start, end) of the smaller die played first, when the larger
        die's steps that do not touch it were already found in the other order (non-doubles
        only); `multiset`: the starts of the steps played (doubles only, see `_MULTISET`)."""
        double, ways = self.double, self.ways
        depth = self.full - len(rem)
        entering = v[BAR] > 0
        occupied = [] if entering else list(compress(_POINT_RANGE, v[1:25]))
        if len(rem) == 1 and not entering and occupied[0] < 19:
            # The last die, and no man can be borne off: each of its steps ends a turn.
            played = self.last_die(v, rem[0], occupied, vuln, steps, pips, skip, multiset)
        else:
            played = False
            may_stack = self.may_stack_always or v[HOME] <= MEN - 5
            swap_ok = not double and not depth and not entering and self.may_stack_always
            for i, d in enumerate(rem[:1] if double else rem):
                nrem = rem[1:] if double else rem[:i] + rem[i + 1 :]
                nlarger = (d == self.high) if not depth else larger
                for p, t in _steps(v, d, occupied, may_stack, vuln):
                    played = True
                    if double:
                        nmultiset = multiset + _MULTISET[p]
                        if nmultiset in self.seen:
                            continue  # the same steps in another order: the same position
                        self.seen.add(nmultiset)
                    else:
                        nmultiset = 0
                        if skip is not None and _found_first(v, p, t, skip):
                            continue  # the same two steps, larger die first, were played already
                    nv, hit, ended = _apply(v, p, t)
                    nvuln = _vulnerable(nv) if hit and self.five_closed else vuln
                    nkey = None  # the position's bytes, made when they are needed
                    nsteps = steps
                    if ways is not None:
                        nkey = bytes(nv)
                        nsteps = (*steps, (p, t, d))
                        w = ways.get(nkey)
                        if w is None:
                            ways[nkey] = [nsteps]
                        else:
                            w.append(nsteps)
                    if ended:
                        # counts as using every die and pip of the roll
                        self.complete[nkey or bytes(nv)] = self.full_pips
                    elif nrem:
                        nskip = (p, t) if swap_ok and d == self.low and t != OFF and not hit else None
                        self.rec(nv, nrem, nsteps, nlarger, pips + t - p, nvuln, nskip, nmultiset)
                    else:
                        self.complete[nkey or bytes(nv)] = pips + t - p  # off counts 25 (OFF)
        if not played and depth < self.full:
            self.stuck(bytes(v), depth, larger, pips)

    def last_die(
        self,
        v: bytearray,
        d: int,
        occupied: list[int],
        vuln: frozenset[int],
        steps: Steps,
        pips: int,
        skip: tuple[int, int] | None,
        multiset: int,
    ) -> bool:
        """`rec` on the last die when no man can be borne off, in the commonest case (no man on
        the bar): each step ends a turn, so the steps of `_steps` are played with the rules of
        `_apply` inlined. Whether a step could be played."""
        double, seen, ways, complete = self.double, self.seen, self.ways, self.complete
        played = False
        may_stack = self.may_stack_always or v[HOME] <= MEN - 5
        for p in occupied:
            t = p + d
            if t >= 25:
                break
            if v[t]:
                if t < HEAD or not may_stack:
                    continue
                hit = 0
            else:
                hit = v[OPP + t]
                if hit >= 2 and t not in vuln:
                    continue
            played = True
            if double:
                reached = multiset + _MULTISET[p]
                if reached in seen:
                    continue  # the same steps in another order: the same position
                seen.add(reached)
            elif (
                skip is not None
                and not hit
                and p != skip[1]
                and t != skip[0]
                and t != skip[1]
                and not (t == POINTS and v[t] == MEN - 1)
            ):
                continue  # the same two steps, larger die first, were played already (`_found_first`)
            nv = v.copy()
            nv[p] -= 1
            nv[t] += 1
            if hit:
                nv[OPP] += hit
                nv[OPP + t] = 0
                ended = _opponent_jean(nv)
            else:
                ended = t == POINTS and nv[t] == MEN
            nkey = bytes(nv)
            if ways is not None:
                w = ways.get(nkey)
                if w is None:
                    ways[nkey] = [(*steps, (p, t, d))]
                else:
                    w.append((*steps, (p, t, d)))
            complete[nkey] = self.full_pips if ended else pips + t - p
        return played

    def stuck(self, key: Key, depth: int, larger: bool, pips: int) -> None:
        """Note a position where no further die could be played after `depth` dice."""
        cur = self.partial.get(key)
        if cur is None:
            self.partial[key] = [depth, larger, pips]
        elif depth > cur[0]:
            cur[0] = depth
            cur[1] = larger
        elif depth == cur[0] and larger:
            cur[1] = True


def _steps(
    v: bytearray, d: int, occupied: list[int], may_stack: bool, vuln: frozenset[int]
) -> list[tuple[int, int]]:
    """The steps (start, end) a die d may make from the view `v`, by the rules of `_check_step`,
    lowest start first: `occupied` the mover's points with men (none while one is on the bar),
    `may_stack` whether a man may join the mover's own on point 12 and above (not before five
    have left home, with `five_blots`), `vuln` the opponent's closed points it may land on
    (`_vulnerable`)."""
    if v[BAR]:
        return [(BAR, d)] if not v[d] and (v[OPP + d] < 2 or d in vuln) else []
    back = occupied[0]
    bearing = back >= 19
    found = []
    for p in occupied:
        t = p + d
        if t < 25:
            if v[t]:
                if t < HEAD or not may_stack:
                    continue
            elif v[OPP + t] >= 2 and t not in vuln:
                continue
            found.append((p, t))
        elif not bearing:
            break
        elif t == 25 or p == back:
            found.append((p, OFF))
    return found


def _found_first(v: bytearray, p: int, t: int, skip: tuple[int, int]) -> bool:
    """Whether the larger die's step p → t, played after the smaller die's step `skip` (start,
    end), reaches a position already found with the larger die played first: it neither starts
    where the smaller die's step ended nor lands where it started or ended, bears no man off,
    hits no man and does not bring the 15th man to point 24."""
    return (
        t != OFF
        and p != skip[1]
        and t != skip[0]
        and t != skip[1]
        and not v[OPP + t]
        and not (t == POINTS and v[t] == MEN - 1)
    )


def _filtered(complete: dict[Key, int], partial: dict[Key, list[int]], double: bool) -> _Explored:
    """The legal turns among the positions found, by the filters of the rules: those with every
    die played (`complete`), else those of the most dice, and of the larger die when only one of
    a non-double can be played (`partial`); then those of the most pips."""
    larger_only = False
    if complete:
        max_dice = 4 if double else 2
        pips_of = complete
    else:
        max_dice = max(entry[0] for entry in partial.values())
        found = {k: entry for k, entry in partial.items() if entry[0] == max_dice}
        larger_only = not double and max_dice == 1 and any(entry[1] for entry in found.values())
        pips_of = {k: entry[2] for k, entry in found.items() if entry[1] or not larger_only}
    max_pips = max(pips_of.values())
    if min(pips_of.values()) == max_pips:
        keys = list(pips_of)
    else:
        keys = [k for k, pips in pips_of.items() if pips == max_pips]
    return _Explored(keys, max_dice, larger_only, max_pips)
