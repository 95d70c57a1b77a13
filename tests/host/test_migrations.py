"""Data migrations on a real SQLite file: a database written before a migration, then opened."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from data import open_store
from data.store import migrations
from tests.support.tournaments import CHANNEL, GUILD, new_tournament

NOW = "2026-01-01T00:00:00.000"


async def open_before(db_path: Path, number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Create the database as it was before migration `number`."""
    shipped = migrations()
    with monkeypatch.context() as patch:
        patch.setattr("data.sqlite.migrations", lambda: [m for m in shipped if m[0] < number])
        await (await open_store(db_path)).close()


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
    await (await open_store(db_path)).close()
    with sqlite3.connect(db_path) as conn:
        rows = conn.execute("SELECT match_id, seat, left_reason FROM seats WHERE left_reason IS NOT NULL")
        left = {(m, s): reason for m, s, reason in rows}
    assert left == {(1, 1): "timeout", (2, 0): "resigned", (3, 1): "resigned", (3, 2): "resigned"}


def add_rated(conn: sqlite3.Connection, match_id: int, seats: int, winner: int, at: str) -> None:
    """A finished Kerboge match of players 1..`seats` (offset by the match) with its results and
    rating history, server 5 and global; `winner` wins."""
    add_match(conn, match_id, game="kerboge", seats=seats)
    for seat in range(seats):
        user = seat + 1 + (4 if match_id == 12 else 0)
        conn.execute("INSERT OR IGNORE INTO players VALUES (?, ?, ?)", (user, f"P{user}", NOW))
        conn.execute("UPDATE seats SET user_id = ? WHERE match_id = ? AND seat = ?", (user, match_id, seat))
        outcome = "win" if seat == winner else "loss"
        conn.execute(
            "INSERT INTO results VALUES (?, ?, ?, 'kerboge', 5, ?, ?, 0, 0, ?)",
            (match_id, seat, user, 1 if seat == winner else 2, outcome, at),
        )
        for scope in (5, 0):
            mu = 25.0 + match_id + seat  # tells the matches apart
            conn.execute(
                "INSERT INTO rating_history VALUES (?, 'kerboge', ?, ?, ?, 8.0, ?)",
                (user, scope, match_id, mu, at),
            )
            conn.execute(
                "INSERT INTO ratings VALUES (?, 'kerboge', ?, ?, 8.0, ?, 1, ?, ?) ON CONFLICT DO UPDATE SET "
                "mu = excluded.mu, ordinal = excluded.ordinal, matches = matches + 1, "
                "wins = wins + excluded.wins",
                (user, scope, mu, mu - 24.0, int(seat == winner), at),
            )


