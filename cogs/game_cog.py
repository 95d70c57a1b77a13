"""`GameCog`: one `GroupCog` per game (`/keryo-pente`, `/keibot`, …) with the commands every game
shares: join, start, leave, move (with autocomplete of the legal moves), board, resign, draw,
takeback and rules, and `open_lobby`, what every game's `new` command does (see cogs/lobby.py).

A game's cog subclasses it, names its game and declares its `new` command. The match message
and the answers to its buttons come from the two sibling parts GameCog lists: `MatchMessages`
(cogs/match_message.py) and `ButtonAnswers` (cogs/dispatch.py), mixins over the declared base
`GameCogBase` (cogs/game_base.py), through which alone they use each other. Commands stay short:
acknowledge, call the host, render, reply.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from host import MOVE_TEXT_LIMIT, Host, MatchListing, MatchNotFound, MatchSnapshot, Player, game_by_key
from rules.text import clip

from .components import MENU_LIMIT
from .dispatch import ButtonAnswers, player_of
from .errors import SHOWN_TO_USER, CogError, describe
from .game_base import GameCogMeta
from .language import private
from .lobby import COMPUTER, DEFAULT_LEVEL, PEOPLE
from .match_message import MatchMessages
from .messages import clean, summary_label
from .observe import answered
from .place import anywhere, place_of, scope_of
from .replies import NO_PINGS, defer_private, defer_public

log = logging.getLogger("tavern.cogs")


def game_cog_of(client: discord.Client, key: str) -> GameCog | None:
    """The loaded cog of the game `key` (None when it is not loaded)."""
    cogs = client.cogs.values() if isinstance(client, commands.Bot) else ()
    return next((cog for cog in cogs if isinstance(cog, GameCog) and cog.game.key == key), None)


@anywhere
class GameCog(MatchMessages, ButtonAnswers, commands.GroupCog, metaclass=GameCogMeta):
    """Base of the game cogs: a subclass names its game as its `group_name` (the command group
    /keibot is the game "keibot") and declares a `new` command. A game with a step-by-step move
    builder lists `BuilderAnswers` (cogs/builder.py) before it."""

    game_key: str

    def __init__(self, host: Host) -> None:
        self.host = host
        group = self.app_command  # made by discord.py from group_name before __init__ runs
        assert group is not None, "a game cog is a GroupCog"
        self.game_key = group.name
        self.game = game_by_key(self.game_key)

    # -- helpers for commands --------------------------------------------------------------------

    async def find(
        self,
        interaction: discord.Interaction,
        match: int | None,
        *,
        lobby: bool,
        seated: bool = True,
        to_move: bool = False,
    ) -> MatchSnapshot:
        """The match a command means (see `Host.resolve`): a lobby, or a match being played
        (`to_move`: for a move, the one where it is the user's turn when several are played)."""
        place = place_of(interaction)
        return await self.host.resolve(
            user_id=interaction.user.id,
            guild_id=place.scope_id,
            channel_id=place.channel_id,
            game_key=self.game.key,
            match_id=match,
            statuses=("lobby",) if lobby else ("playing",),
            seated=seated,
            to_move=to_move,
        )

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        *,
        seats: int,
        options: Mapping[str, Any],
        opponent: str = PEOPLE,
        level: str = DEFAULT_LEVEL,
        invite: discord.abc.User | None = None,
        thread: bool | None = None,
    ) -> None:
        """What every game's `new` command does: open a lobby and show it; against the computer
        (`opponent="computer"`), every other seat is a computer player and the match starts.
        `invite`: a member asked to join; a seat is held for them (cogs.dispatch: Decline, Release
        seat), and the lobby message mentions them (and pings only them).
        `thread`: the match's own choice of a thread (None: the server's setting)."""
        if invite is not None:
            self.check_invite(interaction, invite, opponent)
        await defer_public(interaction)
        place = place_of(interaction)
        snapshot = await self.host.new(
            guild_id=place.scope_id,
            channel_id=place.channel_id,
            creator=player_of(interaction),
            game_key=self.game.key,
            seats=seats,
            options=options,
            computers=level if opponent == COMPUTER else None,
            private=place.private,
            thread=thread,
            invited=[Player(invite.id, invite.display_name)] if invite is not None else (),
        )
        await self.publish(interaction, snapshot, invite=invite)

    def check_invite(self, interaction: discord.Interaction, invite: discord.abc.User, opponent: str) -> None:
        """Refuse an invitation that makes no sense, before anything is stored."""
        words = private(interaction)
        if invite.id == interaction.user.id:
            raise CogError(
                words.gettext("You are already seated in the lobby you open: invite someone else.")
            )
        if invite.bot:
            raise CogError(
                words.gettext(
                    "{name} is a bot and cannot play. To play against the computer, use {command}.",
                    name=clean(invite.display_name),
                    command=f"`/{self.game.key} new opponent:computer`",
                )
            )
        if opponent == COMPUTER:
            raise CogError(
                words.gettext(
                    "Against the computer every other seat is a computer player: "
                    "invite a member or choose `opponent:computer`, not both."
                )
            )

    # -- autocomplete -----------------------------------------------------------------------------

    def _choices(
        self, interaction: discord.Interaction, summaries: Sequence[MatchListing], current: Any
    ) -> list[app_commands.Choice[int]]:
        typed = str(current or "").strip().lstrip("#").lower()
        words = private(interaction)
        seen: set[int] = set()
        choices = []
        for summary in summaries:
            label = summary_label(summary, self.game.title, words)
            if summary.game != self.game.key or summary.id in seen or typed not in label.lower():
                continue
            seen.add(summary.id)
            choices.append(app_commands.Choice(name=label, value=summary.id))
        return choices[:MENU_LIMIT]

    async def _mine(self, interaction: discord.Interaction, statuses: Sequence[str]) -> list[MatchListing]:
        return await self.host.matches_of_player(
            interaction.user.id, guild_id=scope_of(interaction), game_key=self.game.key, statuses=statuses
        )

    async def open_lobbies(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        place = place_of(interaction)
        here = await self.host.matches_in_channel(place.scope_id, place.channel_id, statuses=("lobby",))
        return self._choices(interaction, here, current)

    async def my_lobbies(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return self._choices(interaction, await self._mine(interaction, ("lobby",)), current)

    async def my_matches(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        return self._choices(interaction, await self._mine(interaction, ("playing",)), current)

    async def watchable_matches(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        place = place_of(interaction)
        mine = await self._mine(interaction, ("playing",))
        here = await self.host.matches_in_channel(place.scope_id, place.channel_id, statuses=("playing",))
        return self._choices(interaction, [*mine, *here], current)

    async def legal_moves(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Legal moves of the user's match, filtered by what was typed (the submitted text is
        checked again by the host)."""
        try:
            snapshot = await self.find(interaction, interaction.namespace.match, lobby=False, to_move=True)
            state = snapshot.state
            if state is None or snapshot.to_move is None:
                return []
            suggestions = await asyncio.to_thread(state.suggest, current or "", MENU_LIMIT)
        except SHOWN_TO_USER:  # no match, several, not in one: nothing to suggest
            return []
        except Exception:
            # A bug: the user still gets an (empty) answer, and the traceback goes to the log.
            log.exception("Move autocomplete failed for %s", describe(interaction))
            return []
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in suggestions[:MENU_LIMIT]]

    # -- commands ---------------------------------------------------------------------------------

    @app_commands.command(name="join", description=locale_str("Take a seat in an open lobby"))
    @app_commands.describe(match=locale_str("The lobby to join (default: the open lobby in this channel)"))
    @app_commands.autocomplete(match=open_lobbies)
    async def join(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        lobby = await self.find(interaction, match, lobby=True, seated=False)
        snapshot = await self.host.join(lobby.id, player_of(interaction))
        await self.publish(interaction, snapshot, ping=not snapshot.is_lobby)

    @app_commands.command(
        name="start", description=locale_str("Start your lobby now, with the players seated so far")
    )
    @app_commands.describe(match=locale_str("The lobby to start (default: yours)"))
    @app_commands.autocomplete(match=my_lobbies)
    async def start(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        lobby = await self.find(interaction, match, lobby=True)
        await self.publish(interaction, await self.host.start(lobby.id, interaction.user.id), ping=True)

    @app_commands.command(
        name="leave", description=locale_str("Give up your seat in a lobby (its creator closes it)")
    )
    @app_commands.describe(match=locale_str("The lobby to leave (default: yours)"))
    @app_commands.autocomplete(match=my_lobbies)
    async def leave(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        try:
            lobby = await self.find(interaction, match, lobby=True)
        except MatchNotFound:
            if match is None and await self._mine(interaction, ("playing",)):
                # A lobby is left; a match that has started is given up with resign.
                raise CogError(
                    private(interaction).gettext(
                        "Your {game} match has already started, so there is no seat to leave: "
                        "{command} gives it up.",
                        game=self.game.title,
                        command=f"`/{self.game.key} resign`",
                    )
                ) from None
            raise
        await self.publish(interaction, await self.host.leave(lobby.id, interaction.user.id))

    @app_commands.command(name="move", description=locale_str("Play a move"))
    @app_commands.describe(
        move=locale_str("Your move in the game's notation"), match=locale_str("The match (default: yours)")
    )
    @app_commands.autocomplete(move=legal_moves)
    @app_commands.autocomplete(match=my_matches)
    async def move(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[str, 1, MOVE_TEXT_LIMIT],
        match: int | None = None,
    ) -> None:
        await defer_public(interaction)
        snapshot = await self.find(interaction, match, lobby=False, to_move=True)
        async with self.stale_answer(interaction, snapshot.id):
            # A typed move carries no turn: it is refused if the position it would be played on
            # was reached after the command was sent (a repeated or delayed /move).
            sent_at = discord.utils.snowflake_time(interaction.id)
            after = await self.host.play(snapshot.id, interaction.user.id, move, sent_at=sent_at)
            await self.publish(interaction, after, ping=True)

    @app_commands.command(name="board", description=locale_str("Show the board of a match"))
    @app_commands.describe(
        match=locale_str("The match (default: yours)"),
        share=locale_str("Post it in the channel as the match message (default: only you see it)"),
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

    @app_commands.command(
        name="resign", description=locale_str("Resign from a match (you will be asked to confirm)")
    )
    @app_commands.describe(match=locale_str("The match (default: yours)"))
    @app_commands.autocomplete(match=my_matches)
    async def resign(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_private(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        await self.confirm_resignation(interaction, snapshot, snapshot.ply)

    @app_commands.command(name="draw", description=locale_str("Offer a draw, or accept the one offered"))
    @app_commands.describe(
        match=locale_str("The match (default: yours)"), decline=locale_str("Decline the draw offered instead")
    )
    @app_commands.autocomplete(match=my_matches)
    async def draw(
        self, interaction: discord.Interaction, match: int | None = None, decline: bool = False
    ) -> None:
        await defer_public(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        if decline:
            await self.decline_draw(interaction, snapshot)
            return
        self.check_not_offered(snapshot, interaction.user.id, private(interaction))
        await self.publish(interaction, await self.host.offer_draw(snapshot.id, interaction.user.id))

    @app_commands.command(
        name="takeback",
        description=locale_str("Ask to take back your last move (the other players must accept)"),
    )
    @app_commands.describe(match=locale_str("The match (default: yours)"))
    @app_commands.autocomplete(match=my_matches)
    async def takeback(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await defer_public(interaction)
        snapshot = await self.find(interaction, match, lobby=False)
        await self.publish(interaction, await self.host.ask_takeback(snapshot.id, interaction.user.id))

    @app_commands.command(name="rules", description=locale_str("A short summary of the rules"))
    async def rules(self, interaction: discord.Interaction) -> None:
        words = private(interaction)  # the rules are shown to the asker only
        summary = words.gettext(self.game.summary) if self.game.summary else words.gettext("No summary yet.")
        embed = discord.Embed(
            title=words.gettext("{game} — rules", game=self.game.title),
            description=clip(summary, 4096),
            colour=discord.Colour.blurple(),
        )
        embed.set_footer(text=words.gettext("Start a match with {command}", command=f"/{self.game.key} new"))
        answered(interaction)
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)
