"""Pairing a tournament's rounds: Swiss (two seats or tables of 3–6), round-robin, knockout.

Pure functions of plain values (entrant ids, ratings, results): nothing here knows Discord or
the store, and every function gives the same answer for the same input.

Swiss, two seats (a Dutch-like score-group pairing; the rules for players are in
docs/tournaments.md). Active entrants are ranked by points, then by seed (rating, unrated last,
then entrant id). For an odd count the bye goes to the lowest-ranked entrant with the fewest
byes whose removal still lets the others be paired as below (else the next one up). The rest
are paired by a depth-first search over that ranking: the highest unpaired entrant takes, among
the unpaired entrants with the same points, the one half a group below (the top half of a score
group meets its bottom half in order, as in the Dutch system), then the others of the group,
then entrants of lower groups in rank order (a float down). A pair is allowed only between
entrants who have not met; and its seats should not clash (two entrants needing the same seat,
lest one play a side two games more than the other, or three times in a row). When the search
cannot complete, it undoes the latest choices first (backtracking). It runs first allowing only
as many clashes as the counts of entrants needing each seat force (then a few more), within
`STRICT_SEARCH_STEPS`; then allowing clashes only where no other partner is left, within
`SEARCH_STEPS` (exhaustive for small fields, so a repeat is never made while avoidable there);
then with the fewest repeats it finds. A round of 1,024 entrants takes about 18 ms of CPU (the
median; bench/tournament_bench.py). No matching library: a maximum-weight matching over the
whole field (networkx's, as caissify-pairings' FIDE Dutch engine uses) is cubic, seconds for
128 entrants and minutes for 256 in pure Python (figures in bench/README.md).

Swiss, tables of k seats: tables of k (and of fewer seats if the game allows, see
`table_sizes`), byes for the remainder. Round 1 seats tables by snake seeding; later rounds fill
tables from the top of the ranking, each entrant joining the table of the best-ranked entrants
with whom it has shared no table, and a pass of swaps between tables then removes the repeats
it can.

Round-robin: FIDE's Berger tables (odd counts add a bye). Knockout: a bracket of the next power
of two, standard seeding, byes to the top seeds; a drawn game is replayed with seats swapped, at
most twice, then the higher seed goes on.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field

STRICT_SEARCH_STEPS = 20_000
"""Most candidate pairs a round's searches keeping every seat balanced try in all."""

SEARCH_STEPS = 200_000
"""Most candidate pairs a round's searches avoiding repeats try in all (exhaustive below about
14 entrants; far more than large fields need)."""

MAX_REPLAYS = 2
"""A drawn knockout game is replayed at most twice (three games in all)."""


class PairingError(ValueError):
    """A round cannot be paired from this input; the message says what would be accepted."""


class NotEnoughEntrants(PairingError):
    """Fewer active entrants than one game needs."""

    def __init__(self, active: int, needed: int) -> None:
        self.active, self.needed = active, needed
        super().__init__(f"{active} active entrants: a round needs at least {needed}")


class BadTableSize(PairingError):
    """The table size is not one the game allows (or below 2)."""

    def __init__(self, size: int, allowed: Collection[int]) -> None:
        self.size, self.allowed = size, tuple(sorted(allowed))
        super().__init__(f"tables of {size}: the sizes allowed are {self.allowed}")


class UnknownEntrant(PairingError):
    """A result or seed names an entrant id the tournament does not have, or names one twice."""

    def __init__(self, entrant: int) -> None:
        self.entrant = entrant
        super().__init__(f"entrant {entrant} is unknown or given twice")


@dataclass(frozen=True)
class Entrant:
    """One player of a tournament, as pairing sees them."""

    entrant: int  # id in the tournament
    rating: float | None  # for seeding; None = unrated (seeded last, by entrant id)
    withdrawn: bool = False


@dataclass(frozen=True)
class Table:
    """One game of a round: entrants by seat (seat 0 moves first). A bye is a Table of one."""

    seats: tuple[int, ...]

    @property
    def bye(self) -> bool:
        return len(self.seats) == 1


