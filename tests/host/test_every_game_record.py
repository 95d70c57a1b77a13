"""Every game through the host: a record of a random game (chance events included) written,
read back and replayed gives the same final state; a Kerboge game won by the Serpent ranks
the players by points in the ratings."""

from __future__ import annotations

import random

import pytest

from data import Store
from host import Host, MatchSnapshot, Player, read_record
from rules import GAMES

PEOPLE = [Player(300 + i, f"P{i}") for i in range(6)]


async def random_game(
    host: Host, key: str, seats: int, options: dict[str, object], plies: int, seed: int
) -> MatchSnapshot:
    lobby = await host.new(
        guild_id=9, channel_id=9, creator=PEOPLE[0], game_key=key, seats=seats, options=options
    )
    match = lobby
    for person in PEOPLE[1:seats]:
        match = await host.join(lobby.id, person)
    rng = random.Random(seed)
    for _ in range(plies):
        if match.is_over:
            break
        seat = match.seat_to_move
        assert match.state is not None and seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        match = await host.play(match.id, seat.user_id, str(legal[rng.randrange(len(legal))]))
    return match


VARIANTS = [
    ("keryo-pente", 3, {"tournament": True}),
    ("keibot", 2, {"setup": "split"}),
    ("glass-bead", 2, {}),
    ("verquere", 2, {"five_blots": True, "five_closed_points": False}),
    ("kerboge", 4, {}),
    ("kerboge", 2, {}),
]


def test_the_variants_cover_every_game() -> None:
    assert {key for key, _, _ in VARIANTS} == set(GAMES)


@pytest.mark.parametrize(("key", "seats", "options"), VARIANTS)
async def test_record_round_trip_for_every_game(
    host: Host, key: str, seats: int, options: dict[str, object]
) -> None:
    match = await random_game(host, key, seats, options, plies=60, seed=len(key) + seats)
    text = await host.record(match.id, match.guild_id)
    record = read_record(text)
    assert record.game.key == key and record.seat_count == seats
    assert record.final_state() == match.state
    assert len(record.entries) == match.ply
    if key in ("verquere", "kerboge"):
        assert " chance - " in text  # the dice, the coin and the Serpent are in the record


async def test_a_serpent_win_ranks_the_players_by_points(host: Host, store: Store) -> None:
    match = await random_game(host, "kerboge", 4, {}, plies=2000, seed=4)
    assert match.is_over and match.outcome is not None
    assert match.outcome.winners == (), "random Kerboge players lose to the Serpent"
    points = match.outcome.scores
    by_rank = []
    for seat in match.seats:
        assert seat.user_id is not None
        (result,) = await store.recent_results(seat.user_id, "kerboge", last=1)
        assert result.outcome == "loss"
        by_rank.append((result.rank, -points[seat.index]))
        assert await store.rating(seat.user_id, "kerboge", match.guild_id) is not None
    # Ranks follow the points: more points, a better (lower) rank; equal points, equal ranks.
    for a in by_rank:
        for b in by_rank:
            assert (a[0] < b[0]) == (a[1] < b[1])


async def test_the_last_move_after_a_forced_pass_is_the_same_after_a_restart(
    host: Host, store: Store
) -> None:
    """A Verquere turn followed by the opponent's forced pass: the picture marks the pass, both
    right after the move and after a restart (when the host finds it from the log)."""
    match = await random_game(host, "verquere", 2, {}, plies=0, seed=0)
    rng = random.Random(8)
    passes_seen = 0
    for _ in range(400):
        if match.is_over or passes_seen >= 3:
            break
        seat = match.seat_to_move
        assert match.state is not None and seat is not None and seat.user_id is not None
        legal = match.state.legal_moves()
        match = await host.play(match.id, seat.user_id, str(legal[rng.randrange(len(legal))]))
        seat_moves = [p for p in match.played if p.kind == "move"]
        if len(seat_moves) > 1:  # the player's turn, then a pass played by the host
            passes_seen += 1
            assert str(match.last_move) == seat_moves[-1].notation == "pass"
            restarted = await Host(store).get(match.id)
            assert restarted.last_move == match.last_move
    assert passes_seen >= 1
