"""The computer players (host/computer.py): legal moves in every game, wins in one, chance
nodes, and thinking in a worker process while the event loop stays responsive. Seeded."""

from __future__ import annotations

import asyncio
import importlib
import pickle
import random
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from host.computer import (
    GAME_HOOKS,
    LEVELS,
    ComputerPool,
    GameHooks,
    accepts_draw,
    choose_move,
    draw_acceptable,
    draw_reward,
    hooks_for,
    outcome_rewards,
    rate_position,
    winning_move,
)
from rules import CHANCE, Game, IllegalMoveError, Move, NotAMoveError, Outcome, State
from tests.support.keryo_pente import drawn_board, open_fours, position


def game_of(module: str) -> Game:
    """The game of a rules module; skips the test while that module is missing or broken."""
    try:
        game: Game = importlib.import_module(module).GAME
    except Exception as error:  # a game being written right now may not import yet
        pytest.skip(f"{module} is not available: {error!r}")
    return game


def random_move(state: State, rng: random.Random) -> Move:
    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
    legal = state.legal_moves()
    return legal[rng.randrange(len(legal))]


def sole_win(state: State, move: Move) -> bool:
    outcome = state.play(move).outcome()
    return outcome is not None and outcome.winners == (state.to_move,)


# -- a tiny test-only game with a die: a race to a target -----------------------------------------


@dataclass(frozen=True)
class Token(Move):
    text: str

    def __str__(self) -> str:
        return self.text


STEP, ROLL = Token("step"), Token("roll")


@dataclass(frozen=True)
class RaceState(State):
    """Two runners race to `target`. On your turn `step` (+1) or `roll` a die (a chance event):
    a 1 sends you back to 0, any other face moves you that far. Reaching the target wins."""

    game: ClassVar[Game]
    seats: int
    positions: tuple[int, ...]
    turn: int
    rolling: bool = False
    faces: int = 6
    target: int = 10
    result: Outcome | None = None

    @property
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        return CHANCE if self.rolling else self.turn

    @property
    def options(self) -> dict[str, Any]:
        return {"faces": self.faces, "target": self.target}

    def legal_moves(self) -> Sequence[Move]:
        if self.result is not None:
            return []
        if self.rolling:
            return [Token(str(face)) for face in range(1, self.faces + 1)]
        return [STEP, ROLL]

    def chance_outcomes(self) -> list[tuple[Move, Fraction]]:
        if self.to_move != CHANCE:
            return []
        return [(m, Fraction(1, self.faces)) for m in self.legal_moves()]

    def parse(self, text: str) -> Move:
        move = Token(text.strip().lower())
        if move not in self.legal_moves():
            raise IllegalMoveError(f"`{text}` is not legal here")
        return move

    def _after(self, move: Move) -> RaceState:
        assert isinstance(move, Token)
        if move == ROLL:
            return replace(self, rolling=True)
        positions = list(self.positions)
        if move == STEP:
            positions[self.turn] += 1
        else:
            face = int(move.text)
            positions[self.turn] = 0 if face == 1 else positions[self.turn] + face
        result = None
        if positions[self.turn] >= self.target:
            result = Outcome((self.turn,), tuple(float(p) for p in positions), "reached the target")
        return replace(self, positions=tuple(positions), turn=1 - self.turn, rolling=False, result=result)

    def outcome(self) -> Outcome | None:
        return self.result

    def to_json(self) -> dict[str, Any]:
        return {"game": "test-race", "format": 1, "positions": list(self.positions), "turn": self.turn}

    def resign(self, seat: int) -> RaceState:
        raise NotAMoveError("no resigning in the race")


def _race(seats: int, faces: int = 6, target: int = 10) -> RaceState:
    return RaceState(seats, (0,) * seats, 0, faces=faces, target=target)


RaceState.game = Game(
    key="test-race",
    title="Race",
    seats=(2,),
    options={},
    new_state=_race,
    load_state=lambda data: _race(2),
    seat_names=lambda seats: ("One", "Two"),
)


@dataclass(frozen=True)
class UnpicklableRace(RaceState):
    note: Callable[[], int] = lambda: 1


# -- legal moves in every game and variant --------------------------------------------------------

