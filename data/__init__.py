"""The SQLite store (aiosqlite): matches, their move logs, players. No rules logic."""

from .store import (
    ACTIVE_STATUSES,
    MATCH_STATUSES,
    BoardLine,
    LogEntry,
    MatchChange,
    MatchRow,
    MatchSummary,
    PlayerRecord,
    RatingRow,
    RecentResult,
    ResultRow,
    SeatRow,
    Store,
    StoreError,
    VersionConflict,
)

__all__ = [
    "ACTIVE_STATUSES",
    "MATCH_STATUSES",
    "BoardLine",
    "LogEntry",
    "MatchChange",
    "MatchRow",
    "MatchSummary",
    "PlayerRecord",
    "RatingRow",
    "RecentResult",
    "ResultRow",
    "SeatRow",
    "Store",
    "StoreError",
    "VersionConflict",
]
