"""Computer seats in the host: lobbies with computers, their moves, no ratings (real SQLite)."""

from __future__ import annotations

import asyncio
import random

import pytest

from data import Store
from host import (
    DRAW_OPENING_MOVES,
    Host,
    LobbyAction,
    LobbyClosed,
    MatchSnapshot,
    NoDrawWithComputer,
    NotAllowed,
    NotCreator,
    Player,
)
from host.computer import accepts_draw, choose_move
from rules import State
from tests.support.databases import Database
from tests.support.host import play_the_opening, store_cache, unchanged
from tests.support.keryo_pente import drawn_board, open_fours, position

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


class ThreadChooser:
    """The real search, in a thread, with a small budget so that tests stay quick."""

    def __init__(self) -> None:
        self.calls = 0
        self.draw_questions = 0

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str:
        self.calls += 1
        move = await asyncio.to_thread(choose_move, state, level, seed, iterations=30, time_limit=0.5)
        return str(move)

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool:
        self.draw_questions += 1
        return await asyncio.to_thread(accepts_draw, state, seat, level, seed, iterations=300)


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


async def test_two_computer_seats_are_told_apart(computer_host: Host) -> None:
    """Two computers in one match are "Computer 1 (normal)" and "Computer 2 (hard)", in the seat
    order (the names the match message, the alt text and the picture show); one alone has no
    number."""
    host = computer_host
    lobby = await host.new(guild_id=1, channel_id=2, creator=ANN, game_key="keryo-pente", seats=3)
    lobby = await host.add_computer(lobby.id, ANN.user_id, "normal")
    assert [s.label for s in lobby.seats if s.user_id is None] == ["Computer (normal)"]
    match = await host.add_computer(lobby.id, ANN.user_id, "hard")
    labels = [s.label for s in match.seats if s.user_id is None]
    assert sorted(labels) == ["Computer 1 (normal)", "Computer 2 (hard)"] or sorted(labels) == [
        "Computer 1 (hard)",
        "Computer 2 (normal)",
    ]
    assert [label.split(" (")[0] for label in labels] == ["Computer 1", "Computer 2"]  # in seat order
    assert set(match.names) >= set(labels)


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
    # Six matches of one player against the computer: past the usual limit (3), set higher here.
    host = Host(store, computer=chooser, seed_source=lambda: next(seeds), computer_matches_per_player=6)
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


async def test_a_resignation_never_thinks_for_the_stand_in(
    computer_host: Host, chooser: ThreadChooser
) -> None:
    """Four-seat Kerboge, resigned on the player's own turn: the resignation lands without the
    stand-in's move (the cogs play it in the background, `play_computers`), so answering the
    click never waits for a search."""
    host = computer_host
    people = [Player(10 + i, name) for i, name in enumerate(["Sal", "Mel", "Sol", "Rue"])]
    match = await host.new(guild_id=1, channel_id=2, creator=people[0], game_key="kerboge", seats=4)
    for p in people[1:]:
        match = await host.join(match.id, p)
    quitter = match.seat_to_move
    assert quitter is not None and quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)
    assert match.status == "playing" and match.waiting_for_computer and chooser.calls == 0
    assert [p.kind for p in match.played] == ["resign"]
    match = await host.play_computers(match.id)
    assert chooser.calls >= 1 and not match.waiting_for_computer


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


# -- draw offers with computer seats ----------------------------------------------------------------


async def against_computers(host: Host, people: list[Player], computers: int) -> tuple[MatchSnapshot, int]:
    """A Keryo-Pente match of `people` and `computers` normal computer players, and the seat of
    the (last) computer."""
    lobby = await host.new(
        guild_id=1,
        channel_id=2,
        creator=people[0],
        game_key="keryo-pente",
        seats=len(people) + computers,
        options={"tournament": False},
    )
    match = lobby
    for person in people[1:]:
        match = await host.join(lobby.id, person)
    for _ in range(computers):
        match = await host.add_computer(lobby.id, people[0].user_id, "normal")
    assert match.status == "playing"
    return match, [s.index for s in match.seats if s.user_id is None][-1]


