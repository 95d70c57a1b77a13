"""The Keibot picture: the 7×7 board with files a–g and ranks 1–7 on all four sides, White's
Moai round with a W and Black's square with a K, the beads as small pieces of the same shape and
colour, the protected Moai in a yellow frame with a shield, the last move as an arrow (its
capture and its new beads marked), the winning row of beads, and a legend line under the board.
The panel tells each side's beads left and the Moai it took."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from rules.keibot import BEAD, FILES, LINES, MOAI, SIZE, THREE_IN_A_ROW, KeibotState, KnightMove
from rules.text import Words

from . import frame, layers, palette, stencil, typeset

CELL = 120
"""Pixels of one square."""
EDGE = 44
"""Pixels from the board's edge to the first square (room for the coordinates)."""
BOARD_PX = EDGE * 2 + CELL * SIZE
LEGEND_HEIGHT = 56
"""The legend line under the board."""
MOAI_PX = 92
BEAD_PX = 46
CAPTURE_PX = 36
ARROW_WIDTH = 9
SHIELD_PX = 38

WOOD_LIGHT: palette.RGB = (236, 222, 190)
WOOD_DARK: palette.RGB = (212, 189, 146)
FRAME_WOOD: palette.RGB = (190, 160, 112)
INK: palette.RGB = (64, 52, 36)
COORD_SIZE = 22
LEGEND_SIZE = 20
ARROW: palette.RGB = (0, 114, 178)
"""The last move's arrow: Okabe & Ito's blue, with a dark border (no seat is blue here)."""
TRACE: palette.RGB = (160, 196, 220)
"""The tint of the squares the last move left and reached."""
PROTECT: palette.RGB = (240, 228, 66)
"""The frame and shield of the protected Moai (Okabe & Ito's yellow, with a dark border)."""
CAPTURE: palette.RGB = (213, 94, 0)
"""The badge on a square where a Moai was captured (vermillion, with a white ×)."""
WIN_BAND: palette.RGB = (255, 255, 255)

WHITE = palette.WHITE
BLACK = replace(palette.BLACK, shape="square")
COLOURS = (WHITE, BLACK)
"""White's pieces are round with a W, Black's square with a K: shape, letter and colour differ."""


def centre(square: int) -> tuple[int, int]:
    """The pixel centre of a square (rank 1, White's side, is drawn at the bottom)."""
    rank, file = divmod(square, SIZE)
    return EDGE + file * CELL + CELL // 2, EDGE + (SIZE - 1 - rank) * CELL + CELL // 2


def _shield(draw: ImageDraw.ImageDraw, left: float, top: float, width: float, scale: int) -> None:
    """A shield with a dark border and a dark keyhole, `width` px wide at (left, top)."""
    height = width * 1.15

    def points(grow: float) -> list[tuple[float, float]]:
        x0, x1 = left - grow, left + width + grow
        y0, y1 = top - grow, top + height + grow * 1.4
        mid = (x0 + x1) / 2
        return [
            (x0, y0 + height * 0.12),
            (mid, y0),
            (x1, y0 + height * 0.12),
            (x1, y0 + height * 0.5),
            (mid, y1),
            (x0, y0 + height * 0.5),
        ]

    draw.polygon(points(2.5 * scale), fill=palette.OUTLINE)
    draw.polygon(points(0), fill=PROTECT)
    mid = left + width / 2
    hole = width * 0.13
    draw.ellipse(
        (mid - hole, top + height * 0.3, mid + hole, top + height * 0.3 + 2 * hole), fill=palette.OUTLINE
    )
    draw.polygon(
        [
            (mid - hole * 0.6, top + height * 0.3 + hole),
            (mid + hole * 0.6, top + height * 0.3 + hole),
            (mid + hole * 1.1, top + height * 0.68),
            (mid - hole * 1.1, top + height * 0.68),
        ],
        fill=palette.OUTLINE,
    )


