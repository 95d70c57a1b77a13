"""The host's door: ids, names, options, move texts and lobby counts are checked before anything
is read or stored; a bad value is a clear HostError (or OptionError) and changes nothing."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from host import (
    MAX_ID,
    MOVE_TEXT_LIMIT,
    Host,
    InvalidId,
    InvalidName,
    MatchNotFound,
    MatchSnapshot,
    MoveTooLong,
    Player,
    StaleTurn,
    TooManyLobbies,
)
from host.ladder import Ladder
from rules import OptionError
from tests.support.databases import Database
from tests.support.host import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    GUILD,
    dump,
    mover,
    two_player_match,
    unchanged,
    waiting,
)


def table_sizes(database: Database) -> tuple[int, ...]:
    return tuple(
        database.fetchall(f"SELECT COUNT(*) FROM {table}")[0][0]
        for table in ("matches", "seats", "moves", "players", "ratings")
    )


@pytest.mark.parametrize(
    ("changes", "refused"),
    [
        ({"guild_id": 0}, InvalidId),  # 0 is the scope of the ratings across all servers
        ({"guild_id": -5}, InvalidId),
        ({"guild_id": 2**63}, InvalidId),
        ({"channel_id": True}, InvalidId),
        ({"creator": Player(2**63, "Ann")}, InvalidId),
        ({"creator": Player(0, "Ann")}, InvalidId),
        ({"creator": Player(1, "")}, InvalidName),
        ({"creator": Player(1, "   ")}, InvalidName),
        ({"creator": Player(1, None)}, InvalidName),  # type: ignore[arg-type]
        ({"options": {"tournament": 1}}, OptionError),
        ({"seats": 2.0}, OptionError),
        ({"seats": True}, OptionError),
    ],
)
async def test_new_refuses_bad_values_and_stores_nothing(
    host: Host, database: Database, changes: dict[str, Any], refused: type[Exception]
) -> None:
    request: dict[str, Any] = {
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "creator": ANN,
        "game_key": "keryo-pente",
        "seats": 2,
        **changes,
    }
    before = table_sizes(database)
    with pytest.raises(refused) as error:
        await host.new(**request)
    assert str(error.value) and "Traceback" not in str(error.value)
    assert table_sizes(database) == before


MOMENT = 0.002
"""Seconds that put two moments in different milliseconds (the store keeps moments to the
millisecond, `data.rows.now_text`): a move "sent before" a position must be at least that earlier
for the test to say so whatever the machine's speed."""


