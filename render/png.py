"""A small, fast, deterministic PNG writer for RGB pictures.

Pillow's own PNG encoder picks a filter for every row by trying them all, which costs about
20 ms for one of our 1000 × 1200 pictures; with flat board graphics the "no filter" choice
compresses nearly as well. So we write the few chunks ourselves: the signature, IHDR, one IDAT
and IEND. No timestamps, no text chunks, no gamma: the same pixels give the same bytes.

Two pictures in a row differ in a few bands only (the new stone, the old last-move mark, the
status line, a card or two), so the pixel rows are compressed in strips of STRIP_ROWS rows, each
as a self-contained piece of deflate stream (a fresh compressor, ended by a sync flush). The
pieces put end to end, an empty final block, the zlib header and the Adler-32 make one valid zlib
stream. Compressed strips are kept in a small cache, so that a strip seen lately is not
compressed again: whether a strip came from the cache or not, its bytes are the same, so the PNG
is too.

A picture may also be given as bands of rows (`encode_bands`), each an image as wide as the
picture or narrower with a plain margin on either side: the rows are then taken from each band
as it is, and the whole picture is never put together in memory. Each band's rows are cut into
strips from its own top.

The strips are deflated by zlib-ng (the `zlib-ng` package) at level 1, its "quick" strategy:
about 2.6 times faster than zlib's level 1 on our pictures, for pictures about 15% larger (still
well under 250 kB). Like zlib it starts every compressor from a cleared hash table, so the same
rows always give the same bytes, whatever was compressed before (the tests check this in a long
process; ISA-L, tried before, did not keep that promise).

A band may also be given as named strips (`Slices`, as a board drawn in layers over a cached image
gives it): a name says what the strip's pixels are, so a strip whose name was met lately gives
its compressed piece again without being drawn, read or looked up, and only the strips not met
are drawn, in runs of neighbours, and remembered under their names (at most NAMED_BYTES).

A band given as frozen (`encode_bands(..., frozen=True)`, as `render.board` gives a picture's
bands: many are cached images, never changed) is remembered by its image, weakly: met again,
the same image gives its compressed strips again without its pixels being read or looked up.

The cache is found by a cheap fingerprint of a strip (a sample of its bytes) and then checked
against the strip's pixels, kept with it, byte for byte: a strip is never taken for another,
however alike. Looking a strip up thus costs a sample and one comparison instead of hashing all
of its bytes. The recent strips keep their pixels, at most CACHE_BYTES of pixels and pieces (the
strips of about five pictures), the least recently used going first; a strip whose fingerprint
is taken by another replaces it. A strip pushed out keeps its piece alone, among at most
OLDER_BYTES of older pieces, and is checked, if met again, by inflating its piece and comparing
the rows byte for byte: three times cheaper than compressing them again.

Pillow's raw encoder, which hands out an image's rows, is not its public API: it is listed, with
why, in `render/__init__.py`.
"""

from __future__ import annotations

import ctypes
import os
import struct
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from PIL import Image
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]
from zlib_ng import zlib_ng

if TYPE_CHECKING:
    from .layers import LayeredBoard

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COMPRESS_LEVEL = 1
"""zlib-ng level: 1 is its fastest, "quick" deflate."""
STRIP_ROWS = 16
CACHE_BYTES = 16 << 20
"""The most bytes of recent strips (their pixels and compressed pieces) the cache keeps: 16 MiB,
about 350 strips of a 960-pixel-wide picture, five or six pictures."""
OLDER_BYTES = 8 << 20
"""The most bytes of older strips' compressed pieces the cache keeps besides: 8 MiB, a few
thousand strips (those of a few dozen pictures)."""
NAMED_BYTES = 8 << 20
"""The most bytes of compressed pieces kept under the names of `Slices`' strips: 8 MiB, a few
thousand strips (those of a few dozen board pictures)."""
SAMPLE_STEP = 61
"""The fingerprint of a strip samples every SAMPLE_STEP-th byte (a step prime to 3, so that every
channel is sampled)."""
ZLIB_HEADER = b"\x78\x01"
"""Deflate with a 32 kB window, "fastest" compression (the header's check bits included)."""
FINAL_BLOCK = zlib_ng.compressobj(COMPRESS_LEVEL, zlib_ng.DEFLATED, -15).flush()
"""An empty last deflate block, which ends the stream."""

