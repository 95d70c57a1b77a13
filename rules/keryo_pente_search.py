"""Keryo-Pente as the computer players' search sees it (host/computer): a mutable board for fast
playouts, and the threats of a position, found with bitboards, that order its candidate moves and
value the positions where a playout stops. Nothing here is part of the rules contract: the board
plays exactly the contract's rules (tests/rules/test_keryo_pente_search.py checks it move by move
against `KeryoPenteState`), and the rest is judgement.

Threats, for one seat (its stones "mine", every other seat's stones "theirs"; a window is 5
points in a line):

* a **five point**: an empty point that makes five or more in a line (a window whose other 4
  points are mine): a win on the next move, what a four threatens;
* a **four point**: an empty point that makes a five point (a window of 3 of mine and 2 empty
  points, this one and the target): a three becomes a four there;
* a **double point**: an empty point that makes two five points or more at once (an open four,
  `_XXXX_`, or two fours): unstoppable but by a capture, so what an open or broken three
  threatens (`_XXX_`, `_X_XX_`);
* a **capture point**: an empty point that captures 2 or 3 stones (a pair or a three of theirs
  closed by one of mine at the other end), and among them a **capture win**, one that brings the
  seat to 15 captured stones.

Bitboards are Python ints, bit `i` for the point `i` (row * 19 + column); a shift by `d` moves
every point one step in direction `d` (1 east, 19 north, 20 north-east, 18 north-west), and each
pattern is masked to the windows that lie on the board, so nothing wraps around an edge.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .base import Outcome
from .keryo_pente import (
    _NEIGHBOURS,
    BOARD_FULL,
    CAPTURES,
    CENTRE,
    FIVE_IN_A_ROW,
    POINTS,
    SIZE,
    WIN_CAPTURES,
    KeryoPenteState,
    Point,
    _in_tournament_box,
    _line_through,
    _near,
    captured_runs,
)

POINTS_COUNT = SIZE * SIZE
FULL = (1 << POINTS_COUNT) - 1
STEPS = ((1, 0, 1), (SIZE, 1, 0), (SIZE + 1, 1, 1), (SIZE - 1, 1, -1))
"""(shift, row step, column step) of the 4 axes: east, north, north-east, north-west."""


def _starts(dr: int, dc: int, length: int) -> int:
    """The bitboard of the points where a line of `length` in direction (dr, dc) starts and stays
    on the board."""
    bits = 0
    for index in range(POINTS_COUNT):
        row, col = divmod(index, SIZE)
        end_row, end_col = row + dr * (length - 1), col + dc * (length - 1)
        if 0 <= end_row < SIZE and 0 <= end_col < SIZE:
            bits |= 1 << index
    return bits


_WINDOWS = tuple((d, _starts(dr, dc, 4), _starts(dr, dc, 5)) for d, dr, dc in STEPS)
"""Per axis: its shift, and the starts of the lines of 4 and of 5 points on the board."""

_EMPTY_PAIRS = tuple((j1, j2) for j1 in range(5) for j2 in range(j1 + 1, 5))
"""The places (j1 < j2) of the two empty points of a window of 3 stones."""


def _bit_table(ones: set[int]) -> bytes:
    return bytes(ord("1") if v in ones else ord("0") for v in range(256))


_SEAT_BITS = tuple(_bit_table({seat + 1}) for seat in range(6))
_STONE_BITS = _bit_table(set(range(1, 256)))


def bitboard(board: bytes | bytearray, table: bytes) -> int:
    """The points of `board` whose value `table` maps to "1", as a bitboard."""
    return int(board.translate(table)[::-1], 2)


def points_of(bits: int) -> list[int]:
    """The points of a bitboard, in board order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _capture_count(board: bytes | bytearray, index: int, stone: int) -> int:
    """How many stones `stone` placed on the empty `index` would capture."""
    return sum(len(run) for run in captured_runs(board, index, stone))


@dataclass(frozen=True, slots=True)
class SeatThreats:
    """The threats of one seat (see the module docstring), as bitboards of empty points."""

    five: int
    four: int
    double: int
    capture: int
    capture_win: int
    targets: tuple[tuple[int, int], ...]
    """(axis shift, starts) of the windows of 3 of mine and 2 empty points on each axis: what a
    double point's defences are read from."""

    def defences(self, empty: int) -> int:
        """The empty points that answer this seat's double points: each double point and the
        other empty points of its windows of 3 (the ends and gaps of the open or broken three)."""
        double = self.double
        found = double
        for d, starts in self.targets:
            for shift in (0, d, 2 * d, 3 * d, 4 * d):
                hit = starts & (double >> shift)
                if hit:
                    for other in (0, d, 2 * d, 3 * d, 4 * d):
                        found |= (hit << other) & empty
        return found


