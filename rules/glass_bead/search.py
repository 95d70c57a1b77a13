"""What the computer players' search knows of the Glass Bead Game beyond the rules.

Through the contract a ply is slow (the lazy legal moves count orders by multiset arithmetic
before one is unranked: about 0.3 ms a ply), and a uniform pick among the legal moves chooses
pits by their number of orders, so a random playout mostly sows the biggest pit. Here:

* `playout`: plies played on plain lists (`_Board`), the same sowing and capture as
  `sowing._sow` and `GlassBeadState._after` (tested move by move against the contract), with a
  policy: a pit chosen uniformly, or often the best capture on offer, its beads in a random
  order (a stone last when that captures). Where the playout stops, `values` judges it.
* `values`: each seat's chance of winning from the cups' points, the captures the seat to move
  has on offer (it takes one now) and those the other threatens, through a logistic whose scale
  shrinks with the points still on the board.
* `candidate_moves`: a few orders per pit instead of millions: every order of a small pit, else
  the orders that try a capture with one to five stones last, gems kept on the own side, and a
  few random ones; indirect captures take the most valuable gems. Captures first.
* `winning_moves`: a move ends the game only when the opponent's pits are already empty and it
  sows only into the mover's own pits (a capture leaves its stone in the opponent's pit), so
  that is all there is to look at.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache
from typing import overload

from ..base import Outcome
from .board import CUP, GEM_VALUES, PATHS, Counts, Taken, _canonical_taken, _end_result, _multinomial
from .sowing import Sowing, _moves_of, _Sown, _spread
from .state import GlassBeadState

TOTAL_POINTS = 30
"""All the gems' points: 2 × (1 + 2 + 3 + 4 + 5)."""
MOVER_SHARE = 0.6
"""How much of the best capture on offer the seat to move counts as already won: it takes it
now, unless something better (or a defence) comes first."""
THREAT_SHARE = 0.25
"""How much of the other seat's best capture (were it to move) counts against the seat to
move: it may still defend, or capture first."""
SPREAD = (1.5, 0.12)
"""The lead in points that makes odds of e to 1: 1.5 plus 12% of the points left on the board
(a 5-point lead at the start counts as about three wins in four, with 10 points left as six in
seven). Not tuned: set by judgement, then kept because it won (see state.py's playout_plies)."""
EDGE = 0.02
"""Values stay this far from a sure win or loss: cups can still be robbed in the endgame."""
ALL_ORDERS = 8
"""A pit with at most this many distinct orders offers them all as candidates."""
RANDOM_ORDERS = 3
"""Random orders added per bigger pit, for variety."""
GREEDY = 0.75
"""How often a playout ply takes the best capture on offer (else any pit, uniformly)."""

Board = list[list[int]]


# -- the judgement ---------------------------------------------------------------------------


def _points(cup: Sequence[int]) -> int:
    return sum(v * c for v, c in enumerate(cup))


def best_capture(pits: Sequence[Sequence[int]], cups: Sequence[Sequence[int]], mover: int) -> int:
    """The points of the best single capture `mover` could make now, by the last bead of a pit
    alone (a stone onto a lone bead on the other side; chains and sowings that come round the
    ring are not counted): a lone gem's value, or for a lone stone the best gem to take."""
    return max(capture_gain(pits, cups, mover, p) for p in range(5 * mover, 5 * mover + 5))


def values_of(pits: Sequence[Sequence[int]], cups: Sequence[Sequence[int]], turn: int) -> tuple[float, float]:
    """Each seat's chance of winning from a position not over, in [EDGE, 1 - EDGE]."""
    points = (_points(cups[0]), _points(cups[1]))
    lead = float(points[turn] - points[1 - turn])
    lead += MOVER_SHARE * best_capture(pits, cups, turn)
    lead -= THREAT_SHARE * best_capture(pits, cups, 1 - turn)
    left = TOTAL_POINTS - points[0] - points[1]
    mover = 1.0 / (1.0 + math.exp(-lead / (SPREAD[0] + SPREAD[1] * left)))
    mover = min(max(mover, EDGE), 1.0 - EDGE)
    return (mover, 1.0 - mover) if turn == 0 else (1.0 - mover, mover)


def values(state: GlassBeadState) -> tuple[float, float]:
    """`values_of` a state."""
    return values_of(state.pits, state.cups, state.turn)


# -- the fast path of the playouts -----------------------------------------------------------


def playable(board: Board, turn: int) -> list[int]:
    """`GlassBeadState.playable_pit_indices` on a list board (of a game not over)."""
    lo = 5 * turn
    other = 5 - lo
    starving = not any(any(board[o]) for o in range(other, other + 5))
    if starving and any(any(board[p][1:]) for p in range(10)):  # the feeding duty
        return [p for p in range(lo, lo + 5) if sum(board[p]) >= 5 - p % 5]
    return [p for p in range(lo, lo + 5) if any(board[p])]


