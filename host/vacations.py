"""Players' vacations (the vacation option of the player settings command): a player going away
for a few days stops their own turn clocks, in every match, while the other players' clocks run
on.

Chosen over a pause agreed by all the players of a match: a player leaving for a week has one
thing to do (not one agreement per match, with players who may be away themselves), and a match
is held up only where it is their turn. The cost is borne by the others, so it is bounded: at
most VACATION_DAYS days in any VACATION_WINDOW, per player.

A vacation is kept once over: the time it covered never counts on a clock (a turn that waited
through it continues from where it stopped), and it counts against the allowance until it leaves
the window. Ending one early (0 or "off") sets its end to that moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from data import VacationRow
from rules.text import phrase, plural_phrase

from .checks import check_id
from .errors import BadRequest
from .reading import MatchReader

VACATION_DAYS = 14
"""The most days of vacation a player may take in any VACATION_WINDOW."""
VACATION_WINDOW = timedelta(days=30)
VACATION_OFF = ("0", "off")
"""What ends a running vacation."""


@dataclass(frozen=True)
class Vacation:
    """A player's vacation as it is now, and what is left of their allowance."""

    until: datetime | None
    """When the running vacation ends; None when the player is not on vacation."""
    days_left: int
    """The whole days they may still take (the running vacation counted whole)."""


class VacationRefused(BadRequest):
    """A vacation the player cannot take (not a number of days, or more than is left)."""

    def __init__(self, value: object, *, days_left: int) -> None:
        self.value, self.days_left = value, days_left
        if days_left <= 0:
            text = plural_phrase(
                "Your {count} day of vacation in any {window} days is used up for now, so {value} cannot "
                "be taken; 0 (or off) ends a vacation early.",
                "Your {count} days of vacation in any {window} days are used up for now, so {value} cannot "
                "be taken; 0 (or off) ends a vacation early.",
                VACATION_DAYS,
                window=VACATION_WINDOW.days,
                value=repr(value),
            )
        else:
            text = phrase(
                "{value} is not a vacation you can take now: give a number of days from 1 to {left} "
                "(at most {days} days in any {window}), or 0 (or off) to end your vacation early.",
                value=repr(value),
                left=days_left,
                days=VACATION_DAYS,
                window=VACATION_WINDOW.days,
            )
        super().__init__(text)


def stored_moment(stored: str | None) -> datetime | None:
    """A time as the store keeps it (UTC when it says no zone); None when there is none."""
    try:
        when = datetime.fromisoformat(stored or "")
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def stored_text(moment: datetime) -> str:
    """A time as the store keeps it."""
    return moment.isoformat(timespec="milliseconds")


def _periods(rows: Sequence[VacationRow]) -> list[tuple[datetime, datetime]]:
    found = []
    for row in rows:
        start, end = stored_moment(row.starts_at), stored_moment(row.ends_at)
        if start is not None and end is not None and end > start:
            found.append((start, end))
    return found


def covered(periods: Sequence[tuple[datetime, datetime]], start: datetime, end: datetime) -> timedelta:
    """How much of the time from `start` to `end` the vacations cover (they never overlap)."""
    total = timedelta(0)
    for begins, ends in periods:
        overlap = min(ends, end) - max(begins, start)
        if overlap > timedelta(0):
            total += overlap
    return total


def _days_left(periods: Sequence[tuple[datetime, datetime]], now: datetime, *, upto: datetime) -> int:
    """The whole days of vacation a player may still take at `now`, counting what their vacations
    cover in the window up to `upto` (now, or the end of the running one)."""
    left = timedelta(days=VACATION_DAYS) - covered(periods, now - VACATION_WINDOW, upto)
    return max(0, left.days)


class Vacations(MatchReader):
    """The vacations part of the host (a mixin of `Host`)."""

    async def vacation(self, user_id: int, *, now: datetime | None = None) -> Vacation:
        check_id(user_id, "user id")
        now = now or datetime.now(UTC)
        periods = await self._vacations(user_id, now)
        until = next((end for start, end in periods if start <= now < end), None)
        return Vacation(until, _days_left(periods, now, upto=until or now))

    async def _vacations(self, user_id: int, now: datetime) -> list[tuple[datetime, datetime]]:
        """The player's vacations that still count against their allowance at `now`."""
        window = stored_text(now - VACATION_WINDOW)
        return _periods(await self.store.vacations(user_id, ending_after=window))

    async def set_vacation(self, user_id: int, days: str | int, *, now: datetime | None = None) -> Vacation:
        """Start a vacation of `days` whole days from now (it replaces a running one), or end the
        running one (0 or "off"); returns the vacation as it now is. A refused one changes nothing."""
        check_id(user_id, "user id")
        now = now or datetime.now(UTC)
        # A new vacation replaces the running one, which then counts only up to now.
        days_left = _days_left(await self._vacations(user_id, now), now, upto=now)
        text = str(days).strip().lower()
        if text in VACATION_OFF:
            length = 0
        elif text.isdigit() and 1 <= int(text) <= days_left:
            length = int(text)
        else:
            raise VacationRefused(days, days_left=days_left)
        await self.store.save_vacation(
            user_id, starts_at=stored_text(now), ends_at=stored_text(now + timedelta(days=length))
        )
        return await self.vacation(user_id, now=now)

    async def paused(self, user_id: int, since: datetime, now: datetime) -> timedelta:
        """How long the player's vacations stopped their clock between `since` and `now`."""
        if user_id <= 0:
            return timedelta(0)  # a computer, or a forgotten player: never on vacation
        periods = _periods(await self.store.vacations(user_id, ending_after=stored_text(since)))
        return covered(periods, since, now)
