"""Computer players: Monte Carlo tree search (UCT) over the rules contract, and a worker pool.

The search knows nothing of any game: it only calls the contract of `rules.base.State`
(`to_move`, `legal_moves()`, `chance_outcomes()`, `outcome()`, `scores()`, `seats`,
`forced_move()`) and plays moves it took from `legal_moves()` or `chance_outcomes()` through the
contract's `_after` hook (the body of `play` without the legality test, which those moves need not
pass again).

The search
  * Every node keeps one reward sum per seat; the seat to move picks the child that is best for
    itself (UCT), so 2 to 6 seats work the same way, whoever wins.
  * Chance events (`to_move == CHANCE`) are chance nodes: each visit samples one outcome with its
    probability. With many outcomes the node grows its children progressively (about 2·√visits)
    and otherwise revisits a known outcome, drawn with its probability.
  * Legal moves may be a lazy sequence with millions of moves (`len` and `seq[i]` only): children
    are added one random index at a time (progressive widening, about 4·√visits children above
    40 moves) and playouts pick a random index. Nothing ever lists all the moves.
  * A newly added node whose seat to move can win at once (a sole win, found by trying up to 60 of
    its moves) is valued as that win: the search sees an opponent's threat one ply down.
  * Playouts are random (or a game's own policy, see the hooks), capped at a number of plies;
    at the cap the position is evaluated by the game's `evaluate()` hook or from `scores()`.
  * Rewards of a finished game, per seat: 0.75 × its share of the win (1 for a sole win, 1/k for
    k co-winners, 1/seats for each seat when nobody wins: a draw, or Kerboge's Serpent) plus 0.25 ×
    its rank by `scores` (1 for the best score, 0 for the worst, ties share). A seat therefore
    prefers winning, then a shared win, then a draw, and among losses a better place.

Levels: `easy` plays a uniformly random legal move, but takes a win in one when there is one;
`normal` and `hard` search (hard with a larger budget); see `LEVELS`. No move thinks longer than
`MAX_THINKING` seconds.

Optional hooks a game may add (as methods of its State class, in its own rules module):
  * `evaluate() -> tuple[float, ...]`: the value of a position that is not over, one number in
    [0, 1] per seat (about how good the position is for that seat; 1 = sure sole win). Used where
    a playout stops at its cap. Without it: each seat's lead in `scores()` over the mean of the
    others, squashed into [0.1, 0.9].
  * `candidate_moves() -> Sequence[Move]`: a non-empty subset of `legal_moves()` worth searching
    (e.g. points near stones on a big board). The tree searches only these; a win in one is still
    looked for among all legal moves.
  * `playout_move(rng: random.Random) -> Move`: a legal move for a playout, cheaper or smarter
    than a uniformly random one.
Until a game's module has them, the same functions may be registered here in `GAME_HOOKS` by
game key (Keryo-Pente's are: points next to stones; they belong in rules/keryo_pente.py).

The pool: `ComputerPool.choose` runs `choose_move` in a process pool (spawn) and returns the
notation of the move, so the event loop never waits on a search.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import pickle
import random
import time
from bisect import bisect_right
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from rules import CHANCE, Move, Outcome, State

__all__ = [
    "GAME_HOOKS",
    "LEVELS",
    "MAX_THINKING",
    "ComputerPool",
    "GameHooks",
    "Level",
    "choose_move",
    "outcome_rewards",
    "winning_move",
]

MAX_THINKING = 2.0
"""Seconds: no move is ever thought about longer than this (time limits are clamped to it)."""

WIN_WEIGHT = 0.75
"""Part of a finished game's reward that comes from the win; the rest comes from the rank."""

WIN_SCAN = 1000
"""A win in one is looked for among all legal moves up to this many, else among as many samples
(and the game's candidate moves), for at most a quarter of the time limit."""

NODE_WIN_SCAN = 60
"""A new node looks for its mover's win in one only when it has at most this many moves."""

WIDEN_FROM = 40
"""Decision nodes with more moves than this add children progressively."""


@dataclass(frozen=True)
class Level:
    """A level's budget. `iterations` caps the search as well as `time_limit` (seconds)."""

    name: str
    time_limit: float
    iterations: int
    playout_cap: int
    """Plies of a playout before the position is evaluated instead of played out."""
    exploration: float = 0.8
    """The UCT constant (rewards are in [0, 1])."""
    search: bool = True


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.0, 0, 0, search=False),
    "normal": Level("normal", 0.6, 50_000, 40),
    "hard": Level("hard", 1.6, 200_000, 60),
}
"""Every level by name, in the order they are offered."""


