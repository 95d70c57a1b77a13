"""Keibot as the computer players' search sees it (host/computer): the moves that win at once, the
threats of a position and its value where a playout stops. Nothing here is part of the rules
contract: these functions are `KeibotState`'s hooks (declared in rules/keibot.py, attached to it
at the end of this module), and tests/rules/test_keibot_search.py checks them against the
contract (a win found here is a win `play` gives, and the other way round).

A move **wins** when it captures the mover's third Moai, places the mover's tenth bead, or places
a bead that makes three of the mover's beads in a row (with its other beads of the same move).

The value of a position is judged from each seat's side:

* beads placed (10 win) and Moai captured (3 win; each also takes away one of the loser's Moai,
  so fewer bead moves and captures for it);
* lines of 3 squares with two of the seat's beads and the third square empty: a landing there
  later may complete them;
* the seat's winning moves if it were to move (threats): the seat to move wins with one; the
  other seat's threats must be answered, and two or more are hard to answer at once;
* enemy Moai the seat attacks (could capture next) and the seat's moves that place beads.

The sum of these weights, the seat to move's minus the other's, goes through a logistic curve.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from .keibot import (
    BEAD,
    BEADS_PER_SEAT,
    KNIGHT,
    LINES,
    MOAI,
    SIZE,
    WIN_CAPTURES,
    KeibotState,
    KnightMove,
    _bead_map,
    makes_line,
)

BEAD_WEIGHT = 1.0
CAPTURE_WEIGHT = 3.0
TWO_WEIGHT = 0.6
"""A line of 3 with two of the seat's beads and the third square empty."""
THREAT_WEIGHT = 1.5
"""Each winning move the seat not to move would have (it must be answered)."""
DOUBLE_THREAT_WEIGHT = 3.0
"""More when it has winning moves on two or more landing squares (hard to answer both)."""
ATTACK_WEIGHT = 0.35
"""Each enemy Moai the seat could capture on its move."""
TO_MOVE_CAPTURE_WEIGHT = 1.6
"""The seat to move that can capture now (about a capture, less what the answer may take)."""
BEAD_MOVE_WEIGHT = 0.12
"""Each landing square where the seat would place beads."""
SCALE = 2.2
"""The logistic's spread, in the units of the weights above."""
FLOOR = 0.03


