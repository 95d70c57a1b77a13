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
from rules.text import clip, listing, plural

from .clock import turn_clock_of
from .messages import DESCRIPTION_LIMIT, clean, duration_text, match_link
from .place import anywhere
from .replies import defer_private, send_private

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
    Notify.MENTION: "a mention in the match's channel",
    Notify.DM: (
        "a direct message from me with a link to the match message (when your direct messages are "
        "closed, a mention in the match's channel instead)"
    ),
    Notify.NOTHING: "nothing: the match message names you, without a ping",
}
REMINDER_WAYS = {
    Notify.MENTION: "as a mention in the match's channel",
    Notify.DM: "by direct message",
    Notify.NOTHING: "as a mention in the match's channel (turn reminders off too for no pings at all)",
}
MORE_RESERVED = 40
"""Characters kept free at the end of the /mygames list for its "… and N more" line."""


def vacation_text(vacation: Vacation) -> str:
    """The vacation line of /settings: whether one runs, and what is left of the allowance."""
    left = f"{plural(vacation.days_left, 'day')} left of your {VACATION_DAYS} in any 30"
    if vacation.until is not None:
        stamp = int(vacation.until.timestamp())
        return (
            f"on until <t:{stamp}:f> (<t:{stamp}:R>): your turn clocks are stopped and reminders wait "
            f"({left}); `/settings vacation:off` ends it early"
        )
    return (
        f"off; `/settings vacation:` with a number of days ({left}) stops your turn clocks while "
        "you are away (the other players' clocks run on)"
    )


def settings_text(
    settings: PlayerSettings,
    turn_clock: timedelta | None,
    vacation: Vacation,
    *,
    on_server: bool,
    saved: bool,
) -> str:
    """What a player's settings mean here, and how to change them. `turn_clock`: the clock that
    applies where the command was used (`on_server`: that server's, its own or the bot's default;
    else the bot's default, which servers may replace with their own)."""
    where = "on this server" if on_server else "where a server keeps the bot's default"
    if not settings.reminders:
        reminders = "off"
    elif turn_clock is None:
        reminders = (
            f"on, but there is no turn clock {where}: nobody is resigned for taking their time, "
            "so no reminders are sent"
        )
    else:
        moments = listing([duration_text(turn_clock * share / 100) for share in REMINDER_SHARES])
        reminders = (
            f"on: after {moments} of the {duration_text(turn_clock)} a turn may last {where}, "
            f"{REMINDER_WAYS[settings.notify]}"
        )
    if not on_server:
        reminders += " (each server may set its own turn clock)"
    return "\n".join(
        [
            "Saved. Your turn notices are now:" if saved else "Your turn notices:",
            f"• When it is your turn: {NOTIFY_WORDS[settings.notify]}.",
            f"• Reminders before the turn clock runs out: {reminders}.",
            f"• Vacation: {vacation_text(vacation)}.",
            "Change them with `/settings notify:`, `/settings reminders:` and `/settings vacation:`; "
            "`/privacy forget-me` erases them.",
        ]
    )


def linked_title(title: str, guild_id: int, channel_id: int, message_id: int | None) -> str:
    link = match_link(guild_id, channel_id, message_id)
    return f"[{title}]({link})" if link else f"**{title}**"


def elsewhere(guild_id: int, here: int | None) -> str:
    return " · another server" if here is not None and guild_id != here else ""


def match_line(match: PlayerMatch, *, here: int | None) -> str:
    """One line of /mygames: the match (linked), whose turn and for how long, with whom (each
    player named once)."""
    title = linked_title(match.title, match.guild_id, match.channel_id, match.message_id)
    waited = duration_text(match.waiting)
    others = list(match.players)
    if match.status == "lobby":
        seated = len(match.players) + 1
        what = f"{title}: lobby, {seated} of {match.seat_count} seats taken, open for {waited}"
        others = []
    elif match.your_turn:
        what = f"**Your turn** in {title} (for {waited})"
    elif match.to_move is not None:
        what = f"{title}: **{clean(match.to_move)}** to move (for {waited})"
        others = [name for name in others if name != match.to_move]
    else:
        what = f"{title}: playing (for {waited})"
    if others:
        what += f" · with {clean(listing(others))}"
    return f"• {what}{elsewhere(match.guild_id, here)}"


def answer_lines(matches: list[PlayerMatch], invitations: list[Invitation], *, here: int | None) -> list[str]:
    """What waits for the player's answer: draw offers, takeback requests, invitations and
    rematches."""
    lines = []
    for match in matches:
        title = linked_title(match.title, match.guild_id, match.channel_id, match.message_id)
        if match.draw_offered_by:
            who = listing([f"**{clean(name)}**" for name in match.draw_offered_by])
            verb = "offers" if len(match.draw_offered_by) == 1 else "offer"
            lines.append(f"• 🤝 {who} {verb} a draw in {title}{elsewhere(match.guild_id, here)}")
        if match.takeback_asked_by is not None:
            who = f"**{clean(match.takeback_asked_by)}**"
            lines.append(
                f"• ↩️ {who} asks to take back their last move in {title}{elsewhere(match.guild_id, here)}"
            )
    for invitation in invitations:
        title = linked_title(
            invitation.title, invitation.guild_id, invitation.channel_id, invitation.message_id
        )
        who = f"**{clean(invitation.creator)}**" if invitation.creator else "Someone"
        if invitation.held:
            what = f"✉️ {who} invites you to {title}: a seat is held for you (**Join** or **Decline**)"
        else:
            what = f"🔁 {who} asks for a rematch in {title}"
        lines.append(f"• {what}{elsewhere(invitation.guild_id, here)}")
    return lines


def matches_text(
    matches: list[PlayerMatch], *, here: int | None, invitations: Sequence[Invitation] = ()
) -> str:
    """The lines that fit one embed, and how many more there are: what waits for the player's
    answer first, then their matches."""
    answers = answer_lines(matches, list(invitations), here=here)
    shown = [*answers, *(match_line(match, here=here) for match in matches)]
    if answers:  # two headed parts
        shown.insert(0, "**Waiting for your answer**")
        if matches:
            shown.insert(len(answers) + 1, "**Your matches**")
    lines: list[str] = []
    used = 0
    for index, line in enumerate(shown):
        if used + len(line) + 1 > DESCRIPTION_LIMIT - MORE_RESERVED:
            lines.append(f"… and {sum(not s.startswith('**') for s in shown[index:])} more")
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
        text = settings_text(settings, turn_clock, away, on_server=on_server, saved=changed)
        await send_private(interaction, text)

    @app_commands.command(
        name="mygames", description=locale_str("Your lobbies and matches on every server, your turn first")
    )
    @anywhere
    async def mygames(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        matches = await self.host.player_matches(interaction.user.id)
        invitations = await self.host.player_invitations(interaction.user.id)
        if matches or invitations:
            text = matches_text(matches, here=interaction.guild_id, invitations=invitations)
        else:
            text = (
                "You are in no lobby or match. Open one with a game's `new` command (`/help` lists "
                "them), or join a lobby: `/games` lists this channel's."
            )
        embed = discord.Embed(title="Your matches", description=text, colour=discord.Colour.blurple())
        await send_private(interaction, embed=embed)
