"""Start, sync every command through the fake's checks, and resume after a gateway reconnect."""

from __future__ import annotations

from .bot_process import BotProcess
from .driver import ALICE, Driver, wait_for
from .fake_discord import APP_ID, FakeDiscord

GAMES = ("keryo-pente", "keibot", "glass-bead", "verquere", "kerboge")


def test_the_bot_syncs_its_commands_and_resumes_after_a_reconnect(
    fake: FakeDiscord, bot: BotProcess, driver: Driver
) -> None:
    names = {command["name"] for command in fake.commands}
    assert set(GAMES) <= names, names
    assert fake.syncs >= 1 and fake.refusals == []
    # The link the no-token help promises: logged once logged in, with the application's own id.
    assert f"Invite URL: https://discord.com/oauth2/authorize?client_id={APP_ID}&scope=" in bot.log()

    rules = driver.command(ALICE, "keibot rules")
    assert rules.private_texts and "Keibot" in rules.private_texts[0]

    identifies, resumes = fake.identifies, fake.resumes
    fake.close_gateway(4000)
    wait_for(lambda: fake.resumes > resumes and fake.connected, 20, "the bot to RESUME")
    assert fake.identifies == identifies, "the bot identified anew instead of resuming"

    again = driver.command(ALICE, "keryo-pente rules")
    assert again.private_texts and "Keryo-Pente" in again.private_texts[0]
