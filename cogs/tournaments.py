"""`/tournament`: tournaments in a server (the host's tournament service, host/tournament).

What a server reads of a tournament:
- its **sign-up message** in the channel where `/tournament new` was used: the game, the format,
  the clock, when the sign-up ends, the entrants, and the buttons **Join**, **Leave** and
  **Start** (the organiser's); edited on every change, its buttons gone once it starts;
- its **thread**, opened on that message: the **standings message** (a text table and the
  standings picture, or a knockout's bracket), posted when the tournament starts and edited after
  every result; each round's **announcement** (who meets whom, in which match), which tells each
  player the way their `/settings` say (a mention, a direct message, or nothing); and the
  matches themselves (ordinary match messages, posted by the game cogs);
- the **final standings** in the channel when it ends (or the news that it was cancelled).

Nothing is lost when the bot stops: the host counts what the messages owe (a version, rounds
not announced, an end not posted). Whatever acted posts it at once (`settle`), and the turn
clock's outbox loop posts whatever is still owed (`post_owed_tournaments`: after a crash, or a
Discord failure). Within this process one tournament's messages are posted one at a time, and
a round or an end already posted here is not posted again.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from host import Host, HostError, MatchSnapshot, Notify, Player, StoreUnavailable
from host.tournament import (
    MOST_PLAYERS,
    MOST_SIGNUP_HOURS,
    MOST_SWISS_ROUNDS,
    CancelReason,
    MatchTournament,
    OwedTournamentMessage,
    RoundStarted,
    TournamentCancelled,
    TournamentEvent,
    TournamentFinished,
    TournamentGame,
    TournamentPlace,
    TournamentSnapshot,
)
from host.tournament.service import DEFAULT_MAX_PLAYERS
from render.standings import (
    BUCHHOLZ,
    DIRECT_ENCOUNTER,
    PLACEMENTS,
    PLAYED,
    POINTS,
    SONNEBORN_BERGER,
    BracketPicture,
    BracketSlot,
    StandingsPicture,
    StandingsRow,
    bracket_alt,
    bracket_png,
    standings_alt,
    standings_png,
)
from rules import GAMES, Game
from rules.text import Words, clip

from .components import removed_click
from .config import CLOCK_CHOICES, GAME_CHOICES
from .errors import CogError, outages, report_error
from .game_cog import game_cog_of
from .keibot import SETUPS
from .keryo_pente import SEAT_COUNT_NAMES
from .language import channel, player, private
from .lobby import LEVEL_CHOICES
from .messages import duration_text, game_options_text, match_link
from .notices import send_dm
from .observe import timed
from .place import server_only
from .replies import NO_PINGS, clean, code, defer_private, defer_public, send_private, send_public
from .threads import LONGEST_AUTO_ARCHIVE, THREAD_ARCHIVED, THREAD_NAME_LIMIT, is_thread, unarchive
from .tournament_jobs import TOURNAMENT_COG

log = logging.getLogger("tavern.tournaments")

BUTTON_TEMPLATE = re.compile(r"tavern-tournament:(?P<action>join|leave|start):(?P<tournament>[0-9]+)")
"""A sign-up button's custom_id: what it does and to which tournament (the view keeps no state)."""
JOIN, LEAVE, START = "join", "leave", "start"
SIGNUP, RUNNING = "signup", "running"
OPEN_STATUSES = (SIGNUP, RUNNING)
SWISS = "swiss"
DEFAULT_SWISS_ROUNDS = 3
FIELD_LIMIT = 1024
DESCRIPTION_LIMIT = 4096
STANDINGS_LINES = 20
"""The most standings lines the text shows (the picture shows everyone)."""
ROUNDS_SHOWN = 2
"""The latest rounds whose results the standings message lists."""
AUTOCOMPLETE_LIMIT = 25

FORMAT_CHOICES = [
    app_commands.Choice(name=locale_str("Swiss: a number of rounds, equal scores meet"), value=SWISS),
    app_commands.Choice(name=locale_str("round-robin: everyone meets everyone once"), value="round-robin"),
    app_commands.Choice(name=locale_str("knockout: single elimination"), value="knockout"),
]
TOURNAMENT_CLOCK_CHOICES = [choice for choice in CLOCK_CHOICES if choice.value != "default"]
"""A tournament's turn clock: a preset, or off; left out, the server's (`/tavern config`)."""
TABLE_CHOICES = [app_commands.Choice(name=SEAT_COUNT_NAMES[n], value=n) for n in sorted(SEAT_COUNT_NAMES)]
"""The players at each table (Keryo-Pente 2–6, Kerboge 4 or 2)."""
GAME_OPTIONS: Mapping[str, tuple[str, str]] = {
    "setup": ("keibot", "setup"),
    "opening_rule": ("keryo-pente", "tournament"),
    "five_blots": ("verquere", "five_blots"),
    "five_closed_points": ("verquere", "five_closed_points"),
}
"""The games' own options `/tournament new` offers, as the games' `new` commands do: the option's
name in the command -> (the game, the rules' name of the option)."""
OPTION_NAMES = {rules_name: name for name, rules_name in GAME_OPTIONS.items()}
"""(the game, the rules' name of an option) -> its name in `/tournament new`."""


# -- words ----------------------------------------------------------------------------------------


def tournament_name(tournament: TournamentSnapshot, words: Words) -> str:
    """Its name, safe to show: its own (escaped), or the default in the reader's language."""
    return clean(words.say(tournament.name))


def format_text(tournament: TournamentSnapshot, words: Words) -> str:
    """ "Swiss, 3 rounds", "round-robin", "knockout"."""
    if tournament.format == SWISS:
        rounds = tournament.rounds or 0
        return words.ngettext("Swiss, {count} round", "Swiss, {count} rounds", rounds)
    if tournament.format == "round-robin":
        return words.gettext("round-robin (everyone meets everyone once)")
    return words.gettext("knockout (single elimination)")


def clock_words(hours: float | None, words: Words) -> str:
    if hours is None:
        return words.gettext("the server's turn clock")
    if hours == 0:
        return words.gettext("no turn clock")
    return words.gettext("{length} a turn", length=duration_text(timedelta(hours=hours), words))


FRACTIONS = {0.25: "¼", 0.5: "½", 0.75: "¾"}


