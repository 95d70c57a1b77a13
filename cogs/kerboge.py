"""`/kerboge`: Kerboge (4 players) and Jai Kerboge (2), with a step-by-step move builder.

Everything but `new` comes from the shared GameCog. The builder is for players who do not know
the notation. Its first step is a menu on the match message ("take stones from…": the harbour
or one of your moorings); choosing there opens a private message for the player to move, whose
buttons and menus then lead, one click at a time, through the rest: how many stones enter which
mooring, or whether the stones go forward or back and how many go to each mooring, then what to
board. Every choice offered comes from the rules' helpers for the position (`sources`,
`enter_limit`, `enterable`, `forward_targets`, `back_target`, `boardable`, `boarding_limit`),
so only legal moves can be built, and the finished move is checked by the rules again. The last
button, "Play <notation>", plays it through the host like `/kerboge move` (a stale turn is
refused). The builder keeps no state: its progress travels in each component's custom_id (the
`arg`, see `Draft`), so it survives restarts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import partial
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from host import MatchSnapshot
from rules import MoveError
from rules.kerboge import HARBOUR, INITIALS, SEAT_NAMES, STONES, KerbogeState
from rules.text import Words, clip, context_phrase

from .builder import BuilderAnswers, BuilderScreens, DamagedDraft, Screen
from .components import OPTION_TEXT_LIMIT, PLACEHOLDER_LIMIT, ButtonAction, MatchComponent
from .game_cog import GameCog
from .lobby import Choices, Lobby, lobby_command
from .match_message import Picture

COLOURS = (
    context_phrase("seat colour", "blue"),
    context_phrase("seat colour", "red"),
    context_phrase("seat colour", "black"),
    context_phrase("seat colour", "grey"),
)
"""The seats' colours as the rules name them."""

_DIGITS = "0123456789a"
"""One character per count 0–10 in a custom_id."""


class Direction(StrEnum):
    """Where stones leaving a mooring go, as a draft writes it."""

    FORWARD = "f"
    BACK = "b"


class Field(StrEnum):
    """What a builder menu's choice fills, as written in its custom_id (`<draft>~<field>`):
    stored in messages Discord keeps, so the values never change."""

    SOURCE = "source"
    """Where the stones come from: `h` (the harbour) or a mooring."""
    TARGET = "t"
    """The mooring stones from the harbour enter."""
    COUNT = "n"
    """How many stones enter, or go back."""
    SPLIT_1 = "c1"
    SPLIT_2 = "c2"
    SPLIT_3 = "c3"
    """How many stones go 1, 2 and 3 moorings forward."""
    BOARD_0 = "x0"
    BOARD_1 = "x1"
    BOARD_2 = "x2"
    BOARD_3 = "x3"
    """How many stones of seat 0, 1, 2 and 3 are boarded."""

    @classmethod
    def going(cls, index: int) -> Field:
        """The field of the stones going `index + 1` moorings forward."""
        return cls(f"c{index + 1}")

    @classmethod
    def boarded(cls, seat: int) -> Field:
        """The field of the stones of `seat` boarded."""
        return cls(f"x{seat}")

    @property
    def number(self) -> int:
        """The number in the field: how many moorings forward (1–3), or the boarded seat (0–3)."""
        return int(self.value[1])


SPLITS = (Field.SPLIT_1, Field.SPLIT_2, Field.SPLIT_3)
BOARDINGS = (Field.BOARD_0, Field.BOARD_1, Field.BOARD_2, Field.BOARD_3)


