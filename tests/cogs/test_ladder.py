"""/leaderboard, /stats, /history and /privacy over the real host and SQLite file."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest

import cogs.ladder
from bot import TavernBot
from cogs.ladder import sparkline
from data import Store
from host import Host, Ladder, MatchSnapshot, Player, read_record
from rules.text import Words
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    PNG,
    bot_run,
    deferred_first,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import (
    CHANNEL_ID,
    DEFERRED_UPDATE,
    DM_ID,
    GROUP_DM_ID,
    GUILD_ID,
    Driver,
    FakeDiscord,
    User,
)
from tests.support.host import finished, started_match
from tests.support.images import gif_frames

NAMES = ["Ann", "Ben", "Cid", "Dot", "Eli", "Fox", "Gus", "Hal", "Ivy", "Jay", "Kim", "Lou"]
PEOPLE = [User(2000 + i, name) for i, name in enumerate(NAMES)]


@dataclass(frozen=True)
class Guest(User):
    """A member without the Manage Server permission."""

    def member(self) -> dict[str, Any]:
        member = super().member()
        member["permissions"] = str(discord.Permissions(send_messages=True, view_channel=True).value)
        return member


class Drawn:
    """What the leaderboard pictures were drawn with (the real picture is drawn too)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.pages: list[list[str]] = []
        real = cogs.ladder.leaderboard_picture

        def spy(title: str, subtitle: str, lines: Sequence[Any], *, footer: str = "", words: Words) -> bytes:
            self.pages.append([f"{line.rank} {line.name}" for line in lines])
            return real(title, subtitle, lines, footer=footer, words=words)

        monkeypatch.setattr(cogs.ladder, "leaderboard_picture", spy)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    return Drawn(monkeypatch)


def custom_ids(message: dict[str, Any]) -> dict[str, bool]:
    """Each button's custom_id and whether it is disabled."""
    return {
        c["custom_id"]: bool(c.get("disabled")) for row in message["components"] for c in row["components"]
    }


def edited_message(requests: list[Any]) -> dict[str, Any]:
    """The message a click edited in place (after a deferred update)."""
    assert requests[0].callback_type == DEFERRED_UPDATE, requests[0].payload
    (edit,) = [r for r in requests if r.method == "PATCH" and r.path.endswith("/messages/@original")]
    assert edit.files and edit.files[0][1].startswith(PNG)
    return sent_message(edit)


async def twelve_rated_players(host: Host) -> list[MatchSnapshot]:
    """Six matches: Ann beats Ben, Cid beats Dot, …: six winners and six losers."""
    return [await finished(host, PEOPLE[i], PEOPLE[i + 1]) for i in range(0, 12, 2)]


# -- /leaderboard ---------------------------------------------------------------------------------


