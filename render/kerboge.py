"""The Kerboge and Jai Kerboge picture.

A round board: ten numbered moorings clockwise round the harbour, mooring 1 at the top. Each
mooring shows every player's stones there as one stone in the seat's colour with its initials
(Sa, Me, So, Ru: colour is never the only clue), always in the same corner of the mooring, with
a count when there are two or more. The harbour in the middle shows how many stones each player
has there. The Serpent (a green snake, a shape no stone has) lies at the inner edge of its
mooring. The last move is drawn as arrows in the mover's colour (from the harbour or a mooring,
one arrow per destination, clockwise on the inner track, or one back); a mooring where stones
were boarded wears a ⚔ badge with the number boarded. Under the board: the last move and the
round in words, and two cards in the style of the player panel: the Serpent with its points,
and the last coin with the player who tossed it. The player panel shows each seat's points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, lru_cache

from PIL import Image, ImageChops, ImageDraw

from rules import CHANCE, Move
from rules.kerboge import (
    HARBOUR,
    INITIALS,
    MOORINGS,
    SEAT_NAMES,
    SERPENT_WINS,
    Aground,
    KerbogeState,
    SerpentMove,
    StoneMove,
    forward,
)
from rules.text import ENGLISH, Words, said

from . import frame, layers, palette, png, stencil, typeset

# -- colours ------------------------------------------------------------------------------------

SEAT_COLOURS = (
    palette.SeatColour("Sailor", "Sa", palette.BLUE.fill),
    palette.SeatColour("Merchant", "Me", palette.RED.fill),
    palette.SeatColour("Soldier", "So", palette.BLACK.fill),
    palette.SeatColour("Ruler", "Ru", (158, 158, 158)),
)
"""Blue, red, black and grey as the rules name them, each stone carrying its seat's initials."""
SEA: palette.RGB = (170, 204, 219)
SEA_EDGE: palette.RGB = (120, 160, 180)
SAND: palette.RGB = (238, 224, 190)
SAND_EDGE: palette.RGB = (150, 124, 84)
HARBOUR_FILL: palette.RGB = (214, 192, 148)
INK: palette.RGB = (58, 46, 30)
NUMBER_FILL: palette.RGB = (70, 56, 38)
SERPENT_FILL: palette.RGB = palette.GREEN.fill
SERPENT_BELLY: palette.RGB = (120, 210, 170)
BOARDED_FILL: palette.RGB = (255, 255, 255)
COIN_FILL: palette.RGB = (230, 184, 60)

# -- geometry (pixels) --------------------------------------------------------------------------

WIDTH = frame.BOARD_WIDTH
RING_HEIGHT = 904
CX, CY = WIDTH // 2, 452
RING = 330
"""Distance from the centre to each mooring's centre."""
MOORING = 86
"""Radius of a mooring."""
INNER = RING - MOORING
"""Where the moorings begin, seen from the harbour."""
HARBOUR_RADIUS = 138
NUMBER_RADIUS = 20
STONE = 56
SLOT = 31
"""Offset of a seat's corner from the mooring's centre (x and y)."""
COUNT_SIZE = 18
LABEL_SIZE = 20
TRACKS = {1: 222, 2: 198, 3: 174}
"""The radius of the inner track an arrow of 1, 2 or 3 moorings forward runs on."""
ARROW_WIDTH = 8
ARROW_HEAD = 24
ARROW_SUPERSAMPLE = 3
SERPENT_SIZE = (104, 52)

STRIP_LINE = 32
TEXT_SIZE = 21
CAPTION = frame.Caption(TEXT_SIZE, WIDTH, 1, STRIP_LINE, TEXT_SIZE)
"""How the lines of words under the ring are set (`frame.text_line`): one line each."""
STRIP_HEIGHT = 10 + 2 * STRIP_LINE + 10 + frame.CARD_HEIGHT
CARD_WIDTH = (WIDTH - frame.CARD_GAP) // 2


def angle(mooring: int) -> float:
    """The direction (radians, clockwise from the right) of a mooring seen from the centre;
    mooring 1 is at the top."""
    return math.radians(-90 + 36 * (mooring - 1))


def polar(radius: float, theta: float) -> stencil.Point:
    return CX + radius * math.cos(theta), CY + radius * math.sin(theta)


def mooring_centre(mooring: int) -> stencil.Point:
    return polar(RING, angle(mooring))


def slot(seats: int, seat: int) -> tuple[int, int]:
    """Where a seat's stones sit in every mooring and in the harbour, from the centre: Sailor
    top left, Merchant top right, Soldier bottom left, Ruler bottom right (two seats: side by side)."""
    if seats == 2:
        return (-SLOT if seat == 0 else SLOT), 0
    return (-SLOT if seat % 2 == 0 else SLOT), (-SLOT if seat < 2 else SLOT)


