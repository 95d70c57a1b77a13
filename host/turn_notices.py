"""Your turn, wherever you are: each player's notice settings, the reminders before the turn clock
runs out, and the list of a player's matches. No Discord: the cogs decide how to send.

A turn begins when its position is reached (the match's last log entry; before any, when the match
changed last). The reminders of a turn (at half and at 90% of the clock) are claimed in the store
before they are handed out, so that two sweeps, or two processes, never send one twice; a reminder
whose sending then fails is not tried again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TypeGuard

from data import ACTIVE_STATUSES, MatchStatus, Notify, OfferNoticeClaim, SettingsRow
from rules.text import phrase

from .checks import check_id
from .errors import BadRequest, MatchNotFound
from .kept import Loaded
from .reading import to_seats
from .settings import possible_clocks
from .snapshot import MatchSnapshot
from .takebacks import takeback_offer_of
from .vacations import Vacations, stored_moment, stored_text

REMINDER_SHARES = (50, 90)
"""When a player to move is reminded: after these percents of the turn clock."""
PLAYER_MATCHES_LIMIT = 200
"""The most matches of one player that `player_matches` looks at."""


class UnknownNotice(BadRequest):
    def __init__(self, value: object) -> None:
        self.value = value
        self.known = tuple(Notify)
        super().__init__(
            phrase(
                "{value} is not a way to be told: choose one of {known}.",
                value=repr(value),
                known=", ".join(self.known),
            )
        )


@dataclass(frozen=True)
class PlayerSettings:
    """How a player is told that it is their turn, and whether they are reminded."""

    notify: Notify = Notify.MENTION
    reminders: bool = True

    @classmethod
    def of(cls, row: SettingsRow | None) -> PlayerSettings:
        return cls() if row is None else cls(row.notify, row.reminders)


@dataclass(frozen=True)
class TurnReminder:
    """A reminder due now: the player to move has used `share` percent of the turn clock."""

    match_id: int
    title: str
    guild_id: int
    channel_id: int
    """The channel of the match message."""
    message_id: int | None
    user_id: int
    notify: Notify
    share: int
    runs_out_in: timedelta
    """How long until the turn clock resigns them."""
    private: bool = False
    """Played where the bot cannot post on its own: the reminder can only go by DM."""


@dataclass(frozen=True)
class PlayerMatch:
    """One of a player's matches (a lobby or a game being played), for their list."""

    id: int
    game: str
    """The game key."""
    title: str
    status: MatchStatus
    guild_id: int
    channel_id: int
    """The channel of the match message."""
    message_id: int | None
    seat_count: int
    players: tuple[str, ...]
    """The other seats' labels (a lobby: those seated so far)."""
    your_turn: bool
    to_move: str | None
    """The label of the seat to move when it is someone else's (None in a lobby, or at a chance
    event)."""
    waiting: timedelta
    """How long the match has waited: since its position was reached (a lobby: its last change)."""
    move_count: int
    draw_offered_by: tuple[str, ...] = ()
    """The seats' labels that offer a draw the player is still to answer."""
    takeback_asked_by: str | None = None
    """The label of the seat that asks for a takeback the player is still to answer."""


@dataclass(frozen=True)
class Invitation:
    """An open lobby that asks a player to join: it holds a seat for them, or it is the rematch
    of a match they played (for /mygames)."""

    id: int
    title: str
    guild_id: int
    channel_id: int
    """The channel of the match message."""
    message_id: int | None
    creator: str
    """The name of the player who opened it."""
    rematch_of: int | None
    held: bool
    """A seat is held for the player."""


@dataclass(frozen=True)
class OfferNotice:
    """A player who must answer an offer, to be told once, the way they chose."""

    kind: str
    """'draw' or 'takeback'."""
    user_id: int
    notify: Notify


