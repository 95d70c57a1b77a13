"""The store's tournaments (migration 0018): `TournamentStore`, mixed into `Store`, with its SQL
shared by both dialects as the rest of the store's is (`?` placeholders, the `Connection`
protocol). No pairing or scoring rules: those are the host's (host/tournament/); the store keeps
what they decided, and makes the steps that must happen once happen once, whatever the number of
processes: a round is started by inserting its row (`claim_round`), a game's match is written
only while the game has none (`create_match(tournament_game=…)`, `set_game_match`), a status moves
only from the statuses it may move from (`set_tournament_status`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from .rows import UNSET, now_text
from .tournament_rows import (
    BYE_PLACES,
    BYE_SCORES,
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
    TournamentRow,
)
from .vocabulary import OVER_STATUSES, TOURNAMENT_MOVES, MatchStatus, TournamentFormat, TournamentStatus

if TYPE_CHECKING:
    from .store import Connection

_Result = TypeVar("_Result")

_TOURNAMENT_COLUMNS = (
    "id, guild_id, channel_id, thread_id, creator_id, game, options, format, rounds, table_size, rated, "
    "turn_clock_hours, max_players, signup_until, status, current_round, signup_message_id, "
    "standings_message_id, created_at, started_at, ended_at, version, name, shown_version, ending_announced"
)
_ENTRANT_COLUMNS = "tournament_id, entrant, user_id, computer_level, name, rating, joined_at, withdrawn_at"
_GAME_COLUMNS = "tournament_id, round, board, replay, seats, match_id, scores, places, forfeit, ended_at"
_INSERT_GAME = (
    "INSERT INTO tournament_games (tournament_id, round, board, replay, seats, scores, places, ended_at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
_UPSERT_PLAYER = (
    "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
    "DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at"
)
"""A player's name as last seen (the players table holds every name erasure must find)."""
_BUMP = "UPDATE tournaments SET version = version + 1 WHERE id = ?"
_SOURCES = {
    target: tuple(source for source, targets in TOURNAMENT_MOVES.items() if target in targets)
    for target in TournamentStatus
}
"""For each status, the statuses a tournament may move to it from."""


def _json_list(values: Sequence[Any]) -> str:
    return json.dumps(list(values), separators=(",", ":"))


def _game_of(row: Sequence[Any]) -> TournamentGameRow:
    return TournamentGameRow(
        tournament_id=int(row[0]),
        round=int(row[1]),
        board=int(row[2]),
        replay=int(row[3]),
        seats=tuple(json.loads(row[4])),
        match_id=row[5],
        scores=tuple(float(s) for s in json.loads(row[6])) if row[6] is not None else None,
        places=tuple(json.loads(row[7])) if row[7] is not None else None,
        forfeit=bool(row[8]),
        ended_at=row[9],
    )


def _game_values(tournament_id: int, round: int, game: PlannedGame, when: str) -> tuple[Any, ...]:
    """A planned game as `_INSERT_GAME` writes it: a bye is ended at once, with the bye's result."""
    if not game.seats:
        raise ValueError(f"board {game.board} of round {round} has no seat")
    ended = (_json_list(BYE_SCORES), _json_list(BYE_PLACES), when) if game.bye else (None, None, None)
    return (tournament_id, round, game.board, game.replay, _json_list(game.seats), *ended)


