"""The cost of the health and metrics instrumentation on the move path: one typed move through
the real bot pieces in-process (tests/support: the cogs, the host, an SQLite file, Discord faked
at the HTTP layer), CPU time per move with the metrics server attached (`tavern.metrics`:
`/metrics` listening, every interaction observed) and without, in blocks taking turns; and the
listener's own cost per interaction, alone.

Without the server the cogs still mark each interaction's start and first answer and the host
still counts the move (a dictionary increment): those parts are always there, and are in the
"listener alone" row's figure only through the marks."""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from cogs.observe import InteractionTimes
from data import open_store
from host import Host
from tavern.metrics import Metrics, serve_metrics
from tests.support.discord_harness import ALICE, BOB, USERS, start_bot
from tests.support.fake_discord import Driver, FakeDiscord

from .table import Row

BLOCKS = 12
"""Blocks of moves, metrics off and on taking turns (ABBA order)."""
MOVES_EACH = 40
"""Moves of one block: one match of Keryo-Pente (without the tournament rule)."""
LISTENER_CALLS = 100_000


async def play_block(driver: Driver, host: Host, rng: random.Random) -> list[float]:
    """One Keryo-Pente match of MOVES_EACH random typed moves; the CPU milliseconds of each move."""
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    await driver.command(BOB, "keryo-pente join")
    newest = max(summary.id for summary in await host.matches_of_player(BOB.id))
    match = await host.get(newest)
    times: list[float] = []
    for _ in range(MOVES_EACH):
        if match.state is None or match.is_over:
            break
        seat = match.seat_to_move
        assert seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        text = str(legal[rng.randrange(len(legal))])
        start = time.process_time()
        await driver.command(USERS[seat.user_id], "keryo-pente move", move=text, match=match.id)
        times.append((time.process_time() - start) * 1000)
        match = await host.get(match.id)
    return times


async def measure() -> tuple[list[float], list[float]]:
    off: list[float] = []
    on: list[float] = []
    rng = random.Random(32)
    async with in_process_bot() as (driver, host):
        await play_block(driver, host, rng)  # warm-up: first pictures, first queries
        for block in range(BLOCKS):
            if block % 4 in (1, 2):  # off, on, on, off, …: a trend over the run cancels out
                server = await serve_metrics(driver.bot, host, port=0)
                try:
                    on += await play_block(driver, host, rng)
                finally:
                    await server.close()
            else:
                off += await play_block(driver, host, rng)
            driver.fake.requests.clear()
    return off, on


@asynccontextmanager
async def in_process_bot() -> AsyncIterator[tuple[Driver, Host]]:
    """The real bot's pieces in-process (tests/support: the cogs, the host, an SQLite file in a
    temporary folder, Discord faked at the HTTP layer), closed on leaving."""
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        fake = FakeDiscord()
        fake.install(patch)
        store = await open_store(Path(folder) / "bench.sqlite3")
        host = Host(store, lobbies_per_channel=10**6, lobbies_per_player=10**6)
        bot = await start_bot(host)
        try:
            yield Driver(bot, fake), host
        finally:
            await bot.close()
            host.close()
            await store.close()


def listener_microseconds(host: Host) -> float:
    """What the metrics do per interaction handled: one counter and two histograms."""
    metrics = Metrics(None, host)  # type: ignore[arg-type]  # the bot is read only when scraped
    times = InteractionTimes("command", 0.012, 0.034)
    start = time.process_time()
    for _ in range(LISTENER_CALLS):
        metrics.handled(times)
        host.activity.moves_played["keryo-pente"] += 1
    return (time.process_time() - start) / LISTENER_CALLS * 1e6


def rows() -> list[Row]:
    off, on = asyncio.run(measure())
    per_call = _listener_alone()
    median_off, median_on = statistics.median(off), statistics.median(on)
    return [
        Row(
            "metrics",
            f"whole typed move through the cogs, CPU: metrics off / on ({len(off)} / {len(on)} moves, "
            f"{BLOCKS} blocks taking turns)",
            f"median {median_off:.2f} / {median_on:.2f} ms ({median_on - median_off:+.2f} ms), "
            f"mean {statistics.mean(off):.2f} / {statistics.mean(on):.2f} ms",
            "on − off within the run-to-run noise",
        ),
        Row(
            "metrics",
            "the metrics' listener alone, per interaction (a counter, two histograms, the move counter)",
            f"{per_call:.1f} µs CPU",
            "< 50 µs",
        ),
    ]


def _listener_alone() -> float:
    async def run() -> float:
        with tempfile.TemporaryDirectory() as folder:
            store = await open_store(Path(folder) / "listener.sqlite3")
            try:
                return listener_microseconds(Host(store))
            finally:
                await store.close()

    return asyncio.run(run())


if __name__ == "__main__":
    from .table import print_table

    gc.collect()
    gc.freeze()  # as bot.py does once it is loaded
    print_table(rows())
