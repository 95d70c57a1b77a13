"""The picture frame every game shares, so that each game draws only its board.

A picture is, from top to bottom: the game's title, a status line ("Red to move", "Blue wins —
five in a row"), the board the game drew, and a panel with one card per seat (a colour swatch
that also carries the seat's letter, the player's name, the score and a tag for the seat to move,
the winners and the seats that resigned).

A game's renderer typically does::

    colours = [palette.SEAT_COLOURS[n] for n in state.game.seat_names(state.seats)]
    board = <the game's own board picture, about 930 px wide>
    seats = frame.panel_seats(state, names, colours, [...scores], words, resigned=[...])
    return frame.compose(state.game.title, frame.status_for(state, names, colours, words), board, seats)

where `names` are the players' names (`player_names`, filled in by `renderer`) and `words` the
language of the picture's text (`rules.text.Words`): every word a picture shows is said in it.

`compose` gives a `Picture`: the header, the board and the panel as bands of rows, which the PNG
writer encodes as they are (`Picture.image()` puts them together). Inside `replay_layout()` it
gives the replay GIF's layout: no header, the card of the seat to move tagged but not lit; there
`board_bands` gives a board drawn in layers as one image a strip (`strip_images`), so that the
animation skips the strips a move did not change and compares the others strip by strip.

Also here: stone sprites with their letter, the captions under a board (`text_line`) and
`renderer`, which makes a game's drawing function the renderer `render.RENDERERS` holds. What the
frame is drawn with lives beside it: the colours in `palette`, text in `typeset`, arrows and other
smooth shapes in `stencil`, boards drawn in layers in `layers`. Drawing a picture takes a few ms,
most of it spent on what changed since the last pictures, and every cache is bounded (its bound
in its docstring) and changes no pixel.
"""

from __future__ import annotations

import enum
import math
import weakref
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import ClassVar, Generic, Protocol, TypeVar

from PIL import Image, ImageDraw, ImageFont

from rules import CHANCE, RESIGNED, TIMEOUT, Game, Move, Outcome, State
from rules.text import ENGLISH, Words, said

from . import png
from .layers import HashedKey, Layer, LayeredBoard, paste_copy
from .palette import (
    BACKGROUND,
    CARD,
    CARD_ACTIVE,
    FAINT,
    MUTED,
    OUTLINE,
    RGB,
    TEXT,
    SeatColour,
    Shape,
)
from .stencil import SUPERSAMPLE, Point, supersampled
from .typeset import clean_text, fits, font, shorten, text, text_in_circle, text_length, trim, wrap

GameState = TypeVar("GameState", bound=State)
GameMove = TypeVar("GameMove", bound=Move)

# -- layout (pixels) ---------------------------------------------------------------------------

MARGIN = 16
MIN_WIDTH = 960
BOARD_WIDTH = MIN_WIDTH - 2 * MARGIN
"""The width a game's board picture should have (at most; a wider board widens the picture)."""
TITLE_SIZE = 26
STATUS_SIZE = 30
STATUS_SMALL_SIZE = 22
"""The status line's size when it takes two lines."""
NAME_SIZE = 24
SCORE_SIZE = 20
TAG_SIZE = 18
SWATCH = 44
CARD_HEIGHT = 68
CARD_GAP = 12
PANEL_COLUMNS = 2
STATUS_NAME_WIDTH = 340
"""At most this many pixels of a player's name in the status line."""
HEADER_HEIGHT = 104
"""Title and status line above the board."""


