"""Discord, faked at the two places where discord.py would talk to it over HTTP.

Everything else is discord.py's own: `Interaction` objects built from gateway payload dicts by
the client's real `ConnectionState.parse_interaction_create`, the real `CommandTree` (option
parsing, autocomplete, error dispatch), the real `ViewStore` dispatching clicks to dynamic items,
and the real `InteractionResponse`/`Webhook` code that builds each request. Only the bottom
layer is replaced: `AsyncWebhookAdapter.request` (interaction responses and follow-ups) and
`HTTPClient.request` (the bot's own REST calls). Each request is recorded with its decoded JSON
payload and its files, and answered the way Discord would, so the code above sees real objects
(a follow-up returns a `WebhookMessage` with an id).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.ext import commands
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from cogs.match_message import BACKGROUND_TASK

APP_ID = 900_000_000_000_000_001
GUILD_ID = 800_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_001
GROUP_DM_ID = 650_000_000_000_000_001
"""A group DM: an interaction sent "in" it comes through a user's install of the app."""
DM_ID = 650_000_000_000_000_003
"""The user's direct messages with the bot (context 1)."""
OTHER_CHANNEL_ID = 700_000_000_000_000_002
EPHEMERAL = 64

DEFERRED_CHANNEL_MESSAGE = 5
CHANNEL_MESSAGE = 4
DEFERRED_UPDATE = 6
AUTOCOMPLETE_RESULT = 8

EDITED_FIELDS = ("content", "embeds", "components", "flags")
"""What an edit of a message changes, as the fake keeps it."""

DISCORD_TASKS = (
    "CommandTree-invoker",
    "discord-ui-dynamic-item",
    "discord.py: on_interaction",
    BACKGROUND_TASK,
)
"""discord.py's names for the tasks that run a command, an autocomplete or a click, and ours for
the computer moves an interaction leaves to the background."""


@dataclass(frozen=True)
class User:
    id: int
    name: str
    bot: bool = False
    permissions: int = discord.Permissions.general().value
    """The member's permissions in the channel (general ones include Manage Server)."""

    def user(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
        }

    def member(self) -> dict[str, Any]:
        return {
            "user": self.user(),
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(self.permissions),
        }


MEMBER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, use_application_commands=True)
"""What a member without any managing permission has."""


def member(user_id: int, name: str) -> User:
    """A member without the Manage Server permission."""
    return User(user_id, name, permissions=MEMBER_PERMISSIONS.value)


THREAD_ARCHIVED = 50083
UNKNOWN_CHANNEL = 10003
"""Discord's error codes: an operation on an archived thread, a channel (thread) that is gone."""


@dataclass
class Thread:
    """A thread as the fake keeps it."""

    id: int
    parent_id: int
    starter_id: int
    name: str
    auto_archive_duration: int
    archived: bool = False
    deleted: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 11,
            "guild_id": str(GUILD_ID),
            "parent_id": str(self.parent_id),
            "owner_id": str(APP_ID),
            "name": self.name,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "thread_metadata": {
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": "2024-01-01T00:00:00+00:00",
                "locked": False,
            },
        }


