"""Optional per-game hooks of the search, and the ones registered here until games have them.

A game may give its State class any of these methods (in its own rules module); the search uses
them when present and works without them:

* `candidate_moves() -> Sequence[Move]`: a non-empty subset of `legal_moves()` worth searching
  (e.g. points near stones on a big board, or only the blocks when the opponent threatens to win).
  The tree searches only these; a win in one is still looked for among all legal moves.
* `playout_move(rng: random.Random) -> Move`: a legal move for a playout, cheaper or smarter than
  a uniformly random one. It must use only `rng` for randomness.
* `evaluate() -> tuple[float, ...]`: the value of a position that is not over, one number in
  [0, 1] per seat (1 = a sure sole win for that seat). Used where a playout stops at its cap.
  Without it the search uses each seat's lead in `scores()` (see `search.score_values`).

Until a game's module has its hooks, the same functions may be registered in `GAME_HOOKS` by game
key. Keryo-Pente's are below: they belong in rules/keryo_pente.py as methods of KeryoPenteState.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import Move, State
from rules.keryo_pente import POINTS, RAYS, SIZE, KeryoPenteState

CandidateFn = Callable[[State], Sequence[Move]]
PlayoutFn = Callable[[State, random.Random], Move]
EvaluateFn = Callable[[State], Sequence[float]]


@dataclass(frozen=True)
class GameHooks:
    """The optional hooks of one game, as plain functions taking the state first."""

    candidate_moves: CandidateFn | None = None
    playout_move: PlayoutFn | None = None
    evaluate: EvaluateFn | None = None


def hooks_for(state: State) -> GameHooks:
    """The state's own hook methods, else those registered for its game, else none."""
    game = getattr(type(state), "game", None)
    registered = GAME_HOOKS.get(getattr(game, "key", ""), GameHooks())

    def method(name: str) -> Callable[..., Any] | None:
        return getattr(type(state), name, None)

    return GameHooks(
        candidate_moves=method("candidate_moves") or registered.candidate_moves,
        playout_move=method("playout_move") or registered.playout_move,
        evaluate=method("evaluate") or registered.evaluate,
    )


# -- Keryo-Pente (to move into rules/keryo_pente.py) -----------------------------------------------


def _area(reach: int) -> tuple[tuple[int, ...], ...]:
    """For each point, the points within `reach` king steps (itself included)."""
    table = []
    for index in range(SIZE * SIZE):
        row, col = divmod(index, SIZE)
        table.append(
            tuple(
                r * SIZE + c
                for r in range(max(0, row - reach), min(SIZE, row + reach + 1))
                for c in range(max(0, col - reach), min(SIZE, col + reach + 1))
            )
        )
    return tuple(table)


_AREAS = (_area(0), _area(1), _area(2))
_NEIGHBOURS = tuple(tuple(ray[0] for ray in rays if ray) for rays in RAYS)


def _near(board: bytes, reach: int) -> list[int]:
    """Empty points within `reach` king steps of a stone, in board order."""
    mark = bytearray(SIZE * SIZE)
    area = _AREAS[reach]
    for index, v in enumerate(board):
        if v:
            for j in area[index]:
                mark[j] = 1
    return [j for j in range(SIZE * SIZE) if mark[j] and not board[j]]


def _makes_five(board: bytes, index: int, stone: int) -> bool:
    """Whether a stone `stone` on the empty point `index` makes a line of five or more."""
    rays = RAYS[index]
    for d in range(4):
        count = 1
        for ray in (rays[d], rays[d + 4]):
            for i in ray:
                if board[i] != stone:
                    break
                count += 1
        if count >= 5:
            return True
    return False


def _captures(board: bytes, index: int, stone: int) -> bool:
    """Whether a stone `stone` on `index` captures (2 or 3 stones not its own, closed by its own)."""
    for ray in RAYS[index]:
        if len(ray) < 3:
            continue
        a = board[ray[0]]
        if not a or a == stone:
            continue
        b = board[ray[1]]
        if not b or b == stone:
            continue
        c = board[ray[2]]
        if c == stone or (c and len(ray) >= 4 and board[ray[3]] == stone):
            return True
    return False


def keryo_pente_candidates(state: State) -> Sequence[Move]:
    """Keryo-Pente: the points that make five when there are any; else, when another player
    threatens to make five, the points that block it and the captures (which can break a line);
    else the empty points next to a stone (within two when that gives fewer than 8)."""
    assert isinstance(state, KeryoPenteState) and state.turn is not None
    board = state.board
    near = _near(board, 1)
    if len(near) < 8:
        near = _near(board, 2)
    if state.tournament and state.turn == 0 and state.placed[0] < 2:
        near = [p for p in near if state.is_legal(POINTS[p])]
    if not near:
        return state.legal_moves()
    stone = state.turn + 1
    wins = [p for p in near if _makes_five(board, p, stone)]
    if wins:
        return [POINTS[p] for p in wins]
    active = state.active
    threats = []
    for p in near:
        for v in {board[j] for j in _NEIGHBOURS[p]}:
            if v and v != stone and active[v - 1] and _makes_five(board, p, v):
                threats.append(p)
                break
    if threats:
        blocking = set(threats)
        captures = [p for p in near if p not in blocking and _captures(board, p, stone)]
        return [POINTS[p] for p in threats + captures]
    return [POINTS[p] for p in near]


def keryo_pente_playout_move(state: State, rng: random.Random) -> Move:
    """Keryo-Pente: a random empty point next to a stone (found by drawing points at random;
    a random legal point when that fails or while the tournament rule restricts the first player)."""
    assert isinstance(state, KeryoPenteState)
    board = state.board
    if not (state.tournament and state.turn == 0 and state.placed[0] < 2):
        points = SIZE * SIZE
        for _ in range(40):
            index = int(rng.random() * points)
            if not board[index] and any(board[j] for j in _NEIGHBOURS[index]):
                return POINTS[index]
    legal = state.legal_moves()
    n = len(legal)
    move = legal[rng.randrange(n)]
    for _ in range(12):
        if any(board[j] for j in _NEIGHBOURS[move.index]):
            return move
        move = legal[rng.randrange(n)]
    return move


GAME_HOOKS: dict[str, GameHooks] = {
    "keryo-pente": GameHooks(candidate_moves=keryo_pente_candidates, playout_move=keryo_pente_playout_move),
}
"""Hooks by game key, for games whose rules module does not have them (yet)."""
