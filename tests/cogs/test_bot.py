"""bot.py: settings, the missing-token help, and a bot that can be built without logging in."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import discord
import pytest
from discord import app_commands

import bot as bot_module
import render
from bot import (
    PERMISSIONS,
    QUIET_LOGGERS,
    Settings,
    TavernBot,
    build_bot,
    intents,
    main,
    read_env_file,
    setup_logging,
)
from cogs import MatchComponent, TavernTree
from cogs.clock import TurnClock
from data import open_store
from host import Host, Player
from rules import GAMES
from rules.text import Words
from tavern.run import MemoryRelease


def test_env_file_is_parsed_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# a comment\n\nDISCORD_TOKEN='from-file'\nexport DEV_GUILD_ID=1234  # my server\n"
        'LOG_LEVEL="debug"\nDATABASE_PATH=/tmp/x.sqlite3\nBROKEN LINE\n'
    )
    assert read_env_file(env)["DEV_GUILD_ID"] == "1234"
    settings = Settings.load({"DISCORD_TOKEN": "from-env"}, env)
    assert settings == Settings("from-env", Path("/tmp/x.sqlite3"), 1234, "DEBUG")


def test_the_entry_point_freezes_what_is_loaded_and_keeps_freed_memory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Importing render changes nothing of the process (tests/render/test_png.py): bot.py asks
    for the allocator the pictures are measured with, beside `gc.freeze()`."""
    calls: list[int] = []

    def keep_freed_memory() -> bool:
        calls.append(1)
        return True

    monkeypatch.setattr(render, "keep_freed_memory", keep_freed_memory)
    try:
        bot_module.settle_process()
        assert calls == [1] and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()


def test_freed_memory_is_given_back_once_a_burst_of_pictures_is_over() -> None:
    release = MemoryRelease()
    assert not release.look()  # nothing drawn: nothing to give back
    state = GAMES["keibot"].start(2)
    render.board(state)
    render.board(state.play(state.legal_moves()[0]))
    assert not release.look()  # pictures drawn since the last look: the burst may go on
    assert release.look()  # none drawn since the last look: the burst is over
    assert not release.look()  # none drawn since the release: nothing new to give back
    render.board(state)
    assert not release.look()
    assert release.look()
    assert release.releases == 2


async def test_the_memory_release_looks_until_cancelled() -> None:
    release = MemoryRelease()
    running = asyncio.create_task(release.run(period=0.01))
    try:
        render.board(GAMES["keibot"].start(2))
        for _ in range(200):
            if release.releases:
                break
            await asyncio.sleep(0.01)
        assert release.releases == 1
    finally:
        running.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await running
    assert running.cancelled()


WORKER_START = """
import sys
from multiprocessing import spawn

spawn._fixup_main_from_path(sys.argv[1])  # what a spawned worker does with the parent's bot.py
loaded = sorted(name for name in ("discord", "cogs", "tavern.run", "render") if name in sys.modules)
assert not loaded, f"a worker importing bot.py loaded {loaded}"
"""


