"""A tournament's pictures: its standings as a table, and a knockout's bracket.

`standings_png(picture, words)` draws a `StandingsPicture`: a row per player with the rank, the
name and the cells the caller formatted ("2½", "3.50", a tie-break, the games played) under the
picture's `headers`. Up to `ONE_BLOCK_ROWS` rows make one block of rows; more are split into
two blocks side by side (128 players: two blocks of 64, 1,600 px wide, about 2,700 px tall). A
withdrawn player's row is greyed and says "withdrawn" beside the name.

`bracket_png(picture, words)` draws a `BracketPicture`: the rounds left to right, each a column
of games (`BracketSlot`), each game's two players, the winner in bold with a gold bar and the
loser faint, the score (the caller's text, such as "½–½, 1–0" for a replayed game) under it,
and lines from each game to the one its winner goes on to. In the first round a missing player
is a bye; in a later round a missing player is a bye when the game has a winner, else still to
come (drawn as "—").

The style is the leaderboard's (`render.leaderboard`: its title lines, gold, silver and bronze
rank badges, row colours); names in any script are set by `typeset` and shortened with "…".
The picture formats no numbers: every cell comes as text. Its own words (the headings it knows,
"withdrawn", "bye", the rounds' names) are said in `words`' language. `standings_alt` and
`bracket_alt` give the pictures in words. Same input, same PNG bytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw, ImageFont

from rules.text import N_, Words, clip

from . import frame, palette, png, typeset
from .alt_text import LIMIT
from .layers import DRAWING, paste_copy
from .leaderboard import GOLD, HEADER_HEIGHT, MARGIN, MEDALS, NO_NAME, ROW_EVEN, ROW_ODD, badge, titles

# -- what the caller gives -----------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsRow:
    """One player's line: `rank` as shown ("1"; tied players share it), the name, and one cell of
    text per heading of the picture."""

    rank: str
    name: str
    cells: tuple[str, ...]
    marker: palette.SeatColour | None = None
    """A stone drawn before the name (its colour and letter), e.g. to pick out some players; None
    for none."""
    withdrawn: bool = False


@dataclass(frozen=True)
class StandingsPicture:
    title: str
    subtitle: str
    headers: tuple[str, ...]
    """The headings of the cells' columns: a heading of `HEADINGS` (in English, in any case, e.g.
    "Points", "Buchholz") is said in the picture's language; any other is shown as given."""
    rows: Sequence[StandingsRow]


@dataclass(frozen=True)
class BracketSlot:
    """One game of a knockout round (its replays included): the top and bottom player's names
    (None: a bye, or not known yet; see the module), which of them won (0 top, 1 bottom, None
    not decided yet) and the score as text ("1–0", "½–½, 1–0"; "" for none)."""

    top: str | None
    bottom: str | None
    winner: Literal[0, 1] | None
    score: str = ""


@dataclass(frozen=True)
class BracketPicture:
    title: str
    rounds: Sequence[Sequence[BracketSlot]]
    """The rounds in order, each its games from top to bottom: game j of a round is played by
    the winners of games 2j and 2j + 1 of the round before."""
    subtitle: str = ""


# -- words ---------------------------------------------------------------------------------------

# TRANSLATORS: column headings of a tournament's standings picture, in capitals like the
# leaderboard's; short (the columns are narrow; a heading may take two lines). POINTS: the
# tournament score; BUCHHOLZ and SONNEBORN-BERGER: tie-breaks named after their inventors (keep
# the names, or your chess players' usual short forms); DIRECT ENCOUNTER: the score between tied
# players; PLACEMENTS: the sum of a player's places at multiplayer tables (lower is better).
POINTS = N_("POINTS")
# TRANSLATORS: a tie-break (the sum of the opponents' points), named after its inventor.
BUCHHOLZ = N_("BUCHHOLZ")
# TRANSLATORS: a tie-break named after its inventors (keep the names or your chess players' usual form).
SONNEBORN_BERGER = N_("SONNEBORN-BERGER")
# TRANSLATORS: a tie-break: the score of the games between the tied players.
DIRECT_ENCOUNTER = N_("DIRECT ENCOUNTER")
# TRANSLATORS: a tie-break at multiplayer tables: the sum of a player's places (lower is better).
PLACEMENTS = N_("PLACEMENTS")
PLAYED = N_("PLAYED")
"""The games played (the leaderboard's heading for its matches played: the same word)."""
PLAYER = N_("PLAYER")
HEADINGS: dict[str, str] = {
    key.casefold(): heading
    for heading in (POINTS, BUCHHOLZ, SONNEBORN_BERGER, DIRECT_ENCOUNTER, PLACEMENTS, PLAYED)
    for key in (heading, heading.replace("-", " "))
} | {"sum of placements": PLACEMENTS, "games": PLAYED}
"""The headings the picture says in its language, by their English names in any case."""
# TRANSLATORS: beside a player who left a tournament, in its standings.
WITHDRAWN = N_("withdrawn")
# TRANSLATORS: in a knockout bracket, where a player goes on to the next round without a game.
BYE = N_("bye")


