"""Kerboge and Jai Kerboge in `make bench`: random playouts per second (both variants), the
largest legal-move list found and how long listing it (and autocompleting from it) takes, and
the picture's render time. `python -m bench.kerboge_bench` prints these rows alone."""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from functools import partial

import render
from rules import GAMES, Move, State
from rules.kerboge import KerbogeState

from . import playouts
from .render_bench import time_renders
from .table import Row, print_table, times_on_fresh_copies

GAME = GAMES["kerboge"]
NAMES = ("alice", "Bob", "carol", "dave")

CONSTRUCTED = (
    # The Merchant with all ten stones at 1; the others hold 5 stones each at two of the three
    # moorings ahead, so that two destinations offer every boarding of three owners.
    {1: (0, 10, 0, 0), 3: (5, 0, 5, 5), 4: (5, 0, 5, 5)},
    {1: (0, 10, 0, 0), 2: (5, 0, 5, 5), 4: (5, 0, 5, 5)},
    {1: (0, 10, 0, 0), 2: (4, 0, 4, 4), 3: (3, 0, 3, 3), 4: (3, 0, 3, 3)},
)


def constructed(rows: Mapping[int, tuple[int, ...]], seats: int = 4, to_move: int = 1) -> KerbogeState:
    """A position from mooring -> stones of each seat, the rest of each seat's stones in the harbour."""
    board = [0] * (10 * seats)
    for mooring, stones in rows.items():
        for seat, n in enumerate(stones):
            board[(mooring - 1) * seats + seat] = n
    harbour = tuple(10 - sum(board[seat::seats]) for seat in range(seats))
    state = GAME.start(seats)
    assert isinstance(state, KerbogeState)
    return KerbogeState(
        seats,
        tuple(board),
        harbour,
        state.serpent,
        state.points,
        state.serpent_points,
        to_move,
        state.round,
        None,
        state.serpent_boarded,
        state.resigned,
    )


def random_positions(seats: int, games: int, seed: int = 7) -> list[tuple[State, Move | None]]:
    """(state, last player's move) after every move of seeded random games."""
    return playouts.random_positions(GAME, seats, {}, games=games, seed=seed)


def legal_move_rows() -> list[Row]:
    seen = 0
    for seats in (4, 2):
        for state, _ in random_positions(seats, 200, seed=seats):
            if state.to_move is not None:
                seen = max(seen, len(state.legal_moves()))
    worst = max((constructed(rows) for rows in CONSTRUCTED), key=lambda s: len(s.legal_moves()))
    count = len(worst.legal_moves())
    listing = times_on_fresh_copies(lambda s: s.legal_moves(), [worst], 30)
    list_median, list_worst = statistics.median(listing), max(listing)
    typed = "b1"  # matches no move's start: autocomplete scans every move
    suggesting = times_on_fresh_copies(lambda s: s.suggest(typed), [worst], 30)
    suggest_median, suggest_worst = statistics.median(suggesting), max(suggesting)
    return [
        Row(
            "rules",
            "Kerboge legal moves, worst position found",
            f"{count:,} moves (built: 10 stones facing boardings of 3 owners; random games: {seen}), "
            f"listed in {list_median:.1f} ms median, {list_worst:.1f} ms worst",
            "< 100 ms",
        ),
        Row(
            "cogs",
            "Kerboge move autocomplete in that position (typed `b1`: every move scanned)",
            f"{suggest_median:.1f} ms median, {suggest_worst:.1f} ms worst",
            "< 3 s (Discord)",
        ),
    ]


def render_rows(renders: int = 200) -> list[Row]:
    rows = []
    for seats in (4, 2):
        positions = random_positions(seats, 6, seed=11 + seats)[:renders]
        names = NAMES[:seats]
        draws = [partial(render.board, state, last_move=last, names=names) for state, last in positions]
        timing = time_renders(f"kerboge, {seats} seats", draws)
        label = "Kerboge" if seats == 4 else "Jai Kerboge"
        rows.append(
            Row(
                "render",
                f"{label} picture, {timing.renders} positions of random games",
                f"{timing.median_ms:.1f} ms median, {timing.worst_ms:.1f} ms worst, "
                f"{timing.png_kb:.0f} kB PNG",
                "< 30 ms median",
            )
        )
    return rows


def rows() -> list[Row]:
    out = playouts.rows([(GAME, 4, {}, "", 100_000), (GAME, 2, {}, "", 100_000)])
    return out + legal_move_rows() + render_rows()


if __name__ == "__main__":
    print_table(rows())
