"""The picture frame every game shares, so that each game draws only its board.

A picture is, from top to bottom: the game's title, a status line ("Red to move", "Blue wins —
five in a row"), the board the game drew, and a panel with one card per seat (a colour swatch
that also carries the seat's letter, the player's name, the score and a tag for the seat to move,
the winners and the seats that resigned).

A game's renderer typically does::

    names = frame.player_names(state, names)
    colours = [frame.SEAT_COLOURS[n] for n in state.game.seat_names(state.seats)]
    board = <the game's own board picture, about 930 px wide>
    seats = frame.panel_seats(state, names, colours, scores=[...], resigned=[...])
    return frame.compose(state.game.title, frame.status_for(state, names, colours), board, seats)

`compose` gives a `Picture`: the header, the board and the panel as bands of rows, which the PNG
writer encodes as they are (`Picture.image()` puts them together for the animation).

Also here: the colour-blind-safe palette, the fonts (cached), stone sprites with their letter,
text centred in a circle, trimming text to a width, and arrows. Drawing a picture takes a few ms,
most of it spent on what changed since the last pictures: text goes through `text` (each word's
mask cached) and `text_length`, arrows through `Stencil`s their games cache, and every cache is
bounded (its bound in its docstring) and changes no pixel.
"""

from __future__ import annotations

import enum
import math
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from PIL import Image, ImageDraw, ImageFont
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]

from rules import CHANCE, RESIGNED, TIMEOUT, Move, Outcome, State
from rules.text import listing
from rules.text import plural as plural  # re-exported: the renderers write counts with it

from . import png

RGB = tuple[int, int, int]
GameState = TypeVar("GameState", bound=State)
GameMove = TypeVar("GameMove", bound=Move)
Point = tuple[float, float]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SUPERSAMPLE = 4
"""Shapes that must look smooth (stones, arrows) are drawn this many times larger, then reduced."""

# -- layout (pixels) ---------------------------------------------------------------------------

MARGIN = 16
MIN_WIDTH = 960
BOARD_WIDTH = MIN_WIDTH - 2 * MARGIN
"""The width a game's board picture should have (at most; a wider board widens the picture)."""
TITLE_SIZE = 26
STATUS_SIZE = 30
STATUS_SMALL_SIZE = 22
"""The status line's size when it takes two lines."""
NAME_SIZE = 24
SCORE_SIZE = 20
TAG_SIZE = 18
SWATCH = 44
CARD_HEIGHT = 68
CARD_GAP = 12
PANEL_COLUMNS = 2
STATUS_NAME_WIDTH = 340
"""At most this many pixels of a player's name in the status line."""
HEADER_HEIGHT = 104
"""Title and status line above the board."""

# -- colours ------------------------------------------------------------------------------------

BACKGROUND: RGB = (36, 39, 46)
CARD: RGB = (52, 57, 66)
CARD_ACTIVE: RGB = (70, 77, 89)
TEXT: RGB = (242, 243, 245)
MUTED: RGB = (176, 182, 192)
FAINT: RGB = (120, 126, 136)
OUTLINE: RGB = (24, 24, 28)
"""The dark rim of every stone and swatch: it keeps light colours visible on light boards."""


def _luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2) of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: RGB) -> RGB:
    """Near-black or white, whichever reads better on `fill`."""
    dark, light = (20, 20, 24), (255, 255, 255)
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


Shape = Literal["circle", "square", "diamond", "triangle", "hexagon", "star"]
"""The outline of a seat's stones and swatches."""


def _outline(shape: Shape, size: float) -> tuple[list[Point], float]:
    """The corners of a polygonal stone `size` px wide (centred in its box) and the radius of
    the circle its letter must fit in, as a fraction of the half-size, before the rim."""
    half = size / 2

    def ring(corners: int, radius: float, turn: float, drop: float = 0.0) -> list[Point]:
        return [
            (
                half + radius * math.cos(math.radians(turn + 360 * i / corners)),
                half + drop + radius * math.sin(math.radians(turn + 360 * i / corners)),
            )
            for i in range(corners)
        ]

    if shape == "triangle":  # point up, as wide as the box, its centroid a little low
        radius = size / math.sqrt(3)
        return ring(3, radius, -90, drop=radius / 4), 0.5 * radius / half
    if shape == "hexagon":
        return ring(6, half, 0), 0.8
    if shape == "star":  # a fat five-pointed star, so that the letter fits in its middle
        outer, inner = ring(5, half, -90, drop=half * 0.1), ring(5, half * 0.55, -54, drop=half * 0.1)
        return [p for pair in zip(outer, inner, strict=True) for p in pair], 0.48
    return ring(4, half, -90), 1 / math.sqrt(2)  # diamond


@dataclass(frozen=True)
class SeatColour:
    """A seat's colour with the letter drawn on it, so colour is never the only clue."""

    name: str
    letter: str
    fill: RGB
    shape: Shape = "circle"
    """The outline of its stones, swatches and status marks: a game whose pieces differ in shape
    too (Keibot: round White, square Black) uses `dataclasses.replace(BLACK, shape="square")`."""

    @property
    def ink(self) -> RGB:
        return ink_on(self.fill)


# Okabe & Ito's colour-blind-safe palette (jfly.uni-koeln.de/color), named after the seats.
RED = SeatColour("Red", "R", (213, 94, 0))  # vermillion
BLUE = SeatColour("Blue", "B", (0, 114, 178))
YELLOW = SeatColour("Yellow", "Y", (240, 228, 66))
GREEN = SeatColour("Green", "G", (0, 158, 115))  # bluish green
PURPLE = SeatColour("Purple", "P", (204, 121, 167))  # reddish purple
ORANGE = SeatColour("Orange", "O", (230, 159, 0))
SKY = SeatColour("Sky", "S", (86, 180, 233))
BLACK = SeatColour("Black", "K", (28, 28, 32))
WHITE = SeatColour("White", "W", (246, 246, 242))

SEAT_COLOURS: dict[str, SeatColour] = {
    c.name: c for c in (RED, BLUE, YELLOW, GREEN, PURPLE, ORANGE, SKY, BLACK, WHITE)
}
"""Every palette entry by seat name; games whose seats are named otherwise map them themselves."""

# -- fonts and text -----------------------------------------------------------------------------


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in render/fonts) at `size` px. The basic layout engine is used on
    purpose: raqm may or may not be present on a machine, and the pictures must not change."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def _missing_glyph(bold: bool) -> bytes:
    return bytes(font(24, bold=bold).getmask("\U0010fffd"))


@cache
def _drawable(char: str, bold: bool) -> bool:
    """Whether DejaVu has a glyph for `char` (else Pillow would draw an empty box)."""
    if unicodedata.category(char)[0] in "CZ" and char != " ":
        return False  # control, format, private-use and unusual space characters
    return bytes(font(24, bold=bold).getmask(char)) != _missing_glyph(bold)


MISSING = "□"
"""Drawn for a character the font has no glyph for (an emoji, most CJK), so none vanishes."""
RIGHT_TO_LEFT = frozenset(("R", "AL"))
"""Bidirectional classes of right-to-left letters (Hebrew, Arabic)."""


def _visual_order(text: str) -> str:
    """`text` in the order it is drawn left to right: each run of right-to-left letters (with
    the spaces and marks inside it) reversed. A small bidi step, enough for names: the font is
    drawn with Pillow's basic layout, which does not reorder (and raqm may be missing)."""
    out: list[str] = []
    run: list[str] = []
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in RIGHT_TO_LEFT or (run and kind in ("WS", "NSM")):
            run.append(ch)
            continue
        out.extend(_close_run(run))
        run = []
        out.append(ch)
    out.extend(_close_run(run))
    return "".join(out)


def _close_run(run: list[str]) -> list[str]:
    """A run of right-to-left text reversed, its trailing spaces kept after it."""
    spaces = len(run) - len("".join(run).rstrip())
    body = run[: len(run) - spaces]
    return body[::-1] + run[len(run) - spaces :]


def clean_text(text: str, *, bold: bool = False) -> str:
    """`text` as it should be drawn, on one line: right-to-left runs in visual order, invisible
    format and control characters dropped, and each character our font cannot draw (emoji, most
    CJK) shown as MISSING. Every name in a picture goes through it."""
    flat = " ".join(text.split())
    shown = []
    for ch in flat:
        if ch == " " or _drawable(ch, bold):
            shown.append(ch)
        elif unicodedata.category(ch) not in ("Cf", "Cc", "Mn", "Me"):
            shown.append(MISSING)
    return _visual_order(" ".join("".join(shown).split()))


