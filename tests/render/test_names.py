"""Names in pictures: kept in their logical order (right-to-left runs are turned when drawn, by
Raqm: tests/render/test_scripts.py), invisible characters dropped, and each emoji no font here has
shown as one visible box (`typeset.clean_text`, used for every name)."""

from __future__ import annotations

import pytest

import render
from render import frame, typeset
from rules import GAMES
from rules.text import ENGLISH


@pytest.mark.parametrize(
    ("name", "drawn"),
    [
        ("שרה", "שרה"),  # Hebrew and Arabic stay in reading order: Raqm draws them right to left
        ("علي", "علي"),
        ("Dan שרה כהן", "Dan שרה כהן"),
        ("Ann🎲", f"Ann{typeset.MISSING}"),
        ("👨\u200d👩\u200d👧 Fam", f"{typeset.MISSING} Fam"),  # one box for one emoji of three joined
        ("🇫🇷👍🏽!", f"{typeset.MISSING}{typeset.MISSING}!"),  # a flag, a thumb with its skin tone
        ("田中太郎", "田中太郎"),
        ("राहुल", "राहुल"),
        ("Bob\u200b", "Bob"),  # a zero-width space is invisible on purpose
        ("  Zoë\nŁukasz ", "Zoë Łukasz"),
    ],
)
def test_names_are_drawn_truthfully(name: str, drawn: str) -> None:
    assert typeset.clean_text(name, bold=True) == drawn
    assert frame.player_names(GAMES["keibot"].start(2), [name, "x"], ENGLISH)[0] == drawn


def test_the_missing_mark_is_drawable() -> None:
    assert typeset.clean_text(typeset.MISSING, bold=True) == typeset.MISSING
    assert typeset.clean_text(typeset.MISSING) == typeset.MISSING


def test_every_game_draws_such_names() -> None:
    for key, game in GAMES.items():
        state = game.start(game.seats[0])
        names = ["שרה", "علي", "Ann🎲", "Bob\u200b", "x", "y"][: state.seats]
        assert render.board(state, names=names).startswith(b"\x89PNG"), key
