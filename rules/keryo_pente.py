"""Keryo-Pente for 2 to 6 players (docs/rules/keryo-pente.md)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import compress
from typing import Any, ClassVar

from .base import (
    RESIGNED,
    SEAT_RESIGNED,
    Game,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Option,
    Outcome,
    State,
    StateFormatError,
    TurnState,
    reason,
    seat_not_playing,
)
from .text import N_, QUOTED_LIMIT, Phrase, Said, clip, phrase, plural_phrase, read_number, shown_number

SIZE = 19
COLUMNS = "ABCDEFGHJKLMNOPQRST"  # no I, as on every Go and Pente board
CENTRE = 9 * SIZE + 9  # K10
WIN_LINE = 5
WIN_CAPTURES = 15
# TRANSLATORS: Keryo-Pente's seats, named by the colour of their stones.
SEAT_NAMES = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Purple"), N_("Orange"))
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1))
_POINT_RE = re.compile(r"([A-Z])(\d+)")

FIVE_IN_A_ROW = "five-in-a-row"
CAPTURES = "captures"
BOARD_FULL = "board-full"
TERMINATIONS = (FIVE_IN_A_ROW, CAPTURES, BOARD_FULL, RESIGNED)
"""How a game of Keryo-Pente ends (`Outcome.termination`): five or more in a line, 15 captured
stones, a full board (a draw), or every other player resigned."""


@dataclass(frozen=True, slots=True)
class Point(Move):
    """A stone placed on one point; `index` is row * 19 + column, row 0 at the bottom."""

    index: int

    @property
    def column(self) -> int:
        return self.index % SIZE

    @property
    def row(self) -> int:
        return self.index // SIZE

    def __str__(self) -> str:
        return f"{COLUMNS[self.column]}{self.row + 1}"


POINTS = tuple(Point(i) for i in range(SIZE * SIZE))
_IS_EMPTY = bytes.maketrans(bytes(range(256)), b"\x01" + bytes(255))
"""Translation table mapping an empty point's 0 to 1 and any stone to 0 (fast listing)."""


