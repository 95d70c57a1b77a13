"""Tournament pairing and standings (host/tournament), in CPU time: one Swiss round of 1,024
players after 5 rounds, one round of 128 three-seat tables (384 players) after 5 rounds, one of
100 four-seat Kerboge tables, and the standings of 1,024 players.

Each figure is over 20 tournaments played at random (a fifth of the games drawn, a few
withdrawals between rounds), the sixth round paired from the same results five times."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Collection

from host.tournament import Entrant, Result, Table, bye_result, score_from_places, standings, swiss_round

from .table import Row, time_calls

TOURNAMENTS = 20
REPEAT = 5
ROUNDS_BEFORE = 5


def played(tables: list[Table], round_number: int, rng: random.Random) -> list[Result]:
    results = []
    for table in tables:
        if table.bye:
            results.append(bye_result(round_number, table.seats[0]))
            continue
        if rng.random() < 0.2:
            places = tuple(1 for _ in table.seats)
        else:
            raw = [rng.randint(1, len(table.seats)) for _ in table.seats]
            places = tuple(sorted(raw).index(value) + 1 for value in raw)
        results.append(Result(round_number, table, score_from_places(places), places))
    return results


def tournament(
    players: int, size: int, allowed: Collection[int], seed: int
) -> tuple[list[Entrant], list[Result]]:
    """Entrants and the results of ROUNDS_BEFORE rounds."""
    rng = random.Random(seed)
    entrants = [Entrant(i, rng.choice([None, rng.uniform(1000, 2000)])) for i in range(1, players + 1)]
    results: list[Result] = []
    for round_number in range(1, ROUNDS_BEFORE + 1):
        results += played(swiss_round(entrants, results, size=size, allowed=allowed), round_number, rng)
        entrants = [Entrant(e.entrant, e.rating, e.withdrawn or rng.random() < 0.01) for e in entrants]
    return entrants, results


def measure(players: int, size: int, allowed: Collection[int]) -> tuple[list[float], list[float]]:
    """CPU milliseconds of pairing round 6, and of the standings after it."""
    pairing, table = [], []
    for seed in range(TOURNAMENTS):
        entrants, results = tournament(players, size, allowed, seed)
        pairing += time_calls(
            lambda: swiss_round(entrants, results, size=size, allowed=allowed),  # noqa: B023
            repeat=REPEAT,
            clock=time.process_time,
        )
        table += time_calls(
            lambda: standings(entrants, results, two_seat=size == 2),  # noqa: B023
            repeat=REPEAT,
            clock=time.process_time,
        )
    return pairing, table


def figure(times: list[float]) -> str:
    return f"{statistics.median(times):.1f} ms median, {max(times):.1f} ms worst (CPU)"


def rows() -> list[Row]:
    out = []
    for what, players, size, allowed in (
        ("Swiss round of 1,024 players after 5 rounds", 1024, 2, (2,)),
        ("Swiss round of 128 three-seat tables (384 players, Keryo-Pente) after 5", 384, 3, range(2, 7)),
        ("Swiss round of 100 four-seat tables (400 players, Kerboge) after 5", 400, 4, (4,)),
    ):
        pairing, table = measure(players, size, allowed)
        out.append(Row("tournaments", f"pairing: {what}", figure(pairing), "< 100 ms"))
        if players == 1024:
            out.append(Row("tournaments", "standings of 1,024 players after 5 rounds", figure(table)))
    return out


if __name__ == "__main__":
    from .table import print_table

    print_table(rows())
