"""Verquere's turn search, fast: the legal moves' hot path (random playouts and the computer's
search spend most of their time in it).

`_search` finds what the reference search `_explore` (turns.py) finds without recording the ways:
the same positions in the same order, each named by an integer (its change from the start), with
the step rules inlined, bit masks instead of lists of points, and loops of their own for the
commonest rolls (`_two_dice`, `_four_dice`; `_any_dice` in any position). It is tied to the
reference by tests/rules/test_verquere_fast.py, which compares the two on every roll of the
positions of random games and on thousands of made-up positions.

It follows the rule for all speed work (see turns.py): a fast path lives in its own file beside
the plain one it is tested against.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .board import (
    _CLOSED_DIGIT,
    BAR,
    HEAD,
    HOME,
    MEN,
    OFF,
    OPP,
    POINTS,
    Key,
    _vulnerable,
)


class _Found(NamedTuple):
    changes: list[int]
    """Each legal turn's position as its difference from the start: as integers, the bytes of a
    view read little-endian (`int.from_bytes(view, "little")`), the position reached minus the
    start (see `_key_of`). In the order `_explore` finds the positions."""
    max_dice: int
    larger_only: bool
    max_pips: int


_FOUND = tuple.__new__
"""`_FOUND(_Found, fields)`: a `_Found` made without the Python call of NamedTuple's __new__."""

_BIT = tuple(1 << q for q in range(OFF + 1))
"""Bit q of a mask: point q (1–24) of the mover's numbering; bit 0 stands for the bar."""
_BEHIND_19 = sum(_BIT[1:19])
_ONE_MAN_ONLY = sum(_BIT[2:HEAD])
"""Points 2–11: a second man of the mover may never land there."""
_ROOM = tuple(sum(_BIT[1 : OFF - d]) for d in range(7))
"""`_ROOM[d]`: the points a die d moves a man from without bearing it off."""
_LOW_BYTE = tuple(tuple(q for q in range(8) if m >> q & 1) for m in range(256))
_MID_BYTE = tuple(tuple(q + 8 for q in range(8) if m >> q & 1) for m in range(256))
_HIGH_BITS = tuple(tuple(q + 16 for q in range(OFF - 16) if m >> q & 1) for m in range(1 << (OFF - 16)))
"""`_LOW_BYTE[m & 255] + _MID_BYTE[m >> 8 & 255] + _HIGH_BITS[m >> 16]`: the bits of a mask m
(points 0–24), lowest first."""
_THIRD_QUARTER = sum(_BIT[13:19])
"""The mover's points 13–18: the opponent's first quarter (its Jean counts them)."""
_ANY_DIGIT = bytes(0x31 if b else 0x30 for b in range(256))
"""`bytes.translate` table from a count of men to "1" (some) or "0" (none), a binary digit."""


def _own_mask(v: bytearray) -> int:
    """The mover's points (1–24) with men, as a mask: its counts, from 24 down to 1, read as
    binary digits."""
    return int(v[24:0:-1].translate(_ANY_DIGIT), 2) << 1


def _opponent_mask(v: bytearray) -> int:
    """The points (mover's numbering) holding the opponent's men, as a mask."""
    return int(v[OPP + 24 : OPP : -1].translate(_ANY_DIGIT), 2) << 1


_MAN = tuple(1 << (8 * i) for i in range(2 * OPP - 1))
"""`_MAN[i]`: one more man at index i of a view, as a change (see `_Found.changes`)."""
_STEP = tuple(tuple(_MAN[min(p + d, OFF)] - _MAN[p] for p in range(OFF)) for d in range(7))
"""`_STEP[d][p]`: a man moved by a die d from p (0 the bar) to p + d or off, as a change."""
_HIT = tuple(_MAN[OPP] - _MAN[OPP + q] for q in range(OFF))
"""`_HIT[q]`: one of the opponent's men on q sent to the bar, as a change."""


_POINTS_MASK = sum(_BIT[1:OFF])
"""Points 1–24."""


