"""Kerboge (4 seats) and Jai Kerboge (2 seats) (shared/games/kerboge.md).

The seat count picks the variant. Ten moorings, numbered 1–10 clockwise, ring a central harbour;
every position and move in this module names moorings by those numbers, and `HARBOUR` (0) stands
for the harbour as the source of an entering move.

After each full round the Serpent moves as a chance event (`to_move == CHANCE`): `heads` (2
forward) or `tails` (1 back) in Kerboge, the single outcome `serpent` (2 forward) in Jai Kerboge.

A seat that resigns stays in the game (the host plays it with a computer player). When the game
ends it is ranked last: it is never among the winners, and the Serpent is compared with the
players who did not resign only. `Outcome.scores` stay each seat's points; `placings()` gives the
full ranking with resigned seats last.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .base import (
    CHANCE,
    RESIGNED,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Move,
    NotAMoveError,
    Outcome,
    State,
)

MOORINGS = 10
STONES = 10
"""Stones per player."""
HARBOUR = 0
"""The source of an entering move (`StoneMove.source`)."""
SEAT_NAMES = ("Sailor", "Merchant", "Soldier", "Ruler")
INITIALS = ("Sa", "Me", "So", "Ru")
TARGETS = {4: 40, 2: 20}
"""The total of all scores (the Serpent's included) that ends the game, per seat count."""
MAX_STEP = 3
MOST_POINTS = "most-points"
SERPENT_WINS = "serpent"
TERMINATIONS = (MOST_POINTS, SERPENT_WINS, RESIGNED)
"""How a game of Kerboge ends (`Outcome.termination`): the scores reached the target and the
players with the most points win, or the Serpent has strictly the most (nobody wins); or every
player resigned."""
SERPENT_FORCE = 2
"""At most this many stones are boarded by the Serpent at once (the force of four stones)."""


def forward(mooring: int, steps: int) -> int:
    """The mooring `steps` moorings clockwise from `mooring` (negative steps go back)."""
    return (mooring - 1 + steps) % MOORINGS + 1


def distance(start: int, end: int) -> int:
    """How many moorings forward (clockwise) `end` lies from `start`, 0–9."""
    return (end - start) % MOORINGS


# -- moves -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoneMove(Move):
    """Entering, or moving stones from one mooring, with the stones boarded by the move.

    `source` is HARBOUR (0) for entering, else the mooring the stones leave. `destinations` has one
    mooring per stone, nearest first (forward distance from the source; all equal for entering
    and for a backward move). `boardings` holds (owner seat, number of stones) in seat order, all
    boarded at mooring `at` (0 when the move boards nothing).
    """

    source: int
    destinations: tuple[int, ...]
    boardings: tuple[tuple[int, int], ...] = ()
    at: int = 0

    @property
    def count(self) -> int:
        """How many stones move."""
        return len(self.destinations)

    @property
    def entering(self) -> bool:
        return self.source == HARBOUR

    @property
    def backward(self) -> bool:
        return self.source != HARBOUR and distance(self.source, self.destinations[0]) == MOORINGS - 1

    @property
    def arrivals(self) -> tuple[tuple[int, int], ...]:
        """(mooring, stones arriving there) for each destination, nearest first."""
        out: list[tuple[int, int]] = []
        for d in self.destinations:
            if out and out[-1][0] == d:
                out[-1] = (d, out[-1][1] + 1)
            else:
                out.append((d, 1))
        return tuple(out)

    @property
    def boarded(self) -> int:
        """How many stones the move boards."""
        return sum(c for _, c in self.boardings)

    def __str__(self) -> str:
        dests = self.destinations
        count = len(dests)
        if self.source == HARBOUR:
            return f"{count}/{dests[0]}"
        several = dests[0] != dests[-1]
        if several:
            text = f"{count}/{self.source}-{','.join(str(d) for d in dests)}"
        else:
            text = f"{count}/{self.source}-{dests[0]}"
        if self.boardings:
            suffix = f"@{self.at}" if several else ""
            text += "".join(f" b{c}{INITIALS[o]}{suffix}" for o, c in self.boardings)
        return text


@dataclass(frozen=True, slots=True)
class Aground(Move):
    """The lost turn of a player with all stones in the harbour and no mooring to enter."""

    def __str__(self) -> str:
        return "aground"


@dataclass(frozen=True, slots=True)
class SerpentMove(Move):
    """The Serpent's move, a chance outcome: `heads`, `tails` or (Jai Kerboge) `serpent`."""

    outcome: str

    @property
    def steps(self) -> int:
        """Moorings moved: +2 forward, -1 back."""
        return -1 if self.outcome == "tails" else 2

    def __str__(self) -> str:
        return self.outcome


AGROUND = Aground()
HEADS = SerpentMove("heads")
TAILS = SerpentMove("tails")
SERPENT = SerpentMove("serpent")
_COIN = {"heads": HEADS, "tails": TAILS, "serpent": SERPENT}

# -- tables of the moves that board nothing (shared by every position) ------------------------

_MASKS = (3, 7)
"""Allowed forward distances as bits (1, 2, 3 → bits 0, 1, 2): 7 all, 3 when 3 is too far."""


def _split_counts(mask: int) -> tuple[tuple[int, int, int], ...]:
    out = []
    for c1 in range(STONES + 1):
        for c2 in range(STONES + 1 - c1):
            for c3 in range(STONES + 1 - c1 - c2):
                if c1 + c2 + c3 >= 1 and (c3 == 0 or mask & 4):
                    out.append((c1, c2, c3))
    out.sort(key=lambda c: (sum(c), (1,) * c[0] + (2,) * c[1] + (3,) * c[2]))
    return tuple(out)


SPLIT_COUNTS = {mask: _split_counts(mask) for mask in _MASKS}
"""For each mask, the stones sent 1, 2 and 3 forward, ordered by total then destinations."""
SPLIT_PREFIX = {
    mask: tuple(sum(1 for c in SPLIT_COUNTS[mask] if sum(c) <= n) for n in range(STONES + 1))
    for mask in _MASKS
}
"""How many entries of SPLIT_COUNTS[mask] move at most n stones."""
SPLIT_MOVES = {
    (source, mask): tuple(
        StoneMove(
            source,
            (forward(source, 1),) * c1 + (forward(source, 2),) * c2 + (forward(source, 3),) * c3,
        )
        for c1, c2, c3 in SPLIT_COUNTS[mask]
    )
    for source in range(1, MOORINGS + 1)
    for mask in _MASKS
}
BOARDING_SPLITS = {
    (mask, step, n): tuple(
        (k, counts[step - 1] >> 1)
        for k, counts in enumerate(SPLIT_COUNTS[mask][: SPLIT_PREFIX[mask][n]])
        if counts[step - 1] >= 2
    )
    for mask in _MASKS
    for step in (1, 2, 3)
    for n in range(2, STONES + 1)
}
"""For moving at most n stones: (index in SPLIT_COUNTS[mask], boarding limit) of each split that
sends at least two stones `step` forward."""
BACK_MOVES = {
    source: tuple(StoneMove(source, (forward(source, -1),) * k) for k in range(1, STONES + 1))
    for source in range(1, MOORINGS + 1)
}
ENTER_MOVES = {m: (StoneMove(HARBOUR, (m,)), StoneMove(HARBOUR, (m, m))) for m in range(1, MOORINGS + 1)}

_BOARD_OPTIONS: dict[
    tuple[tuple[int, int], ...], tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]
] = {}
_MAX_BOARD = STONES // 2


