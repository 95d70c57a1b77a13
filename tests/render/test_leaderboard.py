"""The leaderboard picture, checked against the reference images in tests/render/reference/.

After an intended change: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/render`, then
look at every new reference before committing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from render.leaderboard import WIDTH, leaderboard
from tests.support.images import assert_matches_reference, open_png

REFERENCE = Path(__file__).resolve().parent / "reference"
FOOTER = "? marks a provisional rating (fewer than about 8 rated matches)"


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    rating: str
    matches: int
    wins: int


NAMES = (
    "alice",
    "Bartholomew the Extraordinarily Long-Named Builder of Castles",
    "carol 🎲",
    "🎲🎲🎲",  # nothing the font can draw
    "Dave",
    "Ève",
    "frank_the_tank",
    "Grace",
    "Heidi",
    "Ivan",
)


def full_page() -> list[Line]:
    return [
        Line(rank, name, f"{1760 - 27 * rank}{'?' if rank % 4 == 3 else ''}", 60 - 3 * rank, 40 - 3 * rank)
        for rank, name in enumerate(NAMES, start=1)
    ]


def test_a_full_first_page() -> None:
    png = leaderboard(
        "Keryo-Pente leaderboard", "This server · 24 players · page 1 of 3", full_page(), footer=FOOTER
    )
    image = open_png(png)
    assert image.width == WIDTH and image.height > 10 * 60
    assert_matches_reference(png, REFERENCE / "leaderboard_first_page.png")


def test_a_late_page_of_provisional_players() -> None:
    lines = [Line(101 + i, name, "1499?", 1, 0) for i, name in enumerate(NAMES[:3])] + [
        Line(1000, "The thousandth", "1200", 999, 1)
    ]
    png = leaderboard(
        "Keibot leaderboard", "All servers · 1000 players · page 11 of 100", lines, footer=FOOTER
    )
    assert_matches_reference(png, REFERENCE / "leaderboard_late_page.png")


def test_same_input_same_bytes_and_the_height_follows_the_lines() -> None:
    page = full_page()
    assert leaderboard("T", "S", page) == leaderboard("T", "S", page)
    one = open_png(leaderboard("T", "S", page[:1]))
    ten = open_png(leaderboard("T", "S", page))
    assert ten.height - one.height == 9 * 60
