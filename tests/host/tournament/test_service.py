"""The tournament service through the host, over a real store (a SQLite file, and a fresh
PostgreSQL database: tests/host/conftest.py): whole tournaments played with legal moves, a restart
in the middle of a round, two hosts sweeping at once, withdrawals, cancellation, a stuck match
ended, erasure, the messages owed to the cogs, and /stats and /history's tournament results."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import combinations

import pytest

from data import GameKey, PlannedGame, SeatRow, Store, TournamentStatus, open_store
from host import Host, Ladder, MatchSnapshot, Player, SettingRefused
from host.tournament import (
    AlreadyEntered,
    FormatRefused,
    NotEntered,
    NotOrganiser,
    NotTournamentMatch,
    RoundStarted,
    SignupTimeRefused,
    TooFewEntrants,
    TournamentCancelled,
    TournamentClosed,
    TournamentCreatorsOnly,
    TournamentEvent,
    TournamentFull,
    TournamentNotFound,
    TournamentSnapshot,
)
from rules import CHANCE, State
from tests.support.databases import Database

GUILD, CHANNEL, THREAD = 300, 301, 302
ORGANISER = Player(900, "Olga")
PLAYERS = [Player(1000 + i, f"Player {i}") for i in range(12)]


class FirstMoveChooser:
    """A computer player that plays its first legal move (quick, deterministic)."""

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str:
        moves = state.legal_moves()
        return str(moves[seed % len(moves)])

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool:
        return False


def new_host(store: Store, start: int = 1) -> Host:
    seeds = iter(range(start, start + 100_000))
    return Host(store, computer=FirstMoveChooser(), seed_source=lambda: next(seeds))


@pytest.fixture
def host(store: Store) -> Iterator[Host]:
    made = new_host(store)
    yield made
    made.close()


async def open_tournament(
    host: Host,
    *,
    game_key: str = "keibot",
    format: str = "swiss",
    rounds: int | None = 3,
    table_size: int = 2,
    players: int = 8,
    **more: object,
) -> TournamentSnapshot:
    """A tournament opened by the organiser, with `players` of PLAYERS joined."""
    tournament = await host.new_tournament(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ORGANISER,
        may_manage=True,
        game_key=game_key,
        format=format,
        rounds=rounds,
        table_size=table_size,
        **more,  # type: ignore[arg-type]
    )
    for player in PLAYERS[:players]:
        tournament = await host.join_tournament(tournament.id, player)
    return tournament


async def play_out(
    host: Host, match_id: int, rng: random.Random, *, most_plies: int | None = None
) -> MatchSnapshot:
    """Play the match with random legal moves through the host (computers by `play_computers`)
    until it ends; with `most_plies`, the player to move resigns once that many were played."""
    match = await host.get(match_id)
    while not match.is_over:
        if match.waiting_for_computer:
            match = await host.play_computers(match_id)
            continue
        seat = match.seat_to_move
        assert seat is not None and seat.user_id is not None and match.state is not None
        if most_plies is not None and match.ply >= most_plies:
            match = await host.resign(match_id, seat.user_id)
            continue
        state = match.state
        assert state is not None and state.to_move != CHANCE
        moves = state.legal_moves()
        match = await host.play(match_id, seat.user_id, str(moves[rng.randrange(len(moves))]))
    return match


async def play_round(
    host: Host, tournament: TournamentSnapshot, rng: random.Random, **how: int
) -> list[MatchSnapshot]:
    """Play every open match of the tournament's current round to its end."""
    ended = []
    for game in tournament.round_games(tournament.current_round):
        if game.match_id is not None and not game.ended:
            ended.append(await play_out(host, game.match_id, rng, **how))
    return ended


def kinds(events: list[TournamentEvent]) -> list[str]:
    return [type(e).__name__ for e in events]


def opponents(tournament: TournamentSnapshot) -> Counter[frozenset[int]]:
    """How often each pair of entrants shared a table (replays counted once)."""
    met: Counter[frozenset[int]] = Counter()
    for game in tournament.games:
        if game.replay == 0 and not game.bye:
            for pair in combinations(game.seats, 2):
                met[frozenset(pair)] += 1
    return met


