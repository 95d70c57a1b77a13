"""The match message: what a channel sees of a match, built from a host snapshot.

An embed with the title (game and match id), whose turn it is, the moves just played, the
players (with their seat colour and score) and the outcome when it is over; the board picture as
an attachment shown in the embed; for a lobby, who is seated and how many seats are wanted.
The message text names only the player to move, and the allowed mentions let it ping only them
(or nobody): no name or move text can ever ping @everyone, a role or anyone else.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

import discord
from discord.utils import escape_mentions

from host import LeftReason, MatchListing, MatchSnapshot, MatchStatus, PlayedMove, RatingChange, Seat
from rules import Game
from rules.kerboge import MOST_POINTS, SERPENT_WINS
from rules.text import ENGLISH, N_, Words, clip, listing, plural

from .components import OPTION_TEXT_LIMIT
from .replies import NO_PINGS
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
    """A menu option's plain-text description of a move: what it adds to the notation."""
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


def _words(text: str) -> list[str]:
    return [word.removesuffix("s") for word in re.findall(r"[a-z0-9]+", text.lower())]


def how_it_left(seat: Seat) -> str:
    """ "resigned", or "ran out of time" for a seat the turn clock resigned (the host stores why)."""
    return "ran out of time" if seat.left == LeftReason.TIMEOUT else "resigned"


def score_text(snapshot: MatchSnapshot, score: float, words: Words = ENGLISH) -> str:
    """A score with what it counts: "6 beads placed", "1 capture", "23 points"."""
    return game_score_text(snapshot.game, score, words)


def game_score_text(game: Game, score: float, words: Words = ENGLISH) -> str:
    """A score of `game` with what it counts, a whole number shown without its ".0"."""
    return words.say(game.score_text(int(score) if float(score).is_integer() else score))


def rating_change_text(change: RatingChange) -> str:
    """ "+31 → 1564": how a rating moved and where it is now (`?` while provisional), written as
    the ladder and /stats write ratings."""
    return f"{change.change:+d} → {change.after}{'?' if change.provisional else ''}"


def moves_played(snapshot: MatchSnapshot, words: Words = ENGLISH) -> str:
    """ "12 moves": what players count as moves (the seats' moves; no dice rolls or coin tosses)."""
    return words.ngettext("{count} move", "{count} moves", snapshot.move_count)


def image_name(snapshot: MatchSnapshot) -> str:
    return f"{snapshot.game.key}-{snapshot.id}-{snapshot.ply}.png"


def seat_colours(snapshot: MatchSnapshot) -> tuple[str, ...]:
    try:
        return tuple(snapshot.game.seat_names(snapshot.seat_count))
    except Exception:  # a game without seat names for this count: show none
        return ()


def seat_text(snapshot: MatchSnapshot, seat: Seat, *, mention: bool = True) -> str:
    """`<@id> (Red)`: the player (as a mention, which never pings inside an embed) and colour."""
    colours = seat_colours(snapshot)
    person = mention and not seat.stand_in  # a computer standing in is not the player
    tag = user_mention(seat.user_id) if person else None
    who = tag or f"**{clean(seat.label)}**"
    # Colours are dealt when a match starts: a lobby (open or closed) has none yet.
    dealt = snapshot.state is not None
    colour = f" ({colours[seat.index]})" if seat.index < len(colours) and dealt else ""
    return who + colour


def _actor(snapshot: MatchSnapshot, entry: PlayedMove) -> str:
    if entry.seat is None or entry.seat >= len(snapshot.seats):
        return "🎲" if entry.kind == "chance" else "•"
    return f"**{clean(snapshot.seats[entry.seat].mover_label)}**"


def played_line(snapshot: MatchSnapshot, entry: PlayedMove) -> str:
    if entry.kind in ("resign", "draw"):
        return f"• {clean(entry.description)}"
    text = f"`{entry.notation}`"
    added = what_it_adds(entry.notation, entry.description)
    if added:
        # The rules never quote user text in their descriptions, so only mentions need escaping.
        text += f" — {escape_mentions(added)}"
    return f"{_actor(snapshot, entry)}: {text}"


