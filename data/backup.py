"""Back up a SQLite database while the bot plays, and restore one:

    python -m data.backup backup FILE [--force] [--database PATH]
    python -m data.backup restore FILE [--database PATH]

(`tavern backup FILE` and `tavern restore FILE` run these.) The database defaults to what
DATABASE_URL or DATABASE_PATH name (or data/tavern.sqlite3).

`backup` copies with SQLite's backup API, a few pages at a time with a short pause between, all
from one read snapshot taken when it starts: the copy holds every write committed before that
moment and none after, whole, while the bot goes on writing (in WAL mode a reader never blocks
the writer). It then checks the copy (`PRAGMA integrity_check`, the schema version, the rows of
each table) before giving it its name. A plain copy of the live file is not a backup: the last
writes are in the `-wal` file, and a copy taken while they are folded in can be torn.

`restore` checks the file (a whole SQLite file, a Tavern schema no newer than this code's), refuses
while any store has the database open (every store holds a shared lock on `<database>.lock`;
restore takes it exclusively, so a bot cannot start meanwhile either), keeps the database it
replaces as `<database>.before-restore`, and puts the copy in place in one rename.

PostgreSQL has its own tools (pg_dump, pg_restore): see docs/operations.md.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .migrate import TABLES
from .rows import StoreError
from .sqlite import hold_lock
from .store import migrations

DEFAULT_DATABASE = Path("data/tavern.sqlite3")
PAGES_A_STEP = 256
"""Pages copied between two pauses (1 MiB at SQLite's 4 KiB pages)."""
PAUSE = 0.002
"""Seconds between two steps of a backup: the bot's writes go on during the copy anyway (WAL),
the pause only leaves the disk and the CPU to it now and then."""
PG_DUMP_ADVICE = (
    "DATABASE_URL names a PostgreSQL database: back it up with PostgreSQL's own tools, "
    'pg_dump -Fc -f tavern.dump "$DATABASE_URL" (and pg_restore to restore); '
    "docs/operations.md, Backups and restore, gives the commands."
)


class BackupError(StoreError):
    """A backup or a restore refused or failed: the message says why and what to do."""


@dataclass(frozen=True)
class Contents:
    """What a checked Tavern database holds."""

    path: Path
    schema_version: int
    rows: dict[str, int]
    """Rows of each main table, by table name."""

    def summary(self) -> str:
        counted = ", ".join(f"{count} {table}" for table, count in self.rows.items())
        return f"integrity ok, schema version {self.schema_version}; {counted}"


def check_database(path: Path) -> Contents:
    """Check that `path` is a whole Tavern database (integrity, schema_migrations) and count its
    rows; raises BackupError saying what is wrong."""
    if not path.is_file():
        raise BackupError(f"There is no file {path}.")
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{path} cannot be opened ({error}).") from error
    try:
        problems = [str(row[0]) for row in db.execute("PRAGMA integrity_check").fetchall()]
        if problems != ["ok"]:
            raise BackupError(f"{path} is damaged (integrity check: {'; '.join(problems[:3])}).")
        tables = {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if "schema_migrations" not in tables:
            raise BackupError(f"{path} is a SQLite database, but not a Tavern one (no schema_migrations).")
        version = int(db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0])
        rows = {
            table: int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])
            for table in TABLES
            if table in tables
        }
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} is not a whole SQLite database ({error}).") from error
    finally:
        db.close()
    return Contents(path, version, rows)


def _copy(source: sqlite3.Connection, target: Path, *, pages: int, pause: float) -> None:
    """`source`'s database, from its current read snapshot, into a new single file `target`."""
    target.unlink(missing_ok=True)
    copy = sqlite3.connect(target, isolation_level=None)
    try:
        source.backup(copy, pages=pages, sleep=pause)
        # The copy is one file, like any file to keep: no -wal beside it (the store turns WAL
        # back on when it opens a restored file).
        copy.execute("PRAGMA journal_mode = DELETE").fetchall()
    finally:
        copy.close()


