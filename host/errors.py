"""Errors the host raises for the user. Each carries what happened as data (who, which match,
what would work) and a plain `str()` with no Discord markup; `cogs.errors` words each for
Discord. Nothing was changed when one is raised."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from data import StoreClosing, StoreUnavailable
from rules import MoveError, OptionError
from rules.text import Phrase, context_phrase, phrase, plural_phrase


@dataclass(frozen=True)
class MatchRef:
    """Which match an error is about."""

    id: int
    game_key: str
    game_title: str

    @property
    def title(self) -> str:
        return f"{self.game_title} #{self.id}"


class LobbyAction(StrEnum):
    """What someone tried to do with a lobby."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    ABANDON = "abandon"
    ADD_COMPUTER = "add-computer"
    DECLINE = "decline"
    RELEASE = "release"


def listed(items: Sequence[str], conjunction: str = "and") -> Phrase | str:
    """ "A", "A and B", "A, B and C" (as `rules.text.listing`), as a Phrase whose last joint a
    catalogue translates ("A, B und C"); "or" for "A, B or C"."""
    if len(items) <= 1:
        return "".join(items)
    rest, last = ", ".join(items[:-1]), items[-1]
    if conjunction == "or":
        return phrase("{items} or {last}", items=rest, last=last)
    return phrase("{items} and {last}", items=rest, last=last)


def counted(values: Sequence[int]) -> Phrase | str:
    """Allowed numbers as people say them (as `rules.text.counts`): "2 to 6" for a run, "2 or 4"
    otherwise."""
    ordered = sorted(set(values))
    if len(ordered) >= 3 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return phrase("{low} to {high}", low=ordered[0], high=ordered[-1])
    return listed([str(value) for value in ordered], "or")


class HostError(Exception):
    """A request the host refuses; nothing was changed. `str()` is the English; `phrase` the same
    for a layer that translates it (`words.say(error.phrase)`)."""

    def __init__(self, message: Phrase | str) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message)
        super().__init__(str(self.phrase))


class UnknownGame(HostError):
    def __init__(self, key: str, known: Sequence[str]) -> None:
        self.key, self.known = key, tuple(known)
        super().__init__(
            phrase(
                "There is no game called {key}. The games are: {known}.", key=key, known=", ".join(self.known)
            )
        )


class MatchNotFound(HostError):
    """No such match (on this server, of this game). A cog may raise it with its own wording."""

    def __init__(
        self,
        message: Phrase | str | None = None,
        *,
        match_id: int | None = None,
        game_title: str | None = None,
        on_server: bool = False,
    ) -> None:
        self.match_id, self.game_title, self.on_server = match_id, game_title, on_server
        if message is None:
            message = _no_such_match(match_id, game_title, on_server=on_server)
        super().__init__(message)


def _no_such_match(match_id: int | None, game_title: str | None, *, on_server: bool) -> Phrase:
    if game_title and on_server:
        return phrase("There is no {game} match #{id} on this server.", game=game_title, id=str(match_id))
    if game_title:
        return phrase("There is no {game} match #{id}.", game=game_title, id=str(match_id))
    if on_server:
        return phrase("There is no match #{id} on this server.", id=str(match_id))
    return phrase("There is no match #{id}.", id=str(match_id))


class NoMatchHere(MatchNotFound):
    """A command names no match and none fits: the user has none (`seated`), or there is no
    open lobby to join. Opening a match with the game's `new` command would work."""

    def __init__(self, *, game_key: str, game_title: str, seated: bool) -> None:
        self.game_key, self.seated = game_key, seated
        if seated:
            text = phrase(
                "You are not in a {game} match here. Open one, or join an open lobby.", game=game_title
            )
        else:
            text = phrase("There is no open {game} lobby here. Open one.", game=game_title)
        super().__init__(text, game_title=game_title)


class WhichMatch(HostError):
    """Several matches fit: the user must choose one (the cogs offer them by autocomplete)."""

    def __init__(self, *, game_title: str, matches: Sequence[tuple[int, Sequence[str]]]) -> None:
        self.game_title = game_title
        self.matches = tuple((match_id, tuple(players)) for match_id, players in matches)
        """(id, player names) of each fitting match, most recently active first."""
        self.match_ids = tuple(match_id for match_id, _ in self.matches)
        super().__init__(
            phrase(
                "Several {game} matches fit: {matches}. Choose one.",
                game=game_title,
                matches=listed_matches(self.matches),
            )
        )


