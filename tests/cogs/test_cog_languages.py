"""Each reader gets these cogs' texts in their own language: /help, /games, the in-bot rules,
refusals, the button answers, the ladder (/leaderboard posted in the server's language; /stats,
/history and /privacy to the person who asked) and the step-by-step move builders (the mover's
language; their first menu, on the match message, the channel's). The pseudo-locale stands in
for every language until the catalogues are filled: a plain English word in what it reads is a
text that never went through `Words` (tests/support/pseudo.py)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord
import pytest

from cogs.builder import BuilderScreens, Screen
from cogs.components import ButtonAction, MatchComponent
from cogs.game_base import Picture
from cogs.glass_bead import Builder as BeadBuilder
from cogs.kerboge import Builder as KerbogeBuilder
from cogs.ladder import forget_me_text
from host import ENGLISH, Host, MatchListing, MatchStatus, language
from host.language import PSEUDO, pseudo
from rules import CHANCE, GAMES, State
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import CHANNEL_ID, GUILD_ID, Driver, Request, User
from tests.support.host import finished
from tests.support.pseudo import DISCORD_LOCALE, english_words, is_pseudo
from tests.support.snapshots import snapshot_of

PSEUDO_WORDS = language(PSEUDO)
NAMES = ["Alice", "Bob", "Carol", "Dave"]
TITLES = [title for game in GAMES.values() for title in (game.title, *game.variant_titles.values())]
ALLOWED = [*NAMES, *TITLES, "Anonymous player"]
"""What no catalogue translates: players' names (an erased one's stored label too) and the games'
proper names."""


class PseudoDriver(Driver):
    """Interactions of people whose Discord speaks the pseudo-locale, in a server whose Discord
    does too."""

    def _base(self, user: User, kind: int, channel_id: int) -> dict[str, Any]:
        payload = super()._base(user, kind, channel_id)
        payload["locale"] = DISCORD_LOCALE
        if "guild_locale" in payload:
            payload["guild_locale"] = DISCORD_LOCALE
        return payload


@pytest.fixture
def pseudo_driver(driver: Driver, host: Host) -> PseudoDriver:
    host.languages.saw_server(GUILD_ID, DISCORD_LOCALE)  # the server's Discord locale, as Discord gives it
    return PseudoDriver(driver.bot, driver.fake)


def message_texts(message: dict[str, Any]) -> Iterator[str]:
    """Everything a person reads of a message: its content, its embeds, its components' labels,
    placeholders and options, its attachments' alt text."""
    if message.get("content"):
        yield str(message["content"])
    for embed in message.get("embeds") or []:
        for key in ("title", "description"):
            if embed.get(key):
                yield str(embed[key])
        for field in embed.get("fields") or []:
            yield str(field["name"])
            yield str(field["value"])
        if embed.get("footer"):
            yield str(embed["footer"]["text"])
    for row in message.get("components") or []:
        for component in row["components"]:
            for key in ("label", "placeholder"):
                if component.get(key):
                    yield str(component[key])
            for option in component.get("options") or []:
                yield str(option["label"])
                if option.get("description"):
                    yield str(option["description"])
    for attachment in message.get("attachments") or []:
        if attachment.get("description"):
            yield str(attachment["description"])


def read(requests: list[Request]) -> list[str]:
    return [text for request in requests if request.message for text in message_texts(request.message)]


def english_in(texts: list[str], allowed: list[str] = ALLOWED) -> list[str]:
    assert texts, "nothing was said"
    return [word for text in texts for word in english_words(text, allowed)]


# -- through the bot --------------------------------------------------------------------------------


async def test_help_and_games_in_the_askers_language(pseudo_driver: PseudoDriver) -> None:
    help_texts = read(await pseudo_driver.command(ALICE, "help"))
    assert english_in(help_texts) == [] and all(is_pseudo(text) for text in help_texts)
    assert english_in(read(await pseudo_driver.command(ALICE, "games"))) == []
    await pseudo_driver.command(ALICE, "keibot new")
    listed = read(await pseudo_driver.command(BOB, "games"))
    assert english_in(listed) == [] and any("Keibot" in text for text in listed)


@pytest.mark.parametrize("game", [game.key for game in GAMES.values()])
async def test_the_in_bot_rules_in_the_askers_language(pseudo_driver: PseudoDriver, game: str) -> None:
    texts = read(await pseudo_driver.command(ALICE, f"{game} rules"))
    assert english_in(texts) == [] and len(texts) == 3


