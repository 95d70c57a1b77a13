"""The host over a real SQLite file: lobbies, turns, results, restarts, races, bad input."""

from __future__ import annotations

import asyncio

import pytest

from data import Store, open_store
from host import (
    AlreadySeated,
    Host,
    LobbyAction,
    LobbyClosed,
    LobbyFull,
    MatchNotFound,
    MatchOver,
    MatchSnapshot,
    NotAllowed,
    NotCreator,
    NotEnoughPlayers,
    NotInMatch,
    NotYourTurn,
    StaleTurn,
    UnknownGame,
    WhichMatch,
)
from rules import DRAW_AGREED, TIMEOUT, IllegalMoveError, MoveError, NotAMoveError, OptionError
from tests.support.databases import Database
from tests.support.host import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    DAN,
    GUILD,
    dump,
    mover,
    two_player_match,
    unchanged,
    waiting,
)


async def test_lobby_fills_and_starts_with_seats_drawn(host: Host) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=3, options={}
    )
    assert lobby.status == "lobby" and lobby.state is None and lobby.options == {"tournament": True}
    assert [s.name for s in lobby.seats] == ["Ann"]
    lobby = await host.join(lobby.id, BOB)
    assert lobby.status == "lobby" and len(lobby.seats) == 2
    started = await host.join(lobby.id, CAT)
    assert started.status == "playing" and started.state is not None
    assert sorted(s.name for s in started.seats) == ["Ann", "Bob", "Cat"]
    assert [s.index for s in started.seats] == [0, 1, 2]
    assert started.to_move == 0 and started.ply == 0


async def test_seat_draws_differ_between_matches(host: Host) -> None:
    orders = set()
    for _ in range(12):
        match = await two_player_match(host)
        orders.add(tuple(s.name for s in match.seats))
    assert orders == {("Ann", "Bob"), ("Bob", "Ann")}


async def test_full_game_from_lobby_to_result(host: Host, store: Store) -> None:
    match = await two_player_match(host, tournament=False)
    first, second = mover(match), waiting(match)
    script = [("A1", "A10"), ("B1", "B10"), ("C1", "C10"), ("D1", "D10")]
    for mine, theirs in script:
        match = await host.play(match.id, first, mine, expected_ply=match.ply)
        match = await host.play(match.id, second, theirs, expected_ply=match.ply)
    match = await host.play(match.id, first, "E1", expected_ply=match.ply)
    assert match.status == "finished" and match.is_over
    assert match.outcome is not None and match.outcome.winners == (0,)
    assert match.outcome.reason == "five in a row"
    assert str(match.last_move) == "E1" and match.ply == 9
    assert [p.notation for p in match.played] == ["E1"]
    log = await store.log(match.id)
    assert [e.notation for e in log] == ["A1", "A10", "B1", "B10", "C1", "C10", "D1", "D10", "E1"]
    with pytest.raises(MatchOver, match="over"):
        await host.play(match.id, second, "F1")
    assert (await host.matches_in_channel(GUILD, CHANNEL)) == []


async def test_restart_resumes_a_match_in_the_middle(database: Database) -> None:
    first_store = await open_store(database.url)
    match = await two_player_match(Host(first_store))
    match = await Host(first_store).play(match.id, mover(match), "K10")
    match = await Host(first_store).play(match.id, mover(match), "A1")
    await first_store.close()

    second_store = await open_store(database.url)
    try:
        host = Host(second_store)
        resumed = await host.get(match.id)
        assert resumed.state == match.state and resumed.ply == 2
        assert str(resumed.last_move) == "A1"
        nxt = await host.play(match.id, mover(resumed), "A5", expected_ply=2)
        assert nxt.ply == 3 and str(nxt.last_move) == "A5"
    finally:
        await second_store.close()


