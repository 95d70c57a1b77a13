"""The match message: what a channel sees of a match, built from a host snapshot.

An embed with the title (game and match id), whose turn it is, the moves just played, the
players (with their seat colour and score) and the outcome when it is over; the board picture as
an attachment shown in the embed; for a lobby, who is seated and how many seats are wanted.
The message text names only the player to move, and the allowed mentions let it ping only them
(or nobody): no name or move text can ever ping @everyone, a role or anyone else.

Every function that words a text takes the reader's `words` (cogs/language.py): the server's
language for what the channel reads, the player's own for a DM or a reminder. Names, notation and
the games' titles are never translated; the rules' seat names, reasons and move descriptions are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

import discord
from discord.utils import escape_mentions, format_dt

from host import LeftReason, MatchListing, MatchSnapshot, MatchStatus, PlayedMove, RatingChange, Seat
from host.snapshot import COMPUTER_NAME
from rules import Game
from rules.kerboge import MOST_POINTS, SERPENT_WINS
from rules.text import N_, Words, clip

from .components import OPTION_TEXT_LIMIT
from .replies import COMPUTER_LEVELS, NO_PINGS, bold, channel_mention, code, mention, players_versus, said
from .replies import clean as clean  # the one escaping helper, where the cogs have found it
from .replies import user_mention as user_mention

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
PLAYED_SHOWN = 8

COLOUR_LOBBY = discord.Colour.gold()
COLOUR_PLAYING = discord.Colour.blurple()
COLOUR_OVER = discord.Colour.dark_grey()


def menu_description(notation: str, described: str) -> str | None:
    """A menu option's plain-text description of a move (already in the reader's language): what
    it adds to the notation."""
    added = what_it_adds(notation, described)
    return None if added is None else clip(added, OPTION_TEXT_LIMIT)


def what_it_adds(notation: str, described: str) -> str | None:
    """What a move's description says beyond its notation, in plain text (None when nothing):
    "c1-a2: jumps c1 to a2" gives "jumps c1 to a2", and "rolls 4-4" for `roll 4-4` nothing."""
    text = described.replace("`", "").strip()  # shown as plain text: no Markdown code spans
    for prefix in (notation, f"plays {notation}"):
        for separator in (":", " —", " -", ",", " "):
            if text.startswith(prefix + separator):
                text = text[len(prefix) + len(separator) :].strip()
                break
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    if not text or _words(text) == _words(notation) or _words(text) == ["play", *_words(notation)]:
        return None
    return text


def with_notation_inside(notation: str, added: str) -> str | None:
    """`added` with the move's notation in it shown as code, when a language says the move inside
    its sentence rather than first ("N10でM10 L10を取る" gives "`N10`でM10 L10を取る"); None when
    the notation is not in it."""
    found = re.search(rf"(?<![A-Za-z0-9/*-]){re.escape(notation)}(?![A-Za-z0-9/*-])", added)
    if found is None:
        return None
    return f"{added[: found.start()]}`{notation}`{added[found.end() :]}"


def _words(text: str) -> list[str]:
    return [word.removesuffix("s") for word in re.findall(r"[a-z0-9]+", text.lower())]


def seat_label(seat: Seat, words: Words) -> str:
    """`Seat.label` in the reader's language: the person's name, "Computer (normal)", "Computer 2
    (hard)", or "Computer for Alice" for a computer standing in (unescaped, like the label)."""
    if seat.stand_in:
        return words.gettext("Computer for {player}", player=seat.name)
    if seat.computer and seat.user_id is None:
        level = said(words, COMPUTER_LEVELS.get(seat.computer, seat.computer))
        computer = words.gettext(COMPUTER_NAME) if seat.name == COMPUTER_NAME else seat.name
        if seat.number is None:
            return words.gettext("{computer} ({level})", computer=computer, level=level)
        return words.gettext(
            "{computer} {number} ({level})", computer=computer, number=seat.number, level=level
        )
    return seat.name