# -- sign-up ----------------------------------------------------------------------------------------


async def test_a_tournament_opens_for_sign_up_and_players_join_and_leave(host: Host) -> None:
    tournament = await open_tournament(host, players=3)
    assert tournament.status == TournamentStatus.SIGNUP
    assert tournament.title == f"Keibot Swiss #{tournament.id}"
    assert [e.entrant for e in tournament.entrants] == [1, 2, 3]
    assert [e.user_id for e in tournament.entrants] == [p.user_id for p in PLAYERS[:3]]
    left = await host.leave_tournament(tournament.id, PLAYERS[1].user_id)
    assert [e.user_id for e in left.entrants] == [PLAYERS[0].user_id, PLAYERS[2].user_id]
    assert left.version > tournament.version
    with pytest.raises(NotEntered):
        await host.leave_tournament(tournament.id, PLAYERS[1].user_id)
    with pytest.raises(AlreadyEntered):
        await host.join_tournament(tournament.id, PLAYERS[0])
    assert (await host.tournament(tournament.id)) == left


async def test_refused_tournaments_store_nothing(host: Host, store: Store) -> None:
    now = datetime.now(UTC)
    refused: list[tuple[type[Exception], dict[str, object]]] = [
        (FormatRefused, {"format": "ladder"}),
        (FormatRefused, {"rounds": None}),
        (FormatRefused, {"rounds": 21}),
        (FormatRefused, {"format": "knockout"}),  # rounds=3 given
        (
            FormatRefused,
            {"format": "round-robin", "rounds": None, "game_key": "keryo-pente", "table_size": 3},
        ),
        (FormatRefused, {"table_size": 3}),  # Keibot is played by two
        (FormatRefused, {"max_players": 1}),
        (FormatRefused, {"max_players": 2000}),
        (FormatRefused, {"turn_clock": "2d"}),
        (SignupTimeRefused, {"signup_until": now - timedelta(minutes=1)}),
        (SignupTimeRefused, {"signup_until": now + timedelta(days=15)}),
        (TournamentCreatorsOnly, {"may_manage": False}),
    ]
    for error, ask in refused:
        asked: dict[str, object] = {"may_manage": True, "game_key": "keibot", "format": "swiss", "rounds": 3}
        with pytest.raises(error):
            await host.new_tournament(
                guild_id=GUILD,
                channel_id=CHANNEL,
                creator=ORGANISER,
                **{**asked, **ask},  # type: ignore[arg-type]
            )
    assert await store.tournaments_in(GUILD, list(TournamentStatus)) == []


async def test_everyone_may_create_tournaments_where_the_server_says_so(host: Host) -> None:
    await host.configure(GUILD, tournament_creators="everyone")
    made = await host.new_tournament(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=PLAYERS[0],
        may_manage=False,
        game_key="keibot",
        format="knockout",
        name="Friday cup",
    )
    assert made.name == "Friday cup" and made.creator_id == PLAYERS[0].user_id
    assert (await host.server_settings(GUILD)).tournament_creators == "everyone"
    with pytest.raises(SettingRefused, match="'admins' is not a choice of who may create tournaments"):
        await host.configure(GUILD, tournament_creators="admins")
    assert (await host.server_settings(GUILD)).tournament_creators == "everyone"


async def test_a_full_tournament_takes_no_one_else_and_only_the_organiser_starts_it(host: Host) -> None:
    tournament = await open_tournament(host, players=2, max_players=2, rounds=1)
    with pytest.raises(TournamentFull):
        await host.join_tournament(tournament.id, PLAYERS[5])
    with pytest.raises(NotOrganiser):
        await host.start_tournament(tournament.id, PLAYERS[0].user_id)
    with pytest.raises(NotOrganiser):
        await host.add_tournament_computer(tournament.id, PLAYERS[0].user_id, "easy")
    with pytest.raises(TournamentNotFound):
        await host.tournament(tournament.id, guild_id=GUILD + 1)
    assert (await host.tournament(tournament.id)).version == tournament.version


