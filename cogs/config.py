"""`/tavern config`: a server's own settings (host/settings.py), for members with Manage Server.

Without options it shows the settings; with options it changes them and shows them all again.
Both answers are private: settings are an exchange between a manager and the bot, typed in any
channel, and what they change shows where it matters (the games `/help` and `/games` offer, a
refused `new`, "unrated" on a match message, the threads). Discord hides the command from other
members (`default_permissions`), and the command checks the permission again when it runs, since a
server may give the command to anyone.
"""

from __future__ import annotations

import logging
from datetime import timedelta

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from host import SHIPPED, Host, Language, MatchOver, MatchSnapshot, Notify, ServerSettings, language_name
from host.errors import status_word
from host.language import SOURCE
from rules import GAMES

from .clock import TurnClock, turn_clock_of
from .errors import CogError
from .game_cog import game_cog_of
from .language import channel, player, private, proper_name
from .messages import clean, match_link
from .notices import send_dm
from .place import server_only
from .replies import defer_private, send_private

log = logging.getLogger("tavern.config")

GAME_CHOICES = [app_commands.Choice(name=proper_name(game.title), value=key) for key, game in GAMES.items()]
CLOCK_CHOICES = [
    app_commands.Choice(name=locale_str("1 day"), value="1d"),
    app_commands.Choice(name=locale_str("3 days"), value="3d"),
    app_commands.Choice(name=locale_str("7 days"), value="7d"),
    app_commands.Choice(name=locale_str("14 days"), value="14d"),
    app_commands.Choice(name=locale_str("off (never)"), value="off"),
    app_commands.Choice(name=locale_str("the bot's default"), value="default"),
]
DEFAULT_LANGUAGE = "default"
"""The `language:` choice that goes back to Discord's server locale."""
LANGUAGE_CHOICES = [
    *(app_commands.Choice(name=proper_name(language_name(code)), value=code) for code in (SOURCE, *SHIPPED)),
    app_commands.Choice(name=locale_str("default: the server's language on Discord"), value=DEFAULT_LANGUAGE),
]
"""English and every shipped catalogue, each by its own name ("Deutsch", "日本語"): a manager
finds their language whatever language their client shows."""
TOURNAMENT_CREATOR_CHOICES = [
    app_commands.Choice(name=locale_str("members who can manage the server"), value="managers"),
    app_commands.Choice(name=locale_str("everyone"), value="everyone"),
]
"""Who may create tournaments (host.TOURNAMENT_CREATORS)."""


