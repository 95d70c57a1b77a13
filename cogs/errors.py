"""The one error path of the bot: every command, autocomplete and button ends up here.

Errors the host and the rules raise for the user (`host.USER_ERRORS`) and refusals of the cogs
themselves (`CogError`) go back to the user as an ephemeral message, in the language of the
person who clicked or typed (`private(interaction)`). The host's errors carry data;
`HOST_WORDING` words them for Discord (mentions, command names), the others are said from their
Phrase (`words.say(error.phrase)`). A database that cannot be reached (`StoreUnavailable`: a
PostgreSQL outage, a store closing as the bot stops) is no bug: the user is told to try again, and
the log gets one line a minute per kind, without a traceback. Anything else is a bug: it is logged
with its traceback and the user gets a short apology, never the traceback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from host import (
    GLOBAL_SCOPE,
    USER_ERRORS,
    GameNotOffered,
    LobbyAction,
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
)
from host.tournament import TooFewEntrants, TournamentAction, TournamentClosed, TournamentCreatorsOnly
from rules.text import N_, Phrase, Words

from .language import private, remember_languages
from .observe import InteractionWatch, failed, timed
from .replies import COMPUTER_LEVELS, clean, code, players_versus, said, send_private, user_mention

log = logging.getLogger("tavern.errors")

APOLOGY = N_("Sorry, something went wrong on our side. It has been logged; please try again in a moment.")
UNREACHABLE = N_("The database cannot be reached right now: try again in a moment.")
STOPPING = N_("The bot is restarting: try again in a moment.")
"""The three answers that are no refusal (English; `words.gettext` of each in the reader's)."""
OUTAGE_LOG_EVERY = 60.0
"""Seconds between two log lines about the same kind of database outage."""


class CogError(Exception):
    """A refusal by the Discord layer itself (e.g. a game command in a direct message): a Phrase
    (or a constant English text) shown to the user in their language, `words.say(error.phrase)`;
    `str()` is the English."""

    def __init__(self, message: Phrase | str) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message)
        super().__init__(str(self.phrase))


SHOWN_TO_USER: tuple[type[Exception], ...] = (*USER_ERRORS, CogError)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's wrapper around it."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def _unknown_game(error: UnknownGame, words: Words) -> str:
    known = ", ".join(f"`{key}`" for key in error.known)
    return words.gettext(
        "There is no game called {game}. The games are: {known}.", game=code(error.key), known=known
    )


def _unknown_level(error: UnknownLevel, words: Words) -> str:
    return words.gettext(
        "Computer players play at {levels}, not {level}.",
        levels=", ".join(said(words, COMPUTER_LEVELS.get(level, level)) for level in error.levels),
        level=code(error.level),
    )


def _no_match_here(error: NoMatchHere, words: Words) -> str:
    new = code(f"/{error.game_key} new")
    if error.seated:
        return words.gettext(
            "You are not in a {game} match here. Start one with {command}, or join an open lobby.",
            game=error.game_title,
            command=new,
        )
    return words.gettext(
        "There is no open {game} lobby here. Open one with {command}.", game=error.game_title, command=new
    )


def _listed_matches(matches: Sequence[tuple[int, Sequence[str]]], words: Words, most: int = 5) -> str:
    """ "#3 (Alice vs Bob), #5 (Carol vs Computer (easy))" (as `host.listed_matches` lists them)."""
    return ", ".join(
        f"#{match_id} ({players_versus(players, words)})" for match_id, players in matches[:most]
    )


def _which_match(error: WhichMatch, words: Words) -> str:
    return words.gettext(
        "Several {game} matches fit: {matches}. Choose one with the `match` option.",
        game=error.game_title,
        matches=_listed_matches(error.matches, words),
    )


def _not_your_turn(error: NotYourTurn, words: Words) -> str:
    if error.to_move_name is None:
        return words.gettext("It is not your turn in {match}.", match=error.match.title)
    who = user_mention(error.to_move_user_id) or clean(error.to_move_name)
    return words.gettext(
        "It is not your turn in {match}: {player} is to move.", match=error.match.title, player=who
    )


def _lobby_full(error: LobbyFull, words: Words) -> str:
    if error.suggest_new:
        return words.ngettext(
            "{match} is full ({count} player). Open a new one with {command}.",
            "{match} is full ({count} players). Open a new one with {command}.",
            error.seat_count,
            match=error.match.title,
            command=code(f"/{error.match.game_key} new"),
        )
    return words.ngettext(
        "{match} is full ({count} player).",
        "{match} is full ({count} players).",
        error.seat_count,
        match=error.match.title,
    )