def _board_options(
    owners: tuple[tuple[int, int], ...],
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[int, ...]]:
    """Every boarding of stones of `owners` ((seat, stones there), at most 5 each), ordered by
    total, and for each limit L 0–5 how many of them board at most L stones."""
    cached = _BOARD_OPTIONS.get(owners)
    if cached is not None:
        return cached
    vectors: list[tuple[tuple[int, int], ...]] = [()]
    for seat, have in owners:
        vectors = [(*v, (seat, c)) if c else v for v in vectors for c in range(have + 1)]
    options = sorted(
        (v for v in vectors if 1 <= sum(c for _, c in v) <= _MAX_BOARD),
        key=lambda v: (sum(c for _, c in v), [-c for _, c in v], [s for s, _ in v]),
    )
    prefix = tuple(
        sum(1 for v in options if sum(c for _, c in v) <= limit) for limit in range(_MAX_BOARD + 1)
    )
    result = (tuple(options), prefix)
    _BOARD_OPTIONS[owners] = result
    return result


def serpent_boarding(counts: Sequence[int]) -> tuple[tuple[int, ...], bool]:
    """What the Serpent boards at a mooring holding counts[seat] stones of each seat: the stones
    taken from each seat, and whether it is confused (three or four groups tie for largest)."""
    taken = [0] * len(counts)
    best = max(counts, default=0)
    if best == 0:
        return tuple(taken), False
    top = [seat for seat, c in enumerate(counts) if c == best]
    if len(top) == 1:
        taken[top[0]] = min(SERPENT_FORCE, best)
    elif len(top) == 2:
        taken[top[0]] = taken[top[1]] = 1
    else:
        return tuple(taken), True
    return tuple(taken), False


