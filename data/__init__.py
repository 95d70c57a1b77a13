"""The SQLite store (aiosqlite): matches, their move logs, players. No rules logic."""

from .store import (
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
from .vocabulary import ACTIVE_STATUSES, OVER_STATUSES, EntryKind, LeftReason, MatchStatus

__all__ = [
    "ACTIVE_STATUSES",
    "MATCH_STATUSES",
    "OVER_STATUSES",
    "BoardLine",
    "EntryKind",
    "LeftReason",
    "LogEntry",
    "MatchChange",
    "MatchRow",
    "MatchStatus",
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