def played_text(played: Sequence[PlayedMove], snapshot: MatchSnapshot) -> str:
    lines = [played_line(snapshot, entry) for entry in played]
    if len(lines) > PLAYED_SHOWN:
        hidden = len(lines) - PLAYED_SHOWN
        lines = [f"… and {hidden} earlier", *lines[-PLAYED_SHOWN:]]
    return clip("\n".join(lines), FIELD_LIMIT)


def status_line(snapshot: MatchSnapshot) -> str:
    """One line: whose turn it is, the outcome, or the lobby's state."""
    if snapshot.is_lobby:
        seated = len(snapshot.seats)
        return f"Lobby: **{seated} of {snapshot.seat_count}** seats taken."
    if snapshot.status == "abandoned":
        if snapshot.state is not None:  # it was being played: a moderator cancelled it
            return "This match was cancelled: it ends unrated, with no winner and no loser."
        return "This lobby was closed."
    if snapshot.outcome is not None and snapshot.is_over:
        outcome = snapshot.outcome
        if outcome.winners:
            names = " and ".join(
                seat_text(snapshot, snapshot.seats[w]) for w in outcome.winners if w < len(snapshot.seats)
            )
            if outcome.termination == MOST_POINTS:  # the reason names the seats: say it of the players
                verb = "wins" if len(outcome.winners) == 1 else "share the win"
                return f"🏆 {names} {verb} with {score_text(snapshot, outcome.scores[outcome.winners[0]])}."
            return f"🏆 {names} {'wins' if len(outcome.winners) == 1 else 'win'} — {clean(outcome.reason)}."
        if outcome.termination == SERPENT_WINS:  # the reason says it all: "the Serpent wins with 20 points"
            reason = clean(outcome.reason)
            return f"🐍 {reason[:1].upper()}{reason[1:]}."
        return f"The match ends in a draw — {clean(outcome.reason)}."
    seat = snapshot.seat_to_move
    if seat is None:
        return f"After {moves_played(snapshot)}."
    return f"Move {snapshot.move_count + 1} · {seat_text(snapshot, seat)} to move."


def players_text(snapshot: MatchSnapshot) -> str:
    scores: Sequence[float] = ()
    if snapshot.outcome is not None and snapshot.is_over:
        scores = snapshot.outcome.scores
    elif snapshot.state is not None:
        scores = snapshot.state.scores()
    lines = []
    rated = {change.seat: change for change in snapshot.rating_changes}
    for seat in snapshot.seats:
        line = seat_text(snapshot, seat)
        if seat.index < len(scores) and snapshot.state is not None:
            line += f" · {score_text(snapshot, scores[seat.index])}"
        if seat.resigned:
            line += f" · {how_it_left(seat)}"
        if seat.index in rated:
            line += f" · rating {rating_change_text(rated[seat.index])}"
        lines.append(line)
    if snapshot.outcome is not None and snapshot.is_over:
        lines += [
            f"**{name}** · {score_text(snapshot, score)}" for name, score in snapshot.outcome.other_scores
        ]
    if snapshot.is_lobby:
        lines += [f"*(held for {clean(player.name)})*" for player in snapshot.held]
        lines += ["*(free seat)*"] * snapshot.open_seats
    return clip("\n".join(lines), FIELD_LIMIT) or "—"


def options_text(snapshot: MatchSnapshot, words: Words = ENGLISH) -> str:
    """ "tournament: on": each option by its name (as the command's option is named: English)."""
    parts = []
    for name, value in snapshot.options.items():
        if isinstance(value, bool):
            shown = words.pgettext("option", "on") if value else words.pgettext("option", "off")
        else:
            shown = str(value)
        parts.append(f"{name}: {shown}")
    return ", ".join(parts)


