"""Verquere's fast paths, each against the plain way it stands for: the fast turn search
(`_search`, rules/verquere/fast_turns.py) against the reference search beside it (`_explore`,
rules/verquere/turns.py, which also records the ways of playing each turn for the notation) on
every roll of the positions of random games and on thousands of made-up positions
(`test_the_fast_turn_search_equals_the_reference_*`); the lazy sequence of turns, the ways found
only when the notation is needed, the views built with `bytes.translate`, and states made
without the dataclass's `__init__`. Each must give what the plain way gives."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from rules import CHANCE
from rules.verquere import (
    GAME,
    OFF,
    OPP,
    Roll,
    Turn,
    VerquereState,
    _apply,
    _board_from_view,
    _explore,
    _jean,
    _open_points,
    _opponent_jean,
    _view,
    _vulnerable,
)
from rules.verquere.fast_turns import (
    _any_dice,
    _closed_mask,
    _key_of,
    _masks,
    _opponent_mask,
    _own_mask,
    _search,
)
from tests.support.verquere import position


def positions(seed: int, games: int, **options: bool) -> list[VerquereState]:
    """Every position with a roll to play in a few seeded random games."""
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        state = GAME.start(2, **options)
        while state.to_move is not None:
            if state.to_move == CHANCE:
                state = state.play(rng.choice(list(state.legal_moves())))
                continue
            assert isinstance(state, VerquereState)
            found.append(state)
            legal = state.legal_moves()
            state = state.play(legal[rng.randrange(len(legal))])
    return found


def fresh(state: VerquereState) -> VerquereState:
    """The same position without anything cached."""
    loaded = GAME.load(state.to_json())
    assert isinstance(loaded, VerquereState)
    return loaded


def test_the_legal_turns_are_a_lazy_sequence() -> None:
    state = GAME.start(2).play("roll 5-3")
    legal = state.legal_moves()
    assert len(legal) == 2 and not isinstance(legal, list)
    assert legal[0] is legal[0] and legal[-1] is legal[1] and legal[-2] is legal[0]
    assert legal[0:2] == list(legal) == legal == [legal[0], legal[1]]
    assert legal[::-1] == [legal[1], legal[0]] and legal[5:] == []
    assert sorted(str(m) for m in legal) == ["1/4/9", "1/6 1/4"]
    with pytest.raises(IndexError):
        legal[2]
    assert legal[0] in legal and Roll(5, 3) not in legal and "1/4/9" not in legal
    assert repr(legal).startswith("[Turn(")
    assert legal != [legal[0]] and list(legal) != [legal[1], legal[0]]


def test_turns_of_an_equal_state_are_legal_and_others_are_not() -> None:
    state = GAME.start(2).play("roll 5-3")
    assert isinstance(state, VerquereState)
    same = fresh(state)
    theirs = same.legal_moves()[0]
    assert isinstance(theirs, Turn) and theirs._legal is not state._legal()
    assert state.is_legal(theirs) and theirs in state.legal_moves()
    assert state.play(theirs) == same.play(theirs)
    other_roll = GAME.start(2).play("roll 6-5").legal_moves()[0]
    assert not state.is_legal(other_roll) and other_roll not in state.legal_moves()
    later = state.play("1/4/9").play("roll 5-3")
    assert not later.is_legal(theirs)


@pytest.mark.parametrize("options", [{}, {"five_blots": True, "five_closed_points": True}])
def test_the_notation_does_not_depend_on_what_was_asked_first(options: dict[str, bool]) -> None:
    for state in positions(5, 2, **options)[::3]:
        in_order = [str(m) for m in fresh(state).legal_moves()]
        backwards = fresh(state)
        legal = backwards.legal_moves()
        assert [str(legal[i]) for i in reversed(range(len(legal)))][::-1] == in_order
        assert [str(m) for m in state.legal_moves()] == in_order


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"five_blots": True},
        {"five_closed_points": True},
        {"five_blots": True, "five_closed_points": True},
    ],
)
def test_the_search_finds_the_same_turns_with_or_without_recording_their_ways(
    options: dict[str, bool],
) -> None:
    for state in positions(9, 2, **options):
        view = _view(state.board, state.bar, state.off, state.turn)
        if view[0] and state.juncker(state.turn):
            continue
        assert state.dice is not None
        hi, lo = state.dice
        ways: dict[bytes, list[tuple[tuple[int, int, int], ...]]] = {}
        quick = _explore(bytearray(view), hi, lo, state.five_blots, state.five_closed_points)
        recorded = _explore(bytearray(view), hi, lo, state.five_blots, state.five_closed_points, ways)
        assert quick == recorded
        assert _view(state.board, state.bar, state.off, state.turn) == view  # the search changes nothing
        for key in quick.legal:
            assert ways[key]
            for steps in ways[key]:
                reached = bytearray(view)
                for start, end, _ in steps:
                    reached, _, _ = _apply(reached, start, end)
                assert bytes(reached) == key


def random_view(rng: random.Random) -> bytearray:
    """A view (see rules/verquere/board.py) of a made-up position, often near the end of a race,
    with men on the bar, or a crowded board; some are not reachable in a game."""
    view = bytearray(51)
    kind = rng.random()
    men = 15
    view[OFF] = rng.randint(0, 14) if kind < 0.4 else 0
    men -= view[OFF]
    view[0] = min(men, rng.choice([0, 0, 0, 1, 2, 3]) if kind > 0.2 else 0)
    men -= view[0]
    lowest = 19 if kind < 0.3 else 13 if kind < 0.5 else 1
    for _ in range(men):
        view[rng.randint(lowest, 24)] += 1
    view[OPP] = rng.choice([0, 0, 1, 2])
    free = [q for q in range(1, 25) if not view[q]]
    for _ in range(rng.randint(0, 15)):
        view[OPP + rng.choice(free)] += 1
    return view


def check_search(view: bytearray, high: int, low: int, five_blots: bool, five_closed: bool) -> None:
    """The fast search (`_search`, and `_any_dice`, its loop for any position) finds what the
    reference (`_explore`) finds: the same positions in the same order, dice, filter and pips."""
    before = bytes(view)
    plain = _explore(bytearray(view), high, low, five_blots, five_closed)
    for search in (_search, _any_dice):  # `_any_dice` alone works in any position too
        found = search(view, high, low, five_blots, five_closed)
        assert bytes(view) == before  # the search restores the view it changes
        assert [_key_of(before, change) for change in found.changes] == plain.legal
        assert (found.max_dice, found.larger_only, found.max_pips) == plain[1:]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"five_blots": True},
        {"five_closed_points": True},
        {"five_blots": True, "five_closed_points": True},
    ],
)
def test_the_fast_turn_search_equals_the_reference_on_every_roll_of_random_games(
    options: dict[str, bool],
) -> None:
    """`_search` (fast_turns.py: the legal moves) against `_explore` (turns.py: the reference,
    and the notation's search), position by position: the same turns in the same order, for
    every roll of the positions of random games."""
    for state in positions(11, 3, **options):
        view = _view(state.board, state.bar, state.off, state.turn)
        for high in range(1, 7):
            for low in range(1, high + 1):
                check_search(view, high, low, state.five_blots, state.five_closed_points)


def test_the_fast_turn_search_equals_the_reference_in_4000_random_made_up_positions() -> None:
    """As above, in positions made up at random (near the end of a race, men on the bar, crowded
    boards; some not reachable in a game), with random options and rolls."""
    rng = random.Random(8)
    for _ in range(4000):
        high, low = sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
        check_search(random_view(rng), high, low, rng.random() < 0.5, rng.random() < 0.5)


def test_the_masks_read_at_once_agree_with_the_plain_ones() -> None:
    rng = random.Random(12)
    for _ in range(2000):
        view = random_view(rng)
        for five_closed in (False, True):
            own, opp, closed = _masks(view, five_closed)
            assert own == sum(1 << q for q in range(1, 25) if view[q]) == _own_mask(view)
            assert opp == sum(1 << q for q in range(1, 25) if view[OPP + q]) == _opponent_mask(view)
            assert closed == _closed_mask(view, five_closed)


def test_views_and_boards_agree_with_the_plain_way() -> None:
    rng = random.Random(4)
    for _ in range(2000):
        board = tuple(rng.randint(-15, 15) if rng.random() < 0.4 else 0 for _ in range(24))
        bar, off = (rng.randint(0, 5), rng.randint(0, 5)), (rng.randint(0, 15), rng.randint(0, 15))
        for seat in (0, 1):
            points = board if seat == 0 else tuple(-x for x in (*board[12:], *board[:12]))
            plain = bytearray(
                [
                    bar[seat],
                    *(max(x, 0) for x in points),
                    off[seat],
                    bar[1 - seat],
                    *(max(-x, 0) for x in points),
                ]
            )
            view = _view(board, bar, off, seat)
            assert view == plain and isinstance(view, bytearray)
            assert _board_from_view(view, seat) == _board_from_view(bytes(view), seat) == board
            assert _jean(view) == (view[0] + sum(1 for q in range(1, 7) if view[q]) > 6)
            assert _opponent_jean(view) == (view[OPP] + sum(1 for q in range(13, 19) if view[OPP + q]) > 6)
            open_points = sum(1 for q in range(1, 7) if not view[q] and view[OPP + q] < 2)
            assert _open_points(view, frozenset()) == open_points
    assert OFF == 25


def test_states_made_on_the_fast_path_equal_the_plain_ones() -> None:
    for state in positions(2, 1)[:40]:
        for after in (state.play(state.legal_moves()[0]), GAME.start(2).play("roll 4-4")):
            assert isinstance(after, VerquereState)
            plain = VerquereState(
                seats=after.seats,
                five_blots=after.five_blots,
                five_closed_points=after.five_closed_points,
                board=after.board,
                bar=after.bar,
                off=after.off,
                turn=after.turn,
                dice=after.dice,
                result=after.result,
            )
            fields = dict(vars(plain))
            assert after == plain and hash(after) == hash(plain)
            # the same fields; besides them only the caches of the hot path, equal to what the
            # plain state computes
            assert {k: v for k, v in vars(after).items() if k in fields} == fields
            assert set(vars(after)) - set(fields) <= {"to_move", "_ahead"}
            assert vars(after)["to_move"] == plain.to_move
            if "_ahead" in vars(after):
                assert vars(after)["_ahead"] == _view(plain.board, plain.bar, plain.off, plain.turn)
            with pytest.raises(AttributeError):
                after.turn = 3  # type: ignore[misc]


@pytest.mark.parametrize("options", [{}, {"five_blots": True, "five_closed_points": True}])
def test_the_hot_path_of_play_agrees_with_fresh_states_position_by_position(options: dict[str, bool]) -> None:
    """Every state of random games, played on the hot path (a turn from `legal_moves`, a roll),
    against the same position loaded from JSON: the same fields, seat to move, outcome, legal
    moves in order and notation, and its caches equal to what the plain way computes."""
    rng = random.Random(41)
    for _ in range(40):
        state = GAME.start(2, **options)
        while True:
            assert isinstance(state, VerquereState)
            loaded = fresh(state)
            assert state == loaded and state.to_move == loaded.to_move
            assert state.outcome() == loaded.outcome()
            cached = vars(state).get("_ahead")
            if cached is not None:
                assert cached == _view(state.board, state.bar, state.off, state.turn)
            if state.to_move is None:
                break
            legal = state.legal_moves()
            assert [str(m) for m in legal] == [str(m) for m in loaded.legal_moves()]
            assert list(legal) == list(loaded.legal_moves())
            move = legal[rng.randrange(len(legal))]
            after = state.play(move)
            assert after == loaded.play(move) == loaded.play(str(move))
            state = after


def test_the_board_left_out_on_the_hot_path_is_made_when_asked_for() -> None:
    state = GAME.start(2).play("roll 5-3").play("1/4/9").play("roll 6-1")
    assert isinstance(state, VerquereState) and "board" not in vars(state)
    copied = pickle.loads(pickle.dumps(state))
    assert "board" not in vars(copied) and copy.copy(state) == state
    expected = (14, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, -15, *[0] * 11)
    assert state.board == copied.board == expected and vars(state)["board"] is state.board
    assert replace(state, dice=(5, 5)).board == expected
    assert GAME.load(state.to_json()) == state
    bare = object.__new__(VerquereState)
    assert not hasattr(bare, "board")


def test_pickled_states_keep_their_turns() -> None:
    state = position({13: 1, 1: 14}, {16: 1, 12: 14})
    texts = [str(m) for m in state.legal_moves()]
    copy = pickle.loads(pickle.dumps(state))
    assert [str(m) for m in copy.legal_moves()] == texts and copy == state
    untouched = fresh(state)
    untouched.legal_moves()  # turns made, their notation not yet
    again = pickle.loads(pickle.dumps(untouched))
    assert [str(m) for m in again.legal_moves()] == texts
    assert again.play(again.legal_moves()[0]) == state.play(state.legal_moves()[0])


def test_the_worst_roll_found() -> None:
    # White on 1, two on 12 and one on each of 13–24, Black's 15 on White's 10, 1-1: 983 turns.
    state = position({1: 1, 12: 2, **{p: 1 for p in range(13, 25)}}, {10: 15}, dice=(1, 1))
    legal = state.legal_moves()
    assert len(legal) == 983 and len(set(legal)) == 983
    assert len(state.suggest("")) == 25 and state.parse(str(legal[500])) == legal[500]


def test_the_probabilities_of_the_rolls_are_fractions_with_their_float_kept() -> None:
    for roll, p in GAME.start(2).chance_outcomes():
        plain = Fraction(1, 36) if roll.is_double else Fraction(1, 18)  # type: ignore[attr-defined]
        assert isinstance(p, Fraction) and p == plain and hash(p) == hash(plain)
        assert float(p) == float(plain) and str(p) == str(plain) and repr(p) == repr(plain)
        for again in (pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p), p + 0):
            assert again == plain and float(again) == float(plain)


def test_vulnerable_points_agree_with_the_plain_way() -> None:
    rng = random.Random(6)
    for _ in range(3000):
        view = bytearray(51)
        for q in range(1, 25):
            view[OPP + q] = rng.choice((0, 1, 2, 2, 2, 2, 3, 5))
        plain: list[int] = []
        run: list[int] = []
        for q in (*range(13, 25), *range(1, 13)):  # the opponent's points 1–24
            if view[OPP + q] >= 2:
                run.append(q)
                continue
            plain += run if len(run) > 5 else []
            run = []
        plain += run if len(run) > 5 else []
        assert _vulnerable(view) == frozenset(plain) == _vulnerable(bytes(view))
