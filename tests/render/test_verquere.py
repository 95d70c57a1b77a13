"""The Verquere picture, checked against the reference images in tests/render/reference/.

After an intended change of the pictures: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest
tests/render/test_verquere.py`, then look at every new reference before committing it.
"""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise

import pytest

import render
from render import frame
from render import verquere as picture
from rules import CHANCE, GAMES, Outcome
from rules.text import ENGLISH
from rules.verquere import Pass, Turn, VerquereState
from tests.support.images import REFERENCE, assert_matches_reference, assert_same_picture_again, open_png
from tests.support.verquere import BEFORE_JUNCKER, MIDDLE_GAME, position, replay

GAME = GAMES["verquere"]
PLAYERS = ("alice", "Bob")


def jean() -> tuple[VerquereState, Turn]:
    """The rules file's Jean caption: White hits a fourth Black man while Black holds three of
    its first-quarter points, and wins a double game at once."""
    theirs = {13: 5, 14: 2, 15: 2, 9: 1, 24: 2}
    state = position({1: 14, 4: 1}, theirs, bar=(0, 3), dice=(5, 3))
    move = state.parse("4/9*")
    after = state.play(move)
    assert isinstance(after, VerquereState) and isinstance(move, Turn)
    return after, move


def borne_off() -> tuple[VerquereState, Turn]:
    """Black bears off its last two men with 6-4 and wins a single game."""
    state = position({24: 2}, {13: 3, 20: 2, 5: 1}, dice=(6, 4), seat=1)
    move = state.parse("24/off 24/off")
    after = state.play(move)
    assert isinstance(after, VerquereState) and isinstance(move, Turn)
    return after, move


# -- reference pictures ----------------------------------------------------------------------------


def test_start_with_the_first_roll() -> None:
    state = GAME.start(2).play("roll 5-3")
    png = render.board(state, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "verquere_start.png")


def test_middle_game_with_men_on_the_bar_and_a_hit() -> None:
    state, last = replay(MIDDLE_GAME, ["roll 5-2"])
    assert state.to_move == 1 and state.bar == (0, 2) and isinstance(last, Turn) and last.men_hit == 1
    png = render.board(state, last_move=last, names=PLAYERS)  # seen from Black, to move
    assert_matches_reference(png, REFERENCE / "verquere_middle.png")


def test_juncker_banner_and_a_double_to_play() -> None:
    state, last = replay([*BEFORE_JUNCKER, "12/17*/19", "roll 6-6", "pass"], ["roll 4-4"])
    assert isinstance(last, Pass) and last.juncker and state.juncker(1) and state.to_move == 0
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "verquere_juncker.png")


def test_jean_ends_the_game() -> None:
    state, last = jean()
    assert state.result is not None and state.result.termination == "jean"
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "verquere_jean.png")


def test_the_last_men_borne_off() -> None:
    state, last = borne_off()
    assert state.result is not None and state.result.termination == "borne-off" and state.off == (9, 15)
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "verquere_borne_off.png")


# -- the point of view --------------------------------------------------------------------------------


def test_the_board_follows_the_player_to_move() -> None:
    state, last = replay(MIDDLE_GAME, ["roll 5-2"])
    assert picture.viewer(state, None) == 1
    default = render.board(state, last_move=last, names=PLAYERS)
    assert default == render.board(state, last_move=last, names=PLAYERS, perspective=1)
    assert default != render.board(state, last_move=last, names=PLAYERS, perspective=0)
    rolling = GAME.replay(2, {}, MIDDLE_GAME)
    assert isinstance(rolling, VerquereState) and rolling.to_move == CHANCE
    assert picture.viewer(rolling, None) == 1  # the player about to roll
    over, _ = borne_off()
    assert picture.viewer(over, None) == 1  # the winner
    assert picture.viewer(over, 0) == 0


def test_points_and_men_seen_from_each_side() -> None:
    # From either side, a player's home (point 1) is top right and its point 24 bottom right.
    assert picture.point_x(1) > picture.point_x(6) > picture.point_x(7) > picture.point_x(12)
    assert picture.point_x(13) < picture.point_x(18) < picture.point_x(19) < picture.point_x(24)
    assert picture.point_x(1) == picture.point_x(24) and picture.point_x(12) == picture.point_x(13)
    top, bottom = picture.man_centre(1, 0), picture.man_centre(24, 0)
    assert top[1] < picture.GAP_TOP < picture.GAP_BOTTOM < bottom[1]
    assert picture.man_centre(1, 9) == picture.man_centre(1, picture.SHOWN - 1)  # tall stacks stop
    mine, theirs = picture.bar_centre(True, 0), picture.bar_centre(False, 0)
    assert mine[1] < picture.GAP_MIDDLE < theirs[1]


def test_arrows_and_hits_of_the_last_turn() -> None:
    state, last = replay(MIDDLE_GAME, ["roll 5-2"])
    assert isinstance(last, Turn)
    paths, badges = picture.turn_arrows(state, last, 1)
    assert len(paths) == len(last.steps) == 2
    assert [count for _, count in badges] == [1]
    for path, step in zip(paths, last.steps, strict=True):
        # White's 10/14 is Black's 22/2: from the bottom right up to the top right
        tip = path[-1]
        start_row_bottom = path[0][1] > picture.GAP_MIDDLE
        assert start_row_bottom and tip[1] < picture.GAP_MIDDLE, step
    touchdown = GAME.start(2).play("roll 5-3")
    move = touchdown.parse("1/4/9")
    assert isinstance(move, Turn)
    after = touchdown.play(move)
    assert isinstance(after, VerquereState)
    paths, badges = picture.turn_arrows(after, move, 0)
    assert len(paths) == 2 and badges == []  # a touchdown is drawn as two arrows


