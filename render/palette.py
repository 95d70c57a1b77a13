"""The colours of the pictures: the dark ground, cards and ink, and a colour-blind-safe colour for
each seat, with the letter and the shape its stones carry so that colour is never the only clue.

Nothing here draws: the stones are drawn by `frame.stone`, the text by `typeset.text`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RGB = tuple[int, int, int]

# -- colours ------------------------------------------------------------------------------------

BACKGROUND: RGB = (36, 39, 46)
CARD: RGB = (52, 57, 66)
CARD_ACTIVE: RGB = (70, 77, 89)
TEXT: RGB = (242, 243, 245)
MUTED: RGB = (176, 182, 192)
FAINT: RGB = (120, 126, 136)
OUTLINE: RGB = (24, 24, 28)
"""The dark rim of every stone and swatch: it keeps light colours visible on light boards."""


def _luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2) of an sRGB colour."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(fill: RGB) -> RGB:
    """Near-black or white, whichever reads better on `fill`."""
    dark, light = (20, 20, 24), (255, 255, 255)
    return dark if contrast(dark, fill) >= contrast(light, fill) else light


Shape = Literal["circle", "square", "diamond", "triangle", "hexagon", "star"]
"""The outline of a seat's stones and swatches."""


@dataclass(frozen=True)
class SeatColour:
    """A seat's colour with the letter drawn on it, so colour is never the only clue."""

    name: str
    letter: str
    fill: RGB
    shape: Shape = "circle"
    """The outline of its stones, swatches and status marks: a game whose pieces differ in shape
    too (Keibot: round White, square Black) uses `dataclasses.replace(BLACK, shape="square")`."""

    @property
    def ink(self) -> RGB:
        return ink_on(self.fill)


# Okabe & Ito's colour-blind-safe palette (jfly.uni-koeln.de/color), named after the seats.
RED = SeatColour("Red", "R", (213, 94, 0))  # vermillion
BLUE = SeatColour("Blue", "B", (0, 114, 178))
YELLOW = SeatColour("Yellow", "Y", (240, 228, 66))
GREEN = SeatColour("Green", "G", (0, 158, 115))  # bluish green
PURPLE = SeatColour("Purple", "P", (204, 121, 167))  # reddish purple
ORANGE = SeatColour("Orange", "O", (230, 159, 0))
SKY = SeatColour("Sky", "S", (86, 180, 233))
BLACK = SeatColour("Black", "K", (28, 28, 32))
WHITE = SeatColour("White", "W", (246, 246, 242))

SEAT_COLOURS: dict[str, SeatColour] = {
    c.name: c for c in (RED, BLUE, YELLOW, GREEN, PURPLE, ORANGE, SKY, BLACK, WHITE)
}
"""Every palette entry by seat name; games whose seats are named otherwise map them themselves."""