_STONE_RE = re.compile(r"(\d{1,3})/(\d{1,3})(?:-(\d{1,3}(?:,\d{1,3})*))?((?:b\d{1,3}[a-z]{2}(?:@\d{1,3})?)*)")
_TOKEN_RE = re.compile(r"b(\d{1,3})([a-z]{2})(?:@(\d{1,3}))?")
_SHAPES = (
    "Write `2/5` to enter 2 stones from the harbour into mooring 5, `4/5-6,7,7,8` to move 4 stones "
    "forward from mooring 5 (one destination per stone), `4/5-4` to move them one back, add boarding "
    "like `b1So` (or `b1So@8` when the stones go to several moorings), or `aground`."
)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _list(items: Sequence[object]) -> str:
    texts = [str(i) for i in items]
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


# -- the state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class KerbogeState(State):
    seats: int
    board: tuple[int, ...]
    """Stones per mooring per seat: board[(mooring - 1) * seats + seat]; use `stones()`."""
    harbour: tuple[int, ...]
    """Stones each seat has in the harbour."""
    serpent: int
    """The mooring (1–10) the Serpent is at."""
    points: tuple[int, ...]
    """Each seat's points (stones it has boarded)."""
    serpent_points: int
    """The Serpent's points."""
    turn: int
    """Seat to move, or CHANCE for the Serpent (ignored once `result` is set)."""
    round: int
    """The round being played, from 1; the Serpent's move closes it."""
    last_coin: str | None
    """The Serpent's last move (`heads`, `tails`, `serpent`), None before the first."""
    serpent_boarded: tuple[int, ...]
    """Stones of each seat the Serpent boarded at its last move."""
    resigned: tuple[bool, ...]
    result: Outcome | None = None
    _moves: tuple[Move, ...] | None = field(default=None, init=False, compare=False, hash=False, repr=False)

    # -- the contract ---------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self.result is not None else self.turn

    @property
    def options(self) -> dict[str, Any]:
        return {}

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
                f"{quoted} moves {_plural(count, 'stone')} but names {len(named)} destinations: "
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
                seats,
                tuple(board),
                tuple(harbour),
                serpent,
                self.points,
                self.serpent_points + sum(taken),
                0,
                self.round + 1,
                move.outcome,
                taken,
                self.resigned,
            )
            return state._ended() if sum(taken) else state
        mover = self.turn
        next_turn = mover + 1 if mover + 1 < seats else CHANCE
        if isinstance(move, Aground):
            return KerbogeState(
                seats,
                self.board,
                self.harbour,
                self.serpent,
                self.points,
                self.serpent_points,
                next_turn,
                self.round,
                self.last_coin,
                self.serpent_boarded,
                self.resigned,
            )
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
            seats,
            tuple(board),
            tuple(harbour),
            self.serpent,
            points,
            self.serpent_points,
            next_turn,
            self.round,
            self.last_coin,
            self.serpent_boarded,
            self.resigned,
        )
        return state._ended() if move.boardings else state

    def outcome(self) -> Outcome | None:
        return self.result

    def scores(self) -> tuple[float, ...]:
        """Each seat's points so far (the Serpent's are `serpent_points`)."""
        return tuple(self.points)

    def resign(self, seat: int) -> KerbogeState:
        if self.result is not None:
            raise IllegalMoveError("The game is over: nobody can resign any more.")
        if not 0 <= seat < self.seats:
            raise IllegalMoveError(f"Seat {seat} is not playing in this game.")
        if self.resigned[seat]:
            raise IllegalMoveError(f"The {SEAT_NAMES[seat]} has already resigned.")
        resigned = tuple(r or s == seat for s, r in enumerate(self.resigned))
        state = replace(self, resigned=resigned)
        if all(resigned):
            state = replace(state, result=Outcome((), self.points, "every player resigned", RESIGNED))
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
                by = f" ({SEAT_NAMES[tosser]} tossed)" if tosser is not None else ""
                head = f"{move.outcome}{by}: the Serpent moves {way} to mooring {target}"
            base = (target - 1) * self.seats
            taken, confused = serpent_boarding(self.board[base : base + self.seats])
            if confused:
                return f"{head} and is confused: it boards nothing"
            if sum(taken):
                names = _list(
                    [f"{_plural(n, 'stone')} of the {SEAT_NAMES[s]}" for s, n in enumerate(taken) if n]
                )
                return f"{head} and boards {names}"
            return head
        if isinstance(move, Aground):
            return "runs aground: all stones in the harbour and no mooring may be entered"
        if not isinstance(move, StoneMove):
            return str(move)
        stones = _plural(move.count, "stone")
        if move.entering:
            return f"enters {stones} into mooring {move.destinations[0]}"
        if move.backward:
            return f"moves {stones} from mooring {move.source} one back to {move.destinations[0]}"
        arrivals = move.arrivals
        if len(arrivals) == 1:
            text = f"moves {stones} from mooring {move.source} to {arrivals[0][0]}"
        else:
            where = _list([f"{n} to {d}" for d, n in arrivals])
            text = f"moves {stones} from mooring {move.source}: {where}"
        if move.boardings:
            names = _list([f"{_plural(n, 'stone')} of the {SEAT_NAMES[s]}" for s, n in move.boardings])
            text += f" and boards {names} at {move.at}"
        return text

    # -- helpers for the picture and for a step-by-step move builder ----------------------------

    @property
    def target(self) -> int:
        """The total score (the Serpent's included) that ends the game: 40, or 20 in Jai Kerboge."""
        return TARGETS[self.seats]

    @property
    def tosser(self) -> int | None:
        """The seat that tosses the Serpent's coin this round (Sailor in round 1, Merchant in round
        2, … in rotation); None in Jai Kerboge, where the Serpent is not tossed for."""
        return (self.round - 1) % self.seats if self.seats == 4 else None

    def stones(self, mooring: int, seat: int) -> int:
        """Stones of `seat` at `mooring` (1–10)."""
        return self.board[(mooring - 1) * self.seats + seat]

    def mooring(self, mooring: int) -> tuple[int, ...]:
        """Stones of each seat at `mooring` (1–10)."""
        base = (mooring - 1) * self.seats
        return self.board[base : base + self.seats]

    def is_hostile(self, mooring: int, seat: int) -> bool:
        """Whether `mooring` holds a stone of a player other than `seat`."""
        base = (mooring - 1) * self.seats
        return sum(self.board[base : base + self.seats]) > self.board[base + seat]

    def own_moorings(self, seat: int) -> list[int]:
        """The moorings holding stones of `seat`."""
        return [m for m in range(1, MOORINGS + 1) if self.stones(m, seat)]

    def enterable(self, seat: int) -> list[int]:
        """Moorings `seat` may enter (empty or holding its own stones); [] with an empty harbour."""
        if not self.harbour[seat]:
            return []
        return [m for m in range(1, MOORINGS + 1) if self.stones(m, seat) or not any(self.mooring(m))]

    def sources(self, seat: int) -> list[int]:
        """Where `seat` may take stones from this turn: HARBOUR (0) first when it may enter, then
        each mooring holding its stones. Empty when it must run aground."""
        out = [HARBOUR] if self.enterable(seat) else []
        return out + self.own_moorings(seat)

    def enter_limit(self, seat: int) -> int:
        """How many stones `seat` may enter at once: min(2, stones in its harbour)."""
        return min(2, self.harbour[seat])

    def forward_targets(self, mooring: int, seat: int) -> list[int]:
        """The moorings a stone of `seat` at `mooring` may move forward to, nearest first (1–3
        forward, passing at most one hostile mooring)."""
        first, second = forward(mooring, 1), forward(mooring, 2)
        if self.is_hostile(first, seat) and self.is_hostile(second, seat):
            return [first, second]
        return [first, second, forward(mooring, 3)]

    @staticmethod
    def back_target(mooring: int) -> int:
        """The mooring one back from `mooring`, where a backward move goes."""
        return forward(mooring, -1)

    def boardable(self, mooring: int, seat: int) -> dict[int, int]:
        """Stones `seat` could board at `mooring`: {owner seat: stones there}, other seats only."""
        return {s: n for s, n in enumerate(self.mooring(mooring)) if n and s != seat}

    @staticmethod
    def boarding_limit(arriving: int) -> int:
        """How many stones may be boarded by `arriving` stones moving forward into one mooring."""
        return arriving // 2

    def total_score(self) -> int:
        """All points scored, the Serpent's included."""
        return sum(self.points) + self.serpent_points

    def placings(self) -> tuple[int, ...]:
        """Each seat's place (1 = best) by points, seats that resigned after all others."""
        keys = [(r, -p) for r, p in zip(self.resigned, self.points, strict=True)]
        return tuple(1 + sum(1 for k in keys if k < key) for key in keys)

    # -- internals ------------------------------------------------------------------------------

    def _player_moves(self, mover: int) -> list[Move]:
        seats = self.seats
        board = self.board
        own = board[mover::seats]
        totals = [sum(board[i : i + seats]) for i in range(0, MOORINGS * seats, seats)]
        moves: list[Move] = []
        in_harbour = self.harbour[mover]
        if in_harbour:
            most = 2 if in_harbour >= 2 else 1
            for i in range(MOORINGS):
                if own[i] or not totals[i]:
                    moves.extend(ENTER_MOVES[i + 1][:most])
            if not moves and in_harbour == STONES:
                return [AGROUND]
        hostile = [t > o for t, o in zip(totals, own, strict=True)]
        for i in range(MOORINGS):
            n = own[i]
            if not n:
                continue
            source = i + 1
            mask = 3 if hostile[(i + 1) % MOORINGS] and hostile[(i + 2) % MOORINGS] else 7
            splits = SPLIT_MOVES[(source, mask)]
            end = SPLIT_PREFIX[mask][n]
            moves.extend(splits[:end])
            moves.extend(BACK_MOVES[source][:n])
            if n < 2:
                continue
            for step in (1, 2, 3) if mask == 7 else (1, 2):
                j = (i + step) % MOORINGS
                if not hostile[j]:
                    continue
                base = j * seats
                owners = tuple(
                    (s, c if c < _MAX_BOARD else _MAX_BOARD)
                    for s, c in enumerate(board[base : base + seats])
                    if c and s != mover
                )
                options, prefix = _board_options(owners)
                at = j + 1
                for k, limit in BOARDING_SPLITS[(mask, step, n)]:
                    dests = splits[k].destinations
                    moves.extend([StoneMove(source, dests, b, at) for b in options[: prefix[limit]]])
        return moves

    def _must_run_aground(self, mover: int) -> bool:
        if self.harbour[mover] != STONES:
            return False
        return all(any(self.mooring(m)) for m in range(1, MOORINGS + 1))

    def _is_canonical(self, move: StoneMove) -> bool:
        """Whether `move` has its parts in canonical order (sorted destinations, one boarding
        token per owner in seat order, `at` set exactly when it boards)."""
        source = move.source
        last = 0
        for d in move.destinations:
            step = (d - source) % MOORINGS
            if step < last:
                return False
            last = step
        previous = -1
        for owner, n in move.boardings:
            if owner <= previous or owner >= self.seats or n < 1:
                return False
            previous = owner
        return (move.at != 0) == bool(move.boardings)

    def _refusal(
        self, mover: int, source: int, dests: tuple[int, ...], boardings: Mapping[int, int], at: int
    ) -> str | None:
        """Why the move is not legal for `mover` (destinations nearest first), or None."""
        count = len(dests)
        if not count:
            return "a move moves at least one stone."
        if any(not 1 <= d <= MOORINGS for d in dests) or not 0 <= source <= MOORINGS:
            return "the moorings are numbered 1–10."
        name = "your" if mover == self.turn else f"the {SEAT_NAMES[mover]}'s"
        if source == HARBOUR:
            mooring = dests[0]
            if dests[-1] != mooring:
                return "entering puts all its stones into one mooring, e.g. `2/5`."
            if boardings:
                return f"entering never boards: write just `{count}/{mooring}`."
            have = self.harbour[mover]
            if count > 2:
                return f"you may enter only 1 or 2 stones from the harbour at a time, e.g. `2/{mooring}`."
            if count > have:
                return f"you have only {_plural(have, 'stone')} in the harbour."
            if not self.stones(mooring, mover) and any(self.mooring(mooring)):
                owners = _list([SEAT_NAMES[s] for s in self.boardable(mooring, mover)])
                open_ = _list(self.enterable(mover)) or "none"
                return (
                    f"mooring {mooring} holds only other players' stones ({owners}); you may enter "
                    f"only an empty mooring or one holding your own stones (now: {open_})."
                )
            return None
        have = self.stones(source, mover)
        if count > have:
            where = ", ".join(f"{m} ({self.stones(m, mover)})" for m in self.own_moorings(mover))
            held = f"{name} stones are at {where}" if where else f"all {name} stones are in the harbour"
            there = f"only {_plural(have, 'stone')}" if have else "no stones"
            return f"you have {there} at mooring {source} ({held})."
        steps = [distance(source, d) for d in dests]
        back = MOORINGS - 1
        reach = self.forward_targets(source, mover)
        if any(not 1 <= step <= MAX_STEP and step != back for step in steps):
            return (
                f"stones go 1–3 moorings forward or all exactly one back; from {source} they may go to "
                f"{_list(reach)} or back to {forward(source, -1)}."
            )
        if steps[-1] == back:
            if steps[0] != back:
                return (
                    "stones of one move all go the same way: forward (1–3 moorings each) or all "
                    f"exactly one back (`{count}/{source}-{forward(source, -1)}`), never both."
                )
            if boardings:
                return f"a move backward never boards: write just `{count}/{source}-{dests[0]}`."
            return None
        for d, step in zip(dests, steps, strict=True):
            if d not in reach:
                between = [forward(source, s) for s in range(1, step)]
                return (
                    f"a stone may pass over at most one hostile mooring, and from {source} to {d} it "
                    f"would pass {_list(between)}; from {source} it may reach {_list(reach)}."
                )
        if not boardings:
            return None
        if mover in boardings:
            others = sorted({o for d in set(dests) for o in self.boardable(d, mover)})
            hint = f", e.g. `b1{INITIALS[others[0]]}`" if others else ""
            return f"you cannot board your own stones, only other players' stones{hint}."
        if at not in dests:
            return f"no stone of this move arrives at mooring {at}, so it cannot board there."
        return self._boarding_refusal(mover, dests.count(at), at, boardings)

    def _boarding_refusal(
        self, mover: int, arriving: int, at: int, boardings: Mapping[int, int]
    ) -> str | None:
        total = sum(boardings.values())
        limit = arriving // 2
        if total > limit:
            if limit == 0:
                return (
                    f"only 1 stone arrives at mooring {at}; one stone may be boarded for every two "
                    "arriving there."
                )
            return (
                f"{arriving} stones arrive at mooring {at}, so they may board at most {limit} "
                "(one for every two arriving)."
            )
        for owner, n in boardings.items():
            there = self.stones(at, owner)
            if n > there:
                if not there:
                    return f"mooring {at} holds no stones of the {SEAT_NAMES[owner]} to board."
                return f"mooring {at} holds {_plural(there, 'stone')} of the {SEAT_NAMES[owner]}, not {n}."
        return None

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
                f"{_list(sorted(places))}; give every boarding token the same `@` mooring."
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

    def _ended(self) -> KerbogeState:
        """This state, finished when the total score has reached the target."""
        if sum(self.points) + self.serpent_points < TARGETS[self.seats]:
            return self
        points = self.points
        contenders = [s for s in range(self.seats) if not self.resigned[s]]
        if not contenders:
            return replace(self, result=Outcome((), points, "every player resigned", RESIGNED))
        best = max(points[s] for s in contenders)
        if self.serpent_points > best:
            result = Outcome((), points, f"the Serpent wins with {self.serpent_points} points", SERPENT_WINS)
        else:
            winners = tuple(s for s in contenders if points[s] == best)
            names = _list([SEAT_NAMES[s] for s in winners])
            verb = "wins" if len(winners) == 1 else "share the win"
            result = Outcome(winners, points, f"{names} {verb} with {best} points", MOST_POINTS)
        return replace(self, result=result)


