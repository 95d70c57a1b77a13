"""The match message of a game cog: its picture, its components, and how it is sent.

After every change a match gets a new public message (`publish`, in answer to the interaction
that made the change, or `announce` without one: the sweep, computer moves in the background, and
messages still owed after a crash or a Discord failure), and the previous one loses its buttons
(`retire_message`), so only the newest message of a match can be clicked. The message's text and
embed come from cogs/messages.py; this module adds the slow part (`picture`: the board image and
the menu of legal moves, computed in a thread) and the components (`components`: the shared
buttons in rows 0 and 1, and a game's own in rows 2–4 through the hook `extra_components` of
cogs/game_base.py). A draw offer and a takeback asked for each add their Accept and Decline
buttons to row 0; a finished match has one button, Rematch.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

import discord

import render
from host import DueMessage, EntryKind, MatchSnapshot, MatchStatus, Notify, OfferNotice
from rules.text import Words, clip

from .components import MENU_LIMIT, OPTION_TEXT_LIMIT, ButtonAction, MatchComponent, custom_id
from .game_base import GameCogBase
from .game_base import Picture as Picture  # where tests and the game cogs have found it
from .language import channel, player, private
from .messages import (
    image_name,
    invite_content,
    match_embed,
    menu_description,
    offer_content,
    rematch_content,
    seat_label,
    seat_labels,
    thread_link,
    thread_pointer,
    turn_content,
)
from .notices import offers_by_dm, owed_notice, turn_by_dm
from .replies import NO_PINGS, send_private, send_public
from .threads import THREAD_ARCHIVED, is_thread, open_thread, plays_in_thread, unarchive
from .tournament_jobs import tournament_jobs

log = logging.getLogger("tavern.cogs")

HISTORY_CHECKED = 20
"""How many of a channel's newest messages are searched for one the bot posted but never heard of."""
BACKGROUND_TASK = "tavern-computer-"
"""The name of a background task playing a match's computer seats (followed by the match id)."""
_background: set[asyncio.Task[None]] = set()
ROW_WIDTH = 5
"""Discord's most buttons in one row."""
SUCCESS = discord.ButtonStyle.success
"""Background tasks running now (asyncio keeps only weak references to tasks)."""


def shown_ids(snapshot: MatchSnapshot) -> set[str]:
    """The custom_ids a message showing the match at this ply carries (a lobby's buttons)."""
    return {
        custom_id(snapshot.game.key, action, snapshot.id, snapshot.ply)
        for action in (ButtonAction.JOIN, ButtonAction.BOARD)
    }


def custom_ids_of(message: discord.Message) -> set[str]:
    found: set[str] = set()
    for row in message.components:
        for item in getattr(row, "children", ()):
            if isinstance(getattr(item, "custom_id", None), str):
                found.add(item.custom_id)
    return found


@dataclass
class MatchMessage:
    """One match message, ready to send."""

    content: str | None
    embed: discord.Embed
    file: discord.File | None
    view: discord.ui.View | None
    allowed_mentions: discord.AllowedMentions


