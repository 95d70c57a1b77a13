"""The Glass Bead Game in `make bench`: random playouts per second (games capped at 500 plies), the
lazy legal moves in the worst positions (counting them, the first 25 that start with a typed
prefix, checking one typed move), and the picture's render time. `python -m bench.glass_bead_bench`
prints these rows alone."""

from __future__ import annotations

import random
from functools import partial

import render
from rules import GAMES, Move
from rules.glass_bead import GlassBeadState

from . import playouts
from .render_bench import time_renders
from .table import Row, median_worst, print_table, times_on_fresh_copies

GAME = GAMES["glass-bead"]
CAP = 500
NAMES = ("alice", "Bob")

WORST = {
    "A: 18 beads `000000000012345543`, North's pits empty, North's cup 1 2": (
        ["000000000012345543", "", "", "", "", "", "", "", "", ""],
        ("", "12"),
    ),
    "B: 17 beads `00000001122334455`, single stones in E, c, d": (
        ["00000001122334455", "", "", "", "0", "", "", "0", "0", ""],
        ("", ""),
    ),
}
"""The worst positions the rules' report used: a pit of 15+ mixed beads (A: 423 million moves
with chains of indirect captures; B: 2.2 billion orders)."""
PREFIXES = ("A", "A0", "A00000", "A0000000001", "A55443321000000000", "A000000000123344550 x")
"""Typed prefixes for the autocomplete timing: short, long, and into the gems taken."""


def position(pits: list[str], cups: tuple[str, str]) -> GlassBeadState:
    state = GAME.load(
        {
            "game": "glass-bead",
            "format": GAME.state_format,
            "seats": 2,
            "options": {},
            "pits": pits,
            "cups": list(cups),
            "turn": 0,
            "result": None,
        }
    )
    assert isinstance(state, GlassBeadState)
    return state


def random_positions(games: int, seed: int = 7) -> list[tuple[GlassBeadState, Move]]:
    """(state, the move that led to it) after every move of seeded random games (capped)."""
    found = playouts.random_positions(GAME, 2, {}, games=games, seed=seed, cap=CAP)
    return [(state, move) for state, move in found if isinstance(state, GlassBeadState) and move is not None]


def _suggest(state: GlassBeadState, typed: str) -> list[str]:
    return state.suggest(typed, 25)


def _parse(state: GlassBeadState, text: str) -> Move:
    return state.parse(text)


def legal_move_rows() -> list[Row]:
    rows = []
    rng = random.Random(5)
    for name, (pits, cups) in WORST.items():
        state = position(pits, cups)
        count = len(state.legal_moves())
        counting = times_on_fresh_copies(lambda s: len(s.legal_moves()), [state], 20)
        suggest = {
            prefix: times_on_fresh_copies(partial(_suggest, typed=prefix), [state], 20) for prefix in PREFIXES
        }
        slowest = max(suggest, key=lambda p: max(suggest[p]))
        every = [t for ts in suggest.values() for t in ts]
        legal = state.legal_moves()
        typed = [str(legal[rng.randrange(count)]) for _ in range(20)]
        checks = []
        for text in typed:
            checks += times_on_fresh_copies(partial(_parse, text=text), [state], 1)
        rows += [
            Row("rules", f"Glass Bead legal moves, {name}", f"{count:,} moves", ""),
            Row(
                "rules",
                "  count them (`len`, also the move menu's check)",
                median_worst(counting),
                "< 100 ms",
            ),
            Row(
                "cogs",
                f"  first 25 moves starting with a typed prefix ({len(PREFIXES)} prefixes)",
                f"{median_worst(every)} (slowest `{slowest}`)",
                "< 50 ms",
            ),
            Row(
                "rules",
                "  check one typed move (`parse`, 20 random legal moves)",
                median_worst(checks),
                "< 10 ms",
            ),
        ]
    return rows


def reachable_rows(positions: list[tuple[GlassBeadState, Move]]) -> list[Row]:
    """Over every position of the random games: the most moves, and the slowest count and autocomplete."""
    states = [s for s, _ in positions if s.to_move is not None]
    most = max(len(s.legal_moves()) for s in states)
    counting = times_on_fresh_copies(lambda s: len(s.legal_moves()), states, 1)
    suggest = times_on_fresh_copies(lambda s: s.suggest("", 25), states, 1)
    return [
        Row(
            "rules",
            f"Glass Bead, {len(states):,} positions of random games: count / suggest one per pit",
            f"most {most:,} moves; count {median_worst(counting)}; suggest {median_worst(suggest)}",
            "< 100 ms / < 50 ms",
        )
    ]


def render_rows(positions: list[tuple[GlassBeadState, Move]], renders: int = 200) -> list[Row]:
    chosen = positions[:renders]
    draws = [partial(render.board, state, last_move=last, names=NAMES) for state, last in chosen]
    timing = time_renders("glass-bead, random games", draws)
    worst = position(*WORST["A: 18 beads `000000000012345543`, North's pits empty, North's cup 1 2"])
    move = worst.legal_moves()[-1]
    after = worst.play(move)
    busy = time_renders("glass-bead, 18 beads sown", [partial(render.board, after, last_move=move)] * 50)
    return [
        Row(
            "render",
            f"Glass Bead picture, {timing.renders} positions of random games",
            f"{timing.median_ms:.1f} ms median, {timing.worst_ms:.1f} ms worst, {timing.png_kb:.0f} kB PNG",
            "< 30 ms median",
        ),
        Row(
            "render",
            "Glass Bead picture after sowing 18 beads (step numbers in every pit)",
            f"{busy.median_ms:.1f} ms median, {busy.worst_ms:.1f} ms worst",
            "< 30 ms median",
        ),
    ]


def rows() -> list[Row]:
    out = playouts.rows([(GAME, 2, {}, "", CAP)])
    positions = random_positions(20)
    return out + legal_move_rows() + reachable_rows(positions) + render_rows(positions)


if __name__ == "__main__":
    print_table(rows())
