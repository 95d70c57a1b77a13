"""What real Discord refuses, as checks of a request's JSON (and its files).

Each check returns the problems it found, as Discord's `errors` would name them (an empty list:
accepted). The limits are Discord's published ones (developer documentation: Application Commands,
Message, Embed, Components); `allowed_mentions` is stricter on purpose: the bot must always say who
a message may ping, and never everyone or a role.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
"""`^[-_\\p{L}\\p{N}]{1,32}$`: Python's \\w is letters, digits and the underscore."""
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
MAX_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CONTENT = 2000
MAX_EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_TEXT = {"title": 256, "description": 4096}
MAX_FIELDS = 25
FIELD_TEXT = {"name": 256, "value": 1024}
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
MAX_ROWS = 5
MAX_BUTTONS = 5
MAX_SELECT_OPTIONS = 25
CUSTOM_ID = 100
LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = (3, 5, 6, 7, 8)
LINK_BUTTON = 5
ATTACHMENT_DESCRIPTION = 1024
"""An attachment's description (its alt text)."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
GIF_SIGNATURES = (b"GIF87a", b"GIF89a")


def _name_problems(where: str, name: Any, *, lowercase: bool = True) -> list[str]:
    if not isinstance(name, str) or not COMMAND_NAME.fullmatch(name) or "\u00a0" in name:
        return [f"{where}.name: {name!r} is not 1–32 letters, digits, - or _"]
    if lowercase and name != name.lower():
        return [f"{where}.name: {name!r} must be lowercase"]
    return []


def _description_problems(where: str, description: Any) -> list[str]:
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        return [f"{where}.description: must be 1–100 characters, not {description!r}"]
    return []


def _option_problems(where: str, options: Sequence[Mapping[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}.options: {len(options)} options, at most {MAX_OPTIONS}")
    names = [option.get("name") for option in options]
    if len(set(names)) != len(names):
        problems.append(f"{where}.options: names repeat {names}")
    required_seen_optional = False
    for index, option in enumerate(options):
        here = f"{where}.options.{index}"
        problems += _name_problems(here, option.get("name"))
        problems += _description_problems(here, option.get("description"))
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.append(f"{here}.choices: {len(choices)} choices, at most {MAX_CHOICES}")
        if choices and option.get("autocomplete"):
            problems.append(f"{here}: choices and autocomplete together")
        for number, choice in enumerate(choices):
            name = choice.get("name")
            if not isinstance(name, str) or not 1 <= len(name) <= 100:
                problems.append(f"{here}.choices.{number}.name: must be 1–100 characters")
            value = choice.get("value")
            if isinstance(value, str) and len(value) > 100:
                problems.append(f"{here}.choices.{number}.value: longer than 100 characters")
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            problems += _option_problems(here, option.get("options") or [])
        elif option.get("required"):
            if required_seen_optional:
                problems.append(f"{here}: a required option after an optional one")
        else:
            required_seen_optional = True
    return problems


def command_problems(commands: Sequence[Mapping[str, Any]]) -> list[str]:
    """A bulk overwrite of application commands (PUT …/commands)."""
    problems: list[str] = []
    if len(commands) > MAX_COMMANDS:
        problems.append(f"{len(commands)} commands, at most {MAX_COMMANDS}")
    seen: set[tuple[Any, Any]] = set()
    for index, command in enumerate(commands):
        kind = command.get("type", 1)
        key = (kind, command.get("name"))
        if key in seen:
            problems.append(f"{index}.name: {command.get('name')!r} twice")
        seen.add(key)
        problems += _name_problems(str(index), command.get("name"), lowercase=kind == 1)
        if kind == 1:
            problems += _description_problems(str(index), command.get("description"))
            problems += _option_problems(str(index), command.get("options") or [])
        problems += _where_problems(str(index), command)
    return problems


def _where_problems(where: str, command: Mapping[str, Any]) -> list[str]:
    """`contexts` (0 a server, 1 the bot's DM, 2 a group DM or other DM) and `integration_types`
    (0 a server's install, 1 a user's): lists of those values without repeats, or null."""
    problems: list[str] = []
    for key, allowed in (("contexts", {0, 1, 2}), ("integration_types", {0, 1})):
        values = command.get(key)
        if values is None:
            continue
        if not isinstance(values, list) or not values or len(set(values)) != len(values):
            problems.append(f"{where}.{key}: a list of distinct values is expected")
        elif not set(values) <= allowed:
            problems.append(f"{where}.{key}: {values} has values other than {sorted(allowed)}")
    return problems


def _embed_problems(where: str, embed: Mapping[str, Any]) -> tuple[list[str], int]:
    problems: list[str] = []
    total = 0
    for key, limit in EMBED_TEXT.items():
        text = embed.get(key) or ""
        total += len(text)
        if len(text) > limit:
            problems.append(f"{where}.{key}: {len(text)} characters, at most {limit}")
    fields = embed.get("fields") or []
    if len(fields) > MAX_FIELDS:
        problems.append(f"{where}.fields: {len(fields)} fields, at most {MAX_FIELDS}")
    for index, field in enumerate(fields):
        for key, limit in FIELD_TEXT.items():
            text = field.get(key)
            if not isinstance(text, str) or not 1 <= len(text) <= limit:
                problems.append(f"{where}.fields.{index}.{key}: must be 1–{limit} characters")
            else:
                total += len(text)
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > FOOTER_TEXT:
        problems.append(f"{where}.footer.text: {len(footer)} characters, at most {FOOTER_TEXT}")
    if len(author) > AUTHOR_NAME:
        problems.append(f"{where}.author.name: {len(author)} characters, at most {AUTHOR_NAME}")
    return problems, total


def _component_problems(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(rows) > MAX_ROWS:
        problems.append(f"components: {len(rows)} rows, at most {MAX_ROWS}")
    custom_ids: list[str] = []
    for number, row in enumerate(rows):
        where = f"components.{number}"
        items = row.get("components") or []
        if row.get("type") != ACTION_ROW:
            problems.append(f"{where}.type: a top-level component must be an action row")
            continue
        kinds = [item.get("type") for item in items]
        if not 1 <= len(items) <= MAX_BUTTONS:
            problems.append(f"{where}.components: {len(items)} components, 1–{MAX_BUTTONS}")
        if any(kind in SELECTS for kind in kinds) and len(items) != 1:
            problems.append(f"{where}: a select menu must be alone in its row")
        for index, item in enumerate(items):
            here = f"{where}.components.{index}"
            custom_id = item.get("custom_id")
            if item.get("type") == BUTTON and item.get("style") == LINK_BUTTON:
                if custom_id is not None or not item.get("url"):
                    problems.append(f"{here}: a link button has a url and no custom_id")
            elif not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID:
                problems.append(f"{here}.custom_id: must be 1–{CUSTOM_ID} characters")
            else:
                custom_ids.append(custom_id)
            if len(item.get("label") or "") > LABEL:
                problems.append(f"{here}.label: longer than {LABEL} characters")
            if item.get("type") == BUTTON and not (item.get("label") or item.get("emoji")):
                problems.append(f"{here}: a button needs a label or an emoji")
            if len(item.get("placeholder") or "") > PLACEHOLDER:
                problems.append(f"{here}.placeholder: longer than {PLACEHOLDER} characters")
            if item.get("type") == STRING_SELECT:
                options = item.get("options") or []
                if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
                    problems.append(f"{here}.options: {len(options)} options, 1–{MAX_SELECT_OPTIONS}")
                values = [option.get("value") for option in options]
                if len(set(values)) != len(values):
                    problems.append(f"{here}.options: values repeat")
                for key in ("label", "value", "description"):
                    if any(len(option.get(key) or "") > OPTION_TEXT for option in options):
                        problems.append(f"{here}.options: a {key} longer than {OPTION_TEXT} characters")
    if len(set(custom_ids)) != len(custom_ids):
        problems.append("components: custom_ids repeat on one message")
    return problems


def _mention_problems(message: Mapping[str, Any]) -> list[str]:
    allowed = message.get("allowed_mentions")
    if not isinstance(allowed, Mapping):
        return ["allowed_mentions: missing (the bot must always say whom a message may ping)"]
    problems = []
    parse = allowed.get("parse") or []
    if parse:
        problems.append(f"allowed_mentions.parse: {parse} (must be empty)")
    if allowed.get("roles"):
        problems.append("allowed_mentions.roles: a message must not ping a role")
    users = [str(user) for user in allowed.get("users") or []]
    content = str(message.get("content") or "")
    # A tournament round's announcement pings the players it names (cogs/tournaments.py).
    round_players = content.startswith("**Round ") and all(f"<@{user}>" in content for user in users)
    if len(users) > 1 and not round_players:
        problems.append("allowed_mentions.users: at most one user, the player to move")
    return problems


MAX_NONCE = 25
"""A message's nonce: an integer, or a string of at most 25 characters."""
MAX_HISTORY = 100
"""GET /channels/{id}/messages: `limit` 1–100 (50 when not given)."""


def message_problems(message: Mapping[str, Any], *, creating: bool) -> list[str]:
    """A message sent (`creating`) or edited: its text, embeds, components and mentions."""
    problems: list[str] = []
    content = message.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        problems.append(f"content: {len(content)} characters, at most {MAX_CONTENT}")
    embeds = message.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        problems.append(f"embeds: {len(embeds)} embeds, at most {MAX_EMBEDS}")
    total = 0
    for index, embed in enumerate(embeds):
        found, size = _embed_problems(f"embeds.{index}", embed)
        problems += found
        total += size
    if total > EMBED_TOTAL:
        problems.append(f"embeds: {total} characters in all, at most {EMBED_TOTAL}")
    problems += _component_problems(message.get("components") or [])
    if content or embeds:
        problems += _mention_problems(message)
    if creating and not (content or embeds or message.get("attachments") or message.get("components")):
        problems.append("Cannot send an empty message")
    nonce = message.get("nonce")
    if nonce is not None and not (
        isinstance(nonce, int) or (isinstance(nonce, str) and len(nonce) <= MAX_NONCE)
    ):
        problems.append(f"nonce: an integer or a string of at most {MAX_NONCE} characters")
    for index, attachment in enumerate(message.get("attachments") or []):
        if len(attachment.get("description") or "") > ATTACHMENT_DESCRIPTION:
            problems.append(f"attachments.{index}.description: at most {ATTACHMENT_DESCRIPTION} characters")
    return problems


def attachment_problems(name: str, data: bytes) -> list[str]:
    """An image the bot uploads must be a whole PNG or GIF that Pillow reads to its end; a text
    file (a game record, `/history`) must be UTF-8 text."""
    if name.endswith(".txt"):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return [f"{name}: not UTF-8 text"]
        return []
    if not (data.startswith(PNG_SIGNATURE) or data.startswith(GIF_SIGNATURES)):
        return [f"{name}: not a PNG or GIF file"]
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            for frame in range(1, getattr(image, "n_frames", 1)):
                image.seek(frame)
                image.load()
    except Exception as error:
        return [f"{name}: not a whole image ({error})"]
    return []