def mover_label(seat: Seat, words: Words) -> str:
    """`Seat.mover_label` in the reader's language."""
    if seat.resigned and seat.is_human:
        return words.gettext("Computer for {player}", player=seat.name)
    return seat_label(seat, words)


def seat_labels(snapshot: MatchSnapshot, words: Words) -> tuple[str, ...]:
    """Every seat's label in the reader's language (`MatchSnapshot.names`), for the picture."""
    return tuple(seat_label(seat, words) for seat in snapshot.seats)


def how_it_left(seat: Seat, words: Words) -> str:
    """ "resigned", or "ran out of time" for a seat the turn clock resigned (the host stores why)."""
    if seat.left == LeftReason.TIMEOUT:
        return words.gettext("ran out of time")
    return words.gettext("resigned")


def score_text(snapshot: MatchSnapshot, score: float, words: Words) -> str:
    """A score with what it counts: "6 beads placed", "1 capture", "23 points"."""
    return game_score_text(snapshot.game, score, words)


def game_score_text(game: Game, score: float, words: Words) -> str:
    """A score of `game` with what it counts, a whole number shown without its ".0"."""
    return words.say(game.score_text(int(score) if float(score).is_integer() else score))


def rating_change_text(change: RatingChange, words: Words) -> str:
    """ "+31 → 1,564": how a rating moved and where it is now (`?` while provisional), written as
    the ladder and /stats write ratings."""
    sign = "-" if change.change < 0 else "+"
    moved = f"{sign}{words.number(abs(change.change))}"
    return f"{moved} → {words.number(change.after)}{'?' if change.provisional else ''}"


def moves_played(snapshot: MatchSnapshot, words: Words) -> str:
    """ "12 moves": what players count as moves (the seats' moves; no dice rolls or coin tosses)."""
    return words.ngettext("{count} move", "{count} moves", snapshot.move_count)


def image_name(snapshot: MatchSnapshot) -> str:
    return f"{snapshot.game.key}-{snapshot.id}-{snapshot.ply}.png"


def seat_colours(snapshot: MatchSnapshot, words: Words) -> tuple[str, ...]:
    try:
        names = snapshot.game.seat_names(snapshot.seat_count)
    except Exception:  # a game without seat names for this count: show none
        return ()
    return tuple(said(words, name) for name in names)


def seat_text(snapshot: MatchSnapshot, seat: Seat, words: Words, *, mention: bool = True) -> str:
    """`<@id> (Red)`: the player (as a mention, which never pings inside an embed) and colour."""
    person = mention and not seat.stand_in  # a computer standing in is not the player
    tag = user_mention(seat.user_id) if person else None
    who = tag or f"**{clean(seat_label(seat, words))}**"
    # Colours are dealt when a match starts: a lobby (open or closed) has none yet.
    if snapshot.state is None:
        return who
    colours = seat_colours(snapshot, words)
    if seat.index >= len(colours):
        return who
    return words.gettext("{player} ({colour})", player=who, colour=colours[seat.index])


def _actor(snapshot: MatchSnapshot, entry: PlayedMove, words: Words) -> str:
    if entry.seat is None or entry.seat >= len(snapshot.seats):
        return "🎲" if entry.kind == "chance" else "•"
    return f"**{clean(mover_label(snapshot.seats[entry.seat], words))}**"


def played_line(snapshot: MatchSnapshot, entry: PlayedMove, words: Words) -> str:
    described = words.say(entry.said)
    if entry.kind in ("resign", "draw"):
        return f"• {clean(described)}"
    text = f"`{entry.notation}`"
    added = what_it_adds(entry.notation, described)
    inside = with_notation_inside(entry.notation, added) if added else None
    if inside is not None:  # said once, where the language puts it, rather than twice
        text = escape_mentions(inside)
    elif added:
        # The rules never quote user text in their descriptions, so only mentions need escaping.
        text += f" — {escape_mentions(added)}"
    return f"{_actor(snapshot, entry, words)}: {text}"