def listed_matches(matches: Sequence[tuple[int, Sequence[str]]], most: int = 5) -> str:
    return ", ".join(f"#{match_id} ({' vs '.join(players)})" for match_id, players in matches[:most])


class NotInMatch(HostError):
    def __init__(self, match: MatchRef, *, resigned: bool = False, lobby: bool = False) -> None:
        self.match, self.resigned, self.lobby = match, resigned, lobby
        if resigned:
            text = phrase("You resigned from {match}.", match=match.title)
        elif lobby:
            text = phrase("You are not seated in {match}.", match=match.title)
        else:
            text = phrase("You are not playing in {match}.", match=match.title)
        super().__init__(text)


class NotYourTurn(HostError):
    def __init__(self, match: MatchRef, *, to_move_user_id: int | None, to_move_name: str | None) -> None:
        """`to_move_…`: the seat to move (a computer has no user id), or None for a chance event."""
        self.match, self.to_move_user_id, self.to_move_name = match, to_move_user_id, to_move_name
        if to_move_name:
            text = phrase(
                "It is not your turn in {match}: {player} is to move.", match=match.title, player=to_move_name
            )
        else:
            text = phrase("It is not your turn in {match}.", match=match.title)
        super().__init__(text)


class StaleTurn(HostError):
    """A button or command for a turn that has already been played (or a change that met
    another on its way). A cog may raise it with its own wording."""

    def __init__(
        self,
        message: Phrase | str | None = None,
        *,
        match: MatchRef | None = None,
        expected_ply: int | None = None,
        current_ply: int | None = None,
        sent_before: bool = False,
    ) -> None:
        """`sent_before`: a typed move sent before the current position was reached."""
        self.match, self.expected_ply, self.current_ply = match, expected_ply, current_ply
        self.sent_before = sent_before
        if message is None and match is not None and sent_before:
            message = phrase(
                "That move was sent before the current position of {match} was reached, so it "
                "was not played. Here is the current board: send your move again if it still stands.",
                match=match.title,
            )
        elif message is None and match is not None and expected_ply is not None:
            message = phrase(
                "That was for an earlier position of {match}: it has moved on since. "
                "Here is the current board.",
                match=match.title,
            )
        elif message is None and match is not None:
            message = phrase(
                "Match #{id} changed while your request was on its way. Here is the current board.",
                id=str(match.id),
            )
        super().__init__(message or phrase("That position has moved on already."))


class LobbyClosed(HostError):
    """Joining, leaving or starting a match that is no longer a lobby."""

    action: LobbyAction | None

    def __init__(self, match: MatchRef, *, action: LobbyAction, status: str) -> None:
        self.match, self.action, self.status = match, action, status
        why = (
            phrase("it has already started")
            if status == "playing"
            else phrase("it is over ({status})", status=status_word(status))
        )
        super().__init__(_lobby_closed(action, match.title, why))


class NotStarted(LobbyClosed):
    """Playing in a match that is still a lobby."""

    def __init__(self, match: MatchRef) -> None:
        HostError.__init__(
            self, phrase("{match} has not started yet: it starts when the seats are full.", match=match.title)
        )
        self.match, self.action, self.status = match, None, "lobby"


ACTION_WORDS = {
    LobbyAction.JOIN: "join",
    LobbyAction.LEAVE: "leave",
    LobbyAction.START: "start",
    LobbyAction.ABANDON: "abandon",
    LobbyAction.ADD_COMPUTER: "add a computer player to",
    LobbyAction.DECLINE: "decline the invitation to",
    LobbyAction.RELEASE: "release the seat held in",
}
"""How each lobby action reads in a sentence (English; the errors' phrases are whole sentences)."""


