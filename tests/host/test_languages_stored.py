"""Who reads which language, as the store keeps it (migration 0017, on SQLite and PostgreSQL):
each player's own language (written only when it changes, erased with the player), each server's
chosen one (kept apart from its other settings), and the LanguageBook loaded from it."""

from __future__ import annotations

import pytest

from data import Store, open_store
from host import Host, SettingRefused
from host.ladder import Ladder
from tests.support.databases import Database
from tests.support.host import ANN, BOB, GUILD


async def test_a_fresh_store_remembers_no_language(store: Store) -> None:
    assert await store.languages() == ({}, {})


async def test_player_and_server_languages_are_stored_and_read_back(store: Store) -> None:
    await store.save_player_locale(ANN.user_id, "de")
    await store.save_player_locale(BOB.user_id, "ja")
    await store.save_player_locale(ANN.user_id, "pt_BR")  # a later locale replaces the earlier one
    await store.save_guild_language(GUILD, "fr")
    assert await store.languages() == ({GUILD: "fr"}, {ANN.user_id: "pt_BR", BOB.user_id: "ja"})
    await store.save_guild_language(GUILD, None)  # Discord's server locale again
    assert (await store.languages())[0] == {}


async def test_a_servers_language_and_its_other_settings_leave_each_other_alone(store: Store) -> None:
    host = Host(store)
    await host.configure(GUILD, threads=True, turn_clock="3d")
    await host.choose_language(GUILD, "ko")
    await host.configure(GUILD, rated=False)
    settings = await host.server_settings(GUILD)
    assert (settings.threads, settings.turn_clock_hours, settings.rated) == (True, 72, False)
    assert (await store.languages())[0] == {GUILD: "ko"}


async def test_the_host_writes_a_players_locale_only_when_it_changed(host: Host, database: Database) -> None:
    await host.heard(ANN.user_id, "de", GUILD, "fr")
    (first,) = database.fetchall(
        "SELECT locale, updated_at FROM player_locales WHERE user_id = ?", (ANN.user_id,)
    )
    await host.heard(ANN.user_id, "de", GUILD, "fr")  # the same locale: nothing written
    assert database.fetchall("SELECT locale, updated_at FROM player_locales") == [first]
    assert first[0] == "de"
    await host.heard(ANN.user_id, "es-419", GUILD, "fr")
    assert database.fetchall("SELECT locale FROM player_locales") == [("es",)]
    await host.heard(BOB.user_id, "en-US", GUILD, "fr")  # English is everyone's until told otherwise
    assert database.fetchall("SELECT user_id FROM player_locales") == [(ANN.user_id,)]
    # The server's Discord locale is only seen, never stored; it is what its channels read.
    assert database.fetchall("SELECT language FROM guild_settings") == []
    assert host.languages.for_server(GUILD).code == "fr"
    assert host.languages.for_player(ANN.user_id).code == "es"


async def test_a_restarted_host_reads_the_languages_back(database: Database) -> None:
    first = Host(store := await open_store(database.url))
    try:
        await first.heard(ANN.user_id, "ja", GUILD, "de")
        await first.choose_language(GUILD, "it")
    finally:
        first.close()
        await store.close()
    again = Host(store := await open_store(database.url))
    try:
        assert again.languages.for_player(ANN.user_id).code == "en"  # nothing read yet
        await again.load_languages()
        assert again.languages.for_player(ANN.user_id).code == "ja"
        assert again.languages.for_server(GUILD).code == "it"
        assert again.languages.chosen(GUILD) == "it"
    finally:
        again.close()
        await store.close()


async def test_an_unknown_language_is_refused_and_changes_nothing(host: Host, store: Store) -> None:
    await host.choose_language(GUILD, "de")
    with pytest.raises(SettingRefused) as refused:
        await host.choose_language(GUILD, "xx")
    assert "'xx' is not a language the bot speaks: choose one of en, de, es," in str(refused.value)
    assert (await store.languages())[0] == {GUILD: "de"}
    assert host.languages.chosen(GUILD) == "de"
    await host.choose_language(GUILD, None)
    assert host.languages.chosen(GUILD) is None and (await store.languages())[0] == {}


async def test_forgetting_a_player_erases_their_language(host: Host, database: Database) -> None:
    await host.heard(ANN.user_id, "uk")
    await host.heard(BOB.user_id, "tr")
    await host.change_settings(ANN.user_id, reminders=False)
    await Ladder(host).forget(ANN.user_id)
    assert database.fetchall("SELECT user_id, locale FROM player_locales") == [(BOB.user_id, "tr")]
    assert host.languages.for_player(ANN.user_id).code == "en"
    assert host.languages.for_player(BOB.user_id).code == "tr"
