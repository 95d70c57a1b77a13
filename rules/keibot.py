"""Keibot for 2 players (docs/rules/keibot.md).

The board is 7×7. A square is an index `rank * 7 + file` (file 0 = `a`, rank 0 = `1`, seat 0's
side). `KeibotState.board` holds one byte per square: `EMPTY`, `MOAI[seat]` or `BEAD[seat]`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .base import RESIGNED, Game, IllegalMoveError, Move, NotAMoveError, Option, Outcome, TurnState, reason
from .text import N_, Phrase, Said, listing_phrase, phrase, plural_phrase, read_number, shown_number

SIZE = 7
FILES = "abcdefg"
# TRANSLATORS: the seats of Keibot and Verquere, named by the colour of their pieces.
SEAT_NAMES = (N_("White"), N_("Black"))
MOAI_PER_SEAT = 4
BEADS_PER_SEAT = 10
WIN_CAPTURES = 3
WIN_LINE = 3
QUIET_LIMIT = 80
"""Moves in a row without a capture or a bead that end the game in a draw."""
REPETITIONS = 3

THREE_IN_A_ROW = "three-in-a-row"
CAPTURES = "captures"
ALL_BEADS_PLACED = "all-beads-placed"
NO_LEGAL_MOVE = "no-legal-move"
REPETITION = "repetition"
QUIET_MOVES = "quiet-moves"
TERMINATIONS = (THREE_IN_A_ROW, CAPTURES, ALL_BEADS_PLACED, NO_LEGAL_MOVE, REPETITION, QUIET_MOVES, RESIGNED)
"""How a game of Keibot ends (`Outcome.termination`): wins by three beads in a row, three captured
Moai or all ten beads placed; draws when the player to move has no move, on the third repetition
or after 80 quiet moves; or a resignation."""

EMPTY = 0
MOAI = (1, 2)
"""The board byte of each seat's Moai."""
BEAD = (3, 4)
"""The board byte of each seat's beads."""

SETUPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "closed": (("c1", "d1", "e1", "f1"), ("b7", "c7", "d7", "e7")),
    "split": (("a1", "b1", "f1", "g1"), ("a7", "b7", "f7", "g7")),
    "open": (("a1", "c1", "e1", "g1"), ("a7", "c7", "e7", "g7")),
}
"""The starting squares of each seat's Moai (this project's reconstruction of the lost diagrams)."""

DIRECTION_NAMES = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
"""(file step, rank step) in the bead order N, NE, E, SE, S, SW, W, NW as seen by seat 0."""
KNIGHT_STEPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

SQUARE_NAMES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
_NO_PROTECTED = 255
"""The protected-Moai byte of a position key when no Moai is protected (the start)."""


def square_name(index: int) -> str:
    """`c1` for index 2: the notation of a square."""
    return SQUARE_NAMES[index]


def square_index(name: str) -> int:
    """2 for `c1`: the index of a square named in notation (any case)."""
    return SQUARE_NAMES.index(name.strip().lower())


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < SIZE and 0 <= rank < SIZE


def _knight_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for index in range(SIZE * SIZE):
        rank, file = divmod(index, SIZE)
        targets = [
            (rank + dr) * SIZE + file + df for df, dr in KNIGHT_STEPS if _on_board(file + df, rank + dr)
        ]
        table.append(tuple(sorted(targets)))
    return tuple(table)


def _bead_table() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, (square between, square 2 away) for each direction that stays on the board,
    in the order N, NE, E, SE, S, SW, W, NW."""
    table = []
    for index in range(SIZE * SIZE):
        rank, file = divmod(index, SIZE)
        rays = []
        for df, dr in DIRECTIONS:
            if _on_board(file + 2 * df, rank + 2 * dr):
                rays.append(((rank + dr) * SIZE + file + df, (rank + 2 * dr) * SIZE + file + 2 * df))
        table.append(tuple(rays))
    return tuple(table)


def _line_table() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each square, every line of 3 adjacent squares (any of the 4 axes) that contains it."""
    table: list[list[tuple[int, int, int]]] = [[] for _ in range(SIZE * SIZE)]
    for index in range(SIZE * SIZE):
        rank, file = divmod(index, SIZE)
        for df, dr in DIRECTIONS[:4]:
            if _on_board(file + 2 * df, rank + 2 * dr):
                line = tuple((rank + k * dr) * SIZE + file + k * df for k in range(WIN_LINE))
                for square in line:
                    table[square].append((line[0], line[1], line[2]))
    return tuple(tuple(lines) for lines in table)


