"""/history's GIFs out of the way (issue 34): their own thread, a cooldown per user, a cache by
match and version, a time budget. Over the real host, SQLite file and discord.py objects; the GIF
is the real one, drawn by a spy that can hold it back (as a slow, long game would); the spy lives
in this process, so the studio draws in its thread here (the bot's draws in a worker process:
tests/host/test_gif_studio.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

import cogs.ladder
from bot import TavernBot
from cogs.ladder import LadderCog
from host import Host, MatchSnapshot, Player
from host.gif_studio import ReplayStudio, draw_record
from tests.support.discord_harness import ALICE, BOB, CAROL, PNG, private_messages, start_match
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, Request, User
from tests.support.host import started_match, win_by_five

GIF = b"GIF89a"
PEOPLE = [
    User(3000 + i, name) for i, name in enumerate(["Ann", "Ben", "Cid", "Dot", "Eli", "Fox", "Gus", "Hal"])
]


async def finished(host: Host, first: User, second: User) -> MatchSnapshot:
    """A two-player Keryo-Pente match in the harness's channel that the first seat wins."""
    players = [Player(first.id, first.name), Player(second.id, second.name)]
    match = await started_match(
        host, "keryo-pente", players, {"tournament": False}, guild_id=GUILD_ID, channel_id=CHANNEL_ID
    )
    return await win_by_five(host, match)