def played_text(played: Sequence[PlayedMove], snapshot: MatchSnapshot, words: Words) -> str:
    lines = [played_line(snapshot, entry, words) for entry in played]
    if len(lines) > PLAYED_SHOWN:
        hidden = len(lines) - PLAYED_SHOWN
        lines = [
            words.ngettext("… and {count} earlier", "… and {count} earlier", hidden),
            *lines[-PLAYED_SHOWN:],
        ]
    return clip("\n".join(lines), FIELD_LIMIT)


def status_line(snapshot: MatchSnapshot, words: Words) -> str:
    """One line: whose turn it is, the outcome, or the lobby's state."""
    if snapshot.is_lobby:
        return words.ngettext(
            "Lobby: **{seated} of {count}** seat taken.",
            "Lobby: **{seated} of {count}** seats taken.",
            snapshot.seat_count,
            seated=len(snapshot.seats),
        )
    if snapshot.status == "abandoned":
        if snapshot.state is not None:  # it was being played: a moderator cancelled it
            return words.gettext("This match was cancelled: it ends unrated, with no winner and no loser.")
        return words.gettext("This lobby was closed.")
    if snapshot.outcome is not None and snapshot.is_over:
        outcome = snapshot.outcome
        reason = clean(words.say(snapshot.game.reason_phrase(outcome)))
        if outcome.winners:
            names = words.listing(
                [
                    seat_text(snapshot, snapshot.seats[w], words)
                    for w in outcome.winners
                    if w < len(snapshot.seats)
                ]
            )
            winners = len(outcome.winners)
            if outcome.termination == MOST_POINTS:  # the reason names the seats: say it of the players
                score = score_text(snapshot, outcome.scores[outcome.winners[0]], words)
                return words.ngettext(
                    "🏆 {names} wins with {score}.", "🏆 {names} share the win with {score}.", winners,
                    names=names, score=score,
                )  # fmt: skip
            return words.ngettext(
                "🏆 {names} wins — {reason}.",
                "🏆 {names} win — {reason}.",
                winners,
                names=names,
                reason=reason,
            )
        if outcome.termination == SERPENT_WINS:  # the reason says it all: "the Serpent wins with 20 points"
            return words.gettext("🐍 {reason}.", reason=reason[:1].upper() + reason[1:])
        return words.gettext("The match ends in a draw — {reason}.", reason=reason)
    seat = snapshot.seat_to_move
    if seat is None:
        return words.ngettext("After {count} move.", "After {count} moves.", snapshot.move_count)
    return words.gettext(
        "Move {number} · {player} to move.",
        number=snapshot.move_count + 1,
        player=seat_text(snapshot, seat, words),
    )


def players_text(snapshot: MatchSnapshot, words: Words) -> str:
    scores: Sequence[float] = ()
    if snapshot.outcome is not None and snapshot.is_over:
        scores = snapshot.outcome.scores
    elif snapshot.state is not None:
        scores = snapshot.state.scores()
    lines = []
    rated = {change.seat: change for change in snapshot.rating_changes}
    for seat in snapshot.seats:
        parts = [seat_text(snapshot, seat, words)]
        if seat.index < len(scores) and snapshot.state is not None:
            parts.append(score_text(snapshot, scores[seat.index], words))
        if seat.resigned:
            parts.append(how_it_left(seat, words))
        if seat.index in rated:
            parts.append(
                words.gettext("rating {change}", change=rating_change_text(rated[seat.index], words))
            )
        lines.append(" · ".join(parts))
    if snapshot.outcome is not None and snapshot.is_over:
        lines += [
            f"**{said(words, name)}** · {score_text(snapshot, score, words)}"
            for name, score in snapshot.outcome.other_scores
        ]
    if snapshot.is_lobby:
        lines += [
            words.gettext("*(held for {player})*", player=clean(player.name)) for player in snapshot.held
        ]
        lines += [words.gettext("*(free seat)*")] * snapshot.open_seats
    return clip("\n".join(lines), FIELD_LIMIT) or "—"


