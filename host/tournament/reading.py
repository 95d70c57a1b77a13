"""Reading a tournament: its stored row becomes a TournamentSnapshot, with the results, the
standings (a knockout's by the round reached) and the bracket worked out from its games. Pure
functions of the row: no store, no Discord."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from data import TournamentFormat, TournamentRow, TournamentStatus
from rules import Game
from rules.text import Phrase

from ..checks import game_by_key
from ..ratings import shown_number
from .errors import TournamentRef
from .pairing import Entrant, Result, Table, knockout_bracket, round_robin, seed_order
from .snapshot import TournamentEntrant, TournamentGame, TournamentSnapshot, default_name
from .standings import StandingLine, standings


def allowed_sizes(game: Game, size: int) -> tuple[int, ...]:
    """The table sizes a round may use when the tournament plays tables of `size`: that size, and
    one seat fewer where the game is played so too by the same rules (Keryo-Pente; not Kerboge,
    whose 2 seats are Jai Kerboge, another variant with a ladder of its own)."""
    return tuple(
        s
        for s in (size - 1, size)
        if s >= 2 and s in game.seats and game.ladder_key(s) == game.ladder_key(size)
    )


def results_of(row: TournamentRow) -> list[Result]:
    """The ended games as the pairing and the standings take them."""
    return [
        Result(g.round, Table(g.seats), g.scores, g.places)
        for g in row.games
        if g.ended and g.scores is not None and g.places is not None
    ]


def entrants_of(row: TournamentRow) -> list[Entrant]:
    return [Entrant(e.entrant, e.rating, e.withdrawn) for e in row.entrants]


def knockout_lines(row: TournamentRow, results: Sequence[Result]) -> list[StandingLine]:
    """A knockout's standings: by the round each entrant reached (the champion first, then the
    final's loser, then the semi-finals' losers sharing a place, …), then by points."""
    entrants = entrants_of(row)
    by_points = {line.entrant: line for line in standings(entrants, results, two_seat=True)}
    seeds = seed_order(entrants)
    withdrawn = {e.entrant for e in entrants if e.withdrawn}
    bracket = knockout_bracket(seeds, results, withdrawn)
    reached = dict.fromkeys(seeds, 0)
    for number, slots in enumerate(bracket.rounds, start=1):
        for slot in slots:
            for entrant in (slot.top, slot.bottom):
                if entrant is not None:
                    reached[entrant] = number
    champion = bracket.champion
    if champion is not None:
        reached[champion] = len(bracket.rounds) + 1

    def key(entrant: int) -> tuple[int, float]:
        return (-reached[entrant], -by_points[entrant].points)

    ordered = sorted(seeds, key=key)
    lines: list[StandingLine] = []
    for index, entrant in enumerate(ordered):
        rank = index + 1
        if index and key(ordered[index - 1]) == key(entrant):
            rank = lines[-1].rank
        lines.append(replace(by_points[entrant], rank=rank))
    return lines


def total_rounds(row: TournamentRow) -> int | None:
    """How many rounds the tournament plays, once known."""
    if row.format == TournamentFormat.SWISS:
        return row.rounds
    if row.status == TournamentStatus.SIGNUP or len(row.entrants) < 2:
        return None
    if row.format == TournamentFormat.ROUND_ROBIN:
        return len(round_robin([e.entrant for e in row.entrants]))
    return (len(row.entrants) - 1).bit_length()


def tournament_name(row: TournamentRow) -> Phrase | str:
    """Its own name, else the default ("Keibot Swiss #4") the reader's language words."""
    if row.name:
        return row.name
    return default_name(game_by_key(row.game).title_for(row.table_size), row.format, row.id)


def ref_of(row: TournamentRow) -> TournamentRef:
    """Which tournament an error is about."""
    return TournamentRef(row.id, tournament_name(row))


def snapshot_of(row: TournamentRow) -> TournamentSnapshot:
    """The tournament as the cogs show it, with its standings worked out from its games."""
    game = game_by_key(row.game)
    results = results_of(row)
    computers = [e.entrant for e in row.entrants if e.user_id is None]
    numbers = {entrant: n for n, entrant in enumerate(computers, start=1)} if len(computers) >= 2 else {}
    entrants = tuple(
        TournamentEntrant(
            entrant=e.entrant,
            user_id=e.user_id,
            name=e.name,
            computer=e.computer_level,
            rating=None if e.rating is None else str(shown_number(e.rating)),
            withdrawn=e.withdrawn,
            number=numbers.get(e.entrant),
        )
        for e in row.entrants
    )
    games = tuple(
        TournamentGame(
            g.round, g.board, g.replay, g.seats, g.match_id, g.scores, g.places, g.forfeit, g.ended
        )
        for g in row.games
    )
    started = row.status != TournamentStatus.SIGNUP and len(row.entrants) >= 2
    knockout = row.format == TournamentFormat.KNOCKOUT
    lines: list[StandingLine] = []
    if row.entrants:
        if knockout and started:
            lines = knockout_lines(row, results)
        else:
            lines = standings(entrants_of(row), results, two_seat=row.table_size == 2)
    bracket = None
    if knockout and started:
        withdrawn = {e.entrant for e in row.entrants if e.withdrawn}
        bracket = knockout_bracket(seed_order(entrants_of(row)), results, withdrawn)
    return TournamentSnapshot(
        id=row.id,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        name=tournament_name(row),
        game=game,
        options=row.options,
        format=row.format,
        rounds=total_rounds(row),
        table_size=row.table_size,
        rated=row.rated,
        turn_clock_hours=row.turn_clock_hours,
        max_players=row.max_players,
        signup_until=row.signup_until,
        status=row.status,
        current_round=row.current_round,
        creator_id=row.creator_id,
        entrants=entrants,
        games=games,
        standings=tuple(lines),
        bracket=bracket,
        version=row.version,
        shown_version=row.shown_version,
        signup_message_id=row.signup_message_id,
        standings_message_id=row.standings_message_id,
        created_at=row.created_at,
        started_at=row.started_at,
        ended_at=row.ended_at,
    )


def needed_entrants(row: TournamentRow) -> int:
    """The fewest active entrants the tournament can start with: a table's seats; a Swiss at two
    seats one more than its rounds (nobody meets anyone twice)."""
    if row.table_size > 2:
        return row.table_size
    if row.format == TournamentFormat.SWISS and row.rounds is not None:
        return row.rounds + 1
    return 2
