"""How a match moves on, apart from the store: the chance draws, the automatic moves, and the
replay of a log. Pure functions of a state, a seed and a ply."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from data import EntryKind, LogEntry
from rules import CHANCE, Move, State
from rules.text import Phrase, phrase

from .snapshot import PlayedMove, played

DRAW_AGREED_TEXT = phrase("a draw is agreed")
"""How the log entry of an agreed draw is described."""


def resigns(name: str) -> Phrase:
    """How a resignation's log entry is described: "Alice resigns"."""
    return phrase("{player} resigns", player=name)


MAX_AUTOMATIC_PLIES = 10_000
"""A guard against a game whose automatic moves never hand the turn back to a person."""


def chance_rng(seed: int, ply: int) -> random.Random:
    """The generator for the chance event at `ply`: a pure function of the match seed and ply,
    so no generator state needs storing and a replay never needs it (the outcome is logged)."""
    return random.Random(f"{seed}/{ply}")


def sample_chance(state: State, rng: random.Random) -> Move:
    outcomes = state.chance_outcomes()
    moves = [move for move, _ in outcomes]
    return rng.choices(moves, weights=[float(p) for _, p in outcomes])[0]


def seat_move(ply: int, seat: int, state: State, move: Move, after: State) -> PlayedMove:
    """The log entry of a move a seat plays (a person, a computer, or a forced pass) in `state`,
    which led to `after`."""
    return played(ply, EntryKind.MOVE, seat, str(move), state.describe_played(move, after), move)


def advance(seed: int, state: State, entries: list[PlayedMove], ply: int) -> tuple[State, list[PlayedMove]]:
    """Play what nobody has to choose from `ply` on: chance events and forced moves (passes),
    until a seat is to choose (a person, or a computer) or the game is over."""
    for _ in range(MAX_AUTOMATIC_PLIES):
        seat = state.to_move
        if seat is None:
            break
        if seat == CHANCE:
            move = sample_chance(state, chance_rng(seed, ply))
            after = state.play(move)
            entries.append(
                played(ply, EntryKind.CHANCE, None, str(move), state.describe_played(move, after), move)
            )
        else:
            forced = state.forced_move()
            if forced is None:
                break
            after = state.play(forced)
            entries.append(seat_move(ply, seat, state, forced, after))
        state = after
        ply += 1
    return state, entries


class Entry(Protocol):
    """A log entry as replay reads it: a stored one, or one read from a game record."""

    @property
    def kind(self) -> EntryKind: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def notation(self) -> str: ...


def apply_entry(state: State, entry: Entry) -> State:
    """Replay one log entry on a state."""
    if entry.kind in (EntryKind.MOVE, EntryKind.CHANCE):
        return state.play(entry.notation)
    if entry.kind == EntryKind.RESIGN:
        assert entry.seat is not None
        return state.resign(entry.seat)
    return state  # an agreed draw changes no position


def replay(start: State, entries: Iterable[Entry]) -> State:
    """The state after playing `entries` from `start`."""
    state = start
    for entry in entries:
        state = apply_entry(state, entry)
    return state


def described_log(
    start: State, entries: Sequence[Entry], since: int, seat_names: Sequence[str]
) -> tuple[State, list[PlayedMove]]:
    """Replay `entries` from `start`, describing those from ply `since` on as a message shows
    them (for a message that is posted later than the change it shows)."""
    state, described = start, []
    for ply, entry in enumerate(entries):
        if ply >= since:
            described.append(_described(ply, entry, state, seat_names))
        state = apply_entry(state, entry)
    return state, described


def _described(ply: int, entry: Entry, state: State, seat_names: Sequence[str]) -> PlayedMove:
    if entry.kind in (EntryKind.MOVE, EntryKind.CHANCE):
        move = state.parse(entry.notation)
        return played(ply, entry.kind, entry.seat, str(move), state.describe_move(move), move)
    if entry.kind == EntryKind.RESIGN and entry.seat is not None and entry.seat < len(seat_names):
        return played(ply, entry.kind, entry.seat, entry.notation, resigns(seat_names[entry.seat]))
    return played(ply, entry.kind, entry.seat, entry.notation, DRAW_AGREED_TEXT)


def last_seat_move(entries: Sequence[PlayedMove]) -> Move | None:
    """The last move a seat played among `entries` (a pass that followed counts; a chance
    event does not), as the picture marks it and as the reader finds it after a restart."""
    return next((e.move for e in reversed(entries) if e.kind == EntryKind.MOVE), None)


def log_entries(entries: Iterable[PlayedMove]) -> list[LogEntry]:
    return [LogEntry(e.ply, e.kind, e.seat, e.notation) for e in entries]
