"""The Verquere picture: the tables board seen from one player, in that player's own numbering.

The player seen from (the *viewer*; by default the player to move, see `viewer`) sits at the
bottom. Their home, point 1, is the far right point of the opposite (top) side; their men go
right to left along the top to the head, point 12, then left to right along the near (bottom)
side, points 13–24, and are borne off into the tray at the bottom right. The opponent's men go
the other way round: from the bottom left (the viewer's 13, the opponent's home) to the right,
then along the top, and off into the tray at the top left. Point numbers are the viewer's.

White's men are light with a dark rim and a W, Black's dark with a light rim and a B: light
against dark, and a letter, so colour is never the only clue. A stack of more than five shows
five men, the fifth with the count. The bar holds the viewer's hit men in its top half (they
enter top right) and the opponent's in its bottom half. Each tray shows the men borne off, one
slab per man, with the count.

The dice of the roll to play are drawn with their pips in the middle of the right half, in the
roller's colour (four dice for a double, which is played four times). The last turn is drawn as
orange arrows, one per die (a touchdown shows as two arrows), a HIT badge where men were hit. A
banner tells of Jean, Juncker and the end of the game. Under the board, two lines tell the last
turn in words and how the points are numbered. The player panel shows each side's men off, men
on the bar and pips still to go.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import pairwise

from PIL import Image, ImageChops, ImageDraw

from rules import CHANCE, RESIGNED, Move
from rules.text import ENGLISH, Words, said
from rules.verquere import (
    ALL_ON_24,
    BORNE_OFF,
    JEAN,
    JUNCKER,
    OPP,
    SEAT_NAMES,
    Pass,
    Roll,
    Turn,
    VerquereState,
    other_numbering,
    seat0_point,
)

from . import frame, layers, palette, png, stencil, typeset

# -- geometry (pixels) ----------------------------------------------------------------------------

WIDTH = frame.BOARD_WIDTH
TRAY = 62
"""Width of the trays at both ends (the men borne off)."""
POINT = 62
"""Width of one point."""
BAR = 60
MAN = 56
LABEL = 36
"""Height of the rows of point numbers above and below the board."""
ROW = 5 * MAN
"""Height of one side's points: five men."""
GAP = 120
"""Height of the middle of the board, between the two sides (dice and banners)."""
LEFT_HALF = TRAY
BAR_LEFT = TRAY + 6 * POINT
RIGHT_HALF = BAR_LEFT + BAR
RIGHT_TRAY = RIGHT_HALF + 6 * POINT
TOP_ROW = LABEL
GAP_TOP = TOP_ROW + ROW
GAP_BOTTOM = GAP_TOP + GAP
BOTTOM_ROW_END = GAP_BOTTOM + ROW
BOARD_HEIGHT = BOTTOM_ROW_END + LABEL
GAP_MIDDLE = (GAP_TOP + GAP_BOTTOM) / 2
SHOWN = 5
"""Men drawn on one point at most; the last of them shows the count."""
SLAB = 14
"""Height of one borne-off man in a tray."""
STRIP_LINE = 32
TEXT_SIZE = 20
CAPTION_LINES = 2
"""Lines a caption may take: the last turn's can need two (a double, the mover's own notation)."""
CAPTION = frame.Caption(TEXT_SIZE, WIDTH, CAPTION_LINES, STRIP_LINE, TEXT_SIZE + 2)
"""How the lines of words under the board are set (`frame.text_line`)."""
STRIP_HEIGHT = 12 + 3 * STRIP_LINE
"""The last turn (one or two lines) and the numbering."""
HEIGHT = BOARD_HEIGHT + STRIP_HEIGHT
NUMBER_SIZE = 20
DIE = 64
SMALL_DIE = 54
ARROW_WIDTH = 7
ARROW_HEAD = 20
ARROW_SUPERSAMPLE = 2
HOP_DISTANCE = MAN * 1.6
"""Steps between men closer than this (a move of one point) are drawn as a high arch (`step_path`)."""
HOP_HEIGHT = MAN * 1.8

# -- colours ----------------------------------------------------------------------------------------

FRAME_WOOD: palette.RGB = (92, 62, 40)
TRAY_WOOD: palette.RGB = (74, 50, 32)
FELT: palette.RGB = (58, 104, 86)
POINT_LIGHT: palette.RGB = (222, 200, 152)
POINT_DARK: palette.RGB = (160, 74, 52)
NUMBER_INK: palette.RGB = (246, 236, 214)
HEAD_MARK: palette.RGB = (240, 200, 90)
ARROW: palette.RGB = (230, 159, 0)
"""The last turn's arrows: Okabe & Ito's orange, with a dark border."""
BANNER: palette.RGB = (250, 246, 236)
BANNER_INK: palette.RGB = (28, 28, 32)

WHITE = palette.SeatColour("White", "W", (244, 242, 234))
BLACK = palette.SeatColour("Black", "B", (34, 34, 38))
COLOURS = (WHITE, BLACK)
"""The seats' colours (the panel swatches carry the same letters as the men)."""
RIMS: tuple[palette.RGB, palette.RGB] = (palette.OUTLINE, (226, 226, 220))
"""A dark rim round the light men, a light rim round the dark men: both show on any point."""
RINGS: tuple[palette.RGB, palette.RGB] = ((196, 190, 176), (92, 92, 100))