async def _read_tournaments(db: Connection, where: str, params: Sequence[Any]) -> list[TournamentRow]:
    """The tournaments `where` selects (newest first), each with its entrants and games, read in
    `db`'s one snapshot."""
    rows = await db.execute_fetchall(
        f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE {where} ORDER BY id DESC", params
    )
    if not rows:
        return []
    ids = [int(r[0]) for r in rows]
    marks = ", ".join("?" * len(ids))
    entrants: dict[int, list[EntrantRow]] = {i: [] for i in ids}
    for e in await db.execute_fetchall(
        f"SELECT {_ENTRANT_COLUMNS} FROM tournament_entrants WHERE tournament_id IN ({marks}) "
        "ORDER BY tournament_id, entrant",
        ids,
    ):
        rating = None if e[5] is None else float(e[5])
        entrants[int(e[0])].append(EntrantRow(int(e[1]), e[2], e[3], e[4], rating, e[6], e[7]))
    unannounced: dict[int, list[int]] = {i: [] for i in ids}
    started: dict[int, dict[int, str]] = {i: {} for i in ids}
    for r in await db.execute_fetchall(
        f"SELECT tournament_id, round, started_at, announced FROM tournament_rounds "
        f"WHERE tournament_id IN ({marks}) ORDER BY tournament_id, round",
        ids,
    ):
        started[int(r[0])][int(r[1])] = r[2]
        if not r[3]:
            unannounced[int(r[0])].append(int(r[1]))
    games: dict[int, list[TournamentGameRow]] = {i: [] for i in ids}
    # With each game its match's status, so that the sweep need not read every match.
    columns = ", ".join(f"g.{column}" for column in _GAME_COLUMNS.split(", "))
    for g in await db.execute_fetchall(
        f"SELECT {columns}, m.status FROM tournament_games g LEFT JOIN matches m ON m.id = g.match_id "
        f"WHERE g.tournament_id IN ({marks}) ORDER BY g.tournament_id, g.round, g.board, g.replay",
        ids,
    ):
        games[int(g[0])].append(
            replace(_game_of(g), match_status=None if g[10] is None else MatchStatus(g[10]))
        )
    return [
        TournamentRow(
            id=int(r[0]),
            guild_id=r[1],
            channel_id=r[2],
            thread_id=r[3],
            creator_id=r[4],
            game=r[5],
            options=json.loads(r[6]),
            format=TournamentFormat(r[7]),
            rounds=r[8],
            table_size=r[9],
            rated=bool(r[10]),
            turn_clock_hours=None if r[11] is None else float(r[11]),
            max_players=r[12],
            signup_until=r[13],
            status=TournamentStatus(r[14]),
            current_round=r[15],
            signup_message_id=r[16],
            standings_message_id=r[17],
            created_at=r[18],
            started_at=r[19],
            ended_at=r[20],
            version=r[21],
            entrants=tuple(entrants[int(r[0])]),
            games=tuple(games[int(r[0])]),
            name=r[22],
            shown_version=r[23],
            ending_announced=bool(r[24]),
            unannounced_rounds=tuple(unannounced[int(r[0])]),
            round_started_at=started[int(r[0])].get(int(r[15])),
        )
        for r in rows
    ]


async def _refuse_signup(db: Connection, tournament_id: int, when: str) -> None:
    """Raise unless the tournament is taking entrants at `when` (in sign-up, its time not past);
    the caller holds the tournament (`serialize`), so this holds until its transaction ends."""
    rows = await db.execute_fetchall(
        "SELECT status, signup_until FROM tournaments WHERE id = ?", (tournament_id,)
    )
    if not rows:
        raise TournamentNotFound(tournament_id, f"There is no tournament {tournament_id}.")
    status, until = TournamentStatus(rows[0][0]), rows[0][1]
    if status != TournamentStatus.SIGNUP:
        raise SignupClosed(
            tournament_id, f"Tournament {tournament_id} is {status}: its sign-up is over.", status
        )
    if until is not None and until <= when:
        raise SignupClosed(tournament_id, f"Tournament {tournament_id}'s sign-up ended at {until}.", status)


async def claim_game_match(db: Connection, key: GameKey, match_id: int) -> None:
    """Give the tournament game `key` the match `match_id`, in the transaction that writes the
    match (`Store.create_match`): raises GameTaken (so the match is not written either) when the
    game has a match already, or does not exist."""
    changed = await db.execute(
        "UPDATE tournament_games SET match_id = ? WHERE tournament_id = ? AND round = ? AND board = ? "
        "AND replay = ? AND match_id IS NULL AND ended_at IS NULL",
        (match_id, key.tournament_id, key.round, key.board, key.replay),
    )
    if changed != 1:
        raise GameTaken(key.tournament_id, f"The tournament game {key} has its match already, or is over.")