def test_a_worker_process_importing_bot_py_again_loads_none_of_the_bot() -> None:
    """The computer players' and the GIFs' workers import bot.py again (multiprocessing's spawn):
    they get none of the bot, about 30 MB less each (issue 34)."""
    path = Path(bot_module.__file__ or "bot.py").resolve()
    done = subprocess.run(
        [sys.executable, "-c", WORKER_START, str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


def test_warming_up_the_pictures_logs_and_never_fails(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[str] = []
    monkeypatch.setattr(render, "warm_up", lambda words: calls.append(words.code))
    with caplog.at_level(logging.INFO, logger="tavern"):
        bot_module.warm_up_pictures()
    assert calls == ["en"] and "Pictures warmed up (en) in" in caplog.text
    with caplog.at_level(logging.INFO, logger="tavern"):
        bot_module.warm_up_pictures("de", "ja")  # the languages servers chose, once the bot knows them
    assert calls == ["en", "de", "ja"] and "Pictures warmed up (de, ja) in" in caplog.text

    def broken(words: Words) -> None:
        raise RuntimeError("no fonts")

    monkeypatch.setattr(render, "warm_up", broken)
    caplog.clear()
    with caplog.at_level(logging.INFO, logger="tavern"):
        bot_module.warm_up_pictures()  # does not raise
    assert "Warming up the pictures failed" in caplog.text and "no fonts" in caplog.text


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


def test_without_a_token_it_says_where_the_real_invite_link_comes_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without a token there is no application id to put in the link: the help says that the bot
    logs the real link once logged in, and what to fill in to invite it before."""
    assert main({}, tmp_path / "missing.env") == 2
    told = capsys.readouterr().err
    assert "Invite URL: https://discord.com/oauth2/authorize?client_id=" in told
    assert 'replace <APPLICATION_ID> in this link with\n   the "Application ID"' in told
    assert '"General Information" page' in told
    # Every step comes before the link that needs them all.
    assert (
        told.index("DISCORD_TOKEN=") < told.index("DEV_GUILD_ID") < told.index("client_id=<APPLICATION_ID>")
    )


def test_the_invite_asks_for_exactly_the_needed_permissions() -> None:
    needed = (1 << 10) | (1 << 11) | (1 << 38) | (1 << 35) | (1 << 14) | (1 << 15) | (1 << 16)
    assert PERMISSIONS.value == needed == 309237763072
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
        assert names == [
            "board",
            "draw",
            "join",
            "leave",
            "move",
            "new",
            "resign",
            "rules",
            "start",
            "takeback",
        ]
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
        assert payload["name"] == "keryo-pente" and len(payload["options"]) == 10


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


FAKE_TOKEN = "MTA.secret-token.value"


def run_bot(
    settings: dict[str, str], *, file_size_limit: int | None = None, without_root_powers: bool = False
) -> subprocess.CompletedProcess[str]:
    """bot.py's main in a child process, with Discord's API pointed at a closed port on this
    machine (the connection is refused at once). `file_size_limit`: the kernel refuses to grow any
    file past this many bytes (RLIMIT_FSIZE), as a full disk does; `without_root_powers`: run as
    root would without bypassing file permissions (so a read-only folder is read-only)."""
    script = (
        "import resource, sys, discord.http\n"
        "discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'\n"
        f"limit = {file_size_limit!r}\n"
        "if limit is not None:\n"
        "    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))\n"
        "import bot\n"
        f"sys.exit(bot.main({settings!r}, None))\n"
    )
    command = [sys.executable, "-c", script]
    if without_root_powers and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: a read-only folder cannot be made")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner", *command]
    return subprocess.run(
        command,
        cwd=Path(bot_module.__file__).resolve().parent,
        capture_output=True,
        text=True,
        timeout=60,
    )


def the_one_problem(run: subprocess.CompletedProcess[str]) -> str:
    """The one line the run logged as an error (and nothing else went wrong)."""
    assert run.returncode == 1, run.stderr
    problems = [line for line in run.stderr.splitlines() if " ERROR " in line or " WARNING " in line]
    assert len(problems) == 1, run.stderr
    assert "Traceback" not in run.stderr and "PyNaCl" not in run.stderr and "davey" not in run.stderr
    assert FAKE_TOKEN not in run.stderr + run.stdout
    return problems[0]


def test_without_discord_reachable_it_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    settings = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(tmp_path / "db.sqlite3")}
    problem = the_one_problem(run_bot(settings))
    assert "Could not reach Discord" in problem and "check the network" in problem


def make_database(path: Path) -> None:
    """A Tavern database, migrated, with its log checkpointed into the file."""

    async def make() -> None:
        await (await open_store(path)).close()

    asyncio.run(make())
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("damaged", "(file is not a database): the file is damaged or is not a Tavern database"),
        ("truncated", "(database disk image is malformed): the file is damaged"),
        ("a folder", "is a folder: set DATABASE_PATH to a file"),
        ("under a file", "is a file, not a folder"),
        ("disk full, new database", "the disk (or the file size allowed) is full"),
        ("disk full, existing database", "the disk (or the file size allowed) is full"),
        ("read-only folder", "(attempt to write a readonly database): it cannot be written"),
        ("read-only file", "(attempt to write a readonly database): it cannot be written"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line_and_exit_1(tmp_path: Path, case: str, said: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "tavern.sqlite3"
    limit: int | None = None
    if case == "damaged":
        path.write_bytes(b"not a database at all " * 500)
    elif case == "truncated":
        make_database(path)
        with path.open("r+b") as file:
            file.truncate(path.stat().st_size // 2)
    elif case == "a folder":
        path = folder
    elif case == "under a file":
        (folder / "file").write_text("x")
        path = folder / "file" / "tavern.sqlite3"
    elif case == "disk full, new database":
        limit = 8192  # the first pages fit, the schema does not
    elif case == "disk full, existing database":
        make_database(path)
        limit = 4096  # the write-ahead log cannot take one page
    elif case.startswith("read-only"):
        make_database(path)
        path.chmod(0o444)
        if case == "read-only folder":
            folder.chmod(0o555)
    try:
        settings = {"DISCORD_TOKEN": FAKE_TOKEN, "DATABASE_PATH": str(path)}
        started = time.monotonic()
        run = run_bot(settings, file_size_limit=limit, without_root_powers=case.startswith("read-only"))
        problem = the_one_problem(run)
        assert time.monotonic() - started < 30
    finally:
        folder.chmod(0o755)
    assert said in problem and str(path) in problem
    assert "Could not reach Discord" not in run.stderr  # it stopped before trying to log in


def test_the_settings_never_show_the_token(tmp_path: Path) -> None:
    settings = Settings.load({"DISCORD_TOKEN": FAKE_TOKEN}, tmp_path / "none")
    assert settings.token == FAKE_TOKEN
    for shown in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert "secret-token" not in shown and "MTA" not in shown


def test_the_database_sync_setting(tmp_path: Path) -> None:
    assert Settings.load({}, tmp_path / "none").database_sync == "full"
    assert Settings.load({"DATABASE_SYNC": "Normal"}, tmp_path / "none").database_sync == "normal"
    with pytest.raises(SystemExit, match=r"DATABASE_SYNC must be one of full, normal, not 'off'\."):
        Settings.load({"DATABASE_SYNC": "off"}, tmp_path / "none")


async def test_debug_logging_never_logs_statement_parameters(
    host: Host, caplog: pytest.LogCaptureFixture
) -> None:
    quiet = {name: logging.getLogger(name).level for name in QUIET_LOGGERS}
    handlers = list(logging.getLogger().handlers)
    caplog.set_level(logging.DEBUG)  # as LOG_LEVEL=DEBUG sets the root logger
    try:
        setup_logging("DEBUG")
        secret_name = "Private Person 7f3a"
        await host.new(
            guild_id=1, channel_id=2, creator=Player(987654321, secret_name), game_key="keibot", seats=2
        )
    finally:
        for name, level in quiet.items():
            logging.getLogger(name).setLevel(level)
        logging.getLogger().handlers = handlers  # without the stderr handler setup_logging added
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert secret_name not in logged and "987654321" not in logged


def test_database_url_wins_over_the_path_and_keeps_its_password_out_of_sight(tmp_path: Path) -> None:
    url = "postgresql://tavern:secret@db.example/tavern"
    settings = Settings.load({"DATABASE_URL": url, "DATABASE_PATH": "x.sqlite3"}, tmp_path / "none")
    assert settings.database == url and "secret" not in repr(settings)
    assert (
        Settings.load({"DATABASE_PATH": "x.sqlite3"}, tmp_path / "none").database
        == bot_module.HERE / "x.sqlite3"
    )
    sqlite = Settings.load({"DATABASE_URL": "sqlite:///srv/t.sqlite3"}, tmp_path / "none")
    assert sqlite.database == "sqlite:///srv/t.sqlite3"


def test_shards_from_the_settings_or_the_command_line(tmp_path: Path) -> None:
    pg = {"DATABASE_URL": "postgresql://db/tavern", "SHARD_COUNT": "8"}
    assert Settings.load(pg, tmp_path / "none").shard_ids is None
    assert Settings.load({**pg, "SHARD_IDS": "0-2,5"}, tmp_path / "none").shard_ids == (0, 1, 2, 5)
    assert Settings.load(pg, tmp_path / "none", ["--shards", "4-7"]).shard_ids == (4, 5, 6, 7)
    assert Settings.load(pg, tmp_path / "none", ["--shards=3"]).shard_ids == (3,)
    every = Settings.load({"SHARD_COUNT": "2", "SHARD_IDS": "0-1"}, tmp_path / "none")  # one process: SQLite
    assert (every.shard_count, every.shard_ids) == (2, (0, 1))


@pytest.mark.parametrize(
    ("values", "argv", "said"),
    [
        ({"SHARD_IDS": "0-3"}, [], "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "zero"}, [], "SHARD_COUNT must be a number of shards from 1"),
        ({"SHARD_COUNT": "0"}, [], "SHARD_COUNT must be a number of shards from 1"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-9"}, [], r"must name shards from 0 to 3 \(SHARD_COUNT 4\)"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "a,b"}, [], "SHARD_IDS must be shard numbers and ranges"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, [], "set DATABASE_URL to postgresql://"),
        ({"SHARD_COUNT": "4"}, ["--shard", "1"], "Unknown option '--shard'"),
        ({"SHARD_COUNT": "4"}, ["--shards"], "--shards needs the shards of this process"),
        ({"DATABASE_URL": "mysql://x"}, [], "DATABASE_URL must be postgresql://"),
    ],
)
def test_a_bad_scale_setting_is_refused_in_one_line(
    tmp_path: Path, values: dict[str, str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit, match=said) as refused:
        Settings.load(values, tmp_path / "none", argv)
    assert "\n" not in str(refused.value)


async def test_sharded_settings_build_a_sharded_client(host: Host, tmp_path: Path) -> None:
    settings = Settings.load(
        {"DATABASE_URL": "postgresql://db/tavern", "SHARD_COUNT": "4", "SHARD_IDS": "2-3"}, tmp_path / "none"
    )
    async with build_bot(host, settings) as client:
        assert isinstance(client, discord.AutoShardedClient)
        assert (client.shard_ids, client.shard_count) == ([2, 3], 4)
    async with build_bot(host, Settings.load({}, tmp_path / "none")) as single:
        assert not isinstance(single, discord.AutoShardedClient)