KNIGHT = _knight_table()
"""The squares a knight's jump reaches from each square, in increasing index order."""
BEAD_RAYS = _bead_table()
LINES = _line_table()
_NO_BEADS: tuple[int, ...] = ()
_MOVE_RE = re.compile(r"([a-z])(\d+)[-x]?([a-z])(\d+)")
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "×": "x"})


@dataclass(frozen=True, slots=True)
class KnightMove(Move):
    """One Moai's jump, with what it did: the capture and the squares that got the mover's beads."""

    frm: int
    """The square the Moai left."""
    to: int
    """The square it landed on."""
    capture: bool = False
    """True when an enemy Moai stood on `to` and left the game."""
    beads: tuple[int, ...] = ()
    """The squares that got one of the mover's beads, in the order N, NE, E, SE, S, SW, W, NW."""

    @property
    def from_square(self) -> str:
        return SQUARE_NAMES[self.frm]

    @property
    def to_square(self) -> str:
        return SQUARE_NAMES[self.to]

    @property
    def bead_squares(self) -> tuple[str, ...]:
        return tuple(SQUARE_NAMES[s] for s in self.beads)

    def __str__(self) -> str:
        return f"{SQUARE_NAMES[self.frm]}{'x' if self.capture else '-'}{SQUARE_NAMES[self.to]}"


def _beads_for(board: bytes, to: int, enemy: int, left: int) -> tuple[int, ...]:
    """The squares that get a bead when a Moai lands on `to` (board before the move; the square
    left behind is a knight's jump away, so it is never a square between or 2 away that matters)."""
    if not left:
        return _NO_BEADS
    beads = [mid for mid, far in BEAD_RAYS[to] if board[far] == enemy and not board[mid]]
    if not beads:
        return _NO_BEADS
    return tuple(beads[:left])


def _reverse_rays() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each square e, (landing square, square between, direction * 64 + square between) for
    each direction d such that a Moai landing 2 squares before e (looking along d) has e 2 away."""
    table = []
    for index in range(SIZE * SIZE):
        rank, file = divmod(index, SIZE)
        rays = []
        for d, (df, dr) in enumerate(DIRECTIONS):
            if _on_board(file - 2 * df, rank - 2 * dr):
                mid = (rank - dr) * SIZE + file - df
                rays.append(((rank - 2 * dr) * SIZE + file - 2 * df, mid, d * 64 + mid))
        table.append(tuple(rays))
    return tuple(table)


REVERSE_RAYS = _reverse_rays()
_QUIET_MOVES = tuple(
    tuple((to, KnightMove(frm, to, False), KnightMove(frm, to, True)) for to in KNIGHT[frm])
    for frm in range(SIZE * SIZE)
)
"""For each square, (target, the plain move there, the capture there) for moves placing no bead;
shared immutable objects, so most legal moves cost no allocation."""


def _bead_map(board: bytes, enemy: int) -> dict[int, list[int]]:
    """For every landing square that would get beads (board before the move): its squares between,
    each coded `direction * 64 + square` so that sorting gives the order N, NE, ... NW."""
    found: dict[int, list[int]] = {}
    marker = bytes((enemy,))
    e = board.find(marker)
    while e >= 0:
        for landing, mid, code in REVERSE_RAYS[e]:
            if not board[mid]:
                codes = found.get(landing)
                if codes is None:
                    found[landing] = [code]
                else:
                    codes.append(code)
        e = board.find(marker, e + 1)
    return found


def _decode(codes: list[int], left: int) -> tuple[int, ...]:
    if len(codes) == 1:
        return (codes[0] & 63,)
    return tuple(code & 63 for code in sorted(codes)[:left])


def _has_move(board: bytes, seat: int, protected: int | None) -> bool:
    """Whether `seat` has a legal move on `board`."""
    own = MOAI[seat]
    enemy = MOAI[1 - seat]
    marker = bytes((own,))
    frm = board.find(marker)
    while frm >= 0:
        for to in KNIGHT[frm]:
            v = board[to]
            if not v or (v == enemy and to != protected):
                return True
        frm = board.find(marker, frm + 1)
    return False


def position_key(board: bytes, turn: int, protected: int | None) -> bytes:
    """What makes a position for the repetition rule: pieces, beads, player to move, protected Moai."""
    return board + bytes((turn, _NO_PROTECTED if protected is None else protected))


def _quote(text: str) -> str:
    """The user's text, fit to show between backticks (no backticks inside, not too long)."""
    flat = " ".join(str(text).split()).replace("`", "'")
    return flat if len(flat) <= 30 else flat[:29] + "…"


