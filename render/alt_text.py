"""The picture in words, for screen readers (`discord.File(description=...)`, at most 1,024
characters of plain text): whose turn it is, the last move, the scores with their unit, and a
short text of the position, one function per game in `POSITIONS`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules import CHANCE, Move, State
from rules.glass_bead import LETTERS, GlassBeadState
from rules.keibot import KeibotState
from rules.kerboge import MOORINGS, MOST_POINTS, SERPENT_WINS, KerbogeState
from rules.keryo_pente import POINTS, KeryoPenteState
from rules.text import clip, listing, plural
from rules.verquere import SEAT_NAMES as VERQUERE_SEATS
from rules.verquere import Turn, VerquereState, other_numbering

from .verquere import viewer

LIMIT = 1024
"""Discord's limit for a file's description."""
SEAT_LIMIT = 160
"""At most this many characters of one seat's pieces, so that every seat gets its say."""


def describe(
    state: State,
    *,
    names: Sequence[str] | None,
    last_move: Move | None = None,
    perspective: int | None = None,
) -> str:
    """The alt text of `render.board(state, ...)` with the same arguments (see the module)."""
    game = state.game
    shown = seat_labels(state, names)
    parts = [
        f"{game.title_for(state.seats)} board.",
        turn_text(state, shown),
        f"Last move: {last_move_text(state, last_move, perspective)}.",
        scores_text(state, shown),
    ]
    position = POSITIONS.get(game.key)
    if position is not None:
        parts.append(position(state, shown, perspective))
    return clip(" ".join(part for part in parts if part), LIMIT)


def seat_labels(state: State, names: Sequence[str] | None) -> tuple[str, ...]:
    """ "alice (Red)" for each seat, or "Red" where no name is known."""
    seat_names = state.game.seat_names(state.seats)
    if names is None:
        return tuple(seat_names)
    labels = []
    for name, seat_name in zip(names, seat_names, strict=True):
        flat = clip(" ".join(name.split()), 40)
        labels.append(f"{flat} ({seat_name})" if flat and flat != seat_name else seat_name)
    return tuple(labels)


def turn_text(state: State, shown: Sequence[str]) -> str:
    outcome = state.outcome()
    if outcome is not None:
        if outcome.termination == SERPENT_WINS:
            return f"The game is over: {outcome.reason}."
        if outcome.is_draw:
            return f"The game is over: no player wins — {outcome.reason}."
        winners = listing([shown[seat] for seat in outcome.winners])
        if outcome.termination == MOST_POINTS:  # the reason names the seats: say it of the players
            verb = "wins" if len(outcome.winners) == 1 else "share the win"
            return f"{winners} {verb} with {state.game.score_text(outcome.scores[outcome.winners[0]])}."
        return f"{winners} {'wins' if len(outcome.winners) == 1 else 'win'} — {outcome.reason}."
    seat = state.to_move
    if seat == CHANCE:
        return "Waiting for chance."
    return "The game is over." if seat is None else f"{shown[seat]} to move."


def last_move_text(state: State, move: Move | None, perspective: int | None) -> str:
    if move is None:
        return "none yet"
    if isinstance(state, KeryoPenteState) and state.last_capture:
        taken = " ".join(str(POINTS[i]) for i in state.last_capture)
        return f"{move}, capturing {taken}"
    if isinstance(state, VerquereState) and isinstance(move, Turn):
        me = viewer(state, perspective)
        mover = VERQUERE_SEATS[move.seat]
        if me == move.seat:
            return f"{mover} played {move}"
        seen = f"as seen from {VERQUERE_SEATS[me]}"
        return f"{mover} played {move.written_for(me)} {seen} ({move} as {mover} writes it)"
    return str(move)


def scores_text(state: State, shown: Sequence[str]) -> str:
    outcome = state.outcome()
    scores = outcome.scores if outcome is not None else state.scores()
    unit = state.game.score_text
    listed = [f"{label} {unit(score)}" for label, score in zip(shown, scores, strict=True)]
    others = outcome.other_scores if outcome is not None else ()
    listed += [f"{name} {unit(score)}" for name, score in others]
    return f"{'Final scores' if outcome is not None else 'Scores'}: {', '.join(listed)}."


# -- the position of each game --------------------------------------------------------------------


def _pieces(label: str, where: Sequence[str]) -> str:
    return f"{label}: {clip(' '.join(where), SEAT_LIMIT) if where else 'none'}"


def keryo_pente(state: State, shown: Sequence[str], perspective: int | None) -> str:
    assert isinstance(state, KeryoPenteState)
    seats = []
    for seat in range(state.seats):
        where = [str(POINTS[i]) for i, v in enumerate(state.board) if v == seat + 1]
        seats.append(_pieces(f"{shown[seat]} {plural(len(where), 'stone')}", where))
    return "Stones — " + "; ".join(seats) + "."


def keibot(state: State, shown: Sequence[str], perspective: int | None) -> str:
    assert isinstance(state, KeibotState)
    seats = [
        f"{_pieces(f'{shown[seat]} Moai', state.moai_squares(seat))}, "
        f"{_pieces('beads', state.bead_squares(seat))}, {state.beads_left(seat)} beads left"
        for seat in range(2)
    ]
    return "; ".join(seats) + "."


def glass_bead(state: State, shown: Sequence[str], perspective: int | None) -> str:
    assert isinstance(state, GlassBeadState)
    pits = ", ".join(f"{letter} {len(state.beads(letter))}" for letter in LETTERS)
    return f"Beads in the pits: {pits}."


def verquere(state: State, shown: Sequence[str], perspective: int | None) -> str:
    assert isinstance(state, VerquereState)
    me = viewer(state, perspective)
    seats = []
    for seat in (me, 1 - me):
        on = {p if seat == me else other_numbering(p): state.men(seat, p) for p in range(1, 25)}
        where = [f"{n} on {p}" for p, n in sorted(on.items()) if n]
        listed = clip(", ".join(where), SEAT_LIMIT) or "none on the board"
        seats.append(f"{shown[seat]} men: {listed}; {state.bar[seat]} on the bar, {state.off[seat]} off")
    return f"Points numbered as seen from {VERQUERE_SEATS[me]}. " + ". ".join(seats) + "."


def kerboge(state: State, shown: Sequence[str], perspective: int | None) -> str:
    assert isinstance(state, KerbogeState)
    names = state.game.seat_names(state.seats)
    moorings = []
    for mooring in range(1, MOORINGS + 1):
        held = [f"{names[seat]} {n}" for seat, n in enumerate(state.mooring(mooring)) if n]
        if held:
            moorings.append(f"{mooring}: {' '.join(held)}")
    harbour = ", ".join(f"{names[seat]} {n}" for seat, n in enumerate(state.harbour))
    serpent = f"The Serpent is at {state.serpent} with {plural(state.serpent_points, 'point')}"
    return (
        f"Round {state.round}. {serpent}. Moorings — {'; '.join(moorings) or 'all empty'}. "
        f"In the harbour: {harbour}."
    )


POSITIONS: dict[str, Callable[[State, Sequence[str], int | None], str]] = {
    "keryo-pente": keryo_pente,
    "keibot": keibot,
    "glass-bead": glass_bead,
    "verquere": verquere,
    "kerboge": kerboge,
}
"""A short text of each game's position, by game key."""
