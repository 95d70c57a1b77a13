"""One lock per match, kept only while someone holds it or waits for it."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class _Holders:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    count: int = 0
    """The coroutines holding or waiting for the lock."""


class MatchLocks:
    """Serialises the changes to each match within this process. A match's lock is dropped as
    soon as nobody holds or awaits it, so a long-running bot keeps no lock per match it ever saw."""

    def __init__(self) -> None:
        self._held: dict[int, _Holders] = {}

    def __len__(self) -> int:
        return len(self._held)

    @asynccontextmanager
    async def hold(self, match_id: int) -> AsyncIterator[None]:
        holders = self._held.setdefault(match_id, _Holders())
        holders.count += 1
        try:
            async with holders.lock:
                yield
        finally:
            holders.count -= 1
            if holders.count == 0:
                del self._held[match_id]
