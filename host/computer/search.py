"""The search: Monte Carlo tree search (UCT) over the rules contract, and the levels.

Nothing here knows any game: it calls only the contract of `rules.base.State` (`to_move`,
`legal_moves()`, `chance_outcomes()`, `outcome()`, `scores()`, `seats`, `forced_move()`) and the
optional hooks of `hooks.py`, and plays the moves it took from `legal_moves()` or
`chance_outcomes()` through the contract's `_after` (the body of `play` without its legality
test, which those moves need not pass again).

* Every node keeps one reward sum per seat; the seat to move picks the child best for itself
  (UCT), so 2 to 6 seats work alike, whoever wins.
* Chance events (`to_move == CHANCE`) are chance nodes: each visit samples one outcome with its
  probability. With many outcomes a node grows its children progressively (about 2·√visits) and
  otherwise revisits a known outcome, drawn with its probability.
* Legal moves may be a lazy sequence with millions of moves (only `len` and `seq[i]` are used):
  children are added one random index at a time (progressive widening, about 4·√visits children
  above 40 moves) and playouts pick a random index. Nothing lists all the moves. A game's own
  `candidate_moves` come best first: their children are added in that order.
* A newly added node whose seat to move can win at once (a sole win among at most 60 moves, or
  the game's own `winning_moves`) is valued as that win: the search sees an opponent's threat one
  ply down.
* Playouts are random (or the game's own policy, or the game's own whole `playout` on a faster
  path), capped at a number of plies; at the cap the position is valued by the game's
  `evaluate()` hook or from `scores()`.
* The reward of a finished game, per seat: 0.75 × its share of the win (1 for a sole win, 1/k for
  k co-winners, 1/seats each when nobody wins: a draw, or Kerboge's Serpent) plus 0.25 × its rank
  by `scores` (1 for the best, 0 for the worst, ties share). So a seat prefers a win, then a shared
  win, then a draw, and among losses a better place.
"""

from __future__ import annotations

import math
import random
import time
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from rules import CHANCE, DRAW_AGREED, Move, Outcome, State

from .hooks import GameHooks, hooks_for

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

RATING_ITERATIONS = 1500
"""The search budget of `rate_position`, fixed so that a seeded rating is reproducible (unless
MAX_THINKING cuts it short first)."""

CLEARLY_LOST = 0.15
"""How far below a draw's reward a rating must lie for the position to count as clearly lost (for
two seats, a draw is worth 0.5: a rating of 0.35 or less)."""

DEAD_EQUAL = 0.002
"""How close to a draw's reward a rating must lie for the position to count as dead equal. A
rating a little below the draw's is a balanced position that the search's noise put there: it
is neither, and the computer plays on."""


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
    widening: float = 4.0
    """Above WIDEN_FROM moves a node has at most widening·√visits + 4 children."""
    search: bool = True


LEVELS: dict[str, Level] = {
    "easy": Level("easy", 0.0, 0, 0, search=False),
    "normal": Level("normal", 0.6, 50_000, 40),
    "hard": Level("hard", 1.6, 200_000, 60),
}
"""Every level by name, in the order they are offered."""

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


def score_values(scores: Sequence[float], seats: int) -> tuple[float, ...]:
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
        candidates = hooks_for(state).candidate_moves
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
    hooks: GameHooks
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
            if candidates is not None:
                moves = candidates(node.state)
                node.untried = list(range(len(moves) - 1, -1, -1))  # best first: popped in order
            else:
                moves = node.state.legal_moves()
            node.moves = moves
            node.size = len(moves)
        return node.moves

    def _decision_step(self, node: _Node) -> tuple[_Node, bool]:
        moves = self._moves_of(node)
        size = node.size
        allowed = (
            size
            if size <= WIDEN_FROM
            else min(size, int(self.level.widening * math.sqrt(node.visits + 1)) + 4)
        )
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
        if self.hooks.candidate_moves is not None:  # the game's candidates, best first
            assert node.untried is not None
            return node.untried.pop() if node.untried else None
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
            if self.hooks.winning_moves is not None:
                moves = self.hooks.winning_moves(state)[:1]
            if len(moves) <= NODE_WIN_SCAN:
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
        plies = self.hooks.playout_plies
        if plies is None:
            plies = self.level.playout_cap
        if self.hooks.playout is not None:
            result = self.hooks.playout(state, rng, plies)
            if isinstance(result, Outcome):
                return outcome_rewards(result, self.seats)
            if len(result) == self.seats:
                return tuple(result)
            return self._value(state)
        policy = self.hooks.playout_move
        for _ in range(plies):
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
                move = legal[int(rng.random() * len(legal))]
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
        return score_values(state.scores(), self.seats)