@dataclass(frozen=True)
class Result:
    """A finished (or forfeited) game of a round."""

    round: int  # 1-based
    table: Table
    scores: tuple[float, ...]  # per seat, in [0, 1] (see `score_from_places`); a bye: (1.0,)
    places: tuple[int, ...]  # per seat, 1 = first (ties share the better place); a bye: (1,)


def bye_result(round_number: int, entrant: int) -> Result:
    """The result of a bye: a win."""
    return Result(round_number, Table((entrant,)), (1.0,), (1,))


def score_from_places(places: Sequence[int]) -> tuple[float, ...]:
    """Each seat's score in [0, 1]: the share of the other players at the table it finished
    above, a tie counting half. Two seats: win 1, draw ½, loss 0; a table of one (a bye): 1."""
    if len(places) == 1:
        return (1.0,)
    others = len(places) - 1
    return tuple(
        (sum(1 for other in places if other > mine) + 0.5 * (sum(1 for other in places if other == mine) - 1))
        / others
        for mine in places
    )


def table_sizes(players: int, size: int, allowed: Collection[int]) -> tuple[tuple[int, ...], int]:
    """The sizes of a round's tables (largest first) and the number of byes.

    Tables of `size` when the count divides; otherwise, when the game allows smaller tables,
    as few tables as tables of `size` would need, their sizes as even as can be (tables of
    size and size − 1 whenever the count allows it) so that nobody waits; otherwise (Kerboge:
    only 4) tables of `size` and the remainder get byes. Two seats: one bye for an odd count."""
    if size < 2 or size not in allowed:
        raise BadTableSize(size, allowed)
    full, remainder = divmod(players, size)
    if remainder == 0:
        return (size,) * full, 0
    tables = full + 1
    small, extra = divmod(players, tables)
    sizes = (small + 1,) * extra + (small,) * (tables - extra)
    if small >= 2 and all(s in allowed for s in sizes):
        return sizes, 0
    return (size,) * full, remainder


@dataclass
class _History:
    """What the results so far say of one entrant."""

    points: float = 0.0
    byes: int = 0
    met: Counter[int] = field(default_factory=Counter)  # opponent -> games at the same table
    sides: list[int] = field(default_factory=list)  # seat of each game with others, in round order

    @property
    def firsts(self) -> int:
        return sum(1 for seat in self.sides if seat == 0)

    def seat_need(self) -> int | None:
        """The seat (0 or 1) a two-seat game must give this entrant to keep its seats balanced
        (difference within one, never three in a row the same), or None if either will do."""
        difference = 2 * self.firsts - len(self.sides)  # firsts − seconds
        if difference > 0 or self.sides[-2:] == [0, 0]:
            return 1
        if difference < 0 or self.sides[-2:] == [1, 1]:
            return 0
        return None

    def need_strength(self) -> tuple[int, bool]:
        """How far from balance the seats are: the difference, then two in a row the same."""
        return abs(2 * self.firsts - len(self.sides)), len(set(self.sides[-2:])) == 1 and len(self.sides) >= 2


def _histories(ids: Collection[int], results: Sequence[Result]) -> dict[int, _History]:
    histories = {entrant: _History() for entrant in ids}
    for result in sorted(results, key=lambda r: r.round):
        seats = result.table.seats
        for seat, entrant in enumerate(seats):
            history = histories.get(entrant)
            if history is None:
                raise UnknownEntrant(entrant)
            history.points += result.scores[seat]
            if result.table.bye:
                history.byes += 1
                continue
            history.sides.append(seat)
            for other in seats:
                if other != entrant:
                    history.met[other] += 1
    return histories


