"""What the host counts for the metrics (host/activity.py) and the store's figures the health
check reads (outbox depth, active matches), on both stores."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

from data import MatchStatus, Store
from host import Host, NotYourTurn
from rules import State
from tests.support.host import ANN, BOB, CHANNEL, GUILD, mover, two_player_match, waiting


async def test_a_stored_move_is_counted_by_game_and_a_refused_one_is_not(host: Host) -> None:
    match = await two_player_match(host)
    assert host.activity.moves_played == {}
    await host.play(match.id, mover(match), "K10")
    with pytest.raises(NotYourTurn):
        await host.play(match.id, mover(match), "A1")  # the same player again: not their turn
    assert host.activity.moves_played == {"keryo-pente": 1}
    played = await host.get(match.id)
    await host.play(match.id, mover(played), "A1")
    assert host.activity.moves_played == {"keryo-pente": 2}
    assert waiting(played) != mover(played)


class SlowChooser:
    """The first legal move, after a pause: a computer move the counters can be seen waiting on."""

    def __init__(self) -> None:
        self.release = asyncio.Event()

    async def choose(self, state: State, level: str, seed: int, *, requester: int | None = None) -> str:
        await self.release.wait()
        return str(state.legal_moves()[0])

    async def accepts_draw(
        self, state: State, seat: int, level: str, seed: int, *, requester: int | None = None
    ) -> bool:
        return False


async def test_a_computer_move_is_counted_while_it_waits_and_timed_when_chosen(store: Store) -> None:
    chooser = SlowChooser()
    host = Host(store, computer=chooser, seed_source=iter(range(7000, 9000)).__next__)
    thought: list[tuple[str, float]] = []
    host.activity.think_listeners.append(lambda game, seconds: thought.append((game, seconds)))
    match = await host.new(
        guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot", computers="easy"
    )
    while not match.waiting_for_computer:  # the person moves first when drawn to
        assert match.state is not None
        match = await host.play(match.id, ANN.user_id, str(match.state.legal_moves()[0]))
    playing = asyncio.create_task(host.play_computers(match.id))
    for _ in range(100):
        if host.activity.computer_moves_waiting:
            break
        await asyncio.sleep(0.01)
    assert host.activity.computer_moves_waiting == 1
    chooser.release.set()
    await playing
    assert host.activity.computer_moves_waiting == 0
    assert [game for game, _ in thought] == ["keibot"] and thought[0][1] > 0
    assert host.activity.moves_played["keibot"] >= 1


async def test_the_outbox_depth_counts_owed_messages_and_dates_the_oldest(host: Host, store: Store) -> None:
    assert (await store.outbox_depth()).owed == 0
    assert (await store.outbox_depth()).oldest_change is None
    before = datetime.now(UTC).replace(microsecond=0)  # the store keeps milliseconds
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    await host.new(guild_id=GUILD, channel_id=CHANNEL + 1, creator=BOB, game_key="keibot")
    depth = await store.outbox_depth()
    assert depth.owed == 2
    assert depth.oldest_change is not None
    assert before <= datetime.fromisoformat(depth.oldest_change) <= datetime.now(UTC)
    started = await host.join(lobby.id, BOB)
    await host.announced(started.id, started.version, 55, CHANNEL)
    assert (await store.outbox_depth()).owed == 1


async def test_active_matches_are_counted_by_status(host: Host, store: Store) -> None:
    assert await store.active_match_counts() == {MatchStatus.LOBBY: 0, MatchStatus.PLAYING: 0}
    await two_player_match(host)
    await host.new(guild_id=GUILD, channel_id=CHANNEL + 1, creator=ANN, game_key="keibot")
    assert await store.active_match_counts() == {MatchStatus.LOBBY: 1, MatchStatus.PLAYING: 1}
