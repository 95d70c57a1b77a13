"""A moderator's cancel (`/tavern cancel`) and a player's vacation, on both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Store
from host import Host, Ladder, MatchNotFound, MatchOver, MatchSnapshot, Player, Vacation, VacationRefused
from tests.support.databases import Database
from tests.support.host import (
    ANN,
    BOB,
    CAT,
    CHANNEL,
    DAN,
    GUILD,
    moment,
    mover,
    set_turn_start,
    started_match,
    unchanged,
    win_by_five,
)

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


async def sweep(host: Host, now: datetime) -> list[MatchSnapshot]:
    """The sweep at `now`, with the bot's default week (the server's own 1 day applies)."""
    return await host.expire_idle(turn_timeout=timedelta(days=7), lobby_timeout=None, now=now)


async def test_a_vacation_is_stored_limited_to_fourteen_days_in_thirty_and_ends_early(host: Host) -> None:
    now = moment()
    assert await host.vacation(ANN.user_id, now=now) == Vacation(None, 14)
    away = await host.set_vacation(ANN.user_id, "10", now=now)
    assert away == Vacation(now + timedelta(days=10), 4)
    assert await host.vacation(BOB.user_id, now=now) == Vacation(None, 14)  # per player
    # A new vacation replaces the running one, which counts only up to then.
    later = now + timedelta(days=2)
    with pytest.raises(VacationRefused, match="from 1 to 12"):
        await host.set_vacation(ANN.user_id, 13, now=later)
    assert (await host.vacation(ANN.user_id, now=later)).until == now + timedelta(days=10)  # unchanged
    assert await host.set_vacation(ANN.user_id, 12, now=later) == Vacation(later + timedelta(days=12), 0)
    back = later + timedelta(days=1)
    assert await host.set_vacation(ANN.user_id, "off", now=back) == Vacation(None, 11)  # ended early
    for refused in ("fifteen", "-1", "1.5", "", 12):
        with pytest.raises(VacationRefused, match="or 0 \\(or off\\) to end"):
            await host.set_vacation(ANN.user_id, refused, now=back)
    assert (await host.vacation(ANN.user_id, now=back)).until is None
    # The days come back as they leave the rolling 30 days.
    assert (await host.vacation(ANN.user_id, now=now + timedelta(days=40))).days_left == 14


async def test_used_up_vacation_days_are_refused_plainly(host: Host) -> None:
    now = moment()
    await host.set_vacation(ANN.user_id, 14, now=now)
    after = now + timedelta(days=15)
    with pytest.raises(VacationRefused, match="used up"):
        await host.set_vacation(ANN.user_id, 1, now=after)
    assert (await host.set_vacation(ANN.user_id, 1, now=now + timedelta(days=31))).until is not None


async def test_a_vacation_stops_only_its_players_clock_and_it_resumes_where_it_stopped(
    host: Host, database: Database
) -> None:
    await host.configure(GUILD, turn_clock="1d")
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    away, other = mover(match), (BOB.user_id if mover(match) == ANN.user_id else ANN.user_id)
    start = moment()
    set_turn_start(database, match.id, start)
    await host.set_vacation(other, 5, now=start)  # the other player's vacation changes nothing here
    await host.set_vacation(away, 3, now=start + timedelta(hours=6))
    assert await sweep(host, start + timedelta(days=2)) == []  # on vacation
    assert await host.due_reminders(turn_timeout=timedelta(days=7), now=start + timedelta(days=2)) == []
    # Back after 3 days: 6 hours had passed, so the half is at 3 days 12 hours, the end at 4 days.
    (half,) = await host.due_reminders(
        turn_timeout=timedelta(days=7), now=start + timedelta(days=3, hours=13)
    )
    assert half.share == 50 and half.runs_out_in == timedelta(hours=11)
    assert await sweep(host, start + timedelta(days=3, hours=23)) == []
    (resigned,) = await sweep(host, start + timedelta(days=4, hours=1))
    assert resigned.id == match.id and resigned.is_over


async def test_a_vacation_ended_early_gives_the_clock_back_from_then(host: Host, database: Database) -> None:
    await host.configure(GUILD, turn_clock="1d")
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    start = moment()
    set_turn_start(database, match.id, start)
    await host.set_vacation(mover(match), 7, now=start)
    await host.set_vacation(mover(match), "off", now=start + timedelta(days=1))
    assert await sweep(host, start + timedelta(days=1, hours=23)) == []
    assert [m.id for m in await sweep(host, start + timedelta(days=2, hours=1))] == [match.id]


async def test_matches_held_by_vacations_never_keep_the_sweep_from_the_others(
    host: Host, database: Database
) -> None:
    """The sweep reads idle matches a page at a time, oldest first: a full page of players on
    vacation must not hide the match behind it."""
    start = moment()
    held = []
    for index, pair in enumerate(([ANN, BOB], [CAT, DAN], [Player(5, "Eve"), Player(6, "Fay")])):
        match = await started_match(host, "keryo-pente", pair, {"tournament": False})
        set_turn_start(database, match.id, start + timedelta(minutes=index))  # the oldest first
        held.append(match)
    for match in held[:2]:
        await host.set_vacation(mover(match), 5, now=start)
    later = start + timedelta(days=8)  # the first two movers' clocks stood still for 5 of them
    changed = await host.expire_idle(turn_timeout=timedelta(days=7), lobby_timeout=None, now=later, page=2)
    assert [m.id for m in changed] == [held[2].id]
    assert [(await host.get(m.id)).status for m in held[:2]] == ["playing", "playing"]


async def test_forget_me_erases_the_vacations(host: Host, store: Store) -> None:
    await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    now = moment()
    await host.set_vacation(ANN.user_id, 3, now=now)
    assert await store.vacations(ANN.user_id, ending_after="") != []
    await Ladder(host).forget(ANN.user_id)
    assert await store.vacations(ANN.user_id, ending_after="") == []
