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
    Language,
    LeaderboardPage,
    MatchListing,
    MatchSnapshot,
    NothingToShow,
    PlayerStats,
    RecentMatch,
    game_by_key,
    ladder_named,
)
from host.gif_studio import ReplayCoolingDown, ReplayOverBudget, ReplayStudio, draw_record
from render import RENDERERS
from render.leaderboard import leaderboard as leaderboard_picture
from rules import GAMES
from rules.text import N_, Phrase, Words, clip, plural_phrase

from .errors import CogError, report_error
from .game_cog import game_cog_of
from .language import channel, private, proper_name
from .messages import (
    DESCRIPTION_LIMIT,
    FIELD_LIMIT,
    clean,
    game_score_text,
    moves_played,
    options_text,
    score_text,
    seat_labels,
    summary_label,
)
from .observe import answered, timed
from .place import ANY_CONTEXT, ANY_INSTALL, anywhere, scope_of
from .replies import NO_PINGS, defer_private, defer_public, send_private, send_public
from .tournaments import places_text, tournament_game_text

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
VERDICTS = {"win": N_("won"), "draw": N_("drew"), "loss": N_("lost")}
"""How a recent result reads in /stats ("#12 won")."""

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


def _ladder_cog(interaction: discord.Interaction) -> LadderCog:
    client = interaction.client
    cog = client.get_cog("LadderCog") if isinstance(client, commands.Bot) else None
    if not isinstance(cog, LadderCog):
        raise CogError(
            private(interaction).gettext("The ladder is not available right now. Please try again later.")
        )
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
                await _ladder_cog(interaction).turn_page(interaction, self)
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
                await _ladder_cog(interaction).privacy_confirmed(interaction, self)
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


def ladder_score_text(ladder_key: str, score: float, words: Words) -> str:
    """A score counted in a ladder (`LADDERS`: Jai Kerboge's are Kerboge's) with its game's unit."""
    return game_score_text(game_by_key(ladder_named(ladder_key).game_key), score, words)


def rating_text(rating: str | None, words: Words) -> str:
    if rating is None:
        return words.gettext("not rated yet")
    return f"**{rating}**"  # "1500?" while provisional: the footer and the leaderboard say what ? means


def trend_text(trend: Sequence[int], words: Words) -> str:
    """ "Trend: `▁▃█` +31 over the last 2 rated matches"."""
    spark = sparkline(trend)
    if len(trend) < 2:
        return words.gettext("Trend: `{spark}` (one rated match so far)", spark=spark)
    steps = len(trend) - 1
    return words.ngettext(
        "Trend: `{spark}` {change} over the last {count} rated match",
        "Trend: `{spark}` {change} over the last {count} rated matches",
        steps,
        spark=spark,
        change=f"{trend[-1] - trend[0]:+d}",
    )


def recent_line(result: RecentMatch, words: Words) -> str:
    """ "• #12 won · 15 captures · <t:…:R>" (with the place among more than two players)."""
    verdict = words.gettext(VERDICTS.get(result.outcome, result.outcome))
    score = ladder_score_text(result.game, result.points, words)
    finished = when(result.finished_at)
    if result.rank > 2:
        return words.gettext(
            "• #{number} {verdict} (place {rank}) · {score} · {finished}",
            number=result.match_id,
            verdict=verdict,
            rank=result.rank,
            score=score,
            finished=finished,
        )
    return words.gettext(
        "• #{number} {verdict} · {score} · {finished}",
        number=result.match_id,
        verdict=verdict,
        score=score,
        finished=finished,
    )


