"""Discord glue: slash commands, buttons, autocomplete, embeds. Thin: no game logic, no SQL.

A new game adds its cog class (a `GameCog` subclass with its own `new`) to `GAME_COGS`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from host import Host

from .base import Defer, GameCog, component_action
from .components import MatchComponent, Press
from .errors import APOLOGY, CogError, TavernTree, report_error
from .general import GeneralCog
from .keryo_pente import KeryoPenteCog

GAME_COGS: tuple[type[GameCog], ...] = (KeryoPenteCog,)
"""Every game's cog, in the order `/help` lists them."""

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[discord.ui.Item[Any]]], ...] = (MatchComponent,)
"""The components that answer clicks on messages sent before a restart."""


def make_cogs(host: Host) -> list[commands.Cog]:
    """Every cog of the bot, sharing one host."""
    return [*(cog(host) for cog in GAME_COGS), GeneralCog(host)]


__all__ = [
    "APOLOGY",
    "DYNAMIC_ITEMS",
    "GAME_COGS",
    "CogError",
    "Defer",
    "GameCog",
    "GeneralCog",
    "KeryoPenteCog",
    "MatchComponent",
    "Press",
    "TavernTree",
    "component_action",
    "make_cogs",
    "report_error",
]