VARIANTS: list[tuple[str, int, dict[str, Any]]] = [
    ("rules.keryo_pente", 2, {}),
    ("rules.keryo_pente", 3, {"tournament": False}),
    ("rules.keryo_pente", 6, {}),
    ("rules.keibot", 2, {"setup": "closed"}),
    ("rules.keibot", 2, {"setup": "split"}),
    ("rules.keibot", 2, {"setup": "open"}),
    ("rules.glass_bead", 2, {}),
    ("rules.verquere", 2, {}),
    ("rules.verquere", 2, {"five_blots": True, "five_closed_points": True}),
    ("rules.kerboge", 2, {}),
    ("rules.kerboge", 4, {}),
]
MAX_PLIES = 160
"""Plies played per game in the legality test (most games end before; the long ones are cut)."""


def _variant_id(variant: tuple[str, int, Mapping[str, Any]]) -> str:
    module, seats, options = variant
    return f"{module.split('.')[-1]}-{seats}-" + "-".join(f"{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("variant", VARIANTS, ids=_variant_id)
def test_the_computer_plays_only_legal_moves(variant: tuple[str, int, Mapping[str, Any]]) -> None:
    module, seats, options = variant
    game = game_of(module)
    rng = random.Random(zlib.crc32(_variant_id(variant).encode()))
    state = game.start(seats, **options)
    levels = ["normal", "easy", "hard", "easy", "normal", "easy"][:seats]
    plies = 0
    while state.to_move is not None and plies < MAX_PLIES:
        if state.to_move == CHANCE:
            with pytest.raises(ValueError, match="chance"):
                choose_move(state, "normal", 1)
            move = random_move(state, rng)
        else:
            level = levels[state.to_move]
            move = choose_move(state, level, plies, time_limit=2.0, iterations=6)
            assert state.is_legal(move), f"{move} is not legal at ply {plies}"
            assert state.parse(str(move)) == move
        state = state.play(move)
        plies += 1
    if state.to_move is None:
        with pytest.raises(ValueError, match="over"):
            choose_move(state, "easy", 1)


# -- a win in one, taken at every level -----------------------------------------------------------


@pytest.mark.parametrize(
    ("red", "blue", "answers"),
    [
        # Blue's open or broken threes, as in the games lost to Ludii: Red stops them.
        ("K10 L11 A19 C1 T10", "P4 R4 S4 K9 L9", {"O4", "Q4", "T4"}),
        ("K10 C3 E3 A19 T1", "M13 O13 P13 K11 H9", {"L13", "N13", "Q13"}),
        ("K10 C3 E3 A19 T1", "H14 J14 K14 L10 B10", {"F14", "G14", "L14", "M14"}),
    ],
)
def test_keryo_pente_an_open_or_broken_three_is_stopped(red: str, blue: str, answers: set[str]) -> None:
    state = _keryo_pente(red, blue)
    for level in ("normal", "hard"):
        move = choose_move(state, level, 1, time_limit=2.0, iterations=400)
        assert str(move) in answers, (level, str(move))


def test_keryo_pente_an_open_four_is_made_before_the_other_three_is_stopped() -> None:
    state = _keryo_pente("C6 D6 E6 A19", "H14 J14 K14 T1")  # Blue's three is answered later
    for level in ("normal", "hard"):
        assert str(choose_move(state, level, 1, time_limit=2.0, iterations=400)) in ("B6", "F6")


def _keryo_pente(red: str, blue: str) -> State:
    """Red to move in a position of two seats (no tournament rule) with these stones."""
    game = game_of("rules.keryo_pente")
    state = game.start(2, tournament=False)
    for r, b in zip(red.split(), blue.split(), strict=True):
        state = state.play(r).play(b)
    return state


def test_keryo_pente_four_in_a_row_is_completed_at_every_level() -> None:
    game = game_of("rules.keryo_pente")
    state = game.start(2, tournament=False)
    for red, blue in (("K10", "A1"), ("L10", "A3"), ("M10", "A5"), ("N10", "A7")):
        state = state.play(red).play(blue)
    for level in LEVELS:
        for seed in range(3):
            move = choose_move(state, level, seed, time_limit=2.0, iterations=30)
            assert str(move) in ("J10", "O10"), (level, seed, str(move))


def _win_in_one_positions(game: Game, seats: int, count: int) -> Iterator[State]:
    """Positions from seeded random games where the seat to move can win at once, but not with
    every move (looked for among the last plies of each game)."""
    found = 0
    for seed in range(100):
        rng = random.Random(seed)
        state = game.start(seats)
        history: list[State] = []
        while state.to_move is not None and len(history) < 3000:
            history.append(state)
            state = state.play(random_move(state, rng))
        for before in reversed(history[-12:]):
            if before.to_move == CHANCE or not 2 <= len(before.legal_moves()) <= 500:
                continue
            wins = sum(1 for m in before.legal_moves() if sole_win(before, m))
            if 1 <= wins < len(before.legal_moves()):
                yield before
                found += 1
                if found == count:
                    return
                break


@pytest.mark.parametrize(
    ("module", "seats"),
    [
        ("rules.keryo_pente", 2),
        ("rules.keryo_pente", 4),
        ("rules.keibot", 2),
        ("rules.glass_bead", 2),
        ("rules.verquere", 2),
    ],
)
def test_a_win_in_one_is_taken_at_every_level(module: str, seats: int) -> None:
    game = game_of(module)
    positions = list(_win_in_one_positions(game, seats, 2))
    if not positions:
        pytest.skip(f"no random {game.title} game ended on a choice among winning and other moves")
    for state in positions:
        assert winning_move(state) is not None
        for level in LEVELS:
            move = choose_move(state, level, 5, time_limit=2.0, iterations=20)
            assert sole_win(state, move), (level, str(move))


@pytest.mark.parametrize("seats", [2, 4])
def test_a_kerboge_boarding_that_ends_the_game_is_played_at_every_level(seats: int) -> None:
    # Random Kerboge games are won by the Serpent, so the position is built by hand: the Sailor
    # boards (two stones arriving board one) and the total score reaches the target.
    game = game_of("rules.kerboge")
    start = game.start(seats)
    board = [0] * len(getattr(start, "board"))  # noqa: B009
    board[(3 - 1) * seats + 0] = 2 * (seats - 1)  # the Sailor's stones in mooring 3
    board[(4 - 1) * seats + 1] = seats - 1  # the Merchant's in mooring 4
    harbour = [10] * seats
    harbour[0] -= 2 * (seats - 1)
    harbour[1] -= seats - 1
    # Totals 19 of 20 (Jai Kerboge) and 38 of 40 (Kerboge): one or two stones boarded end it.
    points, serpent = ((9, 8), 2) if seats == 2 else ((12, 10, 10, 6), 0)
    state = replace(  # type: ignore[type-var]
        start, board=tuple(board), harbour=tuple(harbour), points=points, serpent_points=serpent
    )
    assert winning_move(state) is not None
    for level in LEVELS:
        move = choose_move(state, level, 5, time_limit=2.0, iterations=20)
        assert sole_win(state, move), (level, str(move))


# -- chance nodes, with the test-only race ---------------------------------------------------------


def test_the_race_game_follows_the_contract() -> None:
    state = _race(2)._after(ROLL)
    assert state.to_move == CHANCE
    assert sum(p for _, p in state.chance_outcomes()) == 1
    assert state._after(Token("5")).positions == (5, 0)
    assert state._after(Token("1")).positions == (0, 0)


def test_when_only_a_lucky_roll_can_win_the_computer_rolls() -> None:
    # Stepping to 5 lets the opponent step to 10 and win; only a 6 wins now (1 in 6).
    state = replace(_race(2), positions=(4, 9))
    for level in ("normal", "hard"):
        for seed in range(3):
            assert choose_move(state, level, seed, time_limit=2.0, iterations=400) == ROLL


def test_when_the_safe_step_wins_surely_the_computer_does_not_gamble() -> None:
    # Rolling wins with 5/6 (a 1 sends back to 0); stepping to 9 wins for sure next turn,
    # since the opponent at 0 cannot reach 10 in one roll.
    state = replace(_race(2), positions=(8, 0))
    for seed in range(3):
        assert choose_move(state, "normal", seed, time_limit=2.0, iterations=1500) == STEP


def test_a_die_with_many_faces_grows_the_chance_node_progressively() -> None:
    rng = random.Random(3)
    state: State = _race(2, faces=300, target=400)
    for _ in range(16):
        if state.to_move is None:
            break
        if state.to_move == CHANCE:
            state = state.play(random_move(state, rng))
            continue
        move = choose_move(state, "normal", 7, time_limit=2.0, iterations=120)
        assert move in state.legal_moves()
        state = state.play(move)


def test_choose_move_refuses_chance_events_finished_games_and_unknown_levels() -> None:
    with pytest.raises(ValueError, match="chance"):
        choose_move(_race(2).play("roll"), "normal", 1)
    finished = replace(_race(2), positions=(9, 0)).play("step")
    with pytest.raises(ValueError, match="over"):
        choose_move(finished, "hard", 1)
    with pytest.raises(ValueError, match="level"):
        choose_move(_race(2), "grandmaster", 1)


def test_the_search_is_reproducible_with_an_iteration_budget() -> None:
    game = game_of("rules.keibot")
    state = game.start(2)
    moves = {str(choose_move(state, "normal", 11, time_limit=2.0, iterations=200)) for _ in range(2)}
    assert len(moves) == 1


def test_rewards_share_wins_rank_by_scores_and_value_the_serpent_for_nobody() -> None:
    sole = outcome_rewards(Outcome((1,), (3, 5), "won"), 2)
    assert sole[1] == 1.0 and sole[0] == 0.0
    draw = outcome_rewards(Outcome((), (2, 2), "draw"), 2)
    assert draw == (0.5, 0.5)
    serpent = outcome_rewards(Outcome((), (9, 0, 1, 4), "the Serpent wins"), 4)
    assert serpent[0] > serpent[3] > serpent[2] > serpent[1]
    shared = outcome_rewards(Outcome((0, 2), (7, 1, 7, 3), "tie"), 4)
    assert shared[0] == shared[2] > serpent[0] > shared[3] > shared[1]


class EvaluatedRace(RaceState):
    """The race with two of the optional hooks: playouts of one ply, valued by `evaluate`."""

    playout_plies: ClassVar[int] = 1
    evaluations: ClassVar[int] = 0

    def evaluate(self) -> tuple[float, ...]:
        EvaluatedRace.evaluations += 1
        return tuple(0.5 + (p - sum(self.positions) / 2) / (2 * self.target) for p in self.positions)


def test_a_games_own_hooks_are_used_by_the_search() -> None:
    state = EvaluatedRace(2, (0, 0), 0, target=100)
    hooks = hooks_for(state)
    assert hooks.playout_plies == 1 and hooks.evaluate is not None and hooks.candidate_moves is None
    move = choose_move(state, "normal", 1, time_limit=2.0, iterations=300)
    assert EvaluatedRace.evaluations > 0
    assert move in state.legal_moves()


@dataclass(frozen=True)
class FastRace(RaceState):
    """The race with the hooks of a game that has a faster path: whole playouts of its own, its
    wins in one, and candidates best first."""

    playout_plies: ClassVar[int] = 0
    first: str = "step"
    calls: ClassVar[dict[str, int]] = {}

    def candidate_moves(self) -> Sequence[Move]:
        return [STEP, ROLL] if self.first == "step" else [ROLL, STEP]

    def winning_moves(self) -> Sequence[Move]:
        FastRace.calls["wins"] = FastRace.calls.get("wins", 0) + 1
        return [STEP] if self.positions[self.turn] == self.target - 1 else []

    def playout(self, rng: random.Random, plies: int) -> Outcome | tuple[float, ...]:
        FastRace.calls[f"playout {plies}"] = FastRace.calls.get(f"playout {plies}", 0) + 1
        return (0.5, 0.5)


def test_a_games_whole_playouts_wins_and_ordered_candidates_are_used_by_the_search() -> None:
    FastRace.calls.clear()
    state = FastRace(2, (0, 0), 0, target=100)
    hooks = hooks_for(state)
    assert hooks.playout is not None and hooks.winning_moves is not None and hooks.playout_plies == 0
    move = choose_move(state, "normal", 1, time_limit=2.0, iterations=50)
    assert move in state.legal_moves()
    assert FastRace.calls["playout 0"] > 0 and FastRace.calls["wins"] > 0
    # The first candidate is the first child: with one iteration, the move chosen.
    assert choose_move(state, "normal", 1, iterations=1) == STEP
    assert choose_move(replace(state, first="roll"), "normal", 1, iterations=1) == ROLL


def test_hooks_registered_by_game_key_apply_until_the_game_has_its_own() -> None:
    state = _race(2)
    assert hooks_for(state) == GameHooks()
    GAME_HOOKS["test-race"] = GameHooks(playout_plies=3)
    try:
        assert hooks_for(state).playout_plies == 3
        assert hooks_for(EvaluatedRace(2, (0, 0), 0)).playout_plies == 1
    finally:
        del GAME_HOOKS["test-race"]


# -- the worker pool --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pool() -> Iterator[ComputerPool]:
    computer = ComputerPool(1)
    computer.start()
    yield computer
    computer.close()


def test_states_of_every_game_pickle() -> None:
    for module, seats, options in VARIANTS:
        try:
            game: Game = importlib.import_module(module).GAME
        except Exception:
            continue
        rng = random.Random(1)
        state = game.start(seats, **options)
        for _ in range(30):
            if state.to_move is None:
                break
            state.legal_moves()  # states that cache their moves pickle the cache too
            assert pickle.loads(pickle.dumps(state)) == state
            state = state.play(random_move(state, rng))


async def test_the_pool_returns_the_notation_of_a_legal_move(pool: ComputerPool) -> None:
    game = game_of("rules.keryo_pente")
    state = game.start(2).play("K10").play("K11")
    text = await pool.choose(state, "normal", 3, time_limit=0.3)
    assert state.is_legal(state.parse(text))
    race = replace(_race(2), positions=(9, 3))
    assert await pool.choose(race, "easy", 3) == "step"
    with pytest.raises(ValueError, match="chance"):
        await pool.choose(race.play("roll"), "normal", 3)


async def test_the_event_loop_keeps_ticking_while_the_computer_thinks(pool: ComputerPool) -> None:
    game = game_of("rules.keryo_pente")
    state = game.start(2)
    for text in ("K10", "K11", "F10", "L11", "L10", "J9"):
        state = state.play(text)
    await pool.choose(state, "easy", 1)  # the worker is up and has imported the rules
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.01)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticking = asyncio.create_task(ticker())
    start = time.perf_counter()
    text = await pool.choose(state, "hard", 9, time_limit=1.0, iterations=10**9)
    thought = time.perf_counter() - start
    done.set()
    await ticking
    assert state.is_legal(state.parse(text))
    assert thought >= 0.9
    assert len(gaps) >= 30, f"only {len(gaps)} ticks in {thought:.2f} s"
    assert max(gaps) < 0.25, f"the event loop stalled for {max(gaps):.3f} s"