@dataclass(frozen=True)
class Draft:
    """A move being built: what the player has chosen so far.

    Written into a custom_id's `arg` as dot-separated tokens, the source first: `h` (harbour) or
    the mooring number, then `n<count>` (stones entering or going back), `t<mooring>` (where
    they enter), `f` or `b` (forward or back), `c<1><2><3>` (stones going 1, 2 and 3 forward),
    `B` (the boarding step), `@<mooring>` (where to board) and `x<seat 0>…` (stones boarded of
    each seat). E.g. `5.f.c121.B.@7.x0010` — at most about 25 characters.
    """

    source: int | None = None
    """HARBOUR (0) or a mooring 1–10; None before the first choice."""
    count: int = 0
    target: int = 0
    direction: Direction | None = None
    """None before it is chosen (moorings only)."""
    split: tuple[int, int, int] = (0, 0, 0)
    boarding: bool = False
    """On the boarding step."""
    at: int = 0
    taken: tuple[int, int, int, int] = (0, 0, 0, 0)

    def encode(self) -> str:
        if self.source is None:
            return ""
        tokens = ["h" if self.source == HARBOUR else str(self.source)]
        if self.count:
            tokens.append(f"n{self.count}")
        if self.target:
            tokens.append(f"t{self.target}")
        if self.direction:
            tokens.append(self.direction)
        if any(self.split):
            tokens.append("c" + "".join(_DIGITS[c] for c in self.split))
        if self.boarding:
            tokens.append("B")
        if self.at:
            tokens.append(f"@{self.at}")
        if any(self.taken):
            tokens.append("x" + "".join(_DIGITS[c] for c in self.taken))
        return ".".join(tokens)

    @classmethod
    def decode(cls, text: str | None) -> Draft:
        """The draft an `arg` describes; a damaged one is refused."""
        if not text:
            return cls()
        try:
            head, *tokens = text.split(".")
            draft = cls(source=HARBOUR if head == "h" else _number(head, 1, 10))
            for token in tokens:
                kind, value = token[:1], token[1:]
                if kind == "n":
                    draft = replace(draft, count=_number(value, 1, STONES))
                elif kind == "t":
                    draft = replace(draft, target=_number(value, 1, 10))
                elif kind in tuple(Direction) and not value:
                    draft = replace(draft, direction=Direction(kind))
                elif kind == "c" and len(value) == 3:
                    a, b, c = (_DIGITS.index(ch) for ch in value)
                    draft = replace(draft, split=(a, b, c))
                elif kind == "B" and not value:
                    draft = replace(draft, boarding=True)
                elif kind == "@":
                    draft = replace(draft, at=_number(value, 1, 10))
                elif kind == "x" and len(value) == 4:
                    w, x, y, z = (_DIGITS.index(ch) for ch in value)
                    draft = replace(draft, taken=(w, x, y, z))
                else:
                    raise ValueError(token)
        except ValueError:
            raise DamagedDraft() from None
        return draft

    def with_choice(self, field: str, value: str) -> Draft:
        """The draft after a menu set `field` to `value` (a menu's custom_id names its field)."""
        try:
            if field == Field.SOURCE:
                return Draft(source=HARBOUR if value == "h" else _number(value, 1, 10))
            number = _number(value, 0, STONES)
            if field == Field.TARGET:
                return replace(self, target=number)
            if field == Field.COUNT:
                return replace(self, count=number)
            if field in SPLITS:
                split = list(self.split)
                split[Field(field).number - 1] = number
                # a new split: any boarding chosen for the old one starts afresh
                return replace(self, split=(split[0], split[1], split[2]), at=0, taken=(0, 0, 0, 0))
            if field in BOARDINGS:
                taken = list(self.taken)
                taken[Field(field).number] = number
                return replace(self, taken=(taken[0], taken[1], taken[2], taken[3]))
        except ValueError:
            pass
        raise DamagedDraft(menu=True)


def _number(text: str, low: int, high: int) -> int:
    if not text.isdigit() or not low <= int(text) <= high:
        raise ValueError(text)
    return int(text)


# -- what a draft says --------------------------------------------------------------------------


def _others(state: KerbogeState, mooring: int, seat: int) -> str:
    """ "2 So, 1 Ru": the other players' stones at a mooring."""
    return ", ".join(f"{n} {INITIALS[s]}" for s, n in state.boardable(mooring, seat).items())


def describe_mooring(state: KerbogeState, mooring: int, seat: int, words: Words) -> str:
    """What a mooring holds, for the seat choosing: "2 of yours, 1 So" or "empty"."""
    parts = []
    mine = state.stones(mooring, seat)
    if mine:
        parts.append(words.ngettext("{count} of yours", "{count} of yours", mine))
    others = _others(state, mooring, seat)
    if others:
        parts.append(others)
    return ", ".join(parts) or words.gettext("empty")


def targets(state: KerbogeState, draft: Draft, seat: int) -> list[int]:
    """The moorings a forward move from the draft's source may reach, nearest first."""
    assert draft.source
    return state.forward_targets(draft.source, seat)


def arrivals(state: KerbogeState, draft: Draft, seat: int) -> dict[int, int]:
    """Stones arriving at each forward target (those with at least one)."""
    return {t: c for t, c in zip(targets(state, draft, seat), draft.split, strict=False) if c}


