"""The real bot.py in a child process, pointed at the fake Discord without changing its code.

A `sitecustomize.py` in a temporary folder, first on the child's PYTHONPATH, sets discord.py's
API base and gateway address before bot.py runs (Python imports sitecustomize at start-up).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .fake_discord import FakeDiscord
from .processes import descendants

ROOT = Path(__file__).resolve().parents[2]
SITECUSTOMIZE = '''\
"""Written by tests/e2e/bot_process.py: discord.py talks to the fake Discord on loopback."""
import os

import yarl
import discord.gateway
import discord.http

discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
'''


READY_LINE = "Logged in as"
STARTUP_SETTLE = 0.5
"""Seconds after the bot is ready for its start-up sweep."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class BotProcess:
    """`start()` runs bot.py and waits until it is connected and synced; `kill()` is kill -9."""

    def __init__(
        self, fake: FakeDiscord, folder: Path, guild_id: int, command: Sequence[str] = ("bot.py",)
    ) -> None:
        self.fake = fake
        self.command = list(command)
        """What the child runs after `python`: bot.py, or `-m tavern run`."""
        self.folder = folder
        self.database = folder / "tavern.sqlite3"
        self.log_path = folder / "bot.log"
        (folder / "site").mkdir(exist_ok=True)
        (folder / "site" / "sitecustomize.py").write_text(SITECUSTOMIZE)
        self.guild_id = guild_id
        self.metrics_port = free_port()
        """Health and metrics are on in the suite's bot (tests/e2e/test_metrics.py reads them)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "PYTEST"))}
        env.update(
            # The parent's own PYTHONPATH stays after ours (where a package may be installed).
            PYTHONPATH=os.pathsep.join(
                [str(self.folder / "site"), str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
            ),
            FAKE_DISCORD_API=self.fake.api_base,
            FAKE_DISCORD_GATEWAY=self.fake.gateway_url,
            DISCORD_TOKEN="fake-token",
            DATABASE_PATH=str(self.database),
            DEV_GUILD_ID=str(self.guild_id),
            LOG_LEVEL="INFO",
            METRICS_PORT=str(self.metrics_port),
        )
        return env

    def start(self, timeout: float = 30.0) -> None:
        assert self.process is None or self.process.poll() is not None, "the bot is running"
        syncs = self.fake.syncs
        identifies = self.fake.identifies
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, *(str(ROOT / arg) if arg == "bot.py" else arg for arg in self.command)],
                cwd=self.folder,
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        self.starts += 1
        deadline = time.monotonic() + timeout
        while not (self.fake.syncs > syncs and self.fake.identifies > identifies and self.fake.connected):
            if self.process.poll() is not None:
                raise AssertionError(f"bot.py exited with {self.process.returncode}:\n{self.log()[-6000:]}")
            if time.monotonic() > deadline:
                raise AssertionError(f"bot.py did not connect and sync in {timeout} s:\n{self.log()[-6000:]}")
            time.sleep(0.05)
        # discord.py is ready about 2 s after GUILD_CREATE (bot.py logs "Logged in as"); then the
        # turn clock's first sweep runs. An interaction sent before that can race with the sweep
        # (see the report of issue 18), so the suite waits for it as a user would not.
        wait_until = time.monotonic() + timeout
        while self.log().count(READY_LINE) < self.starts:
            if time.monotonic() > wait_until:
                raise AssertionError(f"bot.py did not become ready:\n{self.log()[-6000:]}")
            time.sleep(0.05)
        time.sleep(STARTUP_SETTLE)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def helpers(self) -> set[int]:
        """The bot's child processes (the computer players' workers, the resource tracker)."""
        return descendants(self.pid)

    def kill(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")