def seat_threats(
    board: bytes | bytearray, mine: int, theirs: int, empty: int, captured: int, stone: int
) -> SeatThreats:
    """The threats of the seat whose stones are `mine` (`stone` on the board, `captured` stones
    taken so far). The stones of each window are counted with a bit-sliced adder of its 5 points."""
    five = once = twice = capture = 0
    targets: list[tuple[int, int]] = []
    for d, starts4, starts5 in _WINDOWS:
        d2, d3, d4 = 2 * d, 3 * d, 4 * d
        m1, m2, m3, m4 = mine >> d, mine >> d2, mine >> d3, mine >> d4
        t1, t2, t3 = theirs >> d, theirs >> d2, theirs >> d3
        # Captures: theirs, theirs (, theirs) closed by mine, seen from either end.
        pair = t1 & t2
        if pair:
            e3 = empty >> d3
            capture |= (
                (empty & pair & m3 & starts4)
                | ((mine & pair & e3 & starts4) << d3)
                | (empty & pair & t3 & m4 & starts5)
                | ((mine & pair & t3 & (empty >> d4) & starts5) << d4)
            )
        # Windows of 5 with no stone of theirs, by the number of mine (3 or 4).
        free = starts5 & ~(theirs | t1 | t2 | t3 | theirs >> d4)
        if not free:
            continue
        a = mine ^ m1
        s1 = a ^ m2
        c1 = (mine & m1) | (m2 & a)
        b = s1 ^ m3
        s2 = b ^ m4
        c2 = (s1 & m3) | (m4 & b)
        high = c1 & c2
        fours = free & high & ~s2
        threes = free & s2 & (c1 ^ c2)
        if fours:
            five |= (
                (fours & empty)
                | ((fours & empty >> d) << d)
                | ((fours & empty >> d2) << d2)
                | ((fours & empty >> d3) << d3)
                | ((fours & empty >> d4) << d4)
            )
        if threes:
            # Which five point each empty point of a window of 3 makes: the other empty point,
            # `k` points further along the axis; a point is a double point when it makes two.
            e = (empty, empty >> d, empty >> d2, empty >> d3, empty >> d4)
            gains = [0] * 9
            for j1, j2 in _EMPTY_PAIRS:
                found = threes & e[j1] & e[j2]
                if found:
                    gains[4 + j2 - j1] |= found << j1 * d
                    gains[4 + j1 - j2] |= found << j2 * d
            for points in gains:
                if points:
                    twice |= once & points
                    once |= points
            targets.append((d, threes))
    capture &= empty
    capture_win = 0
    if capture and captured >= WIN_CAPTURES - 8:  # below, a capture of 8 or more at once: never seen
        need = WIN_CAPTURES - captured
        for index in points_of(capture):
            if _capture_count(board, index, stone) >= need:
                capture_win |= 1 << index
    return SeatThreats(five & empty, once, twice, capture, capture_win, tuple(targets))


# -- a position's threats, candidate moves and value ------------------------------------------------

_COLUMN_FIRST = sum(1 << (row * SIZE) for row in range(SIZE))
_COLUMN_LAST = _COLUMN_FIRST << (SIZE - 1)


def _around(bits: int) -> int:
    """The points within one king step of `bits` (themselves included)."""
    row = bits | ((bits & ~_COLUMN_LAST) << 1) | ((bits & ~_COLUMN_FIRST) >> 1)
    return (row | row << SIZE | row >> SIZE) & FULL


_ORDER = list(range(POINTS_COUNT))
random.Random(361).shuffle(_ORDER)
_RANK = tuple(sorted(range(POINTS_COUNT), key=_ORDER.__getitem__))
"""A fixed arbitrary order of the points, for the quiet points at the end of the candidates (so
that the search does not favour the bottom of the board)."""


@dataclass(frozen=True, slots=True)
class Threats:
    """The threats of every seat in one position (None for a seat that left the game)."""

    seats: tuple[SeatThreats | None, ...]
    stones: tuple[int, ...]
    """Each seat's stones, as bitboards."""
    empty: int


