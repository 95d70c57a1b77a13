"""A number of any length in a typed move is refused as not a move, never an internal error
(Python refuses to read an int of more than 4,300 digits), and the refusal stays short."""

from __future__ import annotations

import pytest

from rules import CHANCE, GAMES, MoveError, NotAMoveError, State
from rules.text import NUMBER_DIGITS, read_number

HUGE = "9" * 5000


def verquere_rolled() -> State:
    state = GAMES["verquere"].start(2)
    while state.to_move == CHANCE:
        state = state.play(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize(
    ("state", "text", "said"),
    [
        (GAMES["keryo-pente"].start(2, tournament=False), f"K{HUGE}", "there is no row 999999999…"),
        (GAMES["keryo-pente"].start(2, tournament=False), f"K0000{HUGE}", "there is no row 000099999…"),
        (GAMES["keibot"].start(2), f"c1-d{HUGE}", "there is no rank 999999999…"),
        (GAMES["keibot"].start(2), f"c{HUGE}-d3", "there is no rank 999999999…"),
        (verquere_rolled(), f"1/{HUGE}", "there is no point 999999999…"),
        (verquere_rolled(), f"{HUGE}/3 1/2", "there is no point 999999999…"),
    ],
    ids=["keryo-pente", "keryo-pente zeros", "keibot to", "keibot from", "verquere end", "verquere start"],
)
def test_a_huge_number_is_not_a_move(state: State, text: str, said: str) -> None:
    with pytest.raises(NotAMoveError) as refused:
        state.parse(text)
    assert isinstance(refused.value, MoveError)
    message = str(refused.value)
    assert said in message and len(message) < 600


def test_numbers_are_read_up_to_the_bound() -> None:
    assert read_number("007") == 7
    assert read_number("9" * NUMBER_DIGITS) == 10**NUMBER_DIGITS - 1
    assert read_number("0" * 6000 + "12") == 12
    assert read_number("1" + "0" * NUMBER_DIGITS) is None
    assert read_number(HUGE) is None
