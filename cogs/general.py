"""`/games` (this channel's matches) and `/help` (what the bot does and how to start)."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from host import Host, game_by_key
from rules.text import Words, clip, phrase

from .errors import CogError
from .game_cog import GameCog
from .language import private
from .messages import clean, summary_label
from .observe import answered
from .place import anywhere, scope_of
from .replies import NO_PINGS, defer_private, send_private


class GeneralCog(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    def game_cogs(self, client: discord.Client) -> list[GameCog]:
        cogs = client.cogs.values() if isinstance(client, commands.Bot) else ()
        return [cog for cog in cogs if isinstance(cog, GameCog)]

    async def offered_cogs(self, interaction: discord.Interaction) -> list[GameCog]:
        """The game cogs of the games this server offers (`/tavern config`); every game in DMs."""
        cogs = self.game_cogs(interaction.client)
        if interaction.guild_id is None:
            return cogs
        settings = await self.host.server_settings(interaction.guild_id)
        return [cog for cog in cogs if settings.offers(cog.game.key)]

    @app_commands.command(
        name="games",
        description=locale_str("The matches being played or waiting for players in this channel"),
    )
    @anywhere
    async def games(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        words = private(interaction)
        # A DM's or group DM's matches are filed under the conversation itself (cogs.place).
        scope = scope_of(interaction)
        if scope is None or interaction.channel_id is None:
            raise CogError(
                words.gettext("This cannot be used here: use it in a channel or a direct message.")
            )
        summaries = await self.host.matches_in_channel(scope, interaction.channel_id)
        lines = []
        for summary in summaries:
            label = summary_label(summary, game_by_key(summary.game).title, words)
            lines.append(f"• {clean(label)}")
        if not lines:
            starts = ", ".join(f"`/{cog.game.key} new`" for cog in await self.offered_cogs(interaction))
            if starts:
                none = words.gettext(
                    "No match is being played or waiting for players here. Open one with {commands}; "
                    "`/history` shows finished ones.",
                    commands=starts,
                )
            else:
                none = words.gettext(
                    "No match is being played or waiting for players here. Open one with a game command; "
                    "`/history` shows finished ones."
                )
            lines = [none]
        embed = discord.Embed(
            title=words.gettext("Matches in this channel"),
            description=clip("\n".join(lines), 4096),
            colour=discord.Colour.blurple(),
        )
        await send_private(interaction, embed=embed)

    @app_commands.command(name="help", description=locale_str("What this bot does and how to start a game"))
    @anywhere
    async def help(self, interaction: discord.Interaction) -> None:
        words = private(interaction)
        games = []
        for cog in await self.offered_cogs(interaction):
            game = cog.game
            command = f"`/{game.key} new`"
            if game.variant_titles:  # each seat count is a game of its own (Kerboge, Jai Kerboge)
                for seats in sorted(game.seats, reverse=True):
                    games.append(
                        words.ngettext(
                            "• **{title}** ({count} player): {command}",
                            "• **{title}** ({count} players): {command}",
                            seats,
                            title=game.title_for(seats),
                            command=command,
                        )
                    )
            else:
                shown = {"title": game.title, "players": players_text(game.seats, words), "command": command}
                line = (
                    phrase(
                        "• **{title}** ({players}) (its creator may **Start** it early): {command}", **shown
                    )
                    if game.starts_short
                    else phrase("• **{title}** ({players}): {command}", **shown)
                )
                games.append(words.say(line))
        embed = discord.Embed(
            title=words.gettext("Tavern: rare board games in chat"),
            description=(
                words.gettext(
                    "Play board games with the people in this channel, one move at a time, "
                    "at your own pace.\n\n"
                    "**Start:** open a lobby with a game's `new` command. Others press **Join** (or use "
                    "`join`), or its creator adds computer players; the match starts when every seat is "
                    "taken.\n"
                    "**Play:** `/<game> move` (it suggests legal moves as you type), or pick from the menu "
                    "when there are few moves. The bot posts the board after every move and mentions "
                    "the player to move (`/settings`: a direct message instead, or nothing, and reminders "
                    "before the turn "
                    "clock runs out; `/mygames`: your matches everywhere, your turn first).\n"
                    "**More:** `board` shows the board, `resign` and `draw` end a match, `takeback` asks to "
                    "take back your last move, a finished match offers a **Rematch**, "
                    "`rules` explains the game, `/games` lists the matches here.\n\n**Games**\n"
                )
                + ("\n".join(games) or words.gettext("None loaded."))
            ),
            colour=discord.Colour.blurple(),
        )
        answered(interaction)
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)


def players_text(seats: Sequence[int], words: Words) -> str:
    """ "2 to 6 players" for a run of seat counts, "2 or 4 players" otherwise."""
    ordered = sorted(set(seats))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return words.gettext("{low} to {high} players", low=ordered[0], high=ordered[-1])
    if len(ordered) == 1:
        return words.ngettext("{count} player", "{count} players", ordered[0])
    return words.gettext("{counts} players", counts=words.listing([str(n) for n in ordered], "or"))
