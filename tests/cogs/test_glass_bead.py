"""`/glass-bead`: a lobby, moves by command, the autocomplete and the move menu (also on a pit of
millions of orders), bad input, and the step-by-step move builder, driven through the bot."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from cogs.glass_bead import Draft
from data import Store
from host import Host
from rules import GAMES
from rules.glass_bead import CUP, GlassBeadMoves, GlassBeadState
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    PNG,
    bot_run,
    check_components,
    deferred_first,
    public_messages,
    sent_message,
    stored,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import Driver, FakeDiscord, Request, User
from tests.support.glass_bead import position

GAME = GAMES["glass-bead"]
PEOPLE = {user.id: user for user in (ALICE, BOB)}
UPDATE_MESSAGE = 7
INDIRECT = ["A50", "c03", "C030", "e013", "B4051", "a1050", "C34", "d2050", "E13405"]
"""The rules file's example: North may now play `e250 x B5` (pit `e` holds 0 2 5)."""
WORST = ["000000000012345543", "", "", "", "", "", "", "", "", ""]
"""18 beads in `A`, North's pits empty, North's cup 1 2: 423,420,480 legal moves."""
CHAIN = ["000", "", "", "0", "000", "0", "0", "0", "12345", "12345"]
"""`E000` sows one stone into each of `a b c`, which hold one stone: three gems to take from
`d` and `e` (120 choices)."""


# -- helpers -----------------------------------------------------------------------------------------


async def open_match(driver: Driver, host: Host) -> tuple[int, dict[str, Any]]:
    await driver.command(ALICE, "glass-bead new")
    message = sent_message(the_public_message(await driver.command(BOB, "glass-bead join")))
    (summary,) = await host.matches_of_player(ALICE.id)
    return summary.id, message


async def to_move(host: Host, match_id: int) -> User:
    seat = (await host.get(match_id)).seat_to_move
    assert seat is not None and seat.user_id is not None
    return PEOPLE[seat.user_id]


async def play_log(driver: Driver, host: Host, log: list[str]) -> tuple[int, dict[str, Any]]:
    """A match after `log`: all but the last move through the host, the last by command (so that
    the returned message is the match message of the position)."""
    match_id, _ = await open_match(driver, host)
    for text in log[:-1]:
        snapshot = await host.get(match_id)
        await host.play(match_id, (await to_move(host, match_id)).id, text, expected_ply=snapshot.ply)
    requests = await driver.command(await to_move(host, match_id), "glass-bead move", move=log[-1])
    return match_id, sent_message(the_public_message(requests))


def set_position(db_path: Path, match_id: int, pits: list[str], cups: tuple[str, str], turn: int) -> None:
    """Put a position into the match's cached state (its log stays empty): for positions no short
    game reaches, such as a pit of 18 beads. A new position is a new version of the match."""
    state = position(pits, cups, turn).to_json()
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "UPDATE matches SET state = ?, version = version + 1 WHERE id = ?", (json.dumps(state), match_id)
        )


async def shared_board(driver: Driver, host: Host, match_id: int) -> dict[str, Any]:
    """The match message, posted again (`/glass-bead board share:true`)."""
    user = await to_move(host, match_id)
    return sent_message(the_public_message(await driver.command(user, "glass-bead board", share=True)))


def components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row["components"]]


def component_id(message: dict[str, Any], action: str, field: str | None = None) -> str:
    found = [
        str(c["custom_id"])
        for c in components(message)
        if str(c["custom_id"]).split(":")[2] == action
        and (field is None or c["custom_id"].endswith(f"~{field}"))
    ]
    assert len(found) == 1, [c["custom_id"] for c in components(message)]
    return found[0]


def labelled(message: dict[str, Any], label: str) -> dict[str, Any]:
    found = [c for c in components(message) if str(c.get("label", "")).startswith(label)]
    assert len(found) == 1, [c.get("label") for c in components(message)]
    return found[0]


def labels(message: dict[str, Any]) -> list[str]:
    return [str(c["label"]) for c in components(message) if "label" in c]


def menu_options(message: dict[str, Any], action: str, field: str) -> list[dict[str, Any]]:
    cid = component_id(message, action, field)
    (menu,) = [c for c in components(message) if c["custom_id"] == cid]
    options: list[dict[str, Any]] = menu["options"]
    return options


def played_text(message: dict[str, Any]) -> str:
    return " ".join(str(f["value"]) for e in message["embeds"] for f in e.get("fields", []))


