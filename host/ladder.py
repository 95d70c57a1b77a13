"""The ladder side of the host: leaderboards, player statistics, game records, privacy.

What the /leaderboard, /stats, /history and /privacy commands show, computed from the store
and ready to display (ratings already turned into the one number players see).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from data import BoardLine, Store
from rules import GAMES
from rules.text import Phrase, phrase

from .checks import check_id, game_by_key
from .errors import HostError, MatchNotFound, MatchRef, StaleTurn, UnknownGame
from .listing import GameTally, MatchListing, RecentMatch
from .matches import Host
from .ratings import GLOBAL_SCOPE, PROVISIONAL_SIGMA, display_rating, lowest_ordinal_shown_as, shown_number
from .records import GameRecord, read_record
from .snapshot import MatchSnapshot
from .tournament.snapshot import MatchTournament

PAGE_SIZE = 10
TREND_LENGTH = 10


class NothingToShow(HostError):
    """A page past the end, a player with no games, and the like."""


class NoRatingsYet(NothingToShow):
    """Nobody has a rating in this game and scope; playing a match (the game's `new` command)
    would make one."""

    def __init__(self, *, game_key: str, game_title: str, scope: int) -> None:
        self.game_key, self.game_title, self.scope = game_key, game_title, scope
        if scope == GLOBAL_SCOPE:
            text = phrase(
                "Nobody has a {game} rating across all servers yet: ratings come from finished matches "
                "between two or more people. Start one.",
                game=game_title,
            )
        else:
            text = phrase(
                "Nobody has a {game} rating on this server yet: ratings come from finished matches "
                "between two or more people. Start one.",
                game=game_title,
            )
        super().__init__(text)


class PageOutOfRange(NothingToShow):
    def __init__(self, *, game_title: str, scope: int, page: int, pages: int) -> None:
        self.game_title, self.scope, self.page, self.pages = game_title, scope, page, pages
        if scope == GLOBAL_SCOPE:
            text = phrase(
                "The {game} leaderboard across all servers has pages 1 to {pages}, not {page}.",
                game=game_title,
                pages=pages,
                page=page,
            )
        else:
            text = phrase(
                "The {game} leaderboard on this server has pages 1 to {pages}, not {page}.",
                game=game_title,
                pages=pages,
                page=page,
            )
        super().__init__(text)


class NotPlayedYet(NothingToShow):
    def __init__(self, *, name: Phrase | str, game_title: str) -> None:
        self.name, self.game_title = name, game_title
        super().__init__(phrase("{player} has not played {game} yet.", player=name, game=game_title))


class NotYourMatch(MatchNotFound):
    """Outside a server, /history shows only the matches the player took part in."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            phrase(
                "You took no part in a match #{id}. Outside a server, the matches you played are shown; in "
                "a server, that server's matches.",
                id=str(match_id),
            ),
            match_id=match_id,
        )


class NoGameYet(NothingToShow):
    """A match that has not started has no game record to show."""

    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(phrase("{match} has not started: there is no game to show yet.", match=match.title))


@dataclass(frozen=True)
class LadderGame:
    """A game as the ladder and statistics count it: a game, or a variant players know as a game
    of its own (Jai Kerboge, Kerboge for two: `Game.ladder_key`)."""

    key: str
    """What results and ratings are stored under: the game's key, or the variant's."""
    title: str
    game_key: str
    """The game (`rules.GAMES`) whose matches count here."""
    seats: tuple[int, ...]
    """The seat counts of those matches."""


def _ladders() -> dict[str, LadderGame]:
    found: dict[str, LadderGame] = {}
    for game in GAMES.values():
        # The game's own ladder first (Kerboge, then Jai Kerboge).
        for seats in sorted(game.seats, key=lambda n: game.ladder_key(n) != game.key):
            key = game.ladder_key(seats)
            counted = found[key].seats if key in found else ()
            found[key] = LadderGame(key, game.title_for(seats), game.key, tuple(sorted((*counted, seats))))
    return found


LADDERS = _ladders()
"""Every ladder by key, in the order the commands offer them."""


def ladder_named(key: str) -> LadderGame:
    try:
        return LADDERS[key]
    except KeyError:
        raise UnknownGame(key, tuple(LADDERS)) from None


def scope_phrase(scope: int) -> str:
    return "across all servers" if scope == GLOBAL_SCOPE else "on this server"


@dataclass(frozen=True)
class LeaderboardLine:
    rank: int
    """1-based; players shown with the same rating share a rank, and the next rank skips as
    many places (1, 2, 2, 4: standard competition ranking)."""
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
class MatchHistory:
    """What /history shows of a match: the match, its record as text and read back."""

    snapshot: MatchSnapshot
    text: str
    """The game record (host.records' format)."""
    record: GameRecord
    tournament: MatchTournament | None = None
    """The tournament game the match was (its tournament's name, round), if it was one."""


