"""A Kerboge position with the rules contract."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

from ..base import (
    CHANCE,
    RESIGNED,
    AmbiguousMoveError,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Outcome,
    TurnState,
    reason,
)
from ..text import N_, Phrase, Said, listing_phrase, phrase, plural_phrase, series_phrase
from .board import (
    HARBOUR,
    INITIALS,
    MOORINGS,
    MOST_POINTS,
    SEAT_NAMES,
    SERPENT_WINS,
    STONES,
    TARGETS,
    distance,
    forward,
    listed,
    serpent_boarding,
)
from .moves import (
    _COIN,
    _SHAPES,
    _STONE_RE,
    _TOKEN_RE,
    AGROUND,
    ENTER_MOVES,
    HEADS,
    SERPENT,
    TAILS,
    Aground,
    SerpentMove,
    StoneMove,
)
from .position import KerbogePosition


@dataclass(frozen=True)
class KerbogeState(KerbogePosition, TurnState):
    """A Kerboge position with the rules contract: the legal moves, reading and playing them."""

    playout_plies: ClassVar[int] = 16
    """For the computer players' search (host/computer): playouts of 16 plies (about three rounds),
    then valued by `evaluate` (see search.py), instead of 40 or 60 random plies valued by points."""

    # -- hooks of the computer players' search (host/computer/hooks.py): defined in search.py,
    # which attaches them to this class (the rules never call them) ------------------------------

    evaluate: ClassVar[Callable[[KerbogeState], tuple[float, ...]]]
    """Each seat's expected reward from a position not over (`search.values`)."""
    winning_moves: ClassVar[Callable[[KerbogeState], list[Move]]]
    """The moves that end the game with a sole win for the seat to move."""
    playout_move: ClassVar[Callable[[KerbogeState, random.Random], Move]]
    """A playout's move: most often the one boarding most, else a random one."""

    # -- the contract ---------------------------------------------------------------------------

    def legal_moves(self) -> Sequence[Move]:
        if self.result is not None:
            return ()
        moves = self._moves
        if moves is None:
            if self.turn == CHANCE:
                moves = (HEADS, TAILS) if self.seats == 4 else (SERPENT,)
            else:
                moves = tuple(self._player_moves(self.turn))
            object.__setattr__(self, "_moves", moves)
        return moves

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.to_move != CHANCE:
            return []
        if self.seats == 4:
            return [(HEADS, Fraction(1, 2)), (TAILS, Fraction(1, 2))]
        return [(SERPENT, Fraction(1))]

    def is_legal(self, move: Move) -> bool:
        if self.result is not None:
            return False
        if self.turn == CHANCE:
            return move in self.legal_moves()
        if isinstance(move, Aground):
            return self._must_run_aground(self.turn)
        if not isinstance(move, StoneMove) or not self._is_canonical(move):
            return False
        boardings = dict(move.boardings)
        return self._refusal(self.turn, move.source, move.destinations, boardings, move.at) is None

    def forced_move(self) -> Move | None:
        if self.result is None and self.turn != CHANCE and self._must_run_aground(self.turn):
            return AGROUND
        return None

    def parse(self, text: str) -> Move:
        flat = "".join(str(text).split()).lower()
        if not flat:
            raise NotAMoveError(phrase("No move was given. {shape}", shape=_SHAPES))
        if self.result is not None:
            raise IllegalMoveError(phrase("The game is over: no more moves can be played."))
        shown = " ".join(str(text).split()).replace("`", "'")
        quoted = f"`{shown}`" if len(shown) <= 60 else f"`{shown[:57]}…`"
        if flat in _COIN:
            return self._parse_coin(flat, quoted)
        if flat == "aground":
            if self.turn == CHANCE:
                raise IllegalMoveError(self._serpent_now(quoted))
            if self._must_run_aground(self.turn):
                return AGROUND
            raise IllegalMoveError(
                phrase(
                    "{text} is not possible: you may run aground only when all your stones are in the "
                    "harbour and no mooring may be entered. You can play e.g. `{example}`.",
                    text=quoted,
                    example=self._example(),
                )
            )
        match = _STONE_RE.fullmatch(flat)
        if not match:
            raise NotAMoveError(phrase("{text} is not a move. {shape}", text=quoted, shape=_SHAPES))
        if self.turn == CHANCE:
            raise IllegalMoveError(self._serpent_now(quoted))
        mover = self.turn
        count, source = int(match.group(1)), int(match.group(2))
        dest_text, token_text = match.group(3), match.group(4)
        for m in (source, *(int(d) for d in (dest_text.split(",") if dest_text else ()))):
            if not 1 <= m <= MOORINGS:
                raise NotAMoveError(
                    phrase(
                        "{text}: there is no mooring {mooring}; the moorings are 1–10. {shape}",
                        text=quoted,
                        mooring=m,
                        shape=_SHAPES,
                    )
                )
        boardings: dict[int, int] = {}
        places: set[int] = set()
        for n, initial, place in _TOKEN_RE.findall(token_text):
            owner = self._owner(initial, quoted)
            if int(n) == 0:
                raise NotAMoveError(
                    phrase(
                        "{text}: a boarding names at least one stone, e.g. `{token}`.",
                        text=quoted,
                        token=f"b1{INITIALS[owner]}",
                    )
                )
            boardings[owner] = boardings.get(owner, 0) + int(n)
            if place:
                if not 1 <= int(place) <= MOORINGS:
                    raise NotAMoveError(
                        phrase(
                            "{text}: there is no mooring {mooring}; the moorings are 1–10.",
                            text=quoted,
                            mooring=place,
                        )
                    )
                places.add(int(place))
        if count == 0:
            raise IllegalMoveError(
                phrase(
                    "{text} moves no stone: move at least one, e.g. `{example}`.",
                    text=quoted,
                    example=self._example(),
                )
            )
        if count > STONES and dest_text is not None:
            raise IllegalMoveError(
                plural_phrase(
                    "{text} cannot be played: each player has only {count} stone.",
                    "{text} cannot be played: each player has only {count} stones.",
                    STONES,
                    text=quoted,
                )
            )
        if dest_text is None:
            dests: tuple[int, ...] = (source,) * count
            refusal = self._refusal(mover, HARBOUR, dests, boardings, 0)
            if refusal:
                raise IllegalMoveError(_cannot_be_played(quoted, refusal))
            return ENTER_MOVES[source][count - 1]
        named = [int(d) for d in dest_text.split(",")]
        if len(named) == 1:
            named *= count
        elif len(named) != count:
            raise IllegalMoveError(
                plural_phrase(
                    "{text} moves {count} stone but names {named} destinations: name one mooring per stone, "
                    "or a single mooring for all of them (e.g. `{example}`).",
                    "{text} moves {count} stones but names {named} destinations: name one mooring per stone, "
                    "or a single mooring for all of them (e.g. `{example}`).",
                    count,
                    text=quoted,
                    named=len(named),
                    example=f"{count}/{source}-{forward(source, 1)}",
                )
            )
        dests = tuple(sorted(named, key=lambda d: distance(source, d)))
        refusal = self._refusal(mover, source, dests, {}, 0)
        at = 0
        if boardings and not refusal:
            at = self._boarding_place(mover, source, dests, boardings, places, quoted)
            refusal = self._refusal(mover, source, dests, boardings, at)
        if refusal:
            raise IllegalMoveError(_cannot_be_played(quoted, refusal))
        return StoneMove(source, dests, tuple(sorted(boardings.items())), at)

    def _after(self, move: Move) -> KerbogeState:
        seats = self.seats
        board = list(self.board)
        harbour = list(self.harbour)
        if isinstance(move, SerpentMove):
            serpent = forward(self.serpent, move.steps)
            base = (serpent - 1) * seats
            taken, _ = serpent_boarding(board[base : base + seats])
            for seat, n in enumerate(taken):
                if n:
                    board[base + seat] -= n
                    harbour[seat] += n
            state = KerbogeState(
                seats=seats,
                board=tuple(board),
                harbour=tuple(harbour),
                serpent=serpent,
                points=self.points,
                serpent_points=self.serpent_points + sum(taken),
                turn=0,
                round=self.round + 1,
                last_coin=move.outcome,
                serpent_boarded=taken,
                resigned=self.resigned,
            )
            return state._ended() if sum(taken) else state
        mover = self.turn
        next_turn = mover + 1 if mover + 1 < seats else CHANCE
        if isinstance(move, Aground):
            return replace(self, turn=next_turn)
        assert isinstance(move, StoneMove)
        if move.source == HARBOUR:
            harbour[mover] -= move.count
        else:
            board[(move.source - 1) * seats + mover] -= move.count
        for d in move.destinations:
            board[(d - 1) * seats + mover] += 1
        points = self.points
        if move.boardings:
            base = (move.at - 1) * seats
            for owner, n in move.boardings:
                board[base + owner] -= n
                harbour[owner] += n
            points = tuple(p + move.boarded if s == mover else p for s, p in enumerate(points))
        state = KerbogeState(
            seats=seats,
            board=tuple(board),
            harbour=tuple(harbour),
            serpent=self.serpent,
            points=points,
            serpent_points=self.serpent_points,
            turn=next_turn,
            round=self.round,
            last_coin=self.last_coin,
            serpent_boarded=self.serpent_boarded,
            resigned=self.resigned,
        )
        return state._ended() if move.boardings else state

    def scores(self) -> tuple[float, ...]:
        """Each seat's points so far (the Serpent's are `serpent_points`)."""
        return tuple(self.points)

    def resign(self, seat: int) -> KerbogeState:
        self._check_resignation(seat)
        if self.resigned[seat]:
            raise IllegalMoveError(phrase("The {seat} has already resigned.", seat=Phrase(SEAT_NAMES[seat])))
        resigned = tuple(r or s == seat for s, r in enumerate(self.resigned))
        state = replace(self, resigned=resigned)
        if all(resigned):
            result = Outcome((), self.points, reason(EVERY_PLAYER_RESIGNED), RESIGNED, self._serpent_score())
            state = replace(state, result=result)
        return state

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "board": [list(self.mooring(m)) for m in range(1, MOORINGS + 1)],
            "harbour": list(self.harbour),
            "serpent": self.serpent,
            "points": list(self.points),
            "serpent_points": self.serpent_points,
            "turn": self.turn,
            "round": self.round,
            "last_coin": self.last_coin,
            "serpent_boarded": list(self.serpent_boarded),
            "resigned": list(self.resigned),
        }

    def describe_move(self, move: Move) -> str:
        if isinstance(move, SerpentMove):
            return Said(self._serpent_told(move))
        if isinstance(move, Aground):
            return Said(phrase("runs aground: all stones in the harbour and no mooring may be entered"))
        if not isinstance(move, StoneMove):
            return str(move)
        count, source, first = move.count, move.source, move.destinations[0]
        if move.entering:
            return Said(
                plural_phrase(
                    "enters {count} stone into mooring {mooring}",
                    "enters {count} stones into mooring {mooring}",
                    count,
                    mooring=first,
                )
            )
        if move.backward:
            return Said(
                plural_phrase(
                    "moves {count} stone from mooring {source} one back to {mooring}",
                    "moves {count} stones from mooring {source} one back to {mooring}",
                    count,
                    source=source,
                    mooring=first,
                )
            )
        arrivals = move.arrivals
        text: Phrase
        if len(arrivals) == 1:
            text = plural_phrase(
                "moves {count} stone from mooring {source} to {mooring}",
                "moves {count} stones from mooring {source} to {mooring}",
                count,
                source=source,
                mooring=arrivals[0][0],
            )
        else:
            # TRANSLATORS: so many stones going to one mooring ("2 to 6, 1 to 7").
            where = listed([phrase("{count} to {mooring}", count=n, mooring=d) for d, n in arrivals])
            text = plural_phrase(
                "moves {count} stone from mooring {source}: {where}",
                "moves {count} stones from mooring {source}: {where}",
                count,
                source=source,
                where=where,
            )
        if move.boardings:
            text = phrase(
                "{move} and boards {stones} at {mooring}",
                move=text,
                stones=_boarded(move.boardings),
                mooring=move.at,
            )
        return Said(text)

    def _serpent_told(self, move: SerpentMove) -> Phrase:
        target = forward(self.serpent, move.steps)
        tosser = self.tosser
        seat = Phrase(SEAT_NAMES[tosser]) if tosser is not None else None
        head: Phrase
        if move.outcome == "serpent":
            head = phrase("the Serpent moves 2 forward to mooring {mooring}", mooring=target)
        elif move.outcome == "heads" and seat is not None:
            head = phrase(
                "heads: the {seat} tossed the coin; the Serpent moves 2 forward to mooring {mooring}",
                seat=seat,
                mooring=target,
            )
        elif move.outcome == "heads":
            head = phrase("heads: the Serpent moves 2 forward to mooring {mooring}", mooring=target)
        elif seat is not None:
            head = phrase(
                "tails: the {seat} tossed the coin; the Serpent moves 1 back to mooring {mooring}",
                seat=seat,
                mooring=target,
            )
        else:
            head = phrase("tails: the Serpent moves 1 back to mooring {mooring}", mooring=target)
        base = (target - 1) * self.seats
        taken, confused = serpent_boarding(self.board[base : base + self.seats])
        if confused:
            return phrase("{move} and is confused: it boards nothing", move=head)
        if sum(taken):
            boarded = tuple((s, n) for s, n in enumerate(taken) if n)
            return phrase("{move} and boards {stones}", move=head, stones=_boarded(boarded))
        return head

    # -- reading a move ----------------------------------------------------------------------

    def _boarding_place(
        self,
        mover: int,
        source: int,
        dests: tuple[int, ...],
        boardings: Mapping[int, int],
        places: set[int],
        quoted: str,
    ) -> int:
        """The mooring where a parsed move boards (raising when it cannot be told)."""
        if len(places) > 1:
            raise IllegalMoveError(
                phrase(
                    "{text} cannot be played: a move boards in one mooring only, not at "
                    "{moorings}; give every boarding token the same `@` mooring.",
                    text=quoted,
                    moorings=listed(sorted(places)),
                )
            )
        if places:
            return places.pop()
        distinct = sorted(set(dests), key=lambda d: distance(source, d))
        if len(distinct) == 1:
            return distinct[0]
        if mover in boardings or distance(source, distinct[-1]) == MOORINGS - 1:
            return distinct[0]  # refused with its own reason later
        fits = [d for d in distinct if self._boarding_refusal(mover, dests.count(d), d, boardings) is None]
        if len(fits) == 1:
            return fits[0]
        if not fits:
            most = max(distinct, key=dests.count)
            return most  # refused with the reason for the likeliest mooring
        options = _either([f"`@{d}`" for d in fits])
        places_text = _either([str(d) for d in fits])
        raise AmbiguousMoveError(
            phrase(
                "{text} could board at mooring {moorings}: add {options} to the boarding, e.g. `{example}`.",
                text=quoted,
                moorings=places_text,
                options=options,
                example=str(StoneMove(source, dests, tuple(sorted(boardings.items())), fits[0])),
            )
        )

    def _owner(self, initial: str, quoted: str) -> int:
        for seat, name in enumerate(INITIALS):
            if name.lower() == initial:
                if seat >= self.seats:
                    raise IllegalMoveError(
                        phrase(
                            "{text}: there is no {seat} in Jai Kerboge; boarding names `Sa` (Sailor) "
                            "or `Me` (Merchant).",
                            text=quoted,
                            seat=Phrase(SEAT_NAMES[seat]),
                        )
                    )
                return seat
        known = series_phrase(
            [
                phrase("`{initial}` ({seat})", initial=i, seat=Phrase(n))
                for i, n in zip(INITIALS, SEAT_NAMES[: self.seats], strict=False)
            ]
        )
        raise NotAMoveError(
            phrase(
                "{text}: `{initial}` is not a player; boarding names an owner: {known}.",
                text=quoted,
                initial=initial,
                known=known,
            )
        )

    def _parse_coin(self, flat: str, quoted: str) -> Move:
        if self.turn != CHANCE:
            raise IllegalMoveError(
                phrase(
                    "{text} is the Serpent's move, played by the host after each round; it is the "
                    "{seat}'s turn: play e.g. `{example}`.",
                    text=quoted,
                    seat=Phrase(SEAT_NAMES[self.turn]),
                    example=self._example(),
                )
            )
        move = _COIN[flat]
        if move not in self.legal_moves():
            if self.seats == 2:
                raise IllegalMoveError(
                    phrase(
                        "{text}: in Jai Kerboge the Serpent is not tossed for; its move is `serpent`.",
                        text=quoted,
                    )
                )
            raise IllegalMoveError(
                phrase("{text}: the Serpent's coin shows `heads` or `tails`.", text=quoted)
            )
        return move

    def _serpent_now(self, quoted: str) -> Phrase:
        outcomes = _either([f"`{m}`" for m in self.legal_moves()])
        return phrase(
            "{text} cannot be played: the Serpent moves now ({outcomes}).", text=quoted, outcomes=outcomes
        )

    def _example(self) -> str:
        moves = self.legal_moves()
        if not moves:
            return "aground"
        for m in moves:
            if isinstance(m, StoneMove) and m.count > 1 and not m.entering:
                return str(m)
        return str(moves[0])

    def _serpent_score(self) -> tuple[tuple[str, float], ...]:
        """The Serpent's points, the score of no seat (`Outcome.other_scores`)."""
        return ((SERPENT_NAME, self.serpent_points),)

    def _ended(self) -> KerbogeState:
        """This state, finished when the total score has reached the target."""
        if sum(self.points) + self.serpent_points < TARGETS[self.seats]:
            return self
        points = self.points
        serpent = self._serpent_score()
        contenders = [s for s in range(self.seats) if not self.resigned[s]]
        if not contenders:
            return replace(self, result=Outcome((), points, reason(EVERY_PLAYER_RESIGNED), RESIGNED, serpent))
        best = max(points[s] for s in contenders)
        if self.serpent_points > best:
            result = Outcome(
                (), points, reason(SERPENT_WINS_REASON, self.serpent_points), SERPENT_WINS, serpent
            )
        else:
            winners = tuple(s for s in contenders if points[s] == best)
            if len(winners) == 1:
                why = reason(SEAT_WINS_REASON, best, seat=Phrase(SEAT_NAMES[winners[0]]))
            else:
                why = reason(
                    SHARED_WIN_REASON, best, seats=listing_phrase([Phrase(SEAT_NAMES[s]) for s in winners])
                )
            result = Outcome(winners, points, why, MOST_POINTS, serpent)
        return replace(self, result=result)


