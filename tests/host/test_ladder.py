"""The ladder views: leaderboard pages, player statistics, records, privacy (real SQLite)."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest

from data import Store
from host import (
    GLOBAL_SCOPE,
    LADDERS,
    Host,
    Ladder,
    MatchNotFound,
    NothingToShow,
    Player,
    Seat,
    UnknownGame,
    ratings,
)
from tests.support.databases import Database
from tests.support.host import PEOPLE, PEOPLE_CHANNEL, started, started_match, win_by_five
from tests.support.host import PEOPLE_GUILD as GUILD


async def test_leaderboard_pages_and_bad_pages(host: Host) -> None:
    ladder = Ladder(host)
    with pytest.raises(NothingToShow, match="Nobody has a Keryo-Pente rating on this server"):
        await ladder.leaderboard("keryo-pente", GUILD)
    for i in range(0, 6, 2):
        await win_by_five(host, await started(host, PEOPLE[i : i + 2]))
    page = await ladder.leaderboard("keryo-pente", GUILD)
    assert page.pages == 1 and page.players == 6 and len(page.lines) == 6
    # Three winners of one match each, three losers: each three share a rank (1, 1, 1, 4, 4, 4).
    assert [line.rank for line in page.lines] == [1, 1, 1, 4, 4, 4]
    assert all(line.rating.endswith("?") for line in page.lines)  # one game: provisional
    with pytest.raises(NothingToShow, match="pages 1 to 1, not 2"):
        await ladder.leaderboard("keryo-pente", GUILD, page=2)
    with pytest.raises(UnknownGame):
        await ladder.leaderboard("chess", GUILD)
    assert (await ladder.leaderboard("keryo-pente", GLOBAL_SCOPE)).players == 6


async def test_stats_of_a_player(host: Host) -> None:
    ladder = Ladder(host)
    with pytest.raises(NothingToShow, match="has not played Keryo-Pente"):
        await ladder.stats(PEOPLE[0].user_id, "keryo-pente", GUILD)
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    winner = match.seats[0]
    assert winner.user_id is not None
    stats = await ladder.stats(winner.user_id, "keryo-pente", GUILD)
    assert stats.name == winner.name and stats.rating is not None and stats.provisional
    assert stats.record.wins == 1 and len(stats.trend) == 1 and stats.trend[0] > 1500
    assert [r.match_id for r in stats.recent] == [match.id] and stats.current == ()


async def test_game_record_and_privacy(host: Host) -> None:
    ladder = Ladder(host)
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    record = (await ladder.history(match.id, GUILD)).record
    assert record.final_state() == match.state
    with pytest.raises(MatchNotFound):
        await ladder.history(match.id, GUILD + 1)
    label = await ladder.forget(PEOPLE[0].user_id)
    assert label is not None and label.startswith("Anonymous")
    with pytest.raises(NothingToShow, match="nothing to forget"):
        await ladder.forget(PEOPLE[0].user_id)
    assert await ladder.erase_server(GUILD) == 1


def test_jai_kerboge_is_a_ladder_of_its_own() -> None:
    assert [(key, ladder.title) for key, ladder in LADDERS.items()] == [
        ("keryo-pente", "Keryo-Pente"),
        ("keibot", "Keibot"),
        ("glass-bead", "Glass Bead Game"),
        ("verquere", "Verquere"),
        ("kerboge", "Kerboge"),
        ("jai-kerboge", "Jai Kerboge"),
    ]
    assert LADDERS["kerboge"].seats == (4,) and LADDERS["jai-kerboge"].seats == (2,)
    assert LADDERS["jai-kerboge"].game_key == "kerboge" and LADDERS["keryo-pente"].seats == (2, 3, 4, 5, 6)


async def test_jai_kerboge_results_ratings_and_statistics_are_its_own(host: Host, store: Store) -> None:
    ladder = Ladder(host)
    ann, bob = PEOPLE[0], PEOPLE[1]

    async def kerboge(players: list[int]) -> int:
        match = await started_match(
            host, "kerboge", [PEOPLE[i] for i in players], guild_id=GUILD, channel_id=PEOPLE_CHANNEL
        )
        return match.id

    async def agree_a_draw(match_id: int) -> None:
        for seat in (await host.get(match_id)).seats:
            assert seat.user_id is not None
            await host.offer_draw(match_id, seat.user_id)
        assert (await host.get(match_id)).is_over

    jai, four = await kerboge([0, 1]), await kerboge([0, 2, 3, 4])
    await agree_a_draw(jai)
    await agree_a_draw(four)
    jai_playing, four_playing = await kerboge([0, 1]), await kerboge([0, 2, 3, 5])
    async with store.reading() as db:
        stored = {m: g for m, g in await db.execute_fetchall("SELECT DISTINCT match_id, game FROM results")}
        rated = set(await db.execute_fetchall("SELECT DISTINCT game, match_id FROM rating_history"))
    assert stored == {jai: "jai-kerboge", four: "kerboge"}
    assert rated == {("jai-kerboge", jai), ("kerboge", four)}

    board = await ladder.leaderboard("jai-kerboge", GUILD)
    assert board.game_title == "Jai Kerboge" and board.game_key == "jai-kerboge"
    assert {line.user_id for line in board.lines} == {ann.user_id, bob.user_id}
    assert board.players == 2 and (await ladder.leaderboard("kerboge", GUILD)).players == 4

    jai_stats = await ladder.stats(ann.user_id, "jai-kerboge", GUILD)
    assert jai_stats.game_title == "Jai Kerboge" and jai_stats.record.matches == 1
    assert [r.match_id for r in jai_stats.recent] == [jai] and len(jai_stats.trend) == 1
    assert [m.id for m in jai_stats.current] == [jai_playing]
    four_stats = await ladder.stats(ann.user_id, "kerboge", GUILD)
    assert four_stats.game_title == "Kerboge" and four_stats.record.matches == 1
    assert [r.match_id for r in four_stats.recent] == [four]
    assert [m.id for m in four_stats.current] == [four_playing]
    with pytest.raises(NothingToShow, match="has not played Jai Kerboge"):
        await ladder.stats(PEOPLE[5].user_id, "jai-kerboge", GUILD)


async def test_forgetting_a_player_first_takes_them_out_of_lobbies_and_matches(
    host: Host, store: Store
) -> None:
    ladder = Ladder(host)
    match = await started(host, [PEOPLE[0], PEOPLE[1]])
    mine = await host.new(guild_id=GUILD, channel_id=1, creator=PEOPLE[0], game_key="keibot")
    theirs = await host.new(guild_id=GUILD, channel_id=1, creator=PEOPLE[2], game_key="keryo-pente", seats=3)
    await host.join(theirs.id, PEOPLE[0])
    await ladder.forget(PEOPLE[0].user_id)
    after = await host.get(match.id)
    assert (
        after.status == "finished" and after.outcome is not None and after.outcome.termination == "resigned"
    )
    assert all(seat.user_id != PEOPLE[0].user_id for seat in after.seats)
    assert (await host.get(mine.id)).status == "abandoned"
    assert [s.user_id for s in (await host.get(theirs.id)).seats] == [PEOPLE[2].user_id]
    assert await store.rating(-1, "keryo-pente", GUILD) is None


def test_an_erased_players_seat_is_never_rated() -> None:
    assert ratings.is_rated([Seat(0, 5, "Ann"), Seat(1, 6, "Bob")])
    assert not ratings.is_rated([Seat(0, -1, "Anonymous player 1"), Seat(1, 6, "Bob")])


async def test_pages_read_from_an_edge_are_the_pages_counted_from_the_top(
    store: Store, database: Database
) -> None:
    """Next and Previous read a page from the line it borders (at any depth, no rows skipped),
    and find the same lines as counting from the top; ties are ordered by user id."""
    when = "2026-11-01T00:00:00.000+00:00"
    users = range(500, 537)
    database.executemany(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
        [(u, f"P{u}", when) for u in users],
    )
    database.executemany(
        "INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at) "
        "VALUES (?, 'keibot', 0, ?, 1.0, ?, 3, 1, ?)",
        [(u, 20.0 + u % 7, 17.0 + u % 7, when) for u in users],  # seven ordinals: many ties
    )
    pages = [await store.leaderboard("keibot", 0, offset=offset) for offset in range(0, 40, 10)]
    assert [line.user_id for page in pages for line in page] == sorted(users, key=lambda u: (-(u % 7), u))
    for before, after in itertools.pairwise(pages):
        offset = after[0].rank - 1
        assert await store.leaderboard("keibot", 0, offset=offset, after=before[-1].user_id) == after
        assert await store.leaderboard("keibot", 0, offset=offset - 10, before=after[0].user_id) == before
    assert await store.leaderboard("keibot", 0, after=9999) == []  # no such line: nothing to follow


async def test_a_ladder_size_follows_its_ratings_without_counting_them(
    store: Store, database: Database
) -> None:
    when = "2026-11-01T00:00:00.000+00:00"
    database.executemany(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
        [(u, f"P{u}", when) for u in range(5)],
    )
    database.executemany(
        "INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at) "
        "VALUES (?, 'keibot', ?, 25.0, 8.0, 1.0, 1, 0, ?)",
        [(u, 0, when) for u in range(5)] + [(u, 7, when) for u in range(3)],
    )
    assert (await store.leaderboard_size("keibot", 0), await store.leaderboard_size("keibot", 7)) == (5, 3)
    assert await store.leaderboard_size("keryo-pente", 0) == 0
    await store.forget_player(1)
    assert (await store.leaderboard_size("keibot", 0), await store.leaderboard_size("keibot", 7)) == (4, 2)
    await store.erase_guild(7)
    assert (await store.leaderboard_size("keibot", 0), await store.leaderboard_size("keibot", 7)) == (4, 0)
    assert database.fetchall("SELECT scope, players FROM ladder_sizes ORDER BY scope") == [(0, 4), (7, 0)]


async def test_pages_by_number_start_from_their_band_and_match_the_ladder_counted_from_the_top(
    store: Store, database: Database
) -> None:
    """A page asked for by number starts from the band of ratings its first line is in (migration
    0013): whatever the ratings (ties, negative ones, ones on a band's very edge, ones that move to
    another band or go), it holds the lines the whole ladder sorted has there."""
    when = "2026-11-01T00:00:00.000+00:00"
    users = list(range(700, 760))
    database.executemany(
        "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)",
        [(u, f"P{u}", when) for u in users],
    )
    # Band edges (k / 16), just under them, negative ratings, and runs of ties across bands.
    ordinals = [k / 16 for k in range(-6, 6)] + [k / 16 - 1e-9 for k in range(-3, 3)]
    ordinals += [-7.25, 0.0, 0.0, 3.1, 3.1, 3.1, 12.0, -0.03125] * 5 + [0.5] * 2
    assert len(ordinals) == len(users)
    database.executemany(
        "INSERT INTO ratings (user_id, game, scope, mu, sigma, ordinal, matches, wins, updated_at) "
        "VALUES (?, 'keibot', 0, 25.0, 1.0, ?, 3, 1, ?)",
        [(u, o, when) for u, o in zip(users, ordinals, strict=True)],
    )

    async def check(expected: dict[int, float]) -> None:
        ladder = sorted(expected, key=lambda u: (-expected[u], u))
        for limit in (1, 7, 10):
            for offset in range(0, len(ladder) + limit):
                page = await store.leaderboard("keibot", 0, offset=offset, limit=limit)
                assert [line.user_id for line in page] == ladder[offset : offset + limit], (offset, limit)
                assert [line.rank for line in page] == list(range(offset + 1, offset + 1 + len(page)))
        bands = database.fetchall(
            "SELECT band, players FROM ladder_bands WHERE game = 'keibot' AND scope = 0"
        )
        counted = Counter(math.floor(ordinal * 16) for ordinal in expected.values())
        assert dict(bands) == counted  # and no empty bands

    current = dict(zip(users, ordinals, strict=True))
    await check(current)
    # Ratings move to other bands, up and down, as finished matches rate their players again.
    moved = {u: current[u] + (1.5 if u % 3 else -2.0) for u in users[::4]}
    database.executemany(
        "UPDATE ratings SET ordinal = ? WHERE user_id = ? AND game = 'keibot' AND scope = 0",
        [(o, u) for u, o in moved.items()],
    )
    current.update(moved)
    await check(current)
    await store.forget_player(users[1])
    await store.forget_player(users[-1])
    del current[users[1]], current[users[-1]]
    await check(current)


async def test_outside_a_server_a_player_reaches_their_own_ratings_and_matches(host: Host) -> None:
    ladder = Ladder(host)
    match = await win_by_five(host, await started(host, PEOPLE[:2]))
    winner = match.seats[0]
    assert winner.user_id is not None

    stats = await ladder.stats(winner.user_id, "keryo-pente", None)
    assert stats.rating is None and stats.global_rating is not None  # no server: its ladder is none
    assert stats.record.wins == 1 and len(stats.trend) == 1 and stats.trend[0] > 1500
    shown = await ladder.history(match.id, None, user_id=winner.user_id)
    assert shown.snapshot.id == match.id and shown.record.final_state() == match.state
    with pytest.raises(MatchNotFound, match="You took no part in a match"):
        await ladder.history(match.id, None, user_id=PEOPLE[2].user_id)


async def test_tied_ratings_share_a_rank_across_pages(host: Host) -> None:
    """Standard competition ranking: equal shown ratings share the first one's rank, and the
    next rank skips as many places, on the page where the tie began or a later one."""
    ladder = Ladder(host)
    twelve = [Player(500 + i, f"P{i}") for i in range(12)]
    for i in range(0, 12, 2):  # six winners tied, six losers tied
        await win_by_five(host, await started(host, twelve[i : i + 2]))

    first = await ladder.leaderboard("keryo-pente", GUILD)
    second = await ladder.leaderboard("keryo-pente", GUILD, page=2)

    ranks = [line.rank for line in first.lines + second.lines]
    shown = [line.rating for line in first.lines + second.lines]
    assert len(ranks) == 12
    for index in range(1, 12):
        tied = shown[index] == shown[index - 1]
        assert ranks[index] == (ranks[index - 1] if tied else index + 1), (ranks, shown)
    assert ranks == [1, 1, 1, 1, 1, 1, 7, 7, 7, 7, 7, 7]  # the losers' tie goes on into page 2
    assert [line.rank for line in second.lines] == [ranks[-2]] * 2
    after = await ladder.leaderboard("keryo-pente", GUILD, page=2, after=first.lines[-1].user_id)
    assert [line.rank for line in after.lines] == [line.rank for line in second.lines]