@dataclass(frozen=True)
class PlayerStats:
    user_id: int
    name: str
    game_key: str
    game_title: str
    rating: str | None
    """The server rating as displayed, None before their first rated match there (and outside a
    server, where there is no server rating)."""
    global_rating: str | None
    provisional: bool
    trend: tuple[int, ...]
    """The displayed server rating (outside a server: the global one) after each of the last
    rated matches, oldest first."""
    record: GameTally
    recent: tuple[RecentMatch, ...]
    current: tuple[MatchListing, ...]


class Ladder:
    """Read-mostly views of results for the commands; writes only for privacy requests."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.store: Store = host.store

    async def leaderboard(
        self,
        ladder_key: str,
        scope: int,
        page: int = 1,
        *,
        after: int | None = None,
        before: int | None = None,
    ) -> LeaderboardPage:
        """A page of a ladder (`LADDERS`: a game, or Jai Kerboge). `after` / `before`: the user
        whose line the page follows (Next) or precedes (Previous): the page is read from that line
        in the index, at any depth, instead of counting `page` pages from the top (when that
        player has no line any more, it is)."""
        ladder = ladder_named(ladder_key)
        total = await self.store.leaderboard_size(ladder.key, scope)
        pages = max(1, math.ceil(total / PAGE_SIZE))
        if total == 0:
            raise NoRatingsYet(game_key=ladder.game_key, game_title=ladder.title, scope=scope)
        if not 1 <= page <= pages:
            raise PageOutOfRange(game_title=ladder.title, scope=scope, page=page, pages=pages)
        offset = (page - 1) * PAGE_SIZE
        lines = []
        if after is not None or before is not None:
            lines = await self.store.leaderboard(
                ladder.key, scope, offset=offset, limit=PAGE_SIZE, after=after, before=before
            )
        if len(lines) < PAGE_SIZE and not (after is not None and page == pages and lines):
            # No edge, or one that moved away: count from the top (a short last page is right).
            lines = await self.store.leaderboard(ladder.key, scope, offset=offset, limit=PAGE_SIZE)
        ranks = await self._shared_ranks(ladder.key, scope, lines)
        return LeaderboardPage(
            game_key=ladder.key,
            game_title=ladder.title,
            scope=scope,
            page=page,
            pages=pages,
            players=total,
            lines=tuple(
                LeaderboardLine(
                    rank,
                    line.user_id,
                    line.name,
                    display_rating(line.mu, line.sigma),
                    line.matches,
                    line.wins,
                )
                for rank, line in zip(ranks, lines, strict=True)
            ),
        )

    async def _shared_ranks(self, ladder_key: str, scope: int, lines: Sequence[BoardLine]) -> list[int]:
        """The rank of each line of a page: players shown with the same rating share the rank of
        the first of them, which may be on an earlier page (1, 2, 2, 4)."""
        ranks: list[int] = []
        for index, line in enumerate(lines):
            shown = shown_number(line.ordinal)
            if index > 0 and shown == shown_number(lines[index - 1].ordinal):
                ranks.append(ranks[-1])
            elif index > 0:
                ranks.append(line.rank)
            else:  # the page's first line: those tied with it above are read from the index
                above = await self.store.ordinals_above(
                    ladder_key, scope, line, down_to=lowest_ordinal_shown_as(shown)
                )
                ranks.append(line.rank - sum(shown_number(o) == shown for o in above))
        return ranks

    async def stats(
        self, user_id: int, ladder_key: str, guild_id: int | None, *, name: str | None = None
    ) -> PlayerStats:
        """A player's statistics in one ladder (`LADDERS`: a game, or Jai Kerboge), as seen from
        a server (`guild_id`), or from outside any (None: a DM): their ratings across all servers,
        and the matches they play anywhere."""
        check_id(user_id, "user id")
        if guild_id is not None:
            check_id(guild_id, "server id")
        ladder = ladder_named(ladder_key)
        record = await self.store.record(user_id, ladder.key)
        # Only the matches of this ladder's seat counts, where the game has variants.
        variant = ladder.seats != game_by_key(ladder.game_key).seats
        current = await self.store.match_summaries(
            user_id=user_id,
            game=ladder.game_key,
            seat_counts=ladder.seats if variant else None,
            guild_id=guild_id,
        )
        stored_name = await self.store.player_name(user_id)
        shown: Phrase | str = stored_name or name or phrase("This player")
        if record.matches == 0 and not current:
            raise NotPlayedYet(name=shown, game_title=ladder.title)
        rating = None if guild_id is None else await self.store.rating(user_id, ladder.key, guild_id)
        global_rating = await self.store.rating(user_id, ladder.key, GLOBAL_SCOPE)
        trend_scope = GLOBAL_SCOPE if guild_id is None else guild_id
        trend = await self.store.rating_trend(user_id, ladder.key, trend_scope, TREND_LENGTH)
        provisional = global_rating if guild_id is None else rating
        return PlayerStats(
            user_id=user_id,
            name=str(shown),
            game_key=ladder.key,
            game_title=ladder.title,
            rating=display_rating(rating.mu, rating.sigma) if rating else None,
            global_rating=display_rating(global_rating.mu, global_rating.sigma) if global_rating else None,
            provisional=provisional is None or provisional.sigma > PROVISIONAL_SIGMA,
            trend=tuple(int(display_rating(mu, sigma).rstrip("?")) for mu, sigma in trend),
            record=record,
            recent=tuple(await self.store.recent_results(user_id, ladder.key)),
            current=tuple(current),
        )

    async def history(
        self, match_id: int, guild_id: int | None, *, user_id: int | None = None
    ) -> MatchHistory:
        """A match's record for /history: in a server (`guild_id`), one of that server's matches;
        outside any (None: a DM or group DM), one that `user_id` took part in, wherever it was
        played."""
        snapshot = await self.host.get(match_id)
        if guild_id is None:
            if user_id is None or snapshot.seat_of(user_id) is None:
                raise NotYourMatch(match_id)
        elif snapshot.guild_id != guild_id:
            raise MatchNotFound(match_id=match_id, on_server=True)
        if snapshot.state is None:
            raise NoGameYet(MatchRef(snapshot.id, snapshot.game.key, snapshot.game.title))
        text = await self.host.record(match_id, snapshot.guild_id)
        tournament = await self.host.match_tournament(match_id)
        return MatchHistory(snapshot, text, read_record(text), tournament)

    async def active_matches(self, user_id: int) -> tuple[MatchListing, ...]:
        """The player's open lobbies and matches being played, on every server."""
        return tuple(await self.host.matches_of_player(user_id, statuses=("lobby", "playing")))

    async def withdraw(self, user_id: int) -> list[MatchSnapshot]:
        """Take the player out of every open lobby and running match, each a normal guarded
        change of the host: a lobby they opened is closed, another one left, a match resigned.
        Returns the matches it changed (for their messages)."""
        check_id(user_id, "user id")
        changed: dict[int, MatchSnapshot] = {}
        # First out of their tournaments (their open tournament matches resigned with it), so that
        # no later round seats them.
        for withdrawal in await self.host.withdraw_from_tournaments(user_id):
            changed.update((snapshot.id, snapshot) for snapshot in withdrawal.matches)
        for _ in range(3):  # a match that changed meanwhile is looked at again
            active = await self.active_matches(user_id)
            busy = False
            for listing in active:
                try:
                    snapshot = await self._withdraw_from(listing.id, user_id)
                except StaleTurn:
                    busy = True
                    continue
                except HostError:  # already out of it (over, resigned, left meanwhile)
                    continue
                if snapshot is not None:
                    changed[snapshot.id] = snapshot
            if not busy:
                break
        return list(changed.values())

    async def _withdraw_from(self, match_id: int, user_id: int) -> MatchSnapshot | None:
        snapshot = await self.host.get(match_id)
        seat = snapshot.seat_of(user_id)
        if seat is None:
            return None
        if snapshot.is_lobby:
            if snapshot.creator_id == user_id:
                return await self.host.abandon(match_id, user_id)
            return await self.host.leave(match_id, user_id)
        if snapshot.status == "playing" and not seat.resigned:
            return await self.host.resign(match_id, user_id)
        return None

    async def forget(self, user_id: int) -> str | None:
        """Erase a player: first they leave every open lobby and running match (`withdraw`), then
        an anonymous label replaces their name and id in past matches, and their ratings and
        settings are deleted. Returns the label; None when only their settings were stored."""
        check_id(user_id, "user id")
        had_settings = await self.store.settings(user_id) is not None
        await self.withdraw(user_id)
        label = await self.store.forget_player(user_id)
        self.host.languages.forget_player(user_id)  # their language, deleted from the store too
        self.host.kept.forget_all()  # their name and id changed in every match kept in memory
        if label is None and not had_settings:
            raise NothingToShow(phrase("Nothing is stored about you: there is nothing to forget."))
        return label

    async def erase_server(self, guild_id: int) -> int:
        """Delete every match of a server and its server ratings; returns how many matches."""
        check_id(guild_id, "server id")
        erased = await self.store.erase_guild(guild_id)
        self.host.kept.forget_all()
        return erased