async def test_leaderboard_order_and_paging_with_the_buttons(
    driver: Driver, host: Host, drawn: Drawn
) -> None:
    matches = await twelve_rated_players(host)
    winners = {m.seats[0].name for m in matches}

    requests = await driver.command(ALICE, "leaderboard", game="keryo-pente")

    deferred_first(requests, ephemeral=False)
    message = the_public_message(requests)
    ((name, data),) = message.files
    assert data.startswith(PNG) and message.embeds[0]["image"]["url"] == f"attachment://{name}"
    assert "page 1 of 2" in message.embeds[0]["description"]
    first = drawn.pages[-1]
    # Six winners of one match each share rank 1, the six losers rank 7 (1, 1, …, 7, 7, …).
    assert [line.split()[0] for line in first] == ["1"] * 6 + ["7"] * 4
    assert message.message is not None
    (attachment,) = message.message["attachments"]
    assert attachment["description"].count("1. ") == 6 and "7. " in attachment["description"]  # alt text
    assert {line.split()[1] for line in first[:6]} == winners  # winners rank above losers
    # Each button carries its page and the player whose line that page borders.
    one = await Ladder(host).leaderboard("keryo-pente", GUILD_ID, 1)
    two = await Ladder(host).leaderboard("keryo-pente", GUILD_ID, 2)
    assert custom_ids(sent_message(message)) == {
        f"tavern-ladder:keryo-pente:server:0:b{one.lines[0].user_id}": True,  # Previous, disabled on page 1
        f"tavern-ladder:keryo-pente:server:2:a{one.lines[-1].user_id}": False,
    }

    page_two = edited_message(
        await driver.click(
            BOB, sent_message(message), f"tavern-ladder:keryo-pente:server:2:a{one.lines[-1].user_id}"
        )
    )
    assert [line.split()[0] for line in drawn.pages[-1]] == ["7", "7"]  # the tie goes on
    assert custom_ids(page_two) == {
        f"tavern-ladder:keryo-pente:server:1:b{two.lines[0].user_id}": False,
        # Next, disabled on the last page
        f"tavern-ladder:keryo-pente:server:3:a{two.lines[-1].user_id}": True,
    }
    back = edited_message(
        await driver.click(BOB, page_two, f"tavern-ladder:keryo-pente:server:1:b{two.lines[0].user_id}")
    )
    assert drawn.pages[-1] == first and "page 1 of 2" in back["embeds"][0]["description"]

    everywhere = the_public_message(
        await driver.command(ALICE, "leaderboard", game="keryo-pente", scope="global")
    )
    assert "All servers" in everywhere.embeds[0]["description"]
    assert any(c.startswith("tavern-ladder:keryo-pente:global:2:a") for c in everywhere.custom_ids())


async def test_a_page_button_of_a_message_posted_before_edges_still_turns_the_page(
    driver: Driver, host: Host, drawn: Drawn
) -> None:
    """Buttons posted before the pages were read from an edge carry only the page number."""
    await twelve_rated_players(host)
    message = sent_message(the_public_message(await driver.command(ALICE, "leaderboard", game="keryo-pente")))
    for row in message["components"]:
        for component in row["components"]:
            component["custom_id"] = component["custom_id"].rsplit(":", 1)[0]  # the old form
    page_two = edited_message(await driver.click(BOB, message, "tavern-ladder:keryo-pente:server:2"))
    assert "page 2 of 2" in page_two["embeds"][0]["description"]
    assert [line.split()[0] for line in drawn.pages[-1]] == ["7", "7"]  # the tie goes on


async def test_leaderboard_buttons_work_after_a_restart(
    db_path: Path, fake: FakeDiscord, drawn: Drawn
) -> None:
    async with bot_run(db_path, fake) as old:
        await twelve_rated_players(old.host)
        answer = await old.driver.command(ALICE, "leaderboard", game="keryo-pente")
        message = sent_message(the_public_message(answer))

    # A new process: a new store, host and bot over the same file, knowing nothing of the message.
    async with bot_run(db_path, fake) as new:
        (next_page,) = [
            c for c in custom_ids(message) if c.startswith("tavern-ladder:keryo-pente:server:2:a")
        ]
        page_two = edited_message(await new.driver.click(CAROL, message, next_page))
        assert "page 2 of 2" in page_two["embeds"][0]["description"]
        assert [line.split()[0] for line in drawn.pages[-1]] == ["7", "7"]  # the tie goes on


async def test_leaderboard_bad_requests_are_answered_privately(driver: Driver, host: Host) -> None:
    nobody = await driver.command(ALICE, "leaderboard", game="keryo-pente")
    deferred_first(nobody)
    assert "Nobody has a Keryo-Pente rating on this server yet" in the_private_message(nobody).content

    await twelve_rated_players(host)
    past_the_end = the_private_message(await driver.command(ALICE, "leaderboard", game="keryo-pente", page=3))
    assert "pages 1 to 2, not 3" in past_the_end.content

    unknown = the_private_message(await driver.command(ALICE, "leaderboard", game="chess"))
    assert "chess" in unknown.content


