"""Verquere for 2 players (shared/games/verquere.md).

Positions are stored in seat 0's numbering; every turn is generated in the mover's own numbering
(the two numberings are offset by 12 points).

While a turn is generated, a position is seen from the mover as a *view*: a bytearray of 51
counts, `[0]` the mover's men on the bar, `[1..24]` the mover's men on its points 1–24, `[25]` the
mover's men borne off, `[26]` the opponent's men on the bar and `[26 + q]` the opponent's men on
the mover's point q. The bytes of a view are the *key* of the position a turn reaches.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain, compress, pairwise
from operator import sub
from typing import Any, NamedTuple, overload

from .base import (
    CHANCE,
    RESIGNED,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Option,
    Outcome,
    State,
)

SEAT_NAMES = ("White", "Black")
MEN = 15
POINTS = 24
BAR = 0
"""The bar as the starting point of a step (entries are written `bar/3`)."""
OFF = 25
"""Bearing off as the end point of a step (written `22/off`)."""
OPP = 26
"""Offset of the opponent's half of a view: `view[OPP]` is its bar, `view[OPP + q]` its men on q."""
HOME = 1
HEAD = 12
SHOWN_TURNS = 5

BORNE_OFF = "borne-off"
ALL_ON_24 = "all-on-24"
JEAN = "jean"
JUNCKER = "juncker"
TERMINATIONS = (BORNE_OFF, ALL_ON_24, JEAN, JUNCKER, RESIGNED)
"""How a game of Verquere ends (`Outcome.termination`): all 15 men borne off (a single game), all 15
on point 24 (double), the opponent Jean (double), both players Juncker (a draw), or a resignation."""
"""How many legal turns an error message lists."""

Key = bytes
Steps = tuple[tuple[int, int, int], ...]
"""The steps of a turn as (start, end, die), in an order they can be played."""

_NO_POINTS: frozenset[int] = frozenset()
_POINT_RANGE = range(1, 25)
_OPPONENT_ORDER = (*range(13, 25), *range(1, 13))
"""The opponent's points 1..24, written in the mover's numbering."""


def other_numbering(point: int) -> int:
    """A point (1–24) of one player's numbering in the other player's numbering."""
    return point + 12 if point <= 12 else point - 12


def seat0_point(seat: int, point: int) -> int:
    """A point (1–24) of `seat`'s own numbering in seat 0's numbering (the one of `board`)."""
    return point if seat == 0 else other_numbering(point)


def _point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def _plural(count: int, word: str) -> str:
    if word == "man":
        return f"{count} {'man' if count == 1 else 'men'}"
    return f"{count} {word}{'' if count == 1 else 's'}"


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
ROLL_OUTCOMES: tuple[tuple[Roll, Fraction], ...] = tuple(
    (r, Fraction(1, 36) if r.is_double else Fraction(1, 18)) for r in ROLLS
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


class _TurnContext(NamedTuple):
    """What every turn of one state shares."""

    seat: int
    dice: tuple[int, int]
    start: Key
    five_blots: bool
    five_closed: bool


class Turn(Move):
    """A whole turn: every step played with one roll. Turns reaching the same position are equal.

    Everything is in the mover's numbering (`seat`): `tokens` are the men's paths as written
    (`(1, 4, 9)` is `1/4/9`, one man touching down on 4; 0 is the bar, 25 is off), `steps` the
    single steps with their hits, `hits` the points where opponent's men were hit. `start` and
    `key` are the views (see the module docstring) before and after the turn. The ways of playing
    it, which its notation is chosen from, are asked of the legal moves it came from when needed.
    """

    __slots__ = ("_cache", "_ctx", "_legal", "key")

    key: Key
    _legal: _Legal
    _ctx: _TurnContext
    _cache: tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]], str] | None

    def __init__(self, ctx: _TurnContext, key: Key, legal: _Legal) -> None:
        self._ctx = ctx
        self.key = key
        self._legal = legal
        self._cache = None

    @property
    def seat(self) -> int:
        return self._ctx.seat

    @property
    def dice(self) -> tuple[int, int]:
        return self._ctx.dice

    @property
    def start(self) -> Key:
        return self._ctx.start

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Turn) or self.key != other.key:
            return False
        a, b = self._ctx, other._ctx
        return a is b or (a.seat == b.seat and a.dice == b.dice and a.start == b.start)

    def __hash__(self) -> int:
        return hash((self.key, self._ctx.seat))

    def __repr__(self) -> str:
        return f"Turn({str(self)!r}, seat={self.seat}, dice={self.dice})"

    def _written(self) -> tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]], str]:
        if self._cache is None:
            ctx = self._ctx
            ways = self._legal.ways(self.key)
            tokens, marks = _canonical(ctx.start, ways, ctx.five_blots, ctx.five_closed)
            text = " ".join(
                "/".join(_point_name(p) + ("*" if (t, i) in marks else "") for i, p in enumerate(tok))
                for t, tok in enumerate(tokens)
            )
            self._cache = (tokens, marks, text)
        return self._cache

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
        start, key = self._ctx.start, self.key
        return tuple(q for q in range(1, 25) if start[OPP + q] and not key[OPP + q])

    @property
    def men_hit(self) -> int:
        return self.key[OPP] - self._ctx.start[OPP]

    def __str__(self) -> str:
        return self._written()[2]


# -- the rules on a view ------------------------------------------------------------------------------


