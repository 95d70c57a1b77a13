"""Small helpers shared by the cog tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from data import MatchRow, Store
from host import Host

from .conftest import ALICE, BOB, CAROL
from .fake_discord import DEFERRED_CHANNEL_MESSAGE, Driver, Request, User

USERS = {user.id: user for user in (ALICE, BOB, CAROL)}
PNG = b"\x89PNG\r\n\x1a\n"


def public_messages(requests: list[Request]) -> list[Request]:
    return [r for r in requests if r.is_followup and not r.ephemeral]


def private_messages(requests: list[Request]) -> list[Request]:
    return [r for r in requests if (r.is_followup or r.callback_type == 4) and r.ephemeral]


def the_public_message(requests: list[Request]) -> Request:
    found = public_messages(requests)
    assert len(found) == 1, [(r.method, r.path, r.payload) for r in requests]
    return found[0]


def the_private_message(requests: list[Request]) -> Request:
    found = private_messages(requests)
    assert len(found) == 1, [(r.method, r.path, r.payload) for r in requests]
    assert not public_messages(requests), "a private answer must not also post publicly"
    return found[0]


def deferred_first(requests: list[Request], *, ephemeral: bool | None = None) -> None:
    """The first thing the bot did was to acknowledge with a deferral (Discord's 3 seconds)."""
    assert requests, "the bot did not answer at all"
    first = requests[0]
    assert first.callback_type == DEFERRED_CHANNEL_MESSAGE, (first.method, first.path, first.payload)
    if ephemeral is not None:
        assert first.ephemeral == ephemeral


def sent_message(request: Request) -> dict[str, Any]:
    """The message as Discord stored it (what a later click carries)."""
    assert isinstance(request.answer, dict)
    return request.answer


def button_id(message: dict[str, Any], action: str) -> str:
    ids = [str(c["custom_id"]) for row in message["components"] for c in row["components"]]
    found = [cid for cid in ids if cid.split(":")[2] == action]
    assert len(found) == 1, ids
    return found[0]


@dataclass
class Started:
    match_id: int
    mover: User
    other: User
    message: dict[str, Any]
    """The match message the start posted."""


async def start_match(driver: Driver, host: Host, *, tournament: bool = False) -> Started:
    """Alice opens a two-player lobby and Bob joins, which starts the match."""
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=tournament)
    requests = await driver.command(BOB, "keryo-pente join")
    message = the_public_message(requests)
    (summary,) = await host.matches_of_player(BOB.id)
    snapshot = await host.get(summary.id)
    seat = snapshot.seat_to_move
    assert seat is not None and seat.user_id is not None
    mover = USERS[seat.user_id]
    other = BOB if mover is ALICE else ALICE
    return Started(summary.id, mover, other, sent_message(message))


async def stored(store: Store, match_id: int) -> tuple[MatchRow | None, list[Any]]:
    """Everything stored about a match: its row and its move log."""
    return await store.get_match(match_id), await store.log(match_id)