async def test_a_page_button_past_the_end_changes_nothing(driver: Driver, host: Host) -> None:
    await twelve_rated_players(host)
    message = sent_message(the_public_message(await driver.command(ALICE, "leaderboard", game="keryo-pente")))
    (next_page,) = [c for c in custom_ids(message) if c.startswith("tavern-ladder:keryo-pente:server:2:a")]
    await Ladder(host).erase_server(GUILD_ID)  # meanwhile, the ladder emptied
    requests = await driver.click(BOB, message, next_page)
    assert "Nobody has a Keryo-Pente rating" in the_private_message(requests).content
    assert not [r for r in requests if r.method == "PATCH"]


# -- /stats ---------------------------------------------------------------------------------------


async def test_stats_of_a_player(driver: Driver, host: Host) -> None:
    matches = [await finished(host, ALICE, BOB) for _ in range(3)]
    won = sum(match.seats[0].user_id == ALICE.id for match in matches)  # seat 0 wins; seats are drawn
    verdicts = {match.id: "won" if match.seats[0].user_id == ALICE.id else "lost" for match in matches}
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    await driver.command(CAROL, "keryo-pente join")  # a match Alice is playing now

    requests = await driver.command(ALICE, "stats", game="keryo-pente")

    deferred_first(requests, ephemeral=True)
    (embed,) = the_private_message(requests).embeds
    assert embed["title"] == "Alice — Keryo-Pente"
    text = str(embed["fields"])
    assert "?** on this server" in text and "on all servers" in text
    assert "(provisional)" not in text and "? while provisional" in embed["footer"]["text"]  # one convention
    assert f"Record: 3 played · {won} won · 0 drawn · {3 - won} lost (0 resigned)" in text
    assert "Trend: `" in text and "over the last 2 rated matches" in text
    assert all(f"#{match_id} {verdict} · 0 captures" in text for match_id, verdict in verdicts.items())
    assert "Playing now" in text and "4 Keryo-Pente · move 1" in text and "Carol" in text

    # Someone else's statistics, every game they played.
    (other,) = the_private_message(await driver.command(CAROL, "stats", player=BOB)).embeds
    assert other["title"] == "Bob — Keryo-Pente"
    assert f"{won} lost" in str(other["fields"])
    shared = await driver.command(CAROL, "stats", player=BOB, share=True)
    assert the_public_message(shared).embeds[0]["title"] == "Bob — Keryo-Pente"


async def test_stats_of_a_player_with_no_games(driver: Driver, host: Host) -> None:
    requests = await driver.command(ALICE, "stats", player=CAROL)
    deferred_first(requests)
    assert "Carol has not played any game yet" in the_private_message(requests).content
    one_game = await driver.command(ALICE, "stats", player=CAROL, game="keryo-pente")
    assert "Carol has not played Keryo-Pente yet" in the_private_message(one_game).content


def test_sparkline() -> None:
    assert sparkline([1500, 1510, 1530, 1570]) == "▁▂▄█"
    assert sparkline([1500, 1500]) == "▄▄" and sparkline([]) == ""


# -- /history -------------------------------------------------------------------------------------


async def test_history_of_a_finished_match(driver: Driver, host: Host) -> None:
    match = await finished(host, ALICE, BOB)

    requests = await driver.command(CAROL, "history", match=match.id)

    deferred_first(requests, ephemeral=True)
    summary, animated = [r for r in requests if r.is_followup]
    assert summary.ephemeral and animated.ephemeral
    (embed,) = summary.embeds
    assert embed["title"] == f"Keryo-Pente #{match.id} — game record"
    winner, loser = match.seats
    assert f"{winner.name} wins — five in a row" in embed["description"]
    assert "1. E1" not in embed["description"] and "A1" in embed["description"]
    fields = {f["name"]: f["value"] for f in embed["fields"]}
    assert f"Red: **{winner.name}**" in fields["Players"] and f"Blue: **{loser.name}**" in fields["Players"]
    assert fields["Options"] == "tournament: off" and "Started <t:" in fields["Dates"]

    ((txt_name, txt),) = summary.files
    assert txt_name == f"keryo-pente-{match.id}.txt"
    record = read_record(txt.decode("utf-8"))
    assert record.final_state() == match.state

    ((gif_name, gif),) = animated.files
    assert gif_name.endswith(".gif") and gif.startswith(b"GIF89a")
    shown = gif_frames(gif)
    assert len(shown) == len(list(record.states())) == match.ply + 1
    assert shown[0][0].width <= 480


