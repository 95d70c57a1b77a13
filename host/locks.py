"""One lock per match, kept only while someone holds it or waits for it."""

from __future__ import annotations

import asyncio
from types import TracebackType


class _Holders:
    __slots__ = ("count", "lock")

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.count = 0
        """The coroutines holding or waiting for the lock."""


class MatchLocks:
    """Serialises the changes to each match within this process. A match's lock is dropped as
    soon as nobody holds or awaits it, so a long-running bot keeps no lock per match it ever saw."""

    def __init__(self) -> None:
        self._held: dict[int, _Holders] = {}

    def __len__(self) -> int:
        return len(self._held)

    def hold(self, match_id: int) -> _Hold:
        """`async with locks.hold(match_id):` the block runs alone among this match's holders."""
        return _Hold(self._held, match_id)


class _Hold:
    """The context manager of `MatchLocks.hold`: a plain class, not an async generator, since
    every move takes one (an async generator costs a hook call and a weak reference a use)."""

    __slots__ = ("_held", "_holders", "_match_id")

    def __init__(self, held: dict[int, _Holders], match_id: int) -> None:
        self._held = held
        self._match_id = match_id

    async def __aenter__(self) -> None:
        holders = self._held.get(self._match_id)
        if holders is None:
            holders = self._held[self._match_id] = _Holders()
        self._holders = holders
        holders.count += 1
        try:
            await holders.lock.acquire()
        except BaseException:  # cancelled while waiting: it never held the lock
            self._leave()
            raise

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._holders.lock.release()
        self._leave()

    def _leave(self) -> None:
        self._holders.count -= 1
        if self._holders.count == 0:
            del self._held[self._match_id]
