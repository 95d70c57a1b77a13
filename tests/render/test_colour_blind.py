"""Six-player Keryo-Pente stays readable for colour-blind players at phone width.

The simulation is Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 15(6), with its matrices for severity 1.0,
applied to linear RGB. Under it, Green and Purple (and Yellow and Orange) come out nearly alike, so
the test checks that every seat's stones have a shape of their own at the size a phone shows them.
"""

from __future__ import annotations

import itertools
import math

import pytest
from PIL import Image, ImageChops

from render import frame, palette
from render.keryo_pente import SEAT_COLOURS, STONE
from rules.keryo_pente import SEAT_NAMES

Matrix = tuple[tuple[float, float, float], ...]
PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
PHONE_WIDTH = 400
"""The picture is 960 px wide; a phone shows it about 400 px wide."""
PHONE_STONE = round(STONE * PHONE_WIDTH / frame.MIN_WIDTH)  # 17 px
MIN_SHAPE_DIFFERENCE = 0.15
"""At least this share of two alike stones' pixels lies inside one outline and not the other."""
ALIKE = 40.0
"""Colours closer than this (CIELAB ΔE*ab) are hard to tell apart on a stone 17 px wide."""


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def simulate(colour: palette.RGB, matrix: Matrix) -> tuple[float, float, float]:
    """`colour` as seen with the deficiency, in CIELAB (D65): the matrix acts on linear RGB."""
    rgb = [_linear(c) for c in colour]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True)))) for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def outline(name: str) -> Image.Image:
    """Where a seat's stone is, at phone size: its alpha, made black and white."""
    sprite = frame.stone(SEAT_COLOURS[name], PHONE_STONE)
    return sprite.getchannel("A").point(lambda a: 255 if a >= 128 else 0)


def shape_difference(a: str, b: str) -> float:
    """The share of the two stones' pixels that lie inside one outline and not the other."""
    first, second = outline(a), outline(b)
    differ = ImageChops.difference(first, second).histogram()[255]
    return differ / ImageChops.lighter(first, second).histogram()[255]


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_the_simulation_finds_the_colours_that_merge(matrix: Matrix) -> None:
    # The reason for the shapes: these pairs are hard to tell apart by colour with the deficiency.
    seen = {name: simulate(SEAT_COLOURS[name].fill, matrix) for name in SEAT_NAMES}
    assert math.dist(seen["Yellow"], seen["Orange"]) < ALIKE
    assert math.dist(seen["Green"], seen["Purple"]) < ALIKE


def test_six_shapes() -> None:
    assert len({SEAT_COLOURS[name].shape for name in SEAT_NAMES}) == 6
    for a, b in itertools.combinations(SEAT_NAMES, 2):
        assert shape_difference(a, b) >= 0.1, (a, b)


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_seats_alike_in_colour_differ_in_shape(matrix: Matrix) -> None:
    """Every pair of seats whose simulated colours are alike has clearly different outlines at
    the size a phone shows them."""
    alike = 0
    for a, b in itertools.combinations(SEAT_NAMES, 2):
        distance = math.dist(simulate(SEAT_COLOURS[a].fill, matrix), simulate(SEAT_COLOURS[b].fill, matrix))
        if distance < ALIKE:
            alike += 1
            assert shape_difference(a, b) >= MIN_SHAPE_DIFFERENCE, (a, b, distance)
    assert alike >= 3  # the check has work to do