async def test_moves_waiting_for_a_worker_do_not_count_against_the_timeout(pool: ComputerPool) -> None:
    game = game_of("rules.keibot")
    state = game.start(2)
    await pool.choose(state, "easy", 1)
    timeouts, timeout = pool.timeouts, pool.timeout
    pool.timeout = 1.0  # three searches of 0.4 s on one worker take 1.2 s in all
    try:
        texts = await asyncio.gather(*(pool.choose(state, "normal", s, time_limit=0.4) for s in range(3)))
    finally:
        pool.timeout = timeout
    assert pool.timeouts == timeouts
    assert all(state.is_legal(state.parse(text)) for text in texts)


async def test_the_pool_answers_a_draw_offer(pool: ComputerPool) -> None:
    assert await pool.accepts_draw(position(drawn_board(), to_move=0), 1, "normal", 3)
    assert not await pool.accepts_draw(open_fours(1, 2, to_move=0), 1, "normal", 3, iterations=300)


async def test_a_state_that_does_not_pickle_is_thought_about_in_a_thread(pool: ComputerPool) -> None:
    state = UnpicklableRace(2, (9, 3), 0)
    before = pool.thread_fallbacks
    assert await pool.choose(state, "normal", 1, iterations=50) == "step"
    assert pool.thread_fallbacks == before + 1


