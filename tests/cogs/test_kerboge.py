"""`/kerboge`: lobbies for 4 (Kerboge) or 2 (Jai Kerboge), moves by command, autocomplete and the
step-by-step move builder, and a whole game driven through the bot and the host."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

import render
from bot import TavernBot
from cogs.kerboge import Direction, Draft, KerbogeCog
from cogs.messages import status_line
from data import Store
from host import Host
from host.language import ENGLISH
from host.records import describe_outcome
from rules.kerboge import MOST_POINTS, KerbogeState
from rules.text import plural
from tests.support import discord_harness as harness
from tests.support.fake_discord import Driver, FakeDiscord, Request, User
from tests.support.kerboge import position
from tests.support.snapshots import snapshot_of

DAVE = User(1004, "Dave")
PEOPLE = {user.id: user for user in (harness.ALICE, harness.BOB, harness.CAROL, DAVE)}
UPDATE_MESSAGE = 7


async def open_match(driver: Driver, host: Host, players: int) -> tuple[int, dict[str, Any]]:
    """Alice opens a lobby and the others join until it starts; the match id and its message."""
    await driver.command(harness.ALICE, "kerboge new", players=players)
    message: dict[str, Any] = {}
    for user in (harness.BOB, harness.CAROL, DAVE)[: players - 1]:
        message = harness.sent_message(harness.the_public_message(await driver.command(user, "kerboge join")))
    (summary,) = await host.matches_of_player(harness.ALICE.id)
    snapshot = await host.get(summary.id)
    assert snapshot.status == "playing" and snapshot.seat_count == players
    return summary.id, message


async def to_move(host: Host, match_id: int) -> User:
    seat = (await host.get(match_id)).seat_to_move
    assert seat is not None and seat.user_id is not None
    return PEOPLE[seat.user_id]


async def current_message(host: Host, match_id: int, fake: FakeDiscord) -> dict[str, Any]:
    """The match message as Discord holds it now."""
    snapshot = await host.get(match_id)
    assert snapshot.message_id is not None
    return fake.messages[snapshot.message_id]


def component_id(message: dict[str, Any], action: str, field: str | None = None) -> str:
    """The custom_id of the component with this action (and, for a builder menu, this field)."""
    ids = [str(c["custom_id"]) for row in message["components"] for c in row["components"]]
    found = [
        cid for cid in ids if cid.split(":")[2] == action and (field is None or cid.endswith(f"~{field}"))
    ]
    assert len(found) == 1, ids
    return found[0]


def labelled(message: dict[str, Any], label: str) -> str:
    """The custom_id of the button whose label starts with `label`."""
    found = [
        str(c["custom_id"])
        for row in message["components"]
        for c in row["components"]
        if str(c.get("label", "")).startswith(label)
    ]
    assert len(found) == 1, [c.get("label") for row in message["components"] for c in row["components"]]
    return found[0]


def labels(message: dict[str, Any]) -> list[str]:
    return [str(c.get("label")) for row in message["components"] for c in row["components"] if "label" in c]


def is_disabled(message: dict[str, Any], custom_id: str) -> bool:
    for row in message["components"]:
        for c in row["components"]:
            if c["custom_id"] == custom_id:
                return bool(c.get("disabled"))
    raise AssertionError(custom_id)


def edited(previous: dict[str, Any], requests: list[Request]) -> dict[str, Any]:
    """The builder message after a step: the click answered by editing it in place."""
    (update,) = [r for r in requests if r.callback_type == UPDATE_MESSAGE]
    assert not harness.public_messages(requests)
    data = update.message or {}
    return {**previous, "content": data.get("content", ""), "components": data.get("components", [])}


class Builder:
    """A player clicking through the builder, as Discord would show it to them."""

    def __init__(self, driver: Driver, user: User, message: dict[str, Any]) -> None:
        self.driver = driver
        self.user = user
        self.message = message

    async def open(self, match_message: dict[str, Any], source: str) -> None:
        requests = await self.driver.click(
            self.user, match_message, component_id(match_message, "build"), values=[source]
        )
        harness.deferred_first(requests, ephemeral=True)
        self.message = harness.sent_message(harness.the_private_message(requests))

    async def choose(self, field: str, value: int | str) -> None:
        requests = await self.driver.click(
            self.user, self.message, component_id(self.message, "step", field), values=[str(value)]
        )
        self.message = edited(self.message, requests)

    async def press(self, label: str) -> None:
        requests = await self.driver.click(self.user, self.message, labelled(self.message, label))
        self.message = edited(self.message, requests)

    async def play(self) -> list[Request]:
        return await self.driver.click(self.user, self.message, component_id(self.message, "build-play"))


# -- lobbies ----------------------------------------------------------------------------------------


async def test_new_opens_a_kerboge_or_a_jai_kerboge_lobby(driver: Driver, host: Host) -> None:
    four = harness.the_public_message(await driver.command(harness.ALICE, "kerboge new", players=4))
    assert "1 of 4" in four.embeds[0]["description"] and four.embeds[0]["title"] == "Kerboge #1"
    # no early start for Kerboge: the lobby does not offer one
    assert "begin early" not in four.text and "when all seats are taken" in four.text
    two = harness.the_public_message(await driver.command(harness.BOB, "kerboge new", players=2))
    assert "1 of 2" in two.embeds[0]["description"]
    assert [(await host.get(i)).seat_count for i in (1, 2)] == [4, 2]
    default = harness.the_public_message(await driver.command(harness.CAROL, "kerboge new"))
    assert "1 of 4" in default.embeds[0]["description"]


async def test_a_lobby_starts_only_when_every_seat_is_taken(driver: Driver, host: Host, store: Store) -> None:
    lobby = harness.sent_message(
        harness.the_public_message(await driver.command(harness.ALICE, "kerboge new", players=4))
    )
    await driver.command(harness.BOB, "kerboge join")
    await driver.command(harness.CAROL, "kerboge join")
    before = await harness.stored(store, 1)

    refused = await driver.command(harness.ALICE, "kerboge start")
    harness.deferred_first(refused)
    answer = harness.the_private_message(refused)
    assert (
        "opened for 4 players and 3 are seated" in answer.content and "every seat is taken" in answer.content
    )
    # The lobby offers no Start button: a Kerboge lobby starts when every seat is taken.
    ids = [str(c["custom_id"]) for row in lobby["components"] for c in row["components"]]
    assert not any(cid.split(":")[2] == "start" for cid in ids) and any(":join:" in cid for cid in ids)
    assert await harness.stored(store, 1) == before

    started = harness.the_public_message(await driver.command(DAVE, "kerboge join"))
    snapshot = await host.get(1)
    assert snapshot.status == "playing" and len(snapshot.seats) == 4
    assert started.files and started.files[0][1].startswith(harness.PNG)


async def test_jai_kerboge_starts_with_two(driver: Driver, host: Host) -> None:
    match_id, message = await open_match(driver, host, 2)
    snapshot = await host.get(match_id)
    assert isinstance(snapshot.state, KerbogeState) and snapshot.state.seats == 2
    assert "(Sailor)" in message["embeds"][0]["description"]


# -- moves by command ---------------------------------------------------------------------------------


async def test_moves_by_command_and_the_serpents_coin(driver: Driver, host: Host, store: Store) -> None:
    match_id, _ = await open_match(driver, host, 4)
    for text in ("2/1", "1/4", "2/6", "1/9"):
        user = await to_move(host, match_id)
        message = harness.the_public_message(await driver.command(user, "kerboge move", move=text))
    # after the Ruler's move the host tossed the Serpent's coin for the Sailor, and says so
    log = [entry.notation for entry in await store.log(match_id)]
    assert log[:4] == ["2/1", "1/4", "2/6", "1/9"] and log[4] in ("heads", "tails")
    assert "Sailor tossed" in message.text and "the Serpent moves" in message.text
    assert (await host.get(match_id)).to_move == 0


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3/5", "only 1 or 2 stones"),
        ("2/5-6", "no stones at mooring 5"),
        ("hello", "is not a move"),
    ],
)
async def test_a_bad_move_is_explained_privately_and_changes_nothing(
    driver: Driver, host: Host, store: Store, text: str, expected: str
) -> None:
    match_id, _ = await open_match(driver, host, 2)
    before = await harness.stored(store, match_id)
    answer = harness.the_private_message(
        await driver.command(await to_move(host, match_id), "kerboge move", move=text)
    )
    assert expected in answer.content
    assert await harness.stored(store, match_id) == before


async def test_move_autocomplete_filters_the_legal_moves(driver: Driver, host: Host) -> None:
    match_id, _ = await open_match(driver, host, 2)
    user = await to_move(host, match_id)
    everything = await driver.autocomplete(user, "kerboge move", "move", move="")
    assert len(everything) == 20  # 1 or 2 stones into any of the ten moorings
    twos = await driver.autocomplete(user, "kerboge move", "move", move="2/")
    assert [c["value"] for c in twos] == [f"2/{m}" for m in range(1, 11)]
    await driver.command(user, "kerboge move", move="2/5")
    other = await to_move(host, match_id)
    typed = await driver.autocomplete(other, "kerboge move", "move", move="1/")
    assert all(c["value"].startswith("1/") for c in typed) and "1/5" not in [c["value"] for c in typed]


# -- the move builder -------------------------------------------------------------------------------


async def test_the_match_message_offers_the_builder_to_the_player_to_move(driver: Driver, host: Host) -> None:
    match_id, message = await open_match(driver, host, 4)
    harness.check_components(message)
    builder = component_id(message, "build")
    assert builder == f"tavern:kerboge:build:{match_id}:0:~source"
    (menu,) = [c for row in message["components"] for c in row["components"] if c["custom_id"] == builder]
    assert [o["value"] for o in menu["options"]] == ["h"]  # every stone is in the harbour
    assert "Harbour" in menu["options"][0]["label"]


async def test_builder_enters_from_the_harbour(driver: Driver, host: Host, store: Store) -> None:
    match_id, message = await open_match(driver, host, 4)
    user = await to_move(host, match_id)
    builder = Builder(driver, user, {})
    await builder.open(message, "h")
    assert "Enter stones from the harbour" in builder.message["content"]
    assert is_disabled(builder.message, component_id(builder.message, "build-play"))
    await builder.press("2 stones")
    await builder.choose("t", 5)
    assert "`2/5`" in builder.message["content"]
    assert labelled(builder.message, "Play 2/5")
    played = await builder.play()
    harness.deferred_first(played, ephemeral=False)
    harness.the_public_message(played)
    assert [e.notation for e in await store.log(match_id)] == ["2/5"]


async def jai_position(driver: Driver, host: Host) -> tuple[int, User]:
    """Jai Kerboge after `2/5` (Sailor), `2/6` (Merchant) and the Serpent: the Sailor to move."""
    match_id, _ = await open_match(driver, host, 2)
    for text in ("2/5", "2/6"):
        await driver.command(await to_move(host, match_id), "kerboge move", move=text)
    snapshot = await host.get(match_id)
    assert snapshot.to_move == 0 and snapshot.ply == 3
    return match_id, await to_move(host, match_id)


async def jai_builder(
    driver: Driver, host: Host, fake: FakeDiscord, source: str
) -> tuple[int, User, Builder]:
    """The Sailor's builder in the Jai Kerboge position, opened on `source`."""
    match_id, sailor = await jai_position(driver, host)
    builder = Builder(driver, sailor, {})
    await builder.open(await current_message(host, match_id, fake), source)
    return match_id, sailor, builder


