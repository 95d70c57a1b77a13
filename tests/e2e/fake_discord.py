"""A small Discord on 127.0.0.1: the REST routes and the gateway that discord.py 2.7 uses.

It runs in a thread of the test process (its own event loop), so the tests stay plain functions
and the bot runs as a real child process (tests/e2e/bot_process.py). Every request is recorded
and checked against what real Discord refuses (tests/e2e/discord_limits.py, plus the rules of
interaction answers: the first within 3 seconds, only one); a refused request is answered with
Discord's error JSON and kept in `refusals`, which the suite's fixture asserts is empty.

The gateway speaks what discord.py asks for in its URL (`compress=zlib-stream`: one zlib stream
per connection, each message ending with a Z_SYNC_FLUSH): HELLO, IDENTIFY → READY (the guild
unavailable) and GUILD_CREATE, heartbeats, RESUME → the missed events and RESUMED, and the
INTERACTION_CREATE events the tests send (`send_interaction`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import threading
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, WSMsgType, web

from .discord_limits import MAX_HISTORY, attachment_problems, command_problems, message_problems

DISCORD_EPOCH_MS = 1_420_070_400_000
"""Discord's snowflakes count milliseconds from 2015-01-01."""

APP_ID = 900_000_000_000_000_001
GUILD_ID = 800_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_001
DM_CHANNEL_ID = 650_000_000_000_000_011
"""A player's DM with the bot (an interaction there has no guild and no member)."""
GROUP_DM_ID = 650_000_000_000_000_012
"""A group DM the players reach the bot in through their own install of it."""
EPHEMERAL, LOADING = 64, 128
HOLD_SECONDS = 30.0
"""The longest a held request waits for the test to release it."""
ANSWER_WINDOW = 3.0
"""Seconds Discord gives an interaction for its first answer."""
HEARTBEAT_MS = 41_250
API = "/api/v10"

PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE = 2, 3, 4

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0,
    1,
    2,
    6,
    7,
    9,
    10,
    11,
)

BOT_USER = {
    "id": str(APP_ID),
    "username": "tavern",
    "global_name": "Tavern",
    "discriminator": "0",
    "avatar": None,
    "bot": True,
    "flags": 0,
    "verified": True,
}


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


def member_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "user": user_payload(user_id, name),
        "roles": [],
        "joined_at": "2024-01-01T00:00:00+00:00",
        "deaf": False,
        "mute": False,
        "flags": 0,
        "permissions": str((1 << 41) - 1 - 8),  # everything but administrator
    }


CHANNEL = {
    "id": str(CHANNEL_ID),
    "type": 0,
    "guild_id": str(GUILD_ID),
    "name": "games",
    "position": 0,
    "permission_overwrites": [],
    "nsfw": False,
    "parent_id": None,
    "topic": None,
    "last_message_id": None,
    "rate_limit_per_user": 0,
}


@dataclass
class Recorded:
    """One REST request, as the fake saw and answered it."""

    method: str
    path: str
    payload: Any
    files: list[tuple[str, bytes]]
    at: float
    status: int = 200


@dataclass
class Refusal:
    method: str
    path: str
    code: int
    problems: list[str]


@dataclass
class Posted:
    """A message as the fake keeps it: Discord's JSON and who could see it."""

    message: dict[str, Any]
    ephemeral: bool
    interaction: Interaction | None = None
    deleted: bool = False
    sent_mentions: dict[str, Any] | None = None
    nonce: str | None = None

    @property
    def id(self) -> int:
        return int(self.message["id"])

    @property
    def content(self) -> str:
        return str(self.message.get("content") or "")

    @property
    def text(self) -> str:
        """The content and every embed's title, description, fields and footer."""
        parts = [self.content]
        for embed in self.message.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name')} {f.get('value')}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text") or "")
        return "\n".join(parts)

    @property
    def custom_ids(self) -> list[str]:
        return [
            str(item["custom_id"])
            for row in self.message.get("components") or []
            for item in row.get("components") or []
            if "custom_id" in item
        ]

    @property
    def pinged(self) -> list[int]:
        """Whom the message could ping when it was sent (a later edit pings nobody)."""
        allowed = self.sent_mentions or {}
        return [int(user) for user in allowed.get("users") or []]

    @property
    def is_board(self) -> bool:
        """A public match message with its picture."""
        return not self.ephemeral and bool(self.message.get("attachments"))


