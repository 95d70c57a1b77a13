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
    ) -> None:
        """A layer over those added before (see `Layer`), clipped to the board."""
        top, bottom = max(top, 0), min(bottom, self._size[1])
        if top < bottom:
            self.layers.append(Layer(key, top, bottom, paint, shifts))

    def place(self, layer: Layer) -> None:
        """`layer` over those added before, as `add` adds it (a layer made once and kept, e.g. by
        `sprite_layer`, costs no new closure)."""
        if layer.top >= 0 and layer.bottom <= self._size[1]:
            self.layers.append(layer)
        else:
            self.add(layer.key, layer.top, layer.bottom, layer.paint, shifts=layer.shifts)

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


def sprite_layer(key: Hashable, sprite: Image.Image, xy: tuple[int, int]) -> Layer:
    """The layer `LayeredBoard.paste` adds: `sprite` pasted at `xy`, through its alpha when it is
    RGBA (not clipped to a board yet: `LayeredBoard.place` clips it)."""
    x, y = xy
    if sprite.mode == "RGBA":
        return Layer(key, y, y + sprite.height, lambda image, dy: paste_sprite(image, sprite, (x, y - dy)))
    return Layer(key, y, y + sprite.height, lambda image, dy: paste_copy(image, sprite, (x, y - dy)))


def paste_sprite(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(sprite, xy, sprite)` for an RGBA sprite on an RGB picture being drawn: the same
    paste in C, without Pillow's checks in Python, which cost as much as pasting a small sprite."""
    x, y = xy
    image.im.paste(sprite.im, (x, y, x + sprite.width, y + sprite.height), sprite.im)


def paste_copy(image: Image.Image, patch: Image.Image, xy: tuple[int, int]) -> None:
    """`image.paste(patch, xy)` for an RGB patch on an RGB picture being drawn (see `paste_sprite`)."""
    x, y = xy
    image.im.paste(patch.im, (x, y, x + patch.width, y + patch.height))


def clear_scratch() -> None:
    """Forget the mask `stencil.mask_canvas` keeps and the scratch canvases of boards drawn in
    layers."""
    clear_mask_canvas()
    with DRAWING:
        _canvases.clear()
