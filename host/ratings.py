"""Ratings: openskill's Plackett–Luce model, one rating per player per game, per server and global.

The leaderboard sorts by the conservative estimate mu - 3 sigma. It is shown as
`1500 + 20 * (mu - 3 sigma)`: a new player shows 1500, and it moves as games are played. A rating
stays provisional (shown with `?`) while sigma is above PROVISIONAL_SIGMA, about the first eight
rated games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce

from data import RatingMove, RatingRow, ResultRow
from rules import DRAW_AGREED, Game, Outcome

from .snapshot import RatingChange, Seat

GLOBAL_SCOPE = 0
DISPLAY_TARGET = 1500
DISPLAY_SCALE = 20
PROVISIONAL_SIGMA = 5.0
MODEL = PlackettLuce()


def display_rating(mu: float, sigma: float) -> str:
    """The one number players see, with `?` while the rating is provisional."""
    value = shown_number(mu - 3 * sigma)
    return f"{value}?" if sigma > PROVISIONAL_SIGMA else str(value)


def rating_change(seat: int, move: RatingMove) -> RatingChange:
    """How a seat's rating moved, in the numbers players see."""
    before = shown_number(move.mu_before - 3 * move.sigma_before)
    after = shown_number(move.mu - 3 * move.sigma)
    return RatingChange(seat, before, after, provisional=move.sigma > PROVISIONAL_SIGMA)


def shown_number(ordinal: float) -> int:
    """The number players see for a conservative rating (mu - 3 sigma, what the board sorts by)."""
    return round(DISPLAY_TARGET + DISPLAY_SCALE * ordinal)


def lowest_ordinal_shown_as(number: int) -> float:
    """A bound at or below the lowest ordinal that `shown_number` shows as `number` (a little
    below, whatever the rounding does with halves)."""
    return (number - 1 - DISPLAY_TARGET) / DISPLAY_SCALE


def ranks(game: Game, outcome: Outcome, seats: Sequence[Seat]) -> list[int]:
    """Each seat's place (1 is best; ties share a place).

    Winners come first; a draw (and any agreed draw) puts everyone first. Games that rank by
    points (Kerboge, where the Serpent can win and nobody does) order every seat by its score.
    Seats that resigned come last, after everyone who played on.
    """
    count = len(seats)
    if outcome.termination == DRAW_AGREED:
        keys = [0.0] * count  # agreed by everyone still playing, whatever the scores say
    elif game.ranked_by_score:
        keys = [float(outcome.scores[i]) for i in range(count)]
    elif outcome.winners:
        keys = [1.0 if i in outcome.winners else 0.0 for i in range(count)]
    else:
        keys = [0.0] * count
    # Resigned seats sort below everyone else, keeping their own order among themselves.
    keyed = [(not seats[i].resigned, keys[i]) for i in range(count)]
    distinct = sorted(set(keyed), reverse=True)
    return [distinct.index(k) + 1 for k in keyed]


def results(game: Game, outcome: Outcome, seats: Sequence[Seat]) -> list[ResultRow]:
    places = ranks(game, outcome, seats)
    # Nobody won: a draw, unless the game ranks by points (the Kerboge Serpent won) and the
    # players did not agree it.
    drawn = not outcome.winners and (outcome.termination == DRAW_AGREED or not game.ranked_by_score)
    rows = []
    for i, seat in enumerate(seats):
        if i in outcome.winners:
            verdict = "win"
        elif drawn and not seat.resigned:
            verdict = "draw"
        else:
            verdict = "loss"
        rows.append(ResultRow(i, seat.user_id, places[i], verdict, seat.resigned, float(outcome.scores[i])))
    return rows


def is_rated(seats: Sequence[Seat]) -> bool:
    """Rated: two or more people, and no computer seat."""
    people = [s.user_id for s in seats]
    # An erased player's seat (a negative id, see Store.forget_player) is nobody to rate.
    return len(people) >= 2 and all(user_id is not None and user_id > 0 for user_id in people)


class RatingUpdate:
    """The rate function the store calls inside the transaction that finishes the match."""

    def __init__(self, game_key: str, rows: tuple[ResultRow, ...], scopes: tuple[int, ...]):
        self.game_key = game_key
        self.rows = rows
        self.scopes = scopes

    def __call__(self, current: Mapping[tuple[int, int], RatingRow]) -> list[RatingRow]:
        players = [r for r in self.rows if r.user_id is not None]
        updated: list[RatingRow] = []
        for scope in self.scopes:
            before = []
            for r in players:
                assert r.user_id is not None
                stored = current.get((r.user_id, scope))
                before.append(MODEL.rating(mu=stored.mu, sigma=stored.sigma) if stored else MODEL.rating())
            after = MODEL.rate([[b] for b in before], ranks=[r.rank for r in players])
            for r, old, team in zip(players, before, after, strict=True):
                assert r.user_id is not None
                stored = current.get((r.user_id, scope))
                updated.append(
                    RatingRow(
                        user_id=r.user_id,
                        game=self.game_key,
                        scope=scope,
                        mu=team[0].mu,
                        sigma=team[0].sigma,
                        matches=(stored.matches if stored else 0) + 1,
                        wins=(stored.wins if stored else 0) + (r.outcome == "win"),
                        mu_before=old.mu,
                        sigma_before=old.sigma,
                    )
                )
        return updated
