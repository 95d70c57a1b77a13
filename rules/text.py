"""Text for people, shared by every layer (standard library only, so `rules` can use it and every
layer above may): `Phrase`, a message not yet in any language; `Words`, what turns one into a
language's text (English here; the catalogues' languages in `host.language`); and small English
helpers (counts with their noun, lists of names, clipped text).

The rules say what happened in Phrases (`phrase("`{text}` is not a move.", text=...)`): the
English template is the message id of every catalogue, so a layer that knows its reader's
language translates it (`words.say(error.phrase)`), and `str()` of it is the English, as before.
Constant English words that are translated later (seat names, outcome reasons) are marked with
`N_` so that extraction finds them. What the rules return as text (move descriptions, scores,
outcome reasons) is `Said`: the English as a `str`, as always, keeping its Phrase for
`words.say(text)`; a stored reason (a plain str) is read back by `Game.reason_phrase`. See
docs/languages.md.
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

ParamValue = object
"""A placeholder's value: a str (shown as it is), an int or float (shown as a plain number; use
`Words.number` for a grouped one), a `Phrase` (translated too), or anything else (its `str()`)."""


@dataclass(frozen=True)
class Phrase:
    """Text for a person, not yet in any language: an English template with `{named}`
    placeholders (the message id of the catalogues) and its values. With `plural`, the template
    is the singular and `count` chooses the form (ngettext); `{count}` is the count."""

    template: str
    params: Mapping[str, ParamValue] = field(default_factory=dict)
    plural: str | None = None
    count: float = 0
    context: str | None = None
    """A msgctxt, where the same English needs two translations ("Draw" the offer, "draw" the
    result)."""

    def __str__(self) -> str:
        return ENGLISH.say(self)


def phrase(template: str, /, **params: ParamValue) -> Phrase:
    """A Phrase (marked for extraction: `phrase` is one of the catalogues' keywords)."""
    return Phrase(template, params)


def plural_phrase(singular: str, plural_form: str, count: float, /, **params: ParamValue) -> Phrase:
    """A Phrase in the singular or plural by `count` (`{count}` in the templates is the number)."""
    return Phrase(singular, params, plural_form, count)


def context_phrase(context: str, template: str, /, **params: ParamValue) -> Phrase:
    """A Phrase with a msgctxt (keyword `context_phrase:1c,2`)."""
    return Phrase(template, params, context=context)


def N_(text: str) -> str:
    """Marks an English constant for the catalogues without translating it here (a seat name, an
    outcome's reason); a layer that knows the reader's language calls `words.gettext(text)`."""
    return text


def placeholders(template: str) -> list[str]:
    """The `{named}` placeholders of a template, in order (the catalogue test compares them)."""
    return [name for _, name, _, _ in string.Formatter().parse(template) if name is not None]


@runtime_checkable
class Words(Protocol):
    """One language's way of saying things. `gettext`, `ngettext` and `pgettext` take the English
    template as it is written in the code (extraction reads those calls) and format its named
    placeholders; `say` translates a Phrase (its Phrase values too)."""

    code: str
    """The catalogue's locale ("en", "de", "pt_BR", "ja", ...)."""

    def gettext(self, template: str, /, **params: ParamValue) -> str: ...

    def ngettext(self, singular: str, plural_form: str, count: float, /, **params: ParamValue) -> str: ...

    def pgettext(self, context: str, template: str, /, **params: ParamValue) -> str: ...

    def say(self, text: Phrase | str) -> str: ...

    def number(self, value: float) -> str: ...

    def listing(self, items: Sequence[str], conjunction: str = "and") -> str: ...


def english_number(value: float) -> str:
    """ "7", "1,564", "2.5": what `Words.number` gives in English."""
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,g}"


