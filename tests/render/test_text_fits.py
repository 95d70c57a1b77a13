"""No text of the pictures is cut: every status line (every end headline), every card's score,
caption, banner and info card is measured against its box, with the longest names players can
have, over random games of every game and variant played to the end, resignations and the rare
endings. In English only a player's name may be shortened (with "…"), to leave room for the rest;
in the pseudo-locale (`host.language`'s "qps": every text 40% longer, as a long language makes
it) a text may also be shortened, but only at a word's end, with "…", and never past its box."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest
from PIL import ImageFont

import render
from host.language import language
from render import frame, glass_bead, kerboge, typeset, verquere
from rules import GAMES, Move, State
from rules.glass_bead import GlassBeadState, Sowing
from rules.kerboge import KerbogeState
from rules.text import ENGLISH, Words
from rules.verquere import VerquereState
from tests.support.playouts import pick_move
from tests.support.verquere import BEFORE_JUNCKER, position, replay

CASES = [(key, seats) for key, game in GAMES.items() for seats in game.seats]
LANGUAGES = {"en": ENGLISH, "qps": language("qps")}
LONG_NAMES = (
    "Maximiliana Featherstonehaugh-Ro",  # 32 characters, Discord's longest display name
    "Wolfeschlegelsteinhausenbergerdo",  # one word, nowhere to break
    "Bartholomew Q. Extraordinarily L",
    "Computer for Alexandrina Victoria",
    "Computer 2 (hard)",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
)
GAMES_PLAYED = 6
CHECKED_EVERY = 7
"""Positions between two checked ones (the last position of each game is always checked)."""


def positions(key: str, seats: int) -> Iterator[tuple[State, Move | None]]:
    """Positions of seeded random games played to their end, every seat resigning in one of them,
    and each game's rare endings."""
    for seed in range(GAMES_PLAYED):
        rng = random.Random(f"text fits {key} {seats} {seed}")
        state: State = GAMES[key].start(seats)
        last: Move | None = None
        for ply in range(2000):
            if state.to_move is None:
                break
            if ply % CHECKED_EVERY == 0:
                yield state, last
            if seed < seats and ply == 10 * (seed + 1) and state.to_move >= 0:
                yield state.resign(seed), last
            last = pick_move(state, rng)
            state = state.play(last)
        yield state, last
    if key == "verquere":
        yield from rare_verquere_endings()


def rare_verquere_endings() -> Iterator[tuple[State, Move | None]]:
    """Jean, all fifteen men on point 24, Juncker, and bearing off, each for both seats."""
    for seat in (0, 1):
        jean = position({1: 14, 4: 1}, {13: 5, 14: 2, 15: 2, 9: 1, 24: 2}, bar=(0, 3), dice=(5, 3), seat=seat)
        on_24 = position({24: 13, 20: 1, 22: 1}, {1: 15}, dice=(4, 2), seat=seat)
        off = position({24: 2}, {13: 3, 20: 2, 5: 1}, dice=(6, 4), seat=seat)
        for before, text in ((jean, "4/9*"), (on_24, "20/24 22/24"), (off, "24/off 24/off")):
            move = before.parse(text)
            yield before.play(move), move
    state, last = replay([*BEFORE_JUNCKER, "12/17*/19", "roll 6-6", "pass"], ["roll 4-4"])
    yield state, last


def uncut(lines: Sequence[str], text: str) -> bool:
    """Whether `lines` hold every word of `text`, none cut."""
    return " ".join(lines) == " ".join(text.split())


def cut_cleanly(lines: Sequence[str], text: str) -> bool:
    """Whether `lines` hold the words of `text` from its start, none cut in the middle, and end
    with "…" where some are left out."""
    shown = [piece for line in lines for piece, _ in typeset.pieces(line)]
    whole = [piece for piece, _ in typeset.pieces(text)]
    if shown == whole:
        return True
    if not shown or not shown[-1].endswith("…"):
        return False
    last = shown[-1][:-1]
    kept = [*shown[:-1], last] if last else shown[:-1]
    return bool(kept) and kept == whole[: len(kept)]


