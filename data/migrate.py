"""Move an existing bot from its SQLite file to PostgreSQL:

    python -m data.migrate --to postgresql://user:password@host/tavern [--from data/tavern.sqlite3]

Copies every table (players, matches with their seats and move logs, results, ratings and their
history, the outbox) in one transaction, refuses a database that already holds matches, then
checks that every table holds the same rows in both, and that every match of the copy replays
from its log to the state stored (the host's check, registered as an entry point). The source
defaults to DATABASE_PATH (or data/tavern.sqlite3). Stop the bot first: moves made meanwhile
would not be copied.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Protocol

from . import open_store
from .rows import StoreError
from .sqlite import SqliteStore
from .store import Store

TABLES: dict[str, tuple[str, ...]] = {
    "players": ("user_id", "name", "updated_at"),
    "matches": (
        "id",
        "guild_id",
        "channel_id",
        "message_id",
        "message_channel_id",
        "game",
        "options",
        "seat_count",
        "status",
        "creator_id",
        "seed",
        "version",
        "state",
        "draw_offer",
        "result",
        "created_at",
        "updated_at",
        "finished_at",
        "takeback_offer",
        "takebacks",
        "rematch_of",
        "private",
        "position_reset_at",
        "rated",
        "threaded",
        "quiet",
        "thread_id",
        "turn_clock_hours",
        "tournament_id",
    ),
    "seats": ("match_id", "seat", "user_id", "computer", "resigned", "left_reason"),
    "moves": ("match_id", "ply", "kind", "seat", "notation", "played_at"),
    "results": (
        "match_id",
        "seat",
        "user_id",
        "game",
        "guild_id",
        "rank",
        "outcome",
        "resigned",
        "points",
        "finished_at",
    ),
    "ratings": ("user_id", "game", "scope", "mu", "sigma", "ordinal", "matches", "wins", "updated_at"),
    "rating_history": (
        "user_id",
        "game",
        "scope",
        "match_id",
        "mu",
        "sigma",
        "at",
        "mu_before",
        "sigma_before",
    ),
    "announcements": ("match_id", "version", "since_ply", "ping", "due_at", "attempts"),
    "player_settings": ("user_id", "notify", "reminders", "updated_at"),
    "guild_settings": (
        "guild_id",
        "games",
        "turn_clock_hours",
        "lobby_clock_hours",
        "threads",
        "rated",
        "quiet",
        "updated_at",
        "language",
        "tournament_creators",
    ),
    "turn_reminders": ("match_id", "ply", "share", "sent_at"),
    "held_seats": ("match_id", "user_id", "held_at"),
    "offer_notices": ("match_id", "kind", "ply", "user_id", "sent_at"),
    "vacations": ("user_id", "starts_at", "ends_at"),
    "player_locales": ("user_id", "locale", "updated_at"),
    "tournaments": (
        "id",
        "guild_id",
        "channel_id",
        "thread_id",
        "creator_id",
        "game",
        "options",
        "format",
        "rounds",
        "table_size",
        "rated",
        "turn_clock_hours",
        "max_players",
        "signup_until",
        "status",
        "current_round",
        "signup_message_id",
        "standings_message_id",
        "created_at",
        "started_at",
        "ended_at",
        "version",
        "name",
        "shown_version",
        "ending_announced",
        "messages_taken_until",
    ),
    "tournament_entrants": (
        "tournament_id",
        "entrant",
        "user_id",
        "computer_level",
        "name",
        "rating",
        "joined_at",
        "withdrawn_at",
    ),
    "tournament_rounds": ("tournament_id", "round", "started_at", "claimed_by", "announced"),
    "tournament_games": (
        "tournament_id",
        "round",
        "board",
        "match_id",
        "seats",
        "replay",
        "scores",
        "places",
        "forfeit",
        "ended_at",
    ),
}
"""Every table of the schema with its columns, in an order the foreign keys allow."""
BATCH = 5000


class MoveRefused(StoreError):
    """The copy was not made (or did not check out): the message says why."""


async def rows_of(store: Store, table: str) -> list[tuple[Any, ...]]:
    columns = TABLES[table]
    async with store.reading() as db:
        rows = await db.execute_fetchall(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {columns[0]}")
    return sorted((tuple(row) for row in rows), key=repr)


async def copy_store(source: Store, target: Store) -> dict[str, int]:
    """Copy every row of `source` into the empty `target` and check it; returns rows per table."""
    async with target.reading() as db:
        held = await db.execute_fetchall("SELECT COUNT(*) FROM matches")
    if int(held[0][0]):
        raise MoveRefused("The target database already holds matches: copy only into a new, empty database.")
    copied: dict[str, list[tuple[Any, ...]]] = {table: await rows_of(source, table) for table in TABLES}
    async with target.transaction() as db:
        for table, columns in TABLES.items():
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            rows = copied[table]
            for start in range(0, len(rows), BATCH):
                await db.executemany(sql, rows[start : start + BATCH])
    await target.after_copy()
    for table in TABLES:
        if await rows_of(target, table) != copied[table]:
            raise MoveRefused(f"The copy of {table} differs from the source: the target is not to be used.")
    return {table: len(rows) for table, rows in copied.items()}


class CopyCheck(Protocol):
    """What a registered check of the copy reports: how many things it checked (e.g. matches
    replayed), and each problem it found."""

    name: str
    checked: int
    problems: list[str]


CheckFn = Callable[[Store], Awaitable[CopyCheck]]
CHECKS_GROUP = "tavern.copy_checks"
"""The entry points (pyproject.toml) of the checks run on the copy: the host's replay of every
match (host/replays.py); data/ does not know the rules, so the host registers it."""


def registered_checks() -> list[CheckFn]:
    return [entry.load() for entry in sorted(entry_points(group=CHECKS_GROUP), key=lambda e: e.name)]


async def move(
    source_path: Path, target_url: str, checks: Sequence[CheckFn] = ()
) -> tuple[dict[str, int], list[CopyCheck]]:
    """Copy the SQLite file into the database at `target_url` and check it (the rows, then each
    of `checks` on the copy)."""
    source = await SqliteStore.open(source_path)
    try:
        target = await open_store(target_url)
        try:
            counts = await copy_store(source, target)
            return counts, [await check(target) for check in checks]
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m data.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("--to", required=True, help="the new database: postgresql://…")
    parser.add_argument(
        "--from", dest="source", default=None, help="the SQLite file (default: DATABASE_PATH)"
    )
    args = parser.parse_args(argv)
    source = Path(args.source or os.environ.get("DATABASE_PATH", "").strip() or "data/tavern.sqlite3")
    if not source.is_file():
        print(f"There is no SQLite database at {source}: give it with --from.", file=sys.stderr)
        return 1
    checks = registered_checks()
    if not checks:
        print(
            "No replay check is installed (the host registers it when the bot is installed: "
            "`make run` or `pip install -e .`): install it, then run this again.",
            file=sys.stderr,
        )
        return 1
    try:
        counts, checked = asyncio.run(move(source, args.to, checks))
    except StoreError as error:
        print(error, file=sys.stderr)
        return 1
    print("Copied and checked: " + ", ".join(f"{count} {table}" for table, count in counts.items()))
    problems = [problem for check in checked for problem in check.problems]
    for check in checked:
        print(f"Checked the copy: {check.checked} matches {check.name}, {len(check.problems)} problems.")
    if problems:
        print(
            "The copy is whole, but these matches do not check out:", *problems, sep="\n  ", file=sys.stderr
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
