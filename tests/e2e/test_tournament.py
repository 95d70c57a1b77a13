"""A whole tournament through the real bot and the fake Discord: a Keibot Swiss of 2 rounds and 4
players (Alice, Bob and two computer players at the easy level), from the sign-up buttons to the
final standings. Round 1's matches are played with moves by command (the computers answer in the
background) and ended by resignation; the bot is killed (SIGKILL) while the last board of round
1 is being posted, so that round 2 is started by the sweep of the restarted bot. Each round is
announced once in the tournament's thread, and the final standings are posted once in the
channel."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from .bot_process import BotProcess
from .driver import ALICE, BOB, PLAYERS, Driver, Player, Stored, wait_for
from .fake_discord import CHANNEL_ID, FakeDiscord, Posted

FOLLOW_UP = r"/webhooks/\d+/[^/]+"
TOURNAMENT_BUTTON = "tavern-tournament:{action}:{id}"
CALM = 1.5
"""Seconds to wait to see that nothing more is posted."""


def in_channel(driver: Driver, channel_id: int) -> list[Posted]:
    return [p for p in driver.public() if p.message.get("channel_id") == str(channel_id)]


def round_announcements(driver: Driver, thread_id: int, number: int) -> list[Posted]:
    return [p for p in in_channel(driver, thread_id) if p.content.startswith(f"**Round {number} of 2**")]


def matches_of_round(stored: Stored, tournament_id: int, number: int) -> list[int]:
    with stored._connect() as db:
        rows = db.execute(
            "SELECT match_id FROM tournament_games WHERE tournament_id = ? AND round = ? "
            "AND match_id IS NOT NULL ORDER BY board",
            (tournament_id, number),
        ).fetchall()
    return [int(row[0]) for row in rows]


def human_of(stored: Stored, match_id: int) -> Player | None:
    with stored._connect() as db:
        rows = db.execute(
            "SELECT user_id FROM seats WHERE match_id = ? AND user_id IS NOT NULL ORDER BY seat", (match_id,)
        ).fetchall()
    people = [PLAYERS[int(row[0])] for row in rows if int(row[0]) in PLAYERS]
    return people[0] if people else None


def play_then_resign(
    driver: Driver,
    stored: Stored,
    match_id: int,
    *,
    moves: int = 2,
    settle: bool = True,
    before_confirming: Callable[[], None] = lambda: None,
) -> Player:
    """The people of the match make `moves` moves by command (the computer answers in the
    background, waited for), then the person to move resigns by command and its confirmation
    button (`before_confirming` is called first); returns who resigned."""

    def person_to_move() -> Player | None:
        user_id = stored.user_to_move(match_id)
        return PLAYERS.get(user_id) if user_id is not None else None

    for _ in range(moves):
        player = wait_for(person_to_move, 30, f"a person's turn in #{match_id}")
        (move, *_) = driver.autocomplete(player, "keibot move", "move", move="", match=match_id)
        driver.command(player, "keibot move", move=move, match=match_id)
    resigning: Player = wait_for(person_to_move, 30, f"a person's turn in #{match_id}")
    asked = driver.command(resigning, "keibot resign", match=match_id)
    (confirm,) = [m for m in asked.messages if m.ephemeral and any(":resign-yes:" in c for c in m.custom_ids)]
    (custom_id,) = [c for c in confirm.custom_ids if ":resign-yes:" in c]
    before_confirming()
    driver.click(resigning, confirm, custom_id, settle=settle)
    return resigning


def click_signup(driver: Driver, player: Player, signup: Posted, action: str, tournament_id: int) -> Any:
    return driver.click(player, signup, TOURNAMENT_BUTTON.format(action=action, id=tournament_id))


def test_a_swiss_with_computers_survives_a_kill_between_rounds(
    fake: FakeDiscord, bot: BotProcess, driver: Driver, stored: Stored
) -> None:
    opened = driver.command(ALICE, "tournament new", game="keibot", rounds=2)
    (signup,) = [m for m in opened.messages if not m.ephemeral]
    assert signup.message["embeds"][0]["title"].startswith("Keibot Swiss #")
    tournament_id = int(signup.message["embeds"][0]["title"].rsplit("#", 1)[1])
    assert signup.id in fake.threads, "the tournament's thread is opened on its sign-up message"
    thread = signup.id

    for player in (ALICE, BOB):
        joined = click_signup(driver, player, signup, "join", tournament_id)
        assert any("You have joined" in text for text in joined.private_texts), joined.private_texts
    for _ in range(2):
        added = driver.command(ALICE, "tournament add-computer", level="easy", tournament=tournament_id)
        assert any("Computer" in text and "has joined" in text for text in added.private_texts)
    started = click_signup(driver, ALICE, signup, "start", tournament_id)
    assert any("has started" in text for text in started.private_texts), started.private_texts
    wait_for(lambda: len(round_announcements(driver, thread, 1)) == 1, 20, "round 1's announcement")
    assert signup.message["components"] == [], "the sign-up buttons are gone once it starts"
    (announced,) = round_announcements(driver, thread, 1)
    assert sorted(announced.pinged) == [ALICE.id, BOB.id]

    first_round = matches_of_round(stored, tournament_id, 1)
    assert len(first_round) == 2
    humans = {match_id: human_of(stored, match_id) for match_id in first_round}
    assert sorted(p.id for p in humans.values() if p is not None) == [ALICE.id, BOB.id]
    first, last = first_round
    play_then_resign(driver, stored, first)
    assert stored.match(first).status == "finished"

    # The last board of round 1 is held by Discord; the bot is killed meanwhile: its result is
    # stored with the match's end, but the next round was never started.
    held = len(fake.held)
    play_then_resign(
        driver,
        stored,
        last,
        settle=False,
        before_confirming=lambda: fake.hold_next("POST", FOLLOW_UP, taken=False),
    )
    wait_for(lambda: len(fake.held) > held, 20, "the last board's follow-up")
    wait_for(lambda: stored.match(last).status == "finished", 10, "the resignation stored")
    bot.kill()
    fake.release_held()
    assert matches_of_round(stored, tournament_id, 2) == []
    assert round_announcements(driver, thread, 2) == []

    bot.start()  # its first sweep starts round 2; its outbox posts the board it owed
    wait_for(lambda: len(round_announcements(driver, thread, 2)) == 1, 30, "round 2, started by the sweep")
    second_round = matches_of_round(stored, tournament_id, 2)
    assert len(second_round) == 2
    people = [m for m in second_round if human_of(stored, m) is not None]
    assert len(people) == 1, "the two people, who both lost, meet in round 2"
    (ours,) = people
    play_then_resign(driver, stored, ours, moves=3)

    def final() -> list[Posted]:
        return [p for p in in_channel(driver, CHANNEL_ID) if "is over. Winner:" in p.content]

    wait_for(lambda: len(final()) == 1, 120, "the computers' match and the final standings")
    (posted,) = final()
    assert posted.message["embeds"][0]["description"].startswith("**Final standings.**")
    assert posted.message["attachments"], "with the standings picture"
    time.sleep(CALM)
    assert len(final()) == 1 and len(round_announcements(driver, thread, 2)) == 1, "each posted once"
    assert len(round_announcements(driver, thread, 1)) == 1