async def forget_entrant(db: Connection, user_id: int, anonymous_id: int, label: str, when: str) -> None:
    """`Store.forget_player`'s part, in its transaction: the player leaves the tournaments in
    sign-up, is withdrawn from those running, and is the anonymous player (`anonymous_id`,
    `label`) in every tournament they entered or organised."""
    await db.execute(
        "DELETE FROM tournament_entrants WHERE user_id = ? AND tournament_id IN "
        "(SELECT id FROM tournaments WHERE status = ?)",
        (user_id, TournamentStatus.SIGNUP),
    )
    await db.execute(
        "UPDATE tournament_entrants SET withdrawn_at = ? WHERE user_id = ? AND withdrawn_at IS NULL "
        "AND tournament_id IN (SELECT id FROM tournaments WHERE status = ?)",
        (when, user_id, TournamentStatus.RUNNING),
    )
    await db.execute(
        "UPDATE tournaments SET version = version + 1 WHERE id IN "
        "(SELECT tournament_id FROM tournament_entrants WHERE user_id = ?)",
        (user_id,),
    )
    await db.execute(
        "UPDATE tournament_entrants SET user_id = ?, name = ? WHERE user_id = ?",
        (anonymous_id, label, user_id),
    )
    await db.execute("UPDATE tournaments SET creator_id = ? WHERE creator_id = ?", (anonymous_id, user_id))


async def erase_guild_tournaments(db: Connection, guild_id: int) -> None:
    """`Store.erase_guild`'s part, in its transaction: every tournament of the server, with its
    entrants, rounds and games."""
    await db.execute("DELETE FROM tournaments WHERE guild_id = ?", (guild_id,))


_MESSAGES_FREE = "(messages_taken_until IS NULL OR messages_taken_until <= ?)"
"""A tournament's messages no process holds past the moment given (its lease over, or let go):
the outbox's claim and the acting process's take read it alike."""


