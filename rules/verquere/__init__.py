"""Verquere for 2 players (docs/rules/verquere.md).

The package, by concern: `board` (points, numberings and the rules of one step on a view),
`turns` (the search for every legal turn of a roll, and the ways of playing each: the
reference), `fast_turns` (the same search made fast for the legal moves, the hot path, tested
against `turns`), `notation` (writing a turn in canonical form and reading what a player wrote),
`moves` (rolls, passes, turns and the legal moves of a position), `state` (the position and the
rules contract) and `search` (the computer players' judgement of a position, attached to the
state as its hooks). Every name other modules use is importable from `rules.verquere`.
"""

from __future__ import annotations

from ..base import Game, Option
from ..text import N_
from . import search as search  # imported to attach the computer players' hooks to the state
from .board import (
    ALL_ON_24,
    BAR,
    BORNE_OFF,
    HEAD,
    HOME,
    JEAN,
    JUNCKER,
    MEN,
    OFF,
    OPP,
    POINTS,
    SEAT_NAMES,
    TERMINATIONS,
    Key,
    Steps,
    _apply,
    _board_from_view,
    _check_step,
    _jean,
    _open_points,
    _opponent_jean,
    _pips,
    _view,
    _vulnerable,
    other_numbering,
    seat0_point,
)
from .moves import ROLL_OUTCOMES, ROLLS, Pass, Roll, Step, Turn
from .state import REASONS, VerquereState, _load, _new
from .turns import _explore

SUMMARY = N_("""\
**Verquere** — an old tables game for 2. Each player's 15 men start on their **home**, point 1, \
go round the board to point 24 with two dice, and are borne off.
• Each player numbers the points from their own home (the two numberings differ by 12); write \
turns in yours: `1/6 1/4`. One man using both dice shows its touchdown: `1/4/9`. Enter with \
`bar/3`, bear off with `22/off`; `*` marks a hit. Doubles are played four times.
• Play as many dice as you can; if only one can be played, the larger; then as many pips as you can.
• Two men close a point to the opponent. On points 1–12 you may close only your head (12): no point \
2–11 may get a second man of yours. A lone man hit goes to the bar and must enter on points 1–6 \
before anything else moves.
• **Jean**: men on the bar + your own points among 1–6 more than 6 loses a double game at once. \
**Juncker**: more men on the bar than open entry points: your turn passes.
• Bear off all 15 to win (1 point); all 15 on point 24 at once wins double (2 points).
• Options: `five_blots` (no point may be closed until 5 men have left home) and \
`five_closed_points` (in a run of more than 5 closed points, a hit takes all the men on a point).""")


GAME = Game(
    key="verquere",
    title="Verquere",
    has_draws=False,
    seats=(2,),
    options={
        "five_blots": Option(
            False, (False, True), N_("no point may be closed until five men have left home")
        ),
        "five_closed_points": Option(
            False,
            (False, True),
            N_("a run of more than 5 closed points is vulnerable: a hit takes all its men"),
        ),
    },
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
    reasons=REASONS,
)
VerquereState.game = GAME

__all__ = [
    "ALL_ON_24",
    "BAR",
    "BORNE_OFF",
    "GAME",
    "HEAD",
    "HOME",
    "JEAN",
    "JUNCKER",
    "MEN",
    "OFF",
    "OPP",
    "POINTS",
    "ROLLS",
    "ROLL_OUTCOMES",
    "SEAT_NAMES",
    "SUMMARY",
    "TERMINATIONS",
    "Key",
    "Pass",
    "Roll",
    "Step",
    "Steps",
    "Turn",
    "VerquereState",
    "_apply",
    "_board_from_view",
    "_check_step",
    "_explore",
    "_jean",
    "_open_points",
    "_opponent_jean",
    "_pips",
    "_view",
    "_vulnerable",
    "other_numbering",
    "seat0_point",
]
