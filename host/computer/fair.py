"""Turns at the worker pool, shared fairly between the people whose matches are waiting.

First come, first served lets one person who opened many matches against the computer push
everyone else's reply behind all of theirs. Here each waiting request belongs to a requester (the
person whose move led to the computer's turn) and a free slot goes to the requesters in turn
(round-robin), each one's own requests in the order they came (FIFO): with one person's twenty
requests waiting, another's is served second at worst, whatever the twenty.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class FairSlots:
    """`slots` places, given in turn to the requesters that wait: `async with fair.turn(who):`.

    Made for one event loop (the pool makes one per loop)."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("slots must be at least 1")
        self._free = slots
        self._waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()
        """Requesters with requests waiting, in the order they are served next (the one served
        moves to the end); each one's waiting requests, oldest first."""

    @property
    def waiting(self) -> int:
        """How many requests wait for a slot."""
        return sum(len(queue) for queue in self._waiting.values())

    @asynccontextmanager
    async def turn(self, requester: Hashable) -> AsyncIterator[None]:
        """Hold one slot for the block, once it is `requester`'s turn."""
        await self._acquire(requester)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, requester: Hashable) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(requester, deque()).append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self._release()  # the slot came as it was cancelled: pass it on
            else:
                self._forget(requester, granted)
            raise

    def _release(self) -> None:
        self._free += 1
        while self._free > 0 and self._waiting:
            requester, queue = next(iter(self._waiting.items()))
            granted = queue.popleft()
            if queue:
                self._waiting.move_to_end(requester)  # the others' turn before its next one
            else:
                del self._waiting[requester]
            if not granted.done():
                self._free -= 1
                granted.set_result(None)

    def _forget(self, requester: Hashable, granted: asyncio.Future[None]) -> None:
        queue = self._waiting.get(requester)
        if queue is None:
            return
        try:
            queue.remove(granted)
        except ValueError:
            return
        if not queue:
            del self._waiting[requester]