def stats_fields(
    stats: PlayerStats, words: Words, *, titled: bool, in_server: bool = True
) -> list[tuple[str, str]]:
    """The (name, value) fields of one game's statistics (`in_server`: asked in a server, which
    has a rating of its own; in a DM only the rating across all servers exists)."""
    record = stats.record
    across = rating_text(stats.global_rating, words)
    if in_server:
        ratings = words.gettext(
            "{rating} on this server · {across} on all servers",
            rating=rating_text(stats.rating, words),
            across=across,
        )
    else:
        ratings = words.gettext("{across} on all servers", across=across)
    lines = [ratings]
    if stats.trend:
        lines.append(trend_text(stats.trend, words))
    lines.append(
        words.gettext(
            "Record: {matches} played · {wins} won · {draws} drawn · {losses} lost ({resigned} resigned)",
            matches=words.number(record.matches),
            wins=words.number(record.wins),
            draws=words.number(record.draws),
            losses=words.number(record.losses),
            resigned=words.number(record.resigned),
        )
    )
    lines.append(
        words.gettext("Scored: {score} in all", score=ladder_score_text(stats.game_key, record.points, words))
    )
    fields = [(stats.game_title if titled else words.gettext("Rating and record"), "\n".join(lines))]
    if stats.recent:
        recent = [recent_line(result, words) for result in stats.recent[:RECENT_SHOWN]]
        fields.append((words.gettext("Recent matches"), "\n".join(recent)))
    if stats.current:
        current = [
            f"• {clean(summary_label(s, stats.game_title, words))}" for s in stats.current[:CURRENT_SHOWN]
        ]
        if len(stats.current) > CURRENT_SHOWN:
            more = len(stats.current) - CURRENT_SHOWN
            current.append(words.ngettext("… and {count} more", "… and {count} more", more))
        fields.append((words.gettext("Playing now"), "\n".join(current)))
    return [(name, clip(value, FIELD_LIMIT)) for name, value in fields]


def stats_embed(
    name: str, found: Sequence[PlayerStats], words: Words, *, in_server: bool = True
) -> discord.Embed:
    single = len(found) == 1
    shown = clean(name)  # a display name is the user's text: no Markdown, no mentions
    if single:
        title = words.gettext("{name} — {game}", name=shown, game=found[0].game_title)
    else:
        title = words.gettext("{name} — every game played", name=shown)
    embed = discord.Embed(title=clip(title, 256), colour=discord.Colour.blurple())
    for stats in found:
        for field, value in stats_fields(stats, words, titled=not single, in_server=in_server):
            if len(embed) + len(field) + len(value) > 5800 or len(embed.fields) >= 25:
                break
            embed.add_field(name=field, value=value, inline=False)
    embed.set_footer(
        text=words.gettext("Ratings: 1500 for a new player; ? while provisional (about 8 rated matches)")
    )
    return embed


def seat_name(names: Sequence[str], seat: int | None, words: Words) -> str | None:
    """A seat's name ("Red") in `words`, or None for a seat the game does not name."""
    if seat is None or seat >= len(names):
        return None
    return words.gettext(names[seat])


def moves_text(record: GameRecord, words: Words) -> str:
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
            seat = seat_name(seat_names, entry.seat, words) or "?"
            items.append(words.gettext("({seat} resigns)", seat=seat))
        elif entry.kind == "draw":
            items.append(words.gettext("(draw agreed)"))
        else:
            moves += 1
            items.append(f"{moves}. {entry.notation}")
    if not items:
        return words.gettext("No moves yet.")
    shown: list[str] = []
    length = 0
    for item in items:
        if length + len(item) + 2 > MOVES_SHOWN:
            break
        shown.append(item)
        length += len(item) + 2
    text = "```\n" + "  ".join(shown).replace("`", "'") + "\n```"
    if len(shown) < len(items):
        left = len(items) - len(shown)
        text += words.ngettext(
            "… and {count} more in the attached record.", "… and {count} more in the attached record.", left
        )
    return text