async def test_jai_kerboge_results_and_ratings_move_to_their_own_ladder(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 5, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        add_rated(conn, 10, 2, 0, "2026-01-01T00:00:00.000")  # Jai Kerboge: player 1 beats 2
        add_rated(conn, 11, 4, 0, "2026-01-02T00:00:00.000")  # Kerboge: player 1 wins again
        add_rated(conn, 12, 2, 1, "2026-01-03T00:00:00.000")  # Jai Kerboge of players 5 and 6 only
    await (await open_store(db_path)).close()
    with sqlite3.connect(db_path) as conn:
        results = dict(conn.execute("SELECT DISTINCT match_id, game FROM results").fetchall())
        history = dict(conn.execute("SELECT DISTINCT match_id, game FROM rating_history").fetchall())
        ratings = {
            (user, game, scope): (mu, matches, wins)
            for user, game, scope, mu, matches, wins in conn.execute(
                "SELECT user_id, game, scope, mu, matches, wins FROM ratings"
            )
        }
    assert results == history == {10: "jai-kerboge", 11: "kerboge", 12: "jai-kerboge"}
    for scope in (5, 0):
        # Player 1: each ladder as after its own last match, with its own matches and wins.
        assert ratings[(1, "jai-kerboge", scope)] == (35.0, 1, 1)
        assert ratings[(1, "kerboge", scope)] == (36.0, 1, 1)
        assert ratings[(2, "jai-kerboge", scope)] == (36.0, 1, 0)
        assert ratings[(2, "kerboge", scope)] == (37.0, 1, 0)
        assert ratings[(3, "kerboge", scope)] == (38.0, 1, 0)
        # Players 5 and 6 played Jai Kerboge only: no Kerboge rating is left.
        assert ratings[(6, "jai-kerboge", scope)] == (38.0, 1, 1)
        assert (5, "kerboge", scope) not in ratings and (6, "kerboge", scope) not in ratings
    assert {game for _, game, _ in ratings} == {"kerboge", "jai-kerboge"}


def test_both_dialects_ship_the_same_migrations() -> None:
    """Every migration exists in the SQLite and the PostgreSQL dialect, with one number and name."""
    assert [(n, name) for n, name, _ in migrations("sqlite")] == [
        (n, name) for n, name, _ in migrations("postgresql")
    ]


async def test_a_rating_change_stored_before_its_start_was_kept_is_shown_without_one(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 16, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        add_match(conn, 1)
        conn.execute(
            "INSERT INTO rating_history (user_id, game, scope, match_id, mu, sigma, at) "
            "VALUES (1, 'keryo-pente', 5, 1, 27.0, 8.0, ?)",
            (NOW,),
        )
    store = await open_store(db_path)
    try:
        assert await store.rating_moves(1, "keryo-pente", 5, [1, 2]) == []  # no start: no change told
    finally:
        await store.close()
    with sqlite3.connect(db_path) as conn:
        (row,) = conn.execute("SELECT mu, mu_before, sigma_before FROM rating_history").fetchall()
    assert row == (27.0, None, None)


async def test_migration_0017_keeps_a_servers_settings_and_adds_no_language(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 17, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, threads, updated_at) VALUES (?, 1, ?)",
            (5, NOW),
        )
    store = await open_store(db_path)
    try:
        assert await store.schema_version() >= 17
        assert await store.languages() == ({}, {})
        assert (await store.guild_settings(5)).threads
        await store.save_guild_language(5, "zh_TW")
        assert (await store.languages())[0] == {5: "zh_TW"}
        assert (await store.guild_settings(5)).threads
    finally:
        await store.close()


async def test_migration_0018_keeps_matches_and_settings_and_adds_no_clock(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 18, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, threads, updated_at) VALUES (?, 1, ?)", (GUILD, NOW)
        )
        conn.execute("INSERT INTO players VALUES (1, 'Ann', ?)", (NOW,))
        conn.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, options, seat_count, status, creator_id, "
            "seed, created_at, updated_at) VALUES (5, ?, ?, 'keibot', '{}', 2, 'lobby', 1, 0, ?, ?)",
            (GUILD, CHANNEL, NOW, NOW),
        )
        conn.execute("INSERT INTO seats (match_id, seat, user_id) VALUES (5, 0, 1)")
    store = await open_store(db_path)
    try:
        assert await store.schema_version() >= 18
        settings = await store.guild_settings(GUILD)
        assert settings.threads and settings.tournament_creators == "managers"
        match = await store.get_match(5)
        assert match is not None and (match.turn_clock_hours, match.tournament_id) == (None, None)
        assert await store.tournaments_in(GUILD) == [] and await store.tournaments_due() == []
        tournament_id = await new_tournament(store)
        assert await store.add_entrant(tournament_id, user_id=1, name="Ann") == 1
    finally:
        await store.close()


async def test_migration_0019_names_nothing_and_owes_nothing_for_tournaments_before_it(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    await open_before(db_path, 19, monkeypatch)
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "INSERT INTO tournaments (id, guild_id, channel_id, creator_id, game, options, format, rounds, "
            "table_size, max_players, status, current_round, created_at, version) "
            "VALUES (3, ?, ?, ?, 'keibot', '{}', 'swiss', 2, 2, 8, 'running', 1, ?, 4)",
            (GUILD, CHANNEL, 9, NOW),
        )
        conn.execute(
            "INSERT INTO tournament_rounds (tournament_id, round, started_at) VALUES (3, 1, ?)", (NOW,)
        )
    store = await open_store(db_path)
    try:
        assert await store.schema_version() >= 19
        row = await store.tournament(3)
        assert row is not None and row.name is None and row.shown_version == 0
        assert row.unannounced_rounds == (1,) and not row.ending_announced
        # Owed: its standings and its round, as after a restart.
        claimed = await store.claim_owed_tournaments(now=None, lease_until="9999", limit=10)
        assert claimed == [3]
    finally:
        await store.close()