def options_text(snapshot: MatchSnapshot, words: Words) -> str:
    """ "tournament: on, seats: 3": the options' names (as the `new` command names them) and values."""
    return game_options_text(snapshot.options, words)


def game_options_text(options: Mapping[str, Any], words: Words) -> str:
    """A game's options as `options_text` shows them (a match's, or a tournament's)."""
    parts = []
    for name, value in options.items():
        if isinstance(value, bool):
            shown = words.pgettext("option", "on") if value else words.pgettext("option", "off")
        else:
            shown = str(value)
        parts.append(f"{name}: {shown}")
    return ", ".join(parts)


def creator_text(snapshot: MatchSnapshot, words: Words) -> str:
    """Who opened a lobby, as the subject of a sentence: their mention, or words for an erased one."""
    return user_mention(snapshot.creator_id) or words.gettext("The player who opened it")


def match_embed(
    snapshot: MatchSnapshot,
    words: Words,
    *,
    image: str | None = None,
    note: str | None = None,
    away_until: datetime | None = None,
) -> discord.Embed:
    """The embed of the match message, in the reader's `words` (`image`: the attachment's file
    name; `note`: plain text in the same language, shown in italics above the status;
    `away_until`: the player to move is on vacation until then, so their turn clock is stopped)."""
    if snapshot.is_lobby:
        colour = COLOUR_LOBBY
    elif snapshot.is_over:
        colour = COLOUR_OVER
    else:
        colour = COLOUR_PLAYING
    lines = [status_line(snapshot, words)]
    seat = snapshot.seat_to_move
    if away_until is not None and seat is not None:
        lines.append(
            words.gettext(
                "🏖️ {player} is on vacation (until {until}): their turn clock is stopped meanwhile.",
                player=seat_text(snapshot, seat, words),
                until=format_dt(away_until, "R"),
            )
        )
    creator = creator_text(snapshot, words)
    if note:
        # A note is plain text that may name players (the turn clock's, a computer thinking for
        # a resigned player's seat): escaped here, once, like every name shown.
        lines[:0] = [f"*{clean(line)}*" for line in note.splitlines()]
    if snapshot.is_lobby:
        if snapshot.game.starts_short:
            early = words.gettext("{creator} can press **Start** to begin early.", creator=creator)
        else:
            early = words.gettext("{creator} can fill empty seats with **Add computer**.", creator=creator)
        lines += held_lines(snapshot, words)
        if snapshot.open_seats or not snapshot.held:
            lines.append(
                words.gettext(
                    "Press **Join** to take a seat. The match starts when all seats are taken; {early}",
                    early=early,
                )
            )
        elif snapshot.game.starts_short:
            lines.append(
                words.gettext("The match starts when the invited player joins; {early}", early=early)
            )
        else:  # every free seat is held: no computer may take one
            lines.append(words.gettext("The match starts when the invited player joins."))
    if snapshot.draw_declined:
        declining = [
            seat_text(snapshot, snapshot.seats[s], words, mention=False) for s in snapshot.draw_declined
        ]
        lines.append(
            words.ngettext(
                "🤝 {names} declines the draw, so the match goes on.",
                "🤝 {names} decline the draw, so the match goes on.",
                len(declining),
                names=words.listing(declining),
            )
        )
    if snapshot.rematch_of is not None and snapshot.is_lobby:
        lines.append(
            words.gettext(
                "🔁 The rematch of {game} #{number}, for its players.",
                game=snapshot.game.title,
                number=snapshot.rematch_of,
            )
        )
    if snapshot.draw_offer and not snapshot.is_over:
        offered = ", ".join(
            clean(seat_label(snapshot.seats[s], words))
            for s in sorted(snapshot.draw_offer)
            if s < len(snapshot.seats)
        )
        lines.append(
            words.gettext(
                "🤝 Draw offered by {players}. The other players can press **{accept}** or **{decline}** "
                "(or {command}).",
                players=offered,
                accept=words.pgettext("button", "Accept draw"),
                decline=words.pgettext("button", "Decline draw"),
                command=code(f"/{snapshot.game.key} draw decline:True"),
            )
        )
    lines += takeback_lines(snapshot, words)
    embed = discord.Embed(
        title=clip(snapshot.title, TITLE_LIMIT),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=colour,
    )
    if snapshot.taken_back:
        embed.add_field(
            name=words.gettext("Taken back"),
            value=played_text(snapshot.taken_back, snapshot, words),
            inline=False,
        )
    if snapshot.played:
        embed.add_field(
            name=words.gettext("Just played"),
            value=played_text(snapshot.played, snapshot, words),
            inline=False,
        )
    finished = snapshot.status == MatchStatus.FINISHED
    players = words.gettext("Final scores") if finished else words.gettext("Players")
    embed.add_field(name=players, value=players_text(snapshot, words))
    options = options_text(snapshot, words)
    if options:
        embed.add_field(name=words.gettext("Options"), value=clip(options, FIELD_LIMIT))
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    counts = [moves_played(snapshot, words)]
    if snapshot.takebacks:
        counts.append(words.ngettext("{count} takeback", "{count} takebacks", snapshot.takebacks))
    if not snapshot.rated:
        counts.append(words.gettext("unrated"))
    rules = f"/{snapshot.game.key} rules"
    footer = words.gettext(
        "Match #{number} · {counts} · {command}",
        number=snapshot.id,
        counts=" · ".join(counts),
        command=rules,
    )
    embed.set_footer(text=footer)
    return embed


