"""`GameCogBase`: what the parts of a game cog declare to each other, and its table of actions.

A game cog (`GameCog`, cogs/game_cog.py) is made of sibling parts, each a mixin over this one
base and nothing else: `MatchMessages` (cogs/match_message.py: the match message),
`ButtonAnswers` (cogs/dispatch.py: what a click does) and, for a game with a step-by-step move
builder, `BuilderAnswers` (cogs/builder.py). A part reads the others only through what this base
declares (the host, the game, and the abstract methods below), so each file can be read alone,
and the game cog class lists its parts once (as Red's `redbot/cogs/mod/abc.py` `MixinMeta`).

A method marked `@component_action(<action>, defer=…)` answers the clicks on components with that
action. The marks are collected once, when a class is created (as discord.py's `CogMeta`
collects listeners), into the class's `component_actions`: action -> handler. A click looks its action up
there (cogs/dispatch.py); two methods answering one action are an error at class creation.
"""

from __future__ import annotations

import contextlib
from abc import ABCMeta, abstractmethod
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

import discord
from discord.ext import commands

from host import Host, MatchSnapshot
from rules import Game
from rules.text import Words

from .components import Press


class Defer(Enum):
    """How a component action acknowledges a click before it does its work."""

    PUBLIC = "public"
    """The answer is a new public match message."""
    PRIVATE = "private"
    """The answer is seen only by the user."""
    NONE = "none"
    """The action answers at once, without reading the store."""


ActionMethod = Callable[[Any, discord.Interaction, Press], Awaitable[None]]
F = TypeVar("F", bound=ActionMethod)
ACTION_MARK = "__tavern_action__"
"""The attribute `component_action` sets on the method it marks: (action, Defer)."""


def component_action(name: str, *, defer: Defer) -> Callable[[F], F]:
    """Mark a game cog's method as the answer to clicks on components with this action name
    (a `ButtonAction`, or a game's own name)."""

    def mark(method: F) -> F:
        setattr(method, ACTION_MARK, (str(name), defer))
        return method

    return mark


class Action(NamedTuple):
    """The answer to one action: the method (called with the cog, the interaction and the press)
    and how it acknowledges the click."""

    handler: ActionMethod
    defer: Defer


class DuplicateAction(TypeError):
    """Two methods of one game cog answer the same action (raised when the class is created)."""


def collect_actions(cls: type) -> Mapping[str, Action]:
    """action -> its answer, for every marked method of `cls` and its bases. A method that
    overrides a marked one by name answers in its place; two methods of different names marked
    with the same action are a `DuplicateAction`."""
    marked: dict[str, tuple[str, Defer, type]] = {}  # method name -> (action, defer, class marking it)
    for klass in reversed(cls.__mro__):
        for attribute, value in vars(klass).items():
            mark = getattr(value, ACTION_MARK, None)
            if mark is not None:
                marked[attribute] = (mark[0], mark[1], klass)
    actions: dict[str, Action] = {}
    answered_by: dict[str, str] = {}
    for attribute, (action, defer, klass) in marked.items():
        where = f"{klass.__qualname__}.{attribute}"
        if action in answered_by:
            raise DuplicateAction(
                f"{cls.__qualname__}: the action {action!r} is answered by both {answered_by[action]} "
                f"and {where}; give one of them another action name."
            )
        answered_by[action] = where
        actions[action] = Action(getattr(cls, attribute), defer)
    return MappingProxyType(actions)


@dataclass(frozen=True)
class Picture:
    """What a match message needs from the slow, threaded part: the PNG and the move menu."""

    png: bytes | None
    menu: tuple[tuple[str, str], ...] = ()
    """(notation, description) of each legal move, when there are few enough for a menu."""
    alt: str = ""
    """The picture's alt text (`render.describe`), for screen readers."""


class GameCogBase(metaclass=ABCMeta):
    """The declared base of a game cog's parts (see the module docstring): what one part may
    use of another. The game cog provides `host` and `game`; every abstract method is made by
    exactly one part, named in its section."""

    host: Host
    game: Game
    game_key: str
    component_actions: ClassVar[Mapping[str, Action]] = MappingProxyType({})
    """action -> its answer, collected when the class is created (`collect_actions`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.component_actions = collect_actions(cls)

    # -- hooks of a game ---------------------------------------------------------------------------

    @abstractmethod
    def picture(
        self, snapshot: MatchSnapshot, *, with_menu: bool = True, words: Words | None = None
    ) -> Picture:
        """The slow part of a match message (runs in a thread): the board, the move menu
        (MatchMessages draws the board; a game may add what its components need); its text and
        alt text in `words` (None: the match message's language)."""

    def extra_components(
        self, snapshot: MatchSnapshot, picture: Picture, words: Words | None = None
    ) -> list[discord.ui.Item[Any]]:
        """A game's own components in rows 2–4 (none; the move builder adds its first menu), in
        `words` (None: the channel's language)."""
        return []

    # -- the match message (MatchMessages) ---------------------------------------------------------

    @abstractmethod
    async def publish(
        self,
        interaction: discord.Interaction,
        snapshot: MatchSnapshot,
        *,
        note: str | None = None,
        ping: bool = False,
        rematch_for: Sequence[int] = (),
    ) -> None:
        """Send the new match message in answer to the interaction that changed the match (the
        options the other parts pass; the game cog's own commands also invite a member)."""

    @abstractmethod
    async def show_board(
        self, interaction: discord.Interaction, snapshot: MatchSnapshot, *, note: str | None = None
    ) -> None:
        """The current board, for the user only."""

    # -- the answers to clicks (ButtonAnswers) -----------------------------------------------------

    @abstractmethod
    def stale_answer(
        self, interaction: discord.Interaction, match_id: int
    ) -> contextlib.AbstractAsyncContextManager[None]:
        """Around a change: a turn that moved on meanwhile is answered with the current board."""

    @abstractmethod
    async def current(self, press: Press) -> MatchSnapshot:
        """The clicked match, which must be one of this game's, and of the click's server."""

    @staticmethod
    @abstractmethod
    def check_ply(snapshot: MatchSnapshot, press: Press) -> None:
        """Refuse a click on a component drawn at an earlier ply."""

    # -- the commands (GameCog) --------------------------------------------------------------------

    @abstractmethod
    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        seats: int,
        options: Mapping[str, Any],
        opponent: str,
        level: str,
        invite: discord.abc.User | None,
        thread: bool | None,
    ) -> None:
        """What every game's `new` command does (cogs/lobby.py): open a lobby and show it."""


class GameCogMeta(commands.CogMeta, ABCMeta):
    """The metaclass of a game cog: a discord.py cog whose declared base is abstract (a game
    cog missing one of the base's methods cannot be made)."""