async def test_history_shares_in_the_channel(driver: Driver, host: Host) -> None:
    match = await finished(host, ALICE, BOB)
    requests = await driver.command(ALICE, "history", match=match.id, share=True)
    deferred_first(requests, ephemeral=False)
    public = [r for r in requests if r.is_followup and not r.ephemeral]
    assert len(public) == 2 and public[1].files[0][0].endswith(".gif")


async def test_history_of_a_missing_or_foreign_match(driver: Driver, host: Host, store: Store) -> None:
    elsewhere = await finished(host, ALICE, BOB, guild_id=GUILD_ID + 1)
    before = await store.get_match(elsewhere.id)

    foreign = await driver.command(ALICE, "history", match=elsewhere.id)
    deferred_first(foreign)
    assert f"There is no match #{elsewhere.id} on this server" in the_private_message(foreign).content
    missing = the_private_message(await driver.command(ALICE, "history", match=999))
    assert "There is no match #999" in missing.content
    assert await store.get_match(elsewhere.id) == before


async def test_history_autocomplete_suggests_this_servers_matches(driver: Driver, host: Host) -> None:
    done = await finished(host, ALICE, BOB)
    await finished(host, ALICE, BOB, guild_id=GUILD_ID + 1)
    await driver.command(CAROL, "keryo-pente new", seats=2)  # a lobby: nothing to show yet

    choices = await driver.autocomplete(CAROL, "history", "match", match="")
    assert [choice["value"] for choice in choices] == [done.id]
    assert " vs ".join(seat.name for seat in done.seats) in choices[0]["name"]
    assert await driver.autocomplete(CAROL, "history", "match", match="zzz") == []


# -- /privacy -------------------------------------------------------------------------------------


async def test_forget_me_pressed_by_someone_else_changes_nothing(
    driver: Driver, host: Host, store: Store
) -> None:
    await finished(host, ALICE, BOB)
    ask = the_private_message(await driver.command(ALICE, "privacy forget-me"))
    (button,) = ask.custom_ids()
    assert button == f"tavern-privacy:forget:{ALICE.id}"

    refused = await driver.click(BOB, sent_message(ask), button)
    assert "for the member who asked" in the_private_message(refused).content
    assert await store.player_name(ALICE.id) == "Alice"
    assert await store.rating(ALICE.id, "keryo-pente", GUILD_ID) is not None


async def test_forget_me_confirmed(driver: Driver, host: Host, store: Store, drawn: Drawn) -> None:
    match = await finished(host, ALICE, BOB)
    ask = the_private_message(await driver.command(ALICE, "privacy forget-me"))

    done = await driver.click(ALICE, sent_message(ask), ask.custom_ids()[0])

    deferred_first(done, ephemeral=True)
    assert "Anonymous player" in the_private_message(done).content
    assert await store.player_name(ALICE.id) is None
    await driver.command(BOB, "leaderboard", game="keryo-pente")
    assert [line.split(" ", 1)[1] for line in drawn.pages[-1]] == ["Bob"]
    history = await driver.command(BOB, "history", match=match.id)
    summary = next(r for r in history if r.is_followup)
    assert "Alice" not in summary.text and "Anonymous player" in summary.text
    assert b"Alice" not in summary.files[0][1]
    again = await driver.click(ALICE, sent_message(ask), ask.custom_ids()[0])
    assert "nothing to forget" in the_private_message(again).content


async def test_erase_server_needs_manage_server_and_a_confirmation(
    driver: Driver, host: Host, store: Store
) -> None:
    match = await finished(host, ALICE, BOB)
    guest = Guest(3001, "Guest")
    refused = the_private_message(await driver.command(guest, "privacy erase-server"))
    assert "Manage Server" in refused.content

    ask = the_private_message(await driver.command(ALICE, "privacy erase-server"))
    (button,) = ask.custom_ids()
    not_yours = await driver.click(guest, sent_message(ask), button)
    assert "for the member who asked" in the_private_message(not_yours).content
    assert await store.get_match(match.id) is not None

    done = the_private_message(await driver.click(ALICE, sent_message(ask), button))
    assert "1 match of this server" in done.content
    assert await store.get_match(match.id) is None
    assert await store.rating(ALICE.id, "keryo-pente", GUILD_ID) is None


