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
from rules.text import ENGLISH, Words, clip, said
from rules.verquere import SEAT_NAMES as VERQUERE_SEATS
from rules.verquere import Turn, VerquereState, other_numbering

from .frame import score_text, seat_names
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
    words: Words = ENGLISH,
) -> str:
    """The alt text of `render.board(state, ...)` with the same arguments (see the module), in
    `words`' language (English by default)."""
    game = state.game
    shown = seat_labels(state, names, words)
    parts = [
        words.gettext("{game} board.", game=game.title_for(state.seats)),
        turn_text(state, shown, words),
        words.gettext("Last move: {move}.", move=last_move_text(state, last_move, perspective, words)),
        scores_text(state, shown, words),
    ]
    position = POSITIONS.get(game.key)
    if position is not None:
        parts.append(position(state, shown, perspective, words))
    return clip(" ".join(part for part in parts if part), LIMIT)


def seat_labels(state: State, names: Sequence[str] | None, words: Words) -> tuple[str, ...]:
    """ "alice (Red)" for each seat, or "Red" where no name is known."""
    seats = seat_names(state, words)
    if names is None:
        return seats
    labels = []
    for name, seat_name in zip(names, seats, strict=True):
        flat = clip(" ".join(name.split()), 40)
        labels.append(
            words.gettext("{player} ({seat})", player=flat, seat=seat_name)
            if flat and flat != seat_name
            else seat_name
        )
    return tuple(labels)


def turn_text(state: State, shown: Sequence[str], words: Words) -> str:
    outcome = state.outcome()
    if outcome is not None:
        reason = words.say(state.game.reason_phrase(outcome))
        if outcome.termination == SERPENT_WINS:
            return words.gettext("The game is over: {reason}.", reason=reason)
        if outcome.is_draw:
            return words.gettext("The game is over: no player wins — {reason}.", reason=reason)
        winners = [shown[seat] for seat in outcome.winners]
        if outcome.termination == MOST_POINTS:  # the reason names the seats: say it of the players
            score = score_text(state.game, outcome.scores[outcome.winners[0]], words)
            if len(winners) == 1:
                return words.gettext("{player} wins with {score}.", player=winners[0], score=score)
            return words.gettext(
                "{players} share the win with {score}.", players=words.listing(winners), score=score
            )
        if len(winners) == 1:
            return words.gettext("{player} wins — {reason}.", player=winners[0], reason=reason)
        return words.gettext("{players} win — {reason}.", players=words.listing(winners), reason=reason)
    seat = state.to_move
    if seat == CHANCE:
        return words.gettext("Waiting for chance.")
    if seat is None:
        return words.gettext("The game is over.")
    return words.gettext("{player} to move.", player=shown[seat])


def last_move_text(state: State, move: Move | None, perspective: int | None, words: Words) -> str:
    if move is None:
        return words.gettext("none yet")
    if isinstance(state, KeryoPenteState) and state.last_capture:
        taken = " ".join(str(POINTS[i]) for i in state.last_capture)
        return words.gettext("{move}, capturing {points}", move=str(move), points=taken)
    if isinstance(state, VerquereState) and isinstance(move, Turn):
        me = viewer(state, perspective)
        mover = said(words, VERQUERE_SEATS[move.seat])
        if me == move.seat:
            return words.gettext("{seat} played {move}", seat=mover, move=str(move))
        return words.gettext(
            "{seat} played {seen} as seen from {viewer} ({move} as {seat} writes it)",
            seat=mover,
            seen=move.written_for(me),
            viewer=said(words, VERQUERE_SEATS[me]),
            move=str(move),
        )
    return str(move)


def scores_text(state: State, shown: Sequence[str], words: Words) -> str:
    outcome = state.outcome()
    scores = outcome.scores if outcome is not None else state.scores()
    listed = [
        words.gettext("{player} {score}", player=label, score=score_text(state.game, score, words))
        for label, score in zip(shown, scores, strict=True)
    ]
    others = outcome.other_scores if outcome is not None else ()
    listed += [
        words.gettext(
            "{player} {score}", player=said(words, name), score=score_text(state.game, score, words)
        )
        for name, score in others
    ]
    if outcome is not None:
        return words.gettext("Final scores: {scores}.", scores=", ".join(listed))
    return words.gettext("Scores: {scores}.", scores=", ".join(listed))


