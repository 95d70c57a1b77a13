"""Transcripts: one seeded game of each variant played through the in-process Discord harness
(people, and computer players at the easy level, whose moves are seeded — the others think
against the clock; a capture where the game has them, a draw offer, a resignation,
the end), with every user-facing text the bot sent compared against a checked-in file
(tests/cogs/transcripts/<variant>.txt). A changed message shows in review as a diff of that file;
rewrite the files on purpose with UPDATE_TRANSCRIPTS=1 (see tests/support/transcripts.py).
"""

from __future__ import annotations

import pytest

from host import Host
from tests.support.fake_discord import Driver
from tests.support.scenarios import VARIANTS, Scenario
from tests.support.transcripts import assert_matches_transcript


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_what_the_bot_says_in_a_whole_game(variant: str, driver: Driver, host: Host) -> None:
    game, play = VARIANTS[variant]
    scene = Scenario(driver, host, game)
    await play(scene)
    assert await host.matches_in_channel(*scene.place()) == []  # every scenario plays to the end
    assert "file:" in scene.transcript.text and "(no alt text)" not in scene.transcript.text
    assert_matches_transcript(scene.transcript.text, variant)
