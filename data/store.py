"""The store's interface, `Store`, with its SQL: written once, with `?` placeholders, for both
drivers (data/sqlite.py, data/postgres.py; `data.open_store` picks one). No rules logic.

A driver gives `Store` its transactions (`reading`, `transaction`, `claim`) and may do some work
its own faster way (`read_statement`, `write_guarded`, `run_transaction`, `write_change`); every
method here is built on those. Invariants every driver keeps: a read transaction sees one committed
snapshot; a write transaction lands whole or not at all; each match write is guarded by the
match's version (optimistic concurrency: `UPDATE … WHERE version = ?` changes one row or none),
so two writers, or two processes, cannot both land a move for the same turn; the results and
ratings of a match that ends are written in the transaction that ends it. What the dialects do
differently lives in their migrations (data/migrations/<dialect>/), never in this SQL.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from importlib import resources
from typing import Any, Protocol, TypeVar

from .rows import (
    UNSET,
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
    SeatRow,
    SettingsRow,
    StoreError,
    VacationRow,
    VersionConflict,
    WaitingTurn,
    now_text,
)
from .tournament_rows import GameKey
from .tournaments import TournamentStore, claim_game_match, erase_guild_tournaments, forget_entrant
from .vocabulary import ACTIVE_STATUSES, OVER_STATUSES, EntryKind, LeftReason, MatchStatus, Notify

DIALECTS = ("sqlite", "postgresql")
"""The folders of data/migrations: each holds the same numbered migrations in its own SQL."""
NAME_SEPARATOR = "\x1f"
"""Joins the seats' names in a match list (a control character no stored name holds)."""
HELD_SEPARATOR = "\x1e"
"""Parts a held seat's user id from its player's name, as read with the match."""
OUTCOMES = ("win", "draw", "loss")
_COUNT_OUTCOMES = ", ".join(
    f"COALESCE(SUM(CASE WHEN outcome = '{o}' THEN 1 ELSE 0 END), 0)" for o in OUTCOMES
)
_MIGRATION_NAME = re.compile(r"(\d{4})_[a-z0-9_]+\.sql")
_EVER = "9999"
"""Later than every stored moment (ISO text compares in time order)."""
_Result = TypeVar("_Result")


def _held_of(joined: str | None) -> tuple[HeldSeat, ...]:
    """The held seats as `get_match` reads them ("<id>\x1e<name>" joined by NAME_SEPARATOR)."""
    held = []
    for part in (joined or "").split(NAME_SEPARATOR):
        user_id, _, name = part.partition(HELD_SEPARATOR)
        if user_id:
            held.append(HeldSeat(int(user_id), name))
    return tuple(sorted(held, key=lambda h: h.user_id))


def migrations(dialect: str = "sqlite") -> list[tuple[int, str, str]]:
    """The numbered migrations shipped in data/migrations/<dialect>, in order: (number, name, SQL)."""
    found = []
    for entry in resources.files("data").joinpath("migrations", dialect).iterdir():
        match = _MIGRATION_NAME.fullmatch(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if len(set(numbers)) != len(numbers) or (numbers and numbers[0] < 1):
        raise StoreError(f"migrations must have distinct numbers 0001, 0002, ...: {numbers}")
    return found


class Connection(Protocol):
    """One open transaction, in either dialect. SQL is written once with `?` placeholders; what
    the dialects do differently lives in their migrations (data/migrations/<dialect>/)."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; returns how many rows it changed."""
        ...

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]: ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    async def serialize(self, key: str) -> None:
        """Hold `key` until this transaction ends, so read-modify-write work under the same key
        (a ladder's ratings) never interleaves between processes. SQLite writers are serial
        already."""
        ...


@dataclass(frozen=True)
class Statement:
    """One SQL statement with its parameters (`?` placeholders); with `rows`, run once for each
    row (executemany) instead."""

    sql: str
    params: Sequence[Any] = ()
    rows: Sequence[Sequence[Any]] | None = None

    async def run(self, db: Connection) -> int:
        """Run it in `db`'s transaction; returns how many rows it changed."""
        if self.rows is None:
            return await db.execute(self.sql, self.params)
        if self.rows:
            await db.executemany(self.sql, self.rows)
        return len(self.rows)


_OPEN_LOBBIES = (
    "SELECT COALESCE(SUM(CASE WHEN creator_id = ? THEN 1 ELSE 0 END), 0), "
    "COALESCE(SUM(CASE WHEN channel_id = ? THEN 1 ELSE 0 END), 0) FROM matches "
    "WHERE guild_id = ? AND status = ?"
)
"""How many lobbies are open that a player opened on a server, and in a channel (parameters:
the creator, the channel, the server, and MatchStatus.LOBBY)."""

_ACTIVE_COMPUTER_MATCHES = (
    "SELECT m.id, m.game FROM matches m WHERE m.status IN (?, ?) "
    "AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.computer IS NOT NULL) "
    "AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.user_id = ?) ORDER BY m.id"
)
"""The active matches (lobby or playing) against the computer that a player is seated in, on any
server or in a direct message (parameters: the two statuses, the player)."""
_SERVER_COMPUTER_MATCHES = (
    "SELECT COUNT(*) FROM matches m WHERE m.status IN (?, ?) AND m.guild_id = ? AND m.private = 0 "
    "AND EXISTS (SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.computer IS NOT NULL)"
)
"""How many active matches against the computer a server has (private ones are their player's
only; parameters: the two statuses, the server)."""


async def _computer_matches(
    db: Connection, user_id: int, guild_id: int, private: bool
) -> tuple[list[tuple[int, str]], int]:
    active = (MatchStatus.LOBBY, MatchStatus.PLAYING)
    rows = await db.execute_fetchall(_ACTIVE_COMPUTER_MATCHES, (*active, user_id))
    mine = [(int(match_id), str(game_key)) for match_id, game_key in rows]
    if private:
        return mine, 0
    counted = await db.execute_fetchall(_SERVER_COMPUTER_MATCHES, (*active, guild_id))
    return mine, int(next(iter(counted))[0])


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""Made once: `json.dumps` with separators builds an encoder at every call."""


def state_text(state: Mapping[str, Any]) -> str:
    """A state's JSON as stored (compact: it is written with every move)."""
    return _COMPACT.encode(state)


async def _run_guarded(db: Connection, guard: Statement, then: Sequence[Statement]) -> bool:
    """`guard`, and when it changed exactly one row, `then`; whether it did."""
    if await guard.run(db) != 1:
        return False
    for statement in then:
        await statement.run(db)
    return True


def _players_statement(seats: Iterable[SeatRow], when: str) -> Statement:
    # In user id order: two transactions upserting the same players never wait on each other
    # in a cycle (PostgreSQL locks each row as it is written).
    rows = sorted((s.user_id, s.name, when) for s in seats if s.user_id is not None)
    return Statement(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
        rows=rows,
    )


