"""An animated GIF of a whole game, drawn with the game's own pictures.

`animation(frames, names)` takes every (state, move that led to it) of a game from the start, as
`host.GameRecord.states()` yields them, draws each with the game's renderer (`RENDERERS`, the same
pictures as the match messages) in the GIF's layout (`gif_picture`: no header, the card of the
seat to move tagged, not lit), shrinks it to at most `MAX_WIDTH` pixels wide, adds the progress
strip at the bottom (the status line the header would show, then "Move 12 of 200" and the move)
and writes a looping GIF: `MOVE_MS` per move, a longer first and last frame. A move changes the
board and the bottom of the frame only, so the box a frame stores stays short.

To stay small (Discord takes at most 8 MB) every frame shares one palette of 255 colours taken
from the first and last pictures (the flat board graphics need no more), with no dithering, and
each frame after the first stores only the box that changed, the unchanged pixels inside it
transparent, so that a move costs a few kB. Only the boxes of the picture that changed are
shrunk, quantized and compared (`_Canvas`). The frames are written as they are drawn: memory
stays at the picture at full size and the frame, whatever the length of the game. Every state
gives one frame, also when nothing visible changed (a frame of one transparent pixel), so frame
i is the state after i log entries.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable, Sequence
from functools import lru_cache

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from rules import Move, State
from rules.text import ENGLISH, Words

from . import _picture, frame, png, typeset
from .layers import Box, paste_copy
from .palette import BACKGROUND, CARD, MUTED, TEXT

MAX_WIDTH = 480
"""The width of the frames (the pictures are 960 px wide: half of it, still readable)."""
MOVE_MS = 600
FIRST_MS = 1500
LAST_MS = 4000
COLOURS = 255
TRANSPARENT = 255
"""The palette index left free for the pixels a frame does not change."""
STRIP_HEIGHT = 76
"""The progress strip under the cards: the bar, the status line (whose turn it is, or the result)
and "Move 12 of 200 · K10"; the GIF's frames have no header (`gif_picture`)."""
STATUS_FONT = 20
STATUS_SMALL_FONT = 16
"""The status line's size when it takes two lines (a long result: no word lost)."""
STRIP_FONT = 18
STRIP_MARGIN = 12
BAR_HEIGHT = 6
SWATCH = 22
PERSPECTIVE = 0
"""The seat the whole animation is seen from (games that turn the board to the player to move
would turn it every frame: hard to follow, and every frame a whole new picture)."""
PLAY_MS = 60_000
"""What the moves' frames of a whole game last together, at most (the first and last are held
longer on top of it)."""
BYTE_BUDGET = 1_900_000
"""The most a GIF weighs at 480 px (under 2 MB; Discord takes 8 MB): a game whose frames weigh
more shows fewer of its states (`_budgeted_step`)."""
BUDGET_AFTER = 10
"""The frames written before the budget judges the pace (the first weighs as much as 10 moves)."""
MIN_MS = 150
SPLIT_MS = 20
"""A frame whose changes lie far apart (a stone at the top of the board, the strip at the bottom)
is written as two images, the upper shown this long before the lower: two small boxes cost the
encoder far less than one over both (`_split`). 20 ms is the shortest delay browsers and
Discord's apps show as it is (10 ms and less they show as 100 ms)."""
SPLIT_GAIN = 20_000
"""The fewest pixels a split must spare the encoder (about 0.08 ms) to be worth its image."""
"""The shortest a move's frame shows: a longer game shows every 2nd, 3rd... move instead."""


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


