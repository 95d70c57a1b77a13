"""The Glass Bead Game picture: the ring of ten pits and the two cups, every bead in its colour
with its value written on it, and the last move.

The ring runs counter-clockwise as South sees it: South's `A B C D E` along the bottom from left
to right, North's `a b c d e` along the top from right to left (so `a` faces `E` and `e` faces
`A`); North's cup is at the left end, South's at the right end. A pit shows its beads packed in
value order, or, when it holds more than `PACKED_MAX`, one bead per value with its count.

The last move: the pit that was sown has a bright frame, every pit that received a bead shows
the step numbers of its beads in its label strip (each number on a disc of the colour of the
bead sown), and every gem taken is shown crossed out beside the pit (or inside the cup) it was
taken from; the caption under the board spells the move out.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw, ImageFont

from rules.glass_bead import (
    BEAD_NAMES,
    CUP,
    LETTERS,
    NO_BEADS_LEFT,
    SEAT_NAMES,
    Counts,
    GlassBeadState,
    Sowing,
)
from rules.text import Words, said

from . import frame, layers, palette, stencil, typeset
from .layers import Box

# -- layout (pixels) ----------------------------------------------------------------------------

WIDTH = frame.BOARD_WIDTH
PAD = 14
"""Wood around everything."""
CUP_WIDTH = 116
GAP = 10
PIT_WIDTH = (WIDTH - 2 * PAD - 2 * CUP_WIDTH - 6 * GAP) // 5
PIT_HEIGHT = 206
LABEL_HEIGHT = 48
"""The strip above North's pits and below South's: pit letters and step numbers."""
MIDDLE_HEIGHT = 76
"""The band between the two rows: the gems the last move took from the pits."""
CAPTION_HEIGHT = 50
TOP_PITS = PAD + LABEL_HEIGHT
BOTTOM_PITS = TOP_PITS + PIT_HEIGHT + MIDDLE_HEIGHT
WOOD_HEIGHT = BOTTOM_PITS + PIT_HEIGHT + LABEL_HEIGHT + PAD
HEIGHT = WOOD_HEIGHT + CAPTION_HEIGHT

BEAD = 36
"""Diameter of a bead in a pit or a cup."""
BEAD_STEP = 39
COLUMNS = 3
PACKED_MAX = 15
COUNTED_STEP = 54
"""Between the two columns of a pit that shows counts."""
"""At most this many beads are drawn one by one (3 × 5); a fuller pit shows one bead per value
with its count under it (in two columns)."""
MARKER = 30
"""Diameter of a step number's disc."""
TAKEN = 32
"""Diameter of a gem that was taken (with a ✕ badge)."""
FRAME_GROW = 6
"""How far the frame of the sown pit reaches outside the pit."""

LETTER_SIZE = 28
COUNT_SIZE = 22
POINTS_SIZE = 22
CUP_NAME_SIZE = 20
CAPTION_SIZE = 21

# -- colours ------------------------------------------------------------------------------------

WOOD: palette.RGB = (122, 84, 52)
PIT: palette.RGB = (236, 222, 190)
PIT_EDGE: palette.RGB = (84, 56, 34)
CUP_FILL: palette.RGB = (226, 208, 170)
LABEL_INK: palette.RGB = (255, 246, 226)
PIT_INK: palette.RGB = (70, 50, 30)
SOWN_FRAME: palette.RGB = (255, 255, 255)
"""The frame of the pit the last move emptied (inside a dark rim)."""
CROSS: palette.RGB = (255, 255, 255)
CROSS_BADGE: palette.RGB = (190, 30, 45)
"""The ✕ badge on a gem the last move took (with a white cross)."""

BEAD_FILLS: tuple[palette.RGB, ...] = (
    (24, 24, 28),  # 0: black stone
    (240, 228, 66),  # 1: yellow
    (0, 158, 115),  # 2: green (Okabe & Ito's bluish green)
    (0, 114, 178),  # 3: blue
    (213, 94, 0),  # 4: red (vermillion)
    (128, 78, 178),  # 5: purple
)
"""Mancala World's gem colours, in tones colour-blind players can tell apart; the value is
written on every bead as well."""
BEAD_COLOURS = tuple(
    palette.SeatColour(name, str(value), fill)
    for value, (name, fill) in enumerate(zip(BEAD_NAMES, BEAD_FILLS, strict=True))
)

