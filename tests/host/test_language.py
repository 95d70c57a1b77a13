"""The languages: which catalogue a Discord locale reads, the locale's numbers, plural forms and
durations, English as the fallback, and the pseudo-locale."""

from __future__ import annotations

from datetime import timedelta

import pytest

from host.language import ENGLISH, PSEUDO, SHIPPED, Language, catalogue_for, language, pseudo
from rules.text import ENGLISH as RULES_ENGLISH
from rules.text import Words, phrase, plural_phrase


@pytest.mark.parametrize(
    ("discord_locale", "code"),
    [("de", "de"), ("es-ES", "es"), ("es-419", "es"), ("pt-BR", "pt_BR"), ("zh-TW", "zh_TW"),
     ("en-US", "en"), ("en-GB", "en"), ("vi", "en"), (None, "en"), ("", "en"), ("ja", "ja")],
)  # fmt: skip
def test_a_discord_locale_reads_its_catalogue_or_english(discord_locale: str | None, code: str) -> None:
    assert catalogue_for(discord_locale) == code
    assert language(discord_locale).code == code


@pytest.mark.parametrize("code", SHIPPED)
def test_every_shipped_catalogue_loads(code: str) -> None:
    words = language(code)
    assert isinstance(words, Language) and isinstance(words, Words)
    assert words.gettext("{name}", name="Ana") == "Ana"  # no catalogue translates a bare placeholder


def test_numbers_lists_and_durations_follow_the_locale() -> None:
    german, japanese = language("de"), language("ja")
    assert german.number(1564) == "1.564"
    assert ENGLISH.number(1564) == RULES_ENGLISH.number(1564) == "1,564"
    assert german.number(2.5) == "2,5"
    assert german.duration(timedelta(days=2)) == "2 Tage"
    assert ENGLISH.duration(timedelta(hours=12)) == "12 hours"
    assert german.listing(["A", "B", "C"]) == "A, B und C"
    assert german.listing(["A", "B"], "or") == "A oder B"
    assert ENGLISH.listing(["A", "B", "C"]) == RULES_ENGLISH.listing(["A", "B", "C"]) == "A, B and C"
    assert japanese.listing(["A", "B"]) != "A and B"


def test_english_says_what_the_rules_english_says() -> None:
    said = [
        phrase("`{text}` is not a move. {shape}", text="x9", shape=phrase("Moves look like {m}.", m="c1-d3")),
        plural_phrase("{count} bead placed", "{count} beads placed", 1),
        plural_phrase("{count} bead placed", "{count} beads placed", 1564),
        plural_phrase("{count} point", "{count} points", 2.5),
    ]
    assert [ENGLISH.say(p) for p in said] == [RULES_ENGLISH.say(p) for p in said] == [str(p) for p in said]
    assert str(said[0]) == "`x9` is not a move. Moves look like c1-d3."
    assert [str(p) for p in said[1:]] == ["1 bead placed", "1,564 beads placed", "2.5 points"]


def test_the_pseudo_locale_changes_every_letter_but_keeps_placeholders_and_markup() -> None:
    text = pseudo("Your move, {player}: play `c1-d3` by <t:123:R>.")
    assert "{player}" in text and "`c1-d3`" in text and "<t:123:R>" in text
    assert "Your" not in text and "move" not in text and " play " not in text
    assert len(text) >= len("Your move, {player}: play `c1-d3` by <t:123:R>.") + 10
    assert language(PSEUDO).gettext("Your move, {player}.", player="Ana").count("Ana") == 1
