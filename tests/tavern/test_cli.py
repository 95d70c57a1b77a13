"""The `tavern` command in a child process, as a user runs it: `python -m tavern --help`, `check`
on good and bad settings and databases, and a bad setting refused by `run` (and bot.py) in one
line with status 2."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from data import open_store
from data.store import migrations

ROOT = Path(__file__).resolve().parents[2]
LATEST = max(number for number, _, _ in migrations("sqlite"))


def tavern(
    *args: str, env: dict[str, str] | None = None, script: str = "-m tavern"
) -> subprocess.CompletedProcess[str]:
    """The command with only `env` as settings (no DISCORD_ or database settings of the caller's)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "PYTEST"))}
    environ.update(env or {}, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, *script.split(), *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_help_lists_the_subcommands() -> None:
    shown = tavern("--help")
    assert shown.returncode == 0, shown.stderr
    for name in ("run", "migrate", "check", "backup", "restore"):
        assert f"    {name} " in shown.stdout
    assert "--shards" in tavern("run", "--help").stdout
    assert "--to" in tavern("migrate", "--help").stdout


def test_check_passes_on_good_settings_and_a_current_database(tmp_path: Path) -> None:
    database = tmp_path / "tavern.sqlite3"
    asyncio.run(_make(database))
    checked = tavern("check", env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(database)})
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.splitlines() == [
        "ok   settings: every value accepted",
        "ok   DISCORD_TOKEN is set",
        f"ok   database {database}: schema {LATEST}, current",
    ]
    assert not Path(f"{database}-wal").exists()


async def _make(path: Path) -> None:
    await (await open_store(path)).close()


def test_check_reports_a_database_behind_without_migrating_it(tmp_path: Path) -> None:
    database = tmp_path / "tavern.sqlite3"
    asyncio.run(_make(database))
    with sqlite3.connect(database) as db:
        db.execute("DELETE FROM schema_migrations WHERE version = ?", (LATEST,))
    db.close()
    checked = tavern("check", env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(database)})
    assert checked.returncode == 0, checked.stdout
    assert (
        f"schema {LATEST - 1}, 1 migrations to apply (up to {LATEST}; the next start applies them)"
        in checked.stdout
    )
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT MAX(version) FROM schema_migrations").fetchone() == (LATEST - 1,)
    db.close()


def test_check_says_a_missing_database_is_created_at_the_first_start_and_creates_nothing(
    tmp_path: Path,
) -> None:
    database = tmp_path / "none.sqlite3"
    checked = tavern("check", env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(database)})
    assert checked.returncode == 0, checked.stdout
    assert f"database {database}: none yet; the first start creates it (schema {LATEST})" in checked.stdout
    assert not database.exists()


def test_check_fails_on_what_is_not_a_database(tmp_path: Path) -> None:
    database = tmp_path / "notes.sqlite3"
    database.write_text("not a database " * 100)
    checked = tavern("check", env={"DISCORD_TOKEN": "x", "DATABASE_PATH": str(database)})
    assert checked.returncode == 1
    assert "FAIL database: cannot be opened or read (DatabaseError: file is not a database)" in checked.stdout


def test_check_lists_every_bad_setting_one_line_each(tmp_path: Path) -> None:
    checked = tavern(
        "check",
        env={
            "DATABASE_PATH": str(tmp_path / "x.sqlite3"),
            "DEV_GUILD_ID": "12345678901234567890123",
            "LOBBY_TIMEOUT_HOURS": "0.0000001",
            "LOG_FORMAT": "xml",
        },
    )
    assert checked.returncode == 1 and checked.stderr == ""
    lines = checked.stdout.splitlines()
    assert len(lines) == 3 and all(line.startswith("FAIL setting ") for line in lines), lines
    assert {line.split()[2] for line in lines} == {"DEV_GUILD_ID", "LOBBY_TIMEOUT_HOURS", "LOG_FORMAT"}


@pytest.mark.parametrize("script", ["-m tavern run", "bot.py"])
def test_run_refuses_a_bad_setting_in_one_line_with_status_2(script: str) -> None:
    refused = tavern(env={"DISCORD_TOKEN": "x", "TURN_TIMEOUT_HOURS": "0.01"}, script=script)
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        "TURN_TIMEOUT_HOURS must be a number of hours from 0 (never) up: 0 to switch it off, or at least 1, "
        "not '0.01'."
    )
    assert "Traceback" not in refused.stderr


def test_backup_and_restore_take_the_bots_own_database_from_its_settings(tmp_path: Path) -> None:
    """`tavern backup FILE` copies the database DATABASE_PATH names and `tavern restore FILE` puts
    a copy back (keeping the one it replaced); a PostgreSQL DATABASE_URL is sent to pg_dump."""
    database, copy = tmp_path / "tavern.sqlite3", tmp_path / "copy.sqlite3"
    asyncio.run(_make(database))
    settings = {"DATABASE_PATH": str(database)}
    backed_up = tavern("backup", str(copy), env=settings)
    assert backed_up.returncode == 0, backed_up.stderr
    assert backed_up.stdout.startswith(f"Backed up {database} to {copy}") and copy.is_file()
    again = tavern("backup", str(copy), env=settings)
    assert again.returncode != 0 and "--force" in again.stderr + again.stdout
    restored = tavern("restore", str(copy), env=settings)
    assert restored.returncode == 0, restored.stderr
    assert f"Restored {copy} to {database}" in restored.stdout
    assert Path(f"{database}.before-restore").is_file()
    postgres = tavern("backup", str(tmp_path / "x"), env={"DATABASE_URL": "postgresql://u@h/db"})
    assert postgres.returncode == 1 and "pg_dump" in postgres.stderr
    assert not (tmp_path / "x").exists()
