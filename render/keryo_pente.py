"""The Keryo-Pente picture: a 19×19 board with coordinates on all four sides, the stones with
their seat's letter, the last move in a square, a cross in the capturer's colour on each point its
capture just emptied, and the winning line when there is one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from rules.keryo_pente import COLUMNS, FIVE_IN_A_ROW, SIZE, KeryoPenteState, Point
from rules.text import Words

from . import frame, layers, palette, stencil, typeset

CELL = 45
"""Pixels between two lines."""
STONE = 41
EDGE = 56
"""Pixels from the board's edge to the first line (room for the coordinates)."""
BOARD_PX = EDGE * 2 + CELL * (SIZE - 1)
STAR_POINTS = tuple((c, r) for c in (3, 9, 15) for r in (3, 9, 15))

WOOD: palette.RGB = (232, 218, 186)
LINE: palette.RGB = (92, 78, 58)
INK: palette.RGB = (64, 52, 36)
BOX: palette.RGB = (208, 187, 140)
"""Shading of the tournament box H8–M12 while the first player's second stone may not go there."""
MARKER: palette.RGB = (20, 20, 24)
WIN_LINE: palette.RGB = (255, 255, 255)
"""The band around a winning line of five (with a MARKER border)."""
COORD_SIZE = 20
SHAPES: dict[str, palette.Shape] = {
    "Red": "circle",
    "Blue": "square",
    "Yellow": "triangle",
    "Green": "diamond",
    "Purple": "hexagon",
    "Orange": "star",
}
"""Each seat's stones have a shape of their own: with colour-blindness Green and Purple turn
grey alike and Yellow and Orange merge, and six seats must still stay apart on a phone."""
SEAT_COLOURS = {name: replace(palette.SEAT_COLOURS[name], shape=shape) for name, shape in SHAPES.items()}
"""The palette's colours with the shapes above."""


def centre(column: int, row: int) -> tuple[int, int]:
    """The pixel centre of a point (row 0 is the bottom row, drawn at the bottom)."""
    return EDGE + column * CELL, EDGE + (SIZE - 1 - row) * CELL