@dataclass
class Interaction:
    """An INTERACTION_CREATE the fake sent, and how the bot answered it."""

    id: int
    token: str
    kind: int
    user_id: int
    sent_at: float
    payload: dict[str, Any] = field(default_factory=dict)
    answered_at: float | None = None
    callback: dict[str, Any] | None = None
    original: Posted | None = None
    messages: list[Posted] = field(default_factory=list)
    """Everything the interaction showed: its original response and follow-ups, in order."""

    @property
    def answer_seconds(self) -> float | None:
        return None if self.answered_at is None else self.answered_at - self.sent_at

    @property
    def private_texts(self) -> list[str]:
        return [p.text for p in self.messages if p.ephemeral and not p.deleted]

    @property
    def choices(self) -> list[dict[str, Any]]:
        if self.callback is None or self.callback.get("type") != AUTOCOMPLETE_RESULT:
            return []
        return list((self.callback.get("data") or {}).get("choices") or [])


class Refused(Exception):
    def __init__(self, status: int, code: int, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.problems = problems or []


@dataclass
class Session:
    id: str
    events: list[dict[str, Any]] = field(default_factory=list)
    """Every dispatch sent in this session (RESUME replays what a client missed)."""

    @property
    def seq(self) -> int:
        return len(self.events)


class GatewayConnection:
    def __init__(self, socket: web.WebSocketResponse, compress: bool) -> None:
        self.socket = socket
        self.compressor = zlib.compressobj() if compress else None
        self.session: Session | None = None

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        if self.compressor is None:
            await self.socket.send_str(text)
        else:
            data = self.compressor.compress(text.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
            await self.socket.send_bytes(data)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class FakeDiscord:
    """Start with `start()`; point discord.py at `api_base` and `gateway_url`."""

    def __init__(self, users: dict[int, str]) -> None:
        self.users = users
        """id -> name of the members of the one guild (besides the bot)."""
        self.requests: list[Recorded] = []
        self.refusals: list[Refusal] = []
        self.interactions: dict[str, Interaction] = {}
        self.posted: dict[int, Posted] = {}
        self.dm_channels: dict[int, int] = {}
        """The DM channels the bot opened: channel id -> the member it reaches."""
        self.direct_messages: dict[int, list[Posted]] = {}
        """What the bot sent each member by direct message (kept apart from the server's channel)."""
        self.threads: dict[int, dict[str, Any]] = {}
        """The public threads the bot opened on the channel's messages: thread id -> the thread."""
        self.commands: list[dict[str, Any]] = []
        self.syncs = 0
        self.identifies = 0
        self.resumes = 0
        self.faults: list[tuple[str, re.Pattern[str], int]] = []
        """(method, path pattern, HTTP status): the next matching request fails so, once."""
        self.holds: list[tuple[str, re.Pattern[str], bool]] = []
        """(method, path pattern, taken): the next matching request is never answered."""
        self.held: list[Recorded] = []
        """The requests held so far."""
        self.slows: list[tuple[str, re.Pattern[str], float]] = []
        """(method, path pattern, seconds): the next matching request is answered that late."""
        self._release: asyncio.Event | None = None
        self._last_id = 0
        self._id_lock = threading.Lock()
        self._sessions: dict[str, Session] = {}
        self._connection: GatewayConnection | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="fake-discord", daemon=True)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- life --------------------------------------------------------------------------------------

    def start(self) -> None:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(10)

    def release_held(self) -> None:
        """Answer the held requests (with a 503: their bot is gone)."""

        async def release() -> None:
            if self._release is not None:
                self._release.set()
                self._release = None

        self.call(release())

    def stop(self) -> None:
        self.release_held()
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def call(self, coroutine: Awaitable[Any]) -> Any:
        """Run a coroutine on the fake's loop, from the test's thread."""

        async def run() -> Any:
            return await coroutine

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(10)

    async def _serve(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/{path:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        listening = socket.socket()
        listening.bind(("127.0.0.1", 0))
        self.port = listening.getsockname()[1]
        await web.SockSite(self._runner, listening).start()

    def next_id(self) -> int:
        """A snowflake of the current time, as Discord makes them (the bot reads when a command
        was sent from its id), always larger than the last one."""
        with self._id_lock:
            now = (time.time_ns() // 1_000_000 - DISCORD_EPOCH_MS) << 22
            self._last_id = max(self._last_id + 1, now)
            return self._last_id

    # -- the gateway -------------------------------------------------------------------------------

    @property
    def connected(self) -> bool:
        connection = self._connection
        return connection is not None and connection.session is not None and not connection.socket.closed

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        websocket = web.WebSocketResponse(max_msg_size=0)
        await websocket.prepare(request)
        connection = GatewayConnection(websocket, request.query.get("compress") == "zlib-stream")
        await connection.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None})
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                break
            payload = json.loads(message.data)
            await self._gateway_message(connection, payload)
        if self._connection is connection:
            self._connection = None
        return websocket

    async def _gateway_message(self, connection: GatewayConnection, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == HEARTBEAT:
            await connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            assert isinstance(data, dict) and data.get("token"), data
            self.identifies += 1
            session = Session(f"session-{self.next_id()}")
            self._sessions[session.id] = session
            connection.session = session
            self._connection = connection
            await self._dispatch(
                "READY",
                {
                    "v": 10,
                    "user": BOT_USER,
                    "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
                    "session_id": session.id,
                    "resume_gateway_url": self.gateway_url,
                    "application": {"id": str(APP_ID), "flags": 0},
                    "private_channels": [],
                    "relationships": [],
                    # A sharded client's READY names its shard as its IDENTIFY did.
                    **({"shard": data["shard"]} if "shard" in data else {}),
                },
            )
            await self._dispatch("GUILD_CREATE", self._guild())
        elif op == RESUME:
            assert isinstance(data, dict)
            found = self._sessions.get(str(data.get("session_id")))
            if found is None:
                await connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
                return
            self.resumes += 1
            connection.session = found
            self._connection = connection
            for event in found.events[int(data.get("seq") or 0) :]:
                await connection.send(event)
            await self._dispatch("RESUMED", {})

    async def _dispatch(self, name: str, data: dict[str, Any]) -> None:
        connection = self._connection
        if connection is None or connection.session is None:
            raise AssertionError(f"no bot is connected to the gateway to receive {name}")
        session = connection.session
        event = {"op": DISPATCH, "t": name, "s": session.seq + 1, "d": data}
        session.events.append(event)
        if not connection.socket.closed:
            await connection.send(event)

    def _guild(self) -> dict[str, Any]:
        members = [member_payload(user_id, name) for user_id, name in self.users.items()]
        members.append({**member_payload(APP_ID, "Tavern"), "user": BOT_USER})
        return {
            "id": str(GUILD_ID),
            "name": "Tavern test server",
            "icon": None,
            "owner_id": str(next(iter(self.users))),
            "unavailable": False,
            "member_count": len(members),
            "large": False,
            "joined_at": "2024-01-01T00:00:00+00:00",
            "features": [],
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": str((1 << 41) - 1 - 8),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "channels": [CHANNEL],
            "threads": [],
            "members": members,
            "emojis": [],
            "stickers": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
        }

    def close_gateway(self, code: int = 4000) -> None:
        """Close the bot's socket with a resumable code: the bot comes back with RESUME."""

        async def close() -> None:
            connection = self._connection
            assert connection is not None
            await connection.socket.close(code=code)

        self.call(close())

    def send_interaction(self, payload: dict[str, Any]) -> Interaction:
        """Dispatch an INTERACTION_CREATE; its answers are gathered in the returned record."""
        # In a server the user comes inside the member; in a DM or group DM, by itself.
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        tracked = Interaction(
            int(payload["id"]), payload["token"], int(payload["type"]), int(user.get("id", 0)), 0.0, payload
        )
        self.interactions[tracked.token] = tracked

        async def send() -> None:
            tracked.sent_at = time.monotonic()
            await self._dispatch("INTERACTION_CREATE", payload)

        self.call(send())
        return tracked

    # -- REST --------------------------------------------------------------------------------------

    def hold_next(self, method: str, pattern: str, *, taken: bool) -> None:
        """The next request `method` whose path matches `pattern` is never answered (a test
        kills the bot meanwhile); `taken`: Discord did what it asked all the same."""
        self.holds.append((method, re.compile(pattern), taken))

    def slow_next(self, method: str, pattern: str, seconds: float, times: int = 1) -> None:
        """The next `times` requests `method` whose path matches `pattern` are answered (as
        usual) only after `seconds`: the bot's interactions stay in flight that long."""
        self.slows += [(method, re.compile(pattern), seconds)] * times

    def fail_next(self, method: str, pattern: str, status: int, times: int = 1) -> None:
        """The next `times` requests `method` whose path matches `pattern` get HTTP `status`."""
        self.faults += [(method, re.compile(pattern), status)] * times

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        try:
            return await self._rest_answer(request)
        except Exception as error:  # a bug of the fake, or a request it cannot read: fail the test
            self.refusals.append(Refusal(request.method, request.path, -1, [repr(error)]))
            raise

    async def _rest_answer(self, request: web.Request) -> web.StreamResponse:
        path = request.path.removeprefix(API)
        payload, files = await self._read(request)
        record = Recorded(request.method, path, payload, files, time.monotonic())
        self.requests.append(record)
        for hold in self.holds:
            method, pattern, taken = hold
            if method == request.method and pattern.fullmatch(path):
                self.holds.remove(hold)
                if taken:
                    self._answer(request.method, path, payload, files, dict(request.query))
                self.held.append(record)
                # No answer until the test releases it (the bot is killed waiting), then a 503.
                release = self._release = self._release or asyncio.Event()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(release.wait(), HOLD_SECONDS)
                record.status = 503
                return _json({"message": "Service Unavailable", "code": 0}, status=503)
        for slow in self.slows:
            method, pattern, seconds = slow
            if method == request.method and pattern.fullmatch(path):
                self.slows.remove(slow)
                await asyncio.sleep(seconds)
                break
        for fault in self.faults:
            method, pattern, status = fault
            if method == request.method and pattern.fullmatch(path):
                self.faults.remove(fault)
                record.status = status
                return _json({"message": "Server error", "code": 0}, status=status)
        try:
            answer = self._answer(request.method, path, payload, files, dict(request.query))
        except Refused as refused:
            record.status = refused.status
            self.refusals.append(Refusal(request.method, path, refused.code, refused.problems))
            body: dict[str, Any] = {"code": refused.code, "message": refused.message}
            if refused.problems:
                body["errors"] = {
                    "_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in refused.problems]
                }
            return _json(body, status=refused.status)
        if answer is None:
            record.status = 204
            return web.Response(status=204)
        return _json(answer)

    @staticmethod
    async def _read(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        if not request.body_exists:
            return None, []
        if request.content_type.startswith("multipart/"):
            payload: Any = None
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                data = await part.read()
                if part.name == "payload_json":
                    payload = json.loads(data)
                else:
                    files.append((part.filename or part.name or "", bytes(data)))
            return payload, files
        text = await request.text()
        return (json.loads(text) if text else None), []

    def _answer(
        self, method: str, path: str, payload: Any, files: list[tuple[str, bytes]], query: dict[str, str]
    ) -> Any:
        parts = path.strip("/").split("/")
        route = (method, *parts)
        match route:
            case ("GET", "gateway") | ("GET", "gateway", "bot"):
                return {
                    "url": self.gateway_url,
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            case ("GET", "users", "@me"):
                return BOT_USER
            case ("GET", "oauth2", "applications", "@me") | ("GET", "applications", "@me"):
                return self._application()
            case ("PUT", "applications", _, "commands") | ("PUT", "applications", _, "guilds", _, "commands"):
                return self._sync(parts[1], payload)
            case ("GET", "applications", _, "commands") | ("GET", "applications", _, "guilds", _, "commands"):
                return self.commands
            case ("POST", "interactions", interaction_id, token, "callback"):
                return self._callback(int(interaction_id), token, payload, files, query)
            case ("POST", "webhooks", _, token):
                return self._follow_up(token, payload, files)
            case ("GET" | "PATCH" | "DELETE", "webhooks", _, token, "messages", message_id):
                return self._webhook_message(method, token, message_id, payload, files)
            case ("POST", "users", "@me", "channels"):
                return self._open_dm(payload)
            case ("POST", "channels", channel_id, "messages") if int(channel_id) in self.dm_channels:
                return self._direct_message(int(channel_id), payload, files).message
            case ("GET", "channels", channel_id):
                return self._channel(channel_id)
            case ("GET", "channels", channel_id, "messages"):
                self._channel(channel_id)
                return self._history(query)
            case ("POST", "channels", channel_id, "messages"):
                self._channel(channel_id)
                repeated = self._same_nonce(payload)
                if repeated is not None:
                    return repeated.message
                created = self._create(payload, files, ephemeral=False)
                created.message["channel_id"] = channel_id  # the channel, or one of its threads
                return created.message
            case ("POST", "channels", channel_id, "messages", message_id, "threads"):
                self._channel(channel_id)
                return self._open_thread(int(message_id), payload)
            case ("GET" | "PATCH" | "DELETE", "channels", channel_id, "messages", message_id):
                self._channel(channel_id)
                return self._channel_message(method, int(message_id), payload, files)
        raise Refused(404, 0, f"404: Not Found ({method} {path} is not served by the fake)")

    def _dm_channel(self, channel_id: int) -> dict[str, Any]:
        user_id = self.dm_channels[channel_id]
        recipient = user_payload(user_id, self.users[user_id])
        return {"id": str(channel_id), "type": 1, "recipients": [recipient], "last_message_id": None}

    def _open_dm(self, payload: Any) -> dict[str, Any]:
        """The bot's DM channel with a member (one per member, as Discord keeps it)."""
        user_id = int((payload or {}).get("recipient_id") or 0)
        if user_id not in self.users:
            raise Refused(400, 50007, "Cannot send messages to this user")
        channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None)
        if channel_id is None:
            channel_id = self.next_id()
            self.dm_channels[channel_id] = user_id
        return self._dm_channel(channel_id)

    def _direct_message(self, channel_id: int, payload: Any, files: list[tuple[str, bytes]]) -> Posted:
        posted = self._create(payload, files, ephemeral=False)
        del self.posted[posted.id]  # not in the server's channel (its history, its boards)
        posted.message.update(channel_id=str(channel_id), guild_id=None)
        self.direct_messages.setdefault(self.dm_channels[channel_id], []).append(posted)
        return posted

    def _channel(self, channel_id: str) -> dict[str, Any]:
        """The server's one channel, or a thread the bot opened on one of its messages."""
        if channel_id == str(CHANNEL_ID):
            return CHANNEL
        thread = self.threads.get(int(channel_id)) if channel_id.isdigit() else None
        if thread is None:
            raise Refused(404, 10003, "Unknown Channel")
        return thread

    def _open_thread(self, message_id: int, payload: Any) -> dict[str, Any]:
        """A public thread on a message of the channel (its id is the message's, as Discord's)."""
        if message_id not in self.posted or message_id in self.threads:
            raise Refused(400, 160004, "A thread has already been created for this message")
        name = str((payload or {}).get("name") or "")
        if not 1 <= len(name) <= 100:
            raise Refused(400, 50035, "Invalid Form Body", ["name: 1 to 100 characters"])
        self.threads[message_id] = {
            "id": str(message_id),
            "type": 11,
            "guild_id": str(GUILD_ID),
            "parent_id": str(CHANNEL_ID),
            "owner_id": BOT_USER["id"],
            "name": name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": int((payload or {}).get("auto_archive_duration") or 1440),
                "archive_timestamp": "2024-01-01T00:00:00+00:00",
                "locked": False,
            },
        }
        return self.threads[message_id]

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(APP_ID),
            "name": "Tavern",
            "icon": None,
            "description": "",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": user_payload(next(iter(self.users)), self.users[next(iter(self.users))]),
            "verify_key": "0" * 64,
            "flags": 0,
            "bot": BOT_USER,
        }

    def _sync(self, application_id: str, payload: Any) -> list[dict[str, Any]]:
        if application_id != str(APP_ID):
            raise Refused(403, 50001, "Missing Access")
        if not isinstance(payload, list):
            raise Refused(400, 50035, "Invalid Form Body", ["a list of commands is expected"])
        problems = command_problems(payload)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", problems)
        self.syncs += 1
        self.commands = [
            {**command, "id": str(self.next_id()), "application_id": str(APP_ID), "version": "1"}
            for command in payload
        ]
        return self.commands

    # -- messages ----------------------------------------------------------------------------------

    def _message_json(
        self, payload: dict[str, Any], files: list[tuple[str, bytes]], flags: int
    ) -> dict[str, Any]:
        message_id = self.next_id()
        # The alt text of each file, which the bot gives in the payload's attachments by index.
        described = {
            int(a.get("id", -1)): a.get("description")
            for a in payload.get("attachments") or []
            if isinstance(a, dict) and str(a.get("id", "")).isdigit()
        }
        return {
            "id": str(message_id),
            "channel_id": str(CHANNEL_ID),
            "guild_id": str(GUILD_ID),
            "type": 0,
            "content": payload.get("content") or "",
            "author": BOT_USER,
            "attachments": [
                {
                    "id": str(self.next_id()),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.example/{name}",
                    "proxy_url": f"https://cdn.example/{name}",
                    **({"description": described[index]} if described.get(index) else {}),
                }
                for index, (name, data) in enumerate(files)
            ],
            "embeds": list(payload.get("embeds") or []),
            "components": list(payload.get("components") or []),
            "allowed_mentions": payload.get("allowed_mentions"),
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2024-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": flags,
            "webhook_id": str(APP_ID),
            "application_id": str(APP_ID),
        }

    @staticmethod
    def _check(payload: Any, files: list[tuple[str, bytes]], *, creating: bool) -> dict[str, Any]:
        if payload is None:
            payload = {}
        if not isinstance(payload, dict):
            raise Refused(400, 50035, "Invalid Form Body", ["a JSON object is expected"])
        problems = message_problems(
            {**payload, "attachments": payload.get("attachments") or [{"filename": n} for n, _ in files]},
            creating=creating,
        )
        for name, data in files:
            problems += attachment_problems(name, data)
        if problems:
            raise Refused(400, 50035, "Invalid Form Body", problems)
        return payload

    def _create(
        self,
        payload: Any,
        files: list[tuple[str, bytes]],
        *,
        ephemeral: bool,
        interaction: Interaction | None = None,
        loading: bool = False,
    ) -> Posted:
        checked = {} if loading else self._check(payload, files, creating=True)
        flags = int(checked.get("flags") or 0) | (EPHEMERAL if ephemeral else 0) | (LOADING if loading else 0)
        posted = Posted(
            self._message_json(checked, files, flags),
            ephemeral,
            interaction,
            sent_mentions=checked.get("allowed_mentions"),
            nonce=None if checked.get("nonce") is None else str(checked["nonce"]),
        )
        self.posted[posted.id] = posted
        if interaction is not None:
            interaction.messages.append(posted)
        return posted

    def _edit(self, posted: Posted, payload: Any, files: list[tuple[str, bytes]]) -> dict[str, Any]:
        checked = self._check(payload, files, creating=False)
        message = posted.message
        for key in ("content", "embeds", "components", "allowed_mentions"):
            if key in checked:
                message[key] = checked[key]
        if files:
            message["attachments"] = self._message_json(checked, files, 0)["attachments"]
        if int(message["flags"]) & LOADING:  # a deferred answer's placeholder becomes the message
            posted.sent_mentions = checked.get("allowed_mentions")
        message["flags"] = int(message["flags"]) & ~LOADING
        message["edited_timestamp"] = "2024-01-01T00:00:01+00:00"
        return message

    def _channel_message(
        self, method: str, message_id: int, payload: Any, files: list[tuple[str, bytes]]
    ) -> Any:
        posted = self.posted.get(message_id)
        if posted is not None and posted.ephemeral:
            posted = None  # only its interaction's webhook reaches an ephemeral message
        return self._message_route(method, posted, payload, files)

    def _history(self, query: dict[str, str]) -> list[dict[str, Any]]:
        """The channel's messages, newest first, as Discord pages them (`limit`, `before`,
        `after`); ephemeral messages are not in a channel."""
        try:
            limit = int(query.get("limit", "50"))
            before, after = int(query.get("before", 0)), int(query.get("after", 0))
        except ValueError:
            raise Refused(400, 50035, "Invalid Form Body", ["limit, before, after: integers"]) from None
        if not 1 <= limit <= MAX_HISTORY:
            raise Refused(400, 50035, "Invalid Form Body", [f"limit: from 1 to {MAX_HISTORY}"])
        shown = [
            p
            for p in self.posted.values()
            if not p.ephemeral
            and not p.deleted
            and not int(p.message["flags"]) & LOADING
            and (not before or p.id < before)
            and p.id > after
        ]
        return [p.message for p in sorted(shown, key=lambda p: p.id, reverse=True)[:limit]]

    def _same_nonce(self, payload: Any) -> Posted | None:
        """With `enforce_nonce`, Discord returns the message the bot sent with the same nonce a
        moment ago instead of creating another (it remembers nonces for a few minutes)."""
        if not isinstance(payload, dict) or not payload.get("enforce_nonce") or payload.get("nonce") is None:
            return None
        nonce = str(payload["nonce"])
        return next((p for p in self.posted.values() if p.nonce == nonce and not p.deleted), None)

    # -- interactions ------------------------------------------------------------------------------

    def _interaction(self, token: str) -> Interaction:
        tracked = self.interactions.get(token)
        if tracked is None:
            raise Refused(404, 10015, "Unknown Webhook")
        return tracked

    def _callback(
        self,
        interaction_id: int,
        token: str,
        payload: Any,
        files: list[tuple[str, bytes]],
        query: dict[str, str],
    ) -> Any:
        tracked = self.interactions.get(token)
        now = time.monotonic()
        if tracked is None or tracked.id != interaction_id:
            raise Refused(404, 10062, "Unknown interaction")
        if tracked.callback is not None:
            raise Refused(400, 40060, "Interaction has already been acknowledged.")
        if now - tracked.sent_at > ANSWER_WINDOW:
            raise Refused(404, 10062, f"Unknown interaction (answered after {now - tracked.sent_at:.2f} s)")
        if not isinstance(payload, dict):
            raise Refused(400, 50035, "Invalid Form Body", ["a JSON object is expected"])
        kind = payload.get("type")
        data = payload.get("data") or {}
        flags = int(data.get("flags") or 0)
        if kind == CHANNEL_MESSAGE:
            tracked.original = self._create(
                data, files, ephemeral=bool(flags & EPHEMERAL), interaction=tracked
            )
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            tracked.original = self._create(
                {}, [], ephemeral=bool(flags & EPHEMERAL), interaction=tracked, loading=True
            )
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if tracked.kind != COMPONENT:
                raise Refused(
                    400, 50035, "Invalid Form Body", ["only a component interaction updates its message"]
                )
            if kind == UPDATE_MESSAGE:
                message_id = int(tracked.payload["message"]["id"])
                posted = self.posted.get(message_id)
                if posted is not None:
                    self._edit(posted, data, files)
        elif kind == AUTOCOMPLETE_RESULT:
            if tracked.kind != AUTOCOMPLETE:
                raise Refused(
                    400, 50035, "Invalid Form Body", ["autocomplete results answer autocomplete only"]
                )
            problems = _choice_problems(data.get("choices"))
            if problems:
                raise Refused(400, 50035, "Invalid Form Body", problems)
        elif kind != MODAL:
            raise Refused(
                400, 50035, "Invalid Form Body", [f"type: {kind!r} is not an answer to this interaction"]
            )
        tracked.callback = payload
        tracked.answered_at = now
        if query.get("with_response") in ("1", "true", "True"):
            return {
                "interaction": {
                    "id": str(tracked.id),
                    "type": tracked.kind,
                    "response_message_id": str(tracked.original.id) if tracked.original else None,
                    "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                    "response_message_ephemeral": bool(flags & EPHEMERAL),
                },
                **(
                    {"resource": {"type": kind, "message": tracked.original.message}}
                    if kind == CHANNEL_MESSAGE and tracked.original
                    else {}
                ),
            }
        return None

    def _follow_up(self, token: str, payload: Any, files: list[tuple[str, bytes]]) -> Any:
        tracked = self._interaction(token)
        if tracked.callback is None:
            raise Refused(404, 10015, "Unknown Webhook")
        original = tracked.original
        if original is not None and int(original.message["flags"]) & LOADING and not original.deleted:
            # The first follow-up of a deferred answer replaces its "thinking…" placeholder.
            self._edit(original, payload, files)
            return original.message
        flags = int((payload or {}).get("flags") or 0)
        return self._create(payload, files, ephemeral=bool(flags & EPHEMERAL), interaction=tracked).message

    def _webhook_message(
        self, method: str, token: str, message_id: str, payload: Any, files: list[tuple[str, bytes]]
    ) -> Any:
        tracked = self._interaction(token)
        if message_id == "@original":
            posted = tracked.original
        else:
            posted = next((p for p in tracked.messages if str(p.id) == message_id), None)
        return self._message_route(method, posted, payload, files)

    def _message_route(
        self, method: str, posted: Posted | None, payload: Any, files: list[tuple[str, bytes]]
    ) -> Any:
        """GET, PATCH or DELETE of one message."""
        if posted is None or posted.deleted:
            raise Refused(404, 10008, "Unknown Message")
        if method == "GET":
            return posted.message
        if method == "DELETE":
            posted.deleted = True
            return None
        return self._edit(posted, payload, files)


def _json(body: Any, status: int = 200) -> web.Response:
    # Discord says exactly "application/json" (discord.py compares the whole header).
    return web.Response(body=json.dumps(body).encode(), status=status, content_type="application/json")


def _choice_problems(choices: Any) -> list[str]:
    if not isinstance(choices, list):
        return ["data.choices: a list is expected"]
    problems = []
    if len(choices) > 25:
        problems.append(f"data.choices: {len(choices)} choices, at most 25")
    for index, choice in enumerate(choices):
        name, value = choice.get("name"), choice.get("value")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            problems.append(f"data.choices.{index}.name: must be 1–100 characters")
        if isinstance(value, str) and len(value) > 100:
            problems.append(f"data.choices.{index}.value: longer than 100 characters")
    return problems
