"""Kerboge's moves, their notation, and the tables of the moves that board nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..base import Move
from ..text import phrase
from .board import HARBOUR, INITIALS, MOORINGS, STONES, distance, forward

# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoneMove(Move):
    """Entering, or moving stones from one mooring, with the stones boarded by the move.

    `source` is HARBOUR (0) for entering, else the mooring the stones leave. `destinations` has one
    mooring per stone, nearest first (forward distance from the source; all equal for entering
    and for a backward move). `boardings` holds (owner seat, number of stones) in seat order, all
    boarded at mooring `at` (0 when the move boards nothing).
    """

    source: int
    destinations: tuple[int, ...]
    boardings: tuple[tuple[int, int], ...] = ()
    at: int = 0

    @property
    def count(self) -> int:
        """How many stones move."""
        return len(self.destinations)

    @property
    def entering(self) -> bool:
        return self.source == HARBOUR

    @property
    def backward(self) -> bool:
        return self.source != HARBOUR and distance(self.source, self.destinations[0]) == MOORINGS - 1

    @property
    def arrivals(self) -> tuple[tuple[int, int], ...]:
        """(mooring, stones arriving there) for each destination, nearest first."""
        out: list[tuple[int, int]] = []
        for d in self.destinations:
            if out and out[-1][0] == d:
                out[-1] = (d, out[-1][1] + 1)
            else:
                out.append((d, 1))
        return tuple(out)

    @property
    def boarded(self) -> int:
        """How many stones the move boards."""
        return sum(c for _, c in self.boardings)

    def __str__(self) -> str:
        dests = self.destinations
        count = len(dests)
        if self.source == HARBOUR:
            return f"{count}/{dests[0]}"
        several = dests[0] != dests[-1]
        if several:
            text = f"{count}/{self.source}-{','.join(str(d) for d in dests)}"
        else:
            text = f"{count}/{self.source}-{dests[0]}"
        if self.boardings:
            suffix = f"@{self.at}" if several else ""
            text += "".join(f" b{c}{INITIALS[o]}{suffix}" for o, c in self.boardings)
        return text


@dataclass(frozen=True, slots=True)
class Aground(Move):
    """The lost turn of a player with all stones in the harbour and no mooring to enter."""

    def __str__(self) -> str:
        return "aground"


@dataclass(frozen=True, slots=True)
class SerpentMove(Move):
    """The Serpent's move, a chance outcome: `heads`, `tails` or (Jai Kerboge) `serpent`."""

    outcome: str

    @property
    def steps(self) -> int:
        """Moorings moved: +2 forward, -1 back."""
        return -1 if self.outcome == "tails" else 2

    def __str__(self) -> str:
        return self.outcome


AGROUND = Aground()
HEADS = SerpentMove("heads")
TAILS = SerpentMove("tails")
SERPENT = SerpentMove("serpent")
_COIN = {"heads": HEADS, "tails": TAILS, "serpent": SERPENT}

# -- tables of the moves that board nothing (shared by every position) ------------------------

_MASKS = (3, 7)
"""Allowed forward distances as bits (1, 2, 3 → bits 0, 1, 2): 7 all, 3 when 3 is too far."""


def _split_counts(mask: int) -> tuple[tuple[int, int, int], ...]:
    out = []
    for c1 in range(STONES + 1):
        for c2 in range(STONES + 1 - c1):
            for c3 in range(STONES + 1 - c1 - c2):
                if c1 + c2 + c3 >= 1 and (c3 == 0 or mask & 4):
                    out.append((c1, c2, c3))
    out.sort(key=lambda c: (sum(c), (1,) * c[0] + (2,) * c[1] + (3,) * c[2]))
    return tuple(out)


SPLIT_COUNTS = {mask: _split_counts(mask) for mask in _MASKS}
"""For each mask, the stones sent 1, 2 and 3 forward, ordered by total then destinations."""
SPLIT_PREFIX = {
    mask: tuple(sum(1 for c in SPLIT_COUNTS[mask] if sum(c) <= n) for n in range(STONES + 1))
    for mask in _MASKS
}
"""How many entries of SPLIT_COUNTS[mask] move at most n stones."""
SPLIT_MOVES = {
    (source, mask): tuple(
        StoneMove(
            source,
            (forward(source, 1),) * c1 + (forward(source, 2),) * c2 + (forward(source, 3),) * c3,
        )
        for c1, c2, c3 in SPLIT_COUNTS[mask]
    )
    for source in range(1, MOORINGS + 1)
    for mask in _MASKS
}
BOARDING_SPLITS = {
    (mask, step, n): tuple(
        (k, counts[step - 1] >> 1)
        for k, counts in enumerate(SPLIT_COUNTS[mask][: SPLIT_PREFIX[mask][n]])
        if counts[step - 1] >= 2
    )
    for mask in _MASKS
    for step in (1, 2, 3)
    for n in range(2, STONES + 1)
}
"""For moving at most n stones: (index in SPLIT_COUNTS[mask], boarding limit) of each split that
sends at least two stones `step` forward."""
BACK_MOVES = {
    source: tuple(StoneMove(source, (forward(source, -1),) * k) for k in range(1, STONES + 1))
    for source in range(1, MOORINGS + 1)
}
ENTER_MOVES = {m: (StoneMove(HARBOUR, (m,)), StoneMove(HARBOUR, (m, m))) for m in range(1, MOORINGS + 1)}

_BOARD_OPTIONS: dict[
    tuple[tuple[int, int], ...], tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]
] = {}
_MAX_BOARD = STONES // 2


def _board_options(
    owners: tuple[tuple[int, int], ...],
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """Every boarding of stones of `owners` ((seat, stones there), at most 5 each), ordered by
    total, and for each limit L 0–5 how many of them board at most L stones."""
    cached = _BOARD_OPTIONS.get(owners)
    if cached is not None:
        return cached
    vectors: list[tuple[tuple[int, int], ...]] = [()]
    for seat, have in owners:
        vectors = [(*v, (seat, c)) if c else v for v in vectors for c in range(have + 1)]
    options = sorted(
        (v for v in vectors if 1 <= sum(c for _, c in v) <= _MAX_BOARD),
        key=lambda v: (sum(c for _, c in v), [-c for _, c in v], [s for s, _ in v]),
    )
    prefix = tuple(
        sum(1 for v in options if sum(c for _, c in v) <= limit) for limit in range(_MAX_BOARD + 1)
    )
    result = (tuple(options), prefix)
    _BOARD_OPTIONS[owners] = result
    return result


_STONE_RE = re.compile(r"(\d{1,3})/(\d{1,3})(?:-(\d{1,3}(?:,\d{1,3})*))?((?:b\d{1,3}[a-z]{2}(?:@\d{1,3})?)*)")
_TOKEN_RE = re.compile(r"b(\d{1,3})([a-z]{2})(?:@(\d{1,3}))?")
_SHAPES = phrase(
    "Write `2/5` to enter 2 stones from the harbour into mooring 5, `4/5-6,7,7,8` to move 4 stones "
    "forward from mooring 5 (one destination per stone), `4/5-4` to move them one back, add boarding "
    "like `b1So` (or `b1So@8` when the stones go to several moorings), or `aground`."
)
