"""Helpers for the tests that drive the host over a real database (either store): players, matches opened
and filled, who is to move, every stored byte of a match, and logs stored as the truth."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from host import DRAW_OPENING_MOVES, Host, MatchSnapshot, Player
from host.computer import choose_move
from rules import CHANCE
from rules.verquere import GAME as VERQUERE
from tests.support.databases import Database
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, User

ANN, BOB, CAT, DAN = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat"), Player(4, "Dan")
GUILD, CHANNEL = 100, 200
PEOPLE = [Player(100 + i, name) for i, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])]
"""Six players for the ratings tests (ids apart from ANN…DAN), who play in PEOPLE_GUILD."""
PEOPLE_GUILD, PEOPLE_CHANNEL = 7, 8


def as_database(where: Database | Path) -> Database:
    """A test database, or the path of a SQLite file."""
    return where if isinstance(where, Database) else Database("sqlite", str(where))


def dump(where: Database | Path, match_id: int) -> tuple[Any, ...]:
    """Every stored byte of one match: its row, its seats, its log, its players."""
    db = as_database(where)
    return (
        db.fetchall("SELECT * FROM matches WHERE id = ?", (match_id,)),
        db.fetchall("SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)),
        db.fetchall("SELECT * FROM moves WHERE match_id = ? ORDER BY ply", (match_id,)),
        db.fetchall("SELECT * FROM players ORDER BY user_id"),
    )


def store_cache(where: Database | Path, match_id: int, cache: Any) -> None:
    """Replace a match's cached state (a state's `to_json()`, or anything else): the host reads
    the cache, so a test can put a position there that no short game reaches. The match gets a
    new version, as every new position does (a host keeps the state it read at a version)."""
    as_database(where).execute(
        "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?", (json.dumps(cache), match_id)
    )


@contextmanager
def unchanged(where: Database | Path, match_id: int) -> Iterator[None]:
    """Checks that the block leaves every stored byte of the match as it was."""
    before = dump(where, match_id)
    yield
    assert dump(where, match_id) == before


async def started_match(
    host: Host,
    game_key: str,
    players: list[Player],
    options: Mapping[str, Any] | None = None,
    *,
    guild_id: int = GUILD,
    channel_id: int = CHANNEL,
) -> MatchSnapshot:
    """A match opened by the first player, with one seat per player, every other player joined."""
    lobby = await host.new(
        guild_id=guild_id,
        channel_id=channel_id,
        creator=players[0],
        game_key=game_key,
        seats=len(players),
        options=dict(options or {}),
    )
    match = lobby
    for player in players[1:]:
        match = await host.join(lobby.id, player)
    assert match.status == "playing"
    return match


async def two_player_match(host: Host, *, tournament: bool = True) -> MatchSnapshot:
    return await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": tournament})


async def started(host: Host, players: list[Player], **options: object) -> MatchSnapshot:
    """A Keryo-Pente match without the tournament rule among `players`, in PEOPLE_GUILD."""
    return await started_match(
        host,
        "keryo-pente",
        players,
        {"tournament": False, **options},
        guild_id=PEOPLE_GUILD,
        channel_id=PEOPLE_CHANNEL,
    )


def mover(snapshot: MatchSnapshot) -> int:
    """The user id of the person to move."""
    seat = snapshot.seat_to_move
    assert seat is not None and seat.user_id is not None
    return seat.user_id


def waiting(snapshot: MatchSnapshot) -> int:
    """The user id of a person who is not to move."""
    return next(uid for uid in snapshot.human_ids if uid != mover(snapshot))


async def win_by_five(host: Host, match: MatchSnapshot) -> MatchSnapshot:
    """Keryo-Pente: seat 0 builds A1-E1 while everyone else plays along row 10 and up."""
    spare = iter(f"{col}{row}" for row in range(10, 20) for col in "ABCDEFGHJKLMNOPQRST")
    for column in "ABCDE":
        match = await host.play(match.id, mover(match), f"{column}1")
        while not match.is_over and match.to_move != 0:
            match = await host.play(match.id, mover(match), next(spare))
    assert match.is_over
    return match


def split_log(text: str) -> list[str]:
    """A log written as `entry ; entry ; …`."""
    return [entry.strip() for entry in text.split(";") if entry.strip()]


BAR_LOG = split_log(
    # Seed 1000, middle legal turns: White has just hit (1/5*), Black must enter first with 5-4.
    "roll 6-5 ; 1/6/12 ; roll 4-4 ; 1/5/9 1/5 ; roll 4-4 ; 12/16/20 1/5/9 ; roll 5-2 ; 9/11 5/10 ; "
    "roll 5-4 ; 9/14 1/5 ; roll 6-2 ; 10/12/18 ; roll 3-2 ; 20/22 5/8 ; roll 6-2 ; 11/17 1/3 ; "
    "roll 5-4 ; 14/19 1/5* ; roll 5-4"
)
"""A Verquere log after which Black has a man on the bar."""


async def store_log(
    host: Host, where: Database | Path, match: MatchSnapshot, entries: list[str]
) -> MatchSnapshot:
    """Make `entries` a Verquere match's log (rolls as chance events, turns and passes as the
    moves of the seat to move) and drop the cached state, as a new version of the match: the
    host then replays the log."""
    state = VERQUERE.start(2, **dict(match.options))
    rows: list[tuple[int, int, str, int | None, str, str]] = []
    for ply, text in enumerate(entries):
        seat = None if state.to_move == CHANCE else state.to_move
        rows.append(
            (match.id, ply, "chance" if seat is None else "move", seat, text, "2026-01-01T00:00:00.000")
        )
        state = state.play(text)
    db = as_database(where)
    db.execute("DELETE FROM moves WHERE match_id = ?", (match.id,))
    db.executemany(
        "INSERT INTO moves (match_id, ply, kind, seat, notation, played_at) VALUES (?, ?, ?, ?, ?, ?)", rows
    )
    db.execute("UPDATE matches SET state = NULL, version = version + 1 WHERE id = ?", (match.id,))
    stored = await host.get(match.id)
    assert stored.state == state and stored.ply == len(entries)
    return stored


async def play_the_opening(host: Host, match: MatchSnapshot, *, people: str = "normal") -> MatchSnapshot:
    """Play until the opening is over (a computer agrees to no draw before DRAW_OPENING_MOVES
    moves): the people's moves chosen by a small search at level `people` (the search's, so that
    nobody wins at once; "easy" against an easy computer), the computers' their own."""
    while match.move_count < DRAW_OPENING_MOVES:
        state = match.state
        assert match.status == "playing" and state is not None
        if match.waiting_for_computer:
            match = await host.play_computers(match.id)
            continue
        seat = match.seat_to_move
        assert seat is not None and seat.user_id is not None
        move = choose_move(state, people, match.ply, iterations=30, time_limit=0.5)
        match = await host.play(match.id, seat.user_id, str(move))
    return match


def moment(delta: timedelta = timedelta(0)) -> datetime:
    """Now (+ `delta`), to the millisecond, as the store keeps times."""
    now = datetime.now(UTC) + delta
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def set_turn_start(database: Database, match_id: int, when: datetime) -> None:
    """Move the moment the match's position was reached (and its last change) to `when`."""
    text = when.isoformat(timespec="milliseconds")
    database.execute("UPDATE moves SET played_at = ? WHERE match_id = ?", (text, match_id))
    database.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (text, match_id))


async def finished(host: Host, first: User, second: User, *, guild_id: int = GUILD_ID) -> MatchSnapshot:
    """A two-player Keryo-Pente match that the first seat wins with five in a row."""
    lobby = await host.new(
        guild_id=guild_id,
        channel_id=CHANNEL_ID,
        creator=Player(first.id, first.name),
        game_key="keryo-pente",
        seats=2,
        options={"tournament": False},
    )
    match = await host.join(lobby.id, Player(second.id, second.name))
    return await win_by_five(host, match)
