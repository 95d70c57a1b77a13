"""Keryo-Pente test games and positions, shared by the rules, render and host tests."""

from __future__ import annotations

from rules import GAMES
from rules.keryo_pente import SIZE, KeryoPenteState, Point
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


def position(rows: dict[int, str], seats: int = 2, to_move: int = 0) -> KeryoPenteState:
    """A position from text rows: row number -> 19 characters, `.` empty, `0`-`5` a seat's stone."""
    board = bytearray(SIZE * SIZE)
    for row, text in rows.items():
        assert len(text) == SIZE
        for col, ch in enumerate(text):
            if ch != ".":
                board[(row - 1) * SIZE + col] = int(ch) + 1
    start = GAME.start(seats, tournament=False)
    assert isinstance(start, KeryoPenteState)
    placed = tuple(board.count(seat + 1) for seat in range(seats))
    return KeryoPenteState(
        seats=seats,
        tournament=False,
        board=bytes(board),
        captures=(0,) * seats,
        placed=placed,
        active=(True,) * seats,
        turn=to_move,
    )


DRAW_TILE = ("0101", "0001", "1011", "1000")
"""A 4x4 tile that repeats without five in a row in any direction, found by search."""


def drawn_board() -> dict[int, str]:
    """The board of `position` tiled with DRAW_TILE but for A1: whoever fills A1 (seats 0 and 1
    own the stones) neither makes a line nor captures, and the full board is a draw."""
    rows = {r + 1: "".join(DRAW_TILE[r % 4][c % 4] for c in range(SIZE)) for r in range(SIZE)}
    rows[1] = "." + rows[1][1:]
    return rows


def open_fours(winner: int, seats: int, to_move: int) -> KeryoPenteState:
    """`winner` has two open fours (B1–E1 and B5–E5: four ends to block), each other seat a few
    stones far away: no two or three other seats can stop it, so it is clearly winning."""
    stones = str(winner) * 4
    rows = {1: f".{stones}" + "." * 14, 5: f".{stones}" + "." * 14}
    for i, seat in enumerate(s for s in range(seats) if s != winner):
        rows[10 + 2 * i] = "." * 5 + f"{seat}.{seat}" + "." * 11
    return position(rows, seats=seats, to_move=to_move)