@dataclass
class Request:
    """One request discord.py made, decoded."""

    method: str
    path: str
    payload: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    answer: Any = None

    @property
    def token(self) -> str | None:
        parts = self.path.split("/")
        if parts[1] in ("interactions", "webhooks") and len(parts) > 3:
            return parts[3]
        return None

    @property
    def is_callback(self) -> bool:
        return self.path.endswith("/callback")

    @property
    def callback_type(self) -> int | None:
        return self.payload.get("type") if self.is_callback and self.payload else None

    @property
    def message(self) -> dict[str, Any] | None:
        """The message this request sends or edits (for a callback: its `data`)."""
        if self.payload is None:
            return None
        if self.is_callback:
            data = self.payload.get("data")
            return data if isinstance(data, dict) else None
        return self.payload

    @property
    def flags(self) -> int:
        message = self.message or {}
        return int(message.get("flags", 0) or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def is_followup(self) -> bool:
        return self.method == "POST" and self.path.startswith("/webhooks/") and self.path.count("/") == 3

    @property
    def is_channel_post(self) -> bool:
        """A message the bot posts in a channel on its own (not in answer to an interaction)."""
        return (
            self.method == "POST" and self.path.startswith("/channels/") and self.path.endswith("/messages")
        )

    @property
    def content(self) -> str:
        return str((self.message or {}).get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list((self.message or {}).get("embeds") or [])

    @property
    def text(self) -> str:
        """Everything a user would read: content and embeds."""
        return self.content + "\n" + json.dumps(self.embeds, ensure_ascii=False)

    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"] for row in (self.message or {}).get("components", []) for c in row["components"]
        ]


def _decode(
    payload: Mapping[str, Any] | None, multipart: Sequence[Mapping[str, Any]] | None
) -> dict[str, Any] | None:
    if payload is not None:
        return dict(payload)
    for part in multipart or ():
        if part.get("name") == "payload_json":
            decoded: dict[str, Any] = json.loads(part["value"])
            return decoded
    return None


def _read(files: Sequence[discord.File] | None) -> list[tuple[str, bytes]]:
    read = []
    for file in files or ():
        file.reset()
        read.append((file.filename or "", file.fp.read()))
        file.reset()
    return read


class FakeDiscord:
    """Records every request and answers it; see the module docstring."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self._last_id = 0
        self.fail_edits = False
        self.dm_channels: dict[int, int] = {}
        """The direct message channels the bot opened: channel id -> the user's id."""
        self.closed_dms: set[int] = set()
        """Users whose direct messages are closed to the bot: a DM to them is refused (403/50007)."""
        self.threads: dict[int, Thread] = {}
        self.token_channels: dict[str, int] = {}
        """The channel (or thread) of each interaction, by its token: where its answers go."""
        self.faults: list[tuple[str, re.Pattern[str], bool]] = []
        """(method, path pattern, taken): the next matching request fails with a 5xx after
        discord.py's retries; `taken`: Discord took the message all the same."""

    def next_id(self) -> int:
        """A snowflake of the current time, as Discord makes them (the bot reads when a command
        was sent from its id), always larger than the last one."""
        self._last_id = max(self._last_id + 1, discord.utils.time_snowflake(discord.utils.utcnow()))
        return self._last_id

    def message_payload(
        self, payload: Mapping[str, Any], files: list[tuple[str, bytes]], *, channel_id: int = CHANNEL_ID
    ) -> dict[str, Any]:
        message_id = self.next_id()
        message = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "type": 0,
            "content": payload.get("content") or "",
            "author": {
                "id": str(APP_ID),
                "username": "Tavern",
                "discriminator": "0",
                "global_name": None,
                "avatar": None,
                "bot": True,
            },
            "attachments": [
                {
                    "id": str(self.next_id()),
                    "filename": name,
                    "size": len(data),
                    "url": f"https://cdn.example/{name}",
                    "proxy_url": f"https://cdn.example/{name}",
                }
                for name, data in files
            ],
            "embeds": list(payload.get("embeds") or []),
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": "2024-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": int(payload.get("flags", 0) or 0),
            "components": list(payload.get("components") or []),
            "webhook_id": str(APP_ID),
            "application_id": str(APP_ID),
        }
        self.messages[message_id] = message
        return message

    def archive(self, thread_id: int) -> None:
        """Discord archives a thread nobody wrote in for its auto-archive duration."""
        self.threads[thread_id].archived = True

    def delete_thread(self, thread_id: int) -> None:
        self.threads[thread_id].deleted = True

    def _thread_request(self, request: Request) -> Any:
        """Threads, as Discord treats them: opened on a message, archived ones refuse messages
        and edits until un-archived, deleted ones are unknown."""
        parts = request.path.split("/")
        if request.method == "POST" and len(parts) == 6 and parts[5] == "threads":
            payload = request.payload or {}
            thread = Thread(
                int(parts[4]),  # a thread opened on a message has the message's id
                int(parts[2]),
                int(parts[4]),
                str(payload.get("name", "")),
                int(payload.get("auto_archive_duration", 1440)),
            )
            self.threads[thread.id] = thread
            return thread.payload()
        thread = self.threads[int(parts[2])]
        if thread.deleted:
            raise discord.NotFound(
                _FakeResponse(404), {"message": "Unknown Channel", "code": UNKNOWN_CHANNEL}
            )
        if request.method == "PATCH" and len(parts) == 3:
            if (request.payload or {}).get("archived") is False:
                thread.archived = False
            return thread.payload()
        if thread.archived and request.method in ("POST", "PATCH", "DELETE"):
            raise discord.HTTPException(
                _FakeResponse(400, "Bad Request"),
                {"message": "Thread is archived", "code": THREAD_ARCHIVED},
            )
        return None

    def _is_thread_request(self, request: Request) -> bool:
        parts = request.path.split("/")
        if len(parts) < 3 or parts[1] != "channels" or not parts[2].isdigit():
            return False
        return int(parts[2]) in self.threads or (len(parts) == 6 and parts[5] == "threads")

    def answer(self, request: Request) -> Any:
        if self._is_thread_request(request):
            answered = self._thread_request(request)
            if answered is not None:
                return answered
        if request.is_callback:
            data = request.payload or {}
            kind = data.get("type")
            inner = data.get("data") or {}
            return {
                "interaction": {
                    "id": request.path.split("/")[2],
                    "type": 2,
                    "response_message_id": str(self.next_id()),
                    "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                    "response_message_ephemeral": bool(int(inner.get("flags", 0) or 0) & EPHEMERAL),
                }
            }
        if request.method == "DELETE":
            return None
        if request.method == "POST" and request.path == "/users/@me/channels":
            return self.open_dm(int((request.payload or {})["recipient_id"]))
        if request.is_channel_post and self.dm_user(request) in self.closed_dms:
            raise discord.Forbidden(
                _FakeResponse(403, "Forbidden"),
                {"message": "Cannot send messages to this user", "code": 50007},
            )
        if request.is_channel_post and self.dm_user(request) is not None:
            channel_id = int(request.path.split("/")[2])
            return self.message_payload(request.payload or {}, request.files, channel_id=channel_id)
        if request.is_followup or (request.method in ("POST", "PATCH") and "/messages" in request.path):
            if request.method == "PATCH" and self.fail_edits and request.path.startswith("/channels/"):
                raise discord.NotFound(_FakeResponse(404), {"message": "Unknown Message", "code": 10008})
            last = request.path.rsplit("/", 1)[1]
            edited = self.messages.get(int(last)) if request.method == "PATCH" and last.isdigit() else None
            if edited is not None:  # an edit keeps the message's id (a test's copy stays as it was)
                changes = {k: v for k, v in (request.payload or {}).items() if k in EDITED_FIELDS}
                self.messages[int(edited["id"])] = {**edited, **changes}
                return self.messages[int(edited["id"])]
            return self.message_payload(
                request.payload or {}, request.files, channel_id=self.channel_of(request)
            )
        if request.method == "GET" and request.path.endswith("/messages"):
            return self.channel_history(request.path.split("/")[2])
        if request.method == "GET":
            return self.message_payload({}, [])
        return {}

    def open_dm(self, user_id: int) -> dict[str, Any]:
        """The DM channel with a user, as POST /users/@me/channels answers it."""
        channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None) or self.next_id()
        self.dm_channels[channel_id] = user_id
        recipient = {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}
        return {"id": str(channel_id), "type": 1, "recipients": [recipient], "last_message_id": None}

    def dm_user(self, request: Request) -> int | None:
        """The user a request posts a direct message to (None: not a DM)."""
        parts = request.path.split("/")
        if len(parts) > 2 and parts[1] == "channels" and parts[2].isdigit():
            return self.dm_channels.get(int(parts[2]))
        return None

    def direct_messages(self, user_id: int) -> list[Request]:
        """The direct messages the bot sent to a user (refused ones included)."""
        return [r for r in self.requests if r.is_channel_post and self.dm_user(r) == user_id]

    def channel_of(self, request: Request) -> int:
        """Where a new message goes: the channel in its path, or its interaction's channel."""
        parts = request.path.split("/")
        if parts[1] == "channels" and parts[2].isdigit():
            return int(parts[2])
        token = request.token
        return self.token_channels.get(token, CHANNEL_ID) if token is not None else CHANNEL_ID

    def channel_history(self, channel_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """A channel's messages, newest first (ephemeral ones are not in a channel)."""
        found = [
            m
            for m in self.messages.values()
            if m["channel_id"] == channel_id and not int(m["flags"]) & EPHEMERAL
        ]
        return sorted(found, key=lambda m: int(m["id"]), reverse=True)[:limit]

    def install(self, monkeypatch: Any) -> None:
        fake = self

        async def webhook_request(
            adapter: AsyncWebhookAdapter,
            route: Route,
            session: Any = None,
            *,
            payload: dict[str, Any] | None = None,
            multipart: list[dict[str, Any]] | None = None,
            files: Sequence[discord.File] | None = None,
            **_: Any,
        ) -> Any:
            return fake.record(route, _decode(payload, multipart), _read(files))

        async def http_request(
            http: HTTPClient,
            route: Route,
            *,
            files: Sequence[discord.File] | None = None,
            form: Sequence[dict[str, Any]] | None = None,
            **kwargs: Any,
        ) -> Any:
            return fake.record(route, _decode(kwargs.get("json"), form), _read(files))

        monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)
        monkeypatch.setattr(HTTPClient, "request", http_request)

    def fail_next(self, method: str, pattern: str, *, taken: bool = False, times: int = 1) -> None:
        """The next `times` requests `method` whose path matches `pattern` end in a server error,
        as when Discord answered 5xx to every retry (`taken`: the message was created all the
        same, and only the answer was lost)."""
        self.faults += [(method, re.compile(pattern), taken)] * times

    def record(self, route: Route, payload: dict[str, Any] | None, files: list[tuple[str, bytes]]) -> Any:
        path = route.url.removeprefix(Route.BASE)
        request = Request(route.method, path, payload, files)
        self.requests.append(request)
        fault = next((f for f in self.faults if f[0] == route.method and f[1].fullmatch(path)), None)
        if fault is not None:
            self.faults.remove(fault)
            if fault[2]:
                request.answer = self.answer(request)
            raise discord.DiscordServerError(_FakeResponse(503, "Service Unavailable"), "Service Unavailable")
        request.answer = self.answer(request)
        return request.answer