MALLOC_KEEP = 32 << 20
"""Bytes of freed memory the C library may keep at the top of its heap instead of giving them
back to the system: 32 MiB. Every picture allocates and frees megabytes (its bands, their rows,
the strips' bytes); by default glibc gives freed memory back as soon as 128 kB lie free at the
top of the heap (and serves blocks above a threshold it adapts with fresh mappings), so the next
picture faults the same pages in again, about 150 faults a move at about 4 µs each on our
virtual machines. Keeping 32 MiB, and mapping only blocks of 16 MiB or more apart, halves the
faults of a move and removes them once the process is warm. Set by `keep_freed_memory`, which
the entry point calls (bot.py, beside `gc.freeze()`, and the benches that measure as the bot
runs), never by importing this module: the allocator is the whole process's.
MALLOC_TRIM_THRESHOLD_ or MALLOC_MMAP_THRESHOLD_ in the environment win, and a C library without
glibc's `mallopt` is left as it is.

Pillow is left to keep no freed image blocks of its own (its default): it would hand a kept block
to the next image, made larger or smaller to fit, and a board drawn in runs of rows of every
height (`layers.LayeredBoard`) then scattered holes through the heap that grew it by about 20 MB
every thousand Verquere pictures. The C library keeping freed memory spares the faults as well."""
MALLOC_MAP_FROM = 16 << 20
"""Blocks of this many bytes or more get mappings of their own (see MALLOC_KEEP)."""


def keep_freed_memory() -> bool:
    """Ask glibc to keep MALLOC_KEEP bytes of freed memory and to map only blocks of
    MALLOC_MAP_FROM bytes or more apart (see MALLOC_KEEP); whether it was asked. For the entry
    point to call once (it changes the whole process's allocator); the pictures do not depend
    on it, only their speed and the process's memory do."""
    if {"MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"} & set(os.environ):
        return False
    try:
        libc = ctypes.CDLL(None)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    m_trim_threshold, m_mmap_threshold = -1, -3  # glibc's <malloc.h>
    return bool(mallopt(m_trim_threshold, MALLOC_KEEP)) and bool(mallopt(m_mmap_threshold, MALLOC_MAP_FROM))


def trim_freed_memory() -> bool:
    """Give back to the system the freed memory the C library holds, in every arena (glibc's
    `malloc_trim(0)`): what MALLOC_KEEP keeps at the top of a heap, and the free pages between
    live blocks, which no threshold returns (issue 34: 40-90 MB after 10,000 moves). Whether it
    was asked (not on a C library without glibc's `malloc_trim`). For `render.release_freed_memory`,
    once a burst of pictures is over: a busy bot would fault the pages in again at the next
    pictures (see MALLOC_KEEP). Takes 2-3 ms (up to 15 on a loaded machine); a picture drawn
    meanwhile waits for its arena."""
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False
    trim.argtypes, trim.restype = (ctypes.c_size_t,), ctypes.c_int
    trim(0)
    return True


class Strip(NamedTuple):
    """A compressed strip: its pixel rows (to check a match against), the raw deflate piece of
    the rows with their filter bytes and margins, and the Adler-32 and length of those rows."""

    pixels: bytes
    piece: bytes
    adler: int
    length: int


class Piece(NamedTuple):
    """A compressed strip without its pixels: checked by inflating it."""

    piece: bytes
    adler: int
    length: int


# The caches hold plain tuples of bytes and numbers, not the named tuples above: the garbage
# collector stops looking at a plain tuple of such things once it has seen it (CPython untracks
# it), but visits every named tuple at every full collection. Thousands of kept strips made a
# full collection several ms longer (more in a process that has run for a while).
Key = tuple[int, int, int, bytes, bytes]
"""(row length, strip length, fingerprint, the margins on the left and on the right)."""
_recent: OrderedDict[Key, tuple[bytes, bytes, int, int]] = OrderedDict()
"""The strips seen lately, the last seen with each fingerprint, with their pixels (a `Strip`)."""
_older: OrderedDict[Key, tuple[bytes, int, int]] = OrderedDict()
"""Strips pushed out of `_recent`, without their pixels (a `Piece`)."""
_named: OrderedDict[Hashable, tuple[bytes, int, int, bytes, bytes]] = OrderedDict()
"""A strip's name -> its compressed piece (a `Piece`) and the margins of its band, the last used
last (the strips of one board always have the same margins)."""
_recent_bytes = 0
_older_bytes = 0
_named_bytes = 0
_lock = threading.RLock()
"""Re-entrant: a frozen band's image may die, and its entry go (`_remember_band`), while the
lock is held (the garbage collector runs where it likes)."""
_ADLER_BASE = 65521


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib_ng.crc32(kind + data))


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings put end to end, from theirs (as zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) - rem) % _ADLER_BASE
    return low | high << 16


