"""Another person's computer reply, alone and while one person's 20 matches are thinking.

The pool is built as the host builds it (`ComputerPool()`); where it takes a `requester` (from
issue 34 on), the flood is one requester's and the reply another's; before, it takes none.

`python bench/workers/computer_fairness.py` prints JSON: the workers, the seconds of each reply
alone, and of the reply asked for behind the flood (one run)."""

from __future__ import annotations

import asyncio
import inspect
import json
import random
import sys
import time
from typing import Any

from host.computer import ComputerPool
from rules import GAMES, State

FLOOD = 20
LEVEL = "normal"
ALONE_RUNS = 3


def position() -> State:
    """A Keryo-Pente position 12 plies in, the same each run."""
    state = GAMES["keryo-pente"].start(2)
    rng = random.Random(34)
    for _ in range(12):
        state = state.play(rng.choice(list(state.legal_moves())))
    return state


async def measure() -> dict[str, Any]:
    pool = ComputerPool()
    fair = "requester" in inspect.signature(pool.choose).parameters
    state = position()

    async def reply(requester: int, seed: int) -> float:
        choose: Any = pool.choose  # the code before issue 34 takes no requester
        started = time.perf_counter()
        if fair:
            await choose(state, LEVEL, seed, requester=requester)
        else:
            await choose(state, LEVEL, seed)
        return time.perf_counter() - started

    pool.start()
    await reply(2, 0)  # the workers are up and warm
    alone = [await reply(2, 1 + run) for run in range(ALONE_RUNS)]
    flood = [asyncio.create_task(reply(1, 100 + n)) for n in range(FLOOD)]
    await asyncio.sleep(0.05)  # all of them asked for first
    loaded = await reply(2, 99)
    flooded = await asyncio.gather(*flood)
    pool.close()
    return {"workers": pool.workers, "alone": alone, "loaded": loaded, "flood_last": max(flooded)}


if __name__ == "__main__":
    json.dump(asyncio.run(measure()), sys.stdout)
