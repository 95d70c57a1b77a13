"""Results and ratings, stored in the transaction that finishes a match (real SQLite file)."""

from __future__ import annotations

import dataclasses

from data import Store
from host import Host
from host.ratings import GLOBAL_SCOPE, display_rating, ranks, results
from host.snapshot import Seat
from rules import DRAW_AGREED, GAMES, Outcome
from tests.support.host import PEOPLE, started, win_by_five
from tests.support.host import PEOPLE_CHANNEL as CHANNEL
from tests.support.host import PEOPLE_GUILD as GUILD


async def test_two_player_result_moves_ratings_apart(host: Host, store: Store) -> None:
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    winner, loser = match.seats[0], match.seats[1]
    assert winner.user_id is not None and loser.user_id is not None
    for scope in (GUILD, GLOBAL_SCOPE):
        won = await store.rating(winner.user_id, "keryo-pente", scope)
        lost = await store.rating(loser.user_id, "keryo-pente", scope)
        assert won is not None and lost is not None
        assert won.mu > 25 > lost.mu and won.matches == lost.matches == 1
        assert won.wins == 1 and lost.wins == 0
    record = await store.record(winner.user_id, "keryo-pente")
    assert (record.matches, record.wins, record.losses, record.draws) == (1, 1, 0, 0)
    recent = await store.recent_results(loser.user_id)
    assert [(r.match_id, r.outcome, r.rank) for r in recent] == [(match.id, "loss", 2)]


async def test_six_player_result_rates_every_seat(host: Host, store: Store) -> None:
    match = await win_by_five(host, await started(host, PEOPLE))
    mus = {}
    for seat in match.seats:
        assert seat.user_id is not None
        rating = await store.rating(seat.user_id, "keryo-pente", GUILD)
        assert rating is not None
        mus[seat.index] = rating.mu
    assert mus[0] > 25 and all(mus[i] < 25 for i in range(1, 6))
    assert len({round(mus[i], 9) for i in range(1, 6)}) == 1  # the others tie for second


async def test_agreed_draw_is_a_tie(host: Host, store: Store) -> None:
    match = await started(host, PEOPLE[:2])
    await host.offer_draw(match.id, PEOPLE[0].user_id)
    done = await host.offer_draw(match.id, PEOPLE[1].user_id)
    assert done.outcome is not None and done.outcome.is_draw
    for p in PEOPLE[:2]:
        rating = await store.rating(p.user_id, "keryo-pente", GUILD)
        assert rating is not None and abs(rating.mu - 25) < 1e-9 and rating.sigma < 25 / 3
        assert (await store.record(p.user_id, "keryo-pente")).draws == 1


def test_an_agreed_draw_is_a_draw_for_everyone_still_playing_even_where_points_rank() -> None:
    kerboge = GAMES["kerboge"]
    assert kerboge.ranked_by_score
    agreed = Outcome((), (12, 30, 7, 0), "draw agreed", DRAW_AGREED)
    four = [seat(0), seat(1), seat(2), seat(3, resigned=True)]
    assert ranks(kerboge, agreed, four) == [1, 1, 1, 2]
    assert [row.outcome for row in results(kerboge, agreed, four)] == ["draw", "draw", "draw", "loss"]
    # When the Serpent wins, nobody won and nobody drew: the players lose, placed by points.
    serpent = Outcome((), (12, 30, 7, 0), "the Serpent wins", "serpent")
    assert [row.outcome for row in results(kerboge, serpent, four)] == ["loss"] * 4
    assert ranks(kerboge, serpent, four) == [2, 1, 3, 4]


async def test_resigned_player_ranks_last(host: Host, store: Store) -> None:
    match = await started(host, PEOPLE[:3])
    quitter = match.seats[2]
    assert quitter.user_id is not None
    match = await host.resign(match.id, quitter.user_id)
    match = await win_by_five(host, match)
    assert match.outcome is not None and match.outcome.winners == (0,)
    records = {s.index: await store.record(s.user_id, "keryo-pente") for s in match.seats if s.user_id}
    assert records[2].resigned == 1 and records[2].losses == 1
    recent = await store.recent_results(quitter.user_id)
    assert recent[0].rank == 3
    second = match.seats[1]
    assert second.user_id is not None
    assert (await store.recent_results(second.user_id))[0].rank == 2


async def test_abandoned_lobby_changes_no_rating(host: Host, store: Store) -> None:
    lobby = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=PEOPLE[0], game_key="keryo-pente", seats=2
    )
    await host.abandon(lobby.id, PEOPLE[0].user_id)
    assert await store.rating(PEOPLE[0].user_id, "keryo-pente", GUILD) is None
    assert (await store.record(PEOPLE[0].user_id, "keryo-pente")).matches == 0


