"""render.png: valid PNG files (zlib's own checks included), the same bytes with or without its
cache of compressed strips, and a cache that never grows past its bound nor takes a strip for
another that shares its fingerprint."""

from __future__ import annotations

import gc
import os
import platform
import random
import subprocess
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from PIL import Image
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]

import render
from render import png
from render.frame import Picture
from rules import GAMES
from tests.support.images import open_png

ROOT = Path(__file__).resolve().parents[2]


def noisy(width: int, height: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height), (30, 40, 50))
    for _ in range(width * height // 4):
        image.putpixel((rng.randrange(width), rng.randrange(height)), (rng.randrange(256), 7, 200))
    return image


def idat(data: bytes) -> bytes:
    chunks, at = {}, 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        chunks[data[at + 4 : at + 8]] = data[at + 8 : at + 8 + length]
        assert zlib.crc32(data[at + 4 : at + 8 + length]) == int.from_bytes(
            data[at + 8 + length : at + 12 + length]
        )
        at += 12 + length
    assert list(chunks) == [b"IHDR", b"IDAT", b"IEND"]
    return chunks[b"IDAT"]


@pytest.mark.parametrize(("width", "height"), [(1, 1), (7, 5), (33, png.STRIP_ROWS * 3 + 1), (200, 40)])
def test_round_trip(width: int, height: int) -> None:
    image = noisy(width, height, seed=width * height)
    data = png.encode(image)
    rows = zlib.decompress(idat(data))  # checks the Adler-32 too
    assert len(rows) == (width * 3 + 1) * height
    decoded = open_png(data)
    assert decoded.mode == "RGB" and decoded.tobytes() == image.tobytes()


def test_cache_does_not_change_the_bytes() -> None:
    image = noisy(120, 90, seed=1)
    warm = png.encode(image)
    png.clear_cache()
    assert png.encode(image) == warm
    # The same pixel bytes cut into rows of another length are another picture.
    other = Image.frombytes("RGB", (60, 180), image.tobytes())
    assert open_png(png.encode(other)).tobytes() == other.tobytes()
    assert png.encode(image) == warm


def test_other_modes_are_converted() -> None:
    image = Image.new("RGBA", (3, 2), (10, 20, 30, 255))
    assert open_png(png.encode(image)).getpixel((2, 1)) == (10, 20, 30)


def test_a_picture_drawn_again_after_others_is_the_same_bytes() -> None:
    first, second = noisy(64, 80, seed=2), noisy(64, 80, seed=3)
    fresh = []
    for image in (first, second):
        png.clear_cache()
        fresh.append(png.encode(image))
    png.clear_cache()
    assert [png.encode(first), png.encode(second), png.encode(first)] == [fresh[0], fresh[1], fresh[0]]


def test_the_deflater_gives_the_same_bytes_whatever_it_compressed_before() -> None:
    # A deflater that kept state between compressors (ISA-L did, now and then) would compress
    # the same rows to other, valid, bytes: the same picture would no longer be the same file.
    rows = png._rows(noisy(300, png.STRIP_ROWS, seed=4).tobytes(), 900, png.Margins(b"\x00", b""))
    first = png._compress(rows)
    rng = random.Random(5)
    alive = []
    for round_ in range(200):
        other = rng.randbytes(rng.randrange(1, 60_000)) if round_ % 2 else rows[rng.randrange(len(rows)) :]
        alive.append(png._compress(other))  # keeps other pieces' memory taken
        again = png._compress(bytes(bytearray(rows)))  # the same rows at another address
        assert again == first
    assert zlib.decompressobj(-15).decompress(first.piece) == rows


def test_a_strip_with_the_same_fingerprint_is_not_taken_for_another(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every byte but the first of each sample step differs: the fingerprints are equal.
    monkeypatch.setattr(png, "SAMPLE_STEP", 10**9)
    plain = Image.new("RGB", (40, png.STRIP_ROWS), (10, 20, 30))
    other = plain.copy()
    other.putpixel((20, 5), (200, 0, 0))
    png.clear_cache()
    first = png.encode(plain)
    assert open_png(png.encode(other)).tobytes() == other.tobytes()
    assert png.encode(plain) == first


def test_the_cache_never_grows_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "CACHE_BYTES", 20_000)
    monkeypatch.setattr(png, "OLDER_BYTES", 5_000)
    png.clear_cache()
    sizes = []
    for seed in range(12):
        png.encode(noisy(100, png.STRIP_ROWS * 4, seed=seed))
        sizes.append(png.cache_size()[1])
    assert 20_000 < max(sizes) <= 25_000
    png.clear_cache()
    assert png.cache_size() == (0, 0)


@pytest.mark.parametrize("collide", [False, True])
def test_strips_pushed_out_of_the_recent_ones_are_checked_too(
    monkeypatch: pytest.MonkeyPatch, collide: bool
) -> None:
    # Every strip is pushed out of the recent ones at once and kept as a piece alone.
    monkeypatch.setattr(png, "CACHE_BYTES", 1)
    if collide:  # and every strip of the same size has the same fingerprint
        monkeypatch.setattr(png, "SAMPLE_STEP", 10**9)
    first, second = noisy(64, 80, seed=2), noisy(64, 80, seed=3)
    second.paste(first.crop((0, 0, 64, 40)), (0, 0))  # half of the strips alike
    fresh = []
    for image in (first, second):
        png.clear_cache()
        fresh.append(png.encode(image))
    png.clear_cache()
    compressed: list[bytes] = []
    compress = png._compress

    def counted(rows: bytes) -> png.Piece:
        compressed.append(rows)
        return compress(rows)

    monkeypatch.setattr(png, "_compress", counted)
    assert [png.encode(first), png.encode(second), png.encode(first)] == [fresh[0], fresh[1], fresh[0]]
    assert not png._recent and png._older
    if not collide:  # 5 strips, then 3 (the first two alike), then none: the first picture's again
        assert len(compressed) == 5 + 3 + 0 and png.STRIP_ROWS == 16


def test_bands_make_the_picture_put_together() -> None:
    background = (36, 39, 46)
    bands = [
        (noisy(50, 20, seed=4), 0),
        (noisy(30, 37, seed=5), 7),
        (noisy(50, 1, seed=6), 0),
        (noisy(1, 9, seed=7), 49),
    ]
    whole = Image.new("RGB", (50, sum(band.height for band, _ in bands)), background)
    top = 0
    for band, left in bands:
        whole.paste(band, (left, top))
        top += band.height
    data = png.encode_bands(50, bands, background)
    rows = zlib.decompress(idat(data))
    assert len(rows) == (50 * 3 + 1) * whole.height
    assert open_png(data).tobytes() == whole.tobytes()
    png.clear_cache()
    assert png.encode_bands(50, bands, background) == data
    # The same pixels in another place are other rows.
    moved = [(band, 0 if left == 7 else left) for band, left in bands]
    assert open_png(png.encode_bands(50, moved, background)).tobytes() != whole.tobytes()
    with pytest.raises(ValueError, match="does not fit"):
        png.encode_bands(40, bands, background)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="mallopt is glibc's")