async def test_replay_without_the_cached_state_gives_the_same_state(
    host: Host, store: Store, database: Database
) -> None:
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    match = await host.play(match.id, mover(match), "K11")
    database.execute("UPDATE matches SET state = NULL WHERE id = ?", (match.id,))
    again = await Host(store).get(match.id)  # a new host: no state kept in memory either
    assert again.state == match.state


async def test_two_concurrent_moves_for_one_turn_land_once(host: Host, store: Store) -> None:
    match = await two_player_match(host)
    user = mover(match)
    results = await asyncio.gather(
        host.play(match.id, user, "K10", expected_ply=0),
        host.play(match.id, user, "K10", expected_ply=0),
        return_exceptions=True,
    )
    landed = [r for r in results if isinstance(r, MatchSnapshot)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(landed) == 1 and len(refused) == 1 and isinstance(refused[0], StaleTurn)
    assert [e.notation for e in await store.log(match.id)] == ["K10"]


async def test_two_hosts_on_one_file_cannot_both_land_a_turn(database: Database) -> None:
    """As two processes would: separate stores and hosts, no shared lock; the version guards."""
    stores = [await open_store(database.url), await open_store(database.url)]
    try:
        one, two = Host(stores[0]), Host(stores[1])
        match = await two_player_match(one)
        user = mover(match)
        results = await asyncio.gather(
            one.play(match.id, user, "K10", expected_ply=0),
            two.play(match.id, user, "K10", expected_ply=0),
            return_exceptions=True,
        )
        assert sum(isinstance(r, MatchSnapshot) for r in results) == 1
        assert all(isinstance(r, MatchSnapshot | StaleTurn | MoveError) for r in results)
        assert [e.notation for e in await stores[0].log(match.id)] == ["K10"]
    finally:
        for s in stores:
            await s.close()


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("Z9", NotAMoveError, "no column Z"),
        ("K20", NotAMoveError, "no row 20"),
        ("hello", NotAMoveError, "not a point"),
        ("A1", IllegalMoveError, "first stone of the game must be on K10"),
    ],
)
async def test_bad_moves_change_nothing(
    host: Host, database: Database, text: str, error: type[Exception], message: str
) -> None:
    match = await two_player_match(host)
    with unchanged(database, match.id), pytest.raises(error, match=message):
        await host.play(match.id, mover(match), text)