def points_text(value: float, words: Words) -> str:
    """A score with halves and quarters as players write them ("2½", "¼"), else at most two
    decimals (tables of 4 score thirds)."""
    whole = int(value)
    fraction = next((sign for part, sign in FRACTIONS.items() if abs(value - whole - part) < 1e-9), None)
    if fraction is not None:
        return f"{words.number(whole)}{fraction}" if whole else fraction
    return words.number(round(value, 2))


def entrant_label(tournament: TournamentSnapshot, entrant: int, words: Words) -> str:
    """An entrant's name as text (escaped): a person's, or "Computer 2 (hard)"."""
    return clean(words.say(tournament.entrant(entrant).label_phrase))


def entrant_mention(tournament: TournamentSnapshot, entrant: int, words: Words) -> str:
    """A person's mention (it pings only whom a message allows), a computer's label."""
    person = tournament.entrant(entrant)
    if person.user_id is not None and person.user_id > 0:
        return f"<@{person.user_id}>"
    return entrant_label(tournament, entrant, words)


def timestamp(iso: str) -> int:
    return int(datetime.fromisoformat(iso).timestamp())


def game_result(tournament: TournamentSnapshot, game: TournamentGame, words: Words) -> str:
    """One game of a round: "Alice 1–0 Bob (#12)", "Carol: bye (a win)", "Alice vs Bob (#13,
    playing)", at a table "Alice: place 1, Bob: place 2 and Carol: place 3 (#14)"."""
    names = [entrant_label(tournament, e, words) for e in game.seats]
    if game.bye:
        return words.gettext("{player}: bye (a win)", player=names[0])
    match = f"#{game.match_id}" if game.match_id is not None else ""
    if not game.ended or game.scores is None or game.places is None:
        players = words.gettext(" vs ").join(names)
        if not match:
            return players
        return words.gettext("{players} ({match}, playing)", players=players, match=match)
    if len(game.seats) == 2:
        text = words.gettext(
            "{first} {first_score}–{second_score} {second}",
            first=names[0],
            first_score=points_text(game.scores[0], words),
            second_score=points_text(game.scores[1], words),
            second=names[1],
        )
    else:
        placed = sorted(zip(game.places, names, strict=True))
        text = words.listing([words.gettext("{player}: place {place}", player=n, place=p) for p, n in placed])
    return text + (f" ({match})" if match else "")


TIEBREAK_HEADINGS = {
    "buchholz": BUCHHOLZ,
    "sonneborn-berger": SONNEBORN_BERGER,
    "direct-encounter": DIRECT_ENCOUNTER,
    "placements": PLACEMENTS,
}
"""The standings' tie-breaks (host.tournament.TIEBREAK_NAMES) as the picture heads them."""


def tiebreak_name(key: str, words: Words) -> str:
    if key == "buchholz":
        return words.gettext("Buchholz")
    if key == "sonneborn-berger":
        return words.gettext("Sonneborn-Berger")
    if key == "direct-encounter":
        return words.gettext("direct encounter")
    return words.gettext("sum of places")


def standings_lines(tournament: TournamentSnapshot, words: Words, most: int = STANDINGS_LINES) -> list[str]:
    """ "1. **Alice**: 2½ · Buchholz 6 · Sonneborn-Berger 5¼", best first."""
    lines = []
    for line in tournament.standings[:most]:
        cells = [points_text(line.points, words)]
        if tournament.format != "knockout":
            cells += [
                f"{tiebreak_name(key, words)} {points_text(value, words)}"
                for key, value in zip(tournament.tiebreak_names, line.tiebreaks, strict=False)
            ]
        name = f"**{entrant_label(tournament, line.entrant, words)}**"
        if line.withdrawn:
            name += " " + words.gettext("(withdrawn)")
        lines.append(f"{line.rank}. {name}: " + " · ".join(cells))
    more = len(tournament.standings) - most
    if more > 0:
        lines.append(
            words.ngettext(
                "… and {count} more (see the picture)", "… and {count} more (see the picture)", more
            )
        )
    return lines


def round_title(tournament: TournamentSnapshot, number: int, words: Words) -> str:
    if tournament.rounds:
        return words.gettext("Round {number} of {rounds}", number=number, rounds=tournament.rounds)
    return words.gettext("Round {number}", number=number)


def standings_heading(tournament: TournamentSnapshot, words: Words) -> str:
    """Which standings these are, as a sentence ("After round 2 of 5.")."""
    if tournament.status == "finished":
        return words.gettext("Final standings.")
    if tournament.status == "cancelled":
        return words.gettext("The standings when it was cancelled.")
    if tournament.current_round == 0:
        return words.gettext("Before the first round.")
    done = tournament.current_round
    if not all(g.ended for g in tournament.round_games(done)):
        return playing_text(tournament, words)  # its results so far are in the table already
    if tournament.rounds:
        return words.gettext("After round {number} of {rounds}.", number=done, rounds=tournament.rounds)
    return words.gettext("After round {number}.", number=done)


def playing_text(tournament: TournamentSnapshot, words: Words) -> str:
    """ "Round 2 of 5 is being played." """
    number = tournament.current_round
    if tournament.rounds:
        return words.gettext(
            "Round {number} of {rounds} is being played.", number=number, rounds=tournament.rounds
        )
    return words.gettext("Round {number} is being played.", number=number)


def winner_count(tournament: TournamentSnapshot) -> int:
    """How many share first place."""
    return sum(1 for line in tournament.standings if line.rank == 1)


def winners(tournament: TournamentSnapshot, words: Words) -> str:
    best = [line.entrant for line in tournament.standings if line.rank == 1]
    return words.listing([f"**{entrant_label(tournament, e, words)}**" for e in best])


PLACES_SHOWN = 5
"""The latest tournaments `/stats` lists."""


def places_text(places: Sequence[TournamentPlace], words: Words) -> str:
    """A player's latest finished tournaments, for /stats: "Place 1 of 8: Keibot Swiss #3 (score 2½)"."""
    lines = [
        words.gettext(
            # TRANSLATORS: /stats: a finished tournament; {points} is a score such as 2½.
            "Place {place} of {entrants}: {tournament} (score {points})",
            place=place.place,
            entrants=place.of,
            tournament=clean(words.say(place.name)),
            points=points_text(place.points, words),
        )
        for place in places[:PLACES_SHOWN]
    ]
    more = len(places) - PLACES_SHOWN
    if more > 0:
        lines.append(words.ngettext("… and {count} more", "… and {count} more", more))
    return clip("\n".join(lines), FIELD_LIMIT)