async def test_the_id_errors_say_what_is_accepted(host: Host) -> None:
    with pytest.raises(InvalidId) as refused:
        await host.new(guild_id=0, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    assert str(refused.value) == f"0 is not a server id: it must be a whole number from 1 to {MAX_ID:,}."


async def test_ids_out_of_range_are_refused_everywhere(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    huge = 2**63
    with unchanged(database, match.id):
        for call in (
            host.play(match.id, huge, "K10"),
            host.resign(match.id, -1),
            host.offer_draw(match.id, 0),
            host.decline_draw(match.id, huge),
            host.join(match.id, Player(huge, "X")),
            host.leave(match.id, huge),
            host.start(match.id, huge),
            host.abandon(match.id, huge),
            host.add_computer(match.id, huge, "easy"),
            host.matches_of_player(huge),
            host.matches_in_channel(0, CHANNEL),
            host.record(match.id, 0),
            host.resolve(user_id=huge, guild_id=GUILD, channel_id=CHANNEL, game_key="keibot"),
            Ladder(host).forget(huge),
            Ladder(host).erase_server(0),
            Ladder(host).stats(huge, "keibot", GUILD),
        ):
            with pytest.raises(InvalidId):
                await call
        for bad_match in (huge, 2**80, 0, -1):
            with pytest.raises(MatchNotFound):
                await host.get(bad_match)
            with pytest.raises(MatchNotFound):
                await host.play(bad_match, ANN.user_id, "K10")


async def test_a_lone_surrogate_in_a_name_is_replaced_and_the_name_stored(host: Host) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=Player(1, "Ann\ud800x"), game_key="keibot"
    )
    assert lobby.seats[0].name == "Ann\ufffdx"
    joined = await host.join(lobby.id, Player(2, "Bob \ud83d\ude00"))  # a pair is its character
    assert {seat.name for seat in joined.seats} == {"Ann\ufffdx", "Bob 😀"}


async def test_a_move_text_too_long_is_refused_before_it_is_read(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    with unchanged(database, match.id):
        for text in ("K" * (MOVE_TEXT_LIMIT + 1), "K1" + "0" * 800_000):
            with pytest.raises(MoveTooLong) as refused:
                await host.play(match.id, mover(match), text)
            assert f"at most {MOVE_TEXT_LIMIT} characters" in str(refused.value)
    played = await host.play(match.id, mover(match), "K10" + " " * (MOVE_TEXT_LIMIT - 3))
    assert played.ply == 1


async def test_open_lobbies_are_limited_per_player_and_per_channel(host: Host, database: Database) -> None:
    small = Host(host.store, lobbies_per_player=2, lobbies_per_channel=3)
    for _ in range(2):
        await small.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    before = table_sizes(database)
    with pytest.raises(TooManyLobbies) as refused:
        await small.new(guild_id=GUILD, channel_id=CHANNEL + 1, creator=ANN, game_key="keibot")
    assert refused.value.open_count == 2 and not refused.value.in_channel
    assert "You already have 2 open lobbies on this server" in str(refused.value)
    assert table_sizes(database) == before
    # Elsewhere, and against the computer (which starts at once), Ann may still open matches.
    await small.new(guild_id=GUILD + 1, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    await small.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", computers="easy")
    await small.new(guild_id=GUILD, channel_id=CHANNEL, creator=BOB, game_key="keibot")
    with pytest.raises(TooManyLobbies) as refused:
        await small.new(guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="keibot")
    assert refused.value.in_channel and refused.value.open_count == 3
    assert "This channel already has 3 open lobbies" in str(refused.value)
    # A lobby closed (or started) makes room again.
    mine = await small.matches_of_player(ANN.user_id, guild_id=GUILD, statuses=("lobby",))
    await small.abandon(mine[0].id, ANN.user_id)
    await small.new(guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="keibot")
    assert Host(host.store).lobbies_per_player == 5 and Host(host.store).lobbies_per_channel == 10


async def test_lobbies_opened_at_once_cannot_both_pass_a_limit(host: Host, database: Database) -> None:
    """The count and the new lobby are one transaction, the server's lobbies counted by one at a
    time: of six opened at once (by two hosts on the same store, as two processes would), the
    limits let exactly as many through as they allow."""
    hosts = [Host(host.store, lobbies_per_player=2, lobbies_per_channel=3) for _ in range(2)]
    tried = await asyncio.gather(
        *(
            hosts[i % 2].new(guild_id=GUILD, channel_id=CHANNEL + i % 2, creator=ANN, game_key="keibot")
            for i in range(6)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(t, TooManyLobbies) for t in tried) == 4
    assert all(isinstance(t, (TooManyLobbies, MatchSnapshot)) for t in tried)
    assert len(await host.matches_of_player(ANN.user_id, guild_id=GUILD, statuses=("lobby",))) == 2
    crowd = [Player(900 + i, f"P{i}") for i in range(6)]  # one channel's limit, many creators
    tried = await asyncio.gather(
        *(
            hosts[i % 2].new(guild_id=GUILD, channel_id=CHANNEL + 5, creator=p, game_key="keibot")
            for i, p in enumerate(crowd)
        ),
        return_exceptions=True,
    )
    assert sum(isinstance(t, TooManyLobbies) and t.in_channel for t in tried) == 3
    assert sum(isinstance(t, MatchSnapshot) for t in tried) == 3


async def test_a_typed_move_sent_before_the_position_was_reached_is_not_played(
    host: Host, database: Database
) -> None:
    match = await two_player_match(host, tournament=False)
    first = mover(match)
    sent = datetime.now(UTC)
    match = await host.play(match.id, first, "K10", sent_at=sent)  # sent after the start: played
    await asyncio.sleep(MOMENT)  # moments are stored to the millisecond: A1's must come after `sent`'s
    match = await host.play(match.id, mover(match), "A1", sent_at=datetime.now(UTC))
    # The first player's same command again, delayed or repeated: it is their turn, but it was
    # sent before this position existed.
    before = dump(database, match.id)
    with pytest.raises(StaleTurn) as refused:
        await host.play(match.id, first, "K11", sent_at=sent)
    assert "was sent before the current position" in str(refused.value)
    assert dump(database, match.id) == before
    later = datetime.now(UTC) + timedelta(milliseconds=1)
    assert (await host.play(match.id, first, "K11", sent_at=later)).ply == 3


async def test_a_typed_move_sent_before_a_takeback_is_not_played_on_the_position_it_restored(
    host: Host, database: Database
) -> None:
    match = await two_player_match(host, tournament=False)
    first, second = mover(match), waiting(match)
    match = await host.play(match.id, first, "K10")
    match = await host.play(match.id, second, "A1")
    sent = datetime.now(UTC)  # the second player types a move now, and it arrives late
    await asyncio.sleep(MOMENT)  # moments are stored to the millisecond: the takeback's comes after
    await host.ask_takeback(match.id, second)
    taken = await host.accept_takeback(match.id, first)
    assert taken.ply == 1 and mover(taken) == second  # A1 taken back: the second player to move
    before = dump(database, match.id)
    with pytest.raises(StaleTurn):
        await host.play(match.id, second, "A2", sent_at=sent)
    assert dump(database, match.id) == before
    later = datetime.now(UTC) + timedelta(milliseconds=1)
    assert (await host.play(match.id, second, "A2", sent_at=later)).ply == 2
