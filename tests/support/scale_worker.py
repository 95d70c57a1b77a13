"""One bot process's host, for the tests of several processes over one PostgreSQL database.

`python -m tests.support.scale_worker URL SEED MATCH_ID…` plays random legal moves in the given
matches, for whichever person is to move, until every one is over (the player to move resigns
after `LONGEST` plies), racing any other worker for each turn (`expected_ply`, as a button
carries it). It prints `landed <match> <ply> <move>` once the host has returned a move
(acknowledged, as a player would see it), and `done` at the end. It first prints `ready` and waits
for a line on its standard input, so that the test starts every worker's play at once: a worker
can play all the matches' moves in less time than another takes to start."""

from __future__ import annotations

import asyncio
import random
import sys

from data import open_store
from host import Host, HostError

LONGEST = 40
"""Plies after which the player to move resigns: every match ends soon."""


async def play(url: str, seed: int, match_ids: list[int]) -> None:
    store = await open_store(url)
    host = Host(store)
    rng = random.Random(seed)
    try:
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        waiting = set(match_ids)
        while waiting:
            match_id = rng.choice(sorted(waiting))
            match = await host.get(match_id)
            seat = match.seat_to_move
            if match.is_over or seat is None or seat.user_id is None or match.state is None:
                waiting.discard(match_id)
                continue
            move = str(rng.choice(list(match.state.legal_moves())))
            try:
                if match.ply >= LONGEST:
                    move = "resign"
                    await host.resign(match_id, seat.user_id)
                else:
                    await host.play(match_id, seat.user_id, move, expected_ply=match.ply)
            except HostError:
                continue  # another process took the turn first
            print(f"landed {match_id} {match.ply} {move}", flush=True)
        print("done", flush=True)
    finally:
        host.close()
        await store.close()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], int(sys.argv[2]), [int(a) for a in sys.argv[3:]]))