# -- sprites (cached) ---------------------------------------------------------------------------


COUNT_HEIGHT = 26


@cache
def count_badge(count: int) -> Image.Image:
    """A dark pill with the count in white, e.g. for 3 stones."""
    face = typeset.font(COUNT_SIZE, bold=True)
    text = str(count)
    width = max(26, int(typeset.text_length(text, face)) + 12)
    small = count_pill(width).copy()
    ImageDraw.Draw(small).text(
        (width / 2, COUNT_HEIGHT / 2), text, font=face, fill=(255, 255, 255), anchor="mm"
    )
    return small


@cache
def count_pill(width: int) -> Image.Image:
    """The dark pill of a count (`count_badge`) `width` pixels wide, without its number."""
    height = COUNT_HEIGHT
    big, draw, s = stencil.supersampled((width, height))
    draw.rounded_rectangle(
        (0, 0, width * s - 1, height * s - 1), radius=height * s // 2, fill=palette.OUTLINE
    )
    draw.rounded_rectangle(
        (s, s, width * s - 1 - s, height * s - 1 - s),
        radius=height * s // 2,
        outline=(255, 255, 255),
        width=s,
    )
    return big.reduce(s)


@cache
def number_badge(mooring: int) -> Image.Image:
    """The mooring's number on a dark disc."""
    diameter = 2 * NUMBER_RADIUS
    sprite = frame.disc(NUMBER_FILL, diameter).copy()
    draw = ImageDraw.Draw(sprite)
    typeset.text_in_circle(
        draw, (diameter / 2, diameter / 2), NUMBER_RADIUS, str(mooring), fill=(255, 255, 255)
    )
    return sprite


@cache
def boarded_badge(count: int, serpent: bool) -> Image.Image:
    """⚔ and the number of stones boarded at a mooring (green-rimmed when the Serpent boarded)."""
    face = typeset.font(COUNT_SIZE, bold=True)
    text = f"⚔{count}"
    width, height = int(typeset.text_length(text, face)) + 18, 30
    big, draw, s = stencil.supersampled((width, height))
    rim = SERPENT_FILL if serpent else palette.OUTLINE
    draw.rounded_rectangle((0, 0, width * s - 1, height * s - 1), radius=9 * s, fill=rim)
    draw.rounded_rectangle(
        (3 * s, 3 * s, width * s - 1 - 3 * s, height * s - 1 - 3 * s), radius=7 * s, fill=BOARDED_FILL
    )
    small = big.reduce(s)
    ImageDraw.Draw(small).text((width / 2, height / 2), text, font=face, fill=palette.OUTLINE, anchor="mm")
    return small


@cache
def serpent_sprite(width: int = SERPENT_SIZE[0], height: int = SERPENT_SIZE[1]) -> Image.Image:
    """The Serpent: a wavy green body with a head, an eye and a forked tongue."""
    big, draw, s = stencil.supersampled((width, height))
    body = 12 * s
    middle = height * s / 2
    amplitude = height * s * 0.22
    head_x = width * s - 22 * s
    points = [
        (x, middle + amplitude * math.sin((x - 8 * s) / (head_x - 8 * s) * 2.4 * math.pi))
        for x in range(8 * s, int(head_x) + 1, s)
    ]
    draw.line(points, fill=palette.OUTLINE, width=body + 5 * s, joint="curve")
    for x, y in (points[0], points[-1]):
        r = (body + 5 * s) / 2
        draw.ellipse((x - r, y - r, x + r, y + r), fill=palette.OUTLINE)
    draw.line(points, fill=SERPENT_FILL, width=body, joint="curve")
    draw.ellipse(
        (points[0][0] - body / 2, points[0][1] - body / 2, points[0][0] + body / 2, points[0][1] + body / 2),
        fill=SERPENT_FILL,
    )
    hx, hy = points[-1]
    tongue = [(hx + 14 * s, hy), (hx + 21 * s, hy)]
    draw.line(tongue, fill=(200, 30, 40), width=2 * s)
    draw.line([(hx + 21 * s, hy), (hx + 24 * s, hy - 3 * s)], fill=(200, 30, 40), width=2 * s)
    draw.line([(hx + 21 * s, hy), (hx + 24 * s, hy + 3 * s)], fill=(200, 30, 40), width=2 * s)
    rx, ry = 15 * s, 12 * s
    draw.ellipse((hx - rx, hy - ry, hx + rx, hy + ry), fill=palette.OUTLINE)
    rx, ry = 12 * s, 9 * s
    draw.ellipse((hx - rx, hy - ry, hx + rx, hy + ry), fill=SERPENT_FILL)
    draw.ellipse((hx + 2 * s, hy - 7 * s, hx + 9 * s, hy), fill=(255, 255, 255))
    draw.ellipse((hx + 5 * s, hy - 5 * s, hx + 8 * s, hy - 2 * s), fill=palette.OUTLINE)
    return big.reduce(s)


