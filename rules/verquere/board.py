"""Verquere's board: points, numberings, and the rules of one step on a *view*.

Positions are stored in seat 0's numbering; every turn is generated in the mover's own numbering
(the two numberings are offset by 12 points).

While a turn is generated, a position is seen from the mover as a *view*: a bytearray of 51
counts, `[0]` the mover's men on the bar, `[1..24]` the mover's men on its points 1–24, `[25]` the
mover's men borne off, `[26]` the opponent's men on the bar and `[26 + q]` the opponent's men on
the mover's point q. The bytes of a view are the *key* of the position a turn reaches.
"""

from __future__ import annotations

import re
from struct import Struct

from ..base import RESIGNED
from ..text import N_, Phrase, phrase, plural_phrase

# TRANSLATORS: the seats of Keibot and Verquere, named by the colour of their pieces.
SEAT_NAMES = (N_("White"), N_("Black"))
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


BAR_PIPS = 25
"""Pips before a man on the bar: all of the way round."""
DISTANCE_TO_OFF = (
    tuple(25 - point for point in range(1, 25)),
    tuple(25 - other_numbering(point) for point in range(1, 25)),
)
"""By seat, the pips to bear off a man standing on each point of seat 0's numbering (the board's)."""


def seat0_point(seat: int, point: int) -> int:
    """A point (1–24) of `seat`'s own numbering in seat 0's numbering (the one of `board`)."""
    return point if seat == 0 else other_numbering(point)


def _point_name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


# -- the rules on a view ------------------------------------------------------------------------------


_SIGNED = Struct(f"{POINTS}b")
"""`board` as bytes and back: a signed count (−15..15) is one byte, −15..−1 as 241..255."""
_POSITIVE = bytes(b if b <= MEN else 0 for b in range(256))
"""`bytes.translate` table from `_SIGNED` bytes to seat 0's men."""
_NEGATIVE = bytes(256 - b if b >= 256 - MEN else 0 for b in range(256))
"""`bytes.translate` table from `_SIGNED` bytes to seat 1's men."""
_NEGATED = bytes(-b & 255 for b in range(256))
"""`bytes.translate` table from men to their count negated, as a `_SIGNED` byte."""


def _view(board: tuple[int, ...], bar: tuple[int, int], off: tuple[int, int], seat: int) -> bytearray:
    raw = _SIGNED.pack(*board)
    if seat == 0:
        mine, theirs = raw.translate(_POSITIVE), raw.translate(_NEGATIVE)
    else:
        turned = raw[12:] + raw[:12]  # the points in seat 1's numbering
        mine, theirs = turned.translate(_NEGATIVE), turned.translate(_POSITIVE)
    return bytearray((bar[seat],)) + mine + bytes((off[seat], bar[1 - seat])) + theirs


def _board_from_view(view: Key | bytearray, seat: int) -> tuple[int, ...]:
    """The inverse of `_view` (no point holds men of both seats: one of the two counts is 0, so
    the positive one and the other negated are merged with a bitwise or)."""
    mine, theirs = view[1:25], view[OPP + 1 : OPP + 25]
    if seat == 0:
        merged = int.from_bytes(mine, "little") | int.from_bytes(theirs.translate(_NEGATED), "little")
        return _SIGNED.unpack(merged.to_bytes(POINTS, "little"))
    merged = int.from_bytes(theirs, "little") | int.from_bytes(mine.translate(_NEGATED), "little")
    raw = merged.to_bytes(POINTS, "little")
    return _SIGNED.unpack(raw[12:] + raw[:12])


_CLOSED_DIGIT = bytes(0x31 if b >= 2 else 0x30 for b in range(256))
"""`bytes.translate` table from a count of men to "1" (two or more: a closed point) or "0"."""
_LONG_RUN = re.compile(rb"1{6,}")


