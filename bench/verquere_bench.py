"""Verquere in `make bench`: random playouts per second (a whole turn chosen at random among the
legal ones, every roll drawn as the host draws it), the worst roll found and how long listing its
turns, autocompleting from them and checking a typed turn take, and the picture's render time.
`python -m bench.verquere_bench` prints these rows alone."""

from __future__ import annotations

import statistics
from functools import partial

import render
from rules import GAMES, Move, State
from rules.verquere import Turn, VerquereState, seat0_point

from . import playouts
from .render_bench import time_renders
from .table import Row, print_table, times_on_fresh_copies

GAME = GAMES["verquere"]
NAMES = ("alice", "Bob")


def worst_roll() -> VerquereState:
    """The most whole turns found for one roll: White with one man on 1, two on 12 and one on each
    of 13–24, Black's 15 men on White's point 10, and 1-1 to play (983 turns)."""
    mine = {1: 1, 12: 2, **{p: 1 for p in range(13, 25)}}
    board = [0] * 24
    for point, count in mine.items():
        board[seat0_point(0, point) - 1] = count
    board[9] = -15
    return VerquereState(2, False, False, tuple(board), (0, 0), (0, 0), 0, (1, 1))


def random_positions(games: int, seed: int = 7) -> list[tuple[State, Move | None]]:
    """(state, last turn) after every turn and roll of seeded random games."""
    return playouts.random_positions(GAME, 2, {}, games=games, seed=seed)


def legal_turn_rows() -> list[Row]:
    seen = max(len(s.legal_moves()) for s, _ in random_positions(100, seed=3) if s.to_move is not None)
    worst = worst_roll()
    count = len(worst.legal_moves())
    listing = times_on_fresh_copies(lambda s: s.legal_moves(), [worst], 30)
    # autocomplete: every turn written in notation and sorted, then filtered
    suggesting = times_on_fresh_copies(lambda s: s.suggest("13/"), [worst], 10)
    typed = str(sorted(worst.legal_moves(), key=str)[500])
    checking = times_on_fresh_copies(lambda s: s.parse(typed), [worst], 30)
    turn = worst.parse(typed)
    assert isinstance(turn, Turn)
    return [
        Row(
            "rules",
            "Verquere legal turns, worst roll found (1-1, White spread over 13–24)",
            f"{count:,} turns (random games: at most {seen}), listed in {statistics.median(listing):.1f} ms "
            f"median, {max(listing):.1f} ms worst",
            "< 100 ms",
        ),
        Row(
            "cogs",
            "Verquere move autocomplete in that position (every turn written and sorted)",
            f"{statistics.median(suggesting):.1f} ms median, {max(suggesting):.1f} ms worst",
            "< 3 s (Discord)",
        ),
        Row(
            "rules",
            f"Verquere typed turn checked in that position (`{typed}`)",
            f"{statistics.median(checking):.1f} ms median, {max(checking):.1f} ms worst",
            "",
        ),
    ]


def render_row(renders: int = 200) -> Row:
    positions = random_positions(4, seed=11)[:renders]
    draws = [partial(render.board, state, last_move=last, names=NAMES) for state, last in positions]
    timing = time_renders("verquere", draws)
    return Row(
        "render",
        f"Verquere picture, {timing.renders} positions of random games",
        f"{timing.median_ms:.1f} ms median, {timing.worst_ms:.1f} ms worst, {timing.png_kb:.0f} kB PNG",
        "< 30 ms median",
    )


def rows() -> list[Row]:
    out = playouts.rows(
        [
            (GAME, 2, {}, "~300 games/s (Ludii)", 100_000),
            (GAME, 2, {"five_blots": True, "five_closed_points": True}, "", 100_000),
        ]
    )
    return out + legal_turn_rows() + [render_row()]


if __name__ == "__main__":
    print_table(rows())
