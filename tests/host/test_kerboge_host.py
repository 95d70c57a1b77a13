"""Kerboge and Jai Kerboge through the host over a real SQLite file: lobbies that start only when
full, the Serpent's coin tossed by the host, whole games to their end, results ranked by points,
and bad input that is explained and changes nothing."""

from __future__ import annotations

import random

import pytest

from data import Store
from host import Host, MatchSnapshot, NotEnoughPlayers, NotYourTurn, StaleTurn
from rules import CHANCE, GAMES, MoveError, NotAMoveError, State
from rules.kerboge import KerbogeState
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, CHANNEL, DAN, GUILD, dump, mover, started_match

PEOPLE = (ANN, BOB, CAT, DAN)
GAME = GAMES["kerboge"]


async def full_match(host: Host, players: int) -> MatchSnapshot:
    return await started_match(host, "kerboge", list(PEOPLE[:players]))


def kerboge(snapshot: MatchSnapshot) -> KerbogeState:
    assert isinstance(snapshot.state, KerbogeState)
    return snapshot.state


async def test_a_lobby_starts_only_with_every_seat_taken(host: Host, database: Database) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="kerboge", seats=4, options={}
    )
    await host.join(lobby.id, BOB)
    await host.join(lobby.id, CAT)
    before = dump(database, lobby.id)
    with pytest.raises(NotEnoughPlayers, match="opened for 4 players and 3 are seated"):
        await host.start(lobby.id, ANN.user_id)
    assert dump(database, lobby.id) == before
    jai = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="kerboge", seats=2, options={}
    )
    before = dump(database, jai.id)
    with pytest.raises(NotEnoughPlayers, match="opened for 2 players and 1 is seated"):
        await host.start(jai.id, CAT.user_id)
    assert dump(database, jai.id) == before
    started = await host.join(lobby.id, DAN)
    assert started.status == "playing" and kerboge(started).seats == 4


async def test_the_host_tosses_the_serpents_coin_and_names_the_tosser(host: Host, store: Store) -> None:
    match = await full_match(host, 4)
    for text in ("2/1", "2/2", "2/3"):
        match = await host.play(match.id, mover(match), text, expected_ply=match.ply)
    match = await host.play(match.id, mover(match), "2/4", expected_ply=match.ply)
    played = [(p.kind, p.notation) for p in match.played]
    assert played[0] == ("move", "2/4") and played[1][0] == "chance" and played[1][1] in ("heads", "tails")
    assert ": the Sailor tossed the coin; the Serpent moves" in match.played[1].description
    log = await store.log(match.id)
    assert [(e.kind, e.notation) for e in log][-2:] == played
    assert kerboge(match).round == 2 and match.to_move == 0
    # the next round's coin is the Merchant's
    for _ in range(4):
        legal = kerboge(match).legal_moves()
        match = await host.play(match.id, mover(match), str(legal[0]), expected_ply=match.ply)
    assert "the Merchant tossed the coin" in match.played[-1].description


async def test_jai_kerboges_serpent_always_moves_two(host: Host) -> None:
    match = await full_match(host, 2)
    match = await host.play(match.id, mover(match), "1/5")
    match = await host.play(match.id, mover(match), "1/8")
    assert [p.notation for p in match.played] == ["1/8", "serpent"]
    assert kerboge(match).serpent == 3 and "moves 2 forward to mooring 3" in match.played[1].description


def random_move(state: State, rng: random.Random) -> str:
    legal = state.legal_moves()
    return str(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (2, 2)])
