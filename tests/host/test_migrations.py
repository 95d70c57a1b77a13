"""Data migrations on a real SQLite file: a database written before a migration, then opened."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from data import Store
from data.store import migrations

NOW = "2026-01-01T00:00:00.000"


async def open_before(db_path: Path, number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Create the database as it was before migration `number`."""
    shipped = migrations()
    with monkeypatch.context() as patch:
        patch.setattr("data.store.migrations", lambda: [m for m in shipped if m[0] < number])
        await (await Store.open(db_path)).close()


def add_match(
    conn: sqlite3.Connection,
    match_id: int,
    *,
    game: str = "keryo-pente",
    seats: int = 2,
    termination: str = "five-in-a-row",
    resigned: tuple[int, ...] = (),
) -> None:
    """A finished match between players 1, 2, … with the seats in `resigned` resigned."""
    result = {"winners": [0], "scores": [0] * seats, "reason": "", "termination": termination}
    conn.execute(
        "INSERT INTO matches (id, guild_id, channel_id, game, options, seat_count, status, creator_id, "
        "seed, result, created_at, updated_at) VALUES (?, 5, 6, ?, '{}', ?, 'finished', 1, 0, ?, ?, ?)",
        (match_id, game, seats, json.dumps(result), NOW, NOW),
    )
    for seat in range(seats):
        conn.execute("INSERT OR IGNORE INTO players VALUES (?, ?, ?)", (seat + 1, f"P{seat + 1}", NOW))
        conn.execute(
            "INSERT INTO seats (match_id, seat, user_id, resigned) VALUES (?, ?, ?, ?)",
            (match_id, seat, seat + 1, int(seat in resigned)),
        )


async def test_why_each_seat_left_is_filled_in_for_old_matches(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 5, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        add_match(conn, 1, termination="timeout", resigned=(1,))  # the clock ended it
        add_match(conn, 2, termination="resigned", resigned=(0,))
        add_match(conn, 3, seats=4, termination="timeout", resigned=(1, 2))  # which one: unknown
        add_match(conn, 4)
    await (await Store.open(db_path)).close()
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT match_id, seat, left_reason FROM seats WHERE left_reason IS NOT NULL")
        left = {(m, s): reason for m, s, reason in rows}
    assert left == {(1, 1): "timeout", (2, 0): "resigned", (3, 1): "resigned", (3, 2): "resigned"}