@cache
def coin_sprite(face_text: str) -> Image.Image:
    """A gold coin with H, T or 2 on it (the swatch of the coin card)."""
    diameter = frame.SWATCH
    sprite = frame.disc(palette.OUTLINE, diameter).copy()
    inner = frame.disc(COIN_FILL, diameter - 6)
    sprite.paste(inner, (3, 3), inner)
    draw = ImageDraw.Draw(sprite)
    typeset.text_in_circle(
        draw, (diameter / 2, diameter / 2), diameter / 2 - 3, face_text, fill=INK, scale=0.75
    )
    return sprite


# -- the empty board ------------------------------------------------------------------------------


@cache
def empty_ring(harbour: str = "HARBOUR") -> Image.Image:
    """The sea, the harbour (named) and the ten numbered moorings, without stones (built once a
    language)."""
    image = unlabelled_ring().copy()
    face = typeset.font(LABEL_SIZE, bold=True)
    label = typeset.shorten(harbour, face, 2 * HARBOUR_RADIUS - 80)
    typeset.text(
        ImageDraw.Draw(image), (CX, CY - HARBOUR_RADIUS + 30), label, font=face, fill=INK, anchor="mm"
    )
    return image


@cache
def unlabelled_ring() -> Image.Image:
    """`empty_ring` without the harbour's name."""
    big, draw, s = frame.supersampled_board((WIDTH, RING_HEIGHT), 18, SEA)

    def circle(
        centre: stencil.Point, radius: float, fill: palette.RGB, outline: palette.RGB, width: int
    ) -> None:
        x, y = centre[0] * s, centre[1] * s
        r = radius * s
        draw.ellipse((x - r, y - r, x + r, y + r), fill=outline)
        r -= width * s
        draw.ellipse((x - r, y - r, x + r, y + r), fill=fill)

    ring = RING + MOORING + 10
    draw.ellipse(
        ((CX - ring) * s, (CY - ring) * s, (CX + ring) * s, (CY + ring) * s), outline=SEA_EDGE, width=3 * s
    )
    circle((CX, CY), HARBOUR_RADIUS, HARBOUR_FILL, SAND_EDGE, 4)
    for mooring in range(1, MOORINGS + 1):
        circle(mooring_centre(mooring), MOORING, SAND, SAND_EDGE, 4)
    image = big.reduce(s)
    draw = ImageDraw.Draw(image)
    for mooring in range(1, MOORINGS + 1):
        badge = number_badge(mooring)
        x, y = polar(RING + MOORING + 2, angle(mooring))
        image.paste(badge, (round(x - NUMBER_RADIUS), round(y - NUMBER_RADIUS)), badge)
    return image


# -- drawing a position -----------------------------------------------------------------------------


def serpent_centre(mooring: int) -> stencil.Point:
    """Where the Serpent lies: against the inner edge of its mooring, a little over it."""
    theta = angle(mooring)
    width, height = SERPENT_SIZE
    reach = abs(math.cos(theta)) * width / 2 + abs(math.sin(theta)) * height / 2
    return polar(INNER - reach + 26, theta)


def _arc(radius: float, start: float, end: float) -> list[stencil.Point]:
    steps = max(2, int(abs(end - start) / math.radians(4)))
    return [polar(radius, start + (end - start) * i / steps) for i in range(steps + 1)]


def move_paths(move: StoneMove) -> list[list[stencil.Point]]:
    """The arrows of a move, each a polyline whose last point is the tip."""
    if move.source == HARBOUR:
        theta = angle(move.destinations[0])
        return [[polar(HARBOUR_RADIUS + 2, theta), polar(INNER - 2, theta)]]
    source = move.source
    start = angle(source)
    step = math.radians(8)
    paths = []
    if move.backward:
        target = forward(source, -1)
        end = start - math.radians(36)
        track = TRACKS[1]
        return [
            [
                polar(INNER + 4, start - math.radians(3)),
                *_arc(track, start - step, end + step),
                polar(INNER - 2, end + math.radians(2)),
            ]
        ]
    for target, _count in move.arrivals:
        distance = (target - source) % MOORINGS
        end = start + math.radians(36 * distance)
        track = TRACKS[distance]
        paths.append(
            [
                polar(INNER + 4, start + math.radians(3)),
                *_arc(track, start + step, end - step),
                polar(INNER - 2, end - math.radians(2)),
            ]
        )
    return paths


