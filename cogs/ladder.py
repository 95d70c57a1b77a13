"""`/leaderboard`, `/stats`, `/history` and `/privacy`: the ladder, read from `host.Ladder`.

- `/leaderboard` posts one page of a game's ladder as a picture (render.leaderboard) with
  Previous/Next buttons. The buttons are `LadderPage` dynamic items whose custom_id carries the
  game, the scope and the page (`tavern-ladder:<game>:<server|global>:<page>`), so they keep
  working after a restart; a click edits the message in place.
- `/stats` shows a player's ratings (this server and all servers) with a sparkline of the last
  rated matches, their record and points, recent results and the matches they are playing.
- `/history` shows a match's record: an embed with the players, options, dates, result and the
  moves, the record as a `.txt` file (host.records' format, which `host.read_record` loads), then
  an animated GIF of the whole game (render.animation, drawn in a worker process of its own by
  host.gif_studio: cached by match and version, one drawing per user every 30 s, 20 s at most).
- `/privacy forget-me` and `/privacy erase-server` ask for a confirmation button
  (`PrivacyButton`, `tavern-privacy:<forget|erase>:<user id>[:<server id>]`) that only the user
  who asked can press.
"""

from __future__ import annotations

import asyncio
import io
import logging
import math
import re
from collections.abc import Sequence
from datetime import datetime
from enum import StrEnum
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from host import (
    GLOBAL_SCOPE,
    LADDERS,
    GameRecord,
    Host,
    Ladder,
    LeaderboardPage,
    MatchListing,
    MatchSnapshot,
    NothingToShow,
    PlayerStats,
    game_by_key,
    ladder_named,
)
from host.gif_studio import ReplayCoolingDown, ReplayOverBudget, ReplayStudio, draw_record
from render import RENDERERS
from render.leaderboard import leaderboard as leaderboard_picture
from rules import GAMES
from rules.text import clip

from .errors import CogError, report_error
from .game_cog import game_cog_of
from .language import proper_name
from .messages import (
    DESCRIPTION_LIMIT,
    FIELD_LIMIT,
    clean,
    game_score_text,
    moves_played,
    options_text,
    score_text,
    summary_label,
)
from .observe import answered, timed
from .place import ANY_CONTEXT, ANY_INSTALL, anywhere, scope_of
from .replies import NO_PINGS, defer_private, defer_public, send_private, send_public

log = logging.getLogger("tavern.ladder")

GAME_CHOICES = [
    app_commands.Choice(name=proper_name(ladder.title), value=key) for key, ladder in LADDERS.items()
]
"""The games of /leaderboard and /stats: Jai Kerboge has its own ladder (Discord allows 25)."""


class Scope(StrEnum):
    """Which ladder a leaderboard shows, in its Previous/Next buttons' custom_ids (stored in
    messages Discord keeps: the values never change)."""

    SERVER = "server"
    GLOBAL = "global"


class PrivacyAction(StrEnum):
    """What a privacy confirmation button does, in its custom_id (the values never change)."""

    FORGET = "forget"
    ERASE = "erase"


SERVER, GLOBAL = Scope.SERVER, Scope.GLOBAL
SCOPE_CHOICES = [
    app_commands.Choice(name=locale_str("this server"), value=SERVER),
    app_commands.Choice(name=locale_str("all servers"), value=GLOBAL),
]
HISTORY_STATUSES = ("playing", "finished")
"""The matches /history suggests: those with a game to show."""
AUTOCOMPLETE_LIMIT = 25
GIF_LIMIT = 8 * 1024 * 1024
"""Discord's upload limit for a bot without boosts."""
ALT_LIMIT = 1024
"""Discord's limit of an attachment's description (its alt text)."""
GIF_WIDTHS = (480, 320)
"""The animation is drawn this wide, or narrower when a long game would not fit GIF_LIMIT."""
MOVES_SHOWN = 3300
"""At most this many characters of moves in the /history embed (its description has 4096)."""
RECENT_SHOWN = 5
CURRENT_SHOWN = 5
SPARK = "▁▂▃▄▅▆▇█"
VERDICTS = {"win": "won", "draw": "drew", "loss": "lost"}