def _new(seats: int) -> KerbogeState:
    return KerbogeState(
        seats=seats,
        board=(0,) * (MOORINGS * seats),
        harbour=(STONES,) * seats,
        serpent=1,
        points=(0,) * seats,
        serpent_points=0,
        turn=0,
        round=1,
        last_coin=None,
        serpent_boarded=(0,) * seats,
        resigned=(False,) * seats,
    )


def _load(data: Mapping[str, Any]) -> KerbogeState:
    seats = int(data["seats"])
    return KerbogeState(
        seats=seats,
        board=tuple(int(n) for row in data["board"] for n in row),
        harbour=tuple(int(n) for n in data["harbour"]),
        serpent=int(data["serpent"]),
        points=tuple(int(n) for n in data["points"]),
        serpent_points=int(data["serpent_points"]),
        turn=int(data["turn"]),
        round=int(data["round"]),
        last_coin=data["last_coin"],
        serpent_boarded=tuple(int(n) for n in data["serpent_boarded"]),
        resigned=tuple(bool(r) for r in data["resigned"]),
        result=Outcome.from_json(data["result"]),
    )


SUMMARY = """\
**Kerboge** — 4 players (Sailor, Merchant, Soldier, Ruler); **Jai Kerboge** with 2 (Sailor, \
Merchant). Ten moorings 1–10 ring a harbour; everyone starts with 10 stones in the harbour.
• On your turn do one thing: **enter** 1 or 2 stones into a mooring that is empty or holds your \
own stones (`2/5`); or take stones from one mooring and move them **forward** 1–3 moorings each \
(`4/5-6,7,7,8`) or all exactly **one back** (`4/5-4`).
• A stone may pass over at most one mooring holding other players' stones.
• **Boarding**: for every two stones moving forward into a mooring with other players' stones, \
you may send one of those stones home and score a point (`5/1-4 b1So b1Ru`; add `@8` when your \
stones go to several moorings). One mooring per move, never your own stones, never backward.
• With all stones in the harbour and no mooring to enter you run **aground** and lose the turn.
• After each round the **Serpent** moves (coin: heads 2 forward, tails 1 back; in Jai Kerboge \
always 2 forward) and boards up to 2 stones where it lands, scoring for itself.
• The game ends when all scores together reach 40 (Jai Kerboge: 20): most points win, ties \
share; if the Serpent has strictly the most, nobody wins."""


GAME = Game(
    key="kerboge",
    title="Kerboge",
    seats=(2, 4),
    options={},
    new_state=_new,
    load_state=_load,
    seat_names=lambda seats: SEAT_NAMES[:seats],
    summary=SUMMARY,
    ranked_by_score=True,
)
KerbogeState.game = GAME
