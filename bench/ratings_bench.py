"""Leaderboard and /stats queries with 100,000 finished matches stored."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import tempfile
import time
from pathlib import Path

from data import Store

from .table import Row, median_worst

MATCHES = 100_000
PLAYERS = 5_000
GUILDS = 20


def fill(path: Path) -> None:
    """Bulk-load finished two-player matches with results and ratings, as the host stores them."""
    rng = random.Random(1)
    now = "2026-11-01T00:00:00.000+00:00"
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
            [(10_000 + i, f"Player {i}", now) for i in range(PLAYERS)],
        )
        matches, results, history = [], [], []
        for match_id in range(1, MATCHES + 1):
            guild = 1 + match_id % GUILDS
            a, b = rng.sample(range(PLAYERS), 2)
            when = f"2026-11-{1 + match_id % 28:02d}T{match_id % 24:02d}:00:00.000+00:00"
            matches.append(
                (match_id, guild, 1, "keryo-pente", "{}", 2, "finished", 10_000 + a, 0, when, when)
            )
            results.append((match_id, 0, 10_000 + a, "keryo-pente", guild, 1, "win", 0, 5.0, when))
            results.append((match_id, 1, 10_000 + b, "keryo-pente", guild, 2, "loss", 0, 2.0, when))
            for user in (a, b):
                for scope in (guild, 0):
                    history.append((10_000 + user, "keryo-pente", scope, match_id, 25.0, 5.0, when))
        conn.executemany(
            "INSERT INTO matches (id, guild_id, channel_id, game, options, seat_count, status, creator_id, "
            "seed, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            matches,
        )
        conn.executemany("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO rating_history VALUES (?, ?, ?, ?, ?, ?, ?)", history)
        ratings = []
        for user in range(PLAYERS):
            for scope in (0, *range(1, GUILDS + 1)):
                mu, sigma = rng.gauss(25, 3), rng.uniform(1, 8)
                ratings.append((10_000 + user, "keryo-pente", scope, mu, sigma, mu - 3 * sigma, 40, 20, now))
        conn.executemany("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", ratings)
        conn.execute("ANALYZE")


async def measure() -> tuple[list[float], list[float]]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        store = await Store.open(path)
        await store.close()
        fill(path)
        store = await Store.open(path)
        try:
            board, stats = [], []
            for page in range(50):
                start = time.perf_counter()
                await store.leaderboard("keryo-pente", 1 + page % GUILDS, offset=10 * page, limit=10)
                await store.leaderboard_size("keryo-pente", 1 + page % GUILDS)
                board.append((time.perf_counter() - start) * 1000)
            for user in range(50):
                uid = 10_000 + user * 37
                start = time.perf_counter()
                # What /stats asks: the rating, its trend, the record, recent and current matches.
                await store.rating(uid, "keryo-pente", 1)
                await store.rating_trend(uid, "keryo-pente", 1)
                await store.record(uid, "keryo-pente")
                await store.recent_results(uid, "keryo-pente")
                await store.match_summaries(user_id=uid, game="keryo-pente")
                stats.append((time.perf_counter() - start) * 1000)
        finally:
            await store.close()
    return board, stats


def rows() -> list[Row]:
    board, stats = asyncio.run(measure())
    return [
        Row("ratings", f"leaderboard page, {MATCHES:,} matches stored", median_worst(board), "< 20 ms"),
        Row("ratings", f"/stats queries, {MATCHES:,} matches stored", median_worst(stats), "< 20 ms"),
    ]


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
