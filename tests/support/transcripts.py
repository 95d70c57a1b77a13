"""Transcripts: every user-facing text the bot sent in a scenario, as a reviewer reads it.

A `Transcript` is filled while a test drives the in-process harness: `step("/keibot new",
user)` names what the user did, then `record(requests)` writes what the bot answered — message
content, embeds (title, description, fields, footer), components (labels and menu options),
attachments with their alt text, autocomplete choices, and whether it was public, private or an
edit. `assert_matches_transcript(text, name)` compares it with the checked-in file
tests/cogs/transcripts/<name>.txt; with UPDATE_TRANSCRIPTS=1 it rewrites the file instead, so a
changed message shows in review as a diff of that file.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Any

from tests.support.fake_discord import AUTOCOMPLETE_RESULT, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, Request

TRANSCRIPTS = Path(__file__).resolve().parents[1] / "cogs" / "transcripts"
UPDATE_ENV = "UPDATE_TRANSCRIPTS"


class TranscriptUpdated(UserWarning):
    """A transcript was (re)written because UPDATE_TRANSCRIPTS=1."""


def _button(component: dict[str, Any]) -> str:
    label = component.get("label") or ""
    emoji = (component.get("emoji") or {}).get("name") or ""
    disabled = " (disabled)" if component.get("disabled") else ""
    return f"[{(emoji + ' ' + label).strip()}]{disabled}"


def _select(component: dict[str, Any]) -> list[str]:
    lines = [f"menu «{component.get('placeholder') or ''}»"]
    for option in component.get("options", []):
        description = f" — {option['description']}" if option.get("description") else ""
        lines.append(f"  · {option['label']}{description}")
    return lines


def _components(message: dict[str, Any]) -> list[str]:
    lines = []
    for row in message.get("components") or []:
        buttons = [c for c in row["components"] if c["type"] == 2]
        if buttons:
            lines.append("buttons: " + " ".join(_button(c) for c in buttons))
        for select in (c for c in row["components"] if c["type"] == 3):
            lines += _select(select)
    return lines


def _embed(embed: dict[str, Any]) -> list[str]:
    lines = []
    if embed.get("title"):
        lines.append(f"title: {embed['title']}")
    lines += [f"| {line}" for line in (embed.get("description") or "").splitlines()]
    for field in embed.get("fields") or []:
        lines.append(f"{field['name']}:")
        lines += [f"  {line}" for line in str(field["value"]).splitlines()]
    if embed.get("footer"):
        lines.append(f"footer: {embed['footer'].get('text', '')}")
    if embed.get("image"):
        lines.append(f"image: {embed['image'].get('url', '')}")
    return lines


def _attachments(request: Request) -> list[str]:
    described = {
        a.get("filename"): a.get("description") for a in (request.message or {}).get("attachments") or []
    }
    lines = []
    for name, _ in request.files:
        alt = described.get(name)
        lines.append(f"file: {name}" + (f" (alt: {alt})" if alt else " (no alt text)"))
    return lines


def _kind(request: Request) -> str | None:
    """How the user sees a request, or None for one that shows nothing to read."""
    if request.callback_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE):
        return None
    if request.method == "DELETE":
        return "deleted" if request.path.endswith("/messages/@original") else None
    if request.method == "PATCH":
        return "edit"
    if request.method == "GET":
        return None
    return "private" if request.ephemeral else "public"


def describe(request: Request) -> list[str]:
    if request.callback_type == AUTOCOMPLETE_RESULT:
        choices = (request.payload or {}).get("data", {}).get("choices", [])
        return ["autocomplete: " + (", ".join(str(c["name"]) for c in choices) or "(nothing)")]
    kind = _kind(request)
    if kind is None:
        return []
    if kind == "deleted":
        return ["(the thinking placeholder is removed)"]
    message = request.message or {}
    lines = []
    if request.content:
        lines += [f"content: {line}" for line in request.content.splitlines()]
    for embed in request.embeds:
        lines += _embed(embed)
    lines += _components(message)
    lines += _attachments(request)
    if not lines:
        lines = ["(no text: components removed)" if "components" in message else "(nothing)"]
    return [f"[{kind}]", *[f"  {line}" for line in lines]]


class Transcript:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def step(self, what: str) -> None:
        self.lines += ["", f"> {what}"]

    def record(self, requests: list[Request]) -> None:
        for request in requests:
            self.lines += describe(request)

    @property
    def text(self) -> str:
        return "\n".join(self.lines).strip() + "\n"


def assert_matches_transcript(text: str, name: str) -> None:
    path = TRANSCRIPTS / f"{name}.txt"
    if os.environ.get(UPDATE_ENV) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        warnings.warn(f"wrote {path}", TranscriptUpdated, stacklevel=2)
        return
    assert path.exists(), f"no transcript {path}: run the tests with {UPDATE_ENV}=1 to write it"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        got = path.with_suffix(".got.txt")
        got.write_text(text, encoding="utf-8")
        raise AssertionError(
            f"the bot's messages changed: compare {path} with {got} "
            f"(if the change is meant, rerun with {UPDATE_ENV}=1 and review the diff)"
        )
