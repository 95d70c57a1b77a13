"""A Glass Bead Game position: the rules contract and the helpers of the renderer and the move builder."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ..base import IllegalMoveError, Move, Outcome, TurnState
from ..text import Phrase, Said, phrase, plural_phrase, series_phrase
from .board import (
    BEAD_NAMES,
    CUP,
    LETTERS,
    PATHS,
    SEAT_NAMES,
    Counts,
    Taken,
    _canonical_taken,
    _counts_of,
    _digits,
    _end_result,
    _format_taken,
    _own,
    _sorted_values,
)
from .counting import GlassBeadMoves
from .notation import (
    BEAD_COLOURS,
    _beads,
    _count_of,
    _describe_counts,
    _describe_taken,
    _gem_from,
    _gems,
    _parse_text,
    _pit_index,
)
from .sowing import Sowing, _moves_of, _orders_from, _sow, _Sown

# -- the state ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GlassBeadState(TurnState):
    """A position. `pits[i]` and `cups[seat]` are six counts, one per bead value 0–5."""

    seats: int
    pits: tuple[Counts, ...]
    """Ten pits in ring order `A B C D E a b c d e`, each as counts of values 0–5."""
    cups: tuple[Counts, ...]
    """South's and North's cups: counts of gems by value (index 0, stones, always 0)."""
    turn: int
    """The seat to move (South 0, North 1), or whose turn it was when the game ended."""
    result: Outcome | None = None
    _moves: GlassBeadMoves | None = field(default=None, init=False, compare=False, repr=False)
    _playable: tuple[int, ...] | None = field(default=None, init=False, compare=False, repr=False)
    _last_sown: tuple[tuple[int, tuple[int, ...]], _Sown] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    playout_plies: ClassVar[int] = 8
    """For the computer players' search (host/computer): playouts of 8 plies on the fast path
    (`playout`), then judged by `evaluate` (see search.py). With these hooks normal won 37 of 40
    games against 48d7249's hard (1.6 s a move; before them normal won 8 of 40); 4 plies did as
    well as 8 in a 6-game screen (5 of 6 each)."""

    # -- the computer players' hooks (host/computer/hooks.py): defined in search.py, where the
    # knowledge is, which attaches them to this class (the rules never call them) ----------------

    evaluate: ClassVar[Callable[[GlassBeadState], tuple[float, float]]]
    """Each seat's chance of winning (`search.values`)."""
    playout: ClassVar[Callable[[GlassBeadState, random.Random, int], Outcome | tuple[float, float]]]
    """A playout of at most `plies` plies on the fast path (`search.playout`)."""
    candidate_moves: ClassVar[Callable[[GlassBeadState], Sequence[Sowing]]]
    """A few orders of each playable pit, captures first (`search.candidates`)."""
    winning_moves: ClassVar[Callable[[GlassBeadState], list[Sowing]]]
    """The moves that end the game with a win now (`search.winning`)."""

    # -- the contract ---------------------------------------------------------------------------

    def legal_moves(self) -> GlassBeadMoves:
        moves = self._moves
        if moves is None:
            moves = GlassBeadMoves(self)
            object.__setattr__(self, "_moves", moves)
        return moves

    def is_legal(self, move: Move) -> bool:
        if not isinstance(move, Sowing) or self.result is not None:
            return False
        pit = move.pit
        if not isinstance(pit, int) or pit not in _own(self.turn) or not isinstance(move.beads, tuple):
            return False
        if _counts_of(move.beads) != self.pits[pit] or pit not in self.playable_pit_indices():
            return False
        sown = self._sown(pit, move.beads)
        if move.capture != sown.capture or move.chain != sown.chain:
            return False
        if sown.capture == "indirect":
            return self._choice_error(sown, move.taken) is None and move.taken == _canonical_taken(move.taken)
        return move.taken == sown.direct

    def parse(self, text: str) -> Sowing:
        text = str(text)
        pit, beads, groups = _parse_text(text)
        refusal = self._pit_refusal(text, pit)
        if refusal:
            raise IllegalMoveError(refusal)
        counts = self.pits[pit]
        letter = LETTERS[pit]
        extra = [v for v in range(6) if beads.count(v) > counts[v]]
        if extra:
            v = extra[0]
            typed, there = beads.count(v), counts[v]
            values = {
                "text": text.strip(),
                "sown": _count_of(typed, v),
                "bead": v,
                "pit": letter,
                "there": there,
                "contents": _describe_counts(counts),
                "digits": _digits(counts),
                "example": self._example(pit),
            }
            if not there:
                raise IllegalMoveError(
                    phrase(
                        "`{text}` sows {sown} (`{bead}`), but pit `{pit}` holds none: it holds {contents} "
                        "(`{digits}`). Sow all of them in the order you like, e.g. `{example}`.",
                        **{k: v for k, v in values.items() if k != "there"},
                    )
                )
            raise IllegalMoveError(
                phrase(
                    "`{text}` sows {sown} (`{bead}`), but pit `{pit}` holds only {there}: it holds "
                    "{contents} "
                    "(`{digits}`). Sow all of them in the order you like, e.g. `{example}`.",
                    **values,
                )
            )
        n = sum(counts)
        if len(beads) != n:
            raise IllegalMoveError(
                phrase(
                    "`{text}` sows {sown}, but pit `{pit}` holds {held} (`{digits}`): sow all of "
                    "them, e.g. `{example}`.",
                    text=text.strip(),
                    sown=_beads(len(beads)),
                    pit=letter,
                    held=_beads(n),
                    digits=_digits(counts),
                    example=self._example(pit),
                )
            )
        sown = self._sown(pit, beads)
        sowing = f"{letter}{''.join(map(str, beads))}"
        must_take = sown.capture == "indirect" and sown.from_pits + sown.from_cup > 0
        if groups is None:
            if must_take:
                first = next(sown.options())
                raise IllegalMoveError(
                    plural_phrase(
                        "`{text}` captures indirectly: add ` x ` and the gem you take, e.g. `{example}`.",
                        "`{text}` captures indirectly: add ` x ` and the {count} gems you take, e.g. "
                        "`{example}`.",
                        len(first),
                        text=text.strip(),
                        example=f"{sowing} x {_format_taken(first)}",
                    )
                )
            return _moves_of(pit, beads, sown)[0]
        if not must_take:
            written = {"text": text.strip(), "sowing": sowing}
            if sown.capture == "direct":
                raise IllegalMoveError(
                    phrase(
                        "`{text}` captures directly, and a direct capture is not written: "
                        "write it without ` x `, as `{sowing}`.",
                        **written,
                    )
                )
            if sown.capture == "indirect":
                raise IllegalMoveError(
                    phrase(
                        "`{text}` captures indirectly, but there is no gem to take: write it without "
                        "` x `, as `{sowing}`.",
                        **written,
                    )
                )
            raise IllegalMoveError(
                phrase("`{text}` captures nothing: write it without ` x `, as `{sowing}`.", **written)
            )
        taken = _canonical_taken(groups)
        error = self._choice_error(sown, taken)
        if error:
            first = next(sown.options())
            raise IllegalMoveError(
                phrase(
                    "`{text}`: {error} For example `{example}`.",
                    text=text.strip(),
                    error=error,
                    example=f"{sowing} x {_format_taken(first)}",
                )
            )
        return Sowing(pit, beads, taken, "indirect", sown.chain)

    def _after(self, move: Move) -> GlassBeadState:
        assert isinstance(move, Sowing)
        mover = self.turn
        sown = self._sown(move.pit, move.beads)
        board = list(sown.board)  # rows are copied before a gem is taken from them
        cups = [list(self.cups[0]), list(self.cups[1])]
        opp = 1 - mover
        for source, value in move.taken:
            if source == CUP:
                cups[opp][value] -= 1
            else:
                row = board[source] = list(board[source])
                row[value] -= 1
            cups[mover][value] += 1
        pits = tuple(tuple(c) for c in board)
        new_cups = (tuple(cups[0]), tuple(cups[1]))
        result = None
        if not any(sum(pits[p]) for p in _own(opp)):
            result = _end_result(new_cups, opp)
        return GlassBeadState(seats=2, pits=pits, cups=new_cups, turn=opp, result=result)

    def resign(self, seat: int) -> GlassBeadState:
        return replace(self, result=self._resignation(seat, self.scores()))

    def to_json(self) -> dict[str, Any]:
        return {
            **self._json_header(),
            "pits": [_digits(c) for c in self.pits],
            "cups": [_digits(c) for c in self.cups],
            "turn": self.turn,
        }

    def suggest(self, typed: str, limit: int = 25) -> list[str]:
        if self.result is not None or limit <= 0:
            return []
        flat = "".join(typed.split())
        if not flat:
            return [self._example(p, prefer_capture=True) for p in self.playable_pit_indices()][:limit]
        if flat[0] not in LETTERS:
            return []
        pit = LETTERS.index(flat[0])
        if pit not in self.playable_pit_indices():
            return []
        head, cut, _tail = flat[1:].partition("x")
        if any(ch not in "012345" for ch in head):
            return []
        prefix = tuple(int(ch) for ch in head)
        counts = self.pits[pit]
        if any(prefix.count(v) > counts[v] for v in range(6)):
            return []
        if cut and len(prefix) != sum(counts):
            return []
        out: list[str] = []
        for beads in _orders_from(counts, prefix):
            sown = _sow(self.pits, self.cups, self.turn, pit, beads)
            for move in _moves_of(pit, beads, sown):
                text = str(move)
                if "".join(text.split()).startswith(flat):
                    out.append(text)
                    if len(out) >= limit:
                        return out
            if len(beads) == len(prefix):
                break
        return out

    def describe_move(self, move: Move) -> str:
        return self._told(move, with_order=False)

    def describe_to_mover(self, move: Move) -> str:
        """The sowing with where each bead goes, in its order ("stone→B, purple→C"): the
        moves of one pit differ only in that order, which a menu of them must tell apart. Beads
        are named, not numbered: "0 into B" would read as nothing sown there."""
        return self._told(move, with_order=True)

    def _told(self, move: Move, *, with_order: bool) -> str:
        if not isinstance(move, Sowing):
            return str(move)
        who = Phrase(SEAT_NAMES[int(LETTERS[move.pit].islower())])
        text = phrase(
            "{seat} sows {beads} from `{pit}`", seat=who, beads=_beads(len(move.beads)), pit=move.letter
        )
        if with_order:
            order = series_phrase(
                [
                    phrase("{bead}→`{pit}`", bead=Phrase(BEAD_COLOURS[v]), pit=LETTERS[p])
                    for v, p in zip(move.beads, move.path, strict=True)
                ]
            )
            # TRANSLATORS: a sowing and where each of its beads goes ("…: purple→`B`, stone→`C`").
            text = phrase("{sowing}: {order}", sowing=text, order=order)
        if move.capture == "direct":
            gems = series_phrase([_gem_from(v, s) for s, v in move.taken])
            text = phrase("{sowing} and captures directly: {gems}", sowing=text, gems=gems)
        elif move.capture == "indirect":
            if move.taken:
                text = phrase(
                    "{sowing} and captures indirectly: {gems}", sowing=text, gems=_describe_taken(move.taken)
                )
            else:
                text = phrase("{sowing} and captures indirectly, but there is no gem to take", sowing=text)
        return Said(text)

    # -- helpers for the renderer and the move builder ----------------------------------------

    def beads(self, pit: int | str) -> tuple[int, ...]:
        """The bead values in a pit (index 0–9 or letter), low to high."""
        return _sorted_values(self.pits[_pit_index(pit)])

    def cup_gems(self, seat: int) -> tuple[int, ...]:
        """The gem values in a seat's cup, low to high."""
        return _sorted_values(self.cups[seat])

    def points(self, seat: int) -> int:
        """Points in a seat's cup."""
        return sum(v * c for v, c in enumerate(self.cups[seat]))

    def scores(self) -> tuple[int, int]:
        return (self.points(0), self.points(1))

    @property
    def endgame(self) -> bool:
        """No gem is left in any pit: no feeding duty; only the cups' gems can still move."""
        return not any(any(c[1:]) for c in self.pits)

    @property
    def must_feed(self) -> bool:
        """The mover must sow into the opponent's empty pits (the feeding duty)."""
        if self.result is not None:
            return False
        pits = self.pits
        lo = 5 - 5 * self.turn
        if any(pits[lo]) or any(pits[lo + 1]) or any(pits[lo + 2]) or any(pits[lo + 3]) or any(pits[lo + 4]):
            return False
        return not self.endgame

    def playable_pit_indices(self) -> tuple[int, ...]:
        """The mover's pits (0–9) that have a legal move, in ring order."""
        playable = self._playable
        if playable is None:
            if self.result is not None:
                playable = ()
            elif self.must_feed:
                playable = tuple(p for p in _own(self.turn) if sum(self.pits[p]) >= 5 - p % 5)
            else:
                playable = tuple(p for p in _own(self.turn) if any(self.pits[p]))
            object.__setattr__(self, "_playable", playable)
        return playable

    def playable_pits(self) -> tuple[str, ...]:
        """Move builder, step 1: the letters of the mover's pits that have a legal move."""
        return tuple(LETTERS[p] for p in self.playable_pit_indices())

    def next_beads(self, pit: int | str, sown: Sequence[int] = ()) -> tuple[int, ...]:
        """Move builder, step 2: the bead values that may be sown next from `pit` after the
        partial order `sown` (every order of a playable pit's beads is legal)."""
        index = _pit_index(pit)
        if index not in self.playable_pit_indices():
            raise IllegalMoveError(
                self._pit_refusal(LETTERS[index], index) or phrase("That pit cannot be played.")
            )
        counts = self.pits[index]
        left = [counts[v] - list(sown).count(v) for v in range(6)]
        if any(c < 0 for c in left) or any(not 0 <= v <= 5 for v in sown):
            raise IllegalMoveError(
                phrase(
                    "Pit `{pit}` does not hold the beads `{beads}`.",
                    pit=LETTERS[index],
                    beads="".join(map(str, sown)),
                )
            )
        return tuple(v for v in range(6) if left[v])

    def capture_kind(self, pit: int | str, beads: Sequence[int]) -> str:
        """Move builder, step 3: what a complete order captures: "", "direct" or "indirect"."""
        return self._complete(pit, beads).capture

    def gems_to_take(self, pit: int | str, beads: Sequence[int]) -> int:
        """Move builder, step 3: how many gems a complete order captures indirectly (0 when
        it is no indirect capture, or there is no gem to take: no ` x ` part then)."""
        sown = self._complete(pit, beads)
        return sown.from_pits + sown.from_cup if sown.capture == "indirect" else 0

    def capture_choices(self, pit: int | str, beads: Sequence[int], limit: int = 25) -> tuple[int, list[str]]:
        """Move builder, step 3: (how many choices of gems, the first `limit` of them as
        canonical suffixes such as `x B5 3`) for a complete order; (0, []) when there is
        nothing to choose."""
        sown = self._complete(pit, beads)
        if sown.capture != "indirect" or sown.from_pits + sown.from_cup == 0:
            return 0, []
        first: list[str] = []
        for taken in sown.options():
            if len(first) >= limit:
                break
            first.append("x " + _format_taken(taken))
        return sown.option_count(), first

    def _complete(self, pit: int | str, beads: Sequence[int]) -> _Sown:
        index = _pit_index(pit)
        if index not in self.playable_pit_indices():
            raise IllegalMoveError(
                self._pit_refusal(LETTERS[index], index) or phrase("That pit cannot be played.")
            )
        if _counts_of(tuple(beads)) != self.pits[index]:
            raise IllegalMoveError(
                phrase(
                    "Sow every bead of pit `{pit}` (`{digits}`) in some order.",
                    pit=LETTERS[index],
                    digits=_digits(self.pits[index]),
                )
            )
        return self._sown(index, tuple(beads))

    # -- internals -------------------------------------------------------------------------------

    def _sown(self, pit: int, beads: tuple[int, ...]) -> _Sown:
        """`_sow` from this position, remembering the last one (checking a move and playing it
        sow the same beads). The board of the result must not be changed in place."""
        key = (pit, beads)
        last = self._last_sown
        if last is not None and last[0] == key:
            return last[1]
        sown = _sow(self.pits, self.cups, self.turn, pit, beads)
        object.__setattr__(self, "_last_sown", (key, sown))
        return sown

    def _feeds(self, pit: int) -> bool:
        """Whether sowing `pit` satisfies the feeding duty (it depends on the count only)."""
        return not self.must_feed or sum(self.pits[pit]) >= 5 - pit % 5

    def _pit_refusal(self, text: str, pit: int) -> Phrase | None:
        shown = text.strip()
        if self.result is not None:
            return phrase("The game is over: no more moves can be played.")
        mover = self.turn
        playable = ", ".join(f"`{LETTERS[p]}`" for p in self.playable_pit_indices())
        if pit not in _own(mover):
            own = "`A`–`E`" if mover == 0 else "`a`–`e`"
            return phrase(
                "`{text}` sows from `{pit}`, one of {other}'s pits: {seat} sows from {own} (now {playable}), "
                "e.g. `{example}`.",
                text=shown,
                pit=LETTERS[pit],
                other=Phrase(SEAT_NAMES[1 - mover]),
                seat=Phrase(SEAT_NAMES[mover]),
                own=own,
                playable=playable,
                example=self._example(),
            )
        if not sum(self.pits[pit]):
            return phrase(
                "`{text}` sows from pit `{pit}`, which is empty: choose a pit with beads "
                "({playable}), e.g. `{example}`.",
                text=shown,
                pit=LETTERS[pit],
                playable=playable,
                example=self._example(),
            )
        if not self._feeds(pit):
            return phrase(
                "`{text}` breaks the feeding duty: {other}'s pits are all empty, so your move must sow into "
                "them, and pit `{pit}` does not reach them. Sow from {playable}, e.g. `{example}`.",
                text=shown,
                other=Phrase(SEAT_NAMES[1 - mover]),
                pit=LETTERS[pit],
                playable=playable,
                example=self._example(),
            )
        return None

    def _example(self, pit: int | None = None, prefer_capture: bool = False) -> str:
        """A legal move (of `pit`, or of the first playable pit), preferably a capture."""
        if pit is None:
            playable = self.playable_pit_indices()
            if not playable:
                return "A05"
            pit = playable[0]
        beads = self._capturing_order(pit) if prefer_capture else None
        if beads is None:
            beads = _sorted_values(self.pits[pit])
        sown = _sow(self.pits, self.cups, self.turn, pit, beads)
        return str(_moves_of(pit, beads, sown)[0])

    def _capturing_order(self, pit: int) -> tuple[int, ...] | None:
        """The first order (lexicographically) of the pit's beads that captures, if any."""
        counts = self.pits[pit]
        n = sum(counts)
        path = PATHS[pit][n]
        last = path[-1]
        if last not in _own(1 - self.turn):
            return None
        earlier = [k for k in range(n - 1) if path[k] == last]
        size = sum(self.pits[last]) + len(earlier)
        if size != 1 or not counts[0]:
            return None
        # A capture needs a stone last; the bead sown earlier into the last pit may be any.
        rest = list(counts)
        rest[0] -= 1
        return (*_sorted_values(rest), 0)

    def _choice_error(self, sown: _Sown, taken: Taken) -> Phrase | None:
        """Why `taken` is not a right choice of gems for this indirect capture, or None."""
        need = sown.from_pits + sown.from_cup
        opp = 1 - self.turn
        owner = Phrase(SEAT_NAMES[opp])
        for source, _value in taken:
            if source != CUP and source not in sown.opp_pits:
                side = "`A`–`E`" if opp == 0 else "`a`–`e`"
                return phrase(
                    "gems are taken from {seat}'s pits {side} or cup, not from `{pit}`.",
                    seat=owner,
                    side=side,
                    pit=LETTERS[source],
                )
        wanted: dict[tuple[int, int], int] = {}
        for item in taken:
            wanted[item] = wanted.get(item, 0) + 1
        for (source, value), count in wanted.items():
            there = sown.cup[value] if source == CUP else sown.board[source][value]
            if count > there:
                place = (
                    phrase("{seat}'s cup", seat=owner)
                    if source == CUP
                    else phrase("`{pit}` after the sowing", pit=LETTERS[source])
                )
                if there == 0:
                    return phrase(
                        "there is no {bead} (`{value}`) in {place}.",
                        bead=Phrase(BEAD_NAMES[value]),
                        value=value,
                        place=place,
                    )
                return plural_phrase(
                    "you take {beads} (`{value}`), but there is only {count} in {place}.",
                    "you take {beads} (`{value}`), but there are only {count} in {place}.",
                    there,
                    beads=_count_of(count, value),
                    value=value,
                    place=place,
                )
        if len(taken) != need:
            return phrase(
                "this capture takes exactly {gems}, not {taken}.", gems=_gems(need), taken=len(taken)
            )
        from_cup = sum(1 for s, _ in taken if s == CUP)
        if from_cup != sown.from_cup:
            return phrase(
                "take {gems} from {seat}'s pits first, and from the cup only when the pits have no gem left.",
                gems=_gems(sown.from_pits),
                seat=owner,
            )
        return None