def _held_statements(match_id: int, held: Sequence[HeldSeat], when: str) -> list[Statement]:
    """Replace the seats held in a lobby (the invited players' names go to the players table)."""
    statements = [Statement("DELETE FROM held_seats WHERE match_id = ?", (match_id,))]
    if held:
        statements += [
            _players_statement([SeatRow(0, h.user_id, h.name) for h in held], when),
            Statement(
                "INSERT INTO held_seats (match_id, user_id, held_at) VALUES (?, ?, ?)",
                rows=[(match_id, h.user_id, when) for h in held],
            ),
        ]
    return statements


def _announcement_statement(match_id: int, version: int, owed: Announcement) -> Statement:
    """One outbox row per match: a newer change takes it over, keeping what was not shown yet
    (the earliest unshown ply, and a ping still owed)."""
    return Statement(
        "INSERT INTO announcements (match_id, version, since_ply, ping, due_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, "
        "since_ply = CASE WHEN excluded.since_ply < announcements.since_ply THEN excluded.since_ply "
        "ELSE announcements.since_ply END, "
        "ping = CASE WHEN excluded.ping > announcements.ping THEN excluded.ping "
        "ELSE announcements.ping END, "
        "due_at = excluded.due_at",
        (match_id, version, owed.since_ply, int(owed.ping), owed.due_at),
    )


def _game_result_statements(match_id: int, score: GameScore, when: str) -> list[Statement]:
    """A tournament game's result, written with the change that ends its match: the game ended
    (once: a result recorded already stays), the tournament's version moved on."""
    return [
        Statement(
            "UPDATE tournament_games SET scores = ?, places = ?, forfeit = ?, ended_at = ? "
            "WHERE match_id = ? AND ended_at IS NULL",
            (
                json.dumps(list(score.scores), separators=(",", ":")),
                json.dumps(list(score.places), separators=(",", ":")),
                int(score.forfeit),
                when,
                match_id,
            ),
        ),
        Statement(
            "UPDATE tournaments SET version = version + 1 "
            "WHERE id = (SELECT tournament_id FROM matches WHERE id = ?)",
            (match_id,),
        ),
    ]


def _change_statements(
    match_id: int, expected_version: int, change: MatchChange, when: str
) -> tuple[Statement, list[Statement]]:
    """The guard of a match change (the match row's update, which changes one row only while
    the match is at `expected_version`) and the statements that follow it (seats, log, outbox);
    the results and ratings of a match that ends are the store's own (`_store_results`)."""
    sets = ["version = version + 1", "updated_at = ?"]
    params: list[Any] = [when]
    if change.status is not None:
        sets.append("status = ?")
        params.append(change.status)
        if change.status in OVER_STATUSES:
            sets.append("finished_at = ?")
            params.append(when)
    if change.state is not None:
        sets.append("state = ?")
        params.append(state_text(change.state))
    if change.draw_offer is not UNSET:
        sets.append("draw_offer = ?")
        params.append(None if change.draw_offer is None else json.dumps(sorted(change.draw_offer)))
    if change.result is not None:
        sets.append("result = ?")
        params.append(json.dumps(change.result))
    if change.message_id is not None:
        sets.append("message_id = ?")
        params.append(change.message_id)
    if change.takeback_offer is not UNSET:
        sets.append("takeback_offer = ?")
        params.append(None if change.takeback_offer is None else json.dumps(change.takeback_offer))
    if change.takebacks is not None:
        sets.append("takebacks = ?")
        params.append(change.takebacks)
    if change.truncate_from is not None:
        sets.append("position_reset_at = ?")
        params.append(when)
    guard = Statement(
        f"UPDATE matches SET {', '.join(sets)} WHERE id = ? AND version = ?",
        (*params, match_id, expected_version),
    )
    then: list[Statement] = []
    if change.seats is not None:
        then += [
            _players_statement(change.seats, when),
            Statement("DELETE FROM seats WHERE match_id = ?", (match_id,)),
            Statement(
                "INSERT INTO seats (match_id, seat, user_id, computer, resigned, left_reason) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                rows=[
                    (match_id, s.seat, s.user_id, s.computer, int(s.resigned), s.left) for s in change.seats
                ],
            ),
        ]
    if change.held is not None:
        then += _held_statements(match_id, change.held, when)
    if change.truncate_from is not None:
        then.append(
            Statement("DELETE FROM moves WHERE match_id = ? AND ply >= ?", (match_id, change.truncate_from))
        )
    if change.log:
        then.append(
            Statement(
                "INSERT INTO moves (match_id, ply, kind, seat, notation, played_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                rows=[(match_id, e.ply, e.kind, e.seat, e.notation, when) for e in change.log],
            )
        )
    if change.announce is not None:
        then.append(_announcement_statement(match_id, expected_version + 1, change.announce))
    if change.tournament_result is not None:
        then += _game_result_statements(match_id, change.tournament_result, when)
    return guard, then


