"""The match message, the alt text and the picture say the same scores, during play and at the
end, for every game and variant: each seat's score as its game counts it (`Game.score_text` of
`State.scores()`), which the state's own counts confirm (Keibot's beads left, Keryo-Pente's
captures, the Glass Bead Game's cups, Kerboge's points)."""

from __future__ import annotations

import random

import pytest

import render
from cogs.messages import match_embed
from host.language import ENGLISH
from render import keibot
from rules import GAMES, Move, State
from rules.glass_bead import GlassBeadState
from rules.keibot import BEADS_PER_SEAT, KeibotState
from rules.kerboge import KerbogeState
from rules.keryo_pente import KeryoPenteState
from rules.verquere import VerquereState
from tests.support.playouts import pick_move
from tests.support.snapshots import snapshot_of

CASES = [(key, seats) for key, game in GAMES.items() for seats in game.seats]
NAMES = ("Alice", "Bob", "Carol", "Dan", "Erin", "Finn")
PLIES = 240


def card_lines(state: State) -> list[str]:
    """The score line of each seat's card in the picture."""
    names = NAMES[: state.seats]
    picture = render.RENDERERS[state.game.key].picture(state, perspective=None, last_move=None, names=names)
    return [card.score for card in picture.seats]


def own_count(state: State, seat: int) -> float:
    """A seat's score from the state's own counts, not from `scores()`."""
    if isinstance(state, KeibotState):
        return BEADS_PER_SEAT - state.beads_left(seat)
    if isinstance(state, KeryoPenteState):
        return state.captures[seat]
    if isinstance(state, GlassBeadState):
        return state.points(seat)
    if isinstance(state, KerbogeState):
        return state.points[seat]
    assert isinstance(state, VerquereState)
    return state.result.scores[seat] if state.result is not None else 0


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_the_message_the_alt_text_and_the_picture_agree_on_the_scores(key: str, seats: int) -> None:
    game = GAMES[key]
    rng = random.Random(f"scores agree {key} {seats}")
    state: State = game.start(seats)
    last: Move | None = None
    checked = 0
    for ply in range(PLIES):
        if ply % 3 == 0 or state.to_move is None:
            embed = match_embed(snapshot_of(state, last, NAMES), ENGLISH)
            players = str(
                next(field.value for field in embed.fields if field.name in ("Players", "Final scores"))
            )
            alt = render.describe(state, names=NAMES[:seats], last_move=last)
            cards = card_lines(state)
            for seat in range(seats):
                score = state.scores()[seat]
                assert score == own_count(state, seat), (key, seat, state.scores())
                said = game.score_text(score)
                line = players.splitlines()[seat]
                assert line.endswith(f"· {said}") or f"· {said} ·" in line, (line, said)
                assert f"{NAMES[seat]} ({game.seat_names(seats)[seat]}) {said}" in alt, (alt, said)
                assert said in cards[seat], (cards[seat], said)
            checked += 1
        if state.to_move is None:
            break
        last = pick_move(state, rng)
        state = state.play(last)
    assert checked >= 3


def test_keibot_counts_the_beads_placed_during_play() -> None:
    """The issue's case: after beads are placed, every text says so (it said 0 all game)."""
    state: State = GAMES["keibot"].start(2)
    rng = random.Random(5)
    while isinstance(state, KeibotState) and state.to_move is not None and sum(state.placed) < 3:
        state = state.play(pick_move(state, rng))
    assert isinstance(state, KeibotState) and state.outcome() is None and sum(state.placed) >= 3
    assert state.scores() == state.placed
    players = str(next(field.value for field in match_embed(snapshot_of(state, None, NAMES), ENGLISH).fields))
    placed = [GAMES["keibot"].score_text(n) for n in state.placed]
    assert all(text in players for text in placed), players
    assert keibot.scores(state, ENGLISH)[0].startswith(placed[0])