def match_embed(
    snapshot: MatchSnapshot,
    *,
    image: str | None = None,
    note: str | None = None,
    away_until: datetime | None = None,
) -> discord.Embed:
    """The embed of the match message (`image`: the attachment's file name; `note`: plain text,
    shown in italics above the status; `away_until`: the player to move is on vacation until
    then, so their turn clock is stopped)."""
    if snapshot.is_lobby:
        colour = COLOUR_LOBBY
    elif snapshot.is_over:
        colour = COLOUR_OVER
    else:
        colour = COLOUR_PLAYING
    lines = [status_line(snapshot)]
    seat = snapshot.seat_to_move
    if away_until is not None and seat is not None:
        stamp = int(away_until.timestamp())
        lines.append(
            f"🏖️ {seat_text(snapshot, seat)} is on vacation (until <t:{stamp}:R>): their turn clock is "
            "stopped meanwhile."
        )
    creator = user_mention(snapshot.creator_id) or "The player who opened it"
    if note:
        # A note is plain text that may name players (the turn clock's, a computer thinking for
        # a resigned player's seat): escaped here, once, like every name shown.
        lines[:0] = [f"*{clean(line)}*" for line in note.splitlines()]
    if snapshot.is_lobby:
        early = (
            f"{creator} can press **Start** to begin early."
            if snapshot.game.starts_short
            else f"{creator} can fill empty seats with **Add computer**."
        )
        lines += held_lines(snapshot)
        if snapshot.open_seats or not snapshot.held:
            lines.append(f"Press **Join** to take a seat. The match starts when all seats are taken; {early}")
        elif snapshot.game.starts_short:
            lines.append(f"The match starts when the invited player joins; {early}")
        else:  # every free seat is held: no computer may take one
            lines.append("The match starts when the invited player joins.")
    if snapshot.draw_declined:
        declining = [seat_text(snapshot, snapshot.seats[s], mention=False) for s in snapshot.draw_declined]
        verb = "declines" if len(declining) == 1 else "decline"
        lines.append(f"🤝 {listing(declining)} {verb} the draw, so the match goes on.")
    if snapshot.rematch_of is not None and snapshot.is_lobby:
        lines.append(f"🔁 The rematch of {snapshot.game.title} #{snapshot.rematch_of}, for its players.")
    if snapshot.draw_offer and not snapshot.is_over:
        offered = ", ".join(
            clean(snapshot.seats[s].label) for s in sorted(snapshot.draw_offer) if s < len(snapshot.seats)
        )
        lines.append(
            f"🤝 Draw offered by {offered}. The other players can press **Accept draw** or "
            f"**Decline draw** (or `/{snapshot.game.key} draw decline:True`)."
        )
    lines += takeback_lines(snapshot)
    embed = discord.Embed(
        title=clip(snapshot.title, TITLE_LIMIT),
        description=clip("\n".join(lines), DESCRIPTION_LIMIT),
        colour=colour,
    )
    if snapshot.taken_back:
        embed.add_field(name="Taken back", value=played_text(snapshot.taken_back, snapshot), inline=False)
    if snapshot.played:
        embed.add_field(name="Just played", value=played_text(snapshot.played, snapshot), inline=False)
    finished = snapshot.status == MatchStatus.FINISHED
    embed.add_field(name="Final scores" if finished else "Players", value=players_text(snapshot))
    options = options_text(snapshot)
    if options:
        embed.add_field(name="Options", value=clip(options, FIELD_LIMIT))
    if image is not None:
        embed.set_image(url=f"attachment://{image}")
    takebacks = f" · {plural(snapshot.takebacks, 'takeback')}" if snapshot.takebacks else ""
    unrated = "" if snapshot.rated else " · unrated"
    counts = f"{moves_played(snapshot)}{takebacks}{unrated}"
    embed.set_footer(text=f"Match #{snapshot.id} · {counts} · /{snapshot.game.key} rules")
    return embed


def held_lines(snapshot: MatchSnapshot) -> list[str]:
    """A lobby's seats held for invited players: for whom, and how the hold ends."""
    if not snapshot.held:
        return []
    names = listing([user_mention(p.user_id) or f"**{clean(p.name)}**" for p in snapshot.held])
    seats = "A seat is" if len(snapshot.held) == 1 else f"{len(snapshot.held)} seats are"
    creator = user_mention(snapshot.creator_id) or "The player who opened it"
    return [
        f"✉️ {seats} held for {names} (invited) until they press **Join** or **Decline**, or the lobby "
        f"closes; {creator} can press **Release seat** to open it to anyone."
    ]