def _vulnerable(view: Key | bytearray) -> frozenset[int]:
    """The opponent's points (mover's numbering) in a run of more than 5 of its closed points."""
    # the opponent's points 1–24 in its own order (the mover's 13–24, then 1–12), "1" if closed
    closed = (view[OPP + 13 : OPP + 25] + view[OPP + 1 : OPP + 13]).translate(_CLOSED_DIGIT)
    if b"111111" not in closed:
        return _NO_POINTS
    return frozenset(
        q for run in _LONG_RUN.finditer(closed) for q in _OPPONENT_ORDER[run.start() : run.end()]
    )


def _jean(view: Key | bytearray) -> bool:
    """Whether the mover can never enter all men: bar + own first-quarter points > 6."""
    return view[BAR] + 6 - view[1:7].count(0) > 6


def _opponent_jean(view: Key | bytearray) -> bool:
    """Jean of the opponent: its first quarter is the mover's points 13–18."""
    return view[OPP] + 6 - view[OPP + 13 : OPP + 19].count(0) > 6


_EMPTY = bytes(1 if b == 0 else 0 for b in range(256))
"""`bytes.translate` table: 1 where the mover has no man."""
_ENTERABLE = bytes(1 if b < 2 else 0 for b in range(256))
"""`bytes.translate` table: 1 where the opponent has not closed the point."""


def _open_points(view: Key | bytearray, vulnerable: frozenset[int]) -> int:
    """First-quarter points where the mover could enter: empty or an opponent's blot (or, with
    `five_closed_points`, a vulnerable point)."""
    if vulnerable:
        return sum(1 for q in range(1, 7) if not view[q] and (view[OPP + q] < 2 or q in vulnerable))
    # one byte per point, 1 where it is open, and the bytes' bits counted
    empty = int.from_bytes(view[1:7].translate(_EMPTY), "little")
    return (empty & int.from_bytes(view[OPP + 1 : OPP + 7].translate(_ENTERABLE), "little")).bit_count()


def _check_step(
    view: bytearray, start: int, die: int, five_blots: bool, vulnerable: frozenset[int]
) -> Phrase | None:
    """Why one step is illegal (a clause for the user), or None. `_explore` inlines the same rules."""
    if start == BAR:
        if not view[BAR]:
            return phrase("you have no man on the bar")
        if view[die]:
            return phrase("you cannot enter on point {point}: it already holds your own men", point=die)
        if view[OPP + die] >= 2 and die not in vulnerable:
            return _closed(die, view[OPP + die])
        return None
    if view[BAR]:
        return plural_phrase(
            "you have {count} man on the bar: enter them before moving any other man",
            "you have {count} men on the bar: enter them before moving any other man",
            view[BAR],
        )
    if not view[start]:
        return phrase("you have no man on point {point}", point=start)
    end = start + die
    if end < 25:
        if view[end] and end < HEAD:
            return phrase(
                "point {point} already holds one of your men, and no point 2–11 may get a second man "
                "(on that side you may close only the head, point 12)",
                point=end,
            )
        if view[end] and five_blots and view[HOME] > MEN - 5:
            return phrase(
                "point {point} already holds one of your men, and (option five blots) you may not close "
                "a point before five men have left your home (so far {left})",
                point=end,
                left=MEN - view[HOME],
            )
        if view[OPP + end] >= 2 and end not in vulnerable:
            return _closed(end, view[OPP + end])
        return None
    back = next(q for q in range(1, 25) if view[q])
    if back < 19:
        return phrase(
            "you may bear off only when all your men are on points 19–24 (you still have a man on {point})",
            point=back,
        )
    if end > 25 and start != back:
        return phrase(
            "a {die} bears off from point {point} only if no man of yours is behind it (one is on {back})",
            die=die,
            point=start,
            back=back,
        )
    return None


def _closed(point: int, men: int) -> Phrase:
    return plural_phrase(
        "point {point} is closed: your opponent has {count} man there",
        "point {point} is closed: your opponent has {count} men there",
        men,
        point=point,
    )


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
