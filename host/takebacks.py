"""Takebacks by agreement: which log entries a player's takeback removes, and the position it
goes back to. Pure functions of the log, like host/turns.py.

A player takes back their own last move, chosen by them (not a forced pass), with everything
that followed it by itself: chance events, forced moves, and the computer players' replies (as
lichess does against the computer). Once another person has chosen a move since, or a player
has resigned, the move is theirs no longer to take back. The chance event at a ply is drawn from
(match seed, ply), so a position reached again meets the same dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from data import EntryKind, LogEntry, MatchRow, MatchStatus
from rules import State

from .errors import MatchRef, TakebackRefusal, TakebackRefused
from .snapshot import PlayedMove, TakebackOffer
from .turns import apply_entry, described_log


@dataclass(frozen=True)
class TakebackPoint:
    """Where a takeback goes back to."""

    ply: int
    """The log entry of the move taken back: it and every later entry are removed."""
    state: State
    """The position before it, the player to move again."""
    removed: tuple[PlayedMove, ...]
    """The entries removed, described as a message shows them."""

    @property
    def removed_moves(self) -> int:
        return sum(entry.kind == EntryKind.MOVE for entry in self.removed)


def takeback_point(
    match: MatchRef,
    start: State,
    entries: Sequence[LogEntry],
    seat: int,
    *,
    plays_itself: Callable[[int], bool],
    names: Sequence[str],
) -> TakebackPoint:
    """The point `seat`'s takeback goes back to; raises TakebackRefused when there is none.
    `plays_itself(seat)`: a computer plays that seat (its replies are taken back too)."""
    states: list[State] = []
    chosen: list[bool] = []
    state = start
    for entry in entries:
        states.append(state)
        chosen.append(entry.kind == EntryKind.MOVE and state.forced_move() is None)
        state = apply_entry(state, entry)
    mine = [i for i, entry in enumerate(entries) if chosen[i] and entry.seat == seat]
    if not mine:
        raise TakebackRefused(match, reason=TakebackRefusal.NO_MOVE)
    ply = mine[-1]
    for later, entry in enumerate(entries[ply + 1 :], start=ply + 1):
        someone_chose = chosen[later] and entry.seat is not None and not plays_itself(entry.seat)
        if someone_chose or entry.kind in (EntryKind.RESIGN, EntryKind.DRAW):
            since = names[entry.seat] if entry.seat is not None and entry.seat < len(names) else None
            raise TakebackRefused(match, reason=TakebackRefusal.MOVED_SINCE, since_name=since)
    _, removed = described_log(start, entries, ply, names)
    return TakebackPoint(ply, states[ply], tuple(removed))


def others_playing(row: MatchRow, seat: int) -> set[int]:
    """The seats of the people still playing, but `seat`'s: those who answer its offers."""
    return {s.seat for s in row.seats if s.user_id is not None and not s.resigned and s.seat != seat}


def takeback_offer_of(row: MatchRow) -> TakebackOffer | None:
    """The takeback asked for in a match, while it stands: the match is being played and has not
    moved since it was asked for."""
    offer = row.takeback_offer
    if offer is None or row.status != MatchStatus.PLAYING or offer.get("at") != row.log_length:
        return None
    seat, agreed = int(offer["seat"]), frozenset(int(s) for s in offer["agreed"])
    return TakebackOffer(seat, int(offer["ply"]), agreed, frozenset(others_playing(row, seat) - agreed))