def heading(header: str, words: Words) -> str:
    """A column's heading as the picture shows it (see `StandingsPicture.headers`)."""
    known = HEADINGS.get(header.casefold())
    return words.gettext(known) if known is not None else header


def round_name(number: int, rounds: int, words: Words) -> str:
    """The name of round `number` (1-based) of a knockout of `rounds` rounds: "Round 2", and the
    last one "Final"."""
    if number == rounds:
        # TRANSLATORS: the last round of a knockout tournament (a bracket's column heading).
        return words.gettext("Final")
    # TRANSLATORS: a column heading of a knockout bracket (short).
    return words.gettext("Round {number}", number=words.number(number))


# -- the standings -------------------------------------------------------------------------------

ONE_BLOCK_ROWS = 40
"""Up to this many rows in one block; more in two blocks side by side."""
BLOCK_WIDTH = 800
"""The width of a block of rows (two blocks: the 1,600 px Discord shows at full size)."""
ROW_HEIGHT = 40
HEAD_SIZE = 15
HEAD_LINE = 17
COLUMNS_HEIGHT = 2 * HEAD_LINE + 12
"""The columns' headings: two lines, so that a long heading wraps rather than widen its column."""
NAME_SIZE = 22
NUMBER_SIZE = 21
TAG_SIZE = 15
BADGE = 30
RANK_WIDTH = 52
MARKER = 24
CELL_GAP = 18
CELL_MIN = 44
"""The narrowest cell column; a heading wider than its cells wraps into two lines of this much or more."""
CELL_HEADING_MAX = 120
"""A column is at most this wide for its heading's sake (its cells may make it wider)."""
NAME_MIN = 150
"""Names keep at least this many pixels, however many cells there are."""
BOTTOM = 16


def _blocks(rows: int) -> int:
    return 1 if rows <= ONE_BLOCK_ROWS else 2


def _cell_widths(picture: StandingsPicture, shown_headers: Sequence[str]) -> list[int]:
    """Each cell column's width: its widest cell, or its heading: in one line up to
    CELL_HEADING_MAX, else in the narrowest two lines that cut no word (a word may break after a
    hyphen)."""
    number_face, head_face = typeset.font(NUMBER_SIZE), typeset.font(HEAD_SIZE, bold=True)
    widths = []
    for column, header in enumerate(shown_headers):
        cells = max((typeset.text_length(row.cells[column], number_face) for row in picture.rows), default=0)
        word = max(
            (typeset.text_length(piece, head_face) for piece, _ in typeset.pieces(_hyphens(header))),
            default=0,
        )
        whole = typeset.text_length(header, head_face)
        wanted = whole if whole <= CELL_HEADING_MAX else _two_lines_width(header, head_face, word, whole)
        widths.append(math.ceil(max(CELL_MIN, cells, wanted)))
    return widths


def _hyphens(header: str) -> str:
    """`header` with a space after each hyphen: where a heading may break ("SONNEBORN-BERGER")."""
    return header.replace("-", "- ")


def _two_lines_width(header: str, face: ImageFont.FreeTypeFont, word: float, whole: float) -> float:
    """The narrowest width, from `word` (the longest word) to `whole`, that sets `header` in two
    lines without cutting a word (found by halving: `typeset.fits` holds from some width on)."""
    low, high = math.ceil(word), math.ceil(whole)
    while low < high:
        middle = (low + high) // 2
        if typeset.fits(_hyphens(header), face, middle, 2):
            high = middle
        else:
            low = middle + 1
    return low


