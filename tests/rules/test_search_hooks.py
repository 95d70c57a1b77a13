"""The computer players' hooks (host/computer/hooks.py) of each game: declared on its state class,
defined in its search module, which attaches them where they are defined (so that the state and
the search do not import each other). Once `rules` is imported, every game has exactly its hooks,
and each is the search module's function."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules import GAMES, glass_bead, keibot_search, kerboge, keryo_pente_search, verquere

HOOK_NAMES = ("candidate_moves", "winning_moves", "playout_move", "playout", "evaluate")

EXPECTED: dict[str, dict[str, Callable[..., Any]]] = {
    "keryo-pente": {
        "candidate_moves": keryo_pente_search.candidate_moves,
        "winning_moves": keryo_pente_search.winning_moves,
        "playout_move": keryo_pente_search.playout_move,
        "playout": keryo_pente_search.playout,
        "evaluate": keryo_pente_search.evaluate,
    },
    "keibot": {
        "candidate_moves": keibot_search.candidates,
        "winning_moves": keibot_search.winning_moves,
        "playout_move": keibot_search.playout_move,
        "evaluate": keibot_search.values,
    },
    "glass-bead": {
        "candidate_moves": glass_bead.search.candidates,
        "winning_moves": glass_bead.search.winning,
        "playout": glass_bead.search.playout,
        "evaluate": glass_bead.search.values,
    },
    "verquere": {"evaluate": verquere.search.values},
    "kerboge": {
        "winning_moves": kerboge.search.winning_moves,
        "playout_move": kerboge.search.playout_move,
        "evaluate": kerboge.search.values,
    },
}


def test_each_game_has_exactly_its_hooks_attached_by_its_search_module() -> None:
    assert set(EXPECTED) == set(GAMES)
    for key, game in GAMES.items():
        state_class = type(game.start(game.seats[0]))
        attached = {name: getattr(state_class, name) for name in HOOK_NAMES if hasattr(state_class, name)}
        assert attached == EXPECTED[key], key
        declared = {name for name in HOOK_NAMES if name in state_class.__annotations__}
        assert declared == set(EXPECTED[key]), key  # each declared (typed) on the state class