def held_lines(snapshot: MatchSnapshot, words: Words) -> list[str]:
    """A lobby's seats held for invited players: for whom, and how the hold ends."""
    if not snapshot.held:
        return []
    names = words.listing([user_mention(p.user_id) or f"**{clean(p.name)}**" for p in snapshot.held])
    return [
        words.ngettext(
            "✉️ A seat is held for {names} (invited) until they press **Join** or **Decline**, or the "
            "lobby closes; {creator} can press **Release seat** to open it to anyone.",
            "✉️ {count} seats are held for {names} (invited) until they press **Join** or **Decline**, or "
            "the lobby closes; {creator} can press **Release seat** to open it to anyone.",
            len(snapshot.held),
            names=names,
            creator=creator_text(snapshot, words),
        )
    ]


def takeback_lines(snapshot: MatchSnapshot, words: Words) -> list[str]:
    """The takeback asked for (who asks, who answers), or the one just agreed."""
    offer = snapshot.takeback_offer
    if snapshot.taken_back:
        asker = next((e.seat for e in snapshot.taken_back if e.kind == "move"), None)
        if asker is None:
            return [words.gettext("↩️ Takeback agreed: The last move is taken back, with what followed it.")]
        return [
            words.gettext(
                "↩️ Takeback agreed: **{player}**'s last move is taken back, with what followed it.",
                player=clean(seat_label(snapshot.seats[asker], words)),
            )
        ]
    if offer is None or offer.seat >= len(snapshot.seats):
        return []
    waiting = [
        clean(seat_label(snapshot.seats[s], words)) for s in sorted(offer.waiting) if s < len(snapshot.seats)
    ]
    return [
        words.gettext(
            "↩️ **{player}** asks to take back their last move. {others} can press **{accept}** or "
            "**{decline}**.",
            player=clean(seat_label(snapshot.seats[offer.seat], words)),
            others=words.listing(waiting) or words.gettext("The other players"),
            accept=words.pgettext("button", "Accept takeback"),
            decline=words.pgettext("button", "Decline takeback"),
        )
    ]


