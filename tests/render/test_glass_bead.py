"""The Glass Bead Game picture, checked against the reference images in tests/render/reference/.

After an intended change of the pictures: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest
tests/render/test_glass_bead.py`, then look at every new reference before committing it.
"""

from __future__ import annotations

import pytest

import render
from render import glass_bead as picture
from rules import GAMES
from rules.glass_bead import GlassBeadState, Sowing
from rules.text import ENGLISH
from tests.support.glass_bead import position
from tests.support.images import REFERENCE, assert_matches_reference, assert_same_picture_again, open_png

GAME = GAMES["glass-bead"]
PLAYERS = ("alice", "Bob")

INDIRECT = ["A50", "c03", "C030", "e013", "B4051", "a1050", "C34", "d2050", "E13405", "e250 x B5"]
"""The rules file's example, ending with North's indirect capture of B's purple gem."""
DIRECT = ["A05", "c03", "C503", "d002", "B4002", "a5023", "E1000"]
"""The rules file's example, ending with South's direct capture of d's green gem."""


def replay(log: list[str]) -> tuple[GlassBeadState, Sowing]:
    before = GAME.replay(2, {}, log[:-1])
    last = before.parse(log[-1])
    state = before.play(last)
    assert isinstance(state, GlassBeadState) and isinstance(last, Sowing)
    return state, last


def after(before: GlassBeadState, text: str) -> tuple[GlassBeadState, Sowing]:
    move = before.parse(text)
    state = before.play(move)
    assert isinstance(state, GlassBeadState) and isinstance(move, Sowing)
    return state, move


def test_start() -> None:
    assert_matches_reference(render.board(GAME.start(2)), REFERENCE / "glass_bead_start.png")


def test_middle_game_with_an_indirect_capture() -> None:
    state, last = replay(INDIRECT)
    assert last.capture == "indirect" and state.points(1) == 5
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "glass_bead_indirect.png")


def test_direct_capture() -> None:
    state, last = replay(DIRECT)
    assert last.capture == "direct" and state.points(0) == 2
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "glass_bead_direct.png")


def test_a_full_pit_shows_counts_and_must_feed() -> None:
    # 18 beads in A (shown as counts per value), North's pits empty: South must feed
    state = position(["000000000012345543", "", "", "", "", "", "", "", "", ""], ("", "12"))
    assert picture.status(state, ("South", "North"), ENGLISH).text == "South to move — must feed North"
    assert_matches_reference(render.board(state), REFERENCE / "glass_bead_full_pit.png")


def test_a_sowing_of_18_beads_round_the_ring() -> None:
    before = position(["000000000012345543", "", "", "", "", "", "", "", "", ""], ("", "12"))
    state, last = after(before, "A554433210000000000 x d1")
    assert len(last.path) == 18 and last.path[9] == 1  # the 10th bead skips the emptied A
    png = render.board(state, last_move=last)
    assert_matches_reference(png, REFERENCE / "glass_bead_round_the_ring.png")


def test_a_chain_taking_from_the_pits_then_the_cup() -> None:
    before = position(["0", "0", "0", "0", "024", "05", "", "", "", "0000"], ("531", "1234"), 1)
    state, last = after(before, "e0000 x E42 53")
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "glass_bead_chain.png")


def test_the_endgame() -> None:
    before = position(["0000", "000", "0", "", "0", "0", "", "", "", ""], ("54", "11223345"))
    state, last = after(before, "E0 x 5")
    assert state.endgame and state.outcome() is None
    status = picture.status(state, PLAYERS, ENGLISH)
    assert status.text == "Bob (North) to move — endgame"
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "glass_bead_endgame.png")


@pytest.mark.parametrize(
    ("cups", "winner", "text"),
    [
        (("5541", "122334"), 0, "alice (South) wins with 15 points"),
        (("554", "1122334"), 1, "Bob (North) wins — South has only 14 points"),
    ],
)
def test_the_end_both_ways(cups: tuple[str, str], winner: int, text: str) -> None:
    before = position(["00", "000", "00", "00", "0", "", "", "", "", ""], cups)
    state, last = after(before, "A00")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (winner,)
    assert picture.status(state, PLAYERS, ENGLISH).text == text
    if winner == 0:
        png = render.board(state, last_move=last, names=PLAYERS)
        assert_matches_reference(png, REFERENCE / "glass_bead_end.png")


def test_resignation_keeps_the_usual_status() -> None:
    state = GAME.start(2).resign(0)
    assert isinstance(state, GlassBeadState)
    assert picture.status(state, PLAYERS, ENGLISH).text == "Bob (North) wins — South resigned"


def test_same_input_same_bytes_and_phone_size() -> None:
    state, last = replay(INDIRECT)
    first = assert_same_picture_again(state, last, PLAYERS, between=GAME.start(2), perspectives=(1,))
    image = open_png(first)
    assert image.width >= 960 and image.height < 1000


def test_wrong_types_are_refused() -> None:
    state, _ = replay(INDIRECT)
    with pytest.raises(TypeError):
        picture.render(state, perspective=None, last_move="e250", names=None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        picture.render(GAMES["keryo-pente"].start(2), perspective=None, last_move=None, names=None)


def test_caption_spells_the_move_out() -> None:
    _, last = replay(DIRECT)
    assert picture.caption(last, ENGLISH) == "Last move: E1000 — 4 beads from E, captured 2 from d"
    _, chain = after(
        position(["0", "0", "0", "0", "024", "05", "", "", "", "0000"], ("531", "1234"), 1), "e0000 x E42 53"
    )
    assert (
        picture.caption(chain, ENGLISH)
        == "Last move: e0000 x E42 53 — 4 beads from e, took 4 2 from E, 5 3 from the cup"
    )
    assert picture.caption(None, ENGLISH).startswith("Sowing runs A → B")
