"""Moves through host and store on one SQLite file: one match alone, then 100 matches moving at
once (each plays its next move as soon as its last one returned).

`python bench/workers/host_load.py` prints JSON: each move's milliseconds alone and at once, the
moves per second at once, and the CPU milliseconds per move (every thread of the process)."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from data import open_store
from host import Host, MatchSnapshot, Player

MATCHES = 100
MOVES_PER_MATCH = 30


async def one_match(
    host: Host, index: int, times: list[float], *, moves: int = MOVES_PER_MATCH, pace: float | None = None
) -> None:
    """A Keryo-Pente match of two people playing random moves: `moves` moves, each at once or
    (`pace`: moves a second) after a random pause; each move's milliseconds go to `times`."""
    a, b = Player(10_000 + 2 * index, f"A{index}"), Player(10_001 + 2 * index, f"B{index}")
    lobby = await host.new(
        guild_id=1, channel_id=1 + index % 7, creator=a, game_key="keryo-pente", seats=2, options={}
    )
    match: MatchSnapshot = await host.join(lobby.id, b)
    rng = random.Random(index)
    for _ in range(moves):
        if match.state is None or match.is_over:
            break
        if pace is not None:
            await asyncio.sleep(rng.expovariate(pace))
        seat = match.seat_to_move
        assert seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        text = str(legal[rng.randrange(len(legal))])
        start = time.perf_counter()
        match = await host.play(match.id, seat.user_id, text, expected_ply=match.ply)
        times.append((time.perf_counter() - start) * 1000)


async def measure() -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        store = await open_store(str(Path(folder) / "bench.sqlite3"))
        try:
            host = Host(store, lobbies_per_channel=10**6, lobbies_per_player=10**6)
            alone: list[float] = []
            await one_match(host, 9999, alone)
            times: list[float] = []
            start, cpu = time.perf_counter(), time.process_time()
            await asyncio.gather(*(one_match(host, i, times) for i in range(MATCHES)))
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        finally:
            await store.close()
    return {
        "alone": alone,
        "at_once": times,
        "moves_per_second": len(times) / elapsed,
        "cpu_ms_per_move": 1000 * cpu / len(times),
    }


if __name__ == "__main__":
    gc.collect()
    gc.freeze()  # as bot.py does once it is loaded
    json.dump(asyncio.run(measure()), sys.stdout)
