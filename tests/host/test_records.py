"""Game records: write, read back, replay to the same final state; privacy erasure."""

from __future__ import annotations

import pytest

from data import Store
from host import Host, MatchNotFound, Player, UnknownGame
from host.records import RecordError, read_record
from tests.support.databases import Database
from tests.support.host import PEOPLE, started, win_by_five
from tests.support.host import mover as to_move


async def test_record_round_trip_replays_to_the_same_state(host: Host) -> None:
    match = await win_by_five(host, await started(host, PEOPLE[:3]))
    text = await host.record(match.id, match.guild_id)
    assert '[Game "keryo-pente"]' in text and '[Status "finished"]' in text
    assert "wins — five in a row" in text
    record = read_record(text)
    assert record.final_state() == match.state
    states = list(record.states())
    assert len(states) == match.ply + 1 and states[-1][0] == match.state
    assert str(states[-1][1]) == str(match.last_move)
    assert read_record(text.replace("\n\n", "\n\n\n")).final_state() == match.state  # blank lines


async def test_record_of_another_server_is_refused(host: Host) -> None:
    match = await started(host, PEOPLE[:2])
    with pytest.raises(MatchNotFound):
        await host.record(match.id, match.guild_id + 1)
    with pytest.raises(MatchNotFound):
        await host.record(9999, match.guild_id)


async def test_records_with_resign_and_draw_replay(host: Host) -> None:
    three = await started(host, PEOPLE[:3])
    three = await host.play(three.id, to_move(three), "K10")
    three = await host.resign(three.id, PEOPLE[1].user_id)
    assert read_record(await host.record(three.id, three.guild_id)).final_state() == three.state
    two = await started(host, PEOPLE[:2])
    await host.offer_draw(two.id, PEOPLE[0].user_id)
    two = await host.offer_draw(two.id, PEOPLE[1].user_id)
    text = await host.record(two.id, two.guild_id)
    assert "draw - draw" in text and "draw agreed" in text
    assert read_record(text).final_state() == two.state


HEAD = '[Game "keryo-pente"]\n[Options "{}"]\n[Seats "2"]\n\n'


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("", RecordError, "no Game header"),
        (HEAD + "nonsense", RecordError, "neither"),
        ('[Game "chess"]\n[Options "{}"]\n[Seats "2"]\n', UnknownGame, "no game called"),
        (HEAD + "0. move 0 A1\n", RecordError, "does not replay"),
        (HEAD + "1. move 0 K10\n", RecordError, "expected entry 0"),
    ],
)
def test_bad_records_are_refused_clearly(text: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        read_record(text)


async def test_forget_me_leaves_matches_playable_without_a_trace(
    host: Host, store: Store, database: Database
) -> None:
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    ann = PEOPLE[0]
    label = await store.forget_player(ann.user_id)
    assert label is not None and label.startswith("Anonymous player")
    assert await store.forget_player(ann.user_id) is None  # nothing left to forget
    after = await host.get(match.id)
    assert after.state == match.state and label in after.names and "Ann" not in after.names
    assert read_record(await host.record(match.id, match.guild_id)).final_state() == match.state
    assert await store.rating(ann.user_id, "keryo-pente", match.guild_id) is None
    for table, column in (
        ("players", "user_id"),
        ("seats", "user_id"),
        ("results", "user_id"),
        ("ratings", "user_id"),
        ("rating_history", "user_id"),
        ("matches", "creator_id"),
    ):
        rows = database.fetchall(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", (ann.user_id,))
        assert rows[0][0] == 0, table
    assert database.fetchall("SELECT COUNT(*) FROM players WHERE name = 'Ann'")[0][0] == 0
    # Bob's rating and record stay.
    assert await store.rating(PEOPLE[1].user_id, "keryo-pente", match.guild_id) is not None


async def test_erase_server_data(host: Host, store: Store) -> None:
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    other = await host.new(
        guild_id=match.guild_id + 1, channel_id=1, creator=Player(5, "Zed"), game_key="keryo-pente"
    )
    assert await store.erase_guild(match.guild_id) == 1
    with pytest.raises(MatchNotFound):
        await host.get(match.id)
    assert await store.leaderboard("keryo-pente", match.guild_id) == []
    assert len(await store.leaderboard("keryo-pente", 0)) == 2  # global ratings stay
    assert (await host.get(other.id)).status == "lobby"
