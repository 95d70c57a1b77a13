"""Backups of a live SQLite database (data/backup.py): taken while another thread plays moves
through a real host and store on the same file, the copy holds every move acknowledged before the
backup began, is whole and replays; restore refuses while a store holds the database, and keeps
the database it replaces."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from data import Store, StoreUnavailable, open_store
from data.backup import BackupError, backup, check_database, main, restore
from host import Host, Player
from host.replays import check_replays
from tests.support.host import started_match
from tests.support.playouts import pick_move

MATCHES = 4


class Play(threading.Thread):
    """Moves played without pause in several Keryo-Pente matches, through a host and a store
    of its own on the database (its own event loop, in this thread); `acknowledged` lists each
    move (match id, ply) once `host.play` returned it."""

    def __init__(self, path: Path) -> None:
        super().__init__(name="play", daemon=True)
        self.path = path
        self.acknowledged: list[tuple[int, int]] = []
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as error:
            self.error = error
            self.ready.set()

    async def _play(self) -> None:
        store = await open_store(self.path)
        host = Host(store, seed_source=iter(range(1, 10_000)).__next__)
        try:
            players = [Player(10 + i, f"Player {i}") for i in range(2 * MATCHES)]
            matches = [
                await started_match(host, "keryo-pente", players[2 * i : 2 * i + 2], {"tournament": False})
                for i in range(MATCHES)
            ]
            self.ready.set()
            rng = random.Random(7)
            while not self.stop.is_set():
                for index, match in enumerate(matches):
                    if match.is_over:
                        continue
                    assert match.state is not None and match.seat_to_move is not None
                    user_id = match.seat_to_move.user_id
                    assert user_id is not None
                    match = await host.play(match.id, user_id, str(pick_move(match.state, rng)))
                    matches[index] = match
                    self.acknowledged.append((match.id, match.ply - 1))
                if all(match.is_over for match in matches):
                    return
        finally:
            host.close()
            await store.close()


def stored_moves(path: Path) -> set[tuple[int, int]]:
    with sqlite3.connect(path) as db:
        return {(int(m), int(p)) for m, p in db.execute("SELECT match_id, ply FROM moves")}


def test_a_backup_under_play_holds_every_acknowledged_move_and_is_whole(tmp_path: Path) -> None:
    database, copy = tmp_path / "tavern.sqlite3", tmp_path / "backup.sqlite3"
    play = Play(database)
    play.start()
    assert play.ready.wait(30) and play.error is None
    while len(play.acknowledged) < 60:
        time.sleep(0.01)
    before = list(play.acknowledged)  # acknowledged before the backup began
    contents = backup(database, copy, pages=2, pause=0.001)  # many small steps: writes land between
    during = len(play.acknowledged) - len(before)
    play.stop.set()
    play.join(30)
    assert play.error is None
    assert during > 0, "no move was played during the backup: it proves nothing about a live copy"

    copied = stored_moves(copy)
    assert set(before) <= copied
    assert len(copied) < len(play.acknowledged) or len(copied) == len(stored_moves(database))
    assert check_database(copy).rows == contents.rows and contents.rows["moves"] == len(copied)
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        # Each match's log has no gap, and the match row is of the same moment as its log.
        for match_id, plies, version in db.execute(
            "SELECT m.id, COUNT(v.ply), m.version FROM matches m LEFT JOIN moves v ON v.match_id = m.id "
            "GROUP BY m.id"
        ):
            stored = {ply for m, ply in copied if m == match_id}
            assert stored == set(range(plies))
            assert version >= plies
    assert not Path(f"{copy}-wal").exists()

    async def replay() -> None:
        store = await open_store(copy)
        try:
            checked = await check_replays(store)
        finally:
            await store.close()
        assert checked.problems == [] and checked.checked == MATCHES

    asyncio.run(replay())


def test_backup_refuses_to_overwrite_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database, copy = tmp_path / "tavern.sqlite3", tmp_path / "backup.sqlite3"
    asyncio.run(_create(database))
    copy.write_bytes(b"keep me")
    assert main(["backup", str(copy), "--database", str(database)]) == 1
    assert "exists already" in capsys.readouterr().err and copy.read_bytes() == b"keep me"
    assert main(["backup", str(copy), "--database", str(database), "--force"]) == 0
    assert "integrity ok, schema version" in capsys.readouterr().out
    assert check_database(copy).rows["matches"] == 0


def test_backup_of_postgresql_points_to_pg_dump(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    environ = {"DATABASE_URL": "postgresql://tavern@localhost/tavern"}
    assert main(["backup", str(tmp_path / "b")], environ) == 1
    assert "pg_dump -Fc" in capsys.readouterr().err and not (tmp_path / "b").exists()


def test_restore_refuses_a_database_a_store_holds_and_keeps_the_one_it_replaces(tmp_path: Path) -> None:
    database, copy = tmp_path / "tavern.sqlite3", tmp_path / "backup.sqlite3"

    async def scenario() -> None:
        store = await open_store(database)
        await _add_player(store, 1, "Before")
        backup(database, copy)
        await _add_player(store, 2, "After")
        with pytest.raises(StoreUnavailable, match="in use"):
            restore(copy, database)
        await store.close()
        restored, kept = restore(copy, database)
        assert kept == tmp_path / "tavern.sqlite3.before-restore" and restored.rows["players"] == 1
        with sqlite3.connect(kept) as db:
            assert {row[0] for row in db.execute("SELECT name FROM players")} == {"Before", "After"}
        store = await open_store(database)
        try:
            assert await store.player_name(1) == "Before" and await store.player_name(2) is None
            # A bot running: a second restore is refused, and the kept file is not replaced.
            with pytest.raises(StoreUnavailable, match="in use"):
                restore(copy, database)
        finally:
            await store.close()
        with pytest.raises(BackupError, match="earlier restore"):
            restore(copy, database)

    asyncio.run(scenario())


def test_restore_refuses_what_is_not_a_tavern_database(tmp_path: Path) -> None:
    database = tmp_path / "tavern.sqlite3"
    asyncio.run(_create(database))
    junk, other = tmp_path / "junk.bin", tmp_path / "other.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    before = database.read_bytes()
    with pytest.raises(BackupError, match="not a whole SQLite database"):
        restore(junk, database)
    with pytest.raises(BackupError, match="not a Tavern one"):
        restore(other, database)
    assert database.read_bytes() == before and not Path(f"{database}.before-restore").exists()


async def _add_player(store: Store, user_id: int, name: str) -> None:
    async with store.transaction() as db:
        await db.execute(
            "INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)", (user_id, name, "2026-01-01")
        )


async def _create(path: Path) -> None:
    store = await open_store(path)
    await store.close()
