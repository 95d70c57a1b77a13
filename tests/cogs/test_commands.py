"""The slash commands, driven through discord.py's real CommandTree."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any, NoReturn

import pytest

from cogs.messages import menu_description
from data import Store
from host import Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    PNG,
    button_id,
    deferred_first,
    public_messages,
    select_options,
    sent_message,
    start_match,
    stored,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_MESSAGE, OTHER_CHANNEL_ID, Driver, FakeDiscord, User
from tests.support.host import play_the_opening, store_cache
from tests.support.keryo_pente import drawn_board, open_fours, position


async def test_new_opens_a_lobby(driver: Driver, host: Host, fake: FakeDiscord) -> None:
    requests = await driver.command(ALICE, "keryo-pente new", seats=3, tournament=False)

    deferred_first(requests, ephemeral=False)
    message = the_public_message(requests)
    (embed,) = message.embeds
    assert embed["title"] == "Keryo-Pente #1"
    assert "1 of 3" in embed["description"]
    assert "tournament: off" in message.text
    assert message.custom_ids() == [
        "tavern:keryo-pente:join:1:0",
        "tavern:keryo-pente:start:1:0",
        "tavern:keryo-pente:leave:1:0",
        "tavern:keryo-pente:add-computer:1:0",
    ]
    assert message.files == []  # a lobby has no board yet
    snapshot = await host.get(1)
    assert snapshot.is_lobby and snapshot.seat_count == 3
    assert dict(snapshot.options) == {"tournament": False}
    assert snapshot.message_id == int(sent_message(message)["id"])


async def test_join_fills_the_lobby_and_starts_the_match(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    await driver.command(ALICE, "keryo-pente new")
    lobby_message_id = (await host.get(1)).message_id

    requests = await driver.command(BOB, "keryo-pente join")

    deferred_first(requests, ephemeral=False)
    message = the_public_message(requests)
    snapshot = await host.get(1)
    assert snapshot.status == "playing"
    seat = snapshot.seat_to_move
    assert seat is not None
    assert f"<@{seat.user_id}> (Red) to move" in message.embeds[0]["description"]
    assert message.content == f"<@{seat.user_id}>, it is your turn in Keryo-Pente #1."
    pinged = message.payload["allowed_mentions"].get("users", []) if message.payload else []
    # Bob joined: he is not pinged about his own action; Alice is when she is to move.
    assert pinged == ([] if seat.user_id == BOB.id else [ALICE.id])
    ((name, data),) = message.files
    assert data.startswith(PNG) and message.embeds[0]["image"]["url"] == f"attachment://{name}"
    # the lobby message lost its buttons, the new message is the match message
    assert any(r.method == "PATCH" and r.path.endswith(f"/messages/{lobby_message_id}") for r in requests)
    assert snapshot.message_id == int(sent_message(message)["id"])


async def test_a_good_move_posts_the_new_board_and_names_the_next_player(
    driver: Driver, host: Host, store: Store
) -> None:
    game = await start_match(driver, host, tournament=True)

    requests = await driver.command(game.mover, "keryo-pente move", move="k 10")

    deferred_first(requests, ephemeral=False)
    message = the_public_message(requests)
    assert [entry.notation for entry in await store.log(game.match_id)] == ["K10"]
    (embed,) = message.embeds
    assert f"<@{game.other.id}> (Blue) to move" in embed["description"]
    assert "`K10`" in str(embed["fields"])
    assert message.content.startswith(f"<@{game.other.id}>, it is your turn")
    assert message.payload is not None
    assert message.payload["allowed_mentions"]["users"] == [game.other.id]
    ((name, data),) = message.files
    assert data.startswith(PNG) and embed["image"]["url"] == f"attachment://{name}"
    assert "tavern:keryo-pente:board:1:1" in message.custom_ids()
    retired = [r for r in requests if r.method == "PATCH" and r.path.startswith("/channels/")]
    assert len(retired) == 1 and retired[0].payload == {"components": [], "tts": False}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Z9", "Z9"), ("K20", "K20"), ("hello", "hello")],
)
async def test_a_bad_move_is_explained_privately_and_changes_nothing(
    driver: Driver, host: Host, store: Store, text: str, expected: str
) -> None:
    game = await start_match(driver, host)
    before = await stored(store, game.match_id)

    requests = await driver.command(game.mover, "keryo-pente move", move=text)

    deferred_first(requests)
    # the public "thinking" placeholder is removed, so that the answer can be private
    assert any(r.method == "DELETE" and r.path.endswith("/messages/@original") for r in requests)
    answer = the_private_message(requests)
    assert expected in answer.content
    assert await stored(store, game.match_id) == before


async def test_moving_out_of_turn_or_outside_the_match_changes_nothing(
    driver: Driver, host: Host, store: Store
) -> None:
    game = await start_match(driver, host)
    before = await stored(store, game.match_id)

    answer = the_private_message(await driver.command(game.other, "keryo-pente move", move="K10"))
    assert "not your turn" in answer.content
    outsider = await driver.command(CAROL, "keryo-pente move", move="K10", match=game.match_id)
    assert "not playing" in the_private_message(outsider).content
    assert await stored(store, game.match_id) == before


async def test_move_autocomplete_offers_legal_moves_filtered_by_the_typed_text(
    driver: Driver, host: Host
) -> None:
    game = await start_match(driver, host, tournament=False)

    everything = await driver.autocomplete(game.mover, "keryo-pente move", "move", move="")
    assert len(everything) == 25
    typed = await driver.autocomplete(game.mover, "keryo-pente move", "move", move="k1")
    names = [choice["name"] for choice in typed]
    assert 0 < len(names) <= 25
    # the points that start with what was typed come first (then the game's nearest points)
    assert names[:11] == ["K1", *(f"K{row}" for row in range(10, 20))]
    assert all(choice["value"] == choice["name"] for choice in typed)
    snapshot = await host.get(game.match_id)
    assert snapshot.state is not None
    legal = {str(move) for move in snapshot.state.legal_moves()}
    assert set(names) <= legal


async def test_move_autocomplete_follows_the_rules_of_the_position(
    driver: Driver, host: Host, caplog: pytest.LogCaptureFixture
) -> None:
    game = await start_match(driver, host, tournament=True)
    choices = await driver.autocomplete(game.mover, "keryo-pente move", "move", move="")
    assert [c["value"] for c in choices] == ["K10"]
    # someone who is in no match gets no suggestions rather than an error, and no bug is logged
    with caplog.at_level(logging.ERROR, logger="tavern.cogs"):
        assert await driver.autocomplete(CAROL, "keryo-pente move", "move", move="K") == []
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_bug_in_move_autocomplete_is_logged_and_suggests_nothing(
    driver: Driver, host: Host, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    game = await start_match(driver, host)

    def broken(*args: Any, **kwargs: Any) -> NoReturn:
        raise RuntimeError("the store is on fire")

    monkeypatch.setattr(host, "resolve", broken)
    with caplog.at_level(logging.ERROR, logger="tavern.cogs"):
        choices = await driver.autocomplete(game.mover, "keryo-pente move", "move", move="K")

    assert choices == []
    (record,) = [r for r in caplog.records if r.name == "tavern.cogs"]
    assert record.levelno == logging.ERROR
    assert record.exc_info is not None and isinstance(record.exc_info[1], RuntimeError)
    assert "the store is on fire" in str(record.exc_info[1])
    assert "/keryo-pente move" in record.getMessage()


async def test_match_autocomplete_lists_the_users_matches(driver: Driver, host: Host) -> None:
    await start_match(driver, host)
    await driver.command(ALICE, "keryo-pente new", channel_id=OTHER_CHANNEL_ID)
    await driver.command(BOB, "keryo-pente join", channel_id=OTHER_CHANNEL_ID)

    choices = await driver.autocomplete(ALICE, "keryo-pente move", "match", match="")
    assert sorted(c["value"] for c in choices) == [1, 2]
    assert all(len(c["name"]) <= 100 and "Alice" in c["name"] for c in choices)
    only = await driver.autocomplete(ALICE, "keryo-pente move", "match", match="#2")
    assert [c["value"] for c in only] == [2]
    lobbies = await driver.autocomplete(CAROL, "keryo-pente join", "match", match="")
    assert lobbies == []


async def test_several_matches_ask_which_one(driver: Driver, host: Host, store: Store) -> None:
    await start_match(driver, host)
    await driver.command(ALICE, "keryo-pente new", channel_id=OTHER_CHANNEL_ID)
    await driver.command(BOB, "keryo-pente join", channel_id=OTHER_CHANNEL_ID)
    first = await host.get(1)
    mover = first.seat_to_move
    assert mover is not None and mover.user_id is not None

    user = ALICE if mover.user_id == ALICE.id else BOB
    second = (await host.get(2)).seat_to_move
    assert second is not None
    if second.user_id != user.id:  # make it a real tie: the user's turn in both matches
        other = BOB if user is ALICE else ALICE
        await driver.command(other, "keryo-pente move", channel_id=OTHER_CHANNEL_ID, move="K10", match=2)
    assert (await host.get(2)).seat_to_move.user_id == user.id  # type: ignore[union-attr]
    # From a third channel, both matches fit, and it is the user's turn in both: asked to choose.
    answer = the_private_message(await driver.command(user, "keryo-pente move", channel_id=999, move="K10"))
    assert "#1" in answer.content and "#2" in answer.content and "match" in answer.content
    played = await driver.command(user, "keryo-pente move", channel_id=999, move="K10", match=1)
    assert len(public_messages(played)) == 1
    assert [e.notation for e in await store.log(1)] == ["K10"]


async def test_board_shows_the_board_privately_or_shares_it(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)

    private = await driver.command(CAROL, "keryo-pente board", match=game.match_id)
    deferred_first(private, ephemeral=True)
    answer = the_private_message(private)
    assert answer.files and answer.files[0][1].startswith(PNG)
    assert answer.custom_ids() == []

    shared = await driver.command(game.other, "keryo-pente board", share=True)
    deferred_first(shared, ephemeral=False)
    message = the_public_message(shared)
    assert (await host.get(game.match_id)).message_id == int(sent_message(message)["id"])
    assert message.payload is not None and message.payload["allowed_mentions"] == {"parse": []}


async def test_resign_asks_first_then_ends_the_match(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)

    asked = await driver.command(game.other, "keryo-pente resign")
    deferred_first(asked, ephemeral=True)
    confirmation = the_private_message(asked)
    assert "cannot be undone" in confirmation.content
    assert (await host.get(game.match_id)).status == "playing"

    confirm = sent_message(confirmation)
    done = await driver.click(game.other, confirm, button_id(confirm, "resign-yes"))
    deferred_first(done, ephemeral=False)
    message = the_public_message(done)
    snapshot = await host.get(game.match_id)
    assert snapshot.status == "finished" and snapshot.outcome is not None
    assert f"<@{game.mover.id}>" in message.embeds[0]["description"] and "wins" in message.text
    assert message.custom_ids() == ["tavern:keryo-pente:rematch:1:1"]  # a finished match: only Rematch
    # A rated result says how each rating moved, and to what (both start at 1500, provisional).
    players = {f["name"]: f["value"] for f in message.embeds[0]["fields"]}["Final scores"]
    winner, loser = players.splitlines()
    assert f"<@{game.mover.id}>" in winner and re.search(r" · rating \+\d+ → 1,5\d\d\?$", winner), winner
    assert f"<@{game.other.id}>" in loser and re.search(r" · rating -\d+ → 1,4\d\d\?$", loser), loser


async def test_draw_offered_by_command_and_accepted_by_button(driver: Driver, host: Host) -> None:
    game = await start_match(driver, host)

    offered = the_public_message(await driver.command(game.mover, "keryo-pente draw"))
    assert "Draw offered by" in offered.text
    message = sent_message(offered)
    accepted = the_public_message(await driver.click(game.other, message, button_id(message, "draw")))
    snapshot = await host.get(game.match_id)
    assert snapshot.status == "finished" and snapshot.outcome is not None and snapshot.outcome.is_draw
    assert "draw" in accepted.embeds[0]["description"]


@pytest.mark.parametrize(
    ("game", "title", "words"),
    [
        ("keryo-pente", "Keryo-Pente", ["Tournament rule"]),
        ("keibot", "Keibot", ["knight", "protected"]),
        ("verquere", "Verquere", ["Jean", "Juncker"]),
    ],
)
async def test_rules_show_the_games_summary(driver: Driver, game: str, title: str, words: list[str]) -> None:
    (answer,) = await driver.command(CAROL, f"{game} rules")
    assert answer.callback_type == CHANNEL_MESSAGE and answer.ephemeral
    (embed,) = answer.embeds
    assert embed["title"] == f"{title} — rules"
    assert all(word in embed["description"] for word in words), embed["description"]
    assert embed["footer"]["text"] == f"Start a match with /{game} new"


async def test_games_lists_this_channels_matches(driver: Driver, host: Host) -> None:
    empty = await driver.command(CAROL, "games")
    deferred_first(empty, ephemeral=True)
    assert "/keryo-pente new" in the_private_message(empty).text

    await start_match(driver, host)
    await driver.command(CAROL, "keryo-pente new", seats=3)
    listed = the_private_message(await driver.command(CAROL, "games")).text
    assert "#1 Keryo-Pente" in listed and "Alice" in listed and "Bob" in listed
    assert "#2 Keryo-Pente" in listed and "lobby 1/3" in listed


async def test_help_explains_how_to_start(driver: Driver) -> None:
    (answer,) = await driver.command(ALICE, "help")
    assert answer.ephemeral
    text = answer.embeds[0]["description"]
    assert "/keryo-pente new" in text and "Keryo-Pente** (2 to 6 players) (its creator may **Start**" in text
    # Kerboge is played by 4 and Jai Kerboge by 2: never "2–4 players", which would admit 3.
    assert "**Kerboge** (4 players)" in text and "**Jai Kerboge** (2 players)" in text
    assert "2–4" not in text and "presses **Start**" not in text
    assert "**Keibot** (2 players): `/keibot new`" in text


async def test_games_after_every_match_here_has_ended_says_none_is_being_played(
    driver: Driver, host: Host
) -> None:
    game = await start_match(driver, host)
    await host.resign(game.match_id, game.mover.id)
    text = the_private_message(await driver.command(CAROL, "games")).text
    assert "No match is being played or waiting for players here" in text and "/history" in text
    assert "yet" not in text


async def test_leave_during_a_match_points_to_resign(driver: Driver, host: Host, store: Store) -> None:
    game = await start_match(driver, host)
    before = await stored(store, game.match_id)
    answer = the_private_message(await driver.command(game.other, "keryo-pente leave"))
    assert "has already started" in answer.text and "`/keryo-pente resign`" in answer.text
    assert await stored(store, game.match_id) == before


@pytest.mark.parametrize(
    ("path", "options"),
    [
        ("keryo-pente new", {}),
        ("keryo-pente join", {}),
        ("keryo-pente start", {}),
        ("keryo-pente leave", {}),
        ("keryo-pente move", {"move": "K10"}),
        ("keryo-pente board", {}),
        ("keryo-pente resign", {}),
        ("keryo-pente draw", {}),
        ("games", {}),
    ],
)
async def test_slow_commands_defer_before_anything_else(
    driver: Driver, path: str, options: dict[str, Any]
) -> None:
    # Even when the command ends in a refusal (no match here), it acknowledged first.
    deferred_first(await driver.command(CAROL, path, **options))


async def test_names_never_ping_anyone(driver: Driver, host: Host) -> None:
    everyone = User(2001, "@everyone")
    role = User(2002, "<@&123456789012345678> @here")
    await driver.command(everyone, "keryo-pente new")
    await driver.command(role, "keryo-pente join")
    snapshot = await host.get(1)
    mover = snapshot.seat_to_move
    assert mover is not None
    player = everyone if mover.user_id == everyone.id else role
    message = the_public_message(await driver.command(player, "keryo-pente move", move="K10"))
    assert "Just played" in message.text
    text = message.text.replace("@\u200b", "@-")
    assert "@everyone" not in text and "@here" not in text and "<@&" not in text
    # (the fake checks allowed_mentions on every request: nothing but the player to move)


async def test_new_against_the_computer_plays_its_moves_after_a_thinking_message(
    driver: Driver, host: Host, fake: FakeDiscord
) -> None:
    requests = await driver.command(ALICE, "keryo-pente new", opponent="computer", level="easy")
    snapshot = await host.get(1)
    assert snapshot.status == "playing" and any(s.computer == "easy" for s in snapshot.seats)
    posted = public_messages(requests)
    computer_first = snapshot.ply == 1
    if computer_first:
        # The first message says the computer is thinking; the second shows its move.
        assert len(posted) == 2 and "is thinking" in posted[0].text
        assert "Computer (easy)" in posted[1].text and "is thinking" not in posted[1].text
    else:
        assert len(posted) == 1 and "is thinking" not in posted[0].text
    assert snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id
    # Alice's move is answered by the computer's, in the same command.
    requests = await driver.command(ALICE, "keryo-pente move", move="K10" if not computer_first else "A1")
    after = await host.get(1)
    assert after.ply == snapshot.ply + 2 and after.seat_to_move is not None
    assert after.seat_to_move.user_id == ALICE.id
    posted = public_messages(requests)
    assert len(posted) == 2 and "is thinking" in posted[0].text


@pytest.mark.parametrize(
    ("game", "options", "stored_options"),
    [
        ("keibot", {"setup": "open"}, {"setup": "open"}),
        ("verquere", {"five_closed_points": True}, {"five_blots": False, "five_closed_points": True}),
    ],
)
async def test_new_against_the_computer_starts_with_the_games_options(
    driver: Driver, host: Host, game: str, options: dict[str, Any], stored_options: dict[str, Any]
) -> None:
    requests = await driver.command(ALICE, f"{game} new", opponent="computer", level="easy", **options)
    snapshot = await host.get(1)
    assert snapshot.game.key == game and snapshot.status == "playing"
    assert [seat.computer for seat in snapshot.seats if seat.user_id != ALICE.id] == ["easy"]
    assert dict(snapshot.options) == stored_options
    assert public_messages(requests), "the match message is posted"


async def test_a_resign_confirmation_asked_before_a_move_is_refused_as_stale(
    driver: Driver, host: Host, store: Store
) -> None:
    game = await start_match(driver, host)
    confirmation = sent_message(the_private_message(await driver.command(game.mover, "keryo-pente resign")))
    await driver.command(game.mover, "keryo-pente move", move="K10")  # the position moves on
    await driver.command(game.other, "keryo-pente move", move="A1")
    before = await stored(store, game.match_id)
    answer = the_private_message(
        await driver.click(game.mover, confirmation, button_id(confirmation, "resign-yes"))
    )
    assert "earlier position" in answer.text and "Here is the current board" in answer.text
    assert await stored(store, game.match_id) == before
    assert (await host.get(game.match_id)).status == "playing"


async def test_the_move_menu_is_offered_only_to_a_person_to_move(driver: Driver, host: Host) -> None:
    for _ in range(8):  # until the computer is drawn to move first
        requests = await driver.command(ALICE, "keibot new", opponent="computer", level="easy")
        boards = [sent_message(r) for r in public_messages(requests) if r.embeds]
        if "thinking" in boards[0]["embeds"][0]["description"]:
            break
    assert "thinking" in boards[0]["embeds"][0]["description"]
    assert select_options(boards[0]) == []  # the computer is to move: no menu
    assert ":move:" not in json.dumps(boards[0]["components"])
    assert select_options(boards[-1])  # then Alice is to move: her menu
    menu = json.dumps(boards[-1]["components"])
    assert "Choose a move (Alice)" in menu


@pytest.mark.parametrize(
    ("notation", "described", "shown"),
    [
        ("c1-a2", "`c1-a2`: jumps c1 to a2", "jumps c1 to a2"),
        ("roll 4-4", "rolls 4-4", None),
        ("1/7 1/6", "plays `1/7 1/6`", None),
        ("1/7 1/6", "plays `1/7 1/6` (seen from Black: `13/19 13/18`)", "seen from Black: 13/19 13/18"),
        ("K10", "K10", None),
        ("H11", "H11 captures J11 K11 L11 (3); Red has 9 of 15", "captures J11 K11 L11 (3); Red has 9 of 15"),
        ("2/5", "enters 2 stones into mooring 5", "enters 2 stones into mooring 5"),
    ],
)
def test_a_menu_option_does_not_repeat_its_notation(notation: str, described: str, shown: str | None) -> None:
    assert menu_description(notation, described) == shown


async def test_with_two_matches_a_move_goes_to_the_one_where_it_is_your_turn(
    driver: Driver, host: Host, store: Store
) -> None:
    first = await start_match(driver, host)
    await driver.command(first.mover, "keryo-pente move", move="K10")
    # A second match of the same game between the same two, in the same channel.
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    await driver.command(BOB, "keryo-pente join")
    second = next(m for m in await host.matches_of_player(ALICE.id) if m.id != first.match_id)
    waiting = (await host.get(second.id)).seat_to_move
    assert waiting is not None
    if waiting.user_id == first.other.id:  # to move in both: the match option tells them apart
        await driver.command(first.other, "keryo-pente move", move="A1", match=second.id)
    user = first.mover  # now to move in the second match only
    assert (await host.get(second.id)).seat_to_move.user_id == user.id  # type: ignore[union-attr]
    assert (await host.get(first.match_id)).seat_to_move.user_id == first.other.id  # type: ignore[union-attr]
    # `user` is to move in the second match only: autocomplete and the move go there.
    choices = await driver.autocomplete(user, "keryo-pente move", "move", move="K1")
    assert [c["name"] for c in choices][:3] == ["K1", "K10", "K11"]
    before_first = await stored(store, first.match_id)
    moves_before = (await host.get(second.id)).move_count
    played = the_public_message(await driver.command(user, "keryo-pente move", move="K11"))
    assert f"#{second.id}" in played.text
    assert (await host.get(second.id)).move_count == moves_before + 1
    assert await stored(store, first.match_id) == before_first


async def test_a_draw_offer_is_told_to_the_others_and_a_decline_names_who_declined(
    driver: Driver, host: Host, store: Store
) -> None:
    game = await start_match(driver, host)
    offered = the_public_message(await driver.command(game.mover, "keryo-pente draw"))
    description = offered.embeds[0]["description"]
    assert "Draw offered by" in description and "press **Accept draw**" in description
    assert "draw decline:True" in description
    labels = [c.get("label") for row in sent_message(offered)["components"] for c in row["components"]]
    assert "Accept draw" in labels  # the text names the button as it reads

    before = await stored(store, game.match_id)
    again = the_private_message(await driver.command(game.mover, "keryo-pente draw"))
    assert "already offered a draw" in again.text  # no second copy of the same message
    assert await stored(store, game.match_id) == before

    declined = the_public_message(await driver.command(game.other, "keryo-pente draw", decline=True))
    name = "Alice" if game.other is ALICE else "Bob"
    assert f"*{name} declined the draw.*" in declined.embeds[0]["description"]
    assert not (await host.get(game.match_id)).draw_offer


async def test_a_computer_answers_a_draw_offer_by_its_own_search(
    driver: Driver, host: Host, db_path: Path
) -> None:
    """Against the computer one offer is not a draw agreed: in the opening the computer declines
    even a drawn position; past it, it declines when it is winning (and the reply says so) and
    accepts in a drawn position."""
    await driver.command(ALICE, "keryo-pente new", opponent="computer", level="easy", tournament=False)
    match = await host.get(1)
    computer = next(s for s in match.seats if s.user_id is None)
    colour = ("Red", "Blue")[computer.index]
    declines = f"🤝 **Computer (easy)** ({colour}) declines the draw, so the match goes on."
    store_cache(db_path, 1, position(drawn_board(), to_move=1 - computer.index).to_json())
    early = the_public_message(await driver.command(ALICE, "keryo-pente draw"))
    assert declines in early.embeds[0]["description"]
    assert (await host.get(1)).status == "playing"

    assert match.state is not None
    store_cache(db_path, 1, match.state.to_json())  # the position the moves made, to play on from
    await play_the_opening(host, await host.get(1), people="easy")
    store_cache(db_path, 1, open_fours(computer.index, 2, to_move=1 - computer.index).to_json())
    declined = the_public_message(await driver.command(ALICE, "keryo-pente draw"))
    description = declined.embeds[0]["description"]
    assert declines in description
    assert "Draw offered by" not in description and "draw agreed" not in description
    after = await host.get(1)
    assert after.status == "playing" and not after.draw_offer

    store_cache(db_path, 1, position(drawn_board(), to_move=1 - computer.index).to_json())
    clicked = await driver.click(ALICE, sent_message(declined), button_id(sent_message(declined), "draw"))
    agreed = the_public_message(clicked)
    assert "The match ends in a draw — draw agreed." in agreed.embeds[0]["description"]
    assert "declines" not in agreed.embeds[0]["description"]
    assert (await host.get(1)).status == "finished"


@pytest.mark.parametrize(
    ("game", "options"), [("verquere", {}), ("glass-bead", {}), ("kerboge", {"players": 2})]
)
async def test_no_draw_is_offered_to_a_computer_in_a_game_without_draws(
    driver: Driver, host: Host, store: Store, game: str, options: dict[str, Any]
) -> None:
    """The game cannot end drawn, so the computer would only ever decline: the match message
    offers no draw, and the command says why and changes nothing. People among themselves keep
    the button."""
    requests = await driver.command(ALICE, f"{game} new", opponent="computer", level="easy", **options)
    boards = [sent_message(r) for r in public_messages(requests) if r.embeds]
    assert boards and all(
        "Offer draw" not in str(c.get("label"))
        for b in boards
        for row in b["components"]
        for c in row["components"]
    )
    before = await stored(store, 1)
    answer = the_private_message(await driver.command(ALICE, f"{game} draw"))
    assert "has no draws, so the computer player in" in answer.text
    assert "Play on, or resign to end the match." in answer.text
    assert await stored(store, 1) == before

    await driver.command(ALICE, f"{game} new", **options)
    joined = await driver.command(BOB, f"{game} join")
    message = sent_message(the_public_message(joined))
    labels = [str(c.get("label")) for row in message["components"] for c in row["components"]]
    assert "Offer draw" in labels


# -- where each command installs and may be used ------------------------------------------------

GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction contexts (`contexts` of a synced command)."""
GUILD_INSTALL, USER_INSTALL = 0, 1
"""Discord's installation types (`integration_types`)."""
GUILD_ADMIN_COMMANDS = {"tavern", "tournament"}
"""Commands about one server (its settings, its tournaments): they make no sense anywhere else."""


async def test_every_command_declares_its_installs_and_contexts(bot: Any) -> None:
    synced = {command.name: command.to_dict(bot.tree) for command in bot.tree._get_all_commands()}
    assert {"stats", "history", "leaderboard", "games", "help", "settings", "mygames", "privacy"} <= set(
        synced
    )
    undeclared = [
        name
        for name, command in synced.items()
        if not command.get("integration_types") or not command.get("contexts")
    ]
    assert undeclared == [], f"commands that do not say where they install and may be used: {undeclared}"
    for name, command in synced.items():
        if name in GUILD_ADMIN_COMMANDS:
            assert command["contexts"] == [GUILD] and command["integration_types"] == [GUILD_INSTALL], name
        else:  # a player's command: wherever the player is, through a server's or their own install
            assert sorted(command["contexts"]) == [GUILD, BOT_DM, PRIVATE_CHANNEL], name
            assert sorted(command["integration_types"]) == [GUILD_INSTALL, USER_INSTALL], name
