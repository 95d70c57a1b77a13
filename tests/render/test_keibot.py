"""The Keibot picture, checked against the reference images in tests/render/reference/.

After an intended change of the pictures: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest
tests/render/test_keibot.py`, then look at every new reference before committing it.
"""

from __future__ import annotations

import random

import pytest
from PIL import Image

import render
from render import frame, layers
from render import keibot as picture
from rules import GAMES, Outcome
from rules.keibot import BEAD, MOAI, KeibotState, KnightMove, square_index
from rules.text import ENGLISH
from tests.support.images import REFERENCE, assert_matches_reference, assert_same_picture_again, open_png
from tests.support.keibot import THREE_IN_A_ROW
from tests.support.logs import words

GAME = GAMES["keibot"]


MIDDLE_GAME = words(
    # 22 moves of a seeded random game (closed setup): Black has just captured on f4 and placed a
    # bead on f5; each side has taken one Moai and placed 4 beads.
    "e1-f3 b7-c5 f1-e3 c5-b7 e3-d5 b7-a5 d5-c3 d7-c5 c3-e4 a5-b3 e4xc5 c7-e6 d1-e3 e6-f4 c5-e6 "
    "f4-g2 e3-d5 b3-a1 e6-f4 e7-g6 d5-f6 g6xf4"
)
PLAYERS = ("alice", "Bob")


def replay(log: list[str], setup: str = "closed") -> tuple[KeibotState, KnightMove]:
    """The state after `log`, and its last move."""
    before = GAME.replay(2, {"setup": setup}, log[:-1])
    last = before.parse(log[-1])
    state = before.play(last)
    assert isinstance(state, KeibotState) and isinstance(last, KnightMove)
    return state, last


def pixel(png: bytes, square: str, dx: int = 0, dy: int = 0) -> tuple[int, int, int]:
    """The colour of the picture at the centre of a square (moved by dx, dy)."""
    x, y = picture.centre(square_index(square))
    image = open_png(png)
    left = (image.width - picture.BOARD_PX) // 2
    value = image.getpixel((left + x + dx, frame.HEADER_HEIGHT + y + dy))
    assert isinstance(value, tuple)
    return value[0], value[1], value[2]


def test_start() -> None:
    state = GAME.start(2, setup="closed")
    assert_matches_reference(render.board(state), REFERENCE / "keibot_start.png")


def test_middle_game() -> None:
    state, last = replay(MIDDLE_GAME)
    assert state.outcome() is None and state.to_move == 0
    assert state.captured == (1, 1) and state.placed == (4, 4)
    assert str(last) == "g6xf4" and last.bead_squares == ("f5",) and state.protected_square == "f4"
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "keibot_middle_game.png")


def test_three_in_a_row() -> None:
    state, last = replay(THREE_IN_A_ROW)
    assert state.outcome() == Outcome((0,), (4, 5), "White has three beads in a row", "three-in-a-row")
    assert str(last) == "g6xe5" and "d4" in last.bead_squares
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "keibot_win.png")


def test_pieces_differ_in_shape_and_letter_not_only_in_colour() -> None:
    assert picture.WHITE.shape != picture.BLACK.shape
    assert picture.WHITE.letter != picture.BLACK.letter
    moai = [frame.stone(colour, picture.MOAI_PX) for colour in picture.COLOURS]
    corner = 12  # inside a square Moai's corner, outside a round one
    assert moai[0].getpixel((corner, corner))[3] == 0  # type: ignore[index]
    assert moai[1].getpixel((corner, corner))[3] == 255  # type: ignore[index]


def test_pieces_are_where_the_state_says() -> None:
    state, last = replay(MIDDLE_GAME)
    png = render.board(state, last_move=last)
    white, black = picture.WHITE.fill, picture.BLACK.fill
    assert pixel(png, "f6", dx=-30) == white and pixel(png, "a1", dx=-30) == black  # Moai
    assert pixel(png, "c6", dx=-15) == white and pixel(png, "b1", dx=-15) == black  # beads
    assert pixel(png, "e5") in (picture.WOOD_LIGHT, picture.WOOD_DARK)  # empty


def test_the_protected_moai_is_framed_only_while_the_game_goes_on() -> None:
    state, last = replay(MIDDLE_GAME)
    edge = picture.CELL // 2 - 8  # on the frame, at the middle of the square's right side
    assert pixel(render.board(state, last_move=last), "f4", dx=edge) == picture.PROTECT
    assert pixel(render.board(state), "f4", dx=edge) == picture.PROTECT  # also without a last move
    resigned = state.resign(0)
    assert pixel(render.board(resigned, last_move=last), "f4", dx=edge) != picture.PROTECT


