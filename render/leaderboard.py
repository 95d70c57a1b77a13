"""The leaderboard as a picture: a table of rank, player, rating, matches and wins.

`leaderboard(title, subtitle, lines, footer=...)` draws one page of the ladder. It is narrower
than the board pictures (`WIDTH`) with big type, so that a phone, which shows it at the width of
its screen, still shows every name at a readable size. Each line is anything with `rank`, `name`,
`rating` (the displayed text, with `?` while provisional), `matches` and `wins`, such as the
host's `LeaderboardLine`; the picture module knows nothing of the host.

The first three ranks get a gold, silver or bronze badge that carries the number, so the colour
is never the only clue; a provisional rating's `?` is drawn fainter. Same input, same PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image, ImageDraw

from rules.text import ENGLISH, N_, Words

from . import frame, palette, png, typeset

WIDTH = 720
MARGIN = 24
TITLE_SIZE = 34
SUBTITLE_SIZE = 22
HEAD_SIZE = 18
NAME_SIZE = 28
NUMBER_SIZE = 26
FOOTER_SIZE = 18
HEADER_HEIGHT = 108
"""The title and the subtitle."""
COLUMNS_HEIGHT = 36
"""The column headings."""
ROW_HEIGHT = 60
BADGE = 42
FOOTER_HEIGHT = 48

RANK_CENTRE = MARGIN + BADGE // 2 + 4
NAME_LEFT = MARGIN + BADGE + 24
RATING_RIGHT = 504
MATCHES_RIGHT = 614
WINS_RIGHT = WIDTH - MARGIN - 10
NAME_RIGHT = RATING_RIGHT - 100
"""Names are shortened to end here, before the widest rating ("1999?")."""

GOLD: palette.RGB = (240, 196, 64)
SILVER: palette.RGB = (196, 202, 212)
BRONZE: palette.RGB = (205, 127, 50)
MEDALS = {1: GOLD, 2: SILVER, 3: BRONZE}
ROW_EVEN: palette.RGB = palette.CARD
ROW_ODD: palette.RGB = (44, 48, 56)
NO_NAME = N_("(name not shown)")
"""What a row shows for a player whose name cannot be shown (in the picture's language)."""


class Line(Protocol):
    """One player of the table."""

    @property
    def rank(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> str: ...
    @property
    def matches(self) -> int: ...
    @property
    def wins(self) -> int: ...


def badge(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    rank: int,
    centre: tuple[int, int],
    *,
    diameter: int = BADGE,
    size: int = NUMBER_SIZE,
) -> None:
    """A rank at `centre`: ranks 1 to 3 on a gold, silver or bronze disc `diameter` px wide that
    carries the number (so the colour is never the only clue), others as a plain number of `size`
    px (the standings picture draws its ranks with it too)."""
    x, middle = centre
    medal = MEDALS.get(rank)
    if medal is None:
        face = typeset.font(size if rank < 1000 else size - 8, bold=True)
        draw.text((x, middle), str(rank), font=face, fill=palette.MUTED, anchor="mm")
        return
    disc = frame.disc(palette.OUTLINE, diameter)
    inner = frame.disc(medal, diameter - 6)
    left, top = x - diameter // 2, middle - diameter // 2
    image.paste(disc, (left, top), disc)
    image.paste(inner, (left + 3, top + 3), inner)
    typeset.text_in_circle(draw, (x, middle), diameter / 2 - 3, str(rank), fill=palette.ink_on(medal))


def titles(draw: ImageDraw.ImageDraw, title: str, subtitle: str, width: int) -> None:
    """A picture's title and subtitle in its top `HEADER_HEIGHT` px, each shortened to a picture
    `width` px wide (the standings and bracket pictures share it)."""
    title_face = typeset.font(TITLE_SIZE, bold=True)
    shown_title = typeset.trim(typeset.clean_text(title, bold=True), title_face, width - 2 * MARGIN)
    typeset.text(draw, (MARGIN, 50), shown_title, font=title_face, fill=palette.TEXT, anchor="ls")
    subtitle_face = typeset.font(SUBTITLE_SIZE)
    shown_subtitle = typeset.trim(typeset.clean_text(subtitle), subtitle_face, width - 2 * MARGIN)
    typeset.text(draw, (MARGIN, 88), shown_subtitle, font=subtitle_face, fill=palette.MUTED, anchor="ls")


def _rating(draw: ImageDraw.ImageDraw, rating: str, middle: int) -> None:
    """The rating right-aligned on its digits; a provisional `?` fainter, just after them."""
    face = typeset.font(NUMBER_SIZE, bold=True)
    digits = rating.rstrip("?")
    draw.text((RATING_RIGHT, middle), digits, font=face, fill=palette.TEXT, anchor="rm")
    if digits != rating:
        draw.text((RATING_RIGHT + 3, middle), "?", font=face, fill=palette.FAINT, anchor="lm")


def leaderboard(
    title: str, subtitle: str, lines: Sequence[Line], *, footer: str = "", words: Words = ENGLISH
) -> bytes:
    """A PNG of one page of the leaderboard (see the module docstring). `title`, `subtitle` and
    `footer` come worded; the column headings are said in `words`' language (English by default)."""
    height = HEADER_HEIGHT + COLUMNS_HEIGHT + ROW_HEIGHT * len(lines) + (FOOTER_HEIGHT if footer else 16)
    image = Image.new("RGB", (WIDTH, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)

    titles(draw, title, subtitle, WIDTH)

    head = typeset.font(HEAD_SIZE, bold=True)
    baseline = HEADER_HEIGHT + 24
    draw.text((RANK_CENTRE, baseline), "#", font=head, fill=palette.FAINT, anchor="ms")
    # Each heading is shortened to its column, should a language's words be longer.
    # TRANSLATORS: the leaderboard's column headings: PLAYED and WON count matches (narrow columns).
    headings = (
        (NAME_LEFT, words.gettext("PLAYER"), "ls", NAME_RIGHT - NAME_LEFT),
        (RATING_RIGHT, words.gettext("RATING"), "rs", RATING_RIGHT - NAME_RIGHT - 8),
        (MATCHES_RIGHT, words.gettext("PLAYED"), "rs", MATCHES_RIGHT - RATING_RIGHT - 12),
        (WINS_RIGHT, words.gettext("WON"), "rs", WINS_RIGHT - MATCHES_RIGHT - 12),
    )
    for x, heading, anchor, room in headings:
        shown = typeset.shorten(heading, head, room)
        typeset.text(draw, (x, baseline), shown, font=head, fill=palette.FAINT, anchor=anchor)

    name_face = typeset.font(NAME_SIZE, bold=True)
    number_face = typeset.font(NUMBER_SIZE)
    top = HEADER_HEIGHT + COLUMNS_HEIGHT
    for index, line in enumerate(lines):
        box = (MARGIN // 2, top, WIDTH - MARGIN // 2 - 1, top + ROW_HEIGHT - 5)
        draw.rounded_rectangle(box, radius=10, fill=ROW_EVEN if index % 2 == 0 else ROW_ODD)
        middle = top + (ROW_HEIGHT - 4) // 2
        badge(draw, image, line.rank, (RANK_CENTRE, middle))
        name = typeset.clean_text(line.name, bold=True)
        face_colour = palette.TEXT if name else palette.FAINT
        name = typeset.trim(name or words.gettext(NO_NAME), name_face, NAME_RIGHT - NAME_LEFT)
        typeset.text(draw, (NAME_LEFT, middle), name, font=name_face, fill=face_colour, anchor="lm")
        _rating(draw, line.rating, middle)
        draw.text(
            (MATCHES_RIGHT, middle), str(line.matches), font=number_face, fill=palette.MUTED, anchor="rm"
        )
        draw.text((WINS_RIGHT, middle), str(line.wins), font=number_face, fill=palette.MUTED, anchor="rm")
        top += ROW_HEIGHT

    if footer:
        footer_face = typeset.font(FOOTER_SIZE)
        text = typeset.trim(typeset.clean_text(footer), footer_face, WIDTH - 2 * MARGIN)
        typeset.text(draw, (MARGIN, top + 30), text, font=footer_face, fill=palette.FAINT, anchor="ls")
    return png.encode(image)


__all__ = ["MEDALS", "WIDTH", "Line", "badge", "leaderboard", "titles"]
