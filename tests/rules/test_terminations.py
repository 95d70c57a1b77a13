"""Every way a game ends carries a termination code from its module's `TERMINATIONS`, and stored
states carry their format version: another version, or none, is refused with StateFormatError."""

from __future__ import annotations

import json
import random

import pytest

import rules.glass_bead
import rules.keibot
import rules.kerboge
import rules.keryo_pente
import rules.verquere
from rules import GAMES, HOST_TERMINATIONS, RESIGNED, Outcome, State, StateFormatError
from tests.support.playouts import pick_move

TERMINATIONS = {
    "keryo-pente": rules.keryo_pente.TERMINATIONS,
    "keibot": rules.keibot.TERMINATIONS,
    "glass-bead": rules.glass_bead.TERMINATIONS,
    "verquere": rules.verquere.TERMINATIONS,
    "kerboge": rules.kerboge.TERMINATIONS,
}
GAMES_PLAYED = 12
"""Random games to the end per game and seat count."""
CASES = [(key, seats) for key, game in GAMES.items() for seats in game.seats]


def test_every_game_lists_its_terminations() -> None:
    assert set(TERMINATIONS) == set(GAMES)
    for key, codes in TERMINATIONS.items():
        assert RESIGNED in codes, key
        assert len(set(codes)) == len(codes) and all(codes), key
        assert not set(codes) & set(HOST_TERMINATIONS), key


def _random_end(state: State, rng: random.Random) -> State:
    while state.to_move is not None:
        state = state.play(pick_move(state, rng))
    return state


def _check_ending(key: str, state: State) -> str:
    """The termination of a finished state, checked against the game's list and a JSON trip."""
    outcome = state.outcome()
    assert outcome is not None and state.to_move is None
    assert outcome.termination in TERMINATIONS[key], (key, outcome)
    again = GAMES[key].load(json.loads(json.dumps(state.to_json())))
    assert again == state and again.outcome() == outcome
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    return outcome.termination


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_random_games_end_with_a_listed_termination(key: str, seats: int) -> None:
    rng = random.Random(f"{key}/{seats}")
    seen = {_check_ending(key, _random_end(GAMES[key].start(seats), rng)) for _ in range(GAMES_PLAYED)}
    assert seen - {RESIGNED}, f"{key}: no random game ended by the rules"


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_resignations_end_with_resigned(key: str, seats: int) -> None:
    game = GAMES[key]
    rng = random.Random(f"resign/{key}/{seats}")
    for _ in range(GAMES_PLAYED):
        state = game.start(seats)
        for _ in range(rng.randrange(40)):
            if state.to_move is None:
                break
            state = state.play(pick_move(state, rng))
        if state.to_move is None:
            continue
        # Every seat resigns in turn until the game is over (Keryo-Pente's and Kerboge's rotations).
        for seat in rng.sample(range(seats), seats):
            state = state.resign(seat)
            if state.to_move is None:
                break
        assert _check_ending(key, state) == RESIGNED


@pytest.mark.parametrize("key", list(GAMES))
def test_states_carry_their_format_and_refuse_another(key: str) -> None:
    game = GAMES[key]
    rng = random.Random(key)
    state = game.start(game.seats[0])
    for _ in range(6):
        state = state.play(pick_move(state, rng))
    data = json.loads(json.dumps(state.to_json()))
    assert data["format"] == game.state_format
    assert game.load(data) == state
    without = {name: value for name, value in data.items() if name != "format"}
    with pytest.raises(StateFormatError, match="format None"):
        game.load(without)
    with pytest.raises(StateFormatError, match="format 999"):
        game.load({**data, "format": 999})
    damaged = {name: value for name, value in data.items() if name != "turn"}
    with pytest.raises(StateFormatError, match="damaged"):
        game.load(damaged)
    with pytest.raises(ValueError, match="not a"):
        game.load({**data, "game": "chess"})