# -- where things are ---------------------------------------------------------------------------------


def column(point: int) -> int:
    """The column (0–11, left to right) of a point of the viewer's numbering."""
    return 12 - point if point <= 12 else point - 13


def point_x(point: int) -> float:
    """The x of the middle of a point (viewer's numbering)."""
    k = column(point)
    left = LEFT_HALF + k * POINT if k < 6 else RIGHT_HALF + (k - 6) * POINT
    return left + POINT / 2


def man_centre(point: int, index: int) -> stencil.Point:
    """The centre of the `index`-th man (0 at the board's edge) on a point (viewer's numbering)."""
    slot = min(index, SHOWN - 1)
    if point <= 12:
        return point_x(point), TOP_ROW + MAN / 2 + slot * MAN
    return point_x(point), BOTTOM_ROW_END - MAN / 2 - slot * MAN


def bar_centre(mine: bool, index: int) -> stencil.Point:
    """The centre of the `index`-th man on the bar (0 nearest the middle): the viewer's men in
    the top half, the opponent's in the bottom half."""
    slot = min(index, SHOWN - 1)
    x = BAR_LEFT + BAR / 2
    if mine:
        return x, GAP_TOP - MAN / 2 - slot * MAN
    return x, GAP_BOTTOM + MAN / 2 + slot * MAN


def off_anchor(mine: bool, count: int) -> stencil.Point:
    """Where the last man borne off lies in its tray (the viewer's: bottom right)."""
    inner = max(count - 1, 0) * SLAB + SLAB / 2 + 6
    if mine:
        return RIGHT_TRAY + TRAY / 2, BOTTOM_ROW_END - inner
    return TRAY / 2, TOP_ROW + inner


def viewer(state: VerquereState, perspective: int | None) -> int:
    """The seat the board is seen from: `perspective` when given; otherwise the player to move
    (or to roll), and once the game is over the winner (seat 0 after a draw)."""
    if perspective in (0, 1):
        assert perspective is not None
        return perspective
    outcome = state.outcome()
    if outcome is not None:
        return outcome.winners[0] if outcome.winners else 0
    return state.turn


# -- sprites (cached) ----------------------------------------------------------------------------------


@cache
def man_sprite(seat: int, label: str) -> Image.Image:
    """A man of `seat` with `label` on it: the seat's letter, or the count of a tall stack."""
    colour = COLOURS[seat]
    big, draw, s = stencil.supersampled((MAN, MAN))
    size = MAN * s
    draw.ellipse((0, 0, size - 1, size - 1), fill=RIMS[seat])
    rim = 3 * s
    draw.ellipse((rim, rim, size - 1 - rim, size - 1 - rim), fill=colour.fill)
    ring = round(size * 0.17)
    draw.ellipse((ring, ring, size - 1 - ring, size - 1 - ring), outline=RINGS[seat], width=s * 2)
    small = big.reduce(s)
    ink = colour.ink
    typeset.text_in_circle(
        ImageDraw.Draw(small),
        (MAN / 2, MAN / 2),
        MAN / 2 - 10,
        label,
        fill=ink,
        scale=1.0 if label.isdigit() else 0.9,
    )
    return small


@cache
def slab_sprite(seat: int) -> Image.Image:
    """One man borne off, seen edge on."""
    width = TRAY - 14
    big, draw, s = stencil.supersampled((width, SLAB))
    draw.rounded_rectangle((0, 0, width * s - 1, SLAB * s - 1), radius=4 * s, fill=RIMS[seat])
    draw.rounded_rectangle(
        (2 * s, 2 * s, width * s - 1 - 2 * s, SLAB * s - 1 - 2 * s), radius=3 * s, fill=COLOURS[seat].fill
    )
    return big.reduce(s)


PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@cache
def die_sprite(value: int, seat: int, size: int) -> Image.Image:
    """A die showing `value`, in the colours of `seat`'s men."""
    big, draw, s = stencil.supersampled((size, size))
    full = size * s
    draw.rounded_rectangle((0, 0, full - 1, full - 1), radius=full * 0.18, fill=RIMS[seat])
    rim = 3 * s
    draw.rounded_rectangle(
        (rim, rim, full - 1 - rim, full - 1 - rim), radius=full * 0.15, fill=COLOURS[seat].fill
    )
    pip = full * 0.09
    ink = COLOURS[seat].ink
    for x, y in PIPS[value]:
        draw.ellipse((x * full - pip, y * full - pip, x * full + pip, y * full + pip), fill=ink)
    return big.reduce(s)


def hit_words(count: int, words: Words) -> str:
    return words.gettext("HIT") if count == 1 else words.gettext("HIT ×{count}", count=count)


@cache
def hit_badge(text: str) -> Image.Image:
    """HIT (or HIT ×2) in a white badge with a dark border, where the last turn hit."""
    face = typeset.font(18, bold=True)
    width, height = int(typeset.text_length(text, face)) + 16, 28
    big, draw, s = stencil.supersampled((width, height))
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=8 * s, fill=palette.OUTLINE)
    draw.rounded_rectangle(
        (2 * s, 2 * s, width * s - 1 - 2 * s, height * s - 1 - 2 * s), radius=6 * s, fill=(255, 255, 255)
    )
    small = big.reduce(s)
    typeset.text(
        ImageDraw.Draw(small), (width / 2, height / 2), text, font=face, fill=palette.OUTLINE, anchor="mm"
    )
    return small


