"""The worker pool: computer players think in worker processes, off the event loop."""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import TypeVar

from rules import State

from .fair import FairSlots
from .search import MAX_THINKING, accepts_draw, check_playable, choose_move, level_named

T = TypeVar("T")
Job = Callable[[State], T]
"""Thinking about one state: a picklable function (a `partial` of a module-level one)."""


def _run(blob: bytes, job: Job[T]) -> T:
    """Runs in a worker process: unpickle the state and think about it."""
    return job(pickle.loads(blob))


def _choose(state: State, level: str, seed: int, time_limit: float | None, iterations: int | None) -> str:
    return str(choose_move(state, level, seed, time_limit=time_limit, iterations=iterations))


PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process gets when its parent dies."""
PARENT_CHECK_SECONDS = 0.5


def _end_with_parent(parent_pid: int) -> None:
    """Runs first in each worker: the worker ends when the bot's process dies, even by kill -9
    (then nothing else stops it, and it would wait on its queue for ever)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass  # the watchdog below still ends the worker
    if os.getppid() != parent_pid:  # the parent died before the line above took effect
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent_pid,), name="parent-watchdog", daemon=True).start()


def _watch_parent(parent_pid: int) -> None:
    """Portable fallback: a worker whose parent died is adopted by another process."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


IDLE_SECONDS = 60.0
"""How long the workers stay once no computer is thinking: then they stop, and the next computer
move starts them again (about 0.3 s of CPU for each, beside the move: a fresh process and the
rules). A bot whose players think for minutes, as most do, keeps no idle workers (each holds 35-60
MB: the interpreter, the rules, the bot's own imports, a search's leftovers)."""
MAX_WORKERS = 8
"""The most worker processes a pool may have (each holds the rules and a search in memory)."""


def default_workers() -> int:
    """One worker per core this process may run on (at least 1, at most MAX_WORKERS): a search
    keeps one core busy for its whole time budget."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cores))


def _warm_up() -> None:
    """Runs in each new worker so the first real move does not pay for the imports."""
    import rules  # noqa: F401


