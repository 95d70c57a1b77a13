"""What the host did, counted for whoever watches (the metrics of tavern/metrics.py): the moves
played by game and the computer players' thinking. Plain counters and callbacks, no metrics
library, no Discord: reading them costs the host nothing, and a move pays one dictionary
increment."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger("tavern.activity")


@dataclass
class HostActivity:
    moves_played: Counter[str] = field(default_factory=Counter)
    """Moves stored, by game key: a person's or a computer's, not the chance events that follow."""
    computer_moves_waiting: int = 0
    """Computer moves asked for and not yet chosen: waiting for a worker or being thought about."""
    think_listeners: list[Callable[[str, float], None]] = field(default_factory=list)
    """Told (game key, seconds) of each computer move chosen, the wait for a worker included."""

    def thought(self, game_key: str, seconds: float) -> None:
        for listener in self.think_listeners:
            try:
                listener(game_key, seconds)
            except Exception:  # a watcher's failure must never stop a match
                log.exception("A think-time listener failed")
