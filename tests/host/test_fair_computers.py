"""Fair computer players: limits on matches against the computer (per player and per server),
the worker pool sized from the cores, and its queue served per requester in turn (issue 34)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from typing import Any

import pytest

from data import Store
from host import Host, Player, TooManyComputerMatches
from host.computer import ComputerPool, choose_move
from host.computer.fair import FairSlots
from host.computer.pool import MAX_WORKERS, default_workers
from rules import GAMES, State
from tests.support.databases import Database

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


class RequesterChooser:
    """The real search, quick, in a thread; it notes in whose turn each move was asked for."""

    def __init__(self) -> None:
        self.requesters: list[int | None] = []

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str:
        self.requesters.append(requester)
        return str(await asyncio.to_thread(choose_move, state, "easy", seed))

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool:
        self.requesters.append(requester)
        return False


def everything(database: Database) -> tuple[Any, ...]:
    """Every stored row of the matches, their seats, log and players, and the announcements."""
    return tuple(
        database.fetchall(f"SELECT * FROM {table} ORDER BY 1")
        for table in ("matches", "seats", "moves", "players", "held_seats")
    )


def host_of(store: Store, chooser: RequesterChooser, **limits: int) -> Host:
    seeds = iter(range(3000, 4000))
    return Host(store, computer=chooser, seed_source=lambda: next(seeds), **limits)


async def against_computer(host: Host, player: Player, *, guild_id: int = 1, private: bool = False) -> int:
    match = await host.new(
        guild_id=guild_id,
        channel_id=guild_id + 100,
        creator=player,
        game_key="keryo-pente",
        seats=2,
        computers="easy",
        private=private,
    )
    return match.id


# -- the limits ------------------------------------------------------------------------------------


async def test_a_fourth_match_against_the_computer_is_refused_naming_the_three(
    store: Store, database: Database
) -> None:
    host = host_of(store, RequesterChooser())
    mine = [await against_computer(host, ANN, guild_id=1 + i) for i in range(3)]  # any servers
    before = everything(database)
    with pytest.raises(TooManyComputerMatches) as refused:
        await against_computer(host, ANN)
    assert everything(database) == before, "nothing is stored"
    text = str(refused.value)
    assert "3 matches against the computer" in text and "(3)" in text
    for match_id in mine:
        assert f"Keryo-Pente #{match_id}" in text
    assert refused.value.limit == 3 and not refused.value.on_server
    # Another player is not held back by Ann's, and Ann may open one once one of hers is over.
    await against_computer(host, BOB)
    await host.resign(mine[0], ANN.user_id)
    await against_computer(host, ANN)


async def test_private_matches_count_for_their_player_only(store: Store, database: Database) -> None:
    host = host_of(store, RequesterChooser(), computer_matches_per_server=2)
    await against_computer(host, ANN, guild_id=500, private=True)
    await against_computer(host, ANN, guild_id=501, private=True)
    await against_computer(host, ANN, guild_id=1, private=True)  # a server that did not install the bot
    # The server has none of them: two of its own still fit.
    await against_computer(host, BOB)
    await against_computer(host, CAT)
    with pytest.raises(TooManyComputerMatches):  # Ann's fourth, private or not, is refused
        await against_computer(host, ANN, guild_id=502, private=True)


async def test_a_server_with_its_limit_refuses_another_and_stores_nothing(
    store: Store, database: Database
) -> None:
    host = host_of(store, RequesterChooser(), computer_matches_per_server=2)
    await against_computer(host, ANN)
    await against_computer(host, BOB)
    before = everything(database)
    with pytest.raises(TooManyComputerMatches) as refused:
        await against_computer(host, CAT)
    assert everything(database) == before
    assert refused.value.on_server and refused.value.limit == 2
    assert "This server already has 2 matches against the computer" in str(refused.value)
    await against_computer(host, CAT, guild_id=7)  # another server's count is its own


async def test_a_lobby_taking_a_computer_player_is_within_the_limits(
    store: Store, database: Database
) -> None:
    host = host_of(store, RequesterChooser(), computer_matches_per_player=1)
    await against_computer(host, ANN)
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=3)
    before = everything(database)
    with pytest.raises(TooManyComputerMatches):
        await host.add_computer(lobby.id, ANN.user_id, "easy")
    with pytest.raises(TooManyComputerMatches):
        await host.start(lobby.id, ANN.user_id, computers="easy")
    assert everything(database) == before


async def test_a_rematch_against_the_computer_is_within_the_limits(store: Store, database: Database) -> None:
    host = host_of(store, RequesterChooser(), computer_matches_per_player=1)
    finished = await against_computer(host, ANN)
    await host.resign(finished, ANN.user_id)
    await against_computer(host, ANN)
    before = everything(database)
    with pytest.raises(TooManyComputerMatches):
        await host.rematch(finished, ANN)
    assert everything(database) == before


# -- whose turn the computer thinks in ---------------------------------------------------------------


async def test_the_computer_thinks_in_the_turn_of_the_person_who_moved(store: Store) -> None:
    chooser = RequesterChooser()
    host = host_of(store, chooser)
    match_id = await against_computer(host, ANN)
    match = await host.get(match_id)
    if match.waiting_for_computer:
        match = await host.play_computers(match_id)  # nobody named: the match's creator
        assert chooser.requesters[-1] == ANN.user_id
    assert match.state is not None
    move = next(iter(match.state.legal_moves()))
    await host.play(match_id, ANN.user_id, str(move))
    await host.play_computers(match_id, requester=ANN.user_id)
    assert chooser.requesters[-1] == ANN.user_id
    await host.play_computers(match_id, requester=BOB.user_id)  # nothing to play: asks nobody
    assert chooser.requesters[-1] == ANN.user_id


# -- the queue, served in turn -----------------------------------------------------------------------


async def test_fair_slots_serve_each_requester_in_turn() -> None:
    """One requester's twenty waiting requests, then another's: the other is served second, and
    each requester's own requests keep their order."""
    slots = FairSlots(1)
    served: list[tuple[str, int]] = []
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.turn("hold"):
            await release.wait()

    async def request(who: str, number: int) -> None:
        async with slots.turn(who):
            served.append((who, number))
            await asyncio.sleep(0)

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    flood = [asyncio.create_task(request("flood", n)) for n in range(20)]
    await asyncio.sleep(0)
    other = asyncio.create_task(request("other", 0))
    await asyncio.sleep(0)
    assert slots.waiting == 21
    release.set()
    await asyncio.gather(first, *flood, other)
    assert served.index(("other", 0)) <= 1
    assert [n for who, n in served if who == "flood"] == list(range(20))
    assert slots.waiting == 0


