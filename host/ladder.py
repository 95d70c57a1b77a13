"""The ladder side of the host: leaderboards, player statistics, game records, privacy.

What the /leaderboard, /stats, /history and /privacy commands show, computed from the store
and ready to display (ratings already turned into the one number players see).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from data import MatchSummary, PlayerRecord, RecentResult, Store

from .errors import HostError, MatchNotFound
from .matches import Host
from .ratings import GLOBAL_SCOPE, PROVISIONAL_SIGMA, display_rating
from .reading import game_by_key
from .records import GameRecord, read_record

PAGE_SIZE = 10
TREND_LENGTH = 10


class NothingToShow(HostError):
    """A page past the end, a player with no games, and the like."""


@dataclass(frozen=True)
class LeaderboardLine:
    rank: int
    user_id: int
    name: str
    rating: str
    """The displayed rating, with `?` while provisional."""
    matches: int
    wins: int


@dataclass(frozen=True)
class LeaderboardPage:
    game_key: str
    game_title: str
    scope: int
    """The guild id, or 0 (GLOBAL_SCOPE) for all servers."""
    page: int
    """1-based."""
    pages: int
    players: int
    lines: tuple[LeaderboardLine, ...]


@dataclass(frozen=True)
class PlayerStats:
    user_id: int
    name: str
    game_key: str
    game_title: str
    rating: str | None
    """The server rating as displayed, None before their first rated match."""
    global_rating: str | None
    provisional: bool
    trend: tuple[int, ...]
    """The displayed server rating after each of the last rated matches, oldest first."""
    record: PlayerRecord
    recent: tuple[RecentResult, ...]
    current: tuple[MatchSummary, ...]


class Ladder:
    """Read-mostly views of results for the commands; writes only for privacy requests."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.store: Store = host.store

    async def leaderboard(self, game_key: str, scope: int, page: int = 1) -> LeaderboardPage:
        game = game_by_key(game_key)
        total = await self.store.leaderboard_size(game.key, scope)
        pages = max(1, math.ceil(total / PAGE_SIZE))
        where = "across all servers" if scope == GLOBAL_SCOPE else "on this server"
        if total == 0:
            raise NothingToShow(
                f"Nobody has a {game.title} rating {where} yet: ratings come from finished matches "
                f"between two or more people. Start one with `/{game.key} new`."
            )
        if not 1 <= page <= pages:
            raise NothingToShow(f"The {game.title} leaderboard {where} has pages 1 to {pages}, not {page}.")
        lines = await self.store.leaderboard(game.key, scope, offset=(page - 1) * PAGE_SIZE, limit=PAGE_SIZE)
        return LeaderboardPage(
            game_key=game.key,
            game_title=game.title,
            scope=scope,
            page=page,
            pages=pages,
            players=total,
            lines=tuple(
                LeaderboardLine(
                    line.rank,
                    line.user_id,
                    line.name,
                    display_rating(line.mu, line.sigma),
                    line.matches,
                    line.wins,
                )
                for line in lines
            ),
        )

    async def stats(
        self, user_id: int, game_key: str, guild_id: int, *, name: str | None = None
    ) -> PlayerStats:
        game = game_by_key(game_key)
        record = await self.store.record(user_id, game.key)
        current = await self.store.match_summaries(user_id=user_id, game=game.key, guild_id=guild_id)
        stored_name = await self.store.player_name(user_id)
        shown = stored_name or name or "This player"
        if record.matches == 0 and not current:
            raise NothingToShow(f"{shown} has not played {game.title} yet.")
        rating = await self.store.rating(user_id, game.key, guild_id)
        global_rating = await self.store.rating(user_id, game.key, GLOBAL_SCOPE)
        trend = await self.store.rating_trend(user_id, game.key, guild_id, TREND_LENGTH)
        return PlayerStats(
            user_id=user_id,
            name=shown,
            game_key=game.key,
            game_title=game.title,
            rating=display_rating(rating.mu, rating.sigma) if rating else None,
            global_rating=display_rating(global_rating.mu, global_rating.sigma) if global_rating else None,
            provisional=rating is None or rating.sigma > PROVISIONAL_SIGMA,
            trend=tuple(int(display_rating(mu, sigma).rstrip("?")) for mu, sigma in trend),
            record=record,
            recent=tuple(await self.store.recent_results(user_id, game.key)),
            current=tuple(current),
        )

    async def record_text(self, match_id: int, guild_id: int) -> str:
        """The game record of a match of this server (see host.records for the format)."""
        return await self.host.record(match_id, guild_id)

    async def game_record(self, match_id: int, guild_id: int) -> GameRecord:
        """The record read back: every state of the game, for the animation."""
        snapshot = await self.host.get(match_id)
        if snapshot.guild_id != guild_id:
            raise MatchNotFound(f"There is no match #{match_id} on this server.")
        if snapshot.state is None:
            raise NothingToShow(f"{snapshot.title} has not started: there is no game to show yet.")
        return read_record(await self.host.record(match_id, guild_id))

    async def forget(self, user_id: int) -> str:
        """Erase a player: an anonymous label replaces their name and id in past matches, and
        their ratings are deleted. Returns the label."""
        label = await self.store.forget_player(user_id)
        if label is None:
            raise NothingToShow("Nothing is stored about you: there is nothing to forget.")
        return label

    async def erase_server(self, guild_id: int) -> int:
        """Delete every match of a server and its server ratings; returns how many matches."""
        return await self.store.erase_guild(guild_id)
