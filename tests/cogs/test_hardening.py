"""Hostile edges at the Discord layer: a delayed or repeated /move, a move text too long, one
user opening lobby after lobby, a click forged from another server."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord
from discord import app_commands

from bot import TavernBot
from host import MOVE_TEXT_LIMIT, Host
from tests.support import discord_harness as harness
from tests.support.discord_harness import ALICE, BOB, CAROL, start_match
from tests.support.fake_discord import CHANNEL_ID, Driver, FakeDiscord, User
from tests.support.host import dump

OTHER_GUILD, OTHER_CHANNEL = 900_000_000_000_000_009, 900_000_000_000_000_010


async def test_a_delayed_move_is_not_played_on_a_position_sent_after_it(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    started = await start_match(driver, host)
    first = driver._base(started.mover, 2, CHANNEL_ID)  # the command as sent, delivered twice
    first["data"] = driver._command_data("keryo-pente move", {"move": "K10"})
    await driver.send(first)
    await driver.command(started.other, "keryo-pente move", move="A1")
    before = dump(db_path, started.match_id)
    again = dict(first, token="token-again")  # the same interaction id: sent before A1 was played
    requests = await driver.send(again)
    answer = harness.the_private_message(requests)
    assert "was sent before the current position" in answer.text and "send your move again" in answer.text
    assert dump(db_path, started.match_id) == before
    played = await driver.command(started.mover, "keryo-pente move", move="K11")
    assert harness.the_public_message(played)
    assert (await host.get(started.match_id)).ply == 3


def test_the_move_option_is_capped(bot: TavernBot) -> None:
    groups = [g for g in bot.tree.get_commands() if isinstance(g, app_commands.Group)]
    capped = []
    for group in groups:
        payload = group.to_dict(bot.tree)
        for command in payload["options"]:
            if command["name"] == "move":
                (option,) = [o for o in command["options"] if o["name"] == "move"]
                assert option["type"] == discord.AppCommandOptionType.string.value
                assert option["max_length"] == MOVE_TEXT_LIMIT, group.name
                capped.append(group.name)
    assert len(capped) == 5


async def test_too_many_lobbies_is_a_polite_refusal(driver: Driver, host: Host) -> None:
    for _ in range(5):
        harness.the_public_message(await driver.command(ALICE, "keibot new"))
    answer = harness.the_private_message(await driver.command(ALICE, "keibot new"))
    assert answer.text.startswith("You already have 5 open lobbies on this server")
    assert "`leave`" in answer.text
    assert len(await host.matches_of_player(ALICE.id, statuses=("lobby",))) == 5
    for user in (BOB, *(User(2000 + i, f"P{i}") for i in range(4))):
        harness.the_public_message(await driver.command(user, "keibot new"))
    answer = harness.the_private_message(await driver.command(CAROL, "keibot new"))
    assert answer.text.startswith("This channel already has 10 open lobbies") and "`/games`" in answer.text


async def test_a_fourth_match_against_the_computer_is_a_polite_refusal_naming_the_three(
    driver: Driver, host: Host, db_path: Path
) -> None:
    for _ in range(3):  # each match, and the computer's first move when it has it, are posted
        await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
    mine = await host.matches_of_player(ALICE.id, statuses=("lobby", "playing"))
    with sqlite3.connect(db_path) as db:
        before = db.execute("SELECT COUNT(*) FROM matches").fetchone()
    answer = harness.the_private_message(
        await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
    )
    assert answer.text.startswith("You already have 3 matches against the computer going on"), answer.text
    assert all(f"Keibot #{match.id}" in answer.text for match in mine) and len(mine) == 3
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM matches").fetchone() == before, "nothing is stored"


async def test_a_click_forged_from_another_server_reaches_nothing(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    lobby = harness.sent_message(harness.the_public_message(await driver.command(ALICE, "keibot new")))
    (match,) = await host.matches_of_player(ALICE.id, statuses=("lobby",))
    before = dump(db_path, match.id)
    for action in ("join", "board", "resign"):
        payload = driver._base(BOB, 3, OTHER_CHANNEL)
        payload["guild_id"] = payload["channel"]["guild_id"] = str(OTHER_GUILD)
        # A message in the other server (a webhook's, say) with a button copying the custom_id.
        custom_id = f"tavern:keibot:{action}:{match.id}:0"
        button = {"type": 2, "style": 1, "label": "Free game", "custom_id": custom_id}
        payload["message"] = dict(
            lobby, channel_id=str(OTHER_CHANNEL), components=[{"type": 1, "components": [button]}]
        )
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        answer = harness.the_private_message(await driver.send(payload))
        assert answer.content == f"There is no Keibot match #{match.id} here.", answer.text
    assert dump(db_path, match.id) == before
    # The same click in the match's own server works.
    joined = await driver.click(BOB, lobby, harness.button_id(lobby, "join"))
    assert harness.the_public_message(joined)
    assert (await host.get(match.id)).status == "playing"


def all_texts(fake: FakeDiscord) -> str:
    return "\n".join(str(request.payload) for request in fake.requests)


async def test_forget_me_in_the_middle_of_a_match_resigns_closes_and_then_erases(
    driver: Driver, host: Host, fake: FakeDiscord, db_path: Path
) -> None:
    started = await start_match(driver, host)  # Alice and Bob play Keryo-Pente
    harness.the_public_message(await driver.command(ALICE, "keibot new"))  # Alice's own lobby
    harness.the_public_message(await driver.command(CAROL, "keryo-pente new", seats=3))
    harness.the_public_message(await driver.command(ALICE, "keryo-pente join", match=3))
    ask = harness.the_private_message(await driver.command(ALICE, "privacy forget-me"))
    assert ask.content.startswith(
        "Confirming does this, in this order:\n1. It resigns you from the match you"
    )
    assert "\n2. It closes both lobbies you are seated in" in ask.content
    assert "\n3. It replaces your name" in ask.content and "Then:" not in ask.content
    fake.requests.clear()
    done = await driver.click(ALICE, harness.sent_message(ask), ask.custom_ids()[0])
    assert "Anonymous player" in harness.the_private_message(done).content
    match, lobby, carols = [await host.get(i) for i in (started.match_id, 2, 3)]
    assert match.status == "finished" and match.outcome is not None
    (bob,) = [s for s in match.seats if s.user_id == BOB.id]
    assert match.outcome.winners == (bob.index,)
    assert lobby.status == "abandoned"
    assert carols.is_lobby and [s.user_id for s in carols.seats] == [CAROL.id]
    # Each changed match was announced in its channel, without naming or mentioning Alice.
    posted = [r for r in fake.requests if r.method == "POST" and r.path.endswith("/messages")]
    assert len(posted) == 2  # the match and Carol's lobby; Alice's closed lobby edits its own message
    (closed,) = [r for r in fake.requests if r.method == "PATCH" and "This lobby was closed" in r.text]
    assert "asked for their data to be erased" in closed.text
    texts = all_texts(fake)
    assert "Alice" not in texts and "<@-" not in texts and f"<@{ALICE.id}>" not in texts
    assert "asked for their data to be erased" in texts
    assert await host.matches_of_player(ALICE.id, statuses=("lobby", "playing")) == []
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM ratings WHERE user_id <= 0").fetchone()[0] == 0
    # Later messages of that match never mention the erased seat either.
    fake.requests.clear()
    await driver.command(BOB, "keryo-pente board", match=started.match_id)
    assert "<@-" not in all_texts(fake) and "Anonymous player" in all_texts(fake)


async def test_an_800_kb_move_is_refused_politely_and_changes_nothing(
    driver: Driver, host: Host, db_path: Path
) -> None:
    started = await start_match(driver, host)
    before = dump(db_path, started.match_id)
    text = "K1" + "0" * 800_000
    answer = harness.the_private_message(await driver.command(started.mover, "keryo-pente move", move=text))
    assert answer.content == (
        f"That move is {len(text):,} characters long; "
        f"a move is written in at most {MOVE_TEXT_LIMIT} characters."
    )
    assert dump(db_path, started.match_id) == before