ARROW_CACHE = 128
"""Moves whose arrows' stencils are kept (`path_stencils`): a move's arrows follow from where it
leaves and where it lands, so games make a few dozen kinds; 17 kB each (58 kB at most), so about
2 MB (7.5 MB at most); and whose paths are (`move_shape`)."""


def add_arrows(
    board: layers.LayeredBoard, paths: Sequence[Sequence[stencil.Point]], fill: palette.RGB
) -> None:
    """Smooth arrows along polylines, tips at the ends: two supersampled masks (the dark outline
    and the fill) over the box around them, painted through as stencils."""
    if paths:
        shape = tuple(tuple(path) for path in paths)
        outline, inside = path_stencils(shape, board.width, board.height)
        paint_arrows(board, layers.HashedKey(shape), outline, inside, fill)


def paint_arrows(
    board: layers.LayeredBoard,
    key: layers.HashedKey,
    outline: stencil.Stencil,
    inside: stencil.Stencil,
    fill: palette.RGB,
) -> None:
    """The arrows named `key` (their paths): the outline's stencil in the dark border colour, then
    the fill's in `fill`."""
    board.stencil(("arrows", key), outline, palette.OUTLINE, (0, 0))
    board.stencil(("arrows inside", key, fill), inside, fill, (0, 0))


@lru_cache(maxsize=ARROW_CACHE)
def move_shape(move: StoneMove) -> tuple[layers.HashedKey, tuple[tuple[stencil.Point, ...], ...]]:
    """The paths of `move`'s arrows (`move_paths`), and their name (cached: the move is a cheaper
    key than its paths, which are worked out once)."""
    shape = tuple(tuple(path) for path in move_paths(move))
    return layers.HashedKey(shape), shape


def warm_up(state: KerbogeState, last_move: Move | None, words: Words = ENGLISH) -> None:
    """Make the stencils of the arrows of `last_move` in the picture of `state`, but not the
    picture (`render.warm_up`; the stencils depend neither on their colour nor on `words`)."""
    if isinstance(last_move, StoneMove):
        add_arrows(
            layers.LayeredBoard(unlabelled_ring(), "warm-up"), move_paths(last_move), SEAT_COLOURS[0].fill
        )


@lru_cache(maxsize=ARROW_CACHE)
def path_stencils(
    paths: tuple[tuple[stencil.Point, ...], ...], width: int, height: int
) -> tuple[stencil.Stencil, stencil.Stencil]:
    """The outline's and the fill's stencils of the arrows along `paths` on a picture `width` ×
    `height` (cached)."""
    s = ARROW_SUPERSAMPLE
    pad = ARROW_HEAD + 8
    xs = [p[0] for path in paths for p in path]
    ys = [p[1] for path in paths for p in path]
    left, top = max(0, math.floor(min(xs) - pad)), max(0, math.floor(min(ys) - pad))
    right = min(width, math.ceil(max(xs) + pad))
    bottom = min(height, math.ceil(max(ys) + pad))
    size = ((right - left) * s, (bottom - top) * s)
    outline = 3

    arrows = [
        stencil.path_arrow([((x - left) * s, (y - top) * s) for x, y in path], ARROW_HEAD, s)
        for path in paths
    ]
    # Where the ink can be: along the shafts, as wide as the widest line, and the heads.
    widest = round((ARROW_WIDTH + 2 * outline) * s)
    covers = [box for arrow in arrows for box in stencil.segment_covers(arrow.shaft, widest)]
    covers += [
        stencil.polygon_cover(arrow.head(ARROW_WIDTH, grow), 2 * s)
        for arrow in arrows
        for grow in (outline, 0)
    ]
    bands = stencil.ink_bands(size, s, covers)
    stencils = []
    for grow in (outline, 0):
        with stencil.mask_canvas(bands) as (mask, draw):
            # ImageDraw's line, ellipse and polygon, without their work in Python.
            ink = draw._getink(255)[0]
            assert ink is not None
            core = draw.draw
            for arrow in arrows:
                shaft = arrow.shaft
                line_width = round((ARROW_WIDTH + 2 * grow) * s)
                core.draw_lines(shaft, ink, line_width)
                r = line_width / 2
                for x, y in shaft[1:-1]:  # round joints
                    core.draw_ellipse((x - r, y - r, x + r, y + r), ink, 1)
                x, y = shaft[0]
                core.draw_ellipse((x - r, y - r, x + r, y + r), ink, 1)
                core.draw_polygon(arrow.head(ARROW_WIDTH, grow), ink, 1)
            stencils.append(stencil.reduced_stencil(mask, bands).moved(left, top))
    return stencils[0], stencils[1]


