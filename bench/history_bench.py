"""The /history animation: `python -m bench.history_bench` (from the repository's root).

Times `render.animation.animation` on a 200-move two-player Keryo-Pente game (seeded random
moves with the tournament rule off; a move that would end the game is replaced by another), as
/history makes it in its thread: every state drawn with the game's picture, shrunk to 480 px, one
palette, the changed boxes written as GIF frames. Reports the median and worst of a few runs and
the size of the GIF (Discord takes at most 8 MB).
"""

from __future__ import annotations

import random
import statistics

from render.animation import animation
from rules import GAMES, Move, State

from .table import Row, print_table, time_calls

MOVES = 200
RUNS = 3
NAMES = ("alice", "Bob")


def random_game(moves: int = MOVES, seed: int = 1) -> list[tuple[State, Move | None]]:
    """The start and the state after each of `moves` seeded random moves, with its move."""
    rng = random.Random(seed)
    state = GAMES["keryo-pente"].start(2, tournament=False)
    frames: list[tuple[State, Move | None]] = [(state, None)]
    while len(frames) <= moves:
        legal = list(state.legal_moves())
        for move in rng.sample(legal, len(legal)):
            after = state.play(move)
            if after.outcome() is None:
                break
        else:
            raise RuntimeError(f"every move ends the game after {len(frames) - 1} moves")
        frames.append((after, move))
        state = after
    return frames


def rows(runs: int = RUNS) -> list[Row]:
    frames = random_game()
    sizes: list[int] = []
    times = time_calls(lambda: sizes.append(len(animation(frames, NAMES))), repeat=runs)
    seconds = [t / 1000 for t in times]
    size = f"{sizes[-1] / 1e6:.2f} MB"
    return [
        Row(
            "render",
            f"/history GIF of a {MOVES}-move Keryo-Pente game ({len(frames)} frames, 480 px)",
            f"{statistics.median(seconds):.1f} s median, {max(seconds):.1f} s worst, {size}",
            "< 8 MB",
        )
    ]


if __name__ == "__main__":
    print_table(rows())
