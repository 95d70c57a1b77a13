"""A Verquere position: the rules contract, the helpers for pictures, and what the search caches."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import Any, ClassVar

from ..base import (
    CHANCE,
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Outcome,
    State,
    TurnState,
    reason,
)
from ..text import QUOTED_LIMIT, Phrase, Said, clip, phrase, plural_phrase
from .board import (
    _NO_POINTS,
    ALL_ON_24,
    BAR,
    BAR_PIPS,
    BORNE_OFF,
    DISTANCE_TO_OFF,
    JEAN,
    JUNCKER,
    MEN,
    OFF,
    OPP,
    POINTS,
    SEAT_NAMES,
    SHOWN_TURNS,
    Key,
    _board_from_view,
    _jean,
    _open_points,
    _opponent_jean,
    _pips,
    _view,
    _vulnerable,
    seat0_point,
)
from .fast_turns import _Found, _search
from .moves import _ROLL_BY_DICE, ROLL_OUTCOMES, ROLLS, Pass, Roll, Turn, _Legal
from .notation import _ROLL_RE, _realize, _units


@dataclass(frozen=True)
class VerquereState(TurnState):
    seats: int
    five_blots: bool
    five_closed_points: bool
    board: tuple[int, ...]
    """24 points in seat 0's numbering (index 0 is seat 0's point 1, its home): positive counts are
    seat 0's men, negative counts seat 1's. `points(seat)` gives a seat's own numbering."""
    bar: tuple[int, int]
    """Men on the bar, per seat."""
    off: tuple[int, int]
    """Men borne off, per seat."""
    turn: int
    """The seat whose turn it is (to roll, then to play)."""
    dice: tuple[int, int] | None
    """The roll the seat to move must play (higher die first); None while the roll is due."""
    result: Outcome | None = None
    _cache: _Legal | None = field(default=None, init=False, repr=False, compare=False)

    playout_plies: ClassVar[int] = 16
    """For the computer players' search (host/computer): random playouts of 16 plies (about four
    turns with their rolls), then valued by `evaluate` (a race of pips, see search.py): the
    playouts still meet the hits and Jeans a race does not see."""
    evaluate: ClassVar[Callable[[VerquereState], tuple[float, float]]]
    """For the computer players' search: each seat's chance of winning. Defined and attached to
    this class by search.py, where the judgement is (the rules never call it)."""

    # -- the contract ---------------------------------------------------------------------------

    @cached_property
    def to_move(self) -> int | None:
        # Cached in the state's __dict__ (a playout asks three times a ply); the states made on
        # the hot path (`_moved_on`, `_rolled`) set it there at once.
        if self.result is not None:
            return None
        return CHANCE if self.dice is None else self.turn

    @property
    def options(self) -> dict[str, Any]:
        return {"five_blots": self.five_blots, "five_closed_points": self.five_closed_points}

    def legal_moves(self) -> Sequence[Move]:
        legal = self._cache
        if legal is not None:
            return legal.moves
        if self.result is not None:
            return []
        if self.dice is None:
            return ROLLS
        return self._legal().moves

    def play(self, move: Move | str) -> State:
        # The hot path of a playout: a turn made by this state's own `legal_moves`, or a roll
        # while one is due, is legal without a look. Everything else is checked by the contract
        # (with its errors). A state with a result never lists turns (`_cache` stays None).
        if type(move) is Turn:
            if move._legal is self._cache:
                return self._after_turn(move)
        elif type(move) is Roll and self.dice is None and self.result is None:
            # `_rolled(move)`, inlined
            state: VerquereState = object.__new__(VerquereState)
            fields = {**self.__dict__, "dice": (move.high, move.low), "to_move": self.turn}
            object.__setattr__(state, "__dict__", fields)
            return state
        return super().play(move)

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.result is not None or self.dice is not None:
            return []
        return list(ROLL_OUTCOMES)

    def is_legal(self, move: Move) -> bool:
        if self.result is not None:
            return False
        if self.dice is None:
            return isinstance(move, Roll)
        legal = self._legal()
        if isinstance(move, Turn):
            return legal.passing is None and legal.is_legal(move)
        return legal.passing is not None and move == legal.passing

    def forced_move(self) -> Move | None:
        if self.result is not None or self.dice is None:
            return None
        return self._legal().passing

    def describe_move(self, move: Move) -> str:
        if isinstance(move, Turn) and self.is_legal(move):
            return self.describe_played(move, self._after(move))
        return _told(move, None)

    def describe_played(self, move: Move, after: State) -> str:
        return _told(move, after.outcome() if isinstance(move, Turn) else None)

    def describe_to_mover(self, move: Move) -> str:
        """A turn as its mover is offered it: in their own numbering (the notation) only, not
        also in the opponent's, which `describe_move` adds for the picture after the turn."""
        if isinstance(move, Turn) and self.is_legal(move):
            return _told(move, self._after(move).outcome(), seen_by_other=False)
        return _told(move, None, seen_by_other=False)

    def parse(self, text: str) -> Move:
        if self.result is not None:
            raise IllegalMoveError(phrase("The game is over: no more moves can be played."))
        raw = str(text).strip()
        shown = clip(raw, QUOTED_LIMIT)  # what a refusal quotes
        flat = " ".join(raw.lower().split())
        roll = _ROLL_RE.fullmatch(flat)
        if self.dice is None:
            if roll is None:
                raise IllegalMoveError(
                    phrase(
                        "`{text}` cannot be played now: the dice must be rolled first (a roll is written "
                        "like `roll 5-3`).",
                        text=shown,
                    )
                )
            a, b = int(roll[1]), int(roll[2])
            if not (1 <= a <= 6 and 1 <= b <= 6):
                raise NotAMoveError(
                    phrase("`{text}` is not a roll: each die shows 1 to 6, as in `roll 5-3`.", text=shown)
                )
            return _ROLL_BY_DICE[(max(a, b), min(a, b))]
        hi, lo = self.dice
        rolled = f"{hi}-{lo}"
        legal = self._legal()
        if roll is not None:
            raise IllegalMoveError(
                phrase(
                    "`{text}` cannot be played now: the dice are already rolled ({dice}). {examples}",
                    text=shown,
                    dice=rolled,
                    examples=self._examples(legal),
                )
            )
        if flat == "pass":
            if legal.passing is not None:
                return legal.passing
            raise IllegalMoveError(
                phrase(
                    "`pass` is not allowed: you can move with {dice}. {examples}",
                    dice=rolled,
                    examples=self._examples(legal),
                )
            )
        if not raw.strip():
            raise NotAMoveError(
                phrase(
                    "An empty text is not a turn. Write each step as `from/to` in your own "
                    "numbering. {examples}",
                    examples=self._examples(legal),
                )
            )
        try:
            units = _units(raw)
        except NotAMoveError as error:
            raise NotAMoveError(
                phrase(
                    "`{text}` is not a turn: {error}. Write each step as `from/to` in your own numbering "
                    "(`bar/3` enters, `22/off` bears off, `1/4/9` is one man using both dice). {examples}",
                    text=shown,
                    error=error.phrase,
                    examples=self._examples(legal),
                )
            ) from None
        if legal.passing is not None:
            raise IllegalMoveError(
                phrase(
                    "`{text}` cannot be played: {why}. Your turn is `pass`.",
                    text=shown,
                    why=legal.passing.why,
                )
            )
        dice = (hi,) * 4 if hi == lo else (hi, lo)
        if len(units) > len(dice):
            raise IllegalMoveError(
                phrase(
                    "`{text}` has {steps} steps, but a {dice} gives only {given}. {examples}",
                    given=len(dice),
                    text=shown,
                    steps=len(units),
                    dice=rolled,
                    examples=self._examples(legal),
                )
            )
        realized = _realize(legal.view, dice, units, self.five_blots, self.five_closed_points)
        index_of = legal.index_of_key
        keys = [k for k in realized.finals if k in index_of]
        if len(keys) > 1:
            # Read as written first: a touchdown is left out only where that names one turn
            # (`20/off` bears off with one die even when two dice could go 20/24*/off).
            fewest = min(realized.hidden[k] for k in keys)
            keys = [k for k in keys if realized.hidden[k] == fewest]
        matches = [legal.moves[index_of[k]] for k in keys]
        if len(matches) == 1:
            return matches[0]
        if matches:
            shown = ", ".join(f"`{m}`" for m in sorted(matches, key=str))
            raise AmbiguousMoveError(
                plural_phrase(
                    "`{text}` fits {count} different turn: {turns}. Write the touchdowns to choose one.",
                    "`{text}` fits {count} different turns: {turns}. Write the touchdowns to choose one.",
                    len(matches),
                    text=shown,
                    turns=shown,
                )
            )
        why = self._filter_refusal(legal, realized.finals) if realized.finals else realized.failure
        raise IllegalMoveError(
            phrase(
                "`{text}` is not a legal turn with {dice}: {why}. {examples}",
                text=shown,
                dice=rolled,
                why=why,
                examples=self._examples(legal),
            )
        )

    def _after(self, move: Move) -> VerquereState:
        if isinstance(move, Roll):
            return self._rolled(move)
        if isinstance(move, Turn):
            return self._after_turn(move)
        # a pass
        other = 1 - self.turn
        passed = self._moved_on(
            self.board, self.bar, self.off, other, _ahead(self._legal().start, self.off[other])
        )
        return passed._drawn_if_stuck() if self.bar[0] and self.bar[1] else passed

    def _rolled(self, roll: Roll) -> VerquereState:
        """The same position with the dice rolled: as `_moved_on` with this state's fields (a
        state waiting for its roll has nothing else in its __dict__ but the caches `to_move`
        and `_ahead`: `_cache` is set only with dice to play)."""
        state: VerquereState = object.__new__(VerquereState)
        # a new __dict__ at once, as in `_moved_on`
        object.__setattr__(
            state, "__dict__", {**self.__dict__, "dice": (roll.high, roll.low), "to_move": self.turn}
        )
        return state

    def _after_turn(self, turn: Turn) -> VerquereState:
        seat = self.turn
        other = 1 - seat
        key = turn.key
        if seat == 0:
            bar, off = (key[BAR], key[OPP]), (key[OFF], self.off[1])
        else:
            bar, off = (key[OPP], key[BAR]), (self.off[0], key[OFF])
        if key[OFF] == MEN or key[POINTS] == MEN or (key[OPP] and _opponent_jean(key)):
            return self._won(seat, key, bar, off)
        # No board: it is made from the next mover's view when first asked for (`_BoardOfView`).
        state = self._moved_on(None, bar, off, other, _ahead(key, off[other]))
        return state._drawn_if_stuck() if bar[0] and bar[1] else state

    def _won(self, seat: int, key: Key, bar: tuple[int, int], off: tuple[int, int]) -> VerquereState:
        """The state after a turn of `seat` reaching `key` that ends the game."""
        state = self._moved_on(_board_from_view(key, seat), bar, off, 1 - seat, None)
        if key[OFF] == MEN:
            why = reason(BORNE_OFF_REASON, MEN, seat=Phrase(SEAT_NAMES[seat]))
            return state._ended(Outcome((seat,), _scores(seat, 1), why, BORNE_OFF))
        if key[POINTS] == MEN:
            why = reason(ALL_ON_24_REASON, MEN, seat=Phrase(SEAT_NAMES[seat]))
            return state._ended(Outcome((seat,), _scores(seat, 2), why, ALL_ON_24))
        why = reason(JEAN_REASON, seat=Phrase(SEAT_NAMES[1 - seat]))
        return state._ended(Outcome((seat,), _scores(seat, 2), why, JEAN))

    def resign(self, seat: int) -> VerquereState:
        return self._ended(self._resignation(seat, _scores(1 - seat, 1)))

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "board": list(self.board),
            "bar": list(self.bar),
            "off": list(self.off),
            "turn": self.turn,
            "dice": list(self.dice) if self.dice is not None else None,
        }

    # -- helpers for pictures and move builders -------------------------------------------------

    def points(self, seat: int) -> tuple[int, ...]:
        """Men of `seat` on each point of its own numbering: index 0 is its point 1 (home)."""
        return tuple(self.men(seat, p) for p in range(1, 25))

    def pips_to_go(self, seat: int) -> int:
        """The pips `seat`'s men still have to travel to bear off (25 for a man on the bar): shown
        in the picture's panel, and the race the computer players' search judges."""
        distance = DISTANCE_TO_OFF[seat]
        if seat == 0:
            on_board = sum(distance[i] * n for i, n in enumerate(self.board) if n > 0)
        else:
            on_board = sum(distance[i] * -n for i, n in enumerate(self.board) if n < 0)
        return on_board + BAR_PIPS * self.bar[seat]

    def men(self, seat: int, point: int) -> int:
        """Men of `seat` on `point` (1–24) of its own numbering."""
        v = self.board[seat0_point(seat, point) - 1]
        return max(v, 0) if seat == 0 else max(-v, 0)

    def juncker(self, seat: int) -> bool:
        """Whether `seat` must pass its turns: more men on the bar than points open to enter."""
        view = _view(self.board, self.bar, self.off, seat)
        if not view[BAR] or _jean(view):
            return False
        vulnerable = _vulnerable(view) if self.five_closed_points else _NO_POINTS
        return view[BAR] > _open_points(view, vulnerable)

    def jean(self, seat: int) -> bool:
        """Whether `seat` can never enter all men (bar + own first-quarter points > 6)."""
        return _jean(_view(self.board, self.bar, self.off, seat))

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        def flat(text: str) -> str:
            return "".join(text.replace("*", "").split()).lower()

        key = flat(typed)
        if self.result is not None:
            return []
        texts = [str(r) for r in ROLLS] if self.dice is None else self._legal().texts
        starts = [t for t in texts if flat(t).startswith(key)]
        contains = [t for t in texts if key in flat(t) and not flat(t).startswith(key)]
        return (starts + contains)[:limit]

    # -- internals ------------------------------------------------------------------------------

    def _ended(self, outcome: Outcome) -> VerquereState:
        return replace(self, result=outcome)

    def _moved_on(
        self,
        board: tuple[int, ...] | None,
        bar: tuple[int, int],
        off: tuple[int, int],
        turn: int,
        ahead: Key | None,
    ) -> VerquereState:
        """The game going on in a new position, `turn` to roll: `VerquereState(...)` with these
        keywords and this state's options, built without the frozen dataclass's per-field checks,
        in this one place (the hot path of a playout). `ahead`: the position seen from `turn`
        (`_view`), when known: the legal turns of its roll start from it, and without `board`
        (None) the board is made from it when first asked for."""
        state: VerquereState = object.__new__(VerquereState)
        fields = {
            "seats": self.seats,
            "five_blots": self.five_blots,
            "five_closed_points": self.five_closed_points,
            "bar": bar,
            "off": off,
            "turn": turn,
            "dice": None,
            "result": None,
            "to_move": CHANCE,
        }
        if board is not None:
            fields["board"] = board
        if ahead is not None:
            fields["_ahead"] = ahead
        # a new __dict__ at once: reading the state's attributes is then specialized (a dict
        # filled through `state.__dict__` makes every later read about three times slower)
        object.__setattr__(state, "__dict__", fields)
        return state

    def _drawn_if_stuck(self) -> VerquereState:
        """A draw when both players are Juncker: neither can ever move again (asked only with
        men on both bars)."""
        if self.juncker(0) and self.juncker(1):
            why = reason(phrase("both players are Juncker: neither can ever move again"))
            return self._ended(Outcome((), (0, 0), why, JUNCKER))
        return self

    def _legal(self) -> _Legal:
        cached = self._cache
        if cached is not None:
            return cached
        assert self.dice is not None
        seat = self.turn
        hi, lo = self.dice
        start: Key | None = self.__dict__.get("_ahead")
        if start is None:
            start = bytes(_view(self.board, self.bar, self.off, seat))
        explored: _Found | None = None
        passing: Pass | None = None
        if start[BAR] and not _jean(start):
            open_points = _open_points(start, _vulnerable(start) if self.five_closed_points else _NO_POINTS)
            if start[BAR] > open_points:
                room = (
                    plural_phrase("{count} point", "{count} points", open_points)
                    if open_points
                    else phrase("no point")
                )
                men = plural_phrase("{count} man", "{count} men", start[BAR])
                why = phrase("Juncker: {men} on the bar and only {room} open", men=men, room=room)
                passing = Pass(seat, self.dice, Said(why), True)
        if passing is None:
            explored = _search(bytearray(start), hi, lo, self.five_blots, self.five_closed_points)
            if explored.max_dice == 0:
                passing = Pass(seat, self.dice, Said(phrase("no legal step for {dice}", dice=f"{hi}-{lo}")))
        legal = _Legal(seat, self.dice, start, self.five_blots, self.five_closed_points, explored, passing)
        self.__dict__["_cache"] = legal  # frozen: cached past the dataclass's __setattr__
        return legal

    def _examples(self, legal: _Legal) -> Phrase:
        texts = legal.texts
        shown = ", ".join(f"`{t}`" for t in texts[:SHOWN_TURNS])
        if len(texts) == 1:
            return phrase("The only legal turn is {turns}.", turns=shown)
        if len(texts) > SHOWN_TURNS:
            return phrase(
                "Legal turns include {turns} (and {more} more).", turns=shown, more=len(texts) - SHOWN_TURNS
            )
        return phrase("The legal turns are {turns}.", turns=shown)

    def _filter_refusal(self, legal: _Legal, finals: Mapping[Key, int]) -> Phrase:
        """Why steps that can all be played do not make a legal whole turn."""
        explored = legal.explored
        assert explored is not None and self.dice is not None
        hi, lo = self.dice
        key, used = next(iter(finals.items()))
        if used < explored.max_dice:
            if hi == lo:
                return phrase(
                    "it uses {used} of your 4 dice, but {most} can be played: play as many as you can",
                    used=used,
                    most=explored.max_dice,
                )
            return phrase("it uses only one die, but both can be played: play both dice when you can")
        if explored.larger_only and used == 1:
            return phrase("only one die can be played, and then it must be the larger one ({die})", die=hi)
        pips = _pips(legal.view, key)
        if pips < explored.max_pips:
            return phrase(
                "it moves {pips} pips, but {most} can be moved: move as many pips as you can",
                pips=pips,
                most=explored.max_pips,
            )
        return phrase("it is not a whole legal turn")


