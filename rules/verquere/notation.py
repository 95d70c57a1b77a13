"""Verquere's notation: writing a turn in its canonical form, and reading the steps a player wrote."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain, pairwise
from typing import Any, NamedTuple

from ..base import NotAMoveError
from ..text import QUOTED_LIMIT, Phrase, clip, phrase, plural_phrase, read_number, shown_number
from .board import _NO_POINTS, BAR, OFF, POINTS, Key, Steps, _apply, _check_step, _point_name, _vulnerable

# -- writing a turn ------------------------------------------------------------------------------------

Path = tuple[tuple[int, ...], tuple[bool, ...]]
"""One man's path as written: its points and, for each point, whether a hit happened there."""


def _orders(
    view: bytearray, steps: list[tuple[int, int, int]], five_blots: bool, five_closed: bool
) -> Iterator[tuple[tuple[int, int, bool], ...]]:
    """Every legal order of a multiset of steps (start, end, die), with the hit of each step."""

    def rec(
        v: bytearray,
        left: list[tuple[int, int, int]],
        done: tuple[tuple[int, int, bool], ...],
        vuln: frozenset[int],
    ) -> Iterator[tuple[tuple[int, int, bool], ...]]:
        if not left:
            yield done
            return
        for i, (p, t, d) in enumerate(left):
            if (p, t, d) in left[:i] or _check_step(v, p, d, five_blots, vuln) is not None:
                continue
            nv, hit, ended = _apply(v, p, t)
            if ended and len(left) > 1:
                continue
            rest = left[:i] + left[i + 1 :]
            yield from rec(nv, rest, (*done, (p, t, hit)), _vulnerable(nv) if hit and five_closed else vuln)

    return rec(view, steps, (), _vulnerable(view) if five_closed else _NO_POINTS)


def _ascending_order(
    view: bytearray, steps: Steps, five_blots: bool, five_closed: bool
) -> tuple[tuple[int, int, bool], ...] | None:
    """The steps played from the lowest starting point up, if that order is legal: every step
    arriving on a point then comes before every step leaving it, so this order allows every
    joining of steps into men's paths that any order allows."""
    vuln = _vulnerable(view) if five_closed else _NO_POINTS
    done: list[tuple[int, int, bool]] = []
    for n, (p, t, d) in enumerate(steps):
        if _check_step(view, p, d, five_blots, vuln) is not None:
            return None
        view, hit, ended = _apply(view, p, t)
        if ended and n < len(steps) - 1:
            return None
        if hit and five_closed:
            vuln = _vulnerable(view)
        done.append((p, t, hit))
    return tuple(done)


def _chainings(order: tuple[tuple[int, int, bool], ...]) -> Iterator[list[Path]]:
    """Every way of writing steps played in this order as men's paths with the fewest tokens.

    A step continues a path when an earlier step of the order landed where it starts (the same
    man may have gone on); always continuing one when possible joins as many steps as possible.
    """

    def rec(i: int, paths: list[Path]) -> Iterator[list[Path]]:
        if i == len(order):
            yield paths
            return
        a, b, hit = order[i]
        options = sorted({p for p in paths if a != BAR and p[0][-1] == a})
        if not options:
            yield from rec(i + 1, [*paths, ((a, b), (False, hit))])
            return
        for chosen in options:
            j = paths.index(chosen)
            grown = ((*chosen[0], b), (*chosen[1], hit))
            yield from rec(i + 1, [*paths[:j], grown, *paths[j + 1 :]])

    return rec(0, [])