SOUTH = palette.SeatColour("South", "S", (230, 205, 150))
NORTH = palette.SeatColour("North", "N", (96, 110, 128))
SEAT_COLOURS = (SOUTH, NORTH)
"""The seats' swatches: sand and slate, each with its initial (no bead has these colours)."""

# -- geometry -----------------------------------------------------------------------------------


def pit_box(pit: int) -> Box:
    """(left, top, right, bottom) of a pit: A–E along the bottom, a–e along the top, reversed."""
    column = pit if pit < 5 else 9 - pit
    left = PAD + CUP_WIDTH + GAP * (column + 1) + column * PIT_WIDTH
    top = BOTTOM_PITS if pit < 5 else TOP_PITS
    return left, top, left + PIT_WIDTH, top + PIT_HEIGHT


def cup_box(seat: int) -> Box:
    """South's cup at the right end, North's at the left end, as tall as both rows."""
    left = WIDTH - PAD - CUP_WIDTH if seat == 0 else PAD
    return left, TOP_PITS, left + CUP_WIDTH, BOTTOM_PITS + PIT_HEIGHT


def label_strip(pit: int) -> Box:
    """The strip beside a pit, away from the middle: its letter and the step numbers."""
    left, top, right, bottom = pit_box(pit)
    if pit < 5:
        return left, bottom, right, bottom + LABEL_HEIGHT
    return left, top - LABEL_HEIGHT, right, top


def taken_strip(pit: int) -> Box:
    """The half of the middle band next to a pit: the gems taken from it."""
    left, top, right, bottom = pit_box(pit)
    half = MIDDLE_HEIGHT // 2
    if pit < 5:
        return left, top - half, right, top
    return left, bottom, right, bottom + half


def cup_label(seat: int) -> Box:
    left, top, right, bottom = cup_box(seat)
    if seat == 0:
        return left, bottom, right, bottom + LABEL_HEIGHT
    return left, top - LABEL_HEIGHT, right, top


# -- sprites ------------------------------------------------------------------------------------


@cache
def bead_sprite(value: int, diameter: int = BEAD) -> Image.Image:
    """A bead of `value` (0 a black stone, 1–5 the gems) with its value written on it, as large
    as fits."""
    return _disc_with_text(BEAD_COLOURS[value].fill, diameter, str(value))


@cache
def marker_sprite(step: int, value: int) -> Image.Image:
    """A step number of the last move on a disc of the sown bead's colour."""
    return _disc_with_text(BEAD_COLOURS[value].fill, MARKER, str(step))


def _disc_with_text(fill: palette.RGB, diameter: int, text: str) -> Image.Image:
    sprite = frame.stone(palette.SeatColour("", "", fill), diameter, letter=False).copy()
    rim = max(1, round(diameter * 0.055))
    typeset.text_in_circle(
        ImageDraw.Draw(sprite),
        (diameter / 2, diameter / 2),
        diameter / 2 - rim,
        text,
        fill=palette.ink_on(fill),
        scale=1.0,
    )
    return sprite


@cache
def taken_sprite(value: int) -> Image.Image:
    """A gem that the last move took: the bead (its value still readable) with a ✕ badge."""
    badge = 18
    size = TAKEN + badge // 2
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    bead = bead_sprite(value, TAKEN)
    image.paste(bead, (0, size - TAKEN), bead)
    big, draw, s = stencil.supersampled((badge, badge))
    draw.ellipse((0, 0, badge * s - 1, badge * s - 1), fill=CROSS_BADGE, outline=palette.OUTLINE, width=2 * s)
    inset = badge * s * 0.3
    far = badge * s - inset
    draw.line((inset, inset, far, far), fill=CROSS, width=round(2.5 * s))
    draw.line((inset, far, far, inset), fill=CROSS, width=round(2.5 * s))
    small = big.reduce(s)
    image.paste(small, (size - badge, 0), small)
    return image


Placed = tuple[Image.Image, tuple[int, int]]
"""A sprite (RGBA, pasted through its alpha; or RGB, pasted as it is) and the board's pixel its
top left corner goes to."""