def check_unique(message: dict[str, Any]) -> None:
    """Discord refuses a message whose components share a custom_id."""
    ids = [c["custom_id"] for c in components(message)]
    assert len(ids) == len(set(ids)), ids
    check_components(message)


def edited(previous: dict[str, Any], requests: list[Request]) -> dict[str, Any]:
    """The builder message after a step: the click answered by editing it in place."""
    updates = [r for r in requests if r.callback_type == UPDATE_MESSAGE]
    assert len(updates) == 1, [(r.method, r.path, r.payload) for r in requests]
    assert not public_messages(requests)
    data = updates[0].message or {}
    return {**previous, "content": data.get("content", ""), "components": data.get("components", [])}


class Builder:
    """A player clicking through the builder, as Discord shows it to them."""

    def __init__(self, driver: Driver, user: User) -> None:
        self.driver = driver
        self.user = user
        self.message: dict[str, Any] = {}

    async def open(self, match_message: dict[str, Any], pit: str) -> None:
        requests = await self.driver.click(
            self.user, match_message, component_id(match_message, "build", "pit"), values=[pit]
        )
        deferred_first(requests, ephemeral=True)
        self.message = sent_message(the_private_message(requests))
        check_unique(self.message)

    async def choose(self, field: str, value: str) -> None:
        requests = await self.driver.click(
            self.user, self.message, component_id(self.message, "step", field), values=[value]
        )
        self.message = edited(self.message, requests)
        check_unique(self.message)

    async def press(self, label: str) -> None:
        button = labelled(self.message, label)
        requests = await self.driver.click(self.user, self.message, str(button["custom_id"]))
        self.message = edited(self.message, requests)
        check_unique(self.message)

    def play_button(self) -> dict[str, Any]:
        return labelled(self.message, "Play")

    async def play(self) -> list[Request]:
        return await self.driver.click(self.user, self.message, str(self.play_button()["custom_id"]))


# -- lobby, commands, autocomplete ------------------------------------------------------------------


async def test_new_and_join_start_a_match_with_south_to_move(driver: Driver, host: Host) -> None:
    lobby = the_public_message(await driver.command(ALICE, "glass-bead new"))
    assert lobby.embeds[0]["title"] == "Glass Bead Game #1" and "1 of 2" in lobby.embeds[0]["description"]
    match_id, message = await open_match_after_lobby(driver, host)
    check_unique(message)
    snapshot = await host.get(match_id)
    assert isinstance(snapshot.state, GlassBeadState) and snapshot.to_move == 0
    assert "(South) to move" in message["embeds"][0]["description"]
    ids = [c["custom_id"] for c in components(message)]
    # the base's move menu (ten moves) and the builder's pit menu
    assert f"tavern:glass-bead:move:{match_id}:0" in ids
    assert f"tavern:glass-bead:build:{match_id}:0:~pit" in ids
    pits = menu_options(message, "build", "pit")
    assert [o["value"] for o in pits] == ["A", "B", "C", "D", "E"]
    assert pits[0]["label"] == "Pit A: 0 5" and pits[0]["description"] == "2 beads, 2 possible moves"


async def open_match_after_lobby(driver: Driver, host: Host) -> tuple[int, dict[str, Any]]:
    message = sent_message(the_public_message(await driver.command(BOB, "glass-bead join")))
    (summary,) = await host.matches_of_player(ALICE.id)
    return summary.id, message


async def test_moves_by_command_and_by_the_move_menu(driver: Driver, host: Host, store: Store) -> None:
    match_id, message = await open_match(driver, host)
    south = await to_move(host, match_id)
    played = the_public_message(await driver.command(south, "glass-bead move", move="a 0 5".upper()))
    assert "`A05`" in played.text and played.files[0][1].startswith(PNG)
    message = sent_message(played)
    north = await to_move(host, match_id)
    menu = component_id(message, "move")
    chosen = await driver.click(north, message, menu, values=["e10"])
    deferred_first(chosen, ephemeral=False)
    the_public_message(chosen)
    rng = random.Random(4)
    for _ in range(6):  # a few more random legal moves through the command
        snapshot = await host.get(match_id)
        assert isinstance(snapshot.state, GlassBeadState)
        legal = snapshot.state.legal_moves()
        text = str(legal[rng.randrange(len(legal))])
        the_public_message(await driver.command(await to_move(host, match_id), "glass-bead move", move=text))
    log = [entry.notation for entry in await store.log(match_id)]
    assert log[:2] == ["A05", "e10"] and len(log) == 8


