"""The Discord test harness of the cog tests, on top of the fake Discord (fake_discord.py): the
users, the checks every request the bot makes must pass (Discord's component limits, and no
mention that could ping anyone but the player to move), a bot started over a host, and small
helpers to find the bot's answers among its requests."""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import TavernBot
from data import MatchRow, Store, open_store
from host import Host
from host.language import SHIPPED, language

from .fake_discord import DEFERRED_CHANNEL_MESSAGE, Driver, FakeDiscord, Request, User, pretend_logged_in
from .pseudo import is_pseudo

ALICE = User(1001, "Alice")
BOB = User(1002, "Bob")
CAROL = User(1003, "Carol")

BUTTON, SELECT, ACTION_ROW = 2, 3, 1


def check_components(message: dict[str, Any]) -> None:
    rows = message.get("components") or []
    assert len(rows) <= 5, f"{len(rows)} rows"
    for row in rows:
        assert row["type"] == ACTION_ROW
        items = row["components"]
        assert 1 <= len(items) <= 5, f"{len(items)} components in a row"
        if any(item["type"] == SELECT for item in items):
            assert len(items) == 1, "a select menu needs a row of its own"
        for item in items:
            assert len(item.get("custom_id", "")) <= 100, item
            assert len(item.get("label") or "") <= 80, item
            if item["type"] == SELECT:
                assert 1 <= len(item["options"]) <= 25
                for option in item["options"]:
                    assert len(option["label"]) <= 100 and len(option["value"]) <= 100
                    assert len(option.get("description") or "") <= 100


PINGING_TEMPLATES = (
    "{player}, it is your turn in {match}.",
    "{player}, a reminder: it is your turn in {match}; the turn clock runs out {duration} ({link})",
    "{player}, a reminder: it is your turn in {match}; the turn clock runs out {duration}",
    "{player}, {who} invites you to play {match}. A seat is held for you: press **Join** to take "
    "it, or **Decline**.",
    "{player}, {who} invites you to play {match}: press **Join** to take a seat.",
)
"""The English templates (cogs/messages.py) of the messages that ping the one user they name."""
OFFERING_TEMPLATES = (
    ("{players} offers a draw in {match}", "{players} offer a draw in {match}"),
    ("{player} asks to take back their last move in {match}", None),
)
"""The templates of an offer, which may ping the players who must answer it (named in it)."""


@functools.cache
def translated(templates: tuple[str, ...]) -> re.Pattern[str]:
    """Any shipped catalogue's translation of any of `templates`, its placeholders matching
    anything: a message of the bot worded in another language than English."""
    forms = {language(code).gettext(template) for code in SHIPPED for template in templates}
    return re.compile("|".join(re.sub(r"\\\{\w+\\\}", ".+?", re.escape(form)) for form in sorted(forms)))


def translated_offers() -> re.Pattern[str]:
    forms: list[str] = []
    for singular, plural in OFFERING_TEMPLATES:
        if plural is None:
            forms.append(singular)
            continue
        for code in SHIPPED:
            words = language(code)
            forms += {
                words.ngettext(singular, plural, n, players="{players}", match="{match}") for n in (1, 2, 5)
            }
    return translated(tuple(forms))


def check_mentions(request: Request) -> None:
    """A message may ping nobody, or exactly the one user it names as the player to move (or
    reminds of their turn, or in a lobby's message, the member invited); only a rematch lobby's
    message may ping several: the players it asks back, each named at its head; so may a message
    showing an offer (the players who must answer it, named at the head of its line), the notice
    of a match a moderator cancelled (its players), and a tournament round's announcement (the
    players it names)."""
    message = request.message
    if message is None or not ({"content", "embeds"} & message.keys()):
        return
    allowed = message.get("allowed_mentions")
    assert allowed is not None, f"no allowed_mentions in {request.method} {request.path}"
    assert allowed.get("parse", []) == [], allowed
    users = allowed.get("users", [])
    content = message.get("content") or ""
    if is_pseudo(content):  # worded in the pseudo-locale: only whom it names may be pinged
        assert {f"<@{user}>" for user in users} <= set(re.findall(r"<@\d+>", content)), (content, users)
        return
    if users and translated(PINGING_TEMPLATES).search(content):  # worded in another language:
        # it pings the one user it names, at its head
        assert len(users) == 1 and content.startswith(f"<@{users[0]}>"), (content, users)
        return
    if users and translated_offers().search(content):
        assert {f"<@{user}>" for user in users} == set(re.findall(r"<@\d+>", content)), (content, users)
        return
    head, _, rest = content.partition(": ")
    offers = (" offers a draw in ", " offer a draw in ", " asks to take back their last move in ")
    if users and any(offer in content for offer in offers):
        assert {f"<@{user}>" for user in users} == set(re.findall(r"<@\d+>", content)), (content, users)
        return
    if content.startswith("**Round ") and (" has started in " in content or " are played again" in content):
        # A tournament round's announcement pings the players it names (cogs/tournaments.py).
        assert {f"<@{user}>" for user in users} <= set(re.findall(r"<@\d+>", content)), (content, users)
        return
    if " was cancelled by a moderator" in rest:
        assert head == ", ".join(f"<@{user}>" for user in users), (head, users)
        return
    if len(users) > 1:
        assert rest.startswith("**") and " asks for a rematch in " in rest, content
        assert head == ", ".join(f"<@{user}>" for user in users), (head, users)
        return
    for user in users:
        named = f"<@{user}>, it is your turn" in content
        invited = content.startswith(f"<@{user}>, ") and "invites you to play" in content
        reminded = content.startswith(f"<@{user}>, a reminder: it is your turn")
        rematch = head == f"<@{user}>" and " asks for a rematch in " in rest
        assert named or invited or reminded or rematch, content