# -- the empty board ----------------------------------------------------------------------------------


def tray_words(words: Words) -> tuple[str, str, str]:
    """The words on the trays: the home point's, the head's, where men are borne off."""
    return words.gettext("home"), words.gettext("head"), words.gettext("off")


TRAY_WORDS = tray_words(ENGLISH)


@cache
def empty_board(labels: tuple[str, str, str] = TRAY_WORDS) -> Image.Image:
    """The frame, the trays, the bar, the 24 points and their numbers (the viewer's), no men,
    and the words on the trays (`tray_words`)."""
    image = unlabelled_board().copy()
    draw = ImageDraw.Draw(image)
    small = typeset.font(18, bold=True)
    room = TRAY - 2  # each word within its tray
    home, head, off = (typeset.shorten(label, small, room) for label in labels)
    typeset.text(draw, (RIGHT_TRAY + TRAY / 2, LABEL / 2 + 1), home, font=small, fill=HEAD_MARK, anchor="mm")
    typeset.text(draw, (TRAY / 2, LABEL / 2 + 1), head, font=small, fill=HEAD_MARK, anchor="mm")
    typeset.text(
        draw,
        (RIGHT_TRAY + TRAY / 2, BOTTOM_ROW_END + LABEL / 2 - 1),
        off,
        font=small,
        fill=NUMBER_INK,
        anchor="mm",
    )
    return image


@cache
def unlabelled_board() -> Image.Image:
    """`empty_board` without its words (what a man's box shows under it: `man_tile`)."""
    big, draw, s = frame.supersampled_board((WIDTH, BOARD_HEIGHT), 16, FRAME_WOOD)
    for left in (0, RIGHT_TRAY):
        draw.rounded_rectangle(
            ((left + 6) * s, (TOP_ROW - 4) * s, (left + TRAY - 6) * s, (BOTTOM_ROW_END + 4) * s),
            radius=8 * s,
            fill=TRAY_WOOD,
        )
    for left in (LEFT_HALF, RIGHT_HALF):
        draw.rectangle((left * s, TOP_ROW * s, (left + 6 * POINT) * s - 1, BOTTOM_ROW_END * s - 1), fill=FELT)
    depth = ROW - 16
    for point in range(1, 25):
        x = point_x(point)
        fill = POINT_LIGHT if point % 2 else POINT_DARK
        half = POINT / 2 - 2
        if point <= 12:
            tri = [
                ((x - half) * s, TOP_ROW * s),
                ((x + half) * s, TOP_ROW * s),
                (x * s, (TOP_ROW + depth) * s),
            ]
        else:
            base = BOTTOM_ROW_END * s
            tri = [((x - half) * s, base), ((x + half) * s, base), (x * s, (BOTTOM_ROW_END - depth) * s)]
        draw.polygon(tri, fill=fill)
    image = big.reduce(s)
    draw = ImageDraw.Draw(image)
    face = typeset.font(NUMBER_SIZE, bold=True)
    for point in range(1, 25):
        y = LABEL / 2 + 1 if point <= 12 else BOTTOM_ROW_END + LABEL / 2 - 1
        ink = HEAD_MARK if point in (1, 12) else NUMBER_INK
        draw.text((point_x(point), y), str(point), font=face, fill=ink, anchor="mm")
    return image


# -- drawing a position ------------------------------------------------------------------------------


MAN_CACHE = 512
"""Men on the empty board `man_tile` keeps: 9 kB each, so at most 5 MB (the men of both sides on
every point and the bar, with the letters and counts games show)."""


@lru_cache(maxsize=MAN_CACHE)
def man_tile(place: int, slot: int, seat: int, label: str) -> tuple[Image.Image, tuple[int, int]]:
    """The `slot`-th man (0 at the board's edge, or nearest the middle on the bar) of `seat` on a
    point (viewer's numbering; 0 and -1: the viewer's and the opponent's half of the bar) as it
    looks on the empty board, and where its top left corner goes: its box, pasted without a
    mask (cached). The men of a point lie in boxes side by side, none over another."""
    centre = bar_centre(place == 0, slot) if place <= 0 else man_centre(place, slot)
    sprite = man_sprite(seat, label)
    left, top = frame.centred(sprite, centre)
    tile = unlabelled_board().crop((left, top, left + sprite.width, top + sprite.height))
    layers.paste_sprite(tile, sprite, (0, 0))
    return tile, (left, top)


def add_stack(board: layers.LayeredBoard, place: int, seat: int, count: int) -> None:
    """`count` men of `seat` on a point or the bar (see `man_tile`): a layer for each man shown,
    so that a man more or less changes the rows of that man alone; the last one shown carries
    the count when there are more than SHOWN."""
    letter = COLOURS[seat].letter
    shown = min(count, SHOWN)
    for slot in range(shown):
        label = str(count) if count > SHOWN and slot == shown - 1 else letter
        tile, corner = man_tile(place, slot, seat, label)
        board.paste(("man", place, slot, seat, label), tile, corner)