# -- optional per-game hooks ----------------------------------------------------------------------

CandidateFn = Callable[[State], Sequence[Move]]
PlayoutFn = Callable[[State, random.Random], Move]
EvaluateFn = Callable[[State], Sequence[float]]


@dataclass(frozen=True)
class GameHooks:
    """The optional hooks of one game (see the module docstring), as plain functions."""

    candidate_moves: CandidateFn | None = None
    playout_move: PlayoutFn | None = None
    evaluate: EvaluateFn | None = None


def _keryo_pente_near(state: State, reach: int) -> list[Move]:
    """Legal points within `reach` (king steps) of a stone; every legal point if there is none."""
    from rules.keryo_pente import SIZE

    board: bytes = getattr(state, "board")  # noqa: B009 (kept duck-typed: moves into the rules)
    legal = state.legal_moves()
    near = bytearray(SIZE * SIZE)
    stones = [i for i, v in enumerate(board) if v]
    for i in stones:
        row, col = divmod(i, SIZE)
        for r in range(max(0, row - reach), min(SIZE, row + reach + 1)):
            base = r * SIZE
            for c in range(max(0, col - reach), min(SIZE, col + reach + 1)):
                near[base + c] = 1
    chosen = [m for m in legal if near[getattr(m, "index")]]  # noqa: B009
    return chosen or list(legal)


def keryo_pente_candidates(state: State) -> Sequence[Move]:
    """Keryo-Pente: the legal points next to a stone (reach 2 when that gives few)."""
    moves = _keryo_pente_near(state, 1)
    return moves if len(moves) >= 8 else _keryo_pente_near(state, 2)


def keryo_pente_playout_move(state: State, rng: random.Random) -> Move:
    """Keryo-Pente: a random legal point, preferring (by a few retries) one next to a stone."""
    from rules.keryo_pente import RAYS

    board: bytes = getattr(state, "board")  # noqa: B009
    legal = state.legal_moves()
    n = len(legal)
    move = legal[rng.randrange(n)]
    for _ in range(12):
        rays = RAYS[getattr(move, "index")]  # noqa: B009
        if any(ray and board[ray[0]] for ray in rays):
            return move
        move = legal[rng.randrange(n)]
    return move


GAME_HOOKS: dict[str, GameHooks] = {
    "keryo-pente": GameHooks(candidate_moves=keryo_pente_candidates, playout_move=keryo_pente_playout_move),
}
"""Hooks by game key for games whose rules module does not have them yet."""


@dataclass(frozen=True)
class _Hooks:
    candidate_moves: CandidateFn | None
    playout_move: PlayoutFn | None
    evaluate: EvaluateFn | None


def _hooks_for(state: State) -> _Hooks:
    """The state's own hook methods, else those registered for its game, else none."""
    game = getattr(type(state), "game", None)
    registered = GAME_HOOKS.get(getattr(game, "key", ""), GameHooks())

    def method(name: str) -> Callable[..., Any] | None:
        return getattr(type(state), name, None)

    candidates: CandidateFn | None = method("candidate_moves") or registered.candidate_moves
    playout: PlayoutFn | None = method("playout_move") or registered.playout_move
    evaluate: EvaluateFn | None = method("evaluate") or registered.evaluate
    return _Hooks(candidates, playout, evaluate)


# -- rewards --------------------------------------------------------------------------------------


def _ranks(scores: Sequence[float], seats: int) -> list[float]:
    """Each seat's rank by score in [0, 1]: 1 above every other seat, 0 below, ties share."""
    if seats < 2 or len(scores) != seats:
        return [0.5] * seats
    out = []
    for i in range(seats):
        above = sum(1.0 if scores[i] > s else 0.5 if scores[i] == s else 0.0 for s in scores)
        out.append((above - 0.5) / (seats - 1))
    return out


def outcome_rewards(outcome: Outcome, seats: int) -> tuple[float, ...]:
    """The reward of each seat for a finished game, in [0, 1] (see the module docstring)."""
    ranks = _ranks(outcome.scores, seats)
    winners = outcome.winners
    if winners:
        share = 1.0 / len(winners)
        wins = [share if i in winners else 0.0 for i in range(seats)]
    else:
        wins = [1.0 / seats] * seats
    return tuple(WIN_WEIGHT * w + (1.0 - WIN_WEIGHT) * r for w, r in zip(wins, ranks, strict=True))