def _heading_lines(header: str, face: ImageFont.FreeTypeFont, room: int) -> tuple[str, ...]:
    """A column's heading in one line, or two broken between words or after a hyphen."""
    if typeset.text_length(header, face) <= room:
        return (header,)
    lines = typeset.wrap(_hyphens(header), face, room, 2)
    return tuple(line.replace("- ", "-") for line in lines)


def standings_png(picture: StandingsPicture, words: Words) -> bytes:
    """The PNG of a tournament's standings (see the module docstring)."""
    for row in picture.rows:
        if len(row.cells) != len(picture.headers):
            raise ValueError(f"a row has {len(row.cells)} cells for {len(picture.headers)} headings")
    with DRAWING:  # the typeset caches are the pictures' (see render.draw)
        return png.encode(_standings(picture, words))


def _standings(picture: StandingsPicture, words: Words) -> Image.Image:
    rows = picture.rows
    blocks = _blocks(len(rows))
    per_block = math.ceil(len(rows) / blocks) if rows else 0
    width = BLOCK_WIDTH * blocks
    height = HEADER_HEIGHT + COLUMNS_HEIGHT + ROW_HEIGHT * max(per_block, 1) + BOTTOM
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    titles(draw, picture.title, picture.subtitle, width)

    shown_headers = [heading(header, words) for header in picture.headers]
    cell_widths = _cell_widths(picture, shown_headers)
    # The columns from the block's right edge leftwards; the name takes what is left.
    rights: list[int] = []
    right = BLOCK_WIDTH - MARGIN - 6
    for cell_width in reversed(cell_widths):
        rights.insert(0, right)
        right -= cell_width + CELL_GAP
    name_left = MARGIN // 2 + RANK_WIDTH + 8
    name_right = max(right + CELL_GAP - 12, name_left + NAME_MIN)
    layout = _Layout(name_left, name_right, tuple(rights), tuple(cell_widths))
    for block in range(blocks):
        left = block * BLOCK_WIDTH
        _column_headings(draw, left, layout, shown_headers, words)
        top = HEADER_HEIGHT + COLUMNS_HEIGHT
        for index, row in enumerate(rows[block * per_block : (block + 1) * per_block]):
            _standings_row(draw, image, row, left, top, index, layout, words)
            top += ROW_HEIGHT
    return image


@dataclass(frozen=True)
class _Layout:
    """Where a block's columns are, from the block's left edge."""

    name_left: int
    name_right: int
    rights: tuple[int, ...]
    cell_widths: tuple[int, ...]


def _column_headings(
    draw: ImageDraw.ImageDraw, left: int, layout: _Layout, shown_headers: Sequence[str], words: Words
) -> None:
    head = typeset.font(HEAD_SIZE, bold=True)
    last = HEADER_HEIGHT + 2 * HEAD_LINE + 2  # the baseline of a heading's last line
    rank_x = left + MARGIN // 2 + RANK_WIDTH // 2
    draw.text((rank_x, last), "#", font=head, fill=palette.FAINT, anchor="ms")
    player = typeset.shorten(words.gettext(PLAYER), head, layout.name_right - layout.name_left)
    typeset.text(draw, (left + layout.name_left, last), player, font=head, fill=palette.FAINT, anchor="ls")
    for header, right, cell_width in zip(shown_headers, layout.rights, layout.cell_widths, strict=True):
        lines = _heading_lines(header, head, cell_width + CELL_GAP // 2)
        for number, line in enumerate(lines):
            baseline = last - (len(lines) - 1 - number) * HEAD_LINE
            typeset.text(draw, (left + right, baseline), line, font=head, fill=palette.FAINT, anchor="rs")


@lru_cache(maxsize=16)
def _rounded(width: int, height: int, radius: int, fill: palette.RGB) -> Image.Image:
    """A rectangle of `fill` with rounded corners on the background (cached): a row's or a game's
    ground, pasted rather than drawn, since Pillow's rounded rectangle costs about 0.1 ms, which
    was half of the standings of 128 players."""
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=fill)
    return image


