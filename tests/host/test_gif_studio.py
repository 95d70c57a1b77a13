"""host.gif_studio: the GIF cache is bounded by bytes (least recently used out first), and a
drawing that fails is not cached."""

from __future__ import annotations

import pytest

from host.gif_studio import NOT_CACHED, ReplayStudio


async def test_the_cache_keeps_at_most_its_bytes_least_recently_used_out_first() -> None:
    studio = ReplayStudio(cache_bytes=250, cooldown=0)
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
    studio = ReplayStudio(cooldown=0)

    def broken() -> bytes:
        raise OSError("disk full")

    try:
        with pytest.raises(OSError):
            await studio.gif((1, 1), 10, broken)
        assert studio.cached((1, 1)) is NOT_CACHED
        assert await studio.gif((1, 1), 10, lambda: b"GIF89a") == b"GIF89a"
    finally:
        studio.close()
