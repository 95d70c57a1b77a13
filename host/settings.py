"""Each server's own settings (the config command): the games it offers, its turn clock and lobby
clock, threads, ratings and quiet mode. Stored per server; what a server never set is the bot's
default (today's behaviour). A match takes the settings it needs when it is opened
(`data.MatchPlacement`), so a later change leaves the matches already open as they were."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import timedelta

from data import GuildSettings, MatchPlacement, Store
from rules import GAMES
from rules.text import phrase

from .checks import check_id
from .errors import GameNotOffered, SettingRefused, UnknownGame

CLOCK_PRESETS: Mapping[str, float | None] = {
    "1d": 24,
    "3d": 72,
    "7d": 168,
    "14d": 336,
    "off": 0,
    "default": None,
}
"""The clock values a server may choose, in hours (0: off; None: the bot's default)."""
TOURNAMENT_CREATORS = ("managers", "everyone")
"""Who a server may let create tournaments: members who can manage it, or everyone."""
SHORTEST_CLOCK_HOURS = min(hours for hours in CLOCK_PRESETS.values() if hours)
UNCHANGED = None


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings as the cogs show them."""

    guild_id: int
    games: tuple[str, ...]
    """The keys of the games offered, in the bot's order."""
    turn_clock_hours: float | None
    """None: the bot's default (TURN_TIMEOUT_HOURS); 0: off."""
    lobby_clock_hours: float | None
    """None: the bot's default (LOBBY_TIMEOUT_HOURS); 0: off."""
    threads: bool
    rated: bool
    quiet: bool
    tournament_creators: str = "managers"
    """Who may create a tournament here: 'managers' (Manage Server) or 'everyone'."""

    def turn_clock(self, default: timedelta | None) -> timedelta | None:
        """How long a player may take over a turn here (None: for ever)."""
        return _clock(self.turn_clock_hours, default)

    def lobby_clock(self, default: timedelta | None) -> timedelta | None:
        """How long a lobby nobody joins stays open here (None: for ever)."""
        return _clock(self.lobby_clock_hours, default)

    def offers(self, game_key: str) -> bool:
        return game_key in self.games

    def placement(self, thread: bool | None) -> MatchPlacement:
        """What a match opened now takes from the settings (`thread`: its `new` command's own
        choice, None for the server's)."""
        if thread is False and self.quiet:
            raise SettingRefused(
                phrase(
                    "This server plays every match in a thread of its own (quiet mode), so a match "
                    "cannot be opened without one: leave the thread option out."
                )
            )
        threaded = self.threads or self.quiet if thread is None else thread
        return MatchPlacement(rated=self.rated, threaded=threaded, quiet=self.quiet)


def _clock(hours: float | None, default: timedelta | None) -> timedelta | None:
    if hours is None:
        return default
    return timedelta(hours=hours) if hours > 0 else None


def possible_clocks(default: timedelta | None) -> tuple[float, set[float]]:
    """The bot's default clock in hours (0: off), and every clock a match can have: the presets
    a server may choose, and that default (the sweep and the reminders ask the store with them)."""
    default_hours = default.total_seconds() / 3600 if default is not None else 0.0
    return default_hours, {hours for hours in CLOCK_PRESETS.values() if hours} | {default_hours}


def clock_hours(preset: str) -> float | None:
    """The hours of a clock preset (see CLOCK_PRESETS)."""
    if preset not in CLOCK_PRESETS:
        raise SettingRefused(
            phrase(
                "{value} is not a clock setting: choose one of {presets}.",
                value=repr(preset),
                presets=", ".join(CLOCK_PRESETS),
            )
        )
    return CLOCK_PRESETS[preset]


def _shown(stored: GuildSettings) -> ServerSettings:
    offered = tuple(key for key in GAMES if stored.games is None or key in stored.games)
    return ServerSettings(
        stored.guild_id,
        offered,
        stored.turn_clock_hours,
        stored.lobby_clock_hours,
        stored.threads,
        stored.rated,
        stored.quiet,
        stored.tournament_creators,
    )


def _game_key(key: str) -> str:
    if key not in GAMES:
        raise UnknownGame(key, tuple(GAMES))
    return key


class ServerConfiguration:
    """The server settings part of the host (a mixin of `Host`)."""

    store: Store

    async def server_settings(self, guild_id: int) -> ServerSettings:
        check_id(guild_id, "server id")
        return _shown(await self.store.guild_settings(guild_id))

    async def configure(
        self,
        guild_id: int,
        *,
        enable: str | None = UNCHANGED,
        disable: str | None = UNCHANGED,
        turn_clock: str | None = UNCHANGED,
        lobby_clock: str | None = UNCHANGED,
        threads: bool | None = UNCHANGED,
        rated: bool | None = UNCHANGED,
        quiet: bool | None = UNCHANGED,
        tournament_creators: str | None = UNCHANGED,
    ) -> ServerSettings:
        """Change a server's settings (None: leave one as it is) and return them all. Each value
        is checked before anything is stored: a refused change stores nothing. Quiet mode
        implies threads: switching threads off switches quiet mode off too."""
        check_id(guild_id, "server id")
        stored = await self.store.guild_settings(guild_id)
        games = list(stored.games if stored.games is not None else GAMES)
        if enable is not None:
            key = _game_key(enable)
            games += [key] if key not in games else []
        if disable is not None:
            key = _game_key(disable)
            if enable == key:
                raise SettingRefused(
                    phrase("{game} cannot be both offered and withdrawn at once.", game=GAMES[key].title)
                )
            games = [game for game in games if game != key]
            if not games:
                raise SettingRefused(
                    phrase(
                        "{game} is the last game this server offers: offer another one first "
                        "(at least one game must stay offered).",
                        game=GAMES[key].title,
                    )
                )
        if threads is False and quiet:
            raise SettingRefused(phrase("Quiet mode plays every match in a thread: it needs threads on."))
        if tournament_creators is not None and tournament_creators not in TOURNAMENT_CREATORS:
            raise SettingRefused(
                phrase(
                    "{value} is not a choice of who may create tournaments: choose one of {choices}.",
                    value=repr(tournament_creators),
                    choices=", ".join(TOURNAMENT_CREATORS),
                )
            )
        changed = replace(
            stored,
            games=None if set(games) == set(GAMES) else tuple(key for key in GAMES if key in games),
            turn_clock_hours=stored.turn_clock_hours if turn_clock is None else clock_hours(turn_clock),
            lobby_clock_hours=stored.lobby_clock_hours if lobby_clock is None else clock_hours(lobby_clock),
            threads=stored.threads if threads is None else threads,
            rated=stored.rated if rated is None else rated,
            quiet=stored.quiet if quiet is None else quiet,
            tournament_creators=stored.tournament_creators
            if tournament_creators is None
            else tournament_creators,
        )
        if quiet:
            changed = replace(changed, threads=True)
        elif threads is False:
            changed = replace(changed, quiet=False)
        await self.store.save_guild_settings(changed)
        return _shown(changed)

    async def check_offered(self, guild_id: int, game_key: str) -> ServerSettings:
        """The server's settings, when it offers the game; else GameNotOffered."""
        settings = await self.server_settings(guild_id)
        if not settings.offers(game_key):
            raise GameNotOffered(
                game_key=game_key,
                game_title=GAMES[game_key].title,
                offered=[(key, GAMES[key].title) for key in settings.games],
            )
        return settings