class _BoardOfView:
    """`VerquereState.board` where a state made on the hot path left it out (`_moved_on` without
    a board: a random playout never looks at it): made from the view `_ahead` when first asked
    for, and kept in the state's __dict__, where reading it looks first (no `__set__`: the
    dataclass's `__init__` stores the field there as usual)."""

    def __get__(self, state: VerquereState | None, owner: type[VerquereState]) -> Any:
        if state is None:
            return self
        fields = state.__dict__
        if "_ahead" not in fields:
            raise AttributeError("board", name="board", obj=state)
        board = fields["board"] = _board_from_view(fields["_ahead"], fields["turn"])
        return board


# set after @dataclass, which would take it for the field's default
type.__setattr__(VerquereState, "board", _BoardOfView())


def _ahead(view: Key, off: int) -> Key:
    """The position of a view seen from the opponent, who has `off` men borne off (a view does
    not hold them): `_view` for the other seat, from the view instead of the board."""
    return b"".join(
        (
            view[OPP : OPP + 1],
            view[OPP + 13 : OPP + 25],
            view[OPP + 1 : OPP + 13],
            bytes((off, view[BAR])),
            view[13:25],
            view[1:13],
        )
    )


def _scores(winner: int, points: int) -> tuple[int, int]:
    return (points, 0) if winner == 0 else (0, points)


