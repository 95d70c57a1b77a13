"""The step-by-step move builder, for players who do not know a game's notation.

Its first step is a menu on the match message (`ButtonAction.BUILD_START`); choosing there opens
a private message for the player to move (a `Screen`), whose buttons and menus
(`ButtonAction.BUILD_STEP`) edit that message one choice at a time, until its Play button
(`ButtonAction.BUILD_PLAY`) plays the move through the host like `/<game> move`. The builder
keeps no state: the progress so far (a game's `Draft`) travels in each component's custom_id, so
a builder survives a restart, and a click on an older turn's builder is refused.

A game's builder subclasses `BuilderScreens` (its screens and how its draft is written) and its
cog lists `BuilderAnswers` before `GameCog` (`class KerbogeCog(BuilderAnswers, GameCog, …)`):
that part, a mixin over `GameCogBase` (cogs/game_base.py) like the game cog's other parts,
answers the builder's clicks; see Glass Bead and Kerboge.
"""

from __future__ import annotations

import contextlib
from abc import abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import discord

from host import MatchSnapshot
from rules import State
from rules.text import Words

from .components import ButtonAction, MatchComponent, Press
from .errors import CogError
from .game_base import Defer, GameCogBase, Picture, component_action
from .language import channel, private
from .observe import answered
from .replies import NO_PINGS, send_private, user_mention

FIELD_MARK = "~"
"""Between a menu's draft and the field its choice fills, in the menu's `arg`."""


class DamagedDraft(ValueError):
    """A builder's custom_id that reads as no draft (damaged or forged); `menu`: a menu's, else a
    button's. The builder's answers refuse it in the clicker's language."""

    def __init__(self, *, menu: bool = False) -> None:
        super().__init__("a damaged builder component")
        self.menu = menu


@dataclass
class Screen:
    """One step of a private step-by-step move builder: its message's text and components
    (`MatchComponent`s carrying the progress in their `arg`, so it survives restarts)."""

    text: str
    items: list[discord.ui.Item[Any]]

    def view(self) -> discord.ui.View | None:
        if not self.items:
            return None
        view = discord.ui.View(timeout=None)
        for item in self.items:
            view.add_item(item)
        return view


class Draft(Protocol):
    """A step-by-step builder's progress, written into its components' custom_id."""

    def encode(self) -> str: ...


StateT = TypeVar("StateT", bound=State)
DraftT = TypeVar("DraftT", bound=Draft)


class BuilderScreens(Generic[StateT, DraftT]):
    """What every game's step-by-step move builder shares: the match, turn and seat it builds
    for, and its components, whose custom_id carries the draft so far. A game subclasses it,
    names its `state_type`, and adds its screens and the hooks below. It speaks in `words`: the
    mover's own language for its private screens, the channel's for its first menu on the match
    message."""

    state_type: ClassVar[type[State]]

    @classmethod
    def for_mover(cls, snapshot: MatchSnapshot, words: Words) -> Self | None:
        """The builder for the player to move, when a person (not resigned) is to move."""
        seat = snapshot.seat_to_move
        state = snapshot.state
        if seat is None or seat.user_id is None or seat.resigned or not isinstance(state, cls.state_type):
            return None
        return cls(snapshot, state, seat.index, words)  # type: ignore[arg-type]  # checked: state_type is StateT

    def __init__(self, snapshot: MatchSnapshot, state: StateT, seat: int, words: Words) -> None:
        self.snapshot = snapshot
        self.state = state
        self.seat = seat
        self.words = words

    # -- hooks of a game's builder --------------------------------------------------------------

    def first_menu(self, picture: Picture) -> MatchComponent | None:
        """The builder's first step, on the match message (action BUILD_START, row 2)."""
        raise NotImplementedError

    def screen(self, draft: DraftT) -> Screen:
        """The private message for `draft`."""
        raise NotImplementedError

    def decode(self, arg: str) -> DraftT:
        """The draft a button's `arg` names."""
        raise NotImplementedError

    def with_choice(self, text: str, field: str, value: str) -> DraftT:
        """The draft after a menu whose `arg` was `text~field` got the choice `value`."""
        raise NotImplementedError

    def notation(self, arg: str | None) -> str | None:
        """The move of the Play button's `arg` in notation, or None when the draft is unfinished."""
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------------

    def chosen(self, press: Press) -> DraftT:
        """The draft a click leads to: a button's `arg`, or a menu's `arg` with its choice."""
        arg = press.arg or ""
        if FIELD_MARK not in arg:
            return self.decode(arg)
        text, field = arg.rsplit(FIELD_MARK, 1)
        if not press.values:
            raise CogError(self.words.gettext("Choose one of the options."))
        return self.with_choice(text, field, press.values[0])

    def address(self, action: ButtonAction) -> tuple[str, str, int, int]:
        """The game, action, match and turn of a component of this builder."""
        return self.snapshot.game.key, action, self.snapshot.id, self.snapshot.ply

    def button(
        self,
        action: ButtonAction,
        draft: Draft,
        label: str,
        *,
        row: int,
        emoji: str | None = None,
        style: discord.ButtonStyle | None = None,
        selected: bool = False,
        disabled: bool = False,
        arg: str | None = None,
    ) -> MatchComponent:
        """A button whose click leads to `draft` (`arg`: another argument instead); a `selected`
        one is highlighted."""
        chosen = style or (discord.ButtonStyle.primary if selected else discord.ButtonStyle.secondary)
        return MatchComponent.button(
            *self.address(action),
            label=label,
            emoji=emoji,
            style=chosen,
            arg=arg or draft.encode() or None,
            row=row,
            disabled=disabled,
        )

    def menu(
        self,
        action: ButtonAction,
        draft: Draft,
        field: str,
        options: list[discord.SelectOption],
        placeholder: str,
        *,
        row: int,
    ) -> MatchComponent:
        """A select menu whose choice fills `field` of `draft`."""
        return MatchComponent.select(
            *self.address(action),
            options=options,
            placeholder=placeholder,
            arg=f"{draft.encode()}{FIELD_MARK}{field}",
            row=row,
        )