class ComputerPool:
    """Runs computer players' thinking off the event loop, in worker processes.

    `await pool.choose(state, level, seed)` returns the notation of the chosen move (play it with
    `state.play(text)`). A state that cannot be pickled is thought about in a thread instead. A
    worker that does not answer within `timeout` seconds is killed (a fresh one is started for the
    next move) and an easy-level move is played instead, so a computer seat never hangs a match.
    `await pool.accepts_draw(state, seat, level, seed)` is a computer seat's answer to a draw
    offer, thought about the same way (no answer in time declines).

    `workers`: how many searches run at once (default: one per core, `default_workers`). Requests
    that wait for a worker are served fairly: each belongs to a `requester` (the person whose move
    led to the computer's turn), and the requesters take turns (`FairSlots`), so that one person's
    many matches cannot hold back another's reply. The workers stop once nothing was thought about
    for `idle_seconds` (`IDLE_SECONDS`), and start again at the next request.
    """

    def __init__(
        self,
        workers: int | None = None,
        *,
        timeout: float = MAX_THINKING + 3.0,
        context: str = "spawn",
        idle_seconds: float = IDLE_SECONDS,
    ) -> None:
        workers = default_workers() if workers is None else workers
        if not 1 <= workers <= MAX_WORKERS:
            raise ValueError(f"workers must be between 1 and {MAX_WORKERS}")
        self.workers = workers
        self.timeout = timeout
        self.idle_seconds = idle_seconds
        self._context = multiprocessing.get_context(context)
        self._executor: ProcessPoolExecutor | None = None
        self._slots: tuple[asyncio.AbstractEventLoop, FairSlots] | None = None
        self.timeouts = 0
        """How many moves hit the hard timeout (and were played at the easy level)."""
        self.thread_fallbacks = 0
        """How many moves were thought about in a thread (state not picklable)."""
        self._thinking = 0
        """Requests submitted to the workers and not answered yet."""
        self._idle_timer: asyncio.TimerHandle | None = None
        """Stops the workers `idle_seconds` after the last answer (cancelled by a new request)."""

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=self._context,
                initializer=_end_with_parent,
                initargs=(os.getpid(),),
            )
            for _ in range(self.workers):
                self._executor.submit(_warm_up)
        return self._executor

    def start(self) -> None:
        """Start the workers now rather than at the first move (optional)."""
        self._pool()

    @property
    def has_workers(self) -> bool:
        """Whether worker processes are up (from the first request until `idle_seconds` after the
        last answer)."""
        return self._executor is not None

    def _stop_if_idle(self) -> None:
        """On the event loop, `idle_seconds` after the last answer: stop the idle workers."""
        self._idle_timer = None
        executor = self._executor
        if self._thinking == 0 and executor is not None:
            self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)

    async def choose(
        self,
        state: State,
        level: str,
        seed: int,
        *,
        time_limit: float | None = None,
        iterations: int | None = None,
        requester: int | None = None,
    ) -> str:
        """The notation of the move `choose_move` picks, computed in a worker process, in
        `requester`'s turn."""
        level_named(level)
        check_playable(state)
        job = partial(_choose, level=level, seed=seed, time_limit=time_limit, iterations=iterations)
        easy = partial(_choose, level="easy", seed=seed, time_limit=None, iterations=None)
        return await self._think(state, job, easy, requester)

    async def accepts_draw(
        self,
        state: State,
        seat: int,
        level: str,
        seed: int,
        *,
        iterations: int | None = None,
        requester: int | None = None,
    ) -> bool:
        """Whether the computer playing `seat` agrees to a draw (`search.accepts_draw`), computed
        in a worker process; one that does not answer in time declines (the game goes on)."""
        level_named(level)
        job = partial(accepts_draw, seat=seat, level=level, seed=seed, iterations=iterations)
        return await self._think(state, job, lambda _: False, requester)

    @property
    def waiting(self) -> int:
        """How many requests wait for a worker now."""
        return 0 if self._slots is None else self._slots[1].waiting

    async def _think(self, state: State, job: Job[T], fallback: Job[T], requester: int | None) -> T:
        """`job(state)` in a worker process, else (a state that cannot be pickled) in a thread;
        `fallback(state)`, quick, when it does not answer within the timeout."""
        try:
            blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.loads(blob)
        except Exception:
            # Not picklable: think in a thread (the search keeps to its time limit there too).
            self.thread_fallbacks += 1
            try:
                return await asyncio.wait_for(asyncio.to_thread(job, state), self.timeout)
            except TimeoutError:
                self.timeouts += 1
                return await asyncio.to_thread(fallback, state)
        # At most `workers` searches are submitted at once, so the timeout counts thinking only,
        # never waiting in the executor's queue behind other matches' moves; the waiting ones
        # are served per requester in turn.
        loop = asyncio.get_running_loop()
        if self._slots is None or self._slots[0] is not loop:
            self._slots = (loop, FairSlots(self.workers))
        async with self._slots[1].turn(requester):
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            self._thinking += 1
            try:
                executor = self._pool()
                try:
                    future = executor.submit(_run, blob, job)
                except (BrokenProcessPool, RuntimeError):
                    self._discard(executor)
                    executor = self._pool()
                    future = executor.submit(_run, blob, job)
                try:
                    return await asyncio.wait_for(asyncio.wrap_future(future, loop=loop), self.timeout)
                except (TimeoutError, BrokenProcessPool):
                    self.timeouts += 1
                    self._kill(executor, future)
            finally:
                self._thinking -= 1
                if self._thinking == 0 and self._executor is not None:
                    self._idle_timer = loop.call_later(self.idle_seconds, self._stop_if_idle)
        return await asyncio.to_thread(fallback, state)

    def _kill(self, executor: ProcessPoolExecutor, future: Future[T]) -> None:
        """Kill the executor's workers (one may be stuck on a search) and forget the executor.
        A move another worker was thinking about fails too and is played at the easy level."""
        future.cancel()
        processes = dict(getattr(executor, "_processes", None) or {})
        for process in processes.values():
            if process.is_alive():
                process.kill()
        self._discard(executor)

    def _discard(self, executor: ProcessPoolExecutor) -> None:
        if self._executor is executor:
            self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waits for a move being thought about, at most a few seconds)."""
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None
        executor = self._executor
        self._executor = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
