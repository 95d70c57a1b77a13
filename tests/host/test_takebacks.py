"""Takebacks by agreement and rematches, in the host over a real SQLite file."""

from __future__ import annotations

import asyncio

import pytest

from data import Store
from host import (
    Host,
    MatchSnapshot,
    NoTakebackRequest,
    Player,
    RematchOpen,
    RematchRefused,
    TakebackRefusal,
    TakebackRefused,
    TooManyLobbies,
    read_record,
)
from host.computer import choose_move
from rules import State
from tests.support.databases import Database
from tests.support.host import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    GUILD,
    mover,
    started_match,
    unchanged,
    waiting,
    win_by_five,
)


class EasyChooser:
    """The real search at the easy level, in a thread (quick and seeded)."""

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str:
        return str(await asyncio.to_thread(choose_move, state, "easy", seed, iterations=20, time_limit=0.5))

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool:
        return True


@pytest.fixture
def computer_host(store: Store) -> Host:
    seeds = iter(range(5000, 10_000))
    return Host(store, computer=EasyChooser(), seed_source=lambda: next(seeds))


async def keryo_pente(host: Host, players: list[Player] | None = None) -> MatchSnapshot:
    return await started_match(host, "keryo-pente", players or [ANN, BOB], {"tournament": False})


async def test_an_accepted_takeback_goes_back_to_before_the_move(host: Host, store: Store) -> None:
    match = await keryo_pente(host)
    first = await host.play(match.id, mover(match), "K10")
    asker = mover(first)
    moved = await host.play(match.id, asker, "A1")
    before = await store.log(match.id)
    other = moved.seat_to_move
    assert other is not None and other.user_id is not None
    asked = await host.ask_takeback(match.id, asker)
    offer = asked.takeback_offer
    assert offer is not None and offer.ply == 1 and offer.waiting == {other.index}
    assert asked.ply == moved.ply and asked.state == moved.state  # asking changes no position
    taken = await host.accept_takeback(match.id, other.user_id)
    assert taken.ply == 1 and taken.move_count == 1 and mover(taken) == asker
    assert taken.state == first.state and taken.takeback_offer is None and taken.takebacks == 1
    assert [e.notation for e in taken.taken_back] == ["A1"]
    assert await store.log(match.id) == before[:1]
    assert str(taken.last_move) == "K10"
    again = await host.get(match.id)
    assert again.state == first.state and again.ply == 1 and str(again.last_move) == "K10"
    replayed = await host.play(match.id, asker, "B2")  # the same ply, another move
    assert replayed.ply == 2 and str(replayed.last_move) == "B2"
    assert [e.notation for e in await store.log(match.id)] == ["K10", "B2"]


async def test_a_declined_takeback_changes_no_position(host: Host, database: Database) -> None:
    match = await keryo_pente(host)
    moved = await host.play(match.id, mover(match), "K10")
    asker = waiting(moved)
    await host.ask_takeback(match.id, asker)
    declined = await host.decline_takeback(match.id, mover(moved))
    assert declined.takeback_offer is None and declined.ply == 1 and declined.takebacks == 0
    with unchanged(database, match.id):
        with pytest.raises(NoTakebackRequest):
            await host.accept_takeback(match.id, mover(moved))
        with pytest.raises(NoTakebackRequest):
            await host.decline_takeback(match.id, mover(moved))


async def test_a_takeback_expires_when_the_position_changes(host: Host, database: Database) -> None:
    match = await keryo_pente(host, [ANN, BOB, CAT])
    moved = await host.play(match.id, mover(match), "K10")
    asker = next(s.user_id for s in moved.seats if s.index == 0 and s.user_id is not None)
    assert (await host.ask_takeback(match.id, asker)).takeback_offer is not None
    one = next(uid for uid in moved.human_ids if uid not in (asker, mover(moved)))
    partly = await host.accept_takeback(match.id, one)
    offer = partly.takeback_offer
    assert offer is not None and len(offer.agreed) == 2 and offer.waiting == {moved.to_move}
    on = await host.play(match.id, mover(moved), "A1")  # the next person moves: the request lapses
    assert on.takeback_offer is None
    with unchanged(database, match.id), pytest.raises(NoTakebackRequest):
        await host.accept_takeback(match.id, mover(on))
    with unchanged(database, match.id), pytest.raises(TakebackRefused) as refused:
        await host.ask_takeback(match.id, asker)
    assert refused.value.reason == TakebackRefusal.MOVED_SINCE


