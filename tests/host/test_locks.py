"""Per-match locks: one change at a time per match, and no lock kept for an idle match."""

from __future__ import annotations

import asyncio

from host import Host
from host.locks import MatchLocks
from tests.support.host import mover, two_player_match


async def test_a_lock_serialises_one_match_and_is_dropped_when_nobody_waits() -> None:
    locks = MatchLocks()
    inside: list[str] = []
    release = asyncio.Event()

    async def hold(name: str, match_id: int) -> None:
        async with locks.hold(match_id):
            inside.append(f"{name} in")
            await release.wait()
            inside.append(f"{name} out")

    tasks = [asyncio.create_task(hold("a", 1)), asyncio.create_task(hold("b", 1))]
    other = asyncio.create_task(hold("c", 2))
    await asyncio.sleep(0)
    assert inside == ["a in", "c in"]  # b waits for a; match 2 does not
    assert len(locks) == 2  # match 1 (a holds, b waits) and match 2
    release.set()
    await asyncio.gather(*tasks, other)
    assert inside.index("a out") < inside.index("b in")
    assert len(locks) == 0


async def test_a_lock_is_dropped_when_its_holder_fails() -> None:
    locks = MatchLocks()
    try:
        async with locks.hold(7):
            raise RuntimeError("boom")
    except RuntimeError:
        pass
    assert len(locks) == 0


async def test_the_host_keeps_no_lock_for_matches_at_rest(host: Host) -> None:
    for _ in range(5):
        match = await two_player_match(host)
        await host.play(match.id, mover(match), "K10")
        await host.resign(match.id, mover(await host.get(match.id)))
    assert len(host._locks) == 0
