"""`/glass-bead`: the Glass Bead Game, with a step-by-step move builder.

Everything but `new` comes from the shared GameCog: `move` autocompletes from the rules'
`suggest` (one sensible move per pit when nothing is typed, else the legal moves that begin with
the text), and the menu of legal moves appears when a position has 25 or fewer (the base counts
the lazy sequence first, it never lists millions).

The builder is for players who do not know the notation. Its first step is a menu of the pits
that can be sown, on the match message; choosing one opens a private message for the player to
move, whose buttons then take the beads one at a time in the order the player wants (with Undo,
and "the rest, low to high"), then, when the move captures indirectly, the gems to take (one menu
of every choice when there are 25 or fewer, else one gem at a time). Every step is checked by the
rules' builder helpers (`playable_pits`, `next_beads`, `gems_to_take`, `capture_choices`), and
the finished move again when "Play <notation>" plays it through the host like `/glass-bead move`
(a stale turn is refused). The progress travels in each component's custom_id (see `Draft`), so
the builder keeps no state and survives restarts.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import discord
from discord.app_commands import locale_str

from host import MatchSnapshot
from rules import MoveError
from rules.glass_bead import BEAD_NAMES, CUP, LETTERS, PATHS, SEAT_NAMES, GlassBeadState, Sowing
from rules.text import Words, clip, context_phrase

from .builder import BuilderAnswers, BuilderScreens, DamagedDraft, Screen
from .components import MENU_LIMIT, OPTION_TEXT_LIMIT, PLACEHOLDER_LIMIT, ButtonAction, MatchComponent
from .game_cog import GameCog
from .lobby import Lobby, lobby_command
from .match_message import Picture

RESTART = "restart"
"""The `arg` of "Start over" (the empty draft's is empty: one message's custom_ids must differ)."""

EMOJI = ("⚫", "🟡", "🟢", "🔵", "🔴", "🟣")
"""A bead of each value, as Discord shows it (the value is always written beside it)."""
CUP_MARK = "@"
"""A gem taken from the opponent's cup, in a draft's tokens (pits are their letters)."""
BUTTONS_PER_ROW = 5
COLOURS = (
    context_phrase("bead", "stone"),
    context_phrase("bead", "yellow"),
    context_phrase("bead", "green"),
    context_phrase("bead", "blue"),
    context_phrase("bead", "red"),
    context_phrase("bead", "purple"),
)
"""Each bead value's colour word, as a bead button names it ("5 purple ×2"); `BEAD_NAMES` are
the whole names ("purple gem")."""


class Field(StrEnum):
    """What a builder menu's choice fills, as written in its custom_id (`<draft>~<field>`):
    stored in messages Discord keeps, so the values never change."""

    PIT = "pit"
    """The pit to sow (the choice is its letter)."""
    TAKE = "take"
    """Every gem of an indirect capture at once (the choice is their tokens)."""
    GEM = "gem"
    """The next gem of an indirect capture (the choice is its token)."""


# -- the draft --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Draft:
    """A move being built: the pit, the beads sown so far and the gems chosen so far.

    Written into a custom_id's `arg` as the pit letter and the bead values, then, once gems are
    chosen, `x` and one token per gem: the letter of the pit it comes from (or `@`, the cup) and
    its value. E.g. `e25` (two beads sown), `e250xB5`, `e0000xE4E2@5@3` — a pit of 20 beads and
    five gems make 32 characters.
    """

    pit: int | None = None
    beads: tuple[int, ...] = ()
    taken: tuple[tuple[int, int], ...] = ()
    """(source, value): source a pit 0–9 or CUP, as in `Sowing.taken`."""

    @property
    def letter(self) -> str:
        return LETTERS[self.pit] if self.pit is not None else ""

    @property
    def sowing(self) -> str:
        """The pit and the beads sown so far, e.g. `e25`."""
        return self.letter + "".join(map(str, self.beads))

    def encode(self) -> str:
        if self.pit is None:
            return ""
        text = self.sowing
        if self.taken:
            text += "x" + "".join((CUP_MARK if s == CUP else LETTERS[s]) + str(v) for s, v in self.taken)
        return text

    @classmethod
    def decode(cls, text: str | None) -> Draft:
        """The draft an `arg` describes; a damaged one is refused."""
        if not text:
            return cls()
        head, _, gems = text.partition("x")
        if not head or head[0] not in LETTERS or any(ch not in "012345" for ch in head[1:]):
            raise DamagedDraft()
        if len(gems) % 2 or any(
            gems[i] not in LETTERS + CUP_MARK or gems[i + 1] not in "12345" for i in range(0, len(gems), 2)
        ):
            raise DamagedDraft()
        taken = tuple(
            (CUP if gems[i] == CUP_MARK else LETTERS.index(gems[i]), int(gems[i + 1]))
            for i in range(0, len(gems), 2)
        )
        return cls(LETTERS.index(head[0]), tuple(int(ch) for ch in head[1:]), taken)

    def notation(self) -> str:
        """The move in notation (complete or not: the rules check it)."""
        assert self.pit is not None
        if not self.taken:
            return self.sowing
        return str(Sowing(self.pit, self.beads, self.taken, "indirect"))


def gem_token(source: int, value: int) -> str:
    return (CUP_MARK if source == CUP else LETTERS[source]) + str(value)


def gem_text(source: int, value: int, words: Words) -> str:
    """ "purple gem (5) from B" or "… from the cup"."""
    gem = words.gettext(BEAD_NAMES[value])
    if source == CUP:
        return words.gettext("{gem} ({value}) from the cup", gem=gem, value=value)
    return words.gettext("{gem} ({value}) from {pit}", gem=gem, value=value, pit=LETTERS[source])


def bead_label(value: int, left: int, words: Words) -> str:
    return words.gettext("{value} {colour} ×{left}", value=value, colour=COLOURS[value], left=left)


def spaced(values: tuple[int, ...], words: Words) -> str:
    return " ".join(map(str, values)) or words.gettext("nothing")


# -- the screens ------------------------------------------------------------------------------------


class Builder(BuilderScreens[GlassBeadState, Draft]):
    """Builds each screen of the builder for one match, turn and seat (the player to move)."""

    state_type = GlassBeadState

    def first_menu(self, picture: Picture) -> MatchComponent | None:
        """The pits to sow, with how many moves each has when the picture counted them."""
        counts = dict(picture.pit_moves) if isinstance(picture, BeadPicture) else None
        return self.pit_menu(ButtonAction.BUILD_START, 2, counts)

    def decode(self, arg: str) -> Draft:
        return Draft() if arg == RESTART else Draft.decode(arg)

    def with_choice(self, text: str, field: str, value: str) -> Draft:
        draft = Draft.decode(text)
        if field == Field.PIT:
            return Draft.decode(value if len(value) == 1 else "!")
        if field == Field.TAKE:
            return Draft.decode(f"{draft.sowing}x{value}")
        if field == Field.GEM:
            return Draft.decode(f"{draft.encode()}{'' if draft.taken else 'x'}{value}")
        raise DamagedDraft()

    def notation(self, arg: str | None) -> str | None:
        draft = Draft.decode(arg)
        return draft.notation() if draft.pit is not None else None

    def pit_menu(
        self, action: ButtonAction, row: int, counts: dict[str, int] | None = None
    ) -> MatchComponent | None:
        """The menu of the pits that can be sown (with how many moves each has, when known)."""
        words = self.words
        options = []
        for letter in self.state.playable_pits():
            beads = self.state.beads(letter)
            described = words.ngettext("{count} bead", "{count} beads", len(beads))
            if counts is not None and letter in counts:
                described = words.ngettext(
                    "{beads}, {count} possible move",
                    "{beads}, {count} possible moves",
                    counts[letter],
                    beads=described,
                )
            options.append(
                discord.SelectOption(
                    label=clip(
                        words.gettext("Pit {pit}: {beads}", pit=letter, beads=spaced(beads, words)),
                        OPTION_TEXT_LIMIT,
                    ),
                    value=letter,
                    description=clip(described, OPTION_TEXT_LIMIT),
                )
            )
        if not options:
            return None
        name = self.snapshot.seats[self.seat].label
        placeholder = clip(
            words.gettext("Build a move step by step ({name}): sow which pit?", name=name), PLACEHOLDER_LIMIT
        )
        return self.menu(action, Draft(), Field.PIT, options[:MENU_LIMIT], placeholder, row=row)

    def head(self) -> str:
        words = self.words
        own = "`A`–`E`" if self.seat == 0 else "`a`–`e`"
        head = words.gettext(
            "**Your move in {title}** (you are {seat}, pits {pits}).",
            title=self.snapshot.title,
            seat=words.gettext(SEAT_NAMES[self.seat]),
            pits=own,
        )
        if self.state.must_feed:
            other = words.gettext(SEAT_NAMES[1 - self.seat])
            head += " " + words.gettext("{seat}'s pits are empty: your move must sow into them.", seat=other)
        return head

    def screen(self, draft: Draft) -> Screen:
        """The screen for a draft; every choice in it is checked by the rules first."""
        if draft.pit is None:
            menu = self.pit_menu(ButtonAction.BUILD_STEP, 0)
            if menu is None:
                return Screen(f"{self.head()}\n{self.words.gettext('You have no move to build.')}", [])
            return Screen(f"{self.head()}\n{self.words.gettext('Choose the pit to sow:')}", [menu])
        pit = draft.pit
        try:
            left = self.state.next_beads(pit, draft.beads)
            while len(left) == 1:  # the remaining beads are all alike: there is nothing to choose
                draft = replace(draft, beads=(*draft.beads, left[0]))
                left = self.state.next_beads(pit, draft.beads)
            if left:
                return self.beads_screen(draft, left)
            return self.gems_screen(draft)
        except MoveError as error:
            return self.refused(self.words.say(error.phrase))

    def refused(self, why: str) -> Screen:
        items: list[discord.ui.Item[Any]] = [
            self.button(
                ButtonAction.BUILD_STEP, Draft(), self.words.gettext("Start over"), row=4, arg=RESTART
            )
        ]
        return Screen(f"{self.head()}\n⚠️ {why}", items)

    def sown_lines(self, draft: Draft) -> list[str]:
        assert draft.pit is not None
        words = self.words
        beads = self.state.beads(draft.pit)
        lines = [
            words.gettext(
                "Pit `{pit}` holds {beads}: sow them one at a time, in the order you choose.",
                pit=draft.letter,
                beads=spaced(beads, words),
            )
        ]
        if draft.beads:
            path = PATHS[draft.pit][len(draft.beads)]
            steps = ", ".join(f"{v}→{LETTERS[p]}" for v, p in zip(draft.beads, path, strict=True))
            lines.append(
                words.gettext("Sown so far: `{sowing}` ({steps}).", sowing=draft.sowing, steps=steps)
            )
        return lines

    def beads_screen(self, draft: Draft, left: tuple[int, ...]) -> Screen:
        assert draft.pit is not None
        pit_beads = self.state.beads(draft.pit)
        remaining = list(pit_beads)
        for v in draft.beads:
            remaining.remove(v)
        target = LETTERS[PATHS[draft.pit][len(draft.beads) + 1][-1]]
        words = self.words
        lines = [
            self.head(),
            *self.sown_lines(draft),
            words.gettext("Which bead goes next, into `{pit}`?", pit=target),
        ]
        items: list[discord.ui.Item[Any]] = []
        for index, value in enumerate(left):
            items.append(
                self.button(
                    ButtonAction.BUILD_STEP,
                    replace(draft, beads=(*draft.beads, value)),
                    bead_label(value, remaining.count(value), words),
                    emoji=EMOJI[value],
                    row=index // BUTTONS_PER_ROW,
                    style=discord.ButtonStyle.primary,
                )
            )
        rest = replace(draft, beads=draft.beads + tuple(sorted(remaining)))
        items.append(
            self.button(ButtonAction.BUILD_STEP, self.undone(draft), words.gettext("Undo"), row=2, emoji="↩️")
        )
        items.append(
            self.button(
                ButtonAction.BUILD_STEP,
                rest,
                words.gettext(
                    "The rest, low to high ({beads})", beads=spaced(tuple(sorted(remaining)), words)
                ),
                row=2,
            )
        )
        items += self.footer(draft, None)
        return Screen("\n".join(lines), items)

    def gems_screen(self, draft: Draft) -> Screen:
        """All beads are sown: what the move captures, and the gems to take when it is chosen."""
        pit = draft.pit
        assert pit is not None
        state, words = self.state, self.words
        lines = [self.head(), *self.sown_lines(draft)]
        need = state.gems_to_take(pit, draft.beads)
        items: list[discord.ui.Item[Any]] = []
        if need == 0:
            draft = replace(draft, taken=())
            move = state.parse(draft.notation())
            lines.append(words.gettext("This move: {move}.", move=state.describe_move(move)))
            items.append(
                self.button(
                    ButtonAction.BUILD_STEP, self.undone(draft), words.gettext("Undo"), row=2, emoji="↩️"
                )
            )
            items += self.footer(draft, str(move))
            return Screen("\n".join(lines), items)
        count, first = state.capture_choices(pit, draft.beads, limit=MENU_LIMIT)
        if count > MENU_LIMIT:
            _, first = state.capture_choices(pit, draft.beads, limit=count)
        choices = [self.taken_of(draft, suffix) for suffix in first]
        chosen = draft.taken
        if len(chosen) > need or not any(c[: len(chosen)] == chosen for c in choices):
            chosen = ()  # a choice that does not fit (e.g. after an undo of a bead): start afresh
            draft = replace(draft, taken=())
        lines.append(
            words.ngettext(
                "The last stone lands on a single stone of {seat}'s: an indirect capture. "
                "Take {count} gem of your choice from {seat}'s pits "
                "(from {seat}'s cup only when the pits have none left).",
                "The last stone lands on a single stone of {seat}'s: an indirect capture. "
                "Take {count} gems of your choice from {seat}'s pits "
                "(from {seat}'s cup only when the pits have none left).",
                need,
                seat=words.gettext(SEAT_NAMES[1 - self.seat]),
            )
        )
        if count <= MENU_LIMIT:
            options = [
                discord.SelectOption(
                    label=clip(suffix, OPTION_TEXT_LIMIT),
                    value=suffix_tokens(taken),
                    description=clip(", ".join(gem_text(s, v, words) for s, v in taken), OPTION_TEXT_LIMIT),
                    default=taken == chosen,
                )
                for suffix, taken in zip(first, choices, strict=True)
            ]
            items.append(
                self.menu(
                    ButtonAction.BUILD_STEP,
                    draft,
                    Field.TAKE,
                    options,
                    words.gettext("Which gems do you take?"),
                    row=0,
                )
            )
        elif len(chosen) < need:
            nexts = sorted({c[len(chosen)] for c in choices if c[: len(chosen)] == chosen}, key=_canonical)
            options = [
                discord.SelectOption(
                    label=clip(gem_text(s, v, words), OPTION_TEXT_LIMIT), value=gem_token(s, v)
                )
                for s, v in nexts
            ]
            number = len(chosen) + 1
            items.append(
                self.menu(
                    ButtonAction.BUILD_STEP,
                    draft,
                    Field.GEM,
                    options[:MENU_LIMIT],
                    words.gettext("Gem {number} of {need}: which one?", number=number, need=need),
                    row=0,
                )
            )
            lines.append(
                words.ngettext(
                    "{count} choice: pick the gems one at a time.",
                    "{count} choices: pick the gems one at a time.",
                    count,
                )
            )
        if chosen:
            lines.append(
                words.gettext("Taking: {gems}.", gems=", ".join(gem_text(s, v, words) for s, v in chosen))
            )
        move_text = None
        if len(chosen) == need:
            move_text = str(state.parse(draft.notation()))
        items.append(
            self.button(ButtonAction.BUILD_STEP, self.undone(draft), words.gettext("Undo"), row=2, emoji="↩️")
        )
        items += self.footer(draft, move_text)
        return Screen("\n".join(lines), items)

    def undone(self, draft: Draft) -> Draft:
        """The draft one choice back: the last gem chosen, else the last bead that was chosen
        (beads that followed by themselves go with it), else the choice of the pit."""
        if draft.taken:
            return replace(draft, taken=draft.taken[:-1])
        if draft.pit is None or not draft.beads:
            return Draft()
        beads = draft.beads[:-1]
        try:
            while beads and len(self.state.next_beads(draft.pit, beads)) == 1:
                beads = beads[:-1]
            if not beads and len(self.state.next_beads(draft.pit, ())) == 1:
                return Draft()
        except MoveError:
            return Draft()
        return replace(draft, beads=beads)

    def taken_of(self, draft: Draft, suffix: str) -> tuple[tuple[int, int], ...]:
        """The gems of a capture choice such as `x B5 3`, as the rules read it."""
        move = self.state.parse(f"{draft.sowing} {suffix}")
        assert isinstance(move, Sowing)
        return move.taken

    def footer(self, draft: Draft, move: str | None) -> list[discord.ui.Item[Any]]:
        """Play (once the move is whole) and Start over."""
        words = self.words
        label = words.gettext("Play {move}", move=move) if move else words.gettext("Play (choose first)")
        return [
            self.button(
                ButtonAction.BUILD_PLAY,
                draft,
                label,
                row=4,
                style=discord.ButtonStyle.success,
                disabled=move is None,
                emoji="▶️",
            ),
            self.button(ButtonAction.BUILD_STEP, Draft(), words.gettext("Start over"), row=4, arg=RESTART),
        ]


def _canonical(gem: tuple[int, int]) -> tuple[int, int]:
    return gem[0], -gem[1]


def suffix_tokens(taken: tuple[tuple[int, int], ...]) -> str:
    return "".join(gem_token(s, v) for s, v in taken)


# -- the cog ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BeadPicture(Picture):
    """The picture, the move menu, and how many moves each pit has (for the pit menu)."""

    pit_moves: tuple[tuple[str, int], ...] = ()


class GlassBeadCog(
    BuilderAnswers,
    GameCog,
    group_name="glass-bead",
    group_description=locale_str(
        "The Glass Bead Game: Christian Freeling's mancala of gems and stones, for 2"
    ),
):
    """The Glass Bead Game: Christian Freeling's mancala of gems and stones, for 2"""

    @lobby_command(locale_str("Open a Glass Bead Game lobby in this channel"), invite=True)
    def new(self) -> Lobby:
        return Lobby(seats=2)

    # -- the move builder ---------------------------------------------------------------------------

    def picture(
        self, snapshot: MatchSnapshot, *, with_menu: bool = True, words: Words | None = None
    ) -> Picture:
        base = super().picture(snapshot, with_menu=with_menu, words=words)
        state = snapshot.state
        if not with_menu or not isinstance(state, GlassBeadState) or snapshot.to_move is None:
            return base
        counts = state.legal_moves().count_by_pit()  # counted, never listed
        return BeadPicture(base.png, base.menu, base.alt, pit_moves=tuple(counts.items()))

    def builder(self, snapshot: MatchSnapshot, words: Words) -> Builder | None:
        return Builder.for_mover(snapshot, words)


__all__ = ["BeadPicture", "Builder", "Draft", "Field", "GlassBeadCog"]