_LOW_BITS = (2 * MEN + 1).__and__
"""A signed count of `board` (−15..15) as a byte: 0..15 as they are, −15..−1 as 17..31."""
_POSITIVE = bytes(b if b <= MEN else 0 for b in range(256))
"""`bytes.translate` table from `_LOW_BITS` bytes to seat 0's men."""
_NEGATIVE = bytes(2 * MEN + 2 - b if MEN < b < 2 * MEN + 2 else 0 for b in range(256))
"""`bytes.translate` table from `_LOW_BITS` bytes to seat 1's men."""


def _view(board: tuple[int, ...], bar: tuple[int, int], off: tuple[int, int], seat: int) -> bytearray:
    raw = bytes(map(_LOW_BITS, board))
    if seat == 0:
        mine, theirs = raw.translate(_POSITIVE), raw.translate(_NEGATIVE)
    else:
        turned = raw[12:] + raw[:12]  # the points in seat 1's numbering
        mine, theirs = turned.translate(_NEGATIVE), turned.translate(_POSITIVE)
    return bytearray((bar[seat],)) + mine + bytes((off[seat], bar[1 - seat])) + theirs


def _board_from_view(view: Key | bytearray, seat: int) -> tuple[int, ...]:
    mine, theirs = view[1:25], view[OPP + 1 : OPP + 25]
    if seat == 0:
        return tuple(map(sub, mine, theirs))
    return tuple(map(sub, theirs[12:] + theirs[:12], mine[12:] + mine[:12]))


def _vulnerable(view: Key | bytearray) -> frozenset[int]:
    """The opponent's points (mover's numbering) in a run of more than 5 of its closed points."""
    out: list[int] = []
    run: list[int] = []
    for q in _OPPONENT_ORDER:
        if view[OPP + q] >= 2:
            run.append(q)
            continue
        if len(run) > 5:
            out.extend(run)
        run = []
    if len(run) > 5:
        out.extend(run)
    return frozenset(out) if out else _NO_POINTS


def _jean(view: Key | bytearray) -> bool:
    """Whether the mover can never enter all men: bar + own first-quarter points > 6."""
    return view[BAR] + 6 - view[1:7].count(0) > 6


def _opponent_jean(view: Key | bytearray) -> bool:
    """Jean of the opponent: its first quarter is the mover's points 13–18."""
    return view[OPP] + 6 - view[OPP + 13 : OPP + 19].count(0) > 6


def _open_points(view: Key | bytearray, vulnerable: frozenset[int]) -> int:
    """First-quarter points where the mover could enter: empty or an opponent's blot (or, with
    `five_closed_points`, a vulnerable point)."""
    return sum(1 for q in range(1, 7) if not view[q] and (view[OPP + q] < 2 or q in vulnerable))


def _check_step(
    view: bytearray, start: int, die: int, five_blots: bool, vulnerable: frozenset[int]
) -> str | None:
    """Why one step is illegal (a sentence for the user), or None. `_explore` inlines the same rules."""
    if start == BAR:
        if not view[BAR]:
            return "you have no man on the bar"
        if view[die]:
            return f"you cannot enter on point {die}: it already holds your own men"
        if view[OPP + die] >= 2 and die not in vulnerable:
            return f"point {die} is closed: your opponent has {view[OPP + die]} men there"
        return None
    if view[BAR]:
        return f"you have {_plural(view[BAR], 'man')} on the bar: enter them before moving any other man"
    if not view[start]:
        return f"you have no man on point {start}"
    end = start + die
    if end < 25:
        if view[end] and end < HEAD:
            return (
                f"point {end} already holds one of your men, and no point 2–11 may get a second man "
                "(on that side you may close only the head, point 12)"
            )
        if view[end] and five_blots and view[HOME] > MEN - 5:
            return (
                f"point {end} already holds one of your men, and (option five blots) you may not close "
                f"a point before five men have left your home (so far {MEN - view[HOME]})"
            )
        if view[OPP + end] >= 2 and end not in vulnerable:
            return f"point {end} is closed: your opponent has {view[OPP + end]} men there"
        return None
    back = next(q for q in range(1, 25) if view[q])
    if back < 19:
        return f"you may bear off only when all your men are on points 19–24 (you still have a man on {back})"
    if end > 25 and start != back:
        return f"a {die} bears off from point {start} only if no man of yours is behind it (one is on {back})"
    return None


def _apply(view: bytearray, start: int, end: int) -> tuple[bytearray, bool, bool]:
    """The view after a legal step, whether it hit, and whether it ended the game."""
    nv = view.copy()
    nv[start] -= 1
    if end == OFF:
        nv[OFF] += 1
        return nv, False, nv[OFF] == MEN
    nv[end] += 1
    hit = nv[OPP + end]
    if hit:
        nv[OPP] += hit
        nv[OPP + end] = 0
        return nv, True, _opponent_jean(nv)
    return nv, False, end == POINTS and nv[end] == MEN