@cache
def _protected_frame(cell: int) -> Image.Image:
    """A yellow frame with a dark border just inside a square: its Moai is protected."""
    big, draw, s = stencil.supersampled((cell, cell))
    inset, band = 3 * s, 8 * s
    outer = (inset, inset, cell * s - 1 - inset, cell * s - 1 - inset)
    draw.rounded_rectangle(outer, radius=12 * s, outline=palette.OUTLINE, width=band + 4 * s)
    inner = (inset + 2 * s, inset + 2 * s, cell * s - 1 - inset - 2 * s, cell * s - 1 - inset - 2 * s)
    draw.rounded_rectangle(inner, radius=10 * s, outline=PROTECT, width=band)
    return big.reduce(s)


@cache
def _shield_badge(width: int) -> Image.Image:
    """The shield of the protected Moai (and of the legend) as a sprite `width` px wide."""
    big, draw, s = stencil.supersampled((width, math.ceil(width * 1.3)))
    _shield(draw, 3 * s, 3 * s, (width - 6) * s, s)
    return big.reduce(s)


@cache
def _capture_badge(diameter: int) -> Image.Image:
    """A vermillion disc with a white ×: a Moai was captured on this square."""
    s = stencil.SUPERSAMPLE
    size = diameter * s
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, size - 1, size - 1), fill=palette.OUTLINE)
    rim = 2 * s
    draw.ellipse((rim, rim, size - 1 - rim, size - 1 - rim), fill=CAPTURE)
    arm = size * 0.22
    middle = size / 2
    for sign in (1, -1):
        draw.line(
            (middle - arm, middle - sign * arm, middle + arm, middle + sign * arm),
            fill=(255, 255, 255),
            width=round(size * 0.12),
        )
    return big.reduce(s)


@cache
def _new_bead_ring(diameter: int) -> Image.Image:
    """A ring in the arrow's colour around a bead placed by the last move."""
    s = stencil.SUPERSAMPLE
    size = diameter * s
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    draw.ellipse((0, 0, size - 1, size - 1), outline=palette.OUTLINE, width=9 * s)
    draw.ellipse((s, s, size - 1 - s, size - 1 - s), outline=ARROW, width=6 * s)
    return big.reduce(s)


