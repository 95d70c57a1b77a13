"""The ladder views: leaderboard pages, player statistics, records, privacy (real SQLite)."""

from __future__ import annotations

import pytest

from host import GLOBAL_SCOPE, Host, Ladder, MatchNotFound, NothingToShow, UnknownGame
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