@dataclass(frozen=True)
class KeibotState(TurnState):
    setup: str
    board: bytes
    """49 bytes, index `rank * 7 + file`: EMPTY (0), MOAI[seat] (1, 2) or BEAD[seat] (3, 4)."""
    turn: int
    """The seat whose turn it is (kept when the game is over; `to_move` is then None)."""
    protected: int | None
    """The square of the Moai that moved on the turn just before (it cannot be captured now)."""
    captured: tuple[int, int]
    """Enemy Moai each seat has captured."""
    placed: tuple[int, int]
    """Beads each seat has placed."""
    quiet: int
    """Moves in a row without a capture or a bead (80 is a draw)."""
    history: tuple[bytes, ...]
    """Position keys since the last capture or bead, the current one last (for repetitions)."""
    result: Outcome | None = None
    seats: int = 2

    # -- the contract ---------------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        return {"setup": self.setup}

    def legal_moves(self) -> list[KnightMove]:
        if self.result is not None:
            return []
        board = self.board
        turn = self.turn
        own = MOAI[turn]
        enemy = MOAI[1 - turn]
        protected = self.protected
        left = BEADS_PER_SEAT - self.placed[turn]
        beads = _bead_map(board, enemy) if left else {}
        marker = bytes((own,))
        moves: list[KnightMove] = []
        append = moves.append
        frm = board.find(marker)
        while frm >= 0:
            for to, plain, capture in _QUIET_MOVES[frm]:
                v = board[to]
                if not v:
                    append(KnightMove(frm, to, False, _decode(beads[to], left)) if to in beads else plain)
                elif v == enemy and to != protected:
                    append(KnightMove(frm, to, True, _decode(beads[to], left)) if to in beads else capture)
            frm = board.find(marker, frm + 1)
        return moves

    def is_legal(self, move: Move) -> bool:
        if not isinstance(move, KnightMove) or self.result is not None:
            return False
        if not (0 <= move.frm < SIZE * SIZE and 0 <= move.to < SIZE * SIZE):
            return False
        return self._make(move.frm, move.to) == move

    def parse(self, text: str) -> KnightMove:
        if self.result is not None:
            raise IllegalMoveError(phrase("The game is over: no more moves can be played."))
        flat = "".join(str(text).split()).lower().translate(_DASHES)
        match = _MOVE_RE.fullmatch(flat)
        text = _quote(text)
        shape = phrase(
            "Write the square of one of your Moai and the square it jumps to, like a chess knight, "
            "e.g. `{example}` (an `x` instead of the `-` marks a capture).",
            example=self._example(),
        )
        if not match:
            raise NotAMoveError(phrase("`{text}` is not a move. {shape}", text=text, shape=shape))
        f1, r1, f2, r2 = match.groups()
        for letter, digits in ((f1, r1), (f2, r2)):
            if letter not in FILES:
                raise NotAMoveError(
                    phrase(
                        "`{text}` is off the board: there is no file {letter} (files run a–g). {shape}",
                        text=text,
                        letter=letter,
                        shape=shape,
                    )
                )
            rank = read_number(digits)
            if rank is None or not 1 <= rank <= SIZE:
                raise NotAMoveError(
                    phrase(
                        "`{text}` is off the board: there is no rank {rank} (ranks run 1–7). {shape}",
                        text=text,
                        rank=shown_number(digits),
                        shape=shape,
                    )
                )
        frm = (int(r1) - 1) * SIZE + FILES.index(f1)  # both ranks are 1-7 here
        to = (int(r2) - 1) * SIZE + FILES.index(f2)
        move = self._make(frm, to)
        if move is None:
            raise IllegalMoveError(self._refusal(text, frm, to))
        return move

    def _after(self, move: Move) -> KeibotState:
        assert isinstance(move, KnightMove)
        turn = self.turn
        other = 1 - turn
        board = bytearray(self.board)
        board[move.frm] = EMPTY
        board[move.to] = MOAI[turn]
        captured = self.captured
        placed = self.placed
        if move.capture:
            captured = (captured[0] + 1, captured[1]) if turn == 0 else (captured[0], captured[1] + 1)
        if move.beads:
            bead = BEAD[turn]
            for square in move.beads:
                board[square] = bead
            n = len(move.beads)
            placed = (placed[0] + n, placed[1]) if turn == 0 else (placed[0], placed[1] + n)
        new_board = bytes(board)
        key = new_board + bytes((other, move.to))
        if move.capture or move.beads:
            quiet = 0
            history: tuple[bytes, ...] = (key,)
        else:
            quiet = self.quiet + 1
            history = (*self.history, key)
        result = _result(new_board, move, turn, captured, placed, quiet, history)
        # The constructor, not dataclasses.replace: this is the hot path of every playout.
        return KeibotState(
            setup=self.setup,
            board=new_board,
            turn=other,
            protected=move.to,
            captured=captured,
            placed=placed,
            quiet=quiet,
            history=history,
            result=result,
        )

    def resign(self, seat: int) -> KeibotState:
        return replace(self, result=self._resignation(seat, self.placed))

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "board": "".join(str(v) for v in self.board),
            "turn": self.turn,
            "protected": self.protected,
            "captured": list(self.captured),
            "placed": list(self.placed),
            "quiet": self.quiet,
            "history": [key.hex() for key in self.history],
        }

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        """Legal moves whose notation starts with (then contains) the typed text, ignoring case,
        spaces and the `-`/`x` between the squares (so `c1d` finds `c1-d3` and `c1xd3`)."""
        key = _flat(typed)
        starts: list[str] = []
        contains: list[str] = []
        for move in self.legal_moves():
            text = str(move)
            flat = _flat(text)
            if flat.startswith(key):
                starts.append(text)
            elif key in flat:
                contains.append(text)
        return (starts + contains)[:limit]

    def describe_move(self, move: Move) -> str:
        if not isinstance(move, KnightMove):
            return str(move)
        where = {"move": str(move), "start": move.from_square, "end": move.to_square}
        if not move.beads:
            if move.capture:
                return Said(phrase("`{move}`: jumps {start} to {end} and captures the Moai there", **where))
            return Said(phrase("`{move}`: jumps {start} to {end}", **where))
        squares = listing_phrase(move.bead_squares)
        if move.capture:
            return Said(
                plural_phrase(
                    "`{move}`: jumps {start} to {end}, captures the Moai there and places a bead on "
                    "{squares}",
                    "`{move}`: jumps {start} to {end}, captures the Moai there and places {count} "
                    "beads on {squares}",
                    len(move.beads),
                    squares=squares,
                    **where,
                )
            )
        return Said(
            plural_phrase(
                "`{move}`: jumps {start} to {end} and places a bead on {squares}",
                "`{move}`: jumps {start} to {end} and places {count} beads on {squares}",
                len(move.beads),
                squares=squares,
                **where,
            )
        )

    # -- helpers for pictures and move builders -------------------------------------------------

    def moai(self, seat: int) -> tuple[int, ...]:
        """The squares (indices) of the seat's Moai, in increasing order."""
        code = MOAI[seat]
        return tuple(i for i, v in enumerate(self.board) if v == code)

    def beads(self, seat: int) -> tuple[int, ...]:
        """The squares (indices) of the seat's beads, in increasing order."""
        code = BEAD[seat]
        return tuple(i for i, v in enumerate(self.board) if v == code)

    def moai_squares(self, seat: int) -> tuple[str, ...]:
        return tuple(SQUARE_NAMES[i] for i in self.moai(seat))

    def bead_squares(self, seat: int) -> tuple[str, ...]:
        return tuple(SQUARE_NAMES[i] for i in self.beads(seat))

    def piece_at(self, square: int | str) -> tuple[str, int] | None:
        """("moai", seat) or ("bead", seat) for what stands on a square (index or name), or None."""
        index = square_index(square) if isinstance(square, str) else square
        v = self.board[index]
        if v in MOAI:
            return ("moai", MOAI.index(v))
        if v in BEAD:
            return ("bead", BEAD.index(v))
        return None

    @property
    def protected_square(self) -> str | None:
        """The name of the square of the protected Moai (the one that just moved), or None."""
        return None if self.protected is None else SQUARE_NAMES[self.protected]

    def scores(self) -> tuple[float, ...]:
        """Beads each seat has placed so far: what the outcome counts, shown while playing."""
        return self.placed

    def beads_left(self, seat: int) -> int:
        """Beads the seat still has off the board."""
        return BEADS_PER_SEAT - self.placed[seat]

    def captures(self, seat: int) -> int:
        """Enemy Moai this seat has captured."""
        return self.captured[seat]

    def moai_lost(self, seat: int) -> int:
        """Moai of this seat that the opponent has captured."""
        return self.captured[1 - seat]

    @property
    def repetitions(self) -> int:
        """How many times the current position has occurred (3 is a draw)."""
        return self.history.count(self.history[-1])

    def moves_from(self, square: int | str) -> list[KnightMove]:
        """The legal moves of the Moai on a square (index or name), for a step-by-step builder."""
        index = square_index(square) if isinstance(square, str) else square
        return [m for m in self.legal_moves() if m.frm == index]

    # -- internals ------------------------------------------------------------------------------

    def _make(self, frm: int, to: int) -> KnightMove | None:
        """The legal move from `frm` to `to` with its capture and beads, or None when illegal."""
        turn = self.turn
        if self.board[frm] != MOAI[turn] or to not in KNIGHT[frm]:
            return None
        v = self.board[to]
        enemy = MOAI[1 - turn]
        if v and (v != enemy or to == self.protected):
            return None
        left = BEADS_PER_SEAT - self.placed[turn]
        return KnightMove(frm, to, bool(v), _beads_for(self.board, to, enemy, left))

    # -- hooks for the computer players' search (host/computer: optional, this game's own) -----
    # Defined in keibot_search.py, where the judgement behind them is, which attaches them to this
    # class (the rules never call them).

    playout_plies: ClassVar[int] = 0
    """Plies of the search's playouts before the position is valued (0: the new node itself)."""
    candidate_moves: ClassVar[Callable[[KeibotState], Sequence[KnightMove]]]
    """The moves worth searching, best first (`keibot_search.candidates`): the wins; else the
    answers to the other seat's threat to win, if any; else every move, captures and bead moves
    first."""
    winning_moves: ClassVar[Callable[[KeibotState], Sequence[KnightMove]]]
    """The legal moves that win at once for the seat to move."""
    evaluate: ClassVar[Callable[[KeibotState], tuple[float, ...]]]
    """Each seat's chance to win as the material and the threats tell it (`keibot_search.values`)."""
    playout_move: ClassVar[Callable[[KeibotState, random.Random], KnightMove]]
    """A move for the search's playouts (`keibot_search.playout_move`): a win if there is one,
    else often a capture or a bead move. Uses only `rng` for randomness."""

    def _example(self) -> str:
        moves = self.legal_moves()
        return str(moves[0]) if moves else "c1-d3"

    def _moves_of(self, frm: int) -> Phrase:
        moves = [f"`{m}`" for m in self.legal_moves() if m.frm == frm]
        name = SQUARE_NAMES[frm]
        if not moves:
            return phrase(
                "The Moai on {square} has no legal move now; try `{example}`.",
                square=name,
                example=self._example(),
            )
        return phrase("The Moai on {square} can play {moves}.", square=name, moves=listing_phrase(moves))

    def _refusal(self, text: str, frm: int, to: int) -> Phrase:
        """Why `text` (frm to to, both on the board) is not legal now."""
        turn = self.turn
        board = self.board
        f_name, t_name = SQUARE_NAMES[frm], SQUARE_NAMES[to]
        ours = phrase(
            "Move one of your Moai (on {squares}), e.g. `{example}`.",
            squares=listing_phrase(self.moai_squares(turn)),
            example=self._example(),
        )
        v = board[frm]
        if v == EMPTY:
            return phrase(
                "`{text}`: there is no Moai on {square}. {hint}", text=text, square=f_name, hint=ours
            )
        if v in BEAD:
            return phrase(
                "`{text}`: {square} holds a bead, and beads never move. {hint}",
                text=text,
                square=f_name,
                hint=ours,
            )
        if v != MOAI[turn]:
            return phrase(
                "`{text}`: the Moai on {square} is {other}'s, and you play {seat}. {hint}",
                text=text,
                square=f_name,
                other=Phrase(SEAT_NAMES[MOAI.index(v)]),
                seat=Phrase(SEAT_NAMES[turn]),
                hint=ours,
            )
        moves = self._moves_of(frm)
        if to not in KNIGHT[frm]:
            return phrase(
                "`{text}` is not a knight move: a Moai jumps 2 squares one way and 1 square across. {moves}",
                text=text,
                moves=moves,
            )
        w = board[to]
        if w in BEAD and BEAD.index(w) == turn:
            return phrase(
                "`{text}` lands on {square}, which holds your bead: a Moai may never land on a bead. {moves}",
                text=text,
                square=t_name,
                moves=moves,
            )
        if w in BEAD:
            return phrase(
                "`{text}` lands on {square}, which holds {other}'s bead: a Moai may never land on a "
                "bead. {moves}",
                text=text,
                square=t_name,
                other=Phrase(SEAT_NAMES[BEAD.index(w)]),
                moves=moves,
            )
        if w == MOAI[turn]:
            return phrase(
                "`{text}` lands on your own Moai on {square}: a Moai may not land on a Moai of its "
                "own side. {moves}",
                text=text,
                square=t_name,
                moves=moves,
            )
        if to == self.protected:
            return phrase(
                "`{text}` would capture {other}'s Moai on {square}, but it is protected: it moved on "
                "the turn "
                "just before this one, and the Moai that has just moved cannot be captured on the very next "
                "turn. {moves}",
                text=text,
                other=Phrase(SEAT_NAMES[1 - turn]),
                square=t_name,
                moves=moves,
            )
        return phrase(
            "`{text}` is not a legal move here. {moves}", text=text, moves=moves
        )  # pragma: no cover


