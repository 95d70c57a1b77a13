"""Smooth shapes drawn large and reduced: arrows, the bands of winning lines, and stencils.

ImageDraw does not antialias, so a shape that must look smooth is drawn SUPERSAMPLE (or another
factor) times larger and reduced (`supersampled`). An arrow a game draws at every move is kept as
a `Stencil`: its mask cut into bands of rows, each cropped to its ink, painted many times through
Pillow's paste in C. A stencil is made on one kept scratch mask (`mask_canvas`), cleared and
reduced only where the arrow may have ink (`ink_bands`, `reduced_stencil`), which gives the same
pieces as reducing the whole mask. The Pillow internals used here are listed, with why, in
`render/__init__.py`.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from .palette import OUTLINE, RGB

Point = tuple[float, float]
SUPERSAMPLE = 4
"""Shapes that must look smooth (stones, arrows) are drawn this many times larger, then reduced."""


def supersampled(size: tuple[int, int]) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent canvas SUPERSAMPLE times `size`, its drawer and the factor: draw every
    length multiplied by the factor, then `reduce` it, for smooth edges (ImageDraw does not
    antialias)."""
    s = SUPERSAMPLE
    big = Image.new("RGBA", (size[0] * s, size[1] * s), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big), s


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


def clear_mask_canvas() -> None:
    """Forget the mask `mask_canvas` keeps."""
    global _scratch
    with _scratch_lock:
        _scratch = None


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