async def test_occupied_point_and_tournament_box_change_nothing(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    before = dump(database, match.id)
    with pytest.raises(IllegalMoveError, match="K10 is taken"):
        await host.play(match.id, mover(match), "K10")
    assert dump(database, match.id) == before
    match = await host.play(match.id, mover(match), "A1")
    before = dump(database, match.id)
    with pytest.raises(IllegalMoveError, match="outside the box H8–M12"):
        await host.play(match.id, mover(match), "L11")
    assert dump(database, match.id) == before


async def test_refusals_of_who_may_act_change_nothing(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    before = dump(database, match.id)
    with pytest.raises(NotYourTurn, match="not your turn"):
        await host.play(match.id, waiting(match), "K10")
    with pytest.raises(NotInMatch, match="not playing"):
        await host.play(match.id, CAT.user_id, "K10")
    with pytest.raises(LobbyClosed, match="already started"):
        await host.join(match.id, CAT)
    with pytest.raises(StaleTurn, match="earlier position of Keryo-Pente #1") as stale:
        await host.play(match.id, mover(match), "K10", expected_ply=5)
    assert (stale.value.expected_ply, stale.value.current_ply) == (5, 0)
    with pytest.raises(MatchNotFound):
        await host.play(9999, ANN.user_id, "K10")
    assert dump(database, match.id) == before


async def test_stale_button_after_a_move_changes_nothing(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    first = mover(match)
    match = await host.play(match.id, first, "K10", expected_ply=0)
    before = dump(database, match.id)
    with pytest.raises(StaleTurn, match="earlier position") as stale:
        await host.play(match.id, mover(match), "A1", expected_ply=0)
    assert (stale.value.expected_ply, stale.value.current_ply) == (0, 1)
    assert dump(database, match.id) == before


async def test_lobby_refusals_change_nothing(host: Host, database: Database) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=3, options={}
    )
    before = dump(database, lobby.id)
    with pytest.raises(NotEnoughPlayers, match="needs 2 to 6 players"):
        await host.start(lobby.id, ANN.user_id)
    with pytest.raises(AlreadySeated):
        await host.join(lobby.id, ANN)
    with pytest.raises(NotInMatch):
        await host.leave(lobby.id, BOB.user_id)
    with pytest.raises(LobbyClosed, match="not started"):
        await host.play(lobby.id, ANN.user_id, "K10")
    assert dump(database, lobby.id) == before
    await host.join(lobby.id, BOB)
    before = dump(database, lobby.id)
    with pytest.raises(NotCreator, match="Only the player who opened") as refused:
        await host.start(lobby.id, BOB.user_id)
    assert refused.value.creator_id == ANN.user_id and refused.value.action == LobbyAction.START
    with pytest.raises(NotAllowed):
        await host.abandon(lobby.id, BOB.user_id)
    assert dump(database, lobby.id) == before


async def test_joining_a_full_lobby_is_refused(host: Host, store: Store) -> None:
    # A lobby for 2 is full when the second joins (it starts); a fuller race is refused too.
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=2, options={}
    )
    results = await asyncio.gather(host.join(lobby.id, BOB), host.join(lobby.id, CAT), return_exceptions=True)
    assert sum(isinstance(r, MatchSnapshot) for r in results) == 1
    assert any(isinstance(r, LobbyClosed | LobbyFull) for r in results)
    match = await host.get(lobby.id)
    assert match.status == "playing" and len(match.seats) == 2


async def test_unknown_game_and_bad_options_are_refused(host: Host) -> None:
    with pytest.raises(UnknownGame, match="keryo-pente"):
        await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="chess")
    with pytest.raises(OptionError, match="2 to 6 players"):
        await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=9)
    with pytest.raises(OptionError, match="no option"):
        await host.new(
            guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", options={"komi": 3}
        )


async def test_creator_starts_early_with_the_minimum(host: Host) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=6, options={}
    )
    await host.join(lobby.id, BOB)
    started = await host.start(lobby.id, ANN.user_id)
    assert started.status == "playing" and started.state is not None and started.state.seats == 2


async def test_leave_and_abandon(host: Host) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=4, options={}
    )
    await host.join(lobby.id, BOB)
    await host.join(lobby.id, CAT)
    after = await host.leave(lobby.id, BOB.user_id)
    assert [s.name for s in after.seats] == ["Ann", "Cat"] and [s.index for s in after.seats] == [0, 1]
    closed = await host.abandon(lobby.id, ANN.user_id)
    assert closed.status == "abandoned"
    with pytest.raises(LobbyClosed, match="abandoned"):
        await host.join(lobby.id, DAN)
    other = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=4, options={}
    )
    assert (await host.leave(other.id, ANN.user_id)).status == "abandoned"  # the creator leaving


async def test_resign_two_players(host: Host) -> None:
    match = await two_player_match(host)
    loser = mover(match)
    done = await host.resign(match.id, loser)
    assert done.status == "finished" and done.outcome is not None
    winner = next(s for s in done.seats if s.user_id != loser)
    assert done.outcome.winners == (winner.index,)
    assert done.played[0].kind == "resign"


async def test_resign_three_players_leaves_the_rotation(host: Host) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=3, options={}
    )
    await host.join(lobby.id, BOB)
    match = await host.join(lobby.id, CAT)
    quitter = match.seats[1]
    assert quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)
    assert match.status == "playing" and match.seats[1].resigned
    match = await host.play(match.id, mover(match), "K10")
    assert match.to_move == 2  # seat 1 is skipped
    with pytest.raises(NotInMatch, match="resigned"):
        await host.play(match.id, quitter.user_id, "A1")


