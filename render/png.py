"""A small, fast, deterministic PNG writer for RGB pictures.

Pillow's own PNG encoder picks a filter for every row by trying them all, which costs about
20 ms for one of our 1000 × 1200 pictures; with flat board graphics the "no filter" choice
compresses nearly as well. So we write the few chunks ourselves: the signature, IHDR, one IDAT
and IEND. No timestamps, no text chunks, no gamma: the same pixels give the same bytes.

Two pictures in a row differ in a few bands only (the new stone, the old last-move mark, the
status line, a card or two), so the pixel rows are compressed in strips of STRIP_ROWS rows, each
as a self-contained piece of deflate stream (a fresh compressor, ended by a sync flush), and the
compressed strips are kept in a small cache keyed by the SHA-256 of their bytes. The pieces put
end to end, an empty final block, the zlib header and the Adler-32 make one valid zlib stream;
whether a strip came from the cache or not, its bytes are the same, so the PNG is too.
"""

from __future__ import annotations

import hashlib
import os
import struct
import threading
import zlib
from collections import OrderedDict

from PIL import Image
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COMPRESS_LEVEL = 1
"""zlib level: 1 is the fastest and the pictures stay well under 200 kB."""
STRIP_ROWS = 16
CACHE_STRIPS = 2048
"""Compressed strips kept (a few kB each): the strips of a few dozen recent pictures."""
ZLIB_HEADER = b"\x78\x01"
"""Deflate with a 32 kB window, "fastest" compression (the header's check bits included)."""
FINAL_BLOCK = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15).flush()
"""An empty last deflate block, which ends the stream."""

PILLOW_BLOCKS = 8
"""Freed image memory blocks Pillow keeps for reuse. By default it keeps none, so every picture
maps fresh memory for its canvas and board and faults each page in, which costs as much as
drawing it. Keeping 8 blocks (about 15 MB with our pictures) saves that. Set here because every
picture passes through this module; a PILLOW_BLOCKS_MAX in the environment wins."""
if "PILLOW_BLOCKS_MAX" not in os.environ and pillow_core.get_blocks_max() < PILLOW_BLOCKS:
    pillow_core.set_blocks_max(PILLOW_BLOCKS)

_strips: OrderedDict[bytes, tuple[bytes, int, int]] = OrderedDict()
"""SHA-256 of a strip's pixels and its row length -> (raw deflate piece, Adler-32, length) of the
strip's rows with their filter bytes."""
_lock = threading.Lock()
_ADLER_BASE = 65521


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings put end to end, from theirs (as zlib's adler32_combine)."""
    rem = second_length % _ADLER_BASE
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % _ADLER_BASE
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) - rem) % _ADLER_BASE
    return low | high << 16


def _strip(pixels: memoryview, stride: int) -> tuple[bytes, int, int]:
    """Rows of pixels (`stride` bytes each) as raw deflate blocks that neither refer to nor end
    what comes before or after them, with the Adler-32 and length of the uncompressed rows."""
    key = hashlib.sha256(pixels).digest() + stride.to_bytes(4, "big")
    with _lock:
        found = _strips.get(key)
        if found is not None:
            _strips.move_to_end(key)
            return found
    # Each row is preceded by its filter type; 0 is "None".
    rows = b"\x00" + b"\x00".join(pixels[i : i + stride] for i in range(0, len(pixels), stride))
    compressor = zlib.compressobj(COMPRESS_LEVEL, zlib.DEFLATED, -15)
    strip = (compressor.compress(rows) + compressor.flush(zlib.Z_SYNC_FLUSH), zlib.adler32(rows), len(rows))
    with _lock:
        _strips[key] = strip
        if len(_strips) > CACHE_STRIPS:
            _strips.popitem(last=False)
    return strip


def encode(image: Image.Image) -> bytes:
    """The PNG bytes of `image` (converted to RGB first if it is not), 8 bits per channel."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    width, height = image.size
    pixels = memoryview(image.tobytes())
    stride = width * 3
    step = stride * STRIP_ROWS
    pieces = [ZLIB_HEADER]
    adler = 1  # of nothing
    for at in range(0, len(pixels), step):
        piece, strip_adler, length = _strip(pixels[at : at + step], stride)
        pieces.append(piece)
        adler = _adler32_combine(adler, strip_adler, length)
    pieces += [FINAL_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, truecolour RGB
    idat = b"".join(pieces)
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"IDAT", idat), _chunk(b"IEND", b"")))