def _not_enough_players(error: NotEnoughPlayers, words: Words) -> str:
    if error.wanted is not None:
        return words.ngettext(
            "{match} was opened for {wanted} players and {count} is seated: it starts when every seat is "
            "taken. Ask others to press **Join**, or fill the empty seats with computer players.",
            "{match} was opened for {wanted} players and {count} are seated: it starts when every seat is "
            "taken. Ask others to press **Join**, or fill the empty seats with computer players.",
            error.seated,
            match=error.match.title,
            wanted=error.wanted,
        )
    return words.ngettext(
        "{game} needs {counts} players and {count} is seated. Ask someone to press **Join** (or use the "
        "join command).",
        "{game} needs {counts} players and {count} are seated. Ask someone to press **Join** (or use the "
        "join command).",
        error.seated,
        game=error.match.game_title,
        counts=_counts(error.allowed, words),
    )


def _counts(values: Sequence[int], words: Words) -> str:
    """Allowed numbers as people say them: "2 to 6" for a run, "2 or 4" otherwise (`rules.text.counts`)."""
    ordered = sorted(set(values))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return words.gettext("{lowest} to {highest}", lowest=ordered[0], highest=ordered[-1])
    return words.listing([str(value) for value in ordered], "or")


NOT_CREATOR = {
    LobbyAction.START: (
        N_("Only {player}, who opened the lobby, can start it early."),
        N_("Only the player who opened the lobby can start it early."),
    ),
    LobbyAction.ABANDON: (
        N_("Only {player}, who opened the lobby, can close it."),
        N_("Only the player who opened the lobby can close it."),
    ),
    LobbyAction.ADD_COMPUTER: (
        N_("Only {player}, who opened the lobby, can add computer players."),
        N_("Only the player who opened the lobby can add computer players."),
    ),
    LobbyAction.RELEASE: (
        N_("Only {player}, who opened the lobby, can release a seat held for an invited player."),
        N_("Only the player who opened the lobby can release a seat held for an invited player."),
    ),
}
"""What only the player who opened a lobby may do (host.CREATOR_ACTION_WORDS), as whole sentences:
naming them (a mention), or not (when they cannot be mentioned)."""


def _not_creator(error: NotCreator, words: Words) -> str:
    tag = user_mention(error.creator_id)
    naming, unnamed = NOT_CREATOR[error.action]
    return words.gettext(naming, player=tag) if tag else words.gettext(unnamed)


def _seat_held(error: SeatHeld, words: Words) -> str:
    names = words.listing([f"**{clean(name)}**" for name in error.held_for])
    count = len(error.held_for)
    title = error.match.title
    if error.creator:
        return words.ngettext(
            "The free seat of {match} is held for {names}, whom you invited. If they will not come, press "
            "**Release seat** on the lobby first.",
            "The free seats of {match} are held for {names}, whom you invited. If they will not come, press "
            "**Release seat** on the lobby first.",
            count,
            match=title,
            names=names,
        )
    return words.ngettext(
        "The free seat of {match} is held for {names}, who was invited: only they can take it, until they "
        "decline or the player who opened the lobby releases it. Open your own lobby with {command}.",
        "The free seats of {match} are held for {names}, who were invited: only they can take them, until "
        "they decline or the player who opened the lobby releases them. Open your own lobby with {command}.",
        count,
        match=title,
        names=names,
        command=code(f"/{error.match.game_key} new"),
    )


def _too_many_lobbies(error: TooManyLobbies, words: Words) -> str:
    if error.in_channel:
        return words.ngettext(
            "This channel already has {count} open lobby, the most a channel may have ({limit}): join it "
            "(`/games` lists it), or open yours in another channel.",
            "This channel already has {count} open lobbies, the most a channel may have ({limit}): join one "
            "of them (`/games` lists them), or open yours in another channel.",
            error.open_count,
            limit=error.limit,
        )
    return words.ngettext(
        "You already have {count} open lobby on this server, the most one player may have ({limit}): start "
        "it, wait for players to fill it, or close it with the game's `leave` command before opening "
        "another.",
        "You already have {count} open lobbies on this server, the most one player may have ({limit}): start "
        "one, wait for players to fill it, or close one with the game's `leave` command before opening "
        "another.",
        error.open_count,
        limit=error.limit,
    )


def _no_ratings_yet(error: NoRatingsYet, words: Words) -> str:
    if error.scope == GLOBAL_SCOPE:
        return words.gettext(
            "Nobody has a {game} rating across all servers yet: ratings come from finished matches between "
            "two or more people. Start one with {command}.",
            game=error.game_title,
            command=code(f"/{error.game_key} new"),
        )
    return words.gettext(
        "Nobody has a {game} rating on this server yet: ratings come from finished matches between two or "
        "more people. Start one with {command}.",
        game=error.game_title,
        command=code(f"/{error.game_key} new"),
    )