async def test_leaderboard_order_and_paging(host: Host, store: Store) -> None:
    # Ann beats Bob three times; Cat beats Dan once: Ann first, Dan last.
    for winner, loser, times in ((PEOPLE[0], PEOPLE[1], 3), (PEOPLE[2], PEOPLE[3], 1)):
        for _ in range(times):
            match = await started(host, [winner, loser])
            if match.seats[0].user_id != winner.user_id:
                match = await host.resign(match.id, loser.user_id)
            else:
                match = await win_by_five(host, match)
            assert match.outcome is not None
    board = await store.leaderboard("keryo-pente", GUILD, limit=10)
    names = [line.name for line in board]
    assert names[0] == "Ann" and names[-1] == "Bob" and len(names) == 4
    assert [line.rank for line in board] == [1, 2, 3, 4]
    assert await store.leaderboard_size("keryo-pente", GUILD) == 4
    page_two = await store.leaderboard("keryo-pente", GUILD, offset=2, limit=2)
    assert [line.name for line in page_two] == names[2:4] and page_two[0].rank == 3
    assert await store.leaderboard("keryo-pente", GUILD, offset=10) == []
    assert await store.leaderboard("keryo-pente", GUILD + 1) == []
    assert len(await store.leaderboard("keryo-pente", GLOBAL_SCOPE)) == 4
    assert board[0].matches == 3 and board[0].wins == 3


def seat(i: int, resigned: bool = False) -> Seat:
    return Seat(i, 100 + i, f"P{i}", resigned=resigned)


def test_ranks_ties_resignations_and_score_ranking() -> None:
    pente = GAMES["keryo-pente"]
    four = [seat(i) for i in range(4)]
    assert ranks(pente, Outcome((2,), (0, 0, 0, 0), "five"), four) == [2, 2, 1, 2]
    assert ranks(pente, Outcome((), (0, 0, 0, 0), "draw"), four) == [1, 1, 1, 1]
    mixed = [seat(0), seat(1, resigned=True), seat(2), seat(3, resigned=True)]
    assert ranks(pente, Outcome((0,), (0, 0, 0, 0), "five"), mixed) == [1, 3, 2, 3]
    by_score = dataclasses.replace(pente, ranked_by_score=True)
    # Nobody wins (a Serpent), the players are placed by their points.
    assert ranks(by_score, Outcome((), (5, 9, 9, 1), "serpent"), four) == [2, 1, 1, 3]


def test_display_rating() -> None:
    assert display_rating(25, 25 / 3) == "1500?"
    assert display_rating(30, 2) == "1980"


async def test_a_finished_match_says_how_each_rating_moved(host: Host, store: Store) -> None:
    first = await win_by_five(host, await started(host, PEOPLE[:2]))
    assert [(c.seat, c.before, c.change > 0) for c in first.rating_changes] == [
        (0, 1500, True),
        (1, 1500, False),
    ]
    winner, loser = first.seats
    assert winner.user_id is not None and loser.user_id is not None
    for change, seat in zip(first.rating_changes, first.seats, strict=True):
        assert seat.user_id is not None
        stored = await store.rating(seat.user_id, "keryo-pente", GUILD)
        assert stored is not None and f"{change.after}?" == display_rating(stored.mu, stored.sigma)
        assert change.provisional

    # The next match starts from where the first left each rating; a read of the match later
    # (a restart, /history) says the same.
    second = await win_by_five(host, await started(host, [PEOPLE[0], PEOPLE[1]]))
    before = {c.seat: c.after for c in first.rating_changes}
    by_user = {first.seats[seat].user_id: after for seat, after in before.items()}
    assert {second.seats[c.seat].user_id: c.before for c in second.rating_changes} == by_user
    assert (await host.get(second.id)).rating_changes == second.rating_changes
    assert [c.change > 0 for c in second.rating_changes] == [True, False]  # seat 0 wins again


async def test_an_unrated_result_moves_no_rating(host: Host) -> None:
    match = await started(host, PEOPLE[:2])
    assert match.rating_changes == ()
    computer = await host.new(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=PEOPLE[0],
        game_key="keryo-pente",
        seats=2,
        options={"tournament": False},
    )
    computer = await host.add_computer(computer.id, PEOPLE[0].user_id, "easy")
    over = await host.resign(computer.id, PEOPLE[0].user_id)
    assert over.is_over and over.rating_changes == ()
