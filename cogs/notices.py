"""Telling a player it is their turn, the way they chose (`/settings`, host.PlayerSettings).

A ping is always a new message (Discord never pings on an edit). With "mention" the match
message itself pings them; with "direct message" it names them without a ping and the bot sends
them a direct message with a link to it, after it is posted; with "nothing" nobody is pinged. A
direct message Discord refuses (closed DMs) becomes a small channel message pinging them, and is
logged: never an error for anyone. Reminders (TurnClock's sweep) come the same ways; with
"nothing" and reminders on, they come as a mention in the match's channel. In a private match
(a DM or group DM, where the bot cannot post on its own) a reminder is a DM. All of these are
in the player's own language (`cogs.language.player`), even when they ping them in a channel.

A draw offer or a takeback request reaches each player who must answer it the same way, once
(`Host.offer_notices` claims it): the match message showing the offer mentions them, or a DM
links to it, or nothing.
"""

from __future__ import annotations

import logging

import discord

from host import Host, MatchSnapshot, Notify, OfferNotice, TurnReminder

from .language import player
from .messages import (
    dm_notice_in_channel,
    dm_offer_text,
    dm_refused_content,
    dm_turn_text,
    match_link,
    mention_only,
    offer_text,
    reminder_content,
    reminder_text,
)

log = logging.getLogger("tavern.notices")


async def owed_notice(host: Host, snapshot: MatchSnapshot, *, ping: bool) -> Notify | None:
    """How the player to move is to be told of their turn, when a ping is owed to a person."""
    seat = snapshot.seat_to_move
    if not ping or seat is None or seat.user_id is None or seat.user_id <= 0 or snapshot.waiting_for_computer:
        return None
    return (await host.player_settings(seat.user_id)).notify


async def send_dm(client: discord.Client, user_id: int, text: str) -> bool:
    """A direct message; False (logged) when Discord does not take it (closed DMs: 403/50007)."""
    try:
        channel = await client.create_dm(discord.Object(user_id))
        await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.info(
            "Could not send a direct message to user %s (%s): telling them in the channel", user_id, error
        )
        return False
    return True


async def mention_in_channel(client: discord.Client, channel_id: int, user_id: int, text: str) -> None:
    """A new channel message pinging the user (`text` starts with their mention); a failure is
    logged, never raised: the match message names them all the same."""
    try:
        await client.get_partial_messageable(channel_id).send(text, allowed_mentions=mention_only(user_id))
    except discord.HTTPException as error:
        log.warning("Could not ping user %s in channel %s (%s)", user_id, channel_id, error)


async def turn_by_dm(
    client: discord.Client, host: Host, snapshot: MatchSnapshot, channel_id: int, message_id: int
) -> None:
    """The direct message of a player who chose one, after their turn's match message is posted."""
    seat = snapshot.seat_to_move
    if seat is None or seat.user_id is None:
        return
    words = player(host, seat.user_id)
    link = match_link(snapshot.guild_id, channel_id, message_id)
    if not await send_dm(client, seat.user_id, dm_turn_text(snapshot.title, link, words)):
        await mention_in_channel(
            client, channel_id, seat.user_id, dm_refused_content(seat.user_id, snapshot.title, link, words)
        )


async def offers_by_dm(
    client: discord.Client,
    host: Host,
    snapshot: MatchSnapshot,
    notices: list[OfferNotice],
    channel_id: int,
    message_id: int,
) -> None:
    """The direct messages of the players who chose them and must answer an offer, after the
    match message showing it is posted; closed DMs become a ping in the channel."""
    link = match_link(snapshot.guild_id, channel_id, message_id)
    for notice in notices:
        if notice.notify != Notify.DM:
            continue
        words = player(host, notice.user_id)
        if not await send_dm(client, notice.user_id, dm_offer_text(snapshot, notice.kind, link, words)):
            offer = offer_text(snapshot, notice.kind, words)
            text = dm_notice_in_channel(notice.user_id, offer, link, words)
            await mention_in_channel(client, channel_id, notice.user_id, text)


async def send_reminder(client: discord.Client, host: Host, reminder: TurnReminder) -> None:
    """One reminder, the way its player chose ("nothing": a mention in the channel)."""
    words = player(host, reminder.user_id)
    link = match_link(reminder.guild_id, reminder.channel_id, reminder.message_id)
    # Where the bot cannot post on its own (a DM, a group DM), a reminder can only be a DM.
    by_dm = reminder.notify == Notify.DM or reminder.private
    text = reminder_text(reminder.title, reminder.runs_out_in, link, words)
    if by_dm and await send_dm(client, reminder.user_id, text):
        return
    if reminder.private:
        return  # refused, and there is no channel to fall back to: logged by send_dm
    text = reminder_content(reminder.user_id, reminder.title, reminder.runs_out_in, link, words)
    await mention_in_channel(client, reminder.channel_id, reminder.user_id, text)
