"""Buttons and select menus that survive restarts.

Every component of a match message is a `MatchComponent`: its `custom_id` carries everything the
click needs (`tavern:<game>:<action>:<match id>:<ply>[:<arg>]`), so the bot keeps no state per
message. One `DynamicItem` class, registered once in `setup_hook`, answers every such click,
also on messages sent before a restart: it finds the loaded game cog for `<game>` and hands it
the click (`GameCog.on_component`, see cogs/dispatch.py), which checks the ply against the
stored match. `ButtonAction` names the actions the shared components carry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, cast, runtime_checkable

import discord
from discord.ext import commands

from rules.text import clip

from .errors import report_error
from .language import private
from .observe import timed
from .place import scope_of
from .replies import send_private

PREFIX = "tavern"
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
OPTION_TEXT_LIMIT = 100
PLACEHOLDER_LIMIT = 150
MENU_LIMIT = 25
"""Discord's limits: custom_id 100 characters, button label 80, select option label/value/description
100, select placeholder 150; 25 options in a select menu (and 25 autocomplete suggestions)."""

TEMPLATE = re.compile(
    rf"{PREFIX}:(?P<game>[a-z0-9-]+):(?P<action>[a-z0-9-]+):(?P<match>[0-9]+):(?P<ply>[0-9]+)(?::(?P<arg>.+))?"
)


class ButtonAction(StrEnum):
    """The `<action>` of the components every game shares. These strings stand in the custom_ids
    of messages Discord keeps: changing one breaks the buttons of every message already sent."""

    JOIN = "join"
    START = "start"
    ADD_COMPUTER = "add-computer"
    LEAVE = "leave"
    BOARD = "board"
    DRAW = "draw"
    RESIGN = "resign"
    """Asks to confirm, privately."""
    RESIGN_CONFIRMED = "resign-yes"
    MOVE = "move"
    """The menu of legal moves."""
    BUILD_START = "build"
    """A move builder's first menu, on the match message: opens the private builder."""
    BUILD_STEP = "step"
    """Every later step of a move builder, on its private message: edits that message."""
    BUILD_PLAY = "build-play"
    """A move builder's last button: plays the move."""
    DRAW_DECLINE = "draw-no"
    TAKEBACK_ACCEPT = "takeback-yes"
    TAKEBACK_DECLINE = "takeback-no"
    REMATCH = "rematch"
    """On a finished match's message: opens its rematch."""
    DECLINE = "decline"
    """On a lobby holding a seat for an invited player: they decline the invitation."""
    RELEASE = "release"
    """On a lobby holding a seat for an invited player: its creator frees the seat for anyone."""


@dataclass(frozen=True)
class Press:
    """One click on a match component, as its custom_id and Discord describe it."""

    game: str
    action: str
    """A `ButtonAction`, a game's own action, or one a newer version no longer knows."""
    match_id: int
    ply: int
    arg: str | None = None
    values: tuple[str, ...] = ()
    """The chosen options, for a select menu."""
    clicked_in: tuple[int | None] | None = None
    """For a click: the server it happened in (None for a direct message), which must be the
    match's; None for a component being built."""
    message_id: int | None = None
    """The public message clicked (None on a private one): after a takeback plies repeat, and only
    the match's current message may act on the position."""


def custom_id(game: str, action: str, match_id: int, ply: int, arg: str | None = None) -> str:
    text = f"{PREFIX}:{game}:{action}:{match_id}:{ply}" + (f":{arg}" if arg else "")
    if len(text) > CUSTOM_ID_LIMIT or not TEMPLATE.fullmatch(text):
        raise ValueError(f"not a valid component id: {text!r}")
    return text


@runtime_checkable
class ComponentHandler(Protocol):
    """What a cog offers to answer clicks for its game (GameCog does)."""

    game_key: str

    async def on_component(self, interaction: discord.Interaction, press: Press) -> None: ...


def handler_for(client: discord.Client, game: str) -> ComponentHandler | None:
    if not isinstance(client, commands.Bot):
        return None
    for cog in client.cogs.values():
        if isinstance(cog, ComponentHandler) and cog.game_key == game:
            return cog
    return None


