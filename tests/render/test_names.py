"""Names in pictures: right-to-left names in visual order, invisible characters dropped, and
characters the font cannot draw replaced visibly (`typeset.clean_text`, used for every name)."""

from __future__ import annotations

import pytest

import render
from render import frame, typeset
from rules import GAMES


@pytest.mark.parametrize(
    ("name", "drawn"),
    [
        ("שרה", "הרש"),  # Hebrew, drawn right to left: its last letter leftmost
        ("علي", "يلع"),
        ("Dan שרה כהן", "Dan ןהכ הרש"),
        ("Ann🎲", f"Ann{typeset.MISSING}"),
        ("Bob\u200b", "Bob"),  # a zero-width space is invisible on purpose
        ("  Zoë\nŁukasz ", "Zoë Łukasz"),
    ],
)
def test_names_are_drawn_truthfully(name: str, drawn: str) -> None:
    assert typeset.clean_text(name, bold=True) == drawn
    assert frame.player_names(GAMES["keibot"].start(2), [name, "x"])[0] == drawn


def test_the_missing_mark_is_drawable() -> None:
    assert typeset.clean_text(typeset.MISSING, bold=True) == typeset.MISSING
    assert typeset.clean_text(typeset.MISSING) == typeset.MISSING


def test_every_game_draws_such_names() -> None:
    for key, game in GAMES.items():
        state = game.start(game.seats[0])
        names = ["שרה", "علي", "Ann🎲", "Bob\u200b", "x", "y"][: state.seats]
        assert render.board(state, names=names).startswith(b"\x89PNG"), key