def _outline(shape: Shape, size: float) -> tuple[list[Point], float]:
    """The corners of a polygonal stone `size` px wide (centred in its box) and the radius of
    the circle its letter must fit in, as a fraction of the half-size, before the rim."""
    half = size / 2

    def ring(corners: int, radius: float, turn: float, drop: float = 0.0) -> list[Point]:
        return [
            (
                half + radius * math.cos(math.radians(turn + 360 * i / corners)),
                half + drop + radius * math.sin(math.radians(turn + 360 * i / corners)),
            )
            for i in range(corners)
        ]

    if shape == "triangle":  # point up, as wide as the box, its centroid a little low
        radius = size / math.sqrt(3)
        return ring(3, radius, -90, drop=radius / 4), 0.5 * radius / half
    if shape == "hexagon":
        return ring(6, half, 0), 0.8
    if shape == "star":  # a fat five-pointed star, so that the letter fits in its middle
        outer, inner = ring(5, half, -90, drop=half * 0.1), ring(5, half * 0.55, -54, drop=half * 0.1)
        return [p for pair in zip(outer, inner, strict=True) for p in pair], 0.48
    return ring(4, half, -90), 1 / math.sqrt(2)  # diamond


# -- stones and swatches ------------------------------------------------------------------------


@cache
def stone(colour: SeatColour, diameter: int, *, letter: bool = True) -> Image.Image:
    """An antialiased stone of `colour` (round, or the colour's shape) with its letter, as an
    RGBA sprite (cached).

    Paste it with itself as the mask: `canvas.paste(sprite, (x, y), sprite)`.
    """
    s = SUPERSAMPLE
    size = diameter * s
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    rim = max(1, round(diameter * 0.055)) * s
    middle = size / 2
    room = middle - rim  # the radius of the circle the letter must fit in
    if colour.shape == "square":
        inset = round(size * 0.06)  # a square looks bigger than a circle of the same width
        corner = size * 0.16
        draw.rounded_rectangle((inset, inset, size - 1 - inset, size - 1 - inset), corner, fill=OUTLINE)
        inner = (inset + rim, inset + rim, size - 1 - inset - rim, size - 1 - inset - rim)
        draw.rounded_rectangle(inner, corner - rim, fill=colour.fill)
        room = middle - inset - rim
    elif colour.shape == "diamond":
        draw.polygon([(middle, 0), (size - 1, middle), (middle, size - 1), (0, middle)], fill=OUTLINE)
        edge = rim * math.sqrt(2)
        inner_points = [(middle, edge), (size - 1 - edge, middle), (middle, size - 1 - edge), (edge, middle)]
        draw.polygon(inner_points, fill=colour.fill)
        room = (middle - edge) / math.sqrt(2)
    elif colour.shape in ("triangle", "hexagon", "star"):
        corners, fraction = _outline(colour.shape, size - 1)
        draw.polygon(corners, fill=OUTLINE)
        # The fill is the outline shrunk about the letter's centre by the rim's width.
        cx = sum(x for x, _ in corners) / len(corners)
        cy = sum(y for _, y in corners) / len(corners)
        room = fraction * middle
        shrink = max(0.0, 1 - rim * 1.6 / room) if colour.shape == "triangle" else 1 - rim / (room * 1.25)
        draw.polygon([(cx + (x - cx) * shrink, cy + (y - cy) * shrink) for x, y in corners], fill=colour.fill)
        if letter:
            text_in_circle(draw, (cx, cy), (room - rim) * 0.95, colour.letter, fill=colour.ink, scale=0.8)
        return big.reduce(s)
    else:
        draw.ellipse((0, 0, size - 1, size - 1), fill=OUTLINE)
        draw.ellipse((rim, rim, size - 1 - rim, size - 1 - rim), fill=colour.fill)
    if letter:
        text_in_circle(draw, (middle, middle), room, colour.letter, fill=colour.ink, scale=0.8)
    return big.reduce(s)


def centred(sprite: Image.Image, centre: Point) -> tuple[int, int]:
    """Where the top left corner of `sprite` goes for it to be centred on `centre` (the nearest
    pixel)."""
    return round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)