def _in_tournament_box(index: int) -> bool:
    """The box H8–M12: less than 3 points from K10 in both column and row."""
    return abs(index % SIZE - 9) < 3 and abs(index // SIZE - 9) < 3


def _rays() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each point, for each direction, the indices of the next points up to 4 away."""
    table = []
    for index in range(SIZE * SIZE):
        row, col = divmod(index, SIZE)
        per_point = []
        for dr, dc in DIRECTIONS:
            ray = []
            for step in range(1, WIN_LINE):
                r, c = row + dr * step, col + dc * step
                if not (0 <= r < SIZE and 0 <= c < SIZE):
                    break
                ray.append(r * SIZE + c)
            per_point.append(tuple(ray))
        table.append(tuple(per_point))
    return tuple(table)


RAYS = _rays()
_CAPTURE_RAYS = tuple(tuple(ray for ray in rays if len(ray) >= 3) for rays in RAYS)


def captured_runs(board: bytes | bytearray, index: int, stone: int) -> list[tuple[int, ...]]:
    """The runs of stones that `stone` placed on `index` captures: in each direction, exactly 2
    or 3 stones that are not its own, closed by one of its own (the rays of a point share no
    point, so the runs can be emptied in any order)."""
    runs = []
    for ray in _CAPTURE_RAYS[index]:
        a = board[ray[0]]
        if not a or a == stone:
            continue
        b = board[ray[1]]
        if not b or b == stone:
            continue
        c = board[ray[2]]
        if c == stone:
            runs.append(ray[:2])
        elif c and len(ray) > 3 and board[ray[3]] == stone:
            runs.append(ray[:3])
    return runs


"""The rays of each point long enough to close a capture (3 points or more)."""
_NEIGHBOURS = tuple(tuple(ray[0] for ray in rays if ray) for rays in RAYS)
"""The (up to 8) points next to each point."""


def _area(reach: int) -> tuple[tuple[int, ...], ...]:
    """For each point, the points within `reach` king steps (itself included)."""
    table = []
    for index in range(SIZE * SIZE):
        row, col = divmod(index, SIZE)
        rows = range(max(0, row - reach), min(SIZE, row + reach + 1))
        cols = range(max(0, col - reach), min(SIZE, col + reach + 1))
        table.append(tuple(r * SIZE + c for r in rows for c in cols))
    return tuple(table)


_AREAS = (_area(0), _area(1), _area(2))


def _near(board: bytes, reach: int) -> list[int]:
    """Empty points within `reach` king steps of a stone, in board order."""
    mark = bytearray(SIZE * SIZE)
    area = _AREAS[reach]
    for index, v in enumerate(board):
        if v:
            for j in area[index]:
                mark[j] = 1
    return [j for j in range(SIZE * SIZE) if mark[j] and not board[j]]


def _line_through(board: bytes | bytearray, index: int, stone: int) -> bool:
    """Whether `stone` on `index` (placed there or not) is part of five or more in a line."""
    rays = RAYS[index]
    for d in range(4):  # each axis: a direction and its opposite (DIRECTIONS[d + 4])
        count = 1
        for ray in (rays[d], rays[d + 4]):
            for i in ray:
                if board[i] != stone:
                    break
                count += 1
        if count >= WIN_LINE:
            return True
    return False


_KEPT_BESIDE = ("_empty_points", "_listed")
"""What a state keeps beside its fields, computed from them (not part of the position, nor of
what pickles)."""


@dataclass(frozen=True)
class KeryoPenteState(TurnState):
    seats: int
    tournament: bool
    board: bytes
    """One byte per point: 0 empty, else the owning seat + 1."""
    captures: tuple[int, ...]
    placed: tuple[int, ...]
    """Stones each seat has placed (for the tournament rule and the stone-count invariant)."""
    active: tuple[bool, ...]
    """False for seats that resigned and left the rotation."""
    turn: int | None
    result: Outcome | None = None
    last_capture: tuple[int, ...] = field(default=(), compare=False)
    """The points (indices) that the last move emptied by capturing, nearest first in each
    direction, for the picture and `describe_move`. Not part of the position: states that differ
    only here are equal."""

    # -- the contract ---------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        return {"tournament": self.tournament}

    def legal_moves(self) -> Sequence[Point]:
        if self.result is not None:
            return []
        if self.tournament and self.turn == 0 and self.placed[0] < 2:
            if self.placed[0] == 0:
                return [POINTS[CENTRE]] if not self.board[CENTRE] else []
            empties = compress(POINTS, self.board.translate(_IS_EMPTY))
            return [p for p in empties if not _in_tournament_box(p.index)]
        # Every empty point. Kept beside the state (a copy is returned), so that the next state
        # lists its own by taking one point out of these (see `_after`): a playout lists the moves
        # of every state it passes.
        listed = self.__dict__.get("_empty_points")
        if listed is None:
            listed = list(compress(POINTS, self.board.translate(_IS_EMPTY)))
            self.__dict__["_empty_points"] = listed
        self.__dict__["_listed"] = True
        return listed.copy()

    def is_legal(self, move: Move) -> bool:
        return isinstance(move, Point) and self._refusal(move.index) is None

    def parse(self, text: str) -> Point:
        flat = "".join(str(text).split()).upper()
        match = _POINT_RE.fullmatch(flat)
        hint = phrase("Write a column letter A–T (there is no I) and a row 1–19, e.g. `K10`.")
        shown = clip(str(text), QUOTED_LIMIT)
        if not match:
            raise NotAMoveError(phrase("`{text}` is not a point. {hint}", text=shown, hint=hint))
        letter, digits = match.groups()
        if letter not in COLUMNS:
            raise NotAMoveError(
                phrase(
                    "`{text}` is off the board: there is no column {letter}. {hint}",
                    text=shown,
                    letter=letter,
                    hint=hint,
                )
            )
        row = read_number(digits)
        if row is None or not 1 <= row <= SIZE:
            raise NotAMoveError(
                phrase(
                    "`{text}` is off the board: there is no row {row}. {hint}",
                    text=shown,
                    row=shown_number(digits),
                    hint=hint,
                )
            )
        point = POINTS[(row - 1) * SIZE + COLUMNS.index(letter)]
        refusal = self._refusal(point.index)
        if refusal:
            raise IllegalMoveError(refusal)
        return point

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        """Legal points that start with the typed text, then the legal points nearest to it.

        "K1" gives K1, K10–K19 first; "K10" when taken gives the empty points around K10; a bare
        column letter gives that column from the middle out; nothing typed gives the points
        nearest the centre.
        """
        legal = self.legal_moves()
        flat = "".join(typed.split()).upper()
        starts = [str(p) for p in legal if str(p).startswith(flat)] if flat else []
        col, row = 9.0, 9.0
        match = re.fullmatch(r"([A-HJ-T])(\d{0,2})", flat)
        if match:
            col = float(COLUMNS.index(match.group(1)))
            if match.group(2) and 1 <= int(match.group(2)) <= SIZE:
                row = float(int(match.group(2)) - 1)
        nearest = sorted(legal, key=lambda p: ((p.column - col) ** 2 + (p.row - row) ** 2, p.index))
        chosen = list(dict.fromkeys([*starts, *(str(p) for p in nearest)]))
        return chosen[:limit]

    def play(self, move: Move | str) -> KeryoPenteState:
        """As `State.play`; a Point on an empty point once the tournament rule is past goes
        straight to `_after` (the common case of every playout), anything else is checked."""
        if (
            type(move) is Point
            and self.result is None
            and not self.board[move.index]
            and (not self.tournament or self.placed[0] >= 2 or self.turn != 0)
        ):
            return self._after(move)
        played = super().play(move)
        assert isinstance(played, KeryoPenteState)
        return played

    def _after(self, move: Move) -> KeryoPenteState:
        assert isinstance(move, Point) and self.turn is not None
        mover = self.turn
        stone = mover + 1
        index = move.index
        board = bytearray(self.board)
        board[index] = stone
        taken: list[int] = []
        for run in captured_runs(board, index, stone):
            for j in run:
                board[j] = 0
            taken += run
        captures = self.captures
        if taken:
            captures = (*captures[:mover], captures[mover] + len(taken), *captures[mover + 1 :])
        placed = self.placed
        placed = (*placed[:mover], placed[mover] + 1, *placed[mover + 1 :])
        after = bytes(board)
        state = self._moved_on(after, captures, placed, self._next_seat(mover), tuple(taken))
        result = state._result_after(index, mover)
        if result is not None:
            return replace(state, result=result)
        if "_listed" in self.__dict__:
            # This state's moves were listed: the next state's are the same but for this point
            # and with the points just emptied (a list of a few hundred points taken out of
            # another costs less than a new one made from the board).
            empties = self.__dict__["_empty_points"].copy()
            del empties[self.board.count(0, 0, index)]
            for i in sorted(taken):
                empties.insert(after.count(0, 0, i), POINTS[i])
            state.__dict__["_empty_points"] = empties
        return state

    def _moved_on(
        self,
        board: bytes,
        captures: tuple[int, ...],
        placed: tuple[int, ...],
        turn: int,
        last_capture: tuple[int, ...],
    ) -> KeryoPenteState:
        """The game going on after a stone: `KeryoPenteState(...)` with these fields and this
        state's seats, options and rotation, built without the frozen dataclass's per-field
        `__setattr__` (the hot path of every playout), in this one place."""
        state: KeryoPenteState = object.__new__(KeryoPenteState)
        state.__dict__.update(
            seats=self.seats,
            tournament=self.tournament,
            board=board,
            captures=captures,
            placed=placed,
            active=self.active,
            turn=turn,
            result=None,
            last_capture=last_capture,
        )
        return state

    def scores(self) -> tuple[float, ...]:
        return self.captures

    def describe_move(self, move: Move) -> str:
        """ "H11", or with a capture "H11 captures J11 K11 L11 (3); Red has 9 of 15"."""
        if not isinstance(move, Point) or self.turn is None or not self.is_legal(move):
            return str(move)
        return self.describe_played(move, self._after(move))

    def describe_played(self, move: Move, after: State) -> str:
        if not isinstance(move, Point) or not isinstance(after, KeryoPenteState) or self.turn is None:
            return str(move)
        if not after.last_capture:
            return str(move)
        taken = " ".join(str(POINTS[i]) for i in after.last_capture)
        return Said(
            # TRANSLATORS: "H11 captures J11 K11 (2); Red has 9 of 15": the stones taken, how
            # many, and the mover's captured stones of the 15 that win.
            phrase(
                "{move} captures {taken} ({count}); {seat} has {total} of {target}",
                move=str(move),
                taken=taken,
                count=len(after.last_capture),
                seat=Phrase(SEAT_NAMES[self.turn]),
                total=after.captures[self.turn],
                target=WIN_CAPTURES,
            )
        )

    def resign(self, seat: int) -> KeryoPenteState:
        self._check_resignation(seat)
        if not self.active[seat]:
            raise IllegalMoveError(seat_not_playing(seat))
        active = tuple(a and i != seat for i, a in enumerate(self.active))
        state = replace(self, active=active, last_capture=())
        if self.turn == seat:
            state = replace(state, turn=state._next_seat(seat))
        remaining = [i for i, a in enumerate(active) if a]
        if len(remaining) == 1:
            why = (
                reason(SEAT_RESIGNED, seat=Phrase(SEAT_NAMES[seat]))
                if self.seats == 2
                else reason(phrase("every other player resigned"))
            )
            state = replace(state, result=Outcome((remaining[0],), self.captures, why, RESIGNED))
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "board": self.board.translate(_DIGIT_OF_STONE).decode("ascii"),
            "captures": list(self.captures),
            "placed": list(self.placed),
            "active": list(self.active),
            "turn": self.turn,
            "last_capture": list(self.last_capture),
        }

    # -- helpers --------------------------------------------------------------------------------

    def stone_at(self, column: int, row: int) -> int | None:
        """The seat whose stone is on (column, row), or None."""
        v = self.board[row * SIZE + column]
        return v - 1 if v else None

    def _second_stone_restricted(self) -> bool:
        return self.tournament and self.turn == 0 and self.placed[0] == 1

    def _refusal(self, index: int) -> Phrase | None:
        """Why placing on `index` is not legal now, or None when it is."""
        if self.to_move is None:
            return phrase("The game is over: no more stones can be placed.")
        if self.tournament and self.turn == 0 and self.placed[0] == 0 and index != CENTRE:
            return phrase(
                "Tournament rule: the first stone of the game must be on K10, not {point}.",
                point=str(POINTS[index]),
            )
        owner = self.board[index]
        if owner:
            return phrase(
                "{point} is taken by {seat}'s stone: choose an empty point.",
                point=str(POINTS[index]),
                seat=Phrase(SEAT_NAMES[owner - 1]),
            )
        if self._second_stone_restricted() and _in_tournament_box(index):
            return phrase(
                "Tournament rule: your second stone must be at least 3 points from K10 "
                "(outside the box H8–M12), so {point} is not allowed.",
                point=str(POINTS[index]),
            )
        return None

    def _next_seat(self, seat: int) -> int:
        after = seat + 1 if seat + 1 < self.seats else 0
        if self.active[after]:
            return after
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if self.active[candidate]:
                return candidate
        return seat

    def _result_after(self, index: int, mover: int) -> Outcome | None:
        if _line_through(self.board, index, mover + 1):
            return Outcome((mover,), self.captures, reason(phrase("five in a row")), FIVE_IN_A_ROW)
        if self.captures[mover] >= WIN_CAPTURES:
            why = reason(STONES_CAPTURED, self.captures[mover])
            return Outcome((mover,), self.captures, why, CAPTURES)
        if 0 not in self.board:
            return Outcome((), self.captures, reason(phrase("the board is full")), BOARD_FULL)
        return None

    def _has_line(self, index: int, stone: int) -> bool:
        return _line_through(self.board, index, stone)

    # -- hooks for the computer players' search (host/computer: optional, this game's own) -----
    # Defined in keryo_pente_search.py, where the judgement behind them is, which attaches them to
    # this class (the rules never call them).

    playout_plies: ClassVar[int] = 0
    """Plies of the search's playouts on the fast board before the position is valued."""
    candidate_moves: ClassVar[Callable[[KeryoPenteState], Sequence[Point]]]
    """The points worth searching, best first (`keryo_pente_search.candidate_moves`)."""
    winning_moves: ClassVar[Callable[[KeryoPenteState], Sequence[Point]]]
    """The points that win at once for the seat to move (`keryo_pente_search.winning_moves`)."""
    evaluate: ClassVar[Callable[[KeryoPenteState], tuple[float, ...]]]
    """Each seat's chance to win, as the threats on the board tell it
    (`keryo_pente_search.evaluate`)."""
    playout: ClassVar[Callable[[KeryoPenteState, random.Random, int], Outcome | tuple[float, ...]]]
    """A playout of at most `plies` plies on a fast board (`keryo_pente_search.playout`)."""
    playout_move: ClassVar[Callable[[KeryoPenteState, random.Random], Point]]
    """A move for the search's playouts: a random empty point next to a stone
    (`keryo_pente_search.playout_move`)."""

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in _KEPT_BESIDE}