class _FakeResponse:
    """Enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int, reason: str = "Not Found") -> None:
        self.status = status
        self.reason = reason


def pretend_logged_in(bot: discord.Client) -> None:
    """What the gateway's READY event would set: the bot's own user and application id."""
    state = bot._connection
    state.user = discord.ClientUser(
        state=state,
        data={"id": str(APP_ID), "username": "Tavern", "discriminator": "0", "avatar": None, "bot": True},  # type: ignore[typeddict-item]
    )
    state.application_id = APP_ID


class Driver:
    """Sends interactions to a bot the way the gateway would, and waits for their handling."""

    def __init__(self, bot: commands.Bot, fake: FakeDiscord) -> None:
        self.bot = bot
        self.fake = fake
        self._tokens = itertools.count(1)
        self.locale = "en-US"
        """The locale of the Discord client of every user not in `locales` (`interaction.locale`)."""
        self.locales: dict[int, str] = {}
        """Each named user's Discord locale (`interaction.locale`)."""
        self.guild_locale = "en-US"
        """The server's locale (`interaction.guild_locale`); tests/support/pseudo.py's
        DISCORD_LOCALE for the pseudo-locale."""

    def _base(self, user: User, kind: int, channel_id: int) -> dict[str, Any]:
        """An interaction as Discord sends it: in a server channel (or one of its threads) where
        the bot is installed, or (`GROUP_DM_ID`) in a group DM through the user's install of the
        app (context 2: no server, no member, and the bot cannot post there on its own), or
        (`DM_ID`) in the user's DM with the bot (context 1; the key "0" with "0" says the bot's
        server install reaches its own DM, the key "1" the user's install)."""
        token = f"token-{next(self._tokens)}"
        self.fake.token_channels[token] = channel_id
        common = {
            "id": str(self.fake.next_id()),
            "application_id": str(APP_ID),
            "token": token,
            "version": 1,
            "type": kind,
            "channel_id": str(channel_id),
            "app_permissions": str(discord.Permissions.all().value),
            "locale": self.locales.get(user.id, self.locale),
            "attachment_size_limit": 10 * 1024 * 1024,
            "entitlements": [],
        }
        if channel_id == DM_ID:
            return {
                **common,
                "channel": {"id": str(channel_id), "type": 1, "recipients": [user.user()]},
                "user": user.user(),
                "authorizing_integration_owners": {"0": "0", "1": str(user.id)},
                "context": 1,
            }
        if channel_id == GROUP_DM_ID:
            group = {"id": str(channel_id), "type": 3, "name": "board games", "icon": None}
            return {
                **common,
                "channel": {**group, "owner_id": str(user.id), "recipients": [user.user()]},
                "user": user.user(),
                "authorizing_integration_owners": {"1": str(user.id)},  # the user installed it
                "context": 2,
            }
        channel: dict[str, Any] = {
            "id": str(channel_id),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": "games",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
        }
        thread = self.fake.threads.get(channel_id)
        if thread is not None:  # an interaction in a thread (Discord refuses one in an archived thread)
            assert not thread.archived and not thread.deleted, "Discord takes no command in this thread"
            channel = thread.payload()
        return {
            **common,
            "guild_id": str(GUILD_ID),
            "channel": channel,
            "member": user.member(),
            "guild_locale": self.guild_locale,
            # The bot is installed in the server (the key "0" names the server that installed it).
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
        }

    def _command_data(
        self, path: str, options: Mapping[str, Any], focused: str | None = None
    ) -> dict[str, Any]:
        group_name, _, name = path.partition(" ")
        root = self.bot.tree.get_command(group_name)
        assert root is not None, f"no command /{group_name}"
        command = root
        if name:
            assert isinstance(root, discord.app_commands.Group)
            found = root.get_command(name)
            assert isinstance(found, discord.app_commands.Command), f"no command /{path}"
            command = found
        assert isinstance(command, discord.app_commands.Command)
        leaf_options = []
        resolved: dict[str, dict[str, Any]] = {}
        for key, value in options.items():
            parameter = command.get_parameter(key)
            assert parameter is not None, f"/{path} has no option {key}"
            if isinstance(value, User):  # a member option: Discord sends the id and the member
                resolved.setdefault("users", {})[str(value.id)] = value.user()
                member = {k: v for k, v in value.member().items() if k != "user"}
                resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            option: dict[str, Any] = {"type": parameter.type.value, "name": key, "value": value}
            if key == focused:
                option["focused"] = True
            leaf_options.append(option)
        data: dict[str, Any] = {
            "id": str(hash(command)),
            "type": 1,
            "name": group_name,
            "options": leaf_options,
        }
        if name:
            data["id"] = str(hash(root))
            data["options"] = [{"type": 1, "name": name, "options": leaf_options}]
        if resolved:
            data["resolved"] = resolved
        return data

    async def settle(self) -> None:
        """Wait until every command, autocomplete and click discord.py started has finished."""
        me = asyncio.current_task()
        for _ in range(1000):
            pending = [
                task
                for task in asyncio.all_tasks()
                if task is not me and not task.done() and task.get_name().startswith(DISCORD_TASKS)
            ]
            if not pending:
                return
            await asyncio.wait(pending, timeout=60)
        raise AssertionError("interaction handling did not finish")

    async def send(self, payload: dict[str, Any]) -> list[Request]:
        start = len(self.fake.requests)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()
        return self.fake.requests[start:]

    def dispatch(self, user: User, path: str, *, channel_id: int = CHANNEL_ID, **options: Any) -> None:
        """`/path option:value …` as `user`, without waiting for the answer (several at once:
        then `settle`)."""
        payload = self._base(user, 2, channel_id)
        payload["data"] = self._command_data(path, options)
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]

    async def command(
        self, user: User, path: str, *, channel_id: int = CHANNEL_ID, **options: Any
    ) -> list[Request]:
        """`/path option:value …` as `user`; the requests the bot made in answer."""
        payload = self._base(user, 2, channel_id)
        payload["data"] = self._command_data(path, options)
        return await self.send(payload)

    async def autocomplete(
        self, user: User, path: str, focused: str, *, channel_id: int = CHANNEL_ID, **options: Any
    ) -> list[dict[str, Any]]:
        """The choices the bot suggests for option `focused` while the user types."""
        payload = self._base(user, 4, channel_id)
        payload["data"] = self._command_data(path, options, focused=focused)
        requests = await self.send(payload)
        results = [r for r in requests if r.callback_type == AUTOCOMPLETE_RESULT]
        assert len(results) == 1, requests
        choices: list[dict[str, Any]] = (results[0].payload or {})["data"]["choices"]
        return choices

    async def click(
        self,
        user: User,
        message: Mapping[str, Any],
        custom_id: str,
        *,
        values: Sequence[str] = (),
        channel_id: int = CHANNEL_ID,
        removed: bool = False,
    ) -> list[Request]:
        """A click on the component `custom_id` of `message` (a message payload the bot sent);
        `removed`: the bot has taken the components off the message meanwhile, and the click
        reaches it from a client that still showed them."""
        component = next(
            (
                c
                for row in message.get("components", [])
                for c in row["components"]
                if c.get("custom_id") == custom_id
            ),
            None,
        )
        assert component is not None, f"{custom_id!r} is not on the message"
        payload = self._base(user, 3, channel_id)
        payload["message"] = {**message, "components": []} if removed else dict(message)
        payload["data"] = {"custom_id": custom_id, "component_type": component["type"]}
        if values:
            payload["data"]["values"] = list(values)
        return await self.send(payload)
