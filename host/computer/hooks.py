"""Optional per-game hooks of the search: how it finds them on a state, and what each must do.

A game's State class may have any of these methods; the search uses them when present and works
without them. Each game defines its hook methods in its rules' search module (where the judgement
behind them is), which attaches them to the state class; the state module only declares them
(and sets `playout_plies`) and never imports its search module. `rules` imports every search
module (the package games' faces import theirs), so whoever imports `rules` sees the hooks:

* `candidate_moves() -> Sequence[Move]`: a non-empty subset of `legal_moves()` worth searching,
  best first (e.g. points near stones on a big board, or only the blocks when the opponent
  threatens to win). The tree searches only these, and adds a node's children in this order; a
  win in one is still looked for among all legal moves at the root.
* `winning_moves() -> Sequence[Move]`: the moves that win at once (a sole win) for the seat to
  move, or none. A new node asks it instead of trying its candidate moves one by one.
* `playout_move(rng: random.Random) -> Move`: a legal move for a playout, cheaper or smarter than
  a uniformly random one. It must use only `rng` for randomness.
* `playout(rng: random.Random, plies: int) -> Outcome | Sequence[float]`: a whole playout of at
  most `plies` plies played on the game's own faster path (a mutable board, say), returning the
  outcome when the game ended, else the value of where it stopped (as `evaluate` gives it). When
  present it replaces the search's playout through the contract. It must use only `rng` for
  randomness.
* `evaluate() -> tuple[float, ...]`: the value of a position that is not over, one number in
  [0, 1] per seat (1 = a sure sole win for that seat). Used where a playout stops at its cap.
  Without it the search uses each seat's lead in `scores()` (see `search.score_values`).
* `playout_plies: ClassVar[int]`: how many plies a playout plays before the position is evaluated,
  instead of the level's cap (40 for normal, 60 for hard); 0 values the new node itself. Worth it
  where plies are slow and the evaluation (or the scores) tells a lot: more, shorter playouts.

The search modules: rules/keryo_pente_search.py, rules/keibot_search.py, rules/glass_bead/search.py,
rules/verquere/search.py and rules/kerboge/search.py. `GAME_HOOKS` can register hooks by game key
for a game whose state has none of its own (no game needs it today; the tests use it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import Move, Outcome, State

CandidateFn = Callable[[State], Sequence[Move]]
PlayoutFn = Callable[[State, random.Random], Move]
WholePlayoutFn = Callable[[State, random.Random, int], "Outcome | Sequence[float]"]
EvaluateFn = Callable[[State], Sequence[float]]


@dataclass(frozen=True)
class GameHooks:
    """The optional hooks of one game, as plain functions taking the state first."""

    candidate_moves: CandidateFn | None = None
    winning_moves: CandidateFn | None = None
    playout_move: PlayoutFn | None = None
    playout: WholePlayoutFn | None = None
    evaluate: EvaluateFn | None = None
    playout_plies: int | None = None


def hooks_for(state: State) -> GameHooks:
    """The state's own hook methods, else those registered for its game, else none."""
    game = getattr(type(state), "game", None)
    registered = GAME_HOOKS.get(getattr(game, "key", ""), GameHooks())

    def method(name: str) -> Callable[..., Any] | None:
        return getattr(type(state), name, None)

    plies = getattr(type(state), "playout_plies", None)
    return GameHooks(
        candidate_moves=method("candidate_moves") or registered.candidate_moves,
        winning_moves=method("winning_moves") or registered.winning_moves,
        playout_move=method("playout_move") or registered.playout_move,
        playout=method("playout") or registered.playout,
        evaluate=method("evaluate") or registered.evaluate,
        playout_plies=plies if isinstance(plies, int) and plies >= 0 else registered.playout_plies,
    )


GAME_HOOKS: dict[str, GameHooks] = {}
"""Hooks by game key, used where the state's class has no method of that name. Empty: every game's
hooks are attached to its state class by its rules' search module (see the module docstring)."""