def test_other_setups_and_a_resignation_render() -> None:
    for setup in ("split", "open"):
        state = GAME.start(2, setup=setup)
        image = open_png(render.board(state))
        assert image.width >= frame.MIN_WIDTH
    state, last = replay(MIDDLE_GAME)
    resigned = state.resign(1)
    png = render.board(resigned, last_move=last, names=PLAYERS)
    assert open_png(png).size == open_png(render.board(state)).size


def test_panel_lines() -> None:
    state, _ = replay(MIDDLE_GAME)
    assert picture.scores(state, ENGLISH) == ["4 beads placed · 6 left · took 1 Moai"] * 2
    start = GAME.start(2)
    assert isinstance(start, KeibotState)
    assert picture.scores(start, ENGLISH)[0] == "0 beads placed · 10 left · took 0 Moai"


def test_same_input_same_bytes_and_a_phone_sized_picture() -> None:
    state, last = replay(MIDDLE_GAME)
    between = GAME.start(2, setup="open")
    first = assert_same_picture_again(state, last, PLAYERS, between=between, perspectives=(1,))
    image: Image.Image = open_png(first)
    assert image.mode == "RGB" and image.width >= 960 and image.height < 1400


def test_wrong_inputs_are_refused() -> None:
    with pytest.raises(TypeError, match="not a Keibot move"):
        render.board(GAME.start(2), last_move="c1-d3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not a Keibot state"):
        picture.render(GAMES["keryo-pente"].start(2), perspective=None, last_move=None, names=None)


def random_positions(count: int, seed: int) -> list[tuple[KeibotState, KnightMove | None]]:
    """(state, the move that led to it) of seeded random games, a new one when one ends (won
    games among them)."""
    rng = random.Random(seed)
    state, last = GAME.start(2), None
    out: list[tuple[KeibotState, KnightMove | None]] = []
    while len(out) < count:
        if state.to_move is None:
            state, last = GAME.start(2, setup=rng.choice(["closed", "split", "open"])), None
        legal = state.legal_moves()
        last = legal[rng.randrange(len(legal))]
        state = state.play(last)
        assert isinstance(state, KeibotState) and isinstance(last, KnightMove)
        out.append((state, last))
    return out


def test_a_square_pasted_as_its_picture_is_the_square_drawn_layer_by_layer() -> None:
    # A square holding a piece, a tint or a ring is pasted as one cached picture, without a mask:
    # the same pixels as its tint, piece and ring painted over the empty board one by one.
    base = picture._empty_board(picture.legend_words(ENGLISH))
    kinds = set()
    for state, last in [(GAME.start(2), None), *random_positions(120, seed=2)]:
        assert isinstance(state, KeibotState)
        squares = layers.LayeredBoard(base, "squares")
        picture._add_squares(squares, state, last)
        one_by_one = layers.LayeredBoard(base, "one by one")
        picture._add_marks_and_pieces(one_by_one, state, last, None)
        assert squares.whole().tobytes() == one_by_one.whole().tobytes()
        kinds |= {layer.key[2:] for layer in squares.layers if isinstance(layer.key, tuple)}
    assert {(True, 0, False), (True, MOAI[0], False), (False, BEAD[1], True)} <= kinds


def test_a_sprite_pasted_in_pieces_is_the_sprite_pasted_whole() -> None:
    # The arrows and the protected Moai's frame are pasted as the pieces of their sprites where
    # they are not transparent, on the rows a strip of the board asks for.
    rng = random.Random(6)
    sprites = [picture._arrow(*jump)[0] for jump in picture.KNIGHT_JUMPS]
    for sprite in [*sprites, picture._protected_frame(picture.CELL), picture._shield_badge(40)]:
        pieces = picture._sprite_pieces(sprite, 3, 5)
        assert sum((x1 - x0) * (y1 - y0) for (x0, y0, x1, y1), _ in pieces) < sprite.width * sprite.height
        ground = Image.effect_noise((sprite.width + 10, sprite.height + 12), 50).convert("RGB")
        whole = ground.copy()
        whole.paste(sprite, (3, 5), sprite)
        board = layers.LayeredBoard(ground, "noise")
        picture._add_pieces(board, "sprite", pieces, (0, 0))
        assert board.whole().tobytes() == whole.tobytes()
        top = rng.randrange(ground.height - 1)
        with board.draw(top, top + 1) as (rows, first):
            assert (
                rows.crop((0, first, ground.width, first + 1)).tobytes()
                == whole.crop((0, top, ground.width, top + 1)).tobytes()
            )