def takeback_lines(snapshot: MatchSnapshot) -> list[str]:
    """The takeback asked for (who asks, who answers), or the one just agreed."""
    offer = snapshot.takeback_offer
    if snapshot.taken_back:
        asker = next((e.seat for e in snapshot.taken_back if e.kind == "move"), None)
        whose = f"**{clean(snapshot.seats[asker].label)}**'s" if asker is not None else "The"
        return [f"↩️ Takeback agreed: {whose} last move is taken back, with what followed it."]
    if offer is None or offer.seat >= len(snapshot.seats):
        return []
    waiting = [clean(snapshot.seats[s].label) for s in sorted(offer.waiting) if s < len(snapshot.seats)]
    return [
        f"↩️ **{clean(snapshot.seats[offer.seat].label)}** asks to take back their last move. "
        f"{listing(waiting) or 'The other players'} can press **Accept takeback** or **Decline takeback**."
    ]


def turn_content(snapshot: MatchSnapshot, *, ping: bool) -> tuple[str | None, discord.AllowedMentions]:
    """The message text (naming only the player to move) and the mentions it may ping."""
    seat = snapshot.seat_to_move
    if (
        seat is None
        or seat.user_id is None
        or snapshot.waiting_for_computer
        or user_mention(seat.user_id) is None
    ):
        return None, NO_PINGS  # a computer moves (for a resigned player too), or nobody to tell
    text = f"<@{seat.user_id}>, it is your turn in {snapshot.title}."
    return text, mention_only(seat.user_id) if ping else NO_PINGS


def match_link(guild_id: int, channel_id: int, message_id: int | None) -> str | None:
    """The jump link to a match message (None before it is posted). A direct message's match is
    filed under its channel's id (cogs/place.py): its links go through `@me`."""
    if message_id is None:
        return None
    place = "@me" if guild_id == channel_id else str(guild_id)
    return f"https://discord.com/channels/{place}/{channel_id}/{message_id}"


