"""Players named in every script on a board of every game (and on the leaderboard), checked against
the reference images `scripts_*.png` in tests/render/reference/: 田中太郎, 김민준, สมชาย, राहुल,
محمد and names with emoji, spread over the seats, some of them in the status line and the words
under the board.

After an intended change: `UPDATE_REFERENCES=1 .venv/bin/python -m pytest tests/render`, then
look at every new reference before committing it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import render
from host.ladder import LeaderboardLine
from render.leaderboard import leaderboard
from rules import GAMES, Move, State
from tests.support.images import assert_matches_reference
from tests.support.playouts import pick_move

REFERENCE = Path(__file__).resolve().parent / "reference"
EMOJI_NAME = "Ann 🎲👍🏽"
"""A name with two emoji (one with its skin tone): each drawn as one box, no font here has them."""
PLAYERS: dict[tuple[str, int], tuple[str, ...]] = {
    ("keryo-pente", 6): ("田中太郎", "김민준", "สมชาย", "राहुल", "محمد", EMOJI_NAME),
    ("keibot", 2): ("محمد", "田中太郎"),
    ("glass-bead", 2): ("김민준", EMOJI_NAME),
    ("verquere", 2): ("สมชาย", "राहुल"),
    ("kerboge", 4): ("राहुल", "محمد", "田中太郎", "สมชาย"),
}
"""The players of each game's picture: every name on some board, each game with two scripts."""
PLIES = {"keryo-pente": 14, "keibot": 9, "glass-bead": 7, "verquere": 9, "kerboge": 13}
"""Random plies (chance events included) before the picture: a position with a last move."""


def busy(key: str, seats: int) -> tuple[State, Move | None]:
    state: State = GAMES[key].start(seats)
    rng = random.Random(f"scripts {key}")
    last: Move | None = None
    for _ in range(PLIES[key]):
        last = pick_move(state, rng)
        state = state.play(last)
    return state, last


@pytest.mark.parametrize(("key", "seats"), list(PLAYERS))
def test_names_in_every_script_on_every_board(key: str, seats: int) -> None:
    state, last = busy(key, seats)
    png = render.board(state, last_move=last, names=PLAYERS[key, seats])
    assert_matches_reference(png, REFERENCE / f"scripts_{key.replace('-', '_')}.png")


def test_names_in_every_script_on_the_leaderboard() -> None:
    names = ("田中太郎", "김민준", "สมชาย", "राहुल", "محمد", EMOJI_NAME, "שרה כהן")
    lines = [
        LeaderboardLine(rank, rank, name, f"{1700 - 37 * rank}", 20 + rank, 10 + rank)
        for rank, name in enumerate(names, 1)
    ]
    png = leaderboard("Keryo-Pente — this server", "Page 1 of 1", lines)
    assert_matches_reference(png, REFERENCE / "scripts_leaderboard.png")