def board_places(state: KerbogeState, draft: Draft, seat: int) -> dict[int, int]:
    """Where the draft's forward split could board, and how many stones there at most."""
    places = {}
    for mooring, count in arrivals(state, draft, seat).items():
        limit = state.boarding_limit(count)
        if limit and state.boardable(mooring, seat):
            places[mooring] = limit
    return places


def notation(state: KerbogeState, draft: Draft, seat: int) -> str | None:
    """The move the draft names, in notation, when it names a whole move (not checked)."""
    source = draft.source
    if source is None:
        return None
    if source == HARBOUR:
        return f"{draft.count}/{draft.target}" if draft.count and draft.target else None
    if draft.direction == Direction.BACK:
        return f"{draft.count}/{source}-{state.back_target(source)}" if draft.count else None
    if draft.direction != Direction.FORWARD or not any(draft.split):
        return None
    dests = [t for t, c in zip(targets(state, draft, seat), draft.split, strict=False) for _ in range(c)]
    text = f"{len(dests)}/{source}-{','.join(str(d) for d in dests)}"
    if draft.boarding and draft.at and any(draft.taken):
        text += "".join(f" b{n}{INITIALS[s]}@{draft.at}" for s, n in enumerate(draft.taken) if n)
    return text


def checked(state: KerbogeState, text: str | None, words: Words) -> tuple[str | None, str | None]:
    """(canonical notation, None) when `text` is a legal move here, else (None, why not)."""
    if text is None:
        return None, None
    try:
        return str(state.parse(text)), None
    except MoveError as error:
        return None, words.say(error.phrase)


# -- the screens ----------------------------------------------------------------------------------