def _legend(image: Image.Image, top: int, legend: tuple[str, str, str]) -> None:
    """One line under the board: what the shield, the capture badge and the ring mean."""
    draw = ImageDraw.Draw(image)
    face = typeset.font(LEGEND_SIZE)
    middle = top + LEGEND_HEIGHT // 2
    x = EDGE
    icon = 34
    items: list[tuple[Image.Image, str]] = [
        (_shield_badge(SHIELD_PX - 4), legend[0]),
        (_capture_badge(icon - 6), legend[1]),
        (_new_bead_ring(icon), legend[2]),
    ]
    for sprite, text in legend_items(items, face, BOARD_PX - EDGE - x):
        image.paste(sprite, (x, middle - sprite.height // 2), sprite)
        x += sprite.width + 8
        typeset.text(draw, (x, middle), text, font=face, fill=palette.TEXT, anchor="lm")
        x += int(typeset.text_length(text, face)) + 34


def legend_items(
    items: list[tuple[Image.Image, str]], face: ImageFont.FreeTypeFont, room: float
) -> list[tuple[Image.Image, str]]:
    """The legend's items as they fit in `room` pixels: each item's words shortened (at a word's
    end) by the same share of the room when a language makes them longer than the line."""
    needed = sum(sprite.width + 8 + typeset.text_length(text, face) + 34 for sprite, text in items) - 34
    if needed <= room:
        return items
    spare = room - sum(sprite.width + 8 + 34 for sprite, _ in items) + 34
    each = spare / len(items)
    return [(sprite, typeset.shorten(text, face, each)) for sprite, text in items]


@cache
def _empty_board(legend: tuple[str, str, str]) -> Image.Image:
    """The board without pieces: the frame, the squares, the coordinates, the legend (built once)."""
    image = Image.new("RGB", (BOARD_PX, BOARD_PX + LEGEND_HEIGHT), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, BOARD_PX - 1, BOARD_PX - 1), radius=14, fill=FRAME_WOOD)
    for square in range(SIZE * SIZE):
        rank, file = divmod(square, SIZE)
        x, y = centre(square)
        colour = WOOD_DARK if (rank + file) % 2 == 0 else WOOD_LIGHT  # a1 dark, as in chess
        draw.rectangle((x - CELL // 2, y - CELL // 2, x + CELL // 2 - 1, y + CELL // 2 - 1), fill=colour)
    last = EDGE + CELL * SIZE
    draw.rectangle((EDGE - 2, EDGE - 2, last + 1, last + 1), outline=INK, width=2)
    face = typeset.font(COORD_SIZE, bold=True)
    near, far = EDGE // 2, BOARD_PX - EDGE // 2
    for i in range(SIZE):
        x, _ = centre(i)
        _, y = centre(i * SIZE)
        for side in (near, far):
            draw.text((x, side), FILES[i], font=face, fill=INK, anchor="mm")
            draw.text((side, y), str(i + 1), font=face, fill=INK, anchor="mm")
    _legend(image, BOARD_PX, legend)
    return image


def legend_words(words: Words) -> tuple[str, str, str]:
    """The legend's words: what the shield, the capture badge and the ring mean."""
    return words.gettext("protected: moved last turn"), words.gettext("capture"), words.gettext("new bead")


def _winning_row(state: KeibotState) -> tuple[int, int] | None:
    """The two end squares of the winner's three beads in a row, when the game was won so."""
    outcome = state.outcome()
    if outcome is None or outcome.termination != THREE_IN_A_ROW:
        return None
    bead = BEAD[outcome.winners[0]]
    board = state.board
    for square in range(SIZE * SIZE):
        for a, b, c in LINES[square]:
            if board[a] == bead and board[b] == bead and board[c] == bead:
                return a, c
    return None


def _tint(image: Image.Image, square: int, dy: int = 0) -> None:
    """Tints `square` on an image whose first row is the board's row `dy`."""
    x, y = centre(square)
    y -= dy
    ImageDraw.Draw(image).rectangle(
        (x - CELL // 2, y - CELL // 2, x + CELL // 2 - 1, y + CELL // 2 - 1), fill=TRACE
    )


KNIGHT_JUMPS = tuple(
    (dx * CELL, dy * CELL)
    for dx, dy in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
)
"""The eight jumps of a knight, in pixels: every last move's arrow is one of them."""


def _arrow(dx: int, dy: int) -> tuple[Image.Image, int, int]:
    """The last move's arrow for a jump of (dx, dy) pixels (see `_draw_arrow`): one of the eight
    knight's arrows, all made at the first (about 10 ms each: made one at a time, the first
    pictures with each jump took twice as long as the others)."""
    return _knight_arrows()[dx, dy]


@cache
def _knight_arrows() -> dict[tuple[int, int], tuple[Image.Image, int, int]]:
    return {jump: _draw_arrow(*jump) for jump in KNIGHT_JUMPS}


@cache
def _arrow_pieces(dx: int, dy: int) -> Pieces:
    """The last move's arrow for a jump of (dx, dy) pixels in pieces (`_sprite_pieces`), from
    where the arrow starts (eight jumps: cached)."""
    sprite, x, y = _arrow(dx, dy)
    return _sprite_pieces(sprite, -x, -y)


def _draw_arrow(dx: int, dy: int) -> tuple[Image.Image, int, int]:
    """The last move's arrow for a jump of (dx, dy) pixels, from the middle of the square left to
    the edge of the Moai that landed: a sprite (one per knight direction, built once), and where
    the arrow starts in it."""
    length = math.hypot(dx, dy)
    stop = MOAI_PX / 2 + 2
    end = (dx - dx * stop / length, dy - dy * stop / length)
    pad = ARROW_WIDTH * 4 + 4
    left, top = math.floor(min(0, end[0]) - pad), math.floor(min(0, end[1]) - pad)
    right, bottom = math.ceil(max(0, end[0]) + pad), math.ceil(max(0, end[1]) + pad)
    big, draw, s = stencil.supersampled((right - left, bottom - top))
    stencil.draw_arrow(
        draw,
        (-left * s, -top * s),
        ((end[0] - left) * s, (end[1] - top) * s),
        fill=ARROW,
        width=ARROW_WIDTH * s,
        outline_width=2 * s,
    )
    return big.reduce(s), -left, -top


def draw_board(state: KeibotState, last_move: KnightMove | None, words: Words) -> Image.Image:
    """The board with its pieces, the last move, the protected Moai and any winning row."""
    return board_layers(state, last_move, words).whole()


def board_layers(state: KeibotState, last_move: KnightMove | None, words: Words) -> layers.LayeredBoard:
    """The board drawn in layers over the empty board (`layers.LayeredBoard`): a move changes the
    strips of the squares it left and reached, its arrow, its beads and the protected Moai's
    only, so the PNG writer and the animation draw and read those alone. Each square that holds
    something is one layer, a cached picture of the square (`_square`), pasted without a mask;
    over them the arrow, then the protected Moai's frame, its shield and the capture badge."""
    legend = legend_words(words)  # the empty board's words: part of the base's key
    board = layers.LayeredBoard(_empty_board(legend), ("keibot", legend))
    row = _winning_row(state)
    if row is None:
        _add_squares(board, state, last_move)
    else:  # the band lies between the tints and the pieces, across squares: layer by layer
        _add_marks_and_pieces(board, state, last_move, row)

    if last_move is not None:
        (x0, y0), (x1, y1) = centre(last_move.frm), centre(last_move.to)
        pieces = _arrow_pieces(x1 - x0, y1 - y0)
        _add_pieces(board, ("arrow", last_move.frm, last_move.to), pieces, (x0, y0))

    # The shield goes in the corner of the square away from the arrow, the capture badge in the
    # corner across from the shield on the side away from the arrow.
    away = (1, -1)
    if last_move is not None:
        (x0, y0), (x1, y1) = centre(last_move.frm), centre(last_move.to)
        away = (1 if x0 < x1 else -1, 1 if y0 < y1 else -1)
    if state.outcome() is None and state.protected is not None:
        x, y = centre(state.protected)
        _add_pieces(
            board, ("protected", state.protected), _protected_pieces(), (x - CELL // 2, y - CELL // 2)
        )
        shield = _shield_badge(SHIELD_PX)
        board.paste(("shield", state.protected, away), shield, _corner(shield, state.protected, away))
    if last_move is not None and last_move.capture:
        badge = _capture_badge(CAPTURE_PX)
        corner = (away[0], -away[1])
        board.paste(("capture", last_move.to, corner), badge, _corner(badge, last_move.to, corner))
    return board


def _add_squares(board: layers.LayeredBoard, state: KeibotState, last_move: KnightMove | None) -> None:
    """A layer for each square with a piece, a tint or a ring: its picture (`_square`), pasted
    without a mask (what lies in a square never reaches out of it)."""
    tinted = () if last_move is None else (last_move.frm, last_move.to)
    ringed = () if last_move is None else last_move.beads
    for square, value in enumerate(state.board):
        tint, ring = square in tinted, square in ringed
        if value or tint or ring:
            board.place(_square_layer(square, tint, value, ring))


@lru_cache(maxsize=256)
def _square_layer(square: int, tint: bool, value: int, ring: bool) -> layers.Layer:
    """The layer of a square with a piece, a tint or a ring (`_add_squares`; cached: a board has 49
    squares, and most pieces stay where they are from move to move; 256 of about 200 bytes)."""
    rank, file = divmod(square, SIZE)
    x, y = centre(square)
    picture = _square((rank + file) % 2 == 0, tint, value, ring)
    return layers.sprite_layer(("square", square, tint, value, ring), picture, (x - CELL // 2, y - CELL // 2))


def _add_marks_and_pieces(
    board: layers.LayeredBoard, state: KeibotState, last_move: KnightMove | None, row: tuple[int, int] | None
) -> None:
    """The tints of the last move, the band of the winning `row` over them (if any), the pieces
    and the rings of the new beads, each a layer of its own (the band reaches across squares)."""
    if last_move is not None:
        for square in (last_move.frm, last_move.to):
            _, y = centre(square)
            board.add(("tint", square), y - CELL // 2, y + CELL // 2, _tint_layer(square), shifts=False)
    if row is not None:
        start, end = centre(row[0]), centre(row[1])
        band = stencil.band_sprite(
            (end[0] - start[0], end[1] - start[1]),
            CELL // 2,
            ((palette.OUTLINE, BEAD_PX // 2 + 12), (WIN_BAND, BEAD_PX // 2 + 8)),
        )
        corner = (min(start[0], end[0]) - CELL // 2, min(start[1], end[1]) - CELL // 2)
        board.paste(("band", row), band, corner)
    for square, value in enumerate(state.board):
        if value:
            sprite = _piece(value)
            x, y = centre(square)
            board.paste(("piece", value, square), sprite, (x - sprite.width // 2, y - sprite.height // 2))
    if last_move is not None:
        ring = _new_bead_ring(BEAD_PX + 16)
        for square in last_move.beads:
            x, y = centre(square)
            board.paste(("ring", square), ring, (x - ring.width // 2, y - ring.height // 2))


def _piece(value: int) -> Image.Image:
    """The sprite of a board byte: a seat's Moai (with its letter) or bead."""
    if value in MOAI:
        return frame.stone(COLOURS[MOAI.index(value)], MOAI_PX)
    return frame.stone(COLOURS[BEAD.index(value)], BEAD_PX, letter=False)


@lru_cache(maxsize=40)
def _square(dark: bool, tint: bool, value: int, ring: bool) -> Image.Image:
    """A square of the board as the layers over the empty board paint it: dark or light wood, or
    the last move's tint, its piece (`value`, a board byte, 0 for none) and the ring of a new bead
    (cached: 40 kinds at most, 58 kB each, 2.3 MB)."""
    image = Image.new("RGB", (CELL, CELL), TRACE if tint else WOOD_DARK if dark else WOOD_LIGHT)
    sprites = ([_piece(value)] if value else []) + ([_new_bead_ring(BEAD_PX + 16)] if ring else [])
    for sprite in sprites:
        image.paste(sprite, (CELL // 2 - sprite.width // 2, CELL // 2 - sprite.height // 2), sprite)
    return image


Pieces = tuple[tuple[tuple[int, int, int, int], Any], ...]
"""An RGBA sprite cut into pieces where it is not transparent: (box, from the sprite's
position; the piece as Pillow's core image), see `_sprite_pieces`."""

PIECE_ROWS = 16
"""Rows of a sprite in one band of its pieces."""
PIECE_GAP = 12
"""Transparent columns that split a band of a sprite into two pieces."""


def _sprite_pieces(sprite: Image.Image, left: int = 0, top: int = 0) -> Pieces:
    """`sprite` (RGBA; its top left corner at (left, top)) cut into bands of PIECE_ROWS rows, each
    cut where PIECE_GAP columns or more are transparent and cropped to where it is not: pasting
    every piece through its alpha paints the same pixels as pasting the whole sprite (where the
    alpha is 0, Pillow's paste leaves a pixel as it was), but a slanted arrow or a frame touches
    a small part of its box (the arrow cost 0.12 ms a picture pasted whole, its pieces 0.04)."""
    inked = sprite.getchannel("A").point([0] + [255] * 255)
    width = sprite.width
    pieces = []
    for band_top in range(0, sprite.height, PIECE_ROWS):
        band_bottom = min(sprite.height, band_top + PIECE_ROWS)
        # a column of the band with any ink averages to 16 or more of 255 (a whole column, at most)
        columns = inked.crop((0, band_top, width, band_bottom)).reduce((1, band_bottom - band_top)).tobytes()
        runs: list[list[int]] = []
        for x, ink in enumerate(columns):
            if not ink:
                continue
            if runs and x - runs[-1][1] < PIECE_GAP:
                runs[-1][1] = x + 1
            else:
                runs.append([x, x + 1])
        for x0, x1 in runs:
            piece = sprite.crop((x0, band_top, x1, band_bottom))
            box = piece.getbbox()
            if box is None:
                continue
            bx0, by0, bx1, by1 = box
            at = (left + x0 + bx0, top + band_top + by0, left + x0 + bx1, top + band_top + by1)
            pieces.append((at, piece.crop(box).im))
    return tuple(pieces)


def _add_pieces(board: layers.LayeredBoard, key: Hashable, pieces: Pieces, xy: tuple[int, int]) -> None:
    """A layer that pastes `pieces` (`_sprite_pieces`), moved by `xy`, each through its alpha."""
    if not pieces:
        return
    x, y = xy

    def paint(image: Image.Image, dy: int) -> None:
        target = image.im
        height = image.height
        for (x0, y0, x1, y1), piece in pieces:
            if y1 + y - dy > 0 and y0 + y - dy < height:  # (a piece off the rows paints nothing)
                target.paste(piece, (x0 + x, y0 + y - dy, x1 + x, y1 + y - dy), piece)

    top = y + min(box[1] for box, _ in pieces)
    bottom = y + max(box[3] for box, _ in pieces)
    board.add(key, top, bottom, paint)


@cache
def _protected_pieces() -> Pieces:
    """The protected Moai's frame (`_protected_frame`) in pieces, from the square's corner."""
    return _sprite_pieces(_protected_frame(CELL))


def _tint_layer(square: int) -> Callable[[Image.Image, int], None]:
    """A layer that tints `square` (see `LayeredBoard.add`)."""
    return lambda image, dy: _tint(image, square, dy)


def _corner(sprite: Image.Image, square: int, corner: tuple[int, int]) -> tuple[int, int]:
    """Where `sprite` goes in a corner of a square: (1, 1) is the bottom right, (-1, -1) the top
    left."""
    x, y = centre(square)
    left = x + CELL // 2 - sprite.width - 2 if corner[0] > 0 else x - CELL // 2 + 2
    top = y + CELL // 2 - sprite.height - 2 if corner[1] > 0 else y - CELL // 2 + 2
    return left, top


def scores(state: KeibotState, words: Words) -> list[str]:
    """Each side's line in the panel: beads placed (its score), still to place, enemy Moai taken."""
    return [
        frame.score_line(
            state,
            seat,
            words,
            words.ngettext("{count} left", "{count} left", state.beads_left(seat)),
            words.ngettext("took {count} Moai", "took {count} Moai", state.captures(seat)),
        )
        for seat in range(2)
    ]


def picture(
    state: KeibotState,
    last_move: KnightMove | None,
    shown: tuple[str, ...],
    perspective: int | None,
    words: Words,
) -> frame.Picture:
    """The whole picture of a Keibot state (`perspective` is ignored: White is always below,
    as the notation and the order of beads are seen by White)."""
    resigned = frame.resigned_seats(state)
    seats = frame.panel_seats(state, shown, COLOURS, scores(state, words), words, resigned=resigned)
    status = frame.status_for(state, shown, COLOURS, words)
    board = frame.board_bands(board_layers(state, last_move, words))
    return frame.compose(state.game.title_for(state.seats), status, board, seats)


render = frame.renderer(KeibotState, (KnightMove,), picture)