def duration_text(length: timedelta) -> str:
    """ "1 day 12 hours", "3 hours 5 minutes", "12 minutes": the two largest units, rounded down."""
    minutes = int(length.total_seconds() // 60)
    if minutes < 1:
        return "less than a minute"
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [plural(n, unit) for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    return " ".join(parts[:2])


def mention_only(user_id: int) -> discord.AllowedMentions:
    """Mentions that may ping this one user and nobody else."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(user_id)], replied_user=False
    )


def dm_turn_text(title: str, link: str | None) -> str:
    """The direct message telling a player it is their turn."""
    return f"It is your turn in {title}: {link}" if link else f"It is your turn in {title}."


def dm_refused_content(user_id: int, title: str, link: str | None) -> str:
    """The channel message pinging a player whose direct messages are closed to the bot."""
    where = f": {link}" if link else "."
    return (
        f"<@{user_id}>, it is your turn in {title} (I could not send you a direct message, so here is "
        f"your notice; `/settings` changes how you are told){where}"
    )


def reminder_text(title: str, runs_out_in: timedelta, link: str | None) -> str:
    """A reminder, without whom it is for: "a reminder: it is your turn in Keibot #3; …"."""
    where = f" ({link})" if link else ""
    return (
        f"a reminder: it is your turn in {title}; the turn clock runs out in "
        f"{duration_text(runs_out_in)}{where}"
    )


OFFER_BUTTONS = {"draw": ("Accept draw", "Decline draw"), "takeback": ("Accept takeback", "Decline takeback")}


def offer_text(snapshot: MatchSnapshot, kind: str) -> str:
    """What a player who must answer an offer is told: "**Ann** offers a draw in Keibot #3"."""
    if kind == "draw":
        offering = [
            clean(snapshot.seats[s].label) for s in sorted(snapshot.draw_offer) if s < len(snapshot.seats)
        ]
        who = listing([f"**{name}**" for name in offering]) or "A player"
        return f"{who} {'offers' if len(offering) <= 1 else 'offer'} a draw in {snapshot.title}"
    offer = snapshot.takeback_offer
    asker = snapshot.seats[offer.seat] if offer is not None and offer.seat < len(snapshot.seats) else None
    who = f"**{clean(asker.label)}**" if asker is not None else "A player"
    return f"{who} asks to take back their last move in {snapshot.title}"


def offer_content(
    snapshot: MatchSnapshot, answering: Sequence[tuple[str, int]]
) -> tuple[str, discord.AllowedMentions]:
    """The match message's text that pings the players who must answer an offer (`answering`:
    (kind, user id) pairs), and the mentions that may ping only them."""
    lines = []
    for kind, (accept, decline) in OFFER_BUTTONS.items():
        tags = [tag for k, user_id in answering if k == kind and (tag := user_mention(user_id))]
        if tags:
            lines.append(
                f"{', '.join(tags)}: {offer_text(snapshot, kind)}. Press **{accept}** or **{decline}**."
            )
    users = [discord.Object(user_id) for _, user_id in answering if user_mention(user_id) is not None]
    return "\n".join(lines), discord.AllowedMentions(
        everyone=False, roles=False, users=users, replied_user=False
    )


def dm_offer_text(snapshot: MatchSnapshot, kind: str, link: str | None) -> str:
    """The direct message telling a player of an offer they must answer."""
    where = f" Answer on the match message: {link}" if link else ""
    return f"{offer_text(snapshot, kind)}.{where}"


def invite_content(snapshot: MatchSnapshot, user_id: int) -> tuple[str, discord.AllowedMentions]:
    """The text of a lobby's message that invites one member (and may ping only them)."""
    creator = next((seat.label for seat in snapshot.seats if seat.user_id == snapshot.creator_id), None)
    who = f"**{clean(creator)}**" if creator else "someone"
    if any(player.user_id == user_id for player in snapshot.held):
        take = ". A seat is held for you: press **Join** to take it, or **Decline**."
    else:
        take = ": press **Join** to take a seat."
    text = f"<@{user_id}>, {who} invites you to play {snapshot.title}{take}"
    return text, mention_only(user_id)


def rematch_content(snapshot: MatchSnapshot, user_ids: Sequence[int]) -> tuple[str, discord.AllowedMentions]:
    """The text of a rematch lobby's message, which names (and may ping) the players asked back."""
    mentions = [tag for user_id in user_ids if (tag := user_mention(user_id)) is not None]
    creator = next((seat.label for seat in snapshot.seats if seat.user_id == snapshot.creator_id), None)
    who = f"**{clean(creator)}**" if creator else "Someone"
    asks = f"{who} asks for a rematch in {snapshot.title}: press **Join** to take your seat."
    if not mentions:
        return asks, NO_PINGS
    users = [discord.Object(user_id) for user_id in user_ids if user_mention(user_id) is not None]
    return f"{', '.join(mentions)}: {asks}", discord.AllowedMentions(
        everyone=False, roles=False, users=users, replied_user=False
    )


LISTED_STATUSES = {"finished": N_("finished"), "abandoned": N_("abandoned")}
"""A match's status as a label says it (a lobby and a match being played say more)."""


def summary_label(summary: MatchListing, title: str, words: Words) -> str:
    """A short line for a match: in autocomplete (at most 100 characters) and in `/games`."""
    if summary.status == "lobby":
        state = words.gettext("lobby {seated}/{seats}", seated=len(summary.players), seats=summary.seat_count)
    elif summary.status == "playing":
        state = words.gettext("move {number}", number=summary.move_count + 1)
    else:
        state = words.gettext(LISTED_STATUSES.get(summary.status, summary.status))
    players = summary.players[0] if summary.players else words.gettext("nobody yet")
    for other in summary.players[1:]:
        players = words.gettext("{player} vs {other}", player=players, other=other)
    return clip(f"#{summary.id} {title} · {state} · {players}", 100)


def players_line(snapshot: MatchSnapshot) -> str:
    """ "Alice vs Bob": the players, escaped."""
    return " vs ".join(clean(seat.label) for seat in snapshot.seats) or "nobody yet"


def thread_link(snapshot: MatchSnapshot, thread_id: int | None) -> str:
    """The channel's line when a threaded match starts: where to follow it (None: the thread is
    about to be opened on this very line)."""
    where = f"in its thread, <#{thread_id}>" if thread_id is not None else "in the thread of this message"
    return (
        f"▶️ **{clean(snapshot.title)}** has started: {players_line(snapshot)}. "
        f"The moves are played {where}: anyone can follow it there."
    )


def thread_pointer(snapshot: MatchSnapshot, thread_id: int) -> str:
    """The private answer to an interaction made outside a threaded match's thread."""
    if snapshot.is_over:
        return (
            f"Done: {snapshot.title} is over. The final board is in its thread, <#{thread_id}>, "
            "and the result in the channel."
        )
    return (
        f"Done: the board of {snapshot.title} is posted in its thread, <#{thread_id}>. "
        "You can play from there or from here."
    )
