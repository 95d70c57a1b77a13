"""The path of one move through host and store: one write (and one read, but of a match this
process keeps on a store no other process writes), the matches a host keeps per match version,
and writes that arrive together committed together, each one whole."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from data import (
    EntryKind,
    LogEntry,
    MatchChange,
    MatchRow,
    MatchStatus,
    SeatRow,
    SqliteStore,
    Store,
    VersionConflict,
    open_store,
)
from host import Host, MatchSnapshot, NotYourTurn, Player, StaleTurn
from rules import IllegalMoveError
from tests.support.databases import INTEGRITY_ERRORS, Database, fresh_postgres, sqlite_database
from tests.support.host import ANN, BOB, dump, mover, started_match, two_player_match, waiting


async def new_lobby(store: Store, creator: int) -> int:
    return await store.create_match(
        guild_id=1,
        channel_id=2,
        game="keryo-pente",
        options={"tournament": False},
        seat_count=2,
        creator=SeatRow(0, creator, f"P{creator}"),
        seed=7,
    )


def first_legal(match: MatchSnapshot) -> str:
    assert match.state is not None
    return str(match.state.legal_moves()[0])


def first_move(notation: str, ply: int = 0) -> MatchChange:
    return MatchChange(status=MatchStatus.PLAYING, log=[LogEntry(ply, EntryKind.MOVE, 0, notation)])


async def test_a_match_read_at_a_version_the_reader_holds_comes_without_its_state(store: Store) -> None:
    match_id = await new_lobby(store, 11)
    await store.update_match(match_id, 0, MatchChange(state={"any": "state"}, seats=[SeatRow(0, 11, "Ann")]))
    full = await store.get_match(match_id)
    assert full is not None and full.version == 1 and full.state == {"any": "state"}
    assert full.seats == (SeatRow(0, 11, "Ann"),)
    known = await store.get_match(match_id, known_version=1)
    assert known is not None and known.state is None and known.seats == full.seats
    other = await store.get_match(match_id, known_version=0)
    assert other == full
    assert await store.get_match(match_id + 1, known_version=1) is None


async def test_writes_sent_together_land_each_alone_whole_or_not_at_all(
    store: Store, database: Database
) -> None:
    """Many writes at once (the SQLite store commits them in one transaction): the ones at their
    version land, a stale one and one that breaks a constraint fail alone, changing nothing."""
    matches = [await new_lobby(store, 100 + i) for i in range(12)]
    duplicate_ply = MatchChange(
        status=MatchStatus.PLAYING,
        log=[LogEntry(0, EntryKind.MOVE, 0, "K10"), LogEntry(0, EntryKind.MOVE, 1, "A1")],
    )
    writes = [store.update_match(m, 0, first_move(f"K{i + 1}")) for i, m in enumerate(matches[:10])]
    writes.append(store.update_match(matches[10], 5, first_move("A1")))  # a stale version
    writes.append(store.update_match(matches[11], 0, duplicate_ply))
    results = await asyncio.gather(*writes, return_exceptions=True)

    assert results[:10] == [1] * 10
    assert isinstance(results[10], VersionConflict)
    assert isinstance(results[11], INTEGRITY_ERRORS)
    for i, match_id in enumerate(matches[:10]):
        assert [e.notation for e in await store.log(match_id)] == [f"K{i + 1}"]
    for match_id in matches[10:]:
        row = await store.get_match(match_id)
        assert row is not None and row.version == 0 and row.status == "lobby" and row.log_length == 0
    owed = database.fetchall("SELECT match_id FROM announcements ORDER BY match_id")
    assert owed == []  # none of these changes owed a message


async def test_a_host_sees_a_move_another_process_made_though_it_kept_the_older_state(
    store: Store, database: Database
) -> None:
    first = Host(store)
    match = await two_player_match(first)
    match = await first.play(match.id, mover(match), "K10")
    second = Host(await open_store(database.url))  # another process, its own connections
    try:
        seen = await second.get(match.id)
        assert seen.state == match.state
        await second.play(match.id, mover(seen), "A1", expected_ply=seen.ply)
        again = await first.get(match.id)  # `first` kept the state after K10
        assert again.ply == 2 and str(again.last_move) == "A1" and again.state is not None
        assert match.state is not None and again.state == match.state.play("A1")
        after = await first.play(again.id, mover(again), "A5", expected_ply=2)
        assert after.ply == 3 and [e.notation for e in await store.log(match.id)] == ["K10", "A1", "A5"]
    finally:
        await second.store.close()


async def test_a_move_stale_for_a_host_holding_an_old_state_is_refused_and_changes_nothing(
    store: Store, database: Database
) -> None:
    """A click on the turn another process has just played (the same move, clicked twice): refused
    as stale, not played on the position this host still holds in memory. (On SQLite, where it is
    checked on that position first, the write's version guard finds the turn gone.)"""
    first = Host(store)
    match = await two_player_match(first)
    ann = mover(match)
    second = Host(await open_store(database.url))
    try:
        await second.play(match.id, ann, "K10", expected_ply=0)
        with pytest.raises(StaleTurn):
            await first.play(match.id, ann, "K10", expected_ply=0)
        assert [e.notation for e in await store.log(match.id)] == ["K10"]
    finally:
        await second.store.close()


async def test_moves_of_many_matches_at_once_each_land_once(host: Host, store: Store) -> None:
    matches: list[MatchSnapshot] = []
    for i in range(8):
        lobby = await host.new(
            guild_id=1,
            channel_id=2 + i,
            creator=Player(1000 + 2 * i, "A"),
            game_key="keibot",
        )
        matches.append(await host.join(lobby.id, Player(1001 + 2 * i, "B")))
    for _ in range(6):
        matches = list(
            await asyncio.gather(
                *(host.play(m.id, mover(m), first_legal(m), expected_ply=m.ply) for m in matches)
            )
        )
    for m in matches:
        log = await store.log(m.id)
        assert [e.ply for e in log] == list(range(m.ply)) and m.ply == 6


async def test_both_stores_write_a_match_the_same(tmp_path: Path, postgres_server: Any) -> None:
    """The PostgreSQL store writes a plain move in one call of its own (migration 0011): what it
    stores is what the shared statements store on SQLite, but for the times."""
    dumps = []
    for database in (sqlite_database(tmp_path), await fresh_postgres(postgres_server)):
        store = await open_store(database.url)
        try:
            host = Host(store, seed_source=lambda: 5)
            match = await started_match(host, "verquere", [ANN, BOB], {})  # dice: chance entries
            for _ in range(12):
                assert match.state is not None
                match = await host.play(match.id, mover(match), first_legal(match), expected_ply=match.ply)
            await host.offer_draw(match.id, mover(match))
            dumps.append(without_times(dump(database, match.id)) + without_times(outbox(database)))
        finally:
            await store.close()
    assert dumps[0] == dumps[1]


def outbox(database: Database) -> tuple[Any, ...]:
    return (database.fetchall("SELECT * FROM announcements"),)


def without_times(tables: tuple[Any, ...]) -> tuple[Any, ...]:
    """The rows with every stored moment (ISO text) and the players' table's times left out."""
    return tuple(
        [tuple(None if isinstance(v, str) and v[:2] == "20" and "T" in v else v for v in row) for row in rows]
        for rows in tables
    )


async def test_a_move_on_a_match_this_process_keeps_is_not_read_again_on_sqlite(
    host: Host, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a store no other process writes, the match a move wrote is the one the next move is
    checked against: one write a move, no read. A shared store (PostgreSQL) is read each time."""
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    reads: list[int] = []
    real = store.get_match

    async def counted(match_id: int, *, known_version: int | None = None) -> Any:
        reads.append(match_id)
        return await real(match_id, known_version=known_version)

    monkeypatch.setattr(store, "get_match", counted)
    after = await host.play(match.id, mover(match), "A1", expected_ply=1)
    assert after.ply == 2 and str(after.last_move) == "A1"
    assert reads == ([match.id] if store.shared else [])
    assert await host.get(match.id) == replace(after, played=())  # what it returned is stored


class CountingStore(SqliteStore):
    """The real SQLite store, counting the reads of a match (`get_match`) and of a log (`log`)."""

    reads = 0

    async def get_match(self, match_id: int, *, known_version: int | None = None) -> MatchRow | None:
        self.reads += 1
        return await super().get_match(match_id, known_version=known_version)

    async def log(self, match_id: int, since: int = 0) -> list[LogEntry]:
        self.reads += 1
        return await super().log(match_id, since)


@pytest.fixture
async def counted(tmp_path: Path) -> AsyncIterator[CountingStore]:
    opened = await CountingStore.open(sqlite_database(tmp_path).url)
    assert isinstance(opened, CountingStore)
    yield opened
    await opened.close()


async def test_a_move_refused_on_the_kept_match_is_answered_without_reading_the_store(
    counted: CountingStore,
) -> None:
    """An illegal move, a move out of turn and a stale click are each answered from the match
    kept in memory: the store is not read for them, before or after, and nothing is written."""
    host = Host(counted)
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    refusals: list[tuple[int, str, int | None, type[Exception]]] = [
        (mover(match), "K10", None, IllegalMoveError),  # the point is taken
        (waiting(match), "A1", None, NotYourTurn),
        (mover(match), "A1", 0, StaleTurn),  # a button of the turn before
    ]
    for user_id, text, expected_ply, refusal in refusals:
        await host.get(match.id)  # kept again (a refusal drops it: see KeptMatches)
        counted.reads = 0
        with pytest.raises(refusal):
            await host.play(match.id, user_id, text, expected_ply=expected_ply)
        assert counted.reads == 0
    assert [e.notation for e in await counted.log(match.id)] == ["K10"]
    counted.reads = 0
    after = await host.play(match.id, mover(match), "A1", expected_ply=1)  # read once: dropped
    assert after.ply == 2 and counted.reads == 1


async def test_a_move_on_a_kept_match_another_process_changed_is_decided_again_on_the_stored_one(
    counted: CountingStore,
) -> None:
    """Another process wrote the SQLite file since this host kept the match (a draw offer: still
    Bob's turn): the move passes the check on the kept match, the write finds another version,
    and the match is read and the move decided again there, once."""
    first = Host(counted)
    match = await two_player_match(first)
    ann, bob = mover(match), waiting(match)
    match = await first.play(match.id, ann, "K10")
    second = Host(await SqliteStore.open(counted.path))
    try:
        offered = await second.offer_draw(match.id, ann)
        assert offered.version == match.version + 1 and offered.draw_offer
        counted.reads = 0
        after = await first.play(match.id, bob, "A1", expected_ply=1)
        assert counted.reads == 1  # the match, read again after the version conflict
        assert after.ply == 2 and after.version == offered.version + 1 and not after.draw_offer
        assert [e.notation for e in await counted.log(match.id)] == ["K10", "A1"]
        # Ann moves meanwhile in the other process: her next move here passes on the match kept
        # (her turn there), and is refused on the stored one (Bob's turn), read after the conflict.
        await second.get(match.id)
        await second.play(match.id, ann, "A5", expected_ply=2)
        counted.reads = 0
        with pytest.raises(NotYourTurn):
            await first.play(match.id, ann, "A7")  # Ann's turn in the match kept, Bob's stored
        assert counted.reads == 1
        assert [e.notation for e in await counted.log(match.id)] == ["K10", "A1", "A5"]
    finally:
        await second.store.close()


async def test_a_player_refused_on_a_match_another_process_changed_is_heard_on_the_next_try(
    store: Store, database: Database
) -> None:
    """Another process moved meanwhile on the same SQLite file (which the store's premise rules
    out, but nothing prevents): the move is refused as the match kept says (not Ann's turn
    there), without reading; the refusal drops the kept match, so Ann's next try is decided on
    the stored one."""
    first = Host(store)
    match = await two_player_match(first)
    ann, bob = mover(match), waiting(match)
    match = await first.play(match.id, ann, "K10")
    second = Host(await open_store(database.url))
    try:
        await second.play(match.id, bob, "A1", expected_ply=1)
        if not store.shared:  # kept: Bob's turn there
            with pytest.raises(NotYourTurn):
                await first.play(match.id, ann, "A5")
        after = await first.play(match.id, ann, "A5")
        assert after.ply == 3 and [e.notation for e in await store.log(match.id)] == ["K10", "A1", "A5"]
        with pytest.raises(StaleTurn):  # as kept, and as stored: refused
            await first.play(match.id, ann, "A7", expected_ply=2)
    finally:
        await second.store.close()


async def test_the_kept_match_follows_its_message_and_its_players_names(host: Host) -> None:
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    await host.announced(match.id, match.version, message_id=555, channel_id=777)
    # Bob renames himself by opening another lobby: his name is stored anew with his seat there.
    await host.new(guild_id=1, channel_id=2, creator=Player(BOB.user_id, "Robert"), game_key="keryo-pente")
    after = await host.play(match.id, mover(match), "A1", expected_ply=1)
    assert (after.message_id, after.message_channel_id) == (555, 777)
    assert "Robert" in after.names and "Bob" not in after.names
    assert replace(after, played=()) == await host.get(match.id)