LENGTH_CACHE = 4096
"""Characters and pairs of neighbours whose advance `text_length` keeps, per font (forgotten all at
once past that): about 0.5 MB a font at most, for the dozen fonts (sizes) the pictures use."""
_steps: dict[ImageFont.FreeTypeFont, dict[str, int]] = {}
"""font -> one character, or a pair of neighbours -> how far the pen moves for the (second)
character: its advance, plus the pair's kerning, in 64ths of a pixel."""


def _prefix_lengths(text: str, face: ImageFont.FreeTypeFont) -> list[int]:
    """The length of each prefix of `text` (the empty one first), in 64ths of a pixel."""
    steps = _steps.get(face)
    if steps is None or len(steps) > LENGTH_CACHE:
        steps = _steps[face] = {}
    lengths = [0]
    total = 0
    previous = ""
    for char in text:
        key = previous + char
        step = steps.get(key)
        if step is None:
            step = round(face.getlength(key) * 64)
            if previous:
                step -= round(face.getlength(previous) * 64)
            steps[key] = step
        total += step
        lengths.append(total)
        previous = char
    return lengths


def text_length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """`face.getlength(text)`, the same number, from the lengths of its characters and of each
    pair of neighbours (cached). Pillow's basic layout, which our fonts use, advances the pen by
    each glyph's advance and the kerning of each pair of neighbours, nothing else; measuring text
    with FreeType loads and hints every glyph, about as slow as drawing it."""
    return _prefix_lengths(text, face)[-1] / 64


def _with_ellipsis(prefix: str, length: int, face: ImageFont.FreeTypeFont) -> int:
    """The length (64ths) of `prefix` + "…", given the length of `prefix`."""
    return length + _prefix_lengths(prefix[-1:] + "…", face)[-1] - _prefix_lengths(prefix[-1:], face)[-1]


@lru_cache(maxsize=2048)
def trim(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened with an ellipsis if needed so that it fits in `width` pixels (cached, and
    measured with `text_length`; 2,048 strings at most)."""
    lengths = _prefix_lengths(text, face)
    if lengths[-1] / 64 <= width:
        return text

    def fits(middle: int) -> bool:
        prefix = text[:middle].rstrip()
        return _with_ellipsis(prefix, lengths[len(prefix)], face) / 64 <= width

    low, high = 0, len(text)  # the longest prefix that fits with "…" is in [low, high)
    while low < high - 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return text[:low].rstrip() + "…"


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> tuple[str, ...]:
    """`text` in at most `lines` lines of `width` pixels, broken between words (cached by `trim`'s
    measures). Only words that cannot fit are cut, the last line shortened with "…": `fits` tells
    whether that happens, and the tests make sure no text of the pictures needs it."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        count = len(words)
        while count > 1 and text_length(" ".join(words[:count]), face) > width:
            count -= 1
        out.append(trim(" ".join(words[:count]), face, width))
        words = words[count:]
    if words:
        out.append(trim(" ".join(words), face, width))
    return tuple(out)


def fits(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int = 1) -> bool:
    """Whether `wrap` lays `text` out in `lines` lines of `width` pixels without cutting a word."""
    return " ".join(wrap(text, face, width, lines)) == " ".join(text.split())


TEXT_CACHE_BYTES = 4 << 20
"""The most bytes of text masks `text` keeps (one byte a pixel): 4 MiB, a few hundred lines of
words or thousands of short labels."""
_masks: OrderedDict[
    tuple[ImageFont.FreeTypeFont, str, str, float, float], tuple[Any, tuple[int, int], int]
] = OrderedDict()
"""(font, text, anchor, fractions of the position) -> (Pillow's mask of the text, its offset, its bytes)."""
_mask_bytes = 0
_masks_lock = threading.Lock()


SPLIT_CHARACTERS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~·×—…→"
)
"""The characters of a text that `text` may draw word by word (checked against Pillow by the
tests): the words and notation of the games' lines, and most players' names."""


