"""The match message of a game cog: its picture, its components, and how it is sent.

After every change a match gets a new public message (`publish`, or `announce` without an
interaction, for the turn clock), and the previous one loses its buttons (`retire_message`), so
only the newest message of a match can be clicked. The message's text and embed come from
cogs/messages.py; this module adds the slow part (`picture`: the board image and the menu of
legal moves, computed in a thread) and the components (`components`: the shared buttons in rows 0
and 1, and a game's own in rows 2–4 through the hook `extra_components`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

import render
from host import Host, MatchSnapshot
from rules import Game
from rules.text import clip

from .components import MENU_LIMIT, OPTION_TEXT_LIMIT, ButtonAction, MatchComponent
from .messages import clean, image_name, invite_content, match_embed, menu_description, turn_content
from .replies import send_private, send_public

log = logging.getLogger("tavern.cogs")


@dataclass(frozen=True)
class Picture:
    """What a match message needs from the slow, threaded part: the PNG and the move menu."""

    png: bytes | None
    menu: tuple[tuple[str, str], ...] = ()
    """(notation, description) of each legal move, when there are few enough for a menu."""
    alt: str = ""
    """The picture's alt text (`render.describe`), for screen readers."""


@dataclass
class MatchMessage:
    """One match message, ready to send."""

    content: str | None
    embed: discord.Embed
    file: discord.File | None
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions


class MatchMessages:
    """The match message part of `GameCog` (a mixin: the cog provides `host` and `game`)."""

    host: Host
    game: Game
    move_menu: ClassVar[bool] = True
    """Offer a select menu of the legal moves on the match message when there are 25 or fewer."""

    # -- hooks of a game ------------------------------------------------------------------------

    def picture(self, snapshot: MatchSnapshot, *, with_menu: bool = True) -> Picture:
        """The slow part of a match message (runs in a thread): the board, the move menu."""
        if snapshot.state is None:
            return Picture(None)
        png = render.board(snapshot.state, last_move=snapshot.last_move, names=snapshot.names)
        alt = render.describe(snapshot.state, last_move=snapshot.last_move, names=snapshot.names)
        menu: tuple[tuple[str, str], ...] = ()
        # Only a person to move gets the menu: a computer (or one standing in) moves by itself.
        if (
            with_menu
            and self.move_menu
            and snapshot.seat_to_move is not None
            and not snapshot.waiting_for_computer
        ):
            moves = snapshot.state.legal_moves()
            if 0 < len(moves) <= MENU_LIMIT:
                menu = tuple((str(m), snapshot.state.describe_move(m)) for m in moves)
        return Picture(png, menu, alt)

    def extra_components(self, snapshot: MatchSnapshot, picture: Picture) -> list[discord.ui.Item[Any]]:
        """Hook for a game's own components (rows 2–4), e.g. a step-by-step move builder."""
        return []

    # -- building -------------------------------------------------------------------------------

    def components(self, snapshot: MatchSnapshot, picture: Picture) -> list[discord.ui.Item[Any]]:
        """The buttons (and menus) of the match message; rows 0 and 1 are the base's."""
        if snapshot.is_lobby:
            return self.lobby_buttons(snapshot)
        if snapshot.is_over:
            return []
        draw_label = "Accept draw" if snapshot.draw_offer else "Offer draw"
        items: list[discord.ui.Item[Any]] = [
            self.row_button(snapshot, ButtonAction.BOARD, "Board", emoji="🔍"),
            self.row_button(snapshot, ButtonAction.DRAW, draw_label, emoji="🤝"),
            self.row_button(
                snapshot, ButtonAction.RESIGN, "Resign", emoji="🏳️", style=discord.ButtonStyle.danger
            ),
        ]
        if picture.menu:
            items.append(self.move_select(snapshot, picture.menu))
        return items

    def row_button(
        self,
        snapshot: MatchSnapshot,
        action: ButtonAction,
        label: str,
        *,
        emoji: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> MatchComponent:
        """A button of row 0 of this match message."""
        return MatchComponent.button(
            self.game.key, action, snapshot.id, snapshot.ply, label=label, emoji=emoji, style=style, row=0
        )

    def lobby_buttons(self, snapshot: MatchSnapshot) -> list[discord.ui.Item[Any]]:
        """Join, (Start,) Leave and Add computer."""
        seated = f"{len(snapshot.seats)}/{snapshot.seat_count}"
        lobby: list[discord.ui.Item[Any]] = [
            self.row_button(
                snapshot, ButtonAction.JOIN, f"Join ({seated})", style=discord.ButtonStyle.success
            ),
            self.row_button(snapshot, ButtonAction.LEAVE, "Leave"),
            self.row_button(snapshot, ButtonAction.ADD_COMPUTER, "Add computer", emoji="🤖"),
        ]
        if self.game.starts_short:
            # Only where a lobby may begin before it is full; the others start when full.
            start = self.row_button(snapshot, ButtonAction.START, "Start", style=discord.ButtonStyle.primary)
            lobby.insert(1, start)
        return lobby

    def move_select(self, snapshot: MatchSnapshot, menu: tuple[tuple[str, str], ...]) -> MatchComponent:
        """The menu of legal moves (row 1)."""
        options = [
            discord.SelectOption(
                label=clip(notation, OPTION_TEXT_LIMIT),
                value=notation[:OPTION_TEXT_LIMIT],
                description=menu_description(notation, described),
            )
            for notation, described in menu[:MENU_LIMIT]
        ]
        seat = snapshot.seat_to_move
        who = seat.label if seat is not None else "the player to move"
        return MatchComponent.select(
            self.game.key,
            ButtonAction.MOVE,
            snapshot.id,
            snapshot.ply,
            options=options,
            placeholder=f"Choose a move ({who})",
            row=1,
        )

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
            file = discord.File(
                io.BytesIO(picture.png), filename=image_name(snapshot), description=picture.alt or None
            )
        embed = match_embed(snapshot, image=file.filename if file else None, note=note)
        content, mentions = turn_content(snapshot, ping=ping)
        if invite is not None and snapshot.is_lobby:
            content, mentions = invite_content(snapshot, invite.id)
        view = self.view(snapshot, picture) if buttons else None
        return MatchMessage(content, embed, file, view, mentions)

    # -- sending --------------------------------------------------------------------------------

    async def publish(
        self,
        interaction: discord.Interaction,
        snapshot: MatchSnapshot,
        *,
        ping: bool = False,
        invite: discord.abc.User | None = None,
        note: str | None = None,
    ) -> None:
        """Send the new match message in the channel, remember it, and take the buttons off the
        previous one. `ping`: the player to move is notified (a turn has passed to them);
        `invite`: a lobby's message mentions this user instead; `note`: a line above the status."""
        seat = snapshot.seat_to_move
        ping = ping and seat is not None and seat.user_id != interaction.user.id
        thinking = snapshot.waiting_for_computer and seat is not None
        if thinking and seat is not None:
            note = "\n".join(filter(None, [note, f"🤖 {clean(seat.label)} is thinking…"]))
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