def turn_content(
    snapshot: MatchSnapshot, words: Words, *, ping: bool
) -> tuple[str | None, discord.AllowedMentions]:
    """The message text (naming only the player to move) and the mentions it may ping."""
    seat = snapshot.seat_to_move
    if (
        seat is None
        or seat.user_id is None
        or snapshot.waiting_for_computer
        or user_mention(seat.user_id) is None
    ):
        return None, NO_PINGS  # a computer moves (for a resigned player too), or nobody to tell
    text = words.gettext(
        "{player}, it is your turn in {match}.", player=mention(seat.user_id), match=snapshot.title
    )
    return text, mention_only(seat.user_id) if ping else NO_PINGS


def match_link(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    """The jump link to a match message (None before it is posted). A direct message's match is
    filed under its channel's id (cogs/place.py): its links go through `@me`."""
    if message_id is None:
        return None
    place = "@me" if guild_id == channel_id else str(guild_id)
    return f"https://discord.com/channels/{place}/{channel_id}/{message_id}"


def duration_text(length: timedelta, words: Words) -> str:
    """ "1 day 12 hours", "3 hours 5 minutes", "12 minutes": the two largest units, rounded down."""
    minutes = int(length.total_seconds() // 60)
    if minutes < 1:
        return words.gettext("less than a minute")
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = []
    if days:
        parts.append(words.ngettext("{count} day", "{count} days", days))
    if hours:
        parts.append(words.ngettext("{count} hour", "{count} hours", hours))
    if minutes:
        parts.append(words.ngettext("{count} minute", "{count} minutes", minutes))
    return " ".join(parts[:2])


def mention_only(user_id: int) -> discord.AllowedMentions:
    """Mentions that may ping this one user and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def dm_turn_text(title: str, link: str | None, words: Words) -> str:
    """The direct message telling a player it is their turn."""
    if link:
        return words.gettext("It is your turn in {match}: {link}", match=title, link=link)
    return words.gettext("It is your turn in {match}.", match=title)


def dm_refused_content(user_id: int, title: str, link: str | None, words: Words) -> str:
    """The channel message pinging a player whose direct messages are closed to the bot."""
    notice = words.gettext("it is your turn in {match}", match=title)
    return dm_notice_in_channel(user_id, notice, link, words)


def deadline(runs_out_in: timedelta) -> str:
    """When a turn clock runs out, as a Discord timestamp ("in 3 days", "in 15 Stunden"): every
    client shows it in its reader's language and time zone, and it stays true as time passes."""
    return format_dt(discord.utils.utcnow() + runs_out_in, "R")


def reminder_text(title: str, runs_out_in: timedelta, link: str | None, words: Words) -> str:
    """A reminder by direct message: "A reminder: it is your turn in Keibot #3; …"."""
    duration = deadline(runs_out_in)
    if link:
        return words.gettext(
            "A reminder: it is your turn in {match}; the turn clock runs out {duration} ({link})",
            match=title,
            duration=duration,
            link=link,
        )
    return words.gettext(
        "A reminder: it is your turn in {match}; the turn clock runs out {duration}",
        match=title,
        duration=duration,
    )


def reminder_content(user_id: int, title: str, runs_out_in: timedelta, link: str | None, words: Words) -> str:
    """A reminder in the match's channel, pinging its player: "<@1>, a reminder: it is your turn…"."""
    duration = deadline(runs_out_in)
    if link:
        return words.gettext(
            "{player}, a reminder: it is your turn in {match}; the turn clock runs out {duration} ({link})",
            player=mention(user_id),
            match=title,
            duration=duration,
            link=link,
        )
    return words.gettext(
        "{player}, a reminder: it is your turn in {match}; the turn clock runs out {duration}",
        player=mention(user_id),
        match=title,
        duration=duration,
    )


OFFER_BUTTONS = {
    "draw": (N_("Accept draw"), N_("Decline draw")),
    "takeback": (N_("Accept takeback"), N_("Decline takeback")),
}
"""The buttons answering each kind of offer (their labels: `words.pgettext("button", label)`)."""


def offer_text(snapshot: MatchSnapshot, kind: str, words: Words) -> str:
    """What a player who must answer an offer is told: "**Ann** offers a draw in Keibot #3"."""
    if kind == "draw":
        offering = [
            clean(seat_label(snapshot.seats[s], words))
            for s in sorted(snapshot.draw_offer)
            if s < len(snapshot.seats)
        ]
        if not offering:
            return words.gettext("A player offers a draw in {match}", match=snapshot.title)
        return words.ngettext(
            "{players} offers a draw in {match}",
            "{players} offer a draw in {match}",
            len(offering),
            players=words.listing([f"**{name}**" for name in offering]),
            match=snapshot.title,
        )
    offer = snapshot.takeback_offer
    asker = snapshot.seats[offer.seat] if offer is not None and offer.seat < len(snapshot.seats) else None
    if asker is None:
        return words.gettext("A player asks to take back their last move in {match}", match=snapshot.title)
    return words.gettext(
        "{player} asks to take back their last move in {match}",
        player=bold(clean(seat_label(asker, words))),
        match=snapshot.title,
    )


def offer_content(
    snapshot: MatchSnapshot, answering: Sequence[tuple[str, int]], words: Words
) -> tuple[str, discord.AllowedMentions]:
    """The match message's text that pings the players who must answer an offer (`answering`:
    (kind, user id) pairs), and the mentions that may ping only them."""
    lines = []
    for kind, (accept, decline) in OFFER_BUTTONS.items():
        tags = [tag for k, user_id in answering if k == kind and (tag := user_mention(user_id))]
        if tags:
            lines.append(
                words.gettext(
                    "{players}: {offer}. Press **{accept}** or **{decline}**.",
                    players=", ".join(tags),
                    offer=offer_text(snapshot, kind, words),
                    accept=words.pgettext("button", accept),
                    decline=words.pgettext("button", decline),
                )
            )
    users = [discord.Object(user_id) for _, user_id in answering if user_mention(user_id) is not None]
    return "\n".join(lines), discord.AllowedMentions(
        everyone=False, roles=False, users=users, replied_user=False
    )


def dm_offer_text(snapshot: MatchSnapshot, kind: str, link: str | None, words: Words) -> str:
    """The direct message telling a player of an offer they must answer."""
    offer = offer_text(snapshot, kind, words)
    if link:
        return words.gettext("{offer}. Answer on the match message: {link}", offer=offer, link=link)
    return words.gettext("{offer}.", offer=offer)


def dm_notice_in_channel(user_id: int, notice: str, link: str | None, words: Words) -> str:
    """The channel message pinging a player whose direct messages are closed to the bot, with what
    the direct message would have told them (`notice`: "it is your turn in Keibot #3", "**Ann**
    offers a draw in Keibot #3")."""
    if link:
        return words.gettext(
            "{player}, {notice} (I could not send you a direct message, so here is your notice; `/settings` "
            "changes how you are told): {link}",
            player=mention(user_id),
            notice=notice,
            link=link,
        )
    return words.gettext(
        "{player}, {notice} (I could not send you a direct message, so here is your notice; `/settings` "
        "changes how you are told).",
        player=mention(user_id),
        notice=notice,
    )


def invite_content(
    snapshot: MatchSnapshot, user_id: int, words: Words
) -> tuple[str, discord.AllowedMentions]:
    """The text of a lobby's message that invites one member (and may ping only them)."""
    creator = next((seat.label for seat in snapshot.seats if seat.user_id == snapshot.creator_id), None)
    who = f"**{clean(creator)}**" if creator else words.gettext("someone")
    if any(player.user_id == user_id for player in snapshot.held):
        text = words.gettext(
            "{player}, {who} invites you to play {match}. A seat is held for you: press **Join** to take "
            "it, or **Decline**.",
            player=mention(user_id),
            who=who,
            match=snapshot.title,
        )
    else:
        text = words.gettext(
            "{player}, {who} invites you to play {match}: press **Join** to take a seat.",
            player=mention(user_id),
            who=who,
            match=snapshot.title,
        )
    return text, mention_only(user_id)


def rematch_content(
    snapshot: MatchSnapshot, user_ids: Sequence[int], words: Words
) -> tuple[str, discord.AllowedMentions]:
    """The text of a rematch lobby's message, which names (and may ping) the players asked back."""
    mentions = [tag for user_id in user_ids if (tag := user_mention(user_id)) is not None]
    creator = next((seat.label for seat in snapshot.seats if seat.user_id == snapshot.creator_id), None)
    who = f"**{clean(creator)}**" if creator else words.gettext("Someone")
    asks = words.gettext(
        "{who} asks for a rematch in {match}: press **Join** to take your seat.",
        who=who,
        match=snapshot.title,
    )
    if not mentions:
        return asks, NO_PINGS
    users = [discord.Object(user_id) for user_id in user_ids if user_mention(user_id) is not None]
    return f"{', '.join(mentions)}: {asks}", discord.AllowedMentions(
        everyone=False, roles=False, users=users, replied_user=False
    )


STATUS_WORDS = {
    MatchStatus.FINISHED: N_("finished"),
    MatchStatus.ABANDONED: N_("abandoned"),
}
"""How a match that is over is listed."""


def summary_label(summary: MatchListing, title: str, words: Words) -> str:
    """A short line for a match: in autocomplete (at most 100 characters) and in `/games`."""
    if summary.status == "lobby":
        state = words.gettext("lobby {seated}/{seats}", seated=len(summary.players), seats=summary.seat_count)
    elif summary.status == "playing":
        state = words.gettext("move {number}", number=summary.move_count + 1)
    else:
        state = said(words, STATUS_WORDS.get(MatchStatus(summary.status), summary.status))
    players = players_versus(summary.players, words)
    return clip(f"#{summary.id} {title} · {state} · {players}", 100)


def players_line(snapshot: MatchSnapshot, words: Words) -> str:
    """ "Alice vs Bob": the players, escaped."""
    return players_versus([clean(seat_label(seat, words)) for seat in snapshot.seats], words)


def thread_link(snapshot: MatchSnapshot, thread_id: int | None, words: Words) -> str:
    """The channel's line when a threaded match starts: where to follow it (None: the thread is
    about to be opened on this very line)."""
    if thread_id is not None:
        return words.gettext(
            "▶️ **{match}** has started: {players}. The moves are played in its thread, {thread}: anyone can "
            "follow it there.",
            match=clean(snapshot.title),
            players=players_line(snapshot, words),
            thread=channel_mention(thread_id),
        )
    return words.gettext(
        "▶️ **{match}** has started: {players}. The moves are played in the thread of this message: anyone "
        "can follow it there.",
        match=clean(snapshot.title),
        players=players_line(snapshot, words),
    )


def thread_pointer(snapshot: MatchSnapshot, thread_id: int, words: Words) -> str:
    """The private answer to an interaction made outside a threaded match's thread."""
    if snapshot.is_over:
        return words.gettext(
            "Done: {match} is over. The final board is in its thread, {thread}, and the result in the "
            "channel.",
            match=snapshot.title,
            thread=channel_mention(thread_id),
        )
    return words.gettext(
        "Done: the board of {match} is posted in its thread, {thread}. You can play from there or from here.",
        match=snapshot.title,
        thread=channel_mention(thread_id),
    )
