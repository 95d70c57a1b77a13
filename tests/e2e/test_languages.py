"""One Keryo-Pente game on a German server (Discord's `guild_locale` "de") between Bob, whose
Discord client is Japanese, and Alice, whose client is English: what the channel reads (the lobby,
every match message, its buttons and picture's alt text, the result) is German; what only Bob
reads (his /settings, a refusal, /board) and his direct messages (his turn notices: he chose them
by DM) are Japanese; what only Alice reads is English. Each message is recognised by its own
catalogue's wording of it (`host.language.language(code)`), so a catalogue's change of words
changes no test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from host.language import language
from rules.text import Words

from .driver import ALICE, BOB, Driver, Player, Stored, component_id, match_of
from .fake_discord import CHANNEL_ID, GUILD_ID, Interaction, Posted

GERMAN, JAPANESE, ENGLISH = language("de"), language("ja"), language("en")


def worded(words: Words, template: str, **known: str) -> re.Pattern[str]:
    """`template` as `words` says it: its placeholders given in `known` as they are, any other
    one matching any text."""
    said = words.gettext(template)  # no params: the catalogue's template itself
    parts = re.split(r"(\{\w+\})", said)
    return re.compile(
        "".join(
            re.escape(known[part[1:-1]])
            if part[1:-1] in known
            else ".+?"
            if re.fullmatch(r"\{\w+\}", part)
            else re.escape(part)
            for part in parts
        )
    )


def private_answer(interaction: Interaction) -> Posted:
    (answer,) = [m for m in interaction.messages if m.ephemeral and not m.deleted]
    return answer


def public_answer(interaction: Interaction) -> Posted:
    return [m for m in interaction.messages if not m.ephemeral and not m.deleted][-1]


def labels(message: Posted) -> list[str]:
    return [
        str(item.get("label") or "")
        for row in message.message.get("components") or []
        for item in row.get("components") or []
    ]


def alt_text(message: Posted) -> str:
    (attachment,) = message.message.get("attachments") or []
    return str(attachment.get("description") or "")


@pytest.fixture
def german_server(driver: Driver) -> Iterator[Driver]:
    """The server German and Bob's client Japanese for one test; after it, both players tell the
    bot (which remembers locales for the whole session) they are English again, Bob's turn
    notices by mention as before, and the server English."""
    driver.guild_locale = "de"
    driver.locales = {BOB.id: "ja"}
    yield driver
    driver.guild_locale = "en-US"
    driver.locales = {}
    driver.command(BOB, "settings", notify="mention")
    driver.command(ALICE, "settings")


def test_a_german_server_and_a_japanese_player(german_server: Driver, stored: Stored) -> None:
    driver = german_server
    dms = driver.fake.direct_messages.setdefault(BOB.id, [])
    settings = private_answer(driver.command(BOB, "settings", notify="dm"))
    assert JAPANESE.gettext("Saved. Your turn notices are now:") in settings.text, settings.text

    lobby = public_answer(driver.command(ALICE, "keryo-pente new", seats=2, tournament=False))
    assert worded(
        GERMAN, "Press **Join** to take a seat. The match starts when all seats are taken; {early}"
    ).search(lobby.text), lobby.text
    joined = driver.click(BOB, lobby, component_id(lobby, "join"))
    board = public_answer(joined)
    match_id = match_of(board)
    title = f"Keryo-Pente #{match_id}"
    assert worded(GERMAN, "Match #{number} · {counts} · {command}", number=str(match_id)).search(board.text)
    assert GERMAN.gettext("{game} board.", game="Keryo-Pente") in alt_text(board), alt_text(board)
    assert any(GERMAN.pgettext("button", "Resign") in label for label in labels(board)), labels(board)
    moves = iter(["K10", "A1", "K11", "A3", "K12"])  # the first stone at the centre

    def play(player: Player) -> Posted:
        assert stored.user_to_move(match_id) == player.id
        return public_answer(driver.command(player, "keryo-pente move", move=next(moves), match=match_id))

    # The seats are dealt at random. Bob to move first: his own join owes him no notice, he plays.
    if stored.user_to_move(match_id) == BOB.id:
        board = play(BOB)
    assert board.content == GERMAN.gettext(
        "{player}, it is your turn in {match}.", player=f"<@{ALICE.id}>", match=title
    )
    assert dms == []
    board = play(ALICE)

    # Bob's turn by DM, in Japanese, with the link to the board; the channel names him in German.
    (notice,) = dms
    link = f"https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/{board.id}"
    assert notice.content == JAPANESE.gettext("It is your turn in {match}: {link}", match=title, link=link)
    assert board.pinged == [], "Bob chose a DM: the channel names him without a ping"
    assert board.content == GERMAN.gettext(
        "{player}, it is your turn in {match}.", player=f"<@{BOB.id}>", match=title
    )

    # Private refusals: each in its reader's own language.
    refused = private_answer(driver.command(ALICE, "keryo-pente move", move="B2", match=match_id))
    assert refused.text == ENGLISH.gettext(
        "It is not your turn in {match}: {player} is to move.", match=title, player=f"<@{BOB.id}>"
    )
    moved = play(BOB)
    assert worded(GERMAN, "Match #{number} · {counts} · {command}", number=str(match_id)).search(moved.text)
    assert moved.content == GERMAN.gettext(
        "{player}, it is your turn in {match}.", player=f"<@{ALICE.id}>", match=title
    )
    refused = private_answer(driver.command(BOB, "keryo-pente move", move="B2", match=match_id))
    assert refused.text == JAPANESE.gettext(
        "It is not your turn in {match}: {player} is to move.", match=title, player=f"<@{ALICE.id}>"
    )

    # Bob's private board: the embed and the picture's alt text in Japanese, not the channel's German.
    shown = private_answer(driver.command(BOB, "keryo-pente board", match=match_id))
    assert worded(JAPANESE, "Match #{number} · {counts} · {command}", number=str(match_id)).search(shown.text)
    assert JAPANESE.gettext("{game} board.", game="Keryo-Pente") in alt_text(shown), alt_text(shown)

    # Alice moves: Bob's turn reaches him by DM in Japanese; Bob resigns, the result in German.
    play(ALICE)
    assert len(dms) == 2 and dms[-1].content.startswith(
        JAPANESE.gettext("It is your turn in {match}: {link}", match=title, link="")
    )
    asked = driver.command(BOB, "keryo-pente resign", match=match_id)
    confirm = private_answer(asked)
    assert any(JAPANESE.gettext("Yes, resign") in label for label in labels(confirm)), labels(confirm)
    done = public_answer(driver.click(BOB, confirm, component_id(confirm, "resign-yes")))
    assert stored.match(match_id).status == "finished"
    assert worded(GERMAN, "Match #{number} · {counts} · {command}", number=str(match_id)).search(done.text)
    assert not re.search(r"[\u3040-\u30ff]", done.text + alt_text(done)), "Japanese in the channel"