class TournamentStore:
    """The store's tournament methods (mixed into `Store`, whose transactions they use)."""

    if TYPE_CHECKING:

        def reading(self) -> AbstractAsyncContextManager[Connection]: ...

        async def run_transaction(self, work: Callable[[Connection], Awaitable[_Result]]) -> _Result: ...

        async def read_statement(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]: ...

    async def create_tournament(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game: str,
        options: dict[str, Any],
        format: TournamentFormat | str,
        rounds: int | None,
        table_size: int,
        rated: bool,
        turn_clock_hours: float | None,
        max_players: int,
        signup_until: str | None,
        thread_id: int | None = None,
        when: str | None = None,
        name: str | None = None,
        creator_name: str | None = None,
    ) -> int:
        """A new tournament in sign-up; returns its id (`name`: its own; None for the default;
        `creator_name`: the organiser's, stored as players' names are, for erasure to find).
        `signup_until`: the store's time text
        (`now_text`'s form), or None (until the organiser starts it). Raises ValueError for a
        format that is none of TournamentFormat's."""
        kind = TournamentFormat(format)
        when = when or now_text()

        async def create(db: Connection) -> int:
            if creator_name is not None:
                await db.execute(_UPSERT_PLAYER, (creator_id, creator_name, when))
            inserted = await db.execute_fetchall(
                "INSERT INTO tournaments (guild_id, channel_id, thread_id, creator_id, game, options, "
                "format, rounds, table_size, rated, turn_clock_hours, max_players, signup_until, status, "
                "created_at, name) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    thread_id,
                    creator_id,
                    game,
                    json.dumps(options),
                    kind,
                    rounds,
                    table_size,
                    int(rated),
                    turn_clock_hours,
                    max_players,
                    signup_until,
                    TournamentStatus.SIGNUP,
                    when,
                    name,
                ),
            )
            return int(inserted[0][0])

        return await self.run_transaction(create)

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        """The tournament with its entrants and the games of every round started (one snapshot)."""
        async with self.reading() as db:
            found = await _read_tournaments(db, "id = ?", (tournament_id,))
        return found[0] if found else None

    async def tournaments_in(
        self,
        guild_id: int,
        statuses: Sequence[TournamentStatus] = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING),
        *,
        limit: int = 25,
    ) -> list[TournamentRow]:
        """A server's tournaments of `statuses`, newest first, each with its entrants and games."""
        if not statuses:
            return []
        marks = ", ".join("?" * len(statuses))
        async with self.reading() as db:
            return await _read_tournaments(
                db,
                f"id IN (SELECT id FROM tournaments WHERE guild_id = ? AND status IN ({marks}) "
                "ORDER BY id DESC LIMIT ?)",
                (guild_id, *statuses, limit),
            )

    async def entered_tournaments(
        self,
        user_id: int,
        statuses: Sequence[TournamentStatus] = (TournamentStatus.SIGNUP, TournamentStatus.RUNNING),
    ) -> list[int]:
        """The tournaments of `statuses` the player entered (withdrawn or not), oldest first."""
        if not statuses:
            return []
        rows = await self.read_statement(
            "SELECT t.id FROM tournaments t JOIN tournament_entrants e ON e.tournament_id = t.id "
            f"WHERE e.user_id = ? AND t.status IN ({', '.join('?' * len(statuses))}) ORDER BY t.id",
            (user_id, *statuses),
        )
        return [int(r[0]) for r in rows]

    async def add_entrant(
        self,
        tournament_id: int,
        *,
        name: str,
        user_id: int | None = None,
        computer_level: str | None = None,
        rating: float | None = None,
        when: str | None = None,
    ) -> int:
        """Enter a player (`user_id`) or a computer (`computer_level`), exactly one of them;
        returns its entrant id (one more than the highest yet). Refused, with nothing written:
        TournamentNotFound, SignupClosed (not in sign-up, or its sign-up time has passed by
        `when`), AlreadyEntered (the player is an entrant), TournamentFull (at `max_players`).
        Entrants joining at once are counted in turn (`serialize`), so none passes the limit."""
        if (user_id is None) == (computer_level is None):
            raise ValueError("an entrant is a player (user_id) or a computer (computer_level), one of them")
        when = when or now_text()

        async def enter(db: Connection) -> int:
            await db.serialize(f"tournament {tournament_id}")
            await _refuse_signup(db, tournament_id, when)
            rows = await db.execute_fetchall(
                "SELECT t.max_players, "
                "(SELECT COUNT(*) FROM tournament_entrants WHERE tournament_id = t.id), "
                "(SELECT COALESCE(MAX(entrant), 0) FROM tournament_entrants WHERE tournament_id = t.id), "
                "(SELECT MIN(entrant) FROM tournament_entrants WHERE tournament_id = t.id AND user_id = ?) "
                "FROM tournaments t WHERE t.id = ?",
                (user_id, tournament_id),
            )
            most, count, highest, own = rows[0]
            if own is not None:
                raise AlreadyEntered(
                    tournament_id, f"{name} is entrant {own} of tournament {tournament_id} already.", int(own)
                )
            if int(count) >= int(most):
                raise TournamentFull(
                    tournament_id, f"Tournament {tournament_id} has its {most} players already.", int(most)
                )
            if user_id is not None:  # the players table holds every name erasure must find
                await db.execute(_UPSERT_PLAYER, (user_id, name, when))
            entrant = int(highest) + 1
            await db.execute(
                "INSERT INTO tournament_entrants (tournament_id, entrant, user_id, computer_level, name, "
                "rating, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (tournament_id, entrant, user_id, computer_level, name, rating, when),
            )
            await db.execute(_BUMP, (tournament_id,))
            return entrant

        return await self.run_transaction(enter)

    async def remove_entrant(
        self,
        tournament_id: int,
        user_id: int | None = None,
        *,
        entrant: int | None = None,
        when: str | None = None,
    ) -> bool:
        """Take a player (`user_id`), or any entrant (`entrant`: a computer the organiser entered),
        out of a tournament in sign-up; returns whether they were in it. Raises TournamentNotFound,
        or SignupClosed (not in sign-up, or its sign-up time has passed: `withdraw_entrant` then)."""
        if (user_id is None) == (entrant is None):
            raise ValueError("name the entrant to remove by user_id or by entrant, one of them")
        when = when or now_text()
        column, value = ("user_id", user_id) if user_id is not None else ("entrant", entrant)

        async def remove(db: Connection) -> bool:
            await db.serialize(f"tournament {tournament_id}")
            await _refuse_signup(db, tournament_id, when)
            removed = await db.execute(
                f"DELETE FROM tournament_entrants WHERE tournament_id = ? AND {column} = ?",
                (tournament_id, value),
            )
            if removed:
                await db.execute(_BUMP, (tournament_id,))
            return removed == 1

        return await self.run_transaction(remove)

    async def withdraw_entrant(self, tournament_id: int, entrant: int, when: str | None = None) -> bool:
        """Mark the entrant withdrawn from `when` on (later rounds leave them out; the host
        forfeits their games); returns whether they were not withdrawn already."""
        when = when or now_text()

        async def withdraw(db: Connection) -> bool:
            changed = await db.execute(
                "UPDATE tournament_entrants SET withdrawn_at = ? WHERE tournament_id = ? AND entrant = ? "
                "AND withdrawn_at IS NULL",
                (when, tournament_id, entrant),
            )
            if changed:
                await db.execute(_BUMP, (tournament_id,))
            return changed == 1

        return await self.run_transaction(withdraw)

    async def claim_round(
        self,
        tournament_id: int,
        round: int,
        games: Sequence[PlannedGame],
        *,
        when: str | None = None,
        claimed_by: str | None = None,
    ) -> bool:
        """Start round `round` (1, 2, …) of a running tournament whose last round started is
        `round` − 1, with its `games`, in one transaction: the tournament moves on to the round,
        the round's row is inserted (the claim) and its games with it (a bye ended at once,
        scoring as a win). Returns False, with nothing written, when the round was started
        already (by this process or another: exactly one claim wins) or the tournament is not
        running at round `round` − 1. `claimed_by`: who claims it, kept for the logs."""
        when = when or now_text()
        values = [_game_values(tournament_id, round, game, when) for game in games]

        async def claim(db: Connection) -> bool:
            # The guard: the tournament's row moves on from the previous round once (PostgreSQL
            # makes a second claim wait for the first's row, then finds it moved on).
            moved = await db.execute(
                "UPDATE tournaments SET current_round = ?, version = version + 1 "
                "WHERE id = ? AND status = ? AND current_round = ?",
                (round, tournament_id, TournamentStatus.RUNNING, round - 1),
            )
            if moved != 1:
                return False
            inserted = await db.execute(
                "INSERT INTO tournament_rounds (tournament_id, round, started_at, claimed_by) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, round, when, claimed_by),
            )
            if inserted != 1:  # only if a round row outlived its tournament's count of rounds
                raise GameTaken(
                    tournament_id, f"Round {round} of tournament {tournament_id} has its row already."
                )
            if values:
                await db.executemany(_INSERT_GAME, values)
            return True

        return await self.run_transaction(claim)

    async def claim_replay(self, key: GameKey, seats: Sequence[int], *, when: str | None = None) -> bool:
        """Add the replay `key.replay` (1, 2) of a drawn knockout game of the current round of a
        running tournament, with its seats (swapped, as the host decides); returns False, with
        nothing written, when it was added already (by this process or another) or the round
        is not the current round of a running tournament."""
        when = when or now_text()
        values = _game_values(
            key.tournament_id, key.round, PlannedGame(key.board, tuple(seats), key.replay), when
        )

        async def claim(db: Connection) -> bool:
            inserted = await db.execute(
                "INSERT INTO tournament_games (tournament_id, round, board, replay, seats, scores, places, "
                "ended_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM tournaments "
                "WHERE id = ? AND status = ? AND current_round = ?) ON CONFLICT DO NOTHING",
                (*values, key.tournament_id, TournamentStatus.RUNNING, key.round),
            )
            if inserted:
                await db.execute(_BUMP, (key.tournament_id,))
            return inserted == 1

        return await self.run_transaction(claim)

    async def set_game_match(
        self, tournament_id: int, round: int, board: int, replay: int, match_id: int
    ) -> bool:
        """Give the game its match, unless it has one (or is over); returns whether it was set.
        (`create_match(tournament_game=GameKey(…))` does it in the transaction that writes the
        match, so that no game ever gets two.)"""
        key = GameKey(tournament_id, round, board, replay)

        async def set_match(db: Connection) -> bool:
            try:
                await claim_game_match(db, key, match_id)
            except GameTaken:
                return False
            return True

        return await self.run_transaction(set_match)

    async def record_game_result(
        self,
        match_id: int,
        scores: Sequence[float],
        places: Sequence[int],
        forfeit: bool = False,
        when: str | None = None,
    ) -> tuple[int, int] | None:
        """Record how the game played as match `match_id` ended (each seat's score in [0, 1] and
        place, by seat; `forfeit`: a player forfeited it); returns its (tournament id, round),
        or None when the match is no tournament's game, or its result was recorded already."""
        if len(scores) != len(places):
            raise ValueError(f"{len(scores)} scores and {len(places)} places: one of each a seat")
        when = when or now_text()

        async def record(db: Connection) -> tuple[int, int] | None:
            rows = await db.execute_fetchall(
                "UPDATE tournament_games SET scores = ?, places = ?, forfeit = ?, ended_at = ? "
                "WHERE match_id = ? AND ended_at IS NULL RETURNING tournament_id, round",
                (_json_list(scores), _json_list(places), int(forfeit), when, match_id),
            )
            if not rows:
                return None
            tournament_id, round = int(rows[0][0]), int(rows[0][1])
            await db.execute(_BUMP, (tournament_id,))
            return tournament_id, round

        return await self.run_transaction(record)

    async def end_game(
        self,
        key: GameKey,
        scores: Sequence[float],
        places: Sequence[int],
        *,
        forfeit: bool = False,
        when: str | None = None,
    ) -> bool:
        """Record the result of the game `key` whatever its match (a walkover of a game whose
        match was never created, a stuck match the organiser ended); returns whether it was
        not ended already."""
        if len(scores) != len(places):
            raise ValueError(f"{len(scores)} scores and {len(places)} places: one of each a seat")
        when = when or now_text()

        async def end(db: Connection) -> bool:
            changed = await db.execute(
                "UPDATE tournament_games SET scores = ?, places = ?, forfeit = ?, ended_at = ? "
                "WHERE tournament_id = ? AND round = ? AND board = ? AND replay = ? AND ended_at IS NULL",
                (
                    _json_list(scores),
                    _json_list(places),
                    int(forfeit),
                    when,
                    key.tournament_id,
                    key.round,
                    key.board,
                    key.replay,
                ),
            )
            if changed:
                await db.execute(_BUMP, (key.tournament_id,))
            return changed == 1

        return await self.run_transaction(end)

    async def set_tournament_status(
        self, tournament_id: int, status: TournamentStatus | str, when: str | None = None
    ) -> bool:
        """Move the tournament to `status` from a status it may move from (TOURNAMENT_MOVES:
        sign-up → running or cancelled, running → finished or cancelled), at `when` (its
        `started_at`, or its `ended_at`); returns False, with nothing written, otherwise (another
        process moved it first, or it is over). One statement: of two processes moving it at
        once, one does."""
        target = TournamentStatus(status)
        sources = _SOURCES[target]
        if not sources:
            return False
        when = when or now_text()
        moment = "started_at" if target == TournamentStatus.RUNNING else "ended_at"

        async def move(db: Connection) -> bool:
            changed = await db.execute(
                f"UPDATE tournaments SET status = ?, {moment} = ?, version = version + 1 "
                f"WHERE id = ? AND status IN ({', '.join('?' * len(sources))})",
                (target, when, tournament_id, *sources),
            )
            return changed == 1

        return await self.run_transaction(move)

    async def set_tournament_messages(
        self,
        tournament_id: int,
        *,
        thread_id: Any = UNSET,
        signup_message_id: Any = UNSET,
        standings_message_id: Any = UNSET,
    ) -> None:
        """Remember the tournament's thread and messages given (an id, or None: it is gone); those
        left UNSET keep their value. Not versioned: they change nothing of the tournament."""
        given = {
            column: value
            for column, value in (
                ("thread_id", thread_id),
                ("signup_message_id", signup_message_id),
                ("standings_message_id", standings_message_id),
            )
            if value is not UNSET
        }
        if not given:
            return

        async def remember(db: Connection) -> None:
            await db.execute(
                f"UPDATE tournaments SET {', '.join(f'{c} = ?' for c in given)} WHERE id = ?",
                (*given.values(), tournament_id),
            )

        await self.run_transaction(remember)

    async def tournaments_due(self, now: str | None = None, *, limit: int = 100) -> list[int]:
        """The tournaments the background sweep must look at, oldest first: in sign-up past its
        time (to start, or cancel); running with every game of its current round ended (or no
        round started yet: the next round, or the end); running with a game of the current round
        that has no match yet (its creator may have stopped between the claim and the match:
        `create_match(tournament_game=…)` lets only one match be written); running with a game
        whose match is over but whose result is not recorded (the host stopped in between), or
        whose match is still a lobby `LOBBY_GRACE` after it was opened (its creator stopped
        before starting it)."""
        now = now or now_text()
        opened_before = (datetime.fromisoformat(now) - LOBBY_GRACE).isoformat(timespec="milliseconds")
        over = ", ".join("?" * len(OVER_STATUSES))
        rows = await self.read_statement(
            "SELECT t.id FROM tournaments t WHERE (t.status = ? AND t.signup_until IS NOT NULL "
            "AND t.signup_until <= ?) OR (t.status = ? AND ("
            "NOT EXISTS (SELECT 1 FROM tournament_games g WHERE g.tournament_id = t.id "
            "AND g.round = t.current_round AND g.ended_at IS NULL) "
            "OR EXISTS (SELECT 1 FROM tournament_games g WHERE g.tournament_id = t.id "
            "AND g.round = t.current_round AND g.ended_at IS NULL AND g.match_id IS NULL) "
            "OR EXISTS (SELECT 1 FROM tournament_games g JOIN matches m ON m.id = g.match_id "
            f"WHERE g.tournament_id = t.id AND g.ended_at IS NULL AND (m.status IN ({over}) "
            "OR (m.status = ? AND m.created_at <= ?))))) "
            "ORDER BY t.id LIMIT ?",
            (
                TournamentStatus.SIGNUP,
                now,
                TournamentStatus.RUNNING,
                *OVER_STATUSES,
                MatchStatus.LOBBY,
                opened_before,
                limit,
            ),
        )
        return [int(r[0]) for r in rows]

    async def tournament_of_match(self, match_id: int) -> TournamentGameRow | None:
        """The tournament game played as match `match_id` (its tournament, round, board, replay,
        seats and result); None when it is no tournament's."""
        rows = await self.read_statement(
            f"SELECT {_GAME_COLUMNS} FROM tournament_games WHERE match_id = ?", (match_id,)
        )
        return _game_of(rows[0]) if rows else None

    # -- the messages owed (migration 0019) ------------------------------------------------------

    async def claim_owed_tournaments(
        self, *, now: str | None, lease_until: str, limit: int = 20
    ) -> list[int]:
        """The tournaments that are owed a message (a sign-up or standings message showing an
        older version, a round's matches not announced, its end not posted), oldest first, taken
        for the caller until `lease_until` so that no other process posts them meanwhile; those
        another process took until after `now` are left out (`now` None: taken whatever their
        lease, as at start-up)."""
        over = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
        free = "" if now is None else f" AND {_MESSAGES_FREE}"
        after = () if now is None else (now,)

        async def claim(db: Connection) -> list[int]:
            rows = await db.execute_fetchall(
                "SELECT id FROM tournaments t WHERE (version > shown_version "
                "OR (status IN (?, ?) AND ending_announced = 0) OR EXISTS (SELECT 1 FROM tournament_rounds r "
                f"WHERE r.tournament_id = t.id AND r.announced = 0)){free} ORDER BY id LIMIT ?",
                (*over, *after, limit),
            )
            ids = [int(r[0]) for r in rows]
            if not ids:
                return []
            # Taken only where still free: of two processes claiming at once, one takes each.
            taken = await db.execute_fetchall(
                f"UPDATE tournaments SET messages_taken_until = ? WHERE id IN ({', '.join('?' * len(ids))})"
                f"{free} RETURNING id",
                (lease_until, *ids, *after),
            )
            return sorted(int(r[0]) for r in taken)

        return await self.run_transaction(claim)

    async def tournament_shown(self, tournament_id: int, version: int, *, ending: bool = False) -> None:
        """Its sign-up and standings messages show it at `version` (never back to an older one);
        `ending`: its end was posted in the channel. Whoever took its messages keeps them until
        it has posted all it owes (`release_tournament_messages`): the standings are edited
        before the round is announced, and another process must not announce it meanwhile."""

        async def shown(db: Connection) -> None:
            await db.execute(
                "UPDATE tournaments SET shown_version = CASE WHEN shown_version > ? THEN shown_version "
                "ELSE ? END, ending_announced = CASE WHEN ? = 1 THEN 1 ELSE ending_announced END "
                "WHERE id = ?",
                (version, version, int(ending), tournament_id),
            )

        await self.run_transaction(shown)

    async def take_tournament_messages(self, tournament_id: int, *, now: str, lease_until: str) -> bool:
        """Take the tournament's messages for the caller until `lease_until`, as
        `claim_owed_tournaments` does, whatever it owes now: the process that made a change posts
        what it owes while no other process's outbox does. False when another process holds them
        past `now` (it posts them; what it leaves owed, the outbox posts after)."""

        async def take(db: Connection) -> bool:
            rows = await db.execute_fetchall(
                "UPDATE tournaments SET messages_taken_until = ? "
                f"WHERE id = ? AND {_MESSAGES_FREE} RETURNING id",
                (lease_until, tournament_id, now),
            )
            return bool(rows)

        return await self.run_transaction(take)

    async def release_tournament_messages(self, tournament_id: int) -> None:
        """Let the tournament's messages go: what is owed after this (a change made meanwhile)
        is any process's to post at once."""

        async def release(db: Connection) -> None:
            await db.execute(
                "UPDATE tournaments SET messages_taken_until = NULL WHERE id = ?", (tournament_id,)
            )

        await self.run_transaction(release)

    async def round_announced(self, tournament_id: int, round: int) -> None:
        """The round's list of matches was posted in the tournament's thread."""

        async def announced(db: Connection) -> None:
            await db.execute(
                "UPDATE tournament_rounds SET announced = 1 WHERE tournament_id = ? AND round = ?",
                (tournament_id, round),
            )

        await self.run_transaction(announced)