async def test_builder_moves_forward_and_boards_step_by_step(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, _, builder = await jai_builder(driver, host, fake, "5")
    assert "From mooring 5 (2 stones of yours)" in builder.message["content"]
    await builder.press("Forward")
    # one menu per reachable mooring: 6 (Merchant's stones), 7 and 8
    assert [component_id(builder.message, "step", f"c{i}") for i in (1, 2, 3)]
    await builder.choose("c1", 2)
    assert "You may board (up to 1 at 6)" in builder.message["content"]
    assert labelled(builder.message, "Play 2/5-6")  # playing without boarding is possible too
    await builder.press("Board…")
    assert "Where do you board?" in builder.message["content"]
    await builder.press("Board at 6")
    await builder.choose("x1", 1)
    assert "`2/5-6 b1Me`" in builder.message["content"]
    harness.check_components(builder.message)
    assert all(
        len(cid) <= 100
        for row in builder.message["components"]
        for cid in [c["custom_id"] for c in row["components"]]
    )
    played = await builder.play()
    message = harness.the_public_message(played)
    assert "boards 1 stone of the Merchant" in message.text
    assert [e.notation for e in await store.log(match_id)][3] == "2/5-6 b1Me"
    snapshot = await host.get(match_id)
    assert isinstance(snapshot.state, KerbogeState) and snapshot.state.points == (1, 0)


async def test_builder_moves_back_and_starts_over(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, _, builder = await jai_builder(driver, host, fake, "5")
    await builder.press("All back to 4")
    assert "How many stones go back to 4?" in builder.message["content"]
    await builder.choose("n", 1)
    assert labelled(builder.message, "Play 1/5-4")
    await builder.press("Start over")
    assert "Take stones from the harbour or from one of your moorings" in builder.message["content"]
    await builder.choose("source", "5")
    await builder.press("All back to 4")
    await builder.choose("n", 2)
    harness.the_public_message(await builder.play())
    assert [e.notation for e in await store.log(match_id)][3] == "2/5-4"


async def test_builder_is_only_for_the_player_to_move(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, sailor = await jai_position(driver, host)
    message = await current_message(host, match_id, fake)
    other = next(user for user in (harness.ALICE, harness.BOB) if user != sailor)
    before = await harness.stored(store, match_id)
    refused = await driver.click(other, message, component_id(message, "build"), values=["h"])
    assert "not your turn" in harness.the_private_message(refused).content
    outsider = await driver.click(harness.CAROL, message, component_id(message, "build"), values=["h"])
    assert "not playing" in harness.the_private_message(outsider).content
    assert await harness.stored(store, match_id) == before


async def test_a_stale_builder_click_is_refused_and_changes_nothing(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, sailor, builder = await jai_builder(driver, host, fake, "5")
    await builder.press("Forward")
    await builder.choose("c2", 1)
    old = dict(builder.message)
    await driver.command(sailor, "kerboge move", move="1/5-7")  # played meanwhile, by command
    before = await harness.stored(store, match_id)

    step = harness.the_private_message(
        await driver.click(sailor, old, component_id(old, "step", "c1"), values=["1"])
    )
    assert "earlier position" in step.text and "Here is the current board" in step.text
    assert step.files and step.files[0][1].startswith(harness.PNG)
    play = harness.the_private_message(await driver.click(sailor, old, component_id(old, "build-play")))
    assert "earlier position" in play.text
    assert await harness.stored(store, match_id) == before


async def test_the_builder_survives_a_restart(db_path: Path, fake: FakeDiscord) -> None:
    async with harness.bot_run(db_path, fake) as old:
        match_id, sailor = await jai_position(old.driver, old.host)
        builder = Builder(old.driver, sailor, {})
        await builder.open(await current_message(old.host, match_id, fake), "h")
        await builder.press("1 stone")

    async with harness.bot_run(db_path, fake) as new:
        builder.driver = new.driver
        await builder.choose("t", 3)
        harness.the_public_message(await builder.play())
        assert [e.notation for e in await new.store.log(match_id)][3] == "1/3"


async def test_a_damaged_builder_id_is_refused(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, sailor = await jai_position(driver, host)
    message = await current_message(host, match_id, fake)
    forged = {
        **message,
        "components": [
            {
                "type": 1,
                "components": [
                    {
                        "type": 2,
                        "style": 2,
                        "label": "x",
                        "custom_id": f"tavern:kerboge:step:{match_id}:3:5.zz",
                    }
                ],
            }
        ],
    }
    before = await harness.stored(store, match_id)
    answer = harness.the_private_message(
        await driver.click(sailor, forged, f"tavern:kerboge:step:{match_id}:3:5.zz")
    )
    assert "damaged" in answer.content
    assert await harness.stored(store, match_id) == before


def test_drafts_round_trip_through_their_ids() -> None:
    drafts = [
        Draft(),
        Draft(source=0, count=2, target=10),
        Draft(source=10, direction=Direction.BACK, count=10),
        Draft(
            source=7, direction=Direction.FORWARD, split=(10, 0, 0), boarding=True, at=8, taken=(0, 5, 0, 0)
        ),
        Draft(
            source=3, direction=Direction.FORWARD, split=(3, 3, 4), boarding=True, at=6, taken=(1, 0, 1, 0)
        ),
    ]
    for draft in drafts:
        assert Draft.decode(draft.encode()) == draft
        assert len(draft.encode()) <= 30


def test_the_cog_is_registered(bot: TavernBot) -> None:
    assert isinstance(bot.get_cog("KerbogeCog"), KerbogeCog)


# -- a whole game ---------------------------------------------------------------------------------


async def test_a_whole_game_through_the_bot_and_the_host(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    """Jai Kerboge to its end: most moves random through the host, every fifth by command, and
    the first by the builder."""
    match_id, message = await open_match(driver, host, 2)
    builder = Builder(driver, await to_move(host, match_id), {})
    await builder.open(message, "h")
    await builder.press("1 stone")
    await builder.choose("t", 1)
    harness.the_public_message(await builder.play())

    rng = random.Random(5)
    last: list[Request] = []
    for number in range(1000):
        snapshot = await host.get(match_id)
        if snapshot.is_over:
            break
        state = snapshot.state
        assert state is not None
        user = await to_move(host, match_id)
        legal = state.legal_moves()
        move = str(legal[rng.randrange(len(legal))])
        if number % 5 == 0:
            last = await driver.command(user, "kerboge move", move=move)
            harness.the_public_message(last)
        else:
            await host.play(match_id, user.id, move, expected_ply=snapshot.ply)
    snapshot = await host.get(match_id)
    assert snapshot.status == "finished" and snapshot.outcome is not None
    state = snapshot.state
    assert isinstance(state, KerbogeState) and state.total_score() >= 20
    final = harness.the_public_message(
        await driver.command(harness.ALICE, "kerboge board", match=match_id, share=True)
    )
    assert "Final scores" in final.text and [i.split(":")[2] for i in final.custom_ids()] == ["rematch"]
    assert not harness.private_messages(last)


async def test_a_forged_draft_is_brought_back_within_reach(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    match_id, sailor = await jai_position(driver, host)
    forged_arg = Draft(
        source=5, direction=Direction.FORWARD, split=(9, 9, 9), boarding=True, at=6, taken=(0, 5, 0, 0)
    ).encode()
    custom_id = f"tavern:kerboge:step:{match_id}:3:{forged_arg}"
    message = await current_message(host, match_id, fake)
    forged = {
        **message,
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}]}
        ],
    }
    before = await harness.stored(store, match_id)
    requests = await driver.click(sailor, forged, custom_id)
    screen = edited(forged, requests)
    assert "From mooring 5" in screen["content"] or "Where do you board" in screen["content"]
    harness.check_components(screen)
    assert await harness.stored(store, match_id) == before


async def test_jai_kerboge_has_its_own_title_and_a_serpents_win_is_said_plainly(
    driver: Driver, host: Host, store: Store, fake: FakeDiscord
) -> None:
    """Seeded Jai Kerboge games through the host until the Serpent wins one; its final message
    names it as Jai Kerboge, says the Serpent won, and lists the Serpent's points with the rest."""
    for seed in range(40):
        match_id, _ = await open_match(driver, host, 2)
        rng = random.Random(seed)
        while not (snapshot := await host.get(match_id)).is_over:
            assert snapshot.state is not None
            legal = snapshot.state.legal_moves()
            user = await to_move(host, match_id)
            await host.play(
                match_id, user.id, str(legal[rng.randrange(len(legal))]), expected_ply=snapshot.ply
            )
        assert snapshot.outcome is not None
        if snapshot.outcome.termination == "serpent":
            break
    else:
        raise AssertionError("no seeded game was won by the Serpent")
    final = harness.the_public_message(
        await driver.command(harness.ALICE, "kerboge board", match=match_id, share=True)
    )
    embed = final.embeds[0]
    assert embed["title"] == f"Jai Kerboge #{match_id}"
    assert embed["description"].startswith("🐍 The Serpent wins with ")
    assert embed["description"].count("Serpent wins") == 1 and "no player does" not in embed["description"]
    assert "draw" not in embed["description"]
    (scores,) = [field["value"] for field in embed["fields"] if field["name"] == "Final scores"]
    serpent = dict(snapshot.outcome.other_scores)["Serpent"]
    assert f"**Serpent** · {serpent:g} points" in scores
    # Each line: the score in points, then (a rated match) how the rating moved.
    assert all(
        re.search(r" · \d+ points?( · rating [+-]\d+ → [\d,]+\??)?$", line) or "· resigned" in line
        for line in scores.splitlines()
    ), scores
    record = await host.record(match_id, snapshot.guild_id)
    assert "The Serpent wins" in record and "No winner" not in record


async def test_a_resigned_players_seat_is_shown_as_the_computer_standing_in(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    """Alice resigns on her turn: the computer that plays her seat on is named as itself for
    Alice, never pings her, and her own name comes back in the final scores."""
    match_id, _ = await open_match(driver, host, 4)
    alice = harness.ALICE
    rng = random.Random(3)
    while (snapshot := await host.get(match_id)).seat_to_move.user_id != alice.id:  # type: ignore[union-attr]
        assert snapshot.state is not None
        legal = snapshot.state.legal_moves()
        user = await to_move(host, match_id)
        await host.play(match_id, user.id, str(legal[rng.randrange(len(legal))]), expected_ply=snapshot.ply)
    seat = snapshot.seats[snapshot.to_move or 0]
    colour = ("Sailor", "Merchant", "Soldier", "Ruler")[seat.index]
    confirmation = harness.sent_message(
        harness.the_private_message(await driver.command(alice, "kerboge resign"))
    )
    requests = await driver.click(alice, confirmation, harness.button_id(confirmation, "resign-yes"))

    resigned, played = (r for r in harness.public_messages(requests) if r.embeds)
    # The click is answered with the resignation at once; the stand-in's move comes after, from
    # the background, as a message of the channel's own (not an answer to Alice's click).
    assert requests.index(resigned) < requests.index(played)
    assert resigned.token is not None and played.token is None and played.path.startswith("/channels/")
    stand_in = f"**Computer for Alice** ({colour})"
    description = resigned.embeds[0]["description"]
    assert "🤖 Computer for Alice is thinking…" in description
    assert f"{stand_in} to move." in description and f"<@{alice.id}>" not in description
    assert not resigned.content  # nobody is pinged for a computer's turn
    (players,) = [f["value"] for f in resigned.embeds[0]["fields"] if f["name"] == "Players"]
    assert f"{stand_in} · " in players and players.splitlines()[seat.index].endswith("· resigned")
    ((_, picture),) = resigned.files
    alt = resigned.message["attachments"][0]["description"]  # type: ignore[index]
    assert "Computer for Alice" in alt and picture
    (just_played,) = [f["value"] for f in played.embeds[0]["fields"] if f["name"] == "Just played"]
    assert "**Computer for Alice**: `" in just_played and "**Alice**" not in just_played
    for request in requests:  # Alice is never told it is her turn, nor mentioned as the mover
        assert f"<@{alice.id}>, it is your turn" not in request.content

    # At the end, the final scores show Alice's own seat, resigned.
    for user in (harness.BOB, harness.CAROL, DAVE):
        await host.resign(match_id, user.id)
    final = harness.the_public_message(
        await driver.command(harness.BOB, "kerboge board", match=match_id, share=True)
    )
    (scores,) = [f["value"] for f in final.embeds[0]["fields"] if f["name"] == "Final scores"]
    line = scores.splitlines()[seat.index]
    assert line.startswith(f"<@{alice.id}> ({colour})") and re.search(r"· resigned( · rating .*)?$", line)
    assert "Computer" not in scores


async def test_resigning_jai_kerboge_ends_the_match_and_the_other_player_wins(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    """Two seats: the resignation ends the match at once, the other player wins, and no computer
    takes the seat (nothing moves after the resignation)."""
    match_id, _ = await open_match(driver, host, 2)
    alice, bob = harness.ALICE, harness.BOB
    confirmation = harness.sent_message(
        harness.the_private_message(await driver.command(alice, "kerboge resign"))
    )
    requests = await driver.click(alice, confirmation, harness.button_id(confirmation, "resign-yes"))

    boards = [r for r in harness.public_messages(requests) if r.embeds]
    assert len(boards) == 1  # the resignation's own message; no computer move follows it
    embed = boards[0].embeds[0]
    text = " ".join([embed["description"], *(f["value"] for f in embed.get("fields", []))])
    assert f"🏆 <@{bob.id}>" in text and "Computer" not in text and "thinking" not in text
    assert labels(harness.sent_message(boards[0])) == ["Rematch"]
    snapshot = await host.get(match_id)
    assert snapshot.status == "finished" and snapshot.outcome is not None
    assert snapshot.outcome.winners == (snapshot.seat_of(bob.id).index,)  # type: ignore[union-attr]
    assert not any(seat.stand_in for seat in snapshot.seats)


def test_a_win_on_points_says_once_who_won_and_with_how_many_points() -> None:
    """The rules' reason ("Merchant wins with 15 points") names the seat; the message names the
    player, with their seat, once: "🏆 **Computer (normal)** (Merchant) wins with 15 points."."""
    # The rules file's Jai Kerboge end: the Sailor wins with 9 points (reason "Sailor wins with 9 points").
    state = position({1: (2, 0), 2: (0, 1)}, seats=2, points=(8, 7), serpent_points=4).play("2/1-2 b1Me")
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == MOST_POINTS and outcome.winners == (0,)
    (winner,) = outcome.winners
    levels: list[str | None] = [None, None]
    levels[winner] = "normal"
    snapshot = snapshot_of(state, None, ("Alice", "Bob"), levels)
    seat = KerbogeState.game.seat_names(2)[winner]
    points = plural(int(outcome.scores[winner]), "point")
    assert status_line(snapshot, ENGLISH) == f"🏆 **Computer (normal)** ({seat}) wins with {points}."
    assert describe_outcome(snapshot) == f"Computer (normal) wins with {points}"
    alt = render.describe(state, names=snapshot.names)
    assert f"— {seat} wins" not in alt and f"Computer (normal) ({seat}) wins with {points}." in alt


async def test_the_resign_prompt_names_jai_kerboge(driver: Driver, host: Host, fake: FakeDiscord) -> None:
    """Asked by command or by the match message's button, the prompt names the variant played."""
    match_id, _ = await open_match(driver, host, 2)
    asked = harness.the_private_message(await driver.command(harness.ALICE, "kerboge resign"))
    assert asked.content == f"Resign from Jai Kerboge #{match_id}? This cannot be undone."
    message = await current_message(host, match_id, fake)
    pressed = await driver.click(harness.BOB, message, component_id(message, "resign"))
    assert harness.the_private_message(pressed).content == asked.content
