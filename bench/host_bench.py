"""Moves through host and store: 100 matches at once on one SQLite file."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from data import Store
from host import Host, MatchSnapshot, Player

from .table import Row, percentile

MATCHES = 100
MOVES_PER_MATCH = 30


async def _one_match(host: Host, index: int, times: list[float]) -> None:
    a, b = Player(10_000 + 2 * index, f"A{index}"), Player(10_001 + 2 * index, f"B{index}")
    lobby = await host.new(
        guild_id=1, channel_id=1 + index % 7, creator=a, game_key="keryo-pente", seats=2, options={}
    )
    match: MatchSnapshot = await host.join(lobby.id, b)
    rng = random.Random(index)
    for _ in range(MOVES_PER_MATCH):
        if match.state is None or match.is_over:
            break
        seat = match.seat_to_move
        assert seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        text = str(legal[rng.randrange(len(legal))])
        start = time.perf_counter()
        match = await host.play(match.id, seat.user_id, text, expected_ply=match.ply)
        times.append((time.perf_counter() - start) * 1000)


async def measure() -> tuple[float, list[float], list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        try:
            host = Host(store, lobbies_per_channel=MATCHES)  # every lobby opens at once
            # One match alone first: the time of one host.play without contention.
            alone: list[float] = []
            await _one_match(host, 9999, alone)
            times: list[float] = []
            start = time.perf_counter()
            await asyncio.gather(*(_one_match(host, i, times) for i in range(MATCHES)))
            elapsed = time.perf_counter() - start
        finally:
            await store.close()
    return len(times) / elapsed, times, alone


def rows() -> list[Row]:
    per_second, times, alone = asyncio.run(measure())
    return [
        Row(
            "host",
            "host.play, one match alone",
            f"{statistics.median(alone):.2f} ms median, {percentile(alone, 0.99):.2f} ms p99",
            "< 5 ms median",
        ),
        Row("host", f"moves through host+store, {MATCHES} matches at once", f"{per_second:,.0f} moves/s"),
        Row(
            "host",
            f"host.play with {MATCHES} matches at once",
            f"{statistics.median(times):.2f} ms median, {percentile(times, 0.99):.2f} ms p99",
            "(waits for the other 99)",
        ),
    ]
