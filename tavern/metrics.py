"""Health and metrics over HTTP, off by default: `serve_metrics` serves `/healthz` and `/metrics`
(Prometheus text format) on 127.0.0.1 unless told otherwise (METRICS_PORT, METRICS_HOST).

`/healthz` answers 200 when every check passes and 503 naming the ones that fail, with a small
JSON body either way:
- `gateway`: the bot is ready, not closed, and its gateway latency is known (a heartbeat was
  answered);
- `store`: a trivial query answers within a second;
- `outbox`: fewer than `OUTBOX_OWED_LIMIT` match messages owed, the oldest owed for less than
  `OUTBOX_AGE_LIMIT`.

`/metrics` reads the counters the host and the cogs keep (host/activity.py, cogs/observe.py)
through a registry of its own (never prometheus_client's global one, so two bots in one process,
as in the tests, keep apart). What costs a query (the outbox, the active matches) is read when
scraped, the active matches at most every `MATCH_COUNT_SECONDS`. docs/operations.md ("Health and
metrics") lists every metric.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import time
from collections.abc import Coroutine, Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

import discord
from aiohttp import web
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

from cogs.observe import InteractionTimes, watch_of
from data import ACTIVE_STATUSES, OutboxDepth
from host import Host

log = logging.getLogger("tavern.metrics")

T = TypeVar("T")

OUTBOX_OWED_LIMIT = 1000
"""`/healthz` fails from this many owed match messages on."""
OUTBOX_AGE_LIMIT = timedelta(minutes=15)
"""`/healthz` fails when a match message has been owed this long."""
STORE_TIMEOUT = 1.0
"""Seconds the store has to answer a check."""
MATCH_COUNT_SECONDS = 30.0
"""The active matches are counted at most this often (a scrape in between reads the last count)."""

ANSWER_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0)
"""Seconds; 3 is Discord's limit for the first answer."""
THINK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)


@dataclass(frozen=True)
class Check:
    ok: bool
    detail: str


class _MovesCollector(Collector):
    """`tavern_moves_played_total` read from the host's counter when scraped: the move path pays
    a dictionary increment, never a metrics call."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def collect(self) -> Iterable[Metric]:
        family = CounterMetricFamily(
            "tavern_moves_played", "Moves stored (a person's or a computer's), by game.", labels=["game"]
        )
        for game, count in sorted(self.host.activity.moves_played.items()):
            family.add_metric([game], count)
        yield family


class Metrics:
    """The metrics and checks of one bot and its host."""

    def __init__(self, bot: discord.Client, host: Host) -> None:
        self.bot, self.host = bot, host
        self.registry = CollectorRegistry()
        registry = self.registry
        self.interactions = Counter(
            "tavern_interactions", "Interactions handled, by kind.", ["kind"], registry=registry
        )
        self.first_answer = Histogram(
            "tavern_interaction_first_answer_seconds",
            "Seconds from the start of an interaction's handling to its first answer (defer or message).",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.completion = Histogram(
            "tavern_interaction_completion_seconds",
            "Seconds from the start of an interaction's handling to its end (the last message sent).",
            ["kind"],
            buckets=ANSWER_BUCKETS,
            registry=registry,
        )
        self.errors = Counter(
            "tavern_errors",
            "Errors the central handler answered, by exception class (user refusals included).",
            ["kind"],
            registry=registry,
        )
        self.outbox_owed = Gauge("tavern_outbox_owed", "Match messages the outbox owes.", registry=registry)
        self.outbox_oldest = Gauge(
            "tavern_outbox_oldest_owed_seconds",
            "Seconds since the match of the oldest owed message last changed (0: none owed).",
            registry=registry,
        )
        self.computer_waiting = Gauge(
            "tavern_computer_moves_waiting",
            "Computer moves asked for and not chosen yet (waiting for a worker or being thought about).",
            registry=registry,
        )
        self.computer_waiting.set_function(lambda: host.activity.computer_moves_waiting)
        self.think = Histogram(
            "tavern_computer_think_seconds",
            "Seconds a computer move took to choose, the wait for a worker included, by game.",
            ["game"],
            buckets=THINK_BUCKETS,
            registry=registry,
        )
        self.active = Gauge(
            "tavern_active_matches",
            f"Matches open as a lobby or being played (counted at most every {MATCH_COUNT_SECONDS:.0f} s).",
            ["status"],
            registry=registry,
        )
        self.latency = Gauge(
            "tavern_gateway_latency_seconds",
            "The gateway's heartbeat latency (NaN until a heartbeat was answered).",
            registry=registry,
        )
        self.latency.set_function(self._latency)
        registry.register(_MovesCollector(host))
        self._counted_at: float | None = None

    # -- listening ------------------------------------------------------------------------------

    def attach(self) -> None:
        """Start listening to the bot's interactions and the host's computer moves."""
        watch = watch_of(self.bot)
        if watch is None:
            log.warning("The bot's command tree keeps no interaction watch: interactions are not measured")
        else:
            watch.handled.append(self.handled)
            watch.errors.append(self.failed)
        self.host.activity.think_listeners.append(self.thought)

    def detach(self) -> None:
        watch = watch_of(self.bot)
        for listeners, listener in (
            (watch.handled if watch else [], self.handled),
            (watch.errors if watch else [], self.failed),
            (self.host.activity.think_listeners, self.thought),
        ):
            if listener in listeners:
                listeners.remove(listener)  # type: ignore[arg-type]

    def handled(self, times: InteractionTimes) -> None:
        self.interactions.labels(times.kind).inc()
        if times.first_answer is not None:
            self.first_answer.labels(times.kind).observe(times.first_answer)
        self.completion.labels(times.kind).observe(times.completion)

    def failed(self, kind: str) -> None:
        self.errors.labels(kind).inc()

    def thought(self, game: str, seconds: float) -> None:
        self.think.labels(game).observe(seconds)

    def _latency(self) -> float:
        latency = self.bot.latency
        return latency if math.isfinite(latency) else math.nan

    # -- reading --------------------------------------------------------------------------------

    async def refresh(self) -> None:
        """Read what costs a query, before a scrape. A store that does not answer leaves the last
        figures (the `/healthz` store check says so)."""
        try:
            depth = await _within(self.host.store.outbox_depth())
            self.outbox_owed.set(depth.owed)
            self.outbox_oldest.set(_owed_seconds(depth))
            now = time.monotonic()
            if self._counted_at is None or now - self._counted_at >= MATCH_COUNT_SECONDS:
                counts = await _within(self.host.store.active_match_counts())
                for status in ACTIVE_STATUSES:
                    self.active.labels(status.value).set(counts[status])
                self._counted_at = now
        except Exception as error:
            log.warning("The metrics could not read the store: %s", type(error).__name__)

    def exposition(self) -> bytes:
        return generate_latest(self.registry)

    async def checks(self) -> dict[str, Check]:
        checks = {"gateway": self.gateway_check()}
        try:
            await _within(self.host.store.schema_version())
            depth = await _within(self.host.store.outbox_depth())
        except Exception as error:
            failure = "no answer within 1 s" if isinstance(error, TimeoutError) else type(error).__name__
            checks["store"] = Check(False, f"the store failed: {failure}")
            checks["outbox"] = Check(False, "not read: the store failed")
            return checks
        checks["store"] = Check(True, "answering")
        checks["outbox"] = _outbox_check(depth)
        return checks

    def gateway_check(self) -> Check:
        bot = self.bot
        if bot.is_closed():
            return Check(False, "the client is closed")
        if not bot.is_ready():
            return Check(False, "not connected to the gateway (not ready)")
        if not math.isfinite(bot.latency):
            return Check(False, "connected, no heartbeat answered yet")
        return Check(True, f"connected, latency {bot.latency * 1000:.0f} ms")


async def _within(work: Coroutine[Any, Any, T]) -> T:
    """`work`'s result, or TimeoutError after `STORE_TIMEOUT` seconds. Unlike `wait_for`, this
    does not wait for the cancelled work to end: a store that hangs (closed under it, say) may
    never let it end, and the check must answer all the same."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=STORE_TIMEOUT)
    if task not in done:
        task.cancel()
        task.add_done_callback(_forget)
        raise TimeoutError
    return task.result()