def test_same_input_same_bytes() -> None:
    state, last = replay(MIDDLE_GAME, ["roll 5-2"])
    first = assert_same_picture_again(state, last, PLAYERS, between=GAME.start(2).play("roll 6-6"))
    image = open_png(first)
    assert image.mode == "RGB" and 900 <= image.width <= 1000 and image.height < 1100


# -- words ---------------------------------------------------------------------------------------------


def test_status_shows_the_roll_to_play_or_to_roll() -> None:
    rolled = GAME.start(2).play("roll 5-3")
    assert isinstance(rolled, VerquereState)
    assert picture.status(rolled, PLAYERS, ENGLISH).text == "alice (White) to move · roll 5-3"
    waiting = GAME.start(2)
    assert isinstance(waiting, VerquereState)
    assert picture.status(waiting, ("White", "Black"), ENGLISH) == frame.Status(
        "White to roll", picture.WHITE
    )
    over, _ = jean()
    assert picture.status(over, PLAYERS, ENGLISH).text.startswith("alice (White) wins — Jean")


def test_banners() -> None:
    over, _ = jean()
    assert picture.banner_texts(over, ENGLISH) == (
        "JEAN",
        "Black can never enter all men: White wins a double game (2 points)",
    )
    won, _ = borne_off()
    assert picture.banner_texts(won, ENGLISH) == (
        "BLACK BORE OFF ALL 15 MEN",
        "Black wins a single game (1 point)",
    )
    doubled = position({23: 1, 24: 14}, {13: 15}, dice=(2, 1)).play("23/24")
    assert isinstance(doubled, VerquereState)
    assert picture.banner_texts(doubled, ENGLISH) == (
        "ALL 15 ON POINT 24",
        "White wins a double game (2 points)",
    )
    resigned = GAME.start(2).resign(0)
    assert isinstance(resigned, VerquereState)
    assert picture.banner_texts(resigned, ENGLISH) == ("WHITE RESIGNED", "Black wins a single game (1 point)")
    stuck = replace(resigned, result=Outcome((), (0, 0), "both Juncker", "juncker"))
    assert picture.banner_texts(stuck, ENGLISH) == (
        "BOTH JUNCKER",
        "Neither player can ever move again: the game is a draw",
    )
    juncker, _ = replay([*BEFORE_JUNCKER, "12/17*/19", "roll 6-6", "pass"], ["roll 4-4"])
    title, line = picture.banner_texts(juncker, ENGLISH) or ("", "")
    assert title == "JUNCKER" and line.startswith("Black has 3 men on the bar")
    start = GAME.start(2)
    assert isinstance(start, VerquereState) and picture.banner_texts(start, ENGLISH) is None
    for state in (resigned, stuck):
        render.board(state)  # every ending renders


def test_last_turn_in_words() -> None:
    _, hit = replay(MIDDLE_GAME)
    # In the numbering of the board shown: seen from Black, White's 10/14 8/14* is 22/2 20/2*.
    assert picture.last_turn_text(hit, PLAYERS, 1, ENGLISH) == (
        "alice (White) played 22/2 20/2* (10/14 8/14* as White writes it), hitting 1 man"
    )
    assert (
        picture.last_turn_text(hit, PLAYERS, 0, ENGLISH) == "alice (White) played 10/14 8/14*, hitting 1 man"
    )
    _, passed = replay([*BEFORE_JUNCKER, "12/17*/19", "roll 6-6", "pass"])
    assert picture.last_turn_text(passed, ("White", "Black"), 0, ENGLISH) == (
        "Black passed (6-6): Juncker: 3 men on the bar and only 2 points open"
    )
    assert picture.last_turn_text(None, PLAYERS, 0, ENGLISH) == "No turn played yet"


def one_point_move() -> tuple[VerquereState, Turn]:
    """White moves one man a single point (14/15) and another two (20/22)."""
    state = position({14: 1, 20: 1, 1: 13}, {5: 2, 3: 13}, dice=(2, 1))
    move = state.parse("14/15 20/22")
    after = state.play(move)
    assert isinstance(after, VerquereState) and isinstance(move, Turn)
    return after, move


def test_a_one_point_move_is_a_clear_arrow() -> None:
    state, move = one_point_move()
    paths, _ = picture.turn_arrows(state, move, 1)
    for path in paths:  # every arrow has a shaft longer than its head
        length = sum(math.dist(a, b) for a, b in pairwise(path))
        assert length > 2.5 * picture.ARROW_HEAD, path
    png = render.board(state, last_move=move)
    assert_matches_reference(png, REFERENCE / "verquere_one_point_move.png")


def test_pips_to_go() -> None:
    start = GAME.start(2)
    assert isinstance(start, VerquereState)
    assert start.pips_to_go(0) == start.pips_to_go(1) == 15 * 24
    over, _ = borne_off()
    assert over.pips_to_go(1) == 0


def test_wrong_state_or_move_is_refused() -> None:
    with pytest.raises(TypeError):
        picture.render(GAMES["keibot"].start(2), perspective=None, last_move=None, names=None)
    with pytest.raises(TypeError):
        render.board(GAME.start(2), last_move="1/4/9")  # type: ignore[arg-type]
