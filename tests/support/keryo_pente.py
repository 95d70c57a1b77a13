"""Keryo-Pente test games, shared by the render tests."""

from __future__ import annotations

from rules import GAMES
from rules.keryo_pente import KeryoPenteState, Point
from tests.support.logs import words

GAME = GAMES["keryo-pente"]

FIVE_IN_A_ROW = words(
    # Three players: Yellow captures K13 and K14 with K15, then Blue completes L11–P15.
    "K10 L11 H12 K14 M12 J12 K13 N13 K12 G7 O14 K15 F6 P15"
)


def replay(seats: int, log: list[str]) -> tuple[KeryoPenteState, Point]:
    """The state after `log`, and its last move."""
    before = GAME.replay(seats, {}, log[:-1])
    last = before.parse(log[-1])
    state = before.play(last)
    assert isinstance(state, KeryoPenteState) and isinstance(last, Point)
    return state, last