def _score_values(scores: Sequence[float], seats: int) -> tuple[float, ...]:
    """A position's value from its scores: each seat's lead over the others' mean, in [0.1, 0.9]."""
    if len(scores) != seats or seats < 2:
        return (0.5,) * seats
    total = float(sum(scores))
    out = []
    for s in scores:
        others = (total - s) / (seats - 1)
        out.append(0.5 + 0.4 * (s - others) / (abs(s) + abs(others) + 1.0))
    return tuple(out)


def _is_sole_win(outcome: Outcome | None, seat: int) -> bool:
    return outcome is not None and outcome.winners == (seat,)


# -- win in one -----------------------------------------------------------------------------------


def winning_move(
    state: State,
    rng: random.Random | None = None,
    *,
    shared: bool = False,
    limit: int = WIN_SCAN,
    deadline: float | None = None,
) -> Move | None:
    """A move that wins the game at once for the seat to move (a sole win; with `shared`, a
    shared win when there is no sole one), or None. Looks at every legal move when there are at
    most `limit`, else at the game's candidate moves and `limit` random ones; stops looking at
    `deadline` (a time.perf_counter() value) if one is given."""
    seat = state.to_move
    if seat is None or seat == CHANCE:
        return None
    legal = state.legal_moves()
    n = len(legal)
    moves: Sequence[Move]
    if n <= limit:
        moves = legal
    else:
        rng = rng or random.Random(0)
        candidates = _hooks_for(state).candidate_moves
        extra = list(candidates(state))[:limit] if candidates else []
        moves = extra + [legal[rng.randrange(n)] for _ in range(limit)]
    fallback = None
    for k, move in enumerate(moves):
        if deadline is not None and k % 16 == 15 and time.perf_counter() > deadline:
            break
        outcome = state._after(move).outcome()
        if outcome is None or seat not in outcome.winners:
            continue
        if outcome.winners == (seat,):
            return move
        if shared and fallback is None:
            fallback = move
    return fallback


# -- the tree -------------------------------------------------------------------------------------


class _Node:
    __slots__ = (
        "chance_children",
        "children",
        "cumulative",
        "moves",
        "size",
        "state",
        "terminal",
        "to_move",
        "totals",
        "tried",
        "untried",
        "via",
        "visits",
    )

    def __init__(self, state: State, via: Move | None, seats: int) -> None:
        self.state = state
        self.via = via
        self.to_move = state.to_move
        self.visits = 0
        self.totals = [0.0] * seats
        self.children: list[_Node] = []
        self.chance_children: dict[int, _Node] = {}
        self.moves: Sequence[Move] | None = None
        self.cumulative: list[float] = []
        self.size = 0
        self.untried: list[int] | None = None
        self.tried: set[int] | None = None
        self.terminal: tuple[float, ...] | None = None
        if self.to_move is None:
            outcome = state.outcome()
            self.terminal = outcome_rewards(outcome, seats) if outcome else (0.5,) * seats


