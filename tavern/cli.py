"""The `tavern` command (also `python -m tavern`): `run`, `migrate`, `check`.

A subcommand is one function taking its parsed arguments and returning the exit status,
registered with `@subcommand(name, help, arguments)`, where `arguments` adds its options to the
subcommand's parser."""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from data import POSTGRES_SCHEMES, SQLITE_SCHEME
from data.store import migrations

from .settings import HERE, BadSetting, Settings, read_env_file

Command = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Subcommand:
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Command


SUBCOMMANDS: dict[str, Subcommand] = {}


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """A subcommand without options of its own."""


def subcommand(
    name: str, help: str, arguments: Callable[[argparse.ArgumentParser], None] = _no_arguments
) -> Callable[[Command], Command]:
    """Register `tavern NAME`: the decorated function gets the parsed arguments and returns the
    exit status."""

    def register(run: Command) -> Command:
        SUBCOMMANDS[name] = Subcommand(help, arguments, run)
        return run

    return register


# -- run -------------------------------------------------------------------------------------------


def _run_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--shards", help="the shards of this process, such as 0-3 (SHARD_IDS)")


@subcommand("run", "run the bot until SIGTERM or SIGINT (what bot.py and `make run` do)", _run_arguments)
def run(args: argparse.Namespace) -> int:
    from .run import main  # discord.py and the cogs load only for the bot itself

    return main(argv=[] if args.shards is None else ["--shards", args.shards])


# -- migrate ---------------------------------------------------------------------------------------


def _migrate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--to", required=True, help="the new database: postgresql://…")
    parser.add_argument(
        "--from", dest="source", default=None, help="the SQLite file (default: DATABASE_PATH)"
    )


@subcommand("migrate", "copy the SQLite database to PostgreSQL and check the copy", _migrate_arguments)
def migrate(args: argparse.Namespace) -> int:
    from data.migrate import main

    return main(["--to", args.to] + ([] if args.source is None else ["--from", args.source]))


# -- backup and restore ----------------------------------------------------------------------------


def _backup_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the new backup file")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.add_argument("--database", default=None, help="the database (default: the bot's own)")


def _restore_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the backup to restore")
    parser.add_argument("--database", default=None, help="the database (default: the bot's own)")


def _backup_or_restore(command: str, args: argparse.Namespace, options: list[str]) -> int:
    """Run data/backup.py's command on the database the bot itself would open (its settings and
    .env), unless --database names another."""
    from data.backup import PG_DUMP_ADVICE
    from data.backup import main as backup_main

    database = args.database
    if database is None:
        values = read_env_file(HERE / ".env")
        values.update(os.environ)
        settings, problems = checked_settings(values)
        if settings is None:
            for problem in problems:
                print(f"setting {problem}", file=sys.stderr)
            return 2
        url = settings.database_url
        if url is not None and url.startswith(POSTGRES_SCHEMES):
            print(PG_DUMP_ADVICE, file=sys.stderr)
            return 1
        database = url.removeprefix(SQLITE_SCHEME) if url is not None else str(settings.database_path)
    return backup_main([command, args.file, "--database", database, *options])


@subcommand("backup", "copy the live SQLite database consistently, while the bot plays", _backup_arguments)
def backup(args: argparse.Namespace) -> int:
    return _backup_or_restore("backup", args, ["--force"] if args.force else [])


@subcommand(
    "restore", "put a backup in place of the database (refused while a bot has it open)", _restore_arguments
)
def restore(args: argparse.Namespace) -> int:
    return _backup_or_restore("restore", args, [])


# -- check -----------------------------------------------------------------------------------------


def checked_settings(values: dict[str, str]) -> tuple[Settings | None, list[str]]:
    """The settings, or every bad value's one line (each bad setting is left out in turn to find
    the next)."""
    values = dict(values)
    problems: list[str] = []
    while True:
        try:
            settings = Settings.load(values, None)
        except BadSetting as refused:
            problems.append(str(refused))
            name = str(refused).split()[0]
            if name not in values:
                return None, problems
            del values[name]
            continue
        return (settings if not problems else None), problems


def sqlite_schema(path: Path) -> set[int] | None:
    """The migrations applied to the SQLite file (opened, not changed); None: no such file."""
    if not path.is_file():
        return None
    # mode=rw: never create the file; nothing is written (no migration runs).
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True)
    try:
        found = db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        ).fetchall()
        if not found:
            return set()
        return {int(row[0]) for row in db.execute("SELECT version FROM schema_migrations")}
    finally:
        db.close()


async def postgres_schema(url: str) -> set[int]:
    import asyncpg

    connection = await asyncpg.connect(url, timeout=10)
    try:
        if await connection.fetchval("SELECT to_regclass('schema_migrations')") is None:
            return set()
        return {int(row[0]) for row in await connection.fetch("SELECT version FROM schema_migrations")}
    finally:
        await connection.close()


def schema_line(where: str, applied: set[int] | None, shipped: set[int]) -> tuple[bool, str]:
    """Whether the database's schema is fine for this code, and the line that says so."""
    latest = max(shipped)
    if applied is None:
        return True, f"database {where}: none yet; the first start creates it (schema {latest})"
    unknown = applied - shipped
    if unknown:
        numbers = ", ".join(map(str, sorted(unknown)))
        return False, (
            f"database {where}: has migrations this code does not know ({numbers}): "
            "it was used by a newer version of the bot"
        )
    missing = shipped - applied
    if missing:
        return True, (
            f"database {where}: schema {max(applied, default=0)}, {len(missing)} migrations to apply "
            f"(up to {latest}; the next start applies them)"
        )
    return True, f"database {where}: schema {latest}, current"


def check_database(settings: Settings) -> tuple[bool, str]:
    url = settings.database_url
    try:
        if url is not None and url.startswith(POSTGRES_SCHEMES):
            shipped = {number for number, _, _ in migrations("postgresql")}
            return schema_line("PostgreSQL", asyncio.run(postgres_schema(url)), shipped)
        path = Path(url.removeprefix(SQLITE_SCHEME)) if url is not None else settings.database_path
        shipped = {number for number, _, _ in migrations("sqlite")}
        return schema_line(str(path), sqlite_schema(path), shipped)
    except Exception as error:  # any failure to open or read it is the check's answer
        return False, f"database: cannot be opened or read ({type(error).__name__}: {error})"


@subcommand("check", "check every setting and the database (its schema), then exit 0 or 1")
def check(args: argparse.Namespace, environ: dict[str, str] | None = None) -> int:
    values = read_env_file(HERE / ".env")
    values.update(os.environ if environ is None else environ)
    results: list[tuple[bool, str]] = []
    settings, problems = checked_settings(values)
    results += [(False, f"setting {problem}") for problem in problems]
    if settings is not None:
        results.append((True, "settings: every value accepted"))
        if settings.token is None:
            results.append((False, "DISCORD_TOKEN is not set: the bot cannot log in (`tavern run` says how)"))
        else:
            results.append((True, "DISCORD_TOKEN is set"))
        results.append(check_database(settings))
    for ok, line in results:
        print(f"{'ok  ' if ok else 'FAIL'} {line}")
    return 0 if all(ok for ok, _ in results) else 1


# -- the command -----------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="tavern", description="Tavern, a Discord bot that hosts rare board games in chat."
    )
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, command in SUBCOMMANDS.items():
        command.arguments(commands.add_parser(name, help=command.help, description=command.help))
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    return SUBCOMMANDS[args.command].run(args)