def _pips(start: Key | bytearray, end: Key | bytearray) -> int:
    """Points moved by the mover's men from one view to another (the bar counts 0, off 25)."""

    def total(view: Key | bytearray) -> int:
        return sum(q * view[q] for q in range(1, 26))

    return total(end) - total(start)


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

    The hot path of the game (random playouts spend most of their time here): the step rules of
    `_check_step` are inlined, the last die of a turn (where most of the search ends) has a loop
    of its own, a double's positions are recognised by the starts of their steps before their
    view is copied (`_MULTISET`), and a position's bytes are made only when they are kept.
    """
    double = high == low
    full = 4 if double else 2
    full_pips = 4 * high if double else high + low
    complete: dict[Key, int] = {}
    """Positions reached with every die played (or ending the game), with their pips."""
    partial: dict[Key, list[int]] = {}
    """Positions where no further die could be played: [dice used, larger die used, pips]."""
    seen: set[int] = set()
    """A double's positions reached so far, by the starts of their steps (see `_MULTISET`)."""
    may_stack_always = not five_blots
    record = ways is not None

    def rec(
        v: bytearray,
        key: Key | None,
        rem: tuple[int, ...],
        depth: int,
        steps: Steps,
        larger: bool,
        pips: int,
        vuln: frozenset[int],
        skip: tuple[int, int] | None,
        multiset: int,
    ) -> None:
        """The search from the position `v` (its bytes `key`, or None if not made yet) with the
        dice `rem` left after `depth` dice; `steps` are the steps played so far (when recorded),
        `multiset` their starts (doubles only). `skip`: (start, end) of the smaller die played
        first, when the larger die's steps that do not touch it were already found in the other
        order (non-doubles only)."""
        played = False
        entering = v[BAR] > 0
        if entering:
            occupied: list[int] = []
            bearing = False
            back = 0
        else:
            occupied = list(compress(_POINT_RANGE, v[1:25]))
            back = occupied[0]
            bearing = back >= 19
        may_stack = may_stack_always or v[HOME] <= MEN - 5
        if len(rem) == 1 and not entering and not bearing:
            # The last die, in the commonest case: each of its steps ends a turn.
            d = rem[0]
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
                    continue  # the same two steps, larger die first, were played already
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
                if record:
                    assert ways is not None
                    w = ways.get(nkey)
                    if w is None:
                        ways[nkey] = [(*steps, (p, t, d))]
                    else:
                        w.append((*steps, (p, t, d)))
                complete[nkey] = full_pips if ended else pips + t - p
        else:
            swap_ok = not double and not depth and not entering and may_stack_always
            for i, d in enumerate(rem[:1] if double else rem):
                nrem = rem[1:] if double else rem[:i] + rem[i + 1 :]
                nlarger = (d == high) if not depth else larger
                if entering:
                    moves = [(BAR, d)] if not v[d] and (v[OPP + d] < 2 or d in vuln) else []
                else:
                    moves = []
                    for p in occupied:
                        t = p + d
                        if t < 25:
                            if v[t]:
                                if t < HEAD or not may_stack:
                                    continue
                            elif v[OPP + t] >= 2 and t not in vuln:
                                continue
                            moves.append((p, t))
                        elif not bearing:
                            break
                        elif t == 25 or p == back:
                            moves.append((p, OFF))
                for p, t in moves:
                    played = True
                    if double:
                        nmultiset = multiset + _MULTISET[p]
                        if nmultiset in seen:
                            continue  # the same steps in another order: the same position
                        seen.add(nmultiset)
                    else:
                        nmultiset = 0
                        if (
                            skip is not None
                            and t != OFF
                            and p != skip[1]
                            and t != skip[0]
                            and t != skip[1]
                            and not v[OPP + t]
                            and not (t == POINTS and v[t] == MEN - 1)
                        ):
                            continue  # the same two steps, larger die first, were played already
                    nv = v.copy()
                    nv[p] -= 1
                    nvuln = vuln
                    hit = 0
                    if t == OFF:
                        nv[OFF] += 1
                        ended = nv[OFF] == MEN
                        npips = pips + 25 - p
                    else:
                        npips = pips + t - p
                        nv[t] += 1
                        hit = nv[OPP + t]
                        if hit:
                            nv[OPP] += hit
                            nv[OPP + t] = 0
                            ended = _opponent_jean(nv)
                            if five_closed:
                                nvuln = _vulnerable(nv)
                        else:
                            ended = t == POINTS and nv[t] == MEN
                    nkey = None  # the position's key, made when it is needed
                    nsteps = steps
                    if record:
                        assert ways is not None
                        nkey = bytes(nv)
                        nsteps = (*steps, (p, t, d))
                        w = ways.get(nkey)
                        if w is None:
                            ways[nkey] = [nsteps]
                        else:
                            w.append(nsteps)
                    if ended:
                        # counts as using every die and pip of the roll
                        complete[nkey or bytes(nv)] = full_pips
                    elif nrem:
                        nskip = (p, t) if swap_ok and d == low and t != OFF and not hit else None
                        rec(nv, nkey, nrem, depth + 1, nsteps, nlarger, npips, nvuln, nskip, nmultiset)
                    else:
                        complete[nkey or bytes(nv)] = npips
        if not played and depth < full:
            if key is None:
                key = bytes(v)
            cur = partial.get(key)
            if cur is None:
                partial[key] = [depth, larger, pips]
            elif depth > cur[0]:
                cur[0] = depth
                cur[1] = larger
            elif depth == cur[0] and larger:
                cur[1] = True

    root = bytes(start)
    if ways is not None:
        ways[root] = [()]
    first = (high,) * 4 if double else (high, low)
    rec(start, root, first, 0, (), False, 0, _vulnerable(start) if five_closed else _NO_POINTS, None, 0)

    larger_only = False
    if complete:
        max_dice = full
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


# -- writing a turn ------------------------------------------------------------------------------------

Path = tuple[tuple[int, ...], tuple[bool, ...]]
"""One man's path as written: its points and, for each point, whether a hit happened there."""


