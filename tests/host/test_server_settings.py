"""Each server's settings (`Host.configure`): games offered, clocks, threads, ratings, quiet mode;
stored in a real SQLite file."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from data import Store
from host import GameNotOffered, Host, SettingRefused, UnknownGame
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, CHANNEL, GUILD, mover, started_match, win_by_five

OTHER_GUILD, THIRD_GUILD, FOURTH_GUILD = GUILD + 1, GUILD + 2, GUILD + 3
WEEK, THREE_DAYS = timedelta(days=7), timedelta(days=3)


def settings_rows(database: Database) -> list[tuple[object, ...]]:
    return database.fetchall("SELECT * FROM guild_settings ORDER BY guild_id")


async def test_a_server_that_set_nothing_has_todays_behaviour(host: Host) -> None:
    settings = await host.server_settings(GUILD)
    assert settings.games == ("keryo-pente", "keibot", "glass-bead", "verquere", "kerboge")
    assert settings.turn_clock(WEEK) == WEEK and settings.lobby_clock(THREE_DAYS) == THREE_DAYS
    assert not settings.threads and settings.rated and not settings.quiet
    match = await started_match(host, "keibot", [ANN, BOB], {"setup": "closed"})
    assert match.rated and not match.threaded and not match.quiet and match.thread_id is None


async def test_each_setting_is_stored_and_shown(host: Host, store: Store) -> None:
    changed = await host.configure(
        GUILD, disable="verquere", turn_clock="1d", lobby_clock="off", threads=True, rated=False
    )
    assert "verquere" not in changed.games and len(changed.games) == 4
    assert changed.turn_clock(WEEK) == timedelta(days=1) and changed.lobby_clock(THREE_DAYS) is None
    assert changed.threads and not changed.rated and not changed.quiet
    assert await host.server_settings(GUILD) == changed
    assert await host.server_settings(OTHER_GUILD) != changed  # per server
    back = await host.configure(GUILD, enable="verquere", turn_clock="default", quiet=True)
    assert "verquere" in back.games and back.turn_clock(WEEK) == WEEK
    assert back.quiet and back.threads  # quiet implies threads
    off = await host.configure(GUILD, threads=False)
    assert not off.threads and not off.quiet


async def test_refused_settings_change_nothing(host: Host, database: Database) -> None:
    await host.configure(GUILD, disable="keibot")
    before = settings_rows(database)
    with pytest.raises(UnknownGame):
        await host.configure(GUILD, disable="chess", rated=False)
    with pytest.raises(SettingRefused, match="not a clock setting"):
        await host.configure(GUILD, turn_clock="2h")
    with pytest.raises(SettingRefused, match="needs threads on"):
        await host.configure(GUILD, threads=False, quiet=True)
    for key in ("keryo-pente", "glass-bead", "verquere"):
        await host.configure(GUILD, disable=key)
    with pytest.raises(SettingRefused, match="at least one game must stay offered"):
        await host.configure(GUILD, disable="kerboge")
    assert (await host.server_settings(GUILD)).games == ("kerboge",)
    assert settings_rows(database) != before  # the four accepted changes landed, nothing else


async def test_a_game_the_server_does_not_offer_cannot_be_opened(host: Host) -> None:
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=2)
    await host.configure(GUILD, disable="keibot")
    with pytest.raises(GameNotOffered) as refused:
        await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=BOB, game_key="keibot", seats=2)
    assert refused.value.game_title == "Keibot"
    assert [key for key, _ in refused.value.offered] == ["keryo-pente", "glass-bead", "verquere", "kerboge"]
    assert "Keryo-Pente" in str(refused.value)
    # A lobby opened before goes on; another server is not concerned.
    assert (await host.join(lobby.id, BOB)).status == "playing"
    await host.new(guild_id=OTHER_GUILD, channel_id=CHANNEL, creator=BOB, game_key="keibot", seats=2)


async def test_an_unrated_servers_matches_store_results_but_leave_ratings_alone(
    host: Host, store: Store
) -> None:
    await host.configure(GUILD, rated=False)
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    assert not match.rated
    await host.configure(GUILD, rated=True)  # a match keeps what it was opened with
    done = await win_by_five(host, match)
    assert done.status == "finished"
    for player in (ANN, BOB):
        assert await store.rating(player.user_id, "keryo-pente", GUILD) is None
        assert await store.rating(player.user_id, "keryo-pente", 0) is None
        record = await store.record(player.user_id, "keryo-pente", GUILD)
        assert record.matches == 1  # the result is stored
    # A match opened once the server is rated again moves ratings.
    rated = await win_by_five(
        host, await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    )
    assert rated.rated
    assert await store.rating(ANN.user_id, "keryo-pente", GUILD) is not None


async def test_the_sweep_uses_each_servers_clocks(
    host: Host, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    await host.configure(GUILD, turn_clock="1d", lobby_clock="1d")
    await host.configure(OTHER_GUILD, turn_clock="14d", lobby_clock="7d")
    await host.configure(THIRD_GUILD, turn_clock="off", lobby_clock="off")
    matches = {
        guild: await started_match(host, "keibot", [ANN, BOB], {"setup": "closed"}, guild_id=guild)
        for guild in (GUILD, OTHER_GUILD, THIRD_GUILD, FOURTH_GUILD)  # the fourth set nothing
    }
    lobbies = {
        guild: await host.new(guild_id=guild, channel_id=CHANNEL, creator=CAT, game_key="keibot", seats=2)
        for guild in (GUILD, OTHER_GUILD, THIRD_GUILD, FOURTH_GUILD)
    }
    statements: list[str] = []
    idle_matches = store.idle_matches

    async def counted(*args: Any, **kwargs: Any) -> Any:  # the real query, counted
        statements.append("guild_settings")
        return await idle_matches(*args, **kwargs)

    monkeypatch.setattr(store, "idle_matches", counted)  # its one statement joins guild_settings
    start = datetime.now(UTC)

    async def expired(after: timedelta) -> set[tuple[str, int]]:
        changed = await host.expire_idle(turn_timeout=WEEK, lobby_timeout=THREE_DAYS, now=start + after)
        guild_of = {m.id: g for g, m in matches.items()} | {m.id: g for g, m in lobbies.items()}
        return {(snapshot.status, guild_of[snapshot.id]) for snapshot in changed}

    statements.clear()
    assert await expired(timedelta(hours=12)) == set()
    assert sum("guild_settings" in s for s in statements) == 2  # one query per status, not per server
    assert await expired(timedelta(days=2)) == {("finished", GUILD), ("abandoned", GUILD)}
    assert await expired(timedelta(days=4)) == {("abandoned", FOURTH_GUILD)}  # the default 3 days
    assert await expired(timedelta(days=8)) == {("finished", FOURTH_GUILD), ("abandoned", OTHER_GUILD)}
    assert await expired(timedelta(days=15)) == {("finished", OTHER_GUILD)}
    assert await expired(timedelta(days=400)) == set()  # the third server's clocks are off
    seat = (await host.get(matches[OTHER_GUILD].id)).seat_of(mover(matches[OTHER_GUILD]))
    assert seat is not None and seat.left == "timeout"
    assert (await host.get(lobbies[THIRD_GUILD].id)).status == "lobby"


async def test_the_clocks_default_to_the_bots_settings_and_off_means_never(host: Host) -> None:
    match = await started_match(host, "keibot", [ANN, BOB], {"setup": "closed"})
    later = datetime.now(UTC) + timedelta(days=30)
    assert await host.expire_idle(turn_timeout=None, lobby_timeout=None, now=later) == []
    await host.configure(GUILD, turn_clock="3d")  # the server's own clock runs even when the bot's is off
    (changed,) = await host.expire_idle(turn_timeout=None, lobby_timeout=None, now=later)
    assert changed.id == match.id and "(3 days)" in changed.played[0].description


async def test_a_matchs_thread_is_remembered_and_lets_it_be_found_from_there(host: Host) -> None:
    await host.configure(GUILD, quiet=True)
    with pytest.raises(SettingRefused, match="quiet mode"):
        await host.new(
            guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=2, thread=False
        )
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", seats=2)
    assert lobby.threaded and lobby.quiet and lobby.home_id == CHANNEL
    thread = 555_000
    await host.thread_opened(lobby.id, thread)
    found = await host.resolve(user_id=ANN.user_id, guild_id=GUILD, channel_id=thread, game_key="keibot")
    assert found.id == lobby.id and found.thread_id == thread and found.home_id == thread
    assert [m.id for m in await host.matches_in_channel(GUILD, thread)] == [lobby.id]
    await host.thread_gone(lobby.id)
    gone = await host.get(lobby.id)
    assert gone.thread_id is None and not gone.threaded and not gone.quiet and gone.home_id == CHANNEL
    # Per match: a thread without the server's setting, or none despite it.
    await host.configure(GUILD, threads=False)
    own = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=BOB, game_key="keibot", seats=2, thread=True
    )
    assert own.threaded and not own.quiet
    await host.configure(GUILD, threads=True)
    none = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=CAT, game_key="keibot", seats=2, thread=False
    )
    assert not none.threaded
