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

    @classmethod
    def of(cls, row: MatchSummary) -> MatchListing:
        return cls(
            id=row.id,
            game=row.game,
            status=row.status,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            seat_count=row.seat_count,
            players=row.players,
            updated_at=row.updated_at,
            log_length=row.log_length,
        )


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
        return cls(row.matches, row.wins, row.draws, row.losses, row.resigned, row.points)


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
        return cls(row.match_id, row.game, row.outcome, row.rank, row.points, row.finished_at)