class Store(TournamentStore, ABC):
    """The store interface the host uses; the SQL is shared, the connections are the driver's
    (`SqliteStore` in data/sqlite.py, `PostgresStore` in data/postgres.py). `data.open_store`
    picks one."""

    dialect: str
    shared = False
    """Several bot processes may use this database at once (PostgreSQL): background jobs are
    claimed, and a fresh process cannot assume that nothing else is posting."""
    claim_lock = ""
    """What a claim's choice of rows adds so that a process claiming at the same moment as
    another passes over the rows the other is taking and takes the next ones (PostgreSQL's
    `FOR UPDATE SKIP LOCKED`); nothing on SQLite, whose writers take turns."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def reading(self) -> AbstractAsyncContextManager[Connection]:
        """One read transaction: every query in it sees the same committed snapshot."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Connection]:
        """One write transaction; rolled back whole on any error."""

    @abstractmethod
    def claim(self, job: str) -> AbstractAsyncContextManager[bool]:
        """Try to take a background job (such as the turn clock's sweep) for this process for
        the block: True when taken, False when another holder has it. A holder that dies lets
        it go."""

    @abstractmethod
    async def after_copy(self) -> None:
        """After rows were copied in with their ids (data/migrate.py): new ids follow on."""

    @abstractmethod
    async def after_erasure(self) -> None:
        """After data was erased (a player's, a server's): leave no copy of it in the files the
        driver keeps (SQLite's write-ahead log)."""

    async def schema_version(self) -> int:
        async with self.reading() as db:
            rows = await db.execute_fetchall("SELECT MAX(version) FROM schema_migrations")
        row = next(iter(rows), None)
        return int(row[0]) if row and row[0] is not None else 0

    # -- players ---------------------------------------------------------------------------------

    async def settings(self, user_id: int) -> SettingsRow | None:
        """The player's stored settings; None when they never changed them."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT notify, reminders FROM player_settings WHERE user_id = ?", (user_id,)
            )
        row = next(iter(rows), None)
        return None if row is None else SettingsRow(user_id, Notify(row[0]), bool(row[1]))

    async def save_settings(
        self, user_id: int, *, notify: Notify | None = None, reminders: bool | None = None
    ) -> SettingsRow:
        """Change some of the player's settings (the others keep their value); returns them all."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO player_settings (user_id, notify, reminders, updated_at) "
                "VALUES (?, COALESCE(?, 'mention'), COALESCE(?, 1), ?) ON CONFLICT (user_id) DO UPDATE SET "
                "notify = COALESCE(?, player_settings.notify), "
                "reminders = COALESCE(?, player_settings.reminders), "
                "updated_at = excluded.updated_at",
                (user_id, notify, reminders, now_text(), notify, reminders),
            )
            rows = await db.execute_fetchall(
                "SELECT notify, reminders FROM player_settings WHERE user_id = ?", (user_id,)
            )
        notify_now, reminders_now = next(iter(rows))
        return SettingsRow(user_id, Notify(notify_now), bool(reminders_now))

    async def vacations(self, user_id: int, *, ending_after: str) -> list[VacationRow]:
        """The player's vacations that end after `ending_after` (those that still matter to a
        clock or to what is left of their allowance), earliest first."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT starts_at, ends_at FROM vacations WHERE user_id = ? AND ends_at > ? "
                "ORDER BY starts_at",
                (user_id, ending_after),
            )
        return [VacationRow(str(r[0]), str(r[1])) for r in rows]

    async def save_vacation(self, user_id: int, *, starts_at: str, ends_at: str) -> None:
        """End the player's vacation running at `starts_at` (if any) there, then store the new one
        from `starts_at` to `ends_at` (none when they are equal: the vacation just ends)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE vacations SET ends_at = ? WHERE user_id = ? AND starts_at <= ? AND ends_at > ?",
                (starts_at, user_id, starts_at, starts_at),
            )
            if ends_at > starts_at:
                await db.execute(
                    "INSERT INTO vacations (user_id, starts_at, ends_at) VALUES (?, ?, ?) "
                    "ON CONFLICT (user_id, starts_at) DO UPDATE SET ends_at = excluded.ends_at",
                    (user_id, starts_at, ends_at),
                )

    # -- languages -------------------------------------------------------------------------------

    async def languages(self) -> tuple[dict[int, str], dict[int, str]]:
        """Who reads which language, as stored: each server's chosen language (guild id -> code)
        and each player's own (user id -> code), read once at start."""
        async with self.reading() as db:
            servers = await db.execute_fetchall(
                "SELECT guild_id, language FROM guild_settings WHERE language IS NOT NULL"
            )
            players = await db.execute_fetchall("SELECT user_id, locale FROM player_locales")
        return {int(r[0]): str(r[1]) for r in servers}, {int(r[0]): str(r[1]) for r in players}

    async def save_player_locale(self, user_id: int, locale: str) -> None:
        """The player's own language (the catalogue their last interaction's locale reads)."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO player_locales (user_id, locale, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, "
                "updated_at = excluded.updated_at",
                (user_id, locale, now_text()),
            )

    async def save_guild_language(self, guild_id: int, language: str | None) -> None:
        """The language a server's admins chose; None: Discord's server locale again. The other
        settings of the server keep their value."""
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at",
                (guild_id, language, now_text()),
            )

    # -- matches ---------------------------------------------------------------------------------

    async def create_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seat_count: int,
        creator: SeatRow,
        seed: int,
        announce: Announcement | None = None,
        private: bool = False,
        computers: Sequence[SeatRow] = (),
        rematch_of: int | None = None,
        placement: MatchPlacement = MatchPlacement(),
        admit: Callable[[int, int], None] | None = None,
        held: Sequence[HeldSeat] = (),
        admit_computers: Callable[[list[tuple[int, str]], int], None] | None = None,
        turn_clock_hours: float | None = None,
        tournament_id: int | None = None,
        tournament_game: GameKey | None = None,
    ) -> int:
        """A new lobby with its creator seated (`announce`: its message is owed, as for a change),
        and `computers` seated after them; `rematch_of`: the finished match it is the rematch of;
        `held`: seats held for invited players.

        `admit`: called first in the same transaction with how many lobbies are open that the
        creator opened on the server, and how many in the channel; it raises to refuse the new
        one (then nothing is written), and may be called again (`run_transaction`). The count
        and the lobby are one transaction, and the server's lobbies are counted by one
        transaction at a time: two lobbies opened at once cannot both pass a limit.

        `admit_computers`: likewise, for a match with `computers` seated: called with the active
        matches against the computer the creator is seated in (id and game key, oldest first) and
        how many the server has (0 for a private match); it raises to refuse.

        `turn_clock_hours`: the match's own turn clock (None: its server's; 0: off);
        `tournament_id`: the tournament it is a game of; `tournament_game`: the game it is (its
        tournament id is the match's `tournament_id` when that is None), given the match in the
        same transaction: raises GameTaken, and writes nothing, when the game has a match
        already (another process created it) or is over."""
        when = now_text()
        if tournament_game is not None and tournament_id is None:
            tournament_id = tournament_game.tournament_id

        async def create(db: Connection) -> int:
            if admit_computers is not None and creator.user_id is not None:
                # Matches against the computer opened at once are counted in turn, per player and
                # per server (SQLite writers are serial already).
                await db.serialize(f"computer matches {creator.user_id}")
                if not private:
                    await db.serialize(f"computer matches server {guild_id}")
                mine, server = await _computer_matches(db, creator.user_id, guild_id, private)
                admit_computers(mine, server)
            if admit is not None:
                # Two lobbies opened at once on the server (in any process) are counted in turn.
                await db.serialize(f"lobbies {guild_id}")
                mine, here = next(
                    iter(
                        await db.execute_fetchall(
                            _OPEN_LOBBIES, (creator.user_id, channel_id, guild_id, MatchStatus.LOBBY)
                        )
                    )
                )
                admit(int(mine), int(here))
            await _players_statement([creator], when).run(db)
            inserted = await db.execute_fetchall(
                "INSERT INTO matches (guild_id, channel_id, game, options, seat_count, status, "
                "creator_id, seed, created_at, updated_at, private, rematch_of, rated, threaded, quiet, "
                "turn_clock_hours, tournament_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    game,
                    json.dumps(options),
                    seat_count,
                    MatchStatus.LOBBY,
                    creator.user_id,
                    seed,
                    when,
                    when,
                    int(private),
                    rematch_of,
                    int(placement.rated),
                    int(placement.threaded or placement.quiet),
                    int(placement.quiet),
                    turn_clock_hours,
                    tournament_id,
                ),
            )
            match_id = int(next(iter(inserted))[0])
            if tournament_game is not None:
                await claim_game_match(db, tournament_game, match_id)
            await db.executemany(
                "INSERT INTO seats (match_id, seat, user_id, computer) VALUES (?, ?, ?, ?)",
                [(match_id, i, s.user_id, s.computer) for i, s in enumerate([creator, *computers])],
            )
            for statement in _held_statements(match_id, held, when) if held else ():
                await statement.run(db)
            if announce is not None:
                await _announcement_statement(match_id, 0, announce).run(db)
            return match_id

        return await self.run_transaction(create)

    async def computer_matches_of(
        self, user_id: int, guild_id: int, private: bool
    ) -> tuple[list[tuple[int, str]], int]:
        """The active matches against the computer the player is seated in (id and game key,
        oldest first), and how many the server has (0 for a private match): `create_match`'s
        `admit_computers` counts, read outside a transaction."""
        async with self.reading() as db:
            return await _computer_matches(db, user_id, guild_id, private)

    async def get_match(self, match_id: int, *, known_version: int | None = None) -> MatchRow | None:
        """The match with its seats, read in one statement (one consistent snapshot, one trip to
        the database). `known_version`: the version whose state the caller holds already; at
        that version the row comes without its state (None), which spares reading and decoding
        it."""
        rows = await self.read_statement(
            "SELECT m.id, m.guild_id, m.channel_id, m.message_id, m.message_channel_id, m.game, m.options, "
            "m.seat_count, m.status, m.creator_id, m.seed, m.version, "
            "CASE WHEN m.version = ? THEN NULL ELSE m.state END, m.draw_offer, m.result, m.created_at, "
            "m.updated_at, m.finished_at, c.plies, COALESCE(c.moves, 0), c.last_at, "
            "m.takeback_offer, m.takebacks, m.rematch_of, m.private, m.position_reset_at, "
            "m.rated, m.threaded, m.quiet, m.thread_id, "
            "s.seat, s.user_id, COALESCE(p.name, ''), s.computer, s.resigned, s.left_reason, "
            "(SELECT group_concat(CAST(h.user_id AS TEXT) || ? || COALESCE(hp.name, ''), ?) "
            "FROM held_seats h LEFT JOIN players hp ON hp.user_id = h.user_id WHERE h.match_id = m.id), "
            "m.turn_clock_hours, m.tournament_id "
            # The log's counts once, not once for each seat's row.
            "FROM matches m CROSS JOIN (SELECT COUNT(*) AS plies, "
            "SUM(CASE WHEN kind = 'move' THEN 1 ELSE 0 END) AS moves, MAX(played_at) AS last_at "
            "FROM moves WHERE match_id = ?) c LEFT JOIN seats s ON s.match_id = m.id "
            "LEFT JOIN players p ON p.user_id = s.user_id WHERE m.id = ? ORDER BY s.seat",
            (
                -1 if known_version is None else known_version,
                HELD_SEPARATOR,
                NAME_SEPARATOR,
                match_id,
                match_id,
            ),
        )
        if not rows:
            return None
        row = rows[0]
        seats = tuple(
            SeatRow(r[30], r[31], r[32], r[33], bool(r[34]), LeftReason(r[35]) if r[35] else None)
            for r in rows
            if r[30] is not None  # a match without seats has one row, of NULLs for its seat
        )
        return MatchRow(
            id=row[0],
            guild_id=row[1],
            channel_id=row[2],
            message_id=row[3],
            message_channel_id=row[4],
            game=row[5],
            options=json.loads(row[6]),
            seat_count=row[7],
            status=MatchStatus(row[8]),
            creator_id=row[9],
            seed=row[10],
            version=row[11],
            state=json.loads(row[12]) if row[12] else None,
            draw_offer=tuple(json.loads(row[13])) if row[13] else None,
            result=json.loads(row[14]) if row[14] else None,
            created_at=row[15],
            updated_at=row[16],
            finished_at=row[17],
            seats=seats,
            log_length=row[18],
            move_count=row[19],
            position_at=max(filter(None, (row[20], row[25])), default=None),
            takeback_offer=json.loads(row[21]) if row[21] else None,
            takebacks=row[22],
            rematch_of=row[23],
            private=bool(row[24]),
            placement=MatchPlacement(bool(row[26]), bool(row[27]), bool(row[28])),
            thread_id=row[29],
            held=_held_of(row[36]),
            turn_clock_hours=None if row[37] is None else float(row[37]),
            tournament_id=row[38],
        )

    async def log(self, match_id: int, since: int = 0) -> list[LogEntry]:
        """The match's log entries from ply `since` on, in order."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT ply, kind, seat, notation, played_at FROM moves "
                "WHERE match_id = ? AND ply >= ? ORDER BY ply",
                (match_id, since),
            )
        return [LogEntry(r[0], EntryKind(r[1]), r[2], r[3], r[4]) for r in rows]

    async def update_match(
        self, match_id: int, expected_version: int, change: MatchChange, *, when: str | None = None
    ) -> int:
        """Apply `change` in one transaction if the match is still at `expected_version`, as
        made at `when` (now_text(): now, when None).

        Returns the new version; raises VersionConflict (and changes nothing) otherwise.
        """
        when = when or now_text()
        if change.results is None:
            applied = await self.write_change(match_id, expected_version, change, when)
        else:  # the match ends: its results, and ratings read, updated and written back
            guard, then = _change_statements(match_id, expected_version, change, when)

            async def finish(db: Connection) -> bool:
                applied = await _run_guarded(db, guard, then)
                if applied:
                    await self._store_results(db, match_id, change, when)
                return applied

            applied = await self.run_transaction(finish)
        if not applied:
            raise VersionConflict(f"match {match_id} is no longer at version {expected_version}")
        return expected_version + 1

    async def write_change(
        self, match_id: int, expected_version: int, change: MatchChange, when: str
    ) -> bool:
        """Write a change that stores no results, if the match is at `expected_version`; returns
        whether it was."""
        return await self.write_guarded(*_change_statements(match_id, expected_version, change, when))

    async def write_guarded(self, guard: Statement, then: Sequence[Statement]) -> bool:
        """One write transaction: `guard`, and when it changed exactly one row, `then`; returns
        whether the guard changed one row (else nothing is written). The SQLite store runs it in
        one call to its database thread, committed together with the writes queued meanwhile."""
        async with self.transaction() as db:
            return await _run_guarded(db, guard, then)  # missed: nothing written, nothing to undo

    async def read_statement(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Sequence[Any]]:
        """The rows of one query, which sees one committed snapshot by itself."""
        async with self.reading() as db:
            return await db.execute_fetchall(sql, params)

    async def run_transaction(self, work: Callable[[Connection], Awaitable[_Result]]) -> _Result:
        """`work` in one write transaction, rolled back whole when it raises. `work` may await
        only its connection's calls: the SQLite store runs it whole in its database thread (one
        trip there instead of one per statement), committed with other writes; it may run it
        twice, so `work` changes nothing but through its connection."""
        async with self.transaction() as db:
            return await work(db)

    async def _store_results(self, db: Connection, match_id: int, change: MatchChange, when: str) -> None:
        assert change.results is not None
        rows = await db.execute_fetchall("SELECT game, guild_id FROM matches WHERE id = ?", (match_id,))
        match_game, guild_id = next(iter(rows))
        game = change.ladder or match_game
        await db.executemany(
            "INSERT INTO results (match_id, seat, user_id, game, guild_id, rank, outcome, resigned, points, "
            "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match_id,
                    r.seat,
                    r.user_id,
                    game,
                    guild_id,
                    r.rank,
                    r.outcome,
                    int(r.resigned),
                    r.points,
                    when,
                )
                for r in change.results
            ],
        )
        if change.rate is None:
            return
        users = sorted({r.user_id for r in change.results if r.user_id is not None})
        # Ratings are read, updated and written back: another process finishing a match of the
        # same ladder waits until this transaction ends, so neither update is lost.
        await db.serialize(f"ratings:{game}")
        current: dict[tuple[int, int], RatingRow] = {}
        for scope in change.rating_scopes:
            found = await db.execute_fetchall(
                f"SELECT user_id, mu, sigma, matches, wins FROM ratings WHERE game = ? AND scope = ? "
                f"AND user_id IN ({', '.join('?' * len(users))})",
                (game, scope, *users),
            )
            for user_id, mu, sigma, matches, wins in found:
                current[(user_id, scope)] = RatingRow(user_id, game, scope, mu, sigma, matches, wins)
        updated = sorted(change.rate(current), key=lambda r: (r.user_id, r.scope))
        await db.executemany(
            "INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game, scope) DO UPDATE SET "
            "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
            "matches = excluded.matches, wins = excluded.wins, updated_at = excluded.updated_at",
            [
                (r.user_id, game, r.scope, r.mu, r.sigma, r.mu - 3 * r.sigma, r.matches, r.wins, when)
                for r in updated
            ],
        )
        await db.executemany(
            "INSERT INTO rating_history (user_id, game, scope, match_id, mu, sigma, at, mu_before, "
            "sigma_before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.user_id, game, r.scope, match_id, r.mu, r.sigma, when, r.mu_before, r.sigma_before)
                for r in updated
            ],
        )

    async def rewrite_state(self, match_id: int, version: int, state: dict[str, Any]) -> bool:
        """Replace the state cache of a match still at `version`, without a new version: the
        cache is derived from the log, so rewriting it changes nothing of the game. Returns
        whether it was written (not when the match moved on meanwhile)."""
        async with self.transaction() as db:
            changed = await db.execute(
                "UPDATE matches SET state = ? WHERE id = ? AND version = ?",
                (state_text(state), match_id, version),
            )
        return changed == 1

    async def set_message(
        self, match_id: int, message_id: int, channel_id: int, *, version: int | None = None
    ) -> None:
        """Remember the match message and its channel, and (`version`: the match version it
        shows) take what it announces out of the outbox; not versioned, since it changes nothing
        of the game."""

        async def remember(db: Connection) -> None:  # after every move: one trip, in the group commit
            await db.execute(
                "UPDATE matches SET message_id = ?, message_channel_id = ? WHERE id = ?",
                (message_id, channel_id, match_id),
            )
            if version is not None:
                await db.execute(
                    "DELETE FROM announcements WHERE match_id = ? AND version <= ?", (match_id, version)
                )

        await self.run_transaction(remember)

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """Remember the thread opened for a match; None: it is gone, and the match goes on in
        its channel (not versioned: it changes nothing of the game)."""
        async with self.transaction() as db:
            await db.execute(
                "UPDATE matches SET thread_id = ?, threaded = ?, quiet = quiet * ? WHERE id = ?",
                (thread_id, int(thread_id is not None), int(thread_id is not None), match_id),
            )

    # -- server settings -------------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self.read_statement(
            "SELECT games, turn_clock_hours, lobby_clock_hours, threads, rated, quiet, tournament_creators "
            "FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        row = next(iter(rows), None)
        if row is None:
            return GuildSettings(guild_id)
        games = tuple(json.loads(row[0])) if row[0] is not None else None
        return GuildSettings(
            guild_id, games, row[1], row[2], bool(row[3]), bool(row[4]), bool(row[5]), row[6]
        )

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, games, turn_clock_hours, lobby_clock_hours, threads, "
                "rated, quiet, tournament_creators, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE "
                "SET games = excluded.games, turn_clock_hours = excluded.turn_clock_hours, "
                "lobby_clock_hours = excluded.lobby_clock_hours, threads = excluded.threads, "
                "rated = excluded.rated, quiet = excluded.quiet, "
                "tournament_creators = excluded.tournament_creators, updated_at = excluded.updated_at",
                (
                    settings.guild_id,
                    None if settings.games is None else json.dumps(list(settings.games)),
                    settings.turn_clock_hours,
                    settings.lobby_clock_hours,
                    int(settings.threads),
                    int(settings.rated),
                    int(settings.quiet),
                    settings.tournament_creators,
                    now_text(),
                ),
            )

    async def idle_matches(
        self,
        status: MatchStatus,
        *,
        clock: str,
        default_hours: float,
        cutoffs: Mapping[float, str],
        limit: int = 100,
        excluding: Sequence[int] = (),
    ) -> list[IdleMatch]:
        """Matches of `status` idle for longer than their clock (`clock`: the column
        `turn_clock_hours` or `lobby_clock_hours`: the match's own turn clock, else its server's,
        else `default_hours`), oldest first: one query whatever the number of servers. `cutoffs`:
        for each clock a match can have (in hours; 0, off, is left out), the moment before which a
        match is idle (a match whose clock is not among them is never idle); the
        earliest-reaching one bounds the scan of the index on (status, updated_at). Times are
        compared as the stored text, so the SQL is the same in both dialects. `excluding`: ids
        of matches already looked at (left as they were), read past."""
        if clock not in ("turn_clock_hours", "lobby_clock_hours"):
            raise ValueError(f"no clock {clock!r}")
        clocks = [(hours, cutoff) for hours, cutoff in sorted(cutoffs.items()) if hours > 0]
        if not clocks:
            return []
        # A match's own turn clock (a tournament's) comes before its server's.
        own = "m.turn_clock_hours, " if clock == "turn_clock_hours" else ""
        hours = f"COALESCE({own}g.{clock}, ?)"
        cases = " ".join("WHEN ? THEN ?" for _ in clocks)
        skip = f"AND m.id NOT IN ({', '.join('?' for _ in excluding)}) " if excluding else ""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                f"SELECT m.id, {hours} FROM matches m LEFT JOIN guild_settings g ON g.guild_id = m.guild_id "
                f"WHERE m.status = ? AND m.updated_at < ? AND m.updated_at < CASE {hours} {cases} END "
                f"{skip}ORDER BY m.updated_at, m.id LIMIT ?",
                (
                    default_hours,
                    status,
                    max(cutoff for _, cutoff in clocks),
                    default_hours,
                    *(value for pair in clocks for value in pair),
                    *excluding,
                    limit,
                ),
            )
        return [IdleMatch(int(r[0]), float(r[1])) for r in rows]

    async def due_announcements(
        self, *, now: str | None = None, match_id: int | None = None, limit: int = 100
    ) -> list[DueAnnouncement]:
        """Outbox rows due by `now` (None: whenever due), of one match, or of every match the bot
        can post on its own (not a private one: only an interaction shows those), oldest first."""
        conditions, params = [], []
        for condition, value in (("due_at <= ?", now), ("match_id = ?", match_id)):
            if value is not None:
                conditions.append(condition)
                params.append(value)
        if match_id is None:
            conditions.append("match_id IN (SELECT id FROM matches WHERE private = 0)")
        where = f"WHERE {' AND '.join(conditions)}" if conditions else ""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT match_id, version, since_ply, ping, due_at, attempts FROM announcements "
                f"{where} ORDER BY due_at, match_id LIMIT ?",
                (*params, limit),
            )
        return [DueAnnouncement(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    async def claim_announcements(
        self, *, now: str | None, lease_until: str, limit: int = 100
    ) -> list[DueAnnouncement]:
        """Take the outbox rows due by `now` (None: every row) for this process, by moving their
        `due_at` on to `lease_until` in one statement: no other process takes them until then,
        and if this one dies before posting, they are due again then. In match order."""

        async def claim(db: Connection) -> Sequence[Sequence[Any]]:
            # `due_at <= ?` is checked again on each row as it is updated: a row another process
            # leased meanwhile is no longer due. On PostgreSQL the rows chosen are locked, and
            # those another claim holds are passed over (`claim_lock`): otherwise a second claim
            # at the same moment would wait for the first one's rows, find them leased and take
            # nothing, leaving the rows after them for a later sweep.
            return await db.execute_fetchall(
                "UPDATE announcements SET due_at = ? WHERE due_at <= ? AND match_id IN "
                "(SELECT match_id FROM announcements WHERE due_at <= ? ORDER BY due_at, match_id LIMIT ?"
                f"{self.claim_lock}) RETURNING match_id, version, since_ply, ping, due_at, attempts",
                (lease_until, now or _EVER, now or _EVER, limit),
            )

        rows = await self.run_transaction(claim)
        due = [DueAnnouncement(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]
        return sorted(due, key=lambda row: row.match_id)

    async def postpone_announcement(self, match_id: int, version: int, due_at: str) -> None:
        """A post failed: try again from `due_at` (unless a newer change took the row over)."""
        postpone = Statement(
            "UPDATE announcements SET due_at = ?, attempts = attempts + 1 WHERE match_id = ? AND version = ?",
            (due_at, match_id, version),
        )
        await self.run_transaction(postpone.run)

    async def match_summaries(
        self,
        *,
        statuses: Sequence[MatchStatus] = ACTIVE_STATUSES,
        guild_id: int | None = None,
        channel_id: int | None = None,
        user_id: int | None = None,
        game: str | None = None,
        seat_counts: Sequence[int] | None = None,
        updated_before: str | None = None,
        limit: int = 25,
    ) -> list[MatchSummary]:
        """Matches filtered by status, place, player, game (and its seat counts) and last
        activity, most recently active first."""
        where = [f"m.status IN ({', '.join('?' * len(statuses))})"]
        params: list[Any] = list(statuses)
        if seat_counts is not None:
            where.append(f"m.seat_count IN ({', '.join('?' * len(seat_counts))})")
            params.extend(seat_counts)
        if updated_before is not None:
            where.append("m.updated_at < ?")
            params.append(updated_before)
        for column, value in (("m.guild_id", guild_id), ("m.game", game)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if channel_id is not None:  # a match's own thread is its channel too
            where.append("(m.channel_id = ? OR m.thread_id = ?)")
            params += [channel_id, channel_id]
        if user_id is not None:
            # Driven from the seats index: a player's matches, not every match, are looked at.
            where.append("m.id IN (SELECT match_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        sql = (
            "SELECT m.id, m.game, m.status, m.guild_id, m.channel_id, m.seat_count, m.updated_at, "
            "(SELECT group_concat(COALESCE(p.name, 'Computer (' || s.computer || ')'), ?) FROM "
            "(SELECT * FROM seats WHERE match_id = m.id ORDER BY seat) s "
            "LEFT JOIN players p ON p.user_id = s.user_id), "
            "(SELECT COUNT(*) FROM moves WHERE match_id = m.id), "
            "(SELECT COUNT(*) FROM moves WHERE match_id = m.id AND kind = 'move') "
            f"FROM matches m WHERE {' AND '.join(where)} ORDER BY m.updated_at DESC, m.id DESC LIMIT ?"
        )
        async with self.reading() as db:
            rows = await db.execute_fetchall(sql, (NAME_SEPARATOR, *params, limit))
        return [
            MatchSummary(
                id=r[0],
                game=r[1],
                status=MatchStatus(r[2]),
                guild_id=r[3],
                channel_id=r[4],
                seat_count=r[5],
                updated_at=r[6],
                players=tuple(r[7].split(NAME_SEPARATOR)) if r[7] else (),
                log_length=r[8],
                move_count=r[9],
            )
            for r in rows
        ]

    async def outbox_depth(self) -> OutboxDepth:
        """How many match messages the outbox owes (every row: due or leased, private or not), and
        since when the oldest has been owed, counted from its match's last change (a post that
        keeps failing is postponed, so the rows' `due_at` would hide its age)."""
        rows = await self.read_statement(
            "SELECT COUNT(*), MIN(m.updated_at) FROM announcements a JOIN matches m ON m.id = a.match_id"
        )
        count, oldest = next(iter(rows), (0, None))
        return OutboxDepth(int(count or 0), oldest)

    async def active_match_counts(self) -> dict[MatchStatus, int]:
        """How many matches are open as a lobby and how many are being played."""
        rows = await self.read_statement(
            "SELECT status, COUNT(*) FROM matches WHERE status IN (?, ?) GROUP BY status", ACTIVE_STATUSES
        )
        counts = dict.fromkeys(ACTIVE_STATUSES, 0)
        counts.update({MatchStatus(r[0]): int(r[1]) for r in rows})
        return counts

    async def match_ids(self, *, exclude: Sequence[MatchStatus] = ()) -> list[int]:
        """The ids of every match but those of the statuses `exclude`, in order."""
        where = f"WHERE status NOT IN ({', '.join('?' * len(exclude))}) " if exclude else ""
        rows = await self.read_statement(f"SELECT id FROM matches {where}ORDER BY id", tuple(exclude))
        return [int(r[0]) for r in rows]

    async def rematch(self, match_id: int) -> int | None:
        """The newest match opened as the rematch of `match_id` that was not closed as a lobby."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT id FROM matches WHERE rematch_of = ? AND status != ? ORDER BY id DESC LIMIT 1",
                (match_id, MatchStatus.ABANDONED),
            )
        row = next(iter(rows), None)
        return None if row is None else int(row[0])

    async def matches_with_computer_seats(self) -> list[int]:
        """Matches being played that have a seat a computer plays (a computer player, or a
        resigned player's seat that stays in the game)."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id "
                "WHERE m.status = ? AND (s.user_id IS NULL OR s.resigned = 1) ORDER BY m.id",
                (MatchStatus.PLAYING,),
            )
        return [int(r[0]) for r in rows]

    async def waiting_turns(
        self, *, default_hours: float, cutoffs: Mapping[float, tuple[str, str]], limit: int = 100
    ) -> list[WaitingTurn]:
        """Matches being played whose position was reached (or, before any log entry, which
        started) before the first reminder moment of their server's turn clock, longest waiting
        first, but for those whose turn had its last reminder (90%), or its first (50%) while the
        90% moment is still to come. The clock is the one the resigning sweep uses
        (`idle_matches`): the match's own, else its server's `turn_clock_hours`, else
        `default_hours`; `cutoffs`: for each clock a match can have (in hours; 0, off, is left
        out: no reminders), the moments of
        its first and its last reminder (before which a position reached is due one)."""
        clocks = [(hours, moments) for hours, moments in sorted(cutoffs.items()) if hours > 0]
        if not clocks:
            return []
        cases = " ".join("WHEN ? THEN ?" for _ in clocks)
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "WITH playing AS (SELECT m.id, m.updated_at, "
                "(SELECT COUNT(*) FROM moves WHERE match_id = m.id) AS ply, "
                "COALESCE((SELECT MAX(played_at) FROM moves WHERE match_id = m.id), m.updated_at) "
                "AS reached, COALESCE(m.turn_clock_hours, g.turn_clock_hours, ?) AS hours "
                "FROM matches m LEFT JOIN guild_settings g ON g.guild_id = m.guild_id WHERE m.status = ?) "
                "SELECT id, ply, reached, updated_at, hours FROM playing p "
                f"WHERE reached < CASE hours {cases} END "
                "AND NOT EXISTS (SELECT 1 FROM turn_reminders r WHERE r.match_id = p.id AND r.ply = p.ply "
                f"AND (r.share = 90 OR (r.share = 50 AND p.reached >= CASE p.hours {cases} END))) "
                "ORDER BY reached, id LIMIT ?",
                (
                    default_hours,
                    MatchStatus.PLAYING,
                    *(value for hours, (first, _) in clocks for value in (hours, first)),
                    *(value for hours, (_, last) in clocks for value in (hours, last)),
                    limit,
                ),
            )
        return [WaitingTurn(r[0], r[1], r[2], r[3], float(r[4])) for r in rows]

    async def claim_reminders(self, match_id: int, ply: int, shares: Sequence[int]) -> set[int]:
        """Record the reminders of a turn (`shares`: percents of its clock) as sent; returns those
        that were not recorded before (and may be sent now: never twice, whoever else asks)."""
        claimed = set()
        async with self.transaction() as db:
            for share in shares:
                inserted = await db.execute(
                    "INSERT INTO turn_reminders (match_id, ply, share, sent_at) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT DO NOTHING",
                    (match_id, ply, share, now_text()),
                )
                if inserted == 1:
                    claimed.add(share)
        return claimed

    async def claim_offer_notices(
        self, match_id: int, claims: Sequence[OfferNoticeClaim]
    ) -> list[OfferNoticeClaim]:
        """Record the notices of an offer as sent; returns those not recorded before (and may be
        sent now: never twice, whoever else asks)."""
        claimed = []
        async with self.transaction() as db:
            for claim in claims:
                inserted = await db.execute(
                    "INSERT INTO offer_notices (match_id, kind, ply, user_id, sent_at) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (match_id, claim.kind, claim.ply, claim.user_id, now_text()),
                )
                if inserted == 1:
                    claimed.append(claim)
        return claimed

    async def invitations(self, user_id: int, *, limit: int = 50) -> list[int]:
        """The open lobbies that hold a seat for the player, or that were opened as the rematch of
        a finished match they played and where they are not seated yet: newest first."""
        rows = await self.read_statement(
            "SELECT m.id FROM matches m WHERE m.status = ? AND NOT EXISTS "
            "(SELECT 1 FROM seats s WHERE s.match_id = m.id AND s.user_id = ?) AND ("
            "m.id IN (SELECT match_id FROM held_seats WHERE user_id = ?) OR "
            "m.rematch_of IN (SELECT match_id FROM seats WHERE user_id = ?)) ORDER BY m.id DESC LIMIT ?",
            (MatchStatus.LOBBY, user_id, user_id, user_id, limit),
        )
        return [int(r[0]) for r in rows]

    # -- ratings, records, privacy ----------------------------------------------------------------

    async def leaderboard(
        self,
        game: str,
        scope: int,
        *,
        offset: int = 0,
        limit: int = 10,
        after: int | None = None,
        before: int | None = None,
    ) -> list[BoardLine]:
        """Players by conservative rating (mu - 3 sigma), best first; names as last stored;
        numbered from `offset` + 1. `after` / `before` (a user id): the lines that follow, or
        precede, that player's line, read from it in the index however deep it is (none when
        the player has no line); else the lines from `offset` on."""
        where, params, order = "", [], "r.ordinal DESC, r.user_id"
        head, head_params, skip, skip_params = "", [], "?", [offset]
        edge = after if after is not None else before
        if edge is not None:
            # The edge's ordinal bounds a range of the index; ties are broken by user id.
            own = "(SELECT ordinal FROM ratings WHERE game = ? AND scope = ? AND user_id = ?)"
            if after is not None:
                where = f" AND r.ordinal <= {own} AND (r.ordinal < {own} OR r.user_id > ?)"
            else:
                where = f" AND r.ordinal >= {own} AND (r.ordinal > {own} OR r.user_id < ?)"
                order = "r.ordinal, r.user_id DESC"
            params, skip_params = [game, scope, edge, game, scope, edge, edge], [0]
        elif offset > 0:
            # Straight to a page by number: the bands of ratings above the page's first line are
            # added up (migration 0013), and the page is read from the top of its band, so OFFSET
            # skips at most that band's lines, never every line above the page. (Past the last line
            # there is no band: no bound, no lines.)
            head = (
                "WITH above AS (SELECT band, players, SUM(players) OVER (ORDER BY band DESC) AS upto "
                "FROM ladder_bands WHERE game = ? AND scope = ?), "
                "start AS (SELECT CAST(band + 1 AS DOUBLE PRECISION) / 16 AS bound, "
                "upto - players AS skipped FROM above WHERE upto > ? ORDER BY band DESC LIMIT 1) "
            )
            head_params = [game, scope, offset]
            where, skip = (
                " AND r.ordinal < (SELECT bound FROM start)",
                "COALESCE((SELECT ? - skipped FROM start), 0)",
            )
        # The page's players are found in the index alone (what OFFSET skips is index entries,
        # not rows with their names), then their lines are read.
        rows = await self.read_statement(
            f"{head}SELECT r.user_id, COALESCE(p.name, 'Unknown player'), r.mu, r.sigma, r.matches, "
            "r.wins, r.ordinal FROM (SELECT r.user_id FROM ratings r WHERE r.game = ? AND r.scope = ?"
            f"{where} ORDER BY {order} LIMIT ? OFFSET {skip}) page "
            "JOIN ratings r ON r.user_id = page.user_id AND r.game = ? AND r.scope = ? "
            f"LEFT JOIN players p ON p.user_id = r.user_id ORDER BY {order}",
            (*head_params, game, scope, *params, limit, *skip_params, game, scope),
        )
        if before is not None:
            rows = list(reversed(rows))
        return [BoardLine(offset + i + 1, *row) for i, row in enumerate(rows)]

    async def ordinals_above(self, game: str, scope: int, line: BoardLine, *, down_to: float) -> list[float]:
        """The ordinals of the lines that come before `line` on the board and are at least
        `down_to` (read in the index from `down_to` up to the line: the few lines that may
        share its rating, however deep the line is)."""
        rows = await self.read_statement(
            "SELECT ordinal FROM ratings WHERE game = ? AND scope = ? AND ordinal >= ? "
            "AND (ordinal > ? OR (ordinal = ? AND user_id < ?))",
            (game, scope, down_to, line.ordinal, line.ordinal, line.user_id),
        )
        return [float(row[0]) for row in rows]

    async def leaderboard_size(self, game: str, scope: int) -> int:
        """How many players the ladder has (kept by triggers on the ratings: migration 0012)."""
        rows = await self.read_statement(
            "SELECT players FROM ladder_sizes WHERE game = ? AND scope = ?", (game, scope)
        )
        return int(rows[0][0]) if rows else 0

    async def rating(self, user_id: int, game: str, scope: int) -> RatingRow | None:
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT mu, sigma, matches, wins FROM ratings WHERE user_id = ? AND game = ? AND scope = ?",
                (user_id, game, scope),
            )
        row = next(iter(rows), None)
        return None if row is None else RatingRow(user_id, game, scope, *row)

    async def rating_moves(
        self, match_id: int, game: str, scope: int, user_ids: Sequence[int]
    ) -> list[RatingMove]:
        """How the ratings of `user_ids` in `game` and `scope` moved with the match (none for a
        match that rated nobody there, or rated before the history kept where ratings started)."""
        if not user_ids:
            return []
        rows = await self.read_statement(
            "SELECT user_id, mu_before, sigma_before, mu, sigma FROM rating_history "
            f"WHERE user_id IN ({', '.join('?' * len(user_ids))}) AND game = ? AND scope = ? "
            "AND match_id = ? AND mu_before IS NOT NULL AND sigma_before IS NOT NULL",
            (*user_ids, game, scope, match_id),
        )
        return [RatingMove(int(row[0]), *(float(v) for v in row[1:])) for row in rows]

    async def rating_trend(
        self, user_id: int, game: str, scope: int, last: int = 10
    ) -> list[tuple[float, float]]:
        """(mu, sigma) after each of the player's last rated matches, oldest first."""
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT mu, sigma FROM rating_history WHERE user_id = ? AND game = ? AND scope = ? "
                "ORDER BY at DESC, match_id DESC LIMIT ?",
                (user_id, game, scope, last),
            )
        return [(mu, sigma) for mu, sigma in reversed(list(rows))]

    async def record(self, user_id: int, game: str, guild_id: int | None = None) -> PlayerRecord:
        where, params = "user_id = ? AND game = ?", [user_id, game]
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT COUNT(*), "
                + ", ".join(
                    f"COALESCE(SUM(CASE WHEN outcome = '{o}' THEN 1 ELSE 0 END), 0)" for o in OUTCOMES
                )
                + ", COALESCE(SUM(resigned), 0), COALESCE(SUM(points), 0) "
                f"FROM results WHERE {where}",
                params,
            )
        return PlayerRecord(*next(iter(rows)))

    async def recent_results(
        self, user_id: int, game: str | None = None, last: int = 5
    ) -> list[RecentResult]:
        where = "user_id = ?"
        params_any: list[Any] = [user_id]
        if game is not None:
            where += " AND game = ?"
            params_any.append(game)
        async with self.reading() as db:
            rows = await db.execute_fetchall(
                "SELECT match_id, game, outcome, rank, points, finished_at FROM results "
                f"WHERE {where} ORDER BY finished_at DESC, match_id DESC LIMIT ?",
                (*params_any, last),
            )
        return [RecentResult(*row) for row in rows]

    async def player_name(self, user_id: int) -> str | None:
        async with self.reading() as db:
            rows = await db.execute_fetchall("SELECT name FROM players WHERE user_id = ?", (user_id,))
        row = next(iter(rows), None)
        return None if row is None else str(row[0])

    async def forget_player(self, user_id: int) -> str | None:
        """Replace the player by an anonymous label everywhere and delete their ratings.

        Past matches stay whole and replayable: their seats and results point to a new anonymous
        player row; their settings are deleted. In tournaments they leave those in sign-up, are
        withdrawn from those running, and are the anonymous player in all. Returns the label, or
        None when no name, match or tournament was stored about the user.
        """
        async with self.transaction() as db:
            await db.execute("DELETE FROM player_settings WHERE user_id = ?", (user_id,))
            await db.execute("DELETE FROM held_seats WHERE user_id = ?", (user_id,))  # void invitations
            await db.execute("DELETE FROM vacations WHERE user_id = ?", (user_id,))
            await db.execute("DELETE FROM player_locales WHERE user_id = ?", (user_id,))
            rows = await db.execute_fetchall(  # an organiser may have played nothing: no players row
                "SELECT 1 FROM players WHERE user_id = ? "
                "UNION ALL SELECT 1 FROM tournaments WHERE creator_id = ?",
                (user_id, user_id),
            )
            if not rows:
                return None
            await db.serialize("anonymous players")  # one new lowest id at a time
            found = await db.execute_fetchall("SELECT COALESCE(MIN(user_id), 0) FROM players")
            anonymous_id = min(-1, int(next(iter(found))[0]) - 1)  # negative ids: never a Discord id
            label = f"Anonymous player {-anonymous_id}"
            await db.execute(
                "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
                (anonymous_id, label, now_text()),
            )
            for table in ("seats", "results"):
                await db.execute(f"UPDATE {table} SET user_id = ? WHERE user_id = ?", (anonymous_id, user_id))
            await forget_entrant(db, user_id, anonymous_id, label, now_text())
            await db.execute(
                "UPDATE matches SET creator_id = ? WHERE creator_id = ?", (anonymous_id, user_id)
            )
            for table in ("ratings", "rating_history"):
                await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
            await db.execute("DELETE FROM players WHERE user_id = ?", (user_id,))
        await self.after_erasure()
        return label

    async def erase_guild(self, guild_id: int) -> int:
        """Delete every match and tournament of a server, its results and its server ratings.
        Returns the count of matches."""
        async with self.transaction() as db:
            rows = await db.execute_fetchall("SELECT COUNT(*) FROM matches WHERE guild_id = ?", (guild_id,))
            count = int(next(iter(rows))[0])
            await db.execute("DELETE FROM ratings WHERE scope = ?", (guild_id,))
            await db.execute("DELETE FROM rating_history WHERE scope = ?", (guild_id,))
            await erase_guild_tournaments(db, guild_id)
            await db.execute("DELETE FROM matches WHERE guild_id = ?", (guild_id,))
        await self.after_erasure()
        return count