@cache
def _empty_board(tournament_box: bool) -> Image.Image:
    """The board without stones: wood, lines, star points and coordinates (built once)."""
    image = Image.new("RGB", (BOARD_PX, BOARD_PX), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, BOARD_PX - 1, BOARD_PX - 1), radius=14, fill=WOOD)
    first, last = EDGE, EDGE + CELL * (SIZE - 1)
    if tournament_box:
        left, top = centre(7, 11)
        right, bottom = centre(11, 7)
        draw.rectangle((left - CELL // 2, top - CELL // 2, right + CELL // 2, bottom + CELL // 2), fill=BOX)
    for i in range(SIZE):
        at = EDGE + i * CELL
        draw.line((first, at, last, at), fill=LINE, width=2)
        draw.line((at, first, at, last), fill=LINE, width=2)
    draw.rectangle((first - 1, first - 1, last + 1, last + 1), outline=LINE, width=3)
    dot = frame.disc(LINE, 13)
    for column, row in STAR_POINTS:
        x, y = centre(column, row)
        image.paste(dot, (x - dot.width // 2, y - dot.height // 2), dot)

    face = typeset.font(COORD_SIZE, bold=True)
    near, far = EDGE // 2 - 4, BOARD_PX - EDGE // 2 + 4
    for i in range(SIZE):
        x, y = centre(i, i)
        for side in (near, far):
            draw.text((x, side), COLUMNS[i], font=face, fill=INK, anchor="mm")
            draw.text((side, y), str(i + 1), font=face, fill=INK, anchor="mm")
    return image


@cache
def _stone_patch(restricted: bool, seat: str, index: int) -> Image.Image:
    """The square of the empty board under a stone at the point `index`, with the stone on it:
    pasted as it is, it gives the very pixels of the stone pasted through its own edge there, in a
    copy instead of a blend. Most points look alike (a plain crossing of lines), so most share one
    patch (`_stone_over`): at most 2 × 6 × 361 entries, a few dozen patches of 5 kB."""
    row, column = divmod(index, SIZE)
    left, top = EDGE + column * CELL - STONE // 2, EDGE + (SIZE - 1 - row) * CELL - STONE // 2
    under = _empty_board(restricted).crop((left, top, left + STONE, top + STONE))
    return _stone_over(seat, under.tobytes())


@cache
def _stone_layer(restricted: bool, seat: str, index: int) -> layers.Layer:
    """The layer of a stone of `seat` at the point `index` on the empty board: its patch
    (`_stone_patch`) pasted there (cached as the patches are: a board of a hundred stones adds
    them without making a hundred keys and closures again; at most 2 × 6 × 361 entries of a few
    hundred bytes, the patches themselves shared with `_stone_patch`)."""
    row, column = divmod(index, SIZE)
    at = (EDGE + column * CELL - STONE // 2, EDGE + (SIZE - 1 - row) * CELL - STONE // 2)
    return layers.sprite_layer(("patch", restricted, seat, index), _stone_patch(restricted, seat, index), at)


@lru_cache(maxsize=512)
def _stone_over(seat: str, under: bytes) -> Image.Image:
    """A stone of `seat` pasted through its edge on the square of pixels `under` (RGB bytes)."""
    patch = Image.frombytes("RGB", (STONE, STONE), under)
    sprite = frame.stone(SEAT_COLOURS[seat], STONE)
    patch.paste(sprite, (0, 0), sprite)
    return patch


@cache
def _last_move_marker() -> Image.Image:
    """A square around the stone, dark with a light inner edge: visible on wood and on stones."""
    side = CELL + 3
    big, draw, s = stencil.supersampled((side, side))
    draw.rounded_rectangle((0, 0, side * s - 1, side * s - 1), radius=4 * s, outline=MARKER, width=4 * s)
    inset = 4 * s
    draw.rounded_rectangle(
        (inset, inset, side * s - 1 - inset, side * s - 1 - inset),
        radius=2 * s,
        outline=(255, 255, 255),
        width=s,
    )
    return big.reduce(s)


CAPTURE_MARK = 30
"""The width of the cross on a point just emptied by a capture."""


@cache
def _capture_marker(colour: palette.RGB) -> Image.Image:
    """A cross in the capturer's colour with a dark border: a stone was taken here."""
    side = CAPTURE_MARK
    big, draw, s = stencil.supersampled((side, side))
    inset, far = 4 * s, side * s - 1 - 4 * s
    for fill, width in ((MARKER, 9 * s), (colour, 5 * s)):
        draw.line((inset, inset, far, far), fill=fill, width=width)
        draw.line((inset, far, far, inset), fill=fill, width=width)
    return big.reduce(s)


def _winning_line(state: KeryoPenteState, seat: int, hint: int | None) -> tuple[int, int] | None:
    """The two end points (indices) of a line of five or more of `seat`'s stones, preferring one
    through `hint` (the last move)."""
    stone = seat + 1
    board = state.board
    candidates = [hint] if hint is not None and board[hint] == stone else []
    candidates += [i for i in range(SIZE * SIZE) if board[i] == stone]
    for index in candidates:
        row, column = divmod(index, SIZE)
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            ends = []
            for sign in (1, -1):
                r, c = row, column
                while 0 <= r + sign * dr < SIZE and 0 <= c + sign * dc < SIZE:
                    if board[(r + sign * dr) * SIZE + c + sign * dc] != stone:
                        break
                    r, c = r + sign * dr, c + sign * dc
                ends.append((r, c))
            (r1, c1), (r2, c2) = ends
            if max(abs(r1 - r2), abs(c1 - c2)) + 1 >= 5:
                return r1 * SIZE + c1, r2 * SIZE + c2
    return None


def draw_board(state: KeryoPenteState, last_move: Point | None) -> Image.Image:
    """The board with its stones, the last move and any winning line."""
    return board_layers(state, last_move).whole()


def board_layers(state: KeryoPenteState, last_move: Point | None) -> layers.LayeredBoard:
    """The board drawn in layers over the empty board (`layers.LayeredBoard`): a move changes the
    strips of the rows of its stone, its captures and the last-move markers only, so the PNG
    writer and the animation draw and read those alone."""
    outcome = state.outcome()
    restricted = _second_stone_restricted(state)
    board = layers.LayeredBoard(_empty_board(restricted), ("keryo-pente", restricted))

    band = False
    if outcome is not None and outcome.termination == FIVE_IN_A_ROW:
        line = _winning_line(state, outcome.winners[0], last_move.index if last_move else None)
        if line is not None:
            band = True
            start, end = (centre(i % SIZE, i // SIZE) for i in line)
            layer = stencil.band_sprite(
                (end[0] - start[0], end[1] - start[1]),
                CELL,
                ((MARKER, STONE // 2 + 8), (WIN_LINE, STONE // 2 + 5)),
            )
            corner = (min(start[0], end[0]) - CELL, min(start[1], end[1]) - CELL)
            board.paste(("band", line), layer, corner)

    names = state.game.seat_names(state.seats)
    offset = STONE // 2
    for index, value in enumerate(state.board):
        if value:
            name = names[value - 1]
            if band:  # the stone goes over the band, not over the empty board
                row, column = divmod(index, SIZE)
                at = (EDGE + column * CELL - offset, EDGE + (SIZE - 1 - row) * CELL - offset)
                board.paste(("stone", name, index), frame.stone(SEAT_COLOURS[name], STONE), at)
            else:
                board.place(_stone_layer(restricted, name, index))

    if last_move is not None and state.last_capture and state.board[last_move.index]:
        capturer = SEAT_COLOURS[names[state.board[last_move.index] - 1]]
        cross = _capture_marker(capturer.fill)
        for index in state.last_capture:
            x, y = centre(index % SIZE, index // SIZE)
            board.paste(
                ("capture", capturer.fill, index), cross, (x - cross.width // 2, y - cross.height // 2)
            )

    if last_move is not None:
        marker = _last_move_marker()
        x, y = centre(last_move.column, last_move.row)
        board.paste(("last", last_move.index), marker, (x - marker.width // 2, y - marker.height // 2))
    return board


def _second_stone_restricted(state: KeryoPenteState) -> bool:
    """Whether the first player's second stone is to be placed now (outside H8–M12)."""
    return state.tournament and state.turn == 0 and state.placed[0] == 1 and state.outcome() is None


def _status(
    state: KeryoPenteState, names: Sequence[str], colours: Sequence[palette.SeatColour], words: Words
) -> frame.Status:
    """The usual status line, with a reminder of the tournament rule when it applies."""
    status = frame.status_for(state, names, colours, words)
    if state.outcome() is None and state.tournament and state.turn == 0:
        if state.placed[0] == 0:
            return replace(status, text=words.gettext("{status} — first stone on K10", status=status.text))
        if state.placed[0] == 1:
            return replace(
                status, text=words.gettext("{status} — outside the shaded box", status=status.text)
            )
    return status


def picture(
    state: KeryoPenteState,
    last_move: Point | None,
    shown: tuple[str, ...],
    perspective: int | None,
    words: Words,
) -> frame.Picture:
    """The whole picture of a Keryo-Pente state (`perspective` is ignored: nobody sits "below")."""
    colours = [SEAT_COLOURS[name] for name in state.game.seat_names(state.seats)]
    scores = [frame.score_line(state, seat, words) for seat in range(state.seats)]
    resigned = [seat for seat, active in enumerate(state.active) if not active]
    seats = frame.panel_seats(state, shown, colours, scores, words, resigned=resigned)
    return frame.compose(
        state.game.title_for(state.seats),
        _status(state, shown, colours, words),
        board_layers(state, last_move).slices(),
        seats,
    )


render = frame.renderer(KeryoPenteState, (Point,), picture)