def workers_up(pool: ComputerPool) -> bool:
    return pool.has_workers


async def test_idle_workers_stop_and_the_next_move_starts_them_again() -> None:
    game = game_of("rules.keibot")
    state = game.start(2)
    computer = ComputerPool(1, idle_seconds=0.2)
    try:
        assert not workers_up(computer)
        first = await computer.choose(state, "easy", 1)
        assert workers_up(computer)  # kept for the next move, for idle_seconds
        for _ in range(100):  # the idle timer fires on the event loop
            if not workers_up(computer):
                break
            await asyncio.sleep(0.05)
        assert not workers_up(computer), "the workers were kept while nothing was thought about"
        assert await computer.choose(state, "easy", 1) == first  # started again, the same answer
        assert workers_up(computer)
        assert computer.timeouts == 0
    finally:
        computer.close()
    assert not workers_up(computer)


async def test_workers_are_kept_while_moves_follow_each_other() -> None:
    game = game_of("rules.keibot")
    state = game.start(2)
    computer = ComputerPool(1, idle_seconds=0.5)
    try:
        await computer.choose(state, "easy", 1)
        executor = computer._executor
        for seed in range(2, 6):  # each answer within idle_seconds of the last one
            await asyncio.sleep(0.1)
            await computer.choose(state, "easy", seed)
        assert computer._executor is executor, "the workers were stopped between two moves"
    finally:
        computer.close()


