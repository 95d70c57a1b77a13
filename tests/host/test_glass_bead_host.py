"""The Glass Bead Game through the host over a real SQLite file: whole games to their end, the
lazy legal moves (never listed), restarts, and bad input that is explained and changes nothing."""

from __future__ import annotations

import random

import pytest

from data import Store
from host import Host, MatchSnapshot, NotYourTurn, StaleTurn
from rules import GAMES, IllegalMoveError, MoveError, NotAMoveError
from rules.glass_bead import GlassBeadState
from tests.support.databases import Database
from tests.support.host import ANN, BOB, dump, mover, started_match

GAME = GAMES["glass-bead"]


def moves(text: str) -> list[str]:
    return text.split()


INDIRECT = ["A50", "c03", "C030", "e013", "B4051", "a1050", "C34", "d2050", "E13405"]
"""The rules file's example: North may now play `e250 x B5` (an indirect capture)."""
FEEDING = moves(
    "C03 a50 A05 d02 C5 c003 D2050 e0010 E1032 b05045 A3024 c300 B053040 a001 C100 d30251 D51201 a01 "
    "E0345 b02340 B0 c400001 A0004 e30030 E0xd5 d142 A43 a00 B00240xe1 c0 C0305000 b005 D31000 a140 E332"
)
"""A seeded random game after which South's pits are empty: North must feed (from `c`, `d`, `e`)."""
PLY_CAP = 400


async def new_match(host: Host) -> MatchSnapshot:
    return await started_match(host, "glass-bead", [ANN, BOB])


def bead_state(snapshot: MatchSnapshot) -> GlassBeadState:
    assert isinstance(snapshot.state, GlassBeadState)
    return snapshot.state


async def played(host: Host, log: list[str]) -> MatchSnapshot:
    match = await new_match(host)
    for text in log:
        match = await host.play(match.id, mover(match), text, expected_ply=match.ply)
    return match


async def test_a_match_starts_with_south_to_move_and_ten_moves(host: Host) -> None:
    match = await new_match(host)
    state = bead_state(match)
    assert state.to_move == 0 and len(state.legal_moves()) == 10
    assert match.seats[0].label in ("Ann", "Bob") and match.last_move is None


async def test_moves_land_in_canonical_notation_and_survive_a_restart(
    host: Host, store: Store, database: Database
) -> None:
    match = await played(host, INDIRECT)
    after = await host.play(match.id, mover(match), "e 2 5 0 X B5", expected_ply=match.ply)
    assert [p.notation for p in after.played] == ["e250 x B5"]
    assert "captures indirectly: purple gem from `B`" in after.played[0].description
    assert after.last_move is not None and str(after.last_move) == "e250 x B5"
    assert bead_state(after).points(1) == 5
    log = [entry.notation for entry in await store.log(match.id)]
    assert log == [*INDIRECT, "e250 x B5"]
    # a new host over the same file: the same state, and the last move found again from the log
    again = await Host(store).get(match.id)
    assert again.state == after.state and str(again.last_move) == "e250 x B5"
    assert GAME.replay(2, {}, log) == after.state


@pytest.mark.parametrize("seed", [1, 2])
async def test_whole_games_of_random_legal_moves(host: Host, store: Store, seed: int) -> None:
    """Random legal moves through the host (the lazy moves indexed, never listed), capped."""
    rng = random.Random(seed)
    match = await new_match(host)
    plies = 0
    while match.status == "playing" and plies < PLY_CAP:
        state = bead_state(match)
        legal = state.legal_moves()
        text = str(legal[rng.randrange(len(legal))])
        match = await host.play(match.id, mover(match), text, expected_ply=match.ply)
        plies += 1
        after = bead_state(match)
        assert sum(c[0] for c in after.pits) == 10  # every stone stays on the board
        assert (
            sum(after.points(seat) for seat in (0, 1))
            + sum(v * c[v] for c in after.pits for v in range(1, 6))
            == 30
        )
    if match.status == "playing":  # the cap: finish it by resigning
        match = await host.resign(match.id, mover(match))
    assert match.status == "finished" and match.outcome is not None
    assert len(match.outcome.winners) == 1
    log = [entry.notation for entry in await store.log(match.id) if entry.kind == "move"]
    replayed = GAME.replay(2, {}, log)
    assert isinstance(replayed, GlassBeadState) and replayed.pits == bead_state(match).pits


