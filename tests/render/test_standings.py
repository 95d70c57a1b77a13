"""The tournament pictures (render/standings.py), checked against the references in
tests/render/reference/.

After an intended change: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/render/test_standings.py`,
then look at every new reference before committing it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

import render
from host.language import language
from render import palette, typeset
from render.alt_text import LIMIT
from render.standings import (
    BLOCK_WIDTH,
    BYE,
    CELL_GAP,
    HEAD_SIZE,
    HEADINGS,
    NAME_MIN,
    NAME_SIZE,
    ONE_BLOCK_ROWS,
    ROW_HEIGHT,
    SLOT_PITCH,
    WITHDRAWN,
    BracketPicture,
    BracketSlot,
    StandingsPicture,
    StandingsRow,
    _cell_widths,
    _heading_lines,
    bracket_alt,
    bracket_png,
    heading,
    round_name,
    shown_name,
    standings_alt,
    standings_png,
)
from rules.text import ENGLISH
from tests.support.images import assert_matches_reference, open_png

REFERENCE = Path(__file__).resolve().parent / "reference"
HEADERS = ("Points", "Buchholz", "Sonneborn-Berger", "Played")
TABLE_HEADERS = ("Points", "Placements", "Buchholz", "Played")

NAMES = (
    "alice",
    "Bartholomew the Extraordinarily Long-Named Builder of Castles",
    "山田太郎",  # Japanese
    "محمد الأحمد",  # Arabic, right to left
    "דוד כהן",  # Hebrew, right to left
    "carol 🎲",
    "🎲🎲🎲",  # nothing the font can draw
    "Ève",
    "김민준",  # Korean
    "frank_the_tank",
)


def halves(points: float) -> str:
    """Points as the cogs show them: "2½", "½", "3"."""
    whole, half = int(points), points % 1 == 0.5
    return f"{whole if whole or not half else ''}{'½' if half else ''}"


def swiss_rows(count: int) -> list[StandingsRow]:
    """`count` players after five rounds, tied pairs sharing a rank, every seventh withdrawn."""
    rows = []
    for index in range(count):
        points = max(0.0, 5 - index * 5 / max(count - 1, 1))
        points = round(points * 2) / 2
        rank = index + 1 if index % 5 != 2 else index  # ties: the third of every five shares a rank
        name = NAMES[index % len(NAMES)] if index < 20 else f"player {index + 1}"
        rows.append(
            StandingsRow(
                str(rank),
                name,
                (halves(points), halves(points * 3 + 1), f"{points * 2.25:.2f}", str(5 - (index % 7 == 6))),
                withdrawn=index % 7 == 6,
            )
        )
    return rows


def standings(count: int, title: str = "Keibot Swiss, spring cup") -> StandingsPicture:
    return StandingsPicture(title, f"After round 5 of 5 · {count} players", HEADERS, swiss_rows(count))


def test_standings_of_ten_with_names_in_every_script() -> None:
    png = standings_png(standings(10), ENGLISH)
    image = open_png(png)
    assert image.width == BLOCK_WIDTH
    assert_matches_reference(png, REFERENCE / "standings_ten.png")


def test_standings_of_two() -> None:
    png = standings_png(standings(2), ENGLISH)
    assert_matches_reference(png, REFERENCE / "standings_two.png")


def test_standings_of_128_in_two_blocks_within_discords_sizes() -> None:
    png = standings_png(standings(128), ENGLISH)
    image = open_png(png)
    # Two blocks of 64 rows side by side: 1,600 px wide, under 3,000 px tall.
    assert image.width == 2 * BLOCK_WIDTH == 1600
    assert image.height < 3000 and image.height > 64 * ROW_HEIGHT
    assert len(png) < 8 << 20  # under Discord's smallest upload limit
    assert_matches_reference(png, REFERENCE / "standings_128.png")


def test_the_rows_split_into_two_blocks_only_past_one_blocks_rows() -> None:
    one = open_png(standings_png(standings(ONE_BLOCK_ROWS), ENGLISH))
    two = open_png(standings_png(standings(ONE_BLOCK_ROWS + 1), ENGLISH))
    assert one.width == BLOCK_WIDTH and two.width == 2 * BLOCK_WIDTH
    assert two.height < one.height


def test_multiplayer_table_standings_with_decimals_and_markers() -> None:
    rows = [
        StandingsRow("1", "alice", ("3.50", "7", "9.50", "5"), marker=palette.RED),
        StandingsRow("2", "山田太郎", ("3.33", "8", "9.17", "5"), marker=palette.BLUE),
        StandingsRow("2", "محمد الأحمد", ("3.33", "8", "8.83", "5"), marker=palette.YELLOW),
        StandingsRow("4", "Bob", ("0.67", "14", "10.00", "3"), marker=palette.GREEN, withdrawn=True),
    ]
    picture = StandingsPicture("Keryo-Pente Swiss", "Three-seat tables · after round 5", TABLE_HEADERS, rows)
    assert_matches_reference(standings_png(picture, ENGLISH), REFERENCE / "standings_tables.png")


def test_a_long_name_is_shortened_at_a_words_end_within_its_room() -> None:
    face = typeset.font(NAME_SIZE, bold=True)
    for name in NAMES:  # Latin, Japanese, Arabic, Hebrew, Korean, emoji
        for room in (NAME_MIN, 300):
            shown = shown_name(name, room, ENGLISH)
            assert typeset.text_length(shown, face) <= room, (name, room, shown)
    assert shown_name(NAMES[1], 300, ENGLISH) == "Bartholomew the…"  # never "Bartholomew the Extr…"
    assert shown_name("Bartholomew", 60, ENGLISH).endswith("…")  # one word too long: cut in it
    assert shown_name("", 300, ENGLISH) == shown_name("\u200b", 300, ENGLISH) == "(name not shown)"


def test_same_input_same_bytes() -> None:
    picture = standings(12)
    assert standings_png(picture, ENGLISH) == standings_png(picture, ENGLISH)


def test_a_row_with_the_wrong_number_of_cells_is_refused() -> None:
    picture = StandingsPicture("T", "S", HEADERS, [StandingsRow("1", "alice", ("1",))])
    with pytest.raises(ValueError, match="1 cells for 4 headings"):
        standings_png(picture, ENGLISH)


def test_known_headings_and_the_pictures_own_words_are_said_in_the_language() -> None:
    words = language("qps")  # the pseudo-locale: every translated message between ⟦ and ⟧
    said = words.gettext
    assert heading("Buchholz", words) == said("BUCHHOLZ") != "BUCHHOLZ"
    assert heading("sonneborn berger", words) == said("SONNEBORN-BERGER")
    assert heading("Punkte", words) == "Punkte"  # already worded by the caller: shown as given
    alt = standings_alt(standings(7), words)
    assert f"{said('POINTS')} 5" in alt and f"({said(WITHDRAWN)})" in alt
    alt = bracket_alt(bracket(5), words)
    assert said("{player}: bye", player="alice") in alt and f"{said('Final')}: " in alt
    assert said("Round {number}", number=words.number(1)) in alt


def test_the_same_picture_after_the_caches_are_cleared() -> None:
    picture, knockout = standings(12), bracket(8)
    before = standings_png(picture, ENGLISH), bracket_png(knockout, ENGLISH)
    render.clear_caches()
    assert (standings_png(picture, ENGLISH), bracket_png(knockout, ENGLISH)) == before


def test_standings_alt_text_lists_rows_and_says_how_many_more() -> None:
    alt = standings_alt(standings(3), ENGLISH)
    assert alt.startswith("Keibot Swiss, spring cup. After round 5 of 5 · 3 players ")
    assert "1. alice: POINTS 5, BUCHHOLZ 16, SONNEBORN-BERGER 11.25, PLAYED 5" in alt
    long = standings_alt(standings(128), ENGLISH)
    assert len(long) <= LIMIT
    assert long.endswith(" more.") and "and 1" in long
    shown = long.count(": POINTS ")
    assert f"and {128 - shown} more" in long
    withdrawn = standings_alt(standings(7), ENGLISH)
    assert f"({ENGLISH.gettext(WITHDRAWN)})" in withdrawn


# -- brackets ------------------------------------------------------------------------------------


def seeded(entrants: int) -> list[int | None]:
    """The first round's seeds by slot in a bracket of the next power of two (1 v 16, 8 v 9, ...),
    None for a bye."""
    size = 1
    while size < entrants:
        size *= 2
    order = [1]
    while len(order) < size:
        order = [seed for top in order for seed in (top, 2 * len(order) + 1 - top)]
    return [seed if seed <= entrants else None for seed in order]


def bracket(entrants: int, *, played: int | None = None) -> BracketPicture:
    """A knockout of `entrants` seeded players, the better seed winning, the first `played` rounds
    decided (all of them by default); every fifth game a replayed draw."""
    names = {
        seed: NAMES[seed - 1] if seed <= len(NAMES) else f"player {seed}" for seed in range(1, entrants + 1)
    }
    current: list[int | None] = seeded(entrants)
    rounds: list[list[BracketSlot]] = []
    number = 0
    while len(current) > 1:
        decided = played is None or number < played
        games, winners = [], []
        for index in range(0, len(current), 2):
            top, bottom = current[index], current[index + 1]
            winner: Literal[0, 1] | None = None
            if decided and (top is not None or bottom is not None):
                winner = 0 if bottom is None or (top is not None and top < bottom) else 1
            score = ""
            if winner is not None and top is not None and bottom is not None:
                score = "½–½, 1–0" if (index // 2) % 5 == 4 else "1–0" if winner == 0 else "0–1"
            games.append(
                BracketSlot(
                    names[top] if top is not None else None,
                    names[bottom] if bottom is not None else None,
                    winner,
                    score,
                )
            )
            winners.append(None if winner is None else (top, bottom)[winner])
        rounds.append(games)
        current = winners
        number += 1
    return BracketPicture(f"Keibot knockout · {entrants} players", rounds, subtitle="Single elimination")


@pytest.mark.parametrize("entrants", [2, 5, 16, 64])
def test_brackets(entrants: int) -> None:
    picture = bracket(entrants)
    png = bracket_png(picture, ENGLISH)
    image = open_png(png)
    assert image.width <= 1600 and image.height < 3000
    first_round_games = len(picture.rounds[0])
    assert image.height >= first_round_games * SLOT_PITCH
    assert_matches_reference(png, REFERENCE / f"bracket_{entrants}.png")


def test_a_bracket_under_way_shows_games_to_come() -> None:
    png = bracket_png(bracket(8, played=1), ENGLISH)
    assert_matches_reference(png, REFERENCE / "bracket_8_under_way.png")


def test_bracket_alt_text() -> None:
    alt = bracket_alt(bracket(5), ENGLISH)
    assert alt.startswith("Keibot knockout · 5 players. Single elimination Round 1: ")
    assert "alice: bye" in alt and f"{ENGLISH.gettext(BYE)}" in alt
    assert "Final: alice beat" in alt
    under_way = bracket_alt(bracket(8, played=1), ENGLISH)
    assert "Round 2: alice v " in under_way
    assert len(bracket_alt(bracket(64), ENGLISH)) <= LIMIT


def test_an_empty_bracket_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one round"):
        bracket_png(BracketPicture("T", []), ENGLISH)


CATALOGUES = sorted(
    path.name for path in (Path(__file__).resolve().parents[2] / "locales").iterdir() if path.is_dir()
)


@pytest.mark.parametrize("code", [*CATALOGUES, "qps"])
def test_every_languages_headings_fit_their_columns_whole(code: str) -> None:
    """Every heading the picture knows, in every language, fits its column in two lines without
    a word cut (a column widens for its heading up to CELL_HEADING_MAX), and the rounds' names fit
    a 64-entrant bracket's column."""
    words = language(code)
    face = typeset.font(HEAD_SIZE, bold=True)
    headers = tuple(dict.fromkeys(HEADINGS.values()))
    picture = StandingsPicture("T", "S", headers, [StandingsRow("1", "a", ("1",) * len(headers))])
    shown = [heading(header, words) for header in headers]
    for header, width in zip(shown, _cell_widths(picture, shown), strict=True):
        lines = _heading_lines(header, face, width + CELL_GAP // 2)
        assert "…" not in "".join(lines), f"{code}: {header!r} is cut: {lines}"
    round_face = typeset.font(HEAD_SIZE + 3, bold=True)
    for number in range(1, 7):
        name = round_name(number, 6, words)
        assert typeset.text_length(name, round_face) <= 236, f"{code}: {name!r}"
    standings_png(standings(3), words)  # draws in every language


def test_german_standings() -> None:
    picture = StandingsPicture("Keibot-Turnier", "Nach Runde 3", HEADERS, swiss_rows(6))
    assert_matches_reference(standings_png(picture, language("de")), REFERENCE / "standings_de.png")
