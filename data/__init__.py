"""The SQLite store (aiosqlite): matches, their move logs, players. No rules logic."""

from .store import (
    ACTIVE_STATUSES,
    MATCH_STATUSES,
    LogEntry,
    MatchChange,
    MatchRow,
    MatchSummary,
    SeatRow,
    Store,
    StoreError,
    VersionConflict,
)

__all__ = [
    "ACTIVE_STATUSES",
    "MATCH_STATUSES",
    "LogEntry",
    "MatchChange",
    "MatchRow",
    "MatchSummary",
    "SeatRow",
    "Store",
    "StoreError",
    "VersionConflict",
]
