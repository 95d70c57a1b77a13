"""Errors the tournament service raises for the user (host/errors.py style): each carries what
happened as data and says it as a Phrase; nothing was changed when one is raised."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.text import Phrase, context_phrase, phrase, plural_phrase

from ..errors import HostError, NotAllowed


@dataclass(frozen=True)
class TournamentRef:
    """Which tournament an error is about: its id and its name (a Phrase for a default name, which
    the reader's language words: "Keibot Swiss #4")."""

    id: int
    name: Phrase | str


class TournamentAction(StrEnum):
    """What someone tried to do with a tournament."""

    JOIN = "join"
    LEAVE = "leave"
    ADD_COMPUTER = "add-computer"
    START = "start"
    WITHDRAW = "withdraw"
    CANCEL = "cancel"
    END_MATCH = "end-match"


class TournamentNotFound(HostError):
    """No such tournament on this server (it never existed, or the server's data was erased)."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        super().__init__(phrase("There is no tournament #{id} on this server.", id=str(tournament_id)))


def _why_closed(status: str) -> Phrase:
    if status == "running":  # said of a tournament (a match's has no context: genders differ)
        return context_phrase("tournament", "it has already started")
    if status == "cancelled":
        return phrase("it was cancelled")
    return phrase("it is over")


class TournamentClosed(HostError):
    """Joining, leaving, adding a computer to or starting a tournament past its sign-up; or
    withdrawing from, cancelling or ending a match of one that is over."""

    def __init__(self, tournament: TournamentRef, *, action: TournamentAction, status: str) -> None:
        self.tournament, self.action, self.status = tournament, action, status
        name, why = tournament.name, _why_closed(status)
        if action == TournamentAction.JOIN:
            text = phrase("You can't join {tournament}: {why}.", tournament=name, why=why)
        elif action == TournamentAction.LEAVE:
            text = phrase(
                "You can't leave {tournament}: {why}. Withdraw from it instead.", tournament=name, why=why
            )
        elif action == TournamentAction.ADD_COMPUTER:
            text = phrase("You can't add a computer player to {tournament}: {why}.", tournament=name, why=why)
        elif action == TournamentAction.START:
            text = phrase("You can't start {tournament}: {why}.", tournament=name, why=why)
        elif action == TournamentAction.WITHDRAW:
            text = phrase("You can't withdraw from {tournament}: {why}.", tournament=name, why=why)
        elif action == TournamentAction.CANCEL:
            text = phrase("You can't cancel {tournament}: {why}.", tournament=name, why=why)
        else:
            text = phrase("You can't end a match of {tournament}: {why}.", tournament=name, why=why)
        super().__init__(text)


class TournamentFull(HostError):
    def __init__(self, tournament: TournamentRef, *, max_players: int) -> None:
        self.tournament, self.max_players = tournament, max_players
        super().__init__(
            phrase(
                "{tournament} is full ({count} players): no one else can join.",
                tournament=tournament.name,
                count=max_players,
            )
        )


class AlreadyEntered(HostError):
    def __init__(self, tournament: TournamentRef) -> None:
        self.tournament = tournament
        super().__init__(phrase("You have already joined {tournament}.", tournament=tournament.name))


class NotEntered(HostError):
    """The user is not an entrant (`withdrawn`: they were, and withdrew)."""

    def __init__(self, tournament: TournamentRef, *, withdrawn: bool = False) -> None:
        self.tournament, self.withdrawn = tournament, withdrawn
        if withdrawn:
            text = phrase("You have already withdrawn from {tournament}.", tournament=tournament.name)
        else:
            text = phrase("You are not an entrant of {tournament}.", tournament=tournament.name)
        super().__init__(text)


class NotOrganiser(NotAllowed):
    """Only the tournament's creator, or a member who can manage the server, may do this."""

    def __init__(self, tournament: TournamentRef, *, action: TournamentAction) -> None:
        self.tournament, self.action = tournament, action
        name = tournament.name
        if action == TournamentAction.START:
            text = phrase(
                "Only the organiser of {tournament} (or a server manager) can start it.", tournament=name
            )
        elif action == TournamentAction.CANCEL:
            text = phrase(
                "Only the organiser of {tournament} (or a server manager) can cancel it.", tournament=name
            )
        elif action == TournamentAction.ADD_COMPUTER:
            text = phrase(
                "Only the organiser of {tournament} (or a server manager) can add computer players to it.",
                tournament=name,
            )
        else:
            text = phrase(
                "Only the organiser of {tournament} (or a server manager) can end one of its matches.",
                tournament=name,
            )
        super().__init__(text)


class TournamentCreatorsOnly(NotAllowed):
    """The server lets only members who can manage it create tournaments (its setting)."""

    def __init__(self) -> None:
        super().__init__(
            phrase(
                "On this server only members who can manage the server can create tournaments "
                "(a server manager can let everyone in the server's settings)."
            )
        )


class TooFewEntrants(HostError):
    """Starting a tournament with fewer entrants than it needs (`needed`)."""

    def __init__(self, tournament: TournamentRef, *, entrants: int, needed: int) -> None:
        self.tournament, self.entrants, self.needed = tournament, entrants, needed
        super().__init__(
            plural_phrase(
                "{tournament} needs at least {needed} players and has {count}. Ask others to join, "
                "or add computer players.",
                "{tournament} needs at least {needed} players and has {count}. Ask others to join, "
                "or add computer players.",
                entrants,
                tournament=tournament.name,
                needed=needed,
            )
        )


class FormatRefused(HostError):
    """A tournament's format, rounds, table size, player limit or clock that cannot be taken; the
    message says what would be accepted."""


class SignupTimeRefused(HostError):
    """A sign-up end that cannot be taken (past, or too far ahead)."""

    def __init__(self, *, most_hours: int) -> None:
        self.most_hours = most_hours
        super().__init__(
            phrase(
                "The sign-up must end in the future, and at most {hours} hours from now "
                "(or leave it out to start the tournament yourself).",
                hours=most_hours,
            )
        )


class NotTournamentMatch(HostError):
    """The match named is not one of the tournament's, or is over already."""

    def __init__(self, tournament: TournamentRef, *, match_id: int, over: bool = False) -> None:
        self.tournament, self.match_id, self.over = tournament, match_id, over
        if over:
            text = phrase(
                "Match #{id} of {tournament} is over already.", id=str(match_id), tournament=tournament.name
            )
        else:
            text = phrase(
                "Match #{id} is not a match of {tournament}.", id=str(match_id), tournament=tournament.name
            )
        super().__init__(text)