def boarded_at(mooring: int, serpent: bool) -> stencil.Point:
    """Where the ⚔ badge of a mooring goes: on its rim, beside the number (the Serpent's on the
    other side)."""
    theta = angle(mooring) + math.radians(-55 if serpent else 55)
    x, y = mooring_centre(mooring)
    return x + (MOORING + 6) * math.cos(theta), y + (MOORING + 6) * math.sin(theta)


def mover_of(state: KerbogeState) -> int:
    """The seat that played the last seat's move: the one before the seat to move (the Ruler,
    or the Merchant in Jai Kerboge, when the Serpent moved in between)."""
    return (state.turn - 1) % state.seats if state.turn != CHANCE else state.seats - 1


HARBOUR_PLACE = 0
"""The place of the harbour's stones, for `stone_sprites` (the moorings are 1–10)."""
Placed = tuple[tuple[tuple[object, ...], Image.Image, tuple[int, int]], ...]
"""Sprites with their layers' names and where their top left corners go, in the order they are
pasted."""


def _centred(sprite: Image.Image, centre: stencil.Point) -> tuple[Image.Image, tuple[int, int]]:
    return sprite, frame.centred(sprite, centre)


STONE_CACHE = 256
"""Seats' stones `stone_sprites` keeps (the sprites themselves are cached once each): a seat's
stones at a mooring, or in the harbour, by count."""


@lru_cache(maxsize=STONE_CACHE)
def stone_sprites(seats: int, place: int, seat: int, count: int) -> Placed:
    """A seat's stone in its corner of a mooring (1–10), and the count over it when there are two
    or more; in the harbour (0) always both; at a mooring without its stones nothing. Each a
    layer of its own, pasted through its alpha: the stone named by the seat, the count's rows
    by its number (`count_pieces`), so that a seat's stones coming or going rename the rows of
    its own corner alone, and a count that changes the rows of its number alone (cached)."""
    dx, dy = slot(seats, seat)
    if place == HARBOUR_PLACE:
        centre = (CX + dx * 1.2, CY + dy * 1.2 + (14 if seats == 4 else 16))
    elif count:
        x, y = mooring_centre(place)
        centre = (x + dx, y + dy)
    else:
        return ()
    stone, at = _centred(frame.stone(SEAT_COLOURS[seat], STONE), centre)
    placed: list[tuple[tuple[object, ...], Image.Image, tuple[int, int]]] = [
        (("stone", seats, place, seat), stone, at)
    ]
    if count >= 2 or place == HARBOUR_PLACE:
        x, y = frame.centred(count_badge(count), (centre[0] + 20, centre[1] + 21))
        for name, piece, top in count_pieces(count):
            placed.append(((*name, seats, place, seat), piece, (x, y + top)))
    return tuple(placed)


@cache
def count_pieces(count: int) -> tuple[tuple[tuple[object, ...], Image.Image, int], ...]:
    """The count's badge (`count_badge`) cut into the rows of its number and the pill's rows
    above and below them, which are the same for every number as wide: each with its name and
    the row of the badge where it starts."""
    badge = count_badge(count)
    pill = count_pill(badge.width)
    _, first, _, last = ImageChops.difference(badge, pill).getbbox(alpha_only=False) or (0, 0, 0, 0)
    pieces = []
    for top, bottom, name in (
        (0, first, ("pill", badge.width, 0, first)),
        (first, last, ("count", count)),
        (last, badge.height, ("pill", badge.width, last, badge.height)),
    ):
        if top < bottom:
            pieces.append((name, badge.crop((0, top, badge.width, bottom)), top))
    return tuple(pieces)


@cache
def serpent_at(mooring: int) -> tuple[Image.Image, tuple[int, int]]:
    """The Serpent's sprite cut to its ink, and where its top left corner goes at its mooring, so
    that its layer reaches no rows it leaves as they were."""
    serpent, (x, y) = _centred(serpent_sprite(), serpent_centre(mooring))
    left, top, right, bottom = serpent.getbbox() or (0, 0, 0, 0)
    return serpent.crop((left, top, right, bottom)), (x + left, y + top)