def sow(board: Board, cups: list[list[int]], turn: int, pit: int, beads: Sequence[int]) -> Taken:
    """Play the sowing of `pit` in the order `beads` on the lists, in place, as `sowing._sow`
    and `GlassBeadState._after` do, an indirect capture taking the most valuable gems (from the
    first pit in ring order that has one, then from the cup). Returns the gems taken, as
    (source, value) in canonical order: the `taken` of the contract's move."""
    path, single, chain = _spread(board, turn, pit, beads)
    if not chain:
        return ()
    opp = 1 - turn
    lo = 5 * opp
    taken: list[tuple[int, int]] = []
    if single[chain[0]] > 0:  # direct
        taken = [(path[k], single[k]) for k in chain]
    else:
        need = len(chain)
        for _ in range(need):  # the best gem left in the pits, from the first pit holding it
            found = next(((o, v) for v in GEM_VALUES for o in range(lo, lo + 5) if board[o][v]), None)
            if found is None:
                break
            board[found[0]][found[1]] -= 1
            cups[turn][found[1]] += 1
            taken.append(found)
        cup = cups[opp]
        for _ in range(need - len(taken)):
            value = next((v for v in GEM_VALUES if cup[v]), 0)
            if not value:
                break
            cup[value] -= 1
            cups[turn][value] += 1
            taken.append((CUP, value))
        return _canonical_taken(taken)
    for source, value in taken:
        board[source][value] -= 1
        cups[turn][value] += 1
    return _canonical_taken(taken)


def capture_gain(board: Sequence[Sequence[int]], cups: Sequence[Sequence[int]], turn: int, pit: int) -> int:
    """What a stone sown last from `pit` captures at once, by the last bead alone (`best_capture`
    takes the best of a seat's pits), or 0."""
    counts = board[pit]
    n = sum(counts)
    if not counts[0] or n > 9:
        return 0
    last = PATHS[pit][n][-1]
    opp = 1 - turn
    target = board[last]
    if last // 5 != opp or sum(target) != 1:
        return 0
    if not target[0]:
        return target.index(1)
    lo = 5 * opp
    for v in GEM_VALUES:  # the pits' gems are taken first, the cup's only when they run out
        if any(board[o][v] for o in range(lo, lo + 5)):
            return v
    return next((v for v in GEM_VALUES if cups[opp][v]), 0)


def playout_order(board: Board, pit: int, capture: bool, rng: random.Random) -> list[int]:
    """The pit's beads in a random order; with `capture`, a stone last."""
    counts = board[pit]
    beads = [v for v in range(6) for _ in range(counts[v])]
    rng.shuffle(beads)
    if capture and beads[-1]:
        k = beads.index(0)
        beads[k], beads[-1] = beads[-1], beads[k]
    return beads


def playout_of(
    pits: Sequence[Counts], cups: Sequence[Counts], turn: int, rng: random.Random, plies: int
) -> Outcome | tuple[float, float]:
    """A playout of at most `plies` plies on lists: the outcome when the game ends, else
    `values_of` where it stopped."""
    board = [list(c) for c in pits]
    cup_lists = [list(cups[0]), list(cups[1])]
    for _ in range(plies):
        choices = playable(board, turn)
        pit = -1
        if rng.random() < GREEDY:
            gain = 0
            for p in choices:
                g = capture_gain(board, cup_lists, turn, p)
                if g > gain:
                    pit, gain = p, g
        capture = pit >= 0
        if not capture:
            pit = choices[int(rng.random() * len(choices))]
        sow(board, cup_lists, turn, pit, playout_order(board, pit, capture, rng))
        turn = 1 - turn
        if not any(any(board[p]) for p in range(5 * turn, 5 * turn + 5)):
            return _end_result((tuple(cup_lists[0]), tuple(cup_lists[1])), turn)
    return values_of(board, cup_lists, turn)


def playout(state: GlassBeadState, rng: random.Random, plies: int) -> Outcome | tuple[float, float]:
    """A playout of at most `plies` plies from a state, on the fast path (`playout_of`)."""
    return playout_of(state.pits, state.cups, state.turn, rng, plies)


# -- candidate moves -------------------------------------------------------------------------


def _best_taken(sown: _Sown) -> Taken:
    """The most valuable legal choice of gems for an indirect capture."""
    gems = sorted(((v, o) for o, v, c in sown.gem_types() for _ in range(c)), key=lambda g: -g[0])
    taken = [(o, v) for v, o in gems[: sown.from_pits]]
    cup = [v for v in GEM_VALUES for _ in range(sown.cup[v])]
    taken += [(CUP, v) for v in cup[: sown.from_cup]]
    return _canonical_taken(taken)


def move_of(state: GlassBeadState, pit: int, beads: tuple[int, ...]) -> Sowing:
    """The contract's move that sows `pit` in the order `beads` (an indirect capture taking the
    most valuable gems)."""
    sown = state._sown(pit, beads)
    if sown.capture == "indirect":
        return Sowing(pit, beads, _best_taken(sown), "indirect", sown.chain)
    return _moves_of(pit, beads, sown)[0]


