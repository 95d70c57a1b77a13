"""The transcript scenarios (tests/cogs/test_transcripts.py) played with the server and every
player in the pseudo-locale (host.language.PSEUDO, Discord locale "qps"): every text a player
reads — message content, embeds, button labels, menus, the pictures' alt text, private answers,
autocomplete — must have gone through a catalogue, so no plain English word may reach anyone
(tests/support/pseudo.py `english_words`), names, moves, game titles and ids aside. The harness
checks the same requests against Discord's limits, so a text made 40% longer never overflows.

Each scenario is played once per test session and its texts are sorted into parts (what the
channel reads, what a click shows, ...), each part a test of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from host import Host
from rules import GAMES
from tests.support.fake_discord import AUTOCOMPLETE_RESULT, GUILD_ID, Driver, Request, User
from tests.support.pseudo import DISCORD_LOCALE, english_words, is_pseudo
from tests.support.scenarios import PEOPLE, VARIANTS, Scenario
from tests.support.transcripts import describe

MATCH_MESSAGE = "match message"
"""What the channel reads: the match message's content and embed, the result, notices."""
CONTROLS = "buttons and menus"
"""The match message's button labels, menus' placeholders and option descriptions."""
ALT_TEXT = "alt text"
"""The pictures' alt text."""
PRIVATE = "private answers"
"""What only the person who acted reads (refusals, the resignation's confirmation, /board)."""
AUTOCOMPLETE = "autocomplete"
PARTS = (MATCH_MESSAGE, CONTROLS, ALT_TEXT, PRIVATE, AUTOCOMPLETE)

TITLES = sorted({title for game in GAMES.values() for title in (game.title, *game.variant_titles.values())})


@dataclass
class Heard:
    """The texts of one scenario, by part, and what may stay as it is (names, moves, titles)."""

    texts: dict[str, list[str]] = field(default_factory=lambda: {part: [] for part in PARTS})
    allowed: set[str] = field(default_factory=lambda: {*TITLES, *(user.name for user in PEOPLE.values())})


class PseudoScenario(Scenario):
    """A Scenario that keeps every text the bot sent, by part, and clicks by custom_id."""

    def __init__(self, driver: Driver, host: Host, game: str) -> None:
        super().__init__(driver, host, game)
        self.heard = Heard()

    def _keep(self, requests: list[Request]) -> list[Request]:
        for request in requests:
            self._hear(request)
        return super()._keep(requests)

    def _hear(self, request: Request) -> None:
        texts = self.heard.texts
        if request.callback_type == AUTOCOMPLETE_RESULT:
            choices = (request.payload or {}).get("data", {}).get("choices", [])
            texts[AUTOCOMPLETE] += [str(choice["name"]) for choice in choices]
            return
        if not describe(request) or request.message is None:
            return  # a deferral, a deletion: nothing to read
        read = texts[PRIVATE] if request.ephemeral else texts[MATCH_MESSAGE]
        if request.content:
            read.append(request.content)
        for embed in request.embeds:
            read += [embed.get("title") or "", embed.get("description") or ""]
            for embed_field in embed.get("fields") or []:
                read += [str(embed_field["name"]), str(embed_field["value"])]
            read.append((embed.get("footer") or {}).get("text", ""))
        for attachment in request.message.get("attachments") or []:
            texts[ALT_TEXT].append(attachment.get("description") or "")
        controls = texts[PRIVATE] if request.ephemeral else texts[CONTROLS]
        for row in request.message.get("components") or []:
            for component in row["components"]:
                controls += [component.get("label") or "", component.get("placeholder") or ""]
                for option in component.get("options", []):
                    self.heard.allowed |= {option["label"], option["value"]}  # notation
                    controls.append(option.get("description") or "")

    async def autocomplete(self, user: User, typed: str) -> None:
        before = len(self.driver.fake.requests)
        await super().autocomplete(user, typed)
        for request in self.driver.fake.requests[before:]:
            self._hear(request)


_played: dict[str, Heard] = {}
"""Each scenario's texts, played once for all its parts (by the first part's test)."""


async def heard_in(variant: str, driver: Driver, host: Host) -> Heard:
    if variant in _played:
        return _played[variant]
    driver.locale = driver.guild_locale = DISCORD_LOCALE
    # What the bot learns from its interactions (the server's locale, each player's own): told
    # here directly, so this test depends on no other part of the language plumbing.
    host.languages.saw_server(GUILD_ID, DISCORD_LOCALE)
    for person in PEOPLE.values():
        host.languages.saw_player(person.id, DISCORD_LOCALE)
    game, play = VARIANTS[variant]
    scene = PseudoScenario(driver, host, game)
    await play(scene)
    snapshot = await scene.snapshot()
    # The options as the `new` command names them and as they are typed (`setup:split`): command
    # and option names are never translated.
    scene.heard.allowed |= {
        *snapshot.options,
        *(str(v) for v in snapshot.options.values() if isinstance(v, str)),
    }
    scene.heard.allowed |= {str(entry.notation) for entry in await host.store.log(snapshot.id)}
    _played[variant] = scene.heard
    return scene.heard


def leaks(texts: list[str], allowed: set[str]) -> list[tuple[str, list[str]]]:
    """The texts with English in them, and those English words. Allowed texts shorter than a word
    `english_words` looks for (a move `h`, `e1`) are left out: cut out of a text, they would cut
    words in two."""
    kept = {text for text in allowed if len(text) >= 3}
    found = [(text, english_words(text, kept)) for text in texts if text]
    return [(text, words) for text, words in found if words]


def cases() -> list[Any]:
    return [
        pytest.param(variant, part, id=f"{variant}-{part}") for variant in sorted(VARIANTS) for part in PARTS
    ]


@pytest.mark.parametrize(("variant", "part"), cases())
async def test_no_english_reaches_a_player(variant: str, part: str, driver: Driver, host: Host) -> None:
    heard = await heard_in(variant, driver, host)
    texts = heard.texts[part]
    if texts and part != AUTOCOMPLETE:  # the bot's own words reached the players (autocomplete may
        # offer moves only; a scenario may have no private answer: Jai Kerboge's ends in a draw)
        assert any(is_pseudo(text) for text in texts), f"no {part} in the pseudo-locale"
    found = leaks(texts, heard.allowed)
    assert found == [], "English reached a player:\n" + "\n".join(
        f"{words} in {text!r}" for text, words in found
    )
