"""An animated GIF of a whole game, drawn with the game's own pictures.

`animation(frames, names)` takes every (state, move that led to it) of a game from the start, as
`host.GameRecord.states()` yields them, draws each with the game's renderer (`RENDERERS`, the same
pictures as the match messages), shrinks it to at most `MAX_WIDTH` pixels wide, adds a thin
progress strip ("Move 12 of 200 · K10") and writes a looping GIF: `MOVE_MS` per move, a longer
first and last frame.

To stay small (Discord takes at most 8 MB) every frame shares one palette of 255 colours taken
from the first and last pictures (the flat board graphics need no more), with no dithering, and
each frame after the first stores only the box that changed, the unchanged pixels inside it
transparent, so that a move costs a few kB. The frames are written as they are drawn: memory
stays at two pictures whatever the length of the game. Every state gives one frame, also when
nothing visible changed (a frame of one transparent pixel), so frame i is the state after i
log entries.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable, Sequence

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from rules import Move, State

from . import draw, frame, typeset
from .palette import BACKGROUND, CARD, MUTED, TEXT

MAX_WIDTH = 480
"""The width of the frames (the pictures are 960 px wide: half of it, still readable)."""
MOVE_MS = 600
FIRST_MS = 1500
LAST_MS = 4000
COLOURS = 255
TRANSPARENT = 255
"""The palette index left free for the pixels a frame does not change."""
STRIP_HEIGHT = 30
STRIP_FONT = 16
BAR_HEIGHT = 4


def shrink(image: Image.Image, width: int) -> Image.Image:
    """`image` at most `width` pixels wide (a whole factor by box averaging, which is fast and
    sharp; otherwise resampled)."""
    if image.width <= width:
        return image
    factor, rest = divmod(image.width, width)
    if rest == 0:
        return image.reduce(factor)
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)


def _strip(image: Image.Image, index: int, total: int, move: Move | None) -> Image.Image:
    """The picture with the progress strip under it."""
    canvas = Image.new("RGB", (image.width, image.height + STRIP_HEIGHT), BACKGROUND)
    canvas.paste(image, (0, 0))
    draw = ImageDraw.Draw(canvas)
    top = image.height
    draw.rectangle((0, top, image.width - 1, top + BAR_HEIGHT - 1), fill=CARD)
    done = round(image.width * index / max(1, total - 1))
    if done > 0:
        draw.rectangle((0, top, done - 1, top + BAR_HEIGHT - 1), fill=MUTED)
    face = typeset.font(STRIP_FONT, bold=True)
    baseline = top + BAR_HEIGHT + (STRIP_HEIGHT - BAR_HEIGHT) // 2 + STRIP_FONT // 2 - 2
    label = "Start" if index == 0 else f"Move {index} of {total - 1}"
    draw.text((frame.MARGIN // 2, baseline), label, font=face, fill=TEXT, anchor="ls")
    if move is not None:
        notation = typeset.trim(typeset.clean_text(str(move)), face, image.width // 2)
        draw.text((image.width - frame.MARGIN // 2, baseline), notation, font=face, fill=MUTED, anchor="rs")
    return canvas


def _fit(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """`image` on a canvas of `size` (a game whose picture changes height keeps the first size)."""
    if image.size == size:
        return image
    canvas = Image.new("RGB", size, BACKGROUND)
    canvas.paste(image, (0, 0))
    return canvas


def _palette(samples: Sequence[Image.Image]) -> Image.Image:
    """A palette image of COLOURS colours that fits every sample."""
    width = max(s.width for s in samples)
    stacked = Image.new("RGB", (width, sum(s.height for s in samples)), BACKGROUND)
    top = 0
    for sample in samples:
        stacked.paste(sample, (0, top))
        top += sample.height
    quantized = stacked.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    colours = (quantized.getpalette() or [])[: 3 * COLOURS]
    colours += [0] * (3 * COLOURS - len(colours))
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    return palette


def _indices(image: Image.Image) -> Image.Image:
    """The palette indices of a P image as an L image (to compare two frames)."""
    return Image.frombytes("L", image.size, image.tobytes())


def _header(size: tuple[int, int], palette: Image.Image) -> bytes:
    colours = bytes((palette.getpalette() or [])[: 3 * COLOURS])
    table = colours.ljust(768, b"\0")  # 256 entries; the last one is the transparent index
    screen = struct.pack("<6sHHBBB", b"GIF89a", size[0], size[1], 0xF7, 0, 0)
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"  # loop forever
    return screen + table + loop


def _frame(image: Image.Image, offset: tuple[int, int], duration: int, transparent: bool) -> bytes:
    params: dict[str, object] = {"duration": duration, "disposal": 1}
    if transparent:
        params["transparency"] = TRANSPARENT
    return b"".join(GifImagePlugin.getdata(image, offset, **params))


def animation(
    frames: Iterable[tuple[State, Move | None]],
    names: Sequence[str] | None = None,
    *,
    width: int = MAX_WIDTH,
) -> bytes:
    """A looping GIF of the game: one frame per (state, the move that led to it), in order.

    `names` are the players' display names by seat, as for `render.board`. Deterministic: the
    same game gives the same bytes. Raises UnknownGameError for a game without pictures.
    """
    positions = list(frames)
    if not positions:
        raise ValueError("a game has at least its starting position")
    total = len(positions)

    def picture(index: int) -> Image.Image:
        state, move = positions[index]
        return _strip(shrink(draw(state, last_move=move, names=names), width), index, total, move)

    first = picture(0)
    size = first.size
    last = _fit(picture(total - 1), size) if total > 1 else first
    palette = _palette([first, last])

    out = io.BytesIO()
    out.write(_header(size, palette))
    previous: Image.Image | None = None
    for index in range(total):
        if index == 0:
            image = first
        elif index == total - 1:
            image = last
        else:
            image = _fit(picture(index), size)
        current = image.quantize(palette=palette, dither=Image.Dither.NONE)
        duration = FIRST_MS if index == 0 else LAST_MS if index == total - 1 else MOVE_MS
        if previous is None:
            out.write(_frame(current, (0, 0), duration, transparent=False))
        else:
            changed = ImageChops.difference(_indices(previous), _indices(current))
            box = changed.getbbox()
            if box is None:  # nothing changed: one transparent pixel keeps the frame count
                blank = Image.new("P", (1, 1), TRANSPARENT)
                blank.putpalette(palette.getpalette() or [])
                out.write(_frame(blank, (0, 0), duration, transparent=True))
            else:
                part = current.crop(box)
                unchanged = changed.crop(box).point(lambda v: 255 if v == 0 else 0)
                part.paste(TRANSPARENT, (0, 0, part.width, part.height), unchanged)
                out.write(_frame(part, (box[0], box[1]), duration, transparent=True))
        previous = current
    out.write(b";")
    return out.getvalue()


__all__ = ["FIRST_MS", "LAST_MS", "MAX_WIDTH", "MOVE_MS", "animation", "shrink"]