@pytest.mark.parametrize(
    ("log", "text", "expected"),
    [
        (INDIRECT, "A05", "one of South's pits: North sows from `a`–`e`"),
        (["A05", "a05"], "A05", "which is empty"),
        (INDIRECT, "e2550", "pit `e` holds only 1"),
        (INDIRECT, "e25", "sows 2 beads, but pit `e` holds 3 beads"),
        (INDIRECT, "e250", "add ` x ` and the gem you take, e.g. `e250 x A2`"),
        (INDIRECT, "e250 x B5 D3", "takes exactly 1 gem, not 2"),
        (INDIRECT, "e250 x B4", "there is no red gem (`4`) in `B`"),
        (INDIRECT, "hello", "is not a move"),
    ],
)
async def test_a_bad_move_is_explained_privately_and_changes_nothing(
    driver: Driver, host: Host, store: Store, log: list[str], text: str, expected: str
) -> None:
    match_id, _ = await play_log(driver, host, log)
    before = await stored(store, match_id)
    requests = await driver.command(await to_move(host, match_id), "glass-bead move", move=text)
    deferred_first(requests)
    answer = the_private_message(requests)
    assert expected in answer.content and "`" in answer.content
    assert await stored(store, match_id) == before


async def test_move_autocomplete_one_per_pit_then_the_typed_prefix(driver: Driver, host: Host) -> None:
    match_id, _ = await open_match(driver, host)
    south = await to_move(host, match_id)
    everything = await driver.autocomplete(south, "glass-bead move", "move", move="")
    assert [c["value"] for c in everything] == ["A05", "B04", "C03", "D02", "E01"]
    typed = await driver.autocomplete(south, "glass-bead move", "move", move="a")
    assert [c["value"] for c in typed] == []  # North's pit: nothing to suggest to South
    typed = await driver.autocomplete(south, "glass-bead move", "move", move="A")
    assert [c["value"] for c in typed] == ["A05", "A50"]