@lru_cache(maxsize=1 << 12)
def _all_orders(counts: Counts) -> tuple[tuple[int, ...], ...]:
    """Every distinct order of a small multiset of beads."""
    out: list[tuple[int, ...]] = []

    def extend(prefix: list[int], rest: list[int]) -> None:
        if not rest:
            out.append(tuple(prefix))
            return
        for i, v in enumerate(rest):
            if v not in rest[:i]:
                extend([*prefix, v], rest[:i] + rest[i + 1 :])

    extend([], [v for v in range(6) for _ in range(counts[v])])
    return tuple(out)


def pit_orders(state: GlassBeadState, pit: int, rng: random.Random) -> list[tuple[int, ...]]:
    """A few distinct orders of a pit's beads worth trying (every one of a small pit)."""
    counts = state.pits[pit]
    values = [v for v in range(6) for _ in range(counts[v])]
    if _multinomial(counts) <= ALL_ORDERS:
        return list(_all_orders(counts))
    n = len(values)
    path = PATHS[pit][n]
    own = range(5 * state.turn, 5 * state.turn + 5)
    gems_first = sorted(values, reverse=True)  # high gems on the first (own) pits, stones after
    found: dict[tuple[int, ...], None] = {}
    # Kept: gems into the own pits, stones towards the opponent; its mirror.
    kept = list(gems_first)
    if path[0] not in own:
        kept.reverse()
    found[tuple(kept)] = None
    found[tuple(reversed(kept))] = None
    # Captures: 1 to 5 stones last (a chain), the rest in both orders.
    stones = counts[0]
    for j in range(1, min(stones, 5) + 1):
        if path[n - j] in own:
            break
        rest = [v for v in gems_first]
        for _ in range(j):
            rest.remove(0)
        found[(*rest, *(0,) * j)] = None
        found[(*reversed(rest), *(0,) * j)] = None
    for _ in range(RANDOM_ORDERS):
        shuffled = list(values)
        rng.shuffle(shuffled)
        found[tuple(shuffled)] = None
    return list(found)


class Candidates(Sequence[Sowing]):
    """The candidate moves, as (pit, order) until one is asked for: the search builds only the
    moves it adds to its tree, and building one sows it (which `_after` then reuses)."""

    __slots__ = ("_moves", "_orders", "_state")

    def __init__(self, state: GlassBeadState, orders: list[tuple[int, tuple[int, ...]]]) -> None:
        self._state = state
        self._orders = orders
        self._moves: dict[int, Sowing] = {}

    def __len__(self) -> int:
        return len(self._orders)

    @overload
    def __getitem__(self, index: int) -> Sowing: ...

    @overload
    def __getitem__(self, index: slice) -> list[Sowing]: ...

    def __getitem__(self, index: int | slice) -> Sowing | list[Sowing]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        move = self._moves.get(index)
        if move is None:
            pit, beads = self._orders[index]
            move = self._moves[index] = move_of(self._state, pit, beads)
        return move


def candidates(state: GlassBeadState) -> Candidates:
    """A few orders of each playable pit, those that capture at once (as `best_capture` sees
    it) first, the most valuable first."""
    rng = random.Random(hash((state.pits, state.cups, state.turn)))
    board = [list(c) for c in state.pits]
    cups = [list(state.cups[0]), list(state.cups[1])]
    ranked: list[tuple[int, int, int, tuple[int, ...]]] = []
    for pit in state.playable_pit_indices():
        gain = capture_gain(board, cups, state.turn, pit)
        for beads in pit_orders(state, pit, rng):
            ranked.append((-gain if not beads[-1] else 0, len(ranked), pit, beads))
    ranked.sort()
    return Candidates(state, [(pit, beads) for _, _, pit, beads in ranked])


def winning(state: GlassBeadState) -> list[Sowing]:
    """The moves that win at once: the opponent's pits are empty and the move sows only into the
    mover's own pits (any other move leaves a bead on the opponent's side)."""
    turn = state.turn
    opp = 1 - turn
    if state.result is not None or any(any(state.pits[o]) for o in range(5 * opp, 5 * opp + 5)):
        return []
    out = []
    for pit in state.playable_pit_indices():
        beads = tuple(v for v in range(6) for _ in range(state.pits[pit][v]))
        if pit % 5 + len(beads) > 4:
            continue
        move = move_of(state, pit, beads)
        outcome = state._after(move).outcome()
        if outcome is not None and outcome.winners == (turn,):
            out.append(move)
    return out


# The computer players' hooks (host/computer/hooks.py), attached here where they are defined: the
# state does not import this module, so the two make no import circle.
GlassBeadState.evaluate = values
GlassBeadState.playout = playout
GlassBeadState.candidate_moves = candidates
GlassBeadState.winning_moves = winning
