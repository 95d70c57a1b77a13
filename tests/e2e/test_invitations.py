"""Issue 29 through the real bot: an invitation holds its seat against a third player, and a draw
offer pings the player who must answer it (and only them)."""

from __future__ import annotations

from .driver import ALICE, BOB, PLAYERS, Driver, Player, Stored, component_id, match_of

CAROL = Player(1003, "Carol")


def test_an_invitation_holds_the_seat_against_a_third_player(driver: Driver, stored: Stored) -> None:
    opened = driver.command(ALICE, "keibot new", invite=BOB)
    (lobby,) = [m for m in opened.messages if not m.ephemeral]
    match_id = match_of(lobby)
    assert lobby.content.startswith(f"<@{BOB.id}>, **Alice** invites you to play Keibot #{match_id}.")
    assert "A seat is held for you" in lobby.content and lobby.pinged == [BOB.id]
    assert "*(held for Bob)*" in lobby.text
    before = stored.match(match_id)

    refused = driver.click(CAROL, lobby, component_id(lobby, "join"))
    assert [m for m in refused.messages if not m.ephemeral and not m.deleted] == []  # private
    (text,) = refused.private_texts
    assert "held for **Bob**" in text
    assert stored.match(match_id) == before

    joined = driver.click(BOB, lobby, component_id(lobby, "join"))
    assert match_of(joined.messages[-1]) == match_id
    assert stored.match(match_id).status == "playing"


def test_a_draw_offer_pings_the_player_who_must_answer(driver: Driver, stored: Stored) -> None:
    opened = driver.command(ALICE, "keibot new")
    (lobby,) = [m for m in opened.messages if not m.ephemeral]
    joined = driver.click(BOB, lobby, component_id(lobby, "join"))
    board = joined.messages[-1]
    match_id = match_of(board)
    waiting = BOB if stored.user_to_move(match_id) == ALICE.id else ALICE
    offerer = PLAYERS[ALICE.id if waiting is BOB else BOB.id]

    offered = driver.click(offerer, board, component_id(board, "draw"))
    (shown,) = [m for m in offered.messages if not m.ephemeral]
    assert shown.content.startswith(
        f"<@{waiting.id}>: **{offerer.name}** offers a draw in Keibot #{match_id}"
    )
    assert shown.pinged == [waiting.id]

    # Told once: showing the board again pings nobody.
    shared = driver.command(offerer, "keibot board", share=True, match=match_id)
    (again,) = [m for m in shared.messages if not m.ephemeral]
    assert again.pinged == []
