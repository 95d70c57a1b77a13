"""Button dispatch: what a click on a match message's components does.

`MatchComponent` (cogs/components.py) hands every click on a game's components to that game's
cog (`on_component`). The cog looks the click's action up in its `component_actions`, the methods
marked `@component_action(<action>, defer=…)` collected when its class was made
(cogs/game_base.py), acknowledges the click the way the mark says (Discord allows 3 seconds),
and runs the method; a turn that moved on meanwhile is answered with the current board, and any
error goes to the one error path (cogs/errors.py). The shared answers are here (Join, Start,
Add computer, Leave, Board, Draw and its Decline, Accept and Decline takeback, Resign and its
confirmation, Rematch, the move menu); a game adds its
own by marking a method of its cog the same way.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Collection

import discord

from host import MatchNotFound, MatchSnapshot, Player, StaleTurn
from rules.text import Words, phrase

from .components import ButtonAction, MatchComponent, Press
from .errors import CogError, report_error
from .game_base import Defer, GameCogBase, component_action
from .language import channel, private
from .lobby import DEFAULT_LEVEL
from .messages import moves_played
from .replies import defer_private, defer_public, send_private


def player_of(interaction: discord.Interaction) -> Player:
    """The user of an interaction, as the host names players."""
    return Player(interaction.user.id, interaction.user.display_name)


class ButtonAnswers(GameCogBase):
    """The button dispatch part of a game cog (a mixin over `GameCogBase`, cogs/game_base.py)."""

    async def on_component(self, interaction: discord.Interaction, press: Press) -> None:
        """A click on one of this game's components (called by MatchComponent)."""
        try:
            action = self.component_actions.get(press.action)
            if action is None:
                await send_private(
                    interaction,
                    private(interaction).gettext(
                        "This button no longer does anything. Use the newest match message."
                    ),
                )
                return
            if action.defer is Defer.PUBLIC:
                await defer_public(interaction)
            elif action.defer is Defer.PRIVATE:
                await defer_private(interaction)
            async with self.stale_answer(interaction, press.match_id):
                await action.handler(self, interaction, press)
        except Exception as error:
            await report_error(interaction, error)

    @contextlib.asynccontextmanager
    async def stale_answer(self, interaction: discord.Interaction, match_id: int) -> AsyncIterator[None]:
        """A turn that moved on meanwhile is answered politely, with the current board."""
        try:
            yield
        except StaleTurn as stale:
            note = private(interaction).say(stale.phrase)  # the board is shown to the user only
            await self.show_board(interaction, await self.host.get(match_id), note=note)

    async def current(self, press: Press) -> MatchSnapshot:
        """The clicked match, which must be one of this game's, and of the server where the click
        happened (a custom_id can be forged: a click from elsewhere must not reach a match)."""
        try:
            snapshot = await self.host.get(press.match_id)
        except MatchNotFound:
            snapshot = None
        elsewhere = (
            snapshot is not None and press.clicked_in is not None and press.clicked_in != (snapshot.guild_id,)
        )
        if snapshot is None or snapshot.game.key != self.game.key or elsewhere:
            raise MatchNotFound(
                phrase(
                    "There is no {game} match #{number} here.", game=self.game.title, number=press.match_id
                )
            )
        return snapshot

    @staticmethod
    def check_ply(snapshot: MatchSnapshot, press: Press) -> None:
        """Refuse a click on a component drawn at an earlier ply (`StaleTurn`: the user gets the
        board). Once a takeback has set a match back, a ply can come again with another position:
        then only the match's current message may act."""
        superseded = (
            snapshot.takebacks > 0
            and press.message_id is not None
            and snapshot.message_id is not None
            and press.message_id != snapshot.message_id
        )
        if snapshot.ply != press.ply or superseded:
            raise StaleTurn(
                phrase(
                    "That button was for an earlier position of {title}: it has moved on since. "
                    "Here is the current board.",
                    title=snapshot.title,
                )
            )

    async def confirm_resignation(
        self, interaction: discord.Interaction, snapshot: MatchSnapshot, ply: int
    ) -> None:
        """Asks to confirm resigning from the match (named with its variant: "Jai Kerboge #4")."""
        words = private(interaction)
        confirm = MatchComponent.button(
            self.game.key,
            ButtonAction.RESIGN_CONFIRMED,
            snapshot.id,
            ply,
            label=words.gettext("Yes, resign"),
            style=discord.ButtonStyle.danger,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(confirm)
        question = words.gettext("Resign from {title}? This cannot be undone.", title=snapshot.title)
        await send_private(interaction, question, view=view)

    # -- the shared buttons -----------------------------------------------------------------------

    @component_action(ButtonAction.JOIN, defer=Defer.PUBLIC)
    async def join_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        snapshot = await self.host.join(press.match_id, player_of(interaction))
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @component_action(ButtonAction.START, defer=Defer.PUBLIC)
    async def start_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        await self.publish(interaction, await self.host.start(press.match_id, interaction.user.id), ping=True)

    @component_action(ButtonAction.ADD_COMPUTER, defer=Defer.PUBLIC)
    async def add_computer_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        snapshot = await self.host.add_computer(press.match_id, interaction.user.id, DEFAULT_LEVEL)
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @component_action(ButtonAction.LEAVE, defer=Defer.PUBLIC)
    async def leave_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        await self.publish(interaction, await self.host.leave(press.match_id, interaction.user.id))

    @component_action(ButtonAction.DECLINE, defer=Defer.PUBLIC)
    async def decline_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        after = await self.host.decline(press.match_id, interaction.user.id)
        note = channel(self.host, after.guild_id).gettext(
            "{name} declined the invitation.", name=interaction.user.display_name
        )
        await self.publish(interaction, after, note=note)

    @component_action(ButtonAction.RELEASE, defer=Defer.PUBLIC)
    async def release_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        await self.current(press)
        after = await self.host.release(press.match_id, interaction.user.id)
        note = channel(self.host, after.guild_id).gettext(
            "The seat held for the invited player is free for anyone now."
        )
        await self.publish(interaction, after, note=note)

    @component_action(ButtonAction.BOARD, defer=Defer.PRIVATE)
    async def board_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        note = None
        if snapshot.ply != press.ply:
            words = private(interaction)
            note = words.gettext(
                "That message showed an earlier position; this is the board after {moves}.",
                moves=moves_played(snapshot, words),
            )
        await self.show_board(interaction, snapshot, note=note)

    @component_action(ButtonAction.RESIGN, defer=Defer.NONE)
    async def resign_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        await self.confirm_resignation(interaction, snapshot, press.ply)

    @component_action(ButtonAction.RESIGN_CONFIRMED, defer=Defer.PUBLIC)
    async def resign_confirmed(self, interaction: discord.Interaction, press: Press) -> None:
        # A confirmation asked for before the position moved on is stale like any other button.
        self.check_ply(await self.current(press), press)
        await self.publish(
            interaction, await self.host.resign(press.match_id, interaction.user.id), ping=True
        )

    @component_action(ButtonAction.DRAW, defer=Defer.PUBLIC)
    async def draw_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        self.check_ply(snapshot, press)
        self.check_not_offered(snapshot, interaction.user.id, private(interaction))
        await self.publish(interaction, await self.host.offer_draw(press.match_id, interaction.user.id))

    @staticmethod
    def check_not_offered(snapshot: MatchSnapshot, user_id: int, words: Words) -> None:
        """A second offer by the same player would only post the same message again."""
        seat = snapshot.seat_of(user_id)
        if seat is not None and seat.index in snapshot.draw_offer:
            raise CogError(
                words.gettext(
                    "You have already offered a draw in {title}. The other players can accept "
                    "it with **Accept draw**, or decline it with **Decline draw** (or {command}).",
                    title=snapshot.title,
                    command=f"`/{snapshot.game.key} draw decline:True`",
                )
            )

    @component_action(ButtonAction.DRAW_DECLINE, defer=Defer.PUBLIC)
    async def draw_declined(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        self.check_ply(snapshot, press)
        await self.decline_draw(interaction, snapshot)

    async def decline_draw(self, interaction: discord.Interaction, snapshot: MatchSnapshot) -> None:
        """Decline the draw offered (its offerer withdraws it this way), and say who did."""
        after = await self.host.decline_draw(snapshot.id, interaction.user.id)
        words = channel(self.host, snapshot.guild_id)
        note = answered_note(snapshot, interaction.user.id, "draw", words, withdrew=snapshot.draw_offer)
        await self.publish(interaction, after, note=note)

    @component_action(ButtonAction.TAKEBACK_ACCEPT, defer=Defer.PUBLIC)
    async def takeback_accepted(self, interaction: discord.Interaction, press: Press) -> None:
        self.check_ply(await self.current(press), press)
        await self.publish(interaction, await self.host.accept_takeback(press.match_id, interaction.user.id))

    @component_action(ButtonAction.TAKEBACK_DECLINE, defer=Defer.PUBLIC)
    async def takeback_declined(self, interaction: discord.Interaction, press: Press) -> None:
        snapshot = await self.current(press)
        self.check_ply(snapshot, press)
        after = await self.host.decline_takeback(press.match_id, interaction.user.id)
        asker = {snapshot.takeback_offer.seat} if snapshot.takeback_offer is not None else set()
        words = channel(self.host, snapshot.guild_id)
        note = answered_note(snapshot, interaction.user.id, "takeback", words, withdrew=asker)
        await self.publish(interaction, after, note=note)

    @component_action(ButtonAction.REMATCH, defer=Defer.PUBLIC)
    async def rematch_pressed(self, interaction: discord.Interaction, press: Press) -> None:
        over = await self.current(press)
        lobby = await self.host.rematch(press.match_id, player_of(interaction))
        seated = set(lobby.human_ids)
        asked = [user_id for user_id in dict.fromkeys(over.human_ids) if user_id not in seated]
        await self.publish(interaction, lobby, ping=not lobby.is_lobby, rematch_for=asked)

    @component_action(ButtonAction.MOVE, defer=Defer.PUBLIC)
    async def move_chosen(self, interaction: discord.Interaction, press: Press) -> None:
        if not press.values:
            raise CogError(private(interaction).gettext("Choose a move from the menu."))
        self.check_ply(await self.current(press), press)
        after = await self.host.play(
            press.match_id, interaction.user.id, press.values[0], expected_ply=press.ply
        )
        await self.publish(interaction, after, ping=True)


def answered_note(
    snapshot: MatchSnapshot, user_id: int, offer: str, words: Words, *, withdrew: Collection[int] = ()
) -> str:
    """The note that says who declined an offer (the `draw` or `takeback`), or that its maker
    withdrew it (`withdrew`: the seats that made it), in the channel's `words`; plain text,
    escaped where it is shown."""
    seat = snapshot.seat_of(user_id)
    if seat is None:
        if offer == "draw":
            return words.gettext("A player declined the draw.")
        return words.gettext("A player declined the takeback.")
    if seat.index in withdrew:
        if offer == "draw":
            return words.gettext("{name} withdrew the draw offer.", name=seat.label)
        return words.gettext("{name} withdrew the takeback request.", name=seat.label)
    if offer == "draw":
        return words.gettext("{name} declined the draw.", name=seat.label)
    return words.gettext("{name} declined the takeback.", name=seat.label)
