"""After `/privacy forget-me`, the player's name is nowhere in the database's files: not in the
file's freed pages (SQLite's secure_delete) nor in its write-ahead log (emptied by a checkpoint
after the erasure), while the bot goes on running."""

from __future__ import annotations

from pathlib import Path

from host import Host, Player
from tests.support.discord_harness import BOB, deferred_first, sent_message, the_private_message
from tests.support.fake_discord import Driver, User
from tests.support.host import win_by_five

QUOKKA = User(1077, "Zanzibar-Quokka-7781")
NAME = QUOKKA.name.encode()


def files_holding(folder: Path, text: bytes) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.is_file() and text in path.read_bytes())


async def test_forget_me_leaves_the_name_in_no_file(driver: Driver, host: Host, db_path: Path) -> None:
    for _ in range(3):  # several matches: the name in many rows and pages
        lobby = await host.new(
            guild_id=1,
            channel_id=2,
            creator=Player(QUOKKA.id, QUOKKA.name),
            game_key="keryo-pente",
            seats=2,
            options={"tournament": False},
        )
        await win_by_five(host, await host.join(lobby.id, Player(BOB.id, BOB.name)))
    assert files_holding(db_path.parent, NAME)  # the name is stored (else this proves nothing)

    ask = the_private_message(await driver.command(QUOKKA, "privacy forget-me"))
    done = await driver.click(QUOKKA, sent_message(ask), ask.custom_ids()[0])

    deferred_first(done, ephemeral=True)
    assert "Anonymous player" in the_private_message(done).content
    assert files_holding(db_path.parent, NAME) == []
