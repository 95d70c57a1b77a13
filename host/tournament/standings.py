"""A tournament's standings: points, then tie-breaks, ranks shared by equal lines (1, 1, 3).

Two seats: Buchholz (the sum of the opponents' points; a bye adds nothing), Sonneborn-Berger
(the beaten opponents' points plus half the drawn ones'), then direct encounter (among the
entrants still tied on all of those, the points each scored against the others of that group).
Tables: the sum of placements (lower is better), then Buchholz (each game adds the mean points of
the others at its table). The tie-breaks' names are English keys (`TIEBREAK_NAMES`) the cogs
translate; nothing here is shown as it is.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .pairing import Entrant, Result, UnknownEntrant, seed_order

TIEBREAK_NAMES: Mapping[bool, tuple[str, ...]] = {
    True: ("buchholz", "sonneborn-berger", "direct-encounter"),
    False: ("placements", "buchholz"),
}
"""The tie-breaks' keys in column order, by `two_seat` (True: two-seat games; False: tables)."""

DIGITS = 9
"""Sums are rounded to this many decimals (scores at tables are thirds, fifths: inexact floats)."""


@dataclass(frozen=True)
class StandingLine:
    """One line of the standings. `tiebreaks` are in the order of `TIEBREAK_NAMES[two_seat]`,
    as shown (the sum of placements is shown as it is, lower being better)."""

    rank: int  # 1 = best; equal lines share a rank
    entrant: int
    points: float
    tiebreaks: tuple[float, ...]
    played: int  # games with others (byes not counted)
    withdrawn: bool


def standings(
    entrants: Sequence[Entrant], results: Sequence[Result], *, two_seat: bool
) -> list[StandingLine]:
    """Every entrant's line, best first (withdrawn entrants keep their place by points)."""
    seed_rank = {entrant: rank for rank, entrant in enumerate(seed_order(entrants))}
    # One order of summing (floats of thirds and fifths), and sums rounded: the same standings
    # whatever the order of the results given, and equal sums equal.
    results = sorted(results, key=lambda r: (r.round, r.table.seats))
    points: dict[int, float] = dict.fromkeys(seed_rank, 0.0)
    for result in results:
        for seat, entrant in enumerate(result.table.seats):
            if entrant not in points:
                raise UnknownEntrant(entrant)
            points[entrant] += result.scores[seat]
    buchholz: dict[int, float] = defaultdict(float)
    sonneborn: dict[int, float] = defaultdict(float)
    placements: dict[int, float] = defaultdict(float)
    played: dict[int, int] = defaultdict(int)
    against: dict[int, dict[int, float]] = defaultdict(lambda: defaultdict(float))  # two seats
    for result in results:
        seats = result.table.seats
        for seat, entrant in enumerate(seats):
            placements[entrant] += result.places[seat]
            if result.table.bye:
                continue
            played[entrant] += 1
            others = [other for other in seats if other != entrant]
            if two_seat:
                (opponent,) = others
                buchholz[entrant] += points[opponent]
                sonneborn[entrant] += result.scores[seat] * points[opponent]
                against[entrant][opponent] += result.scores[seat]
            else:
                buchholz[entrant] += sum(points[other] for other in others) / len(others)

    def key(entrant: int) -> tuple[float, ...]:
        """Sorting key, smaller first (the sum of placements is the only tie-break where lower is better)."""
        if two_seat:
            return (-points[entrant], -buchholz[entrant], -sonneborn[entrant])
        return (-points[entrant], placements[entrant], -buchholz[entrant])

    for table in (points, buchholz, sonneborn, placements):
        for entrant in table:
            table[entrant] = round(table[entrant], DIGITS)
    ordered = sorted(seed_rank, key=lambda entrant: (key(entrant), seed_rank[entrant]))
    direct: dict[int, float] = {}
    if two_seat:
        groups: dict[tuple[float, ...], list[int]] = defaultdict(list)
        for entrant in ordered:
            groups[key(entrant)].append(entrant)
        for group in groups.values():
            for entrant in group:
                direct[entrant] = round(
                    sum(against[entrant][other] for other in group if other != entrant), DIGITS
                )
        ordered.sort(key=lambda entrant: (key(entrant), -direct[entrant], seed_rank[entrant]))
    withdrawn = {e.entrant for e in entrants if e.withdrawn}
    lines: list[StandingLine] = []
    for position, entrant in enumerate(ordered):
        tiebreaks: tuple[float, ...]
        if two_seat:
            tiebreaks = (buchholz[entrant], sonneborn[entrant], direct[entrant])
        else:
            tiebreaks = (placements[entrant], buchholz[entrant])
        rank = position + 1
        if lines and lines[-1].points == points[entrant] and lines[-1].tiebreaks == tiebreaks:
            rank = lines[-1].rank
        lines.append(
            StandingLine(rank, entrant, points[entrant], tiebreaks, played[entrant], entrant in withdrawn)
        )
    return lines