def text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    words: str,
    *,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str,
) -> None:
    """`draw.text(xy, words, font=font, fill=fill, anchor=anchor)`, the same pixels, faster.

    It does what Pillow's `ImageDraw.text` does for one line of text: FreeType renders the text
    into a mask at the fractions of the position, painted in `fill` at the whole pixel. Here the
    masks are cached, and a line of several words is drawn word by word, each word at the point
    where the pen reaches it (`text_length`), so that a line seen for the first time is mostly
    words seen before. That places every glyph on the pixel Pillow places it, since Pillow puts
    each glyph at the pixel nearest to its pen position, counted in 64ths of a pixel from the
    nearest 64th of the starting point (hence only for a start on a 128th of a pixel, and for
    anchors that do not depend on the words' own height), and words apart do not touch."""
    if "\n" in words or draw.fontmode != "L":
        draw.text(xy, words, font=font, fill=fill, anchor=anchor)
        return
    ink, _fill = draw._getink(fill)
    assert ink is not None
    x, y = xy
    if (
        " " in words
        and anchor[1] in "asmd"
        and x >= 0
        and float(x * 128).is_integer()
        and SPLIT_CHARACTERS.issuperset(words)
    ):
        lengths = _prefix_lengths(words, font)
        shift = {"l": 0, "m": (lengths[-1] // 2 + 32) >> 6, "r": (lengths[-1] + 32) >> 6}[anchor[0]]
        pen = int(x) - shift + math.modf(x)[0]
        if pen >= 0:  # (Pillow takes the whole pixel towards 0: the same as the floor only from 0 on)
            _draw_words(draw, pen, y, words, lengths, font, ink, "l" + anchor[1])
            return
    _draw_mask(draw, xy, words, font, ink, anchor)


def _draw_words(
    draw: ImageDraw.ImageDraw,
    pen: float,
    y: float,
    words: str,
    lengths: list[int],
    font: ImageFont.FreeTypeFont,
    ink: int,
    anchor: str,
) -> None:
    """Each word of `words` where the pen, starting at `pen`, reaches it (see `text`)."""
    placed: list[tuple[tuple[int, int], Hashable, Any]] = []
    start = None
    for index, char in enumerate(words + " "):
        if char != " " and start is None:
            start = index
        elif char == " " and start is not None:
            xy = (pen + lengths[start] / 64, y)
            key, mask, offset = _mask(xy, words[start:index], font, anchor, lengths[start : index + 1])
            placed.append(((int(xy[0]) + offset[0], int(xy[1]) + offset[1]), key, mask))
            start = None
    ground = _plain_ground(draw, placed)
    for corner, key, mask in placed:
        _paint_mask(draw, corner, key, mask, ink, ground)


def _plain_ground(draw: ImageDraw.ImageDraw, placed: Sequence[tuple[tuple[int, int], Hashable, Any]]) -> Any:
    """The colour under the masks of a line's words (corner, key, mask), when the box around
    them all lies in the image and is all that colour and no two of their rectangles overlap
    (so each word's rectangle is still all that colour when it is painted); else None. One look
    at the ground for a whole line instead of one a word."""
    target = draw.im
    if len(placed) < 2 or draw.mode != target.mode:
        return None
    right = -1
    top, bottom = placed[0][0][1], 0
    for (x, y), _key, mask in placed:  # left to right: each starts where the one before ended
        width, height = mask.size
        if x < right or not width or not height:
            return None
        right = x + width
        top, bottom = min(top, y), max(bottom, y + height)
    left = placed[0][0][0]
    if left < 0 or top < 0 or right > target.size[0] or bottom > target.size[1] or top >= bottom:
        return None
    ground = target.crop((left, top, right, bottom)).getcolors(1)
    return ground[0][1] if ground else None


GLYPH_CACHE = 8192
"""Glyphs `_glyph` keeps (forgotten all at once past that): a few hundred bytes each, so about
3 MB at most."""
_glyphs: dict[tuple[ImageFont.FreeTypeFont, str, str, float], tuple[Any, int, int] | None] = {}
"""(font, character, anchor, fraction of y) -> the glyph's ink (a mask cropped to its inked
pixels; None for no ink) and where it starts from the pen's pixel (x, y)."""
_glyph_bytes = 0


def _glyph(
    font: ImageFont.FreeTypeFont, char: str, anchor: str, y_fraction: float
) -> tuple[Any, int, int] | None:
    """One character's ink as FreeType renders it for Pillow, cropped (cached)."""
    global _glyph_bytes
    key = (font, char, anchor, y_fraction)
    try:
        return _glyphs[key]
    except KeyError:
        pass
    mask, offset = font.getmask2(char, "L", anchor=anchor, start=(0, y_fraction))
    box = mask.getbbox() if mask.size[0] and mask.size[1] else None
    found = None if box is None else (mask.crop(box), offset[0] + box[0], offset[1] + box[1])
    with _masks_lock:
        if len(_glyphs) >= GLYPH_CACHE:
            _glyphs.clear()
            _glyph_bytes = 0
        if key not in _glyphs:
            _glyphs[key] = found
            _glyph_bytes += found[0].size[0] * found[0].size[1] if found is not None else 0
    return found


def _word_from_glyphs(
    word: str, start: tuple[float, float], lengths: list[int], font: ImageFont.FreeTypeFont, anchor: str
) -> tuple[Any, tuple[int, int]] | None:
    """The mask of `word` (and its offset from the pen's pixel) that `font.getmask2` would give
    at `start` (the fractions of the pen's position), put together from the cached glyphs; None
    when two of its glyphs have ink in the same column.

    Pillow renders a word's glyphs into one mask, each at the pixel nearest to its pen position
    (in 64ths of a pixel, from the nearest 64th of the start), and blends the ink of glyphs that
    overlap; each glyph's own ink is the same wherever it is. So when no two glyphs share a
    column, the glyphs pasted side by side make exactly the ink of the word (its mask may have
    fewer empty rows and columns around it, which paint nothing); glyphs that overlap would need
    Pillow's blending, so those words are left to FreeType. `lengths` are the lengths (64ths) of
    the prefixes of the line up to each character of `word` and past its last, as
    `_prefix_lengths` gives them, from any origin.

    A glyph's pen position is where the glyphs before it end: the length of the prefix before it
    plus the kerning Pillow adds to the previous glyph's advance for this pair, which is the
    length of the prefix up to and with the glyph, less the glyph's own advance."""
    x_fraction, y_fraction = start
    advances = _steps.get(font, {})
    origin = math.floor(x_fraction * 64 + 0.5) - lengths[0]  # Pillow rounds half away from zero
    placed = []
    right = -(1 << 30)
    for index, char in enumerate(word):
        glyph = _glyph(font, char, anchor, y_fraction)
        if glyph is None:
            continue
        ink_mask, dx, dy = glyph
        advance = advances.get(char)
        if advance is None:
            advance = _prefix_lengths(char, font)[1]
        left = ((origin + lengths[index + 1] - advance + 32) >> 6) + dx
        if left < right:
            return None
        right = left + ink_mask.size[0]
        placed.append((left, dy, ink_mask))
    if not placed:
        return None
    x0, y0 = placed[0][0], min(top for _, top, _ in placed)
    height = max(top + ink_mask.size[1] for _, top, ink_mask in placed) - y0
    mask = pillow_core.fill("L", (right - x0, height), 0)
    for left, top, ink_mask in placed:
        width, rows = ink_mask.size
        mask.paste(ink_mask, (left - x0, top - y0, left - x0 + width, top - y0 + rows))
    return mask, (x0, y0)


def _draw_mask(
    draw: ImageDraw.ImageDraw, xy: Point, words: str, font: ImageFont.FreeTypeFont, ink: int, anchor: str
) -> None:
    """Paint `words` in `ink` through their mask (cached), as `ImageDraw.text` does."""
    key, mask, offset = _mask(xy, words, font, anchor)
    _paint_mask(draw, (int(xy[0]) + offset[0], int(xy[1]) + offset[1]), key, mask, ink)


def _mask(
    xy: Point, words: str, font: ImageFont.FreeTypeFont, anchor: str, lengths: list[int] | None = None
) -> tuple[Hashable, Any, tuple[int, int]]:
    """The mask of `words` drawn at `xy` (cached), its key and its offset from the pixel of `xy`,
    as `font.getmask2` gives them. A mask not in the cache is put together from cached glyphs
    when `lengths` (see `_word_from_glyphs`) are given and that gives the same ink, else
    rendered by FreeType."""
    global _mask_bytes
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    key = (font, words, anchor, *start)
    with _masks_lock:
        found = _masks.get(key)
        if found is not None:
            _masks.move_to_end(key)
    if found is None:
        made = None if lengths is None else _word_from_glyphs(words, start, lengths, font, anchor)
        mask, offset = made if made is not None else font.getmask2(words, "L", anchor=anchor, start=start)
        found = (mask, offset, mask.size[0] * mask.size[1])
        with _masks_lock:
            if key not in _masks:
                _masks[key] = found
                _mask_bytes += found[2]
                while _mask_bytes > TEXT_CACHE_BYTES and _masks:
                    _mask_bytes -= _masks.popitem(last=False)[1][2]
    mask, offset, _size = found
    return key, mask, offset


TILE_CACHE_BYTES = 4 << 20
"""The most bytes of painted words `_paint_mask` keeps (four bytes a pixel): 4 MiB, the words of
a few hundred lines."""
TILE_FROM = 150
"""Masks of fewer pixels are painted through as they are: that is as fast as looking at the
ground under them."""
_tiles: OrderedDict[tuple[Hashable, int, str, Any], tuple[Any, int]] = OrderedDict()
"""(the mask's key in `_masks`, the ink, the image's mode, the colour under it) -> the mask
painted in the ink on a rectangle of that colour, and its bytes."""
_tile_bytes = 0


def _paint_mask(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], key: Hashable, mask: Any, ink: int, ground: Any = None
) -> None:
    """`draw.draw.draw_bitmap(xy, mask, ink)`, the same pixels, mostly faster: where the
    rectangle under the mask is all one colour (words on a plain band or card, as nearly all
    are), the rectangle painted on that colour is pasted instead, made once (cached). Painting
    through a mask blends every pixel, about 12 ns each; looking at the ground and pasting take
    a few µs a word. Pillow blends each pixel on its own, so the mask painted on a rectangle of
    the same colour elsewhere gives the same pixels. `ground`: that colour, when the caller
    knows the rectangle is all of it (`_plain_ground`); else it is looked at here."""
    target = draw.im
    left, top = xy
    width, height = mask.size
    box = (left, top, left + width, top + height)
    if ground is None and (
        width * height >= TILE_FROM
        and draw.mode == target.mode  # (a draw that blends RGBA ink onto RGB paints otherwise)
        and left >= 0
        and top >= 0
        and left + width <= target.size[0]
        and top + height <= target.size[1]
    ):
        colours = target.crop(box).getcolors(1)
        ground = colours[0][1] if colours else None
    if ground is not None:
        target.paste(_tile(key, mask, ink, target.mode, ground), box)
    else:
        draw.draw.draw_bitmap(xy, mask, ink)


def _tile(key: Hashable, mask: Any, ink: int, mode: str, ground: Any) -> Any:
    """`mask` painted in `ink` on a rectangle of the colour `ground`, in `mode` (cached)."""
    global _tile_bytes
    tile_key = (key, ink, mode, ground)
    with _masks_lock:
        found = _tiles.get(tile_key)
        if found is not None:
            _tiles.move_to_end(tile_key)
            return found[0]
    tile = pillow_core.fill(mode, mask.size, ground)
    pillow_core.draw(tile, 0).draw_bitmap((0, 0), mask, ink)
    size = 4 * mask.size[0] * mask.size[1]
    with _masks_lock:
        if tile_key not in _tiles:
            _tiles[tile_key] = (tile, size)
            _tile_bytes += size
            while _tile_bytes > TILE_CACHE_BYTES and _tiles:
                _tile_bytes -= _tiles.popitem(last=False)[1][1]
    return tile


def text_cache_size() -> tuple[int, int]:
    """The text masks `text` keeps and their bytes."""
    with _masks_lock:
        return len(_masks), _mask_bytes


def glyph_cache_size() -> tuple[int, int]:
    """The glyphs `text` keeps to put words together from, and their bytes."""
    with _masks_lock:
        return len(_glyphs), _glyph_bytes


def tile_cache_size() -> tuple[int, int]:
    """The painted words `text` keeps and their bytes."""
    with _masks_lock:
        return len(_tiles), _tile_bytes


def clear_text_cache() -> None:
    """Forget the text masks, glyphs and painted words `text` keeps and the advances
    `text_length` keeps."""
    global _mask_bytes, _glyph_bytes, _tile_bytes
    with _masks_lock:
        _masks.clear()
        _glyphs.clear()
        _tiles.clear()
        _mask_bytes = _glyph_bytes = _tile_bytes = 0
    _steps.clear()


def text_in_circle(
    draw: ImageDraw.ImageDraw,
    centre: Point,
    radius: float,
    text: str,
    *,
    fill: RGB,
    bold: bool = True,
    scale: float = 0.95,
) -> None:
    """Draw `text` with its ink centred on `centre`, as large as fits in the circle.

    `scale` below 1 leaves a margin. The size is chosen so the text's box fits in the circle.
    """
    size = max(6, int(radius * 1.3 * scale))
    while size > 6:
        left, top, right, bottom = font(size, bold=bold).getbbox(text, anchor="ls")
        half_diagonal = math.hypot(right - left, bottom - top) / 2
        if half_diagonal <= radius * scale:
            break
        size -= 1
    face = font(size, bold=bold)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=face, fill=fill, anchor="ls")