class Margins(NamedTuple):
    """What each row of a band has around its pixels: the filter byte and the margin on the left,
    the margin on the right."""

    left: bytes
    right: bytes


def _rows(pixels: bytes, stride: int, margins: Margins) -> bytes:
    """Rows of pixels (`stride` bytes each) as the picture has them: each with its filter byte
    (0, "None") and between its margins."""
    view = memoryview(pixels)
    left, right = margins
    return left + (right + left).join([view[i : i + stride] for i in range(0, len(pixels), stride)]) + right


def _compress(rows: bytes) -> Piece:
    """Rows as raw deflate blocks that neither refer to nor end what comes before or after them,
    with their Adler-32 and length."""
    compressor = zlib_ng.compressobj(COMPRESS_LEVEL, zlib_ng.DEFLATED, -15)
    piece = compressor.compress(rows) + compressor.flush(zlib_ng.Z_SYNC_FLUSH)
    return Piece(piece, zlib_ng.adler32(rows), len(rows))


def _inflates_to(piece: Piece, rows: bytes) -> bool:
    return piece.length == len(rows) and zlib_ng.decompressobj(-15).decompress(piece.piece) == rows


def _strip(pixels: bytes, stride: int, margins: Margins) -> Strip:
    """The compressed strip of these pixel rows: from the cache when the same pixels are there."""
    key = (stride, len(pixels), hash(pixels[::SAMPLE_STEP]), *margins)
    with _lock:
        found = _recent.get(key)
        if found is not None and found[0] == pixels:
            _recent.move_to_end(key)
            return Strip._make(found)
        older = _older.get(key)
    rows = _rows(pixels, stride, margins)
    # Inflating a piece costs a third of deflating its rows again.
    piece = Piece._make(older) if older is not None else None
    if piece is None or not _inflates_to(piece, rows):
        piece = _compress(rows)
    strip = Strip(pixels, *piece)
    _keep(key, strip)
    return strip


def _keep(key: Key, strip: Strip) -> None:
    """Put `strip` in the recent strips, and those it pushes out (least recently used first) in
    the older ones, whose oldest go."""
    global _recent_bytes, _older_bytes
    with _lock:
        replaced = _recent.pop(key, None)
        if replaced is not None:
            _recent_bytes -= len(replaced[0]) + len(replaced[1])
        dropped = _older.pop(key, None)
        if dropped is not None:
            _older_bytes -= len(dropped[0])
        _recent[key] = (strip.pixels, strip.piece, strip.adler, strip.length)
        _recent_bytes += len(strip.pixels) + len(strip.piece)
        while _recent_bytes > CACHE_BYTES and _recent:
            old_key, (pixels, piece, adler, length) = _recent.popitem(last=False)
            _recent_bytes -= len(pixels) + len(piece)
            _older_bytes = _put_piece(_older, old_key, (piece, adler, length), _older_bytes, OLDER_BYTES)


Entry = TypeVar("Entry", bound=tuple[Any, ...])


def _put_piece(pieces: OrderedDict[Any, Entry], key: Hashable, entry: Entry, held: int, bound: int) -> int:
    """Put `entry` (a piece's bytes first) under `key` in `pieces`, which hold `held` bytes of
    pieces (one there before is replaced), and drop the least recently used past `bound` bytes;
    the bytes they hold after."""
    replaced = pieces.pop(key, None)
    if replaced is not None:
        held -= len(replaced[0])
    pieces[key] = entry
    held += len(entry[0])
    while held > bound and pieces:
        held -= len(pieces.popitem(last=False)[1][0])
    return held