def _pairs() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each square, the other two squares of each line of 3 through it."""
    table = []
    for square in range(SIZE * SIZE):
        pairs = []
        for line in LINES[square]:
            x, y = (s for s in line if s != square)
            pairs.append((x, y))
        table.append(tuple(pairs))
    return tuple(table)


PAIRS: tuple[tuple[tuple[int, int], ...], ...] = _pairs()


def completes_line(board: bytes, beads: Sequence[int], code: int) -> bool:
    """Whether beads (`code`) placed on the squares `beads` make three of them in a row."""
    if len(beads) == 1:
        return any(board[x] == code and board[y] == code for x, y in PAIRS[beads[0]])
    placed = bytearray(board)
    for square in beads:
        placed[square] = code
    return makes_line(bytes(placed), beads, code)


def is_win(board: bytes, move: KnightMove, seat: int, captured: int, placed: int) -> bool:
    """Whether `move` (one of `seat`'s legal moves on `board`) wins at once for `seat`, which has
    captured `captured` Moai and placed `placed` beads before it."""
    if move.capture and captured + 1 >= WIN_CAPTURES:
        return True
    beads = move.beads
    if not beads:
        return False
    return placed + len(beads) >= BEADS_PER_SEAT or completes_line(board, beads, BEAD[seat])


class SeatView:
    """One seat's moves on a board as if it were to move (`protected` the enemy Moai it may not
    capture): its winning moves, its captures and its bead-placing moves."""

    __slots__ = ("attacks", "bead_landings", "capture_moves", "win_landings", "wins")

    def __init__(self, board: bytes, seat: int, protected: int | None, captured: int, placed: int) -> None:
        own = MOAI[seat]
        enemy = MOAI[1 - seat]
        left = BEADS_PER_SEAT - placed
        bead_map = _bead_map(board, enemy) if left else {}
        bead_code = BEAD[seat]
        capture_wins = captured + 1 >= WIN_CAPTURES
        wins: list[tuple[int, int]] = []
        win_landings: set[int] = set()
        attacked: set[int] = set()
        capture_moves = 0
        bead_landings = 0
        lines_possible = placed >= 1  # a line needs a bead already there or two placed at once
        for landing, codes in bead_map.items():
            reachable = [frm for frm in KNIGHT[landing] if board[frm] == own]
            if not reachable:
                continue
            target = board[landing]
            if target and (target != enemy or landing == protected):
                continue
            bead_landings += 1
            if len(codes) == 1:
                if left > 1 and not (lines_possible and completes_line(board, (codes[0] & 63,), bead_code)):
                    continue
            elif left > len(codes) and not completes_line(board, _order(codes, left), bead_code):
                continue
            win_landings.add(landing)
            wins.extend((frm, landing) for frm in reachable)
        marker = bytes((enemy,))
        e = board.find(marker)
        while e >= 0:
            if e != protected:
                for frm in KNIGHT[e]:
                    if board[frm] == own:
                        attacked.add(e)
                        capture_moves += 1
                        if capture_wins:
                            win_landings.add(e)
                            if (frm, e) not in wins:
                                wins.append((frm, e))
            e = board.find(marker, e + 1)
        self.wins = wins
        self.win_landings = win_landings
        self.attacks = len(attacked)
        self.capture_moves = capture_moves
        self.bead_landings = bead_landings


def _order(codes: list[int], left: int) -> tuple[int, ...]:
    return tuple(code & 63 for code in sorted(codes)[:left])


def open_twos(board: bytes) -> tuple[int, int]:
    """For each seat, the lines of 3 with two of its beads and the third square empty."""
    counts = [0, 0]
    for seat in (0, 1):
        code = BEAD[seat]
        marker = bytes((code,))
        found = 0
        square = board.find(marker)
        while square >= 0:
            for x, y in PAIRS[square]:
                vx, vy = board[x], board[y]
                if (vx == code and not vy) or (vy == code and not vx):
                    found += 1
            square = board.find(marker, square + 1)
        counts[seat] = found // 2  # each such line is seen from both of its beads
    return counts[0], counts[1]


_last: tuple[KeibotState, list[KnightMove], list[KnightMove], SeatView] | None = None
"""The last state analysed, its legal moves, its winning moves and the other seat's view: the
search asks for the candidates, the wins and the value of a new node one after the other (only
the last one's are kept: a tree of thousands of states keeps none)."""


def _analysis(state: KeibotState) -> tuple[list[KnightMove], list[KnightMove], SeatView]:
    global _last
    last = _last
    if last is not None and last[0] is state:
        return last[1], last[2], last[3]
    turn = state.turn
    board = state.board
    captured = state.captured[turn]
    placed = state.placed[turn]
    legal = state.legal_moves()
    wins = [m for m in legal if is_win(board, m, turn, captured, placed)]
    other = 1 - turn
    waiting = SeatView(board, other, None, state.captured[other], state.placed[other])
    _last = (state, legal, wins, waiting)
    return legal, wins, waiting


def winning_moves(state: KeibotState) -> list[KnightMove]:
    """The legal moves that win at once for the seat to move."""
    return list(_analysis(state)[1])


def candidates(state: KeibotState) -> list[KnightMove]:
    """The moves worth searching, best first: the wins; else, when the other seat threatens to win
    next move, the moves after which it no longer can (all moves when none does); else every
    legal move, captures and bead moves first."""
    legal, wins, threat = _analysis(state)
    if wins:
        return list(wins)
    if threat.wins:
        defences = []
        for move in legal:
            after = state._after(move)
            if after.result is not None or not _analysis(after)[1]:
                defences.append(move)
        if defences:
            return _ordered(defences)
    return _ordered(legal)


def _ordered(moves: list[KnightMove]) -> list[KnightMove]:
    first = [m for m in moves if m.capture or m.beads]
    if not first:
        return moves
    rest = [m for m in moves if not (m.capture or m.beads)]
    first.sort(key=lambda m: -(2 * m.capture + len(m.beads)))
    return first + rest


def values(state: KeibotState) -> tuple[float, float]:
    """Each seat's chance to win (see the module docstring), in [FLOOR, 1 - FLOOR]."""
    turn = state.turn
    other = 1 - turn
    board = state.board
    captured = state.captured
    placed = state.placed
    _, wins, waiting = _analysis(state)
    if wins:
        return _pair(turn, 1.0 - FLOOR)
    mover = SeatView(board, turn, state.protected, captured[turn], placed[turn])
    twos = open_twos(board)
    score = (
        BEAD_WEIGHT * (placed[turn] - placed[other])
        + CAPTURE_WEIGHT * (captured[turn] - captured[other])
        + TWO_WEIGHT * (twos[turn] - twos[other])
        + ATTACK_WEIGHT * (mover.attacks - waiting.attacks)
        + BEAD_MOVE_WEIGHT * (mover.bead_landings - waiting.bead_landings)
    )
    if mover.capture_moves:
        score += TO_MOVE_CAPTURE_WEIGHT
    threats = len(waiting.win_landings)
    if threats:
        score -= THREAT_WEIGHT + (DOUBLE_THREAT_WEIGHT if threats >= 2 else 0.0)
    value = 1.0 / (1.0 + math.exp(-score / SCALE))
    value = min(1.0 - FLOOR, max(FLOOR, value))
    return _pair(turn, value)


def _pair(seat: int, value: float) -> tuple[float, float]:
    return (value, 1.0 - value) if seat == 0 else (1.0 - value, value)


ACTIVE_SHARE = 0.6
"""How often a playout plays one of the captures and bead moves (when there are any) rather than
any legal move."""


def playout_move(state: KeibotState, rng: random.Random) -> KnightMove:
    """A move for the search's playouts: a move that wins at once if there is one; else, most of
    the time, a random capture or bead move; else a random legal move. Uses only `rng`."""
    turn = state.turn
    board = state.board
    captured = state.captured[turn]
    placed = state.placed[turn]
    legal = state.legal_moves()
    active = [m for m in legal if m.capture or m.beads]
    for move in active:
        if is_win(board, move, turn, captured, placed):
            return move
    if active and rng.random() < ACTIVE_SHARE:
        return active[int(rng.random() * len(active))]
    return legal[int(rng.random() * len(legal))]


# The computer players' hooks (host/computer/hooks.py), attached here where they are defined:
# rules/keibot.py does not import this module, so the two make no import circle.
KeibotState.candidate_moves = candidates
KeibotState.winning_moves = winning_moves
KeibotState.evaluate = values
KeibotState.playout_move = playout_move
