"""Reading the Glass Bead notation, and the words for beads and gems in messages."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import IllegalMoveError, NotAMoveError
from .board import BEAD_NAMES, CUP, LETTERS, Taken


def _pit_index(pit: int | str) -> int:
    if isinstance(pit, str):
        if len(pit) != 1 or pit not in LETTERS:
            raise IllegalMoveError(f"There is no pit `{pit}`: the pits are `A`–`E` and `a`–`e`.")
        return LETTERS.index(pit)
    if not 0 <= pit < 10:
        raise IllegalMoveError(f"There is no pit {pit}.")
    return pit


_SHAPE = "a pit letter and the beads in the order you sow them, e.g. `A05` or `e250 x B5`"


def _parse_text(text: str) -> tuple[int, tuple[int, ...], list[tuple[int, int]] | None]:
    """(pit, beads, gems taken or None) from notation; raises NotAMoveError."""
    s = text.strip()
    shown = f"`{s}`" if s else "An empty text"
    if not s:
        raise NotAMoveError(f"{shown} is not a move: write {_SHAPE}.")
    if s[0] not in LETTERS:
        if s[0].isalpha():
            raise NotAMoveError(
                f"{shown} is not a move: there is no pit `{s[0]}` (South's are `A`–`E`, North's "
                f"`a`–`e`). Write {_SHAPE}."
            )
        raise NotAMoveError(f"{shown} is not a move: write {_SHAPE}.")
    pit = LETTERS.index(s[0])
    body = s[1:]
    cut = min((i for i in (body.find("x"), body.find("X")) if i >= 0), default=-1)
    head, tail = (body, None) if cut < 0 else (body[:cut], body[cut + 1 :])
    digits = "".join(head.split())
    for ch in digits:
        if ch not in "012345":
            raise NotAMoveError(
                f"{shown} is not a move: `{ch}` is not a bead (0 is a stone, 1–5 a gem). Write {_SHAPE}."
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
                f"{shown} is not a move: after ` x ` come the gems taken, as pit groups like `B5` "
                f"and a bare group for the cup, e.g. `e0000 x D55 E4 3`."
            )
        start = i
        while i < len(tail) and tail[i].isdigit():
            i += 1
        run = tail[start:i]
        if not run:
            raise NotAMoveError(
                f"{shown} is not a move: pit `{ch}` after ` x ` needs the values taken, e.g. `B5`."
            )
        for d in run:
            if d not in "12345":
                raise NotAMoveError(
                    f"{shown} is not a move: `{d}` is not a gem that can be taken (gems are 1–5; "
                    f"stones are never taken), e.g. `e250 x B5`."
                )
            groups.append((source, int(d)))
    if not groups:
        raise NotAMoveError(f"{shown} is not a move: ` x ` must be followed by the gems taken, e.g. `x B5`.")
    return pit, beads, groups


def _beads(n: int) -> str:
    return f"{n} bead" if n == 1 else f"{n} beads"


def _gems(n: int) -> str:
    return f"{n} gem" if n == 1 else f"{n} gems"


def _bead_plural(value: int) -> str:
    return BEAD_NAMES[value] + "s"


def _count_of(count: int, value: int) -> str:
    return f"{count} {BEAD_NAMES[value]}s" if count != 1 else f"a {BEAD_NAMES[value]}"


def _describe_counts(counts: Sequence[int]) -> str:
    parts = [_count_of(counts[v], v) for v in range(6) if counts[v]]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def _describe_taken(taken: Taken) -> str:
    parts = []
    for source, value in taken:
        where = "the cup" if source == CUP else f"`{LETTERS[source]}`"
        parts.append(f"{BEAD_NAMES[value]} from {where}")
    return ", ".join(parts)