def _masks(v: bytearray, five_closed: bool) -> tuple[int, int, int]:
    """`_own_mask`, `_opponent_mask` and `_closed_mask` of a view, with fewer calls: both sides'
    counts, from the opponent's point 24 down to the mover's point 1, read as binary digits in
    one number (bit q − 1 the mover's point q, bit OPP − 1 + q the opponent's men on q)."""
    digits = int(v[OPP + 24 : BAR : -1].translate(_ANY_DIGIT), 2)
    closed = int(v[OPP + 24 : OPP : -1].translate(_CLOSED_DIGIT), 2) << 1
    if five_closed and closed:
        closed &= ~sum(_BIT[q] for q in _vulnerable(v))
    return digits << 1 & _POINTS_MASK, digits >> (OPP - 1) & _POINTS_MASK, closed


def _closed_mask(v: bytearray, five_closed: bool) -> int:
    """The opponent's points (mover's numbering) where the mover may not land: closed, and not
    vulnerable."""
    closed = int(v[OPP + 24 : OPP : -1].translate(_CLOSED_DIGIT), 2) << 1
    if five_closed and closed:
        closed &= ~sum(_BIT[q] for q in _vulnerable(v))
    return closed


def _key_of(start: Key, change: int) -> Key:
    """The position reached from the view `start` by a change (see `_Found.changes`)."""
    return (int.from_bytes(start, "little") + change).to_bytes(len(start), "little")


def _search(view: bytearray, high: int, low: int, five_blots: bool, five_closed: bool) -> _Found:
    """What `_explore` finds without `ways`, found faster: the same positions in the same order,
    each as its change from the start (`_Found.changes`) instead of its bytes. `view` is changed
    while the search runs and restored.

    A position is named by its change, an integer that each step adds to (`_STEP`, `_HIT`); the
    men's points and the points they may not land on are bit masks, so the steps of a die are
    found with a few integer operations; a view is changed and restored step by step instead of
    copied. When no man can be borne off this turn (the men on the bar or behind point 19 are at
    least as many as the dice), the end of the game by bearing off or by all men on 24 cannot
    come before the last die and every complete turn moves all the dice's pips, and loops of
    their own play the roll (`_two_dice`, `_four_dice`); else `_any_dice`, the recursion of
    `_explore`, does.
    """
    behind = view[BAR] + sum(view[1:19])
    if high != low:
        if behind >= 2:
            return _two_dice(view, high, low, five_blots, five_closed)
    elif behind >= 4:
        return _four_dice(view, high, five_blots, five_closed)
    return _any_dice(view, high, low, five_blots, five_closed)