def _lobby_closed(action: LobbyAction, match: str, why: Phrase) -> Phrase:
    """ "You can't join Keibot #4: it has already started." (one whole sentence per action, so that
    a catalogue may reorder it)."""
    if action == LobbyAction.JOIN:
        return phrase("You can't join {match}: {why}.", match=match, why=why)
    if action == LobbyAction.LEAVE:
        return phrase("You can't leave {match}: {why}.", match=match, why=why)
    if action == LobbyAction.START:
        return phrase("You can't start {match}: {why}.", match=match, why=why)
    if action == LobbyAction.ABANDON:
        return phrase("You can't abandon {match}: {why}.", match=match, why=why)
    if action == LobbyAction.ADD_COMPUTER:
        return phrase("You can't add a computer player to {match}: {why}.", match=match, why=why)
    if action == LobbyAction.DECLINE:
        return phrase("You can't decline the invitation to {match}: {why}.", match=match, why=why)
    return phrase("You can't release the seat held in {match}: {why}.", match=match, why=why)


STATUS_WORDS: dict[str, Phrase] = {
    "lobby": context_phrase("match status", "lobby"),
    "playing": context_phrase("match status", "playing"),
    "finished": context_phrase("match status", "finished"),
    "abandoned": context_phrase("match status", "abandoned"),
}
"""A match's status (`data.MatchStatus`, as the store keeps it) as a person reads it."""


def status_word(status: str) -> Phrase | str:
    return STATUS_WORDS.get(str(status), str(status))


class LobbyFull(HostError):
    def __init__(self, match: MatchRef, *, seat_count: int, suggest_new: bool = False) -> None:
        """`suggest_new`: opening another match with the game's `new` command would work."""
        self.match, self.seat_count, self.suggest_new = match, seat_count, suggest_new
        if suggest_new:
            text = phrase(
                "{match} is full ({seats} players). Open a new one.", match=match.title, seats=seat_count
            )
        else:
            text = phrase("{match} is full ({seats} players).", match=match.title, seats=seat_count)
        super().__init__(text)


class AlreadySeated(HostError):
    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(phrase("You are already seated in {match}.", match=match.title))


class NotEnoughPlayers(HostError):
    """Starting a lobby early with too few players; having others join would work (and, when
    `wanted` is set, filling the empty seats with computer players)."""

    def __init__(
        self, match: MatchRef, *, seated: int, wanted: int | None = None, allowed: Sequence[int] = ()
    ) -> None:
        """`wanted`: the seats of a lobby that starts only when full; else `allowed`: the
        player counts the game can start with."""
        self.match, self.seated, self.wanted, self.allowed = match, seated, wanted, tuple(allowed)
        if wanted is not None:
            text = plural_phrase(
                "{match} was opened for {wanted} players and {count} is seated: it starts when every seat "
                "is taken. Ask others to join, or fill the empty seats with computer players.",
                "{match} was opened for {wanted} players and {count} are seated: it starts when every seat "
                "is taken. Ask others to join, or fill the empty seats with computer players.",
                seated,
                match=match.title,
                wanted=wanted,
            )
        else:
            text = plural_phrase(
                "{game} needs {allowed} players and {count} is seated. Ask someone to join.",
                "{game} needs {allowed} players and {count} are seated. Ask someone to join.",
                seated,
                game=match.game_title,
                allowed=counted(self.allowed),
            )
        super().__init__(text)


class NotAllowed(HostError):
    """Only the creator (or a seated player) may do this."""


class UnknownLevel(NotAllowed):
    def __init__(self, level: str, levels: Sequence[str]) -> None:
        self.level, self.levels = level, tuple(levels)
        super().__init__(
            phrase(
                "Computer players play at {levels}, not {level}.", levels=", ".join(self.levels), level=level
            )
        )


class NotCreator(NotAllowed):
    def __init__(self, match: MatchRef, *, creator_id: int, action: LobbyAction) -> None:
        self.match, self.creator_id, self.action = match, creator_id, action
        super().__init__(_creator_only(action, match.title))


def _creator_only(action: LobbyAction, match: str) -> Phrase:
    if action == LobbyAction.START:
        return phrase("Only the player who opened {match} can start it early.", match=match)
    if action == LobbyAction.ABANDON:
        return phrase("Only the player who opened {match} can close it.", match=match)
    if action == LobbyAction.ADD_COMPUTER:
        return phrase("Only the player who opened {match} can add computer players.", match=match)
    return phrase(
        "Only the player who opened {match} can release a seat held for an invited player.", match=match
    )


