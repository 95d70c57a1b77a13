"""bot.py: settings, the missing-token help, and a bot that can be built without logging in."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import discord
import pytest
from discord import app_commands

import bot as bot_module
from bot import PERMISSIONS, Settings, TavernBot, intents, main, read_env_file
from cogs import MatchComponent, TavernTree
from cogs.clock import TurnClock
from host import Host


def test_env_file_is_parsed_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\n\nDISCORD_TOKEN='from-file'\nexport DEV_GUILD_ID=1234  # my server\n"
        'LOG_LEVEL="debug"\nDATABASE_PATH=/tmp/x.sqlite3\nBROKEN LINE\n'
    )
    assert read_env_file(env)["DEV_GUILD_ID"] == "1234"
    settings = Settings.load({"DISCORD_TOKEN": "from-env"}, env)
    assert settings == Settings("from-env", Path("/tmp/x.sqlite3"), 1234, "DEBUG")


def test_defaults(tmp_path: Path) -> None:
    settings = Settings.load({}, tmp_path / "missing.env")
    assert settings.token is None and settings.dev_guild_id is None and settings.log_level == "INFO"
    assert settings.database_path == Path(bot_module.__file__).resolve().parent / "data" / "tavern.sqlite3"


def test_without_a_token_it_explains_and_exits_with_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main({}, tmp_path / "missing.env") == 2
    told = capsys.readouterr().err
    assert "https://discord.com/developers/applications" in told
    assert "DISCORD_TOKEN=" in told and ".env" in told
    assert "scope=bot+applications.commands" in told
    assert f"permissions={PERMISSIONS.value}" in told
    assert not (tmp_path / "data").exists()


def test_the_invite_asks_for_exactly_the_needed_permissions() -> None:
    needed = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 14) | (1 << 15) | (1 << 16)
    assert PERMISSIONS.value == needed == 274878024704
    assert not PERMISSIONS.use_external_emojis and not PERMISSIONS.administrator


def test_no_privileged_intents() -> None:
    chosen = intents()
    assert not chosen.message_content and not chosen.members and not chosen.presences
    assert chosen.guilds


async def test_the_bot_is_built_without_logging_in(host: Host) -> None:
    client = TavernBot(host, sync_commands=False)
    assert isinstance(client.tree, TavernTree)
    mentions = client.allowed_mentions
    assert mentions is not None
    assert (mentions.everyone, mentions.users, mentions.roles, mentions.replied_user) == (False,) * 4
    async with client:
        await client.install()
        group = client.tree.get_command("keryo-pente")
        assert isinstance(group, app_commands.Group)
        names = sorted(command.name for command in group.commands)
        assert names == ["board", "draw", "join", "leave", "move", "new", "resign", "rules", "start"]
        assert client.tree.get_command("games") and client.tree.get_command("help")
        for command in group.commands:
            assert isinstance(command, app_commands.Command)
            match = command.get_parameter("match")
            if match is not None:
                assert match.autocomplete and match.type is discord.AppCommandOptionType.integer
        move = group.get_command("move")
        assert isinstance(move, app_commands.Command)
        typed = move.get_parameter("move")
        assert typed is not None and typed.autocomplete
        assert MatchComponent in client._connection._view_store._dynamic_items.values()
        payload = group.to_dict(client.tree)
        assert payload["name"] == "keryo-pente" and len(payload["options"]) == 9


async def test_commands_sync_to_the_dev_server(host: Host, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[discord.abc.Snowflake | None] = []

    async def sync(self: TavernTree, *, guild: discord.abc.Snowflake | None = None) -> list[object]:
        synced.append(guild)
        return []

    monkeypatch.setattr(TavernTree, "sync", sync)
    async with TavernBot(host, dev_guild_id=42) as client:
        await client.setup_hook()
        assert client.tree.get_command("keryo-pente", guild=discord.Object(42)) is not None
    async with TavernBot(host) as client:
        await client.setup_hook()
    assert [g.id if g else None for g in synced] == [42, None]


def test_zero_hours_mean_never_and_not_the_default(tmp_path: Path) -> None:
    settings = Settings.load({"TURN_TIMEOUT_HOURS": "0", "LOBBY_TIMEOUT_HOURS": "0"}, tmp_path / "none")
    assert settings.turn_timeout is None and settings.lobby_timeout is None
    settings = Settings.load({"TURN_TIMEOUT_HOURS": "24", "LOBBY_TIMEOUT_HOURS": "1.5"}, tmp_path / "none")
    assert settings.turn_timeout == timedelta(hours=24) and settings.lobby_timeout == timedelta(hours=1.5)


@pytest.mark.parametrize(
    ("name", "value", "said"),
    [
        ("LOG_LEVEL", "loud", "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, not 'LOUD'."),
        ("TURN_TIMEOUT_HOURS", "soon", "TURN_TIMEOUT_HOURS must be a number of hours (0 for never)"),
        ("LOBBY_TIMEOUT_HOURS", "-3", "LOBBY_TIMEOUT_HOURS must be a number of hours from 0"),
        ("DEV_GUILD_ID", "my-server", "DEV_GUILD_ID must be a server id"),
    ],
)
def test_a_bad_setting_is_refused_in_one_line(tmp_path: Path, name: str, value: str, said: str) -> None:
    with pytest.raises(SystemExit) as refused:
        Settings.load({name: value}, tmp_path / "none")
    message = str(refused.value)
    assert message.startswith(said) and "\n" not in message


async def test_the_sweep_is_installed_and_started_even_without_a_turn_clock(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[TurnClock] = []
    monkeypatch.setattr(TurnClock, "start", lambda clock: started.append(clock))
    async with TavernBot(host, sync_commands=False, turn_timeout=None, lobby_timeout=None) as client:
        await client.setup_hook()
        clock = client.get_cog("TurnClock")
        assert isinstance(clock, TurnClock) and started == [clock]
        assert clock.turn_timeout is None and clock.lobby_timeout is None


def test_without_discord_reachable_it_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    # Discord's API pointed at a closed port on this machine: the connection is refused at once.
    settings = {"DISCORD_TOKEN": "a.b.c", "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    script = (
        "import sys, discord.http\n"
        "discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'\n"
        "import bot\n"
        f"sys.exit(bot.main({settings!r}, None))\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(bot_module.__file__).resolve().parent,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 1, run.stderr
    problems = [line for line in run.stderr.splitlines() if " ERROR " in line or " WARNING " in line]
    assert len(problems) == 1, run.stderr
    assert "Could not reach Discord" in problems[0] and "check the network" in problems[0]
    assert "Traceback" not in run.stderr and "PyNaCl" not in run.stderr and "davey" not in run.stderr