def check_request(request: Request) -> None:
    if request.message is not None:
        check_components(request.message)
        check_mentions(request)
        for embed in request.embeds:
            assert len(embed.get("title", "")) <= 256 and len(embed.get("description", "")) <= 4096
            assert all(len(f["value"]) <= 1024 for f in embed.get("fields", []))
        for attachment in request.message.get("attachments") or []:
            assert len(attachment.get("description") or "") <= 1024, attachment


async def start_bot(host: Host) -> TavernBot:
    bot = TavernBot(host, sync_commands=False)
    await bot.__aenter__()
    await bot.install()
    pretend_logged_in(bot)
    return bot


@dataclass
class BotRun:
    """One run of the bot process: its store, host, and a driver of its bot."""

    store: Store
    host: Host
    driver: Driver


@contextlib.asynccontextmanager
async def bot_run(db_path: Path, fake: FakeDiscord) -> AsyncIterator[BotRun]:
    """A bot with its own store and host over the database file `db_path`, all closed at the end
    as when the process stops: two runs in a row are a restart, the second knowing nothing of
    the first but the file."""
    store = await open_store(db_path)
    host = Host(store)
    try:
        bot = await start_bot(host)
        try:
            yield BotRun(store, host, Driver(bot, fake))
        finally:
            await bot.close()
    finally:
        host.close()
        await store.close()


USERS = {user.id: user for user in (ALICE, BOB, CAROL)}
PNG = b"\x89PNG\r\n\x1a\n"


def public_messages(requests: list[Request]) -> list[Request]:
    """The public messages among `requests`: answers to interactions, and messages the bot posted
    on its own (the computer's moves, made in the background after the interaction)."""
    return [r for r in requests if (r.is_followup or r.is_channel_post) and not r.ephemeral]


def private_messages(requests: list[Request]) -> list[Request]:
    return [r for r in requests if (r.is_followup or r.callback_type == 4) and r.ephemeral]


def the_public_message(requests: list[Request]) -> Request:
    found = public_messages(requests)
    assert len(found) == 1, [(r.method, r.path, r.payload) for r in requests]
    return found[0]


def the_private_message(requests: list[Request]) -> Request:
    found = private_messages(requests)
    assert len(found) == 1, [(r.method, r.path, r.payload) for r in requests]
    answered_publicly = [r for r in public_messages(requests) if r.is_followup]
    assert not answered_publicly, "a private answer must not also answer publicly"
    return found[0]


def deferred_first(requests: list[Request], *, ephemeral: bool | None = None) -> None:
    """The first thing the bot did was to acknowledge with a deferral (Discord's 3 seconds)."""
    assert requests, "the bot did not answer at all"
    first = requests[0]
    assert first.callback_type == DEFERRED_CHANNEL_MESSAGE, (first.method, first.path, first.payload)
    if ephemeral is not None:
        assert first.ephemeral == ephemeral


def sent_message(request: Request) -> dict[str, Any]:
    """The message as Discord stored it (what a later click carries)."""
    assert isinstance(request.answer, dict)
    return request.answer


def select_options(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the match message's move menu (none when it has no menu)."""
    for row in message.get("components", []):
        for component in row["components"]:
            if component["type"] == SELECT:
                options: list[dict[str, Any]] = component["options"]
                return options
    return []


def button_id(message: dict[str, Any], action: str) -> str:
    ids = [str(c["custom_id"]) for row in message["components"] for c in row["components"]]
    found = [cid for cid in ids if cid.split(":")[2] == action]
    assert len(found) == 1, ids
    return found[0]


@dataclass
class Started:
    match_id: int
    mover: User
    other: User
    message: dict[str, Any]
    """The match message the start posted."""


async def start_match(driver: Driver, host: Host, *, tournament: bool = False) -> Started:
    """Alice opens a two-player lobby and Bob joins, which starts the match."""
    await driver.command(ALICE, "keryo-pente new", seats=2, tournament=tournament)
    requests = await driver.command(BOB, "keryo-pente join")
    message = the_public_message(requests)
    (summary,) = await host.matches_of_player(BOB.id)
    snapshot = await host.get(summary.id)
    seat = snapshot.seat_to_move
    assert seat is not None and seat.user_id is not None
    mover = USERS[seat.user_id]
    other = BOB if mover is ALICE else ALICE
    return Started(summary.id, mover, other, sent_message(message))


async def stored(store: Store, match_id: int) -> tuple[MatchRow | None, list[Any]]:
    """Everything stored about a match: its row and its move log."""
    return await store.get_match(match_id), await store.log(match_id)