def within(lines: Sequence[str], face: ImageFont.FreeTypeFont, room: float) -> bool:
    return all(typeset.text_length(line, face) <= room for line in lines)


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize(("key", "seats"), CASES)
def test_no_text_of_the_pictures_is_cut(key: str, seats: int, code: str) -> None:
    words = LANGUAGES[code]
    whole = uncut if code == "en" else cut_cleanly  # English is never shortened
    names = LONG_NAMES[:seats]
    endings: set[str] = set()
    for state, last in positions(key, seats):
        picture = render.RENDERERS[key].picture(
            state, perspective=None, last_move=last, names=names, words=words
        )
        face, lines = frame.status_lines(picture.status, picture.width)
        assert whole(lines, picture.status.text), picture.status.text
        assert within(lines, face, picture.width - frame.MARGIN - frame.status_left(picture.status))
        room = frame.card_score_room(frame.card_width(picture.width))
        score_face = typeset.font(frame.SCORE_SIZE)
        for card in picture.seats:
            assert whole(typeset.wrap(card.score, score_face, room, 1), card.score), card.score
        shown = frame.player_names(state, names, words)
        for head, text in game_captions(state, last, shown, words):
            assert whole(caption_lines(state, head, text), text), text
        if isinstance(state, GlassBeadState):
            last_sowing = last if isinstance(last, Sowing) else None
            caption = glass_bead.caption_lines(state, last_sowing, words)
            assert code != "en" or "…" not in caption[0]
            assert within(
                caption, typeset.font(glass_bead.CAPTION_SIZE), glass_bead.WIDTH - 2 * glass_bead.PAD
            )
        if isinstance(state, VerquereState):
            banner = verquere.banner_texts(state, words)
            if banner is not None:
                title_lines, line_lines = verquere.banner_lines(*banner, wide=not verquere.dice_shown(state))
                assert whole(title_lines, banner[0]) and whole(line_lines, banner[1]), banner
        if isinstance(state, KerbogeState):
            face_letter, title, line = kerboge.coin_texts(state, shown, words)
            shown_title, shown_line = kerboge.info_card_lines(title, line, face_letter, "")
            assert whole(shown_title, title) and whole(shown_line, line), (title, line)
            serpent = kerboge.serpent_score_text(state, words)
            winner = frame.tag(frame.Mark.WINNER, words)
            _title, serpent_line = kerboge.info_card_lines(
                words.gettext("Serpent"), serpent, "serpent", winner
            )
            assert whole(serpent_line, serpent), serpent
        outcome = state.outcome()
        if outcome is not None:
            endings.add(picture.status.text)
    assert endings  # every game was played to some end


def game_captions(
    state: State, last: Move | None, shown: Sequence[str], words: Words
) -> list[tuple[str, str]]:
    """The captions under the board of Verquere (seen from either seat) and Kerboge: (its bold
    head, its words)."""
    if isinstance(state, VerquereState):
        head = frame.caption_head(words.gettext("Last turn"), words)
        return [
            *((head, verquere.last_turn_text(last, shown, me, words)) for me in (0, 1)),
            *(("", verquere.numbering_text(me, words)) for me in (0, 1)),
        ]
    if isinstance(state, KerbogeState):
        return [
            (
                frame.caption_head(words.gettext("Last move"), words),
                kerboge.last_move_text(state, last, shown, words),
            ),
            (frame.caption_head(words.gettext("Score"), words), kerboge.round_text(state, words)),
        ]
    return []


def caption_lines(state: State, head: str, text: str) -> tuple[str, ...]:
    if isinstance(state, VerquereState):
        return frame.caption_lines(head, text, verquere.CAPTION)
    return frame.caption_lines(head, text, kerboge.CAPTION)


def test_a_long_headline_takes_two_lines_and_loses_no_word() -> None:
    status = frame.Status(
        "Maximiliana Feath… (White) wins — Jean: Black can never enter all men (double game)"
    )
    face, lines = frame.status_lines(status, frame.MIN_WIDTH)
    assert len(lines) == 2 and uncut(lines, status.text) and face.size < frame.STATUS_SIZE
    short = frame.Status("alice (White) to move")
    assert frame.status_lines(short, frame.MIN_WIDTH)[1] == (short.text,)


def test_wrap_cuts_only_what_cannot_fit() -> None:
    face = typeset.font(20)
    assert typeset.wrap("one two three", face, 1000, 1) == ("one two three",)
    assert typeset.wrap("one two three", face, 90, 2) == ("one two", "three")
    assert not typeset.fits("one two three four five six seven", face, 90, 2)
    assert typeset.wrap("one two three four five six", face, 90, 2)[-1].endswith("…")