def _two_dice(v: bytearray, high: int, low: int, five_blots: bool, five_closed: bool) -> _Found:
    """`_search` of two different dice when no man can be borne off: two loops, the second one
    for the last die, and no view changed (the masks of both sides' points tell each step's
    landing and hit)."""
    complete: dict[int, None] = {}
    partial: dict[int, list[Any]] = {}
    """[larger die used, pips] of each position where the second die could not be played."""
    # _masks(v, five_closed), inlined
    digits = int(v[OPP + 24 : BAR : -1].translate(_ANY_DIGIT), 2)
    own, opp = digits << 1 & _POINTS_MASK, digits >> (OPP - 1) & _POINTS_MASK
    closed = int(v[OPP + 24 : OPP : -1].translate(_CLOSED_DIGIT), 2) << 1
    if five_closed and closed:
        closed &= ~sum(_BIT[q] for q in _vulnerable(v))
    opp_bar = v[OPP]
    bar = v[BAR]
    home = v[HOME]
    may_stack = not five_blots or home <= MEN - 5
    blocked = closed | (own & _ONE_MAN_ONLY if may_stack else own)
    played = False
    for d, e in ((high, low), (low, high)):
        starts = (0 if (own | closed) & _BIT[d] else 1) if bar else own & _ROOM[d] & ~(blocked >> d)
        if not starts:
            continue
        played = True
        swap = d == low and not bar
        larger = d == high
        step, step2 = _STEP[d], _STEP[e]
        for p in _LOW_BYTE[starts & 255] + _MID_BYTE[starts >> 8 & 255] + _HIGH_BITS[starts >> 16]:
            t = p + d
            bt = _BIT[t]
            change = step[p]
            own1 = own | bt
            if p and v[p] == 1:
                own1 ^= _BIT[p]
            opp1 = opp
            closed1 = closed
            if opp & bt:
                opp1 ^= bt
                hit = v[OPP + t]
                change += hit * _HIT[t]
                if opp_bar + hit + (opp1 & _THIRD_QUARTER).bit_count() > 6:
                    complete[change] = None  # Jean: the game ends
                    continue
                if hit > 1:
                    v[OPP + t] = 0
                    closed1 = _closed_mask(v, five_closed)
                    v[OPP + t] = hit
            if bar > 1:
                second = 0 if (own1 | closed1) & _BIT[e] else 1
            elif may_stack or (p == HOME and home <= MEN - 4):
                second = own1 & _ROOM[e] & ~((closed1 | (own1 & _ONE_MAN_ONLY)) >> e)
            else:
                second = own1 & _ROOM[e] & ~((closed1 | own1) >> e)
            if not second:
                cur = partial.get(change)
                if cur is None:
                    partial[change] = [larger, d]
                elif larger:
                    cur[0] = True
                continue
            hits = second & (opp1 >> e)
            if swap and not opp & bt and (may_stack or p != HOME or home != MEN - 4):
                # `skip` in `_explore`: the larger die's steps that do not depend on this one
                # were found with the larger die first (also with `five_blots`, unless this step
                # is the fifth man to leave home, which lets the larger die close a point)
                keep = bt | hits
                if p > e:
                    keep |= _BIT[p - e]
                if t > e:
                    keep |= _BIT[t - e]
                second &= keep
            if not hits:
                for q in _LOW_BYTE[second & 255] + _MID_BYTE[second >> 8 & 255] + _HIGH_BITS[second >> 16]:
                    complete[change + step2[q]] = None
                continue
            for q in _LOW_BYTE[second & 255] + _MID_BYTE[second >> 8 & 255] + _HIGH_BITS[second >> 16]:
                if hits & _BIT[q]:
                    complete[change + step2[q] + v[OPP + q + e] * _HIT[q + e]] = None
                else:
                    complete[change + step2[q]] = None
    if complete:
        return _FOUND(_Found, (list(complete), 2, False, high + low))  # without NamedTuple's __new__
    if not played:
        return _Found([0], 0, False, 0)
    larger_only = any(entry[0] for entry in partial.values())
    chosen = [(change, entry[1]) for change, entry in partial.items() if entry[0] or not larger_only]
    max_pips = max(pips for _, pips in chosen)
    return _Found([change for change, pips in chosen if pips == max_pips], 1, larger_only, max_pips)