# -- the position of each game --------------------------------------------------------------------


def _pieces(label: str, where: Sequence[str], words: Words) -> str:
    if not where:
        return words.gettext("{label}: none", label=label)
    return words.gettext("{label}: {where}", label=label, where=clip(" ".join(where), SEAT_LIMIT))


def keryo_pente(state: State, shown: Sequence[str], perspective: int | None, words: Words) -> str:
    assert isinstance(state, KeryoPenteState)
    seats = []
    for seat in range(state.seats):
        where = [str(POINTS[i]) for i, v in enumerate(state.board) if v == seat + 1]
        label = words.ngettext(
            "{player} {count} stone", "{player} {count} stones", len(where), player=shown[seat]
        )
        seats.append(_pieces(label, where, words))
    return words.gettext("Stones — {seats}.", seats="; ".join(seats))


def keibot(state: State, shown: Sequence[str], perspective: int | None, words: Words) -> str:
    assert isinstance(state, KeibotState)
    seats = [
        words.ngettext(
            "{moai}, {beads}, {count} bead left",
            "{moai}, {beads}, {count} beads left",
            state.beads_left(seat),
            moai=_pieces(words.gettext("{player} Moai", player=shown[seat]), state.moai_squares(seat), words),
            beads=_pieces(words.gettext("beads"), state.bead_squares(seat), words),
        )
        for seat in range(2)
    ]
    return "; ".join(seats) + "."


def glass_bead(state: State, shown: Sequence[str], perspective: int | None, words: Words) -> str:
    assert isinstance(state, GlassBeadState)
    pits = ", ".join(f"{letter} {len(state.beads(letter))}" for letter in LETTERS)
    return words.gettext("Beads in the pits: {pits}.", pits=pits)


def verquere(state: State, shown: Sequence[str], perspective: int | None, words: Words) -> str:
    assert isinstance(state, VerquereState)
    me = viewer(state, perspective)
    seats = []
    for seat in (me, 1 - me):
        on = {p if seat == me else other_numbering(p): state.men(seat, p) for p in range(1, 25)}
        where = [words.gettext("{count} on {point}", count=n, point=p) for p, n in sorted(on.items()) if n]
        listed = clip(", ".join(where), SEAT_LIMIT) or words.gettext("none on the board")
        seats.append(
            words.gettext(
                "{player} men: {men}; {bar} on the bar, {off} off",
                player=shown[seat],
                men=listed,
                bar=state.bar[seat],
                off=state.off[seat],
            )
        )
    numbering = words.gettext("Points numbered as seen from {seat}.", seat=said(words, VERQUERE_SEATS[me]))
    return f"{numbering} " + ". ".join(seats) + "."


def kerboge(state: State, shown: Sequence[str], perspective: int | None, words: Words) -> str:
    assert isinstance(state, KerbogeState)
    names = seat_names(state, words)
    moorings = []
    for mooring in range(1, MOORINGS + 1):
        held = [f"{names[seat]} {n}" for seat, n in enumerate(state.mooring(mooring)) if n]
        if held:
            moorings.append(f"{mooring}: {' '.join(held)}")
    harbour = ", ".join(f"{names[seat]} {n}" for seat, n in enumerate(state.harbour))
    serpent = words.ngettext(
        "The Serpent is at {mooring} with {count} point",
        "The Serpent is at {mooring} with {count} points",
        state.serpent_points,
        mooring=state.serpent,
    )
    return words.gettext(
        "Round {round}. {serpent}. Moorings — {moorings}. In the harbour: {harbour}.",
        round=state.round,
        serpent=serpent,
        moorings="; ".join(moorings) or words.gettext("all empty"),
        harbour=harbour,
    )


POSITIONS: dict[str, Callable[[State, Sequence[str], int | None, Words], str]] = {
    "keryo-pente": keryo_pente,
    "keibot": keibot,
    "glass-bead": glass_bead,
    "verquere": verquere,
    "kerboge": kerboge,
}
"""A short text of each game's position, by game key."""
