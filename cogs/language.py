"""Which language each text is worded in (docs/languages.md):
- `private(interaction)`: a reply only its user sees (refusals, builders, `/settings`, `/mygames`,
  `/stats` to oneself) reads the locale of the person who used the command;
- `channel(host, guild_id)`: what a channel reads (match messages, lobbies, results, the board
  picture and its alt text, the leaderboard) reads the server's language;
- `player(host, user_id)`: what reaches a player when they are not there (a DM, a reminder, a
  turn notice) reads their own language, remembered from their last interaction.
Command and option *names* stay English in every language (one channel is shared by readers of
several languages, who tell each other "/keryo-pente move"); their descriptions and the choices'
names are translated (`CatalogueTranslator`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from host import Host, Language, StoreUnavailable, language
from host.language import SOURCE

log = logging.getLogger("tavern.language")


def private(interaction: discord.Interaction[Any]) -> Language:
    """The words of the person who used the command."""
    return language(interaction.locale.value)


def channel(host: Host, guild_id: int | None) -> Language:
    """The words of a server's channels (a DM channel: English; DM matches word each player's
    private text with `player`)."""
    return host.languages.for_server(guild_id)


def player(host: Host, user_id: int) -> Language:
    """The words of a player who is not there to ask (their last interaction's locale)."""
    return host.languages.for_player(user_id)


DESCRIPTION_LIMIT = 100
"""Discord's most characters of a command's, an option's or a choice's description or name."""
NAMES_KEPT = frozenset(
    {
        app_commands.TranslationContextLocation.command_name,
        app_commands.TranslationContextLocation.group_name,
        app_commands.TranslationContextLocation.parameter_name,
    }
)
"""What stays English in every language: the names people type and tell each other."""


class CatalogueTranslator(app_commands.Translator):
    """Descriptions of the commands, options and choices' names in each Discord locale's
    catalogue (set on the tree before the sync: `await bot.tree.set_translator(...)`).

    A text the catalogue leaves untranslated gets no localisation (Discord shows the English).
    A translation longer than Discord allows (100 characters) is not cut, which could end it
    mid-word, nor allowed to fail the whole sync: that one text falls back to English, and the
    log says which (the catalogue test checks every shipped catalogue fits, so this is a
    safety net). `words_for` chooses the words of a Discord locale (a test gives the
    pseudo-locale for every one)."""

    def __init__(self, words_for: Callable[[str], Language] = language) -> None:
        self.words_for = words_for
        self.too_long: set[tuple[str, str]] = set()
        """(locale, English) of each translation left out because it is too long."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in NAMES_KEPT or string.extras.get("proper_name"):
            return None
        english = string.message
        words = self.words_for(locale.value)
        if words.code == SOURCE:
            return None
        translated = words.gettext(english)
        if translated == english:
            return None
        if len(translated) > DESCRIPTION_LIMIT:
            if (locale.value, english) not in self.too_long:
                self.too_long.add((locale.value, english))
                log.warning(
                    "The %s translation of the command text %r is longer than Discord's %d characters: "
                    "shown in English",
                    locale.value,
                    english,
                    DESCRIPTION_LIMIT,
                )
            return None
        return translated


def proper_name(text: str) -> app_commands.locale_str:
    """A choice's name that stays as it is in every language (a game's title)."""
    return app_commands.locale_str(text, proper_name=True)


async def remember_languages(host: Host, interaction: discord.Interaction[Any]) -> None:
    """Note the locales an interaction shows, before it is handled: its user's (stored when it
    changed: their DMs and reminders read it) and its server's (what the server's channels read
    unless its admins chose a language). Called for every interaction (`TavernTree`, and the
    bot's listener for components and forms)."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale is not None else None
    try:
        await host.heard(
            interaction.user.id,
            interaction.locale.value,
            interaction.guild_id,
            guild_locale,
            channel_id=interaction.channel_id,
        )
    except StoreUnavailable:  # the command still runs; the outage is logged where it is met
        log.debug("Could not store the locale of user %s", interaction.user.id)