async def test_the_ladder_views_hold_no_state(driver: Driver, host: Host, bot: TavernBot) -> None:
    await finished(host, ALICE, BOB)
    await driver.command(ALICE, "leaderboard", game="keryo-pente")
    await driver.command(ALICE, "privacy forget-me")
    views = bot._connection._view_store
    assert views._views == {} and views._synced_message_views == {}


async def test_jai_kerboge_has_its_own_leaderboard_and_statistics(
    driver: Driver, host: Host, bot: TavernBot, drawn: Drawn
) -> None:
    for name in ("leaderboard", "stats"):
        command = bot.tree.get_command(name)
        assert isinstance(command, discord.app_commands.Command)
        game = command.get_parameter("game")
        assert game is not None and len(game.choices) <= 25
        assert [(c.name, c.value) for c in game.choices][-2:] == [
            ("Kerboge", "kerboge"),
            ("Jai Kerboge", "jai-kerboge"),
        ]
    lobby = await host.new(
        guild_id=GUILD_ID,
        channel_id=CHANNEL_ID,
        creator=Player(ALICE.id, ALICE.name),
        game_key="kerboge",
        seats=2,
    )
    match = await host.join(lobby.id, Player(BOB.id, BOB.name))
    await host.offer_draw(match.id, ALICE.id)
    assert (await host.offer_draw(match.id, BOB.id)).is_over  # a rated Jai Kerboge match

    board = the_public_message(await driver.command(ALICE, "leaderboard", game="jai-kerboge"))
    assert board.embeds[0]["title"] == "Jai Kerboge leaderboard"
    assert sorted(line.split()[1] for line in drawn.pages[-1]) == ["Alice", "Bob"]
    assert all(custom_id.startswith("tavern-ladder:jai-kerboge:") for custom_id in board.custom_ids())
    four = the_private_message(await driver.command(ALICE, "leaderboard", game="kerboge"))
    assert "Nobody has a Kerboge rating on this server yet" in four.content

    (stats,) = the_private_message(await driver.command(ALICE, "stats", game="jai-kerboge")).embeds
    assert stats["title"] == "Alice — Jai Kerboge" and "Record: 1 played" in str(stats["fields"])
    (every,) = the_private_message(await driver.command(ALICE, "stats")).embeds
    assert every["title"] == "Alice — Jai Kerboge"  # the only game played: not listed as Kerboge


# -- in direct messages ---------------------------------------------------------------------------


async def test_stats_in_a_dm_shows_the_rating_across_all_servers(driver: Driver, host: Host) -> None:
    await finished(host, ALICE, BOB)
    await finished(host, ALICE, BOB, guild_id=GUILD_ID + 1)  # another server counts too

    for where in (DM_ID, GROUP_DM_ID):
        requests = await driver.command(ALICE, "stats", game="keryo-pente", channel_id=where)

        deferred_first(requests, ephemeral=True)
        (embed,) = the_private_message(requests).embeds
        assert embed["title"] == "Alice — Keryo-Pente"
        text = str(embed["fields"])
        assert "on all servers" in text and "on this server" not in text  # a DM has no server
        assert "Record: 2 played" in text