def _orders(
    view: bytearray, steps: list[tuple[int, int, int]], five_blots: bool, five_closed: bool
) -> Iterator[tuple[tuple[int, int, bool], ...]]:
    """Every legal order of a multiset of steps (start, end, die), with the hit of each step."""

    def rec(
        v: bytearray,
        left: list[tuple[int, int, int]],
        done: tuple[tuple[int, int, bool], ...],
        vuln: frozenset[int],
    ) -> Iterator[tuple[tuple[int, int, bool], ...]]:
        if not left:
            yield done
            return
        for i, (p, t, d) in enumerate(left):
            if (p, t, d) in left[:i] or _check_step(v, p, d, five_blots, vuln) is not None:
                continue
            nv, hit, ended = _apply(v, p, t)
            if ended and len(left) > 1:
                continue
            rest = left[:i] + left[i + 1 :]
            yield from rec(nv, rest, (*done, (p, t, hit)), _vulnerable(nv) if hit and five_closed else vuln)

    return rec(view, steps, (), _vulnerable(view) if five_closed else _NO_POINTS)


def _ascending_order(
    view: bytearray, steps: Steps, five_blots: bool, five_closed: bool
) -> tuple[tuple[int, int, bool], ...] | None:
    """The steps played from the lowest starting point up, if that order is legal: every step
    arriving on a point then comes before every step leaving it, so this order allows every
    joining of steps into men's paths that any order allows."""
    vuln = _vulnerable(view) if five_closed else _NO_POINTS
    done: list[tuple[int, int, bool]] = []
    for n, (p, t, d) in enumerate(steps):
        if _check_step(view, p, d, five_blots, vuln) is not None:
            return None
        view, hit, ended = _apply(view, p, t)
        if ended and n < len(steps) - 1:
            return None
        if hit and five_closed:
            vuln = _vulnerable(view)
        done.append((p, t, hit))
    return tuple(done)


def _chainings(order: tuple[tuple[int, int, bool], ...]) -> Iterator[list[Path]]:
    """Every way of writing steps played in this order as men's paths with the fewest tokens.

    A step continues a path when an earlier step of the order landed where it starts (the same
    man may have gone on); always continuing one when possible joins as many steps as possible.
    """

    def rec(i: int, paths: list[Path]) -> Iterator[list[Path]]:
        if i == len(order):
            yield paths
            return
        a, b, hit = order[i]
        options = sorted({p for p in paths if a != BAR and p[0][-1] == a})
        if not options:
            yield from rec(i + 1, [*paths, ((a, b), (False, hit))])
            return
        for chosen in options:
            j = paths.index(chosen)
            grown = ((*chosen[0], b), (*chosen[1], hit))
            yield from rec(i + 1, [*paths[:j], grown, *paths[j + 1 :]])

    return rec(0, [])


def _canonical(
    start: Key, ways: list[Steps], five_blots: bool, five_closed: bool
) -> tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]]]:
    """The canonical tokens of a turn and the (token, index) places of its `*` marks.

    Among every legal way of playing steps that reach the position, written as men's paths from
    the highest start down: the fewest tokens, then the fewest steps, then the lowest points.
    """
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[Path, ...]] | None = None
    seen: set[Steps] = set()
    for steps in ways:
        multiset = tuple(sorted(steps))
        if multiset in seen:
            continue
        seen.add(multiset)
        ascending = _ascending_order(bytearray(start), multiset, five_blots, five_closed)
        orders = (
            [ascending] if ascending else _orders(bytearray(start), list(multiset), five_blots, five_closed)
        )
        for order in orders:
            for paths in _chainings(order):
                written = tuple(sorted(paths, reverse=True))
                rank = (len(written), len(order), tuple(chain.from_iterable(p[0] for p in written)))
                if best is None or rank < best[0]:
                    best = (rank, written)
    assert best is not None, "a legal turn has a legal order"
    tokens = tuple(p[0] for p in best[1])
    marks = frozenset((t, i) for t, p in enumerate(best[1]) for i, hit in enumerate(p[1]) if hit)
    return tokens, marks


# -- reading a turn ----------------------------------------------------------------------------------

_ROLL_RE = re.compile(r"roll\s*([0-9])\s*[-–x/ ]?\s*([0-9])")
_POINT_TEXT_RE = re.compile(r"bar|off|\d+")


class _Unit(NamedTuple):
    """One written step `start/end` (several dice when its touchdowns are left out)."""

    start: int
    end: int
    touchdown: bool
    """Whether `end` is a touchdown written inside a longer token (the 4 of `1/4/9`)."""

    def __str__(self) -> str:
        return f"{_point_name(self.start)}/{_point_name(self.end)}"


