"""The host's errors carry data and plain text; the cogs word them for Discord, as players read
them (mentions and commands where they help)."""

from __future__ import annotations

import pytest

from cogs.errors import user_message
from host import (
    HostError,
    LobbyAction,
    LobbyFull,
    MatchRef,
    NoMatchHere,
    NoRatingsYet,
    NotCreator,
    NotEnoughPlayers,
    NotYourTurn,
    UnknownGame,
    UnknownLevel,
    WhichMatch,
)
from host.language import ENGLISH

MATCH = MatchRef(7, "keryo-pente", "Keryo-Pente")


@pytest.mark.parametrize(
    ("error", "discord_text"),
    [
        (
            UnknownGame("chess", ["keryo-pente", "keibot"]),
            "There is no game called `chess`. The games are: `keryo-pente`, `keibot`.",
        ),
        (
            UnknownLevel("grandmaster", ["easy", "hard"]),
            "Computer players play at easy, hard, not `grandmaster`.",
        ),
        (
            NoMatchHere(game_key="keibot", game_title="Keibot", seated=True),
            "You are not in a Keibot match here. Start one with `/keibot new`, or join an open lobby.",
        ),
        (
            NoMatchHere(game_key="keibot", game_title="Keibot", seated=False),
            "There is no open Keibot lobby here. Open one with `/keibot new`.",
        ),
        (
            WhichMatch(game_title="Keibot", matches=[(3, ["Ann", "Bob"]), (4, ["Ann", "Cat"])]),
            "Several Keibot matches fit: #3 (Ann vs Bob), #4 (Ann vs Cat). "
            "Choose one with the `match` option.",
        ),
        (
            NotYourTurn(MATCH, to_move_user_id=42, to_move_name="Bob"),
            "It is not your turn in Keryo-Pente #7: <@42> is to move.",
        ),
        (
            NotYourTurn(MATCH, to_move_user_id=None, to_move_name="Computer"),
            "It is not your turn in Keryo-Pente #7: Computer is to move.",
        ),
        (
            NotYourTurn(MATCH, to_move_user_id=None, to_move_name=None),
            "It is not your turn in Keryo-Pente #7.",
        ),
        (LobbyFull(MATCH, seat_count=2), "Keryo-Pente #7 is full (2 players)."),
        (
            LobbyFull(MATCH, seat_count=2, suggest_new=True),
            "Keryo-Pente #7 is full (2 players). Open a new one with `/keryo-pente new`.",
        ),
        (
            NotEnoughPlayers(MATCH, seated=1, wanted=4),
            "Keryo-Pente #7 was opened for 4 players and 1 is seated: it starts when every seat is taken. "
            "Ask others to press **Join**, or fill the empty seats with computer players.",
        ),
        (
            NotEnoughPlayers(MATCH, seated=1, allowed=[2, 3]),
            "Keryo-Pente needs 2 or 3 players and 1 is seated. "
            "Ask someone to press **Join** (or use the join command).",
        ),
        (
            NotCreator(MATCH, creator_id=5, action=LobbyAction.START),
            "Only <@5>, who opened the lobby, can start it early.",
        ),
        (
            NotCreator(MATCH, creator_id=5, action=LobbyAction.ADD_COMPUTER),
            "Only <@5>, who opened the lobby, can add computer players.",
        ),
        (
            NoRatingsYet(game_key="keibot", game_title="Keibot", scope=0),
            "Nobody has a Keibot rating across all servers yet: ratings come from finished matches between "
            "two or more people. Start one with `/keibot new`.",
        ),
    ],
)
def test_host_errors_are_worded_for_discord(error: HostError, discord_text: str) -> None:
    assert user_message(error, ENGLISH) == discord_text
    plain = str(error)
    assert "<@" not in plain and "**" not in plain and "`" not in plain
