"""The Glass Bead Game, Christian Freeling's mancala (docs/rules/glass-bead.md).

The package, by concern: `board` (pits, bead counts, counting arithmetic, the end), `sowing`
(the move and what a sowing captures), `counting` (the lazy sequence of legal moves), `notation`
(reading moves, words for messages) and `state` (the position and the rules contract).

The ring of pits is numbered 0–9: `A B C D E` (South, seat 0) then `a b c d e` (North, seat 1);
sowing runs up the numbers and wraps from `e` (9) to `A` (0). A pit holds beads of values 0
(a black stone) to 5 (a purple gem); each pit and cup is kept as six counts, one per value.

A move is the pit, the order of the beads sown and, for an indirect capture, the gems taken.
A pit of 15 mixed beads has millions of orders, so `legal_moves()` is a lazy sequence: it
counts moves by multiset-permutation arithmetic (with a small dynamic programme for the
number of gem choices of indirect captures), unranks the i-th move without listing, and
tests membership directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Game, Outcome
from ..text import N_
from . import search as search  # imported to attach the computer players' hooks to the state
from .board import (
    BEAD_NAMES,
    CUP,
    GEM_VALUES,
    LETTERS,
    NO_BEADS_LEFT,
    PATHS,
    REASONS,
    SEAT_NAMES,
    START_PITS,
    TERMINATIONS,
    WIN_POINTS,
    Counts,
    Taken,
    _counts_of,
)
from .counting import GlassBeadMoves
from .notation import BEAD_COLOURS, BEAD_COUNTS
from .sowing import Sowing
from .state import GlassBeadState


def _new(seats: int) -> GlassBeadState:
    return GlassBeadState(seats=seats, pits=START_PITS, cups=((0,) * 6, (0,) * 6), turn=0)


def _load(data: Mapping[str, Any]) -> GlassBeadState:
    return GlassBeadState(
        seats=int(data["seats"]),
        pits=tuple(_counts_of([int(ch) for ch in p]) for p in data["pits"]),
        cups=tuple(_counts_of([int(ch) for ch in c]) for c in data["cups"]),
        turn=int(data["turn"]),
        result=Outcome.from_json(data["result"]),
    )


SUMMARY = N_("""\
**The Glass Bead Game** — Christian Freeling's mancala for 2. South owns pits `A`–`E`, North \
`a`–`e`; sowing runs `A B C D E a b c d e` round the ring.
• Beads: 10 black stones (`0`) and 10 gems worth 1–5 (two of each), 30 points in all.
• **Move**: take every bead of one of your pits and sow them one by one into the next pits, \
in the order you choose, e.g. `E1000`. The emptied pit is skipped when you go round.
• **Capture**: your last bead is a stone, lands on the opponent's side, in a pit that held exactly \
one bead. A single gem there goes to your cup (direct). A single stone lets you take one gem of \
your choice from the opponent's pits, or from their cup when the pits have none (indirect, \
written `e250 x B5`). The pits before it in the sowing capture too in the same way (a chain).
• **Feeding**: while gems remain in the pits, you must sow into the opponent's pits if they are \
all empty.
• **End**: when the player to move has no bead, the other player wins with 15 points or more \
in their cup; otherwise the player to move wins. No draws.""")


GAME = Game(
    key="glass-bead",
    title="Glass Bead Game",
    has_draws=False,
    seats=(2,),
    options={},
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES,
    summary=SUMMARY,
    reasons=REASONS,
)
GlassBeadState.game = GAME

__all__ = [
    "BEAD_COLOURS",
    "BEAD_COUNTS",
    "BEAD_NAMES",
    "CUP",
    "GAME",
    "GEM_VALUES",
    "LETTERS",
    "NO_BEADS_LEFT",
    "PATHS",
    "SEAT_NAMES",
    "START_PITS",
    "SUMMARY",
    "TERMINATIONS",
    "WIN_POINTS",
    "Counts",
    "GlassBeadMoves",
    "GlassBeadState",
    "Sowing",
    "Taken",
    "_counts_of",
]