async def test_history_in_a_dm_finds_the_players_own_match(driver: Driver, host: Host) -> None:
    match = await finished(host, ALICE, BOB)

    choices = await driver.autocomplete(ALICE, "history", "match", match="", channel_id=DM_ID)
    assert [choice["value"] for choice in choices] == [match.id]
    requests = await driver.command(ALICE, "history", match=match.id, channel_id=DM_ID)

    deferred_first(requests, ephemeral=True)
    summary, animated = [r for r in requests if r.is_followup]
    assert summary.embeds[0]["title"] == f"Keryo-Pente #{match.id} — game record"
    assert read_record(summary.files[0][1].decode("utf-8")).final_state() == match.state
    assert animated.files[0][1].startswith(b"GIF89a")

    # Someone who did not play it finds nothing, and learns what /history shows in a DM.
    refused = the_private_message(await driver.command(CAROL, "history", match=match.id, channel_id=DM_ID))
    assert f"You took no part in a match #{match.id}" in refused.content
    assert await driver.autocomplete(CAROL, "history", "match", match="", channel_id=DM_ID) == []


async def test_leaderboard_and_games_in_a_dm(driver: Driver, host: Host, drawn: Drawn) -> None:
    await finished(host, ALICE, BOB)

    requests = await driver.command(ALICE, "leaderboard", game="keryo-pente", channel_id=DM_ID)

    message = the_public_message(requests)
    assert message.embeds[0]["description"].startswith("All servers · 2 players")
    assert sorted(line.split()[1] for line in drawn.pages[-1]) == [ALICE.name, BOB.name]
    asked = the_private_message(
        await driver.command(ALICE, "leaderboard", game="keryo-pente", scope="server", channel_id=DM_ID)
    )
    assert "There is no server here" in asked.content

    games = the_private_message(await driver.command(ALICE, "games", channel_id=DM_ID))
    assert "`/keibot new`" in games.embeds[0]["description"]


# -- the units of scores and moves ----------------------------------------------------------------


async def random_match(
    host: Host, key: str, plies: int, options: dict[str, Any] | None = None
) -> MatchSnapshot:
    """Alice and Bob play `plies` random moves of `key` (chance events are played by the host)."""
    match = await started_match(
        host,
        key,
        [Player(ALICE.id, ALICE.name), Player(BOB.id, BOB.name)],
        options,
        guild_id=GUILD_ID,
        channel_id=CHANNEL_ID,
    )
    rng = random.Random(plies)
    for _ in range(plies):
        seat = match.seat_to_move
        if match.is_over or seat is None or seat.user_id is None or match.state is None:
            break
        legal = match.state.legal_moves()
        match = await host.play(match.id, seat.user_id, str(legal[rng.randrange(len(legal))]))
    return match


async def test_history_counts_the_players_moves_not_the_dice(driver: Driver, host: Host) -> None:
    match = await random_match(host, "verquere", 12)
    assert match.ply > match.move_count  # the dice rolls are entries of the log, not moves

    requests = await driver.command(ALICE, "history", match=match.id)

    (embed,) = next(r for r in requests if r.is_followup).embeds
    description = embed["description"]
    assert f"**Moves** ({match.move_count})" in description
    assert f"{match.move_count} moves so far" in description  # the same count as the match message
    assert f"{match.move_count}. " in description and f"{match.move_count + 1}. " not in description
    assert "🎲" in description


async def test_scores_are_told_in_each_games_own_unit(driver: Driver, host: Host) -> None:
    match = await random_match(host, "keibot", 6, {"setup": "split"})
    seat = match.seat_to_move
    assert seat is not None and seat.user_id is not None
    over = await host.resign(match.id, seat.user_id)
    assert over.outcome is not None

    (stats,) = the_private_message(await driver.command(ALICE, "stats", game="keibot")).embeds
    text = str(stats["fields"])
    assert "point" not in text
    assert re.search(r"Scored: \d+ beads? placed in all", text)
    assert re.search(rf"#{over.id} (won|lost) · \d+ beads? placed ·", text)
    history = next(r for r in await driver.command(ALICE, "history", match=over.id) if r.is_followup)
    players = {f["name"]: f["value"] for f in history.embeds[0]["fields"]}["Players"]
    assert "points" not in players and players.count("placed") == 2

    await finished(host, ALICE, BOB)  # Keryo-Pente counts captures: "1 point" never reads "1 points"
    (pente,) = the_private_message(await driver.command(ALICE, "stats", game="keryo-pente")).embeds
    assert "Scored: 0 captures in all" in str(pente["fields"])