def _not_your_match(error: NotYourMatch, words: Words) -> str:
    return words.gettext(
        "You took no part in a match #{number}. Outside a server, `/history` shows the matches you played; "
        "in a server, that server's matches.",
        number=error.match_id,
    )


def _rematch_open(error: RematchOpen, words: Words) -> str:
    where = error.rematch_title
    if error.message_id is not None:
        link = f"https://discord.com/channels/{error.guild_id}/{error.channel_id}/{error.message_id}"
        where = f"[{error.rematch_title}]({link})"
    title = error.match.title
    if error.status == "lobby":
        return words.gettext(
            "The rematch of {match} is open already: press **Join** on {rematch} to take your seat.",
            match=title,
            rematch=where,
        )
    if error.status == "playing":
        return words.gettext("The rematch of {match} is being played: {rematch}.", match=title, rematch=where)
    return words.gettext(
        "The rematch of {match} is over already: its last message ({rematch}) offers the next one.",
        match=title,
        rematch=where,
    )


def _game_not_offered(error: GameNotOffered, words: Words) -> str:
    offered = ", ".join(f"{title} (`/{key} new`)" for key, title in error.offered)
    return words.gettext(
        "{game} is not offered on this server. The games offered here: {offered}.",
        game=error.game_title,
        offered=offered,
    )


def _tournament_creators_only(error: TournamentCreatorsOnly, words: Words) -> str:
    return words.gettext(
        "On this server only members who can manage the server can create tournaments: a server "
        "manager can let everyone with {command}.",
        command=code("/tavern config tournament_creators:everyone"),
    )


def _too_few_entrants(error: TooFewEntrants, words: Words) -> str:
    return words.ngettext(
        "{tournament} needs at least {needed} players and has {count}. Ask others to press **Join**, "
        "or add computer players with {command}.",
        "{tournament} needs at least {needed} players and has {count}. Ask others to press **Join**, "
        "or add computer players with {command}.",
        error.entrants,
        tournament=clean(words.say(error.tournament.name)),
        needed=error.needed,
        command=code("/tournament add-computer"),
    )


def _tournament_closed(error: TournamentClosed, words: Words) -> str:
    if error.action != TournamentAction.LEAVE or error.status != "running":
        return words.say(error.phrase)
    return words.gettext(
        "You can't leave {tournament}: it has already started. {command} withdraws you from it.",
        tournament=clean(words.say(error.tournament.name)),
        command=code("/tournament withdraw"),
    )


HOST_WORDING: dict[type[Exception], Callable[[Any, Words], str]] = {
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
    TournamentCreatorsOnly: _tournament_creators_only,
    TooFewEntrants: _too_few_entrants,
    TournamentClosed: _tournament_closed,
}
"""The Discord wording of the host errors whose plain text lacks a mention or a command; every
other user error is said in the reader's language from its Phrase (`words.say(error.phrase)`)."""


def _said(error: Exception, words: Words) -> str:
    """An error meant for the user, in `words`: its Phrase (the host's, the rules', a cog's)."""
    phrase = getattr(error, "phrase", None)
    if isinstance(phrase, Phrase):
        return words.say(phrase)
    return str(error)


def user_message(error: BaseException, words: Words) -> str | None:
    """The text to show the user for an expected error (in their `words`), or None for a bug."""
    error = unwrap(error)
    if isinstance(error, SHOWN_TO_USER):
        word = next((HOST_WORDING[cls] for cls in type(error).__mro__ if cls in HOST_WORDING), _said)
        return word(error, words)
    if isinstance(error, app_commands.NoPrivateMessage):
        return words.gettext("This command works in a server channel, not in direct messages.")
    if isinstance(error, app_commands.CommandOnCooldown):
        seconds = f"{error.retry_after:.2f}"
        return words.gettext("You are on cooldown. Try again in {seconds}s", seconds=seconds)  # discord.py's
    if isinstance(error, app_commands.CheckFailure):
        return words.say(str(error))  # discord.py's checks (English only: no catalogue has them)
    if isinstance(error, app_commands.TransformerError):
        return words.gettext("{value} does not fit that option.", value=code(str(error.value)[:100]))
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return words.gettext(
            "This command has changed since Discord last loaded it. Please try again in a minute."
        )
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
    words = private(interaction)  # a refusal is read by the person who clicked or typed
    text = user_message(error, words)
    original = unwrap(error)
    if text is None and isinstance(original, StoreUnavailable):
        outages.note(original)
        text = words.gettext(STOPPING if isinstance(original, StoreClosing) else UNREACHABLE)
    elif text is None:
        log.error(
            "Unexpected error in %s",
            describe(interaction),
            exc_info=(type(original), original, original.__traceback__),
        )
        text = words.gettext(APOLOGY)
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
