"""The parts of Pillow that are not its public API and that render/ relies on (listed, with why, in
render/__init__.py's docstring): each is called here as the code calls it, on a tiny image, and
compared with what Pillow's public API gives. A Pillow that changes one fails here, naming the
call, before a picture comes out wrong or a renderer raises deep inside a move."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import PIL
import pytest
from PIL import Image, ImageChops, ImageDraw
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]

from render import animation, layers, png, stencil, typeset


@contextmanager
def relied_on(call: str) -> Iterator[None]:
    """Fail naming `call` when it raises or gives what the code does not expect."""
    try:
        yield
    except Exception as error:  # an AssertionError, or a changed signature (TypeError, ...)
        pytest.fail(
            f"Pillow {PIL.__version__} changed {call}, which render/ relies on "
            f"(see render/__init__.py, 'Pillow internals'): {type(error).__name__}: {error}",
            pytrace=False,
        )


def noisy(mode: str, size: tuple[int, int], seed: int = 1) -> Image.Image:
    """An image whose every pixel differs from its neighbours (so a misplaced paste shows)."""
    width, height = size
    bands = len(mode)
    data = bytes((seed * 37 + i * 101 + (i // bands) * 7) % 256 for i in range(width * height * bands))
    return Image.frombytes(mode, size, data)


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.mode == b.mode and a.size == b.size and a.tobytes() == b.tobytes()


def as_image(core: Any) -> Image.Image:
    """A core image as an `Image` (with `_new`, itself checked below), to compare its pixels."""
    made: Image.Image = Image.Image()._new(core)
    return made


def test_pasting_core_images_as_paste_sprite_and_paste_copy_do() -> None:
    ground = noisy("RGB", (12, 10))
    sprite = noisy("RGBA", (5, 4), seed=3)
    patch = noisy("RGB", (5, 4), seed=5)
    for xy in ((2, 3), (-2, -1), (9, 8)):  # inside, and partly outside (clipped pixel for pixel)
        with relied_on("Image.im.paste(sprite.im, box, sprite.im) (layers.paste_sprite)"):
            expected = ground.copy()
            expected.paste(sprite, xy, sprite)
            actual = ground.copy()
            layers.paste_sprite(actual, sprite, xy)
            assert same(actual, expected), f"pasted at {xy}, pixels differ from Image.paste"
        with relied_on("Image.im.paste(patch.im, box) (layers.paste_copy, LayeredBoard.draw)"):
            expected = ground.copy()
            expected.paste(patch, xy)
            actual = ground.copy()
            layers.paste_copy(actual, patch, xy)
            assert same(actual, expected), f"pasted at {xy}, pixels differ from Image.paste"


def test_painting_a_colour_through_a_core_mask_as_a_stencil_does() -> None:
    ground = noisy("RGB", (12, 10))
    mask = noisy("L", (6, 5), seed=2)
    with relied_on("Image.im.paste(colour, box, mask.im) (stencil.Stencil.paint)"):
        for box in ((1, 2, 7, 7), (8, -2, 14, 3)):
            expected = ground.copy()
            expected.paste((200, 10, 30), box, mask)
            actual = ground.copy()
            actual.im.paste((200, 10, 30), box, mask.im)
            assert same(actual, expected), f"painted in {box}, pixels differ from Image.paste"
    with relied_on("Image.im.paste(0, box) (stencil.mask_canvas)"):
        expected = mask.copy()
        expected.paste(0, (1, 1, 4, 3))
        actual = mask.copy()
        actual.im.paste(0, (1, 1, 4, 3))
        assert same(actual, expected), "a cleared box's pixels differ from Image.paste(0, box)"


def test_the_core_image_methods_the_stencils_and_the_text_use() -> None:
    image = Image.new("L", (8, 8), 0)
    image.paste(255, (2, 3, 6, 5))
    core = image.im
    with relied_on("Image.im.size and .mode"):
        assert core.size == (8, 8) and core.mode == "L"
    with relied_on("Image.im.crop(box) (stencil.reduced_stencil, typeset._plain_ground)"):
        piece = core.crop((1, 2, 7, 8))
        assert piece.size == (6, 6)
        assert same(as_image(piece), image.crop((1, 2, 7, 8)))
    with relied_on("Image.im.getbbox() (stencil.reduced_stencil, typeset._glyph)"):
        assert core.getbbox() == image.getbbox() == (2, 3, 6, 5)
        assert Image.new("L", (3, 3), 0).im.getbbox() is None
    with relied_on("Image.im.chop_difference(image) (animation._Canvas._boxes)"):
        a, b = noisy("RGB", (6, 5), seed=1), noisy("RGB", (6, 5), seed=4)
        assert same(as_image(a.im.chop_difference(b.im)), ImageChops.difference(a, b))
        assert a.im.chop_difference(a.im).getbbox() is None
    with relied_on("Image.im.getcolors(1) (typeset._plain_ground, typeset._paint_mask)"):
        plain = Image.new("RGB", (4, 3), (9, 8, 7))
        assert plain.im.getcolors(1) == plain.getcolors(1) == [(12, (9, 8, 7))]
        assert noisy("RGB", (4, 3)).im.getcolors(1) is None  # more than one colour: None
    with relied_on("Image.im.reduce((s, s), box) (stencil.reduced_stencil)"):
        big = noisy("L", (12, 12))
        assert same(as_image(big.im.reduce((3, 3), (3, 0, 12, 9))), big.crop((3, 0, 12, 9)).reduce(3))
    with relied_on("Image.im.point(lut, mode) (animation._changed)"):
        indices = noisy("P", (9, 7))
        lut = [0] + [255] * 255
        assert same(as_image(indices.im.point(lut, "L")), indices.point(lut, "L"))
        assert same(animation._changed(indices), indices.point(lut, "L"))


def test_the_core_drawer_draws_what_image_draw_draws() -> None:
    def canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
        image = Image.new("L", (40, 40), 0)
        return image, ImageDraw.Draw(image)

    with relied_on("ImageDraw.ImageDraw._getink(fill) (typeset.text, the Kerboge and Verquere arrows)"):
        _, draw = canvas()
        ink, _fill = draw._getink(255)
        assert isinstance(ink, int)
        rgb = ImageDraw.Draw(Image.new("RGB", (2, 2)))
        rgb_ink, _ = rgb._getink((1, 2, 3))
        rgb.draw.draw_bitmap((0, 0), Image.new("L", (2, 2), 255).im, rgb_ink)
        assert rgb.im.getcolors(1) == [(4, (1, 2, 3))], "the ink is not the colour it was made for"
    points = [(4.0, 4.0), (30.0, 8.0), (20.0, 34.0)]
    with relied_on("ImageDraw.ImageDraw.draw.draw_lines(points, ink, width) (stencil.curve_line)"):
        expected, public = canvas()
        public.line(points, fill=255, width=3)
        actual, draw = canvas()
        draw.draw.draw_lines(points, draw._getink(255)[0], 3)
        assert same(actual, expected), "pixels differ from ImageDraw.line"
    with relied_on("ImageDraw.ImageDraw.draw.draw_pieslice(box, start, end, ink, 1) (stencil.curve_line)"):
        expected, public = canvas()
        public.line(points, fill=255, width=11, joint="curve")
        actual, draw = canvas()
        ink = draw._getink(255)[0]
        assert ink is not None
        stencil.curve_line(draw, points, ink, 11, stencil.joints(points))
        assert same(actual, expected), "pixels differ from ImageDraw.line(..., joint='curve')"
    with relied_on("ImageDraw.ImageDraw.draw.draw_ellipse(box, ink, 1) (the Kerboge arrows)"):
        expected, public = canvas()
        public.ellipse((5.5, 6.0, 20.5, 21.0), fill=255)
        actual, draw = canvas()
        draw.draw.draw_ellipse((5.5, 6.0, 20.5, 21.0), draw._getink(255)[0], 1)
        assert same(actual, expected), "pixels differ from ImageDraw.ellipse"
    with relied_on("ImageDraw.ImageDraw.draw.draw_polygon(points, ink, 1) (the Kerboge arrows)"):
        expected, public = canvas()
        public.polygon(points, fill=255)
        actual, draw = canvas()
        draw.draw.draw_polygon(points, draw._getink(255)[0], 1)
        assert same(actual, expected), "pixels differ from ImageDraw.polygon"


def test_text_painted_through_its_mask_as_typeset_does() -> None:
    face = typeset.font(20)
    with relied_on("ImageDraw.ImageDraw.fontmode, .mode and .im (typeset.text)"):
        image = Image.new("RGB", (60, 30), (36, 39, 46))
        draw = ImageDraw.Draw(image)
        assert draw.fontmode == "L" and draw.mode == "RGB"
        assert draw.im.size == image.size and draw.im.mode == image.mode
    with relied_on("ImageDraw.ImageDraw.draw.draw_bitmap(xy, mask, ink) (typeset._paint_mask)"):
        expected = Image.new("RGB", (60, 30), (36, 39, 46))
        ImageDraw.Draw(expected).text((3.25, 22), "Ag", font=face, fill=(242, 243, 245), anchor="ls")
        actual = Image.new("RGB", (60, 30), (36, 39, 46))
        draw = ImageDraw.Draw(actual)
        mask, offset = face.getmask2("Ag", "L", anchor="ls", start=(0.25, 0.0))
        draw.draw.draw_bitmap((3 + offset[0], 22 + offset[1]), mask, draw._getink((242, 243, 245))[0])
        assert same(actual, expected), "pixels differ from ImageDraw.text"


def test_core_images_and_drawers_made_without_an_image() -> None:
    with relied_on("PIL.Image.core.fill(mode, size, colour) (typeset._word_from_glyphs, typeset._tile)"):
        made = pillow_core.fill("RGB", (3, 2), (1, 2, 3))
        assert made.size == (3, 2) and made.mode == "RGB"
        assert same(as_image(made), Image.new("RGB", (3, 2), (1, 2, 3)))
        assert same(as_image(pillow_core.fill("L", (2, 2), 0)), Image.new("L", (2, 2), 0))
    with relied_on("PIL.Image.core.draw(image, 0).draw_bitmap((0, 0), mask, ink) (typeset._tile)"):
        mask = noisy("L", (5, 4))
        tile = pillow_core.fill("RGB", (5, 4), (36, 39, 46))
        ink = ImageDraw.Draw(Image.new("RGB", (1, 1)))._getink((242, 243, 245))[0]
        pillow_core.draw(tile, 0).draw_bitmap((0, 0), mask.im, ink)
        expected = Image.new("RGB", (5, 4), (36, 39, 46))
        expected.paste((242, 243, 245), (0, 0), mask)
        assert same(as_image(tile), expected), "pixels differ from Image.paste(colour, mask)"
    with relied_on("PIL.Image.Image()._new(core) (stencil.Stencil.images)"):
        wrapped = Image.Image()._new(Image.new("L", (3, 2), 7).im)
        assert isinstance(wrapped, Image.Image) and wrapped.size == (3, 2) and wrapped.getpixel((1, 1)) == 7


def test_the_raw_encoder_hands_out_whole_rows_strip_by_strip() -> None:
    image = noisy("RGB", (7, 40))
    stride = 7 * 3
    for box, rows in (((0, 0, 7, 40), (0, 40)), ((0, 5, 7, 30), (5, 30))):
        call = "PIL.Image.core.raw_encoder('RGB', 'RGB').setimage(image.im, box).encode(size) (png._strips)"
        with relied_on(call):
            encoder = pillow_core.raw_encoder("RGB", "RGB")
            encoder.setimage(image.im, box)
            strips = []
            while True:
                _, status, pixels = encoder.encode(stride * png.STRIP_ROWS)
                assert status >= 0, f"status {status}"
                strips.append(pixels)
                if status:
                    break
            assert all(len(strip) == stride * png.STRIP_ROWS for strip in strips[:-1]), "not whole strips"
            assert b"".join(strips) == image.crop((0, rows[0], 7, rows[1])).tobytes()
