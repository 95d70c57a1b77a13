"""Standings: points, tie-breaks (Buchholz, Sonneborn-Berger, direct encounter; placements for
tables), shared ranks; worked examples and properties over random tournaments."""

from __future__ import annotations

import random
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from host.tournament import (
    TIEBREAK_NAMES,
    Entrant,
    Result,
    StandingLine,
    Table,
    bye_result,
    standings,
    swiss_round,
)

from .support import play_round


def game(round_number: int, first: int, second: int, first_score: float) -> Result:
    places = (1, 1) if first_score == 0.5 else ((1, 2) if first_score == 1 else (2, 1))
    return Result(round_number, Table((first, second)), (first_score, 1 - first_score), places)


def test_tiebreak_names_are_keys() -> None:
    assert TIEBREAK_NAMES[True] == ("buchholz", "sonneborn-berger", "direct-encounter")
    assert TIEBREAK_NAMES[False] == ("placements", "buchholz")


def test_two_seat_standings_worked_example() -> None:
    entrants = [Entrant(i, None) for i in range(1, 6)] + [Entrant(6, None, withdrawn=True)]
    results = [
        game(1, 1, 2, 1),
        game(1, 3, 4, 0.5),
        bye_result(1, 5),
        game(2, 2, 3, 1),
        game(2, 4, 1, 0),
        game(2, 5, 6, 0.5),
    ]
    # Points: 1: 2 (beat 2, 4); 2: 1; 3: ½; 4: ½; 5: 1½ (bye 1 + draw with 6); 6: ½.
    lines = standings(entrants, results, two_seat=True)
    by_entrant = {line.entrant: line for line in lines}
    assert [line.entrant for line in lines][:2] == [1, 5]
    assert by_entrant[1] == StandingLine(1, 1, 2.0, (1.5, 1.5, 0.0), 2, False)
    # 5: the bye adds nothing to Buchholz; the draw with 6 adds 6's ½ (half of it to SB).
    assert by_entrant[5] == StandingLine(2, 5, 1.5, (0.5, 0.25, 0.0), 1, False)
    assert by_entrant[6].withdrawn and by_entrant[6].points == 0.5
    # 2 (1 point): Buchholz 2 + ½.
    assert by_entrant[2].rank == 3 and by_entrant[2].tiebreaks[0] == 2.5
    # 3 and 4 (½ each): Buchholz 3: 4's ½ + 2's 1 = 1½; 4: 3's ½ + 1's 2 = 2½; so 4 before 3.
    # 6 (½): Buchholz 5's 1½, as 3's, but Sonneborn-Berger ¾ (drew 5) beside 3's ¼ (drew 4).
    order = [line.entrant for line in lines]
    assert order.index(4) < order.index(6) < order.index(3)


def test_shared_ranks() -> None:
    entrants = [Entrant(i, None) for i in range(1, 5)]
    # 1 beats 2, 3 beats 4, then 2 beats 3 and 4 beats 1: everyone on 1 point, Buchholz 2,
    # Sonneborn-Berger 1.
    results = [game(1, 1, 2, 1), game(1, 3, 4, 1), game(2, 2, 3, 1), game(2, 4, 1, 1)]
    lines = standings(entrants, results, two_seat=True)
    assert all(line.points == 1 for line in lines)
    assert all(line.tiebreaks[:2] == (2.0, 1.0) for line in lines)
    # Tied all four: each scored 1 against the others of the group, so all share rank 1.
    assert [line.rank for line in lines] == [1, 1, 1, 1]
    # Draws make lines equal: shared rank then a gap (1, 1, 3).
    results = [game(1, 1, 2, 0.5), game(1, 3, 4, 1)]
    lines = standings(entrants, results, two_seat=True)
    assert [(line.entrant, line.rank) for line in lines] == [(3, 1), (1, 2), (2, 2), (4, 4)]


def test_direct_encounter_splits_two() -> None:
    entrants = [Entrant(i, None) for i in range(1, 5)]
    results = [
        *(game(1, 1, 2, 1), game(1, 3, 4, 1)),
        *(game(2, 1, 3, 1), game(2, 2, 4, 0)),
        *(game(3, 1, 4, 0.5), game(3, 2, 3, 0.5)),
    ]
    # Points: 1 on 2½, 3 and 4 on 1½, 2 on ½. 3: Buchholz 1½ + 2½ + ½ = 4½, Sonneborn-Berger
    # 1½ (beat 4) + ¼ (drew 2) = 1¾; 4: 1½ + ½ + 2½ = 4½, ½ (beat 2) + 1¼ (drew 1) = 1¾. Tied on
    # both: 3 beat 4.
    lines = standings(entrants, results, two_seat=True)
    assert [(line.entrant, line.points, line.tiebreaks, line.rank) for line in lines] == [
        (1, 2.5, (3.5, 2.75, 0.0), 1),
        (3, 1.5, (4.5, 1.75, 1.0), 2),
        (4, 1.5, (4.5, 1.75, 0.0), 3),
        (2, 0.5, (5.5, 0.75, 0.0), 4),
    ]


def test_table_standings() -> None:
    entrants = [Entrant(i, None) for i in range(1, 7)]
    results = [
        Result(1, Table((1, 2, 3)), (1.0, 0.5, 0.0), (1, 2, 3)),
        Result(1, Table((4, 5, 6)), (0.75, 0.75, 0.0), (1, 1, 3)),
    ]
    lines = standings(entrants, results, two_seat=False)
    assert [(line.entrant, line.points, line.tiebreaks[0], line.rank) for line in lines] == [
        (1, 1.0, 1, 1),
        (4, 0.75, 1, 2),
        (5, 0.75, 1, 2),
        (2, 0.5, 2, 4),
        (3, 0.0, 3, 5),
        (6, 0.0, 3, 5),
    ]
    # Buchholz at tables: the mean of the others' points at each game.
    assert lines[0].tiebreaks[1] == 0.25


@settings(deadline=None, max_examples=60)
@given(
    count=st.integers(2, 64),
    size=st.sampled_from([2, 3, 4]),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 2**32),
)
def test_standings_properties(count: int, size: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = [Entrant(i, rng.choice([None, rng.uniform(1000, 2000)])) for i in range(1, count + 1)]
    results: list[Result] = []
    for round_number in range(1, min(rounds, count - 1) + 1):
        tables = swiss_round(entrants, results, size=size, allowed=range(2, 7))
        results += play_round(tables, round_number, rng, 0.2)
    lines = standings(entrants, results, two_seat=size == 2)
    assert sorted(line.entrant for line in lines) == list(range(1, count + 1))
    assert abs(sum(line.points for line in lines) - sum(sum(r.scores) for r in results)) < 1e-6
    for before, after in pairwise(lines):
        assert before.points >= after.points
        assert before.rank <= after.rank
        same = before.points == after.points and before.tiebreaks == after.tiebreaks
        assert (before.rank == after.rank) == same
    for position, line in enumerate(lines):
        assert line.rank <= position + 1
    assert standings(list(reversed(entrants)), list(reversed(results)), two_seat=size == 2) == lines