# -- stones and swatches ------------------------------------------------------------------------


@cache
def stone(colour: SeatColour, diameter: int, *, letter: bool = True) -> Image.Image:
    """An antialiased stone of `colour` (round, or the colour's shape) with its letter, as an
    RGBA sprite (cached).

    Paste it with itself as the mask: `canvas.paste(sprite, (x, y), sprite)`.
    """
    s = SUPERSAMPLE
    size = diameter * s
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = max(1, round(diameter * 0.055)) * s
    middle = size / 2
    room = middle - rim  # the radius of the circle the letter must fit in
    if colour.shape == "square":
        inset = round(size * 0.06)  # a square looks bigger than a circle of the same width
        corner = size * 0.16
        draw.rounded_rectangle((inset, inset, size - 1 - inset, size - 1 - inset), corner, fill=OUTLINE)
        inner = (inset + rim, inset + rim, size - 1 - inset - rim, size - 1 - inset - rim)
        draw.rounded_rectangle(inner, corner - rim, fill=colour.fill)
        room = middle - inset - rim
    elif colour.shape == "diamond":
        draw.polygon([(middle, 0), (size - 1, middle), (middle, size - 1), (0, middle)], fill=OUTLINE)
        edge = rim * math.sqrt(2)
        inner_points = [(middle, edge), (size - 1 - edge, middle), (middle, size - 1 - edge), (edge, middle)]
        draw.polygon(inner_points, fill=colour.fill)
        room = (middle - edge) / math.sqrt(2)
    elif colour.shape in ("triangle", "hexagon", "star"):
        corners, fraction = _outline(colour.shape, size - 1)
        draw.polygon(corners, fill=OUTLINE)
        # The fill is the outline shrunk about the letter's centre by the rim's width.
        cx = sum(x for x, _ in corners) / len(corners)
        cy = sum(y for _, y in corners) / len(corners)
        room = fraction * middle
        shrink = max(0.0, 1 - rim * 1.6 / room) if colour.shape == "triangle" else 1 - rim / (room * 1.25)
        draw.polygon([(cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in corners], fill=colour.fill)
        if letter:
            text_in_circle(draw, (cx, cy), (room - rim) * 0.95, colour.letter, fill=colour.ink, scale=0.8)
        return big.reduce(s)
    else:
        draw.ellipse((0, 0, size - 1, size - 1), fill=OUTLINE)
        draw.ellipse((rim, rim, size - 1 - rim, size - 1 - rim), fill=colour.fill)
    if letter:
        text_in_circle(draw, (middle, middle), room, colour.letter, fill=colour.ink, scale=0.8)
    return big.reduce(s)


def centred(sprite: Image.Image, centre: Point) -> tuple[int, int]:
    """Where the top left corner of `sprite` goes for it to be centred on `centre` (the nearest
    pixel)."""
    return round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)


def paste_sprite(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(sprite, xy, sprite)` for an RGBA sprite on an RGB picture being drawn: the same
    paste in C, without Pillow's checks in Python, which cost as much as pasting a small sprite."""
    x, y = xy
    image.im.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)


def paste_copy(image: Image.Image, patch: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(patch, xy)` for an RGB patch on an RGB picture being drawn (see `paste_sprite`)."""
    x, y = xy
    image.im.paste(patch.im, (x, y, x + patch.width, y + patch.height))


def supersampled(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent canvas SUPERSAMPLE times `size`, its drawer and the factor: draw every
    length multiplied by the factor, then `reduce` it, for smooth edges (ImageDraw does not
    antialias)."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * s, size[1] * s), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), s


def supersampled_board(
    size: tuple[int, int], radius: int, fill: RGB
) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """An opaque canvas SUPERSAMPLE times `size`, on the background and covered by a rectangle of
    `fill` with rounded corners (a board's wood or sea), its drawer and the factor (see
    `supersampled`)."""
    s = SUPERSAMPLE
    big = Image.new("RGB", (size[0] * s, size[1] * s), BACKGROUND)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, size[0] * s - 1, size[1] * s - 1), radius=radius * s, fill=fill)
    return big, draw, s


@cache
def disc(colour: RGB, diameter: int) -> Image.Image:
    """An antialiased filled circle as an RGBA sprite (cached), e.g. a board's star point."""
    big, draw, s = supersampled((diameter, diameter))
    draw.ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=colour)
    return big.reduce(s)


# -- arrows -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PathArrow:
    """The shape of an arrow along a polyline, in the pixels of a canvas `scale` times larger: the
    shaft (the polyline up to the head's base), the tip, the head's base and its unit direction."""

    shaft: list[Point]
    tip: Point
    base: Point
    direction: Point
    scale: int

    def head(self, width: float, grow: float) -> list[Point]:
        """The head's triangle for a shaft `width` wide, grown by `grow` (for the dark border)."""
        s = self.scale
        ux, uy = self.direction
        tip, base = self.tip, self.base
        wing = (width * 1.6 + grow) * s
        px, py = -uy, ux
        far = (tip[0] + ux * grow * 1.6 * s, tip[1] + uy * grow * 1.6 * s)
        end = (base[0] - ux * grow * s, base[1] - uy * grow * s)
        return [far, (end[0] + px * wing, end[1] + py * wing), (end[0] - px * wing, end[1] - py * wing)]


def path_arrow(points: Sequence[Point], head_length: int, scale: int) -> PathArrow:
    """The arrow along `points` (already in the larger canvas's pixels) with a head `head_length`
    unscaled pixels long, pointing from the spot that far back along the path to the tip."""
    s = scale
    tip = points[-1]
    back, length = points[-2], 0.0
    for a, b in zip(points[-2::-1], points[:0:-1], strict=False):
        length += math.dist(a, b)
        back = a
        if length >= head_length * s:
            break
    ux, uy = tip[0] - back[0], tip[1] - back[1]
    norm = math.hypot(ux, uy) or 1.0
    ux, uy = ux / norm, uy / norm
    base = (tip[0] - ux * head_length * s, tip[1] - uy * head_length * s)
    shaft = [p for p in points[:-1] if math.dist(p, tip) > head_length * s] + [base]
    return PathArrow(shaft, tip, base, (ux, uy), s)


def draw_arrow(
    draw: ImageDraw.ImageDraw,
    start: Point,
    end: Point,
    *,
    fill: RGB,
    width: float,
    head: float | None = None,
    outline: RGB | None = OUTLINE,
    outline_width: float = 2,
) -> None:
    """An arrow from `start` to `end` (the tip), `width` px thick with a head `head` px long.

    With `outline`, a darker border is drawn around it so it shows on any background. ImageDraw
    does not antialias polygons: draw on an image SUPERSAMPLE times larger (multiplying every
    length) and reduce it, as `paste_arrows` does, when smoothness matters.
    """
    head = head if head is not None else width * 3.5
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    ux, uy = dx / length, dy / length  # along the arrow
    px, py = -uy, ux  # across it
    head = min(head, length)

    def shape(grow: float) -> list[Point]:
        shaft = width / 2 + grow
        wing = width * 1.8 + grow * 1.8
        back = length - head
        tip = length + grow * 1.8
        tail = -grow

        def at(along: float, across: float) -> Point:
            return (start[0] + ux * along + px * across, start[1] + uy * along + py * across)

        return [
            at(tail, shaft),
            at(back, shaft),
            at(back, wing),
            at(tip, 0),
            at(back, -wing),
            at(back, -shaft),
            at(tail, -shaft),
        ]

    if outline is not None and outline_width > 0:
        draw.polygon(shape(outline_width), fill=outline)
    draw.polygon(shape(0), fill=fill)


def paste_arrows(
    image: Image.Image,
    arrows: Sequence[tuple[Point, Point]],
    *,
    fill: RGB,
    width: float,
    head: float | None = None,
    outline: RGB | None = OUTLINE,
) -> None:
    """Draw smooth (supersampled) arrows onto `image`; each is (start, tip) in its pixels.

    Only the box around the arrows is supersampled, so this stays cheap on a big board.
    """
    if not arrows:
        return
    pad = width * 3 + (head or width * 3) + 4
    xs = [p[0] for arrow in arrows for p in arrow]
    ys = [p[1] for arrow in arrows for p in arrow]
    left, top = max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad))
    right, bottom = min(image.width, math.ceil(max(xs) + pad)), min(image.height, math.ceil(max(ys) + pad))
    if right <= left or bottom <= top:
        return
    big, draw, s = supersampled((right - left, bottom - top))
    for start, end in arrows:
        draw_arrow(
            draw,
            ((start[0] - left) * s, (start[1] - top) * s),
            ((end[0] - left) * s, (end[1] - top) * s),
            fill=fill,
            width=width * s,
            head=None if head is None else head * s,
            outline=outline,
            outline_width=2 * s,
        )
    layer = big.reduce(s)
    image.paste(layer, (left, top), layer)