@dataclass
class _Search:
    root_state: State
    rng: random.Random
    level: Level
    hooks: _Hooks
    seats: int = field(init=False)
    iterations_done: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.seats = self.root_state.seats

    # the main loop ---------------------------------------------------------------------------

    def run(self, deadline: float, iterations: int) -> _Node:
        root = _Node(self.root_state, None, self.seats)
        self._moves_of(root)
        clock = time.perf_counter
        while self.iterations_done < iterations and clock() < deadline:
            self._iterate(root)
            self.iterations_done += 1
        return root

    def _iterate(self, root: _Node) -> None:
        node = root
        path = [node]
        rewards: Sequence[float]
        while True:
            if node.terminal is not None:
                rewards = node.terminal
                break
            if node.to_move == CHANCE:
                child, created = self._chance_step(node)
            else:
                child, created = self._decision_step(node)
            path.append(child)
            if created:
                rewards = child.terminal if child.terminal is not None else self._playout(child.state)
                break
            node = child
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i, r in enumerate(rewards):
                totals[i] += r

    # decision nodes --------------------------------------------------------------------------

    def _moves_of(self, node: _Node) -> Sequence[Move]:
        if node.moves is None:
            candidates = self.hooks.candidate_moves
            moves = candidates(node.state) if candidates else node.state.legal_moves()
            node.moves = moves
            node.size = len(moves)
        return node.moves

    def _decision_step(self, node: _Node) -> tuple[_Node, bool]:
        moves = self._moves_of(node)
        size = node.size
        allowed = size if size <= WIDEN_FROM else min(size, 4 * math.isqrt(node.visits + 1) + 4)
        if len(node.children) < allowed:
            index = self._untried_index(node)
            if index is not None:
                child = self._new_node(node.state._after(moves[index]), moves[index])
                node.children.append(child)
                return child, True
        mover = node.to_move
        assert mover is not None
        c = self.level.exploration
        log_n = math.log(node.visits + 1)
        best = node.children[0]
        best_value = -1.0
        for child in node.children:
            n = child.visits
            value = child.totals[mover] / n + c * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        return best, False

    def _untried_index(self, node: _Node) -> int | None:
        size = node.size
        if size <= 4096:
            if node.untried is None:
                node.untried = list(range(size))
            untried = node.untried
            if not untried:
                return None
            k = self.rng.randrange(len(untried))
            untried[k], untried[-1] = untried[-1], untried[k]
            return untried.pop()
        if node.tried is None:
            node.tried = set()
        for _ in range(32):
            index = self.rng.randrange(size)
            if index not in node.tried:
                node.tried.add(index)
                return index
        return None

    def _new_node(self, state: State, via: Move | None) -> _Node:
        node = _Node(state, via, self.seats)
        mover = node.to_move
        if mover is not None and mover != CHANCE:
            # A mover who can win at once will: value the node as that win.
            moves = self._moves_of(node)
            if node.size <= NODE_WIN_SCAN:
                for move in moves:
                    outcome = state._after(move).outcome()
                    if _is_sole_win(outcome, mover):
                        assert outcome is not None
                        node.terminal = outcome_rewards(outcome, self.seats)
                        break
        return node

    # chance nodes ----------------------------------------------------------------------------

    def _chance_step(self, node: _Node) -> tuple[_Node, bool]:
        if node.moves is None:
            outcomes = node.state.chance_outcomes()
            node.moves = [m for m, _ in outcomes]
            node.cumulative = list(accumulate(float(p) for _, p in outcomes))
            node.size = len(outcomes)
        cumulative = node.cumulative
        index = min(bisect_right(cumulative, self.rng.random() * cumulative[-1]), node.size - 1)
        child = node.chance_children.get(index)
        if child is not None:
            return child, False
        if len(node.chance_children) < 2 * math.isqrt(node.visits + 1) + 6:
            move = node.moves[index]
            child = self._new_node(node.state._after(move), move)
            node.chance_children[index] = child
            return child, True
        # Too many outcomes to grow them all yet: revisit a known one, with its probability.
        known = list(node.chance_children)
        weights = [cumulative[i] - (cumulative[i - 1] if i else 0.0) for i in known]
        return node.chance_children[self.rng.choices(known, weights)[0]], False

    # playouts --------------------------------------------------------------------------------

    def _playout(self, state: State) -> Sequence[float]:
        rng = self.rng
        policy = self.hooks.playout_move
        for _ in range(self.level.playout_cap):
            to_move = state.to_move
            if to_move is None:
                break
            if to_move == CHANCE:
                outcomes = state.chance_outcomes()
                if len(outcomes) == 1:
                    move = outcomes[0][0]
                else:
                    move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            elif policy is not None:
                move = policy(state, rng)
            else:
                legal = state.legal_moves()
                move = legal[rng.randrange(len(legal))]
            state = state._after(move)
        return self._value(state)

    def _value(self, state: State) -> Sequence[float]:
        if state.to_move is None:
            outcome = state.outcome()
            return outcome_rewards(outcome, self.seats) if outcome else (0.5,) * self.seats
        if self.hooks.evaluate is not None:
            values = tuple(self.hooks.evaluate(state))
            if len(values) == self.seats:
                return values
        return _score_values(state.scores(), self.seats)


# -- the entry point ------------------------------------------------------------------------------


def level_named(level: str) -> Level:
    try:
        return LEVELS[level]
    except KeyError:
        names = ", ".join(LEVELS)
        raise ValueError(f"Unknown computer level {level!r}: choose one of {names}.") from None


def _check_playable(state: State) -> int:
    to_move = state.to_move
    if to_move is None:
        raise ValueError("The game is over: there is no move to choose.")
    if to_move == CHANCE:
        raise ValueError("A chance event is due: the host draws it, no player chooses it.")
    return to_move


