"""Every script drawn right: names and words in Chinese, Japanese, Korean, Thai, Devanagari, Arabic
and Hebrew are set by Raqm (FriBiDi, HarfBuzz) in the Noto font of their script, right to left
where they are written so, letters joined and combined; text DejaVu sets alone keeps Pillow's basic
layout (and its pixels); a fallback font is opened only when a text needs it."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
from host.language import language
from render import typeset
from render.leaderboard import leaderboard
from rules import GAMES, Move, State
from rules.text import ENGLISH
from tests.support.playouts import pick_move
from tests.support.pseudo import english_words

NAMES = ("田中太郎", "김민준", "สมชาย", "राहुल", "محمد", "שרה כהן")


@pytest.mark.parametrize("name", NAMES)
def test_every_name_has_real_glyphs(name: str) -> None:
    assert typeset.MISSING not in typeset.clean_text(name, bold=True)
    assert typeset.needs_layout(name, True)  # not Pillow's basic layout, which neither joins nor turns
    assert all(typeset.script_of(char, True) is not None for char in name)


def drawn(line: str, draw_line: object) -> Image.Image:
    image = Image.new("RGB", (400, 60), (52, 57, 66))
    assert callable(draw_line)
    draw_line(ImageDraw.Draw(image), line)
    return image


@pytest.mark.parametrize(
    ("name", "script", "direction", "language"),
    [
        ("田中太郎", "cjk", "ltr", None),
        ("たなか", "cjk", "ltr", "ja"),
        ("김민준", "cjk", "ltr", "ko"),
        ("สมชาย", "thai", "ltr", None),
        ("राहुल", "devanagari", "ltr", None),
        ("محمد", "arabic", "rtl", None),
        ("שרה כהן", "latin", "rtl", None),
    ],
)
def test_a_name_is_what_raqm_sets_in_its_scripts_font(
    name: str, script: str, direction: str, language: str | None
) -> None:
    face = typeset.font(24, bold=True)
    ours = drawn(
        name, lambda d, t: typeset.text(d, (10, 40), t, font=face, fill=(255, 255, 255), anchor="ls")
    )
    fallback = typeset.layout_face(script, 24, True)
    options: dict[str, object] = {"direction": direction}
    if language:
        options["language"] = language
    if script == "cjk":  # one weight, thickened for bold
        options |= {"stroke_width": round(24 * typeset.CJK_BOLD_STROKE, 2), "stroke_fill": (255, 255, 255)}
    raqm = drawn(
        name, lambda d, t: d.text((10, 40), t, font=fallback, fill=(255, 255, 255), anchor="ls", **options)
    )
    assert ImageChops.difference(ours, raqm).getbbox() is None
    assert ours.getbbox() is not None


def test_arabic_letters_join_and_run_right_to_left() -> None:
    face = typeset.font(24)
    word = "محمد"
    joined = typeset.text_length(word, face)
    apart = sum(typeset.text_length(letter, face) for letter in word)
    assert joined != apart  # the letters take their joined forms, not those they have alone
    # In a left-to-right line, the Arabic name is read from the right, the rest after it.
    assert typeset.runs(f"{word} (Red) to move") == (
        typeset.Run(word, "arabic", True),
        typeset.Run(" (Red) to move", typeset.LATIN, False),
    )
    assert typeset.runs("Dan שרה כהן 2") == (
        typeset.Run("Dan ", typeset.LATIN, False),
        typeset.Run("שרה כהן", typeset.LATIN, True),
        typeset.Run(" 2", typeset.LATIN, False),
    )
    # Two right-to-left runs in different fonts: the one read first is drawn rightmost.
    assert typeset.runs("שרה محمد") == (
        typeset.Run("محمد", "arabic", True),
        typeset.Run("שרה ", typeset.LATIN, True),
    )


def test_latin_text_keeps_the_basic_layout() -> None:
    for line in ("alice (Red) to move", "Zoë Łukasz · 3 captures", "⟦Ŧǿ ḿǿṽḗ ~~~⟧", "Ann□"):
        assert not typeset.needs_layout(line, True) and not typeset.needs_layout(line, False)


def test_chinese_and_japanese_wrap_between_characters_and_a_long_text_shortens_at_a_word() -> None:
    face = typeset.font(20)
    text = "これは日本語の長い文章です。改行されるべきです。"
    lines = typeset.wrap(text, face, 200, 3)
    assert "".join(lines) == text and all(typeset.text_length(line, face) <= 200 for line in lines)
    assert not any(line.startswith(("。", "ー", "っ")) for line in lines)  # marks a line may not start with
    shortened = typeset.shorten("one two three four five", face, 120)
    assert shortened.endswith("…") and shortened[:-1] in ("one two", "one two three", "one")
    assert typeset.text_length(shortened, face) <= 120


def test_a_fallback_font_is_opened_only_when_a_text_needs_it() -> None:
    render.clear_caches()
    state = GAMES["keryo-pente"].start(2)
    render.board(state, names=("alice", "Bob 🎲"), words=ENGLISH)
    assert typeset.opened_layout_faces() == []
    render.board(state, names=("alice", "田中太郎"))
    opened = {script for script, _size, _bold in typeset.opened_layout_faces()}
    assert opened == {"cjk"}


@pytest.mark.parametrize("key", sorted(GAMES))
def test_no_english_reaches_a_picture_or_its_alt_text_in_the_pseudo_locale(key: str) -> None:
    qps = language("qps")
    game = GAMES[key]
    for seats in game.seats:
        rng = random.Random(f"pseudo {key} {seats}")
        state: State = game.start(seats)
        last: Move | None = None
        names = ("alice", *NAMES)[:seats]
        for ply in range(400):
            if ply % 9 == 0 or state.to_move is None:
                picture = render.RENDERERS[key].picture(
                    state, perspective=None, last_move=last, names=names, words=qps
                )
                texts = [picture.status.text, *(card.score for card in picture.seats)]
                texts += [card.tag for card in picture.seats]
                texts.append(render.describe(state, names=names, last_move=last, words=qps))
                allowed = [*names, game.title_for(seats), str(last), "bar/", "/off"]  # notation
                for text in texts:
                    assert english_words(text, allowed) == [], text
            if state.to_move is None:
                break
            last = pick_move(state, rng)
            state = state.play(last)


def test_the_leaderboards_headings_are_translated() -> None:
    qps = language("qps")
    png = leaderboard("⟦Ŧȧŀŀȧƈḗ⟧", "⟦Ƥȧɠḗ 1⟧", [], words=qps)
    assert png != leaderboard("⟦Ŧȧŀŀȧƈḗ⟧", "⟦Ƥȧɠḗ 1⟧", [])


def test_without_raqm_names_are_still_drawn_right_to_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine whose Pillow lacks Raqm (no FriBiDi library) draws with the basic layout: no
    error, Hebrew turned letter by letter."""
    render.clear_caches()
    monkeypatch.setattr(typeset, "HAVE_RAQM", False)
    try:
        face = typeset.font(24, bold=True)
        assert typeset.text_length("שרה", face) == face.getlength("הרש")
        state = GAMES["keibot"].start(2)
        assert render.board(state, names=("שרה", "محمد")).startswith(b"\x89PNG")
    finally:
        render.clear_caches()
