"""Small English text helpers shared by every layer (standard library only, so `rules` can use
them and every layer above may): counts with their noun, lists of names, clipped text."""

from __future__ import annotations

from collections.abc import Sequence

IRREGULAR_PLURALS = {"man": "men", "die": "dice"}


def plural(count: int | float, singular: str, plural_form: str | None = None) -> str:
    """ "1 capture", "3 captures", "1 man", "2 men", "0 points", "2.5 points"."""
    shown = str(count) if isinstance(count, int) else f"{count:g}"
    if count == 1:
        return f"{shown} {singular}"
    return f"{shown} {plural_form or IRREGULAR_PLURALS.get(singular, singular + 's')}"


def listing(items: Sequence[str], conjunction: str = "and") -> str:
    """ "A", "A and B", "A, B and C" ("" for none)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def counts(values: Sequence[int]) -> str:
    """Allowed numbers as people say them: "2 to 6" for a run, "2 or 4" otherwise."""
    ordered = sorted(set(values))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]} to {ordered[-1]}"
    return listing([str(value) for value in ordered], "or")


def clip(text: str, limit: int) -> str:
    """`text` cut to at most `limit` characters, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


QUOTED_LIMIT = 60
"""The most characters of a user's text that a refusal quotes."""

NUMBER_DIGITS = 9
"""The most digits (leading zeros aside) a number typed in a move may have: far beyond any board,
and far below Python's limit on reading numbers (4,300 digits), which would be an internal error."""


def read_number(digits: str) -> int | None:
    """The value of a run of digits a user typed, or None when it is too long to be any number
    on a board (more than NUMBER_DIGITS digits)."""
    significant = digits.lstrip("0")
    if len(significant) > NUMBER_DIGITS:
        return None
    return int(significant or "0")


def shown_number(digits: str) -> str:
    """A number a user typed, fit to quote in a message (a long one is cut)."""
    return clip(digits, NUMBER_DIGITS + 1)
