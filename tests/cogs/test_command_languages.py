"""The commands' descriptions and choices in every language Discord shows (`CatalogueTranslator`,
set on the tree before the sync): each text is extracted for the catalogues, reaches discord.py's
real sync payload through the translator, and fits Discord's limits; names stay English. Until
the catalogues are filled, the pseudo-locale stands in for every language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord

from bot import TavernBot
from cogs.language import DESCRIPTION_LIMIT, CatalogueTranslator
from host import LADDERS, VACATION_DAYS, Host, language, language_name
from host.language import PSEUDO, SHIPPED, SOURCE, pseudo
from rules import GAMES
from tests.support.catalogues import catalogue, extracted

PROPER_NAMES = (
    {game.title for game in GAMES.values()}
    | {ladder.title for ladder in LADDERS.values()}
    | {language_name(code) for code in (SOURCE, *SHIPPED)}
)
"""Choices named after a game, or a language by its own name ("Deutsch"): the same in every
language."""


def texts(payload: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], str]]:
    """(what, the object, English) of every description and choice name in a command's payload
    (`what` is "description" or "name": the key whose `_localizations` translate it)."""
    yield "description", payload, payload["description"]
    for choice in payload.get("choices") or []:
        yield "name", choice, choice["name"]
    for option in payload.get("options") or []:
        yield from texts(option)


def names(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The command, group and option objects of a payload (each has a name people type)."""
    yield payload
    for option in payload.get("options") or []:
        yield from names(option)


async def sync_payload(host: Host, translator: CatalogueTranslator) -> list[dict[str, Any]]:
    """What `tree.sync()` would send Discord, built by discord.py with the translator."""
    async with TavernBot(host, sync_commands=False) as client:
        await client.install()
        await client.tree.set_translator(translator)
        assert client.tree.translator is translator
        return [
            await command.get_translated_payload(client.tree, translator)
            for command in client.tree.get_commands()
        ]


async def test_every_description_and_choice_is_extracted_for_the_catalogues(host: Host) -> None:
    payload = await sync_payload(host, CatalogueTranslator())
    messages = {msgid for context, msgid in extracted() if context is None}
    english = [text for command in payload for _, _, text in texts(command)]
    assert len(english) > 100
    missing = sorted({text for text in english if text not in messages and text not in PROPER_NAMES})
    assert missing == [], "mark these with locale_str(...) where they are declared"
    assert f"Days away (1 to {VACATION_DAYS})" in " ".join(english)  # written out in cogs/your_turn.py


async def test_the_pseudo_locale_reaches_the_sync_payload_and_fits_discords_limits(host: Host) -> None:
    translator = CatalogueTranslator(words_for=lambda locale: language(PSEUDO))
    payload = await sync_payload(host, translator)
    locales = {locale.value for locale in discord.Locale}
    translated = kept = 0
    for command in payload:
        for obj in names(command):  # names stay English: "/keryo-pente move" in every language
            assert not obj.get("name_localizations"), obj["name"]
        for key, obj, english in texts(command):
            localised = obj.get(f"{key}_localizations") or {}
            assert len(english) <= DESCRIPTION_LIMIT
            if english in PROPER_NAMES:
                assert localised == {}, english
                continue
            expected = pseudo(english)
            if len(expected) <= DESCRIPTION_LIMIT:
                assert localised == dict.fromkeys(locales, expected), english
                translated += 1
            else:  # too long for Discord: English, never cut, never a failed sync
                assert localised == {}, english
                assert {(locale, english) for locale in locales} <= translator.too_long
                kept += 1
            assert all(len(text) <= DESCRIPTION_LIMIT for text in localised.values())
    assert translated > 50
    assert kept < translated, "most descriptions fit even 40% longer"


async def test_english_readers_get_no_localisations(host: Host) -> None:
    payload = await sync_payload(host, CatalogueTranslator())
    for command in payload:
        for key, obj, english in texts(command):
            for locale, text in (obj.get(f"{key}_localizations") or {}).items():
                assert locale not in ("en-US", "en-GB") and text != english


async def test_every_shipped_catalogues_command_texts_fit_discords_limits(host: Host) -> None:
    """A translation longer than Discord allows would be shown in English: the test names it, for
    the translator to shorten."""
    payload = await sync_payload(host, CatalogueTranslator())
    command_texts = {english for command in payload for _, _, english in texts(command)}
    too_long = [
        (code, message.id)
        for code in SHIPPED
        for message in catalogue(code)
        if message.id in command_texts
        and isinstance(message.string, str)
        and len(message.string) > DESCRIPTION_LIMIT
    ]
    assert too_long == []
