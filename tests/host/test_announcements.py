"""The announcement outbox: every stored change owes its channel a message, recorded in the
change's own transaction, paid once a message shows it, and found again after a crash."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from data import EntryKind, Store
from host import Host
from host.announcements import ANNOUNCE_GRACE, RETRY_DELAYS
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CHANNEL, GUILD, mover, two_player_match


def later() -> datetime:
    """A moment when the grace of every change made so far has run out."""
    return datetime.now(UTC) + ANNOUNCE_GRACE + timedelta(seconds=1)


def outbox(database: Database) -> list[tuple[int, int, int, int, int]]:
    """(match, version, since ply, ping, attempts) of every outbox row."""
    return database.fetchall(
        "SELECT match_id, version, since_ply, ping, attempts FROM announcements ORDER BY match_id"
    )


async def test_every_change_owes_a_message_in_its_own_transaction(host: Host, database: Database) -> None:
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    assert outbox(database) == [(lobby.id, lobby.version, 0, 0, 0)]
    started = await host.join(lobby.id, BOB)
    # The start passes the turn to someone: a ping is owed with the message.
    assert outbox(database) == [(started.id, started.version, 0, 1, 0)]
    await host.announced(started.id, started.version, message_id=5, channel_id=CHANNEL)
    assert outbox(database) == []
    moved = await host.play(started.id, mover(started), "c1-d3")
    assert outbox(database) == [(moved.id, moved.version, started.ply, 1, 0)]


async def test_a_lobby_change_owes_a_message_without_a_ping(host: Host, database: Database) -> None:
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keryo-pente", seats=3)
    joined = await host.join(lobby.id, BOB)
    assert outbox(database) == [(joined.id, joined.version, 0, 0, 0)]


async def test_a_newer_change_takes_the_debt_over_and_keeps_what_was_not_shown(
    host: Host, database: Database
) -> None:
    match = await two_player_match(host, tournament=False)
    await host.announced(match.id, match.version, message_id=5, channel_id=CHANNEL)
    first = await host.play(match.id, mover(match), "K10")
    second = await host.play(match.id, mover(first), "A1")
    # Nothing showed the first move yet: the message owed shows both.
    assert outbox(database) == [(match.id, second.version, match.ply, 1, 0)]
    (due,) = await host.due_announcements(everything=True)
    assert [entry.notation for entry in due.snapshot.played] == ["K10", "A1"]
    assert due.snapshot.version == second.version and due.ping
    # A message showing the first move only pays the debt up to it: the second is still owed.
    await host.announced(match.id, first.version, message_id=6, channel_id=CHANNEL)
    assert outbox(database) == [(match.id, second.version, match.ply, 1, 0)]
    await host.announced(match.id, second.version, message_id=7, channel_id=CHANNEL)
    assert outbox(database) == []
    assert (await host.get(match.id)).message_id == 7


async def test_the_acting_path_has_a_grace_before_the_sweep_posts(host: Host) -> None:
    match = await two_player_match(host)
    assert await host.due_announcements() == []  # the interaction that made it posts it
    due = await host.due_announcements(now=later())
    assert [d.snapshot.id for d in due] == [match.id]
    # At start-up nothing of this process can still be posting it: it is due at once.
    assert [d.snapshot.id for d in await host.due_announcements(everything=True)] == [match.id]


async def test_a_match_being_announced_is_left_to_the_path_announcing_it(host: Host) -> None:
    match = await two_player_match(host)
    async with host.announcing(match.id):
        assert await host.due_announcements(everything=True) == []
    assert len(await host.due_announcements(everything=True)) == 1


async def test_a_failed_post_is_tried_again_later_each_time_later(host: Host, database: Database) -> None:
    match = await two_player_match(host)
    await host.announce_failed(match.id, match.version)
    (due,) = await host.due_announcements(now=datetime.now(UTC) + RETRY_DELAYS[0] + timedelta(seconds=1))
    assert due.attempts == 1
    assert await host.due_announcements(now=datetime.now(UTC) + RETRY_DELAYS[0] / 2) == []
    await host.announce_failed(match.id, match.version, due.attempts)
    assert await host.due_announcements(now=datetime.now(UTC) + RETRY_DELAYS[0] + timedelta(seconds=1)) == []
    (again,) = await host.due_announcements(now=datetime.now(UTC) + RETRY_DELAYS[1] + timedelta(seconds=1))
    assert again.attempts == 2


async def test_a_message_owed_after_a_restart_tells_what_was_played(database: Database, store: Store) -> None:
    first = Host(store, seed_source=lambda: 7)
    match = await two_player_match(first, tournament=False)
    await first.announced(match.id, match.version, message_id=5, channel_id=CHANNEL)
    moved = await first.play(match.id, mover(match), "K10")
    resigned = await first.resign(moved.id, mover(moved))
    first.close()
    # The bot died before either message was posted: a new host finds both entries owed.
    restarted = Host(store)
    (due,) = await restarted.due_announcements(everything=True)
    assert due.snapshot.is_over and due.snapshot.version == resigned.version
    assert [(e.kind, e.notation) for e in due.snapshot.played] == [
        (EntryKind.MOVE, "K10"),
        (EntryKind.RESIGN, "resign"),
    ]
    assert due.snapshot.played[0].description == moved.played[0].description
    assert due.snapshot.played[1].description == resigned.played[0].description
    assert due.snapshot.last_move is not None and str(due.snapshot.last_move) == "K10"
    restarted.close()


async def test_owed_message_is_the_snapshot_when_it_shows_everything_unshown(host: Host) -> None:
    match = await two_player_match(host, tournament=False)
    await host.announced(match.id, match.version, message_id=5, channel_id=CHANNEL)
    moved = await host.play(match.id, mover(match), "K10")
    due = await host.owed_message(moved)
    assert due is not None and due.snapshot is moved
    await host.announced(moved.id, moved.version, message_id=6, channel_id=CHANNEL)
    assert await host.owed_message(moved) is None


async def test_erasing_a_server_drops_what_it_was_owed(host: Host, store: Store, database: Database) -> None:
    await two_player_match(host)
    assert outbox(database)
    await store.erase_guild(GUILD)
    assert outbox(database) == []