async def test_too_few_entrants_cannot_start(host: Host) -> None:
    tournament = await open_tournament(host, players=3, rounds=3)  # a Swiss of 3 rounds needs 4
    with pytest.raises(TooFewEntrants) as refused:
        await host.start_tournament(tournament.id, ORGANISER.user_id)
    assert refused.value.needed == 4
    assert (await host.tournament(tournament.id)).status == TournamentStatus.SIGNUP


async def test_the_sign_up_time_starts_the_tournament_or_cancels_it(host: Host) -> None:
    now = datetime.now(UTC)
    started = await open_tournament(host, players=4, rounds=2, signup_until=now + timedelta(hours=1))
    lonely = await open_tournament(host, players=1, rounds=2, signup_until=now + timedelta(hours=1))
    assert await host.advance_tournaments(now) == []
    events = await host.advance_tournaments(now + timedelta(hours=2))
    assert sorted(kinds(events)) == ["RoundStarted", "TournamentCancelled"]
    cancelled = next(e for e in events if isinstance(e, TournamentCancelled))
    assert cancelled.tournament.id == lonely.id and cancelled.reason == "too-few-entrants"
    round_one = next(e for e in events if isinstance(e, RoundStarted))
    assert round_one.tournament.id == started.id and round_one.round == 1 and len(round_one.matches) == 2
    with pytest.raises(TournamentClosed):
        await host.join_tournament(started.id, PLAYERS[9])


# -- whole tournaments ------------------------------------------------------------------------------


async def test_a_swiss_of_eight_in_keibot_with_a_restart_in_the_middle_of_a_round(
    host: Host, store: Store, database: Database
) -> None:
    rng = random.Random(8)
    tournament = await open_tournament(host, players=8, rounds=3)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    assert kinds(list(change.events)) == ["RoundStarted"]
    tournament = change.tournament
    assert tournament.status == TournamentStatus.RUNNING and tournament.current_round == 1
    for match in change.matches:
        assert match.status == "playing" and match.rated and match.channel_id == CHANNEL
        game = tournament.game_of_match(match.id)
        assert game is not None
        # Seated as paired: seat 0 is the table's first entrant.
        assert [s.user_id for s in match.seats] == [tournament.entrant(e).user_id for e in game.seats]
    finished: list[TournamentEvent] = []
    for round_number in (1, 2, 3):
        games = [g for g in tournament.round_games(round_number) if g.match_id is not None]
        assert len(games) == 4
        # Half the round, then a "restart": a new host over a new store on the same database.
        for game in games[:2]:
            assert game.match_id is not None
            await play_out(host, game.match_id, rng)
        assert await host.advance_tournaments() == []  # the round is not over
        host.close()
        await store.close()
        store = await open_store(database.url)
        host = new_host(store, start=round_number * 1000)
        for game in games[2:]:
            assert game.match_id is not None
            await play_out(host, game.match_id, rng)
        events = await host.advance_tournaments()
        tournament = await host.tournament(tournament.id)
        if round_number < 3:
            assert kinds(events) == ["RoundStarted"] and tournament.current_round == round_number + 1
        else:
            finished = events
    assert kinds(finished) == ["TournamentFinished"]
    assert tournament.status == TournamentStatus.FINISHED
    assert max(opponents(tournament).values()) == 1  # nobody met anyone twice
    # Every game scored once: the points in the standings are the games played.
    assert sum(line.points for line in tournament.standings) == 12
    assert sorted(line.played for line in tournament.standings) == [3] * 8
    assert tournament.standings[0].rank == 1
    assert await host.advance_tournaments() == []  # nothing more to do
    await store.close()


