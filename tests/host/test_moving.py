"""Moving a bot from its SQLite file to PostgreSQL (`python -m data.migrate`): an exact copy,
checked, and never into a database that already holds matches."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from data import MatchStatus, PlannedGame, Store, TournamentStatus, open_store
from data.migrate import TABLES, MoveRefused, main, move, registered_checks, rows_of
from host import Host
from tests.support.databases import Database, fresh_postgres
from tests.support.host import ANN, BOB, CAT, PEOPLE, mover, started, started_match, win_by_five
from tests.support.tournaments import new_tournament


async def populate(path: Path) -> dict[int, object]:
    """A SQLite bot with finished rated matches, one being played, a lobby, a tournament in its
    first round and an erased player; returns each match's state."""
    store = await open_store(path)
    try:
        host = Host(store)
        for _ in range(2):
            await win_by_five(host, await started(host, PEOPLE[:2]))
        playing = await started_match(host, "keryo-pente", [ANN, BOB])
        await host.play(playing.id, mover(playing), "K10")
        await host.new(guild_id=1, channel_id=2, creator=CAT, game_key="verquere")
        await a_tournament(store)
        await store.forget_player(PEOPLE[1].user_id)
        summaries = await store.match_summaries(statuses=tuple(MatchStatus), limit=100)
        return {s.id: (await host.get(s.id)).state for s in summaries}
    finally:
        await store.close()


async def a_tournament(store: Store) -> int:
    """A running Swiss tournament of three, its first round claimed (a bye among its games)."""
    tournament_id = await new_tournament(store, guild_id=1, channel_id=2, creator_id=ANN.user_id)
    for player in (ANN, BOB, CAT):
        await store.add_entrant(tournament_id, user_id=player.user_id, name=player.name)
    await store.set_tournament_status(tournament_id, TournamentStatus.RUNNING)
    await store.claim_round(tournament_id, 1, [PlannedGame(1, (1, 2)), PlannedGame(2, (3,))])
    return tournament_id


async def test_the_copy_is_exact_and_every_match_replays(tmp_path: Path, postgres_server: str) -> None:
    source = tmp_path / "tavern.sqlite3"
    states = await populate(source)
    target = await fresh_postgres(postgres_server, migrated=False)
    counts, checks = await move(source, target.url, registered_checks())
    assert counts["matches"] == len(states) == 4 and counts["moves"] > 10 and counts["ratings"] > 0
    assert (counts["tournaments"], counts["tournament_entrants"], counts["tournament_games"]) == (1, 3, 2)
    assert [(c.name, c.checked, c.problems) for c in checks] == [("replayed", 3, [])]  # not the lobby
    old, new = await open_store(source), await open_store(target.url)
    try:
        for table in TABLES:
            assert await rows_of(new, table) == await rows_of(old, table)
        for derived in (
            "SELECT game, scope, players FROM ladder_sizes ORDER BY game, scope",
            "SELECT game, scope, band, players FROM ladder_bands ORDER BY game, scope, band",
        ):
            assert target.fetchall(derived) == Database("sqlite", str(source)).fetchall(derived) != []
        host = Host(new)
        for match_id, state in states.items():
            target.execute("UPDATE matches SET state = NULL WHERE id = ?", (match_id,))
            assert (await host.get(match_id)).state == state  # replayed from the copied log
        newer = await host.new(guild_id=1, channel_id=3, creator=ANN, game_key="keibot")
        assert newer.id == max(states) + 1
        assert await a_tournament(new) == 2  # ids follow on from the copied ones
    finally:
        await old.close()
        await new.close()


async def test_a_database_holding_matches_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tavern.sqlite3"
    await populate(source)
    target = await fresh_postgres(postgres_server)
    await move(source, target.url)
    before = target.fetchall("SELECT COUNT(*) FROM moves")
    with pytest.raises(MoveRefused, match="already holds matches"):
        await move(source, target.url)
    assert target.fetchall("SELECT COUNT(*) FROM moves") == before
    assert await asyncio.to_thread(main, ["--to", target.url, "--from", str(source)]) == 1
    assert "already holds matches" in capsys.readouterr().err
    missing = str(tmp_path / "missing.sqlite3")
    assert await asyncio.to_thread(main, ["--to", target.url, "--from", missing]) == 1


async def test_a_match_whose_log_does_not_replay_is_reported_and_the_move_fails(
    tmp_path: Path, postgres_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tavern.sqlite3"
    states = await populate(source)
    playing = max(match_id for match_id, state in states.items() if state is not None)
    broken = Database("sqlite", str(source))
    broken.execute("UPDATE moves SET notation = 'Z99' WHERE match_id = ? AND ply = 0", (playing,))
    target = await fresh_postgres(postgres_server)
    assert await asyncio.to_thread(main, ["--to", target.url, "--from", str(source)]) == 1
    out = capsys.readouterr()
    assert "Checked the copy: 3 matches replayed, 1 problems." in out.out
    assert f"match {playing}: its log does not replay" in out.err and "Z99" in out.err


async def test_the_command_copies_checks_and_says_what_it_did(
    tmp_path: Path, postgres_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tavern.sqlite3"
    await populate(source)
    target = await fresh_postgres(postgres_server)
    assert await asyncio.to_thread(main, ["--to", target.url, "--from", str(source)]) == 0
    out = capsys.readouterr().out
    assert "Copied and checked: " in out and "4 matches" in out
    assert "Checked the copy: 3 matches replayed, 0 problems." in out


def test_every_table_is_copied_but_those_made_anew(tmp_path: Path) -> None:
    """A table added by a migration is either copied (data.migrate.TABLES) or derived by the
    target's own migrations and triggers."""
    path = tmp_path / "tavern.sqlite3"
    asyncio.run(populate(path))
    found = {
        row[0]
        for row in Database("sqlite", str(path)).fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        )
    }
    derived = {"schema_migrations", "sqlite_sequence", "ladder_sizes", "ladder_bands"}
    assert found - derived == set(TABLES)