def duration(clock: timedelta | None, words: Language) -> str:
    """ "7 days", "36 hours", or "off"."""
    if clock is None:
        return words.pgettext("clock", "off")
    hours = clock.total_seconds() / 3600
    if hours % 24 == 0:
        return words.ngettext("{count} day", "{count} days", int(hours // 24))
    return words.ngettext("{count} hour", "{count} hours", hours)


def clock_text(hours: float | None, clock: timedelta | None, words: Language) -> str:
    if hours is None:
        return words.gettext("{length} (the bot's default)", length=duration(clock, words))
    return duration(clock, words)


def turn_clock_text(hours: float | None, clock: timedelta | None, words: Language) -> str:
    """The turn clock that applies on the server, and what it does (or that there is none)."""
    if clock is None:
        return words.gettext(
            "{length}: there is no turn clock, so nobody is resigned for taking their time and no "
            "reminders are sent",
            length=clock_text(hours, clock, words),
        )
    return words.gettext(
        "{length}: a player who does not move for this long is resigned; they are reminded at half and "
        "at 90% of it (unless their `/settings` say not to)",
        length=clock_text(hours, clock, words),
    )


def language_text(reads: Language, chosen: str | None, words: Language) -> str:
    """Which language the server's channels read, and why."""
    if chosen is not None:
        return words.gettext(
            "{language}: match messages, lobbies, results and pictures in this server's channels are in "
            "it (chosen with `/tavern config language:`); each member's own replies follow their Discord "
            "language",
            language=language_name(reads.code),
        )
    return words.gettext(
        "{language}: the server's language on Discord, which match messages, lobbies, results and "
        "pictures in its channels follow (`/tavern config language:` chooses another); each member's "
        "own replies follow their Discord language",
        language=language_name(reads.code),
    )


def settings_embed(
    settings: ServerSettings,
    clock: TurnClock | None,
    *,
    changed: bool,
    words: Language,
    reads: Language,
    chosen: str | None,
) -> discord.Embed:
    """The server's settings, in `words` (the manager's language); `reads`: the language its
    channels read (`chosen` by its managers, or None: Discord's server locale)."""
    turn_default = clock.turn_timeout if clock is not None else None
    lobby_default = clock.lobby_timeout if clock is not None else None
    offered = [GAMES[key].title for key in settings.games]
    withdrawn = [game.title for key, game in GAMES.items() if key not in settings.games]
    games = ", ".join(offered)
    if withdrawn:
        games += "\n" + words.gettext("Not offered: {games}", games=", ".join(withdrawn))
    if settings.quiet:
        threads = words.gettext("every match in its own thread (quiet mode)")
    elif settings.threads:
        threads = words.gettext("every match in its own thread")
    else:
        threads = words.gettext("in the channel (a match's `new` may ask for a thread with `thread:True`)")
    embed = discord.Embed(
        title=words.gettext("Tavern settings of this server: changed")
        if changed
        else words.gettext("Tavern settings of this server"),
        description=words.gettext(
            "Change them with `/tavern config` and its options. Matches already open keep the "
            "settings they were opened with."
        ),
        colour=discord.Colour.blurple(),
    )
    embed.add_field(name=words.gettext("Games offered"), value=games, inline=False)
    embed.add_field(
        name=words.gettext("Turn clock"),
        value=turn_clock_text(settings.turn_clock_hours, settings.turn_clock(turn_default), words),
        inline=False,
    )
    embed.add_field(
        name=words.gettext("Lobby clock"),
        value=words.gettext(
            "{length}: a lobby nobody joins for this long is closed",
            length=clock_text(settings.lobby_clock_hours, settings.lobby_clock(lobby_default), words),
        ),
        inline=False,
    )
    embed.add_field(name=words.gettext("Threads"), value=threads, inline=False)
    embed.add_field(
        name=words.gettext("Ratings"),
        value=words.gettext("rated: finished matches between people update ratings")
        if settings.rated
        else words.gettext("unrated: results are kept, ratings are left alone"),
        inline=False,
    )
    embed.add_field(
        name=words.gettext("Quiet mode"),
        value=words.gettext("on: the channel gets only lobbies and results; the moves happen in the threads")
        if settings.quiet
        else words.pgettext("setting", "off"),
        inline=False,
    )
    embed.add_field(name=words.gettext("Language"), value=language_text(reads, chosen, words), inline=False)
    embed.add_field(
        name=words.gettext("Tournaments"),
        value=words.gettext("everyone can create them with `/tournament new`")
        if settings.tournament_creators == "everyone"
        else words.gettext("only members who can manage the server can create them with `/tournament new`"),
        inline=False,
    )
    return embed


def managed_guild(interaction: discord.Interaction, refusal: str) -> int:
    """The server of a /tavern command, when the member may manage it; else `refusal` (a whole
    sentence in the member's language: what only managers may do)."""
    words = private(interaction)
    if interaction.guild_id is None:
        raise CogError(
            words.gettext("Tavern's settings belong to a server: use this command in a server channel.")
        )
    if not interaction.permissions.manage_guild:
        raise CogError(refusal + " " + words.gettext("`/help` tells what the bot offers here."))
    return interaction.guild_id


def cancelled_notice(snapshot: MatchSnapshot, link: str | None, words: Language) -> str:
    """What a player of a cancelled match is told (by mention or direct message)."""
    if link:
        return words.gettext(
            "{match} was cancelled by a moderator: it ends unrated, with no winner and no loser: {link}",
            match=snapshot.title,
            link=link,
        )
    return words.gettext(
        "{match} was cancelled by a moderator: it ends unrated, with no winner and no loser.",
        match=snapshot.title,
    )


@server_only
@app_commands.default_permissions(manage_guild=True)
class TavernCog(
    commands.GroupCog, group_name="tavern", group_description=locale_str("Tavern's settings for this server")
):
    """Tavern's settings for this server"""

    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(
        name="config", description=locale_str("Show or change Tavern's settings for this server")
    )
    @app_commands.describe(
        enable=locale_str("Offer this game on this server"),
        disable=locale_str("Stop offering this game (matches already open go on)"),
        turn_clock=locale_str("How long a player may take over a turn before being resigned"),
        lobby_clock=locale_str("How long a lobby nobody joins stays open"),
        threads=locale_str("Play every match in a thread of its own"),
        rated=locale_str("Finished matches update ratings (off: results are kept, ratings left alone)"),
        quiet=locale_str(
            "The channel gets only lobbies and results; the moves happen in threads (turns threads on)"
        ),
        language=locale_str(
            "The language of match messages, lobbies, results and pictures in this server's channels"
        ),
        tournament_creators=locale_str(
            "Who may create tournaments (default: members who can manage the server)"
        ),
    )
    @app_commands.choices(
        enable=GAME_CHOICES,
        disable=GAME_CHOICES,
        turn_clock=CLOCK_CHOICES,
        lobby_clock=CLOCK_CHOICES,
        language=LANGUAGE_CHOICES,
        tournament_creators=TOURNAMENT_CREATOR_CHOICES,
    )
    async def config(
        self,
        interaction: discord.Interaction,
        enable: str | None = None,
        disable: str | None = None,
        turn_clock: str | None = None,
        lobby_clock: str | None = None,
        threads: bool | None = None,
        rated: bool | None = None,
        quiet: bool | None = None,
        language: str | None = None,
        tournament_creators: str | None = None,
    ) -> None:
        await defer_private(interaction)
        words = private(interaction)
        guild_id = managed_guild(
            interaction,
            words.gettext(
                "Only members with the Manage Server permission can see or change Tavern's settings of "
                "this server."
            ),
        )
        chosen = (
            enable,
            disable,
            turn_clock,
            lobby_clock,
            threads,
            rated,
            quiet,
            language,
            tournament_creators,
        )
        changed = any(c is not None for c in chosen)
        if not changed:
            settings = await self.host.server_settings(guild_id)
        else:  # the host checks every value before it stores anything
            settings = await self.host.configure(
                guild_id,
                enable=enable,
                disable=disable,
                turn_clock=turn_clock,
                lobby_clock=lobby_clock,
                threads=threads,
                rated=rated,
                quiet=quiet,
                tournament_creators=tournament_creators,
            )
        if language is not None:  # after the others: a refused setting changes no language either
            await self.host.choose_language(guild_id, None if language == DEFAULT_LANGUAGE else language)
        embed = settings_embed(
            settings,
            turn_clock_of(interaction.client),
            changed=changed,
            words=words,
            reads=channel(self.host, guild_id),
            chosen=self.host.languages.chosen(guild_id),
        )
        await send_private(interaction, embed=embed)

    @app_commands.command(
        name="cancel", description=locale_str("End a match of this server unrated (a stuck game)")
    )
    @app_commands.describe(match=locale_str("The match's number (the #N of its message)"))
    async def cancel(self, interaction: discord.Interaction, match: int) -> None:
        await defer_private(interaction)
        words = private(interaction)
        guild_id = managed_guild(
            interaction,
            words.gettext(
                "Only members with the Manage Server permission can cancel a match of this server."
            ),
        )
        try:
            snapshot = await self.host.cancel(match, guild_id)
        except MatchOver as over:
            raise CogError(
                words.gettext(
                    "{match} is already over ({status}): only a lobby or a match being played can be "
                    "cancelled.",
                    match=over.match.title,
                    status=words.say(status_word(over.status)),
                )
            ) from None
        client = interaction.client
        cog = game_cog_of(client, snapshot.game.key)
        due = await self.host.owed_message(snapshot)
        if cog is not None and due is not None:  # its message (in its thread, if any) says so
            note = channel(self.host, snapshot.guild_id).gettext("A moderator cancelled this match.")
            await cog.announce(client, due, note=note)
        told = await self.tell_players(client, await self.host.get(snapshot.id))
        if told:
            done = words.gettext(
                "{match} is cancelled: it ends unrated, and no result is counted for anyone. Told {players}.",
                match=snapshot.title,
                players=clean(words.listing(told)),
            )
        else:
            done = words.gettext(
                "{match} is cancelled: it ends unrated, and no result is counted for anyone. "
                "Nobody was seated in it.",
                match=snapshot.title,
            )
        await send_private(interaction, done)

    async def tell_players(self, client: discord.Client, snapshot: MatchSnapshot) -> list[str]:
        """Tell each person still seated that their match was cancelled, the way their `/settings`
        say (a mention in the match's thread or channel, or a direct message; "nothing": the match
        message names them); returns the names of those told."""
        link = match_link(
            snapshot.guild_id, snapshot.message_channel_id or snapshot.home_id, snapshot.message_id
        )
        mentioned, told = [], []
        for seat in snapshot.seats:
            if seat.user_id is None or seat.user_id <= 0 or seat.resigned:
                continue
            told.append(seat.name)
            notify = (await self.host.player_settings(seat.user_id)).notify
            notice = cancelled_notice(snapshot, link, player(self.host, seat.user_id))
            if notify == Notify.DM and await send_dm(client, seat.user_id, notice):
                continue
            if notify != Notify.NOTHING:  # a mention, or a direct message Discord refused
                mentioned.append(seat.user_id)
        if mentioned:
            said = cancelled_notice(snapshot, None, channel(self.host, snapshot.guild_id))
            text = f"{', '.join(f'<@{user_id}>' for user_id in mentioned)}: {said}"
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in mentioned], replied_user=False
            )
            try:
                await client.get_partial_messageable(snapshot.home_id).send(text, allowed_mentions=allowed)
            except discord.HTTPException as error:  # the match message says it all the same
                log.warning("Match %s: could not tell its players of its cancel (%s)", snapshot.id, error)
        return told