def _new(seats: int, five_blots: bool, five_closed_points: bool) -> VerquereState:
    board = [0] * POINTS
    board[0] = MEN  # seat 0's home, its point 1
    board[12] = -MEN  # seat 1's home: its point 1 is seat 0's point 13
    return VerquereState(
        seats=seats,
        five_blots=five_blots,
        five_closed_points=five_closed_points,
        board=tuple(board),
        bar=(0, 0),
        off=(0, 0),
        turn=0,
        dice=None,
    )


def _load(data: Mapping[str, Any]) -> VerquereState:
    options = data["options"]
    dice = data["dice"]
    return VerquereState(
        seats=int(data["seats"]),
        five_blots=bool(options["five_blots"]),
        five_closed_points=bool(options["five_closed_points"]),
        board=tuple(int(v) for v in data["board"]),
        bar=(int(data["bar"][0]), int(data["bar"][1])),
        off=(int(data["off"][0]), int(data["off"][1])),
        turn=int(data["turn"]),
        dice=(int(dice[0]), int(dice[1])) if dice is not None else None,
        result=Outcome.from_json(data["result"]),
    )


def _told(move: Move, outcome: Outcome | None, *, seen_by_other: bool = True) -> str:
    """The sentence of a move; `outcome`: the game's end that a turn brought, if it did;
    `seen_by_other`: a turn is also written in the opponent's numbering."""
    if isinstance(move, Roll):
        return Said(phrase("rolls {dice}", dice=f"{move.high}-{move.low}"))
    if isinstance(move, Pass):
        return Said(phrase("passes: {why}", why=move.why))
    if isinstance(move, Turn):
        # The notation is the mover's numbering; the picture after this turn is seen from the
        # opponent (the player to move), so the turn is told in the opponent's numbering too.
        other = 1 - move.seat
        text = phrase("plays `{turn}`", turn=str(move))
        if seen_by_other:
            text = phrase(
                "plays `{turn}` (seen from {seat}: `{written}`)",
                turn=str(move),
                seat=Phrase(SEAT_NAMES[other]),
                written=move.written_for(other),
            )
        if move.men_hit:
            text = plural_phrase(
                "{play}, hitting {count} man", "{play}, hitting {count} men", move.men_hit, play=text
            )
        if outcome is not None:
            text = phrase("{play}, and wins: {reason}", play=text, reason=outcome.reason)
        return Said(text)
    return str(move)


BORNE_OFF_REASON = plural_phrase("{seat} bore off all {count} man", "{seat} bore off all {count} men", 0)
ALL_ON_24_REASON = plural_phrase(
    "{seat} has all {count} man on point 24 (double game)",
    "{seat} has all {count} men on point 24 (double game)",
    0,
)
JEAN_REASON = phrase("Jean: {seat} can never enter all men (double game)")
REASONS = (BORNE_OFF_REASON, ALL_ON_24_REASON, JEAN_REASON)
"""The forms of Verquere's reasons (`Game.reasons`)."""
