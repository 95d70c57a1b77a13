"""How a tournament match's end scores its game: worked out from the change that ends the match,
so that `Host._commit` stores it in the same transaction (`MatchChange.tournament_result`).

- Finished (by its rules, a resignation, the turn clock, an agreed draw): each seat's place as the
  ratings rank it (`host.ratings.ranks`: winners first, resigned seats last), its score by the
  tournament's one rule (`pairing.score_from_places`).
- Abandoned (the organiser ended a stuck match, a moderator cancelled it, the tournament was
  cancelled): scored as agreed drawn among the seats still playing, each ½ at two seats; a seat
  that had resigned before is last (docs/tournaments.md).

`forfeit`: a seat resigned or ran out of time (or its player withdrew, which resigns them).
"""

from __future__ import annotations

from collections.abc import Sequence

from data import OVER_STATUSES, GameScore, MatchChange, MatchRow, MatchStatus
from rules import Game, Outcome

from ..ratings import ranks
from ..reading import to_seats
from .pairing import score_from_places


def standard_places(keys: Sequence[int]) -> tuple[int, ...]:
    """Places from dense ranks (1 = best): ties share the better place and the next place skips
    them, as standings read (1, 1, 3)."""
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def scored(places: Sequence[int], *, forfeit: bool) -> GameScore:
    placed = standard_places(places)
    return GameScore(score_from_places(placed), placed, forfeit)


def game_score(game: Game, row: MatchRow, change: MatchChange) -> GameScore | None:
    """The tournament game's score the change ending a tournament match stores, or None when the
    match is no tournament's or the change does not end it."""
    if row.tournament_id is None or change.status not in OVER_STATUSES:
        return None
    seats = to_seats(change.seats if change.seats is not None else row.seats)
    if len(seats) < 2:
        return None  # a lobby closed before its players were seated: no game to score
    forfeit = any(seat.resigned for seat in seats)
    outcome = Outcome.from_json(change.result) if change.status == MatchStatus.FINISHED else None
    if outcome is not None:
        return scored(ranks(game, outcome, seats), forfeit=forfeit)
    still_playing = [not seat.resigned for seat in seats]
    # Drawn among those still playing; a seat that resigned before is below them.
    return scored(
        [1 if playing or not any(still_playing) else 2 for playing in still_playing], forfeit=forfeit
    )
