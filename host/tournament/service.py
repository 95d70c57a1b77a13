"""The tournament service (a mixin of `Host`): sign-up, rounds created as ordinary matches, results,
withdrawals, cancellation, and the background sweep that moves tournaments on. No Discord.

Every step that must happen once happens once whatever the number of processes, because the store
guards it: a status moves only from the status it may move from (`set_tournament_status`), a
round starts by inserting its row (`claim_round`), and a game's match is written only in the
transaction that gives the game its match (`create_match(tournament_game=…)`). A match's result
is written in the transaction that ends the match (`Host._commit`, host/tournament/results.py), so
a result is never lost nor counted twice. Within a process a tournament's steps run one at a time
(its lock); across processes, whichever step loses a guard reads the tournament again.

The sweep (`advance_tournaments`) looks at the tournaments the store says are due: a sign-up past
its time (start it, or cancel it with too few entrants), a round whose games have all ended (the
next round, or the end), a round claimed whose matches were not all created (a process stopped in
between), a match over whose result is missing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from data import (
    LOBBY_GRACE,
    OVER_STATUSES,
    GameKey,
    GameTaken,
    MatchChange,
    MatchPlacement,
    MatchStatus,
    PlannedGame,
    SeatRow,
    StoreError,
    TournamentFormat,
    TournamentGameRow,
    TournamentRow,
    TournamentStatus,
)
from data import AlreadyEntered as StoredAlreadyEntered
from data import SignupClosed as StoredSignupClosed
from data import TournamentFull as StoredTournamentFull
from data import TournamentNotFound as StoredTournamentNotFound

from ..announcements import CLAIM_LEASE, owed
from ..checks import check_id, check_level, check_name, check_player, game_by_key, is_id
from ..errors import HostError, MatchOver, StaleTurn
from ..locks import MatchLocks
from ..snapshot import COMPUTER_NAME, MatchSnapshot, Player
from ..vacations import stored_text
from .checks import (
    MOST_SWISS_ROUNDS,
    checked_format,
    checked_max_players,
    checked_rounds,
    checked_signup,
    checked_table_size,
    clock_of,
)
from .errors import (
    AlreadyEntered,
    NotEntered,
    NotOrganiser,
    NotTournamentMatch,
    TooFewEntrants,
    TournamentAction,
    TournamentClosed,
    TournamentCreatorsOnly,
    TournamentFull,
    TournamentNotFound,
)
from .pairing import (
    NotEnoughEntrants,
    Table,
    knockout_round,
    knockout_round_number,
    round_robin,
    seed_order,
    swiss_round,
)
from .reading import allowed_sizes, entrants_of, needed_entrants, ref_of, results_of, snapshot_of
from .results import game_score, scored
from .snapshot import (
    CancelReason,
    MatchTournament,
    OwedTournamentMessage,
    RoundStarted,
    StandingsChanged,
    TournamentCancelled,
    TournamentChange,
    TournamentEvent,
    TournamentFinished,
    TournamentPlace,
    TournamentSnapshot,
)

if TYPE_CHECKING:
    from data import Store

    from ..kept import KeptMatches, Loaded
    from ..settings import ServerSettings

log = logging.getLogger("tavern.host")

DEFAULT_MAX_PLAYERS = 64


def _claimer() -> str:
    """Who claims a round, for the logs: this machine and process."""
    return f"{socket.gethostname()}:{os.getpid()}"


class Tournaments:
    """The tournament part of the host (a mixin of `Host`)."""

    if TYPE_CHECKING:
        store: Store
        kept: KeptMatches
        _seed_source: Any
        _tournament_locks: MatchLocks

        def _editing(self, match_id: int) -> AbstractAsyncContextManager[Loaded]: ...

        async def _start(
            self, match: Loaded, seats: list[SeatRow], *, shuffle: bool = True
        ) -> MatchSnapshot: ...

        async def get(self, match_id: int) -> MatchSnapshot: ...

        async def resign(self, match_id: int, user_id: int) -> MatchSnapshot: ...

        async def cancel(self, match_id: int, guild_id: int) -> MatchSnapshot: ...

        async def server_settings(self, guild_id: int) -> ServerSettings: ...

        async def check_offered(self, guild_id: int, game_key: str) -> ServerSettings: ...

    # -- reading ---------------------------------------------------------------------------------

    async def tournament(self, tournament_id: int, guild_id: int | None = None) -> TournamentSnapshot:
        """The tournament as stored now (`guild_id`: refused unless it is that server's)."""
        return snapshot_of(await self._tournament_row(tournament_id, guild_id))

    async def tournaments_of_server(
        self, guild_id: int, statuses: Sequence[str] = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)
    ) -> list[TournamentSnapshot]:
        """A server's tournaments of `statuses`, newest first (for autocomplete and lists)."""
        check_id(guild_id, "server id")
        rows = await self.store.tournaments_in(guild_id, [TournamentStatus(s) for s in statuses])
        return [snapshot_of(row) for row in rows]

    async def _tournament_row(self, tournament_id: int, guild_id: int | None = None) -> TournamentRow:
        if not is_id(tournament_id):  # no tournament has such an id (SQLite could not look it up)
            raise TournamentNotFound(tournament_id)
        if guild_id is not None:
            check_id(guild_id, "server id")
        row = await self.store.tournament(tournament_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TournamentNotFound(tournament_id)
        return row

    # -- sign-up ---------------------------------------------------------------------------------

    async def new_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: Player,
        may_manage: bool,
        game_key: str,
        options: Mapping[str, Any] | None = None,
        format: str,
        rounds: int | None = None,
        table_size: int = 2,
        rated: bool = True,
        turn_clock: str | None = None,
        max_players: int = DEFAULT_MAX_PLAYERS,
        signup_until: datetime | None = None,
        name: str | None = None,
        now: datetime | None = None,
    ) -> TournamentSnapshot:
        """Open a tournament for sign-up in a channel. Who may is the server's setting
        (`tournament_creators`: 'managers', who must `may_manage`, or 'everyone'). Every value is
        checked before anything is stored: the format (Swiss of 1–20 rounds; round-robin and
        knockout at two seats only), the table size (a seat count of the game), the turn clock
        (a CLOCK_PRESETS key; None: the server's), the players (2–1024), the sign-up end (in the
        future, within 14 days; None: when the organiser starts it). Rated when the server's
        matches are."""
        guild_id, channel_id = check_id(guild_id, "server id"), check_id(channel_id, "channel id")
        creator = check_player(creator)
        game = game_by_key(game_key)
        settings = await self.check_offered(guild_id, game.key)
        if settings.tournament_creators != "everyone" and not may_manage:
            raise TournamentCreatorsOnly()
        kind = checked_format(format)
        size = checked_table_size(game, table_size, kind)
        rounds = checked_rounds(kind, rounds)
        players = checked_max_players(max_players, size)
        hours = clock_of(turn_clock)
        until = checked_signup(signup_until, now or datetime.now(UTC))
        checked = game.check_options(size, dict(options or {}))
        given_name = None if name is None or not name.strip() else check_name(name.strip())
        tournament_id = await self.store.create_tournament(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator.user_id,
            game=game.key,
            options=checked,
            format=kind,
            rounds=rounds,
            table_size=size,
            rated=rated and settings.rated,
            turn_clock_hours=hours,
            max_players=players,
            signup_until=until,
            name=given_name,
            creator_name=creator.name,
        )
        return await self.tournament(tournament_id)

    async def join_tournament(
        self, tournament_id: int, player: Player, *, guild_id: int | None = None
    ) -> TournamentSnapshot:
        """Enter a tournament in sign-up, seeded by the player's rating of the game on the server
        (unrated: seeded last)."""
        player = check_player(player)
        row = await self._tournament_row(tournament_id, guild_id)
        ref = ref_of(row)
        if row.status != TournamentStatus.SIGNUP:
            raise TournamentClosed(ref, action=TournamentAction.JOIN, status=row.status)
        game = game_by_key(row.game)
        rating = await self.store.rating(player.user_id, game.ladder_key(row.table_size), row.guild_id)
        try:
            await self.store.add_entrant(
                row.id,
                name=player.name,
                user_id=player.user_id,
                rating=None if rating is None else rating.mu - 3 * rating.sigma,
            )
        except StoredAlreadyEntered:
            raise AlreadyEntered(ref) from None
        except StoredTournamentFull:
            raise TournamentFull(ref, max_players=row.max_players) from None
        except StoredSignupClosed as closed:
            raise TournamentClosed(ref, action=TournamentAction.JOIN, status=_closed_status(closed)) from None
        except StoredTournamentNotFound:
            raise TournamentNotFound(row.id) from None
        self.kept.touch(user_ids=[player.user_id])  # the player's name was stored
        return await self.tournament(row.id)

    async def leave_tournament(
        self, tournament_id: int, user_id: int, *, guild_id: int | None = None
    ) -> TournamentSnapshot:
        """Leave a tournament in sign-up (once it runs: `withdraw_from_tournament`)."""
        check_id(user_id, "user id")
        row = await self._tournament_row(tournament_id, guild_id)
        ref = ref_of(row)
        if row.status != TournamentStatus.SIGNUP:
            raise TournamentClosed(ref, action=TournamentAction.LEAVE, status=row.status)
        if not any(e.user_id == user_id for e in row.entrants):
            raise NotEntered(ref)
        try:
            removed = await self.store.remove_entrant(row.id, user_id)
        except StoredSignupClosed as closed:
            raise TournamentClosed(
                ref, action=TournamentAction.LEAVE, status=_closed_status(closed)
            ) from None
        if not removed:
            raise NotEntered(ref)
        return await self.tournament(row.id)

    async def add_tournament_computer(
        self,
        tournament_id: int,
        user_id: int,
        level: str,
        *,
        may_manage: bool = False,
        guild_id: int | None = None,
    ) -> TournamentSnapshot:
        """Enter a computer player of `level` (the organiser, or a server manager): seeded as
        unrated; it plays its matches in the background."""
        check_id(user_id, "user id")
        check_level(level)
        row = await self._tournament_row(tournament_id, guild_id)
        ref = ref_of(row)
        self._check_organiser(row, user_id, may_manage, TournamentAction.ADD_COMPUTER)
        if row.status != TournamentStatus.SIGNUP:
            raise TournamentClosed(ref, action=TournamentAction.ADD_COMPUTER, status=row.status)
        try:
            await self.store.add_entrant(row.id, name=COMPUTER_NAME, computer_level=level)
        except StoredTournamentFull:
            raise TournamentFull(ref, max_players=row.max_players) from None
        except StoredSignupClosed as closed:
            status = _closed_status(closed)
            raise TournamentClosed(ref, action=TournamentAction.ADD_COMPUTER, status=status) from None
        return await self.tournament(row.id)

    async def start_tournament(
        self, tournament_id: int, user_id: int, *, may_manage: bool = False, guild_id: int | None = None
    ) -> TournamentChange:
        """Start a tournament in sign-up now (the organiser, or a server manager): its first
        round's matches are created at once."""
        check_id(user_id, "user id")
        row = await self._tournament_row(tournament_id, guild_id)
        self._check_organiser(row, user_id, may_manage, TournamentAction.START)
        async with self._tournament_locks.hold(row.id):
            row = await self._tournament_row(row.id)
            ref = ref_of(row)
            if row.status != TournamentStatus.SIGNUP:
                raise TournamentClosed(ref, action=TournamentAction.START, status=row.status)
            active = [e for e in row.entrants if not e.withdrawn]
            if len(active) < needed_entrants(row):
                raise TooFewEntrants(ref, entrants=len(active), needed=needed_entrants(row))
            if not await self.store.set_tournament_status(row.id, TournamentStatus.RUNNING):
                raise TournamentClosed(ref, action=TournamentAction.START, status=TournamentStatus.RUNNING)
            events = await self._advance(row.id, datetime.now(UTC))
        return await self._change(row.id, events)

    # -- while it runs ---------------------------------------------------------------------------

    async def withdraw_from_tournament(
        self, tournament_id: int, user_id: int, *, guild_id: int | None = None
    ) -> TournamentChange:
        """Withdraw from a running tournament: the player resigns their open matches of it (the
        ordinary resignation: the match ends, or goes on without them, as a resignation does), and
        later rounds leave them out. In sign-up it is leaving it."""
        check_id(user_id, "user id")
        row = await self._tournament_row(tournament_id, guild_id)
        ref = ref_of(row)
        if row.status == TournamentStatus.SIGNUP:
            return TournamentChange(await self.leave_tournament(row.id, user_id))
        if row.status != TournamentStatus.RUNNING:
            raise TournamentClosed(ref, action=TournamentAction.WITHDRAW, status=row.status)
        entrant = next((e for e in row.entrants if e.user_id == user_id), None)
        if entrant is None or entrant.withdrawn:
            raise NotEntered(ref, withdrawn=entrant is not None)
        async with self._tournament_locks.hold(row.id):
            await self.store.withdraw_entrant(row.id, entrant.entrant)
            matches = await self._resign_open_games(row.id, entrant.entrant, user_id)
            events = await self._advance(row.id, datetime.now(UTC))
        return await self._change(row.id, _with_standings(events, await self.tournament(row.id)), matches)

    async def withdraw_from_tournaments(self, user_id: int) -> list[TournamentChange]:
        """Take the player out of every tournament they entered that is in sign-up or running
        (for the privacy command forget-me, before their name is erased)."""
        check_id(user_id, "user id")
        changes = []
        for tournament_id in await self.store.entered_tournaments(user_id):
            try:
                changes.append(await self.withdraw_from_tournament(tournament_id, user_id))
            except HostError:
                continue  # withdrawn already, or it ended meanwhile
        return changes

    async def _resign_open_games(self, tournament_id: int, entrant: int, user_id: int) -> list[MatchSnapshot]:
        """Resign the entrant's open matches of the tournament (each through the ordinary path);
        a game of theirs whose match is not created yet is ended as their forfeit."""
        row = await self._tournament_row(tournament_id)
        changed = []
        for game in row.games:
            if game.ended or entrant not in game.seats:
                continue
            if game.match_id is None:
                await self._forfeit_game(row, game)
                continue
            resigned = await _retried(partial(self.resign, game.match_id, user_id))
            if resigned is not None:
                changed.append(resigned)
        return changed

    async def cancel_tournament(
        self, tournament_id: int, user_id: int, *, may_manage: bool = False, guild_id: int | None = None
    ) -> TournamentChange:
        """Cancel a tournament in sign-up or running (the organiser, or a server manager): its
        open matches are cancelled, unrated (`Host.cancel`), and no round starts again."""
        check_id(user_id, "user id")
        row = await self._tournament_row(tournament_id, guild_id)
        self._check_organiser(row, user_id, may_manage, TournamentAction.CANCEL)
        async with self._tournament_locks.hold(row.id):
            row = await self._tournament_row(row.id)
            if not await self.store.set_tournament_status(row.id, TournamentStatus.CANCELLED):
                status = (await self._tournament_row(row.id)).status
                raise TournamentClosed(ref_of(row), action=TournamentAction.CANCEL, status=status)
            matches = await self._cancel_open_matches(row)
            snapshot = await self.tournament(row.id)
        return TournamentChange(
            snapshot, tuple(matches), (TournamentCancelled(snapshot, CancelReason.ORGANISER),)
        )

    async def _cancel_open_matches(self, row: TournamentRow) -> list[MatchSnapshot]:
        cancelled = []
        for game in row.games:
            if game.ended or game.match_id is None:
                continue
            match = await _retried(partial(self.cancel, game.match_id, row.guild_id))
            if match is not None:
                cancelled.append(match)
        return cancelled

    async def end_tournament_match(
        self,
        tournament_id: int,
        match_id: int,
        user_id: int,
        *,
        may_manage: bool = False,
        guild_id: int | None = None,
    ) -> TournamentChange:
        """End a stuck match of a running tournament (the organiser, or a server manager): it is
        cancelled, unrated, and scored as drawn among the seats still playing (each ½ at two
        seats; a seat that had resigned stays last). The round goes on as after any result."""
        check_id(user_id, "user id")
        row = await self._tournament_row(tournament_id, guild_id)
        ref = ref_of(row)
        self._check_organiser(row, user_id, may_manage, TournamentAction.END_MATCH)
        if row.status != TournamentStatus.RUNNING:
            raise TournamentClosed(ref, action=TournamentAction.END_MATCH, status=row.status)
        game = next((g for g in row.games if g.match_id == match_id), None)
        if game is None:
            raise NotTournamentMatch(ref, match_id=match_id)
        if game.ended:
            raise NotTournamentMatch(ref, match_id=match_id, over=True)
        try:
            ended = await self.cancel(match_id, row.guild_id)
        except MatchOver:
            raise NotTournamentMatch(ref, match_id=match_id, over=True) from None
        events = await self.tournament_match_ended(match_id)
        return await self._change(row.id, events, [ended])

    async def tournament_match_ended(self, match_id: int) -> list[TournamentEvent]:
        """A tournament match ended (its result is stored with its end): the standings changed,
        and when it was the round's last, the next round starts now (else the sweep would). Call
        it with any match that ended; it is nothing for a match that is no tournament's."""
        game = await self.store.tournament_of_match(match_id)
        if game is None:
            return []
        async with self._tournament_locks.hold(game.tournament_id):
            events = await self._advance(game.tournament_id, datetime.now(UTC))
        return _with_standings(events, await self.tournament(game.tournament_id))

    async def tournament_thread_opened(self, tournament_id: int, thread_id: int | None) -> None:
        """The bot opened the tournament's thread (None: it is gone): its matches go there from
        the next round on, and its standings message."""
        await self.store.set_tournament_messages(tournament_id, thread_id=thread_id)

    async def tournament_messages_posted(
        self,
        tournament_id: int,
        *,
        signup_message_id: int | None = None,
        standings_message_id: int | None = None,
    ) -> None:
        """Remember the tournament's sign-up and standings messages, to edit them later."""
        given: dict[str, int] = {}
        if signup_message_id is not None:
            given["signup_message_id"] = signup_message_id
        if standings_message_id is not None:
            given["standings_message_id"] = standings_message_id
        await self.store.set_tournament_messages(tournament_id, **given)

    # -- the sweep -------------------------------------------------------------------------------

    async def advance_tournaments(self, now: datetime | None = None) -> list[TournamentEvent]:
        """The background sweep: every tournament due moves on (see the module's docstring).
        Safe to run in several processes at once: each step is guarded in the store."""
        now = (now or datetime.now(UTC)).astimezone(UTC)  # the store compares UTC times as text
        events: list[TournamentEvent] = []
        for tournament_id in await self.store.tournaments_due(stored_text(now)):
            try:
                async with self._tournament_locks.hold(tournament_id):
                    events += await self._advance(tournament_id, now)
            except (HostError, StoreError, ValueError):
                # One tournament that cannot move on (a pairing refused, a store refusal) must not
                # stop the others; it is due again at the next sweep.
                log.exception("Tournament #%d could not move on", tournament_id)
        return events

    async def _advance(self, tournament_id: int, now: datetime) -> list[TournamentEvent]:
        """Move one tournament on as far as it can go now (under its lock)."""
        row = await self._tournament_row(tournament_id)
        if row.status == TournamentStatus.SIGNUP:
            if row.signup_until is None or row.signup_until > stored_text(now):
                return []
            if len([e for e in row.entrants if not e.withdrawn]) < needed_entrants(row):
                if await self.store.set_tournament_status(
                    row.id, TournamentStatus.CANCELLED, stored_text(now)
                ):
                    return [TournamentCancelled(await self.tournament(row.id), CancelReason.TOO_FEW_ENTRANTS)]
                return []
            if not await self.store.set_tournament_status(row.id, TournamentStatus.RUNNING, stored_text(now)):
                return []
            row = await self._tournament_row(row.id)
        if row.status != TournamentStatus.RUNNING:
            return []
        events: list[TournamentEvent] = []
        claimed = False
        for _ in range(MOST_SWISS_ROUNDS + 3):  # rounds without a game to play are passed at once
            await self._settle_missing_results(row)
            row = await self._tournament_row(row.id)
            # The games this process claimed get their matches now; those another process claimed,
            # only once it had time to create them (it stopped in between).
            if claimed or _claimed_before(row, now - LOBBY_GRACE):
                matches = await self._open_round_matches(row)
                row = await self._tournament_row(row.id)
                if claimed:  # the round's (or replays') matches, whoever created them
                    matches = await self._round_matches(row, matches)
                if matches:
                    events.append(RoundStarted(snapshot_of(row), row.current_round, tuple(matches)))
            if any(not g.ended for g in row.round_games(row.current_round)):
                return events
            moved = await self._next_round(row, now)
            if moved is None:
                return events  # another process moved it on: it creates the matches
            if isinstance(moved, TournamentFinished):
                return [*events, moved]
            claimed = True
            row = await self._tournament_row(row.id)
        return events

    async def _round_matches(
        self, row: TournamentRow, opened: Sequence[MatchSnapshot]
    ) -> list[MatchSnapshot]:
        """The matches of the current round's games not ended yet, those just `opened` as they are."""
        known = {match.id: match for match in opened}
        ids = [
            g.match_id for g in row.round_games(row.current_round) if g.match_id is not None and not g.ended
        ]
        return [known[i] if i in known else await self.get(i) for i in ids]

    async def _next_round(self, row: TournamentRow, now: datetime) -> TournamentFinished | bool | None:
        """Claim what follows a round whose games all ended: the next round (True), a knockout's
        replays of drawn games (True), or the end (TournamentFinished). None: another process
        claimed it first, or the tournament is no longer running."""
        when = stored_text(now)
        results = results_of(row)
        entrants = entrants_of(row)
        withdrawn = {e.entrant for e in entrants if e.withdrawn}
        if row.format == TournamentFormat.KNOCKOUT:
            seeds = seed_order(entrants)
            tables = knockout_round(seeds, results, withdrawn)
            number = knockout_round_number(seeds, results, withdrawn)
            if tables and number == row.current_round:  # replays of drawn games, seats swapped
                claimed = False
                for table in tables:
                    played = [
                        g for g in row.round_games(row.current_round) if set(g.seats) == set(table.seats)
                    ]
                    board, replay = played[0].board, max(g.replay for g in played) + 1
                    key = GameKey(row.id, row.current_round, board, replay)
                    claimed = await self.store.claim_replay(key, table.seats, when=when) or claimed
                return True if claimed else None
            while tables and row.current_round + 1 < number:  # a round of walkovers only
                if not await self.store.claim_round(row.id, row.current_round + 1, [], when=when):
                    return None
                row = await self._tournament_row(row.id)
        elif row.format == TournamentFormat.ROUND_ROBIN:
            schedule = round_robin([e.entrant for e in entrants])
            active = len(entrants) - len(withdrawn)
            if row.current_round >= len(schedule) or active < 2:
                tables = []
            else:
                tables = _without_withdrawn(schedule[row.current_round], withdrawn)
        else:
            tables = []
            if row.current_round < (row.rounds or 0):
                try:
                    tables = swiss_round(
                        entrants,
                        results,
                        size=row.table_size,
                        allowed=allowed_sizes(game_by_key(row.game), row.table_size),
                    )
                except NotEnoughEntrants:
                    tables = []
        if not tables:
            if await self.store.set_tournament_status(row.id, TournamentStatus.FINISHED, when):
                return TournamentFinished(await self.tournament(row.id))
            return None
        planned = [PlannedGame(board, table.seats) for board, table in enumerate(tables, start=1)]
        claimed = await self.store.claim_round(
            row.id, row.current_round + 1, planned, when=when, claimed_by=_claimer()
        )
        return True if claimed else None

    async def _settle_missing_results(self, row: TournamentRow) -> None:
        """A game whose match is over without its result stored (a process stopped in between,
        or the match ended before it was the tournament's): scored from the match now, as its
        end would have scored it."""
        for game in row.games:
            if game.ended or game.match_id is None or game.match_status not in OVER_STATUSES:
                continue
            match = await self.store.get_match(game.match_id)
            score = None
            if match is not None:
                change = MatchChange(status=match.status, result=match.result)
                score = game_score(game_by_key(match.game), replace(match, tournament_id=row.id), change)
            if score is None:  # gone, or closed before it started: drawn by all
                score = scored([1] * len(game.seats), forfeit=False)
            await self.store.end_game(_key(game), score.scores, score.places, forfeit=score.forfeit)

    async def _open_round_matches(self, row: TournamentRow) -> list[MatchSnapshot]:
        """Create (and start) the match of every game of the current round that has none yet,
        and start any left a lobby by a process that stopped in between. A game with a withdrawn
        entrant is ended as their forfeit instead."""
        created = []
        withdrawn = {e.entrant for e in row.entrants if e.withdrawn}
        for game in row.round_games(row.current_round):
            if game.ended or game.bye:
                continue
            if withdrawn & set(game.seats):
                await self._forfeit_game(row, game)
                continue
            if game.match_id is None:
                snapshot = await self._open_game_match(row, game)
                if snapshot is not None:
                    created.append(snapshot)
                continue
            if game.match_status == MatchStatus.LOBBY:
                created.append(await self._start_game_match(row, game, game.match_id))
        return created

    async def _open_game_match(self, row: TournamentRow, game: TournamentGameRow) -> MatchSnapshot | None:
        """The game's match, created with its seats as paired and started; None when another
        process created it first."""
        seats = self._game_seats(row, game)
        people = [s for s in seats if s.user_id is not None]
        # The match's creator is one of its players, or (computers only) the organiser, whose name
        # is stored already (`create_tournament`): the seats as paired replace it when it starts.
        organiser = await self.store.player_name(row.creator_id)
        creator = people[0] if people else SeatRow(0, row.creator_id, organiser or "")
        settings = await self.server_settings(row.guild_id)
        threaded = settings.threads or settings.quiet
        try:
            match_id = await self.store.create_match(
                guild_id=row.guild_id,
                # In the tournament's thread, unless each match has a thread of its own (opened
                # from the tournament's channel: a thread cannot hold another).
                channel_id=row.channel_id if threaded or row.thread_id is None else row.thread_id,
                game=row.game,
                options=row.options,
                seat_count=len(seats),
                creator=replace(creator, seat=0),
                seed=self._seed_source(),
                announce=owed(0, ping=False),
                placement=MatchPlacement(
                    rated=row.rated, threaded=threaded, quiet=settings.quiet and threaded
                ),
                turn_clock_hours=row.turn_clock_hours,
                tournament_game=_key(game),
            )
        except GameTaken:
            return None
        self.kept.touch(user_ids=[s.user_id for s in people if s.user_id is not None])
        return await self._start_game_match(row, game, match_id)

    async def _start_game_match(
        self, row: TournamentRow, game: TournamentGameRow, match_id: int
    ) -> MatchSnapshot:
        try:
            async with self._editing(match_id) as lobby:
                if lobby.row.status == MatchStatus.LOBBY:
                    return await self._start(lobby, self._game_seats(row, game), shuffle=False)
        except StaleTurn:
            pass  # another process started it meanwhile
        return await self.get(match_id)

    @staticmethod
    def _game_seats(row: TournamentRow, game: TournamentGameRow) -> list[SeatRow]:
        by_id = {e.entrant: e for e in row.entrants}
        seats = []
        for index, entrant_id in enumerate(game.seats):
            entrant = by_id[entrant_id]
            seats.append(SeatRow(index, entrant.user_id, entrant.name, entrant.computer_level))
        return seats

    async def _forfeit_game(self, row: TournamentRow, game: TournamentGameRow) -> None:
        """End a game without a match whose table has a withdrawn entrant: they are last, the
        others share first place."""
        withdrawn = {e.entrant for e in row.entrants if e.withdrawn}
        present = [entrant not in withdrawn for entrant in game.seats]
        score = scored([1 if here or not any(present) else 2 for here in present], forfeit=True)
        await self.store.end_game(_key(game), score.scores, score.places, forfeit=True)

    # -- messages owed ---------------------------------------------------------------------------

    async def owed_tournament_messages(
        self, *, everything: bool = False, now: datetime | None = None, limit: int = 20
    ) -> list[OwedTournamentMessage]:
        """What tournaments' messages are owed now: a sign-up or standings message to edit, a
        round's matches to announce, the final standings to post. Each tournament returned is
        taken for this process for `CLAIM_LEASE`, so that no other process posts it meanwhile
        (`everything`: also those taken by a process that may still be posting them, as at
        start-up where no other process shares the store). The caller lets them go once
        it has posted them (`release_tournament_messages`); whatever is not marked paid
        (`tournament_shown`, `round_announced`) is owed again after the lease: nothing is lost
        when a process dies."""
        moment = (now or datetime.now(UTC)).astimezone(UTC)
        claimed = await self.store.claim_owed_tournaments(
            now=None if everything else stored_text(moment),
            lease_until=stored_text(moment + CLAIM_LEASE),
            limit=limit,
        )
        owed_messages = []
        for tournament_id in claimed:
            row = await self.store.tournament(tournament_id)
            if row is None:
                continue
            over = row.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
            owed_messages.append(
                OwedTournamentMessage(
                    snapshot_of(row),
                    standings=row.version > row.shown_version,
                    rounds=row.unannounced_rounds,
                    ending=over and not row.ending_announced,
                )
            )
        return owed_messages

    async def tournament_shown(self, tournament_id: int, version: int, *, ending: bool = False) -> None:
        """The sign-up and standings messages now show the tournament at `version` (`ending`: and
        its final standings, or its cancellation, were posted in the channel)."""
        await self.store.tournament_shown(tournament_id, version, ending=ending)

    async def take_tournament_messages(self, tournament_id: int, *, now: datetime | None = None) -> bool:
        """Take the tournament's messages for this process for `CLAIM_LEASE` before posting what
        a change owes (False: another process holds them and posts them): with several bot
        processes, a round is announced once."""
        moment = (now or datetime.now(UTC)).astimezone(UTC)
        return await self.store.take_tournament_messages(
            tournament_id, now=stored_text(moment), lease_until=stored_text(moment + CLAIM_LEASE)
        )

    async def release_tournament_messages(self, tournament_id: int) -> None:
        """This process has posted what it owed of the tournament (or gave up on it for now):
        whatever is owed later is any process's to post."""
        await self.store.release_tournament_messages(tournament_id)

    async def round_announced(self, tournament_id: int, round: int) -> None:
        """The list of the round's matches was posted in the tournament's thread."""
        await self.store.round_announced(tournament_id, round)

    # -- /stats and /history ---------------------------------------------------------------------

    async def tournament_results(self, user_id: int, guild_id: int | None = None) -> list[TournamentPlace]:
        """The player's places in the finished tournaments they entered (on the server, or
        anywhere for None), latest first."""
        check_id(user_id, "user id")
        places = []
        for tournament_id in reversed(
            await self.store.entered_tournaments(user_id, (TournamentStatus.FINISHED,))
        ):
            row = await self.store.tournament(tournament_id)
            if row is None or (guild_id is not None and row.guild_id != guild_id):
                continue
            snapshot = snapshot_of(row)
            entrant = snapshot.entrant_of(user_id)
            line = None if entrant is None else snapshot.line_of(entrant.entrant)
            if line is None:
                continue
            places.append(
                TournamentPlace(
                    tournament_id=row.id,
                    name=snapshot.name,
                    game_key=snapshot.game.key,
                    game_title=snapshot.game.title_for(row.table_size),
                    format=row.format,
                    place=line.rank,
                    of=len(row.entrants),
                    points=line.points,
                    ended_at=row.ended_at,
                )
            )
        return places

    async def match_tournament(self, match_id: int) -> MatchTournament | None:
        """Which tournament game the match is, or None."""
        game = await self.store.tournament_of_match(match_id)
        if game is None:
            return None
        row = await self.store.tournament(game.tournament_id)
        if row is None:
            return None
        return MatchTournament(row.id, snapshot_of(row).name, game.round, game.board, game.replay)

    # -- helpers ---------------------------------------------------------------------------------

    @staticmethod
    def _check_organiser(
        row: TournamentRow, user_id: int, may_manage: bool, action: TournamentAction
    ) -> None:
        if user_id != row.creator_id and not may_manage:
            raise NotOrganiser(ref_of(row), action=action)

    async def _change(
        self, tournament_id: int, events: Sequence[TournamentEvent], matches: Sequence[MatchSnapshot] = ()
    ) -> TournamentChange:
        created = [m for e in events if isinstance(e, RoundStarted) for m in e.matches]
        return TournamentChange(await self.tournament(tournament_id), (*matches, *created), tuple(events))