async def test_whole_games_through_the_host(
    host: Host, store: Store, database: Database, players: int, seed: int
) -> None:
    match = await full_match(host, players)
    rng = random.Random(seed)
    while match.status == "playing":
        state = kerboge(match)
        assert state.to_move != CHANCE  # the host plays the Serpent by itself
        match = await host.play(match.id, mover(match), random_move(state, rng), expected_ply=match.ply)
    state = kerboge(match)
    outcome = match.outcome
    assert match.status == "finished" and outcome is not None
    assert state.total_score() >= state.target
    assert outcome.scores == state.points
    # the stored log replays to the same final state, the Serpent's moves included
    log = await store.log(match.id)
    assert GAME.replay(players, {}, [e.notation for e in log]) == state
    chances = [e.notation for e in log if e.kind == "chance"]
    assert chances and set(chances) <= ({"heads", "tails"} if players == 4 else {"serpent"})
    # results: each seat placed by its points (Kerboge ranks by score), rated (all people), on
    # the ladder of the variant played (Jai Kerboge for two)
    ladder = GAME.ladder_key(players)
    rows = database.fetchall(
        "SELECT seat, rank, outcome, points FROM results WHERE match_id = ? AND game = ? ORDER BY seat",
        (match.id, ladder),
    )
    rated = database.fetchall("SELECT COUNT(*) FROM ratings WHERE game = ?", (ladder,))[0][0]
    assert len(rows) == players and [r[3] for r in rows] == list(state.points)
    for seat, rank, verdict, points in rows:
        assert rank == 1 + sum(1 for p in state.points if p > points)
        assert verdict == ("win" if seat in outcome.winners else "loss")
    assert rated > 0


async def jai_position(host: Host) -> MatchSnapshot:
    """Jai Kerboge, the Sailor to move with 4 stones at 1; the Merchant has 2 at 2 and 2 at 3;
    the Serpent at 5 (it moved 2 forward twice, landing on empty moorings)."""
    match = await full_match(host, 2)
    for text in ("2/1", "2/2", "2/1", "2/3"):
        match = await host.play(match.id, mover(match), text, expected_ply=match.ply)
    state = kerboge(match)
    assert state.turn == 0 and state.serpent == 5
    assert state.mooring(1) == (4, 0) and state.mooring(2) == (0, 2) and state.mooring(3) == (0, 2)
    return match


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1/2", "mooring 2 holds only other players' stones (Merchant); you may enter only an empty"),
        ("3/5", "you may enter only 1 or 2 stones from the harbour at a time"),
        ("5/1-2", "you have only 4 stones at mooring 1"),
        ("1/6-7", "you have no stones at mooring 6"),
        ("2/1-4", "a stone may pass over at most one hostile mooring, and from 1 to 4 it would pass 2 and 3"),
        ("2/1-10,2", "stones of one move all go the same way"),
        ("2/1-2 b2Me", "2 stones arrive at mooring 2, so they may board at most 1"),
        ("3/1-2,2,3 b1Me@3", "only 1 stone arrives at mooring 3"),
        ("2/1-2 b1Sa", "you cannot board your own stones"),
        ("4/1-2,2,3,3 b1Me@2 b1Me@3", "a move boards in one mooring only"),
        ("2/1-10 b1Me", "a move backward never boards"),
        ("hello", "is not a move"),
        ("", "No move was given"),
    ],
)
async def test_bad_input_is_explained_and_changes_nothing(
    host: Host, database: Database, text: str, message: str
) -> None:
    match = await jai_position(host)
    before = dump(database, match.id)
    with pytest.raises(MoveError) as error:
        await host.play(match.id, mover(match), text, expected_ply=match.ply)
    assert message in str(error.value)
    assert dump(database, match.id) == before


async def test_a_bad_move_says_what_would_be_legal(host: Host, database: Database) -> None:
    match = await jai_position(host)
    with pytest.raises(MoveError, match=r"from 1 it may reach 2 and 3"):
        await host.play(match.id, mover(match), "1/1-4")
    with pytest.raises(MoveError, match=r"now: 1, 4, 5, 6, 7, 8, 9 and 10"):
        await host.play(match.id, mover(match), "2/3")
    with pytest.raises(NotAMoveError, match="is not a player; boarding names an owner"):
        await host.play(match.id, mover(match), "2/1-2 b1Xx")


async def test_a_legal_boarding_lands_with_its_points(host: Host, database: Database) -> None:
    match = await jai_position(host)
    match = await host.play(match.id, mover(match), "4/1-2,2,3,3 b1Me@3", expected_ply=match.ply)
    state = kerboge(match)
    assert state.points == (1, 0) and state.mooring(3) == (2, 1) and state.harbour[1] == 7
    before = dump(database, match.id)
    with pytest.raises(StaleTurn):
        await host.play(match.id, mover(match), "1/4", expected_ply=match.ply - 1)
    assert dump(database, match.id) == before


