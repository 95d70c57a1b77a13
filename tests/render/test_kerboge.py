"""The Kerboge picture, checked against the reference images in tests/render/reference/.

After an intended change of the pictures: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest
tests/render/test_kerboge.py`, then look at every new reference before committing it.
"""

from __future__ import annotations

import pytest

import render
from render import kerboge as picture
from render import palette
from rules import CHANCE, GAMES, Outcome
from rules.kerboge import AGROUND, HARBOUR, HEADS, KerbogeState, StoneMove
from rules.text import ENGLISH
from tests.support.images import REFERENCE, assert_matches_reference, assert_same_picture_again, open_png
from tests.support.logs import moves

GAME = GAMES["kerboge"]
PLAYERS = ("alice", "Bob", "carol", "dave")


MIDDLE_GAME = moves(
    # Four players, 76 seeded random moves: the Sailor boards at 2 after the Serpent boarded at 7.
    "2/4; 2/10; 1/3; 2/5; tails; 2/10; 1/9; 2/7; 1/2; tails; 2/10-1,3; 1/9; 2/7-8,9; 2/7; heads; "
    "2/4-7; 2/9; 1/3-2; 2/7-9; heads; 2/7-9 b1Me; 1/4; 2/6; 1/9-8; heads; 2/9-10,1; 1/4-7; 1/2; "
    "1/9-8; tails; 2/4; 2/9-10 b1Sa; 1/3; 1/8-9; tails; 1/1-2; 1/10-3; 2/6-7,8; 1/2-4; heads; 2/4-7 "
    "b1So; 1/7-6; 1/9-10; 1/5; tails; 2/2; 2/1; 1/2-3; 1/9-10; heads; 3/2-5 b1Ru; 1/1-3; 1/3-5; "
    "1/8-7; tails; 1/5-8; 2/3-5; 2/8-7; 1/10-9; heads; 2/7; 2/5-6,8; 1/7-6; 1/9-8; tails; 2/7-8,10; "
    "1/8-10; 1/5-4; 2/6; tails; 2/8-9,10; 2/10-1,3; 1/10-3; 2/6-5; heads; 2/10-2 b1So "
)


JAI_KERBOGE = moves(
    # Two players, 32 seeded random moves, the last one backward, then the Serpent's.
    "1/10; 1/2; serpent; 1/6; 2/1; serpent; 1/10-2; 1/2-3; serpent; 1/6-5; 2/1-3,4; serpent; 1/1; "
    "1/8; serpent; 1/6; 2/3-6 b1Sa; serpent; 1/2-1; 1/6; serpent; 1/1-10; 1/8-9; serpent; 1/7; "
    "2/6-7 b1Sa; serpent; 1/2; 2/7-8; serpent; 1/2; 1/6-5; serpent "
)


SHARED_WIN = moves(
    # Four players boarding greedily: the Sailor and the Ruler share the win with 9 points.
    "2/5; 1/2; 1/1; 2/8; heads; 2/5-8 b1Ru; 1/4; 1/6; 1/9; heads; 2/8-9,10; 1/2; 2/3; 2/5; tails; "
    "2/10; 2/2-5 b1Ru; 2/3-5 b1Me; 1/5; tails; 3/10-1 b1So; 1/5; 2/5-8 b1Ru; 2/5-8 b1So; tails; "
    "2/1-2,3; 2/5-8 b1So; 2/10; 1/8-7; heads; 1/1-10; 2/8-10 b1So; 2/5; 2/7; tails; 1/9-1; 2/10-1 "
    "b1Sa; 2/5-7 b1Ru; 1/4; tails; 1/10-2; 2/1-4 b1Ru; 2/7-9 b1Ru; 2/7-10 b1So; tails; 2/5; 2/4-6 "
    "b1So; 1/9-8; 2/10-2 b1Sa; heads; 2/5-8 b1Ru; 2/6-8 b1So; 2/4; 2/2-4 b1So; heads; 2/8-9 b1So; "
    "2/5; 1/1; 2/4-5 b1Me; tails; 2/9-1 b1So; 2/8-1 b1Sa; 2/10; 1/5; heads; 1/6; 1/9; 2/10-1 b1Me; "
    "3/5-6 b1Sa; heads; 1/1-10; 1/1-2; 2/1-2 b1Me; 3/6-7,9,9; heads; 1/1; 1/5-6; 1/10; 2/9-1 b1Sa; "
    "tails; 2/9; 1/6-8; 1/10-3; 2/1-2 b1So; tails; 2/9-2 b1Ru; 1/10; 1/2-4; 1/7-10; tails; 2/2-3 "
    "b1So; 1/1; 1/6; 1/10; tails; 2/3-4 b1So; 2/6; 1/5; 2/10-1 b1Me; heads; 2/4-5 b1So "
)