class SeatHeld(NotAllowed):
    """Taking the last free seats of a lobby, which are held for invited players (they take them,
    decline, or the player who opened the lobby releases them)."""

    def __init__(self, match: MatchRef, *, held_for: Sequence[str], creator: bool = False) -> None:
        """`held_for`: the invited players' names; `creator`: the one asking opened the lobby."""
        self.match, self.held_for, self.creator = match, tuple(held_for), creator
        names = listed(self.held_for)
        if creator:
            text = plural_phrase(
                "The free seat of {match} is held for {names}, who was invited: release it first if "
                "{names} will not come.",
                "The free seats of {match} are held for {names}, who were invited: release them first if "
                "{names} will not come.",
                len(self.held_for),
                match=match.title,
                names=names,
            )
        else:
            text = plural_phrase(
                "The free seat of {match} is held for {names}, who was invited: only {names} can take it, "
                "until they decline or the invitation is released.",
                "The free seats of {match} are held for {names}, who were invited: only {names} can take "
                "it, until they decline or the invitation is released.",
                len(self.held_for),
                match=match.title,
                names=names,
            )
        super().__init__(text)


class NotInvited(NotAllowed):
    """Declining an invitation to a lobby that holds no seat for the user."""

    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(
            phrase(
                "No seat of {match} is held for you, so there is no invitation to decline.", match=match.title
            )
        )


class NoHeldSeat(NotAllowed):
    """Releasing the held seats of a lobby that holds none."""

    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(
            phrase("No seat of {match} is held for an invited player: anyone may join.", match=match.title)
        )


CREATOR_ACTION_WORDS = {
    LobbyAction.START: "start it early",
    LobbyAction.ABANDON: "close it",
    LobbyAction.ADD_COMPUTER: "add computer players",
    LobbyAction.RELEASE: "release a seat held for an invited player",
}


class NoDrawOffer(NotAllowed):
    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(phrase("There is no draw offer to decline."))


class NoDrawWithComputer(NotAllowed):
    """A draw offered where a computer plays a game that cannot end drawn: it would never agree."""

    def __init__(self, match: MatchRef) -> None:
        self.match = match
        super().__init__(
            phrase(
                "{game} has no draws, so the computer player in {match} will not agree to one. Play on, or "
                "resign to end the match.",
                game=match.game_title,
                match=match.title,
            )
        )


class MatchOver(HostError):
    def __init__(self, match: MatchRef, *, status: str) -> None:
        self.match, self.status = match, status
        super().__init__(phrase("{match} is over ({status}).", match=match.title, status=status_word(status)))


STORE_CLOSING = phrase("The bot is restarting: try again in a moment.")
STORE_UNREACHABLE = phrase("The database cannot be reached right now: try again in a moment.")


def outage_phrase(error: StoreUnavailable) -> Phrase:
    """What a person is told when the database cannot take their request (the error's own text,
    for the log, names the database and what the operator should do)."""
    return STORE_CLOSING if isinstance(error, StoreClosing) else STORE_UNREACHABLE


USER_ERRORS: tuple[type[Exception], ...] = (HostError, MoveError, OptionError)
"""Errors whose message goes back to the user as an ephemeral reply; anything else is a bug."""


class BadRequest(HostError):
    """A value at the host's door that it cannot take (an id out of range, an empty name, a move
    text far too long); the message says what would be accepted."""


class InvalidId(BadRequest):
    def __init__(self, what: str, value: object, *, most: int) -> None:
        self.what, self.value, self.most = what, value, most
        shown = repr(value) if len(repr(value)) <= 30 else repr(value)[:29] + "…"
        super().__init__(_not_an_id(what, shown, most))


