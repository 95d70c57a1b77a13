"""The ladder views: leaderboard pages, player statistics, records, privacy (real SQLite)."""

from __future__ import annotations

import pytest

from data import Store
from host import GLOBAL_SCOPE, Host, Ladder, MatchNotFound, NothingToShow, Seat, UnknownGame, ratings
from tests.support.host import PEOPLE, started, win_by_five
from tests.support.host import PEOPLE_GUILD as GUILD


async def test_leaderboard_pages_and_bad_pages(host: Host) -> None:
    ladder = Ladder(host)
    with pytest.raises(NothingToShow, match="Nobody has a Keryo-Pente rating on this server"):
        await ladder.leaderboard("keryo-pente", GUILD)
    for i in range(0, 6, 2):
        await win_by_five(host, await started(host, PEOPLE[i : i + 2]))
    page = await ladder.leaderboard("keryo-pente", GUILD)
    assert page.pages == 1 and page.players == 6 and len(page.lines) == 6
    assert [line.rank for line in page.lines] == [1, 2, 3, 4, 5, 6]
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
    record = await ladder.game_record(match.id, GUILD)
    assert record.final_state() == match.state
    with pytest.raises(MatchNotFound):
        await ladder.game_record(match.id, GUILD + 1)
    label = await ladder.forget(PEOPLE[0].user_id)
    assert label.startswith("Anonymous")
    with pytest.raises(NothingToShow, match="nothing to forget"):
        await ladder.forget(PEOPLE[0].user_id)
    assert await ladder.erase_server(GUILD) == 1


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