@cache
def slab_corner(mine: bool, index: int) -> tuple[int, int]:
    """Where the top left corner of the `index`-th man borne off (0 first) goes, in the viewer's
    tray (`mine`) or the opponent's."""
    x, y = off_anchor(mine, index + 1)
    return round(x - slab_sprite(0).width / 2), round(y - SLAB / 2)


OFF_COUNT_CACHE = 64
"""Counts of men borne off `off_count_tile` keeps: 15 in each tray, in a few languages' boards."""


@lru_cache(maxsize=OFF_COUNT_CACHE)
def off_count_tile(mine: bool, off: int, labels: tuple[str, str, str]) -> tuple[Image.Image, tuple[int, int]]:
    """The number of men borne off, beyond the last one in the tray: the box of the pixels the
    number changes on the empty board with the words `labels` (`empty_board`), pasted without a
    mask, and where its top left corner goes (cached: drawing the number is a layout of its
    text, and its layer could not be painted on rows drawn alone). Only tray wood lies under the
    number: the slabs end 9 rows before it."""
    x = RIGHT_TRAY + TRAY // 2 if mine else TRAY // 2
    y = BOTTOM_ROW_END - off * SLAB - 22 if mine else TOP_ROW + off * SLAB + 22
    box = (x - TRAY // 2, y - 20, x + TRAY // 2, y + 20)
    empty = empty_board(labels).crop(box)
    tile = empty.copy()
    face = typeset.font(18, bold=True)
    typeset.text(
        ImageDraw.Draw(tile), (x - box[0], y - box[1]), str(off), font=face, fill=NUMBER_INK, anchor="mm"
    )
    left, top, right, bottom = ImageChops.difference(tile, empty).getbbox() or (0, 0, 1, 1)
    return tile.crop((left, top, right, bottom)), (box[0] + left, box[1] + top)


def add_men(
    board: layers.LayeredBoard, state: VerquereState, me: int, labels: tuple[str, str, str] = TRAY_WORDS
) -> None:
    """The men on the points, on the bar and in the trays, seen from seat `me`, on the empty
    board with the words `labels`."""
    them = 1 - me
    points = state.board  # (seat 0's numbering: its men counted up, seat 1's down)
    for point in range(1, 25):
        men = points[seat0_point(me, point) - 1]
        if men:
            add_stack(board, point, 0 if men > 0 else 1, abs(men))
    for seat, mine in ((me, True), (them, False)):
        if state.bar[seat]:
            add_stack(board, 0 if mine else -1, seat, state.bar[seat])
        off = state.off[seat]
        slab = slab_sprite(seat)
        for index in range(off):
            board.paste(("slab", seat, mine, index), slab, slab_corner(mine, index))
        if off:
            tile, corner = off_count_tile(mine, off, labels)
            board.paste(("off", mine, off), tile, corner)


@lru_cache(maxsize=64)
def dice_sprites(
    dice: tuple[int, int], seat: int
) -> tuple[tuple[tuple[object, ...], Image.Image, tuple[int, int]], ...]:
    """The roll to play in the middle of the right half: two dice, or four for a double, each
    with its layer's name and where its top left corner goes (cached: 21 rolls of two seats)."""
    values = [dice[0]] * 4 if dice[0] == dice[1] else list(dice)
    size = DIE if len(values) == 2 else SMALL_DIE
    gap = 18 if len(values) == 2 else 12
    total = len(values) * size + (len(values) - 1) * gap
    left = RIGHT_HALF + (6 * POINT - total) / 2
    top = GAP_MIDDLE - size / 2
    placed = []
    for index, value in enumerate(values):
        corner = (round(left + index * (size + gap)), round(top))
        placed.append((("die", value, seat, size, corner), die_sprite(value, seat, size), corner))
    return tuple(placed)


def add_dice(board: layers.LayeredBoard, dice: tuple[int, int], seat: int) -> None:
    """The roll to play in the middle of the right half: two dice, or four for a double."""
    for key, sprite, corner in dice_sprites(dice, seat):
        board.paste(key, sprite, corner)


# -- the last turn's arrows ---------------------------------------------------------------------------


def _bezier(points: Sequence[stencil.Point], steps: int = 16) -> list[stencil.Point]:
    """A Bézier curve through its control points, as a polyline."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        pts = list(points)
        while len(pts) > 1:
            pts = [((1 - t) * a[0] + t * b[0], (1 - t) * a[1] + t * b[1]) for a, b in pairwise(pts)]
        out.append(pts[0])
    return out


def _trimmed(path: list[stencil.Point], start: float, end: float) -> list[stencil.Point]:
    """The path without its first `start` and last `end` pixels (so arrows stop at a man's rim)."""

    def cut(points: list[stencil.Point], length: float) -> list[stencil.Point]:
        gone = 0.0
        for i in range(len(points) - 1):
            a, b = points[i], points[i + 1]
            step = math.dist(a, b)
            if gone + step >= length:
                f = (length - gone) / step if step else 0
                return [(a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f), *points[i + 1 :]]
            gone += step
        return points[-2:]

    return cut(cut(path, start)[::-1], end)[::-1]


def _along(path: Sequence[stencil.Point], back: float) -> stencil.Point:
    """The point `back` pixels before the end of a path (or its middle, on a short path)."""
    total = sum(math.dist(a, b) for a, b in pairwise(path))
    back = min(back, total / 2)
    gone = 0.0
    for a, b in pairwise(path[::-1]):
        step = math.dist(a, b)
        if gone + step >= back:
            f = (back - gone) / step if step else 0
            return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
        gone += step
    return path[0]


def step_path(start: stencil.Point, end: stencil.Point, how: str) -> list[stencil.Point]:
    """The curve of one arrow: `how` is "row" (along one side, bulging towards the middle),
    "hop" (to a neighbouring point: a high arch, so that the arrow is not all head), "cross"
    (from one side to the other, through the middle), or "free" (from the bar, or off)."""
    (x0, y0), (x1, y1) = start, end
    if how == "hop":
        rise = HOP_HEIGHT * (1 if y0 < GAP_MIDDLE else -1)
        return _bezier([start, (x0, y0 + rise), (x1, y1 + rise), end], steps=24)
    if how == "row":
        towards = 1 if y0 < GAP_MIDDLE else -1
        bulge = min(0.35 * abs(x1 - x0), 120) * towards
        control = ((x0 + x1) / 2, (y0 + y1) / 2 + bulge)
        return _bezier([start, control, end])
    if how == "cross":
        # from one side to the other through the middle of the board
        return _bezier([start, (x0, GAP_MIDDLE), (x1, GAP_MIDDLE), end])
    towards = 1 if y0 < GAP_MIDDLE else -1
    bulge = 0 if abs(y1 - y0) > 80 else 60 * towards
    return _bezier([start, ((x0 + x1) / 2, (y0 + y1) / 2 + bulge), end])


@lru_cache(maxsize=1024)
def step_curve(start: stencil.Point, end: stencil.Point, how: str) -> tuple[stencil.Point, ...]:
    """The arrow of one step from man to man: `step_path` without the ends hidden by the men
    (cached: men stand in a few hundred places; 1,024 paths of 25 points at most, under 3 MB)."""
    return tuple(_trimmed(step_path(start, end, how), MAN * 0.3, MAN * 0.42))


def turn_arrows(
    state: VerquereState, move: Turn, me: int
) -> tuple[list[tuple[stencil.Point, ...]], list[tuple[stencil.Point, int]]]:
    """The arrows of a turn seen from seat `me` (as polylines, tips last) and the hit badges
    (where, how many men)."""
    mover = move.seat
    mine = mover == me

    def viewed(point: int) -> int:
        return point if mine else other_numbering(point)

    leaving: dict[int, int] = {}
    borne_off = sum(1 for step in move.steps if step.end == 25)

    def anchor(point: int, arriving: bool) -> stencil.Point:
        """Where a man of the mover is (arriving: the outermost man of the point, or its slab in
        the tray) or was (leaving: just beyond the men left there, one place further for each)."""
        if arriving:
            if point == 25:
                nonlocal borne_off
                borne_off -= 1
                return off_anchor(mine, state.off[mover] - borne_off)
            return man_centre(viewed(point), max(state.men(mover, point) - 1, 0))
        before = leaving.get(point, 0)
        leaving[point] = before + 1
        if point == 0:
            return bar_centre(mine, state.bar[mover] + before)
        return man_centre(viewed(point), state.men(mover, point) + before)

    paths: list[tuple[stencil.Point, ...]] = []
    badges: list[tuple[stencil.Point, int]] = []
    for step in move.steps:
        a, b = anchor(step.start, False), anchor(step.end, True)
        if step.start == 0 or step.end == 25:
            how = "free"
        else:
            top_a, top_b = viewed(step.start) <= 12, viewed(step.end) <= 12
            how = "row" if top_a == top_b else "cross"
            if how == "row" and math.dist(a, b) < HOP_DISTANCE:
                how = "hop"
        path = step_curve(a, b, how)  # (the very tuple cached: `arrow_box` looks it up by it)
        paths.append(path)
        if step.hit:
            badges.append((_along(path, 44), max(move.start[OPP + step.end], 1)))
    return paths, badges


def add_arrows(
    board: layers.LayeredBoard, paths: Sequence[Sequence[stencil.Point]], fill: palette.RGB
) -> None:
    """Smooth arrows along polylines, tips at the ends, with a dark border: each arrow's outline
    and fill are supersampled masks over the box around it, painted through as stencils."""
    for path in paths:
        key, seen, size, corner = arrow_box(tuple(path), board.width, board.height)
        outline, inside = path_stencils(seen, *size)
        board.stencil(("arrow", key), outline, palette.OUTLINE, corner)
        board.stencil(("arrow inside", key, fill), inside, fill, corner)


ARROW_CACHE = 256
"""Arrows whose stencils are kept (`path_stencils`): 15 kB each in a game's middle (at most 45 kB),
so about 4 MB (at most 11 MB); and whose boxes are (`arrow_box`)."""


@lru_cache(maxsize=ARROW_CACHE)
def arrow_box(
    path: tuple[stencil.Point, ...], width: int, height: int
) -> tuple[layers.HashedKey, tuple[stencil.Point, ...], tuple[int, int], tuple[int, int]]:
    """The arrow along `path` on a board `width` × `height`: its name, its path as seen from its
    box's corner, the box's size and its corner, where its stencils (`path_stencils`) go
    (cached: a path from `step_curve` is the same tuple again, looked up faster than its box
    is worked out)."""
    pad = ARROW_HEAD + 8
    xs = [p[0] for p in path]
    ys = [p[1] for p in path]
    left, top = max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad))
    right = min(width, math.ceil(max(xs) + pad))
    bottom = min(height, math.ceil(max(ys) + pad))
    # The masks depend only on the path as seen from its box's corner: the same shape
    # elsewhere (the same move from another point) is the same stencil, moved.
    seen = tuple((x - left, y - top) for x, y in path)
    return layers.HashedKey(path), seen, (right - left, bottom - top), (left, top)


