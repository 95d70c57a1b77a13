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
)
from ..text import plural
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
            raise NotAMoveError(f"No move was given. {_SHAPES}")
        if self.result is not None:
            raise IllegalMoveError("The game is over: no more moves can be played.")
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
                f"{quoted} is not possible: you may run aground only when all your stones are in the "
                f"harbour and no mooring may be entered. You can play e.g. `{self._example()}`."
            )
        match = _STONE_RE.fullmatch(flat)
        if not match:
            raise NotAMoveError(f"{quoted} is not a move. {_SHAPES}")
        if self.turn == CHANCE:
            raise IllegalMoveError(self._serpent_now(quoted))
        mover = self.turn
        count, source = int(match.group(1)), int(match.group(2))
        dest_text, token_text = match.group(3), match.group(4)
        for m in (source, *(int(d) for d in (dest_text.split(",") if dest_text else ()))):
            if not 1 <= m <= MOORINGS:
                raise NotAMoveError(f"{quoted}: there is no mooring {m}; the moorings are 1–10. {_SHAPES}")
        boardings: dict[int, int] = {}
        places: set[int] = set()
        for n, initial, place in _TOKEN_RE.findall(token_text):
            owner = self._owner(initial, quoted)
            if int(n) == 0:
                raise NotAMoveError(
                    f"{quoted}: a boarding names at least one stone, e.g. `b1{INITIALS[owner]}`."
                )
            boardings[owner] = boardings.get(owner, 0) + int(n)
            if place:
                if not 1 <= int(place) <= MOORINGS:
                    raise NotAMoveError(f"{quoted}: there is no mooring {place}; the moorings are 1–10.")
                places.add(int(place))
        if count == 0:
            raise IllegalMoveError(f"{quoted} moves no stone: move at least one, e.g. `{self._example()}`.")
        if count > STONES and dest_text is not None:
            raise IllegalMoveError(f"{quoted} cannot be played: each player has only {STONES} stones.")
        if dest_text is None:
            dests: tuple[int, ...] = (source,) * count
            refusal = self._refusal(mover, HARBOUR, dests, boardings, 0)
            if refusal:
                raise IllegalMoveError(f"{quoted} cannot be played: {refusal}")
            return ENTER_MOVES[source][count - 1]
        named = [int(d) for d in dest_text.split(",")]
        if len(named) == 1:
            named *= count
        elif len(named) != count:
            raise IllegalMoveError(
                f"{quoted} moves {plural(count, 'stone')} but names {len(named)} destinations: "
                f"name one mooring per stone, or a single mooring for all of them (e.g. `{count}/{source}-"
                f"{forward(source, 1)}`)."
            )
        dests = tuple(sorted(named, key=lambda d: distance(source, d)))
        refusal = self._refusal(mover, source, dests, {}, 0)
        at = 0
        if boardings and not refusal:
            at = self._boarding_place(mover, source, dests, boardings, places, quoted)
            refusal = self._refusal(mover, source, dests, boardings, at)
        if refusal:
            raise IllegalMoveError(f"{quoted} cannot be played: {refusal}")
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
            raise IllegalMoveError(f"The {SEAT_NAMES[seat]} has already resigned.")
        resigned = tuple(r or s == seat for s, r in enumerate(self.resigned))
        state = replace(self, resigned=resigned)
        if all(resigned):
            result = Outcome((), self.points, "every player resigned", RESIGNED, self._serpent_score())
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
            target = forward(self.serpent, move.steps)
            if move.outcome == "serpent":
                head = f"the Serpent moves 2 forward to mooring {target}"
            else:
                way = "2 forward" if move.outcome == "heads" else "1 back"
                tosser = self.tosser
                by = f" the {SEAT_NAMES[tosser]} tossed the coin;" if tosser is not None else ""
                head = f"{move.outcome}:{by} the Serpent moves {way} to mooring {target}"
            base = (target - 1) * self.seats
            taken, confused = serpent_boarding(self.board[base : base + self.seats])
            if confused:
                return f"{head} and is confused: it boards nothing"
            if sum(taken):
                names = listed(
                    [f"{plural(n, 'stone')} of the {SEAT_NAMES[s]}" for s, n in enumerate(taken) if n]
                )
                return f"{head} and boards {names}"
            return head
        if isinstance(move, Aground):
            return "runs aground: all stones in the harbour and no mooring may be entered"
        if not isinstance(move, StoneMove):
            return str(move)
        stones = plural(move.count, "stone")
        if move.entering:
            return f"enters {stones} into mooring {move.destinations[0]}"
        if move.backward:
            return f"moves {stones} from mooring {move.source} one back to {move.destinations[0]}"
        arrivals = move.arrivals
        if len(arrivals) == 1:
            text = f"moves {stones} from mooring {move.source} to {arrivals[0][0]}"
        else:
            where = listed([f"{n} to {d}" for d, n in arrivals])
            text = f"moves {stones} from mooring {move.source}: {where}"
        if move.boardings:
            names = listed([f"{plural(n, 'stone')} of the {SEAT_NAMES[s]}" for s, n in move.boardings])
            text += f" and boards {names} at {move.at}"
        return text

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
                f"{quoted} cannot be played: a move boards in one mooring only, not at "
                f"{listed(sorted(places))}; give every boarding token the same `@` mooring."
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
        options = " or ".join(f"`@{d}`" for d in fits)
        places_text = " or ".join(str(d) for d in fits)
        raise AmbiguousMoveError(
            f"{quoted} could board at mooring {places_text}: add {options} to the boarding, "
            f"e.g. `{StoneMove(source, dests, tuple(sorted(boardings.items())), fits[0])}`."
        )

    def _owner(self, initial: str, quoted: str) -> int:
        for seat, name in enumerate(INITIALS):
            if name.lower() == initial:
                if seat >= self.seats:
                    raise IllegalMoveError(
                        f"{quoted}: there is no {SEAT_NAMES[seat]} in Jai Kerboge; boarding names "
                        "`Sa` (Sailor) or `Me` (Merchant)."
                    )
                return seat
        known = ", ".join(f"`{i}` ({n})" for i, n in zip(INITIALS, SEAT_NAMES[: self.seats], strict=False))
        raise NotAMoveError(f"{quoted}: `{initial}` is not a player; boarding names an owner: {known}.")

    def _parse_coin(self, flat: str, quoted: str) -> Move:
        if self.turn != CHANCE:
            raise IllegalMoveError(
                f"{quoted} is the Serpent's move, played by the host after each round; it is the "
                f"{SEAT_NAMES[self.turn]}'s turn: play e.g. `{self._example()}`."
            )
        move = _COIN[flat]
        if move not in self.legal_moves():
            if self.seats == 2:
                raise IllegalMoveError(
                    f"{quoted}: in Jai Kerboge the Serpent is not tossed for; its move is `serpent`."
                )
            raise IllegalMoveError(f"{quoted}: the Serpent's coin shows `heads` or `tails`.")
        return move

    def _serpent_now(self, quoted: str) -> str:
        outcomes = " or ".join(f"`{m}`" for m in self.legal_moves())
        return f"{quoted} cannot be played: the Serpent moves now ({outcomes})."

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
        return (("Serpent", self.serpent_points),)

    def _ended(self) -> KerbogeState:
        """This state, finished when the total score has reached the target."""
        if sum(self.points) + self.serpent_points < TARGETS[self.seats]:
            return self
        points = self.points
        serpent = self._serpent_score()
        contenders = [s for s in range(self.seats) if not self.resigned[s]]
        if not contenders:
            return replace(self, result=Outcome((), points, "every player resigned", RESIGNED, serpent))
        best = max(points[s] for s in contenders)
        if self.serpent_points > best:
            reason = f"the Serpent wins with {plural(self.serpent_points, 'point')}"
            result = Outcome((), points, reason, SERPENT_WINS, serpent)
        else:
            winners = tuple(s for s in contenders if points[s] == best)
            names = listed([SEAT_NAMES[s] for s in winners])
            verb = "wins" if len(winners) == 1 else "share the win"
            reason = f"{names} {verb} with {plural(best, 'point')}"
            result = Outcome(winners, points, reason, MOST_POINTS, serpent)
        return replace(self, result=result)