def _centred(sprite: Image.Image, centre: tuple[float, float]) -> Placed:
    """`sprite` centred on `centre` (the nearest pixel), placed on the board itself: a strip drawn
    lower shifts the corner, never the centre, which would round a half pixel otherwise."""
    return sprite, frame.centred(sprite, centre)


def _add_sprites(board: layers.LayeredBoard, key: Hashable, placed: Sequence[Placed]) -> None:
    """A layer that pastes the sprites `placed` (`_sprites_layer`), unless there are none."""
    if placed:
        board.place(_sprites_layer(key, placed))


def _sprites_layer(key: Hashable, placed: Sequence[Placed]) -> layers.Layer:
    """A layer that pastes the sprites `placed` (some), in order (a paste paints the same pixels
    at any offset: the layer shifts)."""
    top = min(y for _, (_, y) in placed)
    bottom = max(y + sprite.height for sprite, (_, y) in placed)
    columns = (min(x for _, (x, _) in placed), max(x + sprite.width for sprite, (x, _) in placed))
    # what `layers.paste_sprite` and `paste_copy` do, the core images and boxes found once (a
    # board pastes a hundred sprites: their look-ups in Python cost as much as their pixels)
    pastes = [
        (sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im if sprite.mode == "RGBA" else None)
        for sprite, (x, y) in placed
    ]

    def paint(image: Image.Image, dy: int) -> None:
        core = image.im
        for sprite, (x0, y0, x1, y1), mask in pastes:
            if mask is None:
                core.paste(sprite, (x0, y0 - dy, x1, y1 - dy))
            else:
                core.paste(sprite, (x0, y0 - dy, x1, y1 - dy), mask)

    return layers.Layer(key, top, bottom, paint, True, *columns)


BEAD_SQUARES = 4096
"""The most squares of the empty board under a bead kept (`_bead_on_board`): a few hundred are
met in a game (15 places in a pit for each count of its beads, the cups' rows), each a key and
a patch most of them share (`_bead_over`)."""
BEAD_PATCHES = 256
"""The most patches of a bead over its ground kept (`_bead_over`): 5.2 kB each, 1.3 MB at most
(a bead inside a pit, or a cup, has the same ground wherever it is: about a dozen a value)."""


def _bead_on_board(cup_names: tuple[str, ...], value: int, centre: tuple[float, float]) -> Placed:
    """A bead of `value` centred on `centre` (see `_centred`) over the empty board, where nothing
    else is drawn under it (a pit's or a cup's beads, which never overlap): its square of the
    board with the bead on it, pasted as it is (`_bead_patch`)."""
    _, corner = _centred(bead_sprite(value), centre)
    return _bead_patch(cup_names, value, corner), corner


@lru_cache(maxsize=BEAD_SQUARES)
def _bead_patch(cup_names: tuple[str, ...], value: int, corner: tuple[int, int]) -> Image.Image:
    """The square of the empty board under a bead of `value` at `corner`, with the bead on it:
    pasted as it is, it gives the very pixels of the bead pasted through its edge there, in a
    copy instead of a blend (ten times faster; a board has dozens of beads)."""
    x, y = corner
    under = empty_board(cup_names).crop((x, y, x + BEAD, y + BEAD))
    return _bead_over(value, under.tobytes())


@lru_cache(maxsize=BEAD_PATCHES)
def _bead_over(value: int, under: bytes) -> Image.Image:
    """A bead of `value` pasted through its edge on the square of pixels `under` (RGB bytes)."""
    patch = Image.frombytes("RGB", (BEAD, BEAD), under)
    layers.paste_sprite(patch, bead_sprite(value), (0, 0))
    return patch


def _add_text(
    board: layers.LayeredBoard,
    key: Hashable,
    box: Box,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: palette.RGB,
    anchor: str,
) -> None:
    """A layer that writes `text` at `xy` on the board, its pixels within `box` (text is drawn
    with the image reaching over all the rows of its box: it does not shift)."""
    x, y = xy

    def paint(image: Image.Image, dy: int) -> None:
        typeset.text(ImageDraw.Draw(image), (x, y - dy), text, font=face, fill=fill, anchor=anchor)

    left, top, right, bottom = box
    board.add(key, top, bottom, paint, shifts=False, columns=(left, right))