def _units(text: str) -> list[_Unit]:
    """The written steps of a turn; raises NotAMoveError (with just the reason) on bad syntax."""
    flat = re.sub(r"\s*/\s*", "/", text.replace("*", "").replace(",", " ")).lower().split()
    if not flat:
        raise NotAMoveError("it is empty")
    units: list[_Unit] = []
    for token in flat:
        parts = token.split("/")
        if len(parts) < 2 or not all(_POINT_TEXT_RE.fullmatch(p) for p in parts):
            raise NotAMoveError(f"`{token}` is not a step")
        points: list[int] = []
        for i, part in enumerate(parts):
            if part == "bar":
                if i != 0:
                    raise NotAMoveError(f"in `{token}`, `bar` can only come first (entering a man)")
                points.append(BAR)
            elif part == "off":
                if i != len(parts) - 1:
                    raise NotAMoveError(f"in `{token}`, `off` can only come last (bearing off)")
                points.append(OFF)
            else:
                n = int(part)
                if not 1 <= n <= POINTS:
                    raise NotAMoveError(f"there is no point {n}: the points are numbered 1–24")
                points.append(n)
        for a, b in pairwise(points):
            if b <= a:
                raise NotAMoveError(
                    f"in `{token}` a man moves backwards, but men move from your home, point 1, "
                    "towards 24 in your own numbering"
                )
        units.extend(_Unit(points[i - 1], points[i], i < len(points) - 1) for i in range(1, len(points)))
    return units


