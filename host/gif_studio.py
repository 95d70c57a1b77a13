"""GIF replays drawn out of the way of the board pictures (issue 34): /history's GIFs.

A GIF takes seconds of CPU where a board picture takes milliseconds, so GIFs get an executor of
their own instead of the default pool that draws board pictures and answers autocomplete: a GIF
in progress never makes a move's picture wait. By default that executor is one worker process at
a lower priority (`GIF_NICENESS`): a GIF drawn in a thread of the bot's process held the
interpreter's lock often enough to take the move path's p99 from 13 to 24 ms (21 to 48 ms on a
busier machine; bench/replay_load_bench.py); a thread (`processes=False`) is there for the tests. Around it:
- a cache of finished GIFs keyed by (match id, match version), bounded by bytes (LRU): the same
  game asked twice is drawn once (two asks at once share one drawing);
- a per-user cooldown: a user who had a GIF drawn waits `cooldown` seconds before the next
  drawing (a cached GIF is served at once and does not count);
- a time budget: past `budget` seconds (queue included) the caller gets `ReplayOverBudget`; the
  drawing goes on in its thread and lands in the cache, so asking again later finds it.
No Discord here: the cog words the refusals.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from render.animation import animation

from .checks import game_by_key
from .language import language
from .records import GameRecord, RecordEntry

ReplayKey = tuple[int | str, ...]
"""(match id, match version, language): a finished match's version never changes, so neither does
its GIF in one language."""
Drawing = Callable[[], bytes | None]
"""Draws one GIF; None when the game cannot be drawn within Discord's limits."""

COOLDOWN_SECONDS = 30.0
BUDGET_SECONDS = 20.0
CACHE_BYTES = 8 * 1024 * 1024
"""The most bytes of GIFs the cache keeps: 8 MiB, four to eight GIFs (most weigh 1-2 MB): the
matches asked for again while they are talked about (issue 34: it held 32 MiB, a tenth of the
bot's whole memory budget, for GIFs that are posted once and then live in Discord)."""
GIF_NICENESS = 10
"""How much lower the GIF worker's scheduling priority is than the bot's (os.nice)."""
NOT_CACHED = object()


def draw_record(
    game_key: str,
    seat_count: int,
    options: dict[str, Any],
    entries: tuple[RecordEntry, ...],
    names: Sequence[str] | None,
    widths: Sequence[int],
    limit: int,
    language_code: str = "en",
) -> bytes | None:
    """The GIF of a game record at the first of `widths` whose GIF takes at most `limit` bytes;
    None when none does. Takes the record's parts, not the record: a game (its rules object)
    does not pickle, and this runs in the GIF worker process; `language_code`: the catalogue of
    the words drawn (a Language is read again there, once per process)."""
    record = GameRecord(game_by_key(game_key), options, seat_count, {}, entries)
    for width in widths:
        gif = animation(record.states(), names, width=width, words=language(language_code))
        if len(gif) <= limit:
            return gif
    return None


def _lower_priority() -> None:
    """In the GIF worker as it starts: let the bot's own process go first."""
    os.nice(GIF_NICENESS)


class ReplayCoolingDown(Exception):
    """The user had a GIF drawn less than the cooldown ago."""

    def __init__(self, until: float) -> None:
        super().__init__(f"next GIF at {until:.0f}")
        self.until = until
        """When the user may ask again (seconds since the epoch, as a Discord timestamp wants)."""