async def test_a_worker_past_the_hard_timeout_is_replaced_by_an_easy_move() -> None:
    game = game_of("rules.keryo_pente")
    state = game.start(2).play("K10")
    computer = ComputerPool(1)
    try:
        await computer.choose(state, "easy", 1)  # started with a generous timeout
        computer.timeout = 0.5
        text = await computer.choose(state, "hard", 1, time_limit=2.0, iterations=10**9)
        assert computer.timeouts == 1
        assert state.is_legal(state.parse(text))
        text = await computer.choose(state, "normal", 2, time_limit=0.1)  # a fresh worker
        assert state.is_legal(state.parse(text))
    finally:
        computer.close()


# -- draw offers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_computer_accepts_a_draw_in_a_drawn_position(seats: int, level: str) -> None:
    """One point left, and whoever fills it makes no line and no capture: every line is a draw."""
    state = position(drawn_board(), seats=seats, to_move=0)
    for seat in range(seats):
        assert rate_position(state, seat, level, 1) == pytest.approx(draw_reward(state, seat))
        assert accepts_draw(state, seat, level, 1)


@pytest.mark.parametrize(("seats", "computer"), [(2, 1), (4, 3), (4, 0)])
def test_a_computer_declines_a_draw_when_it_is_winning_and_accepts_when_losing(
    seats: int, computer: int
) -> None:
    someone = (computer + 1) % seats
    winning = open_fours(computer, seats, to_move=someone)
    assert (
        rate_position(winning, computer, "normal", 1, iterations=300) > draw_reward(winning, computer) + 0.2
    )
    assert not accepts_draw(winning, computer, "normal", 1, iterations=300)
    losing = open_fours(someone, seats, to_move=computer)
    assert accepts_draw(losing, computer, "normal", 1, iterations=300)