def supersampled_board(
    size: tuple[int, int], radius: int, fill: RGB
) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """An opaque canvas SUPERSAMPLE times `size`, on the background and covered by a rectangle of
    `fill` with rounded corners (a board's wood or sea), its drawer and the factor (see
    `supersampled`)."""
    s = SUPERSAMPLE
    big = Image.new("RGB", (size[0] * s, size[1] * s), BACKGROUND)
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, size[0] * s - 1, size[1] * s - 1), radius=radius * s, fill=fill)
    return big, draw, s


@cache
def disc(colour: RGB, diameter: int) -> Image.Image:
    """An antialiased filled circle as an RGBA sprite (cached), e.g. a board's star point."""
    big, draw, s = supersampled((diameter, diameter))
    draw.ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=colour)
    return big.reduce(s)


# -- the seats and the status -------------------------------------------------------------------


class Mark(enum.Enum):
    """What a seat's card says besides its score (its tag: `tag`)."""

    NONE = ""
    TO_MOVE = "TO MOVE"
    WINNER = "★ WINNER"
    RESIGNED = "RESIGNED"


def tag(mark: Mark, words: Words) -> str:
    """The tag a card's mark shows, in `words`' language."""
    if mark is Mark.TO_MOVE:
        return words.gettext("TO MOVE")
    if mark is Mark.WINNER:
        return "★ " + words.gettext("WINNER")  # the star is a picture, not a word
    if mark is Mark.RESIGNED:
        return words.gettext("RESIGNED")
    return ""


@dataclass(frozen=True)
class PanelSeat:
    """One card of the player panel."""

    name: str
    colour: SeatColour
    score: str
    """Shown under the name, e.g. "3 captures"."""
    mark: Mark = Mark.NONE
    tag: str = ""
    """The mark's words (`tag`), in the picture's language."""


@dataclass(frozen=True)
class Status:
    """The status line: its text, and the seat whose swatch leads it (None for none)."""

    text: str
    colour: SeatColour | None = None


def seat_names(state: State, words: Words) -> tuple[str, ...]:
    """The names of the seats ("Red", "Blue") in `words`' language."""
    return tuple(said(words, name) for name in state.game.seat_names(state.seats))


def player_names(state: State, names: Sequence[str] | None, words: Words) -> tuple[str, ...]:
    """The display name of each seat: `names` cleaned up for the font, or the seat names."""
    seats = seat_names(state, words)
    if names is None:
        return seats
    if len(names) != state.seats:
        raise ValueError(f"names has {len(names)} entries for {state.seats} seats")
    return tuple(clean_text(name, bold=True) or seat for name, seat in zip(names, seats, strict=True))


def named(name: str, seat_name: str, room: float, face: ImageFont.FreeTypeFont, words: Words) -> str:
    """ "alice (Red)": a player's name, shortened to `room` pixels of `face`, and their seat;
    just the seat's name where no player's name is known."""
    if name == seat_name:
        return seat_name
    return words.gettext("{player} ({seat})", player=trim(name, face, room), seat=seat_name)


def who(state: State, names: Sequence[str], seat: int, words: Words) -> str:
    """How the status line names a seat: "Red", or "alice (Red)" when a player's name is known
    (a long name is shortened, so that the rest of the line still fits)."""
    seat_name = seat_names(state, words)[seat]
    return named(names[seat], seat_name, STATUS_NAME_WIDTH, font(STATUS_SIZE, bold=True), words)


def status_for(state: State, names: Sequence[str], colours: Sequence[SeatColour], words: Words) -> Status:
    """The usual status line: whose turn it is, or who won and why, or the draw and why."""
    outcome = state.outcome()
    if outcome is not None:
        reason = words.say(state.game.reason_phrase(outcome))
        if outcome.is_draw:
            return Status(words.gettext("Draw — {reason}", reason=reason))
        winners = [who(state, names, seat, words) for seat in outcome.winners]
        colour = colours[outcome.winners[0]] if len(winners) == 1 else None
        if len(winners) == 1:
            return Status(words.gettext("{player} wins — {reason}", player=winners[0], reason=reason), colour)
        listed = words.listing(winners)
        return Status(words.gettext("{players} win — {reason}", players=listed, reason=reason), colour)
    seat = state.to_move
    if seat is None:
        return Status(words.gettext("The game is over"))
    if seat == CHANCE:
        return Status(words.gettext("Waiting for chance"))
    return Status(words.gettext("{player} to move", player=who(state, names, seat, words)), colours[seat])


