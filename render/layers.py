"""Boards drawn as layers over a cached image, and the scratch canvases they are drawn on.

A `LayeredBoard` hands the PNG writer its rows as named strips (`png.Slices`): a strip is named
by the image under it and the layers that paint in it, so a strip met in an earlier picture is
neither drawn nor read again. The strips not met are drawn on a scratch canvas kept from picture
to picture (`scratch_canvas`), under DRAWING, the lock every picture is drawn under. The Pillow
internals used here are listed, with why, in `render/__init__.py`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from PIL import Image

from . import png
from .palette import RGB
from .stencil import Stencil, clear_mask_canvas

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


EVERY_COLUMN = 1 << 30
"""The `right` of a layer that may paint in any column of its rows."""


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
    left: int = 0
    right: int = EVERY_COLUMN
    """The columns it may paint, from `left` to before `right` (any unless told): the animation
    draws and compares two boards only where their layers differ (`changed_boxes`)."""


class LayeredBoard:
    """A board drawn as layers over a cached image (`base`: never changed; `base_key` says what
    it is), for the PNG writer as named strips (`slices`): each strip of rows is named by the
    base and the layers that paint in it, so that a strip met before, in any picture, is not
    drawn again; the strips that were not are drawn, each run of them at once, on a scratch
    canvas: the base's rows, then the layers over them, in order. Between two moves half or more
    of a board's strips are ones met before (the men that did not move, the old arrows gone), and
    those are neither copied nor drawn, nor read by the PNG writer.

    The layers' rows (and columns) must hold every pixel they paint, and their keys everything
    that decides those pixels: the tests compare every strip with the board drawn whole
    (`whole`), and the board with the one before it out of the boxes where their layers differ
    (`changed_boxes`)."""

    def __init__(self, base: Image.Image, base_key: Hashable) -> None:
        if base.mode != "RGB":
            raise ValueError(f"a layered board is drawn over an RGB image, not {base.mode}")
        self.base = base
        self.base_key = base_key
        self.layers: list[Layer] = []
        self._size = base.size  # read for every layer added: Pillow's properties cost more

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]

    def add(
        self,
        key: Hashable,
        top: int,
        bottom: int,
        paint: Callable[[Image.Image, int], None],
        *,
        shifts: bool = True,
        columns: tuple[int, int] = (0, EVERY_COLUMN),
    ) -> None:
        """A layer over those added before (see `Layer`; `columns`: its `left` and `right`),
        clipped to the board."""
        width, height = self._size
        top, bottom = max(top, 0), min(bottom, height)
        left, right = max(columns[0], 0), min(columns[1], width)
        if top < bottom and left < right:
            self.layers.append(Layer(key, top, bottom, paint, shifts, left, right))

    def place(self, layer: Layer) -> None:
        """`layer` over those added before, as `add` adds it (a layer made once and kept, e.g. by
        `sprite_layer`, costs no new closure)."""
        width, height = self._size
        if layer.top >= 0 and layer.bottom <= height and layer.left >= 0 and layer.right <= width:
            self.layers.append(layer)
        else:
            columns = (layer.left, layer.right)
            self.add(layer.key, layer.top, layer.bottom, layer.paint, shifts=layer.shifts, columns=columns)

    def paste(self, key: Hashable, sprite: Image.Image, xy: tuple[int, int]) -> None:
        """A layer that pastes an RGBA `sprite` through its alpha at `xy` (`paste_sprite`), or an
        RGB one as it is (`paste_copy`)."""
        self.place(sprite_layer(key, sprite, xy))

    def stencil(self, key: Hashable, stencil: Stencil, colour: RGB, xy: tuple[int, int]) -> None:
        """A layer that paints `colour` through a stencil made at (0, 0), moved to `xy`."""
        if stencil.pieces:
            x, y = xy
            top = y + min(box[1] for box, _ in stencil.pieces)
            bottom = y + max(box[3] for box, _ in stencil.pieces)
            columns = (
                x + min(box[0] for box, _ in stencil.pieces),
                x + max(box[2] for box, _ in stencil.pieces),
            )
            self.add(
                key, top, bottom, lambda image, dy: stencil.paint(image, colour, (x, y - dy)), columns=columns
            )

    def slices(self) -> png.Slices:
        """The board as named strips, STRIP_ROWS rows each (see the class)."""
        rows = png.STRIP_ROWS
        names: list[list[Hashable]] = [[] for _ in range(-(-self.height // rows))]
        for layer in self.layers:
            for index in range(layer.top // rows, (layer.bottom - 1) // rows + 1):
                names[index].append(layer.key)
        base = self.base_key
        keys = tuple(HashedKey((base, index, tuple(found))) for index, found in enumerate(names))
        return png.Slices(self.width, self.height, keys, self.draw, self)

    @contextmanager
    def draw(
        self, top: int, bottom: int, columns: tuple[int, int] | None = None
    ) -> Iterator[tuple[Image.Image, int]]:
        """The board's rows from `top` to before `bottom` (the base's rows and the layers that
        paint in them, in order), and the row where they start in the image: a scratch canvas
        kept for the next rows drawn (`scratch_canvas`), the board's until the block is left.
        `columns` (left, right): only those columns of the rows are the board's (the others are
        whatever the canvas held)."""
        left, right = columns if columns is not None else (0, self.width)
        with DRAWING:
            over = [
                layer
                for layer in self.layers
                if layer.top < bottom and layer.bottom > top and layer.left < right and layer.right > left
            ]
            fixed = [layer for layer in over if not layer.shifts]
            reach_top = min([top, *(layer.top for layer in fixed)])
            reach_bottom = max([bottom, *(layer.bottom for layer in fixed)])
            canvas = scratch_canvas(self.width, reach_bottom - reach_top)
            if columns is None:
                # the base's rows from reach_top on, as far as the canvas reaches (Pillow clips)
                canvas.im.paste(self.base.im, (0, -reach_top, self.width, self.height - reach_top))
            else:
                rows = min(reach_bottom, self.height) - reach_top
                under = self.base.im.crop((left, reach_top, right, reach_top + rows))
                canvas.im.paste(under, (left, 0, right, rows))
            for layer in over:
                layer.paint(canvas, reach_top)
            yield canvas, top - reach_top

    def changed_boxes(self, before: LayeredBoard) -> list[Box] | None:
        """The boxes (left, top, right, bottom) out of which this board has the pixels of the
        board `before`, as far as their layers tell (None when they cannot: another base, or
        layers that both have in another order): out of them every pixel is painted by the same
        layers, in the same order. The animation draws and compares two pictures there only (a
        sowing changes a few pits in rows that every pit shares)."""
        if self.base_key != before.base_key or self._size != before._size:
            return None
        old, new = [_region(layer) for layer in before.layers], [_region(layer) for layer in self.layers]
        # most layers stay: those the two lists start and end with are kept, in order
        start, most = 0, min(len(old), len(new))
        while start < most and old[start] == new[start]:
            start += 1
        end = 0
        while end < most - start and old[-1 - end] == new[-1 - end]:
            end += 1
        old, new = old[start : len(old) - end], new[start : len(new) - end]
        removed, added = set(old), set(new)
        if len(removed) < len(old) or len(added) < len(new):
            return None  # a layer painted twice over itself: not told apart
        kept = removed & added
        if [region for region in old if region in kept] != [region for region in new if region in kept]:
            return None  # layers that stayed were put in another order: their overlaps may differ
        return _merged(sorted(region[1:] for region in removed ^ added))

    def whole(self) -> Image.Image:
        """The board drawn at once: a copy of the base and every layer over it, in order."""
        image = self.base.copy()
        for layer in self.layers:
            layer.paint(image, 0)
        return image


def sprite_layer(key: Hashable, sprite: Image.Image, xy: tuple[int, int]) -> Layer:
    """The layer `LayeredBoard.paste` adds: `sprite` pasted at `xy`, through its alpha when it is
    RGBA (not clipped to a board yet: `LayeredBoard.place` clips it)."""
    x, y = xy
    right, bottom = x + sprite.width, y + sprite.height
    if sprite.mode == "RGBA":
        return Layer(
            key, y, bottom, lambda image, dy: paste_sprite(image, sprite, (x, y - dy)), True, x, right
        )
    return Layer(key, y, bottom, lambda image, dy: paste_copy(image, sprite, (x, y - dy)), True, x, right)


def paste_sprite(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(sprite, xy, sprite)` for an RGBA sprite on an RGB picture being drawn: the same
    paste in C, without Pillow's checks in Python, which cost as much as pasting a small sprite."""
    x, y = xy
    image.im.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)