def clear_cache() -> None:
    """Forget every compressed strip (for tests: the bytes never depend on the cache)."""
    global _recent_bytes, _older_bytes, _named_bytes
    with _lock:
        _recent.clear()
        _older.clear()
        _bands.clear()
        _named.clear()
        _recent_bytes = _older_bytes = _named_bytes = 0


def cache_size() -> tuple[int, int]:
    """The strips in the cache and the bytes they hold (pixels and pieces), named ones included."""
    with _lock:
        return len(_recent) + len(_older) + len(_named), _recent_bytes + _older_bytes + _named_bytes


def encode(image: Image.Image) -> bytes:
    """The PNG bytes of `image` (converted to RGB first if it is not), 8 bits per channel."""
    return encode_bands(image.width, [(image, 0)])


RGB = tuple[int, int, int]


class Slices(NamedTuple):
    """A band given as named strips: `keys` names the pixels of each strip of its rows, STRIP_ROWS
    rows from its top (the last strip what is left), so that two strips with equal names (in
    bands with the same margins) are the same pixels, in any picture. `draw(top, bottom)` is a
    context manager that gives its rows from `top` to `bottom` as an RGB image `width` pixels wide
    and the row of that image where they start (the image is the band's to use again once the
    block is left: a scratch canvas). The caller answers for the names: a name that does not say
    everything about its pixels gives a wrong picture."""

    width: int
    height: int
    keys: tuple[Hashable, ...]
    draw: Callable[[int, int], AbstractContextManager[tuple[Image.Image, int]]]
    board: LayeredBoard | None = None
    """The board drawn in layers the strips are (`LayeredBoard.slices`), if they are: the
    animation draws and compares two boards only where their layers differ. The PNG writer
    does not read it."""

    def image(self) -> Image.Image:
        """All of its rows as one image."""
        with self.draw(0, self.height) as (image, first):
            return image.crop((0, first, self.width, first + self.height))


BandSource = Image.Image | Slices
"""What a band of a picture is given as: an image, or named strips."""


