"""Verquere through the host over a real SQLite file: the rolls the host makes by itself, passes
it plays by itself with their reason, whole games of random turns, restarts, and bad input that is
explained and changes nothing.

Positions for bad input are reached as the host reaches every position: from the match's log. A
test stores a log (rolls included) in the match's rows and drops the cached state, so the host
replays the log (the log is the truth, the state a cache)."""

from __future__ import annotations

import random

import pytest

from data import Store, open_store
from host import EntryKind, Host, MatchOver, MatchSnapshot, NotYourTurn, StaleTurn
from rules import IllegalMoveError, MoveError, NotAMoveError
from rules.verquere import GAME, MEN, Pass, Turn, VerquereState
from tests.support.databases import Database
from tests.support.host import ANN, BAR_LOG, BOB, CAT, CHANNEL, GUILD, dump, store_log
from tests.support.host import split_log as log
from tests.support.verquere import BEFORE_JUNCKER

EARLY_BEAR_OFF_LOG = log(
    # White has a man on 24 and the rest far behind; White to play 5-4.
    "roll 6-5 ; 1/6/12 ; roll 4-4 ; 1/5/9 1/5 ; roll 4-4 ; 12/16/20/24 1/5 ; roll 5-2 ; 9/11/16 ; roll 5-4"
)
LARGER_DIE_LOG = log(
    # A seeded random game: Black to play 4-2 with only one die playable; it must be the 4 (6/10).
    "roll 6-4; 1/5/11; roll 2-1; 1/3 1/2; roll 4-2; 11/15*/17; roll 4-3; 2/6 bar/3; roll 5-3; 17/20 "
    "1/6; roll 3-1; 1/2/5; roll 5-1; 6/11 1/2; roll 5-4; 5/9/14*; roll 4-1; 20/21 bar/4; roll 6-2; "
    "3/5/11; roll 6-6; 4/10/16/22 1/7; roll 5-2; 14/19* 1/3; roll 6-1; 21/22 bar/6; roll 5-1; 11/12/17; "
    "roll 5-4; 11/16/20; roll 4-4; 17/21 1/5/9 1/5; roll 4-4; 20/24 6/10/14/18*; roll 5-1; pass; roll "
    "3-1; 18/19 1/4; roll 2-2; 19/21/23 bar/2/4; roll 6-5; 4/9*/15*; roll 6-6; bar/6; roll 4-1; 19/23 "
    "1/2; roll 4-1; pass; roll 4-3; 15/18*/22; roll 6-1; bar/6; roll 6-4; 1/5/11*; roll 5-2; bar/2; "
    "roll 4-3; 11/14* 1/5; roll 5-4; pass; roll 3-1; 14/15 1/4; roll 6-1; pass; roll 3-3; 5/8/11 4/7 "
    "1/4; roll 6-1; pass; roll 5-2; 22/24 15/20; roll 5-4; pass; roll 2-2; 20/22/24 1/3/5; roll 4-1; "
    "pass; roll 4-1; 22/23 2/6; roll 6-3; bar/3; roll 6-3; 11/14 4/10; roll 5-3; pass; roll 6-5; 7/12 "
    "6/12; roll 5-1; pass; roll 6-3; 14/20 1/4; roll 5-2; 3/8* bar/2; roll 5-4; pass; roll 5-3; 5/10* "
    "4/7; roll 4-4; pass; roll 5-1; 10/15/16*; roll 1-1; pass; roll 3-1; 16/17* 2/5; roll 6-3; bar/6 "
    "bar/3; roll 6-1; 17/18* 9/15*; roll 6-1; bar/6*; roll 5-2; 5/10 bar/2; roll 6-1; pass; roll 6-3; "
    "15/21 1/4; roll 6-5; bar/5; roll 1-1; 21/22*/23 8/9 2/3; roll 6-4; bar/4; roll 6-1; 10/16* 4/5; "
    "roll 5-3; bar/3; roll 6-1; 16/17*/23; roll 5-2; bar/5 bar/2; roll 4-2 "
)
TOUCHDOWN_LOG = log("roll 6-6 ; 1/7 ; roll 2-1 ; 1/3 1/2 ; roll 6-1")
"""White's man on 7 with 6-1: 7/8/14* is legal, 7/13/14 touches down on Black's home."""


async def verquere_match(host: Host, **options: bool) -> MatchSnapshot:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="verquere", seats=2, options=options
    )
    return await host.join(lobby.id, BOB)


def seat_user(snapshot: MatchSnapshot, seat: int) -> int:
    user_id = snapshot.seats[seat].user_id
    assert user_id is not None
    return user_id


def mover(snapshot: MatchSnapshot) -> int:
    assert snapshot.to_move is not None and snapshot.to_move >= 0
    return seat_user(snapshot, snapshot.to_move)


def state_of(snapshot: MatchSnapshot) -> VerquereState:
    assert isinstance(snapshot.state, VerquereState)
    return snapshot.state


def men_accounted(state: VerquereState) -> None:
    for seat in (0, 1):
        assert sum(state.points(seat)) + state.bar[seat] + state.off[seat] == MEN


