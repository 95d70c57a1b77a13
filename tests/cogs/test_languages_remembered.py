"""Who reads which language, through the real bot: every interaction (a command, a click) notes
its user's locale and its server's, a player's is stored (and read back after a restart, from the
SQLite file) and erased by `/privacy forget-me`, and `/tavern config language:` chooses what a
server's channels read, shown by `/tavern config`."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from cogs.config import LANGUAGE_CHOICES
from host import SHIPPED, Host
from tests.support.discord_harness import (
    ALICE,
    BOB,
    CAROL,
    bot_run,
    button_id,
    sent_message,
    the_private_message,
    the_public_message,
)
from tests.support.fake_discord import DM_ID, GUILD_ID, Driver, FakeDiscord, Request, member
from tests.support.pseudo import DISCORD_LOCALE, english_words, is_pseudo


def locales_stored(db_path: Path) -> dict[int, str]:
    with sqlite3.connect(db_path) as conn:
        return dict(conn.execute("SELECT user_id, locale FROM player_locales").fetchall())


def language_stored(db_path: Path) -> list[tuple[int, str | None]]:
    with sqlite3.connect(db_path) as conn:
        return conn.execute("SELECT guild_id, language FROM guild_settings").fetchall()


def field(request: Request, name: str) -> str:
    (value,) = [f["value"] for f in request.embeds[0]["fields"] if f["name"] == name]
    return str(value)


async def test_a_players_locale_is_remembered_across_a_restart_and_erased_by_privacy(
    db_path: Path, fake: FakeDiscord
) -> None:
    async with bot_run(db_path, fake) as first:
        first.driver.locales[ALICE.id] = "de"
        first.driver.guild_locale = "ja"
        await first.driver.command(ALICE, "help")
        assert first.host.languages.for_player(ALICE.id).code == "de"
        assert first.host.languages.for_server(GUILD_ID).code == "ja"
        await first.driver.command(BOB, "help")  # English, as everyone's until they show another
    assert locales_stored(db_path) == {ALICE.id: "de"}
    assert language_stored(db_path) == []  # the server's Discord locale is only seen

    async with bot_run(db_path, fake) as again:  # a new process over the same file
        assert again.host.languages.for_player(ALICE.id).code == "de"
        assert again.host.languages.for_player(BOB.id).code == "en"
        again.driver.locales[ALICE.id] = "de"
        ask = the_private_message(await again.driver.command(ALICE, "privacy forget-me"))
        await again.driver.click(ALICE, sent_message(ask), ask.custom_ids()[0])
        assert again.host.languages.for_player(ALICE.id).code == "en"
    assert locales_stored(db_path) == {}

    async with bot_run(db_path, fake) as third:
        assert third.host.languages.for_player(ALICE.id).code == "en"


async def test_a_locale_is_written_only_when_it_changed(db_path: Path, driver: Driver) -> None:
    driver.locales[ALICE.id] = "ko"
    await driver.command(ALICE, "help")
    with sqlite3.connect(db_path) as conn:
        (first,) = conn.execute("SELECT locale, updated_at FROM player_locales").fetchall()
    await driver.command(ALICE, "games")
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT locale, updated_at FROM player_locales").fetchall() == [first]
    driver.locales[ALICE.id] = "pt-BR"
    await driver.command(ALICE, "help")
    assert locales_stored(db_path) == {ALICE.id: "pt_BR"}


async def test_a_click_notes_its_players_locale_too(driver: Driver, host: Host) -> None:
    await driver.command(ALICE, "keryo-pente new", seats=3)
    lobby = sent_message(the_public_message(await driver.command(BOB, "keryo-pente join")))
    driver.locales[CAROL.id] = "uk"
    await driver.click(CAROL, lobby, button_id(lobby, "join"))
    assert host.languages.for_player(CAROL.id).code == "uk"


async def test_a_direct_message_channel_reads_the_language_of_its_player(driver: Driver, host: Host) -> None:
    driver.locales[ALICE.id] = "tr"
    await driver.command(ALICE, "help", channel_id=DM_ID)
    assert host.languages.for_server(DM_ID).code == "tr"  # a private match's id there is the channel's
    assert host.languages.for_server(GUILD_ID).code == "en"


def test_the_language_choices_are_each_in_their_own_words() -> None:
    names = {choice.value: str(choice.name) for choice in LANGUAGE_CHOICES}
    assert list(names) == ["en", *SHIPPED, "default"]
    assert (names["en"], names["de"], names["ja"], names["es"]) == ("English", "Deutsch", "日本語", "Español")
    assert names["default"] == "default: the server's language on Discord"
    assert len(names) <= 25  # Discord's most choices


async def test_config_language_is_stored_shown_and_read_back(db_path: Path, fake: FakeDiscord) -> None:
    async with bot_run(db_path, fake) as run:
        run.driver.guild_locale = "fr"
        shown = the_private_message(await run.driver.command(ALICE, "tavern config"))
        assert field(shown, "Language").startswith("Français: the server's language on Discord")
        changed = the_private_message(await run.driver.command(ALICE, "tavern config", language="de"))
        assert "changed" in changed.embeds[0]["title"]
        assert field(changed, "Language").startswith("Deutsch: match messages, lobbies, results and pictures")
        assert "chosen with `/tavern config language:`" in field(changed, "Language")
        assert run.host.languages.for_server(GUILD_ID).code == "de"
    assert language_stored(db_path) == [(GUILD_ID, "de")]

    async with bot_run(db_path, fake) as run:
        run.driver.guild_locale = "fr"
        assert run.host.languages.for_server(GUILD_ID).code == "de"  # read back at the start
        again = the_private_message(await run.driver.command(ALICE, "tavern config", language="default"))
        assert field(again, "Language").startswith("Français: the server's language on Discord")
        assert run.host.languages.for_server(GUILD_ID).code == "fr"
    assert language_stored(db_path) == [(GUILD_ID, None)]


async def test_a_refused_setting_changes_no_language_either(
    db_path: Path, driver: Driver, host: Host
) -> None:
    refused = the_private_message(
        await driver.command(ALICE, "tavern config", threads=False, quiet=True, language="ja")
    )
    assert "needs threads on" in refused.content
    assert host.languages.chosen(GUILD_ID) is None and language_stored(db_path) == []


async def test_config_and_its_refusals_in_the_pseudo_locale_have_no_english(driver: Driver) -> None:
    driver.locales[ALICE.id] = DISCORD_LOCALE
    shown = the_private_message(await driver.command(ALICE, "tavern config", disable="verquere", rated=False))
    embed = shown.embeds[0]
    texts = [embed["title"], embed["description"]] + [f"{f['name']} {f['value']}" for f in embed["fields"]]
    allowed = ["Keryo-Pente", "Keibot", "Glass Bead Game", "Verquere", "Kerboge", "English"]
    assert all(is_pseudo(text) for text in texts)
    assert [english_words(text, allowed) for text in texts] == [[] for _ in texts]
    guest = member(1005, "Guest")  # without Manage Server
    driver.locales[guest.id] = DISCORD_LOCALE
    for command in ("tavern config", "tavern cancel"):
        options = {"match": 1} if command == "tavern cancel" else {}
        refused = the_private_message(await driver.command(guest, command, **options)).content
        assert is_pseudo(refused) and english_words(refused) == [], refused
