"""Threads per match: where a threaded match's messages go, and how its thread is kept usable.

A match played in a thread of its own (its server's setting, or its `new` command's `thread`
option) keeps its lobby in the channel: the thread is opened on the lobby's first message (on a
one-line start message for a match that starts at once, against the computer), and every board
from the start on is posted in the thread, whoever acts and wherever: an interaction in the thread
is answered there; one in the channel (or anywhere else) gets a private pointer to the thread, so
the channel sees only the lobby, a link to the thread when the match starts (not in quiet mode),
and the result. The match's channel stays the parent channel, so commands typed there find it.

Discord archives a thread after its auto-archive duration without messages, and nobody can use a
command in an archived thread: threads are opened with the longest duration (7 days), and a post
that Discord refuses because the thread was archived un-archives it and posts again. A thread
that was deleted sends the match back to its channel for good.
"""

from __future__ import annotations

import logging
from typing import Final

import discord

from host import Host, MatchSnapshot
from rules.text import Words, clip

from .language import channel

log = logging.getLogger("tavern.cogs")

THREAD_ARCHIVED = 50083
"""Discord's error code for an operation refused because the thread is archived."""
LONGEST_AUTO_ARCHIVE: Final = 10080
"""Minutes: the longest a thread stays open without messages (7 days)."""
THREAD_NAME_LIMIT = 100


def plays_in_thread(snapshot: MatchSnapshot) -> bool:
    """Whether the match's boards go to a thread: it is threaded and has started."""
    return snapshot.threaded and snapshot.state is not None


def is_thread(interaction: discord.Interaction) -> bool:
    return isinstance(interaction.channel, discord.Thread)


async def open_thread(
    client: discord.Client, host: Host, snapshot: MatchSnapshot, starter: discord.Message
) -> int | None:
    """Open the match's public thread on `starter` (its message in the channel) and remember it;
    None when Discord refuses (no permission to create threads, say): the match then goes on in
    its channel."""
    try:
        thread = await client.http.start_thread_with_message(
            starter.channel.id,
            starter.id,
            name=clip(snapshot.title, THREAD_NAME_LIMIT),
            auto_archive_duration=LONGEST_AUTO_ARCHIVE,
            reason=channel(host, snapshot.guild_id).gettext("The moves of {match}", match=snapshot.title),
        )
    except discord.HTTPException as error:
        log.warning(
            "Match %s: could not open its thread (%s); it is played in its channel", snapshot.id, error
        )
        await host.thread_gone(snapshot.id)
        return None
    thread_id = int(thread["id"])
    await host.thread_opened(snapshot.id, thread_id)
    return thread_id


async def unarchive(client: discord.Client, thread_id: int, words: Words) -> None:
    """Open an archived thread again, so its match can be played there (`words`: the server's,
    for its audit log)."""
    reason = words.gettext("A match is played in this thread")
    await client.http.edit_channel(thread_id, archived=False, reason=reason)
