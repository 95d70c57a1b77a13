"""The one error path of the bot: every command, autocomplete and button ends up here.

Errors the host and the rules raise for the user (`host.USER_ERRORS`) and refusals of the cogs
themselves (`CogError`) go back to the user as an ephemeral message. The host's errors carry
data; `HOST_WORDING` words them for Discord (mentions, command names), the others are shown as
they are. A database that cannot be reached (`StoreUnavailable`: a PostgreSQL outage, a store closing as
the bot stops) is no bug: the user is told to try again, and the log gets one line a minute per
kind, without a traceback. Anything else is a bug: it
is logged with its traceback and the user gets a short apology, never the traceback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from host import (
    CREATOR_ACTION_WORDS,
    USER_ERRORS,
    GameNotOffered,
    LobbyFull,
    NoMatchHere,
    NoRatingsYet,
    NotCreator,
    NotEnoughPlayers,
    NotYourMatch,
    NotYourTurn,
    RematchOpen,
    SeatHeld,
    StoreClosing,
    StoreUnavailable,
    TooManyLobbies,
    UnknownGame,
    UnknownLevel,
    WhichMatch,
    listed_matches,
    scope_phrase,
)
from rules.text import counts, listing

from .language import remember_languages
from .observe import InteractionWatch, failed, timed
from .replies import clean, send_private, user_mention

log = logging.getLogger("tavern.errors")

APOLOGY = "Sorry, something went wrong on our side. It has been logged; please try again in a moment."
UNREACHABLE = "The database cannot be reached right now: try again in a moment."
STOPPING = "The bot is restarting: try again in a moment."
OUTAGE_LOG_EVERY = 60.0
"""Seconds between two log lines about the same kind of database outage."""


class CogError(Exception):
    """A refusal by the Discord layer itself (e.g. a game command in a direct message); its
    message is shown to the user as it is."""


SHOWN_TO_USER: tuple[type[Exception], ...] = (*USER_ERRORS, CogError)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's wrapper around it."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def _is_are(count: int) -> str:
    return "is" if count == 1 else "are"


def _unknown_game(error: UnknownGame) -> str:
    known = ", ".join(f"`{key}`" for key in error.known)
    return f"There is no game called `{error.key}`. The games are: {known}."


def _unknown_level(error: UnknownLevel) -> str:
    return f"Computer players play at {', '.join(error.levels)}, not `{error.level}`."


def _no_match_here(error: NoMatchHere) -> str:
    new = f"`/{error.game_key} new`"
    if error.seated:
        return f"You are not in a {error.game_title} match here. Start one with {new}, or join an open lobby."
    return f"There is no open {error.game_title} lobby here. Open one with {new}."


def _which_match(error: WhichMatch) -> str:
    return (
        f"Several {error.game_title} matches fit: {listed_matches(error.matches)}. "
        "Choose one with the `match` option."
    )


def _not_your_turn(error: NotYourTurn) -> str:
    if error.to_move_name is None:
        return f"It is not your turn in {error.match.title}."
    who = user_mention(error.to_move_user_id) or clean(error.to_move_name)
    return f"It is not your turn in {error.match.title}: {who} is to move."


def _lobby_full(error: LobbyFull) -> str:
    text = f"{error.match.title} is full ({error.seat_count} players)."
    return f"{text} Open a new one with `/{error.match.game_key} new`." if error.suggest_new else text


def _not_enough_players(error: NotEnoughPlayers) -> str:
    seated = f"{error.seated} {_is_are(error.seated)} seated"
    if error.wanted is not None:
        return (
            f"{error.match.title} was opened for {error.wanted} players and {seated}: it starts when every "
            "seat is taken. Ask others to press **Join**, or fill the empty seats with computer players."
        )
    return (
        f"{error.match.game_title} needs {counts(error.allowed)} players and {seated}. "
        "Ask someone to press **Join** (or use the join command)."
    )


def _not_creator(error: NotCreator) -> str:
    tag = user_mention(error.creator_id)
    who = f"{tag}, who opened the lobby," if tag else "the player who opened the lobby"
    return f"Only {who} can {CREATOR_ACTION_WORDS[error.action]}."


def _seat_held(error: SeatHeld) -> str:
    names = listing([f"**{clean(name)}**" for name in error.held_for])
    seats = "seat" if len(error.held_for) == 1 else "seats"
    held = f"The free {seats} of {error.match.title} {_is_are(len(error.held_for))} held for {names}"
    if error.creator:
        return f"{held}, whom you invited. If they will not come, press **Release seat** on the lobby first."
    return (
        f"{held}, who {'was' if len(error.held_for) == 1 else 'were'} invited: only they can take it, until "
        f"they decline or the player who opened the lobby releases it. Open your own lobby with "
        f"`/{error.match.game_key} new`."
    )


def _too_many_lobbies(error: TooManyLobbies) -> str:
    if error.in_channel:
        return (
            f"This channel already has {error.open_count} open lobbies, the most a channel may have "
            f"({error.limit}): join one of them (`/games` lists them), or open yours in another channel."
        )
    return (
        f"You already have {error.open_count} open lobbies on this server, the most one player may have "
        f"({error.limit}): start one, wait for players to fill it, or close one with the game's `leave` "
        "command before opening another."
    )


def _no_ratings_yet(error: NoRatingsYet) -> str:
    return (
        f"Nobody has a {error.game_title} rating {scope_phrase(error.scope)} yet: ratings come from "
        f"finished matches between two or more people. Start one with `/{error.game_key} new`."
    )


def _not_your_match(error: NotYourMatch) -> str:
    return (
        f"You took no part in a match #{error.match_id}. Outside a server, `/history` shows the "
        "matches you played; in a server, that server's matches."
    )


def _rematch_open(error: RematchOpen) -> str:
    where = error.rematch_title
    if error.message_id is not None:
        link = f"https://discord.com/channels/{error.guild_id}/{error.channel_id}/{error.message_id}"
        where = f"[{error.rematch_title}]({link})"
    rematch = f"The rematch of {error.match.title}"
    if error.status == "lobby":
        return f"{rematch} is open already: press **Join** on {where} to take your seat."
    if error.status == "playing":
        return f"{rematch} is being played: {where}."
    return f"{rematch} is over already: its last message ({where}) offers the next one."


def _game_not_offered(error: GameNotOffered) -> str:
    offered = ", ".join(f"{title} (`/{key} new`)" for key, title in error.offered)
    return f"{error.game_title} is not offered on this server. The games offered here: {offered}."


HOST_WORDING: dict[type[Exception], Callable[[Any], str]] = {
    UnknownGame: _unknown_game,
    UnknownLevel: _unknown_level,
    NoMatchHere: _no_match_here,
    WhichMatch: _which_match,
    NotYourTurn: _not_your_turn,
    LobbyFull: _lobby_full,
    NotEnoughPlayers: _not_enough_players,
    NotCreator: _not_creator,
    SeatHeld: _seat_held,
    NoRatingsYet: _no_ratings_yet,
    NotYourMatch: _not_your_match,
    TooManyLobbies: _too_many_lobbies,
    RematchOpen: _rematch_open,
    GameNotOffered: _game_not_offered,
}
"""The Discord wording of the host errors whose plain text lacks a mention or a command; every
other user error reads the same on Discord as its `str()`."""


def user_message(error: BaseException) -> str | None:
    """The text to show the user for an expected error, or None for a bug."""
    error = unwrap(error)
    if isinstance(error, SHOWN_TO_USER):
        word = next((HOST_WORDING[cls] for cls in type(error).__mro__ if cls in HOST_WORDING), str)
        return word(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works in a server channel, not in direct messages."
    if isinstance(error, app_commands.CheckFailure | app_commands.CommandOnCooldown):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        return f"`{str(error.value)[:100]}` does not fit that option."
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return "This command has changed since Discord last loaded it. Please try again in a minute."
    return None


class OutageLog:
    """One log line a minute per kind of database outage (the driver's error behind it), however
    many interactions meet it: an outage met by every move would otherwise flood the log."""

    def __init__(self, every: float = OUTAGE_LOG_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self._every = every
        self._clock = clock
        self._last: dict[str, float] = {}
        self._unlogged: dict[str, int] = {}

    def note(self, error: StoreUnavailable) -> None:
        cause = error.__cause__
        kind = type(cause if cause is not None else error).__name__
        now = self._clock()
        last = self._last.get(kind)
        if last is not None and now - last < self._every:
            self._unlogged[kind] = self._unlogged.get(kind, 0) + 1
            return
        self._last[kind] = now
        more = self._unlogged.pop(kind, 0)
        since = f" ({more} more since the last line)" if more else ""
        log.error("Database unavailable [%s]: %s%s", kind, error, since)


outages = OutageLog()


def describe(interaction: discord.Interaction) -> str:
    """Where an error happened, for the log."""
    if interaction.command is not None:
        what = f"/{interaction.command.qualified_name}"
    elif interaction.custom_id is not None:
        what = f"component {interaction.custom_id!r}"
    else:
        what = f"interaction type {interaction.type.name}"
    place = f"guild {interaction.guild_id} channel {interaction.channel_id}"
    return f"{what} by user {interaction.user.id} in {place}"


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user privately: the error's own message if it is meant for them, else an
    apology (and the traceback goes to the log)."""
    failed(interaction, unwrap(error))
    text = user_message(error)
    original = unwrap(error)
    if text is None and isinstance(original, StoreUnavailable):
        outages.note(original)
        text = STOPPING if isinstance(original, StoreClosing) else UNREACHABLE
    elif text is None:
        log.error(
            "Unexpected error in %s",
            describe(interaction),
            exc_info=(type(original), original, original.__traceback__),
        )
        text = APOLOGY
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("Could not tell the user about an error in %s", describe(interaction), exc_info=True)


class TavernTree(app_commands.CommandTree[discord.Client]):
    """The command tree with the bot's one error handler, and the watch of its interactions'
    times (cogs/observe.py)."""

    def __init__(self, client: discord.Client, **options: Any) -> None:
        super().__init__(client, **options)
        self.watch = InteractionWatch()

    async def _call(self, interaction: discord.Interaction[discord.Client]) -> None:
        # discord.py's one entry for commands and autocomplete (its private name is checked by
        # tests/cogs/test_metrics.py, so a discord.py update that renames it fails there).
        autocomplete = interaction.type is discord.InteractionType.autocomplete
        with timed(interaction, "autocomplete" if autocomplete else "command"):
            await super()._call(interaction)

    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        # Before any command runs: the locales it shows (cogs/language.py). Components and forms
        # are noted by the bot's listener (tavern/run.py), which calls the same function.
        host = getattr(self.client, "host", None)
        if host is not None:
            await remember_languages(host, interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction[discord.Client], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
