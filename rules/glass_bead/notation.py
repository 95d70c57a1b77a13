"""Reading the Glass Bead notation, and the words for beads and gems in messages."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import IllegalMoveError, NotAMoveError
from ..text import N_, Phrase, listing_phrase, phrase, plural_phrase, series_phrase
from .board import BEAD_NAMES, CUP, LETTERS, Taken


def _pit_index(pit: int | str) -> int:
    if isinstance(pit, str):
        if len(pit) != 1 or pit not in LETTERS:
            raise IllegalMoveError(
                phrase("There is no pit `{pit}`: the pits are `A`–`E` and `a`–`e`.", pit=pit)
            )
        return LETTERS.index(pit)
    if not 0 <= pit < 10:
        raise IllegalMoveError(phrase("There is no pit {pit}.", pit=pit))
    return pit


_SHAPE = phrase("a pit letter and the beads in the order you sow them, e.g. `A05` or `e250 x B5`")


def _parse_text(text: str) -> tuple[int, tuple[int, ...], list[tuple[int, int]] | None]:
    """(pit, beads, gems taken or None) from notation; raises NotAMoveError."""
    s = text.strip()
    if not s:
        raise NotAMoveError(phrase("An empty text is not a move: write {shape}.", shape=_SHAPE))
    shown = f"`{s}`"
    if s[0] not in LETTERS:
        if s[0].isalpha():
            raise NotAMoveError(
                phrase(
                    "{text} is not a move: there is no pit `{pit}` (South's are `A`–`E`, North's "
                    "`a`–`e`). Write {shape}.",
                    text=shown,
                    pit=s[0],
                    shape=_SHAPE,
                )
            )
        raise NotAMoveError(phrase("{text} is not a move: write {shape}.", text=shown, shape=_SHAPE))
    pit = LETTERS.index(s[0])
    body = s[1:]
    cut = min((i for i in (body.find("x"), body.find("X")) if i >= 0), default=-1)
    head, tail = (body, None) if cut < 0 else (body[:cut], body[cut + 1 :])
    digits = "".join(head.split())
    for ch in digits:
        if ch not in "012345":
            raise NotAMoveError(
                phrase(
                    "{text} is not a move: `{bead}` is not a bead (0 is a stone, 1–5 a gem). Write {shape}.",
                    text=shown,
                    bead=ch,
                    shape=_SHAPE,
                )
            )
    beads = tuple(int(ch) for ch in digits)
    if tail is None:
        return pit, beads, None
    groups: list[tuple[int, int]] = []
    i = 0
    while i < len(tail):
        ch = tail[i]
        if ch.isspace():
            i += 1
            continue
        source = CUP
        if ch in LETTERS:
            source = LETTERS.index(ch)
            i += 1
            while i < len(tail) and tail[i].isspace():
                i += 1
        elif not ch.isdigit():
            raise NotAMoveError(
                phrase(
                    "{text} is not a move: after ` x ` come the gems taken, as pit groups like `B5` "
                    "and a bare group for the cup, e.g. `e0000 x D55 E4 3`.",
                    text=shown,
                )
            )
        start = i
        while i < len(tail) and tail[i].isdigit():
            i += 1
        run = tail[start:i]
        if not run:
            raise NotAMoveError(
                phrase(
                    "{text} is not a move: pit `{pit}` after ` x ` needs the values taken, e.g. `B5`.",
                    text=shown,
                    pit=ch,
                )
            )
        for d in run:
            if d not in "12345":
                raise NotAMoveError(
                    phrase(
                        "{text} is not a move: `{bead}` is not a gem that can be taken (gems are 1–5; "
                        "stones are never taken), e.g. `e250 x B5`.",
                        text=shown,
                        bead=d,
                    )
                )
            groups.append((source, int(d)))
    if not groups:
        raise NotAMoveError(
            phrase("{text} is not a move: ` x ` must be followed by the gems taken, e.g. `x B5`.", text=shown)
        )
    return pit, beads, groups


def _beads(n: int) -> Phrase:
    return plural_phrase("{count} bead", "{count} beads", n)


def _gems(n: int) -> Phrase:
    return plural_phrase("{count} gem", "{count} gems", n)


BEAD_COUNTS = (
    plural_phrase("a stone", "{count} stones", 0),
    plural_phrase("a yellow gem", "{count} yellow gems", 0),
    plural_phrase("a green gem", "{count} green gems", 0),
    plural_phrase("a blue gem", "{count} blue gems", 0),
    plural_phrase("a red gem", "{count} red gems", 0),
    plural_phrase("a purple gem", "{count} purple gems", 0),
)
"""So many beads of each value ("a purple gem", "2 purple gems"), with no count yet."""
BEAD_COLOURS = (N_("stone"), N_("yellow"), N_("green"), N_("blue"), N_("red"), N_("purple"))
"""Each bead value's short name, for the order of a sowing ("purple→`C`")."""


def _count_of(count: int, value: int) -> Phrase:
    form = BEAD_COUNTS[value]
    return Phrase(form.template, {}, form.plural, count)


def _describe_counts(counts: Sequence[int]) -> Phrase | str:
    parts = [_count_of(counts[v], v) for v in range(6) if counts[v]]
    return listing_phrase(parts) if parts else phrase("nothing")


def _gem_from(value: int, source: int) -> Phrase:
    """ "purple gem from `B`", "red gem from the cup"."""
    where: Phrase | str = phrase("the cup") if source == CUP else f"`{LETTERS[source]}`"
    return phrase("{bead} from {where}", bead=Phrase(BEAD_NAMES[value]), where=where)


def _describe_taken(taken: Taken) -> Phrase | str:
    return series_phrase([_gem_from(value, source) for source, value in taken])