async def test_a_whole_game_ends_with_a_winner_and_a_result(host: Host, store: Store) -> None:
    """Seeded random games until one ends by the rules (no bead to sow) within the cap."""
    for seed in range(3, 40):
        rng = random.Random(seed)
        match = await new_match(host)
        for _ in range(PLY_CAP):
            if match.status != "playing":
                break
            legal = bead_state(match).legal_moves()
            text = str(legal[rng.randrange(len(legal))])
            match = await host.play(match.id, mover(match), text, expected_ply=match.ply)
        if match.status == "finished":
            break
    assert match.status == "finished" and match.outcome is not None
    assert "no bead left to sow" in match.outcome.reason
    assert match.outcome.scores == tuple(bead_state(match).points(seat) for seat in (0, 1))
    with pytest.raises(MoveError):
        bead_state(match).parse("A0")


BAD_MOVES = [
    (INDIRECT, "A05", IllegalMoveError, "one of South's pits: North sows from `a`–`e`"),
    (["A05", "a05"], "A05", IllegalMoveError, "which is empty"),
    (INDIRECT, "e2550", IllegalMoveError, "pit `e` holds only 1"),
    (INDIRECT, "e25", IllegalMoveError, "sows 2 beads, but pit `e` holds 3 beads"),
    (INDIRECT, "e250", IllegalMoveError, "add ` x ` and the gem you take"),
    (INDIRECT, "e250 x B5 D3", IllegalMoveError, "takes exactly 1 gem, not 2"),
    (INDIRECT, "e250 x B4", IllegalMoveError, "there is no red gem (`4`) in `B`"),
    (INDIRECT, "e205 x B5", IllegalMoveError, "captures nothing"),
    (FEEDING, "a3", IllegalMoveError, "breaks the feeding duty"),
    (INDIRECT, "hello", NotAMoveError, "is not a move"),
    (INDIRECT, "e7", NotAMoveError, "`7` is not a bead"),
]


@pytest.mark.parametrize(("log", "text", "error", "message"), BAD_MOVES)
async def test_bad_input_is_explained_and_changes_nothing(
    host: Host, database: Database, log: list[str], text: str, error: type[MoveError], message: str
) -> None:
    match = await played(host, log)
    before = dump(database, match.id)
    with pytest.raises(error, match=r"e\.g\.|For example|, as `") as caught:
        await host.play(match.id, mover(match), text, expected_ply=match.ply)
    assert message in str(caught.value)  # what is wrong, and (matched above) what would be legal
    assert dump(database, match.id) == before


async def test_out_of_turn_and_stale_moves_change_nothing(host: Host, database: Database) -> None:
    match = await new_match(host)
    other = next(uid for uid in match.human_ids if uid != mover(match))
    before = dump(database, match.id)
    with pytest.raises(NotYourTurn):
        await host.play(match.id, other, "a05")
    assert dump(database, match.id) == before
    moved = await host.play(match.id, mover(match), "A05", expected_ply=0)
    before = dump(database, match.id)
    with pytest.raises(StaleTurn):
        await host.play(match.id, mover(moved), "a05", expected_ply=0)
    assert dump(database, match.id) == before


async def test_feeding_is_enforced_and_the_fed_game_goes_on(host: Host) -> None:
    match = await played(host, FEEDING)
    state = bead_state(match)
    assert state.must_feed and state.playable_pits() == ("c", "d", "e")
    fed = await host.play(match.id, mover(match), "c00024", expected_ply=match.ply)
    assert any(bead_state(fed).pits[p] for p in range(5)) and fed.to_move == 0
