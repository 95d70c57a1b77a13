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
from typing import Any

import discord

from host import Host, Language, StoreUnavailable, language

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