def choose_move(
    state: State,
    level: str,
    seed: int,
    *,
    time_limit: float | None = None,
    iterations: int | None = None,
) -> Move:
    """A legal move of `state` for the seat to move, chosen at `level` ("easy", "normal", "hard").

    `seed` seeds the search's own random.Random: with `iterations` given and a time limit that is
    not reached the choice is reproducible. `time_limit` (seconds, at most MAX_THINKING) and
    `iterations` replace the level's budget; a level without search ignores them. Raises
    ValueError when the game is over, at a chance event, or for an unknown level.
    """
    start = time.perf_counter()
    settings = level_named(level)
    _check_playable(state)
    forced = state.forced_move()
    if forced is not None:
        return forced
    legal = state.legal_moves()
    n = len(legal)
    if n == 0:
        raise ValueError("The player to move has no legal move.")
    if n == 1:
        return legal[0]
    rng = random.Random(seed)
    limit = min(max(settings.time_limit if time_limit is None else time_limit, 0.0), MAX_THINKING)
    deadline = start + limit
    win = winning_move(
        state, rng, shared=not settings.search, deadline=start + limit / 4 if settings.search else None
    )
    if win is not None:
        return win
    if not settings.search:
        return legal[rng.randrange(n)]
    search = _Search(state, rng, settings, _hooks_for(state))
    root = search.run(deadline, settings.iterations if iterations is None else max(1, iterations))
    if not root.children:
        moves = search._moves_of(root)
        return moves[rng.randrange(root.size)]
    mover = root.to_move
    assert mover is not None
    best = max(root.children, key=lambda c: (c.visits, c.totals[mover] / max(1, c.visits)))
    assert best.via is not None
    return best.via


# -- the worker pool ------------------------------------------------------------------------------


def _think(blob: bytes, level: str, seed: int, time_limit: float | None, iterations: int | None) -> str:
    """Runs in a worker process: unpickle the state, choose, return the notation."""
    state = pickle.loads(blob)
    return str(choose_move(state, level, seed, time_limit=time_limit, iterations=iterations))


def _warm_up() -> None:
    """Runs in each new worker so the first real move does not pay for the imports."""
    import rules  # noqa: F401


class ComputerPool:
    """Runs computer players' thinking off the event loop, in worker processes.

    `await pool.choose(state, level, seed)` returns the notation of the chosen move (play it with
    `state.play(text)`). A state that cannot be pickled is thought about in a thread instead. A
    worker that does not answer within `timeout` seconds is killed (a fresh one is started for the
    next move) and an easy-level move is played instead, so a computer seat never hangs a match.
    """

    def __init__(
        self, workers: int = 1, *, timeout: float = MAX_THINKING + 3.0, context: str = "spawn"
    ) -> None:
        if not 1 <= workers <= 8:
            raise ValueError("workers must be between 1 and 8")
        self.workers = workers
        self.timeout = timeout
        self._context = multiprocessing.get_context(context)
        self._executor: ProcessPoolExecutor | None = None
        self.timeouts = 0
        """How many moves hit the hard timeout (and were played at the easy level)."""
        self.thread_fallbacks = 0
        """How many moves were thought about in a thread (state not picklable)."""

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=self._context)
            for _ in range(self.workers):
                self._executor.submit(_warm_up)
        return self._executor

    def start(self) -> None:
        """Start the workers now rather than at the first move (optional)."""
        self._pool()

    async def choose(
        self,
        state: State,
        level: str,
        seed: int,
        *,
        time_limit: float | None = None,
        iterations: int | None = None,
    ) -> str:
        """The notation of the move `choose_move` picks, computed in a worker process."""
        level_named(level)
        _check_playable(state)
        try:
            blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.loads(blob)
        except Exception:
            self.thread_fallbacks += 1
            return await asyncio.wait_for(
                asyncio.to_thread(_think_here, state, level, seed, time_limit, iterations),
                self.timeout,
            )
        loop = asyncio.get_running_loop()
        executor = self._pool()
        try:
            future = executor.submit(_think, blob, level, seed, time_limit, iterations)
        except (BrokenProcessPool, RuntimeError):
            self._discard()
            future = self._pool().submit(_think, blob, level, seed, time_limit, iterations)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future, loop=loop), self.timeout)
        except (TimeoutError, BrokenProcessPool):
            self.timeouts += 1
            self._kill(future)
            return await asyncio.to_thread(_think_here, state, "easy", seed, None, None)

    def _kill(self, future: Future[str]) -> None:
        """Kill the workers (one may be stuck on a search) and forget the executor."""
        future.cancel()
        executor = self._executor
        self._executor = None
        if executor is None:
            return
        processes = dict(getattr(executor, "_processes", None) or {})
        for process in processes.values():
            if process.is_alive():
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def _discard(self) -> None:
        executor = self._executor
        self._executor = None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (waits for a move being thought about, at most a few seconds)."""
        executor = self._executor
        self._executor = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


def _think_here(state: State, level: str, seed: int, time_limit: float | None, iterations: int | None) -> str:
    return str(choose_move(state, level, seed, time_limit=time_limit, iterations=iterations))
