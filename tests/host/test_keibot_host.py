"""Keibot through the host over a real SQLite file: a whole game to a win, the setups, and bad
input that is explained and changes nothing."""

from __future__ import annotations

import pytest

from data import Store, open_store
from host import Host, MatchOver, MatchSnapshot, NotYourTurn, StaleTurn
from rules import IllegalMoveError, MoveError, NotAMoveError, OptionError, Outcome
from rules.keibot import KeibotState
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, CHANNEL, GUILD, dump, started_match, unchanged
from tests.support.keibot import THREE_IN_A_ROW

TRAP = ["f1-g3", "c7-d5", "g3-f5"]
"""Black to move: White's Moai on f5 has just moved (protected), White's bead is on e5, and
Black's Moai on d5 could jump onto Black's own Moai on e7."""


async def keibot_match(host: Host, setup: str = "closed") -> MatchSnapshot:
    return await started_match(host, "keibot", [ANN, BOB], {"setup": setup})


def seat_user(snapshot: MatchSnapshot, seat: int) -> int:
    user_id = snapshot.seats[seat].user_id
    assert user_id is not None
    return user_id


async def play_all(host: Host, match: MatchSnapshot, log: list[str]) -> MatchSnapshot:
    """Each move by the player to move, as a button would send it (with the turn number)."""
    for text in log:
        assert match.to_move is not None
        match = await host.play(match.id, seat_user(match, match.to_move), text, expected_ply=match.ply)
    return match


async def test_a_whole_game_to_three_beads_in_a_row(host: Host, store: Store) -> None:
    match = await keibot_match(host)
    assert match.status == "playing" and match.to_move == 0
    assert dict(match.options) == {"setup": "closed"}
    white, black = seat_user(match, 0), seat_user(match, 1)
    assert {white, black} == {ANN.user_id, BOB.user_id}

    match = await play_all(host, match, THREE_IN_A_ROW[:6])
    assert [p.notation for p in match.played] == ["d5xc3"]
    assert match.played[0].description == (
        "`d5xc3`: jumps d5 to c3, captures the Moai there and places 2 beads on d2 and c2"
    )
    state = match.state
    assert isinstance(state, KeibotState) and state.captured == (0, 1) and state.protected_square == "c3"

    match = await play_all(host, match, THREE_IN_A_ROW[6:])
    assert match.status == "finished" and match.is_over
    assert match.outcome == Outcome((0,), (4, 5), "White has three beads in a row", "three-in-a-row")
    assert str(match.last_move) == "g6xe5" and match.ply == len(THREE_IN_A_ROW)
    assert [e.notation for e in await store.log(match.id)] == THREE_IN_A_ROW
    with pytest.raises(MatchOver, match="over"):
        await host.play(match.id, black, "a5-b3")
    (result,) = await store.recent_results(white, "keibot")
    assert result.match_id == match.id and result.rank == 1
    (lost,) = await store.recent_results(black, "keibot")
    assert lost.rank == 2
    rating = await store.rating(white, "keibot", GUILD)
    assert rating is not None and rating.wins == 1 and rating.matches == 1
    assert await host.matches_in_channel(GUILD, CHANNEL) == []


async def test_a_restart_resumes_a_keibot_match(database: Database) -> None:
    first_store = await open_store(database.url)
    try:
        match = await play_all(Host(first_store), await keibot_match(Host(first_store)), TRAP)
    finally:
        await first_store.close()
    second_store = await open_store(database.url)
    try:
        resumed = await Host(second_store).get(match.id)
        assert resumed.state == match.state and resumed.ply == 3 and str(resumed.last_move) == "g3-f5"
    finally:
        await second_store.close()


@pytest.mark.parametrize(
    ("setup", "white"),
    [
        ("closed", ("c1", "d1", "e1", "f1")),
        ("split", ("a1", "b1", "f1", "g1")),
        ("open", ("a1", "c1", "e1", "g1")),
    ],
)
async def test_the_setup_option(host: Host, setup: str, white: tuple[str, ...]) -> None:
    match = await keibot_match(host, setup)
    assert isinstance(match.state, KeibotState)
    assert match.state.moai_squares(0) == white and dict(match.options) == {"setup": setup}


async def test_an_unknown_setup_is_refused(host: Host) -> None:
    with pytest.raises(OptionError, match="setup"):
        await host.new(
            guild_id=GUILD,
            channel_id=CHANNEL,
            creator=ANN,
            game_key="keibot",
            seats=2,
            options={"setup": "x"},
        )
    with pytest.raises(OptionError, match="2"):
        await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=3)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("d7-d9", NotAMoveError, "off the board: there is no rank 9"),
        ("h1-g3", NotAMoveError, "off the board: there is no file h"),
        ("d7-d6", IllegalMoveError, "not a knight move"),
        ("d7-e5", IllegalMoveError, "holds your bead|holds White's bead"),
        ("d5-e7", IllegalMoveError, "lands on your own Moai on e7"),
        ("e7xf5", IllegalMoveError, "protected: it moved on the turn just before"),
        ("a3-b5", IllegalMoveError, "there is no Moai on a3"),
        ("f5-g7", IllegalMoveError, "the Moai on f5 is White's"),
        ("hello", NotAMoveError, "is not a move"),
        ("", NotAMoveError, "is not a move"),
    ],
)
async def test_bad_moves_are_explained_and_change_nothing(
    host: Host, database: Database, text: str, error: type[MoveError], message: str
) -> None:
    match = await play_all(host, await keibot_match(host), TRAP)
    assert match.to_move == 1
    with unchanged(database, match.id), pytest.raises(error, match=message):
        await host.play(match.id, seat_user(match, 1), text, expected_ply=match.ply)


async def test_out_of_turn_and_stale_moves_change_nothing(host: Host, database: Database) -> None:
    match = await play_all(host, await keibot_match(host), TRAP)
    before = dump(database, match.id)
    with pytest.raises(NotYourTurn):
        await host.play(match.id, seat_user(match, 0), "f5-g7")
    with pytest.raises(StaleTurn, match="earlier position") as stale:
        await host.play(match.id, seat_user(match, 1), "d7-c5", expected_ply=2)
    assert (stale.value.expected_ply, stale.value.current_ply) == (2, 3)
    with pytest.raises(Exception, match="not playing"):
        await host.play(match.id, CAT.user_id, "d7-c5")
    assert dump(database, match.id) == before


async def test_resign_and_draw(host: Host) -> None:
    match = await play_all(host, await keibot_match(host), TRAP)
    offered = await host.offer_draw(match.id, seat_user(match, 0))
    drawn = await host.offer_draw(offered.id, seat_user(match, 1))
    assert drawn.is_over and drawn.outcome is not None and drawn.outcome.is_draw

    other = await keibot_match(host, "open")
    resigned = await host.resign(other.id, seat_user(other, 1))
    assert resigned.outcome is not None and resigned.outcome.winners == (0,)
    assert resigned.outcome.reason == "Black resigned"