SERPENT_WINS = moves(
    # Four players, 140 seeded random moves: the Serpent wins with 30 points.
    "1/7; 2/8; 2/1; 1/4; tails; 1/7-9; 1/10; 2/6; 2/5; heads; 2/3; 2/8-1; 1/8; 1/4-6; heads; 2/3; "
    "1/1-10; 2/1-2,3; 1/5-4; tails; 1/9; 1/10-1; 2/3; 1/5; tails; 2/9-1; 1/1-2; 1/6-9; 2/5-6,8; "
    "heads; 2/3-6; 1/10; 3/3-4,6,6 b1Ru@6; 1/7; tails; 2/1-3,4; 1/2-1; 3/6-8 b1Ru; 1/6; heads; "
    "1/4-3; 1/1; 1/4-6; 1/7-8; tails; 1/2; 2/10-2 b1Sa; 4/8-10,10,1,1 b1Me@1; 1/6-7; heads; "
    "2/3-4,5; 2/2-3,4; 1/6; 1/8; tails; 2/4; 2/4; 2/10-3 b1Me; 2/8; tails; 2/4-6; 2/4; 2/3; "
    "4/8-9,9,9,10; tails; 2/6-8,9; 2/1-2,4; 1/1-10; 1/10-1; heads; 2/5; 5/4-6 b2So; 2/3-5,6; 3/9-8; "
    "heads; 2/5-7; 4/6-7,7,8,8 b1Sa@8; 1/3; 2/8-7; heads; 1/7-9; 1/7-9; 2/4; 1/8; tails; 1/7; "
    "1/8-9; 1/10-1; 1/6-5; heads; 1/9; 1/10; 2/6; 1/8-10; heads; 2/8; 1/10-3; 2/6-5; 1/10-3; tails; "
    "2/9-2; 2/9-10,2; 3/5-7 b1Me; 1/5-6; tails; 2/2-3,4; 1/6; 3/7-6; 1/7-10; tails; 2/7-10; 1/3-6; "
    "1/6-5; 1/6-9; tails; 1/4-5; 2/8; 2/4-6 b1Me; 1/7-8; heads; 1/3-6; 1/2-5; 5/6-7,7,8,9,9; 2/1; "
    "tails; 2/2; 1/8-10; 2/7; 3/1-10; tails; 1/2-3; 1/8-7; 2/3; 1/3-4; tails; 2/5; 2/1; 2/7-9; "
    "4/10-1,1,1,2 b1Me@1; tails "
)


def replay(seats: int, log: list[str]) -> tuple[KerbogeState, StoneMove]:
    """The state after `log`, and the last move a player played (as the host gives it)."""
    state = GAME.start(seats)
    last = None
    for text in log:
        move = state.parse(text)
        if state.to_move != CHANCE:
            last = move
        state = state.play(move)
    assert isinstance(state, KerbogeState) and isinstance(last, StoneMove)
    return state, last


def test_start() -> None:
    assert_matches_reference(render.board(GAME.start(4)), REFERENCE / "kerboge_start.png")


def test_middle_game_with_the_serpent_having_boarded() -> None:
    state, last = replay(4, MIDDLE_GAME)
    assert state.outcome() is None and state.to_move == 1
    assert last.boardings and sum(state.serpent_boarded) == 2 and state.serpent_points > 0
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "kerboge_middle.png")


def test_jai_kerboge_backward_move() -> None:
    state, last = replay(2, JAI_KERBOGE)
    assert last.backward and state.seats == 2
    png = render.board(state, last_move=last, names=PLAYERS[:2])
    assert_matches_reference(png, REFERENCE / "kerboge_jai.png")


def test_end_with_a_shared_win() -> None:
    state, last = replay(4, SHARED_WIN)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 3)
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "kerboge_shared_win.png")
    status = picture.status(state, PLAYERS, ENGLISH)
    assert status.text == "alice (Sailor) and dave (Ruler) win with 9 points"