def _dice_paths(unit: _Unit, rem: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The orders of dice (from the remaining ones) that carry a man along one written step."""
    out: list[tuple[int, ...]] = []

    def rec(pos: int, left: tuple[int, ...], used: tuple[int, ...]) -> None:
        for i, d in enumerate(left):
            if d in left[:i]:
                continue
            np = pos + d
            rest = left[:i] + left[i + 1 :]
            if unit.end == OFF:
                if np >= 25:
                    out.append((*used, d))
                else:
                    rec(np, rest, (*used, d))
            elif np == unit.end:
                out.append((*used, d))
            elif np < unit.end:
                rec(np, rest, (*used, d))

    rec(unit.start, rem, ())
    return out


class _Realized(NamedTuple):
    finals: dict[Key, int]
    """Each position the written steps reach, with the number of dice used."""
    failure: str
    """The first rule broken on the path that went furthest (when nothing was reached)."""


def _realize(
    view: bytearray, dice: tuple[int, ...], units: list[_Unit], five_blots: bool, five_closed: bool
) -> _Realized:
    """Play the written steps in every order and with every choice of dice, as the rules allow.

    A written step that needs several dice (its touchdowns left out) moves one man die by die;
    other steps may come in between.
    """
    finals: dict[Key, int] = {}
    failure: list[Any] = [-1, ""]
    total = len(dice)

    def fail(depth: int, why: str) -> None:
        if depth > failure[0]:
            failure[0] = depth
            failure[1] = why

    def rec(
        v: bytearray, rem: tuple[int, ...], pending: list[tuple[_Unit, int]], vuln: frozenset[int]
    ) -> None:
        if not pending:
            finals.setdefault(bytes(v), total - len(rem))
            return
        depth = total - len(rem)
        tried: set[tuple[_Unit, int, int]] = set()
        for i, (unit, pos) in enumerate(pending):
            if not _dice_paths(_Unit(pos, unit.end, False), rem):
                left = "-".join(str(d) for d in rem) or "none"
                fail(depth, f"after the other steps, the dice left ({left}) cannot make `{unit}`")
                continue
            for j, d in enumerate(rem):
                if (unit, pos, d) in tried:
                    continue
                tried.add((unit, pos, d))
                reach = pos + d
                if reach > unit.end and unit.end != OFF:
                    continue
                rest_dice = rem[:j] + rem[j + 1 :]
                end = OFF if reach >= 25 else reach
                final = end == unit.end
                if not final and not _dice_paths(_Unit(end, unit.end, False), rest_dice):
                    continue
                why = _check_step(v, pos, d, five_blots, vuln)
                if why is not None:
                    if not final or unit.touchdown:
                        fail(depth, f"`{unit}` cannot touch down on {end}: {why}")
                    else:
                        fail(depth, f"`{unit}` is not allowed: {why}")
                    continue
                nv, hit, ended = _apply(v, pos, end)
                rest = (
                    pending[:i] + pending[i + 1 :]
                    if final
                    else [*pending[:i], (unit, end), *pending[i + 1 :]]
                )
                if ended and rest:
                    step = f"{_point_name(pos)}/{_point_name(end)}"
                    fail(depth + 1, f"the game is over after `{step}`, so the rest cannot be played")
                    continue
                rec(nv, rest_dice, rest, _vulnerable(nv) if hit and five_closed else vuln)

    shown = "-".join(str(d) for d in dice[:2])
    for unit in units:
        if not _dice_paths(unit, dice):
            distance = (25 if unit.end == OFF else unit.end) - unit.start
            if unit.end == OFF:
                return _Realized(
                    {}, f"`{unit}` needs {distance} points or more, more than your roll {shown} makes"
                )
            return _Realized(
                {}, f"`{unit}` is {distance} points, which no die or dice of your roll {shown} make"
            )
    rec(view, dice, [(u, u.start) for u in units], _vulnerable(view) if five_closed else _NO_POINTS)
    if failure[0] < 0:
        failure[1] = f"your roll {shown} cannot make all of these steps together"
    return _Realized(finals, str(failure[1]))


# -- the state --------------------------------------------------------------------------------------


class _Legal:
    """The legal moves of a state with a roll to play, computed once and cached on the state.

    The search finds the positions the legal turns reach; the turns are made as they are asked
    for (`moves` is a lazy sequence), and the ways of playing them, which only their notation
    needs, come from a second search that records them, run the first time a turn is written.
    """

    __slots__ = ("_by_key", "_keys", "_texts", "_ways", "ctx", "explored", "keys", "moves", "passing", "view")

    def __init__(
        self, view: bytearray, explored: _Explored | None, passing: Pass | None, ctx: _TurnContext
    ) -> None:
        self.view = view
        self.explored = explored
        self.passing = passing
        self.ctx = ctx
        self.keys: list[Key] = explored.legal if explored is not None and passing is None else []
        self.moves: Sequence[Move] = [passing] if passing is not None else _Turns(self)
        self._by_key: dict[Key, Turn] | None = None
        self._keys: frozenset[Key] | None = None
        self._ways: dict[Key, list[Steps]] | None = None
        self._texts: list[str] | None = None

    @property
    def by_key(self) -> dict[Key, Turn]:
        """Every legal turn by the key of the position it reaches."""
        if self._by_key is None:
            self._by_key = {m.key: m for m in self.moves if isinstance(m, Turn)}
        return self._by_key

    def is_legal(self, turn: Turn) -> bool:
        if turn._ctx is self.ctx:
            return True  # made by `moves`
        if self._keys is None:
            self._keys = frozenset(self.keys)
        a, b = turn._ctx, self.ctx
        return turn.key in self._keys and (a.seat, a.dice, a.start) == (b.seat, b.dice, b.start)

    def ways(self, key: Key) -> list[Steps]:
        """The step sequences that reach the position of a legal turn."""
        if self._ways is None:
            ctx = self.ctx
            ways: dict[Key, list[Steps]] = {}
            _explore(bytearray(ctx.start), ctx.dice[0], ctx.dice[1], ctx.five_blots, ctx.five_closed, ways)
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

    def __init__(self, legal: _Legal) -> None:
        self._legal = legal
        self._made: list[Turn | None] = [None] * len(legal.keys)

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
            legal = self._legal
            made = Turn(legal.ctx, legal.keys[index], legal)
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


@dataclass(frozen=True)
class VerquereState(State):
    seats: int
    five_blots: bool
    five_closed_points: bool
    board: tuple[int, ...]
    """24 points in seat 0's numbering (index 0 is seat 0's point 1, its home): positive counts are
    seat 0's men, negative counts seat 1's. `points(seat)` gives a seat's own numbering."""
    bar: tuple[int, int]
    """Men on the bar, per seat."""
    off: tuple[int, int]
    """Men borne off, per seat."""
    turn: int
    """The seat whose turn it is (to roll, then to play)."""
    dice: tuple[int, int] | None
    """The roll the seat to move must play (higher die first); None while the roll is due."""
    result: Outcome | None = None
    _cache: _Legal | None = field(default=None, init=False, repr=False, compare=False)

    # -- the contract ---------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        return CHANCE if self.dice is None else self.turn

    @property
    def options(self) -> dict[str, Any]:
        return {"five_blots": self.five_blots, "five_closed_points": self.five_closed_points}

    def legal_moves(self) -> Sequence[Move]:
        if self.result is not None:
            return []
        if self.dice is None:
            return ROLLS
        return self._legal().moves

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.result is not None or self.dice is not None:
            return []
        return list(ROLL_OUTCOMES)

    def is_legal(self, move: Move) -> bool:
        if self.result is not None:
            return False
        if self.dice is None:
            return isinstance(move, Roll)
        legal = self._legal()
        if isinstance(move, Turn):
            return legal.passing is None and legal.is_legal(move)
        return legal.passing is not None and move == legal.passing

    def forced_move(self) -> Move | None:
        if self.result is not None or self.dice is None:
            return None
        return self._legal().passing

    def describe_move(self, move: Move) -> str:
        if isinstance(move, Roll):
            return f"rolls {move.high}-{move.low}"
        if isinstance(move, Pass):
            return f"passes: {move.why}"
        if isinstance(move, Turn):
            text = f"plays `{move}`"
            if move.men_hit:
                text += f", hitting {_plural(move.men_hit, 'man')}"
            if self.is_legal(move):
                outcome = self._after(move).outcome()
                if outcome is not None:
                    text += f", and wins: {outcome.reason}"
            return text
        return str(move)

    def parse(self, text: str) -> Move:
        if self.result is not None:
            raise IllegalMoveError("The game is over: no more moves can be played.")
        raw = str(text).strip()
        flat = " ".join(raw.lower().split())
        roll = _ROLL_RE.fullmatch(flat)
        if self.dice is None:
            if roll is None:
                raise IllegalMoveError(
                    f"`{raw}` cannot be played now: the dice must be rolled first (a roll is written "
                    "like `roll 5-3`)."
                )
            a, b = int(roll[1]), int(roll[2])
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise NotAMoveError(f"`{raw}` is not a roll: each die shows 1 to 6, as in `roll 5-3`.")
            return _ROLL_BY_DICE[(max(a, b), min(a, b))]
        hi, lo = self.dice
        legal = self._legal()
        if roll is not None:
            raise IllegalMoveError(
                f"`{raw}` cannot be played now: the dice are already rolled ({hi}-{lo}). "
                f"{self._examples(legal)}"
            )
        if flat == "pass":
            if legal.passing is not None:
                return legal.passing
            raise IllegalMoveError(
                f"`pass` is not allowed: you can move with {hi}-{lo}. {self._examples(legal)}"
            )
        try:
            units = _units(raw)
        except NotAMoveError as error:
            raise NotAMoveError(
                f"`{raw}` is not a turn: {error}. Write each step as `from/to` in your own numbering "
                f"(`bar/3` enters, `22/off` bears off, `1/4/9` is one man using both dice). "
                f"{self._examples(legal)}"
            ) from None
        if legal.passing is not None:
            raise IllegalMoveError(f"`{raw}` cannot be played: {legal.passing.why}. Your turn is `pass`.")
        dice = (hi,) * 4 if hi == lo else (hi, lo)
        if len(units) > len(dice):
            raise IllegalMoveError(
                f"`{raw}` has {len(units)} steps, but a {hi}-{lo} gives only {len(dice)}. "
                f"{self._examples(legal)}"
            )
        realized = _realize(legal.view, dice, units, self.five_blots, self.five_closed_points)
        matches = [legal.by_key[k] for k in realized.finals if k in legal.by_key]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(f"`{m}`" for m in sorted(matches, key=str))
            raise AmbiguousMoveError(
                f"`{raw}` fits {len(matches)} different turns: {shown}. Write the touchdowns to choose one."
            )
        why = self._filter_refusal(legal, realized.finals) if realized.finals else realized.failure
        raise IllegalMoveError(f"`{raw}` is not a legal turn with {hi}-{lo}: {why}. {self._examples(legal)}")

    def _after(self, move: Move) -> VerquereState:
        if isinstance(move, Roll):
            return self._moved_on(self.board, self.bar, self.off, self.turn, move.dice)
        seat = self.turn
        other = 1 - seat
        if not isinstance(move, Turn):  # a pass
            return self._moved_on(self.board, self.bar, self.off, other, None)._drawn_if_stuck()
        key = move.key
        board = _board_from_view(key, seat)
        if seat == 0:
            bar, off = (key[BAR], key[OPP]), (key[OFF], self.off[1])
        else:
            bar, off = (key[OPP], key[BAR]), (self.off[0], key[OFF])
        state = self._moved_on(board, bar, off, other, None)
        winner = SEAT_NAMES[seat]
        if key[OFF] == MEN:
            return state._ended(
                Outcome((seat,), _scores(seat, 1), f"{winner} bore off all 15 men", BORNE_OFF)
            )
        if key[POINTS] == MEN:
            reason = f"{winner} has all 15 men on point 24 (double game)"
            return state._ended(Outcome((seat,), _scores(seat, 2), reason, ALL_ON_24))
        if key[OPP] and _opponent_jean(key):
            reason = f"Jean: {SEAT_NAMES[other]} can never enter all men (double game)"
            return state._ended(Outcome((seat,), _scores(seat, 2), reason, JEAN))
        return state._drawn_if_stuck()

    def outcome(self) -> Outcome | None:
        return self.result

    def resign(self, seat: int) -> VerquereState:
        if self.result is not None:
            raise IllegalMoveError("The game is over: nobody can resign any more.")
        if seat not in (0, 1):
            raise IllegalMoveError(f"Seat {seat} is not playing in this game.")
        winner = 1 - seat
        return self._ended(Outcome((winner,), _scores(winner, 1), f"{SEAT_NAMES[seat]} resigned", RESIGNED))

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "board": list(self.board),
            "bar": list(self.bar),
            "off": list(self.off),
            "turn": self.turn,
            "dice": list(self.dice) if self.dice is not None else None,
        }

    # -- helpers for pictures and move builders -------------------------------------------------

    def points(self, seat: int) -> tuple[int, ...]:
        """Men of `seat` on each point of its own numbering: index 0 is its point 1 (home)."""
        return tuple(self.men(seat, p) for p in range(1, 25))

    def men(self, seat: int, point: int) -> int:
        """Men of `seat` on `point` (1–24) of its own numbering."""
        v = self.board[seat0_point(seat, point) - 1]
        return max(v, 0) if seat == 0 else max(-v, 0)

    def juncker(self, seat: int) -> bool:
        """Whether `seat` must pass its turns: more men on the bar than points open to enter."""
        view = _view(self.board, self.bar, self.off, seat)
        if not view[BAR] or _jean(view):
            return False
        vulnerable = _vulnerable(view) if self.five_closed_points else _NO_POINTS
        return view[BAR] > _open_points(view, vulnerable)

    def jean(self, seat: int) -> bool:
        """Whether `seat` can never enter all men (bar + own first-quarter points > 6)."""
        return _jean(_view(self.board, self.bar, self.off, seat))

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        def flat(text: str) -> str:
            return "".join(text.replace("*", "").split()).lower()

        key = flat(typed)
        if self.result is not None:
            return []
        texts = [str(r) for r in ROLLS] if self.dice is None else self._legal().texts
        starts = [t for t in texts if flat(t).startswith(key)]
        contains = [t for t in texts if key in flat(t) and not flat(t).startswith(key)]
        return (starts + contains)[:limit]

    # -- internals ------------------------------------------------------------------------------

    def _ended(self, outcome: Outcome) -> VerquereState:
        return VerquereState(
            self.seats,
            self.five_blots,
            self.five_closed_points,
            self.board,
            self.bar,
            self.off,
            self.turn,
            self.dice,
            outcome,
        )

    def _moved_on(
        self,
        board: tuple[int, ...],
        bar: tuple[int, int],
        off: tuple[int, int],
        turn: int,
        dice: tuple[int, int] | None,
    ) -> VerquereState:
        """The game going on in a new position: `VerquereState(...)` with this state's options,
        built without the dataclass's checks of a frozen instance (the hot path of a playout)."""
        state: VerquereState = object.__new__(VerquereState)
        state.__dict__.update(
            seats=self.seats,
            five_blots=self.five_blots,
            five_closed_points=self.five_closed_points,
            board=board,
            bar=bar,
            off=off,
            turn=turn,
            dice=dice,
            result=None,
        )
        return state

    def _drawn_if_stuck(self) -> VerquereState:
        """A draw when both players are Juncker: neither can ever move again."""
        if self.bar[0] and self.bar[1] and self.juncker(0) and self.juncker(1):
            return self._ended(
                Outcome((), (0, 0), "both players are Juncker: neither can ever move again", JUNCKER)
            )
        return self

    def _legal(self) -> _Legal:
        cached = self._cache
        if cached is not None:
            return cached
        assert self.dice is not None
        seat = self.turn
        hi, lo = self.dice
        view = _view(self.board, self.bar, self.off, seat)
        explored: _Explored | None = None
        passing: Pass | None = None
        if view[BAR] and not _jean(view):
            open_points = _open_points(view, _vulnerable(view) if self.five_closed_points else _NO_POINTS)
            if view[BAR] > open_points:
                room = _plural(open_points, "point") if open_points else "no point"
                passing = Pass(
                    seat,
                    self.dice,
                    f"Juncker: {_plural(view[BAR], 'man')} on the bar and only {room} open",
                    True,
                )
        if passing is None:
            explored = _explore(view, hi, lo, self.five_blots, self.five_closed_points)
            if explored.max_dice == 0:
                passing = Pass(seat, self.dice, f"no legal step for {hi}-{lo}")
        ctx = _TurnContext(seat, self.dice, bytes(view), self.five_blots, self.five_closed_points)
        legal = _Legal(view, explored, passing, ctx)
        object.__setattr__(self, "_cache", legal)
        return legal

    def _examples(self, legal: _Legal) -> str:
        texts = legal.texts
        shown = ", ".join(f"`{t}`" for t in texts[:SHOWN_TURNS])
        if len(texts) == 1:
            return f"The only legal turn is {shown}."
        if len(texts) > SHOWN_TURNS:
            return f"Legal turns include {shown} (and {len(texts) - SHOWN_TURNS} more)."
        return f"The legal turns are {shown}."

    def _filter_refusal(self, legal: _Legal, finals: Mapping[Key, int]) -> str:
        """Why steps that can all be played do not make a legal whole turn."""
        explored = legal.explored
        assert explored is not None and self.dice is not None
        hi, lo = self.dice
        key, used = next(iter(finals.items()))
        if used < explored.max_dice:
            if hi == lo:
                return (
                    f"it uses {used} of your 4 dice, but {explored.max_dice} can be played: "
                    "play as many as you can"
                )
            return "it uses only one die, but both can be played: play both dice when you can"
        if explored.larger_only and used == 1:
            return f"only one die can be played, and then it must be the larger one ({hi})"
        pips = _pips(legal.view, key)
        if pips < explored.max_pips:
            return f"it moves {pips} pips, but {explored.max_pips} can be moved: move as many pips as you can"
        return "it is not a whole legal turn"