async def _retried(change: Callable[[], Awaitable[MatchSnapshot]]) -> MatchSnapshot | None:
    """`change` of a match, tried again when the match moved on meanwhile (StaleTurn); None when
    the match refuses it (over, or done already)."""
    for _ in range(3):
        try:
            return await change()
        except StaleTurn:
            continue
        except HostError:
            return None
    return None


def _with_standings(events: list[TournamentEvent], tournament: TournamentSnapshot) -> list[TournamentEvent]:
    """`events` after a result or a withdrawal: first the standings changed, unless the
    tournament ended (its end shows the final standings)."""
    if any(isinstance(e, (TournamentFinished, TournamentCancelled)) for e in events):
        return events
    return [StandingsChanged(tournament), *events]


def _claimed_before(row: TournamentRow, moment: datetime) -> bool:
    """Whether the tournament's current round was claimed before `moment`."""
    return row.round_started_at is not None and row.round_started_at <= stored_text(moment)


def _key(game: TournamentGameRow) -> GameKey:
    return GameKey(game.tournament_id, game.round, game.board, game.replay)


def _without_withdrawn(tables: Sequence[Table], withdrawn: set[int]) -> list[Table]:
    """A round-robin round without its withdrawn entrants: their opponents have a bye (a win)."""
    kept = []
    for table in tables:
        seats = tuple(e for e in table.seats if e not in withdrawn)
        if seats:
            kept.append(Table(seats))
    return kept


def _closed_status(closed: StoredSignupClosed) -> str:
    # Still 'signup' in the store: its sign-up time has passed, and the sweep is about to start it.
    return TournamentStatus.RUNNING if closed.status == TournamentStatus.SIGNUP else closed.status
