"""`/tournament` through discord.py's real objects and the fake Discord (tests/support/): a whole
small Swiss from the sign-up buttons to the final standings, with its thread, standings message,
round announcements and the matches played by command; every kind of bad input refused privately
and politely, changing nothing; who may create tournaments (`/tavern config tournament_creators`);
messages owed after a failure posted by the outbox loop; and a transcript of what the bot says."""

from __future__ import annotations

from typing import Any

import pytest

from bot import TavernBot
from data import Store
from host import Host, Notify
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    deferred_first,
    private_messages,
    public_messages,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_ID, FakeDiscord, Driver, Request, User, member
from tests.support.transcripts import Transcript, assert_matches_transcript

DAVE = User(1004, "Dave")
EVE = member(1005, "Eve")
"""A member without Manage Server."""
PEOPLE = {user.id: user for user in (ALICE, BOB, CAROL, DAVE, EVE)}


class Tour:
    """Drives a tournament as its players would, keeping what the bot said (a transcript) and
    the sign-up message (what the buttons are clicked on)."""

    def __init__(self, driver: Driver, host: Host, fake: FakeDiscord) -> None:
        self.driver, self.host, self.fake = driver, host, fake
        self.transcript = Transcript()
        self.signup: dict[str, Any] | None = None
        self.thread: int | None = None

    def _keep(self, requests: list[Request]) -> list[Request]:
        for request in requests:
            if request.method == "POST" and request.path.endswith("/threads"):
                name = (request.payload or {}).get("name")
                self.transcript.lines.append(f"(a thread «{name}» is opened on the message)")
            else:
                self.transcript.record([request])
        return requests

    async def command(
        self, user: User, path: str, *, channel_id: int = CHANNEL_ID, **options: Any
    ) -> list[Request]:
        shown = " ".join(f"{k}:{v}" for k, v in options.items())
        where = " (in the thread)" if channel_id != CHANNEL_ID else ""
        self.transcript.step(f"{user.name}: /{path} {shown}".rstrip() + where)
        return self._keep(await self.driver.command(user, path, channel_id=channel_id, **options))

    async def new(self, user: User = ALICE, **options: Any) -> list[Request]:
        requests = await self.command(user, "tournament new", **options)
        self.signup = sent_message(the_public_message(requests))
        opened = [r for r in requests if r.method == "POST" and r.path.endswith("/threads")]
        if opened:
            self.thread = int(opened[0].answer["id"])
        return requests

    async def click(self, user: User, action: str) -> list[Request]:
        assert self.signup is not None
        (custom_id,) = [
            c["custom_id"]
            for row in self.signup["components"]
            for c in row["components"]
            if f":{action}:" in c["custom_id"]
        ]
        label = next(
            c["label"]
            for row in self.signup["components"]
            for c in row["components"]
            if c["custom_id"] == custom_id
        )
        self.transcript.step(f"{user.name} clicks «{label}»")
        requests = self._keep(await self.driver.click(user, self.signup, custom_id))
        self.signup = self.fake.messages[int(self.signup["id"])]  # as edited since
        return requests

    async def play_match(self, match_id: int, *, draw: bool) -> None:
        """Two moves by command in the thread, then a draw agreed or a resignation."""
        for _ in range(2):
            snapshot = await self.host.get(match_id)
            seat = snapshot.seat_to_move
            assert seat is not None and seat.user_id is not None and snapshot.state is not None
            move = str(snapshot.state.legal_moves()[0])
            await self.command(
                PEOPLE[seat.user_id], "keibot move", channel_id=self.home, move=move, match=match_id
            )
        snapshot = await self.host.get(match_id)
        first, second = (PEOPLE[s.user_id] for s in snapshot.seats if s.user_id is not None)
        if draw:
            await self.command(first, "keibot draw", channel_id=self.home, match=match_id)
            await self.command(second, "keibot draw", channel_id=self.home, match=match_id)
        else:
            asked = await self.command(first, "keibot resign", channel_id=self.home, match=match_id)
            (confirm,) = [r for r in asked if any(":resign-yes:" in c for c in r.custom_ids())]
            message = (
                confirm.answer if isinstance(confirm.answer, dict) and confirm.answer else confirm.message
            )
            assert message is not None
            (custom_id,) = [c for c in confirm.custom_ids() if ":resign-yes:" in c]
            self.transcript.step(f"{first.name} clicks «Yes, resign»")
            self._keep(await self.driver.click(first, message, custom_id, channel_id=self.home))
        assert (await self.host.get(match_id)).is_over

    @property
    def home(self) -> int:
        return self.thread or CHANNEL_ID


