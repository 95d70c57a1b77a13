"""Worker of `bench.history_bench`: the /history GIF of seeded random games of every game, timed
in CPU, over whichever project tree is first on PYTHONPATH (this one, or the commit before
issue 34's replays, unpacked by bench/baseline.py). Prints JSON: per game, the frames' CPU ms,
the number of states and of frames, and the GIF's size."""

from __future__ import annotations

import io
import json
import random
import sys
import time
from typing import Any

from PIL import Image

import render.animation as animation_module
from render.animation import animation
from rules import CHANCE, GAMES, Move, State

VARIANTS: tuple[tuple[str, str, int, dict[str, Any]], ...] = (
    ("Keryo-Pente, 2 seats", "keryo-pente", 2, {"tournament": False}),
    ("Keryo-Pente, 6 seats", "keryo-pente", 6, {"tournament": False}),
    ("Keibot", "keibot", 2, {}),
    ("Glass Bead Game", "glass-bead", 2, {}),
    ("Verquere", "verquere", 2, {}),
    ("Kerboge, 4 seats", "kerboge", 4, {}),
    ("Jai Kerboge", "kerboge", 2, {}),
)


def random_game(
    key: str, seats: int, options: dict[str, Any], moves: int, seed: int = 1
) -> list[tuple[State, Move | None]]:
    """The start and each state after an entry of a seeded random game, as `GameRecord.states()`
    gives them (None for a chance event's move), for up to `moves` entries: a move that would end
    the game is played only when every move would."""
    rng = random.Random(seed)
    state = GAMES[key].start(seats, **options)
    frames: list[tuple[State, Move | None]] = [(state, None)]
    while len(frames) <= moves and state.to_move is not None:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
            frames.append((state, None))
            continue
        legal = list(state.legal_moves())
        for move in rng.sample(legal, min(len(legal), 40)):
            after = state.play(move)
            if after.to_move is not None:
                break
        frames.append((after, move))
        state = after
    return frames


def frames_shown(gif: bytes) -> int:
    """The frames a viewer sees: since issue 34 a frame whose changes lie far apart is written as
    two images, the first shown for SPLIT_MS (older trees have no SPLIT_MS: an image a frame)."""
    image = Image.open(io.BytesIO(gif))
    split = getattr(animation_module, "SPLIT_MS", None)
    count = 0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        count += image.info.get("duration") != split
    return count


def main(moves: int, runs: int) -> None:
    results = []
    for label, key, seats, options in VARIANTS:
        frames = random_game(key, seats, options, moves)
        animation(frames[:3])  # the fonts and sprites made once
        times = []
        gif = b""
        for _ in range(runs):
            start = time.process_time()
            gif = animation(frames)
            times.append(time.process_time() - start)
        shown = frames_shown(gif)
        results.append(
            {
                "label": label,
                "states": len(frames),
                "frames": shown,
                "ms": min(times) * 1000,
                "bytes": len(gif),
            }
        )
    print(json.dumps(results))


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