async def test_a_winning_computer_declines_a_draw(
    computer_host: Host, chooser: ThreadChooser, database: Database
) -> None:
    match, computer = await against_computers(computer_host, [ANN], 1)
    await play_the_opening(computer_host, match)
    store_cache(database, match.id, open_fours(computer, 2, to_move=1 - computer).to_json())
    offered = await computer_host.offer_draw(match.id, ANN.user_id)
    assert offered.status == "playing" and offered.outcome is None
    assert offered.draw_declined == (computer,) and not offered.draw_offer
    assert chooser.draw_questions == 1
    assert (await computer_host.get(match.id)).draw_declined == ()  # said once, with the offer


async def test_a_computer_accepts_a_draw_in_a_drawn_position(
    computer_host: Host, chooser: ThreadChooser, database: Database, store: Store
) -> None:
    match, computer = await against_computers(computer_host, [ANN], 1)
    await play_the_opening(computer_host, match)
    store_cache(database, match.id, position(drawn_board(), to_move=1 - computer).to_json())
    agreed = await computer_host.offer_draw(match.id, ANN.user_id)
    assert agreed.status == "finished" and agreed.outcome is not None
    assert agreed.outcome.is_draw and agreed.outcome.reason == "draw agreed"
    assert agreed.draw_declined == () and chooser.draw_questions == 1


async def test_with_four_seats_people_cannot_agree_a_draw_over_a_winning_computer(
    computer_host: Host, chooser: ThreadChooser, database: Database
) -> None:
    host = computer_host
    match, computer = await against_computers(host, [ANN, BOB, CAT], 1)
    await play_the_opening(host, match)
    person = (computer + 1) % 4
    store_cache(database, match.id, open_fours(computer, 4, to_move=person).to_json())
    for player in (ANN, BOB):
        offered = await host.offer_draw(match.id, player.user_id)
        assert offered.status == "playing" and offered.draw_declined == ()
    assert len(offered.draw_offer) == 2 and chooser.draw_questions == 0  # asked once people agree
    declined = await host.offer_draw(match.id, CAT.user_id)
    assert declined.status == "playing" and declined.draw_declined == (computer,)
    assert not declined.draw_offer and chooser.draw_questions == 1

    # In a drawn position the computer agrees with the three of them.
    store_cache(database, match.id, position(drawn_board(), seats=4, to_move=person).to_json())
    for player in (ANN, BOB, CAT):
        agreed = await host.offer_draw(match.id, player.user_id)
    assert agreed.status == "finished" and agreed.outcome is not None and agreed.outcome.is_draw
    assert chooser.draw_questions == 2


async def test_a_computer_declines_every_draw_in_the_opening(
    computer_host: Host, chooser: ThreadChooser, database: Database
) -> None:
    """Even a dead drawn position is not agreed before DRAW_OPENING_MOVES moves, and the
    computer is not even asked (a draw offered in the opening is its player's mistake)."""
    match, computer = await against_computers(computer_host, [ANN], 1)
    assert match.move_count < DRAW_OPENING_MOVES
    store_cache(database, match.id, position(drawn_board(), to_move=1 - computer).to_json())
    offered = await computer_host.offer_draw(match.id, ANN.user_id)
    assert offered.status == "playing" and offered.outcome is None
    assert offered.draw_declined == (computer,) and not offered.draw_offer
    assert chooser.draw_questions == 0


@pytest.mark.parametrize(("game_key", "seats"), [("verquere", 2), ("glass-bead", 2), ("kerboge", 2)])
async def test_no_draw_is_offered_to_a_computer_in_a_game_without_draws(
    computer_host: Host, chooser: ThreadChooser, database: Database, game_key: str, seats: int
) -> None:
    match = await computer_host.new(
        guild_id=1, channel_id=2, creator=ANN, game_key=game_key, seats=seats, computers="normal"
    )
    assert match.status == "playing" and not match.draw_offerable
    with unchanged(database, match.id), pytest.raises(NoDrawWithComputer) as refused:
        await computer_host.offer_draw(match.id, ANN.user_id)
    assert "has no draws, so the computer player in" in str(refused.value)
    assert "Play on, or resign to end the match." in str(refused.value)
    assert chooser.draw_questions == 0
    # People among themselves may still agree one.
    lobby = await computer_host.new(guild_id=1, channel_id=2, creator=ANN, game_key=game_key, seats=seats)
    people = await computer_host.join(lobby.id, BOB)
    assert people.status == "playing" and people.draw_offerable
    await computer_host.offer_draw(people.id, ANN.user_id)
    agreed = await computer_host.offer_draw(people.id, BOB.user_id)
    assert agreed.status == "finished" and agreed.outcome is not None and agreed.outcome.is_draw