def threats(board: bytes | bytearray, captures: Sequence[int], active: Sequence[bool]) -> Threats:
    """The threats of every seat still playing on `board`."""
    occupied = bitboard(board, _STONE_BITS)
    empty = FULL & ~occupied
    stones = tuple(bitboard(board, _SEAT_BITS[seat]) if active[seat] else 0 for seat in range(len(active)))
    found = tuple(
        seat_threats(board, stones[seat], occupied & ~stones[seat], empty, captures[seat], seat + 1)
        if active[seat]
        else None
        for seat in range(len(active))
    )
    return Threats(found, stones, empty)


last_threats: tuple[object, Threats] | None = None
"""The last state whose threats were found, and its threats (see `KeryoPenteState._threats`)."""


def _others(found: Threats, mover: int) -> list[SeatThreats]:
    return [t for seat, t in enumerate(found.seats) if t is not None and seat != mover]


QUIET_LIMIT = 30
"""At most this many candidates in a quiet position (the threats and answers are always kept)."""


def candidate_points(found: Threats, mover: int) -> list[int]:
    """The points worth searching for `mover`, best first: its wins (then only those); else the
    blocks of another seat's five (then only those and the captures); else its open fours, its
    fours, the defences against another seat's open or broken three (then only those and the
    captures), its captures, the blocks of the others' captures and threes; then the empty points
    next to a stone, those in line with two stones first, up to QUIET_LIMIT in all. Empty when
    no stone is on the board."""
    me = found.seats[mover]
    assert me is not None
    empty = found.empty
    wins = me.five | me.capture_win
    if wins:
        return points_of(wins)
    others = _others(found, mover)
    must = 0
    for other in others:
        must |= other.five | other.capture_win
    if must:
        return points_of(must) + points_of(me.capture & ~must)
    threatened = 0
    for other in others:
        if other.double:
            threatened |= other.defences(empty)
    tiers = [me.double, me.four & ~me.double, threatened, me.capture]
    if not threatened:
        their_captures = their_fours = 0
        for other in others:
            their_captures |= other.capture
            their_fours |= other.four
        occupied = FULL & ~empty
        near = _around(occupied) & empty
        mine = found.stones[mover]
        lines = 0
        for d, _, _ in _WINDOWS:
            for stones in (mine, occupied & ~mine):
                lines |= (stones << d & stones >> d) | (stones >> d & stones >> 2 * d)
                lines |= stones << d & stones << 2 * d
        tiers += [their_captures, their_fours, near & lines, near]
    out: list[int] = []
    seen = 0
    for k, tier in enumerate(tiers):
        tier &= ~seen
        if not tier:
            continue
        seen |= tier
        points = points_of(tier)
        if k >= 6:  # the quiet points: in the fixed arbitrary order, up to the limit
            points.sort(key=_RANK.__getitem__)
            points = points[: max(0, QUIET_LIMIT - len(out))]
        out += points
    return out


def _popcount(bits: int) -> int:
    return bits.bit_count()


def values(found: Threats, captures: Sequence[int], mover: int) -> tuple[float, ...]:
    """Each seat's chance of winning from this position with `mover` to move, in [0, 1], as
    judged from the threats: a win on the move, a five the mover cannot stop, an open four the
    mover can make; else the balance of captures, threats of capture, threes and fours."""
    seats = len(found.seats)
    me = found.seats[mover]
    assert me is not None
    if me.five or me.capture_win:
        return _sure(seats, mover, 0.95)
    others = [(seat, t) for seat, t in enumerate(found.seats) if t is not None and seat != mover]
    must = 0
    for seat, other in others:
        threat = other.five | other.capture_win
        if _popcount(threat) >= 2 and not me.capture:
            return _sure(seats, seat, 0.9)
        must |= threat
    if me.double and not must:
        return _sure(seats, mover, 0.85 if not any(t.capture for _, t in others) else 0.75)
    scores = []
    for seat, mine in enumerate(found.seats):
        if mine is None:
            scores.append(-10.0)
            continue
        taken = captures[seat]
        score = 0.22 * taken + 0.06 * max(0, taken - 8) ** 2
        score += 0.15 * _popcount(mine.four)
        if seat == mover:
            score += 0.45 * min(_popcount(mine.capture), 3) + 0.1 * min(_popcount(mine.four), 4)
        else:
            score += 0.2 * min(_popcount(mine.capture), 3)
            score += 1.2 * min(_popcount(mine.double), 2) + 1.0 * min(_popcount(mine.five), 1)
        scores.append(score)
    top = max(scores)
    weights = [math.exp(s - top) for s in scores]
    total = sum(weights)
    return tuple(0.1 + 0.8 * w / total for w in weights)