async def test_refusals_and_confirmations_in_the_askers_language(
    pseudo_driver: PseudoDriver, host: Host
) -> None:
    refused = read(await pseudo_driver.command(ALICE, "keibot new", invite=ALICE))
    assert english_in(refused) == [] and any(is_pseudo(text) for text in refused)
    await pseudo_driver.command(ALICE, "keryo-pente new", seats=2, tournament=False)
    await pseudo_driver.command(BOB, "keryo-pente join")
    left = read(await pseudo_driver.command(ALICE, "keryo-pente leave"))
    assert english_in(left) == [] and any("/keryo-pente resign" in text for text in left)
    resign = read(await pseudo_driver.command(ALICE, "keryo-pente resign"))
    assert english_in(resign) == [] and len(resign) == 2  # the question and its button
    await pseudo_driver.command(ALICE, "keryo-pente draw")
    again = read(await pseudo_driver.command(ALICE, "keryo-pente draw"))
    assert english_in(again) == [] and any("draw decline:True" in text for text in again)
    declined = read(await pseudo_driver.command(BOB, "keryo-pente draw", decline=True))
    # The note in the match message (the channel's language), its padding escaped as Markdown.
    note = pseudo("{name} declined the draw.").format(name="Bob").split(" ~")[0]
    assert any(note in text for text in declined) and not any(
        "declined the draw" in text for text in declined
    )


async def test_ladder_posted_in_the_servers_language_and_told_in_the_askers(
    pseudo_driver: PseudoDriver, host: Host
) -> None:
    match = await finished(host, ALICE, BOB)
    board = await pseudo_driver.command(CAROL, "leaderboard", game="keryo-pente")
    assert english_in(read(board)) == []
    stats = read(await pseudo_driver.command(ALICE, "stats"))
    assert english_in(stats) == []
    history = read(await pseudo_driver.command(CAROL, "history", match=match.id))
    # Left English: the record's own result line (host.records words it, as in the .txt file) and
    # the options' names (as the command's options are named).
    told = [line for text in history for line in text.split("\n") if not line.startswith("🏆")]
    assert english_in(told, [*ALLOWED, "tournament"]) == []
    erase = await pseudo_driver.command(ALICE, "privacy erase-server")
    assert english_in(read(erase)) == []
    not_yours = await pseudo_driver.click(
        BOB, sent_message(the_private_message(erase)), the_private_message(erase).custom_ids()[0]
    )
    assert english_in(read(not_yours)) == []
    forget = await pseudo_driver.command(ALICE, "privacy forget-me")
    assert english_in(read(forget)) == []
    ask = the_private_message(forget)
    done = await pseudo_driver.click(ALICE, sent_message(ask), ask.custom_ids()[0])
    assert english_in(read([the_private_message(done)])) == []


# -- the texts themselves ---------------------------------------------------------------------------


def test_forget_me_steps_in_every_count() -> None:
    english = ENGLISH
    for playing in range(4):
        for lobbies in range(4):
            active = listings(playing, lobbies)
            text = forget_me_text(active, PSEUDO_WORDS)
            assert english_words(text, ["settings"]) == [] and is_pseudo(text)
            steps = (playing > 0) + (lobbies > 0)
            assert text.count("\n") == (steps + 2 if steps else 0)
            assert "It cannot be undone." in forget_me_text(active, english)


def listings(playing: int, lobbies: int) -> list[MatchListing]:
    """The player's matches being played and open lobbies (forget_me_text reads their status)."""
    statuses = ["playing"] * playing + ["lobby"] * lobbies
    return [
        MatchListing(
            id=n,
            game="keibot",
            status=MatchStatus(status),
            guild_id=GUILD_ID,
            channel_id=CHANNEL_ID,
            seat_count=2,
            players=("Alice",),
            updated_at="",
            log_length=0,
            move_count=0,
        )
        for n, status in enumerate(statuses)
    ]


# -- the move builders ------------------------------------------------------------------------------


def screen_texts(screen: Screen) -> Iterator[str]:
    yield screen.text
    for item in screen.items:
        yield from component_texts(item)


def component_texts(item: discord.ui.Item[Any]) -> Iterator[str]:
    inner = item.item if isinstance(item, MatchComponent) else item
    if isinstance(inner, discord.ui.Button) and inner.label:
        yield inner.label
    if isinstance(inner, discord.ui.Select):
        if inner.placeholder:
            yield inner.placeholder
        for option in inner.options:
            yield option.label
            if option.description:
                yield option.description