class ReplayOverBudget(Exception):
    """The GIF was not ready within the budget."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"no GIF within {seconds:g} s")
        self.seconds = seconds


class ReplayStudio:
    """Draws, caches and rations /history's GIFs (one per cog, closed with it)."""

    def __init__(
        self,
        *,
        cooldown: float = COOLDOWN_SECONDS,
        budget: float = BUDGET_SECONDS,
        cache_bytes: int = CACHE_BYTES,
        clock: Callable[[], float] = time.time,
        processes: bool = True,
    ) -> None:
        self.cooldown = cooldown
        self.budget = budget
        self.cache_bytes = cache_bytes
        self.clock = clock
        self.drawings = 0
        """GIFs drawn (started) since the start: a cache hit does not add one."""
        self.processes = processes
        # One worker: GIFs wait for each other, never for the board pictures (nor these for them).
        # The process is started for a GIF and stopped when none is left to draw: an idle bot
        # keeps no GIF worker (its imports and a GIF's frames weigh about 100 MB).
        self._executor: Executor | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        # The worker thread stores a drawing finished after its budget: the lock guards the cache.
        self._lock = threading.Lock()
        self._cache: OrderedDict[ReplayKey, bytes | None] = OrderedDict()
        self._cached_bytes = 0
        self._drawing: dict[ReplayKey, Future[bytes | None]] = {}
        self._last_drawn: dict[int, float] = {}

    @property
    def has_worker(self) -> bool:
        """Whether a GIF worker is up (only while GIFs are drawn or queued)."""
        return self._executor is not None

    @property
    def cached_bytes(self) -> int:
        return self._cached_bytes

    def cached(self, key: ReplayKey) -> object:
        """The cached GIF (bytes, or None for a game too long to draw), else NOT_CACHED."""
        with self._lock:
            if key not in self._cache:
                return NOT_CACHED
            self._cache.move_to_end(key)
            return self._cache[key]

    def _store(self, key: ReplayKey, gif: bytes | None) -> None:
        size = len(gif) if gif is not None else 0
        with self._lock:
            if key in self._cache or size > self.cache_bytes:
                return
            self._cache[key] = gif
            self._cached_bytes += size
            while self._cached_bytes > self.cache_bytes:
                _, old = self._cache.popitem(last=False)
                self._cached_bytes -= len(old) if old is not None else 0

    async def gif(self, key: ReplayKey, user_id: int, draw: Drawing) -> bytes | None:
        """The match's GIF: from the cache, from a drawing already under way, or drawn now on the
        GIF thread. Raises ReplayCoolingDown (nothing drawn) or ReplayOverBudget."""
        found = self.cached(key)
        if found is not NOT_CACHED:
            return found  # type: ignore[return-value]
        future = self._drawing.get(key)
        if future is None:
            now = self.clock()
            last = self._last_drawn.get(user_id)
            if last is not None and now < last + self.cooldown:
                raise ReplayCoolingDown(last + self.cooldown)
            self._last_drawn[user_id] = now
            self._forget_cooled(now)
            self._loop = asyncio.get_running_loop()
            future = self._worker().submit(draw)
            self.drawings += 1
            self._drawing[key] = future
            future.add_done_callback(lambda done: self._finished(key, done))
        try:
            # shield: a caller past its budget stops waiting; the drawing goes on into the cache.
            return await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.budget)
        except TimeoutError:
            raise ReplayOverBudget(self.budget) from None

    def _worker(self) -> Executor:
        if self._executor is None:
            self._executor = (
                ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=_lower_priority
                )
                if self.processes
                else ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavern-gif")
            )
        return self._executor

    def _finished(self, key: ReplayKey, future: Future[bytes | None]) -> None:
        """In the executor's thread: keep the GIF, forget the drawing; stop an idle worker (on
        the event loop, where drawings are started)."""
        if not future.cancelled() and future.exception() is None:
            self._store(key, future.result())  # before it stops being "under way": no gap
        self._drawing.pop(key, None)
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._stop_if_idle)

    def _stop_if_idle(self) -> None:
        if not self._drawing and self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None

    def _forget_cooled(self, now: float) -> None:
        """Drop users whose cooldown is over, so the table holds only the last `cooldown` s."""
        if len(self._last_drawn) > 1024:
            for user, when in list(self._last_drawn.items()):
                if when + self.cooldown <= now:
                    del self._last_drawn[user]

    def close(self) -> None:
        """Stop the GIF worker (a drawing under way finishes; queued ones are dropped)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