@dataclass(frozen=True)
class Caption:
    """How a game sets the lines of words under its board: the text's size, the strip's width,
    the most lines a caption may take, the height of a line and the first line's baseline."""

    size: int
    width: int
    lines: int
    line_height: int
    baseline: int


def caption_head(label: str, words: Words) -> str:
    """A caption's bold label with its colon ("Last move: "), or nothing."""
    return words.gettext("{label}: ", label=label) if label else ""


def caption_lines(head: str, line: str, caption: Caption) -> tuple[str, ...]:
    """A caption's words (after its bold `head`, `caption_head`) in at most `caption.lines`
    lines of its strip, each line starting where the first does, after the head."""
    left = 4 + text_length(head, font(caption.size, bold=True))
    return wrap(line, font(caption.size), caption.width - left - 4, caption.lines)


@lru_cache(maxsize=32)
def text_line(head: str, line: str, caption: Caption) -> Image.Image:
    """A caption under a board, set as `caption` says: its bold "label: ", then its words in as
    many lines as they need (`caption_lines`). Cached: the lines under a board repeat from move
    to move; 32 of at most 180 kB (two lines 928 px wide), 6 MB at most, shared by the games (a
    cache of 64 kept more old lines than it saved drawing, and made Kerboge's slowest pictures
    slower in the render CPU bench), and their words are cached by `text` anyway."""
    shown = caption_lines(head, line, caption)
    image = Image.new("RGB", (caption.width, caption.line_height * len(shown)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    bold, regular = font(caption.size, bold=True), font(caption.size)
    text(draw, (4, caption.baseline), head, font=bold, fill=TEXT, anchor="ls")
    left = 4 + text_length(head, bold)
    for row, words in enumerate(shown):
        baseline = caption.baseline + row * caption.line_height
        text(draw, (left, baseline), words, font=regular, fill=TEXT, anchor="ls")
    return image


def score_text(game: Game, score: float, words: Words) -> str:
    """A score with its game's unit ("1 capture", "6 beads placed", "2.5 points"), in `words`'
    language (`Game.score_text` keeps its Phrase)."""
    return words.say(game.score_text(int(score) if float(score).is_integer() else score))


def score_line(state: State, seat: int, words: Words, *details: str) -> str:
    """A card's line under the name: the seat's score as its game counts it ("6 beads placed",
    what the match message and the alt text say), then `details`, joined by " · "."""
    return " · ".join([score_text(state.game, state.scores()[seat], words), *details])


def panel_seats(
    state: State,
    names: Sequence[str],
    colours: Sequence[SeatColour],
    scores: Sequence[str],
    words: Words,
    *,
    resigned: Collection[int] = (),
) -> list[PanelSeat]:
    """The cards of the panel, each with its mark: the seat to move, the winners, who resigned."""
    outcome = state.outcome()
    seats = []
    for seat in range(state.seats):
        if outcome is not None and seat in outcome.winners:
            mark = Mark.WINNER
        elif seat in resigned:
            mark = Mark.RESIGNED
        elif outcome is None and state.to_move == seat:
            mark = Mark.TO_MOVE
        else:
            mark = Mark.NONE
        seats.append(PanelSeat(names[seat], colours[seat], scores[seat], mark, tag(mark, words)))
    return seats


def resigned_seats(state: State) -> list[int]:
    """The seats that lost a two-player game by resigning (or by running out of time, which the
    host counts as resigning): the panel tags them. Decided on `Outcome.termination`."""
    outcome: Outcome | None = state.outcome()
    if outcome is None or outcome.termination not in (RESIGNED, TIMEOUT):
        return []
    return [seat for seat in range(state.seats) if seat not in outcome.winners]


# -- the frame ----------------------------------------------------------------------------------


def card_score_room(card_width: int) -> int:
    """How many pixels of a card `card_width` wide its score line has."""
    return card_width - 14 - (14 + SWATCH + 14)


def card_width(width: int) -> int:
    """The width of a card of the panel of a picture `width` wide."""
    return (width - 2 * MARGIN - (PANEL_COLUMNS - 1) * CARD_GAP) // PANEL_COLUMNS


def _draw_score(draw: ImageDraw.ImageDraw, seat: PanelSeat, left: int, width: int) -> None:
    """The score of a card `width` wide at `left` in a row of cards, under the name (the words,
    trimmed to the card, end 14 px short of its right edge and clear its bottom)."""
    score_face = font(SCORE_SIZE)
    score = shorten(seat.score, score_face, card_score_room(width))
    text(
        draw,
        (left + 14 + SWATCH + 14, 58),
        score,
        font=score_face,
        fill=FAINT if seat.mark is Mark.RESIGNED else MUTED,
        anchor="ls",
    )


@lru_cache(maxsize=32)
def _card_face(
    name: str, colour: SeatColour, mark: Mark, label: str, width: int, lit: bool = True
) -> Image.Image:
    """A card without its score: what changes only with the seat's mark (cached: a score changes
    at almost every move, its player's card and mark seldom; 32 of 125 kB, 4 MB at most).
    `lit`: the card of the seat to move is lit as the winner's is (not in the replay GIF, whose
    strip says whose turn it is: there a turn changes the tags alone, `replay_layout`)."""
    image = Image.new("RGB", (width, CARD_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    box = (0, 0, width - 1, CARD_HEIGHT - 1)
    active = mark is Mark.WINNER or (lit and mark is Mark.TO_MOVE)
    draw.rounded_rectangle(box, radius=12, fill=CARD_ACTIVE if active else CARD)
    if active:
        draw.rounded_rectangle(box, radius=12, outline=TEXT, width=3)
    swatch = stone(colour, SWATCH)
    image.paste(swatch, (14, (CARD_HEIGHT - SWATCH) // 2), swatch)
    text_left = 14 + SWATCH + 14
    text_right = width - 14

    tag_width = 0
    if mark is not Mark.NONE:
        face = font(TAG_SIZE, bold=True)
        tag_width = int(text_length(label, face)) + 20
        tag_box = (text_right - tag_width, 12, text_right, 12 + TAG_SIZE + 10)
        if mark is Mark.RESIGNED:
            draw.rounded_rectangle(tag_box, radius=8, outline=MUTED, width=2)
            tag_ink = MUTED
        else:
            draw.rounded_rectangle(tag_box, radius=8, fill=TEXT)
            tag_ink = BACKGROUND
        text(
            draw,
            ((tag_box[0] + tag_box[2]) / 2, (tag_box[1] + tag_box[3]) / 2),
            label,
            font=face,
            fill=tag_ink,
            anchor="mm",
        )
        tag_width += 10

    name_face = font(NAME_SIZE, bold=True)
    shown = trim(name, name_face, text_right - tag_width - text_left)
    faded = mark is Mark.RESIGNED
    text(draw, (text_left, 33), shown, font=name_face, fill=MUTED if faded else TEXT, anchor="ls")
    return image


def status_left(status: Status) -> int:
    """Where the status line's words start (after its swatch, when it has one)."""
    return MARGIN if status.colour is None else MARGIN + 40 + 12


def status_lines(status: Status, width: int) -> tuple[ImageFont.FreeTypeFont, tuple[str, ...]]:
    """The status line's face and lines in a picture `width` wide: one line, or where that does not
    fit (a long reason after long names), two smaller lines, so that no word is lost."""
    room = width - MARGIN - status_left(status)
    face = font(STATUS_SIZE, bold=True)
    if fits(status.text, face, room):
        return face, (status.text,)
    small = font(STATUS_SMALL_SIZE, bold=True)
    return small, wrap(status.text, small, room, 2)


@lru_cache(maxsize=8)
def _header(title: str, status: Status, width: int) -> Image.Image:
    """The title and the status line (cached, for pictures of an unchanged state and statuses that
    come back; 8 of 400 kB, 3.2 MB at most): `_header_face` with the status's words."""
    image = _header_face(title, status.colour, width).copy()
    face, lines = status_lines(status, width)
    baselines = (81,) if len(lines) == 1 else (65, 93)
    for baseline, line in zip(baselines, lines, strict=False):
        text(ImageDraw.Draw(image), (status_left(status), baseline), line, font=face, fill=TEXT, anchor="ls")
    return image


@lru_cache(maxsize=8)
def _header_face(title: str, colour: SeatColour | None, width: int) -> Image.Image:
    """The title and the status line's swatch (cached: they change seldom; 8 of 400 kB, 3.2 MB at
    most)."""
    image = Image.new("RGB", (width, HEADER_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, 34), title, font=font(TITLE_SIZE, bold=True), fill=MUTED, anchor="ls")
    if colour is not None:
        swatch = stone(colour, 40)
        image.paste(swatch, (MARGIN, 50), swatch)
    return image


@dataclass(frozen=True)
class Picture:
    """A whole picture as bands of rows, top to bottom: each an RGB image (or a board drawn in
    layers, as named strips: `LayeredBoard`) and how far in from the left it starts, the rest of
    its rows BACKGROUND. `image()` puts them together; the PNG writer encodes the bands as they
    are (`render.board`), so that the whole picture is never made, nor the board copied into it.
    The bands are not changed afterwards (some come from caches)."""

    width: int
    bands: tuple[tuple[png.BandSource, int], ...]
    status: Status = Status("")
    """The status line drawn in the header (kept to check its words fit: `status_lines`)."""
    seats: tuple[PanelSeat, ...] = ()
    """The cards drawn in the panel."""

    @property
    def height(self) -> int:
        return sum(band.height for band, _ in self.bands)

    def image(self) -> Image.Image:
        """The picture as one RGB image."""
        canvas = Image.new("RGB", (self.width, self.height), BACKGROUND)
        top = 0
        for band, left in self.bands:
            canvas.paste(band.image() if isinstance(band, png.Slices) else band, (left, top))
            top += band.height
        return canvas


def compose(
    title: str, status: Status, board: png.BandSource | Sequence[png.BandSource], seats: Sequence[PanelSeat]
) -> Picture:
    """The whole picture: title, status line, the game's `board` (RGB, or drawn in layers:
    `LayeredBoard.slices`; or its bands, top to bottom, each centred: a part that did not change
    can be a cached image, not copied into a new board), and the player panel."""
    boards = [board] if isinstance(board, Image.Image | png.Slices) else list(board)
    width = max([MIN_WIDTH, *(band.width + 2 * MARGIN for band in boards)])
    centred = tuple((band, (width - band.width) // 2) for band in boards)
    if _REPLAY.get():  # the replay GIF's layout (`replay_layout`)
        return Picture(width, (*centred, *_panel(seats, width, lit=False)), status, tuple(seats))
    header = _header(title, status, width)
    return Picture(width, ((header, 0), *centred, *_panel(seats, width)), status, tuple(seats))


@cache
def plain(height: int) -> Image.Image:
    """`height` rows of BACKGROUND, as a band of a `Picture` (one pixel wide: the rest of a band's
    rows is BACKGROUND anyway)."""
    return Image.new("RGB", (1, height), BACKGROUND)


def _panel(seats: Sequence[PanelSeat], width: int, lit: bool = True) -> list[tuple[Image.Image, int]]:
    """The player panel with the margins above and below it, as bands: a band for each row of
    cards (cached), and plain ones around them, so that only the rows that changed are made.
    `lit`: as for `_card_face`."""
    bands = [(plain(MARGIN), 0)]
    for first in range(0, len(seats), PANEL_COLUMNS):
        if first:
            bands.append((plain(CARD_GAP), 0))
        row = _card_row(tuple(seats[first : first + PANEL_COLUMNS]), card_width(width), lit)
        bands.append((row, MARGIN))
    bands.append((plain(MARGIN), 0))
    return bands


_REPLAY: ContextVar[bool] = ContextVar("replay", default=False)
"""Whether the pictures composed now are in the replay GIF's layout (`replay_layout`)."""


@contextmanager
def replay_layout() -> Iterator[None]:
    """The pictures composed inside the block are laid out as the replay GIF shows them
    (`render.animation`): without the header (the title and the status line, which the GIF's
    progress strip under the cards says), and with the card of the seat to move tagged, not lit,
    so that a move changes the board and the bottom of the frame (a tag, a score), not its top,
    nor two whole cards. (A context variable: the game's renderer composes the picture, and
    each thread has its own.)"""
    token = _REPLAY.set(True)
    try:
        yield
    finally:
        _REPLAY.reset(token)


def board_bands(board: LayeredBoard) -> png.BandSource | list[Image.Image]:
    """A board drawn in layers as a `compose` takes it: as named strips (`LayeredBoard.slices`),
    or in the replay GIF's layout (`replay_layout`) as one image a strip (`strip_images`)."""
    return strip_images(board) if _REPLAY.get() else board.slices()


class _LiveStrips:
    """The strip images of boards drawn in layers (`strip_images`), by what they show, while
    something else holds them (the animation holds the picture before): weakly, so they cost no
    memory of their own; `cache_clear` forgets them, as `render.clear_caches` does every cache."""

    images: ClassVar[weakref.WeakValueDictionary[Hashable, Image.Image]] = weakref.WeakValueDictionary()

    @staticmethod
    def cache_clear() -> None:
        _LiveStrips.images.clear()


REPLAY_STRIP_ROWS = 48
"""Rows of a strip of a board in the replay GIF's layout (`strip_images`): each strip a move
changes costs the picture and the animation about 20 µs besides its pixels, and taller strips
redraw and compare more rows that did not change. Keibot's pictures and canvas took 1.70 ms a
frame in strips of 16 rows, 1.25 in 32, 1.17 in 48, 1.13 in 64, and painted 0.104, 0.111, 0.119
and 0.125 of the picture."""


def strip_images(board: LayeredBoard, rows: int = REPLAY_STRIP_ROWS) -> list[Image.Image]:
    """A board drawn in layers as one RGB image a strip of `rows` rows, top to bottom: a strip
    whose layers (and base) were met in a picture still held, at the same rows, is that very
    image (the replay's picture before holds the strips no move changed), and the others are
    drawn, each on its rows of the base. The animation skips a band that is the image it had at
    the same place at no cost and compares a new one only with the one before it there: cheaper
    than comparing runs of named strips (which it crops from the board drawn and from its canvas
    first), and the boxes it paints are each strip's box of change, not one box over a run of
    strips (Keibot: 0.11 of the picture painted a move, not 0.22)."""
    width, height = board.width, board.height
    found: list[list[Layer]] = [[] for _ in range(-(-height // rows))]
    for layer in board.layers:
        for index in range(layer.top // rows, (layer.bottom - 1) // rows + 1):
            found[index].append(layer)
    live = _LiveStrips.images
    base = board.base
    strips = []
    for index, over in enumerate(found):
        top, bottom = index * rows, min(height, index * rows + rows)
        key = HashedKey((board.base_key, top, bottom, tuple(layer.key for layer in over)))
        image = live.get(key)
        if image is None:
            if all(layer.shifts for layer in over):  # painted on the strip's rows of the base alone
                image = base._new(base.im.crop((0, top, width, bottom)))
                for layer in over:
                    layer.paint(image, top)
            else:  # a layer that must reach over all of its rows (`layers.Layer`)
                with board.draw(top, bottom) as (drawn, first):
                    image = drawn._new(drawn.im.crop((0, first, width, first + bottom - top)))
            live[key] = image
        strips.append(image)
    return strips


@lru_cache(maxsize=16)
def _card_row(seats: tuple[PanelSeat, ...], card_width: int, lit: bool = True) -> Image.Image:
    """A row of cards of the panel (`_card`), side by side (cached: a move changes one or two
    cards, so most rows of a big panel come back the same image, which the animation skips; 16
    of 190 kB, 3 MB at most). `lit`: as for `_card_face`."""
    row = Image.new(
        "RGB", (PANEL_COLUMNS * card_width + (PANEL_COLUMNS - 1) * CARD_GAP, CARD_HEIGHT), BACKGROUND
    )
    for column, seat in enumerate(seats):
        paste_copy(row, _card(seat, card_width, lit), (column * (card_width + CARD_GAP), 0))
    return row


@lru_cache(maxsize=32)
def _card(seat: PanelSeat, width: int, lit: bool = True) -> Image.Image:
    """A card of the panel: its face (cached by `_card_face`) and its score (cached by everything
    that decides its pixels: a move changes a score or two and moves a tag, and a row of cards
    drawn again takes the cards that did not change as they are; 32 of 125 kB, 4 MB at most).
    `lit`: as for `_card_face`."""
    image = _card_face(seat.name, seat.colour, seat.mark, seat.tag, width, lit).copy()
    _draw_score(ImageDraw.Draw(image), seat, 0, width)
    return image


# -- a game's renderer ------------------------------------------------------------------------------


class Renderer(Protocol):
    """What `render.RENDERERS` holds for each game: the whole picture of a state, as an image
    (`renderer(...)`) or as bands (`renderer.picture(...)`, what the PNG writer takes)."""

    def __call__(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
        words: Words = ENGLISH,
    ) -> Image.Image: ...

    def picture(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
        words: Words = ENGLISH,
    ) -> Picture: ...


@dataclass(frozen=True)
class _GameRenderer(Generic[GameState, GameMove]):
    state_type: type[GameState]
    move_types: tuple[type[GameMove], ...]
    draw: Callable[[GameState, GameMove | None, tuple[str, ...], int | None, Words], Picture]

    def __call__(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
        words: Words = ENGLISH,
    ) -> Image.Image:
        return self.picture(
            state, perspective=perspective, last_move=last_move, names=names, words=words
        ).image()

    def picture(
        self,
        state: State,
        *,
        perspective: int | None,
        last_move: Move | None,
        names: Sequence[str] | None,
        words: Words = ENGLISH,
    ) -> Picture:
        title = self.state_type.game.title
        if not isinstance(state, self.state_type):
            raise TypeError(f"not a {title} state: {type(state).__name__}")
        if last_move is not None and not isinstance(last_move, self.move_types):
            raise TypeError(f"not a {title} move: {last_move!r}")
        return self.draw(state, last_move, player_names(state, names, words), perspective, words)


def renderer(
    state_type: type[GameState],
    move_types: tuple[type[GameMove], ...],
    picture: Callable[[GameState, GameMove | None, tuple[str, ...], int | None, Words], Picture],
) -> Renderer:
    """A game's renderer: it refuses a state or a last move of another game (TypeError), fills in
    the players' names (`player_names`) and draws `picture(state, last_move, names, perspective,
    words)`, its text in `words`' language (English by default)."""
    return _GameRenderer(state_type, move_types, picture)
