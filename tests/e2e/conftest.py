"""One fake Discord and one real bot process for the whole end-to-end suite, and the answer
times of every interaction, printed at the end of the run."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path

import pytest

from .bot_process import BotProcess
from .driver import PLAYERS, Driver, Stored
from .fake_discord import GUILD_ID, FakeDiscord, Interaction

ANSWERED: list[Interaction] = []
"""Every interaction the suite sent (read at the end of the run for the answer times)."""


@pytest.fixture(scope="session")
def fake() -> Iterator[FakeDiscord]:
    discord = FakeDiscord({player.id: player.name for player in PLAYERS.values()})
    discord.start()
    yield discord
    ANSWERED.extend(discord.interactions.values())
    discord.stop()


@pytest.fixture(scope="session")
def bot(fake: FakeDiscord, tmp_path_factory: pytest.TempPathFactory) -> Iterator[BotProcess]:
    process = BotProcess(fake, Path(tmp_path_factory.mktemp("e2e-bot")), GUILD_ID)
    process.start()
    yield process
    process.stop()


@pytest.fixture
def driver(fake: FakeDiscord, bot: BotProcess) -> Iterator[Driver]:
    """A driver over the running bot; after the test, nothing the bot sent was refused."""
    if bot.process is None or bot.process.poll() is not None:
        bot.start()
    refused = len(fake.refusals)
    yield Driver(fake)
    assert fake.refusals[refused:] == [], f"the fake Discord refused requests:\n{bot.log()[-6000:]}"


@pytest.fixture
def stored(bot: BotProcess) -> Stored:
    return Stored(bot.database)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    times = sorted(t.answer_seconds for t in ANSWERED if t.answer_seconds is not None)
    if not times:
        return
    terminalreporter.write_line(
        f"end-to-end: {len(times)} interactions answered; time to the first answer: "
        f"median {statistics.median(times) * 1000:.0f} ms, worst {times[-1] * 1000:.0f} ms"
    )