def paste_copy(image: Image.Image, patch: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(patch, xy)` for an RGB patch on an RGB picture being drawn (see `paste_sprite`)."""
    x, y = xy
    image.im.paste(patch.im, (x, y, x + patch.width, y + patch.height))


Box = tuple[int, int, int, int]
"""(left, top, right, bottom) of a part of a board or a picture (the animation's boxes too)."""


Region = tuple[Hashable, int, int, int, int]
"""A layer's key and the box it may paint in (left, top, right, bottom)."""


def _region(layer: Layer) -> Region:
    return layer.key, layer.left, layer.top, layer.right, layer.bottom


def _merged(boxes: list[Box]) -> list[Box]:
    """The boxes, two that overlap put together into the box around both when it is no larger
    than the two (a box drawn twice costs less than a larger one drawn once), top to bottom."""
    merged: list[Box] = []
    for box in boxes:
        left, top, right, bottom = box
        joined = True
        while joined:
            joined = False
            area = (right - left) * (bottom - top)
            for index, (x0, y0, x1, y1) in enumerate(merged):
                if x0 >= right or left >= x1 or y0 >= bottom or top >= y1:
                    continue  # apart: the box around both is larger
                around = (min(left, x0), min(top, y0), max(right, x1), max(bottom, y1))
                if (around[2] - around[0]) * (around[3] - around[1]) <= area + (x1 - x0) * (y1 - y0):
                    left, top, right, bottom = around
                    del merged[index]
                    joined = True
                    break
        merged.append((left, top, right, bottom))
    return sorted(merged, key=lambda box: (box[1], box[0]))


def clear_scratch() -> None:
    """Forget the mask `stencil.mask_canvas` keeps and the scratch canvases of boards drawn in
    layers."""
    clear_mask_canvas()
    with DRAWING:
        _canvases.clear()