def warm_up(state: VerquereState, last_move: Move | None, words: Words = ENGLISH) -> None:
    """Make what the picture of `state` after `last_move` makes the first time, but not the
    picture (`render.warm_up`): the stencils of its arrows, and the words of its banner (a game's
    end is the slowest picture of a game: new words, measured letter by letter)."""
    board = layers.LayeredBoard(empty_board(), "warm-up")
    if isinstance(last_move, Turn) and last_move.seat in (0, 1):
        paths, _ = turn_arrows(state, last_move, viewer(state, None))
        add_arrows(board, paths, ARROW)
    banner = banner_texts(state, words)
    if banner is not None:
        banner_sprite(*banner, wide=not dice_shown(state))


@lru_cache(maxsize=ARROW_CACHE)
def path_stencils(
    path: tuple[stencil.Point, ...], width: int, height: int
) -> tuple[stencil.Stencil, stencil.Stencil]:
    """The outline's and the fill's stencils of the arrow along `path` (in the pixels of its box,
    `width` × `height`, whose top left corner the stencils are at; cached: the same men make the
    same arrows again and again)."""
    s = ARROW_SUPERSAMPLE
    size = (width * s, height * s)
    arrow = stencil.path_arrow([(x * s, y * s) for x, y in path], ARROW_HEAD, s)
    shaft = arrow.shaft
    bends = stencil.joints(shaft)
    # Where the ink can be: along the shaft, as wide as the widest line, and the heads.
    widest = round((ARROW_WIDTH + 6) * s)
    covers = stencil.segment_covers(shaft, widest)
    covers += [stencil.polygon_cover(arrow.head(ARROW_WIDTH, grow), 2 * s) for grow in (3, 0)]
    bands = stencil.ink_bands(size, s, covers)

    stencils = []
    for grow in (3, 0):
        with stencil.mask_canvas(bands) as (mask, draw):
            ink = draw._getink(255)[0]
            assert ink is not None
            line_width = round((ARROW_WIDTH + 2 * grow) * s)
            stencil.curve_line(draw, shaft, ink, line_width, bends)
            r = line_width / 2
            for x, y in (shaft[0], shaft[-1]):
                draw.ellipse((x - r, y - r, x + r, y + r), fill=255)
            draw.polygon(arrow.head(ARROW_WIDTH, grow), fill=255)
            stencils.append(stencil.reduced_stencil(mask, bands))
    return stencils[0], stencils[1]


