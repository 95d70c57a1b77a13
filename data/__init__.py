"""The store: matches, their move logs, players, ratings; no rules logic. One interface, `Store`
(data/store.py, with the SQL both drivers share), over one driver a module: SQLite
(data/sqlite.py, the embedded default) or PostgreSQL (data/postgres.py, asyncpg, loaded only when
asked for). `open_store` picks the driver from what DATABASE_URL or DATABASE_PATH names; the rows
the store reads and writes are values (data/rows.py), the same whichever driver read them."""

from __future__ import annotations

from pathlib import Path

from .rows import (
    MATCH_STATUSES,
    Announcement,
    BoardLine,
    DueAnnouncement,
    GameScore,
    GuildSettings,
    HeldSeat,
    IdleMatch,
    LogEntry,
    MatchChange,
    MatchPlacement,
    MatchRow,
    MatchSummary,
    OfferNoticeClaim,
    OutboxDepth,
    PlayerRecord,
    RatingMove,
    RatingRow,
    RecentResult,
    ResultRow,
    SeatRow,
    SettingsRow,
    StoreClosing,
    StoreError,
    StoreUnavailable,
    VacationRow,
    VersionConflict,
    WaitingTurn,
)
from .sqlite import SYNC_MODES, SqliteStore
from .store import Connection, Store
from .tournament_rows import (
    LOBBY_GRACE,
    AlreadyEntered,
    EntrantRow,
    GameKey,
    GameTaken,
    PlannedGame,
    SignupClosed,
    TournamentFull,
    TournamentGameRow,
    TournamentNotFound,
    TournamentRefused,
    TournamentRow,
)
from .vocabulary import (
    ACTIVE_STATUSES,
    OVER_STATUSES,
    TOURNAMENT_MOVES,
    EntryKind,
    LeftReason,
    MatchStatus,
    Notify,
    TournamentFormat,
    TournamentStatus,
)

SQLITE_SCHEME = "sqlite://"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")


async def open_store(target: str | Path, *, synchronous: str = "full") -> Store:
    """The store `target` names: a file path or `sqlite:///path` (SQLite, the default), or a
    `postgresql://…` URL (a socket folder may be given as `?host=/path`). Raises
    StoreUnavailable when it cannot be used."""
    text = str(target)
    if text.startswith(POSTGRES_SCHEMES):
        from .postgres import PostgresStore  # asyncpg is loaded only for PostgreSQL

        return await PostgresStore.open(text)
    if text.startswith(SQLITE_SCHEME):
        target = text.removeprefix(SQLITE_SCHEME)
        if not target:
            raise StoreUnavailable(f"The database URL {text} names no file: write it as sqlite:///path/file.")
    elif "://" in text:
        raise StoreUnavailable(
            f"The database URL {text} is neither sqlite:///path nor postgresql://…: "
            "set DATABASE_URL to one of these."
        )
    return await SqliteStore.open(target, synchronous=synchronous)


__all__ = [
    "ACTIVE_STATUSES",
    "LOBBY_GRACE",
    "MATCH_STATUSES",
    "OVER_STATUSES",
    "SYNC_MODES",
    "TOURNAMENT_MOVES",
    "AlreadyEntered",
    "Announcement",
    "BoardLine",
    "Connection",
    "DueAnnouncement",
    "EntrantRow",
    "EntryKind",
    "GameKey",
    "GameScore",
    "GameTaken",
    "GuildSettings",
    "HeldSeat",
    "IdleMatch",
    "LeftReason",
    "LogEntry",
    "MatchChange",
    "MatchPlacement",
    "MatchRow",
    "MatchStatus",
    "MatchSummary",
    "Notify",
    "OfferNoticeClaim",
    "OutboxDepth",
    "PlannedGame",
    "PlayerRecord",
    "RatingMove",
    "RatingRow",
    "RecentResult",
    "ResultRow",
    "SeatRow",
    "SettingsRow",
    "SignupClosed",
    "SqliteStore",
    "Store",
    "StoreClosing",
    "StoreError",
    "StoreUnavailable",
    "TournamentFormat",
    "TournamentFull",
    "TournamentGameRow",
    "TournamentNotFound",
    "TournamentRefused",
    "TournamentRow",
    "TournamentStatus",
    "VacationRow",
    "VersionConflict",
    "WaitingTurn",
    "open_store",
]
