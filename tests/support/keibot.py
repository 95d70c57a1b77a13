"""Keibot logs for the tests."""

from __future__ import annotations

from tests.support.logs import words

THREE_IN_A_ROW = words(
    # 21 moves: White captures on e5, and the bead it places on d4 makes c4–d4–e4.
    "f1-d2 c7-b5 d1-c3 e7-d5 d2-f1 d5xc3 c1-a2 c3-a4 e1-d3 b5-c3 d3-c5 d7-e5 f1-e3 a4-b6 e3-g2 "
    "b7-a5 g2-f4 a5-b3 f4-g6 b6-d7 g6xe5"
)
