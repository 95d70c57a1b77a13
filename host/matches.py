"""The game host: lobbies, seats, turns, chance events, resignations, draws. No Discord.

Every change to a match happens in one way: under the match's lock, the match is loaded
(`_editing`), checked, and one change lands in one store transaction guarded by the match
version (`_commit`): a move lands whole, with its chance events, or not at all.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from data import (
    ACTIVE_STATUSES,
    EntryKind,
    HeldSeat,
    LeftReason,
    MatchChange,
    MatchRow,
    MatchStatus,
    SeatRow,
    Store,
    VersionConflict,
)
from rules import CHANCE, DRAW_AGREED, RESIGNED, TIMEOUT, Move, MoveError, Outcome, State
from rules.base import DRAW_AGREED_REASON, SEAT_RESIGNED, SEAT_TIMED_OUT, reason
from rules.text import Phrase, phrase, plural_phrase

from . import ratings
from .activity import HostActivity
from .announcements import MatchAnnouncements, owed
from .checks import check_id, check_level, check_move_text, check_player, game_by_key
from .errors import (
    AlreadySeated,
    BadRequest,
    HostError,
    LobbyAction,
    LobbyClosed,
    LobbyFull,
    MatchNotFound,
    MatchOver,
    NoDrawOffer,
    NoDrawWithComputer,
    NoHeldSeat,
    NoTakebackRequest,
    NotCreator,
    NotEnoughPlayers,
    NotInMatch,
    NotInvited,
    NotStarted,
    NotYourTurn,
    RematchOpen,
    RematchRefused,
    SeatHeld,
    StaleTurn,
    TakebackRefusal,
    TakebackRefused,
    TooManyComputerMatches,
    TooManyLobbies,
)
from .kept import Loaded
from .language import LanguageBook, LanguageMemory
from .locks import MatchLocks
from .reading import to_seats
from .settings import ServerConfiguration, possible_clocks
from .snapshot import (
    COMPUTER_NAME,
    RESIGNED_SEAT_LEVEL,
    MatchSnapshot,
    PlayedMove,
    Player,
    TakebackOffer,
    offers_draw,
    played,
)
from .takebacks import TakebackPoint, others_playing, takeback_offer_of, takeback_point
from .tournament.results import game_score
from .tournament.service import Tournaments
from .turn_notices import TurnNotices
from .turns import (
    DRAW_AGREED_TEXT,
    MAX_AUTOMATIC_PLIES,
    advance,
    chance_rng,
    last_seat_move,
    log_entries,
    resigns,
    seat_move,
)
from .vacations import stored_moment

OPEN_LOBBIES_PER_PLAYER = 5
"""The most open lobbies one player may have opened on one server."""
OPEN_LOBBIES_PER_CHANNEL = 10
"""The most open lobbies one channel may have."""
COMPUTER_MATCHES_PER_PLAYER = 3
"""The most active matches (lobby or playing) against the computer one player may be seated in,
over every server and direct message: each one's thinking takes a worker's time."""
COMPUTER_MATCHES_PER_SERVER = 30
"""The most active matches against the computer one server may have (private ones count for their
player only)."""
DRAW_OPENING_MOVES = 20
"""A computer player agrees to no draw in a match's first this many moves: the opening is for
playing, and a search rates most of its positions close to even."""


class Chooser(Protocol):
    """Thinks for computer seats, off the event loop: the notation of the move a seat plays, and
    whether a seat agrees to a draw (see host.computer)."""

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str: ...

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool: ...


IDLE_PAGE = 100
"""The most idle matches one query of the sweep reads."""


class Host(MatchAnnouncements, TurnNotices, ServerConfiguration, LanguageMemory, Tournaments):
    def __init__(
        self,
        store: Store,
        *,
        computer: Chooser | None = None,
        seed_source: Callable[[], int] | None = None,
        lobbies_per_player: int = OPEN_LOBBIES_PER_PLAYER,
        lobbies_per_channel: int = OPEN_LOBBIES_PER_CHANNEL,
        computer_matches_per_player: int = COMPUTER_MATCHES_PER_PLAYER,
        computer_matches_per_server: int = COMPUTER_MATCHES_PER_SERVER,
    ):
        super().__init__(store)
        self._computer = computer
        self._seed_source = seed_source or (lambda: random.SystemRandom().randrange(2**62))
        self._locks = MatchLocks()
        self._tournament_locks = MatchLocks()
        """One lock per tournament: its steps in this process run one at a time (host/tournament)."""
        self.lobbies_per_player = lobbies_per_player
        self.lobbies_per_channel = lobbies_per_channel
        self.computer_matches_per_player = computer_matches_per_player
        self.computer_matches_per_server = computer_matches_per_server
        self.activity = HostActivity()
        """Counters of what this host did, read by the metrics (host/activity.py)."""
        self.languages = LanguageBook()
        """Who reads which language (the cogs word every text with it); `load_languages` reads it."""
        self._opening = asyncio.Lock()
        """Held while a rematch is looked for and opened, so that one asked for twice at once is
        opened once (the lobby limits are the store's: `create_match`'s `admit`)."""

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
        private: bool = False,
        thread: bool | None = None,
        invited: Sequence[Player] = (),
    ) -> MatchSnapshot:
        """Open a lobby in a channel with the creator seated. With `computers` (a level), every
        other seat is taken by a computer player at once and the match starts. A player may
        have `lobbies_per_player` open lobbies on a server, a channel `lobbies_per_channel`;
        against the computer, a player `computer_matches_per_player` active matches in all, a
        server `computer_matches_per_server` (TooManyComputerMatches, nothing stored).

        `private`: played where the bot cannot post on its own (a direct message or group DM,
        whose channel id stands as `guild_id`, or a server that did not install the bot): only
        interactions show it, and it counts for the ratings across all servers only.

        The server must offer the game; the match is rated, threaded and quiet as the server's
        settings say (`thread`: the match's own choice of a thread, None for the server's).

        `invited`: players a seat is held for until they join or decline, the creator releases
        it, or the lobby closes; others may take only the seats left free."""
        guild_id, channel_id = check_id(guild_id, "server id"), check_id(channel_id, "channel id")
        creator = check_player(creator)
        game = game_by_key(game_key)
        if computers is not None:
            check_level(computers)
        seat_count = seats if seats is not None else max(game.seats)
        checked = game.check_options(seat_count, dict(options or {}))
        held = _held_for(creator, [check_player(p) for p in invited], seat_count, computers)
        placement = (await self.check_offered(guild_id, game.key)).placement(thread)
        if private:  # no thread where the bot cannot post on its own: the interactions show it all
            placement = replace(placement, threaded=False, quiet=False)
        # The computer players are seated with the creator, so that the limits on matches against
        # the computer count this one in the transaction that opens it.
        computer_seats = [computer_seat(i, computers) for i in range(1, seat_count)] if computers else []
        match_id = await self.store.create_match(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game.key,
            options=checked,
            seat_count=seat_count,
            creator=SeatRow(0, creator.user_id, creator.name),
            seed=self._seed_source(),
            announce=owed(0, ping=False),
            private=private,
            placement=placement,
            admit=self._admit_lobby if computers is None else None,
            held=held,
            computers=computer_seats,
            admit_computers=self._admit_computers if computers is not None else None,
        )
        # The names were stored with the seat and the held seats.
        self.kept.touch(user_ids=[creator.user_id, *(h.user_id for h in held)])
        if computers is not None:
            async with self._editing(match_id) as lobby:
                return await self._start(lobby, list(lobby.row.seats))
        return await self.get(match_id)

    def _admit_lobby(self, mine: int, here: int) -> None:
        """Refuse a new lobby when its creator has `mine` open on the server or the channel has
        `here` (the store calls it in the transaction that would open it)."""
        if mine >= self.lobbies_per_player:
            raise TooManyLobbies(open_count=mine, limit=self.lobbies_per_player, in_channel=False)
        if here >= self.lobbies_per_channel:
            raise TooManyLobbies(open_count=here, limit=self.lobbies_per_channel, in_channel=True)

    def _admit_computers(self, mine: list[tuple[int, str]], server: int) -> None:
        """Refuse a new match against the computer when its creator is seated in `mine` active
        ones already, or its server has `server` (the store calls it in the transaction that would
        open it)."""
        titled = [(match_id, game_by_key(game_key).title) for match_id, game_key in mine]
        if len(mine) >= self.computer_matches_per_player:
            raise TooManyComputerMatches(
                matches=titled, limit=self.computer_matches_per_player, on_server=False
            )
        if server >= self.computer_matches_per_server:
            raise TooManyComputerMatches(
                matches=titled, limit=self.computer_matches_per_server, on_server=True
            )

    async def _check_computer_limits(self, row: MatchRow) -> None:
        """A lobby of people that a computer player would join becomes a match against the
        computer: within the limits, as one opened so (its creator's and its server's)."""
        if any(seat.computer is not None for seat in row.seats):
            return  # counted already
        mine, server = await self.store.computer_matches_of(row.creator_id, row.guild_id, row.private)
        self._admit_computers(mine, server)

    async def add_computer(self, match_id: int, user_id: int, level: str) -> MatchSnapshot:
        """Seat a computer player in a lobby (creator only); a full lobby starts."""
        check_id(user_id, "user id")
        check_level(level)
        async with self._editing(match_id) as match:
            row = match.row
            self._require_lobby(match, LobbyAction.ADD_COMPUTER)
            if user_id != row.creator_id:
                raise NotCreator(match.ref, creator_id=row.creator_id, action=LobbyAction.ADD_COMPUTER)
            if len(row.seats) >= row.seat_count:
                raise LobbyFull(match.ref, seat_count=row.seat_count)
            if row.held and len(row.seats) + len(row.held) >= row.seat_count:
                raise SeatHeld(match.ref, held_for=[h.name for h in row.held], creator=True)
            await self._check_computer_limits(row)
            return await self._take_seat(match, computer_seat(len(row.seats), level))

    async def join(self, match_id: int, player: Player) -> MatchSnapshot:
        """Take a free seat in a lobby (an invited player: the seat held for them; anyone else:
        one not held); the match starts by itself when the last seat is taken."""
        player = check_player(player)
        async with self._editing(match_id) as match:
            row = match.row
            self._require_lobby(match, LobbyAction.JOIN)
            if any(s.user_id == player.user_id for s in row.seats):
                raise AlreadySeated(match.ref)
            if len(row.seats) >= row.seat_count:
                raise LobbyFull(match.ref, seat_count=row.seat_count, suggest_new=True)
            held = [h for h in row.held if h.user_id != player.user_id]
            if len(held) == len(row.held) and len(row.seats) + len(row.held) >= row.seat_count:
                raise SeatHeld(match.ref, held_for=[h.name for h in row.held])
            await self._check_rematch_seat(row, player.user_id)
            seat = SeatRow(len(row.seats), player.user_id, player.name)
            return await self._take_seat(match, seat, held=held if len(held) != len(row.held) else None)

    async def decline(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Decline an invitation: the seat held for the user in a lobby is free for anyone."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            self._require_lobby(match, LobbyAction.DECLINE)
            held = [h for h in match.row.held if h.user_id != user_id]
            if len(held) == len(match.row.held):
                raise NotInvited(match.ref)
            return await self._commit(match, MatchChange(held=held))

    async def release(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Release every seat of a lobby held for invited players (creator only): anyone may
        take them."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            self._require_lobby(match, LobbyAction.RELEASE)
            if user_id != match.row.creator_id:
                raise NotCreator(match.ref, creator_id=match.row.creator_id, action=LobbyAction.RELEASE)
            if not match.row.held:
                raise NoHeldSeat(match.ref)
            return await self._commit(match, MatchChange(held=()))

    async def leave(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Give up a seat in a lobby; the creator leaving closes the lobby."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            row = match.row
            self._require_lobby(match, LobbyAction.LEAVE)
            if not any(s.user_id == user_id for s in row.seats):
                raise NotInMatch(match.ref, lobby=True)
            if user_id == row.creator_id:
                return await self._commit(match, MatchChange(status=MatchStatus.ABANDONED))
            remaining = [s for s in row.seats if s.user_id != user_id]
            seats = [replace(s, seat=i) for i, s in enumerate(remaining)]
            return await self._commit(match, MatchChange(seats=seats))

    async def start(self, match_id: int, user_id: int, *, computers: str | None = None) -> MatchSnapshot:
        """Start a lobby before it is full (creator only): with the players seated so far, or
        with every empty seat taken by a computer player of the level `computers`."""
        check_id(user_id, "user id")
        if computers is not None:
            check_level(computers)
        async with self._editing(match_id) as match:
            row, game = match.row, match.game
            self._require_lobby(match, LobbyAction.START)
            if user_id != row.creator_id:
                raise NotCreator(match.ref, creator_id=row.creator_id, action=LobbyAction.START)
            if computers is not None:
                await self._check_computer_limits(row)
                filled = [*row.seats]
                filled += [computer_seat(i, computers) for i in range(len(row.seats), row.seat_count)]
                return await self._start(match, filled)
            if len(row.seats) < row.seat_count and not game.starts_short:
                raise NotEnoughPlayers(match.ref, seated=len(row.seats), wanted=row.seat_count)
            if len(row.seats) not in game.seats:
                raise NotEnoughPlayers(match.ref, seated=len(row.seats), allowed=game.seats)
            return await self._start(match, list(row.seats))

    async def abandon(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Close a lobby that has not started (creator only)."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            self._require_lobby(match, LobbyAction.ABANDON)
            if user_id != match.row.creator_id:
                raise NotCreator(match.ref, creator_id=match.row.creator_id, action=LobbyAction.ABANDON)
            return await self._commit(match, MatchChange(status=MatchStatus.ABANDONED))

    async def cancel(self, match_id: int, guild_id: int) -> MatchSnapshot:
        """A server's moderator ends one of its matches (or lobbies): it is abandoned, unrated,
        with no result for anyone (no win, loss or draw is counted), whoever was to move. Refused
        for a match of another server (or a private one, which belongs to no server) and for one
        already over; nothing is changed then."""
        check_id(guild_id, "server id")
        async with self._editing(match_id) as match:
            row = match.row
            if row.guild_id != guild_id or row.private:
                raise MatchNotFound(match_id=match_id, on_server=True)
            if row.status not in ACTIVE_STATUSES:
                raise MatchOver(match.ref, status=row.status)
            change = MatchChange(status=MatchStatus.ABANDONED, draw_offer=None, takeback_offer=None)
            return await self._commit(match, change)

    async def rematch(self, match_id: int, player: Player) -> MatchSnapshot:
        """Open the rematch of a finished match (one of its players asks): a lobby in the same
        channel with the same game, options and players, the asker seated and the computer
        players reseated at once with their levels; its seats are drawn again when it starts,
        which it does when every player has joined. A match has one rematch: asking again
        raises RematchOpen, which names it."""
        player = check_player(player)
        async with self._editing(match_id) as match:
            row = match.row
            if row.status != MatchStatus.FINISHED:
                raise RematchRefused(match.ref, status=row.status)
            if not any(s.user_id == player.user_id for s in row.seats):
                raise RematchRefused(match.ref)
            computers = [
                computer_seat(0, s.computer or RESIGNED_SEAT_LEVEL) for s in row.seats if s.user_id is None
            ]
            async with self._opening:
                existing = await self.store.rematch(row.id)
                if existing is not None:
                    shown = await self.get(existing)
                    raise RematchOpen(
                        match.ref,
                        rematch_id=shown.id,
                        status=shown.status,
                        guild_id=shown.guild_id,
                        channel_id=shown.message_channel_id or shown.channel_id,
                        message_id=shown.message_id,
                    )
                rematch_id = await self.store.create_match(
                    guild_id=row.guild_id,
                    channel_id=row.channel_id,
                    game=row.game,
                    options=row.options,
                    seat_count=len(row.seats),
                    creator=SeatRow(0, player.user_id, player.name),
                    computers=computers,
                    seed=self._seed_source(),
                    announce=owed(0, ping=False),
                    rematch_of=row.id,
                    private=row.private,
                    # It waits for people: it is a lobby, within the limits.
                    admit=self._admit_lobby if len(computers) + 1 < len(row.seats) else None,
                    admit_computers=self._admit_computers if computers else None,
                )
            self.kept.touch(user_ids=[player.user_id])  # the player's name was stored with the seat
        if len(computers) + 1 < len(row.seats):
            return await self.get(rematch_id)
        async with self._editing(rematch_id) as lobby:
            return await self._start(lobby, list(lobby.row.seats))

    async def _check_rematch_seat(self, row: MatchRow, user_id: int) -> None:
        """A rematch lobby keeps its seats for the players of the match it follows."""
        if row.rematch_of is None:
            return
        previous = await self.store.get_match(row.rematch_of)
        if previous is not None and not any(s.user_id == user_id for s in previous.seats):
            ref = Loaded(previous, game_by_key(previous.game), None).ref
            raise RematchRefused(ref, seats_kept=True)

    async def _take_seat(
        self, match: Loaded, seat: SeatRow, *, held: Sequence[HeldSeat] | None = None
    ) -> MatchSnapshot:
        """Seat one more; `held`: the seats still held after it (None: unchanged)."""
        seats = [*match.row.seats, seat]
        if len(seats) < match.row.seat_count:
            return await self._commit(match, MatchChange(seats=seats, held=held))
        return await self._start(match, seats)

    async def _start(self, match: Loaded, seats: list[SeatRow], *, shuffle: bool = True) -> MatchSnapshot:
        """Start a lobby with `seats`, drawn in a random order (`shuffle`), or in the order given
        (a tournament's table, seated as paired)."""
        row = match.row
        order = list(seats)
        if shuffle:
            random.Random(f"{row.seed}/seats").shuffle(order)
        seated = [replace(s, seat=i) for i, s in enumerate(order)]
        state, entries = advance(row.seed, match.game.start(len(seated), **row.options), [], row.log_length)
        change = _state_change(state, entries, seated, status=MatchStatus.PLAYING)
        if row.held:  # the creator started it: the invitations end with the lobby
            change = replace(change, held=())
        return await self._commit(match, change, played=entries, state=state)

    # -- play ------------------------------------------------------------------------------------

    async def play(
        self,
        match_id: int,
        user_id: int,
        text: str,
        *,
        expected_ply: int | None = None,
        sent_at: datetime | None = None,
    ) -> MatchSnapshot:
        """Play `text` for the user's seat, then every chance event and automatic move that
        follows, all in one transaction. `expected_ply`: the ply the move was chosen at (a
        button); `sent_at`: when a typed move was sent, so that it is never played on a
        position reached after it (a repeated or delayed command)."""
        check_id(user_id, "user id")
        text = check_move_text(text)
        async with self._locks.hold(match_id):
            # The match as this process last wrote or read it, when it may stand for the stored
            # one (host/kept.py), else as read now.
            kept = self.kept.trusted(match_id)
            if kept is not None:
                try:
                    return await self._play_checked(kept, user_id, text, expected_ply, sent_at, kept=True)
                except VersionConflict:
                    pass  # another process wrote the match since it was kept: decide on the stored one
            match = await self._load(match_id)
            return await self._play_checked(match, user_id, text, expected_ply, sent_at)

    async def _play_checked(
        self,
        match: Loaded,
        user_id: int,
        text: str,
        expected_ply: int | None,
        sent_at: datetime | None,
        *,
        kept: bool = False,
    ) -> MatchSnapshot:
        """Check the user's move on `match` and play it. What the check refuses is the answer (the
        store is not read for it). `kept`: `match` is the one kept, not read: a refusal drops it,
        and a version moved on raises VersionConflict (see `_commit`)."""
        try:
            seat, move = self._checked_move(match, user_id, text, expected_ply, sent_at)
        except (HostError, MoveError):
            if kept:  # the next try reads the match (see KeptMatches)
                self.kept.drop(match.row.id)
            raise
        return await self._play_move(match, seat, move, kept_match=kept)

    def _checked_move(
        self, match: Loaded, user_id: int, text: str, expected_ply: int | None, sent_at: datetime | None
    ) -> tuple[int, Move]:
        """The user's seat and the move `text` means, when the user may play it now."""
        row, state = match.row, match.state
        seat = self._acting_seat(match, user_id)
        if expected_ply is not None and expected_ply != row.log_length:
            raise StaleTurn(match=match.ref, expected_ply=expected_ply, current_ply=row.log_length)
        if sent_at is not None and _reached_after(row, sent_at):
            raise StaleTurn(match=match.ref, sent_before=True)
        assert state is not None
        if state.to_move != seat.seat:
            raise self._not_your_turn(match)
        return seat.seat, state.parse(text)

    async def play_computers(self, match_id: int, *, requester: int | None = None) -> MatchSnapshot:
        """Play every computer seat's move (with the chance events and passes that follow)
        until a person is to move or the game ends. Each move is stored as it lands; the
        thinking runs in the worker pool, never on the event loop, in the turn of `requester`
        (the person whose move led to it; None: the match's creator), so that the pool is
        shared fairly between people."""
        played: list[PlayedMove] = []
        for _ in range(MAX_AUTOMATIC_PLIES):
            async with self._editing(match_id) as match:
                row, state = match.row, match.state
                if row.status != MatchStatus.PLAYING or state is None:
                    break
                seat = state.to_move
                if seat is None or seat == CHANCE or not plays_itself(row.seats[seat]):
                    break
                level = row.seats[seat].computer or RESIGNED_SEAT_LEVEL
                seed = chance_rng(row.seed, row.log_length).randrange(2**31)
                owner = row.creator_id if requester is None else requester
                text = await self._computer_choice(row.game, state, level, seed, owner)
                played += (await self._play_move(match, seat, state.parse(text))).played
        return await self.get(match_id, played=played)

    async def _computer_choice(
        self, game_key: str, state: State, level: str, seed: int, requester: int
    ) -> str:
        """`computer.choose`, counted: how many wait, how long each took (host/activity.py)."""
        activity = self.activity
        activity.computer_moves_waiting += 1
        started = time.perf_counter()
        try:
            text = await self.computer.choose(state, level, seed, requester=requester)
        finally:
            activity.computer_moves_waiting -= 1
        activity.thought(game_key, time.perf_counter() - started)
        return text

    async def _play_move(
        self, match: Loaded, seat: int, move: Move, *, kept_match: bool = False
    ) -> MatchSnapshot:
        """The one way a move is played, whoever chose it: the move, then what follows by itself;
        it clears a draw offer. `kept_match`: see `_commit`."""
        state, ply = match.state, match.row.log_length
        assert state is not None
        played = state.play(move)
        entries = [seat_move(ply, seat, state, move, played)]
        after, entries = advance(match.row.seed, played, entries, ply + 1)
        change = _state_change(after, entries)
        snapshot = await self._commit(match, change, played=entries, state=after, kept_match=kept_match)
        self.activity.moves_played[match.row.game] += 1
        return snapshot

    async def computer_matches(self) -> list[int]:
        """Matches being played whose seat to move is a computer (after a restart, say), but for
        those whose computer seats this process is playing now."""
        waiting = []
        for match_id in await self.store.matches_with_computer_seats():
            if self.is_announcing(match_id):
                continue
            snapshot = await self.get(match_id)
            if snapshot.waiting_for_computer:
                waiting.append(match_id)
        return waiting

    async def resign(self, match_id: int, user_id: int) -> MatchSnapshot:
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            seat = self._acting_seat(match, user_id)
            return await self._resign(match, seat, resigns(seat.name))

    async def _resign(
        self, match: Loaded, seat: SeatRow, description: Phrase, *, timed_out: bool = False
    ) -> MatchSnapshot:
        """A seat leaves the game: by resigning, or (`timed_out`) because its clock ran out."""
        row, state = match.row, match.state
        assert state is not None
        left = LeftReason.TIMEOUT if timed_out else LeftReason.RESIGNED
        seats = [replace(s, resigned=True, left=left) if s.seat == seat.seat else s for s in row.seats]
        entry = played(row.log_length, EntryKind.RESIGN, seat.seat, "resign", description)
        seat_name = match.game.seat_names(row.seat_count)[seat.seat]
        resigned = state.resign(seat.seat)
        if resigned.outcome() is None and row.seat_count == 2:
            # Nobody is left to play on for (Jai Kerboge's rules keep the seat for a computer, as
            # Kerboge's do): the host ends the match, and the other player wins.
            after, entries = resigned, [entry]
            ended: Outcome | None = Outcome(
                (1 - seat.seat,),
                tuple(resigned.scores()),
                reason(SEAT_RESIGNED, seat=Phrase(seat_name)),
                RESIGNED,
            )
        else:
            after, entries = advance(row.seed, resigned, [entry], row.log_length + 1)
            ended = after.outcome()
        if ended is not None and timed_out:  # the clock, not the player, ended it
            timed_out_reason = reason(SEAT_TIMED_OUT, seat=Phrase(seat_name))
            ended = replace(ended, reason=timed_out_reason, termination=TIMEOUT)
        change = _state_change(after, entries, seats, outcome=ended)
        return await self._commit(match, change, played=entries, state=after)

    async def offer_draw(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Offer (or accept) a draw. Once every person still playing has offered, every computer
        player is asked, and accepts only when its search rates its position as no better than
        a draw: if all agree the match is drawn; if one declines, the offer is cleared and the
        snapshot names who declined (`draw_declined`). A computer standing in for a player who
        resigned is not asked: that seat is ranked last whatever happens. Against a computer, a
        game that cannot end drawn takes no offer at all (`offers_draw`)."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            row = match.row
            seat = self._acting_seat(match, user_id)
            if not offers_draw(match.game, (s.user_id for s in row.seats)):
                raise NoDrawWithComputer(match.ref)
            offer = set(row.draw_offer or ()) | {seat.seat}
            needed = {s.seat for s in row.seats if s.user_id is not None and not s.resigned}
            if not needed <= offer:
                return await self._commit(match, MatchChange(draw_offer=sorted(offer)))
            assert match.state is not None
            declined = await self._declining_draw(match, user_id)
            if declined:
                snapshot = await self._commit(match, MatchChange(draw_offer=None))
                return replace(snapshot, draw_declined=declined)
            entry = played(row.log_length, EntryKind.DRAW, None, "draw", DRAW_AGREED_TEXT)
            outcome = Outcome((), tuple(match.state.scores()), reason(DRAW_AGREED_REASON), DRAW_AGREED)
            change = MatchChange(
                status=MatchStatus.FINISHED,
                result=outcome.to_json(),
                draw_offer=None,
                log=log_entries([entry]),
            )
            return await self._commit(match, change, played=[entry])

    async def _declining_draw(self, match: Loaded, requester: int) -> tuple[int, ...]:
        """The computer players' seats that decline a draw now, each asked with its own seed; in
        the opening (`DRAW_OPENING_MOVES`) every one declines without being asked."""
        row, state = match.row, match.state
        assert state is not None
        if row.move_count < DRAW_OPENING_MOVES:
            return tuple(seat.seat for seat in row.seats if seat.user_id is None)
        rng = random.Random(f"{row.seed}/draw/{row.log_length}")
        declined = []
        for seat in row.seats:
            if seat.user_id is not None:
                continue
            level = seat.computer or RESIGNED_SEAT_LEVEL
            seed = rng.randrange(2**31)
            if not await self.computer.accepts_draw(state, seat.seat, level, seed, requester=requester):
                declined.append(seat.seat)
        return tuple(declined)

    async def decline_draw(self, match_id: int, user_id: int) -> MatchSnapshot:
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            self._acting_seat(match, user_id)
            if not match.row.draw_offer:
                raise NoDrawOffer(match.ref)
            return await self._commit(match, MatchChange(draw_offer=None))

    # -- takebacks -------------------------------------------------------------------------------

    async def ask_takeback(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Ask to take back the user's last move (see host/takebacks.py for what goes with it).
        Every other person still playing must accept; computer players accept. With nobody to
        ask, the move is taken back at once."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            row = match.row
            seat = self._acting_seat(match, user_id)
            offer = self._takeback_offer(match)
            if offer is not None and offer.seat == seat.seat:
                raise TakebackRefused(match.ref, reason=TakebackRefusal.ASKED)
            point = await self._takeback_point(match, seat.seat)
            if not others_playing(row, seat.seat):
                return await self._take_back(match, point)
            asked = {"seat": seat.seat, "ply": point.ply, "at": row.log_length, "agreed": [seat.seat]}
            return await self._commit(match, MatchChange(takeback_offer=asked))

    async def accept_takeback(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Accept the takeback asked for; the last acceptance takes the move back."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            seat = self._acting_seat(match, user_id)
            offer = self._takeback_offer(match)
            if offer is None:
                raise NoTakebackRequest(match.ref)
            if seat.seat == offer.seat:
                raise NoTakebackRequest(match.ref, own=True)
            if seat.seat in offer.agreed:
                raise NoTakebackRequest(match.ref, accepted=True)
            if offer.waiting - {seat.seat}:
                agreed = sorted(offer.agreed | {seat.seat})
                asked = {"seat": offer.seat, "ply": offer.ply, "at": match.row.log_length, "agreed": agreed}
                return await self._commit(match, MatchChange(takeback_offer=asked))
            return await self._take_back(match, await self._takeback_point(match, offer.seat))

    async def decline_takeback(self, match_id: int, user_id: int) -> MatchSnapshot:
        """Decline the takeback asked for (its asker withdraws it this way)."""
        check_id(user_id, "user id")
        async with self._editing(match_id) as match:
            self._acting_seat(match, user_id)
            if self._takeback_offer(match) is None:
                raise NoTakebackRequest(match.ref)
            return await self._commit(match, MatchChange(takeback_offer=None))

    @staticmethod
    def _takeback_offer(match: Loaded) -> TakebackOffer | None:
        return takeback_offer_of(match.row)

    async def _takeback_point(self, match: Loaded, seat: int) -> TakebackPoint:
        row = match.row
        return takeback_point(
            match.ref,
            match.game.start(row.seat_count, **row.options),
            await self.store.log(row.id),
            seat,
            plays_itself=lambda index: plays_itself(row.seats[index]),
            names=[s.name for s in row.seats],
        )

    async def _take_back(self, match: Loaded, point: TakebackPoint) -> MatchSnapshot:
        """Go back to `point`: its log entries deleted, the state replayed, in one change."""
        change = MatchChange(
            state=point.state.to_json(),
            truncate_from=point.ply,
            removed_moves=point.removed_moves,
            draw_offer=None,
            takeback_offer=None,
            takebacks=match.row.takebacks + 1,
        )
        snapshot = await self._commit(match, change, state=point.state)
        return replace(snapshot, taken_back=point.removed)

    # -- the clock -------------------------------------------------------------------------------

    async def expire_idle(
        self,
        *,
        turn_timeout: timedelta | None,
        lobby_timeout: timedelta | None,
        now: datetime | None = None,
        page: int = IDLE_PAGE,
    ) -> list[MatchSnapshot]:
        """The turn clock: resign players who let their server's turn clock pass without moving,
        and close lobbies nobody joined within their server's lobby clock; `turn_timeout` and
        `lobby_timeout` are the clocks of servers that chose none (None: never). One query per
        status finds what is idle, whatever the number of servers, `page` matches at most.
        Returns the matches changed."""
        now = now or datetime.now(UTC)
        changed: list[MatchSnapshot] = []
        for status, clock, default in (
            (MatchStatus.LOBBY, "lobby_clock_hours", lobby_timeout),
            (MatchStatus.PLAYING, "turn_clock_hours", turn_timeout),
        ):
            default_hours, clocks = possible_clocks(default)
            left: list[int] = []
            while True:
                idle = await self.store.idle_matches(
                    status,
                    clock=clock,
                    default_hours=default_hours,
                    cutoffs={
                        h: (now - timedelta(hours=h)).isoformat(timespec="milliseconds") for h in clocks
                    },
                    limit=page,
                    excluding=left,
                )
                found = len(changed)
                for match in idle:
                    timeout = timedelta(hours=match.hours)
                    cutoff = (now - timeout).isoformat(timespec="milliseconds")
                    try:
                        snapshot = await self._expire(match.id, cutoff, timeout, now)
                    except StaleTurn:
                        snapshot = None  # it changed meanwhile (in another bot process): no longer idle
                    if snapshot is not None:
                        changed.append(snapshot)
                    else:
                        left.append(match.id)
                # A full page left as it was (players on vacation, whose clocks stopped) would
                # fill every sweep's page: look past it, until a page changes something.
                if len(idle) < page or len(changed) > found:
                    break
        return changed

    async def _expire(
        self, match_id: int, cutoff: str, timeout: timedelta, now: datetime
    ) -> MatchSnapshot | None:
        async with self._editing(match_id) as match:
            row, state = match.row, match.state
            if row.updated_at >= cutoff:
                return None  # it moved meanwhile
            if row.status == MatchStatus.LOBBY:
                return await self._commit(match, MatchChange(status=MatchStatus.ABANDONED))
            if row.status != MatchStatus.PLAYING or state is None:
                return None
            seat_index = state.to_move
            if seat_index is None or seat_index == CHANCE:
                return None
            seat = row.seats[seat_index]
            if plays_itself(seat):
                return None
            since = stored_moment(row.updated_at)
            # A player on vacation: their clock stopped for it, so it runs out later.
            if (
                seat.user_id is not None
                and since is not None
                and since + timeout + await self.paused(seat.user_id, since, now) > now
            ):
                return None
            days = timeout.total_seconds() / 86400
            return await self._resign(
                match,
                seat,
                plural_phrase(
                    "{player} ran out of time ({count} day)",
                    "{player} ran out of time ({count} days)",
                    int(days) if days.is_integer() else days,
                    player=seat.name,
                ),
                timed_out=True,
            )

    # -- one way to change a match -----------------------------------------------------------------

    @asynccontextmanager
    async def _editing(self, match_id: int) -> AsyncIterator[Loaded]:
        """The match as stored, held under its lock: check it, then `_commit` one change."""
        async with self._locks.hold(match_id):
            yield await self._load(match_id)

    async def _commit(
        self,
        match: Loaded,
        change: MatchChange,
        *,
        played: Sequence[PlayedMove] = (),
        state: State | None = None,
        kept_match: bool = False,
    ) -> MatchSnapshot:
        """Store `change` if the match is still as loaded, and return the match as it now is
        (`state`: the new state, when the change made one). `kept_match`: the match is the one
        kept in memory, not read: a version moved on raises VersionConflict, not StaleTurn.

        A change that finishes the match also stores each seat's result and, for rated matches,
        the new ratings, in the same transaction; every change records there that its match
        message is owed to the channel (host/announcements.py), with a ping when a turn passed."""
        row = match.row
        turn_passed = bool(change.log) or change.status == MatchStatus.PLAYING
        since = row.log_length if change.truncate_from is None else min(row.log_length, change.truncate_from)
        now = datetime.now(UTC)  # one moment for the row, its outbox entry and the row kept
        when = now.isoformat(timespec="milliseconds")
        change = _with_results(row, change)
        if row.tournament_id is not None:  # its game's score, stored with the match's end
            score = game_score(match.game, row, change)
            if score is not None:
                change = replace(change, tournament_result=score)
        change = change.owing(owed(since, ping=turn_passed, now=now))
        try:
            version = await self.store.update_match(row.id, row.version, change, when=when)
        except VersionConflict:
            self.kept.drop(row.id)
            if kept_match:
                raise
            raise StaleTurn(match=match.ref) from None
        written = change.applied_to(row, version, when)
        # The state at the new version: the one the change made, else the one it kept.
        kept_state = state if state is not None or change.state else match.state
        self.kept.keep(Loaded(written, match.game, kept_state, match.clock))
        if change.seats is not None:  # the players' names were stored with the seats
            names = [s.user_id for s in change.seats if s.user_id is not None]
            self.kept.touch(user_ids=names, written=row.id)
        if change.truncate_from is not None:
            self._forget_last_moves(row.id, change.truncate_from)
        if any(e.kind == EntryKind.MOVE for e in played):
            self._remember_last_move((row.id, written.log_length), last_seat_move(played))
        return await self._snapshot(Loaded(written, match.game, state or match.state), played)

    # -- checks ----------------------------------------------------------------------------------

    def _require_lobby(self, match: Loaded, action: LobbyAction) -> None:
        if match.row.status != MatchStatus.LOBBY:
            raise LobbyClosed(match.ref, action=action, status=match.row.status)

    def _acting_seat(self, match: Loaded, user_id: int) -> SeatRow:
        row = match.row
        if row.status == MatchStatus.LOBBY:
            raise NotStarted(match.ref)
        if row.status != MatchStatus.PLAYING:
            raise MatchOver(match.ref, status=row.status)
        seat = next((s for s in row.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotInMatch(match.ref)
        if seat.resigned:
            raise NotInMatch(match.ref, resigned=True)
        return seat

    def _not_your_turn(self, match: Loaded) -> NotYourTurn:
        assert match.state is not None
        seat = match.state.to_move
        if seat is None or seat == CHANCE:
            return NotYourTurn(match.ref, to_move_user_id=None, to_move_name=None)
        holder = to_seats(match.row.seats, playing_on=match.game.resigned_play_on)[seat]
        if holder.stand_in:  # a computer moves for the player who resigned, not they
            return NotYourTurn(match.ref, to_move_user_id=None, to_move_name=holder.label)
        return NotYourTurn(match.ref, to_move_user_id=holder.user_id, to_move_name=holder.label)


def _state_change(
    state: State,
    entries: Sequence[PlayedMove],
    seats: Sequence[SeatRow] | None = None,
    *,
    status: MatchStatus | None = None,
    outcome: Outcome | None = None,
) -> MatchChange:
    """The change that stores a new state with its log entries (and seats, when they changed);
    it clears any draw offer and takeback asked for. `outcome` stands for the state's own when
    the host decided how the game ended."""
    outcome = outcome or state.outcome()
    return MatchChange(
        status=MatchStatus.FINISHED if outcome is not None else status,
        state=state.to_json(),
        result=outcome.to_json() if outcome is not None else None,
        seats=None if seats is None else list(seats),
        draw_offer=None,
        takeback_offer=None,
        log=log_entries(entries),
    )


def _with_results(row: MatchRow, change: MatchChange) -> MatchChange:
    """`change`, with each seat's result and the rating update when it finishes the match."""
    if change.status != MatchStatus.FINISHED or change.result is None:
        return change
    game = game_by_key(row.game)
    outcome = Outcome.from_json(change.result)
    assert outcome is not None
    seats = to_seats(change.seats if change.seats is not None else row.seats)
    results = tuple(ratings.results(game, outcome, seats))
    ladder = game.ladder_key(len(seats))  # Jai Kerboge has its own ladder
    if not row.placement.rated or not ratings.is_rated(seats):  # an unrated server's: results only
        return replace(change, results=results, ladder=ladder)
    # A private match has no server's ladder to climb (a DM, or a server without the bot).
    scopes = (ratings.GLOBAL_SCOPE,) if row.private else (row.guild_id, ratings.GLOBAL_SCOPE)
    rate = ratings.RatingUpdate(ladder, results, scopes)
    return replace(change, results=results, rating_scopes=scopes, rate=rate, ladder=ladder)


def _reached_after(row: MatchRow, sent_at: datetime) -> bool:
    """Whether the match's current position was reached after `sent_at` (its last log entry was
    stored later; without one, its last change)."""
    for stored in (row.position_at, row.updated_at):
        when = stored_moment(stored)
        if when is None:
            continue
        sent = sent_at if sent_at.tzinfo is not None else sent_at.replace(tzinfo=UTC)
        return when > sent
    return False


def _held_for(
    creator: Player, invited: Sequence[Player], seat_count: int, computers: str | None
) -> list[HeldSeat]:
    """The seats a new lobby holds for the players invited to it."""
    held = {p.user_id: HeldSeat(p.user_id, p.name) for p in invited}
    if not held:
        return []
    if computers is not None:
        raise BadRequest(phrase("Against the computer every other seat is a computer player: invite nobody."))
    if creator.user_id in held:
        raise BadRequest(phrase("You are already seated in the lobby you open: invite someone else."))
    if len(held) > seat_count - 1:
        most = seat_count - 1
        raise BadRequest(
            phrase(
                "A lobby of {seats} seats can hold at most {most} for invited players.",
                seats=seat_count,
                most=most,
            )
        )
    return list(held.values())


def computer_seat(index: int, level: str) -> SeatRow:
    return SeatRow(index, None, COMPUTER_NAME, level)


def plays_itself(seat: SeatRow) -> bool:
    """A computer seat, or a seat whose player resigned while the game goes on (Kerboge)."""
    return seat.user_id is None or seat.resigned
