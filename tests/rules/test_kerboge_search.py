"""What the computer players' search knows of Kerboge (rules/kerboge/search.py), checked against
the rules contract over random games."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

import pytest

from rules import CHANCE, GAMES
from rules.kerboge import KerbogeState, StoneMove
from rules.kerboge.board import MOORINGS, TARGETS
from rules.kerboge.search import BOARD_CHANCE, MAX_BOARDED, best_boarding, serpent_threat

T = TypeVar("T")


def random_positions(seed: int, seats: int, games: int) -> list[KerbogeState]:
    """Every position of `games` games whose players board whenever they can (else move at
    random), so that players, not only the Serpent, score; chance sampled as the host does."""
    rng = random.Random(seed)
    found: list[KerbogeState] = []
    for _ in range(games):
        state = GAMES["kerboge"].start(seats)
        while state.to_move is not None:
            assert isinstance(state, KerbogeState)
            found.append(state)
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                legal = state.legal_moves()
                boarding = [m for m in legal if isinstance(m, StoneMove) and m.boardings]
                move = rng.choice(boarding) if boarding and rng.random() < 0.8 else rng.choice(legal)
            state = state.play(move)
    return found


POSITIONS = random_positions(5, 4, 12) + random_positions(6, 2, 12)
PLAYER_POSITIONS = [s for s in POSITIONS if s.to_move is not None and s.to_move != CHANCE]


def near_the_end(state: KerbogeState, rng: random.Random) -> KerbogeState:
    """`state` with its points dealt again so that the total falls 1 to MAX_BOARDED short of the
    target (the stones stay where they are), mostly with the mover leading: a position where a
    move may end the game with its win."""
    short = rng.randint(1, MAX_BOARDED)
    total = TARGETS[state.seats] - short
    cuts = sorted(rng.randint(0, total) for _ in range(state.seats))
    shares = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    points = shares[: state.seats]
    lead = max(range(state.seats), key=points.__getitem__)
    if state.turn != CHANCE and rng.random() < 0.7:  # mostly the mover leads: its wins get tested
        points[lead], points[state.turn] = points[state.turn], points[lead]
    return replace(state, points=tuple(points), serpent_points=shares[state.seats])


def rotated(state: KerbogeState, k: int) -> KerbogeState:
    """The same position with every seat's stones, points and turn given to the seat k after it."""
    n = state.seats

    def turn(seq: tuple[T, ...]) -> tuple[T, ...]:
        return tuple(seq[(s - k) % n] for s in range(n))

    board = tuple(state.board[m * n + (s - k) % n] for m in range(MOORINGS) for s in range(n))
    return replace(
        state,
        board=board,
        harbour=turn(state.harbour),
        points=turn(state.points),
        serpent_boarded=turn(state.serpent_boarded),
        resigned=turn(state.resigned),
        turn=state.turn if state.turn == CHANCE else (state.turn + k) % n,
    )


def test_values_are_one_number_in_0_1_per_seat() -> None:
    for state in POSITIONS:
        found = state.evaluate()
        assert len(found) == state.seats
        assert all(0.0 < v < 1.0 for v in found)


def test_rotating_the_seats_rotates_the_values() -> None:
    for state in POSITIONS[::5]:
        for k in range(1, state.seats):
            turned = rotated(state, k)
            assert turned.total_score() == state.total_score()
            expected = [state.evaluate()[(s - k) % state.seats] for s in range(state.seats)]
            assert list(turned.evaluate()) == pytest.approx(expected)


def test_a_point_taken_from_one_seat_and_given_to_another_helps_the_one_and_hurts_the_other() -> None:
    rng = random.Random(1)
    for state in POSITIONS[::9]:
        richer = [s for s in range(state.seats) if state.points[s]]
        if not richer:
            continue
        giver = rng.choice(richer)
        taker = rng.choice([s for s in range(state.seats) if s != giver])
        points = list(state.points)
        points[giver] -= 1
        points[taker] += 1
        after = replace(state, points=tuple(points)).evaluate()
        before = state.evaluate()
        assert after[taker] > before[taker]
        assert after[giver] < before[giver]


def test_more_serpent_points_lower_every_player_who_leads_it() -> None:
    for state in POSITIONS[::9]:
        if state.total_score() + 1 >= TARGETS[state.seats]:
            continue
        before = state.evaluate()
        after = replace(state, serpent_points=state.serpent_points + 1).evaluate()
        threat = state.serpent_points + sum(serpent_threat(state))
        for seat in range(state.seats):
            if state.points[seat] > threat + 2:
                assert after[seat] < before[seat]


def test_serpent_threat_is_what_its_coin_boards_on_average() -> None:
    for state in [s for s in POSITIONS if s.to_move == CHANCE]:
        expected = [0.0] * state.seats
        for move, p in state.chance_outcomes():
            after = state.play(move)
            assert isinstance(after, KerbogeState)
            for seat in range(state.seats):
                expected[seat] += float(p) * after.serpent_boarded[seat]
        assert serpent_threat(state) == pytest.approx(expected)


def test_best_boarding_is_the_most_any_legal_move_boards() -> None:
    for state in PLAYER_POSITIONS[::3]:
        points = state.points[state.turn]
        best = max(state._after(m).points[state.turn] - points for m in state.legal_moves())
        assert best_boarding(state) == best


def test_winning_moves_are_the_legal_moves_that_win_at_once() -> None:
    rng = random.Random(2)
    checked = wins = 0
    for state in PLAYER_POSITIONS[::2]:
        for candidate in (state, near_the_end(state, rng)):
            mover = candidate.turn
            expected = [
                m
                for m in candidate.legal_moves()
                if (o := candidate.play(str(m)).outcome()) and o.winners == (mover,)
            ]
            assert candidate.winning_moves() == expected
            checked += 1
            wins += bool(expected)
    assert checked > 500
    assert wins > 20


def test_playout_moves_are_legal_and_mostly_board_most_when_they_can() -> None:
    rng = random.Random(3)
    could = did = 0
    for state in PLAYER_POSITIONS[::3]:
        most = best_boarding(state)
        for _ in range(3):
            move = state.playout_move(rng)
            assert state.is_legal(move)
            if most:
                could += 1
                did += isinstance(move, StoneMove) and move.boarded == most
    assert could > 100
    assert did >= BOARD_CHANCE * could * 0.9


def test_values_and_hooks_do_not_change_the_state() -> None:
    for state in PLAYER_POSITIONS[::20]:
        before = state.to_json()
        state.evaluate()
        state.winning_moves()
        state.playout_move(random.Random(0))
        assert state.to_json() == before


def test_the_search_uses_these_hooks() -> None:
    from host.computer.hooks import hooks_for

    hooks = hooks_for(GAMES["kerboge"].start(4))
    assert hooks.evaluate is not None
    assert hooks.winning_moves is not None
    assert hooks.playout_move is not None
    assert hooks.playout_plies == KerbogeState.playout_plies
