"""The store's tournaments (data/tournaments.py, migration 0018), on both stores (SQLite and the
real PostgreSQL server): entrants and their limits, rounds claimed once by one of two processes,
a game's match written once, results, what the sweep must look at, erasure, and the per-match
turn clock a tournament's matches carry."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from data import (
    AlreadyEntered,
    GameKey,
    GameTaken,
    GuildSettings,
    MatchStatus,
    PlannedGame,
    SeatRow,
    SignupClosed,
    Store,
    TournamentFull,
    TournamentNotFound,
    TournamentStatus,
    open_store,
)
from tests.support.databases import Database
from tests.support.tournaments import CHANNEL, GUILD, ORGANISER, new_tournament

PLAYERS = [(11, "Ann"), (12, "Bob"), (13, "Cat"), (14, "Dan"), (15, "Eve")]


NOW = "2026-01-01T00:00:00.000+00:00"


def moment(ago: timedelta = timedelta(0)) -> str:
    """A moment as the store writes it."""
    return (datetime.now(UTC) - ago).isoformat(timespec="milliseconds")


async def running(store: Store, players: int = 4) -> int:
    """A running tournament of the first `players` PLAYERS (entrants 1, 2, ...), no round started."""
    tournament_id = await new_tournament(store)
    for user_id, name in PLAYERS[:players]:
        await store.add_entrant(tournament_id, user_id=user_id, name=name, rating=20.0 + user_id)
    assert await store.set_tournament_status(tournament_id, TournamentStatus.RUNNING)
    return tournament_id


async def a_match(
    store: Store,
    *,
    guild_id: int = GUILD,
    clock: float | None = None,
    tournament_game: GameKey | None = None,
) -> int:
    return await store.create_match(
        guild_id=guild_id,
        channel_id=CHANNEL,
        game="keibot",
        options={},
        seat_count=2,
        creator=SeatRow(0, PLAYERS[0][0], PLAYERS[0][1]),
        seed=1,
        turn_clock_hours=clock,
        tournament_game=tournament_game,
    )


@pytest.fixture
async def other(database: Database) -> AsyncIterator[Store]:
    """A second store on the same database: another bot process."""
    opened = await open_store(database.url)
    yield opened
    await opened.close()


ROUND_ONE = [PlannedGame(1, (1, 3)), PlannedGame(2, (2, 4))]


async def test_a_tournament_is_stored_with_its_entrants_and_listed(store: Store) -> None:
    tournament_id = await new_tournament(store, signup_until="2099-01-01T00:00:00.000+00:00")
    first = await store.add_entrant(tournament_id, user_id=11, name="Ann", rating=25.5)
    computer = await store.add_entrant(tournament_id, computer_level="strong", name="Computer (strong)")
    assert (first, computer) == (1, 2)
    row = await store.tournament(tournament_id)
    assert row is not None
    assert (row.guild_id, row.creator_id, row.game, row.options) == (
        GUILD,
        ORGANISER,
        "keibot",
        {"setup": "closed"},
    )
    assert (row.format, row.rounds, row.table_size, row.rated) == ("swiss", 3, 2, True)
    assert (row.turn_clock_hours, row.max_players, row.signup_until) == (
        24.0,
        8,
        "2099-01-01T00:00:00.000+00:00",
    )
    assert (row.status, row.current_round, row.started_at, row.games) == ("signup", 0, None, ())
    assert [(e.entrant, e.user_id, e.computer_level, e.name, e.rating) for e in row.entrants] == [
        (1, 11, None, "Ann", 25.5),
        (2, None, "strong", "Computer (strong)", None),
    ]
    assert row.version == 2  # one change per entrant
    assert await store.tournament(tournament_id + 1) is None
    assert [t.id for t in await store.tournaments_in(GUILD)] == [tournament_id]
    assert await store.tournaments_in(GUILD + 1) == []
    assert await store.tournaments_in(GUILD, (TournamentStatus.FINISHED,)) == []
    assert await store.entered_tournaments(11) == [tournament_id]
    assert await store.player_name(11) == "Ann"  # where erasure finds every name
    with pytest.raises(ValueError):
        await store.add_entrant(tournament_id, user_id=12, computer_level="easy", name="Bob")


async def test_entries_are_refused_past_the_limit_twice_or_after_the_sign_up(store: Store) -> None:
    tournament_id = await new_tournament(store, max_players=2)
    await store.add_entrant(tournament_id, user_id=11, name="Ann")
    with pytest.raises(AlreadyEntered) as again:
        await store.add_entrant(tournament_id, user_id=11, name="Ann")
    assert again.value.entrant == 1
    await store.add_entrant(tournament_id, user_id=12, name="Bob")
    with pytest.raises(TournamentFull) as full:
        await store.add_entrant(tournament_id, user_id=13, name="Cat")
    assert full.value.max_players == 2
    assert await store.remove_entrant(tournament_id, 11)
    assert not await store.remove_entrant(tournament_id, 11)  # not in it any more
    assert await store.add_entrant(tournament_id, user_id=13, name="Cat") == 3  # ids never reused
    with pytest.raises(TournamentNotFound):
        await store.add_entrant(tournament_id + 1, user_id=13, name="Cat")
    assert await store.set_tournament_status(tournament_id, TournamentStatus.RUNNING)
    with pytest.raises(SignupClosed) as closed:
        await store.add_entrant(tournament_id, user_id=14, name="Dan")
    assert closed.value.status == TournamentStatus.RUNNING
    with pytest.raises(SignupClosed):
        await store.remove_entrant(tournament_id, 12)
    past = await new_tournament(store, signup_until=moment(timedelta(minutes=1)))
    with pytest.raises(SignupClosed, match="sign-up ended"):
        await store.add_entrant(past, user_id=14, name="Dan")
    row = await store.tournament(tournament_id)
    assert row is not None and [e.user_id for e in row.entrants] == [12, 13]


async def test_players_joining_at_once_in_two_processes_never_pass_the_limit(
    store: Store, other: Store
) -> None:
    tournament_id = await new_tournament(store, max_players=3)
    joins = [
        (store if i % 2 else other).add_entrant(tournament_id, user_id=100 + i, name=f"P{i}")
        for i in range(8)
    ]
    outcomes = await asyncio.gather(*joins, return_exceptions=True)
    entered = [o for o in outcomes if isinstance(o, int)]
    assert sorted(entered) == [1, 2, 3]
    assert all(isinstance(o, TournamentFull) for o in outcomes if not isinstance(o, int))
    row = await store.tournament(tournament_id)
    assert row is not None and len(row.entrants) == 3


async def test_a_round_is_claimed_by_exactly_one_of_two_processes(
    store: Store, other: Store, database: Database
) -> None:
    tournament_id = await running(store, 5)
    round_one = [*ROUND_ONE, PlannedGame(3, (5,))]  # entrant 5 has the bye
    claims = await asyncio.gather(
        store.claim_round(tournament_id, 1, round_one, claimed_by="one"),
        other.claim_round(tournament_id, 1, round_one, claimed_by="two"),
    )
    assert sorted(claims) == [False, True]
    assert database.fetchall("SELECT COUNT(*) FROM tournament_rounds") == [(1,)]
    assert database.fetchall("SELECT COUNT(*) FROM tournament_games") == [(3,)]
    row = await other.tournament(tournament_id)
    assert row is not None and row.current_round == 1
    assert [(g.board, g.seats, g.ended) for g in row.round_games(1)] == [
        (1, (1, 3), False),
        (2, (2, 4), False),
        (3, (5,), True),
    ]
    bye = row.round_games(1)[2]
    assert (bye.bye, bye.scores, bye.places, bye.match_id) == (True, (1.0,), (1,), None)
    # Claimed again later, or a round that does not follow: nothing written.
    assert not await store.claim_round(tournament_id, 1, round_one)
    assert not await store.claim_round(tournament_id, 3, round_one)
    assert database.fetchall("SELECT COUNT(*) FROM tournament_games") == [(3,)]


async def test_many_claims_at_once_start_each_round_once(
    store: Store, other: Store, database: Database
) -> None:
    tournament_id = await running(store)
    claims = await asyncio.gather(
        *((store, other)[i % 2].claim_round(tournament_id, 1, ROUND_ONE) for i in range(10))
    )
    assert claims.count(True) == 1
    assert database.fetchall("SELECT round, COUNT(*) FROM tournament_games GROUP BY round") == [(1, 2)]


async def test_no_round_is_claimed_in_a_tournament_not_running(store: Store) -> None:
    tournament_id = await new_tournament(store)
    assert not await store.claim_round(tournament_id, 1, ROUND_ONE)  # still in sign-up
    assert await store.set_tournament_status(tournament_id, TournamentStatus.CANCELLED)
    assert not await store.claim_round(tournament_id, 1, ROUND_ONE)
    row = await store.tournament(tournament_id)
    assert row is not None and row.games == () and row.current_round == 0


async def test_a_games_match_is_written_once_whichever_process_creates_it(
    store: Store, other: Store, database: Database
) -> None:
    tournament_id = await running(store)
    assert await store.claim_round(tournament_id, 1, ROUND_ONE)
    key = GameKey(tournament_id, 1, 1)
    created = await asyncio.gather(
        a_match(store, clock=24.0, tournament_game=key),
        a_match(other, clock=24.0, tournament_game=key),
        return_exceptions=True,
    )
    (match_id,) = [c for c in created if isinstance(c, int)]
    assert [type(c) for c in created if not isinstance(c, int)] == [GameTaken]
    assert database.fetchall("SELECT id FROM matches") == [(match_id,)]  # the refused one wrote nothing
    match = await store.get_match(match_id)
    assert match is not None and (match.tournament_id, match.turn_clock_hours) == (tournament_id, 24.0)
    game = await store.tournament_of_match(match_id)
    assert game is not None and (game.key, game.seats, game.match_id) == (key, (1, 3), match_id)
    assert not await store.set_game_match(tournament_id, 1, 1, 0, match_id + 1)  # it has its match
    second = await a_match(store)
    assert await store.set_game_match(tournament_id, 1, 2, 0, second)
    assert await store.tournament_of_match(second) is not None
    with pytest.raises(GameTaken):  # no such game
        await a_match(store, tournament_game=GameKey(tournament_id, 2, 1))
    assert await store.tournament_of_match(match_id + 100) is None


async def test_results_end_the_round_for_the_sweep(store: Store, database: Database) -> None:
    tournament_id = await running(store)
    assert await store.tournaments_due() == [tournament_id]  # no round yet: the first is due
    assert await store.claim_round(tournament_id, 1, ROUND_ONE)
    first = await a_match(store, tournament_game=GameKey(tournament_id, 1, 1))
    assert await store.tournaments_due() == [tournament_id]  # board 2 has no match yet
    second = await a_match(store, tournament_game=GameKey(tournament_id, 1, 2))
    assert await store.tournaments_due() == []
    assert await store.record_game_result(first, (1.0, 0.0), (1, 2), when=NOW) == (tournament_id, 1)
    assert await store.record_game_result(first, (0.0, 1.0), (2, 1)) is None  # recorded once
    assert await store.tournaments_due() == []
    # The host stopped between the match's end and its result: the sweep must look.
    database.execute("UPDATE matches SET status = ? WHERE id = ?", (MatchStatus.FINISHED, second))
    assert await store.tournaments_due() == [tournament_id]
    assert await store.record_game_result(second, (0.5, 0.5), (1, 1), forfeit=False) == (tournament_id, 1)
    assert await store.tournaments_due() == [tournament_id]  # every game ended: the next round
    row = await store.tournament(tournament_id)
    assert row is not None
    assert [(g.scores, g.places, g.forfeit, g.ended) for g in row.games] == [
        ((1.0, 0.0), (1, 2), False, True),
        ((0.5, 0.5), (1, 1), False, True),
    ]
    assert row.games[0].ended_at == NOW
    with pytest.raises(ValueError):
        await store.record_game_result(second, (1.0,), (1, 2))


async def test_a_sign_up_past_its_time_is_due_and_one_without_a_time_is_not(store: Store) -> None:
    await new_tournament(store)
    await new_tournament(store, signup_until=moment(-timedelta(hours=1)))
    past = await new_tournament(store, signup_until=moment(timedelta(seconds=1)))
    assert await store.tournaments_due() == [past]


async def test_a_status_moves_once_and_only_where_it_may(store: Store, other: Store) -> None:
    tournament_id = await new_tournament(store)
    moves = await asyncio.gather(
        store.set_tournament_status(tournament_id, TournamentStatus.RUNNING, NOW),
        other.set_tournament_status(tournament_id, TournamentStatus.RUNNING),
    )
    assert sorted(moves) == [False, True]
    assert not await store.set_tournament_status(tournament_id, TournamentStatus.SIGNUP)
    assert await store.set_tournament_status(tournament_id, "finished")
    assert not await store.set_tournament_status(tournament_id, TournamentStatus.CANCELLED)
    row = await store.tournament(tournament_id)
    assert row is not None and row.status == TournamentStatus.FINISHED and row.ended_at is not None
    assert await store.tournaments_due() == []


async def test_withdrawals_replays_walkovers_and_messages(store: Store, database: Database) -> None:
    tournament_id = await running(store)
    assert await store.claim_round(tournament_id, 1, ROUND_ONE)
    assert await store.withdraw_entrant(tournament_id, 4, NOW)
    assert not await store.withdraw_entrant(tournament_id, 4)
    # Entrant 4 withdrew before board 2's match was made: a walkover.
    assert await store.end_game(GameKey(tournament_id, 1, 2), (1.0, 0.0), (1, 2), forfeit=True)
    assert not await store.end_game(GameKey(tournament_id, 1, 2), (0.0, 1.0), (2, 1))
    # Board 1 drawn: its replay, seats swapped, added once.
    assert await store.end_game(GameKey(tournament_id, 1, 1), (0.5, 0.5), (1, 1))
    replay = GameKey(tournament_id, 1, 1, replay=1)
    assert await store.claim_replay(replay, (3, 1))
    assert not await store.claim_replay(replay, (3, 1))
    assert not await store.claim_replay(GameKey(tournament_id, 2, 1, replay=1), (3, 1))  # not the round
    await store.set_tournament_messages(tournament_id, thread_id=7, standings_message_id=8)
    await store.set_tournament_messages(tournament_id, signup_message_id=6, thread_id=None)
    row = await store.tournament(tournament_id)
    assert row is not None
    assert row.entrant(4) is not None and row.entrant(4).withdrawn_at == NOW  # type: ignore[union-attr]
    assert [(g.board, g.replay, g.seats, g.ended) for g in row.games] == [
        (1, 0, (1, 3), True),
        (1, 1, (3, 1), False),
        (2, 0, (2, 4), True),
    ]
    assert row.games[2].forfeit
    assert (row.thread_id, row.signup_message_id, row.standings_message_id) == (None, 6, 8)
    assert database.fetchall("SELECT COUNT(*) FROM tournament_rounds") == [(1,)]


async def test_forgetting_a_player_takes_them_out_of_every_tournament(
    store: Store, database: Database
) -> None:
    signup = await new_tournament(store)
    await store.add_entrant(signup, user_id=11, name="Ann")
    await store.add_entrant(signup, user_id=12, name="Bob")
    started = await running(store)
    finished = await running(store)
    assert await store.set_tournament_status(finished, TournamentStatus.FINISHED)
    organised = await new_tournament(store, creator_id=11)
    label = await store.forget_player(11)
    assert label is not None
    rows = {t: await store.tournament(t) for t in (signup, started, finished, organised)}
    assert [e.user_id for e in rows[signup].entrants] == [12]  # type: ignore[union-attr]
    for kept, withdrawn in ((started, True), (finished, False)):
        ann = rows[kept].entrant(1)  # type: ignore[union-attr]
        assert ann is not None and ann.user_id is not None and ann.user_id < 0 and ann.name == label
        assert ann.withdrawn == withdrawn
    assert rows[organised].creator_id < 0  # type: ignore[union-attr]
    for table, column in (("tournament_entrants", "user_id"), ("tournaments", "creator_id")):
        assert database.fetchall(f"SELECT COUNT(*) FROM {table} WHERE {column} = 11") == [(0,)]
    assert database.fetchall("SELECT COUNT(*) FROM tournament_entrants WHERE name = 'Ann'") == [(0,)]
    assert await store.entered_tournaments(11) == []
    # An organiser who never played is forgotten too.
    assert await store.forget_player(ORGANISER) is not None


async def test_erasing_a_server_erases_its_tournaments(store: Store, database: Database) -> None:
    tournament_id = await running(store)
    assert await store.claim_round(tournament_id, 1, ROUND_ONE)
    await a_match(store, tournament_game=GameKey(tournament_id, 1, 1))
    elsewhere = await new_tournament(store, guild_id=GUILD + 1)
    await store.add_entrant(elsewhere, user_id=11, name="Ann")
    assert await store.erase_guild(GUILD) == 1
    assert await store.tournament(tournament_id) is None
    for table in ("tournament_entrants", "tournament_rounds", "tournament_games"):
        assert database.fetchall(
            f"SELECT COUNT(*) FROM {table} WHERE tournament_id = ?", (tournament_id,)
        ) == [(0,)]
    assert await store.tournament(elsewhere) is not None


async def test_a_server_chooses_who_may_create_tournaments(store: Store) -> None:
    assert (await store.guild_settings(GUILD)).tournament_creators == "managers"
    await store.save_guild_settings(GuildSettings(GUILD, threads=True, tournament_creators="everyone"))
    settings = await store.guild_settings(GUILD)
    assert settings.tournament_creators == "everyone" and settings.threads


# -- the per-match turn clock -------------------------------------------------------------------

HOURS = (24.0, 72.0, 168.0)
"""The clocks a match may have in these tests (a server's setting, a match's own, the default)."""


async def idle_and_waiting(store: Store) -> tuple[set[int], set[int]]:
    """The matches the resigning sweep finds idle, and those owed a reminder (default 168 h)."""
    now = datetime.now(UTC)
    idle = await store.idle_matches(
        MatchStatus.PLAYING,
        clock="turn_clock_hours",
        default_hours=168.0,
        cutoffs={h: (now - timedelta(hours=h)).isoformat(timespec="milliseconds") for h in HOURS},
    )
    waiting = await store.waiting_turns(
        default_hours=168.0,
        cutoffs={
            h: (
                (now - timedelta(hours=h) * 0.5).isoformat(timespec="milliseconds"),
                (now - timedelta(hours=h) * 0.9).isoformat(timespec="milliseconds"),
            )
            for h in HOURS
        },
    )
    return {m.id for m in idle}, {w.match_id for w in waiting}


async def test_a_match_with_its_own_clock_runs_out_and_is_reminded_by_it(
    store: Store, database: Database
) -> None:
    other_guild = GUILD + 1
    await store.save_guild_settings(GuildSettings(other_guild, turn_clock_hours=24.0))
    shorter = await a_match(store, clock=24.0)  # its server: the default, 168 h
    longer = await a_match(store, guild_id=other_guild, clock=72.0)  # its server: 24 h
    servers = await a_match(store, guild_id=other_guild)  # no clock of its own: its server's 24 h
    off = await a_match(store, guild_id=other_guild, clock=0.0)  # its own clock is off
    for match_id in (shorter, longer, servers, off):
        database.execute(
            "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?",
            (MatchStatus.PLAYING, moment(timedelta(hours=40)), match_id),
        )
    idle, waiting = await idle_and_waiting(store)
    assert idle == {shorter, servers}
    assert waiting == {shorter, longer, servers}  # the host skips those whose clock ran out
    database.execute("UPDATE matches SET updated_at = ?", (moment(timedelta(hours=13)),))
    idle, waiting = await idle_and_waiting(store)
    assert idle == set() and waiting == {shorter, servers}  # 13 h of 24: past half
    found = await store.idle_matches(
        MatchStatus.PLAYING,
        clock="turn_clock_hours",
        default_hours=168.0,
        cutoffs={24.0: moment(timedelta(hours=12))},
    )
    assert {(m.id, m.hours) for m in found} == {(shorter, 24.0), (servers, 24.0)}


async def test_a_forgotten_entrants_name_is_left_in_no_file(db_path: Path) -> None:
    """The name an entrant joined with is overwritten (running) or deleted (in sign-up), not left
    readable in the SQLite files."""
    name = "Zanzibar-Quokka-7781"
    store = await open_store(db_path)
    try:
        started, signup = await new_tournament(store), await new_tournament(store)
        for tournament_id in (started, signup):
            await store.add_entrant(tournament_id, user_id=1077, name=name)
            await store.add_entrant(tournament_id, user_id=11, name="Ann")
        assert await store.set_tournament_status(started, TournamentStatus.RUNNING)
        assert await store.claim_round(started, 1, [PlannedGame(1, (1, 2))])

        def files_holding_the_name() -> list[str]:
            files = (path for path in db_path.parent.iterdir() if path.is_file())
            return [path.name for path in files if name.encode() in path.read_bytes()]

        assert files_holding_the_name()  # stored (else this proves nothing)
        assert await store.forget_player(1077) is not None
        assert files_holding_the_name() == []
    finally:
        await store.close()