async def test_a_resignation_ends_a_takeback_request(host: Host) -> None:
    match = await keryo_pente(host, [ANN, BOB, CAT])
    moved = await host.play(match.id, mover(match), "K10")
    asker = next(s.user_id for s in moved.seats if s.index == 0 and s.user_id is not None)
    await host.ask_takeback(match.id, asker)
    third = next(uid for uid in moved.human_ids if uid not in (asker, mover(moved)))
    resigned = await host.resign(match.id, third)
    assert resigned.takeback_offer is None
    with pytest.raises(TakebackRefused):
        await host.ask_takeback(match.id, asker)


async def test_takebacks_refused_change_nothing(host: Host, database: Database) -> None:
    match = await keryo_pente(host)
    with unchanged(database, match.id), pytest.raises(TakebackRefused) as nothing:
        await host.ask_takeback(match.id, mover(match))
    assert nothing.value.reason == TakebackRefusal.NO_MOVE
    first = await host.play(match.id, mover(match), "K10")
    second = await host.play(match.id, mover(first), "A1")
    # The last move is not the asker's: the other has moved since theirs.
    with unchanged(database, match.id), pytest.raises(TakebackRefused) as since:
        await host.ask_takeback(match.id, mover(second))
    assert since.value.reason == TakebackRefusal.MOVED_SINCE and since.value.since_name in ("Ann", "Bob")
    asker = waiting(second)
    await host.ask_takeback(match.id, asker)
    with unchanged(database, match.id):
        with pytest.raises(TakebackRefused) as twice:
            await host.ask_takeback(match.id, asker)
        assert twice.value.reason == TakebackRefusal.ASKED
        with pytest.raises(NoTakebackRequest) as own:
            await host.accept_takeback(match.id, asker)
        assert own.value.own


async def test_against_the_computer_its_reply_is_taken_back_too(computer_host: Host, store: Store) -> None:
    host = computer_host
    match = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=2, computers="easy"
    )
    if match.waiting_for_computer:
        match = await host.play_computers(match.id)
    before = match
    moved = await host.play(match.id, ANN.user_id, str(match.state.legal_moves()[0]))  # type: ignore[union-attr]
    replied = await host.play_computers(match.id)
    assert replied.ply == before.ply + 2 and mover(replied) == ANN.user_id
    taken = await host.ask_takeback(match.id, ANN.user_id)  # the computer accepts: at once
    assert taken.state == before.state and taken.ply == before.ply and taken.takebacks == 1
    assert [e.seat for e in taken.taken_back] == [moved.played[0].seat, replied.played[0].seat]
    assert len(await store.log(match.id)) == before.ply


async def test_a_verquere_takeback_meets_the_same_dice(host: Host, store: Store) -> None:
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="verquere", seats=2)
    match = await host.join(lobby.id, BOB)
    asker = mover(match)
    turns = match.state.legal_moves()  # type: ignore[union-attr]
    moved = await host.play(match.id, asker, str(turns[0]))
    roll = next(e for e in moved.played if e.kind == "chance")
    taken_ply = moved.played[0].ply
    await host.ask_takeback(match.id, asker)
    taken = await host.accept_takeback(match.id, mover(moved))
    assert taken.ply == taken_ply and mover(taken) == asker and taken.state == match.state
    assert str(turns[0]) != str(turns[-1])
    again = await host.play(match.id, asker, str(turns[-1]))  # another turn, the same ply
    reroll = next(e for e in again.played if e.kind == "chance")
    assert (reroll.ply, reroll.notation) == (roll.ply, roll.notation)  # drawn from (seed, ply) alone


