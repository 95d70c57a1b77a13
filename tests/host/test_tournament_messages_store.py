"""The store's part of the messages owed for tournaments (migration 0019), on both stores: a
tournament's own name, what is owed (a standings message behind its version, a round not
announced, an end not posted), taken by one process at a time for a lease, paid once; a
tournament game's result written by the change that ends its match; migration 0019 up from
0018."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from data import (
    GameKey,
    GameScore,
    MatchChange,
    MatchStatus,
    PlannedGame,
    SeatRow,
    Store,
    TournamentStatus,
    VersionConflict,
    open_store,
)
from tests.support.databases import Database
from tests.support.tournaments import CHANNEL, GUILD, ORGANISER, new_tournament


def moment(later: timedelta = timedelta(0)) -> str:
    return (datetime.now(UTC) + later).isoformat(timespec="milliseconds")


@pytest.fixture
async def other(database: Database) -> AsyncIterator[Store]:
    """A second store on the same database: another process."""
    opened = await open_store(database.url)
    yield opened
    await opened.close()


async def claim(store: Store, *, now: str | None = None) -> list[int]:
    return await store.claim_owed_tournaments(
        now=now or moment(), lease_until=moment(timedelta(minutes=2)), limit=10
    )


async def test_a_tournament_keeps_its_name_and_its_organisers_name(store: Store) -> None:
    named, unnamed = (
        await new_tournament(store, name="Spring open", creator_name="Olga"),
        await new_tournament(store),
    )
    first, second = await store.tournament(named), await store.tournament(unnamed)
    assert first is not None and first.name == "Spring open"
    assert second is not None and second.name is None
    assert await store.player_name(ORGANISER) == "Olga"


async def test_what_is_owed_is_taken_by_one_process_and_paid_once(store: Store, other: Store) -> None:
    tournament_id = await new_tournament(store, creator_name="Olga")
    assert await claim(store) == []  # a new tournament owes nothing: its sign-up message is the reply
    await store.add_entrant(tournament_id, user_id=11, name="Ann")
    row = await store.tournament(tournament_id)
    assert row is not None and row.version > row.shown_version
    assert await claim(store) == [tournament_id]
    assert await claim(other) == []  # taken by the first for its lease
    later = moment(timedelta(minutes=3))
    assert await claim(other, now=later) == [tournament_id]  # the first died: owed again
    await store.tournament_shown(tournament_id, row.version)
    assert await claim(other, now=later) == []
    await store.tournament_shown(tournament_id, row.version - 1)  # never back to an older one
    shown = await store.tournament(tournament_id)
    assert shown is not None and shown.shown_version == row.version
    # Paid, but still taken until its taker lets it go: a change made meanwhile waits for it...
    await store.add_entrant(tournament_id, user_id=12, name="Bob")
    assert await claim(store) == []
    # ...and is owed at once after.
    await other.release_tournament_messages(tournament_id)
    assert await claim(store) == [tournament_id]


async def test_the_process_that_made_a_change_takes_its_messages_from_the_others_outbox(
    store: Store, other: Store
) -> None:
    """The process that starts a round takes the tournament's messages before it posts them:
    another process's outbox, which may find the round owed at the same moment, leaves them
    alone until they are let go (or the lease ends: the taker died); one that holds them keeps
    the acting process from posting them twice."""
    tournament_id = await new_tournament(store, creator_name="Olga")
    await store.add_entrant(tournament_id, user_id=11, name="Ann")  # now owed
    lease = moment(timedelta(minutes=2))
    assert await store.take_tournament_messages(tournament_id, now=moment(), lease_until=lease)
    assert await claim(other) == []  # the outbox leaves them to the acting process
    assert not await other.take_tournament_messages(tournament_id, now=moment(), lease_until=lease)
    later = moment(timedelta(minutes=3))
    assert await other.take_tournament_messages(tournament_id, now=later, lease_until=later)  # it died
    await other.release_tournament_messages(tournament_id)
    assert await claim(store) == [tournament_id]  # let go: owed, and any process's to post


async def test_a_round_is_owed_until_announced_and_an_end_until_posted(store: Store) -> None:
    tournament_id = await new_tournament(store, creator_name="Olga")
    for user_id, name in ((11, "Ann"), (12, "Bob")):
        await store.add_entrant(tournament_id, user_id=user_id, name=name)
    assert await store.set_tournament_status(tournament_id, TournamentStatus.RUNNING)
    assert await store.claim_round(tournament_id, 1, [PlannedGame(1, (1, 2))])
    row = await store.tournament(tournament_id)
    assert row is not None and row.unannounced_rounds == (1,)
    await store.tournament_shown(tournament_id, row.version)
    assert await claim(store) == [tournament_id]  # the round is still owed
    await store.round_announced(tournament_id, 1)
    await store.tournament_shown(tournament_id, row.version)
    await store.release_tournament_messages(tournament_id)  # all paid, as the outbox lets them go
    assert await claim(store) == []
    assert await store.set_tournament_status(tournament_id, TournamentStatus.FINISHED)
    ended = await store.tournament(tournament_id)
    assert ended is not None and not ended.ending_announced and ended.unannounced_rounds == ()
    await store.tournament_shown(tournament_id, ended.version)
    assert await claim(store) == [tournament_id]  # shown, but the end is not posted yet
    await store.tournament_shown(tournament_id, ended.version, ending=True)
    await store.release_tournament_messages(tournament_id)
    assert await claim(store) == []
    posted = await store.tournament(tournament_id)
    assert posted is not None and posted.ending_announced


async def test_a_games_result_is_written_by_the_change_that_ends_its_match(
    store: Store, database: Database
) -> None:
    tournament_id = await new_tournament(store, creator_name="Olga")
    for user_id, name in ((11, "Ann"), (12, "Bob")):
        await store.add_entrant(tournament_id, user_id=user_id, name=name)
    assert await store.set_tournament_status(tournament_id, TournamentStatus.RUNNING)
    assert await store.claim_round(tournament_id, 1, [PlannedGame(1, (1, 2))])
    match_id = await store.create_match(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="keibot",
        options={},
        seat_count=2,
        creator=SeatRow(0, 11, "Ann"),
        seed=1,
        tournament_game=GameKey(tournament_id, 1, 1),
    )
    before = await store.tournament(tournament_id)
    assert before is not None
    # A change that fails its guard writes no result either.
    score = GameScore((0.5, 0.5), (1, 1))
    with pytest.raises(VersionConflict):
        await store.update_match(
            match_id, 99, MatchChange(status=MatchStatus.ABANDONED, tournament_result=score)
        )
    assert database.fetchall("SELECT ended_at FROM tournament_games") == [(None,)]
    await store.update_match(match_id, 0, MatchChange(status=MatchStatus.ABANDONED, tournament_result=score))
    (finished_at,) = database.fetchall("SELECT finished_at FROM matches WHERE id = ?", (match_id,))[0]
    assert database.fetchall("SELECT scores, places, forfeit, ended_at FROM tournament_games") == [
        ("[0.5,0.5]", "[1,1]", 0, finished_at)
    ]
    after = await store.tournament(tournament_id)
    assert after is not None and after.version == before.version + 1
    assert await store.tournaments_due() == [tournament_id]  # the round's games all ended