class Builder(BuilderScreens[KerbogeState, Draft]):
    """Builds each screen for one match, turn and seat (the player to move)."""

    state_type = KerbogeState

    def first_menu(self, picture: Picture) -> MatchComponent | None:
        """Where to take stones from."""
        return self.source_menu(ButtonAction.BUILD_START, 2)

    def decode(self, arg: str) -> Draft:
        return Draft.decode(arg)

    def with_choice(self, text: str, field: str, value: str) -> Draft:
        return Draft.decode(text).with_choice(field, value)

    def notation(self, arg: str | None) -> str | None:
        return notation(self.state, Draft.decode(arg), self.seat)

    def source_options(self) -> list[discord.SelectOption]:
        state, seat, words = self.state, self.seat, self.words
        options = []
        for source in state.sources(seat):
            if source == HARBOUR:
                if state.enter_limit(seat) == 1:
                    label = words.gettext("Harbour: enter 1 stone")
                else:
                    label = words.gettext("Harbour: enter 1 or 2 stones")
                in_harbour = words.ngettext(
                    "{count} stone of yours in the harbour",
                    "{count} stones of yours in the harbour",
                    state.harbour[seat],
                )
                options.append(discord.SelectOption(label=label, value="h", description=in_harbour))
            else:
                options.append(
                    discord.SelectOption(
                        label=words.gettext("Mooring {mooring}: move stones from here", mooring=source),
                        value=str(source),
                        description=clip(describe_mooring(state, source, seat, words), OPTION_TEXT_LIMIT),
                    )
                )
        return options

    def source_menu(self, action: ButtonAction, row: int) -> MatchComponent | None:
        options = self.source_options()
        if not options:
            return None
        name = self.snapshot.seats[self.seat].label
        return self.menu(
            action,
            Draft(),
            Field.SOURCE,
            options,
            clip(
                self.words.gettext("Build a move step by step ({name}): take stones from…", name=name),
                PLACEHOLDER_LIMIT,
            ),
            row=row,
        )

    def count_options(
        self, low: int, high: int, current: int, label: Callable[[int], str]
    ) -> list[discord.SelectOption]:
        """A choice of each count from `low` to `high`, each named by `label` ("2 stones to 5")."""
        return [
            discord.SelectOption(label=label(n), value=str(n), default=n == current and n > 0)
            for n in range(low, high + 1)
        ]

    def stones_of(self, count: int, owner: int) -> str:
        """ "2 stones of the Sailor"."""
        return self.words.ngettext(
            "{count} stone of the {seat}",
            "{count} stones of the {seat}",
            count,
            seat=self.words.gettext(SEAT_NAMES[owner]),
        )

    def stones_to(self, count: int, mooring: int) -> str:
        """ "2 stones to 5"."""
        return self.words.ngettext(
            "{count} stone to {mooring}", "{count} stones to {mooring}", count, mooring=mooring
        )

    def arriving(self, draft: Draft) -> str:
        """ "2 to 5, 1 to 6": the stones arriving at each mooring."""
        arrived = arrivals(self.state, draft, self.seat).items()
        return ", ".join(self.words.gettext("{count} to {mooring}", count=c, mooring=t) for t, c in arrived)

    # screens

    def screen(self, draft: Draft) -> Screen:
        state, seat, words = self.state, self.seat, self.words
        head = words.gettext(
            "**Your move in {title}** (you are the {seat}, {colour}).",
            title=self.snapshot.title,
            seat=words.gettext(SEAT_NAMES[seat]),
            colour=COLOURS[seat],
        )
        draft = self.within_reach(draft)
        if draft.source is None:
            return self.sources_screen(head)
        if draft.source == HARBOUR:
            body, items, draft = self.harbour_screen(draft)
        elif draft.boarding:
            body, items, draft = self.boarding_screen(draft)
        else:
            body, items, draft = self.mooring_screen(draft)
        move, refusal = checked(state, notation(state, draft, seat), words)
        lines = [head, *body]
        if move is not None:
            lines.append(words.gettext("Move: `{move}` — press **Play** to play it.", move=move))
        elif refusal is not None:
            lines.append(f"⚠️ {refusal}")
        label = words.gettext("Play {move}", move=move) if move else words.gettext("Play (choose first)")
        items.append(
            self.button(
                ButtonAction.BUILD_PLAY,
                draft,
                label,
                row=4,
                disabled=move is None,
                style=discord.ButtonStyle.success,
            )
        )
        items.append(self.button(ButtonAction.BUILD_STEP, Draft(), words.gettext("Start over"), row=4))
        return Screen("\n".join(lines), items)

    def within_reach(self, draft: Draft) -> Draft:
        """The draft with every choice the position does not offer undone (a damaged or forged
        custom_id can carry anything; the menus only ever offer what is possible)."""
        state, seat, source = self.state, self.seat, draft.source
        if source is None or source not in state.sources(seat):
            return Draft()
        if source == HARBOUR:
            count = draft.count if draft.count <= state.enter_limit(seat) else 0
            target = draft.target if draft.target in state.enterable(seat) else 0
            return Draft(source=source, count=count, target=target)
        have = state.stones(source, seat)
        if draft.direction == Direction.BACK:
            back = Direction.BACK
            return Draft(source=source, direction=back, count=draft.count if draft.count <= have else 0)
        if draft.direction != Direction.FORWARD:
            return Draft(source=source)
        reach = len(targets(state, draft, seat))
        if sum(draft.split) > have or any(draft.split[reach:]):
            return Draft(source=source, direction=Direction.FORWARD)
        limit = board_places(state, draft, seat).get(draft.at, 0)
        there = state.boardable(draft.at, seat) if draft.at else {}
        fits = sum(draft.taken) <= limit and all(n <= there.get(s, 0) for s, n in enumerate(draft.taken) if n)
        if not fits:
            draft = replace(draft, at=0, taken=(0, 0, 0, 0))
        return replace(draft, count=0, target=0)

    def sources_screen(self, head: str) -> Screen:
        menu = self.source_menu(ButtonAction.BUILD_STEP, 0)
        if menu is None:
            none = self.words.gettext("You have no move to build: the host plays it for you.")
            return Screen(f"{head}\n{none}", [])
        take = self.words.gettext("Take stones from the harbour or from one of your moorings:")
        return Screen(f"{head}\n{take}", [menu])

    def harbour_screen(self, draft: Draft) -> tuple[list[str], list[discord.ui.Item[Any]], Draft]:
        state, seat, words = self.state, self.seat, self.words
        limit = state.enter_limit(seat)
        if limit == 1 and draft.count != 1:
            draft = replace(draft, count=1)
        body = [
            words.ngettext(
                "Enter stones from the harbour ({count} stone there) into an empty "
                "mooring or one holding your own stones. Entering never boards.",
                "Enter stones from the harbour ({count} stones there) into an empty "
                "mooring or one holding your own stones. Entering never boards.",
                state.harbour[seat],
            )
        ]
        items: list[discord.ui.Item[Any]] = [
            self.button(
                ButtonAction.BUILD_STEP,
                replace(draft, count=n),
                words.ngettext("{count} stone", "{count} stones", n),
                row=0,
                selected=draft.count == n,
                disabled=n > limit,
            )
            for n in (1, 2)
        ]
        options = [
            discord.SelectOption(
                label=words.gettext("Mooring {mooring}", mooring=m),
                value=str(m),
                description=describe_mooring(state, m, seat, words),
                default=m == draft.target,
            )
            for m in state.enterable(seat)
        ]
        into = words.gettext("Into which mooring?")
        items.append(self.menu(ButtonAction.BUILD_STEP, draft, Field.TARGET, options, into, row=1))
        if not draft.count:
            body.append(words.gettext("How many stones enter: 1 or 2?"))
        if not draft.target:
            body.append(into)
        return body, items, draft

    def mooring_screen(self, draft: Draft) -> tuple[list[str], list[discord.ui.Item[Any]], Draft]:
        state, seat, words = self.state, self.seat, self.words
        source = draft.source
        assert source
        have = state.stones(source, seat)
        back = state.back_target(source)
        body = [
            words.ngettext(
                "From mooring {source} ({count} stone of yours): stones go forward, each 1–3 "
                "moorings (passing at most one mooring with other players' stones), or all exactly one "
                "back, to {back}.",
                "From mooring {source} ({count} stones of yours): stones go forward, each 1–3 "
                "moorings (passing at most one mooring with other players' stones), or all exactly one "
                "back, to {back}.",
                have,
                source=source,
                back=back,
            )
        ]
        items: list[discord.ui.Item[Any]] = [
            self.button(
                ButtonAction.BUILD_STEP,
                Draft(source=source, direction=Direction.FORWARD),
                words.gettext("Forward"),
                row=0,
                selected=draft.direction == Direction.FORWARD,
            ),
            self.button(
                ButtonAction.BUILD_STEP,
                Draft(source=source, direction=Direction.BACK, count=have if have == 1 else 0),
                words.gettext("All back to {mooring}", mooring=back),
                row=0,
                selected=draft.direction == Direction.BACK,
            ),
        ]
        if draft.direction == Direction.BACK:
            options = self.count_options(
                1,
                have,
                draft.count,
                lambda n: words.ngettext(
                    "{count} stone back to {mooring}", "{count} stones back to {mooring}", n, mooring=back
                ),
            )
            question = words.gettext("How many go back to {mooring}?", mooring=back)
            items.append(self.menu(ButtonAction.BUILD_STEP, draft, Field.COUNT, options, question, row=1))
            if not draft.count:
                body.append(words.gettext("How many stones go back to {mooring}?", mooring=back))
            else:
                body.append(
                    words.ngettext(
                        "{count} stone goes back to {mooring}. A move backward never boards.",
                        "{count} stones go back to {mooring}. A move backward never boards.",
                        draft.count,
                        mooring=back,
                    )
                )
            return body, items, draft
        if draft.direction != Direction.FORWARD:
            body.append(words.gettext("Forward or back?"))
            return body, items, draft
        reach = targets(state, draft, seat)
        moving = sum(draft.split)
        for index, target in enumerate(reach):
            current = draft.split[index]
            room = have - (moving - current)
            options = self.count_options(
                0,
                room,
                current,
                partial(self.stones_to, mooring=target),
            )
            placeholder = words.gettext(
                "How many go to {mooring} ({steps} forward; {holds})?",
                mooring=target,
                steps=index + 1,
                holds=describe_mooring(state, target, seat, words),
            )
            items.append(
                self.menu(
                    ButtonAction.BUILD_STEP,
                    draft,
                    Field.going(index),
                    options,
                    clip(placeholder, PLACEHOLDER_LIMIT),
                    row=1 + index,
                )
            )
        if len(reach) == 2:
            body.append(
                words.gettext(
                    "Mooring {mooring} is out of reach: the stones would pass two moorings "
                    "with other players' stones.",
                    mooring=forward_name(reach),
                )
            )
        if moving:
            body.append(
                words.ngettext(
                    "{count} stone go forward: {where}.",
                    "{count} stones go forward: {where}.",
                    moving,
                    where=self.arriving(draft),
                )
            )
        else:
            body.append(words.gettext("Choose how many stones go to each mooring."))
        places = board_places(state, draft, seat)
        if places:
            listed = ", ".join(
                words.gettext("up to {count} at {mooring}", count=n, mooring=m) for m, n in places.items()
            )
            body.append(
                words.gettext(
                    "You may board ({places}): press **Board…**, or play without boarding.", places=listed
                )
            )
        items.append(
            self.button(
                ButtonAction.BUILD_STEP,
                replace(draft, boarding=True),
                words.gettext("Board…"),
                row=4,
                disabled=not places,
                style=discord.ButtonStyle.primary,
            )
        )
        return body, items, draft

    def boarding_screen(self, draft: Draft) -> tuple[list[str], list[discord.ui.Item[Any]], Draft]:
        state, seat, words = self.state, self.seat, self.words
        places = board_places(state, draft, seat)
        if draft.at not in places:
            draft = replace(draft, at=0, taken=(0, 0, 0, 0))
        body = [
            words.ngettext(
                "Moving {count} stone forward from {source}: {where}.",
                "Moving {count} stones forward from {source}: {where}.",
                sum(draft.split),
                source=str(draft.source),
                where=self.arriving(draft),
            ),
            words.gettext(
                "For every two stones arriving in a mooring, you may board one stone of another player "
                "there (one mooring per move)."
            ),
        ]
        items: list[discord.ui.Item[Any]] = [
            self.button(
                ButtonAction.BUILD_STEP,
                replace(draft, at=mooring, taken=(0, 0, 0, 0)),
                words.gettext("Board at {mooring} (up to {count})", mooring=mooring, count=limit),
                row=0,
                selected=draft.at == mooring,
            )
            for mooring, limit in places.items()
        ]
        items.append(
            self.button(
                ButtonAction.BUILD_STEP,
                replace(draft, boarding=False, at=0, taken=(0, 0, 0, 0)),
                words.gettext("Back: no boarding"),
                row=0,
            )
        )
        if not draft.at:
            body.append(words.gettext("Where do you board?"))
            return body, items, draft
        limit = places[draft.at]
        chosen = sum(draft.taken)
        for row, (owner, there) in enumerate(state.boardable(draft.at, seat).items(), start=1):
            current = draft.taken[owner]
            high = min(there, limit - (chosen - current))
            options = self.count_options(0, high, current, partial(self.stones_of, owner=owner))
            placeholder = words.gettext(
                "Board how many {seat} stones ({initials}, {count} at {mooring})?",
                seat=words.gettext(SEAT_NAMES[owner]),
                initials=INITIALS[owner],
                count=there,
                mooring=draft.at,
            )
            items.append(
                self.menu(ButtonAction.BUILD_STEP, draft, Field.boarded(owner), options, placeholder, row=row)
            )
        if chosen:
            names = ", ".join(self.stones_of(n, s) for s, n in enumerate(draft.taken) if n)
            body.append(
                words.gettext(
                    "Boarding at {mooring}: {stones} (up to {count}).",
                    mooring=draft.at,
                    stones=names,
                    count=limit,
                )
            )
        else:
            body.append(
                words.gettext(
                    "Choose the stones to board at {mooring} (up to {count}).", mooring=draft.at, count=limit
                )
            )
        return body, items, draft