def _four_dice(v: bytearray, d: int, five_blots: bool, five_closed: bool) -> _Found:
    """`_search` of a double when no man can be borne off: `_explore`'s recursion with its
    double's rules only, each position reached once; the view is changed for the first two
    steps, and the last two are looped as `_two_dice` loops its two dice, on masks."""
    complete: dict[int, None] = {}
    partial: dict[int, int] = {}
    """Positions where no further die could be played, with the dice used."""
    seen: set[int] = set()
    may_stack_always = not five_blots
    step = _STEP[d]
    bd, room = _BIT[d], _ROOM[d]

    def starts_of(own: int, closed: int, bar: int, home: int) -> int:
        """The points the die moves a man from (0 the bar), with the mover's points `own`, the
        points it may not land on `closed`, and `bar` and `home` men on the bar and at home."""
        if bar:
            return 0 if (own | closed) & bd else 1
        if may_stack_always or home <= MEN - 5:
            return own & room & ~((closed | (own & _ONE_MAN_ONLY)) >> d)
        return own & room & ~((closed | own) >> d)

    def rec(depth: int, starts: int, own: int, opp: int, closed: int, change: int) -> None:
        """Play the first or the second step (`depth` played so far) from the current `v`:
        `starts` its steps (not none), `opp` the opponent's points as a mask."""
        for p in _LOW_BYTE[starts & 255] + _MID_BYTE[starts >> 8 & 255] + _HIGH_BITS[starts >> 16]:
            t = p + d
            hit = v[OPP + t]
            nchange = change + step[p] + hit * _HIT[t] if hit else change + step[p]
            if nchange in seen:
                continue  # the same steps in another order: the same position
            seen.add(nchange)
            bt = _BIT[t]
            v[p] -= 1
            v[t] += 1
            nown = own | bt
            if p and not v[p]:
                nown ^= _BIT[p]
            nopp, nclosed = opp, closed
            if hit:
                v[OPP] += hit
                v[OPP + t] = 0
                nopp ^= bt
                if v[OPP] + 6 - v[OPP + 13 : OPP + 19].count(0) > 6:
                    complete[nchange] = None  # Jean: the game ends
                    v[OPP + t] = hit
                    v[OPP] -= hit
                    v[p] += 1
                    v[t] -= 1
                    continue
                if hit > 1:
                    nclosed = _closed_mask(v, five_closed)
            # starts_of(nown, nclosed, v[BAR], v[HOME]), inlined
            if v[BAR]:
                after = 0 if (nown | nclosed) & bd else 1
            elif may_stack_always or v[HOME] <= MEN - 5:
                after = nown & room & ~((nclosed | (nown & _ONE_MAN_ONLY)) >> d)
            else:
                after = nown & room & ~((nclosed | nown) >> d)
            if not after:
                partial[nchange] = depth + 1
            elif depth:
                last_two(after, nown, nopp, nclosed, nchange)
            else:
                rec(1, after, nown, nopp, nclosed, nchange)
            if hit:
                v[OPP + t] = hit
                v[OPP] -= hit
            v[p] += 1
            v[t] -= 1

    def last_two(starts: int, own: int, opp: int, closed: int, change: int) -> None:
        """The third and fourth steps from the current `v` (two steps played), on masks."""
        bar, home, opp_bar = v[BAR], v[HOME], v[OPP]
        for p in _LOW_BYTE[starts & 255] + _MID_BYTE[starts >> 8 & 255] + _HIGH_BITS[starts >> 16]:
            t = p + d
            bt = _BIT[t]
            own1, opp1, closed1 = own | bt, opp, closed
            if opp & bt:
                hit = v[OPP + t]
                nchange = change + step[p] + hit * _HIT[t]
                if nchange in seen:
                    continue  # the same steps in another order: the same position
                seen.add(nchange)
                opp1 ^= bt
                if opp_bar + hit + (opp1 & _THIRD_QUARTER).bit_count() > 6:
                    complete[nchange] = None  # Jean: the game ends
                    continue
                if hit > 1:
                    v[OPP + t] = 0
                    closed1 = _closed_mask(v, five_closed)
                    v[OPP + t] = hit
            else:
                nchange = change + step[p]
                if nchange in seen:
                    continue  # the same steps in another order: the same position
                seen.add(nchange)
            if p and v[p] == 1:
                own1 ^= _BIT[p]
            # starts_of(own1, closed1, bar - (not p), home - (p == HOME)), inlined
            if bar > (not p):
                after = 0 if (own1 | closed1) & bd else 1
            elif may_stack_always or home - (p == HOME) <= MEN - 5:
                after = own1 & room & ~((closed1 | (own1 & _ONE_MAN_ONLY)) >> d)
            else:
                after = own1 & room & ~((closed1 | own1) >> d)
            if not after:
                partial[nchange] = 3
                continue
            hits = after & (opp1 >> d)
            for q in _LOW_BYTE[after & 255] + _MID_BYTE[after >> 8 & 255] + _HIGH_BITS[after >> 16]:
                if hits & _BIT[q]:
                    complete[nchange + step[q] + v[OPP + q + d] * _HIT[q + d]] = None
                else:
                    complete[nchange + step[q]] = None

    own, opp, closed = _masks(v, five_closed)
    first = starts_of(own, closed, v[BAR], v[HOME])
    if not first:
        return _Found([0], 0, False, 0)
    rec(0, first, own, opp, closed, 0)
    if complete:
        return _FOUND(_Found, (list(complete), 4, False, 4 * d))  # without NamedTuple's __new__
    most = max(partial.values())
    return _Found([change for change, depth in partial.items() if depth == most], most, False, most * d)