def backup(
    database: Path, target: Path, *, force: bool = False, pages: int = PAGES_A_STEP, pause: float = PAUSE
) -> Contents:
    """Copy the live database at `database` into `target` (see the module's docstring) and
    check the copy; returns what it holds. Refuses to replace an existing `target` unless
    `force`."""
    if not database.is_file():
        raise BackupError(f"There is no database at {database}: name it with --database (or DATABASE_PATH).")
    if target.exists() and not force:
        raise BackupError(f"{target} exists already: choose a new file, or add --force to replace it.")
    if target.resolve() == database.resolve():
        raise BackupError("The backup must be another file than the database itself.")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    # mode=rw: never create a database where there was none.
    source = sqlite3.connect(f"{database.resolve().as_uri()}?mode=rw", uri=True, isolation_level=None)
    try:
        source.execute("PRAGMA busy_timeout = 5000")
        # One read snapshot for the whole copy: the backup's steps read from it, so the bot's
        # commits meanwhile neither tear the copy nor restart it.
        source.execute("BEGIN")
        source.execute("SELECT COUNT(*) FROM sqlite_master").fetchall()
        _copy(source, partial, pages=pages, pause=pause)
        source.execute("COMMIT")
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"The backup of {database} failed ({error}).") from error
    finally:
        source.close()
    try:
        contents = check_database(partial)
    except BackupError:
        partial.unlink(missing_ok=True)
        raise
    os.replace(partial, target)
    return Contents(target, contents.schema_version, contents.rows)


def restore(backup_file: Path, database: Path) -> tuple[Contents, Path | None]:
    """Put the backup `backup_file` in the place of the database at `database`, which no store
    may have open; returns what the restored database holds and where the database it replaced
    was kept (None when there was none)."""
    contents = check_database(backup_file)
    newest = max((number for number, _, _ in migrations()), default=0)
    if contents.schema_version > newest:
        raise BackupError(
            f"{backup_file} was made by a newer Tavern (schema version {contents.schema_version}, this one "
            f"knows up to {newest}): restore it with that version."
        )
    database.parent.mkdir(parents=True, exist_ok=True)
    lock = hold_lock(database, exclusive=True)  # StoreUnavailable while a bot holds the database
    try:
        kept: Path | None = None
        if database.exists():
            kept = database.with_name(database.name + ".before-restore")
            if kept.exists():
                raise BackupError(
                    f"{kept} is there from an earlier restore: move it away first (it is the database "
                    "as it was before that restore)."
                )
            _fold_log(database)
            os.replace(database, kept)
        for leftover in ("-wal", "-shm"):  # never to be read as the restored file's
            database.with_name(database.name + leftover).unlink(missing_ok=True)
        partial = database.with_name(database.name + ".restoring")
        source = sqlite3.connect(f"{backup_file.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        try:
            _copy(source, partial, pages=-1, pause=0)
        finally:
            source.close()
        os.replace(partial, database)
    finally:
        os.close(lock)
    return Contents(database, contents.schema_version, contents.rows), kept


def _fold_log(database: Path) -> None:
    """Fold what a bot that was killed left in the database's `-wal` into the file, so the file
    kept aside is whole on its own. A file SQLite cannot read is kept aside as it is."""
    try:
        db = sqlite3.connect(database, isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
            db.execute("PRAGMA journal_mode = DELETE").fetchall()
        finally:
            db.close()
    except sqlite3.DatabaseError:
        pass


def database_path(environ: Mapping[str, str]) -> Path | str:
    """The SQLite file DATABASE_URL or DATABASE_PATH names (data/tavern.sqlite3 by default), or
    the PostgreSQL URL DATABASE_URL names."""
    url = environ.get("DATABASE_URL", "").strip()
    if url.startswith(("postgresql://", "postgres://")):
        return url
    if url.startswith("sqlite://"):
        return Path(url.removeprefix("sqlite://"))
    return Path(environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE)


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tavern", description="Back up or restore the SQLite database.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, what in (("backup", "the new backup file"), ("restore", "the backup to restore")):
        command = commands.add_parser(name)
        command.add_argument("file", type=Path, help=what)
        command.add_argument(
            "--database", default=None, help="the database (default: DATABASE_URL or DATABASE_PATH)"
        )
        if name == "backup":
            command.add_argument("--force", action="store_true", help="replace FILE if it exists")
    args = parser.parse_args(argv)
    database = (
        Path(args.database) if args.database else database_path(os.environ if environ is None else environ)
    )
    if isinstance(database, str) or str(database).startswith(("postgresql://", "postgres://")):
        print(PG_DUMP_ADVICE, file=sys.stderr)
        return 1
    started = time.monotonic()
    try:
        if args.command == "backup":
            contents = backup(database, args.file, force=args.force)
            print(
                f"Backed up {database} to {args.file} in {time.monotonic() - started:.2f} s: "
                f"{contents.summary()}."
            )
        else:
            contents, kept = restore(args.file, database)
            print(f"Restored {args.file} to {database}: {contents.summary()}.")
            if kept is not None:
                print(f"The database it replaced is kept as {kept}.")
    except StoreError as error:  # BackupError, or StoreUnavailable from the lock
        print(error, file=sys.stderr)
        return 1
    except OSError as error:
        print(f"The {args.command} failed: {error}.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