async def test_a_keryo_pente_swiss_of_nine_at_tables_of_three(host: Host) -> None:
    rng = random.Random(9)
    tournament = await open_tournament(
        host, game_key="keryo-pente", players=9, rounds=2, table_size=3, options={"tournament": False}
    )
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    tournament = change.tournament
    assert len(change.matches) == 3 and all(m.seat_count == 3 for m in change.matches)
    for round_number in (1, 2):
        open_games = [g for g in tournament.round_games(round_number) if g.match_id is not None]
        for game in open_games:
            assert game.match_id is not None
            await play_out(host, game.match_id, rng, most_plies=12)
            events = await host.tournament_match_ended(game.match_id)
            # The standings changed; after the round's last match the next round started, or,
            # after the last round's, the tournament finished.
            if game != open_games[-1]:
                assert kinds(events) == ["StandingsChanged"]
            elif round_number == 1:
                assert kinds(events) == ["StandingsChanged", "RoundStarted"]
            else:
                assert kinds(events) == ["TournamentFinished"]
        tournament = await host.tournament(tournament.id)
        games = tournament.round_games(round_number)
        assert len(games) == 3
        for game in games:
            # Two resigned (as the ratings rank them: both below the one left, tied): the one left
            # beat both (1), each resigned one tied the other (½ of ½).
            assert game.ended and game.places is not None and game.scores is not None
            assert sorted(game.scores) == [0.25, 0.25, 1.0] and sorted(game.places) == [1, 2, 2]
            assert game.forfeit
        seated = sorted(e for g in games for e in g.seats)
        assert seated == list(range(1, 10))
    assert tournament.status == TournamentStatus.FINISHED
    assert sum(line.points for line in tournament.standings) == pytest.approx(6 * 1.5)
    assert tournament.tiebreak_names == ("placements", "buchholz")


async def test_a_knockout_of_five_replays_a_drawn_game_with_seats_swapped(host: Host) -> None:
    rng = random.Random(5)
    tournament = await open_tournament(host, format="knockout", rounds=None, players=5)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    tournament = change.tournament
    assert tournament.rounds == 3 and tournament.bracket is not None
    # A bracket of 8: seeds 1-3 have byes, seeds 4 and 5 play (all unrated: seeded by joining).
    (first,) = change.matches
    assert [s.user_id for s in first.seats] == [PLAYERS[3].user_id, PLAYERS[4].user_id]
    for player in (PLAYERS[3], PLAYERS[4]):
        drawn = await host.offer_draw(first.id, player.user_id)
    assert drawn.is_over and drawn.outcome is not None and not drawn.outcome.winners
    events = await host.tournament_match_ended(first.id)
    assert kinds(events) == ["StandingsChanged", "RoundStarted"]
    replay = next(e for e in events if isinstance(e, RoundStarted))
    assert replay.round == 1
    (second,) = replay.matches
    assert [s.user_id for s in second.seats] == [PLAYERS[4].user_id, PLAYERS[3].user_id]
    tournament = await host.tournament(tournament.id)
    assert [g.replay for g in tournament.round_games(1)] == [0, 1]
    while tournament.status == TournamentStatus.RUNNING:
        for match in await play_round(host, tournament, rng):
            await host.tournament_match_ended(match.id)
        tournament = await host.tournament(tournament.id)
    assert tournament.bracket is not None and tournament.bracket.champion is not None
    champion = tournament.standings[0]
    assert champion.rank == 1 and champion.entrant == tournament.bracket.champion
    assert tournament.current_round == 3


async def test_a_round_robin_of_four_meets_every_pair_once(host: Host) -> None:
    rng = random.Random(4)
    tournament = await open_tournament(host, format="round-robin", rounds=None, players=4)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    tournament = change.tournament
    assert tournament.rounds == 3
    while tournament.status == TournamentStatus.RUNNING:
        await play_round(host, tournament, rng)
        await host.advance_tournaments()
        tournament = await host.tournament(tournament.id)
    assert opponents(tournament) == Counter({frozenset(pair): 1 for pair in combinations(range(1, 5), 2)})
    firsts = Counter(g.seats[0] for g in tournament.games)
    assert max(firsts.values()) - min(firsts.values()) <= 1


