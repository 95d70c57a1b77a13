"""The game host: lobbies, seats, turns, chance events, resignations, draws. No Discord.

Every change to a match happens under the match's lock and lands in one store transaction
guarded by the match version: a move lands whole, with its chance events, or not at all.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from data import (
    ACTIVE_STATUSES,
    EntryKind,
    LogEntry,
    MatchChange,
    MatchRow,
    MatchStatus,
    MatchSummary,
    SeatRow,
    Store,
    VersionConflict,
)
from rules import CHANCE, DRAW_AGREED, GAMES, TIMEOUT, Game, Move, Outcome, State

from . import ratings
from .errors import (
    AlreadySeated,
    LobbyClosed,
    LobbyFull,
    MatchNotFound,
    MatchOver,
    NotAllowed,
    NotEnoughPlayers,
    NotInMatch,
    NotYourTurn,
    StaleTurn,
    UnknownGame,
    WhichMatch,
)
from .snapshot import MatchSnapshot, PlayedMove, Player, Seat

log = logging.getLogger("tavern.host")

COMPUTER_LEVELS = ("easy", "normal", "hard")
COMPUTER_NAME = "Computer"
RESIGNED_SEAT_LEVEL = "normal"
"""The level of the computer player that takes over a seat whose player resigned (Kerboge)."""


class Chooser(Protocol):
    """Thinks for a computer seat, off the event loop; returns the chosen move's notation."""

    async def choose(self, state: State, level: str, seed: int) -> str: ...


LAST_MOVE_CACHE = 1024
"""How many (match, turn) last moves the host keeps in memory."""

MAX_AUTOMATIC_PLIES = 10_000
"""A guard against a game whose automatic moves never hand the turn back to a person."""


def chance_rng(seed: int, ply: int) -> random.Random:
    """The generator for the chance event at `ply`: a pure function of the match seed and ply,
    so no generator state needs storing and a replay never needs it (the outcome is logged)."""
    return random.Random(f"{seed}/{ply}")


def sample_chance(state: State, rng: random.Random) -> Move:
    outcomes = state.chance_outcomes()
    moves = [move for move, _ in outcomes]
    return rng.choices(moves, weights=[float(p) for _, p in outcomes])[0]


@dataclass
class _Loaded:
    row: MatchRow
    game: Game
    state: State | None


