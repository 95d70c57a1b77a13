"""Running at scale: moves through host and store with 1, 2 and 4 bot processes on one PostgreSQL
server (a private pgserver), 250 matches each, beside the same load on SQLite in one process.

A worker (`python -m bench.scale_bench URL FIRST COUNT`) plays its matches at once, 30 moves
each, and prints its moves, elapsed seconds and every move's time as JSON."""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from data import open_store
from host import Host

from .host_bench import _one_match
from .table import Row, percentile

MATCHES_PER_PROCESS = 250
PROCESSES = (1, 2, 4)


async def _work(url: str, first: int, count: int) -> dict[str, Any]:
    store = await open_store(url)
    try:
        host = Host(store, lobbies_per_channel=10**6, lobbies_per_player=10**6)
        times: list[float] = []
        start = time.perf_counter()
        await asyncio.gather(*(_one_match(host, first + i, times) for i in range(count)))
        return {"moves": len(times), "seconds": time.perf_counter() - start, "times": times}
    finally:
        host.close()
        await store.close()


def _run(url: str, processes: int) -> tuple[float, list[float]]:
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.scale_bench",
                url,
                str(i * MATCHES_PER_PROCESS),
                str(MATCHES_PER_PROCESS),
            ],
            stdout=subprocess.PIPE,
        )
        for i in range(processes)
    ]
    results = [json.loads(w.communicate()[0]) for w in workers]
    times = [t for r in results for t in r["times"]]
    # Moves per second of the whole: every move, over the longest worker's time.
    return sum(r["moves"] for r in results) / max(r["seconds"] for r in results), times


def rows() -> list[Row]:
    import pgserver

    found: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        sqlite_url = str(Path(folder) / "bench.sqlite3")
        asyncio.run(_prepare(sqlite_url))
        base, times = _run(sqlite_url, 1)
        found.append(_row("SQLite, 1 process", base, times, ""))
        server = pgserver.get_server(Path(folder) / "pg", cleanup_mode="stop")  # type: ignore[attr-defined]
        try:
            one = 0.0
            for processes in PROCESSES:
                url = asyncio.run(_new_database(server.get_uri(), f"bench_{processes}"))
                rate, times = _run(url, processes)
                one = one or rate
                target = {
                    1: f">= 0.7x SQLite ({rate / base:.2f}x)",
                    2: f">= 1.6x one process ({rate / one:.2f}x)",
                }
                found.append(
                    _row(f"PostgreSQL, {processes} process(es)", rate, times, target.get(processes, ""))
                )
        finally:
            server.cleanup()
    return found


async def _new_database(server_url: str, name: str) -> str:
    import asyncpg

    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    before, _, query = server_url.partition("?")
    url = f"{before.rsplit('/', 1)[0]}/{name}?{query}"
    await _prepare(url)
    return url


async def _prepare(url: str) -> None:
    await (await open_store(url)).close()


def _row(what: str, rate: float, times: list[float], target: str) -> Row:
    return Row(
        "scale",
        f"{what}, {MATCHES_PER_PROCESS} matches each",
        f"{rate:,.0f} moves/s; {statistics.median(times):.1f} ms median, "
        f"{percentile(times, 0.99):.1f} ms p99",
        f"{target}; p99 < 20 ms".lstrip("; "),
    )


if __name__ == "__main__":
    print(json.dumps(asyncio.run(_work(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))))
