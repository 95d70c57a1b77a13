"""Kerboge's ring of moorings, the targets and the Serpent's boarding."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import RESIGNED
from ..text import N_, Phrase, listing_phrase

MOORINGS = 10
STONES = 10
"""Stones per player."""
HARBOUR = 0
"""The source of an entering move (`StoneMove.source`)."""
# TRANSLATORS: Kerboge's seats, four roles ("the Sailor's turn", "stones of the Ruler").
SEAT_NAMES = (N_("Sailor"), N_("Merchant"), N_("Soldier"), N_("Ruler"))
INITIALS = ("Sa", "Me", "So", "Ru")
TARGETS = {4: 40, 2: 20}
"""The total of all scores (the Serpent's included) that ends the game, per seat count."""
MAX_STEP = 3
MOST_POINTS = "most-points"
SERPENT_WINS = "serpent"
TERMINATIONS = (MOST_POINTS, SERPENT_WINS, RESIGNED)
"""How a game of Kerboge ends (`Outcome.termination`): the scores reached the target and the
players with the most points win, or the Serpent has strictly the most (nobody wins); or every
player resigned."""
SERPENT_FORCE = 2
"""At most this many stones are boarded by the Serpent at once (the force of four stones)."""


def forward(mooring: int, steps: int) -> int:
    """The mooring `steps` moorings clockwise from `mooring` (negative steps go back)."""
    return (mooring - 1 + steps) % MOORINGS + 1


def distance(start: int, end: int) -> int:
    """How many moorings forward (clockwise) `end` lies from `start`, 0–9."""
    return (end - start) % MOORINGS


def serpent_boarding(counts: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """What the Serpent boards at a mooring holding counts[seat] stones of each seat: the stones
    taken from each seat, and whether it is confused (three or four groups tie for largest)."""
    taken = [0] * len(counts)
    best = max(counts, default=0)
    if best == 0:
        return tuple(taken), False
    top = [seat for seat, c in enumerate(counts) if c == best]
    if len(top) == 1:
        taken[top[0]] = min(SERPENT_FORCE, best)
    elif len(top) == 2:
        taken[top[0]] = taken[top[1]] = 1
    else:
        return tuple(taken), True
    return tuple(taken), False


def listed(items: Sequence[object]) -> Phrase | str:
    """Numbers or names as "1, 2 and 3" (a Phrase: a reader's language joins them; a Phrase item,
    such as a seat's name, is translated too)."""
    return listing_phrase([item if isinstance(item, Phrase) else str(item) for item in items])