class TurnNotices(Vacations):
    """The player settings, reminders and match list part of the host (a mixin of `Host`)."""

    async def player_settings(self, user_id: int) -> PlayerSettings:
        check_id(user_id, "user id")
        return PlayerSettings.of(await self.store.settings(user_id))

    async def change_settings(
        self, user_id: int, *, notify: str | None = None, reminders: bool | None = None
    ) -> PlayerSettings:
        """Change what is given (None keeps it); returns the settings as they now are."""
        check_id(user_id, "user id")
        way = None
        if notify is not None:
            try:
                way = Notify(notify)
            except ValueError:
                raise UnknownNotice(notify) from None
        if reminders is not None and not isinstance(reminders, bool):
            raise BadRequest(
                phrase("{value} is not on or off: reminders are True or False.", value=repr(reminders))
            )
        if way is None and reminders is None:
            return await self.player_settings(user_id)
        return PlayerSettings.of(await self.store.save_settings(user_id, notify=way, reminders=reminders))

    async def due_reminders(
        self, *, turn_timeout: timedelta | None, now: datetime | None = None, limit: int = 100
    ) -> list[TurnReminder]:
        """The reminders due now, each claimed in the store: the caller sends them, and nobody
        will again. Each match's turn clock is the one the resigning sweep (`expire_idle`) gives
        it: its server's, else `turn_timeout` (the bot's default; None: off); a match without a
        clock gets no reminders. When both are due at once (the bot was stopped meanwhile), only
        the later one is sent."""
        now = now or datetime.now(UTC)
        default_hours, clocks = possible_clocks(turn_timeout)
        first, last = REMINDER_SHARES[0], REMINDER_SHARES[-1]
        cutoffs = {
            hours: (
                stored_text(now - timedelta(hours=hours) * first / 100),
                stored_text(now - timedelta(hours=hours) * last / 100),
            )
            for hours in clocks
        }
        waiting = await self.store.waiting_turns(default_hours=default_hours, cutoffs=cutoffs, limit=limit)
        due = []
        for turn in waiting:
            reached, changed = stored_moment(turn.reached_at), stored_moment(turn.updated_at)
            if reached is None or changed is None or turn.hours <= 0:
                continue
            clock = timedelta(hours=turn.hours)
            try:
                match = await self._load(turn.match_id)
            except MatchNotFound:
                continue  # deleted meanwhile
            user_id = _person_to_move(match)
            if user_id is None or match.row.log_length != turn.ply:
                continue  # a computer, a chance event, or the match moved on meanwhile
            # The clock counts from a change, and stops while the player is on vacation.
            since = max(reached, changed)
            runs_out_in = since + clock + await self.paused(user_id, since, now) - now
            if runs_out_in <= timedelta(0):
                continue  # the clock resigns them at its next sweep
            settings = await self.player_settings(user_id)
            if not settings.reminders:
                continue
            used = now - reached - await self.paused(user_id, reached, now)
            shares = [s for s in REMINDER_SHARES if used >= clock * s / 100]
            claimed = await self.store.claim_reminders(turn.match_id, turn.ply, shares)
            if shares and shares[-1] in claimed:
                due.append(
                    TurnReminder(
                        match_id=match.row.id,
                        title=_title(match),
                        guild_id=match.row.guild_id,
                        channel_id=match.row.message_channel_id or match.row.channel_id,
                        message_id=match.row.message_id,
                        user_id=user_id,
                        notify=settings.notify,
                        share=shares[-1],
                        runs_out_in=runs_out_in,
                        private=match.row.private,
                    )
                )
        return due

    async def offer_notices(self, snapshot: MatchSnapshot) -> list[OfferNotice]:
        """The players who must answer the snapshot's draw offer or takeback request and were not
        told of it yet, each claimed in the store: the caller tells them, and nobody will again.
        An offer made again at the same position (after a decline) tells nobody twice."""
        if snapshot.status != MatchStatus.PLAYING:
            return []
        claims = []
        if snapshot.draw_offer:
            claims += [
                OfferNoticeClaim("draw", snapshot.ply, seat.user_id)
                for seat in snapshot.seats
                if _person(seat.user_id) and not seat.resigned and seat.index not in snapshot.draw_offer
            ]
        offer = snapshot.takeback_offer
        if offer is not None:
            claims += [
                OfferNoticeClaim("takeback", snapshot.ply, user_id)
                for index in sorted(offer.waiting)
                if index < len(snapshot.seats) and _person(user_id := snapshot.seats[index].user_id)
            ]
        if not claims:
            return []
        claimed = await self.store.claim_offer_notices(snapshot.id, claims)
        return [
            OfferNotice(claim.kind, claim.user_id, (await self.player_settings(claim.user_id)).notify)
            for claim in claimed
        ]

    async def player_invitations(self, user_id: int) -> list[Invitation]:
        """The open lobbies that hold a seat for the player or ask them back for a rematch, newest
        first."""
        check_id(user_id, "user id")
        found = []
        for match_id in await self.store.invitations(user_id, limit=PLAYER_MATCHES_LIMIT):
            try:
                match = await self._load(match_id)
            except MatchNotFound:
                continue
            row = match.row
            if row.status != MatchStatus.LOBBY or any(s.user_id == user_id for s in row.seats):
                continue  # started, closed or joined meanwhile
            creator = next((s.name for s in row.seats if s.user_id == row.creator_id), "")
            found.append(
                Invitation(
                    id=row.id,
                    title=_title(match),
                    guild_id=row.guild_id,
                    channel_id=row.message_channel_id or row.channel_id,
                    message_id=row.message_id,
                    creator=creator,
                    rematch_of=row.rematch_of,
                    held=any(h.user_id == user_id for h in row.held),
                )
            )
        return found

    async def player_matches(self, user_id: int, *, now: datetime | None = None) -> list[PlayerMatch]:
        """Every lobby and game the player is in, on every server: those where it is their turn
        first, then the longest waiting first."""
        check_id(user_id, "user id")
        now = now or datetime.now(UTC)
        summaries = await self.store.match_summaries(
            statuses=ACTIVE_STATUSES, user_id=user_id, limit=PLAYER_MATCHES_LIMIT
        )
        found = []
        for summary in summaries:
            try:
                match = await self._load(summary.id)
            except MatchNotFound:
                continue
            mine = next((s for s in match.row.seats if s.user_id == user_id), None)
            if mine is None or mine.resigned or match.row.status not in ACTIVE_STATUSES:
                continue  # out of it (resigned, left, or over meanwhile)
            found.append(_player_match(match, user_id, now))
        found.sort(key=lambda m: (not m.your_turn, -m.waiting, m.id))
        return found


