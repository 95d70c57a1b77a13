"""Every catalogue is whole: each message the code can say (extracted from the code now, as
`make messages` does) is translated in every shipped language, none empty or fuzzy, with the
same placeholders and markup as the English, and plural forms as the language has them."""

from __future__ import annotations

import gettext
import re
from collections import Counter

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from host.language import DOMAIN, SHIPPED, locales_folder
from rules.text import placeholders
from tests.support.catalogues import MessageKey, catalogue, extracted

MARKUP = re.compile(r"`|\*\*|__|<[@#:/t][^>]*>|\bhttps?://\S+|\n\n")
"""What must come through a translation unchanged in number: code spans, bold, Discord's mentions
and timestamps, links, paragraph breaks."""


def translations_of(message: Message | None) -> tuple[str, ...]:
    """A message's translation, each plural form ((): none)."""
    if message is None or not message.string:
        return ()
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def key_of(message: Message) -> MessageKey:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return (message.context, msgid)


def test_the_code_says_something_and_the_template_lists_it() -> None:
    messages = extracted()
    assert len(messages) > 10
    with (locales_folder() / f"{DOMAIN}.pot").open("rb") as pot:
        template = {key_of(m) for m in read_po(pot) if m.id}
    missing = sorted(str(key) for key in messages.keys() - template)
    assert missing == [], "run `make messages`: tavern.pot lacks these"


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_is_translated(code: str) -> None:
    translated = {key_of(m): m for m in catalogue(code) if m.id}
    untranslated = []
    for key, forms in extracted().items():
        message = translated.get(key)
        strings = translations_of(message)
        if (
            message is None
            or message.fuzzy
            or not strings
            or not all(strings)
            or (len(forms) > 1 and len(strings) != catalogue(code).num_plurals)
        ):
            untranslated.append(forms[0])
    assert untranslated == [], f"{code}: {len(untranslated)} messages lack a translation"


@pytest.mark.parametrize("code", SHIPPED)
def test_placeholders_and_markup_are_the_sources(code: str) -> None:
    wrong = []
    for message in catalogue(code):
        if not message.id or not message.string:
            continue
        sources = (message.id,) if isinstance(message.id, str) else tuple(message.id)
        strings = translations_of(message)
        expected = Counter(placeholders(sources[-1]))
        for string in strings:
            if not string:
                continue
            if Counter(placeholders(string)) != expected:
                wrong.append(("placeholders", sources[0], string))
            if Counter(MARKUP.findall(string)) != Counter(MARKUP.findall(sources[0])):
                wrong.append(("markup", sources[0], string))
    assert wrong == []


@pytest.mark.parametrize("code", SHIPPED)
def test_plural_forms_compile(code: str) -> None:
    header = catalogue(code).plural_forms
    match = re.fullmatch(r"nplurals=(\d+); plural=(.+);", header)
    assert match, header
    choose = gettext.c2py(match.group(2))
    forms = {choose(n) for n in [*range(0, 1_000), 1_000_000, 2_000_000]}
    assert forms == set(range(int(match.group(1)))), (code, header, forms)
