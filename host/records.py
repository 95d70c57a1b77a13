"""Game records: a match as text (headers, then every log entry), and back again.

The format, stable and documented in the README, is like PGN for chess:

    [Game "keryo-pente"]
    [Options "{"tournament": true}"]
    [Seats "2"]
    [Seat0 "Ann"]
    ...
    <blank line>
    0. move 0 K10
    1. move 1 A1
    2. chance - roll 5-3
    3. resign 1 resign

Header values are JSON strings. Each entry line is `<ply>. <kind> <seat or -> <notation>`, with
the kinds `move`, `chance`, `resign` and `draw`. Loading a record replays every entry from the
start through the rules, so a record that loads is a game that was legal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from data import EntryKind, LogEntry
from rules import Game, Move, MoveError, State
from rules.kerboge import MOST_POINTS, SERPENT_WINS
from rules.text import phrase

from .checks import game_by_key
from .errors import HostError
from .snapshot import MatchSnapshot
from .turns import apply_entry, replay

FORMAT_VERSION = "1"
_HEADER = re.compile(r'\[(\w+) (".*")\]')
_ENTRY = re.compile(rf"(\d+)\. ({'|'.join(EntryKind)}) (-|\d+) (.+)")


class RecordError(HostError):
    """A record that cannot be read or replayed."""


@dataclass(frozen=True)
class RecordEntry:
    """One entry line of a record."""

    ply: int
    kind: EntryKind
    seat: int | None
    notation: str


@dataclass(frozen=True)
class GameRecord:
    game: Game
    options: dict[str, Any]
    seat_count: int
    headers: dict[str, str]
    entries: tuple[RecordEntry, ...]

    def states(self) -> Iterator[tuple[State, Move | None]]:
        """Every state from the start, each with the move that led to it (None for the start,
        for chance events and for resignations)."""
        state = self.game.start(self.seat_count, **self.options)
        yield state, None
        for entry in self.entries:
            move = state.parse(entry.notation) if entry.kind == EntryKind.MOVE else None
            state = apply_entry(state, entry)
            yield state, move

    def final_state(self) -> State:
        return replay(self.game.start(self.seat_count, **self.options), self.entries)


def write_record(snapshot: MatchSnapshot, entries: list[LogEntry]) -> str:
    headers: dict[str, str] = {
        "Format": FORMAT_VERSION,
        "Game": snapshot.game.key,
        "Title": snapshot.game.title,
        "Match": str(snapshot.id),
        "Server": str(snapshot.guild_id),
        "Options": json.dumps(dict(snapshot.options), sort_keys=True),
        "Seats": str(len(snapshot.seats) if snapshot.state is not None else snapshot.seat_count),
    }
    names = snapshot.game.seat_names(len(snapshot.seats)) if snapshot.state is not None else ()
    for seat in snapshot.seats:
        role = f" ({names[seat.index]})" if seat.index < len(names) else ""
        headers[f"Seat{seat.index}"] = seat.label + role
    headers["Started"] = snapshot.created_at
    headers["Updated"] = snapshot.updated_at
    headers["Status"] = snapshot.status
    if snapshot.takebacks:  # the moves taken back are gone from the log: the record says so
        headers["Takebacks"] = str(snapshot.takebacks)
    if snapshot.outcome is not None:
        headers["Result"] = describe_outcome(snapshot)
        headers["Scores"] = " ".join(_number(s) for s in snapshot.outcome.scores)
    lines = [f"[{key} {json.dumps(value, ensure_ascii=False)}]" for key, value in headers.items()]
    lines.append("")
    for e in entries:
        lines.append(f"{e.ply}. {e.kind} {'-' if e.seat is None else e.seat} {e.notation}")
    return "\n".join(lines) + "\n"


def read_record(text: str) -> GameRecord:
    """Parse and replay a record; raises RecordError saying which line is wrong."""
    headers: dict[str, str] = {}
    entries: list[RecordEntry] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        header = _HEADER.fullmatch(line)
        if header:
            try:
                headers[header.group(1)] = str(json.loads(header.group(2)))
            except json.JSONDecodeError:
                raise RecordError(
                    phrase("Line {line}: the header value is not a quoted string.", line=number)
                ) from None
            continue
        entry = _ENTRY.fullmatch(line)
        if not entry:
            raise RecordError(
                phrase(
                    'Line {line} is neither a [Header "value"] nor a <ply>. <kind> ... entry.', line=number
                )
            )
        ply, kind, seat, notation = entry.groups()
        if int(ply) != len(entries):
            raise RecordError(
                phrase(
                    "Line {line}: expected entry {expected}, found {found}.",
                    line=number,
                    expected=len(entries),
                    found=ply,
                )
            )
        entries.append(RecordEntry(int(ply), EntryKind(kind), None if seat == "-" else int(seat), notation))
    for needed in ("Game", "Options", "Seats"):
        if needed not in headers:
            raise RecordError(phrase("The record has no {header} header.", header=needed))
    game = game_by_key(headers["Game"])
    options = json.loads(headers["Options"])
    if not isinstance(options, dict):
        raise RecordError(phrase("The Options header must hold a JSON object."))
    record = GameRecord(game, options, int(headers["Seats"]), headers, tuple(entries))
    try:
        record.final_state()
    except (MoveError, ValueError) as error:
        raise RecordError(
            phrase(
                "The record does not replay: {error}",
                error=error.phrase if isinstance(error, MoveError) else str(error),
            )
        ) from None
    return record


def describe_outcome(snapshot: MatchSnapshot) -> str:
    outcome = snapshot.outcome
    if outcome is None:
        return "not finished"
    if outcome.winners:
        names = " and ".join(snapshot.seats[i].label for i in outcome.winners if i < len(snapshot.seats))
        if outcome.termination == MOST_POINTS:  # the reason names the seats: say it of the players
            verb = "wins" if len(outcome.winners) == 1 else "share the win"
            best = snapshot.game.score_text(outcome.scores[outcome.winners[0]])
            return f"{names} {verb} with {best}"
        return f"{names} {'win' if len(outcome.winners) > 1 else 'wins'} — {outcome.reason}"
    if outcome.termination == SERPENT_WINS:  # a winner that is no seat; the reason says so
        return outcome.reason[:1].upper() + outcome.reason[1:]
    return f"No winner — {outcome.reason}"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