def _flat(text: str) -> str:
    return "".join(text.split()).lower().translate(_DASHES).replace("-", "").replace("x", "")


def makes_line(board: bytes, squares: Sequence[int], bead: int) -> bool:
    """Whether a line of 3 through one of `squares` holds three beads `bead` on `board`."""
    return any(
        board[a] == bead and board[b] == bead and board[c] == bead
        for square in squares
        for a, b, c in LINES[square]
    )


def _result(
    board: bytes,
    move: KnightMove,
    mover: int,
    captured: tuple[int, int],
    placed: tuple[int, int],
    quiet: int,
    history: tuple[bytes, ...],
) -> Outcome | None:
    """The outcome after `mover` played `move`, giving `board`: wins first, then draws."""
    name = Phrase(SEAT_NAMES[mover])
    if move.beads and makes_line(board, move.beads, BEAD[mover]):
        return Outcome((mover,), placed, reason(THREE_BEADS_REASON, seat=name), THREE_IN_A_ROW)
    if move.capture and captured[mover] >= WIN_CAPTURES:
        return Outcome((mover,), placed, reason(CAPTURED_REASON, captured[mover], seat=name), CAPTURES)
    if move.beads and placed[mover] >= BEADS_PER_SEAT:
        return Outcome(
            (mover,), placed, reason(ALL_PLACED_REASON, BEADS_PER_SEAT, seat=name), ALL_BEADS_PLACED
        )
    other = 1 - mover
    if not _has_move(board, other, move.to):
        return Outcome((), placed, reason(NO_MOVE_REASON, seat=Phrase(SEAT_NAMES[other])), NO_LEGAL_MOVE)
    if len(history) >= REPETITIONS and history.count(history[-1]) >= REPETITIONS:
        return Outcome(
            (), placed, reason(phrase("the same position occurred for the third time")), REPETITION
        )
    if quiet >= QUIET_LIMIT:
        return Outcome((), placed, reason(QUIET_REASON, QUIET_LIMIT), QUIET_MOVES)
    return None