def _forget(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()  # read, so asyncio does not log it as never retrieved


def _owed_seconds(depth: OutboxDepth) -> float:
    oldest = depth.oldest_change
    if oldest is None:
        return 0.0
    changed = datetime.fromisoformat(oldest)  # the store's time text (data.rows.now_text), on both databases
    if changed.tzinfo is None:
        changed = changed.replace(tzinfo=UTC)
    return max(0.0, (datetime.now(UTC) - changed).total_seconds())


def _outbox_check(depth: OutboxDepth) -> Check:
    age = _owed_seconds(depth)
    text = f"{depth.owed} owed, the oldest for {age:.0f} s"
    if depth.owed >= OUTBOX_OWED_LIMIT:
        return Check(False, f"{text}: {OUTBOX_OWED_LIMIT} or more owed")
    if age >= OUTBOX_AGE_LIMIT.total_seconds():
        return Check(False, f"{text}: owed for {OUTBOX_AGE_LIMIT.total_seconds() / 60:.0f} minutes or more")
    return Check(True, text)


class MetricsServer:
    """The HTTP server of `/healthz` and `/metrics`; `close()` stops it and stops listening."""

    def __init__(self, metrics: Metrics, runner: web.AppRunner, address: str, port: int) -> None:
        self.metrics = metrics
        self.address = address
        self.port = port
        """The port listened on (the one the system chose when asked for 0)."""
        self._runner = runner

    @property
    def url(self) -> str:
        return f"http://{self.address}:{self.port}"

    async def close(self) -> None:
        self.metrics.detach()
        await self._runner.cleanup()


async def serve_metrics(
    bot: discord.Client, host: Host, *, port: int, host_address: str = "127.0.0.1"
) -> MetricsServer:
    """Serve `/healthz` and `/metrics` of this bot on `host_address:port` (port 0: any free
    port, `MetricsServer.port` says which)."""
    metrics = Metrics(bot, host)
    metrics.attach()

    async def healthz(request: web.Request) -> web.Response:
        checks = await metrics.checks()
        failing = [name for name, check in checks.items() if not check.ok]
        body = {
            "status": "failing" if failing else "ok",
            "failing": failing,
            "checks": {name: {"ok": check.ok, "detail": check.detail} for name, check in checks.items()},
        }
        return web.json_response(body, status=503 if failing else 200, dumps=json.dumps)

    async def prometheus(request: web.Request) -> web.Response:
        await metrics.refresh()
        response = web.Response(body=metrics.exposition())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    app = web.Application()
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/metrics", prometheus)
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, host_address, port)
    try:
        await site.start()
    except OSError:
        metrics.detach()
        await runner.cleanup()
        raise
    bound = port
    for address in _addresses(runner):
        bound = address[1]
    log.info("Health and metrics on http://%s:%d (/healthz, /metrics)", host_address, bound)
    return MetricsServer(metrics, runner, host_address, bound)


def _addresses(runner: web.AppRunner) -> Iterator[tuple[str, int]]:
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            yield (str(address[0]), int(address[1]))