def test_end_with_the_serpent_winning() -> None:
    state, last = replay(4, SERPENT_WINS)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and "Serpent" in outcome.reason
    png = render.board(state, last_move=last, names=PLAYERS)
    assert_matches_reference(png, REFERENCE / "kerboge_serpent_wins.png")
    assert picture.status(state, PLAYERS, ENGLISH).text == "The Serpent wins with 30 points"


def test_same_input_same_bytes() -> None:
    state, last = replay(4, MIDDLE_GAME)
    assert_same_picture_again(state, last, PLAYERS, between=GAME.start(2), perspectives=(2,))


def test_size_fits_a_phone() -> None:
    image = open_png(render.board(GAME.start(4)))
    assert image.mode == "RGB" and 900 <= image.width <= 1000 and image.height < 1400


def test_every_kind_of_last_move_draws() -> None:
    state = GAME.start(4)
    entered = state.play("2/5")
    assert isinstance(entered, KerbogeState)
    picture.render(entered, perspective=None, last_move=StoneMove(HARBOUR, (5, 5)), names=None)
    assert picture.move_paths(StoneMove(HARBOUR, (5, 5)))  # from the harbour: one straight arrow
    assert len(picture.move_paths(StoneMove(9, (10, 1, 1, 2)))) == 3  # one arrow per destination
    back = picture.move_paths(StoneMove(1, (10, 10)))
    assert len(back) == 1
    assert (
        picture.last_move_text(entered, AGROUND, PLAYERS, ENGLISH)
        == "alice (Sailor) ran aground (no mooring to enter)."
    )
    assert picture.last_move_text(entered, HEADS, PLAYERS, ENGLISH) == "No move yet."
    render.board(entered, last_move=AGROUND)


def test_seat_colours_are_the_rules_colours_with_initials() -> None:
    letters = [colour.letter for colour in picture.SEAT_COLOURS]
    assert letters == ["Sa", "Me", "So", "Ru"]
    fills = [colour.fill for colour in picture.SEAT_COLOURS]
    assert fills[:3] == [palette.BLUE.fill, palette.RED.fill, palette.BLACK.fill]
    assert len(set(fills)) == 4
    # grey is told from black and from the board by its lightness, and every stone by its letters
    assert palette.contrast(fills[3], fills[2]) > 3


def test_the_mover_of_the_last_move() -> None:
    state = GAME.start(4)
    assert picture.mover_of(state.play("2/5")) == 0  # type: ignore[arg-type]
    state, _ = replay(4, MIDDLE_GAME)
    assert picture.mover_of(state) == 0  # the Merchant is to move: the Sailor played
    four = GAME.start(4)
    for text in ("1/1", "1/2", "1/3", "1/4"):
        four = four.play(text)
    after_serpent = four.play("heads")
    assert isinstance(after_serpent, KerbogeState) and after_serpent.turn == 0
    assert picture.mover_of(after_serpent) == 3  # the Ruler, before the Serpent


def test_coin_card_names_the_tosser() -> None:
    four = GAME.start(4)
    for text in ("1/1", "1/2", "1/3", "1/4", "tails"):
        four = four.play(text)
    assert isinstance(four, KerbogeState)
    face, title, line = picture.coin_texts(four, PLAYERS, ENGLISH)
    assert (face, title, line) == ("T", "Coin: tails (1 back)", "tossed by alice (Sailor)")
    for text in ("1/5", "1/6", "1/7", "1/8", "heads"):
        four = four.play(text)
    assert isinstance(four, KerbogeState)
    assert picture.coin_texts(four, PLAYERS, ENGLISH)[2] == "tossed by Bob (Merchant)"
    jai = GAME.start(2)
    assert isinstance(jai, KerbogeState) and picture.coin_texts(jai, PLAYERS[:2], ENGLISH)[0] == "2"


def test_every_player_resigned() -> None:
    state = GAME.start(2).resign(0).resign(1)
    assert isinstance(state, KerbogeState)
    assert state.outcome() == Outcome((), (0, 0), "every player resigned", "resigned", (("Serpent", 0),))
    assert picture.status(state, ("a", "b"), ENGLISH).text == "Game over — every player resigned"
    render.board(state)


def test_wrong_state_or_move_is_refused() -> None:
    with pytest.raises(TypeError):
        picture.render(GAMES["keryo-pente"].start(2), perspective=None, last_move=None, names=None)
    with pytest.raises(TypeError):
        render.board(GAME.start(4), last_move="2/5")  # type: ignore[arg-type]
