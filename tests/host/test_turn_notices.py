"""Player settings, turn reminders and a player's match list, on a real SQLite file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Notify, Store
from host import Host, InvalidId, Ladder, MatchSnapshot, NothingToShow, Player, PlayerSettings, UnknownNotice
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, GUILD, moment, mover, set_turn_start, started_match, waiting

WEEK = timedelta(days=7)
OTHER_GUILD = GUILD + 1


async def keryo_pente(host: Host, players: list[Player], *, guild_id: int = GUILD) -> MatchSnapshot:
    return await started_match(host, "keryo-pente", players, {"tournament": False}, guild_id=guild_id)


async def with_mover(host: Host, match: MatchSnapshot, player: Player) -> MatchSnapshot:
    """The match after one move, when needed, so that `player` is to move."""
    if mover(match) != player.user_id:
        match = await host.play(match.id, mover(match), "K10")
    assert mover(match) == player.user_id
    return match


async def test_settings_default_change_and_keep(host: Host, store: Store) -> None:
    assert await host.player_settings(ANN.user_id) == PlayerSettings(Notify.MENTION, True)
    assert await store.settings(ANN.user_id) is None  # nothing stored for a default
    assert await host.change_settings(ANN.user_id, notify="dm") == PlayerSettings(Notify.DM, True)
    assert await host.change_settings(ANN.user_id, reminders=False) == PlayerSettings(Notify.DM, False)
    assert await host.change_settings(ANN.user_id) == PlayerSettings(Notify.DM, False)
    assert await host.change_settings(ANN.user_id, notify="nothing", reminders=True) == PlayerSettings(
        Notify.NOTHING, True
    )
    assert await host.player_settings(BOB.user_id) == PlayerSettings()  # each player their own


async def test_bad_settings_are_refused_and_change_nothing(host: Host, store: Store) -> None:
    await host.change_settings(ANN.user_id, notify="dm")
    with pytest.raises(UnknownNotice, match="mention, dm, nothing"):
        await host.change_settings(ANN.user_id, notify="pigeon", reminders=False)
    with pytest.raises(InvalidId):
        await host.change_settings(0, notify="dm")
    assert await host.player_settings(ANN.user_id) == PlayerSettings(Notify.DM, True)


async def test_forget_me_erases_the_settings(host: Host, store: Store) -> None:
    await keryo_pente(host, [ANN, BOB])
    await host.change_settings(ANN.user_id, notify="dm")
    await host.change_settings(CAT.user_id, reminders=False)  # never played: only settings stored
    ladder = Ladder(host)
    label = await ladder.forget(ANN.user_id)
    assert label is not None and label.startswith("Anonymous")
    assert await store.settings(ANN.user_id) is None
    assert await ladder.forget(CAT.user_id) is None  # erased, and there was nothing else
    assert await store.settings(CAT.user_id) is None
    with pytest.raises(NothingToShow, match="nothing to forget"):
        await ladder.forget(CAT.user_id)


async def test_a_reminder_at_half_and_at_ninety_percent_once_each(host: Host, database: Database) -> None:
    match = await keryo_pente(host, [ANN, BOB])
    start = moment(-timedelta(minutes=1))
    set_turn_start(database, match.id, start)
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=3)) == []
    at_half = start + timedelta(days=3, hours=13)
    (half,) = await host.due_reminders(turn_timeout=WEEK, now=at_half)
    assert (half.match_id, half.user_id, half.share, half.notify) == (match.id, mover(match), 50, "mention")
    assert half.runs_out_in == timedelta(days=3, hours=11)
    assert half.title == f"Keryo-Pente #{match.id}" and half.guild_id == GUILD
    assert await host.due_reminders(turn_timeout=WEEK, now=at_half) == []  # a second sweep: nothing
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=6)) == []
    (ninety,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=6, hours=8))
    assert (ninety.user_id, ninety.share, ninety.runs_out_in) == (mover(match), 90, timedelta(hours=16))
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=6, hours=23)) == []
    # The next turn is a turn of its own, counted from its position.
    after = await host.play(match.id, mover(match), "K10")
    moved = datetime.now(UTC)
    (next_turn,) = await host.due_reminders(turn_timeout=WEEK, now=moved + timedelta(days=4))
    assert (next_turn.user_id, next_turn.share) == (mover(after), 50)


async def test_only_the_later_reminder_when_both_are_due(host: Host, database: Database) -> None:
    """The bot was stopped past the 90% moment: one reminder, not two."""
    match = await keryo_pente(host, [ANN, BOB])
    start = moment()
    set_turn_start(database, match.id, start)
    (late,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=6, hours=12))
    assert late.share == 90 and late.runs_out_in == timedelta(hours=12)
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=6, hours=13)) == []


async def test_no_reminders_without_a_clock_or_when_turned_off(host: Host, database: Database) -> None:
    match = await keryo_pente(host, [ANN, BOB])
    start = moment()
    set_turn_start(database, match.id, start)
    later = start + timedelta(days=5)
    assert await host.due_reminders(turn_timeout=None, now=later) == []
    await host.change_settings(mover(match), reminders=False)
    await host.change_settings(waiting(match), notify="dm")
    assert await host.due_reminders(turn_timeout=WEEK, now=later) == []
    # Turned back on within the turn: the reminder still due is sent.
    await host.change_settings(mover(match), reminders=True)
    (due,) = await host.due_reminders(turn_timeout=WEEK, now=later)
    assert due.user_id == mover(match)


async def test_no_reminder_once_the_clock_ran_out(host: Host, database: Database) -> None:
    match = await keryo_pente(host, [ANN, BOB])
    start = moment()
    set_turn_start(database, match.id, start)
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=8)) == []


async def test_player_matches_your_turn_first_then_longest_waiting(host: Host, database: Database) -> None:
    now = moment()
    mine_recent = await with_mover(host, await keryo_pente(host, [ANN, BOB]), ANN)
    theirs_old = await keryo_pente(host, [ANN, CAT])
    if mover(theirs_old) == ANN.user_id:
        theirs_old = await host.play(theirs_old.id, ANN.user_id, "K10")
    mine_old = await with_mover(host, await keryo_pente(host, [BOB, ANN], guild_id=GUILD + 1), ANN)
    lobby = await host.new(
        guild_id=GUILD, channel_id=300, creator=ANN, game_key="keibot", options={"setup": "closed"}
    )
    not_mine = await keryo_pente(host, [BOB, CAT])
    for match, age in ((mine_recent, 1), (theirs_old, 30), (mine_old, 50), (lobby, 10)):
        set_turn_start(database, match.id, now - timedelta(hours=age))
    listed = await host.player_matches(ANN.user_id, now=now)
    assert [m.id for m in listed] == [mine_old.id, mine_recent.id, theirs_old.id, lobby.id]
    assert not_mine.id not in [m.id for m in listed]
    first, second, third, fourth = listed
    assert first.your_turn and first.guild_id == GUILD + 1 and first.waiting == timedelta(hours=50)
    assert second.your_turn and second.to_move is None
    assert not third.your_turn and third.to_move == "Cat" and third.waiting == timedelta(hours=30)
    assert third.players == ("Cat",)
    assert fourth.status == "lobby" and fourth.to_move is None and fourth.players == ()
    assert fourth.title == f"Keibot #{lobby.id}" and fourth.waiting == timedelta(hours=10)
    assert await host.player_matches(CAT.user_id + 100) == []


async def test_reminders_follow_each_servers_turn_clock_as_the_sweep_does(
    host: Host, database: Database
) -> None:
    """A server with a 1-day clock reminds at 12 and ~22 hours, before the sweep resigns at 24;
    a server with the clock off never reminds (nor resigns), whatever the bot's default."""
    await host.configure(GUILD, turn_clock="1d")
    await host.configure(OTHER_GUILD, turn_clock="off")
    one_day = await keryo_pente(host, [ANN, BOB])
    no_clock = await keryo_pente(host, [ANN, CAT], guild_id=OTHER_GUILD)
    start = moment()
    for match in (one_day, no_clock):
        set_turn_start(database, match.id, start)
    (half,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(hours=12, minutes=1))
    assert (half.match_id, half.share, half.runs_out_in) == (one_day.id, 50, timedelta(hours=11, minutes=59))
    (late,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(hours=22))
    assert (late.match_id, late.share, late.runs_out_in) == (one_day.id, 90, timedelta(hours=2))
    assert (
        await host.expire_idle(turn_timeout=WEEK, lobby_timeout=None, now=start + timedelta(hours=23)) == []
    )
    (resigned,) = await host.expire_idle(
        turn_timeout=WEEK, lobby_timeout=None, now=start + timedelta(hours=25)
    )
    assert resigned.id == one_day.id and resigned.is_over
    assert await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=30)) == []
    assert (await host.get(no_clock.id)).status == "playing"


async def test_a_server_that_chose_no_clock_takes_the_bots_default_for_reminders(
    host: Host, database: Database
) -> None:
    await host.configure(OTHER_GUILD, turn_clock="3d")
    default = await keryo_pente(host, [ANN, BOB])
    three_days = await keryo_pente(host, [ANN, CAT], guild_id=OTHER_GUILD)
    start = moment()
    for match in (default, three_days):
        set_turn_start(database, match.id, start)
    (due,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=2))
    assert (due.match_id, due.share) == (three_days.id, 50)
    (due,) = await host.due_reminders(turn_timeout=WEEK, now=start + timedelta(days=4))
    assert (due.match_id, due.share) == (default.id, 50)
    # The bot's default off: a server's own clock still reminds.
    assert await host.due_reminders(turn_timeout=None, now=start + timedelta(days=3, hours=-1)) != []
