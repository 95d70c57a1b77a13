"""The SQLite store (aiosqlite): matches, their move logs, players. No rules logic."""

from .store import (
    MATCH_STATUSES,
    SYNC_MODES,
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
    StoreUnavailable,
    VersionConflict,
)
from .vocabulary import ACTIVE_STATUSES, OVER_STATUSES, EntryKind, MatchStatus

__all__ = [
    "ACTIVE_STATUSES",
    "MATCH_STATUSES",
    "OVER_STATUSES",
    "SYNC_MODES",
    "BoardLine",
    "EntryKind",
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
    "StoreUnavailable",
    "VersionConflict",
]
