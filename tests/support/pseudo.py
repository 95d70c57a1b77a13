"""Finding English that reached a person without a catalogue: in the pseudo-locale
(`host.language.PSEUDO`) every translated letter is accented, so a plain ASCII word of three or
more letters in a text is English that never went through `Words` (or a name, a move, an id:
those are given as `allowed`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from host.language import PSEUDO_CLOSE, PSEUDO_OPEN

DISCORD_LOCALE = "qps"
"""The locale the tests give an interaction (or a server) to read the pseudo-locale: Discord's
payloads carry any string, and discord.py keeps an unknown one as its value."""

_UNTRANSLATABLE = re.compile(
    r"`[^`]*`"  # code spans: notation, commands
    r"|<[^<>]*>"  # mentions, channels, timestamps, emoji
    r"|https?://\S+"
    r"|/[a-z][a-z0-9_-]*(?: [a-z][a-z0-9_-]*)*"  # a command's name: /keryo-pente move
    r"|#\d+"
)
_WITH_A_DIGIT = re.compile(r"[^\s()]*\d[^\s()]*")
"""A word with a digit in it: notation (bar/15*/17, K10), a count."""
_ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


def english_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain English words of `text` outside what is never translated (code spans,
    mentions, links, command names, match numbers) and outside `allowed` (names, moves, game
    titles)."""
    cleaned = _UNTRANSLATABLE.sub(" ", text)
    for kept in sorted(allowed, key=len, reverse=True):  # before the digits: a move may hold one
        if kept:
            cleaned = cleaned.replace(kept, " ")
    cleaned = _WITH_A_DIGIT.sub(" ", cleaned)
    return _ENGLISH_WORD.findall(cleaned)


def is_pseudo(text: str) -> bool:
    """Whether `text` came through the pseudo-locale (it holds at least one translated piece)."""
    return PSEUDO_OPEN in text and PSEUDO_CLOSE in text