class Said(str):
    """English text that keeps the Phrase it says: a `str` for every caller that wants English
    (comparing, joining, slicing give the English, as before), which `Words.say` translates by
    its `phrase`. What the rules return as text for a person (move descriptions, scores, outcome
    reasons) is Said; a string made from it (an f-string, a slice) is English only."""

    phrase: Phrase

    def __new__(cls, said: Phrase) -> Said:
        text = super().__new__(cls, str(said))
        text.phrase = said
        return text

    def __reduce__(self) -> tuple[object, ...]:
        return (Said, (self.phrase,))


def shown_value(value: ParamValue, words: Words) -> str:
    """A placeholder's value as text in `words`' language."""
    if isinstance(value, Phrase):
        return words.say(value)
    if isinstance(value, Said):
        return words.say(value.phrase)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def fill(template: str, params: Mapping[str, ParamValue], words: Words) -> str:
    """`template` with its placeholders replaced (a missing or unused one is a bug: KeyError)."""
    if not params:
        return template
    return template.format_map({name: shown_value(value, words) for name, value in params.items()})


class English:
    """The source language: the templates as written (plural: singular for exactly 1)."""

    code = "en"

    def gettext(self, template: str, /, **params: ParamValue) -> str:
        return fill(template, params, self)

    def ngettext(self, singular: str, plural_form: str, count: float, /, **params: ParamValue) -> str:
        chosen = singular if count == 1 else plural_form
        return fill(chosen, {"count": self.number(count), **params}, self)

    def pgettext(self, context: str, template: str, /, **params: ParamValue) -> str:
        return fill(template, params, self)

    def say(self, text: Phrase | str) -> str:
        if isinstance(text, str):
            return str(text)
        if text.plural is not None:
            return self.ngettext(text.template, text.plural, text.count, **text.params)
        return fill(text.template, text.params, self)

    def number(self, value: float) -> str:
        return english_number(value)

    def listing(self, items: Sequence[str], conjunction: str = "and") -> str:
        return listing(items, conjunction)


ENGLISH: Words = English()

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


def listing_phrase(items: Sequence[Phrase | str], conjunction: str = "and") -> Phrase | str:
    """`listing` as a Phrase, so that a reader's language joins the items ("A, B und C"):
    "A", "A and B", "A, B and C" in English ("" for none); `conjunction` "or" for "A, B or C".
    An item may be a Phrase (a seat name), translated too."""
    if len(items) <= 1:
        return items[0] if items else ""
    head = series_phrase(items[:-1])
    if conjunction == "or":
        # TRANSLATORS: the last of a list of choices ("2 or 4", "2, 3 or 4").
        return phrase("{items} or {last}", items=head, last=items[-1])
    # TRANSLATORS: the last item of a list ("c2 and d3", "Sailor, Merchant and Ruler").
    return phrase("{items} and {last}", items=head, last=items[-1])


def counts_phrase(values: Sequence[int]) -> Phrase | str:
    """`counts` as a Phrase: "2 to 6" for a run, "2 or 4" otherwise."""
    ordered = sorted(set(values))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        # TRANSLATORS: a run of numbers of players ("2 to 6").
        return phrase("{low} to {high}", low=ordered[0], high=ordered[-1])
    return listing_phrase([str(value) for value in ordered], "or")


def series_phrase(items: Sequence[Phrase | str]) -> Phrase | str:
    """Items one after the other as a Phrase: "A, B, C" in English (no conjunction)."""
    head: Phrase | str = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: one more item of a list ("c2, d3"): names, squares, moorings, gems.
        head = phrase("{items}, {item}", items=head, item=item)
    return head


def said(words: Words, text: Phrase | str) -> str:
    """A text of the rules in `words`' language: a Phrase, or English that keeps its Phrase
    (`Said`: a move's description, a fresh outcome's reason), said; a constant marked with `N_`
    (a seat's name, a reason with no number) translated. A stored reason: `game.reason_phrase`."""
    return words.say(text) if isinstance(text, Phrase | Said) else words.gettext(text)