def seed_order(entrants: Sequence[Entrant]) -> list[int]:
    """Entrant ids by seed, best first: by rating, unrated last, then by entrant id (join order)."""
    ids = [e.entrant for e in entrants]
    if len(set(ids)) != len(ids):
        raise UnknownEntrant(next(i for i, n in Counter(ids).items() if n > 1))
    ordered = sorted(entrants, key=lambda e: (e.rating is None, -(e.rating or 0.0), e.entrant))
    return [e.entrant for e in ordered]


def swiss_round(
    entrants: Sequence[Entrant], results: Sequence[Result], *, size: int = 2, allowed: Collection[int] = (2,)
) -> list[Table]:
    """The next Swiss round: its tables (byes last, as Tables of one), best-ranked first.

    Withdrawn entrants are left out. See the module's docstring for the rules."""
    seeds = seed_order(entrants)
    withdrawn = {e.entrant for e in entrants if e.withdrawn}
    histories = _histories(seeds, results)
    seed_rank = {entrant: rank for rank, entrant in enumerate(seeds)}
    active = sorted(
        (entrant for entrant in seeds if entrant not in withdrawn),
        key=lambda entrant: (-histories[entrant].points, seed_rank[entrant]),
    )
    if size < 2 or size not in allowed:
        raise BadTableSize(size, allowed)
    needed = min(allowed) if size > 2 else 2
    if len(active) < max(2, needed):
        raise NotEnoughEntrants(len(active), max(2, needed))
    if size == 2:
        return _pair_two_seats(active, histories)
    return _seat_tables(active, histories, results, size, allowed)


# Two seats ---------------------------------------------------------------------------------


def _bye_candidates(ranked: list[int], histories: dict[int, _History], count: int) -> list[list[int]]:
    """Who may take the `count` byes, in the order to try: the lowest-ranked with the fewest byes
    first (nobody has a second bye while someone has none)."""
    by_byes = sorted(reversed(ranked), key=lambda entrant: histories[entrant].byes)
    if count == 0:
        return [[]]
    if count == 1:
        fewest = histories[by_byes[0]].byes
        return [[entrant] for entrant in by_byes if histories[entrant].byes == fewest]
    return [by_byes[:count]]


def _pair_two_seats(ranked: list[int], histories: dict[int, _History]) -> list[Table]:
    """Byes, then pairs: for each bye candidate in turn, no repeat and the fewest seat clashes
    that could do (then a few more), within `STRICT_SEARCH_STEPS` in all; then no repeat and
    clashes only where the search finds no other partner, within `SEARCH_STEPS`; then the
    fewest repeats."""
    byes = len(ranked) % 2
    candidates = _bye_candidates(ranked, histories, byes)
    budget = [STRICT_SEARCH_STEPS]
    for bye in candidates:
        rest = [entrant for entrant in ranked if entrant not in bye]
        least = _fewest_clashes(rest, histories)
        for clashes in sorted({least, 2 * least + 1}):
            pairs = _search(rest, histories, clashes=clashes, budget=budget)
            if pairs is not None:
                return _two_seat_tables(pairs, bye, histories)
        if budget[0] <= 0:
            break
    # Any number of clashes, still the fewest first down the ranking: complete for repeats.
    budget = [SEARCH_STEPS]
    for bye in candidates:
        rest = [entrant for entrant in ranked if entrant not in bye]
        pairs = _search(rest, histories, clashes=len(rest), budget=budget)
        if pairs is not None:
            return _two_seat_tables(pairs, bye, histories)
    rest = [entrant for entrant in ranked if entrant not in candidates[0]]
    return _two_seat_tables(_fewest_repeats(rest, histories), candidates[0], histories)