@dataclass(frozen=True)
class Stencil:
    """A mask to paint a colour through, cut into bands of rows, each cropped to where the mask
    is not 0: painting it changes the same pixels as pasting the colour through the whole mask
    (where a mask is 0, Pillow's paste leaves the pixel as it was), but a long, thin, slanted
    arrow touches a small part of its box. Made once by `stencil`, painted many times (cached by
    its callers)."""

    pieces: tuple[tuple[tuple[int, int, int, int], Any], ...]
    """(box in the picture, the mask's piece for it as Pillow's core image). Core images, not
    `Image`s: the cached arrows hold thousands of pieces, and the garbage collector visits every
    `Image` (and its dict) at every full collection, but never a core image, nor, once seen, a
    plain tuple of such things. With `Image`s, the arrows made a full collection about 10 ms
    longer."""

    @property
    def size(self) -> int:
        """The bytes of its pieces."""
        return sum(piece.size[0] * piece.size[1] for _, piece in self.pieces)

    def images(self) -> list[tuple[tuple[int, int, int, int], Image.Image]]:
        """Its pieces with their masks as images (to look at)."""
        return [(box, Image.Image()._new(piece)) for box, piece in self.pieces]

    def paint(self, image: Image.Image, colour: RGB, offset: tuple[int, int] = (0, 0)) -> None:
        """`image.paste(colour, box, piece)` for each piece (as `paste_sprite`, without Pillow's
        checks in Python), each box moved by `offset` (a stencil made once for the same shape
        wherever it lies)."""
        target = image.im
        dx, dy = offset
        height = image.height
        if dx or dy:
            for (x0, y0, x1, y1), piece in self.pieces:
                # (a piece above or below the image would paint nothing: a board drawn in
                # layers paints a long arrow on each run of its rows)
                if y1 + dy > 0 and y0 + dy < height:
                    target.paste(colour, (x0 + dx, y0 + dy, x1 + dx, y1 + dy), piece)
        else:
            for box, piece in self.pieces:
                if box[3] > 0 and box[1] < height:
                    target.paste(colour, box, piece)

    def moved(self, dx: int, dy: int) -> Stencil:
        """The same stencil `dx`, `dy` pixels further right and down (its pieces shared)."""
        return Stencil(
            tuple(((x0 + dx, y0 + dy, x1 + dx, y1 + dy), piece) for (x0, y0, x1, y1), piece in self.pieces)
        )


STENCIL_BAND = 24
"""Rows in one band of a `Stencil`."""


def stencil(mask: Image.Image, left: int, top: int) -> Stencil:
    """`mask` ("L"), whose top left corner goes at (left, top) of a picture, as a `Stencil`."""
    pieces = []
    for band_top in range(0, mask.height, STENCIL_BAND):
        band = mask.crop((0, band_top, mask.width, min(mask.height, band_top + STENCIL_BAND)))
        box = band.getbbox()
        if box is None:
            continue
        x0, y0, x1, y1 = box
        at = (left + x0, top + band_top + y0, left + x1, top + band_top + y1)
        pieces.append((at, band.crop(box).im))
    return Stencil(tuple(pieces))


Box = tuple[float, float, float, float]
"""(left, top, right, bottom)."""


@dataclass(frozen=True)
class InkBands:
    """Where a mask drawn `scale` times larger (its sides, `size`, multiples of `scale`) may have
    ink, band by band of a `Stencil`'s rows: in each band, the columns from `spans[band][0]` to
    `spans[band][1]` (whole blocks of `scale` pixels; an empty span for none). Made by `ink_bands`."""

    size: tuple[int, int]
    scale: int
    spans: tuple[tuple[int, int], ...]

    def boxes(self) -> list[tuple[int, int, int, int]]:
        """The box of each band's span in the mask (empty spans left out)."""
        rows = STENCIL_BAND * self.scale
        height = self.size[1]
        return [
            (left, band * rows, right, min(height, (band + 1) * rows))
            for band, (left, right) in enumerate(self.spans)
            if left < right
        ]