async def test_computers_play_their_tournament_matches(host: Host) -> None:
    rng = random.Random(3)
    tournament = await open_tournament(host, players=2, rounds=2)
    for level in ("easy", "hard"):
        tournament = await host.add_tournament_computer(tournament.id, ORGANISER.user_id, level)
    assert [e.label for e in tournament.entrants[2:]] == ["Computer 1 (easy)", "Computer 2 (hard)"]
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    assert len(change.matches) == 2
    tournament = change.tournament
    while tournament.status == TournamentStatus.RUNNING:
        await play_round(host, tournament, rng)
        await host.advance_tournaments()
        tournament = await host.tournament(tournament.id)
    assert tournament.status == TournamentStatus.FINISHED
    assert sum(line.points for line in tournament.standings) == 4
    # Every match was played to its end (nobody resigned, nobody ran out of time), the
    # computers' moves by the host's computer players.
    assert all(g.ended and not g.forfeit for g in tournament.games)
    assert any(tournament.entrant(e).computer for g in tournament.games for e in g.seats)


# -- several processes ------------------------------------------------------------------------------


async def test_two_hosts_sweeping_at_once_start_a_round_once(database: Database) -> None:
    stores = [await open_store(database.url), await open_store(database.url)]
    hosts = [new_host(stores[0]), new_host(stores[1], start=50_000)]
    try:
        now = datetime.now(UTC)
        tournament = await open_tournament(
            hosts[0], players=6, rounds=2, signup_until=now + timedelta(hours=1)
        )
        later = now + timedelta(hours=2)
        swept = await asyncio.gather(*(host.advance_tournaments(later) for host in hosts))
        started = [e for events in swept for e in events if isinstance(e, RoundStarted)]
        assert len(started) == 1
        rows = database.fetchall("SELECT COUNT(*) FROM matches WHERE tournament_id = ?", (tournament.id,))
        assert rows == [(3,)]
        assert database.fetchall(
            "SELECT round FROM tournament_rounds WHERE tournament_id = ?", (tournament.id,)
        ) == [(1,)]
        # The next round too, once the first is played: swept by both at once.
        rng = random.Random(2)
        await play_round(hosts[0], await hosts[0].tournament(tournament.id), rng)
        swept = await asyncio.gather(*(host.advance_tournaments(later) for host in hosts))
        assert sum(isinstance(e, RoundStarted) for events in swept for e in events) == 1
        rows = database.fetchall("SELECT COUNT(*) FROM matches WHERE tournament_id = ?", (tournament.id,))
        assert rows == [(6,)]
    finally:
        for host in hosts:
            host.close()
        for store in stores:
            await store.close()


async def test_a_round_claimed_by_a_process_that_stopped_gets_its_matches(
    host: Host, store: Store, database: Database
) -> None:
    tournament = await open_tournament(host, players=4, rounds=1)
    await store.set_tournament_status(tournament.id, TournamentStatus.RUNNING)
    # Another process claimed round 1 and stopped before creating a match.
    assert await store.claim_round(tournament.id, 1, [PlannedGame(1, (1, 4)), PlannedGame(2, (3, 2))])
    assert await host.advance_tournaments() == []  # it may still be creating them
    events = await host.advance_tournaments(datetime.now(UTC) + timedelta(minutes=2))
    assert kinds(events) == ["RoundStarted"]
    (started,) = events
    assert isinstance(started, RoundStarted) and len(started.matches) == 2
    assert [s.user_id for s in started.matches[1].seats] == [PLAYERS[2].user_id, PLAYERS[1].user_id]
    assert await host.advance_tournaments() == []
    assert database.fetchall("SELECT COUNT(*) FROM matches WHERE tournament_id = ?", (tournament.id,)) == [
        (2,)
    ]


# -- withdrawal, cancellation, stuck matches, erasure -----------------------------------------------


