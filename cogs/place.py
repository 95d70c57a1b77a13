"""Where an interaction happened, as the host files matches.

A match belongs to a server and a channel. In a direct message or a group DM there is no server:
the channel's id stands in for it (channel and server ids are both snowflakes, never equal).
Where the bot cannot post on its own — a DM or group DM, or a server that did not install the bot
and is reached through a user's install of it — the match is private: only the answers to
interactions show it, and it counts for the ratings across all servers only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import discord
from discord import app_commands

from .errors import CogError
from .language import private

Declared = TypeVar("Declared")

ANY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
"""A player's command works through a server's install of the bot and through their own."""
ANY_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
"""A player's command works in a server, in the bot's DM and in any DM or group DM."""


def anywhere(command: Declared) -> Declared:
    """Declare a player's command (or a GroupCog of them) usable wherever the player is: every
    install, every context. Each command says where it works; none relies on Discord's default."""
    installs = app_commands.allowed_installs(guilds=True, users=True)
    contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    return installs(contexts(command))


def server_only(command: Declared) -> Declared:
    """Declare a command about one server (its settings): a server's install, in the server."""
    installs = app_commands.allowed_installs(guilds=True, users=False)
    contexts = app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
    return installs(contexts(command))


@dataclass(frozen=True)
class Place:
    scope_id: int
    """The server's id, or the channel's for a direct message or group DM."""
    channel_id: int
    private: bool
    """The bot cannot post here on its own: only interactions show the match."""


def place_of(interaction: discord.Interaction) -> Place:
    channel_id = interaction.channel_id
    if channel_id is None:
        raise CogError(
            private(interaction).gettext(
                "This cannot be used here: open or join a game in a channel or a direct message."
            )
        )
    if interaction.guild_id is None:
        return Place(channel_id, channel_id, private=True)
    return Place(interaction.guild_id, channel_id, private=not interaction.is_guild_integration())


def scope_of(interaction: discord.Interaction) -> int | None:
    """The id matches of this place are filed under (None where there is no channel either)."""
    return interaction.guild_id or interaction.channel_id
