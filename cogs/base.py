"""The shared base of every game cog: one `GroupCog` per game (`/keryo-pente`, `/keibot`, …).

`GameCog` holds every command a game has in common (join, start, leave, move, board, resign,
draw, rules), the match message (picture, embed, buttons, the move menu) and the answers to its
buttons. A game's cog subclasses it, names its game and adds its own `new` command, which calls
`open_lobby` with the game's options; game-specific extras plug in through the hooks
`extra_components` (more buttons or menus on the match message) and `@component_action`
(what a click on them does). A step-by-step move builder shows its steps in a private message
(`Screen`, `send_screen`) and checks each click with `mover_snapshot` (the clicking user must be
the player to move, at the click's turn). Commands stay short: acknowledge, call the host,
render, reply.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

import render
from host import COMPUTER_LEVELS, Host, MatchNotFound, MatchSnapshot, Player, StaleTurn, game_by_key
from host import MatchListing as MatchSummary
from rules import Game, State

from .components import OPTION_TEXT_LIMIT, MatchComponent, Press, clip
from .errors import CogError, report_error
from .messages import clean, image_name, invite_content, match_embed, summary_label, turn_content
from .replies import NO_PINGS, defer_private, defer_public, send_private, send_public

log = logging.getLogger("tavern.cogs")

DEFAULT_LEVEL = "normal"
"""The computer player's level when a lobby's button adds one."""
OPPONENT_CHOICES = [
    app_commands.Choice(name="people (open a lobby)", value="people"),
    app_commands.Choice(name="the computer (start now)", value="computer"),
]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in COMPUTER_LEVELS]


def opponent_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The `opponent` and `level` options every game's `new` command has (apply it under
    `@app_commands.command`, and give `new` the parameters `opponent: str = "people"` and
    `level: str = "normal"`)."""
    command = app_commands.choices(opponent=OPPONENT_CHOICES, level=LEVEL_CHOICES)(command)
    return app_commands.describe(
        opponent="Play against people (an open lobby) or against the computer (default: people)",
        level="The computer's strength (default: normal)",
    )(command)


MENU_LIMIT = 25
"""Discord's limit of options in a select menu, and of autocomplete suggestions."""


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


def component_action(name: str, *, defer: Defer) -> Callable[[F], F]:
    """Mark a GameCog method as the answer to clicks on components with this action name."""

    def mark(method: F) -> F:
        method.__tavern_action__ = (name, defer)  # type: ignore[attr-defined]
        return method

    return mark


@dataclass(frozen=True)
class Picture:
    """What a match message needs from the slow, threaded part: the PNG and the move menu."""

    png: bytes | None
    menu: tuple[tuple[str, str], ...] = ()
    """(notation, description) of each legal move, when there are few enough for a menu."""


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

BUILD_START = "build"
"""A move builder's first menu, on the match message: opens the private builder."""
BUILD_STEP = "step"
"""Every later step of a move builder, on its private message: edits that message."""
BUILD_PLAY = "build-play"
"""A move builder's last button: plays the move."""


class BuilderScreens(Generic[StateT, DraftT]):
    """What every game's step-by-step move builder shares: the match, turn and seat it builds
    for, and its components, whose custom_id carries the draft so far (so a builder survives a
    restart, and a click on an older turn's builder is refused). A game subclasses it, names its
    `game_key` and `state_type`, and adds its screens and the hooks below."""

    game_key: ClassVar[str]
    state_type: ClassVar[type[State]]

    @classmethod
    def for_mover(cls, snapshot: MatchSnapshot) -> Self | None:
        """The builder for the player to move, when a person (not resigned) is to move."""
        seat = snapshot.seat_to_move
        state = snapshot.state
        if seat is None or seat.user_id is None or seat.resigned or not isinstance(state, cls.state_type):
            return None
        return cls(snapshot, state, seat.index)  # type: ignore[arg-type]  # checked: state_type is StateT

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
        if "~" not in arg:
            return self.decode(arg)
        text, field = arg.rsplit("~", 1)
        if not press.values:
            raise CogError("Choose one of the options.")
        return self.with_choice(text, field, press.values[0])

    def __init__(self, snapshot: MatchSnapshot, state: StateT, seat: int) -> None:
        self.snapshot = snapshot
        self.state = state
        self.seat = seat

    def button(
        self,
        action: str,
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
            self.game_key,
            action,
            self.snapshot.id,
            self.snapshot.turn,
            label=label,
            emoji=emoji,
            style=chosen,
            arg=arg or draft.encode() or None,
            row=row,
            disabled=disabled,
        )

    def menu(
        self,
        action: str,
        draft: Draft,
        field: str,
        options: list[discord.SelectOption],
        placeholder: str,
        *,
        row: int,
    ) -> MatchComponent:
        """A select menu whose choice fills `field` of `draft`."""
        return MatchComponent.select(
            self.game_key,
            action,
            self.snapshot.id,
            self.snapshot.turn,
            options=options,
            placeholder=placeholder,
            arg=f"{draft.encode()}~{field}",
            row=row,
        )


