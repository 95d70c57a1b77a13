"""`/settings` (how you are told it is your turn, and reminders) and `/mygames` (your matches,
everywhere, your turn first). Both answer privately; the host keeps the settings and makes the
list (host/turn_notices.py), this cog words them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands
from discord.utils import format_dt

from host import (
    REMINDER_SHARES,
    VACATION_DAYS,
    Host,
    Invitation,
    Notify,
    PlayerMatch,
    PlayerSettings,
    UnknownNotice,
    Vacation,
)
from rules.text import N_, Words, clip

from .clock import turn_clock_of
from .language import private
from .messages import DESCRIPTION_LIMIT, clean, duration_text, match_link
from .place import anywhere
from .replies import bold, defer_private, send_private

NOTIFY_CHOICES = [
    app_commands.Choice(
        name=locale_str("a mention in the match's channel (default)"), value=Notify.MENTION.value
    ),
    app_commands.Choice(name=locale_str("a direct message from the bot, with a link"), value=Notify.DM.value),
    app_commands.Choice(
        name=locale_str("nothing (the match message names you, without a ping)"), value=Notify.NOTHING.value
    ),
]
NOTIFY_WORDS = {
    Notify.MENTION: N_("a mention in the match's channel"),
    Notify.DM: N_(
        "a direct message from me with a link to the match message (when your direct messages are "
        "closed, a mention in the match's channel instead)"
    ),
    Notify.NOTHING: N_("nothing: the match message names you, without a ping"),
}
REMINDER_WAYS = {
    Notify.MENTION: N_("as a mention in the match's channel"),
    Notify.DM: N_("by direct message"),
    Notify.NOTHING: N_("as a mention in the match's channel (turn reminders off too for no pings at all)"),
}
MORE_RESERVED = 40
"""Characters kept free at the end of the /mygames list for its "… and N more" line."""


def vacation_text(vacation: Vacation, words: Words) -> str:
    """The vacation line of /settings: whether one runs, and what is left of the allowance."""
    left = words.ngettext(
        "{count} day left of your {allowance} in any 30",
        "{count} days left of your {allowance} in any 30",
        vacation.days_left,
        allowance=VACATION_DAYS,
    )
    if vacation.until is not None:
        return words.gettext(
            "on until {until} ({until_relative}): your turn clocks are stopped and reminders wait ({left}); "
            "`/settings vacation:off` ends it early",
            until=format_dt(vacation.until, "f"),
            until_relative=format_dt(vacation.until, "R"),
            left=left,
        )
    return words.gettext(
        "off; `/settings vacation:` with a number of days ({left}) stops your turn clocks while you are away "
        "(the other players' clocks run on)",
        left=left,
    )


def reminders_text(
    settings: PlayerSettings, turn_clock: timedelta | None, words: Words, *, on_server: bool
) -> str:
    """The reminders line of /settings: whether they come, when, and how."""
    if not settings.reminders:
        reminders = words.pgettext("reminders", "off")
    elif turn_clock is None and on_server:
        reminders = words.gettext(
            "on, but there is no turn clock on this server: nobody is resigned for taking their time, so no "
            "reminders are sent"
        )
    elif turn_clock is None:
        reminders = words.gettext(
            "on, but there is no turn clock where a server keeps the bot's default: nobody is resigned for "
            "taking their time, so no reminders are sent"
        )
    else:
        moments = words.listing([duration_text(turn_clock * share / 100, words) for share in REMINDER_SHARES])
        way = words.gettext(REMINDER_WAYS[settings.notify])
        clock = duration_text(turn_clock, words)
        if on_server:
            reminders = words.gettext(
                "on: after {moments} of the {clock} a turn may last on this server, {way}",
                moments=moments,
                clock=clock,
                way=way,
            )
        else:
            reminders = words.gettext(
                "on: after {moments} of the {clock} a turn may last where a server keeps the bot's default, "
                "{way}",
                moments=moments,
                clock=clock,
                way=way,
            )
    if not on_server:
        return words.gettext("{reminders} (each server may set its own turn clock)", reminders=reminders)
    return reminders


def settings_text(
    settings: PlayerSettings,
    turn_clock: timedelta | None,
    vacation: Vacation,
    words: Words,
    *,
    on_server: bool,
    saved: bool,
) -> str:
    """What a player's settings mean here, and how to change them. `turn_clock`: the clock that
    applies where the command was used (`on_server`: that server's, its own or the bot's default;
    else the bot's default, which servers may replace with their own)."""
    reminders = reminders_text(settings, turn_clock, words, on_server=on_server)
    return "\n".join(
        [
            words.gettext("Saved. Your turn notices are now:")
            if saved
            else words.gettext("Your turn notices:"),
            words.gettext("• When it is your turn: {how}.", how=words.gettext(NOTIFY_WORDS[settings.notify])),
            words.gettext("• Reminders before the turn clock runs out: {reminders}.", reminders=reminders),
            words.gettext("• Vacation: {vacation}.", vacation=vacation_text(vacation, words)),
            words.gettext(
                "Change them with `/settings notify:`, `/settings reminders:` and `/settings vacation:`; "
                "`/privacy forget-me` erases them."
            ),
        ]
    )


def linked_title(title: str, guild_id: int, channel_id: int, message_id: int | None) -> str:
    link = match_link(guild_id, channel_id, message_id)
    return f"[{title}]({link})" if link else f"**{title}**"


def elsewhere(guild_id: int, here: int | None, words: Words) -> str:
    return words.gettext(" · another server") if here is not None and guild_id != here else ""


def match_line(match: PlayerMatch, words: Words, *, here: int | None) -> str:
    """One line of /mygames: the match (linked), whose turn and for how long, with whom (each
    player named once)."""
    title = linked_title(match.title, match.guild_id, match.channel_id, match.message_id)
    waited = duration_text(match.waiting, words)
    others = list(match.players)
    if match.status == "lobby":
        what = words.ngettext(
            "{match}: lobby, {seated} of {count} seat taken, open for {waited}",
            "{match}: lobby, {seated} of {count} seats taken, open for {waited}",
            match.seat_count,
            match=title,
            seated=len(match.players) + 1,
            waited=waited,
        )
        others = []
    elif match.your_turn:
        what = words.gettext("**Your turn** in {match} (for {waited})", match=title, waited=waited)
    elif match.to_move is not None:
        what = words.gettext(
            "{match}: **{player}** to move (for {waited})",
            match=title,
            player=clean(match.to_move),
            waited=waited,
        )
        others = [name for name in others if name != match.to_move]
    else:
        what = words.gettext("{match}: playing (for {waited})", match=title, waited=waited)
    if others:
        what = words.gettext("{line} · with {players}", line=what, players=clean(words.listing(others)))
    return f"• {what}{elsewhere(match.guild_id, here, words)}"


def answer_lines(
    matches: list[PlayerMatch], invitations: list[Invitation], words: Words, *, here: int | None
) -> list[str]:
    """What waits for the player's answer: draw offers, takeback requests, invitations and
    rematches."""
    lines = []
    for match in matches:
        title = linked_title(match.title, match.guild_id, match.channel_id, match.message_id)
        where = elsewhere(match.guild_id, here, words)
        if match.draw_offered_by:
            who = words.listing([f"**{clean(name)}**" for name in match.draw_offered_by])
            offer = words.ngettext(
                "🤝 {players} offers a draw in {match}",
                "🤝 {players} offer a draw in {match}",
                len(match.draw_offered_by),
                players=who,
                match=title,
            )
            lines.append(f"• {offer}{where}")
        if match.takeback_asked_by is not None:
            asks = words.gettext(
                "↩️ {player} asks to take back their last move in {match}",
                player=bold(clean(match.takeback_asked_by)),
                match=title,
            )
            lines.append(f"• {asks}{where}")
    for invitation in invitations:
        title = linked_title(
            invitation.title, invitation.guild_id, invitation.channel_id, invitation.message_id
        )
        who = f"**{clean(invitation.creator)}**" if invitation.creator else words.gettext("Someone")
        if invitation.held:
            what = words.gettext(
                "✉️ {who} invites you to {match}: a seat is held for you (**Join** or **Decline**)",
                who=who,
                match=title,
            )
        else:
            what = words.gettext("🔁 {who} asks for a rematch in {match}", who=who, match=title)
        lines.append(f"• {what}{elsewhere(invitation.guild_id, here, words)}")
    return lines


def matches_text(
    matches: list[PlayerMatch], words: Words, *, here: int | None, invitations: Sequence[Invitation] = ()
) -> str:
    """The lines that fit one embed, and how many more there are: what waits for the player's
    answer first, then their matches."""
    answers = answer_lines(matches, list(invitations), words, here=here)
    shown = [*answers, *(match_line(match, words, here=here) for match in matches)]
    headings = 0
    if answers:  # two headed parts
        shown.insert(0, words.gettext("**Waiting for your answer**"))
        headings = 1
        if matches:
            shown.insert(len(answers) + 1, words.gettext("**Your matches**"))
            headings = 2
    heading_at = {0, len(answers) + 1} if headings else set()
    lines: list[str] = []
    used = 0
    for index, line in enumerate(shown):
        if used + len(line) + 1 > DESCRIPTION_LIMIT - MORE_RESERVED:
            more = sum(1 for i in range(index, len(shown)) if i not in heading_at)
            lines.append(words.ngettext("… and {count} more", "… and {count} more", more))
            break
        lines.append(line)
        used += len(line) + 1
    return clip("\n".join(lines), DESCRIPTION_LIMIT)


class YourTurnCog(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(
        name="settings", description=locale_str("How you are told it is your turn, and reminders")
    )
    @app_commands.describe(
        notify=locale_str("How to tell you it is your turn"),
        reminders=locale_str("Remind you at half and at 90% of the turn clock (default: on)"),
        # A constant for the catalogues: VACATION_DAYS written out (tests/cogs/test_command_languages.py).
        vacation=locale_str("Days away (1 to 14): your turn clocks stop meanwhile; 0 or off ends it"),
    )
    @app_commands.choices(notify=NOTIFY_CHOICES)
    @anywhere
    async def settings(
        self,
        interaction: discord.Interaction,
        notify: str | None = None,
        reminders: bool | None = None,
        vacation: app_commands.Range[str, 1, 10] | None = None,
    ) -> None:
        await defer_private(interaction)
        user_id = interaction.user.id
        changed = notify is not None or reminders is not None or vacation is not None
        if notify is not None and notify not in tuple(Notify):
            raise UnknownNotice(notify)  # before the vacation is stored: a refusal changes nothing
        away = await (
            self.host.set_vacation(user_id, vacation) if vacation is not None else self.host.vacation(user_id)
        )
        settings = await self.host.change_settings(user_id, notify=notify, reminders=reminders)
        clock = turn_clock_of(interaction.client)
        turn_clock = clock.turn_timeout if clock else None  # the bot's default
        if interaction.guild_id is not None:  # the clock of this server, as its sweep applies it
            turn_clock = (await self.host.server_settings(interaction.guild_id)).turn_clock(turn_clock)
        on_server = interaction.guild_id is not None
        text = settings_text(
            settings, turn_clock, away, private(interaction), on_server=on_server, saved=changed
        )
        await send_private(interaction, text)

    @app_commands.command(
        name="mygames", description=locale_str("Your lobbies and matches on every server, your turn first")
    )
    @anywhere
    async def mygames(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        words = private(interaction)
        matches = await self.host.player_matches(interaction.user.id)
        invitations = await self.host.player_invitations(interaction.user.id)
        if matches or invitations:
            text = matches_text(matches, words, here=interaction.guild_id, invitations=invitations)
        else:
            text = words.gettext(
                "You are in no lobby or match. Open one with a game's `new` command (`/help` lists "
                "them), or join a lobby: `/games` lists this channel's."
            )
        title = words.gettext("Your matches")
        embed = discord.Embed(title=title, description=text, colour=discord.Colour.blurple())
        await send_private(interaction, embed=embed)
