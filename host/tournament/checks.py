"""The checks of a new tournament's settings: each refusal a FormatRefused (or SignupTimeRefused)
that says what would be accepted, raised before anything is stored."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from data import TournamentFormat
from rules import Game
from rules.text import phrase

from ..errors import SettingRefused
from ..settings import clock_hours
from ..vacations import stored_text
from .errors import FormatRefused, SignupTimeRefused

MOST_SWISS_ROUNDS = 20
MOST_PLAYERS = 1024
MOST_SIGNUP_HOURS = 336
"""The longest sign-up (14 days)."""


def clock_of(turn_clock: str | None) -> float | None:
    """The hours of a tournament's turn clock (a CLOCK_PRESETS key; None: the server's)."""
    if turn_clock is None:
        return None
    try:
        return clock_hours(turn_clock)
    except SettingRefused as refused:
        raise FormatRefused(refused.phrase) from None


def checked_format(format: str) -> TournamentFormat:
    try:
        return TournamentFormat(format)
    except ValueError:
        raise FormatRefused(
            phrase(
                "{value} is not a tournament format: choose one of {formats}.",
                value=repr(format),
                formats=", ".join(TournamentFormat),
            )
        ) from None


def checked_table_size(game: Game, size: int, kind: TournamentFormat) -> int:
    if type(size) is not int or size not in game.seats:
        raise FormatRefused(
            phrase(
                "{game} is played at tables of {allowed} players, not {size}.",
                game=game.title,
                allowed=", ".join(str(s) for s in game.seats),
                size=str(size),
            )
        )
    if size > 2 and kind != TournamentFormat.SWISS:
        raise FormatRefused(
            phrase("Tables of more than two players play Swiss tournaments only: choose the Swiss format.")
        )
    return size


def checked_rounds(kind: TournamentFormat, rounds: int | None) -> int | None:
    if kind != TournamentFormat.SWISS:
        if rounds is not None:
            raise FormatRefused(
                phrase(
                    "Only a Swiss tournament takes a number of rounds: round-robin and knockout "
                    "tournaments play as many as their players need."
                )
            )
        return None
    if type(rounds) is not int or not 1 <= rounds <= MOST_SWISS_ROUNDS:
        raise FormatRefused(
            phrase("A Swiss tournament plays 1 to {most} rounds: choose how many.", most=MOST_SWISS_ROUNDS)
        )
    return rounds


def checked_max_players(max_players: int, size: int) -> int:
    least = max(2, size)
    if type(max_players) is not int or not least <= max_players <= MOST_PLAYERS:
        raise FormatRefused(
            phrase(
                "A tournament's limit of players must be from {least} to {most}: choose a number in that "
                "range.",
                least=least,
                most=MOST_PLAYERS,
            )
        )
    return max_players


def checked_signup(until: datetime | None, now: datetime) -> str | None:
    if until is None:
        return None
    if until.tzinfo is None:
        until = until.replace(tzinfo=UTC)
    if not now < until <= now + timedelta(hours=MOST_SIGNUP_HOURS):
        raise SignupTimeRefused(most_hours=MOST_SIGNUP_HOURS)
    return stored_text(until.astimezone(UTC))  # UTC: the store compares times as text