# -- banners and words ---------------------------------------------------------------------------------


def banner_texts(state: VerquereState, words: Words) -> tuple[str, str] | None:
    """The banner's title and line: Jean, Juncker, or how the game ended; None for none."""
    outcome = state.outcome()
    if outcome is not None:
        winner = said(words, SEAT_NAMES[outcome.winners[0]]) if outcome.winners else ""
        loser = said(words, SEAT_NAMES[1 - outcome.winners[0]]) if outcome.winners else ""
        if outcome.termination == JEAN:
            return words.gettext("JEAN"), words.gettext(
                "{loser} can never enter all men: {winner} wins a double game (2 points)",
                loser=loser,
                winner=winner,
            )
        if outcome.termination == ALL_ON_24:
            return words.gettext("ALL 15 ON POINT 24"), words.gettext(
                "{winner} wins a double game (2 points)", winner=winner
            )
        if outcome.termination == BORNE_OFF:
            return words.gettext("{seat} BORE OFF ALL 15 MEN", seat=winner.upper()), words.gettext(
                "{winner} wins a single game (1 point)", winner=winner
            )
        if outcome.termination == JUNCKER:
            return words.gettext("BOTH JUNCKER"), words.gettext(
                "Neither player can ever move again: the game is a draw"
            )
        if outcome.termination == RESIGNED:
            return words.gettext("{seat} RESIGNED", seat=loser.upper()), words.gettext(
                "{winner} wins a single game (1 point)", winner=winner
            )
        return words.gettext("GAME OVER"), words.say(state.game.reason_phrase(outcome))
    stuck = [seat for seat in (0, 1) if state.bar[seat] and state.juncker(seat)]
    if stuck:
        seat = stuck[0]
        return words.gettext("JUNCKER"), words.ngettext(
            "{seat} has {count} man on the bar and fewer points open: {seat}'s turns pass",
            "{seat} has {count} men on the bar and fewer points open: {seat}'s turns pass",
            state.bar[seat],
            seat=said(words, SEAT_NAMES[seat]),
        )
    return None