async def test_draw_needs_every_player(host: Host) -> None:
    match = await two_player_match(host)
    a, b = mover(match), waiting(match)
    offered = await host.offer_draw(match.id, a)
    assert offered.status == "playing" and offered.draw_offer
    declined = await host.decline_draw(match.id, b)
    assert not declined.draw_offer
    await host.offer_draw(match.id, a)
    agreed = await host.offer_draw(match.id, b)
    assert agreed.status == "finished" and agreed.outcome is not None
    assert agreed.outcome.is_draw and agreed.outcome.reason == "draw agreed"
    assert agreed.outcome.termination == DRAW_AGREED


async def test_a_move_clears_a_draw_offer(host: Host) -> None:
    match = await two_player_match(host)
    await host.offer_draw(match.id, waiting(match))
    moved = await host.play(match.id, mover(match), "K10")
    assert not moved.draw_offer


async def test_several_matches_at_once_and_which_match(host: Host) -> None:
    one = await two_player_match(host)
    two = await two_player_match(host)
    with pytest.raises(WhichMatch) as info:
        await host.resolve(user_id=ANN.user_id, guild_id=GUILD, channel_id=CHANNEL, game_key="keryo-pente")
    assert set(info.value.match_ids) == {one.id, two.id}
    chosen = await host.resolve(
        user_id=ANN.user_id, guild_id=GUILD, channel_id=CHANNEL, game_key="keryo-pente", match_id=two.id
    )
    assert chosen.id == two.id
    with pytest.raises(MatchNotFound):
        await host.resolve(
            user_id=ANN.user_id,
            guild_id=GUILD + 1,
            channel_id=CHANNEL,
            game_key="keryo-pente",
            match_id=two.id,
        )
    with pytest.raises(MatchNotFound, match="not in a Keryo-Pente match"):
        await host.resolve(user_id=CAT.user_id, guild_id=GUILD, channel_id=CHANNEL, game_key="keryo-pente")
    mine = await host.matches_of_player(ANN.user_id)
    assert {m.id for m in mine} == {one.id, two.id}
    # Playing in one leaves the other untouched.
    await host.play(one.id, mover(one), "K10")
    assert (await host.get(two.id)).ply == 0


async def test_resolve_finds_the_only_match_in_the_server(host: Host) -> None:
    match = await two_player_match(host)
    found = await host.resolve(
        user_id=BOB.user_id, guild_id=GUILD, channel_id=CHANNEL + 1, game_key="keryo-pente"
    )
    assert found.id == match.id


async def test_turn_clock_resigns_the_idle_player_and_closes_idle_lobbies(host: Host) -> None:
    from datetime import UTC, datetime, timedelta

    match = await two_player_match(host)
    idle = mover(match)
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="keryo-pente", seats=3, options={}
    )
    day = timedelta(days=1)
    # Nothing is idle yet.
    assert await host.expire_idle(turn_timeout=day, lobby_timeout=day) == []
    later = datetime.now(UTC) + timedelta(days=2)
    changed = await host.expire_idle(turn_timeout=day, lobby_timeout=day, now=later)
    by_id = {m.id: m for m in changed}
    assert set(by_id) == {match.id, lobby.id}
    assert by_id[lobby.id].status == "abandoned"
    timed_out = by_id[match.id]
    assert timed_out.status == "finished" and timed_out.outcome is not None
    assert timed_out.seat_of(idle) is not None and timed_out.seat_of(idle).resigned  # type: ignore[union-attr]
    assert "ran out of time" in timed_out.played[0].description
    assert timed_out.outcome.termination == TIMEOUT
    idle_seat = timed_out.seat_of(idle)
    assert idle_seat is not None
    seat_name = timed_out.game.seat_names(2)[idle_seat.index]
    assert timed_out.outcome.reason == f"{seat_name} ran out of time"
    assert (await host.get(match.id)).outcome == timed_out.outcome  # as stored
    assert await host.expire_idle(turn_timeout=day, lobby_timeout=day, now=later) == []
