"""Kerboge and Jai Kerboge: the examples and rules of docs/rules/kerboge.md, and random playouts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings

from rules import CHANCE, AmbiguousMoveError, IllegalMoveError, MoveError, NotAMoveError, OptionError, State
from rules.kerboge import (
    AGROUND,
    GAME,
    HARBOUR,
    HEADS,
    SERPENT,
    TAILS,
    KerbogeState,
    StoneMove,
    serpent_boarding,
)
from tests.support.kerboge import ME, RU, SA, SO, position
from tests.support.playouts import PLAYOUT_SETTINGS, SEEDS, check_random_playout


def texts(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def after(state: State, move: str) -> KerbogeState:
    new = state.play(move)
    assert isinstance(new, KerbogeState)
    return new


# -- the contract --------------------------------------------------------------------------------


def test_contract_basics() -> None:
    assert GAME.key == "kerboge" and GAME.title == "Kerboge"
    assert GAME.seats == (2, 4)
    assert GAME.seat_names(4) == ("Sailor", "Merchant", "Soldier", "Ruler")
    assert GAME.seat_names(2) == ("Sailor", "Merchant")
    for seats, target in ((4, 40), (2, 20)):
        state = GAME.start(seats)
        assert isinstance(state, KerbogeState)
        assert state.seats == seats and state.to_move == SA and state.outcome() is None
        assert state.options == {} and state.target == target
        assert state.harbour == (10,) * seats and state.serpent == 1 and state.round == 1
        assert state.points == (0,) * seats and state.serpent_points == 0 and state.last_coin is None
        assert state.scores() == (0,) * seats
    with pytest.raises(OptionError):
        GAME.start(3)
    with pytest.raises(OptionError):
        GAME.start(4, serpent=False)


def test_the_start_offers_every_entry() -> None:
    state = GAME.start(4)
    assert texts(state) == [f"{k}/{m}" for m in range(1, 11) for k in (1, 2)]
    state = after(state, "2/5")
    assert state.harbour == (8, 10, 10, 10) and state.stones(5, SA) == 2 and state.to_move == ME
    assert "1/5" not in texts(state) and "2/6" in texts(state)  # 5 holds only the Sailor's


def test_rounds_and_the_serpents_turn() -> None:
    state = position({})
    for move in ("2/1", "2/2", "2/3", "2/4"):
        assert state.to_move != CHANCE
        state = after(state, move)
    assert state.to_move == CHANCE and state.round == 1 and state.tosser == SA
    assert state.legal_moves() == (HEADS, TAILS)
    assert state.chance_outcomes() == [(HEADS, Fraction(1, 2)), (TAILS, Fraction(1, 2))]
    state = after(state, "heads")
    assert state.to_move == SA and state.round == 2 and state.tosser == ME
    assert state.serpent == 3 and state.last_coin == "heads"
    assert state.serpent_boarded == (0, 0, 2, 0) and state.serpent_points == 2 and state.harbour[SO] == 10
    tossers: list[int | None] = []
    for _ in range(5):
        tossers.append(state.tosser)
        for _seat in range(4):
            state = after(state, str(state.legal_moves()[0]))
        state = after(state, "tails")
    assert tossers == [ME, SO, RU, SA, ME]

    jai = GAME.start(2)
    jai = after(after(jai, "1/1"), "1/2")
    assert jai.to_move == CHANCE and jai.tosser is None
    assert jai.legal_moves() == (SERPENT,) and jai.chance_outcomes() == [(SERPENT, Fraction(1))]
    assert str(jai.parse(" Serpent ")) == "serpent"
    jai = after(jai, "serpent")
    assert jai.serpent == 3 and jai.round == 2 and jai.to_move == SA and jai.last_coin == "serpent"


# -- the examples of the rules file --------------------------------------------------------------


def test_example_the_merchants_six_stones() -> None:
    state = position({5: (0, 6, 0, 0)}, to_move=ME)
    assert state.is_legal(state.parse("4/5-6,7,7,8"))
    assert state.is_legal(state.parse("4/5-4"))
    assert "4/5-6,7,7,8" in texts(state) and "4/5-4" in texts(state)
    moved = after(state, "4/5-6,7,7,8")
    assert [moved.stones(m, ME) for m in (5, 6, 7, 8)] == [2, 1, 2, 1]
    back = after(state, "4/5-4")
    assert back.stones(4, ME) == 4 and back.stones(5, ME) == 2
    move = state.parse("4/5-6,7,7,8")
    assert isinstance(move, StoneMove)
    assert move.source == 5 and move.destinations == (6, 7, 7, 8) and move.boardings == ()
    assert move.arrivals == ((6, 1), (7, 2), (8, 1)) and not move.backward
    assert state.parse("4/5-4").backward  # type: ignore[attr-defined]


def test_example_the_sailor_boards_two() -> None:
    state = position({1: (5, 0, 0, 0), 4: (2, 0, 3, 1)})
    move = state.parse("5/1-4 b1So b1Ru")
    assert isinstance(move, StoneMove)
    assert move.boardings == ((SO, 1), (RU, 1)) and move.at == 4 and move.boarded == 2
    assert str(move) == "5/1-4 b1So b1Ru"
    assert str(state.parse("5/1-4 b2so")) == "5/1-4 b2So"
    assert str(state.parse("5/1-4 b1Ru")) == "5/1-4 b1Ru"
    for too_many in ("5/1-4 b2So b1Ru", "5/1-4 b3So"):
        with pytest.raises(
            IllegalMoveError, match="5 stones arrive at mooring 4, so they may board at most 2"
        ):
            state.parse(too_many)
    with pytest.raises(IllegalMoveError, match="holds 1 stone of the Ruler, not 2"):
        state.parse("5/1-4 b2Ru")
    played = after(state, "5/1-4 b1So b1Ru")
    assert played.mooring(4) == (7, 0, 2, 0)
    assert played.harbour == (3, 10, 8, 10) and played.points == (2, 0, 0, 0)
    boarded = {m.boarded for m in state.legal_moves() if isinstance(m, StoneMove) and m.at == 4}
    assert boarded == {1, 2}


def test_example_the_jump_limit() -> None:
    state = position({6: (0, 6, 0, 0), 7: (1, 0, 0, 0), 8: (1, 0, 0, 0), 9: (4, 0, 0, 0)}, to_move=ME)
    with pytest.raises(IllegalMoveError, match="at most one hostile mooring") as info:
        state.parse("1/6-9")
    assert "would pass 7 and 8" in str(info.value) and "reach 7 and 8" in str(info.value)
    assert str(state.parse("6/6-8")) == "6/6-8"
    assert str(state.parse("6/6-8 b1Sa")) == "6/6-8 b1Sa"
    with pytest.raises(IllegalMoveError, match="holds 1 stone of the Sailor, not 2"):
        state.parse("6/6-8 b2Sa")
    with pytest.raises(IllegalMoveError, match="one mooring only"):
        state.parse("4/6-7,7,8,8 b1Sa@7 b1Sa@8")
    moves = [m for m in state.legal_moves() if isinstance(m, StoneMove)]
    assert all(9 not in m.destinations for m in moves)
    assert any(8 in m.destinations for m in moves)
    assert max(m.boarded for m in moves) == 1


# -- entering ------------------------------------------------------------------------------------


def test_entering_an_empty_mooring_or_one_with_own_stones() -> None:
    state = position({3: (1, 2, 0, 0), 4: (0, 1, 0, 0)})
    assert str(state.parse("2/3")) == "2/3"  # own stones, hostile stones too: allowed
    assert str(state.parse("1/9")) == "1/9"
    entries = [m for m in state.legal_moves() if isinstance(m, StoneMove) and m.entering]
    assert sorted({m.destinations[0] for m in entries}) == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    assert state.enterable(SA) == [1, 2, 3, 5, 6, 7, 8, 9, 10]
    with pytest.raises(IllegalMoveError, match="holds only other players' stones") as info:
        state.parse("1/4")
    assert "Merchant" in str(info.value) and "1, 2, 3, 5" in str(info.value)


def test_entering_more_than_two_or_more_than_the_harbour_holds() -> None:
    state = position({})
    with pytest.raises(IllegalMoveError, match="only 1 or 2 stones") as info:
        state.parse("3/5")
    assert "`2/5`" in str(info.value)
    low = position({1: (9, 0, 0, 0)})
    assert low.harbour[SA] == 1
    with pytest.raises(IllegalMoveError, match="only 1 stone in the harbour"):
        low.parse("2/5")
    assert "1/5" in texts(low) and "2/5" not in texts(low)


def test_entering_never_boards() -> None:
    state = position({5: (1, 1, 0, 0)})
    with pytest.raises(IllegalMoveError, match="entering never boards"):
        state.parse("2/5 b1Me")


# -- moving --------------------------------------------------------------------------------------


def test_moving_stones_you_do_not_have() -> None:
    state = position({5: (2, 0, 0, 0), 8: (1, 0, 0, 0)})
    with pytest.raises(IllegalMoveError, match="only 2 stones at mooring 5") as info:
        state.parse("3/5-6")
    assert "5 (2), 8 (1)" in str(info.value)
    with pytest.raises(IllegalMoveError, match="no stones at mooring 4"):
        state.parse("1/4-5")


def test_forward_split_freely_and_destinations_in_any_order() -> None:
    state = position({9: (5, 0, 0, 0)})
    move = state.parse("3/9-2,10,1")
    assert str(move) == "3/9-10,1,2" and state.parse(str(move)) == move
    assert str(state.parse("3/5-7,7,7".replace("5", "9").replace("7", "1"))) == "3/9-1"
    assert state.parse("3/9-1,1,1") == state.parse("3/9-1")
    assert str(state.parse(" 5 / 9 - 2 , 2 , 10 , 1 , 1 ")) == "5/9-10,1,1,2,2"
    splits = [
        m for m in state.legal_moves() if isinstance(m, StoneMove) and not m.backward and not m.entering
    ]
    # 1 to 5 stones over three destinations: C(8, 3) - 1 ways.
    assert len(splits) == 55
    assert len(set(splits)) == len(splits)


def test_all_exactly_one_back_never_mixed() -> None:
    state = position({1: (3, 0, 0, 0)})
    assert str(state.parse("3/1-10")) == "3/1-10"
    assert str(state.parse("2/1-10,10")) == "2/1-10"
    with pytest.raises(IllegalMoveError, match="never both"):
        state.parse("2/1-10,2")
    with pytest.raises(IllegalMoveError, match="1–3 moorings forward or all exactly one back"):
        state.parse("1/1-5")
    with pytest.raises(IllegalMoveError, match="1–3 moorings forward"):
        state.parse("1/1-9")
    with pytest.raises(IllegalMoveError, match="names 2 destinations"):
        state.parse("3/1-2,3")


def test_backward_moves_pass_anything() -> None:
    state = position({1: (2, 0, 0, 0), 10: (0, 3, 3, 0), 2: (0, 1, 0, 0), 3: (0, 0, 1, 0)})
    assert "2/1-10" in texts(state)
    assert state.forward_targets(1, SA) == [2, 3]
    assert state.back_target(1) == 10


def test_the_jump_limit_is_judged_before_the_move() -> None:
    # The Sailor's own stones leave 2, but 2 still holds the Merchant's: 4 stays out of reach.
    state = position({1: (3, 0, 0, 0), 2: (1, 1, 0, 0), 3: (0, 1, 0, 0)})
    assert state.forward_targets(1, SA) == [2, 3]
    with pytest.raises(IllegalMoveError, match="at most one hostile mooring"):
        state.parse("1/1-4")
    # One hostile mooring on the way is allowed; the destination itself does not count.
    one = position({1: (3, 0, 0, 0), 3: (0, 1, 0, 0), 4: (0, 2, 0, 0)})
    assert str(one.parse("2/1-4 b1Me")) == "2/1-4 b1Me"


# -- boarding ------------------------------------------------------------------------------------


def test_boarding_needs_two_arrivals_per_stone_and_odd_stones_do_not_count() -> None:
    state = position({1: (3, 0, 0, 0), 2: (0, 2, 2, 0)})
    with pytest.raises(IllegalMoveError, match="only 1 stone arrives at mooring 2"):
        state.parse("1/1-2 b1Me")
    assert str(state.parse("3/1-2 b1So")) == "3/1-2 b1So"
    with pytest.raises(IllegalMoveError, match="3 stones arrive at mooring 2, so they may board at most 1"):
        state.parse("3/1-2 b1Me b1So")
    # Boarding is voluntary.
    assert str(state.parse("3/1-2")) == "3/1-2"


def test_boarding_your_own_stones() -> None:
    state = position({1: (4, 0, 0, 0), 2: (1, 1, 0, 0)})
    with pytest.raises(IllegalMoveError, match="cannot board your own stones") as info:
        state.parse("2/1-2 b1Sa")
    assert "`b1Me`" in str(info.value)


def test_boarding_in_one_destination_mooring_only() -> None:
    state = position({1: (4, 0, 0, 0), 2: (0, 1, 0, 0), 3: (0, 0, 1, 0)})
    with pytest.raises(IllegalMoveError, match="boards in one mooring only, not at 2 and 3"):
        state.parse("4/1-2,2,3,3 b1Me@2 b1So@3")
    with pytest.raises(IllegalMoveError, match="holds no stones of the Soldier to board"):
        state.parse("4/1-2,2,3,3 b1So@2")
    assert str(state.parse("4/1-2,2,3,3 b1Me")) == "4/1-2,2,3,3 b1Me@2"  # only 2 makes it legal
    assert str(state.parse("4/1-2,2,3,3 b1So")) == "4/1-2,2,3,3 b1So@3"
    assert str(state.parse("4/1-3,3,2,2 B1ME @ 2")) == "4/1-2,2,3,3 b1Me@2"
    # A single destination needs no `@`, and may have it.
    assert state.parse("2/1-2 b1Me@2") == state.parse("2/1-2 b1Me")
    with pytest.raises(IllegalMoveError, match="no stone of this move arrives at mooring 3"):
        state.parse("2/1-2 b1Me@3")


def test_missing_at_that_fits_several_moorings_is_ambiguous() -> None:
    state = position({1: (4, 0, 0, 0), 2: (0, 1, 0, 0), 3: (0, 1, 0, 0)})
    with pytest.raises(AmbiguousMoveError, match="`@2` or `@3`"):
        state.parse("4/1-2,2,3,3 b1Me")
    assert str(state.parse("4/1-2,2,3,3 b1Me@3")) == "4/1-2,2,3,3 b1Me@3"


def test_boarding_tokens_are_canonical_in_seat_order() -> None:
    state = position({1: (0, 0, 0, 6), 3: (2, 1, 1, 0)}, to_move=RU)
    move = state.parse("6/1-3 b1So b2Sa")
    assert str(move) == "6/1-3 b2Sa b1So"
    assert state.parse("6/1-3 b1Sa b1So b1Sa") == move  # one owner named twice: added up
    several = state.parse("6/1-2,3,3,3,3,3 b1Me b1So")
    assert str(several) == "6/1-2,3,3,3,3,3 b1Me@3 b1So@3"


def test_never_backward_boarding() -> None:
    state = position({6: (0, 4, 0, 0), 5: (2, 0, 0, 0)}, to_move=ME)
    with pytest.raises(IllegalMoveError, match="backward never boards: write just `4/6-5`"):
        state.parse("4/6-5 b1Sa")
    assert all(not m.boardings for m in state.legal_moves() if isinstance(m, StoneMove) and m.backward)


def test_jai_kerboge_has_no_soldier_to_board() -> None:
    state = position({1: (2, 0), 2: (0, 1)}, seats=2)
    with pytest.raises(IllegalMoveError, match="no Soldier in Jai Kerboge"):
        state.parse("2/1-2 b1So")
    assert str(state.parse("2/1-2 b1me")) == "2/1-2 b1Me"


# -- running aground -----------------------------------------------------------------------------


def test_running_aground_is_the_only_move_when_nothing_may_be_entered() -> None:
    rows = {m: (0, 1) for m in range(1, 11)}
    state = position(rows, seats=2)
    assert texts(state) == ["aground"]
    assert state.forced_move() == AGROUND
    assert state.parse(" AGROUND ") == AGROUND
    assert state.describe_move(AGROUND).startswith("runs aground")
    with pytest.raises(IllegalMoveError, match="holds only other players' stones"):
        state.parse("1/1")
    played = after(state, "aground")
    assert played.to_move == ME and played.board == state.board and played.harbour == state.harbour


def test_no_running_aground_otherwise() -> None:
    # One mooring open: enter it.
    rows = {m: (0, 1) for m in range(1, 10)}
    state = position(rows, seats=2)
    assert state.forced_move() is None and texts(state) == ["1/10", "2/10"]
    with pytest.raises(IllegalMoveError, match="only when all your stones are in the harbour"):
        state.parse("aground")
    # A stone on the board: it can always move back, so no running aground.
    rows = {m: (0, 1) for m in range(1, 11)}
    rows[1] = (1, 1)
    busy = position(rows, seats=2)
    assert busy.forced_move() is None and "aground" not in texts(busy)
    assert "1/1-10" in texts(busy)
    assert GAME.start(4).forced_move() is None


# -- the Serpent ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stones", "taken", "confused"),
    [
        ((0, 3, 0, 0), (0, 2, 0, 0), False),  # one player: two stones
        ((0, 1, 0, 0), (0, 1, 0, 0), False),  # one player with one stone
        ((3, 1, 2, 0), (2, 0, 0, 0), False),  # a strictly largest group
        ((1, 0, 0, 0), (1, 0, 0, 0), False),
        ((2, 2, 1, 0), (1, 1, 0, 0), False),  # two tied for largest: one each
        ((0, 1, 0, 1), (0, 1, 0, 1), False),
        ((2, 2, 2, 0), (0, 0, 0, 0), True),  # three tied: confused
        ((1, 1, 1, 1), (0, 0, 0, 0), True),  # four tied: confused
        ((3, 3, 3, 4), (0, 0, 0, 2), False),
        ((0, 0, 0, 0), (0, 0, 0, 0), False),  # nobody there
    ],
)
def test_serpent_boarding_cases(stones: tuple[int, ...], taken: tuple[int, ...], confused: bool) -> None:
    assert serpent_boarding(stones) == (taken, confused)
    state = position({3: stones}, to_move=CHANCE, serpent=1)
    played = after(state, "heads")
    assert played.serpent == 3 and played.serpent_boarded == taken
    assert played.mooring(3) == tuple(s - t for s, t in zip(stones, taken, strict=True))
    assert played.serpent_points == sum(taken) and played.points == (0, 0, 0, 0)
    assert played.harbour == tuple(10 - s + t for s, t in zip(stones, taken, strict=True))
    text = state.describe_move(HEADS)
    assert text.startswith("heads: the Sailor tossed the coin; the Serpent moves 2 forward to mooring 3")
    assert ("confused" in text) == confused


def test_the_serpent_moves_back_on_tails_and_boards_there() -> None:
    state = position({10: (0, 0, 4, 1), 3: (5, 0, 0, 0)}, to_move=CHANCE, serpent=1, round_=3)
    assert state.tosser == SO
    played = after(state, "tails")
    assert played.serpent == 10 and played.mooring(10) == (0, 0, 2, 1)
    assert played.serpent_points == 2 and played.harbour[SO] == 8 and played.last_coin == "tails"
    assert played.round == 4 and played.to_move == SA
    assert state.describe_move(TAILS) == (
        "tails: the Soldier tossed the coin; the Serpent moves 1 back to mooring 10 and boards 2 stones of "
        "the Soldier"
    )
    wrap = after(position({}, to_move=CHANCE, serpent=9), "heads")
    assert wrap.serpent == 1


def test_jai_kerboges_serpent_always_moves_two_forward() -> None:
    state = position({5: (2, 2), 3: (1, 0)}, seats=2, to_move=CHANCE, serpent=3)
    with pytest.raises(IllegalMoveError, match="not tossed for"):
        state.parse("heads")
    played = after(state, "serpent")
    assert played.serpent == 5 and played.mooring(5) == (1, 1) and played.serpent_points == 2
    one = after(position({4: (0, 3)}, seats=2, to_move=CHANCE, serpent=2), "serpent")
    assert one.mooring(4) == (0, 1) and one.serpent_boarded == (0, 2)


def test_coin_texts_only_on_the_serpents_turn() -> None:
    state = GAME.start(4)
    with pytest.raises(IllegalMoveError, match="the Serpent's move"):
        state.parse("heads")
    chance = position({}, to_move=CHANCE)
    with pytest.raises(IllegalMoveError, match="the Serpent moves now"):
        chance.parse("2/5")
    with pytest.raises(IllegalMoveError, match="`heads` or `tails`"):
        chance.parse("serpent")
    assert chance.parse("HEADS") == HEADS and chance.parse("Tails") == TAILS


# -- the end -------------------------------------------------------------------------------------


def test_the_end_at_forty_with_a_shared_win() -> None:
    state = position({1: (4, 0, 0, 0), 2: (0, 2, 1, 0)}, points=(10, 12, 8, 6), serpent_points=2)
    played = after(state, "4/1-2 b2Me")
    outcome = played.outcome()
    assert outcome is not None and played.to_move is None
    assert played.total_score() == 40
    assert outcome.winners == (SA, ME) and list(outcome.scores) == [12, 12, 8, 6]
    assert outcome.reason == "Sailor and Merchant share the win with 12 points"
    assert list(played.legal_moves()) == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        played.parse("1/5")
    with pytest.raises(IllegalMoveError):
        played.resign(ME)
    # One short of 40: the game goes on.
    short = after(state, "4/1-2 b1Me")
    assert short.outcome() is None and short.total_score() == 39 and short.to_move == ME


def test_the_end_with_a_single_winner_and_jai_kerboge_at_twenty() -> None:
    state = position({1: (2, 0), 2: (0, 1)}, seats=2, points=(8, 7), serpent_points=4)
    played = after(state, "2/1-2 b1Me")
    outcome = played.outcome()
    assert outcome is not None and outcome.winners == (SA,) and list(outcome.scores) == [9, 7]
    assert outcome.reason == "Sailor wins with 9 points"


def test_the_serpent_wins_when_it_has_strictly_the_most() -> None:
    state = position({3: (0, 0, 3, 0)}, to_move=CHANCE, points=(5, 5, 5, 5), serpent_points=18)
    played = after(state, "heads")
    outcome = played.outcome()
    assert outcome is not None and outcome.winners == () and list(outcome.scores) == [5, 5, 5, 5]
    assert outcome.reason == "the Serpent wins with 20 points"
    # A tie with the best player is not strictly the most: the player wins.
    tie = position({3: (0, 0, 3, 0)}, to_move=CHANCE, points=(10, 9, 8, 5), serpent_points=8)
    outcome = after(tie, "heads").outcome()
    assert outcome is not None and outcome.winners == (SA,)


# -- resigning -----------------------------------------------------------------------------------


def test_a_resigned_seat_stays_in_the_game_and_is_ranked_last() -> None:
    state = GAME.start(4).play("2/1").resign(ME)
    assert isinstance(state, KerbogeState)
    assert state.resigned == (False, True, False, False)
    assert state.to_move == ME and state.outcome() is None  # the host's computer plays it on
    state = after(state, "2/2")
    assert state.to_move == SO
    with pytest.raises(IllegalMoveError, match="already resigned"):
        state.resign(ME)
    with pytest.raises(IllegalMoveError):
        state.resign(4)
    two = GAME.start(2).resign(SA)
    assert two.to_move == SA and two.outcome() is None


def test_a_resigned_seat_never_wins() -> None:
    rows = {1: (4, 0, 0, 0), 2: (0, 0, 2, 0)}
    state = position(rows, points=(10, 14, 8, 4), serpent_points=2, resigned=(False, True, False, False))
    played = after(state, "4/1-2 b2So")
    outcome = played.outcome()
    assert outcome is not None and outcome.winners == (SA,) and list(outcome.scores) == [12, 14, 8, 4]
    assert played.placings() == (1, 4, 2, 3)
    # The Serpent is compared with the players who did not resign.
    serpent = position(rows, points=(10, 14, 1, 0), serpent_points=13, resigned=(False, True, False, False))
    outcome = after(serpent, "4/1-2 b2So").outcome()
    assert outcome is not None and outcome.winners == ()


def test_every_player_resigning_ends_the_game() -> None:
    state = GAME.start(2).resign(0).resign(1)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and state.to_move is None


# -- notation and messages -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "is not a move"),
        ("", "No move was given"),
        ("2/5-" + "9" * 5000, "is not a move"),
        ("4/5-6,7,7,8 `@everyone`", "is not a move"),
        ("5", "is not a move"),
        ("b1So", "is not a move"),
        ("2/5-", "is not a move"),
        ("2/11", "there is no mooring 11"),
        ("1/5-0", "there is no mooring 0"),
        ("2/5-6 b1Xx", "`xx` is not a player"),
        ("2/5-6 b0So", "at least one stone"),
    ],
)
def test_text_that_is_not_a_move(text: str, message: str) -> None:
    with pytest.raises(NotAMoveError, match=message) as info:
        position({5: (2, 0, 0, 0), 6: (0, 0, 1, 0)}).parse(text)
    assert "`" in str(info.value) and len(str(info.value)) < 600


def test_messages_quote_the_input_and_suggest_a_legal_move() -> None:
    state = position({5: (2, 0, 0, 0)})
    with pytest.raises(IllegalMoveError) as info:
        state.parse("aground")
    assert "`aground`" in str(info.value) and "`2/5-6`" in str(info.value)
    with pytest.raises(IllegalMoveError, match="moves no stone"):
        state.parse("0/5-6")
    with pytest.raises(MoveError, match="`4/5-6`"):
        state.parse("4/5-6")
    with pytest.raises(IllegalMoveError, match="only 10 stones"):
        state.parse("11/5-6")
    with pytest.raises(NotAMoveError) as long_info:
        state.parse("x" * 500)
    assert len(str(long_info.value)) < 500 and "…" in str(long_info.value)


def test_describe_moves() -> None:
    state = position({1: (5, 0, 0, 0), 4: (2, 0, 3, 1)})
    assert state.describe_move(state.parse("2/7")) == "enters 2 stones into mooring 7"
    assert state.describe_move(state.parse("2/1-10")) == "moves 2 stones from mooring 1 one back to 10"
    assert state.describe_move(state.parse("5/1-4 b1So b1Ru")) == (
        "moves 5 stones from mooring 1 to 4 and boards 1 stone of the Soldier and 1 stone of the Ruler at 4"
    )
    assert state.describe_move(state.parse("3/1-2,3,3")) == "moves 3 stones from mooring 1: 1 to 2 and 2 to 3"
    jai = position({}, seats=2, to_move=CHANCE)
    assert jai.describe_move(SERPENT) == "the Serpent moves 2 forward to mooring 3"


def test_helpers_for_pictures_and_move_builders() -> None:
    state = position({1: (5, 0, 0, 0), 4: (2, 0, 3, 1)}, serpent=7, points=(1, 2, 3, 4), serpent_points=5)
    assert state.stones(4, SO) == 3 and state.mooring(4) == (2, 0, 3, 1)
    assert state.harbour == (3, 10, 7, 9) and state.serpent == 7
    assert state.own_moorings(SA) == [1, 4] and state.is_hostile(4, SA) and not state.is_hostile(1, SA)
    assert state.boardable(4, SA) == {SO: 3, RU: 1} and state.boarding_limit(5) == 2
    assert state.sources(SA) == [HARBOUR, 1, 4] and state.enter_limit(SA) == 2
    assert state.forward_targets(1, SA) == [2, 3, 4] and state.back_target(1) == 10
    full = position({m: (0, 1) for m in range(1, 11)}, seats=2)
    assert full.sources(SA) == [] and full.forced_move() == AGROUND
    assert state.scores() == (1, 2, 3, 4) and state.serpent_points == 5 and state.total_score() == 15
    move = state.parse("5/1-4 b1So b1Ru")
    assert isinstance(move, StoneMove) and move.source == 1 and move.count == 5
    enter = state.parse("1/9")
    assert isinstance(enter, StoneMove) and enter.source == HARBOUR and enter.entering


def test_json_round_trip_and_immutability() -> None:
    state = position({1: (5, 0, 0, 0), 4: (2, 0, 3, 1)}, points=(1, 0, 0, 0), round_=4)
    before = state.to_json()
    played = after(state, "5/1-4 b1So b1Ru")
    assert state.to_json() == before
    for s in (state, played, GAME.start(2)):
        again = GAME.load(s.to_json())
        assert again == s and hash(again) == hash(s)


# -- the move list: complete, without duplicates, and the same as the direct legality test -------


def brute_force(state: KerbogeState) -> set[StoneMove]:
    """Every candidate move of a small position, kept when `is_legal` accepts it."""
    mover = state.turn
    seats = state.seats
    found: set[StoneMove] = set()
    for mooring in range(1, 11):
        for k in (1, 2, 3):
            candidate = StoneMove(HARBOUR, (mooring,) * k)
            if state.is_legal(candidate):
                found.add(candidate)
    for source in range(1, 11):
        n = state.stones(source, mover)
        targets = [((source + step - 1) % 10) + 1 for step in (1, 2, 3)]
        back = ((source - 2) % 10) + 1
        for k in range(1, n + 2):
            shapes = [(back,) * k, *itertools.combinations_with_replacement(targets, k)]
            for dests in shapes:
                plain = StoneMove(source, tuple(dests))
                if state.is_legal(plain):
                    found.add(plain)
                for at in sorted(set(dests)):
                    ranges = [range(3) for _ in range(seats)]
                    for counts in itertools.product(*ranges):
                        boardings = tuple((s, c) for s, c in enumerate(counts) if c)
                        if boardings:
                            candidate = StoneMove(source, tuple(dests), boardings, at)
                            if state.is_legal(candidate):
                                found.add(candidate)
    return found


def sample_positions(seats: int, count: int, seed: int) -> list[KerbogeState]:
    rng = random.Random(seed)
    out: list[KerbogeState] = []
    while len(out) < count:
        state: State = GAME.start(seats)
        for _ in range(rng.randrange(10, 80)):
            if state.to_move is None:
                break
            legal = state.legal_moves()
            state = state.play(legal[rng.randrange(len(legal))])
        if isinstance(state, KerbogeState) and state.to_move not in (None, CHANCE):
            out.append(state)
    return out


@pytest.mark.parametrize("seats", [2, 4])
def test_legal_moves_match_the_direct_test(seats: int) -> None:
    for state in sample_positions(seats, 12, seed=seats):
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal), "no move twice"
        assert all(state.is_legal(m) for m in legal)
        stones = {m for m in legal if isinstance(m, StoneMove)}
        assert brute_force(state) == stones
        assert all(state.parse(str(m)) == m for m in legal)


def test_non_canonical_moves_are_not_legal() -> None:
    state = position({1: (5, 0, 0, 0), 4: (2, 0, 3, 1)})
    assert state.is_legal(StoneMove(1, (2, 3)))
    assert not state.is_legal(StoneMove(1, (3, 2)))
    assert state.is_legal(StoneMove(1, (4,) * 4, ((SO, 1), (RU, 1)), 4))
    assert not state.is_legal(StoneMove(1, (4,) * 4, ((RU, 1), (SO, 1)), 4))
    assert not state.is_legal(StoneMove(1, (4,) * 4, ((SO, 1), (SO, 1)), 4))
    assert not state.is_legal(StoneMove(1, (4,) * 4, ((SO, 0),), 4))
    assert not state.is_legal(StoneMove(1, (4,) * 4, (), 4))
    assert not state.is_legal(StoneMove(1, (4,) * 4, ((5, 1),), 4))
    assert not state.is_legal(HEADS) and not state.is_legal(AGROUND)
    with pytest.raises(IllegalMoveError):
        state.play(StoneMove(1, (3, 2)))


def test_the_largest_move_list() -> None:
    # Ten stones at 1, the other three players' stones five each at 2 and at 4: every split over
    # 2, 3, 4 with every boarding at 2 or at 4.
    state = position({1: (10, 0, 0, 0), 2: (0, 5, 5, 5), 4: (0, 5, 5, 5)})
    legal = state.legal_moves()
    assert len(legal) == 3335 and len(set(legal)) == 3335
    assert state.parse(str(legal[-1])) == legal[-1]


# -- random playouts -----------------------------------------------------------------------------


def invariant_checker() -> Callable[[State], None]:
    """Every player's ten stones are in the harbour or on the moorings, and the total score is the
    number of stones boarded so far (counted from the harbours' growth between plies)."""
    seen: dict[str, object] = {"previous": None, "boarded": 0}

    def check(state: State) -> None:
        assert isinstance(state, KerbogeState)
        seats = state.seats
        for seat in range(seats):
            assert state.harbour[seat] + sum(state.board[seat::seats]) == 10
        assert all(n >= 0 for n in state.board) and 1 <= state.serpent <= 10
        previous = seen["previous"]
        if isinstance(previous, KerbogeState):
            grown = sum(max(0, new - old) for new, old in zip(state.harbour, previous.harbour, strict=True))
            seen["boarded"] = int(str(seen["boarded"])) + grown
            assert state.serpent_points >= previous.serpent_points
            assert all(a >= b for a, b in zip(state.points, previous.points, strict=True))
        assert state.total_score() == seen["boarded"]
        assert (state.outcome() is not None) == (state.total_score() >= state.target)
        seen["previous"] = state

    return check


@given(seed=SEEDS)
@settings(PLAYOUT_SETTINGS, max_examples=80)
def test_random_playouts_kerboge(seed: int) -> None:
    final = check_random_playout(GAME, 4, {}, seed, max_plies=400, invariant=invariant_checker())
    assert final.to_move is None  # random games end well within 400 plies


@given(seed=SEEDS)
@settings(PLAYOUT_SETTINGS, max_examples=80)
def test_random_playouts_jai_kerboge(seed: int) -> None:
    final = check_random_playout(GAME, 2, {}, seed, max_plies=400, invariant=invariant_checker())
    assert final.to_move is None