def _sure(seats: int, winner: int, value: float) -> tuple[float, ...]:
    rest = (1.0 - value) / (seats - 1)
    return tuple(value if seat == winner else rest for seat in range(seats))


# -- a mutable board for playouts -------------------------------------------------------------------

FIVE, CAPTURED, FULL_BOARD = 1, 2, 3
"""How a game on a FastBoard ended (`FastBoard.ended`): five in a row, 15 captures, a full board."""


class FastBoard:
    """A game of Keryo-Pente that changes in place: the contract's rules without its immutable
    states. The empty points are kept in a list (and each point's place in it) so that a random
    one is drawn at once; a stone placed or captured moves one point in or out of it."""

    __slots__ = (
        "active",
        "board",
        "captures",
        "empties",
        "ended",
        "placed",
        "seats",
        "tournament",
        "turn",
        "where",
        "winner",
    )

    def __init__(
        self,
        board: bytes,
        captures: Sequence[int],
        placed: Sequence[int],
        active: Sequence[bool],
        turn: int,
        tournament: bool,
    ) -> None:
        self.board = bytearray(board)
        self.seats = len(captures)
        self.captures = list(captures)
        self.placed = list(placed)
        self.active = tuple(active)
        self.turn = turn
        self.tournament = tournament
        self.empties = [i for i in range(POINTS_COUNT) if not board[i]]
        self.where = [-1] * POINTS_COUNT
        for k, index in enumerate(self.empties):
            self.where[index] = k
        self.ended = 0
        """0 while the game goes on, else FIVE, CAPTURED or FULL_BOARD."""
        self.winner: int | None = None

    def restricted(self) -> bool:
        """Whether the tournament rule limits the first player's stone now."""
        return self.tournament and self.turn == 0 and self.placed[0] < 2

    def legal(self) -> list[int]:
        """The legal points, in board order (the contract's order)."""
        if self.ended:
            return []
        if self.restricted():
            if self.placed[0] == 0:
                return [] if self.board[CENTRE] else [CENTRE]
            return [i for i in sorted(self.empties) if not _in_tournament_box(i)]
        return sorted(self.empties)

    def random_point(self, rng: random.Random) -> int:
        """A legal point drawn uniformly."""
        if self.restricted():
            legal = self.legal()
            return legal[int(rng.random() * len(legal))]
        empties = self.empties
        return empties[int(rng.random() * len(empties))]

    def near_point(self, rng: random.Random) -> int:
        """A random legal point next to a stone, found by drawing empty points (a random legal
        point when 30 draws find none)."""
        if not self.restricted():
            empties, board = self.empties, self.board
            size = len(empties)
            for _ in range(30):
                index = empties[int(rng.random() * size)]
                for j in _NEIGHBOURS[index]:
                    if board[j]:
                        return index
        return self.random_point(rng)

    def play(self, index: int) -> None:
        """Place the stone of the seat to move on the empty point `index` (a legal one)."""
        board, empties, where = self.board, self.empties, self.where
        mover = self.turn
        stone = mover + 1
        board[index] = stone
        k = where[index]
        last = empties.pop()
        if last != index:
            empties[k] = last
            where[last] = k
        where[index] = -1
        taken = 0
        for run in captured_runs(board, index, stone):
            for j in run:
                board[j] = 0
                where[j] = len(empties)
                empties.append(j)
            taken += len(run)
        self.placed[mover] += 1
        if taken:
            self.captures[mover] += taken
        if _line_through(board, index, stone):
            self.ended, self.winner = FIVE, mover
        elif self.captures[mover] >= WIN_CAPTURES:
            self.ended, self.winner = CAPTURED, mover
        elif not empties:
            self.ended = FULL_BOARD
        seats, active = self.seats, self.active
        for step in range(1, seats + 1):
            after = (mover + step) % seats
            if active[after]:
                self.turn = after
                break