def encode_bands(
    width: int, bands: Sequence[tuple[BandSource, int]], background: RGB = (0, 0, 0), *, frozen: bool = False
) -> bytes:
    """The PNG bytes of the picture `width` pixels wide made of `bands`, top to bottom: each an
    image (converted to RGB first if it is not) or named strips (`Slices`), and how far in from
    the left it starts, the rest of its rows `background`. The same as `encode` of the picture
    put together, in pixels.

    `frozen`: the bands' images are never changed after this call (a `Picture`'s are not: many
    come from caches), so a band met again, the very same RGB image with the same margins, is
    taken as the compressed strips it gave last time, without reading its pixels."""
    pieces = [ZLIB_HEADER]
    adler = 1  # of nothing
    height = 0
    for given, left in bands:
        if left < 0 or left + given.width > width:
            raise ValueError(f"a band {given.width} px wide at {left} does not fit in {width} px")
        if given.height == 0:
            continue
        height += given.height
        margins = Margins(
            b"\x00" + bytes(background) * left, bytes(background) * (width - left - given.width)
        )
        if isinstance(given, Slices):
            band = _named_band(given, margins)
        else:
            band = _image_band(given, margins, frozen=frozen)
        pieces += band.parts
        adler = _adler32_combine(adler, band.adler, band.length)
    pieces += [FINAL_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour RGB
    idat = b"".join(pieces)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", idat), _chunk(b"IEND", b"")))


class Band(NamedTuple):
    """A band's compressed strips, in order, with the Adler-32 and length of all their rows."""

    parts: tuple[bytes, ...]
    adler: int
    length: int


def _joined(strips: Sequence[Piece | Strip]) -> Band:
    adler, length = 1, 0
    for strip in strips:
        adler = _adler32_combine(adler, strip.adler, strip.length)
        length += strip.length
    return Band(tuple(strip.piece for strip in strips), adler, length)


def _image_band(image: Image.Image, margins: Margins, *, frozen: bool) -> Band:
    """The compressed strips of an image band (a frozen one's from `_bands` when met again)."""
    remember = frozen and image.mode == "RGB"
    if image.mode != "RGB":
        image = image.convert("RGB")
    band = _known_band(image, margins) if remember else None
    if band is None:
        band = _joined(_strips(image, margins))
        if remember:
            _remember_band(image, margins, band)
    return band


def _strips(
    image: Image.Image, margins: Margins, *, cached: bool = True, rows: tuple[int, int] | None = None
) -> list[Strip | Piece]:
    """The compressed strips of the rows of an RGB image (or of its `rows`, from the first to
    before the second), STRIP_ROWS rows each from the first: looked up in the cache and kept there
    (`cached`), or compressed (named strips are looked up by their names)."""
    image.load()
    stride = image.width * 3
    strips: list[Strip | Piece] = []
    # Pillow's raw encoder hands out whole rows, as many as fit: one strip per call, without ever
    # making the whole band's bytes.
    # The extents are always given: Pillow 13 requires them (12 took the whole image without).
    encoder = pillow_core.raw_encoder("RGB", "RGB")
    first, end = (0, image.height) if rows is None else rows
    encoder.setimage(image.im, (0, first, image.width, end))
    while True:
        _, status, pixels = encoder.encode(stride * STRIP_ROWS)
        if status < 0:
            raise RuntimeError(f"Pillow's raw encoder failed ({status})")
        if cached:
            strips.append(_strip(pixels, stride, margins))
        else:
            strips.append(_compress(_rows(pixels, stride, margins)))
        if status:
            break
    return strips


def _named_band(band: Slices, margins: Margins) -> Band:
    """The compressed strips of named strips: those whose names were met lately as they were,
    the others drawn (each run of neighbours at once), compressed and remembered."""
    count = -(-band.height // STRIP_ROWS)
    if len(band.keys) != count:
        raise ValueError(f"{band.height} rows are {count} strips, not {len(band.keys)} names")
    found: list[Piece | Strip | None] = []
    with _lock:
        for key in band.keys:
            known = _named.get(key)
            if known is not None and known[3] == margins.left and known[4] == margins.right:
                _named.move_to_end(key)
                found.append(Piece(known[0], known[1], known[2]))
            else:
                found.append(None)
    index = 0
    while index < count:
        if found[index] is not None:
            index += 1
            continue
        end = index
        while end < count and found[end] is None:
            end += 1
        top, bottom = index * STRIP_ROWS, min(end * STRIP_ROWS, band.height)
        with band.draw(top, bottom) as (image, first):
            last = first + bottom - top
            if image.mode != "RGB" or image.width != band.width or not 0 <= first <= last <= image.height:
                raise ValueError(f"rows {top} to {bottom} were drawn as {image.mode} {image.size} at {first}")
            drawn = _strips(image, margins, cached=False, rows=(first, last))
        found[index:end] = drawn
        _name(band.keys[index:end], margins, drawn)
        index = end
    return _joined([strip for strip in found if strip is not None])


def _name(keys: Sequence[Hashable], margins: Margins, strips: Sequence[Strip | Piece]) -> None:
    """Remember strips' pieces under their names, with their band's margins; the least recently
    used go past NAMED_BYTES."""
    global _named_bytes
    with _lock:
        for key, strip in zip(keys, strips, strict=True):
            entry = (strip.piece, strip.adler, strip.length, margins.left, margins.right)
            _named_bytes = _put_piece(_named, key, entry, _named_bytes, NAMED_BYTES)


_bands: dict[int, tuple[weakref.ref[Image.Image], Margins, Band]] = {}
"""id of a frozen band's image -> (the image, weakly, the margins it had, its compressed strips):
kept while the image lives (the caches that hold such images bound them)."""


def _known_band(image: Image.Image, margins: Margins) -> Band | None:
    with _lock:
        known = _bands.get(id(image))
    if known is None or known[0]() is not image or known[1] != margins:
        return None
    return known[2]


def _remember_band(image: Image.Image, margins: Margins, band: Band) -> None:
    key = id(image)

    def forget(gone: weakref.ref[Image.Image]) -> None:
        with _lock:
            known = _bands.get(key)
            if known is not None and known[0] is gone:
                del _bands[key]

    with _lock:
        _bands[key] = (weakref.ref(image, forget), margins, band)


def frozen_bands() -> int:
    """How many frozen bands' strips are kept (their images still live)."""
    with _lock:
        return len(_bands)