def history_embed(snapshot: MatchSnapshot, record: GameRecord, words: Words) -> discord.Embed:
    result = record.headers.get("Result")
    if result:  # the record's own line, as its .txt file says it
        lines = [f"🏆 {clean(result)}"]
    else:
        lines = [words.gettext("Still being played: {moves} so far.", moves=moves_played(snapshot, words))]
    lines.append(words.gettext("**Moves** ({count})", count=snapshot.move_count))
    lines.append(moves_text(record, words))
    title = words.gettext("{game} #{number} — game record", game=snapshot.game.title, number=snapshot.id)
    embed = discord.Embed(
        title=clip(title, 256),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=discord.Colour.dark_grey() if snapshot.is_over else discord.Colour.blurple(),
    )
    seat_names = record.game.seat_names(record.seat_count)
    scores = snapshot.outcome.scores if snapshot.outcome is not None and snapshot.is_over else ()
    players = []
    for seat in snapshot.seats:
        role = seat_name(seat_names, seat.index, words) or words.gettext(
            "Seat {number}", number=seat.index + 1
        )
        line = words.gettext("{seat}: **{name}**", seat=role, name=clean(seat.label))
        if seat.index < len(scores):
            line += f" · {score_text(snapshot, scores[seat.index], words)}"
        if seat.resigned:
            line += f" · {words.gettext('resigned')}"
        players.append(line)
    embed.add_field(name=words.gettext("Players"), value=clip("\n".join(players) or "—", FIELD_LIMIT))
    options = options_text(snapshot, words) or words.gettext("none")
    embed.add_field(name=words.gettext("Options"), value=clip(options, FIELD_LIMIT))
    started, last = when(snapshot.created_at, "f"), when(snapshot.updated_at, "f")
    if snapshot.is_over:
        dates = words.gettext("Started {started}\nFinished {ended}", started=started, ended=last)
    else:
        dates = words.gettext("Started {started}\nLast move {ended}", started=started, ended=last)
    embed.add_field(name=words.gettext("Dates"), value=dates, inline=False)
    embed.set_footer(
        text=words.gettext('The .txt file is the game record (see the README\'s "Game records").')
    )
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
            raise CogError(
                private(interaction).gettext("This works in a server channel, not in direct messages.")
            )
        return interaction.guild_id

    def posted(self, interaction: discord.Interaction) -> Language:
        """The words of what a command posts in its channel: the server's language (in a DM or
        group DM, where no server chose one, the words of the person who asked)."""
        if interaction.guild_id is None:
            return private(interaction)
        return channel(self.host, interaction.guild_id)

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
                private(interaction).gettext(
                    "There is no server here, so no server ladder: leave `scope` out, or choose all servers."
                )
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
            raise CogError(private(interaction).gettext("The scope is either this server or all servers."))
        where = GLOBAL_SCOPE if scope == GLOBAL else self.guild(interaction)
        board: LeaderboardPage = await self.ladder.leaderboard(game, where, page, after=after, before=before)
        words = self.posted(interaction)  # a page is posted in the channel
        subtitle = words.ngettext(
            "{place} · {count} player · page {page} of {pages}",
            "{place} · {count} players · page {page} of {pages}",
            board.players,
            place=words.gettext("All servers") if scope == GLOBAL else words.gettext("This server"),
            page=words.number(board.page),
            pages=words.number(board.pages),
        )
        footer = ""
        if any(line.rating.endswith("?") for line in board.lines):
            footer = words.gettext("? marks a provisional rating (fewer than about 8 rated matches)")
        title = words.gettext("{game} leaderboard", game=board.game_title)
        png = await asyncio.to_thread(
            leaderboard_picture, title, subtitle, board.lines, footer=footer, words=words
        )
        name = f"leaderboard-{board.game_key}-{scope}-{board.page}.png"
        embed = discord.Embed(
            title=title,
            description=words.gettext(
                "{subtitle}. Ranked by rating; `/stats` shows a player's record.", subtitle=subtitle
            ),
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
                label=words.gettext("◀ Previous"),
                disabled=board.page <= 1,
            )
        )
        view.add_item(
            LadderPage(
                board.game_key,
                scope,
                board.page + 1,
                after=last,
                label=words.gettext("Next ▶"),
                disabled=board.page >= board.pages,
            )
        )
        ranks = "; ".join(
            words.gettext(
                "{rank}. {name}, rating {rating}, {wins} of {matches} won",
                rank=line.rank,
                name=line.name,
                rating=line.rating,
                wins=words.number(line.wins),
                matches=words.number(line.matches),
            )
            for line in board.lines
        )
        alt = clip(
            words.gettext(
                "{title}, {subtitle}. {ranks}",
                title=title,
                subtitle=subtitle,
                ranks=ranks or words.gettext("Nobody is rated yet."),
            ),
            ALT_LIMIT,
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
            raise CogError(
                private(interaction).gettext("{name} has not played any game yet.", name=who.display_name)
            )
        words = self.posted(interaction) if share else private(interaction)
        embed = stats_embed(found[0].name, found, words, in_server=guild_id is not None)
        places = await self.host.tournament_results(who.id, guild_id)
        if places:  # the tournaments they finished (cogs/tournaments.py)
            embed.add_field(name=words.gettext("Tournaments"), value=places_text(places, words), inline=False)
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
        words = private(interaction)
        seen: set[int] = set()
        choices = []
        for summary in sorted([*mine, *here], key=lambda s: (s.updated_at, s.id), reverse=True):
            game = GAMES.get(summary.game)
            title = game.title_for(summary.seat_count) if game is not None else summary.game
            label = summary_label(summary, title, words)
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
        words = self.posted(interaction) if share else private(interaction)
        embed = history_embed(snapshot, record, words)
        if found.tournament is not None:
            embed.add_field(
                name=words.gettext("Tournament"),
                value=tournament_game_text(found.tournament, words),
                inline=False,
            )
        if share:
            await send_public(interaction, embed=embed, file=txt)
        else:
            await send_private(interaction, embed=embed, file=txt)

        if record.game.key not in RENDERERS:
            note = words.gettext("There is no animation of {game} games yet.", game=record.game.title)
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        names = seat_labels(snapshot, words) if len(snapshot.seats) == record.seat_count else None
        draw = partial(
            draw_record,
            record.game.key,
            record.seat_count,
            record.options,
            record.entries,
            names,
            GIF_WIDTHS,
            GIF_LIMIT,
            words.code,
        )
        try:  # one GIF per language: its strip and cards are worded
            gif = await self.replays.gif((match, snapshot.version, words.code), interaction.user.id, draw)
        except ReplayCoolingDown as cooling:
            again = math.ceil(cooling.until)
            note = words.gettext(
                "Animations take a while to draw, so each person can have one drawn every "
                "{seconds} seconds: you can ask again {again}. The record has every move.",
                seconds=words.number(self.replays.cooldown),
                again=f"<t:{again}:R>",
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        except ReplayOverBudget as over:
            note = words.gettext(
                "The animation of {title} took longer than {seconds} seconds to draw, "
                "so it is left out; the record has every move. Ask again in a minute: it may be ready.",
                title=snapshot.title,
                seconds=words.number(over.seconds),
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        if gif is None:
            note = words.gettext(
                "{title} is too long for an animation Discord accepts; the record has every move.",
                title=snapshot.title,
            )
            await (send_public(interaction, content=note) if share else send_private(interaction, note))
            return
        alt = words.gettext(
            "An animation of {title}, one frame per position, from the start to the end.",
            title=snapshot.title,
        )
        file = discord.File(io.BytesIO(gif), filename=f"{snapshot.game.key}-{match}.gif", description=alt)
        content = words.gettext("{title}, move by move.", title=snapshot.title)
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
        words = private(interaction)
        view = discord.ui.View(timeout=None)
        label = words.gettext("Yes, forget me")
        view.add_item(PrivacyButton(PrivacyAction.FORGET, interaction.user.id, label=label))
        active = await self.ladder.active_matches(interaction.user.id)
        await send_private(interaction, forget_me_text(active, words), view=view)

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
        words = private(interaction)
        view = discord.ui.View(timeout=None)
        label = words.gettext("Yes, erase this server's data")
        view.add_item(PrivacyButton(PrivacyAction.ERASE, interaction.user.id, guild_id, label=label))
        await send_private(
            interaction,
            words.gettext(
                "This deletes every match played on this server (lobbies, games in progress and finished "
                "games, with their moves and results) and this server's ratings. Ratings across all "
                "servers keep what these matches counted for. It cannot be undone. Press the button to "
                "confirm."
            ),
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
        words = channel(self.host, snapshot.guild_id)  # the match message is the channel's
        if snapshot.status != "abandoned":
            note = words.gettext("A player asked for their data to be erased, so their seat was given up.")
        else:
            note = words.gettext("The player who opened it asked for their data to be erased.")
        due = await self.host.owed_message(snapshot)
        if due is not None:  # a failed post stays owed; the computer standing in moves after it
            await cog.announce(client, due, note=note)

    @staticmethod
    def check_manager(interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_guild:
            raise CogError(
                private(interaction).gettext(
                    "Only members with the Manage Server permission can erase this server's data."
                )
            )

    async def privacy_confirmed(self, interaction: discord.Interaction, button: PrivacyButton) -> None:
        words = private(interaction)
        if interaction.user.id != button.user_id:
            refusal = words.gettext("This button is for the member who asked; nothing was changed.")
            if button.action == PrivacyAction.FORGET:
                refusal += " " + words.gettext("Use `/privacy forget-me` to erase your own data.")
            else:
                refusal += " "  # as it always read: the sentence, then a space
            await send_private(interaction, refusal)
            return
        if button.action == PrivacyAction.FORGET:
            await defer_private(interaction)
            # First out of every lobby and running match (each a normal change of the host), then
            # erased; the changed matches are announced afterwards, so they show the anonymous label.
            changed = await self.ladder.withdraw(button.user_id)
            label = await self.ladder.forget(button.user_id)
            if label is None:
                done = words.gettext(
                    "Done: your turn notice settings are deleted; nothing else was stored about you."
                )
            else:
                done = words.gettext(
                    "Done: your ratings and settings are deleted and past matches now show "
                    "**{label}** instead of you. If you play again, new matches store your name again.",
                    label=clean(label),
                )
            await send_private(interaction, done)
            for snapshot in changed:
                await self.announce_withdrawal(interaction.client, snapshot.id)
            return
        guild_id = self.guild(interaction)
        if button.guild_id != guild_id:
            raise CogError(words.gettext("This button belongs to another server; nothing was changed."))
        self.check_manager(interaction)
        await defer_private(interaction)
        count = await self.ladder.erase_server(guild_id)
        await send_private(
            interaction,
            words.ngettext(
                "Done: {count} match of this server and its ratings are erased.",
                "Done: {count} matches of this server and its ratings are erased.",
                count,
            ),
        )


def counted_step(count: int, one: str, both: str, every: Phrase) -> Phrase | None:
    """A step of /privacy forget-me for the one, both or all of the player's matches (or lobbies):
    "the match", "both matches", "all 3 matches" (`one` and `both` are N_ constants); None when
    they have none."""
    if count == 0:
        return None
    return Phrase(one) if count == 1 else Phrase(both) if count == 2 else every


def forget_me_text(active: Sequence[MatchListing], words: Words) -> str:
    """What confirming /privacy forget-me does, step by step in the order it does it: first to the
    player's matches and open lobbies, if any, then to their data."""
    lobbies = sum(m.status == "lobby" for m in active)
    playing = len(active) - lobbies
    resigns = counted_step(
        playing,
        N_("It resigns you from the match you are playing."),
        N_("It resigns you from both matches you are playing."),
        plural_phrase(
            "It resigns you from all {count} match you are playing.",
            "It resigns you from all {count} matches you are playing.",
            playing,
        ),
    )
    closes = counted_step(
        lobbies,
        N_("It closes the lobby you are seated in (or gives up your seat there)."),
        N_("It closes both lobbies you are seated in (or gives up your seat there)."),
        plural_phrase(
            "It closes all {count} lobby you are seated in (or gives up your seat there).",
            "It closes all {count} lobbies you are seated in (or gives up your seat there).",
            lobbies,
        ),
    )
    steps = [words.say(step) for step in (resigns, closes) if step is not None]
    after = words.gettext(
        "Past matches stay, as records without you. It cannot be undone. Press the button to confirm."
    )
    if not steps:
        confirming = words.gettext(
            "Confirming replaces your name and id in every past match with an anonymous label and deletes "
            "your ratings and your turn notice settings (`/settings`), on every server."
        )
        return f"{confirming} {after}"
    erase = words.gettext(
        "It replaces your name and id in every past match with an anonymous label and deletes "
        "your ratings and your turn notice settings (`/settings`), on every server."
    )
    numbered = [f"{n}. {step}" for n, step in enumerate([*steps, erase], start=1)]
    return "\n".join([words.gettext("Confirming does this, in this order:"), *numbered, after])


__all__ = ["GAME_CHOICES", "LadderCog", "LadderPage", "PrivacyButton", "leaderboard_picture", "sparkline"]
