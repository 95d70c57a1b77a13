"""Kerboge test positions, shared by the rules, render and cog tests."""

from __future__ import annotations

from collections.abc import Mapping

from rules.kerboge import KerbogeState

SA, ME, SO, RU = 0, 1, 2, 3
"""The seats: Sailor, Merchant, Soldier, Ruler."""


def position(
    rows: Mapping[int, tuple[int, ...]],
    *,
    seats: int = 4,
    to_move: int = SA,
    points: tuple[int, ...] | None = None,
    serpent: int = 1,
    serpent_points: int = 0,
    round_: int = 1,
    resigned: tuple[bool, ...] | None = None,
) -> KerbogeState:
    """A position from mooring number -> stones of each seat; the rest of the stones in harbour."""
    board = [0] * (10 * seats)
    for mooring, stones in rows.items():
        assert len(stones) == seats
        for seat, n in enumerate(stones):
            board[(mooring - 1) * seats + seat] = n
    harbour = tuple(10 - sum(board[seat::seats]) for seat in range(seats))
    assert all(h >= 0 for h in harbour)
    return KerbogeState(
        seats=seats,
        board=tuple(board),
        harbour=harbour,
        serpent=serpent,
        points=points or (0,) * seats,
        serpent_points=serpent_points,
        turn=to_move,
        round=round_,
        last_coin=None,
        serpent_boarded=(0,) * seats,
        resigned=resigned or (False,) * seats,
    )