def _not_an_id(what: str, shown: str, most: int) -> Phrase:
    """One whole sentence per kind of id; {count}: the locale's grouped number ("1,000" and more
    grouped in English, as before)."""
    if what == "user id":
        return plural_phrase(
            "{value} is not a user id: it must be a whole number from 1 to {count}.",
            "{value} is not a user id: it must be a whole number from 1 to {count}.",
            most,
            value=shown,
        )
    if what == "server id":
        return plural_phrase(
            "{value} is not a server id: it must be a whole number from 1 to {count}.",
            "{value} is not a server id: it must be a whole number from 1 to {count}.",
            most,
            value=shown,
        )
    if what == "channel id":
        return plural_phrase(
            "{value} is not a channel id: it must be a whole number from 1 to {count}.",
            "{value} is not a channel id: it must be a whole number from 1 to {count}.",
            most,
            value=shown,
        )
    return plural_phrase(
        "{value} is not a {what}: it must be a whole number from 1 to {count}.",
        "{value} is not a {what}: it must be a whole number from 1 to {count}.",
        most,
        value=shown,
        what=what,
    )


class InvalidName(BadRequest):
    def __init__(self, value: object) -> None:
        self.value = value
        super().__init__(phrase("A player's name must be a text of at least one visible character."))


class MoveTooLong(BadRequest):
    def __init__(self, *, length: int, limit: int) -> None:
        self.length, self.limit = length, limit
        super().__init__(
            plural_phrase(
                "That move is {count} character long; a move is written in at most {limit} characters.",
                "That move is {count} characters long; a move is written in at most {limit} characters.",
                length,
                limit=limit,
            )
        )


class TooManyLobbies(HostError):
    """Opening one more lobby would pass a limit: the player's open lobbies on the server, or the
    open lobbies of the channel. Starting, filling or closing one would work."""

    def __init__(self, *, open_count: int, limit: int, in_channel: bool) -> None:
        self.open_count, self.limit, self.in_channel = open_count, limit, in_channel
        if in_channel:
            text = plural_phrase(
                "This channel already has {count} open lobby, the most a channel may have: join it, or "
                "open yours in another channel.",
                "This channel already has {count} open lobbies, the most a channel may have: join one of "
                "them, or open yours in another channel.",
                open_count,
            )
        else:
            text = plural_phrase(
                "You already have {count} open lobby on this server, the most one player may have: start, "
                "fill or close it before opening another.",
                "You already have {count} open lobbies on this server, the most one player may have: "
                "start, fill or close one of them before opening another.",
                open_count,
            )
        super().__init__(text)


class TooManyComputerMatches(HostError):
    """One more match against the computer would pass a limit: the player's active ones (on any
    server or in direct messages), or the server's. Finishing, resigning or closing one would work.
    `matches`: the player's active matches against the computer, as (id, game title)."""

    def __init__(self, *, matches: Sequence[tuple[int, str]], limit: int, on_server: bool) -> None:
        self.matches, self.limit, self.on_server = list(matches), limit, on_server
        mine = ", ".join(f"{title} #{match_id}" for match_id, title in self.matches)
        if on_server and mine:
            text = plural_phrase(
                "This server already has {count} match against the computer going on, the most a server "
                "may have: play against a person, or wait for it to finish. Yours: {mine}.",
                "This server already has {count} matches against the computer going on, the most a server "
                "may have: play against a person, or wait for one of them to finish. Yours: {mine}.",
                limit,
                mine=mine,
            )
        elif on_server:
            text = plural_phrase(
                "This server already has {count} match against the computer going on, the most a server "
                "may have: play against a person, or wait for it to finish.",
                "This server already has {count} matches against the computer going on, the most a server "
                "may have: play against a person, or wait for one of them to finish.",
                limit,
            )
        else:
            text = plural_phrase(
                "You already have {count} match against the computer going on, the most one player may "
                "have ({limit}): finish, resign or close it first: {mine}.",
                "You already have {count} matches against the computer going on, the most one player may "
                "have ({limit}): finish, resign or close one of them first: {mine}.",
                len(self.matches),
                limit=limit,
                mine=mine,
            )
        super().__init__(text)


class TakebackRefusal(StrEnum):
    """Why a takeback cannot be asked for."""

    NO_MOVE = "no-move"
    """The player has made no move of their own to take back."""
    MOVED_SINCE = "moved-since"
    """Another person has moved since (or a player resigned): the position is theirs now."""
    ASKED = "asked"
    """The player has asked already; the others have not all answered."""