# -- the hooks of `KeryoPenteState` (host/computer/hooks.py) ----------------------------------------


def candidate_moves(state: KeryoPenteState) -> Sequence[Point]:
    """The points worth searching, best first (`candidate_points`): the wins; else the blocks of
    a five; else the open fours and fours, the defences against an open or broken three, the
    captures, then the quiet points next to the stones. While the tournament rule restricts the
    first player, the legal points near the stones and those just outside the box. Never empty
    while the game goes on."""
    assert state.turn is not None
    if state.tournament and state.turn == 0 and state.placed[0] < 2:
        legal = state.legal_moves()
        if len(legal) <= 1:
            return legal
        near = {p for p in _near(state.board, 2) if state._refusal(p) is None}
        return [p for p in legal if p.index in near or max(abs(p.column - 9), abs(p.row - 9)) == 3]
    points = candidate_points(_state_threats(state), state.turn)
    return [POINTS[p] for p in points] if points else state.legal_moves()


def winning_moves(state: KeryoPenteState) -> Sequence[Point]:
    """The points that win at once for the seat to move: five in a row, or a capture that brings
    it to 15 (none while the tournament rule restricts the first player)."""
    assert state.turn is not None
    if state.tournament and state.turn == 0 and state.placed[0] < 2:
        return []
    mine = _state_threats(state).seats[state.turn]
    assert mine is not None
    return [POINTS[p] for p in points_of(mine.five | mine.capture_win)]


def evaluate(state: KeryoPenteState) -> tuple[float, ...]:
    """Each seat's chance to win, as the threats on the board tell it (`values`)."""
    assert state.turn is not None
    return values(_state_threats(state), state.captures, state.turn)


def playout(state: KeryoPenteState, rng: random.Random, plies: int) -> Outcome | tuple[float, ...]:
    """A playout of at most `plies` plies on a fast board (a random point next to a stone each
    ply): its outcome when the game ends, else the value of where it stopped."""
    if plies <= 0:
        return evaluate(state)
    assert state.turn is not None
    board = FastBoard(state.board, state.captures, state.placed, state.active, state.turn, state.tournament)
    for _ in range(plies):
        board.play(board.near_point(rng))
        if board.ended:
            break
    captures = tuple(board.captures)
    if board.ended == FIVE:
        assert board.winner is not None
        return Outcome((board.winner,), captures, "five in a row", FIVE_IN_A_ROW)
    if board.ended == CAPTURED:
        assert board.winner is not None
        return Outcome((board.winner,), captures, f"{captures[board.winner]} stones captured", CAPTURES)
    if board.ended == FULL_BOARD:
        return Outcome((), captures, "the board is full", BOARD_FULL)
    found = threats(board.board, captures, state.active)
    return values(found, captures, board.turn)


def playout_move(state: KeryoPenteState, rng: random.Random) -> Point:
    """A move for the search's playouts: a random empty point next to a stone (found by drawing
    points at random; a random legal point when that fails, or while the tournament rule
    restricts the first player). Uses only `rng` for randomness."""
    board = state.board
    if not (state.tournament and state.turn == 0 and state.placed[0] < 2):
        for _ in range(40):
            index = int(rng.random() * SIZE * SIZE)
            if not board[index] and any(board[j] for j in _NEIGHBOURS[index]):
                return POINTS[index]
    legal = state.legal_moves()
    move = legal[rng.randrange(len(legal))]
    for _ in range(12):
        if any(board[j] for j in _NEIGHBOURS[move.index]):
            return move
        move = legal[rng.randrange(len(legal))]
    return move


def _state_threats(state: KeryoPenteState) -> Threats:
    """The threats on a state's board. The search asks for the candidates, the wins and the value
    of a new node one after the other: the last state's threats are kept for that (only the last
    one's: a tree of thousands of states keeps none)."""
    global last_threats
    last = last_threats
    if last is not None and last[0] is state:
        return last[1]
    found = threats(state.board, state.captures, state.active)
    last_threats = (state, found)
    return found


# The hooks, attached here where they are defined: rules/keryo_pente.py does not import this
# module, so the two make no import circle.
KeryoPenteState.candidate_moves = candidate_moves
KeryoPenteState.winning_moves = winning_moves
KeryoPenteState.evaluate = evaluate
KeryoPenteState.playout = playout
KeryoPenteState.playout_move = playout_move
