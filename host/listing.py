"""The host's read models for lists and statistics: what the cogs read, owned by the host (the
store's rows stay below it)."""

from __future__ import annotations

from dataclasses import dataclass

from data import MatchStatus, MatchSummary, PlayerRecord, RecentResult


@dataclass(frozen=True)
class MatchListing:
    """A line of a match list."""

    id: int
    game: str
    """The game key."""
    status: MatchStatus
    guild_id: int
    channel_id: int
    seat_count: int
    players: tuple[str, ...]
    updated_at: str
    log_length: int
    """How many log entries the match has."""
    move_count: int
    """How many moves its seats have played (what players count as moves)."""

    @classmethod
    def of(cls, row: MatchSummary) -> MatchListing:
        return cls(**vars(row))  # the same fields


@dataclass(frozen=True)
class GameTally:
    """A player's record in one game (every finished match, rated or not)."""

    matches: int
    wins: int
    draws: int
    losses: int
    resigned: int
    points: float

    @classmethod
    def of(cls, row: PlayerRecord) -> GameTally:
        return cls(**vars(row))  # the same fields


@dataclass(frozen=True)
class RecentMatch:
    """One of a player's last finished matches."""

    match_id: int
    game: str
    outcome: str
    """'win', 'draw' or 'loss'."""
    rank: int
    points: float
    finished_at: str

    @classmethod
    def of(cls, row: RecentResult) -> RecentMatch:
        return cls(**vars(row))  # the same fields