class MatchComponent(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """A stateless button or select menu of a match message (see the module docstring)."""

    def __init__(self, item: discord.ui.Item[Any], press: Press) -> None:
        super().__init__(item)
        self.press = press

    @classmethod
    def button(
        cls,
        game: str,
        action: str,
        match_id: int,
        ply: int,
        *,
        label: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
        arg: str | None = None,
        row: int | None = None,
        disabled: bool = False,
    ) -> MatchComponent:
        item: discord.ui.Button[Any] = discord.ui.Button(
            label=clip(label, LABEL_LIMIT),
            style=style,
            emoji=emoji,
            custom_id=custom_id(game, action, match_id, ply, arg),
            row=row,
            disabled=disabled,
        )
        return cls(item, Press(game, action, match_id, ply, arg))

    @classmethod
    def select(
        cls,
        game: str,
        action: str,
        match_id: int,
        ply: int,
        *,
        options: list[discord.SelectOption],
        placeholder: str,
        arg: str | None = None,
        row: int | None = None,
    ) -> MatchComponent:
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id(game, action, match_id, ply, arg),
            placeholder=clip(placeholder, PLACEHOLDER_LIMIT),
            options=options[:MENU_LIMIT],
            row=row,
        )
        return cls(item, Press(game, action, match_id, ply, arg))

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> MatchComponent:
        return cls(item, press_of(interaction, match))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer_press(interaction, self.press)


def press_of(interaction: discord.Interaction, match: re.Match[str]) -> Press:
    """The click an interaction on a match component is, from its custom_id and chosen values."""
    data: Mapping[str, Any] = cast("Mapping[str, Any]", interaction.data or {})
    values = data.get("values", [])
    return Press(
        game=match["game"],
        action=match["action"],
        match_id=int(match["match"]),
        ply=int(match["ply"]),
        arg=match["arg"],
        values=tuple(str(v) for v in values) if isinstance(values, list) else (),
        clicked_in=(scope_of(interaction),),
        message_id=message.id if (message := interaction.message) and not message.flags.ephemeral else None,
    )


async def answer_press(interaction: discord.Interaction, press: Press) -> None:
    """Hand a click to its game's cog. discord.py only logs what a dynamic item's callback
    raises: the user is answered here."""
    with timed(interaction, "component"):
        await _answer_press(interaction, press)


async def _answer_press(interaction: discord.Interaction, press: Press) -> None:
    try:
        handler = handler_for(interaction.client, press.game)
        if handler is None:
            words = private(interaction)
            await send_private(
                interaction, words.gettext("This game is not available right now. Please try later.")
            )
            return
        await handler.on_component(interaction, press)
    except Exception as error:
        await report_error(interaction, error)


async def answer_removed_component(interaction: discord.Interaction) -> None:
    """A listener for every interaction: a click on a match component that is no longer on its
    message (the bot took it off a moment before, and the player's client still showed it).

    discord.py finds a dynamic item only among the message's current components and drops such
    a click unanswered, and the player would see "This interaction failed". It is answered here
    like any click, so an old position's button or menu is refused as stale."""
    match = removed_click(interaction, TEMPLATE)
    if match is None:
        return  # not ours, or discord.py hands it to MatchComponent
    await answer_press(interaction, press_of(interaction, match))


def removed_click(interaction: discord.Interaction, template: re.Pattern[str]) -> re.Match[str] | None:
    """The custom_id (matched by `template`) of a click on a component that is no longer on its
    message, which discord.py drops; None for any other interaction."""
    if interaction.type != discord.InteractionType.component:
        return None
    data: Mapping[str, Any] = cast("Mapping[str, Any]", interaction.data or {})
    pressed = data.get("custom_id")
    match = template.fullmatch(pressed) if isinstance(pressed, str) else None
    if match is None or pressed in component_ids(interaction.message):
        return None
    return match


def component_ids(message: discord.Message | None) -> set[str]:
    """The custom_ids of a message's components, as discord.py finds them."""
    if message is None:
        return set()
    view = discord.ui.View.from_message(message, timeout=None)
    return {
        custom for item in view.walk_children() if isinstance(custom := getattr(item, "custom_id", None), str)
    }
