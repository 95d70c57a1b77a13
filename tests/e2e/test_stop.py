"""Stopping the real bot with moves in flight: SIGTERM (as `docker stop` and `systemctl stop` send)
and SIGINT (Ctrl+C) alike close the gateway, let every interaction in flight finish, close the
store (no `-wal` left) and exit 0 with one line; a second signal exits at once.

Each test runs its own bot process (it stops it) against its own fake Discord."""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from .bot_process import BotProcess
from .driver import ALICE, PLAYERS, Driver, Player, Stored, opened_match, wait_for
from .fake_discord import GUILD_ID, LOADING, FakeDiscord, Interaction

IN_FLIGHT = 8
MOVERS = [ALICE, *(Player(3001 + i, f"Player {i}") for i in range(IN_FLIGHT - 1))]
"""One player a match: a player may have three matches against the computer going on."""
ANSWERS = r"/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/messages/.*)?)"
"""The requests that answer an interaction: its callback, follow-ups and edits of its answer."""
APOLOGY = "something went wrong"


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeDiscord]:
    discord = FakeDiscord({player.id: player.name for player in (*PLAYERS.values(), *MOVERS)})
    discord.start()
    yield discord
    discord.stop()


@pytest.fixture
def started_bots(fake: FakeDiscord) -> Iterator[list[BotProcess]]:
    """The bots a test started: any still running at its end is killed (a failed stop)."""
    bots: list[BotProcess] = []
    yield bots
    fake.release_held()
    for bot in bots:
        if bot.process is not None and bot.process.poll() is None:
            bot.kill()


def started_bot(
    fake: FakeDiscord, folder: Path, command: Sequence[str], bots: list[BotProcess]
) -> BotProcess:
    bot = BotProcess(fake, folder, GUILD_ID, command)
    bots.append(bot)
    bot.start()
    return bot


def moves_in_flight(fake: FakeDiscord, bot: BotProcess, slow_seconds: float) -> list[Interaction]:
    """The moves of `IN_FLIGHT` matches against the computer (Alice's and others'), each sent at once and each
    answered by Discord `slow_seconds` late: returned once the bot has begun answering every one
    (they are in flight in the bot)."""
    driver = Driver(fake)
    stored = Stored(bot.database)
    matches = []
    for player in MOVERS:
        opened = driver.command(
            player, "keryo-pente new", opponent="computer", level="easy", tournament=False
        )
        matches.append((player, opened_match(opened)))
    wait_for(lambda: all(stored.user_to_move(m) == p.id for p, m in matches), 20, "the players to move")
    chosen = []
    for player, match_id in matches:
        (move, *_) = driver.autocomplete(player, "keryo-pente move", "move", move="", match=match_id)
        chosen.append((player, match_id, move))
    fake.slow_next("POST", ANSWERS, slow_seconds, times=4 * IN_FLIGHT)
    fake.slow_next("PATCH", ANSWERS, slow_seconds, times=4 * IN_FLIGHT)
    sent = [
        driver.command(player, "keryo-pente move", move=move, match=match_id, settle=False)
        for player, match_id, move in chosen
    ]

    def begun(interaction: Interaction) -> bool:
        return any(interaction.token in request.path for request in list(fake.requests))

    wait_for(lambda: all(begun(i) for i in sent), 10, "the bot answering every move")
    assert not all(i.answered_at is not None for i in sent), "the moves were over before the stop"
    return sent


def stopped(bot: BotProcess, number: signal.Signals | None, timeout: float = 15.0) -> int:
    """The exit status of the bot, sent `number` (None: the signal was sent already)."""
    assert bot.process is not None
    if number is not None:
        bot.process.send_signal(number)
    try:
        return bot.process.wait(timeout)
    except subprocess.TimeoutExpired:
        bot.kill()
        raise AssertionError(f"the bot did not stop in {timeout} s:\n{bot.log()[-6000:]}") from None


def shows_thinking(interaction: Interaction) -> bool:
    return any(p.message["flags"] & LOADING and not p.deleted for p in interaction.messages)


@pytest.mark.parametrize(
    ("number", "command", "shards"),
    [
        (signal.SIGTERM, ("-m", "tavern", "run"), None),
        (signal.SIGINT, ("bot.py",), None),
        (signal.SIGTERM, ("-m", "tavern", "run"), "1"),
    ],
    ids=["SIGTERM, tavern run", "SIGINT, bot.py", "SIGTERM, sharded client"],
)
def test_a_signal_stops_the_bot_cleanly_with_moves_in_flight(
    fake: FakeDiscord,
    tmp_path: Path,
    started_bots: list[BotProcess],
    monkeypatch: pytest.MonkeyPatch,
    number: signal.Signals,
    command: Sequence[str],
    shards: str | None,
) -> None:
    if shards is not None:  # the sharded client (AutoShardedBot) closes its shards' gateways instead
        monkeypatch.setenv("SHARD_COUNT", shards)
    bot = started_bot(fake, tmp_path, command, started_bots)
    sent = moves_in_flight(fake, bot, slow_seconds=1.0)

    assert bot.process is not None
    bot.process.send_signal(number)
    # The gateway is closed first, while the moves are still being answered.
    wait_for(lambda: not fake.connected, 5, "the gateway closed")
    assert not all(i.answered_at is not None and not shows_thinking(i) for i in sent)
    status = stopped(bot, None)

    log = bot.log()
    assert status == 0, log[-6000:]
    for interaction in sent:
        assert interaction.answered_at is not None, f"move never answered:\n{log[-6000:]}"
        assert not shows_thinking(interaction), "thinking… left"
        assert not any(APOLOGY in text.lower() for text in interaction.private_texts), (
            interaction.private_texts
        )
    assert "Traceback" not in log and "Unexpected error" not in log, log[-6000:]
    assert log.count("Stopped cleanly in") == 1, log[-3000:]
    assert "Stopped" in log.splitlines()[-1], "the stop's line is the last one"
    assert not Path(f"{bot.database}-wal").exists(), "the store's close left its write-ahead log"


def test_a_second_signal_exits_at_once(
    fake: FakeDiscord, tmp_path: Path, started_bots: list[BotProcess]
) -> None:
    bot = started_bot(fake, tmp_path, ("-m", "tavern", "run"), started_bots)
    moves_in_flight(fake, bot, slow_seconds=6.0)
    assert bot.process is not None
    bot.process.send_signal(signal.SIGTERM)
    # Two signals sent at once may reach the process as one (Linux does not queue them): the
    # second is sent once the stop has begun, which closes the gateway first.
    wait_for(lambda: not fake.connected, 5, "the gateway closed by the first signal")
    assert bot.process.poll() is None, "the bot is still stopping"
    status = stopped(bot, signal.SIGTERM, timeout=2.0)
    assert status == 128 + signal.SIGTERM, bot.log()[-3000:]
    assert "SIGTERM again while stopping: exiting at once" in bot.log()
    assert "Stopped cleanly" not in bot.log()