@pytest.mark.parametrize("on_their_turn", [True, False])
async def test_resigning_jai_kerboge_ends_it_and_the_other_player_wins(
    host: Host, store: Store, database: Database, on_their_turn: bool
) -> None:
    """Two seats: nobody is left to play on for, so no computer takes the resigned seat. The
    other player wins (and is rated as the winner) even with fewer points."""
    match = await jai_position(host)
    match = await host.play(match.id, mover(match), "4/1-2,2,3,3 b1Me@3", expected_ply=match.ply)
    assert kerboge(match).points == (1, 0)
    sailor, merchant = match.seats
    assert sailor.user_id is not None and merchant.user_id is not None
    assert match.to_move == merchant.index
    if on_their_turn:  # the Merchant plays once, so that the Sailor resigns on their own turn
        match = await host.play(match.id, mover(match), random_move(kerboge(match), random.Random(1)))
        assert match.to_move == sailor.index and kerboge(match).points[0] > kerboge(match).points[1]
    before = match.ply
    match = await host.resign(match.id, sailor.user_id)
    outcome = match.outcome
    assert match.status == "finished" and outcome is not None
    assert outcome.winners == (merchant.index,) and outcome.termination == "resigned"
    assert outcome.reason == "Sailor resigned"
    assert not match.waiting_for_computer and not any(s.stand_in for s in match.seats)
    assert [(p.kind, p.seat) for p in match.played] == [("resign", sailor.index)]  # nothing after it
    assert (await store.log(match.id))[-1].kind == "resign" and match.ply == before + 1
    ladder = GAME.ladder_key(2)
    rows = database.fetchall(
        "SELECT seat, rank, outcome, resigned FROM results WHERE match_id = ? AND game = ? ORDER BY seat",
        (match.id, ladder),
    )
    assert rows == [(0, 2, "loss", 1), (1, 1, "win", 0)]
    won = await store.rating(merchant.user_id, ladder, GUILD)
    lost = await store.rating(sailor.user_id, ladder, GUILD)
    assert won is not None and lost is not None and won.wins == 1 and lost.wins == 0
    assert won.mu > lost.mu
    # and it stays over after a restart (the result is stored, not the rules' own)
    again = await Host(store).get(match.id)
    assert again.status == "finished" and again.outcome == outcome and not again.waiting_for_computer


async def test_a_resigned_seat_stays_and_is_ranked_last(host: Host) -> None:
    match = await full_match(host, 4)
    quitter = match.seats[2]
    assert quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)
    assert match.status == "playing" and match.seats[2].resigned
    assert kerboge(match).resigned == (False, False, True, False)


async def test_a_resigned_seat_is_played_by_a_computer_standing_in_until_the_end(host: Host) -> None:
    match = await full_match(host, 4)
    quitter = match.seat_to_move
    assert quitter is not None and quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)  # on their own turn: the stand-in is to move
    seat = match.seats[quitter.index]
    assert seat.stand_in and match.waiting_for_computer and match.seat_to_move == seat
    assert seat.label == seat.mover_label == f"Computer for {quitter.name}"
    assert match.names[quitter.index] == seat.label  # the picture and its alt text name it so
    other = next(s for s in match.seats if s.user_id not in (None, quitter.user_id))
    assert other.user_id is not None
    with pytest.raises(NotYourTurn) as refused:
        await host.play(match.id, other.user_id, "1/1")
    assert (
        refused.value.to_move_user_id is None and refused.value.to_move_name == f"Computer for {quitter.name}"
    )
    for person in match.seats:
        if person.user_id is not None and not person.resigned:
            match = await host.resign(match.id, person.user_id)
    assert match.is_over
    seat = match.seats[quitter.index]
    assert not seat.stand_in and seat.label == quitter.name  # the final scores name the person
    assert seat.mover_label == f"Computer for {quitter.name}"  # who made its last moves


async def test_a_resigned_keryo_pente_seat_has_no_stand_in(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB, CAT], {"tournament": False})
    quitter = next(s for s in match.seats if s.index != match.to_move)
    assert quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)  # it leaves the rotation
    seat = match.seats[quitter.index]
    assert match.status == "playing" and seat.resigned and not seat.stand_in
    assert seat.label == quitter.name