def _canonical(
    start: Key, ways: list[Steps], five_blots: bool, five_closed: bool
) -> tuple[tuple[tuple[int, ...], ...], frozenset[tuple[int, int]]]:
    """The canonical tokens of a turn and the (token, index) places of its `*` marks.

    Among every legal way of playing steps that reach the position, written as men's paths from
    the highest start down: the fewest tokens, then the fewest steps, then the lowest points.
    """
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[Path, ...]] | None = None
    seen: set[Steps] = set()
    for steps in ways:
        multiset = tuple(sorted(steps))
        if multiset in seen:
            continue
        seen.add(multiset)
        ascending = _ascending_order(bytearray(start), multiset, five_blots, five_closed)
        orders = (
            [ascending] if ascending else _orders(bytearray(start), list(multiset), five_blots, five_closed)
        )
        for order in orders:
            for paths in _chainings(order):
                written = tuple(sorted(paths, reverse=True))
                rank = (len(written), len(order), tuple(chain.from_iterable(p[0] for p in written)))
                if best is None or rank < best[0]:
                    best = (rank, written)
    assert best is not None, "a legal turn has a legal order"
    tokens = tuple(p[0] for p in best[1])
    marks = frozenset((t, i) for t, p in enumerate(best[1]) for i, hit in enumerate(p[1]) if hit)
    return tokens, marks


# -- reading a turn ----------------------------------------------------------------------------------

_ROLL_RE = re.compile(r"roll\s*([0-9])\s*[-–x/ ]?\s*([0-9])")
_POINT_TEXT_RE = re.compile(r"bar|off|\d+")


class _Unit(NamedTuple):
    """One written step `start/end` (several dice when its touchdowns are left out)."""

    start: int
    end: int
    touchdown: bool
    """Whether `end` is a touchdown written inside a longer token (the 4 of `1/4/9`)."""

    def __str__(self) -> str:
        return f"{_point_name(self.start)}/{_point_name(self.end)}"


def _units(text: str) -> list[_Unit]:
    """The written steps of a turn; raises NotAMoveError (with just the reason) on bad syntax."""
    flat = re.sub(r"\s*/\s*", "/", text.replace("*", "").replace(",", " ")).lower().split()
    if not flat:
        raise NotAMoveError(phrase("it is empty"))
    units: list[_Unit] = []
    for written in flat:
        parts = written.split("/")
        token = clip(written, QUOTED_LIMIT)  # as a refusal quotes it
        if len(parts) < 2 or not all(_POINT_TEXT_RE.fullmatch(p) for p in parts):
            raise NotAMoveError(phrase("`{token}` is not a step", token=token))
        points: list[int] = []
        for i, part in enumerate(parts):
            if part == "bar":
                if i != 0:
                    raise NotAMoveError(
                        phrase("in `{token}`, `bar` can only come first (entering a man)", token=token)
                    )
                points.append(BAR)
            elif part == "off":
                if i != len(parts) - 1:
                    raise NotAMoveError(
                        phrase("in `{token}`, `off` can only come last (bearing off)", token=token)
                    )
                points.append(OFF)
            else:
                n = read_number(part)
                if n is None or not 1 <= n <= POINTS:
                    raise NotAMoveError(
                        phrase(
                            "there is no point {point}: the points are numbered 1–24",
                            point=shown_number(part),
                        )
                    )
                points.append(n)
        for a, b in pairwise(points):
            if b <= a:
                raise NotAMoveError(
                    phrase(
                        "in `{token}` a man moves backwards, but men move from your home, point 1, "
                        "towards 24 in your own numbering",
                        token=token,
                    )
                )
        units.extend(_Unit(points[i - 1], points[i], i < len(points) - 1) for i in range(1, len(points)))
    return units