async def test_a_cancelled_request_gives_its_turn_away() -> None:
    slots = FairSlots(1)
    order: list[str] = []
    release = asyncio.Event()

    async def holder() -> None:
        async with slots.turn("a"):
            await release.wait()

    async def request(who: str) -> None:
        async with slots.turn(who):
            order.append(who)

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    gone = asyncio.create_task(request("b"))
    kept = asyncio.create_task(request("c"))
    await asyncio.sleep(0)
    gone.cancel()
    release.set()
    await asyncio.gather(first, kept)
    assert order == ["c"] and slots.waiting == 0


@pytest.fixture(scope="module")
def one_worker() -> Iterator[ComputerPool]:
    pool = ComputerPool(1)
    pool.start()
    yield pool
    pool.close()


async def test_one_players_flood_does_not_delay_anothers_reply(one_worker: ComputerPool) -> None:
    """Twenty thinking requests of one player wait at the real pool (one worker); another's,
    asked after them all, is answered second or third, not twenty-first."""
    state = GAMES["keryo-pente"].start(2)
    done: list[int] = []

    async def think(requester: int, seed: int) -> None:
        await one_worker.choose(state, "normal", seed, time_limit=0.02, requester=requester)
        done.append(requester)

    flood = [asyncio.create_task(think(ANN.user_id, seed)) for seed in range(20)]
    while one_worker.waiting < 19:  # one thinks, the others wait
        await asyncio.sleep(0.01)
    other = asyncio.create_task(think(BOB.user_id, 99))
    await asyncio.gather(*flood, other)
    assert len(done) == 21
    # Answered after the one thinking when it asked: second in the order of service of the
    # waiting ones (first come, first served: twenty-first, index 20).
    assert done.index(BOB.user_id) <= 2


# -- the pool's size -------------------------------------------------------------------------------


def test_the_pool_has_a_worker_per_core() -> None:
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    assert default_workers() == max(1, min(MAX_WORKERS, cores))
    pool = ComputerPool()
    assert pool.workers == default_workers()  # no process starts before a move
    pool.close()
    assert ComputerPool(2).workers == 2
    with pytest.raises(ValueError, match="between 1"):
        ComputerPool(0)