def _scores(winner: int, points: int) -> tuple[int, int]:
    return (points, 0) if winner == 0 else (0, points)


def _new(seats: int, five_blots: bool, five_closed_points: bool) -> VerquereState:
    board = [0] * POINTS
    board[0] = MEN  # seat 0's home, its point 1
    board[12] = -MEN  # seat 1's home: its point 1 is seat 0's point 13
    return VerquereState(seats, five_blots, five_closed_points, tuple(board), (0, 0), (0, 0), 0, None)


def _load(data: Mapping[str, Any]) -> VerquereState:
    options = data["options"]
    dice = data["dice"]
    return VerquereState(
        int(data["seats"]),
        bool(options["five_blots"]),
        bool(options["five_closed_points"]),
        tuple(int(v) for v in data["board"]),
        (int(data["bar"][0]), int(data["bar"][1])),
        (int(data["off"][0]), int(data["off"][1])),
        int(data["turn"]),
        (int(dice[0]), int(dice[1])) if dice is not None else None,
        Outcome.from_json(data["result"]),
    )


SUMMARY = """\
**Verquere** — an old tables game for 2. Each player's 15 men start on their **home**, point 1, \
go round the board to point 24 with two dice, and are borne off.
• Each player numbers the points from their own home (the two numberings differ by 12); write \
turns in yours: `1/6 1/4`. One man using both dice shows its touchdown: `1/4/9`. Enter with \
`bar/3`, bear off with `22/off`; `*` marks a hit. Doubles are played four times.
• Play as many dice as you can; if only one can be played, the larger; then as many pips as you can.
• Two men close a point to the opponent. On points 1–12 you may close only your head (12): no point \
2–11 may get a second man of yours. A lone man hit goes to the bar and must enter on points 1–6 \
before anything else moves.
• **Jean**: men on the bar + your own points among 1–6 more than 6 loses a double game at once. \
**Juncker**: more men on the bar than open entry points: your turn passes.
• Bear off all 15 to win (1 point); all 15 on point 24 at once wins double (2 points).
• Options: `five_blots` (no point may be closed until 5 men have left home) and \
`five_closed_points` (in a run of more than 5 closed points, a hit takes all the men on a point)."""


GAME = Game(
    key="verquere",
    title="Verquere",
    seats=(2,),
    options={
        "five_blots": Option(False, (False, True), "no point may be closed until five men have left home"),
        "five_closed_points": Option(
            False, (False, True), "a run of more than 5 closed points is vulnerable: a hit takes all its men"
        ),
    },
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
)
VerquereState.game = GAME