# -- the entry point ------------------------------------------------------------------------------


def level_named(level: str) -> Level:
    try:
        return LEVELS[level]
    except KeyError:
        names = ", ".join(LEVELS)
        raise ValueError(f"Unknown computer level {level!r}: choose one of {names}.") from None


def check_playable(state: State) -> int:
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
    check_playable(state)
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
    search = _Search(state, rng, settings, hooks_for(state))
    root = search.run(deadline, settings.iterations if iterations is None else max(1, iterations))
    if not root.children:
        moves = search._moves_of(root)
        return moves[rng.randrange(root.size)]
    mover = root.to_move
    assert mover is not None
    best = max(root.children, key=lambda c: (c.visits, c.totals[mover] / max(1, c.visits)))
    assert best.via is not None
    return best.via


# -- rating a position (draw offers) ----------------------------------------------------------------


def rate_position(
    state: State,
    seat: int,
    level: str,
    seed: int,
    *,
    iterations: int | None = None,
    time_limit: float | None = None,
) -> float:
    """`seat`'s expected reward in `state` (in `outcome_rewards` terms, 0 to 1), as the level's
    search sees it: the value, for `seat`, of the move the seat to move would choose (the root's
    own average at a chance event). The budget is RATING_ITERATIONS (or `iterations`) within
    MAX_THINKING (or `time_limit`); `easy`, which does not search, rates as `normal` does."""
    settings = level_named(level)
    if not settings.search:
        settings = LEVELS["normal"]
    outcome = state.outcome()
    if outcome is not None:
        return outcome_rewards(outcome, state.seats)[seat]
    start = time.perf_counter()
    limit = min(max(MAX_THINKING if time_limit is None else time_limit, 0.0), MAX_THINKING)
    search = _Search(state, random.Random(seed), settings, hooks_for(state))
    root = search.run(start + limit, RATING_ITERATIONS if iterations is None else max(1, iterations))
    mover = root.to_move
    if mover is not None and mover != CHANCE and root.children:
        best = max(root.children, key=lambda c: (c.visits, c.totals[mover] / max(1, c.visits)))
        return best.totals[seat] / max(1, best.visits)
    return root.totals[seat] / max(1, root.visits)


def draw_reward(state: State, seat: int) -> float:
    """`seat`'s reward if a draw were agreed now (nobody wins; each placed by the scores so far)."""
    drawn = Outcome((), tuple(state.scores()), "draw agreed", DRAW_AGREED)  # as the host agrees it
    return outcome_rewards(drawn, state.seats)[seat]


def draw_acceptable(rating: float, draw: float) -> bool:
    """Whether a position rated `rating` is worth a draw worth `draw` (both `outcome_rewards`
    terms): only when it is clearly lost, or dead equal."""
    return rating <= draw - CLEARLY_LOST or abs(rating - draw) <= DEAD_EQUAL


def accepts_draw(state: State, seat: int, level: str, seed: int, *, iterations: int | None = None) -> bool:
    """Whether a computer playing `seat` at `level` agrees to a draw: only when its search rates
    its position as clearly lost or dead equal (`draw_acceptable`). How far the game must have gone
    first is the host's to say: it knows the moves played."""
    rating = rate_position(state, seat, level, seed, iterations=iterations)
    return draw_acceptable(rating, draw_reward(state, seat))