def tournament_game_text(game: MatchTournament, words: Words) -> str:
    """Which tournament game a match was, for /history: "Keibot Swiss #3, round 2"."""
    name = clean(words.say(game.name))
    if game.replay:
        return words.gettext(
            "{tournament}, round {round} (replay {replay})",
            tournament=name,
            round=game.round,
            replay=game.replay,
        )
    return words.gettext("{tournament}, round {round}", tournament=name, round=game.round)


# -- pictures --------------------------------------------------------------------------------------


def standings_picture(tournament: TournamentSnapshot, words: Words) -> tuple[bytes, str, str]:
    """The standings picture (a knockout's: its bracket), its file name and its alt text."""
    title = tournament_name_plain(tournament, words)
    subtitle = standings_heading(tournament, words)
    name = f"tournament-{tournament.id}-{tournament.version}.png"
    if tournament.bracket is not None:
        picture = bracket_picture(tournament, title, subtitle, words)
        return bracket_png(picture, words), name, bracket_alt(picture, words)
    headers = (POINTS, *(TIEBREAK_HEADINGS[k] for k in tournament.tiebreak_names), PLAYED)
    rows = [
        StandingsRow(
            rank=str(line.rank),
            name=words.say(tournament.entrant(line.entrant).label_phrase),
            cells=(
                points_text(line.points, words),
                *(points_text(value, words) for value in line.tiebreaks),
                words.number(line.played),
            ),
            withdrawn=line.withdrawn,
        )
        for line in tournament.standings
    ]
    standings = StandingsPicture(title, subtitle, headers, rows)
    return standings_png(standings, words), name, standings_alt(standings, words)


def tournament_name_plain(tournament: TournamentSnapshot, words: Words) -> str:
    """Its name as a picture shows it (no Markdown to escape)."""
    return words.say(tournament.name)


def bracket_picture(
    tournament: TournamentSnapshot, title: str, subtitle: str, words: Words
) -> BracketPicture:
    assert tournament.bracket is not None
    rounds = []
    for slots in tournament.bracket.rounds:
        games = []
        for slot in slots:
            top = None if slot.top is None else words.say(tournament.entrant(slot.top).label_phrase)
            bottom = None if slot.bottom is None else words.say(tournament.entrant(slot.bottom).label_phrase)
            won: Literal[0, 1] | None = None
            if slot.winner is not None:
                won = 0 if slot.winner == slot.top else 1
            score = ", ".join(
                "–".join(points_text(s, words) for s in game.scores)
                if game.table.seats[0] == slot.top
                else "–".join(points_text(s, words) for s in reversed(game.scores))
                for game in slot.games
            )
            games.append(BracketSlot(top, bottom, won, score))
        rounds.append(games)
    return BracketPicture(title, rounds, subtitle)


# -- messages ----------------------------------------------------------------------------------------


class TournamentButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=BUTTON_TEMPLATE):
    """**Join**, **Leave** or **Start** on a tournament's sign-up message (survives restarts)."""

    def __init__(
        self,
        action: str,
        tournament_id: int,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or action,
                style=style,
                custom_id=f"tavern-tournament:{action}:{tournament_id}",
            )
        )
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TournamentButton:
        return cls(match["action"], int(match["tournament"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # discord.py only logs what a dynamic item's callback raises: the user is answered here.
        with timed(interaction, "component"):
            try:
                cog = (
                    interaction.client.get_cog(TOURNAMENT_COG)
                    if isinstance(interaction.client, commands.Bot)
                    else None
                )
                if not isinstance(cog, TournamentCog):
                    raise CogError(
                        private(interaction).gettext(
                            "Tournaments are not available right now. Please try later."
                        )
                    )
                await cog.on_button(interaction, self)
            except Exception as error:
                await report_error(interaction, error)


def signup_view(tournament: TournamentSnapshot, words: Words) -> discord.ui.View | None:
    """Join, Leave and Start while the sign-up is open; nothing after."""
    if tournament.status != SIGNUP:
        return None
    view = discord.ui.View(timeout=None)
    count = len(tournament.entrants)
    view.add_item(
        TournamentButton(
            JOIN,
            tournament.id,
            label=words.gettext("Join ({count}/{most})", count=count, most=tournament.max_players),
            style=discord.ButtonStyle.success,
        )
    )
    view.add_item(TournamentButton(LEAVE, tournament.id, label=words.gettext("Leave")))
    view.add_item(
        TournamentButton(
            START, tournament.id, label=words.pgettext("button", "Start"), style=discord.ButtonStyle.primary
        )
    )
    return view


def status_text(tournament: TournamentSnapshot, words: Words) -> str:
    organiser = f"<@{tournament.creator_id}>"
    if tournament.status == SIGNUP:
        if tournament.signup_until is None:
            return words.gettext(
                "Sign-up is open: press **Join** to enter. {organiser} starts the tournament with **Start**.",
                organiser=organiser,
            )
        moment = timestamp(tournament.signup_until)
        return words.gettext(
            "Sign-up is open until <t:{moment}:f> (<t:{moment}:R>): press **Join** to enter. The tournament "
            "starts then, or earlier when {organiser} presses **Start**.",
            moment=moment,
            organiser=organiser,
        )
    if tournament.status == RUNNING:
        return words.gettext(
            "{playing} The matches and the standings are in the tournament's thread.",
            playing=playing_text(tournament, words),
        )
    if tournament.status == "finished":
        best = winner_count(tournament)
        return words.ngettext(
            "Finished. Winner: {players}.",
            "Finished. Winners: {players}.",
            best,
            players=winners(tournament, words),
        )
    return words.gettext("Cancelled.")


def entrants_text(tournament: TournamentSnapshot, words: Words) -> str:
    names = []
    for entrant in tournament.entrants:
        name = entrant_mention(tournament, entrant.entrant, words)
        if entrant.withdrawn:
            name += " " + words.gettext("(withdrawn)")
        names.append(name)
    if not names:
        return words.gettext("nobody yet")
    shown: list[str] = []
    for index, name in enumerate(names):
        rest = len(names) - index
        more = words.ngettext("… and {count} more", "… and {count} more", rest)
        if len("\n".join([*shown, name, more])) > FIELD_LIMIT:
            shown.append(more)
            break
        shown.append(name)
    return "\n".join(shown)


def game_text(tournament: TournamentSnapshot, words: Words) -> str:
    title = tournament.game.title_for(tournament.table_size)
    if tournament.table_size > 2:
        return words.gettext("{game}, tables of {count} players", game=title, count=tournament.table_size)
    return title


def signup_embed(tournament: TournamentSnapshot, words: Words) -> discord.Embed:
    embed = discord.Embed(
        title=clip(tournament_name_plain(tournament, words), 256),
        description=status_text(tournament, words),
        colour=discord.Colour.gold(),
    )
    embed.add_field(name=words.gettext("Game"), value=game_text(tournament, words), inline=True)
    if tournament.options:
        # Named as `/tournament new` names them (Keryo-Pente's `tournament` rule is `opening_rule`).
        named = {OPTION_NAMES.get((tournament.game.key, k), k): v for k, v in tournament.options.items()}
        embed.add_field(name=words.gettext("Options"), value=game_options_text(named, words), inline=True)
    embed.add_field(name=words.gettext("Format"), value=format_text(tournament, words), inline=True)
    embed.add_field(
        name=words.gettext("Turn clock"), value=clock_words(tournament.turn_clock_hours, words), inline=True
    )
    embed.add_field(
        name=words.gettext("Ratings"),
        value=words.gettext("rated") if tournament.rated else words.gettext("unrated"),
        inline=True,
    )
    embed.add_field(
        name=words.gettext(
            "Players ({count} of at most {most})", count=len(tournament.entrants), most=tournament.max_players
        ),
        value=entrants_text(tournament, words),
        inline=False,
    )
    embed.set_footer(text=words.gettext("Tournament #{id} · /tournament standings", id=tournament.id))
    return embed


def rounds_fields(tournament: TournamentSnapshot, words: Words) -> list[tuple[str, str]]:
    """The latest rounds' games, newest first: (heading, lines)."""
    fields = []
    for number in range(tournament.current_round, max(0, tournament.current_round - ROUNDS_SHOWN), -1):
        games = tournament.round_games(number)
        if not games:
            continue
        lines = [game_result(tournament, g, words) for g in games]
        fields.append((round_title(tournament, number, words), clip("\n".join(lines), FIELD_LIMIT)))
    return fields


def standings_embed(tournament: TournamentSnapshot, words: Words, image: str | None) -> discord.Embed:
    lines = [f"**{standings_heading(tournament, words)}**", *standings_lines(tournament, words)]
    if tournament.format != "knockout":
        order = words.listing([tiebreak_name(k, words) for k in tournament.tiebreak_names])
        lines.insert(1, words.gettext("Ranked by points, then {tiebreaks}.", tiebreaks=order))
    elif tournament.bracket is not None:
        lines.insert(1, words.gettext("Ranked by the round reached, then by points."))
    embed = discord.Embed(
        title=clip(
            words.gettext("Standings of {tournament}", tournament=tournament_name_plain(tournament, words)),
            256,
        ),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=discord.Colour.gold(),
    )
    for name, value in rounds_fields(tournament, words):
        embed.add_field(name=name, value=value, inline=False)
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    embed.set_footer(text=words.gettext("Tournament #{id} · /tournament standings", id=tournament.id))
    return embed


async def standings_message(
    tournament: TournamentSnapshot, words: Words
) -> tuple[discord.Embed, discord.File | None]:
    """The standings embed and its picture (drawn in a thread: it takes a few milliseconds)."""
    if not tournament.standings:
        return standings_embed(tournament, words, None), None
    png, name, alt = await asyncio.to_thread(standings_picture, tournament, words)
    return standings_embed(tournament, words, name), discord.File(
        io.BytesIO(png), filename=name, description=alt
    )


# -- the cog -----------------------------------------------------------------------------------------


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise CogError(
            private(interaction).gettext(
                "Tournaments belong to a server: use this command in a server channel."
            )
        )
    return interaction.guild_id


def player_of(interaction: discord.Interaction) -> Player:
    return Player(interaction.user.id, interaction.user.display_name)


def may_manage(interaction: discord.Interaction) -> bool:
    return interaction.permissions.manage_guild


def game_options(game: Game, chosen: Mapping[str, Any], words: Words) -> dict[str, Any]:
    """The game's own options among those given; an option of another game is refused."""
    options = {}
    for name, value in chosen.items():
        if value is None:
            continue
        key, option = GAME_OPTIONS[name]
        if key != game.key:
            raise CogError(
                words.gettext(
                    "{option} is an option of {game}, not of {chosen}: leave it out, or choose {game}.",
                    option=code(name),
                    game=GAMES[key].title,
                    chosen=game.title,
                )
            )
        options[option] = value
    return options


@server_only
class TournamentCog(
    commands.GroupCog,
    group_name="tournament",
    group_description=locale_str("Tournaments on this server: Swiss, round-robin and knockout"),
):
    """Tournaments on this server: Swiss, round-robin and knockout"""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._posting = asyncio.Lock()
        """One tournament's messages at a time in this process (see the module docstring)."""
        self._announced: set[tuple[int, int, int]] = set()
        """(tournament, round, replay) announced by this process."""
        self._ended: set[int] = set()
        """Tournaments whose end this process posted in their channel."""

    # -- finding the tournament meant ---------------------------------------------------------------

    async def open_tournaments(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's tournaments in sign-up or running, filtered by what was typed."""
        if interaction.guild_id is None:
            return []
        words = private(interaction)
        typed = str(current or "").strip().lstrip("#").lower()
        try:
            found = await self.host.tournaments_of_server(interaction.guild_id, OPEN_STATUSES)
        except (HostError, StoreUnavailable):
            return []
        choices = []
        for tournament in found:
            status = words.gettext("sign-up") if tournament.status == SIGNUP else words.gettext("under way")
            label = f"#{tournament.id} {words.say(tournament.name)} ({status})"
            if typed in label.lower():
                choices.append(app_commands.Choice(name=clip(label, 100), value=tournament.id))
        return choices[:AUTOCOMPLETE_LIMIT]

    async def meant(
        self, interaction: discord.Interaction, tournament_id: int | None, *, entered: bool = False
    ) -> TournamentSnapshot:
        """The tournament a command means: the one named, else the only open one here (in this
        channel or thread, else on the server; `entered`: among those the user entered first)."""
        guild_id = guild_of(interaction)
        if tournament_id is not None:
            return await self.host.tournament(tournament_id, guild_id)
        words = private(interaction)
        found = await self.host.tournaments_of_server(guild_id, OPEN_STATUSES)
        if entered:
            mine = [t for t in found if (e := t.entrant_of(interaction.user.id)) and not e.withdrawn]
            found = mine or found
        here = [t for t in found if interaction.channel_id in (t.channel_id, t.thread_id)]
        candidates = here or found
        if len(candidates) == 1:
            return candidates[0]
        if not candidates:
            raise CogError(
                words.gettext("There is no open tournament on this server. Open one with `/tournament new`.")
            )
        listed = ", ".join(f"#{t.id} ({clean(words.say(t.name))})" for t in candidates[:5])
        raise CogError(
            words.gettext(
                "Several tournaments are open here: {tournaments}. Choose one with the `tournament` option.",
                tournaments=listed,
            )
        )

    # -- commands --------------------------------------------------------------------------------

    @app_commands.command(name="new", description=locale_str("Open a tournament for sign-up in this channel"))
    @app_commands.describe(
        game=locale_str("The game played"),
        format=locale_str("How players are paired (default: Swiss)"),
        rounds=locale_str("Swiss only: how many rounds (1 to 20, default 3)"),
        seats=locale_str(
            "Players at each table: Keryo-Pente 2 to 6, Kerboge 4 or 2 (Jai Kerboge); default 2, Kerboge 4"
        ),
        rated=locale_str("Finished matches update ratings (default: as the server is set up)"),
        turn_clock=locale_str("How long a player may take over a turn (default: the server's turn clock)"),
        signup_hours=locale_str("Hours the sign-up stays open, 1 to 336 (default: until you press Start)"),
        max_players=locale_str("The most players who may join (2 to 1024, default 64)"),
        name=locale_str("The tournament's name (default: the game, the format and its number)"),
        setup=locale_str("Keibot: where the Moai start (default: closed)"),
        opening_rule=locale_str("Keryo-Pente: the tournament opening rule (default on)"),
        five_blots=locale_str("Verquere: no point may be closed until five men have left home (default off)"),
        five_closed_points=locale_str(
            "Verquere: a run of more than 5 closed points is vulnerable (default off)"
        ),
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        format=FORMAT_CHOICES,
        seats=TABLE_CHOICES,
        turn_clock=TOURNAMENT_CLOCK_CHOICES,
        setup=SETUPS,
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str = SWISS,
        rounds: app_commands.Range[int, 1, MOST_SWISS_ROUNDS] | None = None,
        seats: int | None = None,
        rated: bool = True,
        turn_clock: str | None = None,
        signup_hours: app_commands.Range[int, 1, MOST_SIGNUP_HOURS] | None = None,
        max_players: app_commands.Range[int, 2, MOST_PLAYERS] = DEFAULT_MAX_PLAYERS,
        name: app_commands.Range[str, 1, 100] | None = None,
        setup: str | None = None,
        opening_rule: bool | None = None,
        five_blots: bool | None = None,
        five_closed_points: bool | None = None,
    ) -> None:
        await defer_public(interaction)
        words = private(interaction)
        guild_id = guild_of(interaction)
        chosen_game = GAMES.get(game)
        if chosen_game is None:
            raise CogError(words.gettext("{value} is not a game of this bot.", value=code(game)))
        options = game_options(
            chosen_game,
            {
                "setup": setup,
                "opening_rule": opening_rule,
                "five_blots": five_blots,
                "five_closed_points": five_closed_points,
            },
            words,
        )
        table_size = seats if seats is not None else (4 if chosen_game.key == "kerboge" else 2)
        if rounds is None and format == SWISS:
            rounds = DEFAULT_SWISS_ROUNDS
        until = None if signup_hours is None else datetime.now(UTC) + timedelta(hours=signup_hours)
        assert interaction.channel_id is not None
        tournament = await self.host.new_tournament(
            guild_id=guild_id,
            channel_id=interaction.channel_id,
            creator=player_of(interaction),
            may_manage=may_manage(interaction),
            game_key=chosen_game.key,
            options=options,
            format=format,
            rounds=rounds,
            table_size=table_size,
            rated=rated,
            turn_clock=turn_clock,
            max_players=max_players,
            signup_until=until,
            name=name,
        )
        reads = channel(self.host, guild_id)
        try:
            message = await send_public(
                interaction, embed=signup_embed(tournament, reads), view=signup_view(tournament, reads)
            )
        except discord.HTTPException:
            # Nobody could see or join it: it is cancelled rather than left open unseen.
            await self.host.cancel_tournament(tournament.id, interaction.user.id, may_manage=True)
            raise
        await self.host.tournament_messages_posted(tournament.id, signup_message_id=message.id)
        if not is_thread(interaction):
            await self.open_thread(interaction.client, tournament, message, reads)
        await self.host.tournament_shown(tournament.id, tournament.version)

    @app_commands.command(name="start", description=locale_str("Start a tournament now (its organiser)"))
    @app_commands.describe(tournament=locale_str("The tournament (default: the one open here)"))
    @app_commands.autocomplete(tournament=open_tournaments)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await defer_private(interaction)
        await self.start_it(interaction, (await self.meant(interaction, tournament)).id)

    @app_commands.command(
        name="withdraw",
        description=locale_str(
            "Withdraw from a tournament you entered (once it runs, your open matches are resigned)"
        ),
    )
    @app_commands.describe(tournament=locale_str("The tournament (default: the one you entered here)"))
    @app_commands.autocomplete(tournament=open_tournaments)
    async def withdraw(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await defer_private(interaction)
        chosen = await self.meant(interaction, tournament, entered=True)
        change = await self.host.withdraw_from_tournament(
            chosen.id, interaction.user.id, guild_id=guild_of(interaction)
        )
        words = private(interaction)
        name = tournament_name(change.tournament, words)
        if chosen.status == SIGNUP:
            text = words.gettext("You have left {tournament}.", tournament=name)
        else:
            text = words.gettext(
                "You have withdrawn from {tournament}: your open matches of it are resigned, and later "
                "rounds leave you out. Your results so far stay in the standings.",
                tournament=name,
            )
        await send_private(interaction, text)
        await self.settle(interaction.client, change.tournament.id, change.events, change.matches)

    @app_commands.command(
        name="cancel",
        description=locale_str("Cancel a tournament: its open matches end unrated (its organiser)"),
    )
    @app_commands.describe(tournament=locale_str("The tournament (default: the one open here)"))
    @app_commands.autocomplete(tournament=open_tournaments)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await defer_private(interaction)
        chosen = await self.meant(interaction, tournament)
        change = await self.host.cancel_tournament(
            chosen.id, interaction.user.id, may_manage=may_manage(interaction), guild_id=guild_of(interaction)
        )
        words = private(interaction)
        await send_private(
            interaction,
            words.ngettext(
                "{tournament} is cancelled. {count} open match was ended, unrated.",
                "{tournament} is cancelled. {count} open matches were ended, unrated.",
                len(change.matches),
                tournament=tournament_name(change.tournament, words),
            ),
        )
        await self.settle(interaction.client, change.tournament.id, change.events, change.matches)

    @app_commands.command(
        name="end-match",
        description=locale_str("End a stuck match of a tournament, scored as a draw (its organiser)"),
    )
    @app_commands.describe(match=locale_str("The match's number (the #N of its message)"))
    async def end_match(self, interaction: discord.Interaction, match: int) -> None:
        await defer_private(interaction)
        guild_id = guild_of(interaction)
        words = private(interaction)
        found = await self.host.match_tournament(match)
        if found is None:
            raise CogError(
                words.gettext(
                    "Match #{number} is not a tournament match: `/tavern cancel` ends other matches.",
                    number=match,
                )
            )
        change = await self.host.end_tournament_match(
            found.tournament_id,
            match,
            interaction.user.id,
            may_manage=may_manage(interaction),
            guild_id=guild_id,
        )
        await send_private(
            interaction,
            words.gettext(
                "Match #{number} of {tournament} is ended, unrated, and scored as a draw between the players "
                "still in it.",
                number=match,
                tournament=tournament_name(change.tournament, words),
            ),
        )
        await self.settle(interaction.client, change.tournament.id, change.events, change.matches)

    @app_commands.command(
        name="standings", description=locale_str("A tournament's standings (only you see them)")
    )
    @app_commands.describe(tournament=locale_str("The tournament (default: the one open here)"))
    @app_commands.autocomplete(tournament=open_tournaments)
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        await defer_private(interaction)
        chosen = await self.meant(interaction, tournament)
        embed, file = await standings_message(chosen, private(interaction))
        await send_private(interaction, embed=embed, file=file)

    @app_commands.command(
        name="add-computer", description=locale_str("Enter a computer player in a tournament (its organiser)")
    )
    @app_commands.describe(
        level=locale_str("The computer's strength"),
        tournament=locale_str("The tournament (default: the one open here)"),
    )
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.autocomplete(tournament=open_tournaments)
    async def add_computer(
        self, interaction: discord.Interaction, level: str, tournament: int | None = None
    ) -> None:
        await defer_private(interaction)
        chosen = await self.meant(interaction, tournament)
        after = await self.host.add_tournament_computer(
            chosen.id,
            interaction.user.id,
            level,
            may_manage=may_manage(interaction),
            guild_id=guild_of(interaction),
        )
        words = private(interaction)
        added = after.entrants[-1]
        await send_private(
            interaction,
            words.ngettext(
                "{player} has joined {tournament} ({count} player).",
                "{player} has joined {tournament} ({count} players).",
                len(after.entrants),
                player=clean(words.say(added.label_phrase)),
                tournament=tournament_name(after, words),
            ),
        )
        await self.settle(interaction.client, after.id)

    # -- the sign-up buttons -----------------------------------------------------------------------

    @commands.Cog.listener("on_interaction")
    async def removed_button(self, interaction: discord.Interaction) -> None:
        """A click on a sign-up button the bot took off its message a moment before (the
        tournament started, and the player's client still showed it): discord.py drops it, so it
        is answered here, like any click (refused: the sign-up is over)."""
        found = removed_click(interaction, BUTTON_TEMPLATE)
        if found is None:
            return
        await TournamentButton(found["action"], int(found["tournament"])).callback(interaction)

    async def on_button(self, interaction: discord.Interaction, button: TournamentButton) -> None:
        await defer_private(interaction)
        guild_id = guild_of(interaction)
        words = private(interaction)
        if button.action == START:
            await self.start_it(interaction, button.tournament_id)
            return
        if button.action == JOIN:
            after = await self.host.join_tournament(
                button.tournament_id, player_of(interaction), guild_id=guild_id
            )
            text = words.ngettext(
                "You have joined {tournament} ({count} player so far). When a round starts, its "
                "announcement in the tournament's thread tells you your match.",
                "You have joined {tournament} ({count} players so far). When a round starts, its "
                "announcement in the tournament's thread tells you your match.",
                len(after.entrants),
                tournament=tournament_name(after, words),
            )
        else:
            after = await self.host.leave_tournament(
                button.tournament_id, interaction.user.id, guild_id=guild_id
            )
            text = words.gettext("You have left {tournament}.", tournament=tournament_name(after, words))
        await send_private(interaction, text)
        await self.settle(interaction.client, after.id)

    async def start_it(self, interaction: discord.Interaction, tournament_id: int) -> None:
        change = await self.host.start_tournament(
            tournament_id,
            interaction.user.id,
            may_manage=may_manage(interaction),
            guild_id=guild_of(interaction),
        )
        words = private(interaction)
        await send_private(
            interaction,
            words.gettext(
                "{tournament} has started: the first round's matches are announced in its thread.",
                tournament=tournament_name(change.tournament, words),
            ),
        )
        await self.settle(interaction.client, change.tournament.id, change.events, change.matches)

    # -- posting -----------------------------------------------------------------------------------

    async def open_thread(
        self, client: discord.Client, tournament: TournamentSnapshot, message: discord.Message, words: Words
    ) -> None:
        """The tournament's thread, on its sign-up message; without one (Discord refused), its
        messages go to its channel."""
        try:
            thread = await client.http.start_thread_with_message(
                message.channel.id,
                message.id,
                name=clip(tournament_name_plain(tournament, words), THREAD_NAME_LIMIT),
                auto_archive_duration=LONGEST_AUTO_ARCHIVE,
                reason=words.gettext(
                    "The rounds and standings of {tournament}",
                    tournament=tournament_name_plain(tournament, words),
                ),
            )
        except discord.HTTPException as error:
            log.warning("Tournament %s: could not open its thread (%s)", tournament.id, error)
            return
        await self.host.tournament_thread_opened(tournament.id, int(thread["id"]))

    async def settle(
        self,
        client: discord.Client,
        tournament_id: int,
        events: Sequence[TournamentEvent] = (),
        matches: Sequence[MatchSnapshot] = (),
    ) -> None:
        """Show what an action changed: the sign-up and standings messages, the rounds started,
        the end; then the match messages of the matches it created or ended. A failure leaves it
        owed: the outbox loop posts it later. The tournament's messages are taken for this
        process first: another process's outbox may have found them owed at the same moment, and
        then that process posts them (a round is announced once)."""
        try:
            async with self._posting:
                if await self.host.take_tournament_messages(tournament_id):
                    try:
                        await self._show_events(client, tournament_id, events)
                    finally:  # paid, or owed to the outbox's next round (a failure is logged below)
                        await self.host.release_tournament_messages(tournament_id)
                else:
                    log.info("Tournament %s: another process is posting its messages", tournament_id)
        except (discord.HTTPException, StoreUnavailable) as error:
            log.warning("Tournament %s: its messages are still owed (%s)", tournament_id, error)
        except Exception:  # the change is stored and answered: its messages stay owed, a bug logged
            log.exception("Tournament %s: its messages could not be made; they stay owed", tournament_id)
        # A new round's matches ping nobody: its announcement told each player, once.
        created = [m for e in events if isinstance(e, RoundStarted) for m in e.matches]
        new = {m.id for m in created}
        await self.post_matches(client, [m for m in matches if m.id not in new])
        await self.post_matches(client, created, ping=False)

    async def _show_events(
        self, client: discord.Client, tournament_id: int, events: Sequence[TournamentEvent]
    ) -> None:
        tournament = await self.host.tournament(tournament_id)
        await self.show(client, tournament)
        for event in events:
            if isinstance(event, RoundStarted):
                games = [g for m in event.matches if (g := event.tournament.game_of_match(m.id)) is not None]
                await self.announce_round(client, event.tournament, event.round, games)
            elif isinstance(event, (TournamentFinished, TournamentCancelled)):
                reason = event.reason if isinstance(event, TournamentCancelled) else None
                await self.post_ending(client, tournament, reason)

    async def post_matches(
        self, client: discord.Client, matches: Iterable[MatchSnapshot], *, ping: bool = True
    ) -> None:
        """The match messages owed of these matches (the game cogs post them, in the tournament's
        thread): a new round's, or those a withdrawal or a cancellation ended."""
        seen: set[int] = set()
        for match in matches:
            if match.id in seen:
                continue
            seen.add(match.id)
            cog = game_cog_of(client, match.game.key)
            due = await self.host.owed_message(await self.host.get(match.id))
            if cog is not None and due is not None:
                await cog.announce(client, due if ping else replace(due, ping=False))

    async def show(self, client: discord.Client, tournament: TournamentSnapshot) -> None:
        """Edit the sign-up message and the standings message (posting it first, once the
        tournament has started) to show the tournament as it is; then it is shown."""
        words = channel(self.host, tournament.guild_id)
        if tournament.signup_message_id is not None:
            try:
                await (
                    client.get_partial_messageable(tournament.channel_id)
                    .get_partial_message(tournament.signup_message_id)
                    .edit(
                        embed=signup_embed(tournament, words),
                        view=signup_view(tournament, words),
                        allowed_mentions=NO_PINGS,
                    )
                )
            except discord.NotFound:
                log.info("Tournament %s: its sign-up message is gone", tournament.id)
        if tournament.status != SIGNUP and (tournament.status == RUNNING or tournament.standings_message_id):
            await self.show_standings(client, tournament, words)
        await self.host.tournament_shown(tournament.id, tournament.version)

    async def show_standings(
        self, client: discord.Client, tournament: TournamentSnapshot, words: Words
    ) -> None:
        embed, file = await standings_message(tournament, words)
        if tournament.standings_message_id is not None:
            message_id = tournament.standings_message_id

            async def edit(where: discord.PartialMessageable) -> discord.Message:
                if file is not None:
                    file.reset()
                return await where.get_partial_message(message_id).edit(
                    embed=embed, attachments=[file] if file is not None else [], allowed_mentions=NO_PINGS
                )

            try:
                await self.in_thread(client, tournament, words, edit)
                return
            except discord.NotFound:
                log.info("Tournament %s: its standings message is gone; posting it again", tournament.id)
        sent = await self.send_home(
            client,
            tournament,
            words,
            embed=embed,
            file=file or discord.utils.MISSING,
            allowed_mentions=NO_PINGS,
        )
        await self.host.tournament_messages_posted(tournament.id, standings_message_id=sent.id)

    async def send_home(
        self, client: discord.Client, tournament: TournamentSnapshot, words: Words, **message: Any
    ) -> discord.Message:
        """Post in the tournament's thread (see `in_thread`); a thread that is gone sends the
        tournament's messages back to its channel for good."""

        async def send(where: discord.PartialMessageable) -> discord.Message:
            file = message.get("file")
            if isinstance(file, discord.File):
                file.reset()
            return await where.send(**message)

        try:
            return await self.in_thread(client, tournament, words, send)
        except discord.NotFound:
            if tournament.thread_id is None:
                raise
            log.info("Tournament %s: its thread is gone; it goes on in its channel", tournament.id)
            await self.host.tournament_thread_opened(tournament.id, None)
            return await send(client.get_partial_messageable(tournament.channel_id))

    @staticmethod
    async def in_thread(
        client: discord.Client,
        tournament: TournamentSnapshot,
        words: Words,
        act: Callable[[discord.PartialMessageable], Awaitable[discord.Message]],
    ) -> discord.Message:
        """`act` on the tournament's home (its thread, or its channel); a thread Discord archived
        (7 days without a message: rounds can last longer) is un-archived first."""
        where = client.get_partial_messageable(tournament.home_id)
        try:
            return await act(where)
        except discord.HTTPException as error:
            if error.code != THREAD_ARCHIVED or tournament.thread_id is None:
                raise
        await unarchive(client, tournament.thread_id, words)
        return await act(where)

    async def announce_round(
        self,
        client: discord.Client,
        tournament: TournamentSnapshot,
        number: int,
        games: Sequence[TournamentGame],
    ) -> None:
        """The round's games in the tournament's thread; each person told the way their
        `/settings` say (mentioned in it, or a direct message with its link, or neither)."""
        replay = max((g.replay for g in games), default=0)
        key = (tournament.id, number, replay)
        if key not in self._announced:
            byes = [g for g in tournament.round_games(number) if g.bye and g.replay == replay]
            await self._post_round(client, tournament, number, [*games, *byes], replay)
            self._announced.add(key)
        await self.host.round_announced(tournament.id, number)

    async def _post_round(
        self,
        client: discord.Client,
        tournament: TournamentSnapshot,
        number: int,
        games: Sequence[TournamentGame],
        replay: int,
    ) -> None:
        words = channel(self.host, tournament.guild_id)
        pinged: list[int] = []
        by_dm: list[tuple[int, TournamentGame]] = []
        lines = []
        for game in sorted(games, key=lambda g: (g.bye, g.board)):
            for entrant in game.seats:
                user_id = tournament.entrant(entrant).user_id
                if user_id is None or user_id <= 0:
                    continue
                notify = (await self.host.player_settings(user_id)).notify
                if notify == Notify.MENTION:
                    pinged.append(user_id)
                elif notify == Notify.DM:
                    by_dm.append((user_id, game))
            lines.append(self.announced_game(tournament, game, words))
        if replay:
            head = words.gettext(
                "**{round}** in {tournament}: the drawn games are played again, with the seats swapped:",
                round=round_title(tournament, number, words),
                tournament=tournament_name(tournament, words),
            )
        else:
            head = words.gettext(
                "**{round}** has started in {tournament}:",
                round=round_title(tournament, number, words),
                tournament=tournament_name(tournament, words),
            )
        text = clip("\n".join([head, *lines]), 2000)
        allowed = discord.AllowedMentions(
            everyone=False, roles=False, users=[discord.Object(u) for u in pinged], replied_user=False
        )
        sent = await self.send_home(client, tournament, words, content=text, allowed_mentions=allowed)
        link = match_link(tournament.guild_id, sent.channel.id, sent.id)
        for user_id, game in by_dm:
            reader = player(self.host, user_id)
            said = {
                "round": round_title(tournament, number, reader),
                "tournament": tournament_name(tournament, reader),
                "game": self.announced_game(tournament, game, reader, mentions=False, sentence=True),
            }
            notice = (
                reader.gettext(
                    "{round} has started in {tournament}. Your game: {game} The announcement: {link}",
                    link=link,
                    **said,
                )
                if link
                else reader.gettext("{round} has started in {tournament}. Your game: {game}", **said)
            )
            await send_dm(client, user_id, notice.strip())

    @staticmethod
    def announced_game(
        tournament: TournamentSnapshot,
        game: TournamentGame,
        words: Words,
        *,
        mentions: bool = True,
        sentence: bool = False,
    ) -> str:
        """A line of a round's announcement: "Alice vs Bob: match #12" (`sentence`: "Alice vs Bob,
        match #12."), "Carol has a bye (scored as a win)."."""
        name = entrant_mention if mentions else entrant_label
        players = [name(tournament, e, words) for e in game.seats]
        if game.bye:
            return words.gettext("{player} has a bye (scored as a win).", player=players[0])
        versus = words.gettext(" vs ").join(players)
        if game.match_id is None:
            return f"{versus}." if sentence else versus
        if sentence:
            return words.gettext("{players}, match #{number}.", players=versus, number=game.match_id)
        return words.gettext("{players}: match #{number}", players=versus, number=game.match_id)

    async def post_ending(
        self, client: discord.Client, tournament: TournamentSnapshot, reason: CancelReason | None
    ) -> None:
        """The final standings (or the cancellation) in the tournament's channel."""
        if tournament.id not in self._ended:
            words = channel(self.host, tournament.guild_id)
            name = tournament_name(tournament, words)
            where = client.get_partial_messageable(tournament.channel_id)
            if tournament.status == "finished":
                embed, file = await standings_message(tournament, words)
                text = words.ngettext(
                    "🏆 {tournament} is over. Winner: {players}.",
                    "🏆 {tournament} is over. Winners: {players}.",
                    winner_count(tournament),
                    tournament=name,
                    players=winners(tournament, words),
                )
                await where.send(
                    text, embed=embed, file=file or discord.utils.MISSING, allowed_mentions=NO_PINGS
                )
            else:
                if reason == CancelReason.TOO_FEW_ENTRANTS:
                    text = words.ngettext(
                        "{tournament} is cancelled: its sign-up ended with {count} player, too few to play.",
                        "{tournament} is cancelled: its sign-up ended with {count} players, too few to play.",
                        len(tournament.entrants),
                        tournament=name,
                    )
                elif reason == CancelReason.ORGANISER:
                    text = words.gettext(
                        "{tournament} was cancelled by its organiser. Its open matches were ended, unrated.",
                        tournament=name,
                    )
                else:  # owed since before a restart: why is not kept
                    text = words.gettext("{tournament} is cancelled.", tournament=name)
                await where.send(text, allowed_mentions=NO_PINGS)
            self._ended.add(tournament.id)
        await self.host.tournament_shown(tournament.id, tournament.version, ending=True)

    # -- what the turn clock and the match messages ask (cogs/tournament_jobs.py) -------------------

    async def match_over(self, client: discord.Client, match_id: int) -> None:
        try:
            events = await self.host.tournament_match_ended(match_id)
            if events:
                await self.settle(client, events[0].tournament.id, events)
        except StoreUnavailable as error:  # the sweep moves it on later
            outages.note(error)
        except Exception:
            log.exception("Match %s: its tournament could not move on now; the sweep will", match_id)

    async def sweep_tournaments(self, client: discord.Client, *, now: datetime | None = None) -> None:
        for event in await self.host.advance_tournaments(now):
            await self.settle(client, event.tournament.id, [event])

    async def post_owed_tournaments(self, client: discord.Client, *, everything: bool = False) -> int:
        paid = 0
        async with self._posting:
            owed = await self.host.owed_tournament_messages(everything=everything)
            for message in owed:
                try:
                    await self.pay(client, message)
                except discord.HTTPException as error:
                    log.warning(
                        "Tournament %s: its messages are still owed (%s)", message.tournament.id, error
                    )
                    continue
                except StoreUnavailable:
                    raise  # the loop notes the outage and tries again
                except Exception:  # one tournament's bug must not keep the others' messages back
                    log.exception("Tournament %s: its messages could not be made", message.tournament.id)
                    continue
                paid += 1
        return paid

    async def pay(self, client: discord.Client, owed: OwedTournamentMessage) -> None:
        tournament = owed.tournament
        if owed.standings or owed.ending:
            await self.show(client, tournament)
        for number in owed.rounds:
            games = [g for g in tournament.round_games(number) if not g.bye]
            replay = max((g.replay for g in games), default=0)
            await self.announce_round(client, tournament, number, [g for g in games if g.replay == replay])
        if owed.ending:
            await self.post_ending(client, tournament, None)
        # All paid: a change made meanwhile is any process's to post at once. (A failure above
        # leaves the messages taken for their lease: the outbox tries again after it.)
        await self.host.release_tournament_messages(tournament.id)
