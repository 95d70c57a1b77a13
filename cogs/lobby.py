"""`/<game> new`: each game declares only what is its own, `lobby_command` adds the rest.

A game's cog writes its `new` command as a plain method that takes the game's own options and
returns the `Lobby` to open:

    @lobby_command(
        locale_str("Open a Keibot lobby in this channel"),
        setup=Choices(locale_str("Where the Moai start (default: closed)"), SETUPS),
    )
    def new(self, setup: str = "closed") -> Lobby:
        return Lobby(seats=2, options={"setup": setup})

`lobby_command` turns it into the slash command: the game's options (discord.py reads them from
the method's signature; the keyword arguments describe them, `Choices` with the values to choose
from), then the options every game shares: `opponent` (people or the computer), `level` (the
computer's strength) and, with `invite=True`, a member to invite. The command opens the lobby
with `GameCog.open_lobby` (declared in `GameCogBase`, cogs/game_base.py).

Every description and choice name is a `locale_str`: extraction finds it for the catalogues, and
`CatalogueTranslator` (cogs/language.py) gives Discord its translations at the sync.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from host import COMPUTER_LEVELS

from .game_base import GameCogBase

PEOPLE, COMPUTER = "people", "computer"
DEFAULT_LEVEL = "normal"
OPPONENT_CHOICES = [
    app_commands.Choice(name=locale_str("people (open a lobby)"), value=PEOPLE),
    app_commands.Choice(name=locale_str("the computer (start now)"), value=COMPUTER),
]
LEVEL_NAMES = {"easy": locale_str("easy"), "normal": locale_str("normal"), "hard": locale_str("hard")}
"""The computer's levels as Discord shows them (translated; the value stays the level)."""
LEVEL_CHOICES = [app_commands.Choice(name=LEVEL_NAMES[level], value=level) for level in COMPUTER_LEVELS]
SHARED_DESCRIPTIONS = {
    "opponent": locale_str("Play against people (an open lobby) or against the computer (default: people)"),
    "level": locale_str("The computer's strength (default: normal)"),
    "invite": locale_str("A member to invite: the lobby message mentions them"),
    "thread": locale_str("Play the match in a thread of its own (default: as the server is set up)"),
}


@dataclass(frozen=True)
class Lobby:
    """What a game's `new` command asks for: how many seats, and the game's options."""

    seats: int
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Choices:
    """An option's description and the values offered for it."""

    description: locale_str
    choices: Sequence[app_commands.Choice[Any]]


LobbyOptions = Callable[..., Lobby]
"""A game's `new` method: (self, <the game's options>) -> Lobby."""


def _parameter(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=annotation, default=default
    )


def _signature(options: LobbyOptions, *, invite: bool) -> inspect.Signature:
    """The command's signature: self, interaction, the game's options (with their annotations
    resolved in the game's module), opponent, level and maybe invite."""
    hints = typing.get_type_hints(options)
    own = [
        parameter.replace(annotation=hints[parameter.name])
        for parameter in list(inspect.signature(options).parameters.values())[1:]
    ]
    shared = [_parameter("opponent", str, PEOPLE), _parameter("level", str, DEFAULT_LEVEL)]
    if invite:
        shared.append(_parameter("invite", discord.Member | None, None))
    shared.append(_parameter("thread", bool | None, None))
    first = [_parameter("self", inspect.Parameter.empty, inspect.Parameter.empty)]
    first.append(_parameter("interaction", discord.Interaction, inspect.Parameter.empty))
    return inspect.Signature([*first, *own, *shared])


def lobby_command(
    description: locale_str, *, invite: bool = False, **described: locale_str | Choices
) -> Callable[[LobbyOptions], app_commands.Command[Any, ..., None]]:
    """The `new` command of a game (see the module docstring): `description` of the command,
    the descriptions (and choices) of the game's own options, `invite` to offer an invitation."""
    descriptions = {
        name: text if isinstance(text, locale_str) else text.description for name, text in described.items()
    }
    choices = {name: list(text.choices) for name, text in described.items() if isinstance(text, Choices)}

    def command(options: LobbyOptions) -> app_commands.Command[Any, ..., None]:
        async def new(cog: GameCogBase, interaction: discord.Interaction, **chosen: Any) -> None:
            opponent, level, member = chosen.pop("opponent"), chosen.pop("level"), chosen.pop("invite", None)
            thread = chosen.pop("thread")
            lobby = options(cog, **chosen)
            await cog.open_lobby(
                interaction,
                seats=lobby.seats,
                options=lobby.options,
                opponent=opponent,
                level=level,
                invite=member,
                thread=thread,
            )

        # discord.py reads the options from the signature, and needs the qualified name of a
        # method (Class.new) to know the first parameter is the cog.
        new.__signature__ = _signature(options, invite=invite)  # type: ignore[attr-defined]
        new.__qualname__ = options.__qualname__
        new.__module__ = options.__module__
        shared = {name: text for name, text in SHARED_DESCRIPTIONS.items() if invite or name != "invite"}
        described_new = app_commands.describe(**descriptions, **shared)(new)
        chosen_new = app_commands.choices(**choices, opponent=OPPONENT_CHOICES, level=LEVEL_CHOICES)(
            described_new
        )
        return app_commands.command(name="new", description=description)(chosen_new)

    return command
