"""tavern/settings.py: the values refused since issue 32 (each in one line that says what would be
accepted), and the new settings LOG_FORMAT, METRICS_PORT and METRICS_HOST."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tavern.settings import BadSetting, Settings


def load(values: dict[str, str], tmp_path: Path) -> Settings:
    return Settings.load(values, tmp_path / "none")


def refusal(values: dict[str, str], tmp_path: Path) -> str:
    with pytest.raises(BadSetting) as refused:
        load(values, tmp_path)
    message = str(refused.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("name", ["LOBBY_TIMEOUT_HOURS", "TURN_TIMEOUT_HOURS"])
@pytest.mark.parametrize("value", ["0.0000001", "0.5", "0.99", "nan", "inf"])
def test_a_clock_under_an_hour_is_refused(tmp_path: Path, name: str, value: str) -> None:
    """0.0000001 hours closed every lobby at the next sweep; now only 0 (off) or 1 hour and up."""
    said = refusal({name: value}, tmp_path)
    assert said.startswith(f"{name} must be a number of hours from 0 (never) up") and "at least 1" in said


@pytest.mark.parametrize("name", ["LOBBY_TIMEOUT_HOURS", "TURN_TIMEOUT_HOURS"])
def test_a_clock_of_0_or_an_hour_and_more_is_accepted(tmp_path: Path, name: str) -> None:
    field = name.split("_")[0].lower() + "_timeout"
    assert getattr(load({name: "0"}, tmp_path), field) is None
    assert getattr(load({name: "1"}, tmp_path), field) == timedelta(hours=1)
    assert getattr(load({name: "36.5"}, tmp_path), field) == timedelta(hours=36.5)


@pytest.mark.parametrize("value", ["12345678901234567890123", str(2**64), "0", "-5", "12.5"])
def test_a_dev_guild_id_that_is_no_snowflake_is_refused(tmp_path: Path, value: str) -> None:
    assert refusal({"DEV_GUILD_ID": value}, tmp_path).startswith("DEV_GUILD_ID must be a server id")


def test_a_snowflake_is_accepted_up_to_64_bits(tmp_path: Path) -> None:
    assert load({"DEV_GUILD_ID": "800000000000000001"}, tmp_path).dev_guild_id == 800000000000000001
    assert load({"DEV_GUILD_ID": str(2**64 - 1)}, tmp_path).dev_guild_id == 2**64 - 1


def test_log_format_is_text_or_json(tmp_path: Path) -> None:
    assert load({}, tmp_path).log_format == "text"
    assert load({"LOG_FORMAT": "JSON"}, tmp_path).log_format == "json"
    assert refusal({"LOG_FORMAT": "xml"}, tmp_path) == "LOG_FORMAT must be one of text, json, not 'xml'."


def test_metrics_are_off_by_default_and_on_this_machine_only(tmp_path: Path) -> None:
    default = load({}, tmp_path)
    assert (default.metrics_port, default.metrics_host) == (None, "127.0.0.1")
    chosen = load({"METRICS_PORT": "9464", "METRICS_HOST": "0.0.0.0"}, tmp_path)
    assert (chosen.metrics_port, chosen.metrics_host) == (9464, "0.0.0.0")


@pytest.mark.parametrize(
    ("values", "said"),
    [
        (
            {"METRICS_PORT": "0"},
            "METRICS_PORT must be a port number from 1 to 65535 (or empty: off), not '0'.",
        ),
        ({"METRICS_PORT": "65536"}, "METRICS_PORT must be a port number from 1 to 65535"),
        ({"METRICS_PORT": "http"}, "METRICS_PORT must be a port number from 1 to 65535"),
        ({"METRICS_HOST": "http://x/"}, "METRICS_HOST must be an address or host name"),
        ({"METRICS_HOST": "a b"}, "METRICS_HOST must be an address or host name"),
    ],
)
def test_bad_metrics_settings_are_refused(tmp_path: Path, values: dict[str, str], said: str) -> None:
    assert refusal(values, tmp_path).startswith(said)
