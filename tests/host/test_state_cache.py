"""The stored state is a cache of the log: an old or damaged cache is rebuilt by replaying the
log, rewritten, and the match plays on."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from host import Host, MatchSnapshot
from rules import GAMES, StateFormatError
from tests.support.databases import Database
from tests.support.host import mover, store_cache, two_player_match


def stored_state(database: Database, match_id: int) -> tuple[Any, int]:
    """The stored state cache of a match (parsed) and the match version."""
    ((state, version),) = database.fetchall("SELECT state, version FROM matches WHERE id = ?", (match_id,))
    return json.loads(state), version


async def two_moves_in(host: Host) -> MatchSnapshot:
    match = await two_player_match(host)
    match = await host.play(match.id, mover(match), "K10")
    return await host.play(match.id, mover(match), "A1")


@pytest.mark.parametrize(
    "damage",
    [
        lambda cache: {},  # nothing the game can read
        lambda cache: {**cache, "board": "nonsense"},  # a field of the wrong type
        lambda cache: {k: v for k, v in cache.items() if k != "format"},  # written before formats
        lambda cache: {**cache, "format": 999},  # written by another version of the code
    ],
    ids=["empty", "wrong-type", "no-format", "other-format"],
)
async def test_a_broken_or_old_cache_is_rebuilt_from_the_log_and_play_goes_on(
    host: Host, database: Database, damage: Any
) -> None:
    match = await two_moves_in(host)
    good, _ = stored_state(database, match.id)
    store_cache(database, match.id, damage(good))
    _, version = stored_state(database, match.id)

    resumed = await host.get(match.id)
    assert resumed.state == match.state and resumed.ply == 2 and str(resumed.last_move) == "A1"
    rewritten, version_after = stored_state(database, match.id)
    assert rewritten == good and version_after == version  # the cache only: no new version

    after = await host.play(match.id, mover(resumed), "A5", expected_ply=2)
    assert after.ply == 3 and str(after.last_move) == "A5"
    assert stored_state(database, match.id)[0] == after.state.to_json()  # type: ignore[union-attr]


async def test_a_cache_the_game_refuses_as_another_format_is_rewritten(
    host: Host, database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever the rules check, a StateFormatError from `load` sends the host to the log."""
    match = await two_moves_in(host)
    good, _ = stored_state(database, match.id)
    store_cache(database, match.id, {**good, "marker": "old"})
    _, version = stored_state(database, match.id)
    game = GAMES["keryo-pente"]
    real_load = game.load_state

    def refuse_old(data: Any) -> Any:
        if "marker" in data:
            raise StateFormatError("format 0, this code reads format 1")
        return real_load(data)

    monkeypatch.setitem(GAMES, game.key, dataclasses.replace(game, load_state=refuse_old))
    resumed = await host.get(match.id)
    assert resumed.state == match.state
    assert stored_state(database, match.id) == (good, version)
