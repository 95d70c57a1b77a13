"""The keryo-pente transcript scenario (tests/support/scenarios.py) played in other languages and
compared with its own checked-in transcript, as the English one is (tests/cogs/test_transcripts.py):
a whole game (lobby, moves, a capture, a draw offer declined, five in a row, /board) with the
server and both players in German (keryo-pente.de.txt) and in Japanese (keryo-pente.ja.txt), and
a German server where Bob's Discord client is Japanese (keryo-pente.de-ja.txt: the same game, Bob
also moving out of turn and asking for /board mid-game; what the channel reads is German, what only
Bob reads is Japanese, what only Alice reads German). The bot learns every language from the
interactions themselves (`guild_locale`, `locale`), as it does on Discord.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from host import Host
from tests.support.discord_harness import ALICE, BOB
from tests.support.fake_discord import Driver, Request, User
from tests.support.scenarios import KERYO_PENTE_CAPTURE_AND_FIVE, VARIANTS, Scenario, keryo_pente, open_match
from tests.support.transcripts import assert_matches_transcript, describe


async def keryo_pente_with_private_answers(scene: Scenario) -> None:
    """The keryo-pente scenario's game, with private answers to each player (Bob is Japanese in
    the mixed transcript): a move out of turn refused, /board mid-game and after the end."""
    await open_match(scene, [ALICE, BOB], seats=2, tournament=False)
    script = iter(KERYO_PENTE_CAPTURE_AND_FIVE)
    await scene.autocomplete(BOB, "k1")
    for _ in range(4):  # K10 L10 H1 M10: Bob to move, who captures with N10
        await scene.play(lambda _: next(script))
    assert await scene.mover() is BOB
    await scene.command(ALICE, "move", move="O10")  # not her turn: refused, privately
    await scene.play(lambda _: next(script))
    await scene.command(BOB, "move", move="O10")  # not his turn: refused, privately
    await scene.command(BOB, "board")
    await scene.play(lambda _: next(script))
    await scene.command(BOB, "draw")
    await scene.command(ALICE, "draw", decline=True)
    while await scene.play(lambda _: next(script)):
        pass
    await scene.command(BOB, "board")


Play = Callable[[Scenario], Awaitable[None]]
SETTINGS: dict[str, tuple[str, str, dict[int, str], Play]] = {
    # transcript name: (the server's Discord locale, each player's own, exceptions by user id, game)
    "keryo-pente.de": ("de", "de", {}, keryo_pente),
    "keryo-pente.ja": ("ja", "ja", {}, keryo_pente),
    "keryo-pente.de-ja": ("de", "de", {BOB.id: "ja"}, keryo_pente_with_private_answers),
}


KANA = re.compile(r"[\u3040-\u30ff]")
"""Hiragana or katakana: Japanese (German and English have none)."""


class TranslatedScenario(Scenario):
    """A Scenario that clicks a button by its action, the label it writes down being translated,
    and keeps who read what: the texts of each answer, private or not, with the user who acted."""

    def __init__(self, driver: Driver, host: Host, game: str) -> None:
        super().__init__(driver, host, game)
        self.read: list[tuple[User, bool, str]] = []
        """(the user who acted, whether the answer was private, its text as the transcript has it)"""

    async def command(self, user: User, name: str, **options: Any) -> list[Request]:
        requests = await super().command(user, name, **options)
        for request in requests:
            if describe(request) and request.message is not None:
                self.read.append((user, request.ephemeral, "\n".join(describe(request))))
        return requests


@pytest.mark.parametrize("name", sorted(SETTINGS))
async def test_a_whole_game_in_another_language(name: str, driver: Driver, host: Host) -> None:
    server, players, exceptions, play = SETTINGS[name]
    driver.guild_locale, driver.locale = server, players
    driver.locales = dict(exceptions)
    game, _ = VARIANTS["keryo-pente"]
    scene = TranslatedScenario(driver, host, game)
    await play(scene)
    assert await host.matches_in_channel(*scene.place()) == []  # played to the end
    assert "file:" in scene.transcript.text and "(no alt text)" not in scene.transcript.text
    assert_matches_transcript(scene.transcript.text, name)


async def test_a_japanese_player_on_a_german_server_reads_privately_in_japanese(
    driver: Driver, host: Host
) -> None:
    driver.guild_locale, driver.locale, driver.locales = "de", "de", {BOB.id: "ja"}
    scene = TranslatedScenario(driver, host, "keryo-pente")
    await keryo_pente_with_private_answers(scene)
    bobs = [text for user, private, text in scene.read if private and user is BOB]
    alices = [text for user, private, text in scene.read if private and user is ALICE]
    public = [text for _, private, text in scene.read if not private]
    assert len(bobs) == 3 and all(KANA.search(text) for text in bobs), bobs
    (alt,) = [line for text in bobs for line in text.splitlines() if "(alt: " in line]
    assert KANA.search(alt), alt  # his /board's picture is described in his language too
    assert alices and not any(KANA.search(text) for text in alices), alices
    assert public and not any(KANA.search(text) for text in public), public
