"""Every match replayed from its log: the check `python -m data.migrate` runs on the database it
has just filled (data/ may not import the rules, so the host offers it, registered in
pyproject.toml as a `tavern.copy_checks` entry point)."""

from __future__ import annotations

from dataclasses import dataclass, field

from data import MatchStatus, Store
from rules import StateFormatError

from .checks import game_by_key
from .turns import replay


@dataclass
class ReplayCheck:
    """What `check_replays` found: how many matches it replayed, and what did not check out."""

    name: str = "replayed"
    checked: int = 0
    problems: list[str] = field(default_factory=list)


async def check_replays(store: Store) -> ReplayCheck:
    """Replay the log of every match that has begun (every entry must play) and compare the
    state reached with the state stored for it."""
    found = ReplayCheck()
    for match_id in await store.match_ids(exclude=(MatchStatus.LOBBY,)):
        row = await store.get_match(match_id)
        if row is None:  # deleted meanwhile
            continue
        found.checked += 1
        try:
            game = game_by_key(row.game)
            state = replay(game.start(row.seat_count, **row.options), await store.log(match_id))
        except (ValueError, KeyError, TypeError) as error:  # a MoveError is a ValueError
            found.problems.append(f"match {match_id}: its log does not replay ({error})")
            continue
        if row.state is None:
            continue
        try:
            stored = game.load(row.state)
        except (StateFormatError, ValueError, KeyError, TypeError):
            continue  # an old or damaged cache: the log is the truth, and the host rebuilds it
        if stored != state:
            found.problems.append(f"match {match_id}: its log replays to another state than the one stored")
    return found
