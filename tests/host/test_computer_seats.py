"""Computer seats in the host: lobbies with computers, their moves, no ratings (real SQLite)."""

from __future__ import annotations

import asyncio
import random

import pytest

from data import Store
from host import Host, LobbyAction, LobbyClosed, NotAllowed, NotCreator, Player
from host.computer import choose_move
from rules import State

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


class ThreadChooser:
    """The real search, in a thread, with a small budget so that tests stay quick."""

    def __init__(self) -> None:
        self.calls = 0

    async def choose(self, state: State, level: str, seed: int) -> str:
        self.calls += 1
        move = await asyncio.to_thread(choose_move, state, level, seed, iterations=30, time_limit=0.5)
        return str(move)


@pytest.fixture
def chooser() -> ThreadChooser:
    return ThreadChooser()


@pytest.fixture
def computer_host(store: Store, chooser: ThreadChooser) -> Host:
    seeds = iter(range(5000, 10_000))
    return Host(store, computer=chooser, seed_source=lambda: next(seeds))


async def test_new_against_the_computer_starts_at_once(computer_host: Host, chooser: ThreadChooser) -> None:
    host = computer_host
    match = await host.new(
        guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=2, computers="normal"
    )
    assert match.status == "playing"
    computer = next(s for s in match.seats if s.user_id is None)
    assert computer.computer == "normal" and computer.label == "Computer (normal)"
    if match.waiting_for_computer:
        match = await host.play_computers(match.id)
        assert [p.seat for p in match.played] == [computer.index] and chooser.calls == 1
    assert match.seat_to_move is not None and match.seat_to_move.user_id == ANN.user_id
    assert not match.waiting_for_computer


async def test_a_whole_game_against_computers_through_the_host(computer_host: Host, store: Store) -> None:
    host = computer_host
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=3)
    lobby = await host.add_computer(lobby.id, ANN.user_id, "easy")
    match = await host.add_computer(lobby.id, ANN.user_id, "easy")  # full: it starts
    assert match.status == "playing" and sum(s.user_id is None for s in match.seats) == 2
    rng = random.Random(3)
    for _ in range(400):
        if match.is_over:
            break
        if match.waiting_for_computer:
            match = await host.play_computers(match.id)
            continue
        assert match.state is not None
        legal = match.state.legal_moves()
        match = await host.play(match.id, ANN.user_id, str(legal[rng.randrange(len(legal))]))
    assert match.is_over and match.outcome is not None
    # A match with computer seats changes no rating, but the person's record counts it.
    assert await store.rating(ANN.user_id, "keryo-pente", 1) is None
    assert (await store.record(ANN.user_id, "keryo-pente")).matches == 1


async def test_start_fills_empty_seats_with_computers(computer_host: Host) -> None:
    host = computer_host
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=4)
    await host.join(lobby.id, BOB)
    with pytest.raises(NotAllowed, match="easy, normal, hard"):
        await host.start(lobby.id, ANN.user_id, computers="grandmaster")
    match = await host.start(lobby.id, ANN.user_id, computers="hard")
    assert match.status == "playing" and len(match.seats) == 4
    assert sorted(s.computer or "" for s in match.seats) == ["", "", "hard", "hard"]


async def test_only_the_creator_adds_computers_to_an_open_lobby(computer_host: Host) -> None:
    host = computer_host
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=2)
    with pytest.raises(NotCreator, match="Only the player who opened") as refused:
        await host.add_computer(lobby.id, BOB.user_id, "easy")
    assert refused.value.creator_id == ANN.user_id and refused.value.action == LobbyAction.ADD_COMPUTER
    started = await host.add_computer(lobby.id, ANN.user_id, "easy")
    assert started.status == "playing"
    with pytest.raises(LobbyClosed, match="already started"):
        await host.add_computer(lobby.id, ANN.user_id, "easy")
    with pytest.raises(LobbyClosed, match="already started"):
        await host.join(lobby.id, BOB)


async def test_a_full_lobby_takes_no_computer(computer_host: Host) -> None:
    host = computer_host
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=3)
    await host.add_computer(lobby.id, ANN.user_id, "easy")
    await host.join(lobby.id, BOB)  # the third seat: the match starts
    with pytest.raises(LobbyClosed):
        await host.add_computer(lobby.id, ANN.user_id, "easy")


async def test_computer_matches_lists_matches_waiting_after_a_restart(
    store: Store, chooser: ThreadChooser
) -> None:
    seeds = iter(range(100))
    host = Host(store, computer=chooser, seed_source=lambda: next(seeds))
    waiting = []
    for _ in range(6):
        match = await host.new(
            guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=2, computers="easy"
        )
        if match.waiting_for_computer:
            waiting.append(match.id)
    assert waiting, "with six seat draws, the computer moves first at least once"
    assert sorted(await host.computer_matches()) == sorted(waiting)
    for match_id in waiting:
        await host.play_computers(match_id)
    assert await host.computer_matches() == []


async def test_a_computer_takes_over_a_resigned_kerboge_seat(
    computer_host: Host, chooser: ThreadChooser
) -> None:
    host = computer_host
    people = [Player(10 + i, name) for i, name in enumerate(["Sal", "Mel", "Sol", "Rue"])]
    lobby = await host.new(guild_id=1, channel_id=2, creator=people[0], game_key="kerboge", seats=4)
    for p in people[1:]:
        match = await host.join(lobby.id, p)
    assert match.status == "playing" and not match.waiting_for_computer
    quitter = next(s for s in match.seats if s.index == 1)
    assert quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)
    assert match.status == "playing" and match.seats[1].resigned  # Kerboge goes on
    rng = random.Random(5)
    computer_moves = 0
    for _ in range(60):
        if match.is_over:
            break
        if match.waiting_for_computer:
            assert match.to_move == 1
            before = match.ply
            match = await host.play_computers(match.id)
            assert match.ply > before and not match.waiting_for_computer
            computer_moves += sum(1 for p in match.played if p.kind == "move" and p.seat == 1)
            continue
        seat = match.seat_to_move
        assert match.state is not None and seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        match = await host.play(match.id, seat.user_id, str(legal[rng.randrange(len(legal))]))
    assert computer_moves >= 5 and chooser.calls >= 5