class HeldGifs:
    """Counts the GIFs drawn and holds each back until `release` (the real GIF is drawn then)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn = 0
        self.started = threading.Event()
        self.gate = threading.Event()
        self.gate.set()
        real = draw_record

        def spy(*args: Any) -> bytes | None:
            self.drawn += 1
            self.started.set()
            assert self.gate.wait(30), "a held GIF was never released"
            return real(*args)

        monkeypatch.setattr(cogs.ladder, "draw_record", spy)

    def hold(self) -> None:
        self.gate.clear()

    def release(self) -> None:
        self.gate.set()


@pytest.fixture
def gifs(monkeypatch: pytest.MonkeyPatch) -> HeldGifs:
    return HeldGifs(monkeypatch)


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def studio_of(bot: TavernBot, clock: Clock, *, budget: float = 20.0) -> ReplayStudio:
    """A fresh studio in the ladder cog, on this clock, with this budget, drawing in its thread."""
    cog = next(c for c in bot.cogs.values() if isinstance(c, LadderCog))
    cog.replays.close()
    cog.replays = ReplayStudio(clock=clock, budget=budget, processes=False)
    return cog.replays


def gif_of(requests: list[Request]) -> bytes | None:
    """The GIF the answer carried, if any."""
    for request in requests:
        for name, data in request.files:
            if name.endswith(".gif"):
                return data
    return None


def record_answered(requests: list[Request]) -> bool:
    """The record (its embed and its .txt file) was answered, GIF or not."""
    return any(r.embeds and any(name.endswith(".txt") for name, _ in r.files) for r in requests)


def notes(requests: list[Request]) -> list[str]:
    return [r.content for r in private_messages(requests) if r.content]


async def test_a_moves_picture_is_not_kept_waiting_by_gifs(
    driver: Driver, host: Host, bot: TavernBot, gifs: HeldGifs
) -> None:
    """Eight people ask for GIFs at once (more than the default thread pool has threads); the
    GIFs are held back, and a move played meanwhile gets its board picture all the same. Before
    GIFs had their own worker they filled the pool the board pictures are drawn in."""
    studio_of(bot, Clock())
    matches = [await finished(host, PEOPLE[i], PEOPLE[i + 1]) for i in range(0, 8, 2)]
    game = await start_match(driver, host)
    gifs.hold()
    asking = PEOPLE[:8]
    for person, match in zip(asking, matches * 2, strict=True):
        driver.dispatch(person, "history", match=match.id)
    assert await asyncio.to_thread(gifs.started.wait, 10), "no GIF started"

    start = len(driver.fake.requests)
    driver.dispatch(game.mover, "keryo-pente move", move="K10")
    deadline = time.monotonic() + 10
    picture: Request | None = None
    while picture is None and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
        picture = next(
            (r for r in driver.fake.requests[start:] if any(data.startswith(PNG) for _, data in r.files)),
            None,
        )
    try:
        assert picture is not None, "the move's picture waited behind the GIFs"
        assert gif_of(driver.fake.requests) is None, "the GIFs were held back: none can be sent yet"
    finally:
        gifs.release()
    await driver.settle()
    sent = [data for r in driver.fake.requests if r.files for name, data in r.files if name.endswith(".gif")]
    assert len(sent) == 8 and all(data.startswith(GIF) for data in sent)
    assert gifs.drawn == 4, "each of the four games drawn once; the second asks shared the drawing"


async def test_cooldown_refuses_a_second_gif_politely_and_says_when(
    driver: Driver, host: Host, bot: TavernBot, gifs: HeldGifs
) -> None:
    clock = Clock()
    studio_of(bot, clock)
    first, second = await finished(host, ALICE, BOB), await finished(host, BOB, CAROL)

    drawn = await driver.command(ALICE, "history", match=first.id)
    assert (gif_of(drawn) or b"").startswith(GIF)

    clock.now += 10
    refused = await driver.command(ALICE, "history", match=second.id)
    assert record_answered(refused) and gif_of(refused) is None
    again = int(clock.now - 10 + 30)
    assert notes(refused) == [
        "Animations take a while to draw, so each person can have one drawn every 30 seconds: "
        f"you can ask again <t:{again}:R>. The record has every move."
    ]
    assert gifs.drawn == 1

    # Someone else is not held back by Alice's cooldown; Alice is, until it is over.
    assert (gif_of(await driver.command(CAROL, "history", match=second.id)) or b"").startswith(GIF)
    clock.now += 19.5
    third = await finished(host, CAROL, ALICE)
    assert gif_of(await driver.command(ALICE, "history", match=third.id)) is None
    clock.now += 0.5
    assert (gif_of(await driver.command(ALICE, "history", match=third.id)) or b"").startswith(GIF)
    assert gifs.drawn == 3


async def test_the_same_game_asked_twice_is_drawn_once(
    driver: Driver, host: Host, bot: TavernBot, gifs: HeldGifs
) -> None:
    studio = studio_of(bot, Clock())
    match = await finished(host, ALICE, BOB)
    first = gif_of(await driver.command(ALICE, "history", match=match.id))
    # Alice is cooling down, but a cached GIF costs nothing: she and Carol get it at once.
    again = gif_of(await driver.command(ALICE, "history", match=match.id))
    carol = gif_of(await driver.command(CAROL, "history", match=match.id, share=True))
    assert first is not None and first.startswith(GIF) and first == again == carol
    assert gifs.drawn == 1 and studio.drawings == 1
    assert studio.cached_bytes == len(first)


async def test_a_gif_over_its_budget_is_left_out_and_said_so(
    driver: Driver, host: Host, bot: TavernBot, gifs: HeldGifs
) -> None:
    studio = studio_of(bot, Clock(), budget=0.2)
    match = await finished(host, ALICE, BOB)
    gifs.hold()
    try:
        slow = await driver.command(ALICE, "history", match=match.id)
    finally:
        gifs.release()
    assert record_answered(slow) and gif_of(slow) is None
    assert notes(slow) == [
        f"The animation of Keryo-Pente #{match.id} took longer than 0.2 seconds to draw, so it is left "
        "out; the record has every move. Ask again in a minute: it may be ready."
    ]
    # The drawing went on in its thread into the cache: asking again finds it, not drawn twice.
    for _ in range(200):
        if studio.cached_bytes:
            break
        await asyncio.sleep(0.05)
    later = gif_of(await driver.command(ALICE, "history", match=match.id))
    assert later is not None and later.startswith(GIF) and gifs.drawn == 1