def ink_bands(size: tuple[int, int], scale: int, covers: Sequence[Box] | None = None) -> InkBands:
    """The bands of a mask `size` drawn `scale` times larger whose ink is inside the boxes
    `covers` (in its pixels; None: anywhere)."""
    width, height = size
    rows = STENCIL_BAND * scale
    bands = -(-height // rows)
    if covers is None:
        return InkBands(size, scale, ((0, width),) * bands)
    lows, highs = [math.inf] * bands, [-math.inf] * bands
    for x0, y0, x1, y1 in covers:
        for band in range(max(0, int(y0 // rows)), min(bands - 1, int(y1 // rows)) + 1):
            lows[band] = min(lows[band], x0)
            highs[band] = max(highs[band], x1)
    spans = []
    for low, high in zip(lows, highs, strict=True):
        if low >= high:
            spans.append((0, 0))
            continue
        left = max(0, math.floor(low))
        right = min(width, math.ceil(high))
        spans.append((left - left % scale, right + -right % scale))
    return InkBands(size, scale, tuple(spans))


def reduced_stencil(big: Image.Image, bands: InkBands) -> Stencil:
    """`stencil(big.crop((0, 0, *bands.size)).reduce(bands.scale), 0, 0)`, the same pieces, for a
    mask ("L") drawn in 0 and 255 only with its ink in `bands`. Each band of the stencil is
    searched for ink only in its span, and reduced only over the box of its ink, not across the
    whole mask: a long slanted or bent arrow's box is mostly empty. A reduced pixel is the
    rounded mean of its `scale` × `scale` block, so it is not 0 exactly where its block has ink,
    and a block reduces the same wherever the reduction starts on the grid of blocks."""
    core = big.im
    scale = bands.scale
    pieces = []
    for box in bands.boxes():
        left, top = box[0], box[1]
        ink = core.crop(box).getbbox()
        if ink is None:
            continue
        x0, y0, x1, y1 = ink
        # The box of ink, out to whole blocks (inside the span, whose ends are on blocks).
        x0, y0 = left + x0 - x0 % scale, top + y0 - y0 % scale
        x1, y1 = left + x1 + -x1 % scale, top + y1 + -y1 % scale
        piece = core.reduce((scale, scale), (x0, y0, x1, y1))
        inner = piece.getbbox()
        if inner is None:
            continue
        if inner != (0, 0, *piece.size):  # (not for masks of 0 and 255, but to be safe)
            piece = piece.crop(inner)
        px0, py0, px1, py1 = inner
        at = (x0 // scale + px0, y0 // scale + py0, x0 // scale + px1, y0 // scale + py1)
        pieces.append((at, piece))
    return Stencil(tuple(pieces))


def segment_covers(points: Sequence[Point], margin: float) -> list[Box]:
    """Boxes covering a polyline's segments and everything within `margin` of them."""
    return [
        (
            min(a[0], b[0]) - margin,
            min(a[1], b[1]) - margin,
            max(a[0], b[0]) + margin,
            max(a[1], b[1]) + margin,
        )
        for a, b in pairwise(points)
    ] or [(p[0] - margin, p[1] - margin, p[0] + margin, p[1] + margin) for p in points]


def polygon_cover(points: Sequence[Point], margin: float) -> Box:
    """A box covering a polygon and everything within `margin` of it."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin


SCRATCH_BYTES = 16 << 20
"""The largest mask `mask_canvas` keeps for the next one (one byte a pixel): 16 MiB, more than
the box of any arrow of our pictures drawn three times larger; a larger one is made each time."""
_scratch: Image.Image | None = None
_scratch_lock = threading.Lock()


@contextmanager
def mask_canvas(bands: InkBands) -> Iterator[tuple[Image.Image, ImageDraw.ImageDraw]]:
    """A mask ("L") at least `bands.size` and its drawer, black in the boxes of `bands`: drawn on
    at (0, 0) and read only there (`reduced_stencil`), it has the pixels a new mask of that size
    would have, since Pillow's drawing does not depend on where the image ends. One mask is kept
    from each use to the next: making a large image maps fresh memory and faults in each of its
    pages, which costs more than drawing on it; and only the boxes are cleared, a fraction of it."""
    global _scratch
    size = bands.size
    with _scratch_lock:
        mask = _scratch
        if mask is None or mask.width < size[0] or mask.height < size[1]:
            grown = (max(size[0], mask.width if mask else 0), max(size[1], mask.height if mask else 0))
            mask = Image.new("L", grown if grown[0] * grown[1] <= SCRATCH_BYTES else size, 0)
            if mask.width * mask.height <= SCRATCH_BYTES:
                _scratch = mask
        else:
            for box in bands.boxes():
                mask.im.paste(0, box)
        yield mask, ImageDraw.Draw(mask)


def clear_scratch() -> None:
    """Forget the mask `mask_canvas` keeps and the scratch canvases of boards drawn in layers."""
    global _scratch
    with _scratch_lock:
        _scratch = None
    with DRAWING:
        _canvases.clear()


Joint = tuple[Point, float, float, bool]
"""A bend of a polyline: the point, the directions (degrees) of the segments before and after it,
and whether it turns the other way (as Pillow's `ImageDraw.line` works them out)."""


def joints(points: Sequence[Point]) -> list[Joint]:
    """The bends of a polyline, where `curve_line` rounds its joints."""
    out = []
    for i in range(1, len(points) - 1):
        before, point, after = points[i - 1], points[i], points[i + 1]
        a0 = math.degrees(math.atan2(point[0] - before[0], before[1] - point[1])) % 360
        a1 = math.degrees(math.atan2(after[0] - point[0], point[1] - after[1])) % 360
        if a0 != a1:  # else a straight line: no joint
            out.append((point, a0, a1, (a1 > a0 and a1 - 180 > a0) or (a1 < a0 and a1 + 180 > a0)))
    return out


def curve_line(
    draw: ImageDraw.ImageDraw, points: Sequence[Point], ink: int, width: int, bends: Sequence[Joint]
) -> None:
    """`draw.line(points, fill, width=width, joint="curve")`, with `ink = draw._getink(fill)[0]`
    and `bends = joints(points)`: the same calls to Pillow's drawing in C, without its work in
    Python for each joint (that of Pillow 12.0's `ImageDraw.line`, the pinned version; the tests
    compare the two)."""
    core = draw.draw
    core.draw_lines(points, ink, width)
    if width <= 4:
        return
    half = width / 2
    distance = half - 1
    for point, a0, a1, flipped in bends:
        x, y = point
        coords = [(x - half + 1, y - half + 1), (x + half - 1, y + half - 1)]
        start, end = (a1 + 90, a0 + 90) if flipped else (a0 - 90, a1 - 90)
        core.draw_pieslice(coords, start - 90, end - 90, ink, 1)
        if width > 8:  # cover gaps between the line and the joint
            turn = 90 if flipped else -90
            # (Pillow moves from the point by the offset rounded towards 0, as int() does)
            t0 = math.radians(a0 + turn - 90)
            t1 = math.radians(a1 + turn - 90)
            gap = [
                (x + int(distance * math.cos(t0)), y + int(distance * math.sin(t0))),
                point,
                (x + int(distance * math.cos(t1)), y + int(distance * math.sin(t1))),
            ]
            core.draw_lines(gap, ink, 3)


# -- boards drawn in layers --------------------------------------------------------------------

DRAWING = threading.RLock()
"""Held while a picture is drawn (`render.draw`, `render.board`; and by `LayeredBoard.draw`, which
the PNG writer calls): Pillow's font objects and our sprite caches are not made for several
threads at once."""


SCRATCH_ROWS = 64
"""The fewest rows of a scratch canvas (`scratch_canvas`): canvases have 64, 128, 256... rows."""
_canvases: dict[tuple[int, int], Image.Image] = {}
"""(width, rows) -> a scratch canvas: used under DRAWING only."""


def scratch_canvas(width: int, rows: int) -> Image.Image:
    """An RGB canvas `width` pixels wide and at least `rows` high, kept to draw on again (under
    DRAWING), its pixels whatever was drawn last: a board's rows are drawn on one instead of on a
    fresh crop of the board's size, whose megabytes came fresh to the processor's cache (and
    often from the system) at every picture. The heights go by powers of two from SCRATCH_ROWS, so
    boards up to 1,024 rows high keep at most five canvases of a width: 7.4 MB for those 928 px
    wide (Verquere's board and Kerboge's ring share them)."""
    height = max(SCRATCH_ROWS, 1 << (rows - 1).bit_length())
    canvas = _canvases.get((width, height))
    if canvas is None:
        canvas = _canvases[width, height] = Image.new("RGB", (width, height))
    return canvas


class HashedKey:
    """A key whose hash is worked out once: a long key (an arrow's path) or one made of many
    (a strip's layers), looked up many times."""

    __slots__ = ("_hash", "value")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self._hash = hash(value)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HashedKey) and other._hash == self._hash and other.value == self.value

    def __repr__(self) -> str:
        return f"HashedKey({self.value!r})"


class Layer(NamedTuple):
    """Something drawn on a board: what it is and where (`key`: two layers with equal keys paint
    the same pixels), the rows it may paint, from `top` to before `bottom`, and how:
    `paint(image, dy)` paints it on an image whose first row is the board's row `dy`.

    `shifts`: it paints the same pixels at any offset, even partly above the image, as a paste
    of a sprite or a stencil does (Pillow clips them pixel for pixel). Shapes and text drawn by
    ImageDraw are not (a negative position is rounded otherwise), so such a layer (`shifts`
    False) is painted with the image reaching over all of its rows."""

    key: Hashable
    top: int
    bottom: int
    paint: Callable[[Image.Image, int], None]
    shifts: bool = True


class LayeredBoard:
    """A board drawn as layers over a cached image (`base`: never changed; `base_key` says what
    it is), for the PNG writer as named strips (`slices`): each strip of rows is named by the
    base and the layers that paint in it, so that a strip met before, in any picture, is not
    drawn again; the strips that were not are drawn, each run of them at once, on a scratch
    canvas: the base's rows, then the layers over them, in order. Between two moves half or more
    of a board's strips are ones met before (the men that did not move, the old arrows gone), and
    those are neither copied nor drawn, nor read by the PNG writer.

    The layers' rows must hold every pixel they paint, and their keys everything that decides
    those pixels: the tests compare every strip with the board drawn whole (`whole`)."""

    def __init__(self, base: Image.Image, base_key: Hashable) -> None:
        if base.mode != "RGB":
            raise ValueError(f"a layered board is drawn over an RGB image, not {base.mode}")
        self.base = base
        self.base_key = base_key
        self.layers: list[Layer] = []

    @property
    def width(self) -> int:
        return self.base.width

    @property
    def height(self) -> int:
        return self.base.height

    def add(
        self,
        key: Hashable,
        top: int,
        bottom: int,
        paint: Callable[[Image.Image, int], None],
        *,
        shifts: bool = True,
    ) -> None:
        """A layer over those added before (see `Layer`), clipped to the board."""
        top, bottom = max(top, 0), min(bottom, self.height)
        if top < bottom:
            self.layers.append(Layer(key, top, bottom, paint, shifts))

    def paste(self, key: Hashable, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """A layer that pastes an RGBA `sprite` through its alpha at `xy` (`paste_sprite`), or an
        RGB one as it is (`paste_copy`)."""
        x, y = xy
        if sprite.mode == "RGBA":
            self.add(key, y, y + sprite.height, lambda image, dy: paste_sprite(image, sprite, (x, y - dy)))
        else:
            self.add(key, y, y + sprite.height, lambda image, dy: paste_copy(image, sprite, (x, y - dy)))

    def stencil(self, key: Hashable, stencil: Stencil, colour: RGB, xy: tuple[int, int]) -> None:
        """A layer that paints `colour` through a stencil made at (0, 0), moved to `xy`."""
        if stencil.pieces:
            x, y = xy
            top = y + min(box[1] for box, _ in stencil.pieces)
            bottom = y + max(box[3] for box, _ in stencil.pieces)
            self.add(key, top, bottom, lambda image, dy: stencil.paint(image, colour, (x, y - dy)))

    def slices(self) -> png.Slices:
        """The board as named strips, STRIP_ROWS rows each (see the class)."""
        rows = png.STRIP_ROWS
        names: list[list[Hashable]] = [[] for _ in range(-(-self.height // rows))]
        for layer in self.layers:
            for index in range(layer.top // rows, (layer.bottom - 1) // rows + 1):
                names[index].append(layer.key)
        base = self.base_key
        keys = tuple(HashedKey((base, index, tuple(found))) for index, found in enumerate(names))
        return png.Slices(self.width, self.height, keys, self.draw)

    @contextmanager
    def draw(self, top: int, bottom: int) -> Iterator[tuple[Image.Image, int]]:
        """The board's rows from `top` to before `bottom` (the base's rows and the layers that
        paint in them, in order), and the row where they start in the image: a scratch canvas
        kept for the next rows drawn (`scratch_canvas`), the board's until the block is left."""
        with DRAWING:
            over = [layer for layer in self.layers if layer.top < bottom and layer.bottom > top]
            fixed = [layer for layer in over if not layer.shifts]
            reach_top = min([top, *(layer.top for layer in fixed)])
            reach_bottom = max([bottom, *(layer.bottom for layer in fixed)])
            canvas = scratch_canvas(self.width, reach_bottom - reach_top)
            # the base's rows from reach_top on, as far as the canvas reaches (Pillow clips)
            canvas.im.paste(self.base.im, (0, -reach_top, self.width, self.height - reach_top))
            for layer in over:
                layer.paint(canvas, reach_top)
            yield canvas, top - reach_top

    def whole(self) -> Image.Image:
        """The board drawn at once: a copy of the base and every layer over it, in order."""
        image = self.base.copy()
        for layer in self.layers:
            layer.paint(image, 0)
        return image


# -- the seats and the status -------------------------------------------------------------------


class Mark(enum.Enum):
    """What a seat's card says besides its score."""

    NONE = ""
    TO_MOVE = "TO MOVE"
    WINNER = "★ WINNER"
    RESIGNED = "RESIGNED"


@dataclass(frozen=True)
class PanelSeat:
    """One card of the player panel."""

    name: str
    colour: SeatColour
    score: str
    """Shown under the name, e.g. "3 captures"."""
    mark: Mark = Mark.NONE


@dataclass(frozen=True)
class Status:
    """The status line: its text, and the seat whose swatch leads it (None for none)."""

    text: str
    colour: SeatColour | None = None


def player_names(state: State, names: Sequence[str] | None) -> tuple[str, ...]:
    """The display name of each seat: `names` cleaned up for the font, or the seat names."""
    seat_names = state.game.seat_names(state.seats)
    if names is None:
        return tuple(seat_names)
    if len(names) != state.seats:
        raise ValueError(f"names has {len(names)} entries for {state.seats} seats")
    return tuple(clean_text(name, bold=True) or seat for name, seat in zip(names, seat_names, strict=True))


def who(state: State, names: Sequence[str], seat: int) -> str:
    """How the status line names a seat: "Red", or "alice (Red)" when a player's name is known
    (a long name is shortened, so that the rest of the line still fits)."""
    seat_name = state.game.seat_names(state.seats)[seat]
    if names[seat] == seat_name:
        return seat_name
    return f"{trim(names[seat], font(STATUS_SIZE, bold=True), STATUS_NAME_WIDTH)} ({seat_name})"


def status_for(state: State, names: Sequence[str], colours: Sequence[SeatColour]) -> Status:
    """The usual status line: whose turn it is, or who won and why, or the draw and why."""
    outcome = state.outcome()
    if outcome is not None:
        if outcome.is_draw:
            return Status(f"Draw — {outcome.reason}")
        winners = [who(state, names, seat) for seat in outcome.winners]
        verb = "wins" if len(winners) == 1 else "win"
        colour = colours[outcome.winners[0]] if len(winners) == 1 else None
        return Status(f"{listing(winners)} {verb} — {outcome.reason}", colour)
    seat = state.to_move
    if seat is None:
        return Status("The game is over")
    if seat == CHANCE:
        return Status("Waiting for chance")
    return Status(f"{who(state, names, seat)} to move", colours[seat])


def caption_lines(label: str, words: str, size: int, width: int, lines: int) -> tuple[str, ...]:
    """A caption's words (after its bold "label: ") in at most `lines` lines of a strip `width` wide,
    each line starting where the first does, after the label."""
    head = f"{label}: " if label else ""
    left = 4 + text_length(head, font(size, bold=True))
    return wrap(words, font(size), width - left - 4, lines)


def caption(
    label: str, words: str, size: int, width: int, lines: int, line_height: int, baseline: int
) -> Image.Image:
    """A caption under a board, `width` wide: its bold "label: ", then its words in as many lines
    of `line_height` as they need, at most `lines` (`caption_lines`); its first `baseline`."""
    shown = caption_lines(label, words, size, width, lines)
    image = Image.new("RGB", (width, line_height * len(shown)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    bold, regular = font(size, bold=True), font(size)
    head = f"{label}: " if label else ""
    text(draw, (4, baseline), head, font=bold, fill=TEXT, anchor="ls")
    left = 4 + text_length(head, bold)
    for row, line in enumerate(shown):
        text(draw, (left, baseline + row * line_height), line, font=regular, fill=TEXT, anchor="ls")
    return image


def score_line(state: State, seat: int, *details: str) -> str:
    """A card's line under the name: the seat's score as its game counts it ("6 beads placed",
    what the match message and the alt text say), then `details`, joined by " · "."""
    return " · ".join([state.game.score_text(state.scores()[seat]), *details])


def panel_seats(
    state: State,
    names: Sequence[str],
    colours: Sequence[SeatColour],
    scores: Sequence[str],
    *,
    resigned: Collection[int] = (),
) -> list[PanelSeat]:
    """The cards of the panel, each with its mark: the seat to move, the winners, who resigned."""
    outcome = state.outcome()
    seats = []
    for seat in range(state.seats):
        if outcome is not None and seat in outcome.winners:
            mark = Mark.WINNER
        elif seat in resigned:
            mark = Mark.RESIGNED
        elif outcome is None and state.to_move == seat:
            mark = Mark.TO_MOVE
        else:
            mark = Mark.NONE
        seats.append(PanelSeat(names[seat], colours[seat], scores[seat], mark))
    return seats


def resigned_seats(state: State) -> list[int]:
    """The seats that lost a two-player game by resigning (or by running out of time, which the
    host counts as resigning): the panel tags them. Decided on `Outcome.termination`."""
    outcome: Outcome | None = state.outcome()
    if outcome is None or outcome.termination not in (RESIGNED, TIMEOUT):
        return []
    return [seat for seat in range(state.seats) if seat not in outcome.winners]


# -- the frame ----------------------------------------------------------------------------------


def card_score_room(card_width: int) -> int:
    """How many pixels of a card `card_width` wide its score line has."""
    return card_width - 14 - (14 + SWATCH + 14)


def card_width(width: int) -> int:
    """The width of a card of the panel of a picture `width` wide."""
    return (width - 2 * MARGIN - (PANEL_COLUMNS - 1) * CARD_GAP) // PANEL_COLUMNS


def _draw_score(draw: ImageDraw.ImageDraw, seat: PanelSeat, left: int, width: int) -> None:
    """The score of a card `width` wide at `left` in a row of cards, under the name (the words,
    trimmed to the card, end 14 px short of its right edge and clear its bottom)."""
    score_face = font(SCORE_SIZE)
    score = trim(seat.score, score_face, card_score_room(width))
    text(
        draw,
        (left + 14 + SWATCH + 14, 58),
        score,
        font=score_face,
        fill=FAINT if seat.mark is Mark.RESIGNED else MUTED,
        anchor="ls",
    )


@lru_cache(maxsize=32)
def _card_face(name: str, colour: SeatColour, mark: Mark, width: int) -> Image.Image:
    """A card without its score: what changes only with the seat's mark (cached: a score changes
    at almost every move, its player's card and mark seldom; 32 of 125 kB, 4 MB at most)."""
    image = Image.new("RGB", (width, CARD_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    box = (0, 0, width - 1, CARD_HEIGHT - 1)
    active = mark in (Mark.TO_MOVE, Mark.WINNER)
    draw.rounded_rectangle(box, radius=12, fill=CARD_ACTIVE if active else CARD)
    if active:
        draw.rounded_rectangle(box, radius=12, outline=TEXT, width=3)
    swatch = stone(colour, SWATCH)
    image.paste(swatch, (14, (CARD_HEIGHT - SWATCH) // 2), swatch)
    text_left = 14 + SWATCH + 14
    text_right = width - 14

    tag_width = 0
    if mark is not Mark.NONE:
        face = font(TAG_SIZE, bold=True)
        tag_width = int(text_length(mark.value, face)) + 20
        tag_box = (text_right - tag_width, 12, text_right, 12 + TAG_SIZE + 10)
        if mark is Mark.RESIGNED:
            draw.rounded_rectangle(tag_box, radius=8, outline=MUTED, width=2)
            tag_ink = MUTED
        else:
            draw.rounded_rectangle(tag_box, radius=8, fill=TEXT)
            tag_ink = BACKGROUND
        draw.text(
            ((tag_box[0] + tag_box[2]) / 2, (tag_box[1] + tag_box[3]) / 2),
            mark.value,
            font=face,
            fill=tag_ink,
            anchor="mm",
        )
        tag_width += 10

    name_face = font(NAME_SIZE, bold=True)
    shown = trim(name, name_face, text_right - tag_width - text_left)
    faded = mark is Mark.RESIGNED
    draw.text((text_left, 33), shown, font=name_face, fill=MUTED if faded else TEXT, anchor="ls")
    return image


def status_left(status: Status) -> int:
    """Where the status line's words start (after its swatch, when it has one)."""
    return MARGIN if status.colour is None else MARGIN + 40 + 12


def status_lines(status: Status, width: int) -> tuple[ImageFont.FreeTypeFont, tuple[str, ...]]:
    """The status line's face and lines in a picture `width` wide: one line, or where that does not
    fit (a long reason after long names), two smaller lines, so that no word is lost."""
    room = width - MARGIN - status_left(status)
    face = font(STATUS_SIZE, bold=True)
    if fits(status.text, face, room):
        return face, (status.text,)
    small = font(STATUS_SMALL_SIZE, bold=True)
    return small, wrap(status.text, small, room, 2)


@lru_cache(maxsize=8)
def _header(title: str, status: Status, width: int) -> Image.Image:
    """The title and the status line (cached, for pictures of an unchanged state and statuses that
    come back; 8 of 400 kB, 3.2 MB at most): `_header_face` with the status's words."""
    image = _header_face(title, status.colour, width).copy()
    face, lines = status_lines(status, width)
    baselines = (81,) if len(lines) == 1 else (65, 93)
    for baseline, line in zip(baselines, lines, strict=False):
        text(ImageDraw.Draw(image), (status_left(status), baseline), line, font=face, fill=TEXT, anchor="ls")
    return image


@lru_cache(maxsize=8)
def _header_face(title: str, colour: SeatColour | None, width: int) -> Image.Image:
    """The title and the status line's swatch (cached: they change seldom; 8 of 400 kB, 3.2 MB at
    most)."""
    image = Image.new("RGB", (width, HEADER_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 34), title, font=font(TITLE_SIZE, bold=True), fill=MUTED, anchor="ls")
    if colour is not None:
        swatch = stone(colour, 40)
        image.paste(swatch, (MARGIN, 50), swatch)
    return image


@dataclass(frozen=True)
class Picture:
    """A whole picture as bands of rows, top to bottom: each an RGB image (or a board drawn in
    layers, as named strips: `LayeredBoard`) and how far in from the left it starts, the rest of
    its rows BACKGROUND. `image()` puts them together; the PNG writer encodes the bands as they
    are (`render.board`), so that the whole picture is never made, nor the board copied into it.
    The bands are not changed afterwards (some come from caches)."""

    width: int
    bands: tuple[tuple[png.BandSource, int], ...]
    status: Status = Status("")
    """The status line drawn in the header (kept to check its words fit: `status_lines`)."""
    seats: tuple[PanelSeat, ...] = ()
    """The cards drawn in the panel."""

    @property
    def height(self) -> int:
        return sum(band.height for band, _ in self.bands)

    def image(self) -> Image.Image:
        """The picture as one RGB image."""
        canvas = Image.new("RGB", (self.width, self.height), BACKGROUND)
        top = 0
        for band, left in self.bands:
            canvas.paste(band.image() if isinstance(band, png.Slices) else band, (left, top))
            top += band.height
        return canvas


def compose(
    title: str, status: Status, board: png.BandSource | Sequence[png.BandSource], seats: Sequence[PanelSeat]
) -> Picture:
    """The whole picture: title, status line, the game's `board` (RGB, or drawn in layers:
    `LayeredBoard.slices`; or its bands, top to bottom, each centred: a part that did not change
    can be a cached image, not copied into a new board), and the player panel."""
    boards = [board] if isinstance(board, Image.Image | png.Slices) else list(board)
    width = max([MIN_WIDTH, *(band.width + 2 * MARGIN for band in boards)])
    header = _header(title, status, width)
    return Picture(
        width,
        ((header, 0), *((band, (width - band.width) // 2) for band in boards), *_panel(seats, width)),
        status,
        tuple(seats),
    )


@cache
def plain(height: int) -> Image.Image:
    """`height` rows of BACKGROUND, as a band of a `Picture` (one pixel wide: the rest of a band's
    rows is BACKGROUND anyway)."""
    return Image.new("RGB", (1, height), BACKGROUND)


def _panel(seats: Sequence[PanelSeat], width: int) -> list[tuple[Image.Image, int]]:
    """The player panel with the margins above and below it, as bands: a band for each row of
    cards (cached), and plain ones around them, so that only the rows that changed are made."""
    bands = [(plain(MARGIN), 0)]
    for first in range(0, len(seats), PANEL_COLUMNS):
        if first:
            bands.append((plain(CARD_GAP), 0))
        bands.append((_card_row(tuple(seats[first : first + PANEL_COLUMNS]), card_width(width)), MARGIN))
    bands.append((plain(MARGIN), 0))
    return bands


@lru_cache(maxsize=16)
def _card_row(seats: tuple[PanelSeat, ...], card_width: int) -> Image.Image:
    """A row of cards of the panel: their faces (cached by `_card_face`) and their scores, drawn
    on the row (cached: a move changes one or two cards; 16 of 190 kB, 3 MB at most)."""
    row = Image.new(
        "RGB", (PANEL_COLUMNS * card_width + (PANEL_COLUMNS - 1) * CARD_GAP, CARD_HEIGHT), BACKGROUND
    )
    draw = ImageDraw.Draw(row)
    for column, seat in enumerate(seats):
        left = column * (card_width + CARD_GAP)
        paste_copy(row, _card_face(seat.name, seat.colour, seat.mark, card_width), (left, 0))
        _draw_score(draw, seat, left, card_width)
    return row


def paste_band(
    image: Image.Image,
    start: tuple[int, int],
    end: tuple[int, int],
    *,
    pad: int,
    layers: Sequence[tuple[RGB, int]],
) -> None:
    """A smooth band with round ends from `start` to `end` (a winning line), drawn as `layers`
    of (colour, radius), the first underneath; `pad` px around the ends must hold the widest."""
    left, top = min(start[0], end[0]) - pad, min(start[1], end[1]) - pad
    layer = band_sprite((end[0] - start[0], end[1] - start[1]), pad, tuple(layers))
    image.paste(layer, (left, top), layer)


@lru_cache(maxsize=32)
def band_sprite(span: tuple[int, int], pad: int, layers: tuple[tuple[RGB, int], ...]) -> Image.Image:
    """The band of `paste_band` from (0, 0) to `span`, as an RGBA sprite whose top left corner is
    `pad` px above and left of the band's box (cached: a board has a few directions and lengths
    of winning lines, and drawing one takes about 10 ms; 32 of a few hundred kB each)."""
    start = (max(0, -span[0]), max(0, -span[1]))
    end = (start[0] + span[0], start[1] + span[1])
    big, draw, s = supersampled((abs(span[0]) + 2 * pad, abs(span[1]) + 2 * pad))
    a = ((start[0] + pad) * s, (start[1] + pad) * s)
    b = ((end[0] + pad) * s, (end[1] + pad) * s)
    for colour, radius in layers:
        draw.line((*a, *b), fill=colour, width=2 * radius * s)
        for x, y in (a, b):
            draw.ellipse((x - radius * s, y - radius * s, x + radius * s, y + radius * s), fill=colour)
    return big.reduce(s)


# -- a game's renderer ------------------------------------------------------------------------------


class Renderer(Protocol):
    """What `render.RENDERERS` holds for each game: the whole picture of a state, as an image
    (`renderer(...)`) or as bands (`renderer.picture(...)`, what the PNG writer takes)."""

    def __call__(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
    ) -> Image.Image: ...

    def picture(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
    ) -> Picture: ...


@dataclass(frozen=True)
class _GameRenderer(Generic[GameState, GameMove]):
    state_type: type[GameState]
    move_types: tuple[type[GameMove], ...]
    draw: Callable[[GameState, GameMove | None, tuple[str, ...], int | None], Picture]

    def __call__(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
    ) -> Image.Image:
        return self.picture(state, perspective=perspective, last_move=last_move, names=names).image()

    def picture(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
    ) -> Picture:
        title = self.state_type.game.title
        if not isinstance(state, self.state_type):
            raise TypeError(f"not a {title} state: {type(state).__name__}")
        if last_move is not None and not isinstance(last_move, self.move_types):
            raise TypeError(f"not a {title} move: {last_move!r}")
        return self.draw(state, last_move, player_names(state, names), perspective)


def renderer(
    state_type: type[GameState],
    move_types: tuple[type[GameMove], ...],
    picture: Callable[[GameState, GameMove | None, tuple[str, ...], int | None], Picture],
) -> Renderer:
    """A game's renderer: it refuses a state or a last move of another game (TypeError), fills in
    the players' names (`player_names`) and draws `picture(state, last_move, names, perspective)`."""
    return _GameRenderer(state_type, move_types, picture)
