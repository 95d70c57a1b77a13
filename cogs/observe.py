"""How long interactions take and which errors they meet, for whoever watches (the metrics of
tavern/metrics.py). Nothing here depends on a metrics library: the tree of the bot holds an
`InteractionWatch` whose listeners are told of each interaction when its handling ends, and of
each error the central handler (cogs/errors.py) answers. With no listener, the cost is a clock
read and a dictionary entry per interaction.

The three points: `timed(interaction, kind)` around the handling (the command tree for commands
and autocomplete, `answer_press` and the ladder's buttons for components), `answered(interaction)`
where the first answer leaves (cogs/replies.py and the few direct answers), `failed` in the
central error handler.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal, TypeVar

import discord

log = logging.getLogger("tavern.observe")

InteractionKind = Literal["command", "component", "autocomplete"]

T = TypeVar("T")

_STARTED = "tavern.observe.started"
_ANSWERED = "tavern.observe.answered"


@dataclass(frozen=True)
class InteractionTimes:
    """One interaction handled: its kind, the seconds from the start of its handling to its first
    answer (None: it sent none, or autocomplete, whose answer discord.py sends after the handler),
    and to the end of its handling."""

    kind: InteractionKind
    first_answer: float | None
    completion: float


@dataclass
class InteractionWatch:
    """The listeners of one bot (kept on its command tree, so two bots in one process, as in the
    tests, never mix their figures)."""

    handled: list[Callable[[InteractionTimes], None]] = field(default_factory=list)
    errors: list[Callable[[str], None]] = field(default_factory=list)
    """Told the class name of each exception the central handler answers."""


def watch_of(client: discord.Client) -> InteractionWatch | None:
    watch = getattr(getattr(client, "tree", None), "watch", None)
    return watch if isinstance(watch, InteractionWatch) else None


def answered(interaction: discord.Interaction) -> None:
    """The interaction's first answer is leaving now (later calls change nothing)."""
    interaction.extras.setdefault(_ANSWERED, time.perf_counter())


def failed(interaction: discord.Interaction, error: BaseException) -> None:
    """The central handler answers `error`: its class name is counted."""
    watch = watch_of(interaction.client)
    if watch is not None:
        _tell(watch.errors, type(error).__name__)


@contextlib.contextmanager
def timed(interaction: discord.Interaction, kind: InteractionKind) -> Iterator[None]:
    """Around the handling of an interaction: the listeners learn its times when it ends. An
    interaction already timed (a click discord.py and the removed-component listener both see
    cannot be handled twice, but a nested call could) is timed once, by the outer call."""
    if _STARTED in interaction.extras:
        yield
        return
    started = interaction.extras[_STARTED] = time.perf_counter()
    try:
        yield
    finally:
        ended = time.perf_counter()
        watch = watch_of(interaction.client)
        if watch is not None and watch.handled:
            first = interaction.extras.get(_ANSWERED)
            times = InteractionTimes(kind, None if first is None else first - started, ended - started)
            _tell(watch.handled, times)


def _tell(listeners: list[Callable[[T], None]], value: T) -> None:
    # A watcher's failure must never reach a player: it is logged and the interaction goes on.
    for listener in listeners:
        try:
            listener(value)
        except Exception:
            log.exception("An interaction listener failed")