class MatchMessages(GameCogBase):
    """The match message part of a game cog (a mixin over `GameCogBase`, cogs/game_base.py)."""

    move_menu: ClassVar[bool] = True
    """Offer a select menu of the legal moves on the match message when there are 25 or fewer."""

    # -- who reads it ---------------------------------------------------------------------------

    def words_for(self, snapshot: MatchSnapshot, interaction: discord.Interaction | None = None) -> Words:
        """The language of a match message: its server's; in a DM or group DM (where there is no
        server), that of the person who acted, or else of the player who opened the match."""
        if not snapshot.private:
            return channel(self.host, snapshot.guild_id)
        if interaction is not None:
            return private(interaction)
        return player(self.host, snapshot.creator_id)

    # -- hooks of a game ------------------------------------------------------------------------

    def picture(
        self, snapshot: MatchSnapshot, *, with_menu: bool = True, words: Words | None = None
    ) -> Picture:
        """The slow part of a match message (runs in a thread): the board, the move menu (whose
        descriptions `move_select` words); its text and alt text in `words` (None: the match
        message's language; a private /board gives its reader's)."""
        if snapshot.state is None:
            return Picture(None)
        # The players' labels in the reader's language ("Computer (easy)"); names stay.
        words = words or self.words_for(snapshot)
        names = seat_labels(snapshot, words)
        png = render.board(snapshot.state, last_move=snapshot.last_move, names=names, words=words)
        alt = render.describe(snapshot.state, last_move=snapshot.last_move, names=names, words=words)
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
                menu = tuple((str(m), snapshot.state.describe_to_mover(m)) for m in moves)
        return Picture(png, menu, alt)

    # -- building -------------------------------------------------------------------------------

    def components(
        self, snapshot: MatchSnapshot, picture: Picture, words: Words
    ) -> list[discord.ui.Item[Any]]:
        """The buttons (and menus) of the match message, in `words`; rows 0 and 1 are the base's."""
        if snapshot.is_lobby:
            return self.lobby_buttons(snapshot, words)
        if snapshot.status == MatchStatus.FINISHED:
            rematch = words.pgettext("button", "Rematch")
            return [self.row_button(snapshot, ButtonAction.REMATCH, rematch, emoji="🔁")]
        if snapshot.is_over:
            return []
        items: list[discord.ui.Item[Any]] = []
        if snapshot.takeback_offer is not None:
            items += [
                self.row_button(
                    snapshot,
                    ButtonAction.TAKEBACK_ACCEPT,
                    words.pgettext("button", "Accept takeback"),
                    emoji="↩️",
                    style=SUCCESS,
                ),
                self.row_button(
                    snapshot, ButtonAction.TAKEBACK_DECLINE, words.pgettext("button", "Decline takeback")
                ),
            ]
        if snapshot.draw_offer:
            accept = words.pgettext("button", "Accept draw")
            items += [
                self.row_button(snapshot, ButtonAction.DRAW, accept, emoji="🤝", style=SUCCESS),
                self.row_button(
                    snapshot, ButtonAction.DRAW_DECLINE, words.pgettext("button", "Decline draw")
                ),
            ]
        elif snapshot.draw_offerable:  # a computer never agrees one in a game without draws
            offer = words.pgettext("button", "Offer draw")
            items.append(self.row_button(snapshot, ButtonAction.DRAW, offer, emoji="🤝"))
        if len(items) < ROW_WIDTH - 1:  # with both offers open, `/<game> board` shows the board
            # TRANSLATORS: the button that shows the board picture (a noun, not Kerboge's "to board").
            board = words.pgettext("button", "Board")
            items.insert(0, self.row_button(snapshot, ButtonAction.BOARD, board, emoji="🔍"))
        danger = discord.ButtonStyle.danger
        resign = words.pgettext("button", "Resign")
        items.append(self.row_button(snapshot, ButtonAction.RESIGN, resign, emoji="🏳️", style=danger))
        if picture.menu:
            items.append(self.move_select(snapshot, picture.menu, words))
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

    def lobby_buttons(self, snapshot: MatchSnapshot, words: Words) -> list[discord.ui.Item[Any]]:
        """Join, (Start,) Leave and Add computer."""
        join = words.pgettext(
            "button", "Join ({seated}/{seats})", seated=len(snapshot.seats), seats=snapshot.seat_count
        )
        lobby: list[discord.ui.Item[Any]] = [
            self.row_button(snapshot, ButtonAction.JOIN, join, style=discord.ButtonStyle.success),
            self.row_button(snapshot, ButtonAction.LEAVE, words.pgettext("button", "Leave")),
            self.row_button(
                snapshot, ButtonAction.ADD_COMPUTER, words.pgettext("button", "Add computer"), emoji="🤖"
            ),
        ]
        if self.game.starts_short:
            # Only where a lobby may begin before it is full; the others start when full.
            start = self.row_button(
                snapshot,
                ButtonAction.START,
                words.pgettext("button", "Start"),
                style=discord.ButtonStyle.primary,
            )
            lobby.insert(1, start)
        if snapshot.held:  # the invited player declines, or the creator frees the seat (row 1)
            held = (
                (ButtonAction.DECLINE, words.pgettext("button", "Decline")),
                (ButtonAction.RELEASE, words.pgettext("button", "Release seat")),
            )
            for action, label in held:
                lobby.append(
                    MatchComponent.button(
                        self.game.key, action, snapshot.id, snapshot.ply, label=label, row=1
                    )
                )
        return lobby

    def move_select(
        self, snapshot: MatchSnapshot, menu: tuple[tuple[str, str], ...], words: Words
    ) -> MatchComponent:
        """The menu of legal moves (row 1), its descriptions in `words`."""
        options = [
            discord.SelectOption(
                label=clip(notation, OPTION_TEXT_LIMIT),
                value=notation[:OPTION_TEXT_LIMIT],
                description=menu_description(notation, words.say(described)),
            )
            for notation, described in menu[:MENU_LIMIT]
        ]
        seat = snapshot.seat_to_move
        who = seat_label(seat, words) if seat is not None else words.gettext("the player to move")
        return MatchComponent.select(
            self.game.key,
            ButtonAction.MOVE,
            snapshot.id,
            snapshot.ply,
            options=options,
            placeholder=words.gettext("Choose a move ({player})", player=who),
            row=1,
        )

    def view(self, snapshot: MatchSnapshot, picture: Picture, words: Words) -> discord.ui.View | None:
        items = self.components(snapshot, picture, words) + self.extra_components(snapshot, picture)
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
        rematch_for: Sequence[int] = (),
        offers: Sequence[OfferNotice] = (),
        words: Words | None = None,
    ) -> MatchMessage:
        """`offers`: the players told of an offer here; those who chose a mention are pinged.
        `words`: the reader's language when it is not the match message's (`words_for`)."""
        words = words or self.words_for(snapshot)
        picture = await asyncio.to_thread(self.picture, snapshot, with_menu=buttons, words=words)
        file = None
        if picture.png is not None:
            file = discord.File(
                io.BytesIO(picture.png), filename=image_name(snapshot), description=picture.alt or None
            )
        embed = match_embed(
            snapshot,
            words,
            image=file.filename if file else None,
            note=note,
            away_until=await self.away_until(snapshot),
        )
        content, mentions = turn_content(snapshot, words, ping=ping)
        answering = [(notice.kind, notice.user_id) for notice in offers if notice.notify == Notify.MENTION]
        if answering:
            content, mentions = offer_content(snapshot, answering, words)
        if invite is not None and snapshot.is_lobby:
            content, mentions = invite_content(snapshot, invite.id, words)
        if rematch_for and snapshot.is_lobby:
            content, mentions = rematch_content(snapshot, rematch_for, words)
        view = self.view(snapshot, picture, words) if buttons else None
        return MatchMessage(content, embed, file, view, mentions)

    async def away_until(self, snapshot: MatchSnapshot) -> datetime | None:
        """When the vacation of the person to move ends, while they are on one (their clock is
        stopped: the match message says so)."""
        seat = snapshot.seat_to_move
        if seat is None or seat.user_id is None or seat.user_id <= 0 or snapshot.waiting_for_computer:
            return None
        return (await self.host.vacation(seat.user_id)).until

    # -- sending --------------------------------------------------------------------------------

    async def publish(
        self,
        interaction: discord.Interaction,
        snapshot: MatchSnapshot,
        *,
        ping: bool = False,
        invite: discord.abc.User | None = None,
        rematch_for: Sequence[int] = (),
        note: str | None = None,
    ) -> None:
        """Send the new match message in answer to the interaction that changed the match,
        remember it (paying the outbox, see host/announcements.py), and take the buttons off the
        previous one. `ping`: the player to move is notified (a turn has passed to them), the way
        they chose (cogs/notices.py); `invite`: a lobby's message mentions this user instead
        (`rematch_for`: these players, asked to join a rematch); `note`: a line above the status.

        When Discord does not take the message, the change is stored all the same: the user is
        told so, and the sweep posts the message soon. Computer seats then move in the
        background, never inside the interaction."""
        seat = snapshot.seat_to_move
        ping = ping and seat is not None and seat.user_id != interaction.user.id
        notice = await owed_notice(self.host, snapshot, ping=ping)
        offers = await self.host.offer_notices(snapshot)
        words = self.words_for(snapshot, interaction)
        note = self.thinking_note(snapshot, note, words)
        client = interaction.client
        async with self.host.announcing(snapshot.id):
            try:
                mention = notice == Notify.MENTION
                if plays_in_thread(snapshot) and interaction.channel_id != snapshot.thread_id:
                    sent = await self.post_in_thread(
                        client, snapshot, ping=mention, note=note, interaction=interaction, offers=offers
                    )
                else:
                    message = await self.match_message(
                        snapshot,
                        ping=mention,
                        note=note,
                        invite=invite,
                        rematch_for=rematch_for,
                        offers=offers,
                        words=words,
                    )
                    sent = await send_public(
                        interaction,
                        content=message.content,
                        embed=message.embed,
                        file=message.file,
                        view=message.view,
                        allowed_mentions=message.allowed_mentions,
                    )
            except Exception as error:  # the change is stored whatever failed: say so, post it later
                if isinstance(error, discord.HTTPException):
                    log.warning("Match %s: Discord did not take its message (%s)", snapshot.id, error)
                else:
                    log.exception("Match %s: its message could not be made", snapshot.id)
                await self.host.announce_failed(snapshot.id, snapshot.version)
                await self.tell_stored(interaction, snapshot)
            else:
                await self.host.announced(snapshot.id, snapshot.version, sent.id, sent.channel.id)
                await self.retire_previous(client, snapshot, sent.id, interaction=interaction)
                if snapshot.is_lobby and snapshot.threaded and snapshot.thread_id is None:
                    if is_thread(interaction):  # no thread in a thread: it is played where it was opened
                        await self.host.thread_gone(snapshot.id)
                    else:
                        await open_thread(client, self.host, snapshot, sent)
                await self.post_result(client, snapshot, sent)
                if notice == Notify.DM:
                    await turn_by_dm(client, self.host, snapshot, sent.channel.id, sent.id)
                await offers_by_dm(client, self.host, snapshot, offers, sent.channel.id, sent.id)
        await self.tournament_moves_on(client, snapshot)
        self.computers_move_later(
            client,
            snapshot,
            quiet_for=interaction.user.id,
            interaction=interaction,
            requester=interaction.user.id,
        )

    async def announce(
        self,
        client: discord.Client,
        due: DueMessage,
        *,
        note: str | None = None,
        quiet_for: int | None = None,
    ) -> bool:
        """Post a match message that is owed to the match's channel, without an interaction (the
        sweep, computer moves, the outbox after a crash or a Discord failure), remember it, and
        take the buttons off the previous one. A message Discord already took (the bot died
        before it heard so) is found in the channel and not posted again. Returns whether the
        message is there now; a failure leaves it due, for a later try.

        `quiet_for`: the user who caused it, who is not pinged (they are watching)."""
        snapshot = due.snapshot
        if snapshot.private:
            return False  # the bot cannot post there on its own: the next interaction shows it
        in_thread = plays_in_thread(snapshot)
        channel_id = snapshot.message_channel_id or snapshot.channel_id
        if in_thread and snapshot.thread_id is not None:
            channel_id = snapshot.thread_id
        channel = client.get_partial_messageable(channel_id)
        seat = snapshot.seat_to_move
        ping = due.ping and seat is not None and seat.user_id != quiet_for
        notice = await owed_notice(self.host, snapshot, ping=ping)
        async with self.host.announcing(snapshot.id):
            offers: list[OfferNotice] = []
            try:
                sent = await self.already_posted(client, channel, snapshot)
                if sent is None and snapshot.status == MatchStatus.ABANDONED:
                    sent = await self.close_in_place(channel, snapshot, note)
                if sent is None:
                    note = self.thinking_note(snapshot, note, self.words_for(snapshot))
                    mention = notice == Notify.MENTION
                    offers = await self.host.offer_notices(snapshot)
                    if in_thread:
                        sent = await self.post_in_thread(
                            client, snapshot, ping=mention, note=note, offers=offers
                        )
                    else:
                        sent = await self.send_board(
                            client, snapshot, channel_id, ping=mention, note=note, offers=offers
                        )
            except Exception as error:  # as in publish: it stays due, tried again later and later
                if isinstance(error, discord.HTTPException):
                    log.warning("Match %s: could not post its message (%s); it stays due", snapshot.id, error)
                else:
                    log.exception("Match %s: its message could not be made; it stays due", snapshot.id)
                await self.host.announce_failed(snapshot.id, snapshot.version, due.attempts)
                return False
            await self.host.announced(snapshot.id, snapshot.version, sent.id, sent.channel.id)
            await self.retire_previous(client, snapshot, sent.id)
            await self.post_result(client, snapshot, sent)
            if notice == Notify.DM:
                await turn_by_dm(client, self.host, snapshot, sent.channel.id, sent.id)
            await offers_by_dm(client, self.host, snapshot, offers, sent.channel.id, sent.id)
        await self.tournament_moves_on(client, snapshot)
        self.computers_move_later(client, snapshot, quiet_for=quiet_for)
        return True

    @staticmethod
    async def tournament_moves_on(client: discord.Client, snapshot: MatchSnapshot) -> None:
        """A tournament match that ended moves its tournament on now (its standings, and the next
        round when it was the round's last); the sweep would, later."""
        if snapshot.tournament_id is None or not snapshot.is_over:
            return
        jobs = tournament_jobs(client)
        if jobs is not None:
            await jobs.match_over(client, snapshot.id)

    async def send_board(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        channel_id: int,
        *,
        ping: bool,
        note: str | None,
        offers: Sequence[OfferNotice] = (),
    ) -> discord.Message:
        """Post the match message in a channel (or thread) without an interaction."""
        message = await self.match_message(snapshot, ping=ping, note=note, offers=offers)
        return await client.get_partial_messageable(channel_id).send(
            content=message.content,
            embed=message.embed,
            file=message.file or discord.utils.MISSING,
            view=message.view or discord.utils.MISSING,
            allowed_mentions=message.allowed_mentions,
            nonce=f"m{snapshot.id}v{snapshot.version}",  # Discord drops a quick repeat
        )

    async def post_in_thread(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        *,
        ping: bool,
        note: str | None,
        interaction: discord.Interaction | None = None,
        offers: Sequence[OfferNotice] = (),
    ) -> discord.Message:
        """Post the board of a threaded match in its thread (see cogs/threads.py): open the
        thread first when it is not yet (on a start line in the channel), un-archive it when
        Discord archived it, fall back to the channel when it was deleted. The channel gets the
        link to the thread when the match starts (not in quiet mode); `interaction`, made
        outside the thread, is answered with that link or privately."""
        answered = False
        thread_id = snapshot.thread_id
        first_board = thread_id is None or snapshot.message_channel_id != thread_id
        if first_board and (thread_id is None or not snapshot.quiet):
            # A thread not opened yet hangs on this line (even in quiet mode: it is the match's lobby).
            link = thread_link(snapshot, thread_id, self.words_for(snapshot))
            starter, answered = await self.say_in_channel(client, snapshot, link, interaction)
            if thread_id is None:
                thread_id = await open_thread(client, self.host, snapshot, starter)
        if thread_id is None:  # Discord would not open it: the match goes on in its channel
            sent = await self.send_board(
                client, snapshot, snapshot.channel_id, ping=ping, note=note, offers=offers
            )
        else:
            sent = await self.send_in_thread(client, snapshot, thread_id, ping=ping, note=note, offers=offers)
        if interaction is not None and not answered:
            await send_private(interaction, thread_pointer(snapshot, sent.channel.id, private(interaction)))
        return sent

    async def say_in_channel(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        text: str,
        interaction: discord.Interaction | None,
    ) -> tuple[discord.Message, bool]:
        """Post a line in the match's channel: as the interaction's answer when it was made
        there; returns the message and whether it answered the interaction."""
        if interaction is not None and interaction.channel_id == snapshot.channel_id:
            return await send_public(interaction, content=text), True
        return await client.get_partial_messageable(snapshot.channel_id).send(
            content=text, allowed_mentions=NO_PINGS
        ), False

    async def send_in_thread(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        thread_id: int,
        *,
        ping: bool,
        note: str | None,
        offers: Sequence[OfferNotice] = (),
    ) -> discord.Message:
        try:
            return await self.send_board(client, snapshot, thread_id, ping=ping, note=note, offers=offers)
        except discord.NotFound:
            log.info("Match %s: its thread %s is gone; it goes on in its channel", snapshot.id, thread_id)
            await self.host.thread_gone(snapshot.id)
            return await self.send_board(
                client, snapshot, snapshot.channel_id, ping=ping, note=note, offers=offers
            )
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED:
                raise
        await unarchive(client, thread_id, self.words_for(snapshot))
        return await self.send_board(client, snapshot, thread_id, ping=ping, note=note, offers=offers)

    async def post_result(
        self, client: discord.Client, snapshot: MatchSnapshot, sent: discord.Message
    ) -> None:
        """The result of a match played in a thread, in its channel too (best effort: the thread
        has it whatever happens here)."""
        if not (snapshot.is_over and plays_in_thread(snapshot)) or sent.channel.id == snapshot.channel_id:
            return
        try:
            await client.get_partial_messageable(snapshot.channel_id).send(
                embed=match_embed(snapshot, self.words_for(snapshot)), allowed_mentions=NO_PINGS
            )
        except discord.HTTPException as error:
            log.warning("Match %s: could not post its result in the channel (%s)", snapshot.id, error)

    async def close_in_place(
        self, channel: discord.PartialMessageable, snapshot: MatchSnapshot, note: str | None
    ) -> discord.Message | None:
        """A lobby closed without an interaction (nobody joined in time) says so on its own
        message instead of posting another: a hundred closed lobbies never flood a channel.
        None when that message is gone (a new one is posted)."""
        if snapshot.message_id is None:
            return None
        message = await self.match_message(snapshot, note=note, buttons=False)
        try:
            return await channel.get_partial_message(snapshot.message_id).edit(
                content=None, embed=message.embed, view=None, allowed_mentions=message.allowed_mentions
            )
        except discord.NotFound:
            return None

    @staticmethod
    def thinking_note(snapshot: MatchSnapshot, note: str | None, words: Words) -> str | None:
        """The note of a message whose next move is a computer's, which is made in the background
        (plain text: `match_embed` escapes the note, names included)."""
        seat = snapshot.seat_to_move
        if not snapshot.waiting_for_computer or seat is None:
            return note
        thinking = words.gettext("🤖 {player} is thinking…", player=seat_label(seat, words))
        return "\n".join(filter(None, [note, thinking]))

    async def tell_stored(self, interaction: discord.Interaction, snapshot: MatchSnapshot) -> None:
        """The truth for a user whose change is stored but whose new match message Discord did
        not take: it counts, and the message follows."""
        words = private(interaction)
        moved = any(e.kind == EntryKind.MOVE for e in snapshot.played)
        in_thread = plays_in_thread(snapshot) and snapshot.thread_id
        if moved and in_thread:
            text = words.gettext(
                "Your move is stored: {match} is saved as it is now. Discord did not take the new board just "
                "now; it will be posted in its thread shortly. There is nothing you need to do again.",
                match=snapshot.title,
            )
        elif moved:
            text = words.gettext(
                "Your move is stored: {match} is saved as it is now. Discord did not take the new board just "
                "now; it will be posted in this channel shortly. There is nothing you need to do again.",
                match=snapshot.title,
            )
        elif in_thread:
            text = words.gettext(
                "Done: {match} is saved as it is now. Discord did not take the new board just now; it will "
                "be posted in its thread shortly. There is nothing you need to do again.",
                match=snapshot.title,
            )
        else:
            text = words.gettext(
                "Done: {match} is saved as it is now. Discord did not take the new board just now; it will "
                "be posted in this channel shortly. There is nothing you need to do again.",
                match=snapshot.title,
            )
        try:
            await send_private(interaction, text)
        except discord.HTTPException as error:
            log.info("Match %s: could not tell the user either (%s)", snapshot.id, error)

    async def already_posted(
        self, client: discord.Client, channel: discord.PartialMessageable, snapshot: MatchSnapshot
    ) -> discord.Message | None:
        """The bot's message showing this position among the channel's newest, if Discord took
        it before the bot heard so (it was killed, or the answer was lost): newer than the match's
        last known message, with this position's picture or buttons."""
        me = client.user
        if me is None:
            return None
        picture, components = image_name(snapshot), shown_ids(snapshot)
        known = snapshot.message_id or 0
        try:
            async for message in channel.history(limit=HISTORY_CHECKED):
                if message.author.id != me.id or message.id <= known:
                    continue
                if any(a.filename == picture for a in message.attachments) or components & custom_ids_of(
                    message
                ):
                    return message
        except discord.HTTPException as error:  # no permission to read the history: post it
            log.info("Match %s: could not read the channel's messages (%s)", snapshot.id, error)
        return None

    async def retire_previous(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        sent_id: int,
        *,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """Take the buttons off the message that showed the match before `sent_id`. In a private
        match the bot can only edit what this interaction sent (a click on an older message's
        buttons is answered as stale)."""
        if snapshot.message_id is None or snapshot.message_id == sent_id:
            return
        if snapshot.private:
            if interaction is not None:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.followup.edit_message(snapshot.message_id, view=None)
            return
        channel_id = snapshot.message_channel_id or snapshot.channel_id
        await self.retire_message(client, channel_id, snapshot.message_id)

    def computers_move_later(
        self,
        client: discord.Client,
        snapshot: MatchSnapshot,
        *,
        quiet_for: int | None,
        interaction: discord.Interaction | None = None,
        requester: int | None = None,
    ) -> None:
        """When a computer seat is to move, it moves in the background (in the worker pool), and
        its move gets a message of its own when a person is to move again or the game ends: in
        the channel, or for a private match as a follow-up of `interaction` (its token lasts 15
        minutes; the bot cannot post there otherwise). `requester`: the person whose action led to
        it, in whose turn the computer thinks (None: the match's creator)."""
        if snapshot.is_over or not snapshot.waiting_for_computer:
            return
        answer = interaction if snapshot.private else None
        task = asyncio.create_task(
            self._computers_move(client, snapshot.id, quiet_for, answer, requester),
            name=f"{BACKGROUND_TASK}{snapshot.id}",
        )
        _background.add(task)
        task.add_done_callback(_background.discard)

    async def _computers_move(
        self,
        client: discord.Client,
        match_id: int,
        quiet_for: int | None,
        interaction: discord.Interaction | None,
        requester: int | None,
    ) -> None:
        try:
            async with self.host.announcing(match_id):
                after = await self.host.play_computers(match_id, requester=requester)
            due = await self.host.owed_message(after)
            if due is not None and interaction is not None:
                await self.publish(interaction, due.snapshot, ping=True)
            elif due is not None:
                await self.announce(client, due, quiet_for=quiet_for)
        except Exception:  # the sweep plays and posts it later; nobody is waiting on this task
            log.exception("Match %s: the computer's move in the background failed", match_id)

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
        message = await self.match_message(snapshot, note=note, buttons=False, words=private(interaction))
        await send_private(interaction, embed=message.embed, file=message.file)
