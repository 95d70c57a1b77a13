"""Kerboge (4 seats) and Jai Kerboge (2 seats) (docs/rules/kerboge.md).

The seat count picks the variant. Ten moorings, numbered 1–10 clockwise, ring a central harbour;
every position and move in this package names moorings by those numbers, and `HARBOUR` (0) stands
for the harbour as the source of an entering move.

After each full round the Serpent moves as a chance event (`to_move == CHANCE`): `heads` (2
forward) or `tails` (1 back) in Kerboge, the single outcome `serpent` (2 forward) in Jai Kerboge.

A seat that resigns stays in the game (the host plays it with a computer player). When the game
ends it is ranked last: it is never among the winners, and the Serpent is compared with the
players who did not resign only. `Outcome.scores` stay each seat's points; `placings()` gives the
full ranking with resigned seats last.

The package, by concern: `board` (the ring, targets, the Serpent's boarding), `moves` (the
moves, their notation and the tables of moves that board nothing), `position` (the stones and
scores, the legal moves and why a move is refused) and `state` (the rules contract).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import Game, Outcome
from ..text import N_
from . import search as search  # imported to attach the computer players' hooks to the state
from .board import (
    HARBOUR,
    INITIALS,
    MAX_STEP,
    MOORINGS,
    MOST_POINTS,
    SEAT_NAMES,
    SERPENT_FORCE,
    SERPENT_WINS,
    STONES,
    TARGETS,
    TERMINATIONS,
    distance,
    forward,
    serpent_boarding,
)
from .moves import AGROUND, HEADS, SERPENT, TAILS, Aground, SerpentMove, StoneMove
from .position import KerbogePosition
from .state import REASONS, KerbogeState


def _new(seats: int) -> KerbogeState:
    return KerbogeState(
        seats=seats,
        board=(0,) * (MOORINGS * seats),
        harbour=(STONES,) * seats,
        serpent=1,
        points=(0,) * seats,
        serpent_points=0,
        turn=0,
        round=1,
        last_coin=None,
        serpent_boarded=(0,) * seats,
        resigned=(False,) * seats,
    )


def _load(data: Mapping[str, Any]) -> KerbogeState:
    seats = int(data["seats"])
    return KerbogeState(
        seats=seats,
        board=tuple(int(n) for row in data["board"] for n in row),
        harbour=tuple(int(n) for n in data["harbour"]),
        serpent=int(data["serpent"]),
        points=tuple(int(n) for n in data["points"]),
        serpent_points=int(data["serpent_points"]),
        turn=int(data["turn"]),
        round=int(data["round"]),
        last_coin=data["last_coin"],
        serpent_boarded=tuple(int(n) for n in data["serpent_boarded"]),
        resigned=tuple(bool(r) for r in data["resigned"]),
        result=Outcome.from_json(data["result"]),
    )


SUMMARY = N_("""\
**Kerboge** — 4 players (Sailor, Merchant, Soldier, Ruler); **Jai Kerboge** with 2 (Sailor, \
Merchant). Ten moorings 1–10 ring a harbour; everyone starts with 10 stones in the harbour.
• On your turn do one thing: **enter** 1 or 2 stones into a mooring that is empty or holds your \
own stones (`2/5`); or take stones from one mooring and move them **forward** 1–3 moorings each \
(`4/5-6,7,7,8`) or all exactly **one back** (`4/5-4`).
• A stone may pass over at most one mooring holding other players' stones.
• **Boarding**: for every two stones moving forward into a mooring with other players' stones, \
you may send one of those stones home and score a point (`5/1-4 b1So b1Ru`; add `@8` when your \
stones go to several moorings). One mooring per move, never your own stones, never backward.
• With all stones in the harbour and no mooring to enter you run **aground** and lose the turn.
• After each round the **Serpent** moves (coin: heads 2 forward, tails 1 back; in Jai Kerboge \
always 2 forward) and boards up to 2 stones where it lands, scoring for itself.
• The game ends when all scores together reach 40 (Jai Kerboge: 20): most points win, ties \
share; if the Serpent has strictly the most, nobody wins.""")


GAME = Game(
    key="kerboge",
    title="Kerboge",
    seats=(2, 4),
    options={},
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
    ranked_by_score=True,
    resigned_play_on=True,
    has_draws=False,
    variant_titles={2: "Jai Kerboge"},
    reasons=REASONS,
)
KerbogeState.game = GAME

__all__ = [
    "AGROUND",
    "GAME",
    "HARBOUR",
    "HEADS",
    "INITIALS",
    "MAX_STEP",
    "MOORINGS",
    "MOST_POINTS",
    "SEAT_NAMES",
    "SERPENT",
    "SERPENT_FORCE",
    "SERPENT_WINS",
    "STONES",
    "SUMMARY",
    "TAILS",
    "TARGETS",
    "TERMINATIONS",
    "Aground",
    "KerbogePosition",
    "KerbogeState",
    "SerpentMove",
    "StoneMove",
    "distance",
    "forward",
    "serpent_boarding",
]