class Host:
    def __init__(
        self,
        store: Store,
        *,
        computer: Chooser | None = None,
        seed_source: Callable[[], int] | None = None,
    ):
        self.store = store
        self._computer = computer
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**62))
        self._locks: dict[int, asyncio.Lock] = {}
        self._last_moves: dict[tuple[int, int], Move | None] = {}
        """The last move of each match at a turn count (a small cache, oldest dropped first)."""

    def close(self) -> None:
        """Stop the computer players' workers, if any were started."""
        close = getattr(self._computer, "close", None)
        if close is not None:
            close()

    @property
    def computer(self) -> Chooser:
        """The computer players' worker pool, started at the first computer move."""
        if self._computer is None:
            from .computer import ComputerPool  # processes start only when a computer plays

            self._computer = ComputerPool()
        return self._computer

    # -- lobby -----------------------------------------------------------------------------------

    async def new(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: Player,
        game_key: str,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        computers: str | None = None,
    ) -> MatchSnapshot:
        """Open a lobby in a channel with the creator seated. With `computers` (a level), every
        other seat is taken by a computer player at once and the match starts."""
        game = game_by_key(game_key)
        if computers is not None:
            check_level(computers)
        seat_count = seats if seats is not None else max(game.seats)
        checked = game.check_options(seat_count, dict(options or {}))
        match_id = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=checked,
            seat_count=seat_count,
            creator=SeatRow(0, creator.user_id, creator.name),
            seed=self._seed_source(),
        )
        if computers is not None:
            return await self.start(match_id, creator.user_id, computers=computers)
        return await self.get(match_id)

    async def add_computer(self, match_id: int, user_id: int, level: str) -> MatchSnapshot:
        """Seat a computer player in a lobby (creator only); a full lobby starts."""
        check_level(level)
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            self._require_lobby(row, "add a computer player to")
            if user_id != row.creator_id:
                raise NotAllowed(f"Only <@{row.creator_id}>, who opened the lobby, can add computer players.")
            if len(row.seats) >= row.seat_count:
                raise LobbyFull(f"{loaded.game.title} #{row.id} is full ({row.seat_count} players).")
            seats = [*row.seats, computer_seat(len(row.seats), level)]
            if len(seats) < row.seat_count:
                await self._write(row, MatchChange(seats=seats))
                return await self.get(match_id)
            return await self._start(loaded, seats)

    async def join(self, match_id: int, player: Player) -> MatchSnapshot:
        """Take a free seat in a lobby; the match starts by itself when the last seat is taken."""
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            self._require_lobby(row, "join")
            if any(s.user_id == player.user_id for s in row.seats):
                raise AlreadySeated(f"You are already seated in {loaded.game.title} #{row.id}.")
            if len(row.seats) >= row.seat_count:
                raise LobbyFull(
                    f"{loaded.game.title} #{row.id} is full ({row.seat_count} players). "
                    f"Open a new one with `/{loaded.game.key} new`."
                )
            seats = [*row.seats, SeatRow(len(row.seats), player.user_id, player.name)]
            if len(seats) < row.seat_count:
                await self._write(row, MatchChange(seats=seats))
                return await self.get(match_id)
            return await self._start(loaded, seats)

    async def leave(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Give up a seat in a lobby; the creator leaving closes the lobby."""
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            self._require_lobby(row, "leave")
            if not any(s.user_id == user_id for s in row.seats):
                raise NotInMatch(f"You are not seated in {loaded.game.title} #{row.id}.")
            if user_id == row.creator_id:
                await self._write(row, MatchChange(status=MatchStatus.ABANDONED))
            else:
                remaining = [s for s in row.seats if s.user_id != user_id]
                seats = [replace(s, seat=i) for i, s in enumerate(remaining)]
                await self._write(row, MatchChange(seats=seats))
            return await self.get(match_id)

    async def start(self, match_id: int, user_id: int, *, computers: str | None = None) -> MatchSnapshot:
        """Start a lobby before it is full (creator only): with the players seated so far, or
        with every empty seat taken by a computer player of the level `computers`."""
        if computers is not None:
            check_level(computers)
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            self._require_lobby(row, "start")
            if user_id != row.creator_id:
                raise NotAllowed(f"Only <@{row.creator_id}>, who opened the lobby, can start it early.")
            game = loaded.game
            if computers is not None:
                filled = [*row.seats]
                filled += [computer_seat(i, computers) for i in range(len(row.seats), row.seat_count)]
                return await self._start(loaded, filled)
            if len(row.seats) < row.seat_count and not game.starts_short:
                raise NotEnoughPlayers(
                    f"{game.title} #{row.id} was opened for {row.seat_count} players and "
                    f"{len(row.seats)} {'is' if len(row.seats) == 1 else 'are'} seated: it starts "
                    "when every seat is taken. Ask others to press **Join**, or fill the empty "
                    "seats with computer players."
                )
            if len(row.seats) not in game.seats:
                counts = " or ".join(str(n) for n in game.seats)
                raise NotEnoughPlayers(
                    f"{game.title} needs {counts} players and {len(row.seats)} "
                    f"{'is' if len(row.seats) == 1 else 'are'} seated. "
                    "Ask someone to press **Join** (or use the join command)."
                )
            return await self._start(loaded, list(row.seats))

    async def abandon(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Close a lobby that has not started (creator only)."""
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            self._require_lobby(row, "abandon")
            if user_id != row.creator_id:
                raise NotAllowed(f"Only <@{row.creator_id}>, who opened the lobby, can close it.")
            await self._write(row, MatchChange(status=MatchStatus.ABANDONED))
            return await self.get(match_id)

    async def _start(self, loaded: _Loaded, seats: list[SeatRow]) -> MatchSnapshot:
        row, game = loaded.row, loaded.game
        order = list(seats)
        random.Random(f"{row.seed}/seats").shuffle(order)
        seated = [replace(s, seat=i) for i, s in enumerate(order)]
        state = game.start(len(seated), **row.options)
        state, entries = self._advance(row, seated, state, [])
        await self._write(row, self._finish_change(state, entries, seated, status=MatchStatus.PLAYING))
        return await self.get(row.id, played=entries)

    # -- play ------------------------------------------------------------------------------------

    async def play(
        self, match_id: int, user_id: int, text: str, *, expected_turn: int | None = None
    ) -> MatchSnapshot:
        """Play `text` for the user's seat, then every chance event and automatic move that
        follows, all in one transaction."""
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row, state = loaded.row, loaded.state
            seat = self._acting_seat(loaded, user_id)
            if expected_turn is not None and expected_turn != row.log_length:
                raise StaleTurn(
                    f"That was for turn {expected_turn}, but {loaded.game.title} #{row.id} "
                    f"is at turn {row.log_length} now. Here is the current board."
                )
            assert state is not None
            if state.to_move != seat.seat:
                raise NotYourTurn(self._not_your_turn(loaded))
            move = state.parse(text)
            entry = PlayedMove(
                row.log_length, EntryKind.MOVE, seat.seat, str(move), state.describe_move(move), move
            )
            after = state.play(move)
            after, entries = self._advance(row, list(row.seats), after, [entry])
            change = self._finish_change(after, entries, None, draw_offer=None)
            written = await self._write(row, change)
            last = last_seat_move(entries)
            self._remember_last_move((match_id, written.log_length), last)
            return self._snapshot(_Loaded(written, loaded.game, after), entries, last)

    async def play_computers(self, match_id: int) -> MatchSnapshot:
        """Play every computer seat's move (with the chance events and passes that follow)
        until a person is to move or the game ends. Each move is stored as it lands; the
        thinking runs in the worker pool, never on the event loop."""
        played: list[PlayedMove] = []
        for _ in range(MAX_AUTOMATIC_PLIES):
            async with self._lock(match_id):
                loaded = await self._load(match_id)
                row, state = loaded.row, loaded.state
                if row.status != MatchStatus.PLAYING or state is None:
                    break
                seat_index = state.to_move
                if seat_index is None or seat_index == CHANCE or not plays_itself(row.seats[seat_index]):
                    break
                holder = row.seats[seat_index]
                level = holder.computer or RESIGNED_SEAT_LEVEL
                seed = chance_rng(row.seed, row.log_length).randrange(2**31)
                text = await self.computer.choose(state, level, seed)
                move = state.parse(text)
                entry = PlayedMove(
                    row.log_length, EntryKind.MOVE, seat_index, str(move), state.describe_move(move), move
                )
                after = state.play(move)
                after, entries = self._advance(row, list(row.seats), after, [entry])
                written = await self._write(row, self._finish_change(after, entries, None))
                self._remember_last_move((match_id, written.log_length), last_seat_move(entries))
                played += entries
        return await self.get(match_id, played=played)

    async def computer_matches(self) -> list[int]:
        """Matches being played whose seat to move is a computer (after a restart, say)."""
        waiting = []
        for match_id in await self.store.matches_with_computer_seats():
            snapshot = await self.get(match_id)
            if snapshot.waiting_for_computer:
                waiting.append(match_id)
        return waiting

    async def resign(self, match_id: int, user_id: int) -> MatchSnapshot:
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row, state = loaded.row, loaded.state
            seat = self._acting_seat(loaded, user_id)
            assert state is not None
            after = state.resign(seat.seat)
            seats = [replace(s, resigned=True) if s.seat == seat.seat else s for s in row.seats]
            entry = PlayedMove(row.log_length, EntryKind.RESIGN, seat.seat, "resign", f"{seat.name} resigns")
            after, entries = self._advance(row, seats, after, [entry])
            await self._write(row, self._finish_change(after, entries, seats, draw_offer=None))
            return await self.get(match_id, played=entries)

    async def offer_draw(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Offer (or accept) a draw; it is agreed when every person still playing has offered."""
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row = loaded.row
            seat = self._acting_seat(loaded, user_id)
            offer = set(row.draw_offer or ()) | {seat.seat}
            needed = {s.seat for s in row.seats if s.user_id is not None and not s.resigned}
            if not needed <= offer:
                await self._write(row, MatchChange(draw_offer=sorted(offer)))
                return await self.get(match_id)
            assert loaded.state is not None
            entry = PlayedMove(row.log_length, EntryKind.DRAW, None, "draw", "a draw is agreed")
            outcome = Outcome((), tuple(loaded.state.scores()), "draw agreed", DRAW_AGREED)
            change = MatchChange(
                status=MatchStatus.FINISHED,
                result=outcome.to_json(),
                draw_offer=None,
                log=[LogEntry(entry.ply, entry.kind, entry.seat, entry.notation)],
            )
            await self._write(row, change)
            return await self.get(match_id, played=[entry])

    async def expire_idle(
        self, *, turn_timeout: timedelta, lobby_timeout: timedelta, now: datetime | None = None
    ) -> list[MatchSnapshot]:
        """The turn clock: resign players who let `turn_timeout` pass without moving, and close
        lobbies nobody joined for `lobby_timeout`. Returns the matches it changed."""
        now = now or datetime.now(UTC)
        changed = []
        for status, timeout in ((MatchStatus.LOBBY, lobby_timeout), (MatchStatus.PLAYING, turn_timeout)):
            cutoff = (now - timeout).isoformat(timespec="milliseconds")
            idle = await self.store.match_summaries(statuses=(status,), updated_before=cutoff, limit=100)
            for summary in idle:
                snapshot = await self._expire(summary.id, cutoff, timeout)
                if snapshot is not None:
                    changed.append(snapshot)
        return changed

    async def _expire(self, match_id: int, cutoff: str, timeout: timedelta) -> MatchSnapshot | None:
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            row, state = loaded.row, loaded.state
            if row.updated_at >= cutoff:
                return None  # it moved meanwhile
            if row.status == MatchStatus.LOBBY:
                await self._write(row, MatchChange(status=MatchStatus.ABANDONED))
                return await self.get(match_id)
            if row.status != MatchStatus.PLAYING or state is None:
                return None
            seat_index = state.to_move
            if seat_index is None or seat_index == CHANCE:
                return None
            seat = row.seats[seat_index]
            if seat.user_id is None or seat.resigned:
                return None
            after = state.resign(seat.seat)
            seats = [replace(s, resigned=True) if s.seat == seat.seat else s for s in row.seats]
            days = timeout.total_seconds() / 86400
            entry = PlayedMove(
                row.log_length,
                EntryKind.RESIGN,
                seat.seat,
                "resign",
                f"{seat.name} ran out of time ({days:g} days)",
            )
            after, entries = self._advance(row, seats, after, [entry])
            ended = after.outcome()
            if ended is not None:  # the clock, not the player, ended it
                seat_name = loaded.game.seat_names(row.seat_count)[seat.seat]
                ended = replace(ended, reason=f"{seat_name} ran out of time", termination=TIMEOUT)
            change = self._finish_change(after, entries, seats, draw_offer=None, outcome=ended)
            await self._write(row, change)
            return await self.get(match_id, played=entries)

    async def decline_draw(self, match_id: int, user_id: int) -> MatchSnapshot:
        async with self._lock(match_id):
            loaded = await self._load(match_id)
            self._acting_seat(loaded, user_id)
            if not loaded.row.draw_offer:
                raise NotAllowed("There is no draw offer to decline.")
            await self._write(loaded.row, MatchChange(draw_offer=None))
            return await self.get(match_id)

    # -- reading ---------------------------------------------------------------------------------

    async def get(self, match_id: int, *, played: Sequence[PlayedMove] = ()) -> MatchSnapshot:
        """The match as it is stored now."""
        loaded = await self._load(match_id)
        last_move = None
        if loaded.state is not None and loaded.row.log_length:
            last_move = await self._last_move(loaded)
        return self._snapshot(loaded, played, last_move)

    def _snapshot(
        self, loaded: _Loaded, played: Sequence[PlayedMove], last_move: Move | None
    ) -> MatchSnapshot:
        row = loaded.row
        result = Outcome.from_json(row.result)
        if result is None and loaded.state is not None:
            result = loaded.state.outcome()
        seats = tuple(_seat(s) for s in row.seats)
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
            seats=seats,
            state=loaded.state,
            turn=row.log_length,
            version=row.version,
            played=tuple(played),
            last_move=last_move,
            outcome=result,
            draw_offer=frozenset(row.draw_offer or ()),
            created_at=row.created_at,
            updated_at=row.updated_at,
        )

    async def record(self, match_id: int, guild_id: int) -> str:
        """The match as a game record (see host.records), for /history and downloads."""
        from .records import write_record  # records builds on this module

        snapshot = await self.get(match_id)
        if snapshot.guild_id != guild_id:
            raise MatchNotFound(f"There is no match #{match_id} on this server.")
        return write_record(snapshot, await self.store.log(match_id))

    async def set_message(self, match_id: int, message_id: int, channel_id: int) -> None:
        """Remember the message that shows the match now, and its channel."""
        await self.store.set_message(match_id, message_id, channel_id)

    async def matches_in_channel(
        self, guild_id: int, channel_id: int, *, statuses: Sequence[str] = ACTIVE_STATUSES
    ) -> list[MatchSummary]:
        return await self.store.match_summaries(
            statuses=_statuses(statuses), guild_id=guild_id, channel_id=channel_id
        )

    async def matches_of_player(
        self,
        user_id: int,
        *,
        guild_id: int | None = None,
        game_key: str | None = None,
        statuses: Sequence[str] = ACTIVE_STATUSES,
    ) -> list[MatchSummary]:
        return await self.store.match_summaries(
            statuses=_statuses(statuses), guild_id=guild_id, user_id=user_id, game=game_key
        )

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
    ) -> MatchSnapshot:
        """The one match a command means: the given id, else the user's only fitting match
        (in this channel first, then in the whole server). Raises WhichMatch when several fit."""
        game = game_by_key(game_key)
        if match_id is not None:
            snapshot = await self.get(match_id)
            if snapshot.guild_id != guild_id or snapshot.game.key != game.key:
                raise MatchNotFound(f"There is no {game.title} match #{match_id} on this server.")
            return snapshot
        user = user_id if seated else None
        for channel in (channel_id, None):
            found = await self.store.match_summaries(
                statuses=_statuses(statuses),
                guild_id=guild_id,
                channel_id=channel,
                user_id=user,
                game=game.key,
            )
            if len(found) == 1:
                return await self.get(found[0].id)
            if len(found) > 1:
                listed = ", ".join(f"#{m.id} ({' vs '.join(m.players)})" for m in found[:5])
                raise WhichMatch(
                    f"Several {game.title} matches fit: {listed}. Choose one with the `match` option.",
                    [m.id for m in found],
                )
        if seated:
            raise MatchNotFound(
                f"You are not in a {game.title} match here. Start one with `/{game.key} new`, "
                "or join an open lobby."
            )
        raise MatchNotFound(f"There is no open {game.title} lobby here. Open one with `/{game.key} new`.")

    # -- internals -------------------------------------------------------------------------------

    def _lock(self, match_id: int) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def _load(self, match_id: int) -> _Loaded:
        row = await self.store.get_match(match_id)
        if row is None:
            raise MatchNotFound(f"There is no match #{match_id}.")
        game = game_by_key(row.game)
        state: State | None = None
        if row.state is not None:
            state = await self._load_cache(row, game)
        elif row.status != MatchStatus.LOBBY and row.log_length:
            state = await self._replay(row, game, upto=row.log_length)
        return _Loaded(row, game, state)

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

    async def _replay(self, row: MatchRow, game: Game, upto: int | None = None) -> State:
        """The state after the first `upto` log entries (all by default), from the log alone."""
        state = game.start(row.seat_count, **row.options)
        for entry in await self.store.log(row.id):
            if upto is not None and entry.ply >= upto:
                break
            state = apply_entry(state, entry)
        return state

    async def _last_move(self, loaded: _Loaded) -> Move | None:
        """The last move a seat played, as a Move: remembered from `play`, else found by
        replaying the log up to it (once per match and turn)."""
        key = (loaded.row.id, loaded.row.log_length)
        if key in self._last_moves:
            return self._last_moves[key]
        move = await self._replay_last_move(loaded)
        self._remember_last_move(key, move)
        return move

    def _remember_last_move(self, key: tuple[int, int], move: Move | None) -> None:
        self._last_moves[key] = move
        while len(self._last_moves) > LAST_MOVE_CACHE:
            self._last_moves.pop(next(iter(self._last_moves)))

    async def _replay_last_move(self, loaded: _Loaded) -> Move | None:
        entries = await self.store.log(loaded.row.id)
        moves = [e for e in entries if e.kind == EntryKind.MOVE]
        if not moves:
            return None
        last = moves[-1]
        before = loaded.game.start(loaded.row.seat_count, **loaded.row.options)
        for entry in entries[: last.ply]:
            before = apply_entry(before, entry)
        return before.parse(last.notation)

    def _require_lobby(self, row: MatchRow, action: str) -> None:
        if row.status == MatchStatus.LOBBY:
            return
        title = f"{game_by_key(row.game).title} #{row.id}"
        if row.status == MatchStatus.PLAYING:
            raise LobbyClosed(f"You can't {action} {title}: it has already started.")
        raise LobbyClosed(f"You can't {action} {title}: it is over ({row.status}).")

    def _acting_seat(self, loaded: _Loaded, user_id: int) -> SeatRow:
        row = loaded.row
        title = f"{loaded.game.title} #{row.id}"
        if row.status == MatchStatus.LOBBY:
            raise LobbyClosed(f"{title} has not started yet: it starts when the seats are full.")
        if row.status != MatchStatus.PLAYING:
            raise MatchOver(f"{title} is over ({row.status}).")
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotInMatch(f"You are not playing in {title}.")
        if seat.resigned:
            raise NotInMatch(f"You resigned from {title}.")
        return seat

    def _not_your_turn(self, loaded: _Loaded) -> str:
        state = loaded.state
        assert state is not None
        seat = state.to_move
        title = f"{loaded.game.title} #{loaded.row.id}"
        if seat is None or seat == CHANCE:
            return f"It is not your turn in {title}."
        holder = loaded.row.seats[seat]
        who = holder.name if holder.user_id is None else f"<@{holder.user_id}>"
        return f"It is not your turn in {title}: {who} is to move."

    def _advance(
        self,
        row: MatchRow,
        seats: Sequence[SeatRow],
        state: State,
        entries: list[PlayedMove],
    ) -> tuple[State, list[PlayedMove]]:
        """Play what nobody has to choose: chance events and forced moves (passes), until a seat
        is to choose (a person, or a computer: see `play_computers`) or the game is over."""
        ply = row.log_length + len(entries)
        for _ in range(MAX_AUTOMATIC_PLIES):
            seat = state.to_move
            if seat is None:
                break
            if seat == CHANCE:
                move = sample_chance(state, chance_rng(row.seed, ply))
                kind, actor = EntryKind.CHANCE, None
            else:
                forced = state.forced_move()
                if forced is None:
                    break
                move, kind, actor = forced, EntryKind.MOVE, seat
            entries.append(PlayedMove(ply, kind, actor, str(move), state.describe_move(move), move))
            state = state.play(move)
            ply += 1
        return state, entries

    def _finish_change(
        self,
        state: State,
        entries: Sequence[PlayedMove],
        seats: Sequence[SeatRow] | None,
        *,
        status: MatchStatus | None = None,
        draw_offer: Any = None,
        outcome: Outcome | None = None,
    ) -> MatchChange:
        """The change that stores a new state with its log entries (and seats, when they changed);
        `outcome` stands for the state's own when the host decided how it ended."""
        outcome = outcome or state.outcome()
        return MatchChange(
            status=MatchStatus.FINISHED if outcome is not None else status,
            state=state.to_json(),
            result=outcome.to_json() if outcome is not None else None,
            seats=None if seats is None else list(seats),
            draw_offer=draw_offer,
            log=[LogEntry(e.ply, e.kind, e.seat, e.notation) for e in entries],
        )

    async def _write(self, row: MatchRow, change: MatchChange) -> MatchRow:
        """Store `change` if the match is still as read; returns the row as it now is.

        A change that finishes the match also stores each seat's result and, for rated matches,
        the new ratings, in the same transaction."""
        if change.status == MatchStatus.FINISHED and change.result is not None:
            game = game_by_key(row.game)
            outcome = Outcome.from_json(change.result)
            assert outcome is not None
            seats = [_seat(s) for s in (change.seats if change.seats is not None else row.seats)]
            change.results = ratings.results(game, outcome, seats)
            if ratings.is_rated(seats):
                change.rating_scopes = (row.guild_id, ratings.GLOBAL_SCOPE)
                change.rate = ratings.RatingUpdate(game.key, tuple(change.results), change.rating_scopes)
        try:
            version = await self.store.update_match(row.id, row.version, change)
        except VersionConflict:
            raise StaleTurn(
                f"Match #{row.id} changed while your request was on its way. Here is the current board."
            ) from None
        return change.applied_to(row, version)


def _statuses(statuses: Sequence[str]) -> tuple[MatchStatus, ...]:
    """The statuses a caller names (the enum, or its stored text), checked."""
    return tuple(MatchStatus(status) for status in statuses)


def last_seat_move(entries: Sequence[PlayedMove]) -> Move | None:
    """The last move a seat played among `entries` (a pass that followed counts; a chance
    event does not), as the picture marks it and as `_last_move` finds it after a restart."""
    return next((e.move for e in reversed(entries) if e.kind == EntryKind.MOVE), None)


def check_level(level: str) -> str:
    if level not in COMPUTER_LEVELS:
        raise NotAllowed(f"Computer players play at {', '.join(COMPUTER_LEVELS)}, not `{level}`.")
    return level


def computer_seat(index: int, level: str) -> SeatRow:
    return SeatRow(index, None, COMPUTER_NAME, level)


def plays_itself(seat: SeatRow) -> bool:
    """A computer seat, or a seat whose player resigned while the game goes on (Kerboge)."""
    return seat.user_id is None or seat.resigned


def _seat(row: SeatRow) -> Seat:
    return Seat(row.seat, row.user_id, row.name or "Computer", row.computer, row.resigned)


def game_by_key(key: str) -> Game:
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(f"`{k}`" for k in GAMES)
        raise UnknownGame(f"There is no game called `{key}`. The games are: {known}.") from None


def apply_entry(state: State, entry: LogEntry) -> State:
    """Replay one log entry on a state."""
    if entry.kind in (EntryKind.MOVE, EntryKind.CHANCE):
        return state.play(entry.notation)
    if entry.kind == EntryKind.RESIGN:
        assert entry.seat is not None
        return state.resign(entry.seat)
    return state  # an agreed draw changes no position