def _fewest_clashes(ranked: list[int], histories: dict[int, _History]) -> int:
    """A lower bound of the pairs whose seats must clash: those needing one side beyond all who
    could take the other (need it, or need neither) must meet each other."""
    needs = Counter(histories[entrant].seat_need() for entrant in ranked)
    excess = abs(needs[0] - needs[1]) - needs[None]
    return max(0, (excess + 1) // 2)


def _search(
    ranked: list[int], histories: dict[int, _History], *, clashes: int, budget: list[int]
) -> list[tuple[int, int]] | None:
    """Pairs of the ranked entrants (an even count), none repeating a game, at most `clashes`
    of them with clashing seats, by the depth-first search of the
    module's docstring; None when there is no such pairing or `budget[0]` steps ran out (the
    steps taken are subtracted from it)."""
    count = len(ranked)
    points = [histories[entrant].points for entrant in ranked]
    met = [histories[entrant].met for entrant in ranked]
    needs = [histories[entrant].seat_need() for entrant in ranked]
    paired = [False] * count
    # The end (exclusive) of each entrant's block of equal points in the ranking.
    block_end = [count] * count
    for index in range(count - 2, -1, -1):
        block_end[index] = block_end[index + 1] if points[index] == points[index + 1] else index + 1
    clashed = 0

    def options(top: int) -> Iterator[int]:
        """Partners for `top` in the order of preference: pairs keeping seats first, then
        (while clashes are left) the others."""
        group = [j for j in range(top + 1, block_end[top]) if not paired[j]]
        half = max(0, (len(group) + 1) // 2 - 1)  # the top half meets the bottom half in order
        order = [*group[half:], *reversed(group[:half])]
        need = needs[top]
        met_top = met[top]
        for j in order:
            if not met_top[ranked[j]] and (need is None or need != needs[j]):
                yield j
        for j in range(block_end[top], count):
            if not paired[j] and not met_top[ranked[j]] and (need is None or need != needs[j]):
                yield j
        if need is None:
            return
        for j in order:
            if clashed < clashes and not met_top[ranked[j]] and need == needs[j]:
                yield j
        for j in range(block_end[top], count):
            if clashed < clashes and not paired[j] and not met_top[ranked[j]] and need == needs[j]:
                yield j

    stack: list[tuple[int, int, Iterator[int]]] = []  # (top, its partner, the other options)
    top = 0
    while True:
        while top < count and paired[top]:
            top += 1
        if top >= count:
            return [(ranked[a], ranked[b]) for a, b, _ in stack]
        paired[top] = True
        choices = options(top)
        while True:
            partner = next(choices, None)
            budget[0] -= 1
            if partner is not None:
                paired[partner] = True
                if needs[top] is not None and needs[top] == needs[partner]:
                    clashed += 1
                stack.append((top, partner, choices))
                break
            # No partner left for `top`: undo the latest pair and try its next option.
            paired[top] = False
            if not stack or budget[0] <= 0:
                return None
            top, partner, choices = stack.pop()
            paired[partner] = False
            if needs[top] is not None and needs[top] == needs[partner]:
                clashed -= 1
        top += 1


def _fewest_repeats(ranked: list[int], histories: dict[int, _History]) -> list[tuple[int, int]]:
    """When every pairing repeats a game: each entrant, best first, meets the unpaired entrant
    it has met least often (the nearest in rank among equals)."""
    left = list(ranked)
    pairs = []
    while left:
        top = left.pop(0)
        partner = min(left, key=lambda other: histories[top].met[other])
        left.remove(partner)
        pairs.append((top, partner))
    return pairs


def _two_seat_tables(
    pairs: list[tuple[int, int]], bye: list[int], histories: dict[int, _History]
) -> list[Table]:
    tables = []
    for board, (higher, lower) in enumerate(pairs):
        first = _first_seat(histories[higher], histories[lower], board)
        tables.append(Table((higher, lower) if first == 0 else (lower, higher)))
    return tables + [Table((entrant,)) for entrant in bye]


def _first_seat(higher: _History, lower: _History, board: int) -> int:
    """0 if the higher-ranked entrant of a pair moves first, else 1: the seat an entrant needs
    (when both need the same, the one further from balance, else the higher-ranked), else the
    side the higher-ranked did not have last, else the lower's, else alternating down the
    boards (round 1: the top board's higher seed first)."""
    needs = [
        (history.need_strength(), -flip, need ^ flip)
        for flip, history in enumerate((higher, lower))
        if (need := history.seat_need()) is not None
    ]
    if needs:
        return max(needs)[2]
    for flip, history in enumerate((higher, lower)):
        if history.sides:
            return (1 - history.sides[-1]) ^ flip
    return board % 2


# Tables ------------------------------------------------------------------------------------


def _seat_tables(
    ranked: list[int],
    histories: dict[int, _History],
    results: Sequence[Result],
    size: int,
    allowed: Collection[int],
) -> list[Table]:
    sizes, bye_count = table_sizes(len(ranked), size, allowed)
    bye = _bye_candidates(ranked, histories, bye_count)[0]
    rest = [entrant for entrant in ranked if entrant not in bye]
    if not results:
        groups = _snake(rest, sizes)
    else:
        groups = _fill_by_rank(rest, sizes, histories)
        earlier = {frozenset(r.table.seats) for r in results if len(r.table.seats) > 1}
        _swap_out_repeats(groups, histories, earlier)
    tables = [Table(tuple(_table_seat_order(group, histories))) for group in groups]
    return tables + [Table((entrant,)) for entrant in bye]


def _snake(ranked: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """Seeds dealt to the tables 1, 2, … n, n, … 2, 1, 1, 2, … (skipping full tables)."""
    groups: list[list[int]] = [[] for _ in sizes]
    order = list(range(len(sizes)))
    turn = 0
    for entrant in ranked:
        while True:
            lap, at = divmod(turn, len(order))
            index = order[at] if lap % 2 == 0 else order[-1 - at]
            turn += 1
            if len(groups[index]) < sizes[index]:
                groups[index].append(entrant)
                break
    return groups


def _repeats_with(entrant: int, group: Sequence[int], histories: dict[int, _History]) -> int:
    met = histories[entrant].met
    return sum(met[other] for other in group)


def _fill_by_rank(
    ranked: list[int], sizes: tuple[int, ...], histories: dict[int, _History]
) -> list[list[int]]:
    """Tables from the top of the ranking: each seat taken by the best-ranked unseated entrant
    who has shared no table with those already at it (else the one who has shared fewest)."""
    left = list(ranked)
    groups = []
    for seats in sizes:
        group = [left.pop(0)]
        while len(group) < seats:
            best_index, best_repeats = 0, math.inf
            for index, entrant in enumerate(left):
                repeats = _repeats_with(entrant, group, histories)
                if repeats < best_repeats:
                    best_index, best_repeats = index, repeats
                    if repeats == 0:
                        break
            group.append(left.pop(best_index))
        groups.append(group)
    return groups


def _swap_out_repeats(
    groups: list[list[int]], histories: dict[int, _History], earlier: Collection[frozenset[int]]
) -> None:
    """Swaps of one entrant between two tables that lower the repeated meetings of both tables
    (a table of the same entrants as an earlier one counting more than any pairs), nearest
    tables first, until none helps (or four passes)."""

    def cost(group: Sequence[int]) -> int:
        """Pairs meeting again, and far worse, a whole table meeting again."""
        repeats = sum(histories[a].met[b] for i, a in enumerate(group) for b in group[i + 1 :])
        return repeats + (len(group) ** 2 if frozenset(group) in earlier else 0)

    costs = [cost(group) for group in groups]
    for _ in range(4):
        improved = False
        for t, group in enumerate(groups):
            if costs[t] == 0:
                continue
            for u in sorted(range(len(groups)), key=lambda u: (abs(u - t), u)):
                if u == t or costs[t] == 0:
                    continue
                other = groups[u]
                for i in range(len(group)):
                    done = False
                    for j in range(len(other)):
                        new_group = [*group[:i], other[j], *group[i + 1 :]]
                        new_other = [*other[:j], group[i], *other[j + 1 :]]
                        new_costs = cost(new_group), cost(new_other)
                        if sum(new_costs) < costs[t] + costs[u]:
                            groups[t], groups[u] = group, other = new_group, new_other
                            costs[t], costs[u] = new_costs
                            improved = done = True
                            break
                    if done:
                        break
        if not improved:
            return


def _table_seat_order(group: list[int], histories: dict[int, _History]) -> list[int]:
    """Who moved first least often moves first; then who sat later on average, then rank."""

    def key(entrant: int) -> tuple[int, float, int]:
        sides = histories[entrant].sides
        average = sum(sides) / len(sides) if sides else 0.0
        return (histories[entrant].firsts, -average, group.index(entrant))

    return sorted(group, key=key)


# Round-robin -------------------------------------------------------------------------------


def round_robin(entrants: Sequence[int]) -> list[list[Table]]:
    """Every round of a round-robin by FIDE's Berger tables: for n entrants (one more, a bye,
    when n is odd) n − 1 rounds; every pair meets exactly once; first seats differ by at most one
    between any two entrants. Entrants are given in seed order: the first is number 1 of the
    tables. Round r: number n meets number 1 + (r − 1)·n/2 (modulo n − 1), on board 1, first in
    the even rounds; on board b the one b − 1 after that number meets the one b − 1 before it,
    the one after first."""
    if len(set(entrants)) != len(entrants):
        raise UnknownEntrant(next(i for i, n in Counter(entrants).items() if n > 1))
    if len(entrants) < 2:
        raise NotEnoughEntrants(len(entrants), 2)
    players: list[int | None] = list(entrants)
    if len(players) % 2:
        players.append(None)  # whoever meets it has a bye
    count = len(players)
    circle = count - 1  # the numbers 1 .. count − 1 turn round; number `count` stays on board 1

    def player(number: int) -> int | None:
        return players[(number - 1) % circle]

    rounds = []
    for turn in range(circle):
        start = 1 + turn * (count // 2)  # who meets the fixed player this round
        games = [(player(start), players[-1]) if turn % 2 == 0 else (players[-1], player(start))]
        games += [(player(start + board), player(start - board)) for board in range(1, count // 2)]
        tables = [
            Table((first, second)) for first, second in games if first is not None and second is not None
        ]
        byes = [Table((first or second,)) for first, second in games if first is None or second is None]  # type: ignore[arg-type]
        rounds.append(tables + byes)
    return rounds


# Knockout ----------------------------------------------------------------------------------


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) down a bracket of `size` (a power of two) so that 1 meets `size`,
    and seeds 1 and 2 can meet only in the final: 2 → [1, 2], 4 → [1, 4, 2, 3], 8 → [1, 8, 4,
    5, 2, 7, 3, 6]."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


@dataclass(frozen=True)
class BracketSlot:
    """One game of a knockout bracket: who is in it (None: a bye or not known yet), its games
    (a drawn game and its replays), and who went on (None while undecided)."""

    top: int | None
    bottom: int | None
    games: tuple[Result, ...] = ()
    winner: int | None = None
    walkover: bool = False  # decided without a game: a bye, or an entrant withdrawn


@dataclass(frozen=True)
class Bracket:
    """A whole knockout: rounds (first round first) of slots (top of the bracket first)."""

    rounds: tuple[tuple[BracketSlot, ...], ...]

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner if self.rounds else None


def knockout_bracket(
    seeds: Sequence[int], results: Sequence[Result], withdrawn: Collection[int] = ()
) -> Bracket:
    """The bracket from the results so far. `seeds`: entrants in seed order (best first);
    `results`: the knockout's games (replays in the same round); `withdrawn`: entrants whose
    next game is a walkover (the other goes on)."""
    if len(set(seeds)) != len(seeds):
        raise UnknownEntrant(next(i for i, n in Counter(seeds).items() if n > 1))
    if len(seeds) < 2:
        raise NotEnoughEntrants(len(seeds), 2)
    rank = {entrant: index for index, entrant in enumerate(seeds)}
    size = 1 << (len(seeds) - 1).bit_length()
    games: dict[tuple[int, frozenset[int]], list[Result]] = defaultdict(list)
    for result in results:
        for entrant in result.table.seats:
            if entrant not in rank:
                raise UnknownEntrant(entrant)
        games[(result.round, frozenset(result.table.seats))].append(result)
    line: list[int | None] = [seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)]
    rounds = []
    round_number = 1
    while len(line) > 1:
        slots = []
        for top, bottom in zip(line[::2], line[1::2], strict=True):
            played = (
                tuple(games.get((round_number, frozenset((top, bottom))), ()))
                if top is not None and bottom is not None
                else ()
            )
            slots.append(_decide(top, bottom, played, rank, withdrawn))
        rounds.append(tuple(slots))
        line = [slot.winner for slot in slots]
        if any(slot.winner is None for slot in slots):
            # Later rounds: who is known so far, nothing decided.
            while len(line) > 1:
                pending = [BracketSlot(a, b) for a, b in zip(line[::2], line[1::2], strict=True)]
                rounds.append(tuple(pending))
                line = [None] * len(pending)
            break
        round_number += 1
    return Bracket(tuple(rounds))


def _decide(
    top: int | None,
    bottom: int | None,
    played: tuple[Result, ...],
    rank: dict[int, int],
    withdrawn: Collection[int],
) -> BracketSlot:
    if top is None or bottom is None:
        return BracketSlot(top, bottom, winner=top if bottom is None else bottom, walkover=True)
    for result in played:
        best = min(result.places)
        winners = [result.table.seats[seat] for seat, place in enumerate(result.places) if place == best]
        if len(winners) == 1:
            return BracketSlot(top, bottom, played, winners[0])
    if len(played) > MAX_REPLAYS:  # three draws: the higher seed goes on
        return BracketSlot(top, bottom, played, min(top, bottom, key=rank.__getitem__))
    out = [entrant for entrant in (top, bottom) if entrant in withdrawn]
    if out:
        stays = [entrant for entrant in (top, bottom) if entrant not in out]
        winner = stays[0] if stays else min(top, bottom, key=rank.__getitem__)
        return BracketSlot(top, bottom, played, winner, walkover=True)
    return BracketSlot(top, bottom, played)


def knockout_round(
    seeds: Sequence[int], results: Sequence[Result], withdrawn: Collection[int] = ()
) -> list[Table]:
    """The knockout games to play next: the undecided games of the earliest undecided round,
    a drawn game's replay with the seats of its last game swapped; empty when the knockout is
    over. Round 1 puts the higher seed in the first seat. (A game whose result is not in yet is
    given again: the caller plays each round's games, then asks again.)"""
    bracket = knockout_bracket(seeds, results, withdrawn)
    rank = {entrant: index for index, entrant in enumerate(seeds)}
    for slots in bracket.rounds:
        pending = [slot for slot in slots if slot.winner is None]
        if not pending:
            continue
        tables = []
        for slot in pending:
            assert (
                slot.top is not None and slot.bottom is not None
            )  # both known once the round before is decided
            if slot.games:
                tables.append(Table(tuple(reversed(slot.games[-1].table.seats))))
            else:
                pair = sorted((slot.top, slot.bottom), key=rank.__getitem__)
                tables.append(Table((pair[0], pair[1])))
        return tables
    return []


def knockout_winner(
    seeds: Sequence[int], results: Sequence[Result], withdrawn: Collection[int] = ()
) -> int | None:
    """The knockout's champion, or None while it is not over."""
    return knockout_bracket(seeds, results, withdrawn).champion


def knockout_round_number(
    seeds: Sequence[int], results: Sequence[Result], withdrawn: Collection[int] = ()
) -> int:
    """The round (1-based) of the games `knockout_round` gives; the last round's number plus one
    when the knockout is over."""
    bracket = knockout_bracket(seeds, results, withdrawn)
    for number, slots in enumerate(bracket.rounds, start=1):
        if any(slot.winner is None for slot in slots):
            return number
    return len(bracket.rounds) + 1