@dataclass
class MatchMessage:
    content: str | None
    embed: discord.Embed
    file: discord.File | None
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions


@app_commands.guild_only()
class GameCog(commands.GroupCog):
    """Base of the game cogs; a subclass sets `game_key` and adds a `new` command."""

    game_key: ClassVar[str]
    move_menu: ClassVar[bool] = True
    """Offer a select menu of the legal moves on the match message when there are 25 or fewer."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.game: Game = game_by_key(self.game_key)
        self._actions: dict[str, tuple[str, Defer]] = {}
        for klass in reversed(type(self).__mro__):
            for attribute, value in vars(klass).items():
                marked = getattr(value, "__tavern_action__", None)
                if marked is not None:
                    self._actions[marked[0]] = (attribute, marked[1])

    # -- helpers for commands --------------------------------------------------------------------

    @staticmethod
    def place(interaction: discord.Interaction) -> tuple[int, int]:
        if interaction.guild_id is None or interaction.channel_id is None:
            raise CogError("The games are played in server channels, not in direct messages.")
        return interaction.guild_id, interaction.channel_id

    @staticmethod
    def player(interaction: discord.Interaction) -> Player:
        return Player(interaction.user.id, interaction.user.display_name)

    async def find(
        self, interaction: discord.Interaction, match: int | None, *, lobby: bool, seated: bool = True
    ) -> MatchSnapshot:
        """The match a command means (see `Host.resolve`): a lobby, or a match being played."""
        guild_id, channel_id = self.place(interaction)
        return await self.host.resolve(
            user_id=interaction.user.id,
            guild_id=guild_id,
            channel_id=channel_id,
            game_key=self.game.key,
            match_id=match,
            statuses=("lobby",) if lobby else ("playing",),
            seated=seated,
        )

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        seats: int,
        options: Mapping[str, Any],
        opponent: str = "people",
        level: str = "normal",
        invite: discord.abc.User | None = None,
    ) -> None:
        """What every game's `new` command does: open a lobby and show it; against the computer
        (`opponent="computer"`), every other seat is a computer player and the match starts.
        `invite`: a member asked to join; the lobby message mentions them (and pings only them)."""
        if invite is not None:
            self.check_invite(interaction, invite, opponent)
        await defer_public(interaction)
        guild_id, channel_id = self.place(interaction)
        snapshot = await self.host.new(
            guild_id=guild_id,
            channel_id=channel_id,
            creator=self.player(interaction),
            game_key=self.game.key,
            seats=seats,
            options=options,
            computers=level if opponent == "computer" else None,
        )
        await self.publish(interaction, snapshot, invite=invite)

    def check_invite(self, interaction: discord.Interaction, invite: discord.abc.User, opponent: str) -> None:
        """Refuse an invitation that makes no sense, before anything is stored."""
        if invite.id == interaction.user.id:
            raise CogError("You are already seated in the lobby you open: invite someone else.")
        if invite.bot:
            raise CogError(
                f"{clean(invite.display_name)} is a bot and cannot play. To play against the computer, "
                f"use `/{self.game.key} new opponent:computer`."
            )
        if opponent == "computer":
            raise CogError(
                "Against the computer every other seat is a computer player: "
                "invite a member or choose `opponent:computer`, not both."
            )

    @contextlib.asynccontextmanager
    async def stale_answer(self, interaction: discord.Interaction, match_id: int) -> AsyncIterator[None]:
        """A turn that moved on meanwhile is answered politely, with the current board."""
        try:
            yield
        except StaleTurn as stale:
            await self.show_board(interaction, await self.host.get(match_id), note=str(stale))

    # -- the match message ------------------------------------------------------------------------

    def picture(self, snapshot: MatchSnapshot, *, with_menu: bool = True) -> Picture:
        """The slow part of a match message (runs in a thread): the board, the move menu."""
        if snapshot.state is None:
            return Picture(None)
        png = render.board(snapshot.state, last_move=snapshot.last_move, names=snapshot.names)
        menu: tuple[tuple[str, str], ...] = ()
        if with_menu and self.move_menu and snapshot.seat_to_move is not None:
            moves = snapshot.state.legal_moves()
            if 0 < len(moves) <= MENU_LIMIT:
                menu = tuple((str(m), snapshot.state.describe_move(m)) for m in moves)
        return Picture(png, menu)

    def components(self, snapshot: MatchSnapshot, picture: Picture) -> list[discord.ui.Item[Any]]:
        """The buttons (and menus) of the match message; rows 0 and 1 are the base's."""
        key, match_id, turn = self.game.key, snapshot.id, snapshot.turn
        button = MatchComponent.button
        if snapshot.is_lobby:
            seated = f"{len(snapshot.seats)}/{snapshot.seat_count}"
            lobby: list[discord.ui.Item[Any]] = [
                button(
                    key,
                    "join",
                    match_id,
                    turn,
                    label=f"Join ({seated})",
                    style=discord.ButtonStyle.success,
                    row=0,
                ),
                button(key, "leave", match_id, turn, label="Leave", row=0),
                button(key, "add-computer", match_id, turn, label="Add computer", emoji="🤖", row=0),
            ]
            if self.game.starts_short:
                # Only where a lobby may begin before it is full; the others start when full.
                start = button(
                    key, "start", match_id, turn, label="Start", style=discord.ButtonStyle.primary, row=0
                )
                lobby.insert(1, start)
            return lobby
        if snapshot.is_over:
            return []
        draw_label = "Accept draw" if snapshot.draw_offer else "Offer draw"
        items: list[discord.ui.Item[Any]] = [
            button(key, "board", match_id, turn, label="Board", emoji="🔍", row=0),
            button(key, "draw", match_id, turn, label=draw_label, emoji="🤝", row=0),
            button(
                key,
                "resign",
                match_id,
                turn,
                label="Resign",
                emoji="🏳️",
                style=discord.ButtonStyle.danger,
                row=0,
            ),
        ]
        if picture.menu:
            seat = snapshot.seat_to_move
            options = [
                discord.SelectOption(
                    label=clip(notation, OPTION_TEXT_LIMIT),
                    value=notation[:OPTION_TEXT_LIMIT],
                    # Menus show plain text: the rules' Markdown backticks would show as they are.
                    description=clip(described.replace("`", ""), OPTION_TEXT_LIMIT)
                    if described != notation
                    else None,
                )
                for notation, described in picture.menu[:MENU_LIMIT]
            ]
            who = seat.label if seat is not None else "the player to move"
            items.append(
                MatchComponent.select(
                    key, "move", match_id, turn, options=options, placeholder=f"Choose a move ({who})", row=1
                )
            )
        return items

    def extra_components(self, snapshot: MatchSnapshot, picture: Picture) -> list[discord.ui.Item[Any]]:
        """Hook for a game's own components (rows 2–4), e.g. a step-by-step move builder."""
        return []

    def view(self, snapshot: MatchSnapshot, picture: Picture) -> discord.ui.View | None:
        items = self.components(snapshot, picture) + self.extra_components(snapshot, picture)
        if not items:
            return None
        # timeout=None and only dynamic items: discord.py keeps nothing of this view, and clicks
        # reach MatchComponent through the dynamic items registered at start-up.
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        return view

    async def match_message(
        self,
        snapshot: MatchSnapshot,
        *,
        ping: bool = False,
        note: str | None = None,
        buttons: bool = True,
        invite: discord.abc.User | None = None,
    ) -> MatchMessage:
        picture = await asyncio.to_thread(self.picture, snapshot, with_menu=buttons)
        file = None
        if picture.png is not None:
            file = discord.File(io.BytesIO(picture.png), filename=image_name(snapshot))
        embed = match_embed(snapshot, image=file.filename if file else None, note=note)
        content, mentions = turn_content(snapshot, ping=ping)
        if invite is not None and snapshot.is_lobby:
            content, mentions = invite_content(snapshot, invite.id)
        view = self.view(snapshot, picture) if buttons else None
        return MatchMessage(content, embed, file, view, mentions)

    async def publish(
        self,
        interaction: discord.Interaction,
        snapshot: MatchSnapshot,
        *,
        ping: bool = False,
        invite: discord.abc.User | None = None,
    ) -> None:
        """Send the new match message in the channel, remember it, and take the buttons off the
        previous one. `ping`: the player to move is notified (a turn has passed to them);
        `invite`: a lobby's message mentions this user instead."""
        seat = snapshot.seat_to_move
        ping = ping and seat is not None and seat.user_id != interaction.user.id
        thinking = snapshot.waiting_for_computer and seat is not None
        note = f"🤖 {seat.label} is thinking…" if thinking and seat is not None else None
        message = await self.match_message(snapshot, ping=ping and not thinking, note=note, invite=invite)
        sent = await send_public(
            interaction,
            content=message.content,
            embed=message.embed,
            file=message.file,
            view=message.view,
            allowed_mentions=message.allowed_mentions,
        )
        await self.host.set_message(snapshot.id, sent.id, sent.channel.id)
        if snapshot.message_id is not None and snapshot.message_id != sent.id:
            channel_id = snapshot.message_channel_id or snapshot.channel_id
            await self.retire_message(interaction.client, channel_id, snapshot.message_id)
        if thinking:
            # The computer seats move now (in the worker pool); their moves get a message too.
            after = await self.host.play_computers(snapshot.id)
            await self.publish(interaction, after, ping=True)

    async def announce(
        self, client: discord.Client, snapshot: MatchSnapshot, *, note: str | None = None
    ) -> None:
        """Post the match message in the match's channel without an interaction (the turn clock
        uses it), remember it, and take the buttons off the previous one."""
        channel_id = snapshot.message_channel_id or snapshot.channel_id
        message = await self.match_message(snapshot, ping=True, note=note)
        sent = await client.get_partial_messageable(channel_id).send(
            content=message.content,
            embed=message.embed,
            file=message.file or discord.utils.MISSING,
            view=message.view or discord.utils.MISSING,
            allowed_mentions=message.allowed_mentions,
        )
        await self.host.set_message(snapshot.id, sent.id, channel_id)
        if snapshot.message_id is not None:
            await self.retire_message(client, channel_id, snapshot.message_id)

    @staticmethod
    async def retire_message(client: discord.Client, channel_id: int, message_id: int) -> None:
        """Take the buttons off an older match message; a failure only leaves them there (a
        click on them is answered as stale)."""
        try:
            await client.get_partial_messageable(channel_id).get_partial_message(message_id).edit(view=None)
        except discord.HTTPException as error:
            log.info("Could not take the buttons off message %s: %s", message_id, error)

    async def show_board(
        self, interaction: discord.Interaction, snapshot: MatchSnapshot, *, note: str | None = None
    ) -> None:
        """The current board, for the user only."""
        message = await self.match_message(snapshot, note=note, buttons=False)
        await send_private(interaction, embed=message.embed, file=message.file)

    # -- autocomplete -----------------------------------------------------------------------------

    def _choices(self, summaries: Sequence[MatchSummary], current: Any) -> list[app_commands.Choice[int]]:
        typed = str(current or "").strip().lstrip("#").lower()
        seen: set[int] = set()
        choices = []
        for summary in summaries:
            label = summary_label(summary, self.game.title)
            if summary.game != self.game.key or summary.id in seen or typed not in label.lower():
                continue
            seen.add(summary.id)
            choices.append(app_commands.Choice(name=label, value=summary.id))
        return choices[:MENU_LIMIT]

    async def _mine(self, interaction: discord.Interaction, statuses: Sequence[str]) -> list[MatchSummary]:
        return await self.host.matches_of_player(
            interaction.user.id, guild_id=interaction.guild_id, game_key=self.game.key, statuses=statuses
        )

    async def open_lobbies(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        guild_id, channel_id = self.place(interaction)
        here = await self.host.matches_in_channel(guild_id, channel_id, statuses=("lobby",))
        return self._choices(here, current)

    async def my_lobbies(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return self._choices(await self._mine(interaction, ("lobby",)), current)

    async def my_matches(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return self._choices(await self._mine(interaction, ("playing",)), current)

    async def watchable_matches(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        guild_id, channel_id = self.place(interaction)
        mine = await self._mine(interaction, ("playing",))
        here = await self.host.matches_in_channel(guild_id, channel_id, statuses=("playing",))
        return self._choices([*mine, *here], current)

    async def legal_moves(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves of the user's match, filtered by what was typed (the submitted text is
        checked again by the host)."""
        try:
            snapshot = await self.find(interaction, interaction.namespace.match, lobby=False)
        except Exception:  # no match, several, not in one: nothing to suggest
            return []
        state = snapshot.state
        if state is None or snapshot.to_move is None:
            return []
        suggestions = await asyncio.to_thread(state.suggest, current or "", MENU_LIMIT)
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:MENU_LIMIT]]

    # -- commands ---------------------------------------------------------------------------------

    @app_commands.command(name="join", description="Take a seat in an open lobby")
    @app_commands.describe(match="The lobby to join (default: the open lobby in this channel)")
    @app_commands.autocomplete(match=open_lobbies)
    async def join(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        lobby = await self.find(interaction, match, lobby=True, seated=False)
        snapshot = await self.host.join(lobby.id, self.player(interaction))
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @app_commands.command(name="start", description="Start your lobby now, with the players seated so far")
    @app_commands.describe(match="The lobby to start (default: yours)")
    @app_commands.autocomplete(match=my_lobbies)
    async def start(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        lobby = await self.find(interaction, match, lobby=True)
        await self.publish(interaction, await self.host.start(lobby.id, interaction.user.id), ping=True)

    @app_commands.command(name="leave", description="Give up your seat in a lobby (its creator closes it)")
    @app_commands.describe(match="The lobby to leave (default: yours)")
    @app_commands.autocomplete(match=my_lobbies)
    async def leave(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        lobby = await self.find(interaction, match, lobby=True)
        await self.publish(interaction, await self.host.leave(lobby.id, interaction.user.id))

    @app_commands.command(name="move", description="Play a move")
    @app_commands.describe(move="Your move in the game's notation", match="The match (default: yours)")
    @app_commands.autocomplete(move=legal_moves)
    @app_commands.autocomplete(match=my_matches)
    async def move(self, interaction: discord.Interaction, move: str, match: int | None = None) -> None:
        await defer_public(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        async with self.stale_answer(interaction, snapshot.id):
            after = await self.host.play(snapshot.id, interaction.user.id, move)
            await self.publish(interaction, after, ping=True)

    @app_commands.command(name="board", description="Show the board of a match")
    @app_commands.describe(
        match="The match (default: yours)",
        share="Post it in the channel as the match message (default: only you see it)",
    )
    @app_commands.autocomplete(match=watchable_matches)
    async def board(
        self, interaction: discord.Interaction, match: int | None = None, share: bool = False
    ) -> None:
        await (defer_public if share else defer_private)(interaction)
        try:
            snapshot = await self.find(interaction, match, lobby=False)
        except MatchNotFound:
            snapshot = await self.find(interaction, match, lobby=False, seated=False)
        if share:
            await self.publish(interaction, snapshot)
        else:
            await self.show_board(interaction, snapshot)

    @app_commands.command(name="resign", description="Resign from a match (you will be asked to confirm)")
    @app_commands.describe(match="The match (default: yours)")
    @app_commands.autocomplete(match=my_matches)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_private(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        await self.confirm_resignation(interaction, snapshot.id, snapshot.turn)

    @app_commands.command(name="draw", description="Offer a draw, or accept the one offered")
    @app_commands.describe(match="The match (default: yours)", decline="Decline the draw offered instead")
    @app_commands.autocomplete(match=my_matches)
    async def draw(
        self, interaction: discord.Interaction, match: int | None = None, decline: bool = False
    ) -> None:
        await defer_public(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        if decline:
            after = await self.host.decline_draw(snapshot.id, interaction.user.id)
        else:
            after = await self.host.offer_draw(snapshot.id, interaction.user.id)
        await self.publish(interaction, after)

    @app_commands.command(name="rules", description="A short summary of the rules")
    async def rules(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title=f"{self.game.title} — rules",
            description=clip(self.game.summary or "No summary yet.", 4096),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=f"Start a match with /{self.game.key} new")
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)

    # -- components -------------------------------------------------------------------------------

    async def on_component(self, interaction: discord.Interaction, press: Press) -> None:
        """A click on one of this game's components (called by MatchComponent)."""
        try:
            action = self._actions.get(press.action)
            if action is None:
                await send_private(
                    interaction, "This button no longer does anything. Use the newest match message."
                )
                return
            method, defer = action
            if defer is Defer.PUBLIC:
                await defer_public(interaction)
            elif defer is Defer.PRIVATE:
                await defer_private(interaction)
            async with self.stale_answer(interaction, press.match_id):
                await getattr(self, method)(interaction, press)
        except Exception as error:
            await report_error(interaction, error)

    async def current(self, press: Press) -> MatchSnapshot:
        snapshot = await self.host.get(press.match_id)
        if snapshot.game.key != self.game.key:
            raise MatchNotFound(f"There is no {self.game.title} match #{press.match_id}.")
        return snapshot

    async def mover_snapshot(
        self, interaction: discord.Interaction, press: Press
    ) -> tuple[MatchSnapshot, int]:
        """For a click on a move builder: the clicked match, still at the click's turn (else
        `StaleTurn`: the user gets the current board), and the seat of the user, who must be the
        person to move (else a refusal)."""
        snapshot = await self.current(press)
        self._check_turn(snapshot, press)
        seat = snapshot.seat_of(interaction.user.id)
        if seat is None:
            raise CogError(f"You are not playing in {snapshot.title}.")
        to_move = snapshot.seat_to_move
        if to_move is None or to_move.index != seat.index or seat.resigned:
            who = f" <@{to_move.user_id}> is to move." if to_move is not None and to_move.user_id else ""
            raise CogError(f"It is not your turn in {snapshot.title}.{who}")
        return snapshot, seat.index

    async def send_screen(self, interaction: discord.Interaction, screen: Screen, *, edit: bool) -> None:
        """Show a builder's screen to the user only: as a new private message, or (`edit`: a click
        on the builder's own message, acknowledged with `Defer.NONE`) by editing that message."""
        if edit and not interaction.response.is_done():
            await interaction.response.edit_message(
                content=screen.text, view=screen.view(), allowed_mentions=NO_PINGS
            )
        else:
            await send_private(interaction, screen.text, view=screen.view())

    async def confirm_resignation(self, interaction: discord.Interaction, match_id: int, turn: int) -> None:
        confirm = MatchComponent.button(
            self.game.key, "resign-yes", match_id, turn, label="Yes, resign", style=discord.ButtonStyle.danger
        )
        view = discord.ui.View(timeout=None)
        view.add_item(confirm)
        await send_private(
            interaction, f"Resign from {self.game.title} #{match_id}? This cannot be undone.", view=view
        )

    @component_action("join", defer=Defer.PUBLIC)
    async def join_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        snapshot = await self.host.join(press.match_id, self.player(interaction))
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @component_action("start", defer=Defer.PUBLIC)
    async def start_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        await self.publish(interaction, await self.host.start(press.match_id, interaction.user.id), ping=True)

    @component_action("add-computer", defer=Defer.PUBLIC)
    async def add_computer_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        snapshot = await self.host.add_computer(press.match_id, interaction.user.id, DEFAULT_LEVEL)
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @component_action("leave", defer=Defer.PUBLIC)
    async def leave_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        await self.publish(interaction, await self.host.leave(press.match_id, interaction.user.id))

    @component_action("board", defer=Defer.PRIVATE)
    async def board_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        note = None
        if snapshot.turn != press.turn:
            note = f"That message showed turn {press.turn}; this is the board at turn {snapshot.turn}."
        await self.show_board(interaction, snapshot, note=note)

    @component_action("resign", defer=Defer.NONE)
    async def resign_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.confirm_resignation(interaction, press.match_id, press.turn)

    @component_action("resign-yes", defer=Defer.PUBLIC)
    async def resign_confirmed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        await self.publish(
            interaction, await self.host.resign(press.match_id, interaction.user.id), ping=True
        )

    def _check_turn(self, snapshot: MatchSnapshot, press: Press) -> None:
        if snapshot.turn != press.turn:
            raise StaleTurn(
                f"That button was for turn {press.turn}, but {snapshot.title} is at turn "
                f"{snapshot.turn} now. Here is the current board."
            )

    @component_action("draw", defer=Defer.PUBLIC)
    async def draw_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        self._check_turn(await self.current(press), press)
        await self.publish(interaction, await self.host.offer_draw(press.match_id, interaction.user.id))

    @component_action("move", defer=Defer.PUBLIC)
    async def move_chosen(self, interaction: discord.Interaction, press: Press) -> None:
        if not press.values:
            raise CogError("Choose a move from the menu.")
        await self.current(press)
        after = await self.host.play(
            press.match_id, interaction.user.id, press.values[0], expected_turn=press.turn
        )
        await self.publish(interaction, after, ping=True)


class BuilderCog(GameCog):
    """A game cog with a step-by-step move builder (see `BuilderScreens`): its first menu on the
    match message, and the answers to the builder's clicks. A game names its builder in
    `builder`."""

    def builder(self, snapshot: MatchSnapshot) -> BuilderScreens[Any, Any] | None:
        """The builder for the player to move, when a person is to move."""
        raise NotImplementedError

    def extra_components(self, snapshot: MatchSnapshot, picture: Picture) -> list[discord.ui.Item[Any]]:
        """The builder's first step, on the match message."""
        builder = self.builder(snapshot)
        if builder is None or snapshot.is_over:
            return []
        menu = builder.first_menu(picture)
        return [menu] if menu is not None else []

    async def builder_for(self, interaction: discord.Interaction, press: Press) -> BuilderScreens[Any, Any]:
        """The builder of the clicked match, for the player to move only, at the click's turn."""
        snapshot, seat = await self.mover_snapshot(interaction, press)
        builder = self.builder(snapshot)
        if builder is None or builder.seat != seat:
            raise CogError(f"It is not your turn in {snapshot.title}.")
        return builder

    @component_action(BUILD_START, defer=Defer.PRIVATE)
    async def build_started(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        await self.send_screen(interaction, builder.screen(builder.chosen(press)), edit=False)

    @component_action(BUILD_STEP, defer=Defer.NONE)
    async def build_step(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        await self.send_screen(interaction, builder.screen(builder.chosen(press)), edit=True)

    @component_action(BUILD_PLAY, defer=Defer.PUBLIC)
    async def build_played(self, interaction: discord.Interaction, press: Press) -> None:
        builder = await self.builder_for(interaction, press)
        text = builder.notation(press.arg)
        if text is None:
            raise CogError("That move is not finished yet: make the remaining choices first.")
        after = await self.host.play(press.match_id, interaction.user.id, text, expected_turn=press.turn)
        await self.publish(interaction, after, ping=True)