def forward_name(reach: list[int]) -> str:
    """The mooring three forward that a forward move cannot reach (reach has the other two)."""
    return str(reach[-1] % 10 + 1)


PLAYER_COUNTS = [
    app_commands.Choice(name=locale_str("4 players — Kerboge"), value=4),
    app_commands.Choice(name=locale_str("2 players — Jai Kerboge"), value=2),
]


class KerbogeCog(
    BuilderAnswers,
    GameCog,
    group_name="kerboge",
    group_description=locale_str(
        "Kerboge (4 players) and Jai Kerboge (2): moorings, boarding and the Serpent"
    ),
):
    """Kerboge (4 players) and Jai Kerboge (2): moorings, boarding and the Serpent"""

    @lobby_command(
        locale_str("Open a Kerboge (4 players) or Jai Kerboge (2) lobby here"),
        invite=True,
        players=Choices(locale_str("4 players: Kerboge; 2 players: Jai Kerboge (default 4)"), PLAYER_COUNTS),
    )
    def new(self, players: int = 4) -> Lobby:
        return Lobby(seats=players)

    # -- the move builder -------------------------------------------------------------------------

    def builder(self, snapshot: MatchSnapshot, words: Words) -> Builder | None:
        return Builder.for_mover(snapshot, words)


__all__ = ["Builder", "Direction", "Draft", "Field", "KerbogeCog"]