# -- the empty board ----------------------------------------------------------------------------


@cache
def empty_board(cup_names: tuple[str, ...]) -> Image.Image:
    """The wood, the ten empty pits with their letters and the two empty cups (built once)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, WIDTH - 1, WOOD_HEIGHT - 1), radius=18, fill=WOOD)
    for seat in (0, 1):
        draw.rounded_rectangle(cup_box(seat), radius=40, fill=CUP_FILL, outline=PIT_EDGE, width=3)
    letter_face = typeset.font(LETTER_SIZE, bold=True)
    for pit in range(10):
        draw.rounded_rectangle(pit_box(pit), radius=30, fill=PIT, outline=PIT_EDGE, width=3)
        left, top, _right, bottom = label_strip(pit)
        draw.text((left + 8, (top + bottom) / 2), LETTERS[pit], font=letter_face, fill=LABEL_INK, anchor="lm")
    name_face = typeset.font(CUP_NAME_SIZE, bold=True)
    for seat in (0, 1):
        left, top, right, bottom = cup_box(seat)
        y = top + 30 if seat == 1 else bottom - 30
        name = typeset.shorten(cup_names[seat], name_face, CUP_WIDTH - 8)
        typeset.text(draw, ((left + right) / 2, y), name, font=name_face, fill=PIT_INK, anchor="mm")
    return image


# -- drawing ------------------------------------------------------------------------------------


PIT_LAYERS = 128
"""The most layers of a pit's beads kept (`_pit_layer`): a move changes a few pits, the others
keep their layers (a few kB each)."""


@lru_cache(maxsize=PIT_LAYERS)
def _pit_layer(cup_names: tuple[str, ...], pit: int, counts: Counts) -> layers.Layer | None:
    """The beads of one pit: packed in value order, or one per value with its count (a layer
    named by the pit and its counts; None for an empty pit)."""
    left, top, right, bottom = pit_box(pit)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    n = sum(counts)
    if not n:
        return None
    key = ("pit", pit, counts)
    if n <= PACKED_MAX:
        values = [v for v in range(6) for _ in range(counts[v])]
        rows = -(-n // COLUMNS)
        y0 = cy - (rows - 1) * BEAD_STEP / 2
        placed = []
        for index, value in enumerate(values):
            row, column = divmod(index, COLUMNS)
            in_row = min(COLUMNS, n - row * COLUMNS)
            x = cx + (column - (in_row - 1) / 2) * BEAD_STEP
            placed.append(_bead_on_board(cup_names, value, (x, y0 + row * BEAD_STEP)))
        return _sprites_layer(key, placed)
    present = [v for v in range(6) if counts[v]]
    face = typeset.font(COUNT_SIZE, bold=True)
    cell_height = BEAD + COUNT_SIZE + 4
    rows = -(-len(present) // 2)
    y0 = cy - (rows - 1) * (cell_height + 6) / 2
    cells: list[tuple[Placed, tuple[float, float], str]] = []
    for index, value in enumerate(present):
        row, column = divmod(index, 2)
        in_row = min(2, len(present) - row * 2)
        x = cx + (column - (in_row - 1) / 2) * COUNTED_STEP
        y = y0 + row * (cell_height + 6)
        bead = _bead_on_board(cup_names, value, (x, y - cell_height / 2 + BEAD / 2))
        cells.append((bead, (x, y + cell_height / 2), f"×{counts[value]}"))

    def paint(image: Image.Image, dy: int) -> None:
        draw = ImageDraw.Draw(image)
        for (patch, corner), (x, y), count in cells:
            layers.paste_copy(image, patch, (corner[0], corner[1] - dy))
            typeset.text(draw, (x, y - dy), count, font=face, fill=PIT_INK, anchor="md")

    return layers.Layer(key, top, bottom, paint, False, left, right)


def _add_cup(
    board: layers.LayeredBoard,
    cup_names: tuple[str, ...],
    state: GlassBeadState,
    seat: int,
    gained: int,
    words: Words,
) -> None:
    """A cup's gems (two columns, high values first), its points in the label strip and what the
    last move added (under the cup's name)."""
    left, top, right, bottom = cup_box(seat)
    cx = (left + right) / 2
    gems = _gems_layer(cup_names, seat, tuple(sorted(state.cup_gems(seat), reverse=True)))
    if gems is not None:
        board.place(gems)
    label = cup_label(seat)
    face = typeset.font(POINTS_SIZE, bold=True)
    points = words.ngettext("{count} pt", "{count} pts", state.points(seat))
    text = typeset.shorten(points, face, CUP_WIDTH)
    middle = ((label[0] + label[2]) / 2, (label[1] + label[3]) / 2)
    _add_text(board, ("points", seat, text), label, middle, text, face, LABEL_INK, "mm")
    if gained:
        y = top + 62 if seat == 1 else bottom - 62
        around = (left, y - POINTS_SIZE, right, y + POINTS_SIZE)
        _add_text(board, ("gained", seat, gained), around, (cx, y), f"+{gained}", face, PIT_INK, "mm")


GEMS_LAYERS = 16
"""The most layers of a cup's gems kept (`_gems_layer`): they change with a capture only."""


@lru_cache(maxsize=GEMS_LAYERS)
def _gems_layer(cup_names: tuple[str, ...], seat: int, gems: tuple[int, ...]) -> layers.Layer | None:
    """A cup's `gems` (high values first) in two columns (None for none)."""
    left, top, right, bottom = cup_box(seat)
    rows = -(-len(gems) // 2)
    cx, cy = (left + right) / 2, (top + bottom) / 2
    y0 = cy - (rows - 1) * BEAD_STEP / 2
    placed = []
    for index, value in enumerate(gems):
        row, column = divmod(index, 2)
        in_row = min(2, len(gems) - row * 2)
        x = cx + (column - (in_row - 1) / 2) * (BEAD_STEP + 4)
        placed.append(_bead_on_board(cup_names, value, (x, y0 + row * BEAD_STEP)))
    return _sprites_layer(("gems", seat, gems), placed) if placed else None


@cache
def _sown_frame() -> Image.Image:
    """A bright frame inside a dark rim, to go around the pit the last move emptied."""
    w, h = PIT_WIDTH + 2 * FRAME_GROW, PIT_HEIGHT + 2 * FRAME_GROW
    big, draw, s = stencil.supersampled((w, h))
    draw.rounded_rectangle((0, 0, w * s - 1, h * s - 1), radius=34 * s, outline=palette.OUTLINE, width=9 * s)
    inner = (2 * s, 2 * s, w * s - 1 - 2 * s, h * s - 1 - 2 * s)
    draw.rounded_rectangle(inner, radius=32 * s, outline=SOWN_FRAME, width=5 * s)
    return big.reduce(s)


FRAME_PIECE_ROWS = 8
"""The rows of each band the frame of the sown pit is cut in (`_sown_frame_pieces`)."""


@cache
def _sown_frame_pieces() -> tuple[Placed, ...]:
    """The frame of the sown pit (`_sown_frame`) in pieces, placed from its corner: in each band
    of FRAME_PIECE_ROWS rows, the box of its ink in the left half and in the right half. Pasted
    through their alpha, they paint what the whole frame paints (a pixel with no alpha is left
    as it is), without blending the three quarters of it between its edges, which are empty."""
    sprite = _sown_frame()
    alpha = sprite.getchannel("A")
    half = sprite.width // 2
    pieces = []
    for top in range(0, sprite.height, FRAME_PIECE_ROWS):
        bottom = min(top + FRAME_PIECE_ROWS, sprite.height)
        for left, right in ((0, half), (half, sprite.width)):
            ink = alpha.crop((left, top, right, bottom)).getbbox()
            if ink is not None:
                box = (left + ink[0], top + ink[1], left + ink[2], top + ink[3])
                pieces.append((sprite.crop(box), box[:2]))
    return tuple(pieces)


@cache
def _sown_layer(pit: int) -> layers.Layer:
    """The frame around the sown `pit` (`_sown_frame_pieces`)."""
    left, top, _right, _bottom = pit_box(pit)
    corner = (left - FRAME_GROW, top - FRAME_GROW)
    pieces = [(piece, (corner[0] + dx, corner[1] + dy)) for piece, (dx, dy) in _sown_frame_pieces()]
    return _sprites_layer(("sown", pit), pieces)


def _add_last_move(board: layers.LayeredBoard, move: Sowing) -> None:
    """The sown pit's frame, the step numbers beside each pit, the gems taken crossed out."""
    board.place(_sown_layer(move.pit))
    steps: dict[int, list[tuple[int, int]]] = {}
    for step, (target, value) in enumerate(zip(move.path, move.beads, strict=True), start=1):
        steps.setdefault(target, []).append((step, value))
    letter_room = 40
    for target, landed in steps.items():
        left, top, right, bottom = label_strip(target)
        room = right - left - letter_room - 4
        step_x = min(MARKER + 3, (room - MARKER) / max(1, len(landed) - 1))
        x = right - 4 - MARKER / 2
        markers = []
        for step, value in reversed(landed):
            markers.append(_centred(marker_sprite(step, value), (x, (top + bottom) / 2)))
            x -= step_x
        _add_sprites(board, ("steps", target, tuple(landed)), markers)
    from_pits: dict[int, list[int]] = {}
    for source, value in move.taken:
        from_pits.setdefault(source, []).append(value)
    for source, values in from_pits.items():
        gems = []
        if source == CUP:
            left, top, right, bottom = cup_box(1 - _mover(move))
            # at the end of the cup away from its name
            y, direction = (bottom - 14 - TAKEN / 2, -1) if _mover(move) == 0 else (top + 14 + TAKEN / 2, 1)
            for row in range(-(-len(values) // 2)):
                pair = values[2 * row : 2 * row + 2]
                for column, value in enumerate(pair):
                    x = (left + right) / 2 + (column - (len(pair) - 1) / 2) * (TAKEN + 6)
                    gems.append(_centred(taken_sprite(value), (x, y + direction * row * (TAKEN + 8))))
            _add_sprites(board, ("taken from the cup", _mover(move), tuple(values)), gems)
            continue
        left, top, right, bottom = taken_strip(source)
        spacing = min(TAKEN + 4.0, (right - left - 8) / max(1, len(values)))
        x0 = (left + right) / 2 - (len(values) - 1) * spacing / 2
        for index, value in enumerate(values):
            gems.append(_centred(taken_sprite(value), (x0 + index * spacing, (top + bottom) / 2)))
        _add_sprites(board, ("taken", source, tuple(values)), gems)


def _mover(move: Sowing) -> int:
    return 0 if move.pit < 5 else 1


def caption(move: Sowing | None, words: Words) -> str:
    """The line under the board that spells the last move out (or the ring's direction)."""
    if move is None:
        return words.gettext("Sowing runs A → B → C → D → E → a → b → c → d → e → A")
    beads = words.ngettext("{count} bead", "{count} beads", len(move.beads))
    groups: dict[int, list[str]] = {}
    for source, value in move.taken:
        groups.setdefault(source, []).append(str(value))
    taken = ", ".join(
        words.gettext("{gems} from the cup", gems=" ".join(values))
        if source == CUP
        else words.gettext("{gems} from {pit}", gems=" ".join(values), pit=LETTERS[source])
        for source, values in groups.items()
    )
    sown = {"move": str(move), "beads": beads, "pit": move.letter}
    if move.capture == "direct":
        return words.gettext("Last move: {move} — {beads} from {pit}, captured {taken}", taken=taken, **sown)
    if move.capture == "indirect" and taken:
        return words.gettext("Last move: {move} — {beads} from {pit}, took {taken}", taken=taken, **sown)
    if move.capture == "indirect":
        return words.gettext(
            "Last move: {move} — {beads} from {pit}, a capture with no gem left to take", **sown
        )
    return words.gettext("Last move: {move} — {beads} from {pit}", **sown)


def caption_lines(state: GlassBeadState, last_move: Sowing | None, words: Words) -> tuple[str, ...]:
    """The caption under the board (`caption`, and the end of the game when no bead is left), as
    it fits in its line."""
    text = caption(last_move, words)
    outcome = state.outcome()
    if outcome is not None and outcome.termination == NO_BEADS_LEFT:
        seat = said(words, SEAT_NAMES[state.turn])
        text = words.gettext(
            "{caption}. {seat} has no bead left to sow: the game is over.", caption=text, seat=seat
        )
    return typeset.wrap(text, typeset.font(CAPTION_SIZE), WIDTH - 2 * PAD, 1)


def draw_board(state: GlassBeadState, last_move: Sowing | None, words: Words) -> Image.Image:
    """The board with the beads, the cups and the last move."""
    return board_layers(state, last_move, words).whole()


def board_layers(state: GlassBeadState, last_move: Sowing | None, words: Words) -> layers.LayeredBoard:
    """The board drawn in layers over the empty board (`layers.LayeredBoard`): the beads of each
    pit, each cup's gems, points and gain, the last move's frame, step numbers and gems taken,
    and the caption, each layer named by what decides its pixels, so that a sowing changes the
    strips of the pits, labels and cups it changed (and the caption's) only, and the PNG writer
    and the animation draw and read those alone."""
    cup_names = tuple(said(words, name) for name in SEAT_NAMES)  # the empty board's words
    board = layers.LayeredBoard(empty_board(cup_names), ("glass-bead", cup_names))
    for pit in range(10):
        layer = _pit_layer(cup_names, pit, state.pits[pit])
        if layer is not None:
            board.place(layer)
    gained = [0, 0]
    if last_move is not None:
        gained[_mover(last_move)] = sum(v for _s, v in last_move.taken)
    for seat in (0, 1):
        _add_cup(board, cup_names, state, seat, gained[seat], words)
    if last_move is not None:
        _add_last_move(board, last_move)
    (text,) = caption_lines(state, last_move, words)
    ink = palette.TEXT if last_move is not None else palette.MUTED
    x, y = PAD, WOOD_HEIGHT + CAPTION_HEIGHT / 2 + 2
    face = typeset.font(CAPTION_SIZE)
    # the box of its words, with a letter's size to spare around them (a glyph may reach out
    # of its advance): a move changes those pixels of the caption's rows only
    right = math.ceil(x + typeset.text_length(text, face)) + CAPTION_SIZE
    box = (0, math.floor(y) - CAPTION_SIZE, right, math.ceil(y) + CAPTION_SIZE)
    _add_text(board, ("caption", text, ink), box, (x, y), text, face, ink, "lm")
    return board


def status(state: GlassBeadState, names: Sequence[str], words: Words) -> frame.Status:
    """Whose turn (or who won), with the feeding duty or the endgame when they apply."""
    base = frame.status_for(state, names, SEAT_COLOURS, words)
    outcome = state.outcome()
    seat_names = frame.seat_names(state, words)
    if outcome is not None:
        if outcome.termination != NO_BEADS_LEFT:
            return base  # a resignation
        winner = outcome.winners[0]
        who = frame.who(state, names, winner, words)
        if winner == state.turn:  # the player who cannot sow wins: the other has under 15
            text = words.ngettext(
                "{player} wins — {seat} has only {count} point",
                "{player} wins — {seat} has only {count} points",
                state.points(1 - winner),
                player=who,
                seat=seat_names[1 - winner],
            )
        else:
            text = words.ngettext(
                "{player} wins with {count} point",
                "{player} wins with {count} points",
                state.points(winner),
                player=who,
            )
        return replace(base, text=text)
    if state.must_feed:
        return replace(
            base,
            text=words.gettext(
                "{status} — must feed {seat}", status=base.text, seat=seat_names[1 - state.turn]
            ),
        )
    if state.endgame:
        return replace(base, text=words.gettext("{status} — endgame", status=base.text))
    return base


def picture(
    state: GlassBeadState,
    last_move: Sowing | None,
    shown: tuple[str, ...],
    perspective: int | None,
    words: Words,
) -> frame.Picture:
    """The whole picture of a Glass Bead Game state (`perspective` is ignored: South is always
    at the bottom, so that the letters and the ring's direction never change)."""
    scores = [
        words.ngettext("{count} point in the cup", "{count} points in the cup", state.scores()[seat])
        for seat in (0, 1)
    ]
    seats = frame.panel_seats(state, shown, SEAT_COLOURS, scores, words)
    board = board_layers(state, last_move, words).slices()
    return frame.compose(state.game.title_for(state.seats), status(state, shown, words), board, seats)


render = frame.renderer(GlassBeadState, (Sowing,), picture)
