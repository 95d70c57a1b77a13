"""Snapshots as the host gives them, of a state built in a test (for the cogs' texts)."""

from __future__ import annotations

from collections.abc import Sequence

from host import MatchSnapshot, MatchStatus, Seat
from rules import Move, State


def snapshot_of(
    state: State, last: Move | None, names: Sequence[str], computers: Sequence[str | None] = ()
) -> MatchSnapshot:
    """The snapshot of a match in `state`: a person named `names[i]` in each seat (user id 100 + i),
    or a computer of level `computers[i]` where one is given."""
    levels = [*computers, *[None] * state.seats][: state.seats]
    seats = tuple(
        Seat(i, 100 + i, names[i]) if level is None else Seat(i, None, "Computer", level)
        for i, level in enumerate(levels)
    )
    over = state.outcome() is not None
    return MatchSnapshot(
        id=7,
        guild_id=1,
        channel_id=2,
        message_id=None,
        message_channel_id=2,
        game=state.game,
        options={},
        seat_count=state.seats,
        status=MatchStatus.FINISHED if over else MatchStatus.PLAYING,
        creator_id=100,
        seats=seats,
        state=state,
        ply=0,
        move_count=0,
        version=1,
        played=(),
        last_move=last,
        outcome=state.outcome(),
        draw_offer=frozenset(),
        created_at="",
        updated_at="",
    )