async def test_a_pit_of_millions_of_orders_is_never_listed(
    driver: Driver, host: Host, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, _ = await open_match(driver, host)
    set_position(db_path, match_id, WORST, ("", "12"), 0)
    south = await to_move(host, match_id)

    def never(self: GlassBeadMoves) -> Any:
        raise AssertionError("the legal moves were listed")

    monkeypatch.setattr(GlassBeadMoves, "__iter__", never)
    message = await shared_board(driver, host, match_id)
    ids = [c["custom_id"] for c in components(message)]
    assert not any(cid.split(":")[2] == "move" for cid in ids)  # no menu of 423,420,480 moves
    (pit,) = menu_options(message, "build", "pit")
    assert pit["label"] == "Pit A: 0 0 0 0 0 0 0 0 0 0 1 2 3 3 4 4 5 5"
    assert pit["description"] == "18 beads, 423,420,480 possible moves"
    first = await driver.autocomplete(south, "glass-bead move", "move", move="")
    assert [c["value"] for c in first] == ["A000000000123344550 x a4"]
    typed = await driver.autocomplete(south, "glass-bead move", "move", move="A00000")
    values = [c["value"] for c in typed]
    assert len(values) == 25 and all(v.startswith("A00000") for v in values)
    assert all(len(c["name"]) <= 100 for c in typed)


# -- the step-by-step move builder -------------------------------------------------------------------


async def test_builder_sows_bead_by_bead_with_undo_then_takes_a_gem(
    driver: Driver, host: Host, store: Store
) -> None:
    match_id, message = await play_log(driver, host, INDIRECT)
    north = await to_move(host, match_id)
    pits = menu_options(message, "build", "pit")
    assert [o["value"] for o in pits] == ["a", "b", "c", "d", "e"]
    builder = Builder(driver, north)
    await builder.open(message, "e")
    assert "Pit `e` holds 0 2 5" in builder.message["content"]
    assert "into `A`" in builder.message["content"]
    assert labels(builder.message)[:3] == ["0 stone ×1", "2 green ×1", "5 purple ×1"]
    assert builder.play_button()["disabled"] is True
    await builder.press("2 green")
    assert "`e2` (2→A)" in builder.message["content"] and "into `B`" in builder.message["content"]
    await builder.press("Undo")
    assert "Sown so far" not in builder.message["content"]
    await builder.press("2 green")
    await builder.press("5 purple")  # the stone follows by itself: the order is complete
    content = builder.message["content"]
    assert "`e250` (2→A, 5→B, 0→C)" in content and "indirect capture" in content
    options = menu_options(builder.message, "step", "take")
    assert [o["label"] for o in options] == ["x A2", "x B5", "x D3", "x D2"]
    assert options[1]["description"] == "purple gem (5) from B"
    await builder.choose("take", options[0]["value"])
    assert builder.play_button()["label"] == "Play e250 x A2"
    await builder.press("Undo")  # the gem, not the bead
    assert builder.play_button()["disabled"] is True and "`e250`" in builder.message["content"]
    await builder.choose("take", menu_options(builder.message, "step", "take")[1]["value"])
    assert builder.play_button()["label"] == "Play e250 x B5"
    played = await builder.play()
    deferred_first(played, ephemeral=False)
    message = sent_message(the_public_message(played))
    assert [e.notation for e in await store.log(match_id)][-1] == "e250 x B5"
    assert "captures indirectly: purple gem from" in played_text(message)

    # the old builder is stale now: its clicks change nothing and show the current board
    before = await stored(store, match_id)
    stale = the_private_message(await builder.play())
    assert "earlier position of Glass Bead Game #1: it has moved on since" in stale.text and stale.files
    stale_step = await driver.click(
        north, builder.message, str(labelled(builder.message, "Undo")["custom_id"])
    )
    assert "earlier position" in the_private_message(stale_step).text
    assert await stored(store, match_id) == before


async def test_builder_refuses_the_other_player_and_outsiders(
    driver: Driver, host: Host, store: Store
) -> None:
    match_id, message = await open_match(driver, host)
    south = await to_move(host, match_id)
    north = BOB if south is ALICE else ALICE
    before = await stored(store, match_id)
    refused = the_private_message(
        await driver.click(north, message, component_id(message, "build", "pit"), values=["A"])
    )
    assert "not your turn" in refused.content
    outsider = the_private_message(
        await driver.click(CAROL, message, component_id(message, "build", "pit"), values=["A"])
    )
    assert "not playing" in outsider.content
    assert await stored(store, match_id) == before


async def test_builder_checks_every_step_against_the_rules(driver: Driver, host: Host, store: Store) -> None:
    match_id, message = await open_match(driver, host)
    south = await to_move(host, match_id)
    before = await stored(store, match_id)
    # a damaged or forged menu value: North's pit, a pit that does not exist
    for value in ("a", "Z", "AB"):
        answer = await driver.click(south, message, component_id(message, "build", "pit"), values=[value])
        text = the_private_message(answer).content
        assert "⚠️" in text or "damaged" in text
    builder = Builder(driver, south)
    await builder.open(message, "A")
    assert labels(builder.message)[:2] == ["0 stone ×1", "5 purple ×1"]
    # a forged step that sows a bead the pit does not hold is refused by the rules
    forged = str(labelled(builder.message, "5 purple")["custom_id"]).replace(":A5", ":A3")
    for row in builder.message["components"]:
        for item in row["components"]:
            if item.get("custom_id", "").endswith(":A5"):
                item["custom_id"] = forged
    refused = await driver.click(south, builder.message, forged)
    assert "does not hold the beads `3`" in edited(builder.message, refused)["content"]
    assert await stored(store, match_id) == before


async def test_builder_takes_many_gems_one_at_a_time(
    driver: Driver, host: Host, store: Store, db_path: Path
) -> None:
    match_id, _ = await open_match(driver, host)
    set_position(db_path, match_id, CHAIN, ("", ""), 0)
    message = await shared_board(driver, host, match_id)
    south = await to_move(host, match_id)
    builder = Builder(driver, south)
    await builder.open(message, "E")  # three stones: nothing to order
    content = builder.message["content"]
    assert "`E000` (0→a, 0→b, 0→c)" in content and "Take 3 gems" in content and "120 choices" in content
    first = menu_options(builder.message, "step", "gem")
    assert [o["value"] for o in first] == ["d5", "d4", "d3", "d2", "d1", "e5", "e4", "e3"]
    await builder.choose("gem", "d5")
    await builder.choose("gem", "e5")
    third = [o["value"] for o in menu_options(builder.message, "step", "gem")]
    assert third == ["e4", "e3", "e2", "e1"]  # canonical order: after e5, only e's smaller gems
    await builder.press("Undo")
    await builder.choose("gem", "d4")
    await builder.choose("gem", "e5")
    assert builder.play_button()["label"] == "Play E000 x d54 e5"
    the_public_message(await builder.play())
    snapshot = await host.get(match_id)
    assert isinstance(snapshot.state, GlassBeadState) and snapshot.state.points(0) == 14
    assert [e.notation for e in await store.log(match_id)] == ["E000 x d54 e5"]


async def test_builder_message_survives_a_restart(db_path: Path, fake: FakeDiscord) -> None:
    async with bot_run(db_path, fake) as old:
        match_id, message = await open_match(old.driver, old.host)
        builder = Builder(old.driver, await to_move(old.host, match_id))
        await builder.open(message, "A")

    async with bot_run(db_path, fake) as new:
        builder.driver = new.driver
        await builder.press("5 purple")
        assert builder.play_button()["label"] == "Play A50"
        the_public_message(await builder.play())
        assert [e.notation for e in await new.store.log(match_id)] == ["A50"]


def test_drafts_round_trip_through_a_custom_id() -> None:
    draft = Draft(9, (0, 0, 0, 0), ((4, 4), (4, 2), (CUP, 5), (CUP, 3)))
    assert draft.encode() == "e0000xE4E2@5@3" and Draft.decode(draft.encode()) == draft
    assert draft.notation() == "e0000 x E42 53"
    longest = Draft(0, (0,) * 20, ((5, 5),) * 5)
    assert len(f"tavern:glass-bead:build-play:{10**9}:{10**5}:{longest.encode()}") <= 100
    assert Draft.decode("") == Draft()
    for damaged in ("Q12", "A7", "A0xB", "A0xB9", "A0xZ5"):
        with pytest.raises(Exception, match="damaged"):
            Draft.decode(damaged)


async def test_a_game_against_the_computer(driver: Driver, host: Host, store: Store) -> None:
    requests = await driver.command(ALICE, "glass-bead new", opponent="computer", level="easy")
    snapshot = await host.get(1)
    assert snapshot.status == "playing" and any(s.computer == "easy" for s in snapshot.seats)
    assert public_messages(requests)
    assert snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id
    state = snapshot.state
    assert isinstance(state, GlassBeadState)
    # Alice's move is answered by the computer's, in the same command
    played = await driver.command(ALICE, "glass-bead move", move=str(state.legal_moves()[0]))
    after = await host.get(1)
    assert after.ply == snapshot.ply + 2 and len(public_messages(played)) == 2
    assert after.seat_to_move is not None and after.seat_to_move.user_id == ALICE.id
    # the builder is offered to Alice only, never for the computer's turn
    latest = public_messages(played)[-1]
    assert any(c["custom_id"].endswith("~pit") for c in components(sent_message(latest)))
    assert len(await store.log(1)) == after.ply


async def test_move_menu_options_that_differ_only_in_order_read_differently(
    driver: Driver, host: Host
) -> None:
    """`A05` and `A50` sow the same beads from `A` in another order: each option says where each
    bead goes, so no two options read alike, and each stays within Discord's 100 characters."""
    match_id, message = await open_match(driver, host)
    options = move_menu(message)
    descriptions = {o["label"]: o["description"] for o in options}
    assert descriptions["A05"] == "South sows 2 beads from A: stone→B, purple→C"
    assert descriptions["A50"] == "South sows 2 beads from A: purple→B, stone→C"
    rng = random.Random(8)
    menus = 0
    for _ in range(30):  # and in later positions
        options = move_menu(message)
        menus += len(options) > 1
        texts = [(o["label"], o.get("description")) for o in options]
        assert len({description for _, description in texts}) == len(texts), texts
        assert all(len(label) <= 100 and len(description or "") <= 100 for label, description in texts)
        snapshot = await host.get(match_id)
        if snapshot.is_over:
            break
        assert isinstance(snapshot.state, GlassBeadState)
        legal = snapshot.state.legal_moves()
        move = str(legal[rng.randrange(len(legal))])
        played = the_public_message(
            await driver.command(await to_move(host, match_id), "glass-bead move", move=move)
        )
        message = sent_message(played)
    assert menus >= 5


def move_menu(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the match message's move menu (none without one: over 25 legal moves)."""
    menus = [c for c in components(message) if str(c["custom_id"]).split(":")[2] == "move"]
    return [option for menu in menus for option in menu["options"]]