def _any_dice(v: bytearray, high: int, low: int, five_blots: bool, five_closed: bool) -> _Found:
    """`_search` in any position (used where a man may be borne off this turn): `_explore`'s
    recursion, with the view changed and restored, positions named by their changes, and masks."""
    double = high == low
    full = 4 if double else 2
    full_pips = 4 * high if double else high + low
    complete: dict[int, int] = {}
    """Positions reached with every die played (or ending the game), with their pips."""
    partial: dict[int, list[Any]] = {}
    """Positions where no further die could be played: [dice used, larger die used, pips]."""
    seen: set[int] = set()
    may_stack_always = not five_blots

    def rec(
        own: int,
        closed: int,
        rem: tuple[int, ...],
        depth: int,
        larger: bool,
        pips: int,
        change: int,
        keep: int,
    ) -> None:
        """From the current `v` (own: the mover's points as a mask; closed: where it may not land)
        with the dice `rem` left after `depth` dice. `keep`: the starts of the larger die still
        worth trying after the smaller one (−1: all), as `skip` in `_explore`."""
        played = False
        entering = v[BAR] > 0
        bearing = not entering and not own & _BEHIND_19
        if not entering:
            blocked = closed | (own if not (may_stack_always or v[HOME] <= MEN - 5) else own & _ONE_MAN_ONLY)
        for i, d in enumerate(rem[:1] if double else rem):
            if entering:
                starts = 0 if (own | closed) & _BIT[d] else 1
                if not starts:
                    continue
            else:
                starts = own & _ROOM[d] & ~(blocked >> d)
                off = 0
                if bearing:
                    exact = OFF - d
                    off = own & _BIT[exact]
                    back = own & -own
                    if back > _BIT[exact]:
                        off |= back
                if not (starts or off):
                    continue
                if keep != -1:
                    # The smaller die was played first: only the larger die's steps that depend on
                    # it are new (they start where it landed, land where it left or landed, hit,
                    # or end the game); `_explore`'s `skip`.
                    starts &= keep | (_opponent_mask(v) >> d)
                starts |= off
            played = True
            nrem = rem[1:] if double else rem[:i] + rem[i + 1 :]
            nlarger = (d == high) if not depth else larger
            swap = not double and not depth and not entering and may_stack_always and d == low
            step = _STEP[d]
            while starts:
                b = starts & -starts
                starts ^= b
                p = b.bit_length() - 1
                t = min(p + d, OFF)
                nchange = change + step[p]
                hit = 0 if t == OFF else v[OPP + t]
                if hit:
                    nchange += hit * _HIT[t]
                if double:
                    if nchange in seen:
                        continue  # the same steps in another order: the same position
                    seen.add(nchange)
                v[p] -= 1
                v[t] += 1
                nown = own
                if p and not v[p]:
                    nown ^= b
                nclosed = closed
                if t == OFF:
                    ended = v[OFF] == MEN
                    npips = pips + OFF - p
                else:
                    nown |= _BIT[t]
                    npips = pips + t - p
                    if hit:
                        v[OPP] += hit
                        v[OPP + t] = 0
                        ended = v[OPP] + 6 - v[OPP + 13 : OPP + 19].count(0) > 6
                        if hit > 1:
                            nclosed = _closed_mask(v, five_closed)
                    else:
                        ended = t == POINTS and v[t] == MEN
                if ended or not nrem:
                    complete[nchange] = full_pips if ended else npips
                else:
                    nkeep = -1
                    if swap and t != OFF and not hit:
                        nkeep = (
                            _BIT[t]
                            | (_BIT[p - high] if p > high else 0)
                            | (_BIT[t - high] if t > high else 0)
                        )
                        if v[POINTS] == MEN - 1:
                            nkeep |= _BIT[POINTS - high]
                    rec(nown, nclosed, nrem, depth + 1, nlarger, npips, nchange, nkeep)
                v[p] += 1
                v[t] -= 1
                if hit:
                    v[OPP + t] = hit
                    v[OPP] -= hit
        if not played and depth < full:
            cur = partial.get(change)
            if cur is None:
                partial[change] = [depth, larger, pips]
            elif depth > cur[0]:
                cur[0] = depth
                cur[1] = larger
            elif depth == cur[0] and larger:
                cur[1] = True

    first = (high,) * 4 if double else (high, low)
    rec(_own_mask(v), _closed_mask(v, five_closed), first, 0, False, 0, 0, -1)

    if complete:
        max_pips = max(complete.values())
        return _Found(
            [change for change, pips in complete.items() if pips == max_pips], full, False, max_pips
        )
    max_dice = max(entry[0] for entry in partial.values())
    found = {change: entry for change, entry in partial.items() if entry[0] == max_dice}
    larger_only = not double and max_dice == 1 and any(entry[1] for entry in found.values())
    chosen = {change: entry[2] for change, entry in found.items() if entry[1] or not larger_only}
    max_pips = max(chosen.values())
    return _Found(
        [change for change, pips in chosen.items() if pips == max_pips], max_dice, larger_only, max_pips
    )