THREE_BEADS_REASON = phrase("{seat} has three beads in a row")
CAPTURED_REASON = plural_phrase("{seat} captured {count} Moai", "{seat} captured {count} Moai", 0)
ALL_PLACED_REASON = plural_phrase("{seat} placed all {count} bead", "{seat} placed all {count} beads", 0)
NO_MOVE_REASON = phrase("{seat} has no legal move")
QUIET_REASON = plural_phrase(
    "{count} move in a row without a capture or a bead",
    "{count} moves in a row without a capture or a bead",
    0,
)
REASONS = (THREE_BEADS_REASON, CAPTURED_REASON, ALL_PLACED_REASON, NO_MOVE_REASON, QUIET_REASON)
"""The forms of Keibot's reasons with a name or a number (`Game.reasons`)."""


def _new(seats: int, setup: str) -> KeibotState:
    board = bytearray(SIZE * SIZE)
    for seat, squares in enumerate(SETUPS[setup]):
        for name in squares:
            board[square_index(name)] = MOAI[seat]
    start = bytes(board)
    return KeibotState(
        setup=setup,
        board=start,
        turn=0,
        protected=None,
        captured=(0, 0),
        placed=(0, 0),
        quiet=0,
        history=(position_key(start, 0, None),),
    )


def _load(data: Mapping[str, Any]) -> KeibotState:
    captured = data["captured"]
    placed = data["placed"]
    protected = data["protected"]
    return KeibotState(
        setup=str(data["options"]["setup"]),
        board=bytes(int(ch) for ch in data["board"]),
        turn=int(data["turn"]),
        protected=None if protected is None else int(protected),
        captured=(int(captured[0]), int(captured[1])),
        placed=(int(placed[0]), int(placed[1])),
        quiet=int(data["quiet"]),
        history=tuple(bytes.fromhex(key) for key in data["history"]),
        result=Outcome.from_json(data["result"]),
    )