def _dice_paths(unit: _Unit, rem: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The orders of dice (from the remaining ones) that carry a man along one written step."""
    out: list[tuple[int, ...]] = []

    def rec(pos: int, left: tuple[int, ...], used: tuple[int, ...]) -> None:
        for i, d in enumerate(left):
            if d in left[:i]:
                continue
            np = pos + d
            rest = left[:i] + left[i + 1 :]
            if unit.end == OFF:
                if np >= 25:
                    out.append((*used, d))
                else:
                    rec(np, rest, (*used, d))
            elif np == unit.end:
                out.append((*used, d))
            elif np < unit.end:
                rec(np, rest, (*used, d))

    rec(unit.start, rem, ())
    return out


class _Realized(NamedTuple):
    finals: dict[Key, int]
    """Each position the written steps reach, with the number of dice used."""
    failure: Phrase
    hidden: dict[Key, int]
    """Each position's fewest touchdowns that the text left out (0: reached as written)."""
    """The first rule broken on the path that went furthest (when nothing was reached)."""


def _realize(
    view: bytearray, dice: tuple[int, ...], units: list[_Unit], five_blots: bool, five_closed: bool
) -> _Realized:
    """Play the written steps in every order and with every choice of dice, as the rules allow.

    A written step that needs several dice (its touchdowns left out) moves one man die by die;
    other steps may come in between.
    """
    finals: dict[Key, int] = {}
    hidden: dict[Key, int] = {}
    failure: list[Any] = [-1, phrase("")]
    total = len(dice)

    def fail(depth: int, why: Phrase) -> None:
        if depth > failure[0]:
            failure[0] = depth
            failure[1] = why

    def rec(
        v: bytearray,
        rem: tuple[int, ...],
        pending: list[tuple[_Unit, int]],
        vuln: frozenset[int],
        unwritten: int = 0,
    ) -> None:
        if not pending:
            key = bytes(v)
            finals.setdefault(key, total - len(rem))
            hidden[key] = min(hidden.get(key, unwritten), unwritten)
            return
        depth = total - len(rem)
        tried: set[tuple[_Unit, int, int]] = set()
        for i, (unit, pos) in enumerate(pending):
            if not _dice_paths(_Unit(pos, unit.end, False), rem):
                left = "-".join(str(d) for d in rem) or "none"
                fail(
                    depth,
                    phrase(
                        "after the other steps, the dice left ({left}) cannot make `{step}`",
                        left=left if rem else phrase("none"),
                        step=str(unit),
                    ),
                )
                continue
            for j, d in enumerate(rem):
                if (unit, pos, d) in tried:
                    continue
                tried.add((unit, pos, d))
                reach = pos + d
                if reach > unit.end and unit.end != OFF:
                    continue
                rest_dice = rem[:j] + rem[j + 1 :]
                end = OFF if reach >= 25 else reach
                final = end == unit.end
                if not final and not _dice_paths(_Unit(end, unit.end, False), rest_dice):
                    continue
                why = _check_step(v, pos, d, five_blots, vuln)
                if why is not None:
                    if not final or unit.touchdown:
                        fail(
                            depth,
                            phrase(
                                "`{step}` cannot touch down on {point}: {why}",
                                step=str(unit),
                                point=end,
                                why=why,
                            ),
                        )
                    else:
                        fail(depth, phrase("`{step}` is not allowed: {why}", step=str(unit), why=why))
                    continue
                nv, hit, ended = _apply(v, pos, end)
                rest = (
                    pending[:i] + pending[i + 1 :]
                    if final
                    else [*pending[:i], (unit, end), *pending[i + 1 :]]
                )
                if ended and rest:
                    step = f"{_point_name(pos)}/{_point_name(end)}"
                    fail(
                        depth + 1,
                        phrase("the game is over after `{step}`, so the rest cannot be played", step=step),
                    )
                    continue
                vulnerable = _vulnerable(nv) if hit and five_closed else vuln
                rec(nv, rest_dice, rest, vulnerable, unwritten + (not final))

    shown = "-".join(str(d) for d in dice[:2])
    for unit in units:
        if not _dice_paths(unit, dice):
            distance = (25 if unit.end == OFF else unit.end) - unit.start
            if unit.end == OFF:
                return _Realized(
                    {},
                    phrase(
                        "`{step}` needs {distance} points or more, more than your roll {roll} makes",
                        step=str(unit),
                        distance=distance,
                        roll=shown,
                    ),
                    {},
                )
            return _Realized(
                {},
                plural_phrase(
                    "`{step}` is {count} point, which no die or dice of your roll {roll} make",
                    "`{step}` is {count} points, which no die or dice of your roll {roll} make",
                    distance,
                    step=str(unit),
                    roll=shown,
                ),
                {},
            )
    rec(view, dice, [(u, u.start) for u in units], _vulnerable(view) if five_closed else _NO_POINTS)
    if failure[0] < 0:
        failure[1] = phrase("your roll {roll} cannot make all of these steps together", roll=shown)
    return _Realized(finals, failure[1], hidden)
