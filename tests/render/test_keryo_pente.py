"""The Keryo-Pente picture, checked against the reference images in tests/render/reference/.

After an intended change of the pictures: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest
tests/render`, then look at every new reference before committing it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import render
from render import frame, palette, stencil, typeset
from rules import GAMES, Outcome
from rules.keryo_pente import Point
from rules.text import ENGLISH
from tests.support.images import REFERENCE, assert_matches_reference, assert_same_picture_again, open_png
from tests.support.keryo_pente import FIVE_IN_A_ROW, replay
from tests.support.logs import words

GAME = GAMES["keryo-pente"]


MIDDLE_GAME = words(
    # Six players, 84 moves picked once with random.Random(2) near the centre: 20 stones captured.
    "K10 E6 P5 J9 E15 F7 J15 L15 O8 G8 M12 N7 O12 J5 L12 E14 G7 P10 M13 J10 P14 E12 F10 N12 H11 G12 "
    "N8 K5 H5 L10 F12 N9 E11 N11 N13 L7 J14 O7 P8 M8 L5 M7 M10 P7 P6 K14 L14 M11 N14 N15 H8 L13 G13 "
    "M15 P11 O11 J12 H14 K7 K13 K12 F15 M9 O9 E7 O15 E10 H10 N10 G15 G14 K8 E13 K15 P9 P15 N9 L8 L11 "
    "H13 K11 O13 G10 F11"
)
PLAYERS = ("alice", "Bob", "carol", "dave", "eve", "frank")
LONG_NAME = "Bartholomew the Extraordinarily Long-Named Builder of Castles " * 3


def test_start() -> None:
    state = GAME.start(2)
    assert_matches_reference(render.board(state), REFERENCE / "keryo_pente_start.png")


def test_six_player_middle_game() -> None:
    state, last = replay(6, MIDDLE_GAME)
    assert state.outcome() is None and sum(state.captures) == 20 and state.to_move == 0
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "keryo_pente_six_players.png")


def test_five_in_a_row() -> None:
    state, last = replay(3, FIVE_IN_A_ROW)
    assert state.outcome() == Outcome((1,), (0, 0, 2), "five in a row", "five-in-a-row")
    png = render.board(state, last_move=last)
    assert_matches_reference(png, REFERENCE / "keryo_pente_five_in_a_row.png")


def test_a_capture_marks_the_points_it_emptied() -> None:
    state, last = replay(3, FIVE_IN_A_ROW[:12])  # Yellow's K15 takes K14 and K13
    assert [str(Point(i)) for i in state.last_capture] == ["K14", "K13"]
    png = render.board(state, last_move=last)
    assert_matches_reference(png, REFERENCE / "keryo_pente_capture.png")
    without = render.board(replace(state, last_capture=()), last_move=last)
    assert open_png(png).tobytes() != open_png(without).tobytes()


def test_resigned_seat_and_unusual_names() -> None:
    state = GAME.replay(4, {}, MIDDLE_GAME[:40]).resign(2)
    names = ["alice 🎲", LONG_NAME, "Zoë\nŁukasz", "  "]  # emoji shown as □, one line, blank → "Green"
    png = render.board(state, names=names)
    assert_matches_reference(png, REFERENCE / "keryo_pente_resigned.png")


def test_same_input_same_bytes() -> None:
    state, last = replay(6, MIDDLE_GAME)
    assert_same_picture_again(state, last, PLAYERS, between=GAME.start(3), perspectives=(3,))


def test_png_has_no_metadata() -> None:
    png = render.board(GAME.start(2))
    chunks = []
    at = 8
    while at < len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        chunks.append(png[at + 4 : at + 8])
        at += 12 + length
    assert chunks == [b"IHDR", b"IDAT", b"IEND"]
    image = open_png(png)
    assert image.mode == "RGB" and 900 <= image.width <= 1000
    assert not image.info


def test_long_names_are_trimmed() -> None:
    state = GAME.start(2)
    short = open_png(render.board(state, names=["alice", "bob"]))
    long = open_png(render.board(state, names=[LONG_NAME, LONG_NAME]))
    assert long.size == short.size
    face = typeset.font(frame.NAME_SIZE, bold=True)
    trimmed = typeset.trim(LONG_NAME.strip(), face, 300)
    assert trimmed.endswith("…") and face.getlength(trimmed) <= 300
    assert typeset.trim("alice", face, 300) == "alice"
    status = frame.status_for(state, [LONG_NAME.strip(), "bob"], [palette.RED, palette.BLUE], ENGLISH)
    assert status.text.endswith("… (Red) to move")


def test_names_must_match_the_seats() -> None:
    with pytest.raises(ValueError, match="3 entries for 2 seats"):
        render.board(GAME.start(2), names=["a", "b", "c"])


def test_status_lines() -> None:
    colours = [palette.RED, palette.BLUE, palette.YELLOW]
    start = GAME.start(3)
    assert frame.status_for(start, ("Red", "Blue", "Yellow"), colours, ENGLISH) == frame.Status(
        "Red to move", palette.RED
    )
    won, _ = replay(3, FIVE_IN_A_ROW)
    assert frame.status_for(won, ("a", "b", "c"), colours, ENGLISH).text == "b (Blue) wins — five in a row"
    full = replace(won, result=Outcome((), (0, 0, 2), "the board is full"))
    assert frame.status_for(full, ("Red", "Blue", "Yellow"), colours, ENGLISH) == frame.Status(
        "Draw — the board is full"
    )
    png = render.board(full)  # a draw renders, with no seat marked
    assert open_png(png).size == open_png(render.board(won)).size


def test_unknown_game_is_refused() -> None:
    class Chess:
        key = "chess"

    class ChessState:
        game = Chess()

    with pytest.raises(render.UnknownGameError, match=r"'chess'.*keryo-pente"):
        render.board(ChessState())  # type: ignore[arg-type]
    with pytest.raises(render.UnknownGameError):
        render.board(object())  # type: ignore[arg-type]


def test_wrong_last_move_is_refused() -> None:
    with pytest.raises(TypeError):
        render.board(GAME.start(2), last_move="K10")  # type: ignore[arg-type]


def test_frame_drawing_helpers() -> None:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (200, 100), (255, 255, 255))
    stencil.paste_arrows(
        image, [((20, 50), (180, 50)), ((10, 10), (10, 10))], fill=palette.BLUE.fill, width=8
    )
    assert image.getpixel((100, 50)) == palette.BLUE.fill  # on the shaft
    assert image.getpixel((100, 5)) == (255, 255, 255)
    typeset.text_in_circle(ImageDraw.Draw(image), (30, 30), 20, "12", fill=(0, 0, 0))
    sprite = frame.stone(palette.YELLOW, 40)
    assert sprite.mode == "RGBA" and sprite.size == (40, 40) and sprite.getpixel((0, 0)) == (0, 0, 0, 0)
    assert palette.ink_on(palette.YELLOW.fill) != palette.ink_on(palette.BLUE.fill)
    assert len({c.letter for c in palette.SEAT_COLOURS.values()}) == len(palette.SEAT_COLOURS)