class TakebackRefused(NotAllowed):
    def __init__(self, match: MatchRef, *, reason: TakebackRefusal, since_name: str | None = None) -> None:
        """`since_name`: who moved (or resigned) since the player's last move."""
        self.match, self.reason, self.since_name = match, reason, since_name
        if reason == TakebackRefusal.NO_MOVE:
            text = phrase("You have not made a move in {match} that could be taken back.", match=match.title)
        elif reason == TakebackRefusal.MOVED_SINCE and since_name:
            text = phrase(
                "{player} has played since your last move in {match}, so it can no longer be taken back: "
                "a takeback is asked for before the next person moves.",
                player=since_name,
                match=match.title,
            )
        elif reason == TakebackRefusal.MOVED_SINCE:
            text = phrase(
                "Another player has played since your last move in {match}, so it can no longer be taken "
                "back: a takeback is asked for before the next person moves.",
                match=match.title,
            )
        else:
            text = phrase(
                "You have already asked for a takeback in {match}: the other players can accept or decline "
                "it on the match message.",
                match=match.title,
            )
        super().__init__(text)


class NoTakebackRequest(NotAllowed):
    def __init__(self, match: MatchRef, *, own: bool = False, accepted: bool = False) -> None:
        """`own`: the user asked for it, and cannot accept it themselves; `accepted`: the user
        has accepted it already."""
        self.match, self.own, self.accepted = match, own, accepted
        if own:
            text = phrase(
                "You asked for this takeback in {match}: the other players answer it. "
                "Declining it withdraws it.",
                match=match.title,
            )
        elif accepted:
            text = phrase(
                "You have accepted the takeback in {match} already: the other players answer next.",
                match=match.title,
            )
        else:
            text = phrase(
                "There is no takeback to answer in {match}: it was answered, or the position changed since "
                "it was asked for.",
                match=match.title,
            )
        super().__init__(text)


class RematchRefused(NotAllowed):
    def __init__(self, match: MatchRef, *, status: str | None = None, seats_kept: bool = False) -> None:
        """`status`: the match is not finished (a rematch follows a finished match);
        `seats_kept`: joining a rematch lobby whose seats are kept for the players of `match`."""
        self.match, self.status, self.seats_kept = match, status, seats_kept
        if status is not None:
            text = phrase(
                "{match} is not finished ({status}): a rematch is asked for once a match is over.",
                match=match.title,
                status=status_word(status),
            )
        elif seats_kept:
            text = phrase(
                "This lobby is the rematch of {match}: its seats are kept for that match's players. "
                "Open a match of your own to play.",
                match=match.title,
            )
        else:
            text = phrase("Only the players of {match} can ask for its rematch.", match=match.title)
        super().__init__(text)


class RematchOpen(HostError):
    """The match has a rematch already (a lobby, or a match being played or over): the user is
    pointed to it."""

    def __init__(
        self,
        match: MatchRef,
        *,
        rematch_id: int,
        status: str,
        guild_id: int,
        channel_id: int,
        message_id: int | None,
    ) -> None:
        self.match, self.rematch_id, self.status = match, rematch_id, status
        self.guild_id, self.channel_id, self.message_id = guild_id, channel_id, message_id
        self.rematch_title = f"{match.game_title} #{rematch_id}"
        super().__init__(_rematch_state(status, match.title, self.rematch_title))


def _rematch_state(status: str, match: str, rematch: str) -> Phrase:
    if status == "lobby":
        return phrase("The rematch of {match} is open already: {rematch}.", match=match, rematch=rematch)
    if status == "playing":
        return phrase("The rematch of {match} is being played: {rematch}.", match=match, rematch=rematch)
    return phrase("The rematch of {match} is over already: {rematch}.", match=match, rematch=rematch)


class GameNotOffered(HostError):
    """The server's settings do not offer this game; `offered`: (key, title)
    of each game that is."""

    def __init__(self, *, game_key: str, game_title: str, offered: Sequence[tuple[str, str]]) -> None:
        self.game_key, self.game_title, self.offered = game_key, game_title, tuple(offered)
        titles = ", ".join(title for _, title in self.offered)
        super().__init__(
            phrase(
                "{game} is not offered on this server. The games offered here: {titles}.",
                game=game_title,
                titles=titles,
            )
        )


class SettingRefused(HostError):
    """A server setting (or a match's own choice of it) that cannot be taken; the message says
    what would be accepted. Nothing was changed."""