def _person(user_id: int | None) -> TypeGuard[int]:
    """A person's user id (not a computer's None, nor a forgotten player's negative id)."""
    return user_id is not None and user_id > 0


def _title(match: Loaded) -> str:
    return f"{match.game.title_for(match.row.seat_count)} #{match.row.id}"


def _seat_to_move(match: Loaded) -> int | None:
    state = match.state
    if match.row.status != MatchStatus.PLAYING or state is None:
        return None
    seat = state.to_move
    return seat if seat is not None and 0 <= seat < len(match.row.seats) else None


def _person_to_move(match: Loaded) -> int | None:
    """The user id of the person to move; None when a computer (or one standing in for a player
    who resigned) is to move, or a chance event, or nobody."""
    seat = _seat_to_move(match)
    if seat is None:
        return None
    row = match.row.seats[seat]
    return row.user_id if row.user_id is not None and row.user_id > 0 and not row.resigned else None


def _player_match(match: Loaded, user_id: int, now: datetime) -> PlayerMatch:
    row = match.row
    playing_on = row.status == MatchStatus.PLAYING and match.game.resigned_play_on
    seats = to_seats(row.seats, playing_on=playing_on)
    seat = _seat_to_move(match)
    your_turn = seat is not None and _person_to_move(match) == user_id
    to_move = seats[seat].label if seat is not None and not your_turn else None
    since = stored_moment(row.position_at) if row.status == MatchStatus.PLAYING else None
    since = since or stored_moment(row.updated_at) or now
    mine = next((s.seat for s in row.seats if s.user_id == user_id), None)
    offered = row.draw_offer or ()
    draw_by = tuple(seats[i].label for i in offered if i < len(seats)) if mine not in offered else ()
    takeback = takeback_offer_of(row)
    asked_by = seats[takeback.seat].label if takeback is not None and mine in takeback.waiting else None
    return PlayerMatch(
        id=row.id,
        game=row.game,
        title=_title(match),
        status=row.status,
        guild_id=row.guild_id,
        channel_id=row.message_channel_id or row.channel_id,
        message_id=row.message_id,
        seat_count=row.seat_count,
        players=tuple(s.label for s in seats if s.user_id != user_id),
        your_turn=your_turn,
        to_move=to_move,
        waiting=max(now - since, timedelta(0)),
        move_count=row.move_count,
        draw_offered_by=draw_by if row.status == MatchStatus.PLAYING else (),
        takeback_asked_by=asked_by,
    )