@pytest.fixture
def tour(driver: Driver, host: Host, fake: FakeDiscord) -> Tour:
    return Tour(driver, host, fake)


def posted_in(requests: list[Request], channel_id: int) -> list[Request]:
    return [r for r in public_messages(requests) if r.path.startswith(f"/channels/{channel_id}/")]


def field(embed: dict[str, Any], name: str) -> str:
    return next(str(f["value"]) for f in embed.get("fields", []) if f["name"].startswith(name))


async def test_a_whole_swiss_from_sign_up_to_final_standings(
    tour: Tour, host: Host, fake: FakeDiscord
) -> None:
    requests = await tour.new(game="keibot", rounds=2, setup="split")
    deferred_first(requests, ephemeral=False)
    (signup,) = the_public_message(requests).embeds
    assert signup["title"] == "Keibot Swiss #1"
    assert (
        "Sign-up is open" in signup["description"]
        and "<@1001> starts the tournament" in signup["description"]
    )
    assert field(signup, "Format") == "Swiss, 2 rounds"
    assert tour.thread is not None and fake.threads[tour.thread].name == "Keibot Swiss #1"
    tournament = await host.tournament(1)
    assert tournament.thread_id == tour.thread and tournament.options["setup"] == "split"

    for user in (ALICE, BOB, CAROL, DAVE):
        joined = await tour.click(user, "join")
        assert "You have joined Keibot Swiss #1" in the_private_message(joined).content
    assert tour.signup is not None
    assert field(tour.signup["embeds"][0], "Players") == "<@1001>\n<@1002>\n<@1003>\n<@1004>"

    started = await tour.click(ALICE, "start")
    assert "has started" in the_private_message(started).content
    assert tour.signup["components"] == [] and "Under way" in tour.signup["embeds"][0]["description"]
    in_thread = posted_in(started, tour.thread)
    standings, announcement, *boards = in_thread
    assert standings.embeds[0]["title"] == "Standings of Keibot Swiss #1"
    assert standings.files and standings.files[0][0].endswith(".png")
    assert announcement.content.startswith("**Round 1 of 2** of Keibot Swiss #1 has started:")
    assert len(boards) == 2 and all(b.files for b in boards)
    # The matches' messages ping nobody: the announcement told each player once.
    assert all(not b.message["allowed_mentions"].get("users") for b in boards)
    # Everyone is mentioned once, and pinged (their /settings: a mention, the default).
    assert sorted(announcement.message["allowed_mentions"]["users"]) == [1001, 1002, 1003, 1004]

    tournament = await host.tournament(1)
    first_round = [g.match_id for g in tournament.round_games(1)]
    await tour.play_match(first_round[0], draw=True)
    await tour.play_match(first_round[1], draw=False)
    tournament = await host.tournament(1)
    assert tournament.current_round == 2
    await tour.play_match(tournament.round_games(2)[0].match_id or 0, draw=False)
    await tour.play_match(tournament.round_games(2)[1].match_id or 0, draw=True)

    tournament = await host.tournament(1)
    assert tournament.status == "finished"
    final = [r for r in posted_in(fake.requests, CHANNEL_ID) if "is over" in r.content]
    assert len(final) == 1 and final[0].embeds[0]["description"].startswith("**Final standings.**")
    assert "Finished. Winner:" in fake.messages[int(tour.signup["id"])]["embeds"][0]["description"]
    announcements = [r for r in posted_in(fake.requests, tour.thread) if "has started:" in r.content]
    assert len(announcements) == 2
    assert_matches_transcript(tour.transcript.text, "tournament")