async def test_a_withdrawal_resigns_the_open_match_and_later_rounds_leave_them_out(host: Host) -> None:
    rng = random.Random(6)
    tournament = await open_tournament(host, players=4, rounds=2)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    quitter = PLAYERS[0]
    mine = next(m for m in change.matches if m.seat_of(quitter.user_id) is not None)
    withdrawal = await host.withdraw_from_tournament(change.tournament.id, quitter.user_id)
    (resigned,) = withdrawal.matches
    assert resigned.id == mine.id and resigned.is_over
    assert resigned.seat_of(quitter.user_id).resigned  # type: ignore[union-attr]
    tournament = withdrawal.tournament
    entrant = tournament.entrant_of(quitter.user_id)
    assert entrant is not None and entrant.withdrawn
    game = tournament.game_of_match(mine.id)
    assert game is not None and game.forfeit and game.scores is not None
    assert game.scores[game.seats.index(entrant.entrant)] == 0.0
    with pytest.raises(NotEntered):
        await host.withdraw_from_tournament(tournament.id, quitter.user_id)
    await play_round(host, tournament, rng)
    events = await host.advance_tournaments()
    assert kinds(events) == ["RoundStarted"]
    tournament = await host.tournament(tournament.id)
    round_two = tournament.round_games(2)
    assert all(entrant.entrant not in g.seats for g in round_two)
    assert sorted(len(g.seats) for g in round_two) == [1, 2]  # three left: one bye


async def test_cancelling_a_tournament_cancels_its_open_matches(host: Host) -> None:
    tournament = await open_tournament(host, players=4, rounds=2)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    with pytest.raises(NotOrganiser):
        await host.cancel_tournament(tournament.id, PLAYERS[0].user_id)
    cancelled = await host.cancel_tournament(tournament.id, PLAYERS[0].user_id, may_manage=True)
    assert kinds(list(cancelled.events)) == ["TournamentCancelled"]
    assert cancelled.tournament.status == TournamentStatus.CANCELLED
    assert sorted(m.id for m in cancelled.matches) == sorted(m.id for m in change.matches)
    assert all(m.status == "abandoned" for m in cancelled.matches)
    assert await host.advance_tournaments() == []
    with pytest.raises(TournamentClosed):
        await host.cancel_tournament(tournament.id, ORGANISER.user_id)


async def test_the_organiser_ends_a_stuck_match_as_a_draw_unrated(host: Host, database: Database) -> None:
    tournament = await open_tournament(host, players=2, rounds=1)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    (stuck,) = change.matches
    with pytest.raises(NotOrganiser):
        await host.end_tournament_match(tournament.id, stuck.id, PLAYERS[0].user_id)
    with pytest.raises(NotTournamentMatch):
        await host.end_tournament_match(tournament.id, stuck.id + 100, ORGANISER.user_id)
    ended = await host.end_tournament_match(tournament.id, stuck.id, ORGANISER.user_id)
    assert ended.matches[0].status == "abandoned"
    game = ended.tournament.game_of_match(stuck.id)
    assert game is not None and game.scores == (0.5, 0.5) and game.places == (1, 1)
    assert kinds(list(ended.events)) == ["TournamentFinished"]
    assert ended.tournament.status == TournamentStatus.FINISHED
    assert database.fetchall("SELECT COUNT(*) FROM ratings") == [(0,)]
    with pytest.raises(TournamentClosed):
        await host.end_tournament_match(tournament.id, stuck.id, ORGANISER.user_id)


async def test_forget_me_withdraws_the_player_and_anonymises_the_entry(host: Host) -> None:
    signing = await open_tournament(host, players=3, rounds=1)
    running = await open_tournament(host, players=4, rounds=2)
    await host.start_tournament(running.id, ORGANISER.user_id)
    await Ladder(host).forget(PLAYERS[0].user_id)
    signing = await host.tournament(signing.id)
    assert PLAYERS[0].user_id not in [e.user_id for e in signing.entrants]
    running = await host.tournament(running.id)
    first = running.entrant(1)
    assert first.withdrawn and first.user_id != PLAYERS[0].user_id and first.name.startswith("Anonymous")
    assert running.entrant_of(PLAYERS[0].user_id) is None


# -- messages owed, /stats and /history -----------------------------------------------------------


