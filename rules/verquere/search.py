"""What the computer players' search knows of Verquere beyond the rules: how good a position is.

Without it the search plays random games out to its cap of plies and values where they stop by
the scores, which are 0 to 0 until the game ends; a Verquere game lasts far longer than the cap,
so nearly every playout came back as an even game. Here a position is judged as a race, as
players of tables games judge it: the pips each side still has to travel (a man on the bar has
all 25 before it, and its turn is worse than its pips, since it must enter first), with the
tempo of the side whose turn it is, turned into a chance of winning that grows with the lead
relative to the length of the race left. The search plays 16 plies at random from each new
position (`VerquereState.playout_plies`: about four turns with their rolls), where the hits and
Jeans that a race does not see happen, and then judges the race. Valuing each new position at
once (0 plies) searched twenty times as many positions but won only 17 of 40 games against
48d7249's hard; with the 16 plies it won 36 of 40.
"""

from __future__ import annotations

import math

from .state import VerquereState

BAR_PENALTY = 6
"""Pips a man on the bar costs beyond its distance: the turns its entry takes up or loses."""
TEMPO = 4
"""Half a roll's pips: the side whose turn it is, is that far ahead."""
SPREAD = (6.0, 0.07)
"""The lead that makes odds of e to 1 (the logistic's scale): 6 pips plus 7% of the average race
left; a lead of a tenth of a long race wins about four times in five, as in backgammon races."""
EDGE = 0.03
"""Values stay this far from a sure win or loss: a race is never over before it is."""


def values(state: VerquereState) -> tuple[float, float]:
    """Each seat's chance of winning from a position not over, in [EDGE, 1 - EDGE]."""
    behind = [state.pips_to_go(seat) + BAR_PENALTY * state.bar[seat] for seat in (0, 1)]
    lead = behind[1] - behind[0] + (TEMPO if state.turn == 0 else -TEMPO)
    scale = SPREAD[0] + SPREAD[1] * (behind[0] + behind[1]) / 2
    first = 1.0 / (1.0 + math.exp(-lead / scale))
    first = min(max(first, EDGE), 1.0 - EDGE)
    return first, 1.0 - first


# The computer players' hook (host/computer/hooks.py), attached here where it is defined: the
# state does not import this module, so the two make no import circle.
VerquereState.evaluate = values