def test_a_computer_declines_a_draw_in_a_balanced_position() -> None:
    """Four moves in: the side the search rates a hair below a draw (its noise, or the first
    mover's edge) is neither lost nor dead equal, and plays on."""
    state = game_of("rules.keryo_pente").start(2, tournament=False)
    for move in ("H11", "H12", "B2", "A8"):
        state = state.play(move)
    rating = rate_position(state, 1, "normal", 1, iterations=300)
    assert draw_reward(state, 1) - 0.05 < rating < draw_reward(state, 1)
    assert not accepts_draw(state, 1, "normal", 1, iterations=300)


@pytest.mark.parametrize(
    ("rating", "accepted"),
    [
        *((rating, True) for rating in (0.5, 0.5005, 0.4995, 0.35, 0.1)),
        *((rating, False) for rating in (0.49, 0.45, 0.37, 0.51, 0.9)),
    ],
)
def test_a_draw_is_acceptable_only_when_clearly_lost_or_dead_equal(rating: float, accepted: bool) -> None:
    assert draw_acceptable(rating, 0.5) is accepted


def test_a_seeded_rating_is_reproducible() -> None:
    state = game_of("rules.keryo_pente").start(2, tournament=False).play("K10")
    ratings = {rate_position(state, 0, "normal", 5, iterations=200) for _ in range(3)}
    assert len(ratings) == 1
