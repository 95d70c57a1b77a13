"""The whole path of one move, in CPU time: parse and play (the rules), host and store (one
SQLite file), and the picture of the new position, as the bot does it after every move.

`python bench/workers/move_path.py` prints, for each game and variant, the CPU milliseconds of
every measured move as JSON (`... move_path.py de`: the pictures drawn in that locale's words,
issue 31; without it in English, as the code before issue 31 drew them). Random games are played
by two people through the host; the moves measured are those of the middle of the game (from the
10th move on, at most 60 a game)."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import render
from data import open_store
from host import Host, Player

VARIANTS: list[tuple[str, str, int, dict[str, Any]]] = [
    ("Keryo-Pente, 2 seats", "keryo-pente", 2, {}),
    ("Keryo-Pente, 3 seats", "keryo-pente", 3, {}),
    ("Keryo-Pente, 6 seats", "keryo-pente", 6, {}),
    ("Keibot", "keibot", 2, {}),
    ("Glass Bead Game", "glass-bead", 2, {}),
    ("Verquere", "verquere", 2, {}),
    (
        "Verquere, five blots and five closed points",
        "verquere",
        2,
        {"five_blots": True, "five_closed_points": True},
    ),
    ("Kerboge, 4 seats", "kerboge", 4, {}),
    ("Jai Kerboge", "kerboge", 2, {}),
]
GAMES_EACH = 3
FIRST_MOVE, MOST_MOVES = 10, 60


async def _variant(
    host: Host, game: str, seats: int, options: dict[str, Any], seed: int, words: dict[str, Any]
) -> list[float]:
    rng = random.Random(seed)
    times: list[float] = []
    for index in range(GAMES_EACH):
        people = [Player(1_000 + 10 * index + i + seed * 100, f"Player {i}") for i in range(seats)]
        lobby = await host.new(
            guild_id=1, channel_id=1, creator=people[0], game_key=game, seats=seats, options=options
        )
        for person in people[1:]:
            match = await host.join(lobby.id, person)
        for moved in range(FIRST_MOVE + MOST_MOVES):
            if match.state is None or match.is_over:
                break
            seat = match.seat_to_move
            assert seat is not None and seat.user_id is not None
            legal = match.state.legal_moves()
            text = str(legal[rng.randrange(len(legal))])
            start = time.process_time()
            match = await host.play(match.id, seat.user_id, text, expected_ply=match.ply)
            assert match.state is not None
            render.board(match.state, last_move=match.last_move, names=match.names, **words)
            if moved >= FIRST_MOVE:
                times.append((time.process_time() - start) * 1000)
    return times


async def measure(words: dict[str, Any]) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "bench.sqlite3"))
        host = Host(store, seed_source=lambda: 7, lobbies_per_channel=10**6, lobbies_per_player=10**6)
        try:
            for seed, (name, game, seats, options) in enumerate(VARIANTS):
                found[name] = await _variant(host, game, seats, options, seed, words)
        finally:
            await store.close()
    return found


if __name__ == "__main__":
    gc.collect()
    gc.freeze()  # as bot.py does once it is loaded (`settle_process`)
    if hasattr(render, "keep_freed_memory"):  # as bot.py does there (before issue 30, png.py did at import)
        render.keep_freed_memory()
    if hasattr(render, "warm_up"):  # as bot.py does at start (the code before issue 17 has none)
        render.warm_up()
    # The picture's words only when a locale is asked for: the code before issue 31 has no `words`.
    words: dict[str, Any] = {}
    if len(sys.argv) > 1:
        from host.language import language

        words = {"words": language(sys.argv[1])}
        # As a bot whose server chose this language: its pictures warmed at start as English's are.
        render.warm_up(words=words["words"])
    json.dump(asyncio.run(measure(words)), sys.stdout)
