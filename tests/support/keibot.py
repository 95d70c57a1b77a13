"""Keibot positions and logs for the tests."""

from __future__ import annotations

from rules.keibot import BEAD, MOAI, KeibotState, position_key, square_index
from tests.support.logs import words

CODES = {".": 0, "W": MOAI[0], "B": MOAI[1], "w": BEAD[0], "b": BEAD[1]}


def position(
    board: str | list[str],
    to_move: int = 0,
    protected: str | None = None,
    quiet: int = 0,
    placed: tuple[int, int] | None = None,
) -> KeibotState:
    """A position from 7 text rows (joined by `/` or as a list), rank 7 first: `.` empty, `W`/`B`
    a Moai of seat 0/1, `w`/`b` a bead of seat 0/1. Captures are what is missing of each side's 4
    Moai."""
    rows = board.split("/") if isinstance(board, str) else board
    assert len(rows) == 7 and all(len(r) == 7 for r in rows)
    squares = bytearray(49)
    for i, row in enumerate(rows):
        rank = 6 - i
        for file, ch in enumerate(row):
            squares[rank * 7 + file] = CODES[ch]
    b = bytes(squares)
    captured = (4 - b.count(MOAI[1]), 4 - b.count(MOAI[0]))
    if placed is None:
        placed = (b.count(BEAD[0]), b.count(BEAD[1]))
    prot = None if protected is None else square_index(protected)
    return KeibotState(
        setup="closed",
        board=b,
        turn=to_move,
        protected=prot,
        captured=captured,
        placed=placed,
        quiet=quiet,
        history=(position_key(b, to_move, prot),),
    )


THREE_IN_A_ROW = words(
    # 21 moves: White captures on e5, and the bead it places on d4 makes c4–d4–e4.
    "f1-d2 c7-b5 d1-c3 e7-d5 d2-f1 d5xc3 c1-a2 c3-a4 e1-d3 b5-c3 d3-c5 d7-e5 f1-e3 a4-b6 e3-g2 "
    "b7-a5 g2-f4 a5-b3 f4-g6 b6-d7 g6xe5"
)