def explore(builder: BuilderScreens[Any, Any], first: MatchComponent, limit: int = 60) -> Iterator[Screen]:
    """Every screen a player can reach from the first menu by clicking (at most `limit`)."""
    seen: set[str] = set()
    waiting = [replace(first.press, values=(option.value,)) for option in select_of(first).options]
    while waiting and len(seen) < limit:
        press = waiting.pop()
        try:
            draft = builder.chosen(press)
        except Exception:  # a choice the rules refuse is shown as a refusal, not explored
            continue
        if draft.encode() in seen:
            continue
        seen.add(draft.encode())
        screen = builder.screen(draft)
        yield screen
        for item in screen.items:
            if not isinstance(item, MatchComponent) or item.press.action != ButtonAction.BUILD_STEP:
                continue
            inner = item.item
            if isinstance(inner, discord.ui.Select):
                waiting += [replace(item.press, values=(option.value,)) for option in inner.options]
            elif not getattr(inner, "disabled", False):
                waiting.append(item.press)


def select_of(component: MatchComponent) -> discord.ui.Select[Any]:
    assert isinstance(component.item, discord.ui.Select)
    return component.item


def positions(key: str, seats: int, count: int, seed: int) -> Iterator[State]:
    """Positions of random games where a person is to move."""
    chance = random.Random(seed)
    for _ in range(count):
        state = GAMES[key].start(seats)
        for _ in range(chance.randrange(0, 40)):
            if state.to_move is None:
                break
            if state.to_move == CHANCE:
                moves, weights = zip(*state.chance_outcomes(), strict=True)
                state = state.play(chance.choices(moves, [float(w) for w in weights])[0])
            else:
                state = state.play(chance.choice(list(state.legal_moves())[:500]))
        if state.to_move is not None and state.to_move != CHANCE:
            yield state


@pytest.mark.parametrize(
    ("key", "seats", "builder_type"),
    [("glass-bead", 2, BeadBuilder), ("kerboge", 4, KerbogeBuilder), ("kerboge", 2, KerbogeBuilder)],
)
def test_every_builder_screen_speaks_the_movers_language(
    key: str, seats: int, builder_type: type[BuilderScreens[Any, Any]]
) -> None:
    screens = 0
    for state in positions(key, seats, 12, seed=seats):
        snapshot = snapshot_of(state, None, NAMES[:seats])
        builder = builder_type.for_mover(snapshot, PSEUDO_WORDS)
        assert builder is not None
        first = builder.first_menu(Picture(None))
        if first is None:
            continue
        assert english_in(list(component_texts(first))) == []  # the match message's menu
        for screen in explore(builder, first):
            screens += 1
            assert english_in(list(screen_texts(screen))) == [], screen.text
    assert screens > 30


# -- who reads which language -----------------------------------------------------------------------


async def test_each_reader_gets_their_own_language(driver: Driver, host: Host) -> None:
    """The server speaks the pseudo-locale, Alice and Bob English: what is posted in the channel
    (a leaderboard, the builder's first menu on the match message) is the server's, what only the
    asker sees (/stats, the builder's screens) is theirs."""
    driver.guild_locale = DISCORD_LOCALE  # the server's Discord locale, as each interaction gives it
    await finished(host, ALICE, BOB)
    posted = read(await driver.command(CAROL, "leaderboard", game="keryo-pente"))
    assert english_in(posted) == [] and all(is_pseudo(text) for text in posted if "Keryo" not in text)
    told = read(await driver.command(ALICE, "stats"))
    assert any("Record:" in text for text in told) and not any(is_pseudo(text) for text in told)

    await driver.command(ALICE, "glass-bead new")
    started = the_public_message(await driver.command(BOB, "glass-bead join"))
    message = sent_message(started)
    (menu,) = [
        c for row in message["components"] for c in row["components"] if ":build:" in str(c["custom_id"])
    ]
    assert is_pseudo(menu["placeholder"]) and english_in([menu["placeholder"]]) == []
    snapshot = await host.get((await host.matches_of_player(ALICE.id, statuses=("playing",)))[0].id)
    mover = ALICE if snapshot.seat_to_move is not None and snapshot.seat_to_move.user_id == ALICE.id else BOB
    screen = the_private_message(
        await driver.click(mover, message, menu["custom_id"], values=[menu["options"][0]["value"]])
    )
    assert "**Your move in Glass Bead Game #" in screen.content and not is_pseudo(screen.content)