def ring_layers(state: KerbogeState, last_move: Move | None, words: Words) -> layers.LayeredBoard:
    """The Serpent, the stones, the last move's arrows and the boardings, as layers over the
    empty ring, in that order."""
    # The empty ring's words are the language's: its strips are named by them too.
    harbour = words.gettext("HARBOUR")
    board = layers.LayeredBoard(
        empty_ring(harbour), "kerboge" if harbour == "HARBOUR" else ("kerboge", harbour)
    )
    seats = state.seats
    serpent, at = serpent_at(state.serpent)
    board.paste(("serpent", at), serpent, at)
    # the moorings' stones (1–10) and the harbour's, each seat's in seat order
    for index, count in enumerate(state.board):
        if count:
            for key, sprite, corner in stone_sprites(seats, index // seats + 1, index % seats, count):
                board.paste(key, sprite, corner)
    for seat in range(seats):
        for key, sprite, corner in stone_sprites(seats, HARBOUR_PLACE, seat, state.harbour[seat]):
            board.paste(key, sprite, corner)
    if isinstance(last_move, StoneMove):
        named, shape = move_shape(last_move)
        outline, inside = path_stencils(shape, board.width, board.height)
        paint_arrows(board, named, outline, inside, SEAT_COLOURS[mover_of(state)].fill)
        if last_move.boardings:
            badge, corner = _centred(boarded_badge(last_move.boarded, False), boarded_at(last_move.at, False))
            board.paste(("boarded", last_move.boarded, corner), badge, corner)
    taken = serpent_took(state)
    if taken:
        badge, corner = _centred(boarded_badge(taken, True), boarded_at(state.serpent, True))
        board.paste(("taken", taken, corner), badge, corner)
    return board


# -- words under the board ------------------------------------------------------------------------


def _who(names: Sequence[str], seat: int, words: Words) -> str:
    seat_name = said(words, SEAT_NAMES[seat])
    return frame.named(names[seat], seat_name, 230, typeset.font(TEXT_SIZE, bold=True), words)


def _stones(counts: Sequence[int]) -> str:
    return ", ".join(f"{n} {INITIALS[seat]}" for seat, n in enumerate(counts) if n)


def last_move_text(state: KerbogeState, last_move: Move | None, names: Sequence[str], words: Words) -> str:
    if last_move is None or isinstance(last_move, SerpentMove):
        return words.gettext("No move yet.")
    who = _who(names, mover_of(state), words)
    if isinstance(last_move, Aground):
        return words.gettext("{player} ran aground (no mooring to enter).", player=who)
    return words.gettext("{player}: {move}", player=who, move=str(last_move))


def serpent_took(state: KerbogeState) -> int:
    """How many stones the Serpent boarded at its last move."""
    if state.last_coin is None:
        return 0
    return sum(n for n in state.serpent_boarded)


def serpent_score_text(state: KerbogeState, words: Words) -> str:
    points = state.serpent_points
    if serpent_took(state):
        took = _stones(state.serpent_boarded)
        return words.ngettext(
            "{count} point · at {mooring} · took {stones}",
            "{count} points · at {mooring} · took {stones}",
            points,
            mooring=state.serpent,
            stones=took,
        )
    return words.ngettext(
        "{count} point · at {mooring}", "{count} points · at {mooring}", points, mooring=state.serpent
    )


def coin_texts(state: KerbogeState, names: Sequence[str], words: Words) -> tuple[str, str, str]:
    """The coin card: the coin's face letter, its title and the line under it."""
    if state.seats == 2:
        if state.last_coin is None:
            return (
                "2",
                words.gettext("No coin in Jai Kerboge"),
                words.gettext("the Serpent moves 2 every round"),
            )
        return "2", words.gettext("Serpent moved 2 forward"), words.gettext("no coin in Jai Kerboge")
    if state.last_coin is None:
        sailor = said(words, SEAT_NAMES[0])
        return (
            "?",
            words.gettext("Coin: not tossed yet"),
            words.gettext("after round 1, tossed by the {seat}", seat=sailor),
        )
    tosser = (state.round - 2) % state.seats
    if state.last_coin == "heads":
        return "H", words.gettext("Coin: heads (2 forward)"), tossed_by(names, tosser, words)
    return "T", words.gettext("Coin: tails (1 back)"), tossed_by(names, tosser, words)


def tossed_by(names: Sequence[str], seat: int, words: Words) -> str:
    """The coin card's line: who tossed the coin, their name shortened to leave room for their seat."""
    seat_name = said(words, SEAT_NAMES[seat])
    if names[seat] == seat_name:
        return words.gettext("tossed by the {seat}", seat=seat_name)
    face = typeset.font(frame.SCORE_SIZE)
    frame_only = words.gettext("tossed by {player} ({seat})", player="", seat=seat_name)
    room = info_card_rooms("coin", "")[1] - typeset.text_length(frame_only, face)
    return words.gettext(
        "tossed by {player} ({seat})", player=typeset.trim(names[seat], face, room), seat=seat_name
    )


def round_text(state: KerbogeState, words: Words) -> str:
    total = state.total_score()
    if state.outcome() is not None:
        return words.ngettext(
            "Round {round} · {count} point scored: the game is over",
            "Round {round} · {count} points scored: the game is over",
            total,
            round=state.round,
        )
    return words.ngettext(
        "Round {round} · {count} of {target} points scored (the game ends at {target})",
        "Round {round} · {count} of {target} points scored (the game ends at {target})",
        total,
        round=state.round,
        target=state.target,
    )


@lru_cache(maxsize=32)
def info_card(title: str, line: str, icon: str, tag: str) -> Image.Image:
    """A card in the style of the player panel: the Serpent (icon "serpent") or the coin (cached:
    32 of 125 kB, 4 MB at most)."""
    winner = bool(tag)  # only a winner's card has a tag
    image = Image.new("RGB", (CARD_WIDTH, frame.CARD_HEIGHT), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    box = (0, 0, CARD_WIDTH - 1, frame.CARD_HEIGHT - 1)
    draw.rounded_rectangle(box, radius=12, fill=palette.CARD_ACTIVE if winner else palette.CARD)
    if winner:
        draw.rounded_rectangle(box, radius=12, outline=palette.TEXT, width=3)
    sprite = serpent_sprite(72, 36) if icon == "serpent" else coin_sprite(icon)
    left = INFO_ICON_LEFT["serpent" if icon == "serpent" else "coin"]
    image.paste(sprite, (left, (frame.CARD_HEIGHT - sprite.height) // 2), sprite)
    text_left = left + sprite.width + 12
    right = CARD_WIDTH - 14
    if tag:
        face = typeset.font(frame.TAG_SIZE, bold=True)
        tag_width = int(typeset.text_length(tag, face)) + 20
        tag_box = (right - tag_width, 12, right, 12 + frame.TAG_SIZE + 10)
        draw.rounded_rectangle(tag_box, radius=8, fill=palette.TEXT)
        typeset.text(
            draw,
            ((tag_box[0] + tag_box[2]) / 2, (tag_box[1] + tag_box[3]) / 2),
            tag,
            font=face,
            fill=palette.BACKGROUND,
            anchor="mm",
        )
    (shown_title,), (shown_line,) = info_card_lines(title, line, icon, tag)
    name_face = typeset.font(frame.NAME_SIZE, bold=True)
    typeset.text(draw, (text_left, 33), shown_title, font=name_face, fill=palette.TEXT, anchor="ls")
    score_face = typeset.font(frame.SCORE_SIZE)
    typeset.text(draw, (text_left, 58), shown_line, font=score_face, fill=palette.MUTED, anchor="ls")
    return image


INFO_ICON_LEFT = {"serpent": 8, "coin": 14}
"""Where the Serpent's and the coin's pictures start on their cards."""


def info_card_rooms(icon: str, tag: str) -> tuple[float, float]:
    """The pixels of an info card's title (beside its WINNER tag) and of its line under it."""
    serpent = icon == "serpent"
    text_left = INFO_ICON_LEFT["serpent" if serpent else "coin"] + (72 if serpent else frame.SWATCH) + 12
    right = CARD_WIDTH - 14
    tag_face = typeset.font(frame.TAG_SIZE, bold=True)
    tag_width = int(typeset.text_length(tag, tag_face)) + 30 if tag else 0
    return right - tag_width - text_left, right - text_left


def info_card_lines(title: str, line: str, icon: str, tag: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An info card's title and line as they fit on it (one line each), beside its `tag` (the
    winner's, or none)."""
    title_room, line_room = info_card_rooms(icon, tag)
    return (
        typeset.wrap(title, typeset.font(frame.NAME_SIZE, bold=True), title_room, 1),
        typeset.wrap(line, typeset.font(frame.SCORE_SIZE), line_room, 1),
    )


def draw_strip(
    state: KerbogeState, last_move: Move | None, names: Sequence[str], words: Words
) -> list[Image.Image]:
    """Under the ring, as bands: the last move and the round in words, then the Serpent's and the
    coin's cards (each cached), with plain rows between."""
    lines = (
        (
            frame.caption_head(words.gettext("Last move"), words),
            last_move_text(state, last_move, names, words),
        ),
        (frame.caption_head(words.gettext("Score"), words), round_text(state, words)),
    )
    outcome = state.outcome()
    serpent_won = outcome is not None and outcome.termination == SERPENT_WINS
    face, title, line = coin_texts(state, names, words)
    won = frame.tag(frame.Mark.WINNER, words) if serpent_won else ""
    cards = card_row(
        (words.gettext("Serpent"), serpent_score_text(state, words), "serpent", won), (title, line, face, "")
    )
    return [
        frame.plain(10),
        *(frame.text_line(head, text, CAPTION) for head, text in lines),
        frame.plain(10),
        cards,
    ]


@lru_cache(maxsize=8)
def card_row(serpent: tuple[str, str, str, str], coin: tuple[str, str, str, str]) -> Image.Image:
    """The Serpent's card and the coin's side by side (cached: they change once a round; 8 of
    190 kB, 1.5 MB at most)."""
    row = Image.new("RGB", (WIDTH, frame.CARD_HEIGHT), palette.BACKGROUND)
    row.paste(info_card(*serpent), (0, 0))
    row.paste(info_card(*coin), (CARD_WIDTH + frame.CARD_GAP, 0))
    return row


def draw_board(
    state: KerbogeState, last_move: Move | None, names: Sequence[str], words: Words
) -> list[Image.Image | png.Slices]:
    """The ring (drawn in layers over the empty ring, nothing below it) and the strip under it,
    as bands for `frame.compose`."""
    return [ring_layers(state, last_move, words).slices(), *draw_strip(state, last_move, names, words)]


# -- the whole picture ------------------------------------------------------------------------------


def status(state: KerbogeState, names: Sequence[str], words: Words) -> frame.Status:
    """Whose turn it is, or who won (the Serpent included) and with how many points."""
    colours = SEAT_COLOURS[: state.seats]
    outcome = state.outcome()
    if outcome is None and state.to_move == CHANCE:
        if state.seats == 2:
            return frame.Status(words.gettext("The Serpent moves next"))
        return frame.Status(words.gettext("The Serpent's coin is tossed next"))
    if outcome is None:
        return frame.status_for(state, names, colours, words)
    if outcome.winners:
        winners = [frame.who(state, names, seat, words) for seat in outcome.winners]
        best = int(outcome.scores[outcome.winners[0]])
        if len(winners) == 1:
            return frame.Status(
                words.ngettext(
                    "{player} wins with {count} point",
                    "{player} wins with {count} points",
                    best,
                    player=winners[0],
                ),
                colours[outcome.winners[0]],
            )
        listed = words.listing(winners)
        return frame.Status(
            words.ngettext(
                "{players} win with {count} point", "{players} win with {count} points", best, players=listed
            )
        )
    if outcome.termination == SERPENT_WINS:
        return frame.Status(
            words.ngettext(
                "The Serpent wins with {count} point",
                "The Serpent wins with {count} points",
                state.serpent_points,
            )
        )
    return frame.Status(
        words.gettext("Game over — {reason}", reason=words.say(state.game.reason_phrase(outcome)))
    )


def _ordinal(n: int, words: Words) -> str:
    """ "1st", "2nd", "3rd", "11th": a place, in `words`' language (one template per English
    ending, so that each language writes its own)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return words.pgettext("place", "{place}th", place=n)
    if n % 10 == 1:
        return words.pgettext("place", "{place}st", place=n)
    if n % 10 == 2:
        return words.pgettext("place", "{place}nd", place=n)
    return words.pgettext("place", "{place}rd", place=n)


def picture(
    state: KerbogeState,
    last_move: Move | None,
    shown: tuple[str, ...],
    perspective: int | None,
    words: Words,
) -> frame.Picture:
    """The whole picture of a Kerboge state (`perspective` is ignored: the board is round)."""
    colours = list(SEAT_COLOURS[: state.seats])
    over = state.outcome() is not None
    places = state.placings()
    scores = []
    for seat in range(state.seats):
        if over:
            scores.append(f"{_ordinal(places[seat], words)} · {frame.score_line(state, seat, words)}")
        else:
            harbour = words.ngettext("{count} in harbour", "{count} in harbour", state.harbour[seat])
            scores.append(frame.score_line(state, seat, words, harbour))
    resigned = [seat for seat, gone in enumerate(state.resigned) if gone]
    seats = frame.panel_seats(state, shown, colours, scores, words, resigned=resigned)
    return frame.compose(
        state.game.title_for(state.seats),
        status(state, shown, words),
        draw_board(state, last_move, shown, words),
        seats,
    )


render = frame.renderer(KerbogeState, (StoneMove, Aground, SerpentMove), picture)