def _strip(
    index: int, total: int, move: Move | None, status: frame.Status, width: int, words: Words
) -> Image.Image:
    """The progress strip under the cards: a bar, the status line the picture's header would show
    (whose turn it is, the result), and "Move 12 of 200 · K10" (sized to be read on a phone,
    where the GIF shows about 360 px wide)."""
    canvas = Image.new("RGB", (width, STRIP_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, 0, width - 1, BAR_HEIGHT - 1), fill=CARD)
    done = round(width * index / max(1, total - 1))
    if done > 0:
        draw.rectangle((0, 0, done - 1, BAR_HEIGHT - 1), fill=MUTED)
    paste_copy(canvas, _status_line(status, width), (0, BAR_HEIGHT))
    face = typeset.font(STRIP_FONT, bold=True)
    baseline = STRIP_HEIGHT - 8
    label = (
        # TRANSLATORS: the replay's first frame, before any move ("Move 1 of 200" follows).
        words.gettext("Start")
        if index == 0
        else words.gettext("Move {index} of {total}", index=index, total=total - 1)
    )
    # typeset.text: draw.text's pixels, its words' masks cached ("Move", "of", the total...)
    typeset.text(draw, (STRIP_MARGIN, baseline), label, font=face, fill=MUTED, anchor="ls")
    if move is not None:
        notation = typeset.trim(typeset.clean_text(str(move)), face, width // 2)
        typeset.text(draw, (width - STRIP_MARGIN, baseline), notation, font=face, fill=MUTED, anchor="rs")
    return canvas


STATUS_HEIGHT = 46
"""The rows of the strip under the bar that hold the status line."""


@lru_cache(maxsize=16)
def _status_line(status: frame.Status, width: int) -> Image.Image:
    """The status line of the strip, with the swatch of the seat it names (cached: the players'
    statuses take turns; 16 of 66 kB at most)."""
    canvas = Image.new("RGB", (width, STATUS_HEIGHT), BACKGROUND)
    left = STRIP_MARGIN
    if status.colour is not None:
        swatch = frame.stone(status.colour, SWATCH)
        canvas.paste(swatch, (STRIP_MARGIN, 10), swatch)
        left += SWATCH + 8
    room = width - STRIP_MARGIN - left
    face = typeset.font(STATUS_FONT, bold=True)
    lines: tuple[str, ...] = (status.text,)
    baselines: tuple[int, ...] = (28,)
    if not typeset.fits(status.text, face, room):  # a long result: two smaller lines, no word lost
        face = typeset.font(STATUS_SMALL_FONT, bold=True)
        lines, baselines = typeset.wrap(status.text, face, room, 2), (18, 37)
    draw = ImageDraw.Draw(canvas)
    for baseline, line in zip(baselines, lines, strict=False):
        typeset.text(draw, (left, baseline), line, font=face, fill=TEXT, anchor="ls")
    return canvas


def gif_picture(
    state: State, move: Move | None, names: Sequence[str] | None, words: Words = ENGLISH
) -> frame.Picture:
    """The picture of `state` as the GIF shows it (`frame.replay_layout`): the game's picture without its
    header (the status goes into the progress strip under the cards), the card of the seat to
    move tagged, not lit, so that what a move changes is the board and the bottom of the frame."""
    with frame.replay_layout():
        return _picture(state, perspective=PERSPECTIVE, last_move=move, names=names, words=words)


def plain_frame(
    positions: Sequence[tuple[State, Move | None]],
    index: int,
    names: Sequence[str] | None = None,
    *,
    width: int = MAX_WIDTH,
    words: Words = ENGLISH,
) -> Image.Image:
    """The frame of state `index` of the GIF, drawn plainly and whole (the specification the GIF's
    frames are tested against, before its palette): the picture in the GIF's layout
    (`gif_picture`) drawn whole, on a canvas of the first one's size, reduced to at most `width`
    pixels wide, and the progress strip under it."""
    state, move = positions[index]
    first = gif_picture(positions[0][0], None, names, words)
    picture = gif_picture(state, seat_moves(positions)[index], names, words)
    factor = max(1, -(-first.width // width))
    board = _fit(picture.image(), (first.width, first.height)).reduce(factor)
    status = picture.status
    whole = Image.new("RGB", (board.width, board.height + STRIP_HEIGHT), BACKGROUND)
    whole.paste(board, (0, 0))
    whole.paste(_strip(index, len(positions), move, status, board.width, words), (0, board.height))
    return whole


def seat_moves(positions: Sequence[tuple[State, Move | None]]) -> list[Move | None]:
    """The move each state's picture marks: the last a seat played up to it, as the match
    pictures mark it (`host.turns.last_seat_move`): a roll of the dice, a toss of the coin or a
    resignation (no move of their own) keep the move before, so a Verquere roll's frame still
    shows the last turn's arrows and says what it was, not "No turn played yet"."""
    marked: list[Move | None] = []
    last: Move | None = None
    for _, move in positions:
        last = move if move is not None else last
        marked.append(last)
    return marked


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
    # every other pixel of every other row (the same colours, a quarter of the work; the flat
    # board graphics have about a thousand colours, mostly the antialiased edges)
    sample = stacked.resize(
        (max(1, stacked.width // 2), max(1, stacked.height // 2)), Image.Resampling.NEAREST
    )
    quantized = sample.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
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


Change = tuple[int, int, Image.Image, Image.Image, Box]
"""A part of a frame that changed: where it goes (x, y), the part in the palette, its difference
from the frame before and the box in the part where they differ."""


class _Canvas:
    """The picture at full size, kept from frame to frame and changed only in the bands, and
    boxes or strips of layered boards, that changed: a band met again (the very same cached
    image, at the same place), a board's layers that stayed (`LayeredBoard.changed_boxes`) or a
    strip with the same name (`png.Slices`) are neither drawn nor read again, and a band drawn
    whole again is painted only in the box where it differs from the one before."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.image = Image.new("RGB", size, BACKGROUND)
        self.bands: list[tuple[png.BandSource, int, int]] = []
        """(band, left, top) of the picture on the canvas."""

    def update(self, picture: frame.Picture) -> list[Box]:
        """Paints what changed of `picture` and returns the boxes it painted."""
        width, height = self.image.size
        changed: list[Box] = []
        placed: list[tuple[png.BandSource, int, int]] = []
        top = 0
        for index, (band, left) in enumerate(picture.bands):
            placed.append((band, left, top))
            bottom = min(height, top + band.height)
            if top < bottom:
                old = self.bands[index] if index < len(self.bands) else None
                if old is None or old[1] != left or old[2] != top or old[0].height != band.height:
                    changed += self._paint(band, left, top, 0, band.height)
                elif old[0] is band:
                    pass  # the same (cached, never changed) image at the same place
                elif (
                    isinstance(band, png.Slices)
                    and isinstance(old[0], png.Slices)
                    and old[0].width == band.width
                ):
                    board, before = band.board, old[0].board
                    # a board drawn in layers: the boxes of the layers that changed, if known
                    boxes = board.changed_boxes(before) if board is not None and before is not None else None
                    if boxes is None:
                        changed += self._strips(band, old[0], left, top)
                    else:
                        changed += self._boxes(band, left, top, boxes)
                elif (
                    isinstance(band, Image.Image)
                    and isinstance(old[0], Image.Image)
                    and old[0].size == band.size
                    and old[0].mode == band.mode
                ):
                    # a band drawn whole again (a board not drawn in layers): only the box where
                    # it differs from the one before (comparing costs far less than shrinking
                    # and quantizing what did not change); its margins did not change either
                    found = ImageChops.difference(old[0], band).getbbox()
                    if found is not None:
                        changed += self._patch(band, left, top, found)
                else:
                    changed += self._paint(band, left, top, 0, band.height)
            top += band.height
        if top < height and (not self.bands or sum(b.height for b, _, _ in self.bands) != top):
            self.image.paste(BACKGROUND, (0, top, width, height))
            changed.append((0, top, width, height))
        self.bands = placed
        return changed

    def _strips(self, band: png.Slices, old: png.Slices, left: int, top: int) -> list[Box]:
        """Paints the strips of `band` whose names differ from `old`'s."""
        changed: list[Box] = []
        run: int | None = None
        keys = band.keys
        for strip in range(len(keys) + 1):
            same = strip == len(keys) or (strip < len(old.keys) and old.keys[strip] == keys[strip])
            if not same and run is None:
                run = strip
            elif same and run is not None:
                first, last = run * png.STRIP_ROWS, min(band.height, strip * png.STRIP_ROWS)
                changed += self._paint(band, left, top, first, last, compare=True)
                run = None
        return changed

    def _boxes(self, band: png.Slices, left: int, top: int, boxes: Sequence[Box]) -> list[Box]:
        """Paints the `boxes` of `band`, a board whose other pixels are those of the band before
        (`LayeredBoard.changed_boxes`), each narrowed to where it differs from the canvas. (A
        board has about ten such boxes a move: their crops and pastes are the core image's, as
        `LayeredBoard.draw`'s are, without `Image`'s work in Python at every call.)"""
        assert band.board is not None
        canvas = self.image.im
        changed: list[Box] = []
        for x0, y0, x1, y1 in boxes:
            y1 = min(y1, self.image.height - top)
            if y0 >= y1:
                continue
            with band.board.draw(y0, y1, (x0, x1)) as (rows, start):
                part = rows.im.crop((x0, start, x1, start + y1 - y0))
            x, y = left + x0, top + y0
            before = canvas.crop((x, y, x + x1 - x0, y + y1 - y0))
            found = before.chop_difference(part).getbbox()
            if found is not None:
                a, b, c, d = found
                canvas.paste(part.crop(found), (x + a, y + b, x + c, y + d))
                changed.append((x + a, y + b, x + c, y + d))
        return changed

    def _paint(
        self, band: png.BandSource, left: int, top: int, first: int, last: int, *, compare: bool = False
    ) -> list[Box]:
        """Paints the rows `first` to `last` of `band` (the rest of those rows BACKGROUND).
        `compare`: the canvas holds the rows of the band before, at the same place: only the box
        where they differ is painted (and returned)."""
        width, height = self.image.size
        bottom = min(height, top + last)
        if top + first >= bottom:
            return []
        # the margins beside the band are BACKGROUND (the band itself covers the rest)
        if left > 0:
            self.image.paste(BACKGROUND, (0, top + first, left, bottom))
        if left + band.width < width:
            self.image.paste(BACKGROUND, (left + band.width, top + first, width, bottom))
        if isinstance(band, png.Slices):
            with band.draw(first, last) as (rows, start):
                part = rows.crop((0, start, band.width, start + bottom - top - first))
            if compare:  # a strip's name changed, and often a small part of its pixels
                area = (left, top + first, left + band.width, bottom)
                found = ImageChops.difference(self.image.crop(area), part).getbbox()
                if found is None:
                    return []
                x0, y0, x1, y1 = found
                self.image.paste(part.crop(found), (left + x0, top + first + y0))
                return [(left + x0, top + first + y0, left + x1, top + first + y1)]
            self.image.paste(part, (left, top + first))
        else:  # a whole band (Pillow clips what reaches below the canvas)
            self.image.paste(band, (left, top))
        return [(0, top + first, width, bottom)]

    def _patch(self, band: Image.Image, left: int, top: int, box: Box) -> list[Box]:
        """Paints the `box` of `band` (a band at the same place as the one before)."""
        width, height = self.image.size
        x0, y0, x1, y1 = box
        y1 = min(y1, height - top)
        if y0 >= y1:
            return []
        self.image.paste(band.crop((x0, y0, x1, y1)), (left + x0, top + y0))
        return [(left + x0, top + y0, min(width, left + x1), top + y1)]


def _timing(moves: int) -> tuple[int, int]:
    """(every how many moves a frame is drawn, the milliseconds a frame shows) for a game of
    `moves` moves: the moves share PLAY_MS (at most MOVE_MS each), and a frame never shows for
    less than MIN_MS, so a long game shows every 3rd, 5th... move instead (`_odd`)."""
    if moves <= 0:
        return 1, MOVE_MS
    step = _odd(max(1, -(-moves * MIN_MS // PLAY_MS)))
    shown = -(-moves // step)
    return step, max(MIN_MS, min(MOVE_MS, PLAY_MS // shown))


def sampled(total: int) -> list[int]:
    """The indices of the states shown as frames, for a game of `total` states (the start and
    the last always; see `_timing`)."""
    step, _ = _timing(total - 1)
    indices = list(range(0, total, step))
    if indices[-1] != total - 1:
        indices.append(total - 1)
    return indices


def animation(
    frames: Iterable[tuple[State, Move | None]],
    names: Sequence[str] | None = None,
    *,
    width: int = MAX_WIDTH,
    words: Words = ENGLISH,
) -> bytes:
    """A looping GIF of the game: one frame per (state, the move that led to it), in order (for a
    long game every 2nd, 3rd... state: `sampled`; the animation plays at most PLAY_MS plus the
    held first and last frames).

    `names` are the players' display names by seat, as for `render.board`, `words` the language
    of the pictures' and the strip's words (English by default). Deterministic: the
    same game gives the same bytes. Raises UnknownGameError for a game without pictures.
    """
    positions = list(frames)
    if not positions:
        raise ValueError("a game has at least its starting position")
    total = len(positions)
    base_step, move_ms = _timing(total - 1)
    step = base_step

    marked = seat_moves(positions)

    def picture(index: int) -> frame.Picture:
        return gif_picture(positions[index][0], marked[index], names, words)

    first = picture(0)
    factor = max(1, -(-first.width // width))
    canvas = _Canvas((first.width, first.height))
    canvas.update(first)
    small_first = canvas.image.reduce(factor)
    size = (small_first.width, small_first.height + STRIP_HEIGHT)
    last = picture(total - 1) if total > 1 else first
    last_image = _fit(last.image(), canvas.image.size).reduce(factor) if total > 1 else small_first
    palette = _palette(
        [
            small_first,
            last_image,
            _strip(0, total, None, first.status, size[0], words),
            _strip(total - 1, total, None, last.status, size[0], words),
        ]
    )

    out = io.BytesIO()
    out.write(_header(size, palette))
    board_height = size[1] - STRIP_HEIGHT
    current = Image.new("P", size, TRANSPARENT)
    current.putpalette(palette.getpalette() or [])
    index, number, first_bytes = 0, 0, 0
    while True:
        move = positions[index][1]
        shown = first if number == 0 else picture(index)
        boxes = [(0, 0, *canvas.image.size)] if number == 0 else canvas.update(shown)
        # what of the frame may change: the boxes of the canvas painted, shrunk, and the strip
        parts = [
            (box[0] // factor, box[1] // factor, canvas.image.reduce(factor, box))
            for box in _aligned(boxes, factor, canvas.image.size)
        ]
        parts.append((0, board_height, _strip(index, total, move, shown.status, size[0], words)))
        painted = [(x, y, part.quantize(palette=palette, dither=Image.Dither.NONE)) for x, y, part in parts]
        duration = FIRST_MS if number == 0 else LAST_MS if index == total - 1 else move_ms
        if number == 0:
            for x, y, part in painted:
                current.paste(part, (x, y))
            out.write(_frame(current, (0, 0), duration, transparent=False))
            first_bytes = out.tell()
        else:
            _write_change(out, current, painted, palette, duration)
        if index == total - 1:
            break
        number += 1
        step = _budgeted_step(base_step, out.tell(), first_bytes, number, total - 1 - index)
        index = min(total - 1, index + step)
    out.write(b";")
    return out.getvalue()


def _budgeted_step(step: int, written: int, first: int, frames: int, left: int) -> int:
    """The step to the next state shown: `step` (the timing's), or a longer one when the frames written so far
    (`frames` of them in `written` bytes, `first` of which the header and the whole first
    picture) say that `left` more states at this pace would take the GIF over BYTE_BUDGET (a
    game whose every move changes much of the picture: the frames then skip a few more states,
    at the same pace, so the moves still last at most PLAY_MS)."""
    if frames < BUDGET_AFTER:
        return step
    each = (written - first) / (frames - 1)
    affordable = max(1, int((BYTE_BUDGET - written) / each) - 1)
    planned = -(-left // step)
    return step if planned <= affordable else _odd(max(step, -(-left // affordable)))


def _odd(step: int) -> int:
    """`step`, or the odd number after it: an even step over entries that take turns (two
    players, or a roll and a move) would show one player's moves alone, or never the dice."""
    return step | 1


def _write_change(
    out: io.BytesIO,
    current: Image.Image,
    painted: Sequence[tuple[int, int, Image.Image]],
    palette: Image.Image,
    duration: int,
) -> None:
    """Writes the frame that turns `current` into `current` with the parts `painted` (where each
    goes, x and y, and the part in the palette) pasted over it, and pastes them: the box that
    changed, the pixels inside it that did not transparent. Only the parts painted are compared
    (the rest of the frame did not change)."""
    changes: list[Change] = []
    for x, y, part in painted:
        right, bottom = min(current.width, x + part.width), min(current.height, y + part.height)
        if right <= x or bottom <= y:
            continue
        if part.size != (right - x, bottom - y):
            part = part.crop((0, 0, right - x, bottom - y))
        difference = ImageChops.difference(current.crop((x, y, right, bottom)), part)
        found = difference.getbbox()
        if found is not None:
            changes.append((x, y, part, difference, found))
        current.paste(part, (x, y))
    if not changes:  # nothing changed: one transparent pixel keeps the frame count
        blank = Image.new("P", (1, 1), TRANSPARENT)
        blank.putpalette(palette.getpalette() or [])
        out.write(_frame(blank, (0, 0), duration, transparent=True))
        return
    changes.sort(key=lambda change: change[1] + change[4][1])
    split = _split(changes)
    if split is None:
        _write_parts(out, changes, duration)
    else:  # the upper changes first, the lower ones (the cards, the strip) SPLIT_MS later
        _write_parts(out, changes[:split], SPLIT_MS)
        _write_parts(out, changes[split:], duration - SPLIT_MS)


def _bounds(changes: Sequence[Change]) -> Box:
    """The box of the frame that holds the changed pixels of every change."""
    return (
        min(x + found[0] for x, _, _, _, found in changes),
        min(y + found[1] for _, y, _, _, found in changes),
        max(x + found[2] for x, _, _, _, found in changes),
        max(y + found[3] for _, y, _, _, found in changes),
    )


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def _split(changes: Sequence[Change]) -> int | None:
    """Where to cut the changes (sorted top to bottom) into two images, when that spares the
    encoder SPLIT_GAIN pixels or more; None to write them as one. A move changes the board in
    one place and the cards and the strip at the bottom: one box over both holds every row in
    between, transparent but encoded all the same (Pillow's LZW costs about 4 ns a pixel, even
    a transparent one: more than all the drawing of a Keryo-Pente frame)."""
    if len(changes) < 2:
        return None
    whole = _area(_bounds(changes))
    best, cut = whole, None
    for index in range(1, len(changes)):
        area = _area(_bounds(changes[:index])) + _area(_bounds(changes[index:]))
        if area < best:
            best, cut = area, index
    return cut if whole - best >= SPLIT_GAIN else None


def _write_parts(out: io.BytesIO, changes: Sequence[Change], duration: int) -> None:
    """Writes one image of the box over `changes`: their changed pixels, the rest transparent."""
    left, upper, right, lower = _bounds(changes)
    frame_part = Image.new("P", (right - left, lower - upper), TRANSPARENT)
    for x, y, part, difference, _ in changes:
        # the pixels of the part that changed, over the transparent box (Pillow clips what falls
        # outside it: nothing that changed; the parts do not overlap, as `_aligned` merges boxes
        # whose rows meet and the strip is below them)
        frame_part.paste(part, (x - left, y - upper), _changed(difference))
    out.write(_frame(frame_part, (left, upper), duration, transparent=True))


_CHANGED = [0] + [255] * 255
"""A difference of 0 (the pixel did not change) to a mask of 0 (leave it transparent), any
other to 255 (paint it)."""


def _changed(difference: Image.Image) -> Image.Image:
    """The mask of the pixels where `difference` (of two P images) is not 0: `difference.point(
    _CHANGED, "L")` through the core image (`Image.point` rounds its 256 entries in Python at
    every call, which cost more than the mapping of a frame's rows)."""
    return difference._new(difference.im.point(_CHANGED, "L"))


def _aligned(boxes: Sequence[Box], factor: int, size: tuple[int, int]) -> list[Box]:
    """The boxes widened to whole pixels of the shrunk picture, those whose rows meet merged into
    one box over both."""
    width, height = size
    merged: list[Box] = []
    for left, top, right, bottom in sorted(boxes, key=lambda box: box[1]):
        left, top = left - left % factor, top - top % factor
        right, bottom = min(width, -(-right // factor) * factor), min(height, -(-bottom // factor) * factor)
        if merged and top <= merged[-1][3]:
            last = merged[-1]
            merged[-1] = (min(last[0], left), last[1], max(last[2], right), max(last[3], bottom))
        else:
            merged.append((left, top, right, bottom))
    return merged


__all__ = [
    "FIRST_MS",
    "LAST_MS",
    "MAX_WIDTH",
    "MIN_MS",
    "MOVE_MS",
    "PLAY_MS",
    "animation",
    "gif_picture",
    "plain_frame",
    "sampled",
    "seat_moves",
    "shrink",
]
