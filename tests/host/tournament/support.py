"""Playing random tournaments for the pairing and standings tests: results drawn from a seeded
random source, the way the host would record them."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from host.tournament import Result, Table, bye_result, score_from_places


def competition_places(raw: Sequence[int]) -> tuple[int, ...]:
    """Places as standings give them (1, 1, 3): ties share the better place."""
    ordered = sorted(raw)
    return tuple(ordered.index(value) + 1 for value in raw)


def play_round(tables: Sequence[Table], round_number: int, rng: random.Random, draws: float) -> list[Result]:
    """A random result for every table: a draw (all tied) with probability `draws`."""
    results = []
    for table in tables:
        if table.bye:
            results.append(bye_result(round_number, table.seats[0]))
            continue
        if rng.random() < draws:
            places = (1,) * len(table.seats)
        else:
            places = competition_places([rng.randint(1, len(table.seats)) for _ in table.seats])
        results.append(Result(round_number, table, score_from_places(places), places))
    return results


def met_pairs(results: Sequence[Result]) -> Counter[frozenset[int]]:
    """How often each pair of entrants has shared a table."""
    pairs: Counter[frozenset[int]] = Counter()
    for result in results:
        for a, b in combinations(result.table.seats, 2):
            pairs[frozenset((a, b))] += 1
    return pairs


def repeat_free_pairing_exists(players: Sequence[int], met: Counter[frozenset[int]]) -> bool:
    """Whether the players (an even count) can be paired with nobody meeting again (brute force)."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        not met[frozenset((first, other))]
        and repeat_free_pairing_exists([p for p in rest if p != other], met)
        for other in rest
    )
