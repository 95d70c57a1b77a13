"""Verquere's turn search: every legal turn of a roll, as the positions it reaches (the hot path)."""

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