def _cannot_be_played(quoted: str, refusal: Phrase) -> Phrase:
    return phrase("{text} cannot be played: {refusal}", text=quoted, refusal=refusal)


def _boarded(boardings: Sequence[tuple[int, int]]) -> Phrase | str:
    """ "2 stones of the Sailor and 1 stone of the Ruler"."""
    return listed(
        [
            plural_phrase(
                "{count} stone of the {seat}", "{count} stones of the {seat}", n, seat=Phrase(SEAT_NAMES[s])
            )
            for s, n in boardings
        ]
    )


def _either(items: Sequence[str]) -> Phrase | str:
    """ "`@5` or `@6` or `@7`": each of several choices, joined by "or"."""
    head: Phrase | str = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: one more choice of several ("`@5` or `@6` or `@7`").
        head = phrase("{choices} or {choice}", choices=head, choice=item)
    return head


SERPENT_NAME = N_("Serpent")
"""The name of the Serpent's score in `Outcome.other_scores`."""
EVERY_PLAYER_RESIGNED = phrase("every player resigned")
SERPENT_WINS_REASON = plural_phrase(
    "the Serpent wins with {count} point", "the Serpent wins with {count} points", 0
)
SEAT_WINS_REASON = plural_phrase("{seat} wins with {count} point", "{seat} wins with {count} points", 0)
SHARED_WIN_REASON = plural_phrase(
    "{seats} share the win with {count} point", "{seats} share the win with {count} points", 0
)
REASONS = (SERPENT_WINS_REASON, SEAT_WINS_REASON, SHARED_WIN_REASON)
"""The forms of Kerboge's reasons (`Game.reasons`)."""