PAGE_TEMPLATE = re.compile(
    rf"tavern-ladder:(?P<game>[a-z0-9-]+):(?P<scope>{'|'.join(Scope)}):(?P<page>[0-9]+)"
    r"(?::(?P<edge>[ab])(?P<user>-?[0-9]{1,20}))?"
)
"""A page button: the page, and (buttons made since pages are read from an edge) the user whose
line the page follows (`a`, Next) or precedes (`b`, Previous)."""
PRIVACY_TEMPLATE = re.compile(
    rf"tavern-privacy:(?P<action>{'|'.join(PrivacyAction)}):(?P<user>[0-9]+)(?::(?P<guild>[0-9]+))?"
)


# -- restart-proof buttons --------------------------------------------------------------------------


def _ladder_cog(client: discord.Client) -> LadderCog:
    cog = client.get_cog("LadderCog") if isinstance(client, commands.Bot) else None
    if not isinstance(cog, LadderCog):
        raise CogError("The ladder is not available right now. Please try again later.")
    return cog


class LadderPage(discord.ui.DynamicItem[discord.ui.Item[Any]], template=PAGE_TEMPLATE):
    """A Previous/Next button of a leaderboard message: it shows `page` of the ladder."""

    def __init__(
        self,
        game: str,
        scope: str,
        page: int,
        *,
        after: int | None = None,
        before: int | None = None,
        label: str = "Page",
        disabled: bool = False,
    ) -> None:
        edge = f":a{after}" if after is not None else f":b{before}" if before is not None else ""
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tavern-ladder:{game}:{scope}:{page}{edge}",
                disabled=disabled,
            )
        )
        self.game, self.scope, self.page, self.after, self.before = game, scope, page, after, before

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LadderPage:
        user = int(match["user"]) if match["user"] else None
        after, before = (user, None) if match["edge"] == "a" else (None, user)
        return cls(match["game"], match["scope"], int(match["page"]), after=after, before=before)

    async def callback(self, interaction: discord.Interaction) -> None:
        # discord.py only logs what a dynamic item's callback raises: answer the user here.
        with timed(interaction, "component"):
            try:
                await _ladder_cog(interaction.client).turn_page(interaction, self)
            except Exception as error:
                await report_error(interaction, error)


class PrivacyButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=PRIVACY_TEMPLATE):
    """The confirmation of `/privacy forget-me` or `/privacy erase-server`, for one user."""

    def __init__(
        self, action: str, user_id: int, guild_id: int | None = None, *, label: str = "Confirm"
    ) -> None:
        custom_id = f"tavern-privacy:{action}:{user_id}" + (f":{guild_id}" if guild_id is not None else "")
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.danger, custom_id=custom_id)
        )
        self.action, self.user_id, self.guild_id = action, user_id, guild_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PrivacyButton:
        guild = match["guild"]
        return cls(match["action"], int(match["user"]), int(guild) if guild else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        with timed(interaction, "component"):
            try:
                await _ladder_cog(interaction.client).privacy_confirmed(interaction, self)
            except Exception as error:
                await report_error(interaction, error)


# -- text helpers (presentation only) ---------------------------------------------------------------


def sparkline(values: Sequence[int]) -> str:
    """`▁▃▅█`: each value's height between the lowest and the highest."""
    if not values:
        return ""
    low, high = min(values), max(values)
    if high == low:
        return SPARK[3] * len(values)
    return "".join(SPARK[round((v - low) * (len(SPARK) - 1) / (high - low))] for v in values)


def when(stamp: str | None, style: str = "R") -> str:
    """A stored ISO time as a Discord timestamp (shown in each reader's time zone)."""
    if not stamp:
        return "—"
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return clean(stamp)
    return f"<t:{int(moment.timestamp())}:{style}>"


def ladder_score_text(ladder_key: str, score: float) -> str:
    """A score counted in a ladder (`LADDERS`: Jai Kerboge's are Kerboge's) with its game's unit."""
    return game_score_text(game_by_key(ladder_named(ladder_key).game_key), score)


def rating_text(rating: str | None) -> str:
    if rating is None:
        return "not rated yet"
    return f"**{rating}**"  # "1500?" while provisional: the footer and the leaderboard say what ? means


def stats_fields(stats: PlayerStats, *, titled: bool, in_server: bool = True) -> list[tuple[str, str]]:
    """The (name, value) fields of one game's statistics (`in_server`: asked in a server, which
    has a rating of its own; in a DM only the rating across all servers exists)."""
    record = stats.record
    across = f"{rating_text(stats.global_rating)} on all servers"
    lines = [f"{rating_text(stats.rating)} on this server · {across}" if in_server else across]
    if stats.trend:
        trend = f"Trend: `{sparkline(stats.trend)}`"
        if len(stats.trend) >= 2:
            change = stats.trend[-1] - stats.trend[0]
            steps = len(stats.trend) - 1
            trend += f" {change:+d} over the last {steps} rated {'match' if steps == 1 else 'matches'}"
        else:
            trend += " (one rated match so far)"
        lines.append(trend)
    lines.append(
        f"Record: {record.matches} played · {record.wins} won · {record.draws} drawn · "
        f"{record.losses} lost ({record.resigned} resigned)"
    )
    lines.append(f"Scored: {ladder_score_text(stats.game_key, record.points)} in all")
    fields = [(stats.game_title if titled else "Rating and record", "\n".join(lines))]
    if stats.recent:
        recent = [
            f"• #{r.match_id} {VERDICTS.get(r.outcome, r.outcome)}"
            + (f" (place {r.rank})" if r.rank > 2 else "")
            + f" · {ladder_score_text(r.game, r.points)} · {when(r.finished_at)}"
            for r in stats.recent[:RECENT_SHOWN]
        ]
        fields.append(("Recent matches", "\n".join(recent)))
    if stats.current:
        current = [f"• {clean(summary_label(s, stats.game_title))}" for s in stats.current[:CURRENT_SHOWN]]
        if len(stats.current) > CURRENT_SHOWN:
            current.append(f"… and {len(stats.current) - CURRENT_SHOWN} more")
        fields.append(("Playing now", "\n".join(current)))
    return [(name, clip(value, FIELD_LIMIT)) for name, value in fields]


def stats_embed(name: str, found: Sequence[PlayerStats], *, in_server: bool = True) -> discord.Embed:
    single = len(found) == 1
    shown = clean(name)  # a display name is the user's text: no Markdown, no mentions
    title = f"{shown} — {found[0].game_title}" if single else f"{shown} — every game played"
    embed = discord.Embed(title=clip(title, 256), colour=discord.Colour.blurple())
    for stats in found:
        for field, value in stats_fields(stats, titled=not single, in_server=in_server):
            if len(embed) + len(field) + len(value) > 5800 or len(embed.fields) >= 25:
                break
            embed.add_field(name=field, value=value, inline=False)
    embed.set_footer(text="Ratings: 1500 for a new player; ? while provisional (about 8 rated matches)")
    return embed


def moves_text(record: GameRecord) -> str:
    """Every log entry in notation, clipped with a note when the game is long. The seats' moves
    are numbered as the match message counts them; dice rolls, coin tosses, resignations and
    agreed draws are shown between them, unnumbered (they are no moves)."""
    seat_names = record.game.seat_names(record.seat_count)
    items = []
    moves = 0
    for entry in record.entries:
        if entry.kind == "chance":
            items.append(f"🎲{entry.notation}")
        elif entry.kind == "resign":
            seat = seat_names[entry.seat] if entry.seat is not None and entry.seat < len(seat_names) else "?"
            items.append(f"({seat} resigns)")
        elif entry.kind == "draw":
            items.append("(draw agreed)")
        else:
            moves += 1
            items.append(f"{moves}. {entry.notation}")
    if not items:
        return "No moves yet."
    shown: list[str] = []
    length = 0
    for item in items:
        if length + len(item) + 2 > MOVES_SHOWN:
            break
        shown.append(item)
        length += len(item) + 2
    text = "```\n" + "  ".join(shown).replace("`", "'") + "\n```"
    if len(shown) < len(items):
        text += f"… and {len(items) - len(shown)} more in the attached record."
    return text


def history_embed(snapshot: MatchSnapshot, record: GameRecord) -> discord.Embed:
    result = record.headers.get("Result")
    lines = [f"🏆 {clean(result)}" if result else f"Still being played: {moves_played(snapshot)} so far."]
    lines.append(f"**Moves** ({snapshot.move_count})")
    lines.append(moves_text(record))
    embed = discord.Embed(
        title=clip(f"{snapshot.game.title} #{snapshot.id} — game record", 256),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=discord.Colour.dark_grey() if snapshot.is_over else discord.Colour.blurple(),
    )
    seat_names = record.game.seat_names(record.seat_count)
    scores = snapshot.outcome.scores if snapshot.outcome is not None and snapshot.is_over else ()
    players = []
    for seat in snapshot.seats:
        role = seat_names[seat.index] if seat.index < len(seat_names) else f"Seat {seat.index + 1}"
        line = f"{role}: **{clean(seat.label)}**"
        if seat.index < len(scores):
            line += f" · {score_text(snapshot, scores[seat.index])}"
        if seat.resigned:
            line += " · resigned"
        players.append(line)
    embed.add_field(name="Players", value=clip("\n".join(players) or "—", FIELD_LIMIT))
    embed.add_field(name="Options", value=clip(options_text(snapshot) or "none", FIELD_LIMIT))
    ended = "Finished" if snapshot.is_over else "Last move"
    embed.add_field(
        name="Dates",
        value=f"Started {when(snapshot.created_at, 'f')}\n{ended} {when(snapshot.updated_at, 'f')}",
        inline=False,
    )
    embed.set_footer(text='The .txt file is the game record (see the README\'s "Game records").')
    return embed


# -- the cog --------------------------------------------------------------------------------------


class LadderCog(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host
        self.ladder = Ladder(host)
        self.replays = ReplayStudio()
        """/history's GIFs: their own thread, a cache, a cooldown per user and a time budget."""

    async def cog_unload(self) -> None:
        self.replays.close()

    @staticmethod
    def guild(interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise CogError("This works in a server channel, not in direct messages.")
        return interaction.guild_id

    @staticmethod
    def server_of(interaction: discord.Interaction) -> int | None:
        """The server whose ladder and matches a command shows; None in a DM or group DM, where
        it shows the player's own, across all servers."""
        return interaction.guild_id

    # -- /leaderboard -----------------------------------------------------------------------------

    @app_commands.command(name="leaderboard", description=locale_str("The best players of a game, by rating"))
    @app_commands.describe(
        game=locale_str("The game"),
        scope=locale_str(
            "This server's ladder or the one of all servers (default: this server; in DMs, all)"
        ),
        page=locale_str("The page, 10 players each (default: 1)"),
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    @anywhere
    async def leaderboard(
        self, interaction: discord.Interaction, game: str, scope: str | None = None, page: int = 1
    ) -> None:
        await defer_public(interaction)
        if scope is None:  # outside a server there is only the ladder of all servers
            scope = GLOBAL if self.server_of(interaction) is None else SERVER
        elif scope == SERVER and self.server_of(interaction) is None:
            raise CogError(
                "There is no server here, so no server ladder: leave `scope` out, or choose all servers."
            )
        embed, file, view = await self.leaderboard_message(interaction, game, scope, page)
        await send_public(interaction, embed=embed, file=file, view=view)

    async def turn_page(self, interaction: discord.Interaction, button: LadderPage) -> None:
        """A Previous/Next click: the same message shows the other page."""
        answered(interaction)
        await interaction.response.defer()  # acknowledged; the message itself changes
        embed, file, view = await self.leaderboard_message(
            interaction, button.game, button.scope, button.page, after=button.after, before=button.before
        )
        await interaction.edit_original_response(
            embed=embed, attachments=[file], view=view, allowed_mentions=NO_PINGS
        )

    async def leaderboard_message(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: str,
        page: int,
        *,
        after: int | None = None,
        before: int | None = None,
    ) -> tuple[discord.Embed, discord.File, discord.ui.View]:
        if scope not in (SERVER, GLOBAL):
            raise CogError("The scope is either this server or all servers.")
        where = GLOBAL_SCOPE if scope == GLOBAL else self.guild(interaction)
        board: LeaderboardPage = await self.ladder.leaderboard(game, where, page, after=after, before=before)
        place = "All servers" if scope == GLOBAL else "This server"
        players = f"{board.players} player{'s' if board.players != 1 else ''}"
        subtitle = f"{place} · {players} · page {board.page} of {board.pages}"
        footer = ""
        if any(line.rating.endswith("?") for line in board.lines):
            footer = "? marks a provisional rating (fewer than about 8 rated matches)"
        png = await asyncio.to_thread(
            leaderboard_picture, f"{board.game_title} leaderboard", subtitle, board.lines, footer=footer
        )
        name = f"leaderboard-{board.game_key}-{scope}-{board.page}.png"
        embed = discord.Embed(
            title=f"{board.game_title} leaderboard",
            description=f"{subtitle}. Ranked by rating; `/stats` shows a player's record.",
            colour=discord.Colour.blurple(),
        )
        embed.set_image(url=f"attachment://{name}")
        view = discord.ui.View(timeout=None)
        # Each button carries the line its page borders, so a deep page is read from there.
        first, last = (board.lines[0].user_id, board.lines[-1].user_id) if board.lines else (None, None)
        view.add_item(
            LadderPage(
                board.game_key,
                scope,
                board.page - 1,
                before=first,
                label="◀ Previous",
                disabled=board.page <= 1,
            )
        )
        view.add_item(
            LadderPage(
                board.game_key,
                scope,
                board.page + 1,
                after=last,
                label="Next ▶",
                disabled=board.page >= board.pages,
            )
        )
        ranks = "; ".join(
            f"{line.rank}. {line.name}, rating {line.rating}, {line.wins} of {line.matches} won"
            for line in board.lines
        )
        alt = clip(
            f"{board.game_title} leaderboard, {subtitle}. {ranks or 'Nobody is rated yet.'}", ALT_LIMIT
        )
        return embed, discord.File(io.BytesIO(png), filename=name, description=alt), view

    # -- /stats -----------------------------------------------------------------------------------

    @app_commands.command(name="stats", description=locale_str("A player's rating, record and matches"))
    @app_commands.describe(
        player=locale_str("Whose statistics (default: yours)"),
        game=locale_str("The game (default: every game they played)"),
        share=locale_str("Post it in the channel (default: only you see it)"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @anywhere
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: str | None = None,
        share: bool = False,
    ) -> None:
        await (defer_public if share else defer_private)(interaction)
        guild_id = self.server_of(interaction)
        who = player or interaction.user
        found: list[PlayerStats] = []
        for key in [game] if game is not None else list(LADDERS):
            try:
                found.append(await self.ladder.stats(who.id, key, guild_id, name=who.display_name))
            except NothingToShow:
                if game is not None:
                    raise
        if not found:
            raise CogError(f"{who.display_name} has not played any game yet.")
        embed = stats_embed(found[0].name, found, in_server=guild_id is not None)
        await (send_public(interaction, embed=embed) if share else send_private(interaction, embed=embed))

    # -- /history ---------------------------------------------------------------------------------

    async def recent_matches(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The player's recent matches (this server's; outside a server, every one of theirs),
        and this channel's."""
        scope = scope_of(interaction)
        if scope is None or interaction.channel_id is None:
            return []
        mine = await self.host.matches_of_player(
            interaction.user.id, guild_id=self.server_of(interaction), statuses=HISTORY_STATUSES
        )
        here = await self.host.matches_in_channel(scope, interaction.channel_id, statuses=HISTORY_STATUSES)
        typed = str(current or "").strip().lstrip("#").lower()
        seen: set[int] = set()
        choices = []
        for summary in sorted([*mine, *here], key=lambda s: (s.updated_at, s.id), reverse=True):
            game = GAMES.get(summary.game)
            title = game.title_for(summary.seat_count) if game is not None else summary.game
            label = summary_label(summary, title)
            if summary.id in seen or typed not in label.lower():
                continue
            seen.add(summary.id)
            choices.append(app_commands.Choice(name=label, value=summary.id))
        return choices[:AUTOCOMPLETE_LIMIT]

    @app_commands.command(
        name="history", description=locale_str("A match's record: moves, a text file and an animation")
    )
    @app_commands.describe(
        match=locale_str("The match number (suggested: recent matches here; in DMs, yours)"),
        share=locale_str("Post it in the channel (default: only you see it)"),
    )
    @app_commands.autocomplete(match=recent_matches)
    @anywhere
    async def history(self, interaction: discord.Interaction, match: int, share: bool = False) -> None:
        await (defer_public if share else defer_private)(interaction)
        found = await self.ladder.history(match, self.server_of(interaction), user_id=interaction.user.id)
        snapshot, record, text = found.snapshot, found.record, found.text
        txt = discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{snapshot.game.key}-{match}.txt")
        embed = history_embed(snapshot, record)
        if share:
            await send_public(interaction, embed=embed, file=txt)
        else:
            await send_private(interaction, embed=embed, file=txt)

        if record.game.key not in RENDERERS:
            note = f"There is no animation of {record.game.title} games yet."
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        names = [seat.label for seat in snapshot.seats] if len(snapshot.seats) == record.seat_count else None
        draw = partial(
            draw_record,
            record.game.key,
            record.seat_count,
            record.options,
            record.entries,
            names,
            GIF_WIDTHS,
            GIF_LIMIT,
        )
        try:
            gif = await self.replays.gif((match, snapshot.version), interaction.user.id, draw)
        except ReplayCoolingDown as cooling:
            again = math.ceil(cooling.until)
            note = (
                "Animations take a while to draw, so each person can have one drawn every "
                f"{self.replays.cooldown:g} seconds: you can ask again <t:{again}:R>. "
                "The record has every move."
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        except ReplayOverBudget as over:
            note = (
                f"The animation of {snapshot.title} took longer than {over.seconds:g} seconds to draw, "
                "so it is left out; the record has every move. Ask again in a minute: it may be ready."
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        if gif is None:
            note = (
                f"{snapshot.title} is too long for an animation Discord accepts; the record has every move."
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        alt = f"An animation of {snapshot.title}, one frame per position, from the start to the end."
        file = discord.File(io.BytesIO(gif), filename=f"{snapshot.game.key}-{match}.gif", description=alt)
        content = f"{snapshot.title}, move by move."
        if share:
            await send_public(interaction, content=content, file=file)
        else:
            await send_private(interaction, content, file=file)

    # -- /privacy ---------------------------------------------------------------------------------

    privacy = app_commands.Group(
        name="privacy",
        description=locale_str("Erase what the bot stores about you or this server"),
        # Forgetting oneself works anywhere; erase-server checks that it is used in a server.
        allowed_installs=ANY_INSTALL,
        allowed_contexts=ANY_CONTEXT,
    )

    @privacy.command(
        name="forget-me", description=locale_str("Erase your name and ratings (asks to confirm)")
    )
    async def forget_me(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(PrivacyButton(PrivacyAction.FORGET, interaction.user.id, label="Yes, forget me"))
        active = await self.ladder.active_matches(interaction.user.id)
        await send_private(interaction, forget_me_text(active), view=view)

    # Discord applies default permissions to top-level commands only (it ignores them on a
    # subcommand): the check in the command and again on the button is what guards this.
    @privacy.command(
        name="erase-server",
        description=locale_str("Erase every match and rating of this server (asks to confirm)"),
    )
    @app_commands.default_permissions(manage_guild=True)
    async def erase_server(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        guild_id = self.guild(interaction)
        self.check_manager(interaction)
        view = discord.ui.View(timeout=None)
        view.add_item(
            PrivacyButton(
                PrivacyAction.ERASE, interaction.user.id, guild_id, label="Yes, erase this server's data"
            )
        )
        await send_private(
            interaction,
            "This deletes every match played on this server (lobbies, games in progress and finished "
            "games, with their moves and results) and this server's ratings. Ratings across all "
            "servers keep what these matches counted for. It cannot be undone. Press the button to "
            "confirm.",
            view=view,
        )

    async def announce_withdrawal(self, client: discord.Client, match_id: int) -> None:
        """Post the match message of a match a forgotten player left, in its channel, as the
        game's commands do; a computer standing in for their seat (Kerboge) then moves in the
        background."""
        snapshot = await self.host.get(match_id)
        cog = game_cog_of(client, snapshot.game.key)
        if cog is None:
            return
        note = (
            "A player asked for their data to be erased, so their seat was given up."
            if snapshot.status != "abandoned"
            else "The player who opened it asked for their data to be erased."
        )
        due = await self.host.owed_message(snapshot)
        if due is not None:  # a failed post stays owed; the computer standing in moves after it
            await cog.announce(client, due, note=note)

    @staticmethod
    def check_manager(interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_guild:
            raise CogError("Only members with the Manage Server permission can erase this server's data.")

    async def privacy_confirmed(self, interaction: discord.Interaction, button: PrivacyButton) -> None:
        if interaction.user.id != button.user_id:
            await send_private(
                interaction,
                "This button is for the member who asked; nothing was changed. "
                + (
                    "Use `/privacy forget-me` to erase your own data."
                    if button.action == PrivacyAction.FORGET
                    else ""
                ),
            )
            return
        if button.action == PrivacyAction.FORGET:
            await defer_private(interaction)
            # First out of every lobby and running match (each a normal change of the host), then
            # erased; the changed matches are announced afterwards, so they show the anonymous label.
            changed = await self.ladder.withdraw(button.user_id)
            label = await self.ladder.forget(button.user_id)
            if label is None:
                done = "Done: your turn notice settings are deleted; nothing else was stored about you."
            else:
                done = (
                    f"Done: your ratings and settings are deleted and past matches now show "
                    f"**{clean(label)}** instead of you. If you play again, new matches store your name "
                    "again."
                )
            await send_private(interaction, done)
            for snapshot in changed:
                await self.announce_withdrawal(interaction.client, snapshot.id)
            return
        guild_id = self.guild(interaction)
        if button.guild_id != guild_id:
            raise CogError("This button belongs to another server; nothing was changed.")
        self.check_manager(interaction)
        await defer_private(interaction)
        count = await self.ladder.erase_server(guild_id)
        await send_private(
            interaction,
            f"Done: {count} match{'es' if count != 1 else ''} of this server and its ratings are erased.",
        )


def _the(count: int, singular: str, plural_form: str) -> str:
    """ "the match", "both matches", "all 3 matches"."""
    if count == 1:
        return f"the {singular}"
    return f"both {plural_form}" if count == 2 else f"all {count} {plural_form}"


def forget_me_text(active: Sequence[MatchListing]) -> str:
    """What confirming /privacy forget-me does, step by step in the order it does it: first to the
    player's matches and open lobbies, if any, then to their data."""
    lobbies = sum(m.status == "lobby" for m in active)
    playing = len(active) - lobbies
    steps = []
    if playing:
        steps.append(f"It resigns you from {_the(playing, 'match', 'matches')} you are playing.")
    if lobbies:
        steps.append(
            f"It closes {_the(lobbies, 'lobby', 'lobbies')} you are seated in (or gives up your seat there)."
        )
    erase = (
        "replaces your name and id in every past match with an anonymous label and deletes your "
        "ratings and your turn notice settings (`/settings`), on every server."
    )
    after = "Past matches stay, as records without you. It cannot be undone. Press the button to confirm."
    if not steps:
        return f"Confirming {erase} {after}"
    numbered = [f"{n}. {step}" for n, step in enumerate([*steps, f"It {erase}"], start=1)]
    return "\n".join(["Confirming does this, in this order:", *numbered, after])


__all__ = ["GAME_CHOICES", "LadderCog", "LadderPage", "PrivacyButton", "leaderboard_picture", "sparkline"]
