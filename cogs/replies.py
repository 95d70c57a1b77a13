"""How the cogs answer an interaction: defer first, then follow up, publicly or privately.

Discord gives an interaction 3 seconds for its first answer. Anything that reads the store or
draws a picture defers first: publicly ("Tavern is thinking…") when the answer will be the new
match message, privately when only the user will see the answer.

A public deferral can only be followed by a public message (the first follow-up takes the
placeholder's visibility), so a private answer after one (an error, a stale button) deletes the
placeholder first; the private answer then arrives as a message of its own.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any

import discord
from discord.utils import escape_markdown, escape_mentions

from rules.text import N_, Words
from rules.text import said as said  # the cogs find it here, beside the other wording helpers

from .observe import answered

NO_PINGS = discord.AllowedMentions.none()
"""Nothing in a message pings anyone unless a message names the one user it may ping."""

_MENTION_START = re.compile(r"<([@#/:]|a:)")


def clean(name: str) -> str:
    """A user-chosen name, safe to show: no Markdown, no mentions. Besides discord.py's escapes
    (which cover only real-length ids), any `<@…>`, `<#…>`, `</…>` or emoji tag is broken with a
    zero-width space, since Discord renders even a short `<@&123>` as a role badge."""
    return _MENTION_START.sub("<\u200b\\1", escape_mentions(escape_markdown(name)))


def user_mention(user_id: int | None) -> str | None:
    """`<@id>` for a Discord user; None for a computer seat or an erased player (whose seat holds
    a negative id, see `/privacy forget-me`): no message ever mentions those."""
    return f"<@{user_id}>" if user_id is not None and user_id > 0 else None


def mention(user_id: int) -> str:
    """`<@id>`: a user's mention in a message text (which pings only whom its message allows)."""
    return f"<@{user_id}>"


def channel_mention(channel_id: int) -> str:
    """`<#id>`: a channel's or a thread's link in a message text."""
    return f"<#{channel_id}>"


def code(text: str) -> str:
    """`text` as a Markdown code span: notation, a command, what the user typed."""
    return f"`{text}`"


def bold(text: str) -> str:
    return f"**{text}**"


COMPUTER_LEVELS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The computer players' levels as a seat's label shows them (host.COMPUTER_LEVELS)."""


def players_versus(names: Sequence[str], words: Words) -> str:
    """ "Alice vs Bob" ("nobody yet" for none)."""
    if not names:
        return words.gettext("nobody yet")
    return words.gettext(" vs ").join(names)


_PLACEHOLDER = "tavern.public_placeholder"
"""`interaction.extras` key: a public "thinking" placeholder waits for its follow-up."""

MESSAGE_LIMIT = 2000


async def defer_public(interaction: discord.Interaction) -> None:
    """Acknowledge now; the answer will be a public message."""
    if not interaction.response.is_done():
        answered(interaction)
        await interaction.response.defer(thinking=True)
        interaction.extras[_PLACEHOLDER] = True


async def defer_private(interaction: discord.Interaction) -> None:
    """Acknowledge now; the answer will be seen only by the user."""
    if not interaction.response.is_done():
        answered(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)


def _message_kwargs(
    content: str | None,
    embed: discord.Embed | None,
    file: discord.File | None,
    view: discord.ui.View | None,
    allowed_mentions: discord.AllowedMentions,
) -> dict[str, Any]:
    kwargs: dict[str, Any] = {"allowed_mentions": allowed_mentions}
    if content is not None:
        kwargs["content"] = content[:MESSAGE_LIMIT]
    if embed is not None:
        kwargs["embed"] = embed
    if file is not None:
        kwargs["file"] = file
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def send_public(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
    allowed_mentions: discord.AllowedMentions = NO_PINGS,
) -> discord.WebhookMessage:
    """The public answer to an interaction deferred with `defer_public`; returns the message."""
    await defer_public(interaction)
    kwargs = _message_kwargs(content, embed, file, view, allowed_mentions)
    message = await interaction.followup.send(wait=True, **kwargs)
    interaction.extras[_PLACEHOLDER] = False
    return message


async def send_private(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    file: discord.File | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """An answer only the user sees, whatever the interaction has answered so far."""
    kwargs = _message_kwargs(content, embed, file, view, NO_PINGS)
    if not interaction.response.is_done():
        answered(interaction)
        await interaction.response.send_message(ephemeral=True, **kwargs)
        return
    if interaction.extras.get(_PLACEHOLDER):
        interaction.extras[_PLACEHOLDER] = False
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    await interaction.followup.send(ephemeral=True, **kwargs)