class BuilderAnswers(GameCogBase):
    """The step-by-step move builder part of a game cog (see `BuilderScreens`): its first menu on
    the match message, and the answers to the builder's clicks. A game names its builder in
    `builder`."""

    @abstractmethod
    def builder(self, snapshot: MatchSnapshot, words: Words) -> BuilderScreens[Any, Any] | None:
        """The builder for the player to move, when a person is to move, speaking `words`."""

    def extra_components(
        self, snapshot: MatchSnapshot, picture: Picture, words: Words | None = None
    ) -> list[discord.ui.Item[Any]]:
        """The builder's first step, on the match message (in the channel's language unless the
        match message gives its own `words`)."""
        builder = self.builder(snapshot, words or channel(self.host, snapshot.guild_id))
        if builder is None or snapshot.is_over:
            return []
        menu = builder.first_menu(picture)
        return [menu] if menu is not None else []

    async def mover_snapshot(
        self, interaction: discord.Interaction, press: Press
    ) -> tuple[MatchSnapshot, int]:
        """For a click on a move builder: the clicked match, still at the click's turn (else
        `StaleTurn`: the user gets the current board), and the seat of the user, who must be the
        person to move (else a refusal)."""
        snapshot = await self.current(press)
        self.check_ply(snapshot, press)
        words = private(interaction)
        seat = snapshot.seat_of(interaction.user.id)
        if seat is None:
            raise CogError(words.gettext("You are not playing in {title}.", title=snapshot.title))
        to_move = snapshot.seat_to_move
        if to_move is None or to_move.index != seat.index or seat.resigned:
            tag = user_mention(to_move.user_id) if to_move is not None else None
            if tag:
                raise CogError(
                    words.gettext(
                        "It is not your turn in {title}. {player} is to move.",
                        title=snapshot.title,
                        player=tag,
                    )
                )
            raise CogError(words.gettext("It is not your turn in {title}.", title=snapshot.title))
        return snapshot, seat.index

    @contextlib.contextmanager
    def refusing_damaged(self, words: Words) -> Iterator[None]:
        """A damaged builder component is refused, with what still works."""
        try:
            yield
        except DamagedDraft as damaged:
            command = f"`/{self.game.key} move`"
            if damaged.menu:
                refusal = words.gettext(
                    "That menu is damaged. Use {command}, or start the builder again.", command=command
                )
            else:
                refusal = words.gettext(
                    "That button is damaged. Use {command}, or start the builder again.", command=command
                )
            raise CogError(refusal) from None

    async def builder_for(self, interaction: discord.Interaction, press: Press) -> BuilderScreens[Any, Any]:
        """The builder of the clicked match, for the player to move only, at the click's turn."""
        snapshot, seat = await self.mover_snapshot(interaction, press)
        words = private(interaction)  # the builder's screens are the mover's own
        builder = self.builder(snapshot, words)
        if builder is None or builder.seat != seat:
            raise CogError(words.gettext("It is not your turn in {title}.", title=snapshot.title))
        return builder

    async def send_screen(self, interaction: discord.Interaction, screen: Screen, *, edit: bool) -> None:
        """Show a builder's screen to the user only: as a new private message, or (`edit`: a click
        on the builder's own message, acknowledged with `Defer.NONE`) by editing that message."""
        if edit and not interaction.response.is_done():
            answered(interaction)
            await interaction.response.edit_message(
                content=screen.text, view=screen.view(), allowed_mentions=NO_PINGS
            )
        else:
            await send_private(interaction, screen.text, view=screen.view())

    @component_action(ButtonAction.BUILD_START, defer=Defer.PRIVATE)
    async def build_started(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        with self.refusing_damaged(builder.words):
            screen = builder.screen(builder.chosen(press))
        await self.send_screen(interaction, screen, edit=False)

    @component_action(ButtonAction.BUILD_STEP, defer=Defer.NONE)
    async def build_step(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        with self.refusing_damaged(builder.words):
            screen = builder.screen(builder.chosen(press))
        await self.send_screen(interaction, screen, edit=True)

    @component_action(ButtonAction.BUILD_PLAY, defer=Defer.PUBLIC)
    async def build_played(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        with self.refusing_damaged(builder.words):
            text = builder.notation(press.arg)
        if text is None:
            raise CogError(
                builder.words.gettext("That move is not finished yet: make the remaining choices first.")
            )
        after = await self.host.play(press.match_id, interaction.user.id, text, expected_ply=press.ply)
        await self.publish(interaction, after, ping=True)
