"""Discord glue, the largest layer: slash commands, buttons and menus that survive restarts,
autocomplete, the match message and where it goes (channel, thread, direct message), step-by-step
move builders, the ladder and statistics pages, the turn-clock sweep and each server's settings.
It decides no rule (the host plays every move through `rules`) and writes no SQL (the host stores
everything); what it owns is what players read and click.

Where things are: `game_cog.GameCog` (the commands every game shares) lists its sibling parts,
`match_message.MatchMessages` (the match message: picture, embed, components, publishing) and
`dispatch.ButtonAnswers` (what a click on them does), mixins over the declared base
`game_base.GameCogBase`, which also collects each cog's `component_actions` when its class is
made; `lobby.lobby_command` makes a game's `new` command; `builder` is the step-by-step move
builder; `components` the restart-proof buttons; `messages` the texts and embeds; `replies` how
an interaction is answered; `errors` the one error path; `notices` how a player is told it is
their turn; `general`, `ladder`, `your_turn`, `config`, `tournaments` (`/tournament`: its sign-up, thread,
standings and rounds) and `clock` the cogs that are not a game's; `threads` where a threaded
match's messages go.

Adding a game (its rules in `rules.GAMES` and its picture in `render` come first):

1. `cogs/<game>.py`: `class KeibotCog(GameCog, group_name="keibot")`: the group name is the
   game's key in `rules.GAMES`, and the class docstring the command group's description
   (discord.py reads it). Its one `new` method takes only the game's own options and returns the
   lobby to open, under `lobby_command` (cogs/lobby.py), which adds the options every game has
   (opponent, level):

       @lobby_command("Open a Keibot lobby in this channel", setup=Choices("Where…", SETUPS))
       def new(self, setup: str = "closed") -> Lobby:
           return Lobby(seats=2, options={"setup": setup})

   join, start, leave, move (with autocomplete from `State.suggest`), board, resign, draw and
   rules come from GameCog, and so do the match message, its buttons and the menu of legal
   moves when there are 25 or fewer (`move_menu = False` turns it off).
2. Add the class to `GAME_COGS` below.
3. Extras, when the game needs them: override `extra_components(snapshot, picture)` to add
   `MatchComponent.button(...)`/`.select(...)` items in rows 2–4, and answer their clicks with a
   method marked `@component_action("<action>", defer=Defer.…)` (an action answered twice is an
   error when the class is made); override `picture()` (it runs in a thread) to compute what
   those components need. A step-by-step move builder lists `BuilderAnswers` before `GameCog`
   (`class KerbogeCog(BuilderAnswers, GameCog, group_name="kerboge")`) and subclasses
   `BuilderScreens` for its screens (see Glass Bead and Kerboge): that part answers the
   builder's clicks. No change to bot.py is needed.
"""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from host import Host

from .builder import BuilderAnswers, BuilderScreens, Screen
from .components import ButtonAction, MatchComponent, Press
from .config import TavernCog
from .errors import APOLOGY, CogError, TavernTree, report_error
from .game_base import Defer, DuplicateAction, GameCogBase, component_action
from .game_cog import GameCog
from .general import GeneralCog
from .glass_bead import GlassBeadCog
from .keibot import KeibotCog
from .kerboge import KerbogeCog
from .keryo_pente import KeryoPenteCog
from .ladder import LadderCog, LadderPage, PrivacyButton
from .lobby import Choices, Lobby, lobby_command
from .tournaments import TournamentButton, TournamentCog
from .verquere import VerquereCog
from .your_turn import YourTurnCog

GAME_COGS: tuple[type[GameCog], ...] = (KeryoPenteCog, KeibotCog, GlassBeadCog, VerquereCog, KerbogeCog)
"""Every game's cog, in the order `/help` lists them."""

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[discord.ui.Item[Any]]], ...] = (
    MatchComponent,
    LadderPage,
    PrivacyButton,
    TournamentButton,
)
"""The components that answer clicks on messages sent before a restart."""


def make_cogs(host: Host) -> list[commands.Cog]:
    """Every cog of the bot, sharing one host."""
    return [
        *(cog(host) for cog in GAME_COGS),
        GeneralCog(host),
        LadderCog(host),
        YourTurnCog(host),
        TavernCog(host),
        TournamentCog(host),
    ]


__all__ = [
    "APOLOGY",
    "DYNAMIC_ITEMS",
    "GAME_COGS",
    "BuilderAnswers",
    "BuilderScreens",
    "ButtonAction",
    "Choices",
    "CogError",
    "Defer",
    "DuplicateAction",
    "GameCog",
    "GameCogBase",
    "GeneralCog",
    "GlassBeadCog",
    "KeibotCog",
    "KerbogeCog",
    "KeryoPenteCog",
    "Lobby",
    "MatchComponent",
    "Press",
    "Screen",
    "TavernCog",
    "TavernTree",
    "TournamentCog",
    "VerquereCog",
    "YourTurnCog",
    "component_action",
    "lobby_command",
    "make_cogs",
    "report_error",
]
