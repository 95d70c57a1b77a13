"""Reading matches: a stored match becomes a MatchSnapshot, a list becomes match lines, and a
command's words become the one match it means. No writes, except rewriting a state cache."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from data import ACTIVE_STATUSES, EntryKind, MatchRow, MatchStatus, SeatRow, Store
from rules import Game, Move, Outcome, State

from .checks import check_id, game_by_key, is_id
from .errors import MatchNotFound, NoMatchHere, WhichMatch
from .kept import KeptMatches, Loaded
from .listing import MatchListing
from .ratings import GLOBAL_SCOPE, rating_change
from .records import write_record
from .snapshot import COMPUTER_NAME, MatchSnapshot, PlayedMove, Player, RatingChange, Seat
from .takebacks import takeback_offer_of
from .turns import replay

log = logging.getLogger("tavern.host")

LAST_MOVE_CACHE = 1024
"""How many (match, ply) last moves the reader keeps in memory."""


class MatchReader:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._last_moves: dict[tuple[int, int], Move | None] = {}
        """The last move of each match at a log length (a small cache, oldest dropped first)."""
        self.kept = KeptMatches(shared=store.shared)
        """Each match as last read or written, with its state (see host/kept.py)."""

    async def get(self, match_id: int, *, played: Sequence[PlayedMove] = ()) -> MatchSnapshot:
        """The match as it is stored now."""
        return await self._snapshot(await self._load(match_id), played)

    async def record(self, match_id: int, guild_id: int) -> str:
        """The match as a game record (see host.records), for /history and downloads."""
        check_id(guild_id, "server id")
        snapshot = await self.get(match_id)
        if snapshot.guild_id != guild_id:
            raise MatchNotFound(match_id=match_id, on_server=True)
        return write_record(snapshot, await self.store.log(match_id))

    async def matches_in_channel(
        self, guild_id: int, channel_id: int, *, statuses: Sequence[str] = ACTIVE_STATUSES
    ) -> list[MatchListing]:
        check_id(guild_id, "server id")
        check_id(channel_id, "channel id")
        return await self._matches(statuses, guild_id=guild_id, channel_id=channel_id)

    async def matches_of_player(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        game_key: str | None = None,
        statuses: Sequence[str] = ACTIVE_STATUSES,
    ) -> list[MatchListing]:
        check_id(user_id, "user id")
        if guild_id is not None:
            check_id(guild_id, "server id")
        return await self._matches(statuses, guild_id=guild_id, user_id=user_id, game=game_key)

    async def resolve(
        self,
        *,
        user_id: int,
        guild_id: int,
        channel_id: int,
        game_key: str,
        match_id: int | None = None,
        statuses: Sequence[str] = ACTIVE_STATUSES,
        seated: bool = True,
        to_move: bool = False,
    ) -> MatchSnapshot:
        """The one match a command means: the given id, else the user's only fitting match
        (in this channel first, then in the whole server). With `to_move` (a move), among several
        the only one where it is the user's turn fits. Raises WhichMatch when several still fit."""
        check_id(user_id, "user id")
        check_id(guild_id, "server id")
        check_id(channel_id, "channel id")
        game = game_by_key(game_key)
        if match_id is not None:
            snapshot = await self.get(match_id)
            if snapshot.guild_id != guild_id or snapshot.game.key != game.key:
                raise MatchNotFound(match_id=match_id, game_title=game.title, on_server=True)
            return snapshot
        user = user_id if seated else None
        for channel in (channel_id, None):
            found = await self._matches(
                statuses, guild_id=guild_id, channel_id=channel, user_id=user, game=game.key
            )
            if len(found) == 1:
                return await self.get(found[0].id)
            if len(found) > 1 and to_move:
                snapshots = [await self.get(m.id) for m in found]
                mine = [
                    s for s in snapshots if (seat := s.seat_to_move) is not None and seat.user_id == user_id
                ]
                if len(mine) == 1:
                    return mine[0]
            if len(found) > 1:
                raise WhichMatch(game_title=game.title, matches=[(m.id, m.players) for m in found])
        raise NoMatchHere(game_key=game.key, game_title=game.title, seated=seated)

    async def _matches(
        self,
        statuses: Sequence[str],
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        game: str | None = None,
    ) -> list[MatchListing]:
        rows = await self.store.match_summaries(
            statuses=tuple(MatchStatus(s) for s in statuses),
            guild_id=guild_id,
            channel_id=channel_id,
            user_id=user_id,
            game=game,
        )
        return rows

    # -- from the store to a snapshot -------------------------------------------------------------

    async def _load(self, match_id: int) -> Loaded:
        if not is_id(match_id):  # no match has such an id (and SQLite could not even look it up)
            raise MatchNotFound(match_id=match_id)
        since = self.kept.clock
        known, known_state = self.kept.state_version(match_id) or (None, None)
        row = await self.store.get_match(match_id, known_version=known)
        if row is None:
            self.kept.drop(match_id)
            raise MatchNotFound(match_id=match_id)
        game = game_by_key(row.game)
        state: State | None = None
        if known_state is not None and known == row.version:
            state = known_state  # the row came without its state: this is it
        elif row.state is not None:
            state = await self._load_cache(row, game)
        elif row.status != MatchStatus.LOBBY and row.log_length:
            state = await self._replay(row, game, upto=row.log_length)
        loaded = Loaded(row, game, state, since)
        self.kept.keep(loaded)
        return loaded

    async def _load_cache(self, row: MatchRow, game: Game) -> State:
        """The state from the stored cache; a cache written in another format (or damaged) is
        rebuilt from the log, which is the truth, and rewritten for the next reader."""
        assert row.state is not None
        try:
            return game.load(row.state)
        except (ValueError, KeyError, TypeError) as error:  # StateFormatError is a ValueError
            log.info("Match #%d: rebuilding its state cache from the log (%s)", row.id, error)
        state = await self._replay(row, game, upto=row.log_length)
        await self.store.rewrite_state(row.id, row.version, state.to_json())
        return state

    async def _replay(self, row: MatchRow, game: Game, upto: int) -> State:
        """The state after the first `upto` log entries, from the log alone."""
        entries = [e for e in await self.store.log(row.id) if e.ply < upto]
        return replay(game.start(row.seat_count, **row.options), entries)

    async def _snapshot(self, loaded: Loaded, played: Sequence[PlayedMove]) -> MatchSnapshot:
        row = loaded.row
        result = Outcome.from_json(row.result)
        if result is None and loaded.state is not None:
            result = loaded.state.outcome()
        playing_on = row.status == MatchStatus.PLAYING and loaded.game.resigned_play_on
        last_move = None
        if loaded.state is not None and row.log_length:
            last_move = await self._last_move(loaded)
        return MatchSnapshot(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            message_id=row.message_id,
            message_channel_id=row.message_channel_id or row.channel_id,
            game=loaded.game,
            options=row.options,
            seat_count=row.seat_count,
            status=row.status,
            creator_id=row.creator_id,
            seats=tuple(to_seats(row.seats, playing_on=playing_on)),
            state=loaded.state,
            ply=row.log_length,
            move_count=row.move_count,
            version=row.version,
            played=tuple(played),
            last_move=last_move,
            outcome=result,
            draw_offer=frozenset(row.draw_offer or ()),
            created_at=row.created_at,
            updated_at=row.updated_at,
            private=row.private,
            takeback_offer=takeback_offer_of(row),
            takebacks=row.takebacks,
            rematch_of=row.rematch_of,
            rated=row.placement.rated,
            threaded=row.placement.threaded,
            quiet=row.placement.quiet,
            thread_id=row.thread_id,
            held=tuple(Player(h.user_id, h.name) for h in row.held if row.status == MatchStatus.LOBBY),
            rating_changes=await self._rating_changes(row, loaded.game),
            tournament_id=row.tournament_id,
        )

    async def _rating_changes(self, row: MatchRow, game: Game) -> tuple[RatingChange, ...]:
        """How the finished match moved its players' ratings on the ladder its message speaks
        of: its server's, or (a private match: it counts there only) the one of all servers."""
        if row.status != MatchStatus.FINISHED or not row.placement.rated:
            return ()
        seats = {s.user_id: s.seat for s in row.seats if s.user_id is not None and s.user_id > 0}
        scope = GLOBAL_SCOPE if row.private else row.guild_id
        moves = await self.store.rating_moves(row.id, game.ladder_key(row.seat_count), scope, list(seats))
        return tuple(sorted((rating_change(seats[m.user_id], m) for m in moves), key=lambda c: c.seat))

    async def _last_move(self, loaded: Loaded) -> Move | None:
        """The last move a seat played, as a Move: remembered from a write, else found by
        replaying the log up to it (once per match and log length)."""
        key = (loaded.row.id, loaded.row.log_length)
        if key not in self._last_moves:
            self._remember_last_move(key, await self._replay_last_move(loaded))
        return self._last_moves[key]

    def _forget_last_moves(self, match_id: int, from_ply: int) -> None:
        """A takeback removed the log from `from_ply` on: the last moves remembered for longer
        logs of the match are no longer true (the same lengths will be reached by other moves)."""
        for key in [k for k in self._last_moves if k[0] == match_id and k[1] > from_ply]:
            del self._last_moves[key]

    def _remember_last_move(self, key: tuple[int, int], move: Move | None) -> None:
        self._last_moves[key] = move
        while len(self._last_moves) > LAST_MOVE_CACHE:
            self._last_moves.pop(next(iter(self._last_moves)))

    async def _replay_last_move(self, loaded: Loaded) -> Move | None:
        entries = await self.store.log(loaded.row.id)
        moves = [e for e in entries if e.kind == EntryKind.MOVE]
        if not moves:
            return None
        last = moves[-1]
        before = replay(loaded.game.start(loaded.row.seat_count, **loaded.row.options), entries[: last.ply])
        return before.parse(last.notation)


def to_seats(rows: Sequence[SeatRow], *, playing_on: bool = False) -> list[Seat]:
    """The host's seats of a match (see `to_seat`), its computer players numbered in seat order
    where there are two or more, so that players can tell them apart ("Computer 2 (hard)")."""
    seats = [to_seat(row, playing_on=playing_on) for row in rows]
    computers = [i for i, seat in enumerate(seats) if seat.user_id is None]
    if len(computers) >= 2:
        for number, i in enumerate(computers, start=1):
            seats[i] = replace(seats[i], number=number)
    return seats


def to_seat(row: SeatRow, *, playing_on: bool = False) -> Seat:
    """The host's seat; `playing_on`: the match goes on and its game keeps a resigned seat in play
    (then a resigned person's seat is played by a computer standing in)."""
    stand_in = playing_on and row.resigned and row.user_id is not None
    return Seat(
        row.seat, row.user_id, row.name or COMPUTER_NAME, row.computer, row.resigned, row.left, stand_in
    )