async def test_messages_owed_survive_a_restart_and_are_paid_once(
    host: Host, store: Store, database: Database
) -> None:
    tournament = await open_tournament(host, players=2, rounds=1)
    (owed,) = await host.owed_tournament_messages()
    assert owed.tournament.id == tournament.id and owed.standings and owed.rounds == ()
    assert await host.owed_tournament_messages() == []  # taken for this process a while
    await host.start_tournament(tournament.id, ORGANISER.user_id)
    # "kill -9": nothing was marked shown; a new host finds all of it owed.
    restarted = new_host(await open_store(database.url), start=7000)
    try:
        (owed,) = await restarted.owed_tournament_messages(everything=True)
        assert owed.rounds == (1,) and owed.standings
        await restarted.round_announced(tournament.id, 1)
        await restarted.tournament_shown(tournament.id, owed.tournament.version)
        assert await restarted.owed_tournament_messages(everything=True) == []
    finally:
        restarted.close()
        await restarted.store.close()


async def test_stats_and_history_show_tournament_results(host: Host) -> None:
    rng = random.Random(7)
    tournament = await open_tournament(host, players=2, rounds=1, name="Spring open")
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    (match,) = change.matches
    await play_out(host, match.id, rng)
    await host.tournament_match_ended(match.id)
    results = await host.tournament_results(PLAYERS[0].user_id, GUILD)
    (result,) = results
    assert result.tournament_id == tournament.id and result.name == "Spring open"
    assert result.of == 2 and result.place in (1, 2)
    history = await Ladder(host).history(match.id, GUILD)
    assert history.tournament is not None
    assert history.tournament.tournament_id == tournament.id and history.tournament.round == 1


# -- how a match's end scores its game ----------------------------------------------------------------


async def test_a_result_is_stored_with_the_end_of_its_match(host: Host, database: Database) -> None:
    rng = random.Random(11)
    tournament = await open_tournament(host, players=2, rounds=1)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    (match,) = change.matches
    assert match.tournament_id == tournament.id
    ended = await play_out(host, match.id, rng)
    # Nothing told the tournament: the result is there, written with the match's end.
    ((finished_at,),) = database.fetchall("SELECT finished_at FROM matches WHERE id = ?", (match.id,))
    ((scores, ended_at),) = database.fetchall(
        "SELECT scores, ended_at FROM tournament_games WHERE match_id = ?", (match.id,)
    )
    assert ended_at == finished_at
    after = await host.tournament(tournament.id)
    game = after.game_of_match(match.id)
    assert game is not None and game.scores is not None and sum(game.scores) == 1
    assert ended.outcome is not None
    winner = ended.outcome.winners[0] if ended.outcome.winners else None
    assert game.scores == ((0.5, 0.5) if winner is None else tuple(float(i == winner) for i in range(2)))
    assert after.version > change.tournament.version
    assert scores is not None


async def test_the_tournaments_turn_clock_resigns_a_player_as_a_forfeit(host: Host) -> None:
    tournament = await open_tournament(host, players=2, rounds=1, turn_clock="1d")
    assert tournament.turn_clock_hours == 24
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    (match,) = change.matches
    # The server's clock is the bot's default of a week: the tournament's day runs out first.
    expired = await host.expire_idle(
        turn_timeout=timedelta(days=7), lobby_timeout=None, now=datetime.now(UTC) + timedelta(hours=25)
    )
    assert [m.id for m in expired] == [match.id]
    events = await host.tournament_match_ended(match.id)
    assert kinds(events) == ["TournamentFinished"]
    game = events[0].tournament.game_of_match(match.id)
    assert game is not None and game.forfeit and game.scores == (0.0, 1.0)  # seat 0 was to move


async def test_a_moderator_cancelling_a_tournament_match_scores_it_drawn(host: Host) -> None:
    tournament = await open_tournament(host, players=4, rounds=1)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    first = change.matches[0]
    await host.cancel(first.id, GUILD)
    game = (await host.tournament(tournament.id)).game_of_match(first.id)
    assert game is not None and game.ended and game.scores == (0.5, 0.5) and not game.forfeit


