"""`/tournament` through discord.py's real objects and the fake Discord (tests/support/): a whole
small Swiss from the sign-up buttons to the final standings, with its thread, standings message,
round announcements and the matches played by command; every kind of bad input refused privately
and politely, changing nothing; who may create tournaments (`/tavern config tournament_creators`);
messages owed after a failure posted by the outbox loop; and a transcript of what the bot says."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import TavernBot
from cogs.tournaments import TournamentCog
from host import Host, Notify
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    bot_run,
    deferred_first,
    private_messages,
    public_messages,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, FakeDiscord, Request, User, member
from tests.support.pseudo import DISCORD_LOCALE, english_words
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
        self.people = dict(PEOPLE)
        """The players by id (a test adds more)."""

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

    async def click(self, user: User, action: str, *, on: dict[str, Any] | None = None) -> list[Request]:
        """A click on the sign-up message's button (`on`: on that older copy of it, whose buttons
        the bot has taken off since, from a client that still shows them)."""
        if on is not None:
            (custom_id,) = [
                c["custom_id"]
                for row in on["components"]
                for c in row["components"]
                if f":{action}:" in c["custom_id"]
            ]
            self.transcript.step(f"{user.name} clicks «{action}» on the sign-up message as it was")
            return self._keep(await self.driver.click(user, on, custom_id, removed=True))
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
                self.people[seat.user_id], "keibot move", channel_id=self.home, move=move, match=match_id
            )
        snapshot = await self.host.get(match_id)
        first, second = (self.people[s.user_id] for s in snapshot.seats if s.user_id is not None)
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
    assert (
        tour.signup["components"] == []
        and "Round 1 of 2 is being played." in tour.signup["embeds"][0]["description"]
    )
    in_thread = posted_in(started, tour.thread)
    standings, announcement, *boards = in_thread
    assert standings.embeds[0]["title"] == "Standings of Keibot Swiss #1"
    assert standings.files and standings.files[0][0].endswith(".png")
    assert announcement.content.startswith("**Round 1 of 2** has started in Keibot Swiss #1:")
    assert len(boards) == 2 and all(b.files for b in boards)
    # The matches' messages ping nobody: the announcement told each player once.
    assert all(not (b.message or {})["allowed_mentions"].get("users") for b in boards)
    # Everyone is mentioned once, and pinged (their /settings: a mention, the default).
    assert sorted((announcement.message or {})["allowed_mentions"]["users"]) == [1001, 1002, 1003, 1004]

    tournament = await host.tournament(1)
    first_round = [g.match_id or 0 for g in tournament.round_games(1)]
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
    announcements = [r for r in posted_in(fake.requests, tour.thread) if "has started in" in r.content]
    assert len(announcements) == 2
    assert_matches_transcript(tour.transcript.text, "tournament")
    # /stats and /history tell of the tournament (not in the transcript: they show times).
    stats = the_private_message(await tour.driver.command(ALICE, "stats", game="keibot"))
    assert field(stats.embeds[0], "Tournaments") == "Place 1 of 4: Keibot Swiss #1 (score 1½)"
    history = private_messages(await tour.driver.command(CAROL, "history", match=first_round[0]))
    assert field(history[0].embeds[0], "Tournament") == "Keibot Swiss #1, round 1"


def refusal(requests: list[Request]) -> str:
    """The one private answer of a refused action (and nothing said in public)."""
    message = the_private_message(requests)
    assert not [r for r in public_messages(requests) if r.path.startswith("/channels/")]
    return message.content


async def stored_state(host: Host) -> list[tuple[int, str, int, int]]:
    """Every tournament of the server: id, status, entrants, version (what a refusal must not change)."""
    found = await host.tournaments_of_server(GUILD_ID, ("signup", "running", "finished", "cancelled"))
    return [(t.id, t.status, len(t.entrants), t.version) for t in found]


async def test_bad_options_of_new_are_refused_politely_and_store_nothing(tour: Tour, host: Host) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        (
            {"game": "keibot", "format": "round-robin", "rounds": 3},
            "Only a Swiss tournament takes a number of rounds",
        ),
        ({"game": "keibot", "seats": 3}, "Keibot is played at tables of 2 players, not 3."),
        (
            {"game": "keryo-pente", "format": "knockout", "seats": 3},
            "Tables of more than two players play Swiss tournaments only",
        ),
        (
            {"game": "verquere", "setup": "open"},
            "`setup` is an option of Keibot, not of Verquere: leave it out, or choose Keibot.",
        ),
        ({"game": "kerboge", "seats": 3}, "Kerboge is played at tables of 2, 4 players, not 3."),
    ]
    for options, expected in cases:
        requests = await tour.command(ALICE, "tournament new", **options)
        deferred_first(requests, ephemeral=False)
        assert expected in refusal(requests)
    assert await stored_state(host) == []


async def test_who_may_create_tournaments_is_the_servers_setting(tour: Tour, host: Host) -> None:
    refused = refusal(await tour.command(EVE, "tournament new", game="keibot"))
    assert refused == (
        "On this server only members who can manage the server can create tournaments: a server "
        "manager can let everyone with `/tavern config tournament_creators:everyone`."
    )
    assert await stored_state(host) == []
    shown = the_private_message(await tour.command(ALICE, "tavern config"))
    assert field(shown.embeds[0], "Tournaments").startswith("only members who can manage the server")
    changed = the_private_message(await tour.command(ALICE, "tavern config", tournament_creators="everyone"))
    assert field(changed.embeds[0], "Tournaments") == "everyone can create them with `/tournament new`"
    refused = refusal(await tour.command(EVE, "tavern config", tournament_creators="managers"))
    assert "Manage Server" in refused
    await tour.new(EVE, game="keibot")
    assert [t.creator_id for t in await host.tournaments_of_server(GUILD_ID)] == [EVE.id]


async def test_bad_clicks_and_commands_are_refused_and_change_nothing(tour: Tour, host: Host) -> None:
    refused = refusal(await tour.command(ALICE, "tournament standings"))
    assert refused == "There is no open tournament on this server. Open one with `/tournament new`."
    await tour.new(game="keibot", rounds=2)
    await tour.click(ALICE, "join")
    before = await stored_state(host)
    checks: list[tuple[User, str, str]] = [
        (ALICE, "join", "You have already joined Keibot Swiss #1."),
        (BOB, "leave", "You are not an entrant of Keibot Swiss #1."),
        (EVE, "start", "Only the organiser of Keibot Swiss #1 (or a server manager) can start it."),
        (
            ALICE,
            "start",
            "Keibot Swiss #1 needs at least 3 players and has 1. Ask others to press **Join**, or add "
            "computer players with `/tournament add-computer`.",
        ),
    ]
    for user, action, expected in checks:
        assert refusal(await tour.click(user, action)) == expected
    commands: list[tuple[User, str, dict[str, Any], str]] = [
        (
            EVE,
            "tournament cancel",
            {},
            "Only the organiser of Keibot Swiss #1 (or a server manager) can cancel it.",
        ),
        (
            EVE,
            "tournament add-computer",
            {"level": "easy"},
            "Only the organiser of Keibot Swiss #1 (or a server manager) can add computer players to it.",
        ),
        (BOB, "tournament withdraw", {}, "You are not an entrant of Keibot Swiss #1."),
        (ALICE, "tournament standings", {"tournament": 7}, "There is no tournament #7 on this server."),
        (
            ALICE,
            "tournament end-match",
            {"match": 5},
            "Match #5 is not a tournament match: `/tavern cancel` ends other matches.",
        ),
    ]
    for user, path, options, expected in commands:
        assert refusal(await tour.command(user, path, **options)) == expected
    assert await stored_state(host) == before
    # Two tournaments open: a command that does not say which one asks.
    await tour.new(game="glass-bead", format="knockout")
    asked = refusal(await tour.command(ALICE, "tournament start"))
    assert asked.startswith(
        "Several tournaments are open here: #2 (Glass Bead Game knockout #2), #1 (Keibot Swiss #1)."
    )
    choices = await tour.driver.autocomplete(ALICE, "tournament standings", "tournament", tournament="glass")
    assert [c["name"] for c in choices] == ["#2 Glass Bead Game knockout #2 (sign-up)"]


async def test_running_withdrawal_a_stuck_match_ended_and_a_cancel(
    tour: Tour, host: Host, fake: FakeDiscord
) -> None:
    await tour.new(game="keibot", rounds=2, turn_clock="3d")
    for user in (ALICE, BOB, CAROL, DAVE):
        await tour.click(user, "join")
    await host.change_settings(CAROL.id, notify=Notify.DM)  # Carol is told by direct message
    before_start = tour.signup
    started = await tour.click(ALICE, "start")
    (announcement,) = [r for r in posted_in(started, tour.home) if "has started in" in r.content]
    assert CAROL.id not in (announcement.message or {})["allowed_mentions"]["users"]
    (dm,) = fake.direct_messages(CAROL.id)
    assert dm.content.startswith("Round 1 of 2 has started in Keibot Swiss #1. Your game: ")
    assert ", match #" in dm.content and "The announcement: https://discord.com/channels/" in dm.content
    assert refusal(await tour.click(EVE, "join", on=before_start)).startswith(
        "You can't join Keibot Swiss #1: it has already started."
    )
    tournament = await host.tournament(1)
    assert tournament.turn_clock_hours == 72
    bob_game = next(
        g
        for g in tournament.round_games(1)
        if tournament.entrant(g.seats[0]).user_id == BOB.id
        or tournament.entrant(g.seats[1]).user_id == BOB.id
    )
    other_game = next(g for g in tournament.round_games(1) if g is not bob_game)
    assert bob_game.match_id is not None and other_game.match_id is not None

    withdrew = await tour.command(BOB, "tournament withdraw")
    assert the_private_message(withdrew).content.startswith(
        "You have withdrawn from Keibot Swiss #1: your open matches"
    )
    assert (await host.get(bob_game.match_id)).is_over  # resigned, and its message says so
    assert any("resigned" in r.text for r in posted_in(withdrew, tour.home))
    assert refusal(await tour.command(BOB, "tournament withdraw", tournament=1)) == (
        "You have already withdrawn from Keibot Swiss #1."
    )
    refused = refusal(await tour.command(EVE, "tournament end-match", match=other_game.match_id))
    assert (
        refused == "Only the organiser of Keibot Swiss #1 (or a server manager) can end one of its matches."
    )
    assert tour.thread is not None
    fake.archive(tour.thread)  # days without a message: Discord archived the thread
    ended = await tour.command(ALICE, "tournament end-match", match=other_game.match_id)
    assert not fake.threads[tour.thread].archived
    assert the_private_message(ended).content == (
        f"Match #{other_game.match_id} of Keibot Swiss #1 is ended, unrated, and scored as a draw between "
        "the players still in it."
    )
    tournament = await host.tournament(1)
    assert tournament.current_round == 2  # round 1 over: round 2 started, without Bob
    assert all(
        BOB.id not in {tournament.entrant(e).user_id for e in g.seats} for g in tournament.round_games(2)
    )
    second = [r for r in posted_in(ended, tour.home) if r.content.startswith("**Round 2 of 2**")]
    assert len(second) == 1 and "has a bye (scored as a win)" in second[0].content

    cancelled = await tour.command(ALICE, "tournament cancel")
    assert the_private_message(cancelled).content == (
        "Keibot Swiss #1 is cancelled. 1 open match was ended, unrated."
    )
    assert (await host.tournament(1)).status == "cancelled"
    (said,) = [r for r in posted_in(cancelled, CHANNEL_ID) if "cancelled by its organiser" in r.content]
    expected = "Keibot Swiss #1 was cancelled by its organiser. Its open matches were ended, unrated."
    assert said.content == expected
    assert "Cancelled." in fake.messages[int(tour.signup["id"])]["embeds"][0]["description"]  # type: ignore[index]


async def test_computers_enter_and_the_sweep_starts_a_tournament_when_its_sign_up_ends(
    tour: Tour, host: Host, bot: TavernBot
) -> None:
    await tour.new(game="keibot", rounds=1, signup_hours=2)
    (signup,) = tour.signup["embeds"]  # type: ignore[index]
    assert "Sign-up is open until <t:" in signup["description"] and ":R>)" in signup["description"]
    added = the_private_message(await tour.command(ALICE, "tournament add-computer", level="easy"))
    assert added.content == "Computer (easy) has joined Keibot Swiss #1 (1 player)."
    await tour.click(BOB, "join")
    cog = bot.get_cog("TournamentCog")
    assert isinstance(cog, TournamentCog)
    await cog.sweep_tournaments(bot, now=datetime.now(UTC) + timedelta(hours=1))
    assert (await host.tournament(1)).status == "signup"
    await cog.sweep_tournaments(bot, now=datetime.now(UTC) + timedelta(hours=3))
    await tour.driver.settle()  # the computer's moves, in the background
    tournament = await host.tournament(1)
    assert tournament.status in ("running", "finished") and tournament.current_round == 1


async def test_messages_discord_refused_are_posted_later_by_the_outbox_once(
    tour: Tour, host: Host, bot: TavernBot, fake: FakeDiscord
) -> None:
    await tour.new(game="keibot", rounds=1)
    for user in (ALICE, BOB):
        await tour.click(user, "join")
    assert tour.thread is not None
    fake.fail_next("POST", f"/channels/{tour.thread}/messages")  # the standings message
    started = await tour.click(ALICE, "start")
    assert "has started" in the_private_message(started).content
    assert not [r for r in posted_in(started, tour.thread) if "has started in" in r.content]
    posted = await bot.clock.post_owed()
    assert posted >= 1
    announcements = [r for r in posted_in(fake.requests, tour.thread) if "has started in" in r.content]
    assert len(announcements) == 1
    assert [
        r
        for r in posted_in(fake.requests, tour.thread)
        if r.embeds and r.embeds[0]["title"].startswith("Standings")
    ]
    await bot.clock.post_owed(everything=True)  # nothing owed any more: nothing posted again
    assert len([r for r in posted_in(fake.requests, tour.thread) if "has started in" in r.content]) == 1


async def test_a_round_is_announced_once_when_another_process_holds_the_tournaments_messages(
    tour: Tour, host: Host, bot: TavernBot, fake: FakeDiscord
) -> None:
    """Another bot process's outbox took the tournament's messages (it found them owed): the
    process that starts the round leaves them to it instead of announcing the round too; once
    they are let go, the round is announced once."""
    await tour.new(game="keibot", rounds=1)
    for user in (ALICE, BOB):
        await tour.click(user, "join")
    assert tour.thread is not None
    assert await host.take_tournament_messages(1)  # as another process's outbox would
    started = await tour.click(ALICE, "start")
    assert "has started" in the_private_message(started).content
    assert not [r for r in posted_in(started, tour.thread) if "has started in" in r.content]
    await host.release_tournament_messages(1)  # that process let them go (or its lease ran out)
    assert await bot.clock.post_owed() >= 1
    await bot.clock.post_owed()
    announcements = [r for r in posted_in(fake.requests, tour.thread) if "has started in" in r.content]
    assert len(announcements) == 1


async def test_no_english_reaches_a_player_of_a_tournament_in_the_pseudo_locale(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    """The small Swiss and some refusals with the server and every player in the pseudo-locale:
    every text read (messages, embeds, buttons, alt texts, private answers, direct messages) went
    through a catalogue."""
    driver.locale = driver.guild_locale = DISCORD_LOCALE
    host.languages.saw_server(GUILD_ID, DISCORD_LOCALE)
    for person in PEOPLE.values():
        host.languages.saw_player(person.id, DISCORD_LOCALE)
    await host.change_settings(DAVE.id, notify=Notify.DM)
    tour = Tour(driver, host, fake)
    await tour.new(game="keibot", rounds=2)
    await tour.click(ALICE, "join")
    await tour.click(ALICE, "start")  # refused: too few players
    await tour.click(EVE, "start")  # refused: not the organiser
    for user in (BOB, CAROL, DAVE):
        await tour.click(user, "join")
    await tour.command(ALICE, "tournament standings")
    await tour.click(ALICE, "start")
    for number in (1, 2):
        tournament = await host.tournament(1)
        for index, game in enumerate(tournament.round_games(number)):
            assert game.match_id is not None
            await tour.play_match(game.match_id, draw=index == 0)
    assert (await host.tournament(1)).status == "finished"
    texts: list[str] = []
    for request in fake.requests:
        message = request.message
        if message is None:
            continue
        texts.append(request.content)
        for embed in request.embeds:
            texts += [embed.get("title") or "", embed.get("description") or ""]
            texts += [f"{f['name']} {f['value']}" for f in embed.get("fields") or []]
            texts.append((embed.get("footer") or {}).get("text", ""))
        texts += [a.get("description") or "" for a in message.get("attachments") or []]
        texts += [c.get("label") or "" for row in message.get("components") or [] for c in row["components"]]
    # "and": the pseudo-locale joins lists as English does (host.language: `Language.listing`).
    allowed = {"Keibot", "and", "setup: closed", *(person.name for person in PEOPLE.values())}
    for match_id in range(1, 5):  # the moves' notation
        allowed |= {entry.notation for entry in await host.store.log(match_id)}
    tournament_texts = [t for t in texts if "Keibot Swiss" in t or "⟦" in t]
    leaks = [(text, english_words(text, allowed)) for text in tournament_texts if text]
    found = [leak for leak in leaks if leak[1]]
    assert found == [], "\n".join(f"{words}: {text!r}" for text, words in found)
    assert fake.direct_messages(DAVE.id), "Dave chose direct messages: each round's start reaches him so"


async def resign_by_command(tour: Tour, user: User, match_id: int) -> None:
    """`/keryo-pente resign match:` and a click on its private confirmation."""
    asked = await tour.driver.command(user, "keryo-pente resign", channel_id=tour.home, match=match_id)
    (confirm,) = [r for r in asked if any(":resign-yes:" in c for c in r.custom_ids())]
    message = confirm.answer if isinstance(confirm.answer, dict) and confirm.answer else confirm.message
    assert message is not None
    (custom_id,) = [c for c in confirm.custom_ids() if ":resign-yes:" in c]
    await tour.driver.click(user, message, custom_id, channel_id=tour.home)


async def test_a_swiss_of_nine_at_three_seat_keryo_pente_tables(
    tour: Tour, host: Host, fake: FakeDiscord
) -> None:
    players = [User(2001 + n, f"Player {n + 1}") for n in range(9)]
    await tour.new(game="keryo-pente", seats=3, rounds=2, opening_rule=False)
    assert field(tour.signup["embeds"][0], "Game") == "Keryo-Pente, tables of 3 players"  # type: ignore[index]
    assert field(tour.signup["embeds"][0], "Options") == "opening_rule: off"  # type: ignore[index]
    for user in players:
        await tour.click(user, "join")
    started = await tour.click(ALICE, "start")  # a manager, not an entrant, starts it
    assert "has started" in the_private_message(started).content
    by_id = {user.id: user for user in players}
    for number in (1, 2):
        tournament = await host.tournament(1)
        games = tournament.round_games(number)
        assert sorted(len(g.seats) for g in games) == [3, 3, 3]
        for game in games:
            assert game.match_id is not None
            # The first two seats resign: the third wins, the two who resigned share second place.
            for entrant in game.seats[:2]:
                user_id = tournament.entrant(entrant).user_id
                assert user_id is not None
                await resign_by_command(tour, by_id[user_id], game.match_id)
            assert (await host.get(game.match_id)).is_over
    tournament = await host.tournament(1)
    assert tournament.status == "finished"
    tables = [frozenset(g.seats) for g in tournament.games]
    assert len(set(tables)) == len(tables), "no table meets again"
    (final,) = [r for r in posted_in(fake.requests, CHANNEL_ID) if "is over" in r.content]
    description = final.embeds[0]["description"]
    assert "Ranked by points, then sum of places and Buchholz." in description
    round_two = field(final.embeds[0], "Round 2 of 2")
    assert round_two.count("place 1") == 3 and round_two.count("place 2") == 6
    assert final.files and final.files[0][1].startswith(b"\x89PNG")


async def test_a_knockout_replays_a_drawn_game_and_shows_its_bracket(
    tour: Tour, host: Host, fake: FakeDiscord
) -> None:
    await tour.new(game="keibot", format="knockout")
    for user in (ALICE, BOB, CAROL, DAVE):
        await tour.click(user, "join")
    started = await tour.click(ALICE, "start")
    standings = next(r for r in posted_in(started, tour.home) if r.embeds)
    assert standings.files[0][1].startswith(b"\x89PNG")
    (alt,) = [a.get("description") for a in (standings.message or {}).get("attachments", [])]
    assert alt.startswith("Keibot knockout #1.")  # the bracket in words
    tournament = await host.tournament(1)
    drawn, decided = tournament.round_games(1)
    await tour.play_match(drawn.match_id or 0, draw=True)
    before = len(fake.requests)
    await tour.play_match(decided.match_id or 0, draw=False)
    replayed = [
        r for r in posted_in(fake.requests[before:], tour.home) if r.content.startswith("**Round 1 of 2**")
    ]
    assert (
        len(replayed) == 1
        and "the drawn games are played again, with the seats swapped" in replayed[0].content
    )
    tournament = await host.tournament(1)
    (replay,) = [g for g in tournament.round_games(1) if g.replay == 1]
    assert replay.seats == tuple(reversed(drawn.seats))
    await tour.play_match(replay.match_id or 0, draw=False)
    tournament = await host.tournament(1)
    (final,) = tournament.round_games(2)
    await tour.play_match(final.match_id or 0, draw=False)
    tournament = await host.tournament(1)
    assert tournament.status == "finished"
    (over,) = [r for r in posted_in(fake.requests, CHANNEL_ID) if "is over" in r.content]
    assert over.files and "Final standings." in over.embeds[0]["description"]
    assert "Ranked by the round reached, then by points." in over.embeds[0]["description"]


async def test_eight_people_and_a_restart_in_the_middle_of_a_round(db_path: Path, fake: FakeDiscord) -> None:
    """A Keibot Swiss of 3 rounds for 8 people; the bot stops in the middle of round 2 and a new
    one starts over the same database: the sign-up message's thread, the matches and the
    standings go on, each round starts and is announced once."""
    players = [User(3001 + n, f"Player {n + 1}") for n in range(8)]
    async with bot_run(db_path, fake) as first:
        tour = Tour(first.driver, first.host, fake)
        tour.people |= {user.id: user for user in players}
        await tour.new(game="keibot", rounds=3)
        for user in players:
            await tour.click(user, "join")
        await tour.click(ALICE, "start")
        for number in (1, 2):
            tournament = await first.host.tournament(1)
            games = tournament.round_games(number)
            assert len(games) == 4
            for index, game in enumerate(games[: 4 if number == 1 else 2]):
                await tour.play_match(game.match_id or 0, draw=index % 3 == 0)
        assert (await first.host.tournament(1)).current_round == 2
    async with bot_run(db_path, fake) as second:
        tour.driver, tour.host = second.driver, second.host
        for number in (2, 3):
            tournament = await second.host.tournament(1)
            for game in tournament.round_games(number):
                if not game.ended:
                    await tour.play_match(game.match_id or 0, draw=False)
        tournament = await second.host.tournament(1)
    assert tournament.status == "finished" and tournament.current_round == 3
    assert all(line.played == 3 for line in tournament.standings)
    pairs = [frozenset(g.seats) for g in tournament.games]
    assert len(set(pairs)) == len(pairs) == 12, "nobody met anyone twice, no game was made twice"
    assert tour.thread is not None
    for number in (1, 2, 3):
        announced = [
            r
            for r in posted_in(fake.requests, tour.thread)
            if r.content.startswith(f"**Round {number} of 3**")
        ]
        assert len(announced) == 1, number
    assert len([r for r in posted_in(fake.requests, CHANNEL_ID) if "is over" in r.content]) == 1


async def test_a_sign_up_message_discord_refused_cancels_its_tournament(
    tour: Tour, host: Host, fake: FakeDiscord
) -> None:
    fake.fail_next("POST", r"/webhooks/\d+/[^/]+")
    requests = await tour.driver.command(ALICE, "tournament new", game="keibot")
    assert [r.answer for r in public_messages(requests) if r.embeds] == [None]  # Discord refused it
    assert any("try again" in r.content for r in private_messages(requests))
    assert await stored_state(host) == [(1, "cancelled", 0, 1)]
    assert await host.tournaments_of_server(GUILD_ID) == []  # nothing open is left unseen
