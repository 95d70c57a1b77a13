"""Verquere positions and logs for the tests."""

from __future__ import annotations

from collections.abc import Sequence

from rules import GAMES
from rules.verquere import Pass, Turn, VerquereState, seat0_point
from tests.support.logs import moves

GAME = GAMES["verquere"]


def position(
    mine: dict[int, int],
    theirs: dict[int, int],
    *,
    dice: tuple[int, int] | None = (5, 3),
    seat: int = 0,
    bar: tuple[int, int] = (0, 0),
    five_blots: bool = False,
    five_closed_points: bool = False,
) -> VerquereState:
    """A position with `seat` to play `dice`: `mine` are the mover's men and `theirs` the
    opponent's men, both by point of the MOVER's numbering; `bar` is (mover, opponent).
    Men not placed nor on the bar are borne off."""
    board = [0] * 24
    for point, count in mine.items():
        board[seat0_point(seat, point) - 1] += count if seat == 0 else -count
    for point, count in theirs.items():
        assert not mine.get(point), f"point {point} has men of both players"
        board[seat0_point(seat, point) - 1] += -count if seat == 0 else count
    mover_off = 15 - sum(mine.values()) - bar[0]
    other_off = 15 - sum(theirs.values()) - bar[1]
    assert mover_off >= 0 and other_off >= 0
    seat_bar = bar if seat == 0 else (bar[1], bar[0])
    off = (mover_off, other_off) if seat == 0 else (other_off, mover_off)
    return VerquereState(
        seats=2,
        five_blots=five_blots,
        five_closed_points=five_closed_points,
        board=tuple(board),
        bar=seat_bar,
        off=off,
        turn=seat,
        dice=dice,
    )


RANDOM_GAME = moves(
    # A game of seeded random turns (random.Random(0)): hits, entries, passes and, at the end,
    # Black with 3 men on the bar and only 2 points open: Juncker.
    "roll 6-6; 1/7; roll 6-5; 1/6/12; roll 5-2; 7/9 1/6; roll 2-2; 1/3/5/7/9; roll 4-2; 9/11 1/5; roll "
    "4-3; 9/12 1/5; roll 6-3; 5/8 1/7; roll 4-1; 12/16 1/2; roll 1-1; 11/12 8/9/10/11; roll 1-1; 16/17 "
    "5/6 2/3 1/2; roll 5-4; 11/15* 7/12; roll 4-4; 17/21 bar/4/8/12; roll 5-1; 6/7/12; roll 5-3; 6/11 "
    "2/5; roll 4-2; 15/17* 1/5; roll 2-2; 12/14/16 bar/2/4; roll 5-2; 17/19/24*; roll 6-1; 16/17* "
    "bar/6; roll 4-4; 1/5* bar/4/8/12; roll 3-2; 4/7 bar/2; roll 3-2; 12/15/17; roll 4-1; 11/15 7/8; "
    "roll 5-1; 17/18* 5/10; roll 6-1; 8/9 bar/6*; roll 3-2; bar/3*/5; roll 6-2; pass; roll 6-1; 1/2/8; "
    "roll 2-1; pass; roll 6-4; 10/14 8/14*; roll 5-5; bar/5; roll 6-4; 14/18*/24; roll 5-4; bar/4; roll "
    "4-3; 12/16* 12/15; roll 2-2; bar/2*; roll 5-1; pass; roll 5-4; 2/7 bar/4*; roll 5-4; bar/4; roll "
    "2-1; 5/6 1/3*; roll 4-1; pass; roll 5-1; 4/5 3/8; roll 3-2; bar/3 bar/2; roll 5-5; 6/11 5/10/15* "
    "1/6; roll 6-6; 12/18* 4/10/16 bar/6; roll 3-2; 21/24 bar/2; roll 6-1; 18/19* 2/8; roll 6-6; 11/17* "
    "9/15/21 bar/6; roll 4-2; 8/12* bar/2; roll 4-2; 17/19 bar/4*; roll 5-1; 19/20* bar/5; roll 1-1; "
    "pass; roll 6-4; 12/18* 6/10; roll 6-3; bar/6* bar/3; roll 6-6; 10/16* 1/7* bar/6/12; roll 6-5; "
    "bar/5; roll 6-3; 7/10 5/11; roll 5-3; pass; roll 5-4; 12/16 1/6; roll 6-4; pass; roll 6-6; 10/16 "
    "6/12 2/8/14*; roll 6-5; pass; roll 6-5; 16/22 1/6; roll 6-2; pass; roll 5-2; 12/17*/19; roll 6-6; "
    "pass "
)
MIDDLE_GAME = RANDOM_GAME[:58]
"""White has just played 10/14 8/14*: Black has 2 men on the bar."""
BEFORE_JUNCKER = RANDOM_GAME[:125]
"""White to play 5-2: 12/17*/19 puts a third Black man on the bar, and Black is Juncker."""


def replay(log: list[str], then: Sequence[str] = ()) -> tuple[VerquereState, Turn | Pass]:
    """The state after `log` and then the chance events `then`, and the last move of `log`."""
    before = GAME.replay(2, {}, log[:-1])
    last = before.parse(log[-1])
    state = before.play(last)
    for text in then:
        state = state.play(text)
    assert isinstance(state, VerquereState) and isinstance(last, Turn | Pass)
    return state, last
