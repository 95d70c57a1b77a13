"""What the computer players' search knows of Kerboge beyond the rules.

Without it the search played random moves for 40 or 60 plies (a game lasts about 120) and valued
where they stopped by each seat's lead in points, blind to the Serpent, which wins almost every
game of random moves; and every new node tried all its moves (often dozens) for a win in one.

* `values`: a position judged as a race to the most points when the total reaches the target. Each
  contender (the players and the Serpent) is credited with its points plus what it boards for sure
  or on average at once: the Serpent's expected catch at its next landing (heads or tails), and for
  the seat to move its best boarding now. Their chances of finishing first are a softmax of those
  points whose temperature grows with the points still to be scored; a seat's value is
  `outcome_rewards`' mix of its win share (a Serpent's win shared by all) and its place among the
  players.
* `winning_moves`: the moves that end the game with a sole win for the mover; none at once when
  the points still missing exceed what one move can board (5), which is nearly always.
* `playout_move`: a boarding move (the one boarding most) when there is one, else a random move;
  random players rarely board and leave every point to the Serpent.

Playouts are 16 plies (`KerbogeState.playout_plies`, about three rounds) and about three times as
many as before fit in a move's time. Against three of 48d7249's hard players (1.6 s a move, plain
random playouts) the normal player (0.6 s) placed 1.14 on average to their 2.95 over 40 games,
with 15 sole wins to their 2 (the Serpent won 23); 24-ply playouts did worse in a first look.
"""

from __future__ import annotations

import math
import random

from ..base import Move
from .board import MOORINGS, TARGETS, forward, serpent_boarding
from .moves import StoneMove
from .state import KerbogeState

WIN_WEIGHT = 0.75
"""As in the search's `outcome_rewards`: the part of a game's reward that comes from the win."""
MAX_BOARDED = MOORINGS // 2
"""The most stones one move can board (ten stones arriving in one mooring)."""
HEAT = (1.0, 0.15)
"""The softmax's temperature: 1 point plus 15% of the points still to be scored."""
BOARD_CHANCE = 0.7
"""How often a playout's mover boards when it can (else it plays a random move)."""


def serpent_threat(state: KerbogeState) -> list[float]:
    """Stones of each seat the Serpent boards on average at its next move."""
    seats = state.seats
    landings = ((2, 0.5), (-1, 0.5)) if seats == 4 else ((2, 1.0),)
    lost = [0.0] * seats
    for steps, p in landings:
        base = (forward(state.serpent, steps) - 1) * seats
        taken, _ = serpent_boarding(state.board[base : base + seats])
        for seat, n in enumerate(taken):
            lost[seat] += p * n
    return lost


def best_boarding(state: KerbogeState) -> int:
    """The most stones the seat to move can board with one move now (0 at a chance event)."""
    if state.to_move is None or state.turn < 0:
        return 0
    best = 0
    for move in state.legal_moves():
        if isinstance(move, StoneMove) and move.boardings:
            best = max(best, move.boarded)
    return best


def values(state: KerbogeState) -> tuple[float, ...]:
    """Each seat's expected reward (in the search's `outcome_rewards` terms) from a position that
    is not over, in (0, 1)."""
    seats = state.seats
    points = [float(p) for p in state.points]
    serpent = state.serpent_points + sum(serpent_threat(state))
    if 0 <= state.turn < seats:
        points[state.turn] += best_boarding(state)
    left = max(0.0, TARGETS[seats] - state.total_score())
    heat = HEAT[0] + HEAT[1] * left
    top = max(serpent, *points)
    weights = [math.exp((p - top) / heat) for p in points]
    serpent_weight = math.exp((serpent - top) / heat)
    total = sum(weights) + serpent_weight
    nobody = serpent_weight / total / seats
    out = []
    for i in range(seats):
        place = 0.0
        for j in range(seats):
            if j != i:
                place += 1.0 / (1.0 + math.exp((points[j] - points[i]) / heat))
        place /= seats - 1
        if state.resigned[i]:
            place = 0.0
        out.append(WIN_WEIGHT * (weights[i] / total + nobody) + (1.0 - WIN_WEIGHT) * place)
    return tuple(out)


def winning_moves(state: KerbogeState) -> list[Move]:
    """The moves that end the game at once with a sole win for the seat to move."""
    mover = state.to_move
    if mover is None or state.turn < 0:
        return []
    if state.total_score() + MAX_BOARDED < TARGETS[state.seats]:
        return []  # no move can end the game
    wins: list[Move] = []
    for move in state.legal_moves():
        if isinstance(move, StoneMove) and move.boardings:
            outcome = state._after(move).outcome()
            if outcome is not None and outcome.winners == (mover,):
                wins.append(move)
    return wins


def playout_move(state: KerbogeState, rng: random.Random) -> Move:
    """A move for the search's playouts: most often the move boarding most, else a random one."""
    legal = state.legal_moves()
    if rng.random() < BOARD_CHANCE:
        best: Move | None = None
        most = 0
        for move in legal:
            if isinstance(move, StoneMove) and move.boardings and move.boarded > most:
                best, most = move, move.boarded
        if best is not None:
            return best
    return legal[int(rng.random() * len(legal))]


# The computer players' hooks (host/computer/hooks.py), attached here where they are defined: the
# state does not import this module, so the two make no import circle.
KerbogeState.evaluate = values
KerbogeState.winning_moves = winning_moves
KerbogeState.playout_move = playout_move
