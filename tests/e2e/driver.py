"""Players, as the fake Discord's gateway would bring their actions to the bot.

`Driver` builds INTERACTION_CREATE payloads the way Discord does: slash commands from the
commands the bot synced (their ids and option types), autocomplete with the focused option, and
clicks on components of messages the bot posted (the message as Discord keeps it). Each action
waits until the bot has finished answering it. `Stored` reads the bot's database (read-only) to
check what a refused action left unchanged.
"""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules import GAMES

from .fake_discord import (
    APP_ID,
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CHANNEL,
    CHANNEL_ID,
    COMPONENT,
    DM_CHANNEL_ID,
    GROUP_DM_ID,
    GUILD_ID,
    LOADING,
    FakeDiscord,
    Interaction,
    Posted,
    member_payload,
    user_payload,
)

SUB_COMMAND = 1
USER_OPTION = 6
IN_SERVER, IN_BOT_DM, IN_PRIVATE_CHANNEL = 0, 1, 2
"""Discord's interaction contexts: a server channel, the bot's DM, a group DM or another DM."""
CUSTOM_ID = re.compile(
    r"tavern:(?P<game>[a-z0-9-]+):(?P<action>[a-z0-9-]+):(?P<match>\d+):(?P<turn>\d+)(?::.*)?"
)
MATCH_FOOTER = re.compile(r"^Match #(?P<match>\d+) · ", re.MULTILINE)
QUIET = 0.3
"""Seconds without a request after which the bot is taken to have finished answering."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str


ALICE = Player(1001, "Alice")
BOB = Player(1002, "Bob")
PLAYERS = {player.id: player for player in (ALICE, BOB)}


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


class Driver:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guild_locale = "en-US"
        """The server's locale as Discord gives it (`guild_locale`)."""
        self.locales: dict[int, str] = {}
        """Each player's Discord client's locale (`locale`), when not en-US."""

    # -- what the bot posted -----------------------------------------------------------------------

    def boards(self) -> list[Posted]:
        """Every public match message with a picture, oldest first (not the other public pictures,
        such as a leaderboard's)."""
        return [
            p
            for p in list(self.fake.posted.values())
            if p.is_board and not p.deleted and match_shown(p) is not None
        ]

    def public(self) -> list[Posted]:
        return [p for p in list(self.fake.posted.values()) if not p.ephemeral and not p.deleted]

    def latest_board(self, game: str) -> Posted:
        found = [
            p for p in self.boards() if any(f"tavern:{game}:" in c for c in p.custom_ids) or game in p.text
        ]
        assert found, f"no {game} board was posted"
        return found[-1]

    # -- sending -----------------------------------------------------------------------------------

    def _payload(self, player: Player, kind: int, context: int = IN_SERVER) -> dict[str, Any]:
        """An interaction as Discord sends it: in the server's channel, with the member; or
        outside a server (`context`), with no guild_id and no member (the user by itself), the DM
        or group DM as the channel, and who authorized the app there: in the bot's DM its server
        install ("0": "0") and the player's own ("1"); in a group DM only the player's own."""
        common = {
            "id": str(self.fake.next_id()),
            "application_id": str(APP_ID),
            "token": f"interaction-token-{self.fake.next_id()}",
            "version": 1,
            "type": kind,
            "app_permissions": str((1 << 41) - 1 - 8),
            "locale": self.locales.get(player.id, "en-US"),
            "entitlements": [],
            "context": context,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if context == IN_SERVER:
            return {
                **common,
                "guild_id": str(GUILD_ID),
                "channel_id": str(CHANNEL_ID),
                "channel": CHANNEL,
                "member": member_payload(player.id, player.name),
                "guild_locale": self.guild_locale,
                "authorizing_integration_owners": {"0": str(GUILD_ID)},
            }
        user = user_payload(player.id, player.name)
        if context == IN_BOT_DM:
            channel = {"id": str(DM_CHANNEL_ID), "type": 1, "recipients": [user]}
            owners = {"0": "0", "1": str(player.id)}
        else:
            channel = {
                "id": str(GROUP_DM_ID),
                "type": 3,
                "name": "board games",
                "icon": None,
                "owner_id": str(player.id),
                "recipients": [user],
            }
            owners = {"1": str(player.id)}
        return {
            **common,
            "channel_id": channel["id"],
            "channel": channel,
            "user": user,
            "authorizing_integration_owners": owners,
        }

    def _command_data(
        self, path: str, options: dict[str, Any], focused: str | None, context: int = IN_SERVER
    ) -> dict[str, Any]:
        group, _, sub = path.partition(" ")
        command = next((c for c in self.fake.commands if c["name"] == group), None)
        assert command is not None, f"/{group} was not synced"
        # Discord offers a command only where its synced contexts allow it.
        assert context in (command.get("contexts") or [IN_SERVER]), (
            f"/{group} is not offered in context {context}"
        )
        definition = command
        if sub:
            definition = next(o for o in command.get("options", []) if o["name"] == sub)
        types = {o["name"]: o["type"] for o in definition.get("options", [])}
        leaves = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in options.items():
            assert name in types, f"/{path} has no option {name}"
            if isinstance(value, Player):  # a member option: its id, the member in `resolved`
                assert types[name] == USER_OPTION, f"/{path} {name} is not a member option"
                member = member_payload(value.id, value.name)
                resolved.setdefault("users", {})[str(value.id)] = member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            option: dict[str, Any] = {"type": types[name], "name": name, "value": value}
            if name == focused:
                option["focused"] = True
            leaves.append(option)
        data: dict[str, Any] = {"id": command["id"], "type": 1, "name": group, "options": leaves}
        if resolved:
            data["resolved"] = resolved
        if sub:
            data["options"] = [{"type": SUB_COMMAND, "name": sub, "options": leaves}]
        return data

    def send(self, payload: dict[str, Any], *, settle: bool = True) -> Interaction:
        tracked = self.fake.send_interaction(payload)
        if settle:
            self.settle(tracked)
        return tracked

    def settle(self, *tracked: Interaction, timeout: float = 20.0) -> None:
        """Wait until these interactions are answered, none shows "thinking…" any more, and the
        bot has made no request for a moment."""

        def done() -> bool:
            if any(t.answered_at is None for t in tracked):
                return False
            if any(p.message["flags"] & LOADING and not p.deleted for t in tracked for p in t.messages):
                return False
            last = self.fake.requests[-1].at if self.fake.requests else 0.0
            return time.monotonic() - last > QUIET

        wait_for(done, timeout, "the bot to finish answering")

    def command(
        self, player: Player, path: str, *, settle: bool = True, context: int = IN_SERVER, **options: Any
    ) -> Interaction:
        """`/path` as `player`, in the server's channel, or (`context`) in their DM with the bot
        or a group DM."""
        payload = self._payload(player, APPLICATION_COMMAND, context)
        payload["data"] = self._command_data(path, options, None, context)
        return self.send(payload, settle=settle)

    def autocomplete(
        self, player: Player, path: str, focused: str, *, context: int = IN_SERVER, **options: Any
    ) -> list[Any]:
        """The values the bot suggests for option `focused`."""
        payload = self._payload(player, AUTOCOMPLETE, context)
        payload["data"] = self._command_data(path, options, focused, context)
        tracked = self.send(payload)
        return [choice["value"] for choice in tracked.choices]

    def click(
        self,
        player: Player,
        message: Posted,
        custom_id: str,
        values: Sequence[str] = (),
        *,
        settle: bool = True,
        as_seen: dict[str, Any] | None = None,
    ) -> Interaction:
        """A click on a component of `message` (as Discord keeps it now); `as_seen`: the message
        as the player's client still showed it, with a component the bot has taken off since."""
        component = next(
            (
                c
                for row in (as_seen or message.message).get("components") or []
                for c in row["components"]
                if c.get("custom_id") == custom_id
            ),
            None,
        )
        assert component is not None, f"{custom_id!r} is not on message {message.id}"
        payload = self._payload(player, COMPONENT)
        payload["message"] = json.loads(json.dumps(message.message))
        payload["data"] = {"custom_id": custom_id, "component_type": component["type"]}
        if values:
            payload["data"]["values"] = list(values)
        return self.send(payload, settle=settle)


def component_id(message: Posted, action: str) -> str:
    """The custom_id of the component of `message` with this action."""
    for custom_id in message.custom_ids:
        found = CUSTOM_ID.fullmatch(custom_id)
        if found and found["action"] == action:
            return custom_id
    raise AssertionError(f"no {action!r} component on message {message.id}: {message.custom_ids}")


def select_values(message: Posted, action: str = "move") -> list[str]:
    custom_id = component_id(message, action)
    for row in message.message.get("components") or []:
        for item in row["components"]:
            if item.get("custom_id") == custom_id:
                return [str(option["value"]) for option in item.get("options") or []]
    raise AssertionError("unreachable")


def match_shown(message: Posted) -> int | None:
    """The match a message shows: from its components, or (once they were taken off) its footer;
    None when it shows none."""
    for custom_id in message.custom_ids:
        found = CUSTOM_ID.fullmatch(custom_id)
        if found:
            return int(found["match"])
    footer = MATCH_FOOTER.search(message.text)
    return int(footer["match"]) if footer else None


def match_of(message: Posted) -> int:
    """The match a message shows (an error when it shows none)."""
    match_id = match_shown(message)
    if match_id is None:
        raise AssertionError(f"message {message.id} shows no match")
    return match_id


def started_keibot(driver: Driver, stored: Stored) -> tuple[int, Posted, Player]:
    """Alice opens a Keibot lobby in the server and Bob joins: the match, its first board and
    the player to move."""
    lobby = driver.command(ALICE, "keibot new")
    (lobby_message,) = [m for m in lobby.messages if not m.ephemeral]
    joined = driver.click(BOB, lobby_message, component_id(lobby_message, "join"))
    board = joined.messages[-1]
    match_id = match_of(board)
    return match_id, board, PLAYERS[stored.user_to_move(match_id) or 0]


def opened_match(opened: Interaction) -> int:
    """The match an interaction's public answer shows (its buttons may be gone since: the
    computer moved and the bot took them off)."""
    return match_of(next(m for m in opened.messages if not m.ephemeral and m.is_board))


@dataclass(frozen=True)
class MatchState:
    status: str
    version: int
    state: str | None
    moves: int


class Stored:
    """The bot's database, read-only."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _connect(self) -> contextlib.closing[sqlite3.Connection]:
        # Closed at once, not when the collector gets to it: a connection left open keeps the bot's
        # last close from checkpointing the write-ahead log (SQLite deletes it only when no other
        # connection has the file open).
        return contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=5))

    def match(self, match_id: int) -> MatchState:
        with self._connect() as db:
            status, version, state = db.execute(
                "SELECT status, version, state FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
            (moves,) = db.execute("SELECT count(*) FROM moves WHERE match_id = ?", (match_id,)).fetchone()
        return MatchState(status, version, state, moves)

    def user_to_move(self, match_id: int) -> int | None:
        """The user id of the seat to move (None: a computer, or nobody)."""
        with self._connect() as db:
            game, state = db.execute("SELECT game, state FROM matches WHERE id = ?", (match_id,)).fetchone()
            seats = dict(
                db.execute("SELECT seat, user_id FROM seats WHERE match_id = ?", (match_id,)).fetchall()
            )
        if state is None:
            return None
        seat = GAMES[game].load(json.loads(state)).to_move
        return None if seat is None else seats.get(seat)

    def computer_matches(self) -> list[int]:
        with self._connect() as db:
            rows = db.execute("SELECT DISTINCT match_id FROM seats WHERE computer IS NOT NULL").fetchall()
        return [row[0] for row in rows]