BANNER_TOP, BANNER_BOTTOM = GAP_TOP + 12, GAP_BOTTOM - 12
BANNER_TITLE_SIZE, BANNER_LINE_SIZE = 30, 18
"""The rows of the banner's light band (its dark border 3 px more)."""


def add_banner(board: layers.LayeredBoard, title: str, line: str, wide: bool) -> None:
    """A light band over the middle of the board: across it all (`wide`), or over its left half
    and the bar (the dice keep the right half); pasted as a sprite (`banner_sprite`)."""
    sprite, corner = banner_sprite(title, line, wide)
    board.paste(("banner", title, line, wide), sprite, corner)


BANNER_CACHE = 8
"""Banners `banner_sprite` keeps: 320 kB each at most (a wide one), so 2.6 MB at most."""


@lru_cache(maxsize=BANNER_CACHE)
def banner_sprite(title: str, line: str, wide: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The banner (`draw_banner`) as an RGBA sprite, and where its top left corner goes: opaque
    over its dark border and all inside it (the words lie on the light band), transparent
    outside the border's rounded corners, so that pasting it paints what drawing it does
    (cached: a board redrawn under a banner lays out its words again otherwise)."""
    left, right = banner_sides(wide)
    corner = (left - 3, BANNER_TOP - 3)
    size = (right + 4 - corner[0], BANNER_BOTTOM + 4 - corner[1])
    image = Image.new("RGB", size, palette.OUTLINE)
    draw_banner(image, title, line, wide, corner[1], corner[0])
    border = Image.new("L", size, 0)  # the outer rounded rectangle of `draw_banner`, moved
    ImageDraw.Draw(border).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=14, fill=255)
    sprite = image.convert("RGBA")
    sprite.putalpha(border)
    return sprite, corner


def banner_sides(wide: bool) -> tuple[int, int]:
    """The left and right edges of the banner's light band."""
    return LEFT_HALF + 8, RIGHT_TRAY - 8 if wide else RIGHT_HALF - 6


def banner_lines(title: str, line: str, wide: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The banner's title (one line) and its line (two at most), as they fit in the banner."""
    left, right = banner_sides(wide)
    room = right - left - 24
    return (
        typeset.wrap(title, typeset.font(BANNER_TITLE_SIZE, bold=True), room, 1),
        typeset.wrap(line, typeset.font(BANNER_LINE_SIZE), room, 2),
    )


def draw_banner(image: Image.Image, title: str, line: str, wide: bool, dy: int = 0, dx: int = 0) -> None:
    """The banner (see `add_banner`) on an image whose first row is the board's row `dy` and
    first column the board's column `dx`."""
    left, right = (side - dx for side in banner_sides(wide))
    top, bottom = BANNER_TOP - dy, BANNER_BOTTOM - dy
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((left - 3, top - 3, right + 3, bottom + 3), radius=14, fill=palette.OUTLINE)
    draw.rounded_rectangle((left, top, right, bottom), radius=12, fill=BANNER)
    title_face = typeset.font(BANNER_TITLE_SIZE, bold=True)
    line_face = typeset.font(BANNER_LINE_SIZE)
    middle = (left + right) / 2
    (shown_title,), lines = banner_lines(title, line, wide)
    title_y = top + (30 if len(lines) == 1 else 22)
    typeset.text(draw, (middle, title_y), shown_title, font=title_face, fill=BANNER_INK, anchor="mm")
    for row, text in enumerate(lines):
        y = bottom - 22 - (len(lines) - 1 - row) * 22
        typeset.text(draw, (middle, y), text, font=line_face, fill=BANNER_INK, anchor="mm")


def _who(names: Sequence[str], seat: int, words: Words) -> str:
    seat_name = said(words, SEAT_NAMES[seat])
    return frame.named(names[seat], seat_name, 260, typeset.font(TEXT_SIZE, bold=True), words)


def last_turn_text(last_move: Move | None, names: Sequence[str], me: int, words: Words) -> str:
    """The last turn in words, its points in the numbering of the board seen from `me` (the
    mover's own notation follows when that is another numbering)."""
    if isinstance(last_move, Turn):
        who = _who(names, last_move.seat, words)
        seen = last_move.written_for(me)
        hit = last_move.men_hit
        if last_move.seat == me and not hit:
            return words.gettext("{player} played {move}", player=who, move=seen)
        if last_move.seat == me:
            return words.ngettext(
                "{player} played {move}, hitting {count} man",
                "{player} played {move}, hitting {count} men",
                hit,
                player=who,
                move=seen,
            )
        mover = said(words, SEAT_NAMES[last_move.seat])
        if not hit:
            return words.gettext(
                "{player} played {move} ({written} as {seat} writes it)",
                player=who,
                move=seen,
                written=str(last_move),
                seat=mover,
            )
        return words.ngettext(
            "{player} played {move} ({written} as {seat} writes it), hitting {count} man",
            "{player} played {move} ({written} as {seat} writes it), hitting {count} men",
            hit,
            player=who,
            move=seen,
            written=str(last_move),
            seat=mover,
        )
    if isinstance(last_move, Pass):
        return words.gettext(
            "{player} passed ({dice}): {why}",
            player=_who(names, last_move.seat, words),
            dice=f"{last_move.dice[0]}-{last_move.dice[1]}",
            why=said(words, last_move.why),
        )
    return words.gettext("No turn played yet")


def numbering_text(me: int, words: Words) -> str:
    return words.gettext(
        "Seen from {seat}: 1 (home) top right → 12 (head) top left → 13 bottom left → 24 → off",
        seat=said(words, SEAT_NAMES[me]),
    )


# -- the whole picture ----------------------------------------------------------------------------------


def draw_board(
    state: VerquereState, me: int, last_move: Move | None, names: Sequence[str], words: Words
) -> list[Image.Image | png.Slices]:
    """The board seen from seat `me`, with the words under it, as bands for `frame.compose`: the
    board (drawn in layers over the empty board, nothing below it), and the lines of words
    (cached) with plain rows around."""
    return [
        board_layers(state, me, last_move, words).slices(),
        *words_under_the_board(last_move, names, me, words),
    ]


def board_layers(state: VerquereState, me: int, last_move: Move | None, words: Words) -> layers.LayeredBoard:
    """The board seen from seat `me`: the men, the last turn's arrows and hits, the dice and the
    banner, as layers over the empty board, in that order."""
    # The empty board's words are the language's: its strips are named by them too.
    labels = tray_words(words)
    board = layers.LayeredBoard(
        empty_board(labels), "verquere" if labels == TRAY_WORDS else ("verquere", labels)
    )
    add_men(board, state, me, labels)
    banner = banner_texts(state, words)
    if isinstance(last_move, Turn) and last_move.seat in (0, 1):
        paths, badges = turn_arrows(state, last_move, me)
        add_arrows(board, paths, ARROW)
        for where, count in badges:
            text = hit_words(count, words)  # (in the name: the board's base names its words only)
            badge = hit_badge(text)
            corner = frame.centred(badge, where)
            board.paste(("hit", text, corner), badge, corner)
    if state.dice is not None and dice_shown(state):
        add_dice(board, state.dice, state.turn)  # over the arrows: the roll to play matters most
    if banner is not None:
        add_banner(board, *banner, wide=not dice_shown(state))
    return board


def dice_shown(state: VerquereState) -> bool:
    """Whether the board shows the roll to play (a banner then leaves their half of the board)."""
    return state.dice is not None and state.outcome() is None


def words_under_the_board(
    last_move: Move | None, names: Sequence[str], me: int, words: Words
) -> list[Image.Image]:
    """The lines of words under the board (cached), with plain rows around them."""
    head = frame.caption_head(words.gettext("Last turn"), words)
    lines = [
        frame.text_line(head, last_turn_text(last_move, names, me, words), CAPTION),
        frame.text_line("", numbering_text(me, words), CAPTION),
    ]
    below = STRIP_HEIGHT - 8 - sum(line.height for line in lines)
    # A longer language may take two lines for each caption: the picture grows to hold them.
    return [frame.plain(8), *lines, *([frame.plain(below)] if below > 0 else [])]


def status(state: VerquereState, names: Sequence[str], words: Words) -> frame.Status:
    """Whose turn it is and the roll to play (or to roll), or the outcome."""
    if state.outcome() is None and state.to_move == CHANCE:
        who = frame.who(state, names, state.turn, words)
        return frame.Status(words.gettext("{player} to roll", player=who), COLOURS[state.turn])
    base = frame.status_for(state, names, COLOURS, words)
    if state.outcome() is None and state.dice is not None:
        roll = f"{state.dice[0]}-{state.dice[1]}"
        return frame.Status(words.gettext("{status} · roll {dice}", status=base.text, dice=roll), base.colour)
    return base


def men_line(state: VerquereState, seat: int, words: Words) -> tuple[str, ...]:
    """A card's words after the score: men borne off and on the bar (where there are some), and
    while playing the pips to go (short, to fit the card)."""
    men = [words.ngettext("{count} off", "{count} off", state.off[seat])]
    if state.bar[seat]:
        men.append(words.ngettext("{count} on bar", "{count} on bar", state.bar[seat]))
    if state.result is None:
        men.append(words.ngettext("{count} pip", "{count} pips", state.pips_to_go(seat)))
    return tuple(men)


def picture(
    state: VerquereState,
    last_move: Move | None,
    shown: tuple[str, ...],
    perspective: int | None,
    words: Words,
) -> frame.Picture:
    """The whole picture of a Verquere state, seen from `perspective` (default: see `viewer`)."""
    me = viewer(state, perspective)
    scores = [frame.score_line(state, seat, words, *men_line(state, seat, words)) for seat in (0, 1)]
    seats = frame.panel_seats(state, shown, COLOURS, scores, words, resigned=frame.resigned_seats(state))
    return frame.compose(
        state.game.title_for(state.seats),
        status(state, shown, words),
        draw_board(state, me, last_move, shown, words),
        seats,
    )


render = frame.renderer(VerquereState, (Turn, Pass, Roll), picture)
