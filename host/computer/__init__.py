"""Computer players for every game of `rules.GAMES`, through the rules contract only.

    from host.computer import ComputerPool, choose_move, LEVELS

    move = choose_move(state, "normal", seed)        # a legal Move of `state` (synchronous)
    pool = ComputerPool()                            # once, at start-up: a worker per core
    text = await pool.choose(state, "hard", seed, requester=user_id)  # in a worker process, in turn
    state = state.play(text)
    yes = await pool.accepts_draw(state, 1, "normal", seed)  # seat 1's answer to a draw offer
    pool.close()                                     # at shutdown

Levels (`LEVELS`): `easy` plays a uniformly random legal move but takes a win in one; `normal`
searches about 0.6 s; `hard` about 1.6 s. No move thinks longer than `MAX_THINKING` (2 s).
A computer seat accepts a draw only when its search rates its position as clearly lost or dead
equal (`accepts_draw`: `rate_position`, a seeded search of fixed size, against `draw_reward`, by
`draw_acceptable`); the host asks it only past the opening, in games that can end drawn.
`choose_move` raises ValueError at a chance event (`to_move == CHANCE`: the host draws those),
when the game is over, and for an unknown level.

`search.py` is the search (no game-specific code); `hooks.py` describes the optional hooks a game
may add to its State class (`candidate_moves`, `winning_moves`, `playout_move`, `playout`,
`evaluate`, `playout_plies`) and holds the ones registered by game key until the games have them;
`pool.py` is the worker pool; `fair.py` shares its workers between the people waiting, in turn.
"""

from .hooks import GAME_HOOKS, GameHooks, hooks_for
from .pool import ComputerPool
from .search import (
    LEVELS,
    MAX_THINKING,
    Level,
    accepts_draw,
    choose_move,
    draw_acceptable,
    draw_reward,
    level_named,
    outcome_rewards,
    rate_position,
    winning_move,
)

__all__ = [
    "GAME_HOOKS",
    "LEVELS",
    "MAX_THINKING",
    "ComputerPool",
    "GameHooks",
    "Level",
    "accepts_draw",
    "choose_move",
    "draw_acceptable",
    "draw_reward",
    "hooks_for",
    "level_named",
    "outcome_rewards",
    "rate_position",
    "winning_move",
]