def test_the_c_library_is_asked_to_keep_freed_memory_unless_the_environment_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    assert render.keep_freed_memory()
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "131072")
    assert not render.keep_freed_memory()


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="malloc_trim is glibc's")
def test_freed_memory_is_given_back_to_the_system_when_asked_and_no_pixel_changes() -> None:
    state = GAMES["verquere"].start(2)
    state = state.play(state.legal_moves()[0])
    before = render.board(state)
    assert render.release_freed_memory()
    assert render.board(state) == before  # the scratch canvases are made again


NO_ALLOCATOR_CHANGE = """
import ctypes

asked = []
ctypes.CDLL = lambda *args, **kwargs: asked.append(args)  # every way to reach mallopt

import render
from rules import GAMES

state = GAMES["verquere"].start(2)
render.board(state)
assert not asked, f"importing render or drawing a picture loaded a C library: {asked}"
render.keep_freed_memory()
assert asked, "keep_freed_memory did not reach the C library"
"""


def test_importing_render_or_drawing_leaves_the_process_allocator_alone() -> None:
    """The allocator is the whole process's: only the entry point changes it, by calling
    `render.keep_freed_memory` (the entry point's `settle_process`, tavern/run.py), never an import."""
    done = subprocess.run(
        [sys.executable, "-c", NO_ALLOCATOR_CHANGE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")},
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_a_frozen_band_met_again_gives_its_strips_without_its_pixels_being_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    background = (36, 39, 46)
    png.clear_cache()
    kept, fresh = noisy(40, 37, seed=8), noisy(30, 20, seed=9)
    grey = noisy(40, 5, seed=10).convert("L")  # converted each time: never remembered
    bands = [(kept, 0), (fresh, 5), (grey, 0), (kept, 0)]
    expected = png.encode_bands(44, bands, background)
    assert png.frozen_bands() == 0  # only frozen bands are remembered
    assert png.encode_bands(44, bands, background, frozen=True) == expected
    assert png.frozen_bands() == 2  # `kept` and `fresh`
    read = []
    raw_encoder = pillow_core.raw_encoder

    def counted(*args: object) -> object:
        read.append(args)
        return raw_encoder(*args)

    monkeypatch.setattr(pillow_core, "raw_encoder", counted)
    other = noisy(30, 20, seed=11)
    again = [(kept, 0), (other, 5), (grey, 0), (kept, 0), (kept, 3)]
    whole = png.encode_bands(44, again, background, frozen=True)
    assert len(read) == 3  # `other`, `grey`, and `kept` with other margins; not `kept` at 0
    assert whole == png.encode_bands(44, again, background)
    assert open_png(whole).tobytes() == Picture(44, tuple(again)).image().tobytes()
    count = png.frozen_bands()
    del bands, again, fresh, other
    gc.collect()
    assert png.frozen_bands() == count - 2  # `fresh` and `other` are gone with their images
    png.clear_cache()
    assert png.frozen_bands() == 0


def named(image: Image.Image, names: list[str], drawn: list[tuple[int, int]]) -> png.Slices:
    """`image` as named strips, noting in `drawn` which rows were drawn (given as rows of the whole
    image, as a scratch canvas gives them)."""

    @contextmanager
    def draw(top: int, bottom: int) -> Iterator[tuple[Image.Image, int]]:
        drawn.append((top, bottom))
        yield image, top

    return png.Slices(image.width, image.height, tuple(names), draw)


def test_named_strips_met_again_are_not_drawn_and_give_the_same_bytes() -> None:
    background = (36, 39, 46)
    png.clear_cache()
    rows = png.STRIP_ROWS
    first = noisy(40, 3 * rows + 5, seed=12)  # four strips, the last of 5 rows
    drawn: list[tuple[int, int]] = []
    data = png.encode_bands(44, [(named(first, ["a", "b", "c", "d"], drawn), 2)], background)
    assert data == png.encode_bands(44, [(first, 2)], background)
    assert drawn == [(0, 3 * rows + 5)]  # one run, drawn at once

    # The second and third strips change: only they are drawn, together; the others are taken
    # by their names, and the picture is the one put together.
    second = first.copy()
    second.paste(noisy(40, 2 * rows, seed=13), (0, rows))
    drawn.clear()
    data = png.encode_bands(44, [(named(second, ["a", "x", "y", "d"], drawn), 2)], background)
    assert drawn == [(rows, 3 * rows)]
    assert data == png.encode_bands(44, [(second, 2)], background)

    # A name goes with its band's margins: elsewhere it is drawn again.
    drawn.clear()
    data = png.encode_bands(44, [(named(second, ["a", "x", "y", "d"], drawn), 0)], background)
    assert drawn == [(0, 3 * rows + 5)]
    assert data == png.encode_bands(44, [(second, 0)], background)
    assert open_png(data).crop((0, 0, 40, second.height)).tobytes() == second.tobytes()


def test_named_strips_must_be_named_and_drawn_whole() -> None:
    image = noisy(20, png.STRIP_ROWS + 1, seed=14)
    with pytest.raises(ValueError, match="2 strips, not 1 names"):
        png.encode_bands(20, [(named(image, ["one"], []), 0)])

    @contextmanager
    def short(top: int, bottom: int) -> Iterator[tuple[Image.Image, int]]:
        yield image.crop((0, 0, 20, 3)), 0

    with pytest.raises(ValueError, match="were drawn as RGB"):
        png.encode_bands(20, [(png.Slices(20, image.height, ("p", "q"), short), 0)])


def test_named_strips_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(png, "NAMED_BYTES", 3_000)
    png.clear_cache()
    for seed in range(20):
        image = noisy(30, 2 * png.STRIP_ROWS, seed=seed)
        png.encode_bands(30, [(named(image, [f"{seed} top", f"{seed} bottom"], []), 0)])
        assert png._named_bytes <= png.NAMED_BYTES
    assert png._named and png._named_bytes == sum(len(entry[0]) for entry in png._named.values())
    png.clear_cache()
    assert not png._named and png._named_bytes == 0
