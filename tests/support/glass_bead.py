"""Glass Bead positions for the tests, written as the pits and cups of `to_json`."""

from __future__ import annotations

from rules import GAMES
from rules.glass_bead import GlassBeadState


def position(pits: list[str], cups: tuple[str, str] = ("", ""), turn: int = 0) -> GlassBeadState:
    """The position of ten pit strings (`A`…`E`, `a`…`e`) and the two cups, `turn` to move."""
    state = GAMES["glass-bead"].load(
        {
            "game": "glass-bead",
            "format": GAMES["glass-bead"].state_format,
            "seats": 2,
            "options": {},
            "pits": pits,
            "cups": list(cups),
            "turn": turn,
            "result": None,
        }
    )
    assert isinstance(state, GlassBeadState)
    return state
