"""The announcement outbox: every stored change of a match is shown in its channel, once.

A change owes its channel a new match message, and `Host._commit` records that debt in the
change's own transaction (an outbox row, `data.Announcement`). Whoever made the change posts the
message and pays the debt (`announced`); a post that fails is tried again later
(`announce_failed`), and whatever is still owed after a crash or a Discord failure is found by
`due_announcements` and posted by the background sweep, with the ping the player to move is
owed. While a path of this process is posting a match's message, or playing its computer seats,
it holds the match (`announcing`) and the sweep leaves the match alone.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from data import Announcement, DueAnnouncement, Store

from .errors import MatchNotFound
from .reading import MatchReader
from .snapshot import MatchSnapshot
from .turns import described_log

ANNOUNCE_GRACE = timedelta(seconds=45)
"""How long the path that made a change has to post its message before the sweep may. discord.py
retries a failing request for about 25 s before it gives up."""

CLAIM_LEASE = timedelta(minutes=2)
"""How long a process that took an owed message (`due_announcements`) has to post it before
another may: longer than discord.py's retries; if the process dies, the message is due again then."""

RETRY_DELAYS = (timedelta(seconds=5), timedelta(seconds=30), timedelta(minutes=2), timedelta(minutes=10))
"""How long to wait after the 1st, 2nd, 3rd and every later failed post."""


@dataclass(frozen=True)
class DueMessage:
    """A match message still owed to its channel: the match as it is now, with every entry no
    message has shown yet in `snapshot.played`."""

    snapshot: MatchSnapshot
    ping: bool
    """The player to move is owed a ping."""
    attempts: int
    """Posts of it that failed so far."""


def _when(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


def owed(since_ply: int, *, ping: bool, now: datetime | None = None) -> Announcement:
    """The outbox row of a change made now, whose message shows the log from `since_ply`."""
    return Announcement(since_ply, ping, _when((now or datetime.now(UTC)) + ANNOUNCE_GRACE))


class MatchAnnouncements(MatchReader):
    """The outbox part of the host (a mixin of `Host`)."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        self._announcing: set[int] = set()

    @asynccontextmanager
    async def announcing(self, match_id: int) -> AsyncIterator[None]:
        """Hold a match while this process posts its message or plays its computer seats: the
        sweep does not post it meanwhile."""
        self._announcing.add(match_id)
        try:
            yield
        finally:
            self._announcing.discard(match_id)

    def is_announcing(self, match_id: int) -> bool:
        return match_id in self._announcing

    @property
    def shares_store(self) -> bool:
        """Other bot processes may use the same database (PostgreSQL): what is owed cannot all
        be taken at start-up, and background jobs are claimed (`claimed`)."""
        return self.store.shared

    def claimed(self, job: str) -> AbstractAsyncContextManager[bool]:
        """Take a background job (the turn clock's sweep) for this process for the block: True
        when taken; False when another process is doing it now, and this one should not."""
        return self.store.claim(job)

    async def announced(self, match_id: int, version: int, message_id: int, channel_id: int) -> None:
        """The message showing the match at `version` was taken by Discord: remember it, and
        pay what the outbox owed up to that version."""
        await self.store.set_message(match_id, message_id, channel_id, version=version)
        # The match kept follows it: the next move need not read the match again.
        self.kept.follow(
            match_id, lambda row: replace(row, message_id=message_id, message_channel_id=channel_id)
        )

    async def thread_opened(self, match_id: int, thread_id: int) -> None:
        """The bot opened the match's thread: its match messages go there from now on."""
        await self.store.set_thread(match_id, thread_id)
        self.kept.follow(match_id)

    async def thread_gone(self, match_id: int) -> None:
        """The match's thread cannot be used (deleted, or never opened): the match goes on in
        its channel, as a match without a thread."""
        await self.store.set_thread(match_id, None)
        self.kept.follow(match_id)

    async def announce_failed(self, match_id: int, version: int, attempts: int = 0) -> None:
        """Posting the message of `version` failed (for the `attempts`+1-th time): try later."""
        delay = RETRY_DELAYS[min(attempts, len(RETRY_DELAYS) - 1)]
        await self.store.postpone_announcement(match_id, version, _when(datetime.now(UTC) + delay))

    async def due_announcements(
        self, *, everything: bool = False, now: datetime | None = None, limit: int = 50
    ) -> list[DueMessage]:
        """The match messages owed now, taken for this process for `CLAIM_LEASE` so that no
        other process posts them meanwhile (`everything`: also those whose grace has not run out,
        as at start-up, when no path of this process can still be posting them: only right where
        no other process shares the store); matches this process is announcing are left out."""
        moment = now or datetime.now(UTC)
        due = []
        rows = await self.store.claim_announcements(
            now=None if everything else _when(moment), lease_until=_when(moment + CLAIM_LEASE), limit=limit
        )
        for row in rows:
            if self.is_announcing(row.match_id):
                continue
            message = await self._due_message(row)
            if message is not None:
                due.append(message)
        return due

    async def owed_message(self, snapshot: MatchSnapshot) -> DueMessage | None:
        """The message still owed for a match that `snapshot` (just returned by a change) shows,
        or None when nothing is owed: the snapshot itself when it shows every unshown entry."""
        rows = await self.store.due_announcements(match_id=snapshot.id)
        if not rows:
            return None
        row = rows[0]
        first = snapshot.played[0].ply if snapshot.played else snapshot.ply
        if row.version == snapshot.version and row.since_ply >= first:
            return DueMessage(snapshot, row.ping, row.attempts)
        return await self._due_message(row)

    async def _due_message(self, row: DueAnnouncement) -> DueMessage | None:
        try:
            loaded = await self._load(row.match_id)
        except MatchNotFound:
            return None  # deleted meanwhile (the outbox row went with it)
        snapshot = await self._snapshot(loaded, ())
        if snapshot.state is not None and row.since_ply < snapshot.ply:
            entries = await self.store.log(row.match_id)
            start = loaded.game.start(loaded.row.seat_count, **loaded.row.options)
            names = [seat.name for seat in snapshot.seats]
            _, played = described_log(start, entries, row.since_ply, names)
            snapshot = replace(snapshot, played=tuple(played))
        return DueMessage(snapshot, row.ping, row.attempts)