async def test_a_round_match_left_a_lobby_by_a_process_that_stopped_is_started_as_paired(
    host: Host, store: Store
) -> None:
    tournament = await open_tournament(host, players=2, rounds=1)
    await store.set_tournament_status(tournament.id, TournamentStatus.RUNNING)
    assert await store.claim_round(tournament.id, 1, [PlannedGame(1, (2, 1))])
    # The other process created the match, and stopped before starting it.
    lobby = await store.create_match(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game="keibot",
        options={},
        seat_count=2,
        creator=SeatRow(0, PLAYERS[0].user_id, PLAYERS[0].name),
        seed=5,
        tournament_game=GameKey(tournament.id, 1, 1),
    )
    assert await host.advance_tournaments() == []  # it may still be starting it
    (started,) = await host.advance_tournaments(datetime.now(UTC) + timedelta(minutes=2))
    assert isinstance(started, RoundStarted)
    (match,) = started.matches
    assert match.id == lobby and match.status == "playing"
    assert [s.user_id for s in match.seats] == [PLAYERS[1].user_id, PLAYERS[0].user_id]


async def test_withdrawing_in_sign_up_is_leaving_and_strangers_cannot_withdraw(host: Host) -> None:
    tournament = await open_tournament(host, players=3, rounds=1)
    left = await host.withdraw_from_tournament(tournament.id, PLAYERS[2].user_id)
    assert [e.user_id for e in left.tournament.entrants] == [PLAYERS[0].user_id, PLAYERS[1].user_id]
    await host.start_tournament(tournament.id, ORGANISER.user_id)
    with pytest.raises(NotEntered):
        await host.withdraw_from_tournament(tournament.id, PLAYERS[5].user_id)
    with pytest.raises(TournamentClosed):
        await host.leave_tournament(tournament.id, PLAYERS[0].user_id)


async def test_the_tournaments_thread_holds_its_matches_unless_each_has_its_own(host: Host) -> None:
    threaded = await open_tournament(host, players=2, rounds=1)
    await host.tournament_thread_opened(threaded.id, THREAD)
    (match,) = (await host.start_tournament(threaded.id, ORGANISER.user_id)).matches
    assert match.channel_id == THREAD and not match.threaded
    await host.configure(GUILD, threads=True)
    own = await open_tournament(host, players=2, rounds=1)
    await host.tournament_thread_opened(own.id, THREAD)
    (match,) = (await host.start_tournament(own.id, ORGANISER.user_id)).matches
    assert match.channel_id == CHANNEL and match.threaded


async def test_a_knockout_player_who_withdraws_gives_their_next_opponent_a_walkover(host: Host) -> None:
    tournament = await open_tournament(host, format="knockout", rounds=None, players=4)
    change = await host.start_tournament(tournament.id, ORGANISER.user_id)
    first, second = change.matches  # seeds 1 v 4, and 2 v 3
    await host.resign(first.id, PLAYERS[3].user_id)  # seed 1 goes on to the final
    withdrawal = await host.withdraw_from_tournament(tournament.id, PLAYERS[0].user_id)
    assert withdrawal.matches == ()  # no open match of theirs
    await host.resign(second.id, PLAYERS[2].user_id)  # seed 2 goes on
    events = await host.tournament_match_ended(second.id)
    assert kinds(events) == ["TournamentFinished"]  # the final is a walkover: nothing to play
    tournament = events[0].tournament
    assert tournament.bracket is not None and tournament.bracket.champion == 2
    assert [line.entrant for line in tournament.standings[:2]] == [2, 1]
    assert len([g for g in tournament.games if g.round == 2]) == 0


async def test_erasing_a_server_erases_its_tournaments(host: Host) -> None:
    tournament = await open_tournament(host, players=2, rounds=1)
    await host.start_tournament(tournament.id, ORGANISER.user_id)
    assert await Ladder(host).erase_server(GUILD) == 1  # its one match
    with pytest.raises(TournamentNotFound):
        await host.tournament(tournament.id)
    assert await host.advance_tournaments() == [] and await host.owed_tournament_messages() == []