# -- the rolls and the passes the host plays by itself ---------------------------------------------------


async def test_the_first_roll_happens_when_the_match_starts(host: Host, store: Store) -> None:
    match = await verquere_match(host)
    assert match.status == "playing" and match.to_move == 0 and match.ply == 1
    (roll,) = match.played
    assert roll.kind == "chance" and roll.seat is None and roll.notation.startswith("roll ")
    state = state_of(match)
    assert state.dice is not None and roll.notation == f"roll {state.dice[0]}-{state.dice[1]}"
    assert roll.description == f"rolls {state.dice[0]}-{state.dice[1]}"
    assert [(e.kind, e.notation) for e in await store.log(match.id)] == [("chance", roll.notation)]


async def test_each_turn_is_followed_by_the_next_players_roll(host: Host, store: Store) -> None:
    match = await verquere_match(host)
    turn = state_of(match).legal_moves()[0]
    after = await host.play(match.id, mover(match), str(turn), expected_ply=match.ply)
    assert [p.kind for p in after.played][:2] == ["move", "chance"]
    assert after.played[0].notation == str(turn) and after.played[0].seat == 0
    assert isinstance(turn, Turn)  # told in the numbering of the next board too (seen from Black)
    assert after.played[0].description == f"plays `{turn}` (seen from Black: `{turn.written_for(1)}`)"
    assert after.to_move in (0, 1) and str(after.last_move) == str(turn)
    entries = await store.log(match.id)
    assert [e.kind for e in entries][:3] == ["chance", "move", "chance"]