def _standings_row(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    row: StandingsRow,
    left: int,
    top: int,
    index: int,
    layout: _Layout,
    words: Words,
) -> None:
    ground = _rounded(BLOCK_WIDTH - MARGIN, ROW_HEIGHT - 3, 8, ROW_EVEN if index % 2 == 0 else ROW_ODD)
    paste_copy(image, ground, (left + MARGIN // 2, top))
    middle = top + (ROW_HEIGHT - 4) // 2
    rank_x = left + MARGIN // 2 + RANK_WIDTH // 2
    if row.rank.isdigit() and int(row.rank) in MEDALS and not row.withdrawn:
        badge(draw, image, int(row.rank), (rank_x, middle), diameter=BADGE, size=NUMBER_SIZE)
    else:
        rank_face = typeset.font(NUMBER_SIZE - (4 if len(row.rank) > 3 else 0), bold=True)
        typeset.text(draw, (rank_x, middle), row.rank, font=rank_face, fill=palette.MUTED, anchor="mm")

    name_left, name_right = left + layout.name_left, left + layout.name_right
    if row.marker is not None:
        stone = frame.stone(row.marker, MARKER)
        image.paste(stone, (name_left, middle - MARKER // 2), stone)
        name_left += MARKER + 8
    if row.withdrawn:
        tag_face = typeset.font(TAG_SIZE)
        tag = typeset.shorten(words.gettext(WITHDRAWN), tag_face, (name_right - name_left) // 2)
        typeset.text(draw, (name_right, middle), tag, font=tag_face, fill=palette.FAINT, anchor="rm")
        name_right -= math.ceil(typeset.text_length(tag, tag_face)) + 10
    _name(draw, row.name, (name_left, middle), name_right - name_left, faint=row.withdrawn, words=words)

    number_face = typeset.font(NUMBER_SIZE)
    colour = palette.FAINT if row.withdrawn else palette.TEXT
    for column, (cell, right) in enumerate(zip(row.cells, layout.rights, strict=True)):
        # The first column (the points, as the caller orders them) is the one that ranks: bold.
        face = typeset.font(NUMBER_SIZE, bold=True) if column == 0 else number_face
        fill = colour if column == 0 else (palette.FAINT if row.withdrawn else palette.MUTED)
        typeset.text(draw, (left + right, middle), cell, font=face, fill=fill, anchor="rm")


def shown_name(name: str, room: float, words: Words, *, size: int = NAME_SIZE, bold: bool = True) -> str:
    """A player's name as the pictures show it in `room` px of its font: cleaned for the font, a
    long one ending at a word's end with "…" (cut in its first word only when that alone is too
    long); the leaderboard's "(name not shown)" when nothing of it can be drawn."""
    cleaned = typeset.clean_text(name, bold=bold)
    return typeset.shorten(cleaned or words.gettext(NO_NAME), typeset.font(size, bold=bold), room)


def _name(
    draw: ImageDraw.ImageDraw,
    name: str,
    at: tuple[int, int],
    room: int,
    *,
    faint: bool,
    words: Words,
    bold: bool = True,
    size: int = NAME_SIZE,
) -> None:
    """A player's name at `at` (left, middle) in `room` px (`shown_name`); faint if `faint` or
    not shown."""
    shown = shown_name(name, room, words, size=size, bold=bold)
    fill = palette.FAINT if faint or not typeset.clean_text(name, bold=bold) else palette.TEXT
    typeset.text(draw, at, shown, font=typeset.font(size, bold=bold), fill=fill, anchor="lm")


def standings_alt(picture: StandingsPicture, words: Words) -> str:
    """The standings picture in words (at most Discord's 1,024 characters): the title, then each
    row's rank, name and cells with their headings, as many rows as fit."""
    headers = [heading(header, words) for header in picture.headers]
    head = " ".join(part for part in (picture.title + ".", picture.subtitle) if part.strip(". "))
    parts: list[str] = []
    length = len(head)
    for shown, row in enumerate(picture.rows):
        cells = ", ".join(f"{header} {cell}" for header, cell in zip(headers, row.cells, strict=True))
        line = f"{row.rank}. {row.name or words.gettext(NO_NAME)}: {cells}"
        if row.withdrawn:
            line += f" ({words.gettext(WITHDRAWN)})"
        more = len(picture.rows) - shown
        # Room is kept for the "and N more" that ends a list cut short.
        rest = words.ngettext("and {count} more", "and {count} more", more - 1, count=more - 1)
        if length + len(line) + 2 + (len(rest) + 2 if more > 1 else 0) > LIMIT:
            parts.append(words.ngettext("and {count} more", "and {count} more", more, count=more))
            break
        parts.append(line)
        length += len(line) + 2
    return clip(" ".join([head, "; ".join(parts) + ("." if parts else "")]).strip(), LIMIT)


# -- the bracket ---------------------------------------------------------------------------------

BRACKET_MAX_WIDTH = 1600
BRACKET_MIN_WIDTH = 720
ROUND_WIDTH = 280
"""A round's column, at most (a bracket of many rounds narrows them to fit 1,600 px)."""
ROUND_GAP = 28
ROUND_HEADING_HEIGHT = 34
PLAYER_LINE = 28
SCORE_LINE = 18
SLOT_GAP = 6
SLOT_PITCH = 2 * PLAYER_LINE + SCORE_LINE + SLOT_GAP
"""The height of a first-round game with its score and the space under it."""
BRACKET_NAME_SIZE = 19
SCORE_SIZE = 15
WINNER_BAR = 5
LINE: palette.RGB = (92, 98, 110)
"""The lines from a game to the next."""


def bracket_png(picture: BracketPicture, words: Words) -> bytes:
    """The PNG of a knockout's bracket (see the module docstring)."""
    if not picture.rounds or not picture.rounds[0]:
        raise ValueError("a bracket needs at least one round with one game")
    with DRAWING:
        return png.encode(_bracket(picture, words))


def _slot_middles(picture: BracketPicture, top: int) -> list[list[float]]:
    """The middle (y) of every game of every round: the first round evenly spaced, each later
    game half-way between the two games that feed it."""
    first = [top + SLOT_PITCH * index + PLAYER_LINE for index in range(len(picture.rounds[0]))]
    middles = [[float(y) for y in first]]
    for games in picture.rounds[1:]:
        before = middles[-1]
        row: list[float] = []
        for index in range(len(games)):
            feeders = before[2 * index : 2 * index + 2]
            row.append(
                sum(feeders) / len(feeders) if feeders else (row[-1] + SLOT_PITCH if row else before[0])
            )
        middles.append(row)
    return middles


def _bracket(picture: BracketPicture, words: Words) -> Image.Image:
    rounds = len(picture.rounds)
    column = min(ROUND_WIDTH, (BRACKET_MAX_WIDTH - 2 * MARGIN - (rounds - 1) * ROUND_GAP) // rounds)
    width = max(BRACKET_MIN_WIDTH, 2 * MARGIN + rounds * column + (rounds - 1) * ROUND_GAP)
    top = HEADER_HEIGHT + ROUND_HEADING_HEIGHT
    games = max(len(games) for games in picture.rounds)
    height = top + SLOT_PITCH * games + BOTTOM
    image = Image.new("RGB", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    titles(draw, picture.title, picture.subtitle, width)
    head = typeset.font(HEAD_SIZE + 3, bold=True)
    middles = _slot_middles(picture, top)
    for number, games_of_round in enumerate(picture.rounds):
        left = MARGIN + number * (column + ROUND_GAP)
        name = typeset.shorten(round_name(number + 1, rounds, words), head, column)
        typeset.text(draw, (left, HEADER_HEIGHT + 20), name, font=head, fill=palette.FAINT, anchor="ls")
        for index, slot in enumerate(games_of_round):
            middle = round(middles[number][index])
            _bracket_slot(draw, image, slot, left, middle, column, first=number == 0, words=words)
            if number + 1 < rounds and index // 2 < len(picture.rounds[number + 1]):
                _connector(draw, left + column, middle, round(middles[number + 1][index // 2]))
    return image


def _connector(draw: ImageDraw.ImageDraw, right: int, middle: int, next_middle: int) -> None:
    """The line from a game's right edge at `middle` to the next round's game at `next_middle`."""
    elbow = right + ROUND_GAP // 2
    draw.line(
        [(right, middle), (elbow, middle), (elbow, next_middle), (right + ROUND_GAP, next_middle)],
        fill=LINE,
        width=2,
    )


def _bracket_slot(
    draw: ImageDraw.ImageDraw,
    image: Image.Image,
    slot: BracketSlot,
    left: int,
    middle: int,
    column: int,
    *,
    first: bool,
    words: Words,
) -> None:
    """A game: its box of two lines (top player above `middle`, bottom below) and its score."""
    paste_copy(image, _rounded(column, 2 * PLAYER_LINE, 6, palette.CARD), (left, middle - PLAYER_LINE))
    draw.line([(left + 6, middle), (left + column - 7, middle)], fill=palette.BACKGROUND, width=1)
    bye_face = typeset.font(BRACKET_NAME_SIZE - 2)
    for side, name in enumerate((slot.top, slot.bottom)):
        line_middle = middle - PLAYER_LINE // 2 + side * PLAYER_LINE
        at = (left + WINNER_BAR + 10, line_middle)
        room = column - WINNER_BAR - 18
        if name is None:
            bye = first or slot.winner is not None
            shown = words.gettext(BYE) if bye else "—"
            typeset.text(
                draw,
                at,
                typeset.shorten(shown, bye_face, room),
                font=bye_face,
                fill=palette.FAINT,
                anchor="lm",
            )
            continue
        won = slot.winner == side
        if won:
            top = middle - PLAYER_LINE + side * PLAYER_LINE
            draw.rectangle((left, top + 4, left + WINNER_BAR - 1, top + PLAYER_LINE - 5), fill=GOLD)
        # The winner bold and bright, the loser regular and faint: weight tells them apart too.
        lost = slot.winner is not None and not won
        _name(draw, name, at, room, faint=lost, words=words, bold=not lost, size=BRACKET_NAME_SIZE)
    if slot.score:
        face = typeset.font(SCORE_SIZE)
        score = typeset.trim(typeset.clean_text(slot.score), face, column - 12)
        baseline = middle + PLAYER_LINE + SCORE_LINE - 5
        typeset.text(draw, (left + 6, baseline), score, font=face, fill=palette.MUTED, anchor="ls")


def _alt_player(name: str | None, words: Words) -> str:
    return "?" if name is None else (name or words.gettext(NO_NAME))


def bracket_alt(picture: BracketPicture, words: Words) -> str:
    """The bracket in words (at most 1,024 characters): each round's games, "A beat B (1–0)",
    "A v B", "A: bye", as many as fit."""
    rounds = len(picture.rounds)
    parts = [picture.title + "."] + ([picture.subtitle] if picture.subtitle else [])
    for number, games in enumerate(picture.rounds, start=1):
        said: list[str] = []
        for slot in games:
            players = (slot.top, slot.bottom)
            if None in players and (number == 1 or slot.winner is not None):
                alone = slot.top if slot.top is not None else slot.bottom
                if alone is None:
                    continue
                # TRANSLATORS: a knockout bracket's alt text: a player who goes on without a game.
                said.append(words.gettext("{player}: bye", player=_alt_player(alone, words)))
            elif slot.winner is not None:
                winner, loser = players[slot.winner], players[1 - slot.winner]
                # TRANSLATORS: a knockout bracket's alt text: the result of a game.
                game = words.gettext(
                    "{winner} beat {loser}",
                    winner=_alt_player(winner, words),
                    loser=_alt_player(loser, words),
                )
                said.append(f"{game} ({slot.score})" if slot.score else game)
            else:
                # TRANSLATORS: a knockout bracket's alt text: a game not decided yet ("v": versus).
                game = words.gettext(
                    "{first} v {second}",
                    first=_alt_player(slot.top, words),
                    second=_alt_player(slot.bottom, words),
                )
                said.append(f"{game} ({slot.score})" if slot.score else game)
        parts.append(f"{round_name(number, rounds, words)}: {'; '.join(said)}.")
    return clip(" ".join(parts), LIMIT)


__all__ = [
    "BYE",
    "HEADINGS",
    "WITHDRAWN",
    "BracketPicture",
    "BracketSlot",
    "StandingsPicture",
    "StandingsRow",
    "bracket_alt",
    "bracket_png",
    "heading",
    "round_name",
    "shown_name",
    "standings_alt",
    "standings_png",
]
