"""The one error path of the bot: every command, autocomplete and button ends up here.

Errors the host and the rules raise for the user (`host.USER_ERRORS`) and refusals of the cogs
themselves (`CogError`) go back to the user as an ephemeral message. Anything else is a bug: it
is logged with its traceback and the user gets a short apology, never the traceback.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from host import USER_ERRORS

from .replies import send_private

log = logging.getLogger("tavern.errors")

APOLOGY = "Sorry, something went wrong on our side. It has been logged; please try again in a moment."


class CogError(Exception):
    """A refusal by the Discord layer itself (e.g. a game command in a direct message); its
    message is shown to the user as it is."""


SHOWN_TO_USER: tuple[type[Exception], ...] = (*USER_ERRORS, CogError)


def unwrap(error: BaseException) -> BaseException:
    """The exception a command raised, without discord.py's wrapper around it."""
    if isinstance(error, app_commands.CommandInvokeError):
        return error.original
    return error


def user_message(error: BaseException) -> str | None:
    """The text to show the user for an expected error, or None for a bug."""
    error = unwrap(error)
    if isinstance(error, SHOWN_TO_USER):
        return str(error)
    if isinstance(error, app_commands.NoPrivateMessage):
        return "This command works in a server channel, not in direct messages."
    if isinstance(error, app_commands.CheckFailure | app_commands.CommandOnCooldown):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        return f"`{str(error.value)[:100]}` does not fit that option."
    if isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        return "This command has changed since Discord last loaded it. Please try again in a minute."
    return None


def describe(interaction: discord.Interaction) -> str:
    """Where an error happened, for the log."""
    if interaction.command is not None:
        what = f"/{interaction.command.qualified_name}"
    elif interaction.custom_id is not None:
        what = f"component {interaction.custom_id!r}"
    else:
        what = f"interaction type {interaction.type.name}"
    place = f"guild {interaction.guild_id} channel {interaction.channel_id}"
    return f"{what} by user {interaction.user.id} in {place}"


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user privately: the error's own message if it is meant for them, else an
    apology (and the traceback goes to the log)."""
    text = user_message(error)
    if text is None:
        original = unwrap(error)
        log.error(
            "Unexpected error in %s",
            describe(interaction),
            exc_info=(type(original), original, original.__traceback__),
        )
        text = APOLOGY
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("Could not tell the user about an error in %s", describe(interaction), exc_info=True)


class TavernTree(app_commands.CommandTree[discord.Client]):
    """The command tree with the bot's one error handler."""

    async def on_error(
        self, interaction: discord.Interaction[discord.Client], error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)
