"""A moderator's cancel (`/tavern cancel`) and a player's vacation, on both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Store
from host import Host, MatchNotFound, MatchOver
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, CHANNEL, GUILD, mover, started_match, unchanged, win_by_five

OTHER_GUILD = GUILD + 1


async def test_cancel_ends_a_match_unrated_with_no_result(
    host: Host, store: Store, database: Database
) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    await host.play(match.id, mover(match), "K10")
    cancelled = await host.cancel(match.id, GUILD)
    assert cancelled.status == "abandoned" and cancelled.is_over and cancelled.state is not None
    assert cancelled.outcome is None and cancelled.to_move is None
    assert database.fetchall("SELECT COUNT(*) FROM results WHERE match_id = ?", (match.id,)) == [(0,)]
    for player in (ANN, BOB):
        assert await store.rating(player.user_id, "keryo-pente", GUILD) is None
    # A lobby can be cancelled too.
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="keibot", seats=2)
    assert (await host.cancel(lobby.id, GUILD)).status == "abandoned"


async def test_cancel_refuses_unknown_other_servers_and_finished_matches(
    host: Host, database: Database
) -> None:
    with pytest.raises(MatchNotFound, match="no match #999"):
        await host.cancel(999, GUILD)
    elsewhere = await started_match(
        host, "keryo-pente", [ANN, BOB], {"tournament": False}, guild_id=OTHER_GUILD
    )
    with unchanged(database, elsewhere.id), pytest.raises(MatchNotFound, match="on this server"):
        await host.cancel(elsewhere.id, GUILD)
    over = await win_by_five(
        host, await started_match(host, "keryo-pente", [ANN, CAT], {"tournament": False})
    )
    with unchanged(database, over.id), pytest.raises(MatchOver, match="is over"):
        await host.cancel(over.id, GUILD)
    cancelled = await host.cancel(elsewhere.id, OTHER_GUILD)
    with pytest.raises(MatchOver, match="abandoned"):
        await host.cancel(cancelled.id, OTHER_GUILD)


async def test_a_cancelled_match_is_never_resigned_nor_reminded(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    await host.cancel(match.id, GUILD)
    later = datetime.now(UTC) + timedelta(days=30)
    assert await host.expire_idle(turn_timeout=timedelta(days=7), lobby_timeout=None, now=later) == []
    assert await host.due_reminders(turn_timeout=timedelta(days=7), now=later) == []
