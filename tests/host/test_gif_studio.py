"""host.gif_studio: GIFs drawn in a worker process at a lower priority (stopped when idle), the
same bytes as drawn here; the GIF cache bounded by bytes (least recently used out first); a failed drawing not
cached."""

from __future__ import annotations

import asyncio
import os
from functools import partial

import pytest

from host import Host, Ladder, Player
from host.gif_studio import GIF_NICENESS, NOT_CACHED, ReplayStudio, draw_record
from tests.support.host import started_match, win_by_five


def niceness_and_process() -> bytes:
    """Drawn in the worker instead of a GIF: its niceness and process id."""
    return f"{os.nice(0)} {os.getpid()}".encode()


async def test_gifs_are_drawn_in_a_worker_process_at_a_lower_priority(host: Host) -> None:
    players = [Player(1, "Ann"), Player(2, "Ben")]
    match = await win_by_five(host, await started_match(host, "keryo-pente", players, {"tournament": False}))
    record = (await Ladder(host).history(match.id, match.guild_id)).record
    draw = partial(
        draw_record, "keryo-pente", 2, record.options, record.entries, ["Ann", "Ben"], (480,), 8 << 20
    )
    studio = ReplayStudio(cooldown=0)
    try:
        drawn = await studio.gif((match.id, match.version), 1, draw)
        assert drawn is not None and drawn == draw() and drawn.startswith(b"GIF89a")
        # The worker is another process, nicer than this one.
        # The worker is another process, nicer than this one.
        found = await studio.gif((0, 0), 1, niceness_and_process)
        assert found is not None
        niceness, pid = map(int, found.split())
        assert niceness == os.nice(0) + GIF_NICENESS and pid != os.getpid()
        # Nothing left to draw: the worker stops (an idle bot keeps no GIF process).
        for _ in range(100):
            if not studio.has_worker:
                break
            await asyncio.sleep(0.01)
        assert not studio.has_worker
    finally:
        studio.close()


async def test_the_cache_keeps_at_most_its_bytes_least_recently_used_out_first() -> None:
    studio = ReplayStudio(cache_bytes=250, cooldown=0, processes=False)
    try:
        assert await studio.gif((1, 7), 10, lambda: b"\x01" * 100) == b"\x01" * 100
        assert await studio.gif((2, 7), 10, lambda: b"\x02" * 100) == b"\x02" * 100
        assert studio.cached((1, 7)) == b"\x01" * 100  # 1 is now the most recently used
        await studio.gif((3, 7), 10, lambda: b"\x03" * 100)
        assert studio.cached((2, 7)) is NOT_CACHED
        assert studio.cached((1, 7)) == b"\x01" * 100 and studio.cached((3, 7)) == b"\x03" * 100
        assert studio.cached_bytes == 200 and studio.drawings == 3
        # A newer version of a match is another GIF; one larger than the whole cache is not kept.
        assert studio.cached((1, 8)) is NOT_CACHED
        await studio.gif((4, 1), 10, lambda: b"\x04" * 300)
        assert studio.cached((4, 1)) is NOT_CACHED and studio.cached_bytes == 200
    finally:
        studio.close()


async def test_a_failed_drawing_is_not_cached() -> None:
    studio = ReplayStudio(cooldown=0, processes=False)

    def broken() -> bytes:
        raise OSError("disk full")

    try:
        with pytest.raises(OSError):
            await studio.gif((1, 1), 10, broken)
        assert studio.cached((1, 1)) is NOT_CACHED
        assert await studio.gif((1, 1), 10, lambda: b"GIF89a") == b"GIF89a"
    finally:
        studio.close()