SUMMARY = N_("""\
**Keibot** — 2 players on a 7×7 board (files a–g, ranks 1–7). Each has 4 Moai and 10 beads.
• On your turn jump one Moai like a chess knight, e.g. `c1-d3`. It may not land on a bead or \
on your own Moai. Landing on an enemy Moai captures it (`c1xd3`) — except the Moai that moved \
on the turn just before: it is protected for one turn.
• **Beads** are placed for you: after landing, in each of the 8 directions where the square 2 \
away holds an enemy Moai and the square between is empty, one of your beads goes between. \
Beads never move. Short of beads, they go N, NE, E, SE, S, SW, W, NW (as seen by White).
• **Win** with 3 of your beads in a row (any direction), 3 captured Moai, or all 10 beads placed.
• **Draw** when the player to move has no move, when a position occurs for the third time, or \
after 80 moves in a row without a capture or a bead.
• Setups (option `setup`): `closed` c1–f1 / b7–e7, `split` a1 b1 f1 g1, `open` a1 c1 e1 g1 \
(Black mirrored on rank 7). The original diagrams are lost: these setups are a reconstruction.""")


GAME = Game(
    key="keibot",
    title="Keibot",
    seats=(2,),
    options={
        "setup": Option(
            "closed",
            ("closed", "split", "open"),
            N_("starting squares: closed c1–f1, split a1 b1 f1 g1, open a1 c1 e1 g1 (reconstructed)"),
        ),
    },
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
    score_unit=plural_phrase("{count} bead placed", "{count} beads placed", 0),
    reasons=REASONS,
)
KeibotState.game = GAME
