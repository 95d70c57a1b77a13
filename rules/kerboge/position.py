"""A Kerboge position's stones and scores, and what the rules ask of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..base import Move, Outcome
from ..text import Phrase, phrase, plural_phrase
from .board import (
    HARBOUR,
    INITIALS,
    MAX_STEP,
    MOORINGS,
    SEAT_NAMES,
    STONES,
    TARGETS,
    distance,
    forward,
    listed,
)
from .moves import (
    _MAX_BOARD,
    AGROUND,
    BACK_MOVES,
    BOARDING_SPLITS,
    ENTER_MOVES,
    SPLIT_MOVES,
    SPLIT_PREFIX,
    StoneMove,
    _board_options,
)


@dataclass(frozen=True)
class KerbogePosition:
    """The stones, the Serpent and the scores of a game, with the questions that the rules, the
    picture and a step-by-step move builder ask of them; `KerbogeState` adds the rules contract."""

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
    ) -> Phrase | None:
        """Why the move is not legal for `mover` (destinations nearest first), or None."""
        count = len(dests)
        if not count:
            return phrase("a move moves at least one stone.")
        if any(not 1 <= d <= MOORINGS for d in dests) or not 0 <= source <= MOORINGS:
            return phrase("the moorings are numbered 1–10.")
        if source == HARBOUR:
            mooring = dests[0]
            if dests[-1] != mooring:
                return phrase("entering puts all its stones into one mooring, e.g. `2/5`.")
            if boardings:
                return phrase("entering never boards: write just `{move}`.", move=f"{count}/{mooring}")
            have = self.harbour[mover]
            if count > 2:
                return phrase(
                    "you may enter only 1 or 2 stones from the harbour at a time, e.g. `{move}`.",
                    move=f"2/{mooring}",
                )
            if count > have:
                return plural_phrase(
                    "you have only {count} stone in the harbour.",
                    "you have only {count} stones in the harbour.",
                    have,
                )
            if not self.stones(mooring, mover) and any(self.mooring(mooring)):
                owners = listed([Phrase(SEAT_NAMES[s]) for s in self.boardable(mooring, mover)])
                open_ = listed(self.enterable(mover)) or phrase("none")
                return phrase(
                    "mooring {mooring} holds only other players' stones ({owners}); you may enter "
                    "only an empty mooring or one holding your own stones (now: {open}).",
                    mooring=mooring,
                    owners=owners,
                    open=open_,
                )
            return None
        have = self.stones(source, mover)
        if count > have:
            return self._too_few(mover, source, have)
        steps = [distance(source, d) for d in dests]
        back = MOORINGS - 1
        reach = self.forward_targets(source, mover)
        if any(not 1 <= step <= MAX_STEP and step != back for step in steps):
            return phrase(
                "stones go 1–3 moorings forward or all exactly one back; from {source} they may go to "
                "{reach} or back to {back}.",
                source=source,
                reach=listed(reach),
                back=forward(source, -1),
            )
        if steps[-1] == back:
            if steps[0] != back:
                return phrase(
                    "stones of one move all go the same way: forward (1–3 moorings each) or all "
                    "exactly one back (`{move}`), never both.",
                    move=f"{count}/{source}-{forward(source, -1)}",
                )
            if boardings:
                return phrase(
                    "a move backward never boards: write just `{move}`.", move=f"{count}/{source}-{dests[0]}"
                )
            return None
        for d, step in zip(dests, steps, strict=True):
            if d not in reach:
                between = [forward(source, s) for s in range(1, step)]
                return phrase(
                    "a stone may pass over at most one hostile mooring, and from {source} to {mooring} it "
                    "would pass {between}; from {source} it may reach {reach}.",
                    source=source,
                    mooring=d,
                    between=listed(between),
                    reach=listed(reach),
                )
        if not boardings:
            return None
        if mover in boardings:
            others = sorted({o for d in set(dests) for o in self.boardable(d, mover)})
            if others:
                return phrase(
                    "you cannot board your own stones, only other players' stones, e.g. `{token}`.",
                    token=f"b1{INITIALS[others[0]]}",
                )
            return phrase("you cannot board your own stones, only other players' stones.")
        if at not in dests:
            return phrase(
                "no stone of this move arrives at mooring {mooring}, so it cannot board there.", mooring=at
            )
        return self._boarding_refusal(mover, dests.count(at), at, boardings)

    def _too_few(self, mover: int, source: int, have: int) -> Phrase:
        """That `mover` has too few stones (`have`) at mooring `source` for a move, and where theirs are."""
        where = ", ".join(f"{m} ({self.stones(m, mover)})" for m in self.own_moorings(mover))
        seat = Phrase(SEAT_NAMES[mover])
        held: Phrase
        if mover == self.turn:
            held = (
                phrase("your stones are at {where}", where=where)
                if where
                else phrase("all your stones are in the harbour")
            )
        elif where:
            held = phrase("the {seat}'s stones are at {where}", seat=seat, where=where)
        else:
            held = phrase("all the {seat}'s stones are in the harbour", seat=seat)
        if have:
            return plural_phrase(
                "you have only {count} stone at mooring {source} ({held}).",
                "you have only {count} stones at mooring {source} ({held}).",
                have,
                source=source,
                held=held,
            )
        return phrase("you have no stones at mooring {source} ({held}).", source=source, held=held)

    def _boarding_refusal(
        self, mover: int, arriving: int, at: int, boardings: Mapping[int, int]
    ) -> Phrase | None:
        total = sum(boardings.values())
        limit = arriving // 2
        if total > limit:
            if limit == 0:
                return phrase(
                    "only 1 stone arrives at mooring {mooring}; one stone may be boarded for every "
                    "two arriving there.",
                    mooring=at,
                )
            return plural_phrase(
                "{count} stone arrives at mooring {mooring}, so they may board at most {limit} "
                "(one for every two arriving).",
                "{count} stones arrive at mooring {mooring}, so they may board at most {limit} "
                "(one for every two arriving).",
                arriving,
                mooring=at,
                limit=limit,
            )
        for owner, n in boardings.items():
            there = self.stones(at, owner)
            if n > there:
                if not there:
                    return phrase(
                        "mooring {mooring} holds no stones of the {seat} to board.",
                        mooring=at,
                        seat=Phrase(SEAT_NAMES[owner]),
                    )
                return plural_phrase(
                    "mooring {mooring} holds {count} stone of the {seat}, not {wanted}.",
                    "mooring {mooring} holds {count} stones of the {seat}, not {wanted}.",
                    there,
                    mooring=at,
                    seat=Phrase(SEAT_NAMES[owner]),
                    wanted=n,
                )
        return None
