"""Invitations hold a seat, offers reach the players who must answer them once, and a player's
lists show what waits for their answer (issue 29), over both stores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from data import Notify, Store
from host import (
    Host,
    MatchSnapshot,
    NoHeldSeat,
    NotCreator,
    NotInvited,
    OfferNotice,
    Player,
    SeatHeld,
)
from tests.support.databases import Database
from tests.support.host import ANN, BOB, CAT, CHANNEL, DAN, GUILD, mover, started_match, unchanged, waiting

EVE = Player(5, "Eve")


async def invited_lobby(host: Host, invited: list[Player], *, seats: int = 2) -> MatchSnapshot:
    """A Keryo-Pente lobby of `seats` opened by Ann, holding a seat for each of `invited`."""
    return await host.new(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=ANN,
        game_key="keryo-pente",
        seats=seats,
        options={"tournament": False},
        invited=invited,
    )


async def test_an_invited_seat_is_held_against_a_third_player(host: Host, database: Database) -> None:
    lobby = await invited_lobby(host, [BOB])
    assert lobby.held == (BOB,) and lobby.open_seats == 0
    with unchanged(database, lobby.id), pytest.raises(SeatHeld) as refused:
        await host.join(lobby.id, CAT)
    assert refused.value.held_for == ("Bob",)
    assert "held for Bob" in str(refused.value)
    started = await host.join(lobby.id, BOB)
    assert started.status == "playing" and set(started.human_ids) == {ANN.user_id, BOB.user_id}
    assert started.held == ()


async def test_the_hold_is_stored_and_survives_a_restart(host: Host, store: Store) -> None:
    lobby = await invited_lobby(host, [BOB])
    again = Host(store)
    try:
        assert (await again.get(lobby.id)).held == (BOB,)
        with pytest.raises(SeatHeld):
            await again.join(lobby.id, CAT)
    finally:
        again.close()


async def test_declining_frees_the_seat_for_anyone(host: Host, database: Database) -> None:
    lobby = await invited_lobby(host, [BOB])
    with unchanged(database, lobby.id), pytest.raises(NotInvited):
        await host.decline(lobby.id, CAT.user_id)
    declined = await host.decline(lobby.id, BOB.user_id)
    assert declined.held == () and declined.open_seats == 1
    assert (await host.join(lobby.id, CAT)).status == "playing"


async def test_only_the_creator_releases_the_hold(host: Host, database: Database) -> None:
    lobby = await invited_lobby(host, [BOB])
    with unchanged(database, lobby.id), pytest.raises(NotCreator):
        await host.release(lobby.id, CAT.user_id)
    released = await host.release(lobby.id, ANN.user_id)
    assert released.held == ()
    with pytest.raises(NoHeldSeat):
        await host.release(lobby.id, ANN.user_id)
    assert (await host.join(lobby.id, CAT)).status == "playing"


async def test_the_creator_cannot_fill_a_held_seat_with_a_computer(host: Host, database: Database) -> None:
    lobby = await invited_lobby(host, [BOB])
    with unchanged(database, lobby.id), pytest.raises(SeatHeld) as refused:
        await host.add_computer(lobby.id, ANN.user_id, "easy")
    assert refused.value.creator


async def test_others_take_the_free_seats_but_not_the_held_one(host: Host) -> None:
    lobby = await invited_lobby(host, [BOB], seats=4)
    assert lobby.open_seats == 2
    await host.join(lobby.id, CAT)
    after = await host.join(lobby.id, DAN)
    assert after.is_lobby and after.open_seats == 0 and after.held == (BOB,)
    with pytest.raises(SeatHeld):
        await host.join(lobby.id, EVE)
    assert (await host.join(lobby.id, BOB)).status == "playing"


async def test_the_lobby_clock_ends_the_hold_with_the_lobby(host: Host) -> None:
    lobby = await invited_lobby(host, [BOB])
    closed = await host.expire_idle(
        turn_timeout=None, lobby_timeout=timedelta(hours=1), now=datetime.now(UTC) + timedelta(hours=2)
    )
    assert [m.id for m in closed] == [lobby.id]
    assert (await host.get(lobby.id)).held == ()
    assert await host.player_invitations(BOB.user_id) == []


async def test_invitations_are_listed_for_the_invited_player(host: Host) -> None:
    lobby = await invited_lobby(host, [BOB])
    [invitation] = await host.player_invitations(BOB.user_id)
    assert (invitation.id, invitation.creator, invitation.held) == (lobby.id, "Ann", True)
    assert await host.player_invitations(CAT.user_id) == []
    await host.join(lobby.id, BOB)
    assert await host.player_invitations(BOB.user_id) == []


async def test_a_rematch_is_listed_for_the_players_asked_back(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    over = await host.resign(match.id, ANN.user_id)
    rematch = await host.rematch(over.id, ANN)
    [invitation] = await host.player_invitations(BOB.user_id)
    assert (invitation.id, invitation.rematch_of, invitation.held) == (rematch.id, match.id, False)
    assert await host.player_invitations(ANN.user_id) == []  # seated already


async def test_a_draw_offer_tells_each_player_who_must_answer_once(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB, CAT], {"tournament": False})
    await host.change_settings(CAT.user_id, notify="dm")
    offered = await host.offer_draw(match.id, ANN.user_id)
    told = await host.offer_notices(offered)
    assert sorted(told, key=lambda n: n.user_id) == [
        OfferNotice("draw", BOB.user_id, Notify.MENTION),
        OfferNotice("draw", CAT.user_id, Notify.DM),
    ]
    assert await host.offer_notices(offered) == []  # once
    accepted = await host.offer_draw(match.id, BOB.user_id)  # Bob agrees; Cat is still to answer
    assert accepted.draw_offer == {s.index for s in accepted.seats if s.user_id in (ANN.user_id, BOB.user_id)}
    assert await host.offer_notices(accepted) == []  # Cat was told already


async def test_a_takeback_request_tells_the_player_who_must_answer(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    first = mover(match)
    moved = await host.play(match.id, first, "K10")
    asked = await host.ask_takeback(moved.id, first)
    other = waiting(match)
    assert await host.offer_notices(asked) == [OfferNotice("takeback", other, Notify.MENTION)]
    assert await host.offer_notices(asked) == []
    assert await host.offer_notices(await host.get(match.id)) == []


async def test_my_games_shows_the_offers_waiting_for_my_answer(host: Host) -> None:
    match = await started_match(host, "keryo-pente", [ANN, BOB], {"tournament": False})
    await host.offer_draw(match.id, ANN.user_id)
    [bobs] = await host.player_matches(BOB.user_id)
    [anns] = await host.player_matches(ANN.user_id)
    assert bobs.draw_offered_by == ("Ann",) and anns.draw_offered_by == ()
    first = mover(match)
    await host.decline_draw(match.id, BOB.user_id)
    moved = await host.play(match.id, first, "K10")
    await host.ask_takeback(moved.id, first)
    [answering] = await host.player_matches(waiting(match))
    [asking] = await host.player_matches(first)
    asker = next(s.name for s in moved.seats if s.user_id == first)
    assert answering.takeback_asked_by == asker and asking.takeback_asked_by is None
