"""`/settings` (how you are told it is your turn, and reminders) and `/mygames` (your matches,
everywhere, your turn first). Both answer privately; the host keeps the settings and makes the
list (host/turn_notices.py), this cog words them."""

from __future__ import annotations

from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from host import (
    REMINDER_SHARES,
    VACATION_DAYS,
    Host,
    Notify,
    PlayerMatch,
    PlayerSettings,
    UnknownNotice,
    Vacation,
)
from rules.text import clip, listing, plural

from .clock import turn_clock_of
from .messages import DESCRIPTION_LIMIT, clean, duration_text, match_link
from .replies import defer_private, send_private

NOTIFY_CHOICES = [
    app_commands.Choice(name="a mention in the match's channel (default)", value=Notify.MENTION.value),
    app_commands.Choice(name="a direct message from the bot, with a link", value=Notify.DM.value),
    app_commands.Choice(
        name="nothing (the match message names you, without a ping)", value=Notify.NOTHING.value
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


def match_line(match: PlayerMatch, *, here: int | None) -> str:
    """One line of /mygames: the match (linked), whose turn, for how long, with whom."""
    link = match_link(match.guild_id, match.channel_id, match.message_id)
    title = f"[{match.title}]({link})" if link else f"**{match.title}**"
    waited = duration_text(match.waiting)
    if match.status == "lobby":
        seated = len(match.players) + 1
        what = f"{title}: lobby, {seated} of {match.seat_count} seats taken, open for {waited}"
    elif match.your_turn:
        what = f"**Your turn** in {title}, for {waited}"
    elif match.to_move is not None:
        what = f"{title}: **{clean(match.to_move)}** to move, for {waited}"
    else:
        what = f"{title}: playing, for {waited}"
    if match.status != "lobby" and match.players:
        what += f" · with {clean(listing(list(match.players)))}"
    if here is not None and match.guild_id != here:
        what += " · another server"
    return f"• {what}"


def matches_text(matches: list[PlayerMatch], *, here: int | None) -> str:
    """The lines that fit one embed, and how many more there are."""
    lines: list[str] = []
    used = 0
    for index, match in enumerate(matches):
        line = match_line(match, here=here)
        if used + len(line) + 1 > DESCRIPTION_LIMIT - MORE_RESERVED:
            lines.append(f"… and {len(matches) - index} more")
            break
        lines.append(line)
        used += len(line) + 1
    return clip("\n".join(lines), DESCRIPTION_LIMIT)


class YourTurnCog(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @app_commands.command(name="settings", description="How you are told it is your turn, and reminders")
    @app_commands.describe(
        notify="How to tell you it is your turn",
        reminders="Remind you at half and at 90% of the turn clock (default: on)",
        vacation=f"Days away (1 to {VACATION_DAYS}): your turn clocks stop meanwhile; 0 or off ends it",
    )
    @app_commands.choices(notify=NOTIFY_CHOICES)
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
        name="mygames", description="Your lobbies and matches on every server, your turn first"
    )
    async def mygames(self, interaction: discord.Interaction) -> None:
        await defer_private(interaction)
        matches = await self.host.player_matches(interaction.user.id)
        if matches:
            text = matches_text(matches, here=interaction.guild_id)
        else:
            text = (
                "You are in no lobby or match. Open one with a game's `new` command (`/help` lists "
                "them), or join a lobby: `/games` lists this channel's."
            )
        embed = discord.Embed(title="Your matches", description=text, colour=discord.Colour.blurple())
        await send_private(interaction, embed=embed)