def _new(seats: int, tournament: bool) -> KeryoPenteState:
    return KeryoPenteState(
        seats=seats,
        tournament=tournament,
        board=bytes(SIZE * SIZE),
        captures=(0,) * seats,
        placed=(0,) * seats,
        active=(True,) * seats,
        turn=0,
    )


_DIGIT_OF_STONE = bytes.maketrans(bytes(range(10)), b"0123456789")
"""The board as stored: one digit a point (0 empty, else the seat + 1); translated, not formatted
point by point, since the state is stored with every move."""
_STONE_OF_DIGIT = bytes.maketrans(b"0123456789", bytes(range(10)))


def _board(text: Any) -> bytes:
    if not isinstance(text, str) or not text.isascii() or not text.isdigit():
        raise StateFormatError(f"a Keryo-Pente board is a string of digits, not {str(text)[:40]!r}")
    return text.encode("ascii").translate(_STONE_OF_DIGIT)


def _load(data: Mapping[str, Any]) -> KeryoPenteState:
    return KeryoPenteState(
        seats=int(data["seats"]),
        tournament=bool(data["options"]["tournament"]),
        board=_board(data["board"]),
        captures=tuple(data["captures"]),
        placed=tuple(data["placed"]),
        active=tuple(bool(a) for a in data["active"]),
        turn=data["turn"],
        result=Outcome.from_json(data["result"]),
        last_capture=tuple(int(i) for i in data.get("last_capture", ())),  # absent before captures were shown
    )


STONES_CAPTURED = plural_phrase("{count} stone captured", "{count} stones captured", 0)
"""The reason of a win by captures."""

SUMMARY = N_("""\
**Keryo-Pente** — 2 to 6 players on a 19×19 board (columns A–T without I, rows 1–19).
• On your turn place one stone on any empty point, e.g. `K10`.
• **Capture** exactly 2 or 3 stones that are not yours by closing them between two of your \
stones in a line (any direction, mixed owners allowed). One stone can capture in several \
directions at once.
• **Win** with 5 or more of your stones in an unbroken line, or with 15 captured stones.
• A full board with no winner is a draw. With 3 or more players, a player who resigns leaves the \
rotation; their stones stay on the board.
• **Tournament rule** (on by default): the first stone of the game is on K10, and the first \
player's second stone must be outside the box H8–M12.""")


GAME = Game(
    key="keryo-pente",
    title="Keryo-Pente",
    seats=(2, 3, 4, 5, 6),
    options={
        "tournament": Option(True, (True, False), N_("first stone on K10, second outside H8–M12")),
    },
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
    starts_short=True,
    score_unit=plural_phrase("{count} capture", "{count} captures", 0),
    reasons=(STONES_CAPTURED,),
)
KeryoPenteState.game = GAME