async def test_a_rated_match_records_its_takebacks(host: Host, store: Store) -> None:
    match = await keryo_pente(host)
    moved = await host.play(match.id, mover(match), "K10")
    await host.ask_takeback(match.id, waiting(moved))
    await host.accept_takeback(match.id, mover(moved))
    over = await win_by_five(host, await host.get(match.id))
    assert over.takebacks == 1 and over.status == "finished"
    record = await host.record(match.id, GUILD)
    assert '[Takebacks "1"]' in record
    assert read_record(record).headers["Takebacks"] == "1"
    assert (await store.get_match(match.id)).takebacks == 1  # type: ignore[union-attr]


# -- rematches ----------------------------------------------------------------------------------


async def finished(host: Host, players: list[Player] | None = None) -> MatchSnapshot:
    return await win_by_five(host, await keryo_pente(host, players))


async def test_a_rematch_seats_the_asker_and_waits_for_the_others(host: Host) -> None:
    over = await finished(host, [ANN, BOB, CAT])
    lobby = await host.rematch(over.id, BOB)
    assert lobby.is_lobby and lobby.rematch_of == over.id and lobby.channel_id == over.channel_id
    assert [s.user_id for s in lobby.seats] == [BOB.user_id] and lobby.seat_count == 3
    assert lobby.options == over.options and lobby.game.key == over.game.key
    with pytest.raises(RematchOpen) as open_already:
        await host.rematch(over.id, ANN)
    assert open_already.value.rematch_id == lobby.id and open_already.value.status == "lobby"
    dan = Player(4, "Dan")
    with pytest.raises(RematchRefused) as kept:
        await host.join(lobby.id, dan)
    assert kept.value.seats_kept
    await host.join(lobby.id, ANN)
    started = await host.join(lobby.id, CAT)
    assert started.status == "playing" and set(started.human_ids) == {ANN.user_id, BOB.user_id, CAT.user_id}
    with pytest.raises(RematchOpen) as playing:
        await host.rematch(over.id, CAT)
    assert playing.value.status == "playing"


async def test_rematches_draw_the_seats_again(host: Host) -> None:
    orders = set()
    over = await finished(host)
    for _ in range(6):
        lobby = await host.rematch(over.id, ANN)
        started = await host.join(lobby.id, BOB)
        orders.add(started.human_ids)
        over = await win_by_five(host, started)
    assert len(orders) == 2


async def test_a_rematch_is_refused_to_outsiders_and_before_the_end(host: Host, database: Database) -> None:
    match = await keryo_pente(host)
    with pytest.raises(RematchRefused) as playing:
        await host.rematch(match.id, ANN)
    assert playing.value.status == "playing"
    over = await win_by_five(host, match)
    with unchanged(database, over.id), pytest.raises(RematchRefused):
        await host.rematch(over.id, CAT)
    assert await host.matches_in_channel(GUILD, CHANNEL) == []


async def test_a_rematch_against_the_computer_starts_at_once(computer_host: Host) -> None:
    host = computer_host
    match = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=2, computers="hard"
    )
    over = await host.resign(match.id, ANN.user_id)
    again = await host.rematch(over.id, ANN)
    assert again.status == "playing" and again.rematch_of == over.id
    (computer,) = [s for s in again.seats if s.user_id is None]
    assert computer.computer == "hard"


async def test_a_rematch_lobby_counts_against_the_askers_lobbies(store: Store) -> None:
    seeds = iter(range(1000, 100_000))
    host = Host(store, seed_source=lambda: next(seeds), lobbies_per_player=1)
    over = await finished(host)
    await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    with pytest.raises(TooManyLobbies):
        await host.rematch(over.id, ANN)
    assert (await host.rematch(over.id, BOB)).is_lobby
