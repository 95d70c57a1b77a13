"""Pictures drawn from several threads at once (as the cogs do) equal those drawn one by one."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import render
from rules import CHANCE, GAMES, State


def positions() -> list[State]:
    rng = random.Random(11)
    found: list[State] = []
    for key, game in GAMES.items():
        state = game.start(max(game.seats) if key != "kerboge" else 4)
        for _ in range(30):
            if state.to_move is None:
                break
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                state = state.play(rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0])
                continue
            legal = state.legal_moves()
            state = state.play(legal[rng.randrange(len(legal))])
        found.append(state)
    return found


def test_concurrent_pictures_equal_serial_ones() -> None:
    states = positions() * 3
    serial = [render.board(s) for s in states]
    with ThreadPoolExecutor(max_workers=6) as pool:
        concurrent = list(pool.map(render.board, states))
    assert concurrent == serial
    assert len({key for key in (s.game.key for s in states)}) == len(GAMES)