async def test_a_turn_with_nothing_to_play_passes_by_itself_with_its_reason(host: Host, store: Store) -> None:
    match = await verquere_match(host)
    passes = []
    for _ in range(40):
        legal = state_of(match).legal_moves()
        match = await host.play(match.id, mover(match), str(legal[len(legal) // 2]), expected_ply=match.ply)
        passes = [p for p in match.played if p.notation == "pass"]
        if passes:
            break
    assert passes, "no pass within 40 turns"
    (passed,) = passes
    assert passed.kind == "move" and passed.seat is not None
    assert passed.description.startswith("passes: no legal step for ") or "Juncker" in passed.description
    kinds = [(p.kind, p.notation == "pass") for p in match.played]
    # the player's turn, the other's roll and pass, then the player's next roll
    assert kinds == [("move", False), ("chance", False), ("move", True), ("chance", False)]
    assert match.to_move == match.played[0].seat
    assert [e.notation for e in await store.log(match.id)][-3:] == [e.notation for e in match.played[1:]]


async def test_a_juncker_pass_is_played_by_itself_and_explained(host: Host, database: Database) -> None:
    match = await store_log(host, database, await verquere_match(host), BEFORE_JUNCKER)
    assert match.to_move == 0 and state_of(match).bar == (0, 2)
    after = await host.play(match.id, mover(match), "12/17*/19", expected_ply=match.ply)
    turn, roll, passed, *_ = after.played
    assert turn.notation == "12/17*/19"
    assert turn.description == "plays `12/17*/19` (seen from Black: `24/5*/7`), hitting 1 man"
    assert roll.kind == "chance" and passed.notation == "pass" and passed.seat == 1
    assert passed.description == "passes: Juncker: 3 men on the bar and only 2 points open"
    assert state_of(after).bar == (0, 3) and state_of(after).juncker(1)


# -- whole games --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"five_blots": True},
        {"five_closed_points": True},
        {"five_blots": True, "five_closed_points": True},
    ],
)
async def test_a_whole_game_of_random_turns(host: Host, store: Store, options: dict[str, bool]) -> None:
    rng = random.Random(7)
    match = await verquere_match(host, **options)
    assert dict(match.options) == {"five_blots": False, "five_closed_points": False, **options}
    passes = 0
    while not match.is_over:
        state = state_of(match)
        men_accounted(state)
        assert state.dice is not None and match.to_move == state.turn
        legal = state.legal_moves()
        assert legal and all(isinstance(m, Turn) for m in legal)  # passes are the host's
        move = legal[rng.randrange(len(legal))]
        match = await host.play(match.id, mover(match), str(move), expected_ply=match.ply)
        assert match.played[0].notation == str(move)
        passes += sum(isinstance(state.parse(p.notation), Pass) for p in match.played[:1])
        for entry in match.played[1:]:
            assert entry.kind == ("chance" if entry.notation.startswith("roll") else "move")
    final = state_of(match)
    men_accounted(final)
    assert match.status == "finished" and match.outcome is not None
    assert match.outcome == final.outcome() and match.outcome.termination in (
        "borne-off",
        "all-on-24",
        "jean",
        "juncker",
    )
    entries = await store.log(match.id)
    assert GAME.replay(2, match.options, [e.notation for e in entries]) == final
    assert all((e.kind == "chance") == e.notation.startswith("roll") for e in entries)
    with pytest.raises(MatchOver):
        await host.play(match.id, ANN.user_id, "pass")
    if match.outcome.winners:
        (winner,) = match.outcome.winners
        (result,) = await store.recent_results(seat_user(match, winner), "verquere")
        assert result.rank == 1 and result.points == match.outcome.scores[winner]


async def test_a_restart_resumes_a_match_with_its_roll(database: Database) -> None:
    first = await open_store(database.url)
    try:
        host = Host(first, seed_source=lambda: 1000)
        match = await verquere_match(host)
        legal = state_of(match).legal_moves()
        match = await host.play(match.id, mover(match), str(legal[0]), expected_ply=match.ply)
    finally:
        await first.close()
    second = await open_store(database.url)
    try:
        resumed = await Host(second).get(match.id)
        assert resumed.state == match.state and resumed.ply == match.ply
        assert str(resumed.last_move) == str(match.last_move)
        assert state_of(resumed).dice == state_of(match).dice
    finally:
        await second.close()


async def test_options_reach_the_rules(host: Host) -> None:
    match = await verquere_match(host, five_blots=True, five_closed_points=True)
    state = state_of(match)
    assert state.five_blots and state.five_closed_points
    assert dict(match.options) == {"five_blots": True, "five_closed_points": True}


# -- bad input ----------------------------------------------------------------------------------------


BAD_INPUT = [
    # (log to the position, text, error, what the message says)
    (["roll 5-3"], "1/8", IllegalMoveError, "`1/8` is 7 points, which no die or dice of your roll 5-3 make"),
    (["roll 6-6"], "1/7/13", IllegalMoveError, "point 13 is closed: your opponent has 15 men there"),
    (["roll 3-3"], "1/4 1/4", IllegalMoveError, "no point 2–11 may get a second man"),
    (BAR_LOG, "1/6", IllegalMoveError, "you have 1 man on the bar: enter them before moving any other man"),
    (EARLY_BEAR_OFF_LOG, "24/off", IllegalMoveError, "bear off only when all your men are on points 19–24"),
    (["roll 5-3"], "1/6", IllegalMoveError, "it uses only one die, but both can be played"),
    (
        LARGER_DIE_LOG,
        "6/8",
        IllegalMoveError,
        r"only one die can be played, and then it must be the larger one \(4\)",
    ),
    (TOUCHDOWN_LOG, "7/13/14", IllegalMoveError, "`7/13` cannot touch down on 13: point 13 is closed"),
    (["roll 5-3"], "hello", NotAMoveError, "`hello` is not a turn"),
    (["roll 5-3"], "", NotAMoveError, "An empty text is not a turn"),
    (["roll 5-3"], "1/4/9 1/6", IllegalMoveError, "has 3 steps, but a 5-3 gives only 2"),
    (["roll 5-3"], "roll 6-6", IllegalMoveError, "the dice are already rolled"),
    (["roll 5-3"], "pass", IllegalMoveError, "`pass` is not allowed: you can move with 5-3"),
]


@pytest.mark.parametrize(("entries", "text", "error", "message"), BAD_INPUT)
async def test_bad_input_is_explained_and_changes_nothing(
    host: Host,
    database: Database,
    entries: list[str],
    text: str,
    error: type[MoveError],
    message: str,
) -> None:
    match = await store_log(host, database, await verquere_match(host), entries)
    before = dump(database, match.id)
    with pytest.raises(error, match=message) as info:
        await host.play(match.id, mover(match), text, expected_ply=match.ply)
    said = str(info.value)
    assert "legal turn" in said  # and what the legal turns look like
    assert dump(database, match.id) == before


async def test_moves_out_of_turn_stale_or_by_outsiders_change_nothing(host: Host, database: Database) -> None:
    match = await store_log(host, database, await verquere_match(host), ["roll 5-3"])
    before = dump(database, match.id)
    waiting = seat_user(match, 1)
    with pytest.raises(NotYourTurn):
        await host.play(match.id, waiting, "1/4/9")
    with pytest.raises(StaleTurn):
        await host.play(match.id, mover(match), "1/4/9", expected_ply=0)
    with pytest.raises(Exception, match="not playing"):
        await host.play(match.id, CAT.user_id, "1/4/9")
    assert dump(database, match.id) == before
    played = await host.play(match.id, mover(match), "1/9", expected_ply=1)
    assert played.played[0].notation == "1/4/9"  # the touchdown left out names the one turn


async def test_move_numbers_count_the_players_moves_not_the_rolls(host: Host, store: Store) -> None:
    match = await verquere_match(host)
    assert (match.ply, match.move_count) == (1, 0)  # the opening roll is no move
    for played in range(1, 4):
        turn = state_of(match).legal_moves()[0]
        match = await host.play(match.id, mover(match), str(turn), expected_ply=match.ply)
        kinds = [e.kind for e in await store.log(match.id)]
        assert match.move_count == kinds.count(EntryKind.MOVE) == played
        assert match.ply == len(kinds) > match.move_count
        reread = await host.get(match.id)
        assert (reread.ply, reread.move_count) == (match.ply, match.move_count)
    (listing,) = await host.matches_in_channel(GUILD, CHANNEL)
    assert (listing.log_length, listing.move_count) == (match.ply, 3)
