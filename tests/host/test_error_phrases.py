"""Every error the host raises for a person says a Phrase: in the pseudo-locale no English is
left in it (only names, titles, ids and the values a user types), and its `str()` is the English
it always was."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import host
from data import StoreClosing, StoreUnavailable, TournamentFormat
from host import Host, HostError, Language, language, outage_phrase
from host.checks import check_id, check_move_text, check_name
from host.errors import (
    AlreadySeated,
    BadRequest,
    GameNotOffered,
    InvalidId,
    InvalidName,
    LobbyAction,
    LobbyClosed,
    LobbyFull,
    MatchNotFound,
    MatchOver,
    MatchRef,
    MoveTooLong,
    NoDrawOffer,
    NoDrawWithComputer,
    NoHeldSeat,
    NoMatchHere,
    NoTakebackRequest,
    NotAllowed,
    NotCreator,
    NotEnoughPlayers,
    NotInMatch,
    NotInvited,
    NotStarted,
    NotYourTurn,
    RematchOpen,
    RematchRefused,
    SeatHeld,
    SettingRefused,
    StaleTurn,
    TakebackRefusal,
    TakebackRefused,
    TooManyComputerMatches,
    TooManyLobbies,
    UnknownGame,
    UnknownLevel,
    WhichMatch,
)
from host.ladder import NoGameYet, NoRatingsYet, NothingToShow, NotPlayedYet, NotYourMatch, PageOutOfRange
from host.ratings import GLOBAL_SCOPE
from host.records import RecordError, read_record
from host.settings import clock_hours
from host.snapshot import COMPUTER_NAME, Seat
from host.tournament import (
    AlreadyEntered,
    NotEntered,
    NotOrganiser,
    NotTournamentMatch,
    SignupTimeRefused,
    TooFewEntrants,
    TournamentAction,
    TournamentClosed,
    TournamentCreatorsOnly,
    TournamentFull,
    TournamentNotFound,
    TournamentRef,
)
from host.tournament import checks as tournament_checks
from host.tournament.snapshot import default_name
from host.turn_notices import UnknownNotice
from host.vacations import VacationRefused
from rules import DRAW_AGREED, GAMES, RESIGNED, TIMEOUT, Outcome
from rules.text import Phrase
from tests.support.host import ANN, BOB, CHANNEL, GUILD
from tests.support.pseudo import english_words

KEIBOT = MatchRef(7, "keibot", "Keibot")
CUP = TournamentRef(4, default_name("Keibot", "swiss", 4))
NAMES = ("Ann", "Bob", "Cat", "Dan")
TYPED = ("chess", "godlike", "soon", "xx", "abc", "ladder")
"""What a user typed, quoted back as it is."""
CODES = (
    *GAMES,
    *("easy", "normal", "hard", "mention", "dm", "nothing", "default", "off", "True", "False"),
    *("swiss", "round", "robin", "knockout", "managers", "everyone"),
)
"""Option values and keys a refusal lists as they are typed."""
ALLOWED = (*NAMES, *TYPED, *CODES, *(game.title for game in GAMES.values()), "Jai Kerboge", "Options")


def raised(call: object) -> HostError:
    assert callable(call)
    with pytest.raises(HostError) as caught:
        call()
    return caught.value


def refusals() -> Iterator[HostError]:
    yield UnknownGame("chess", tuple(GAMES))
    for title in (None, "Keibot"):
        for on_server in (False, True):
            yield MatchNotFound(match_id=7, game_title=title, on_server=on_server)
    yield NoMatchHere(game_key="keibot", game_title="Keibot", seated=True)
    yield NoMatchHere(game_key="keibot", game_title="Keibot", seated=False)
    yield WhichMatch(game_title="Keibot", matches=[(7, ["Ann", "Bob"]), (8, ["Cat", "Dan"])])
    yield NotInMatch(KEIBOT)
    yield NotInMatch(KEIBOT, resigned=True)
    yield NotInMatch(KEIBOT, lobby=True)
    yield NotYourTurn(KEIBOT, to_move_user_id=1, to_move_name="Ann")
    yield NotYourTurn(KEIBOT, to_move_user_id=None, to_move_name=None)
    yield StaleTurn(match=KEIBOT, expected_ply=3, current_ply=4)
    yield StaleTurn(match=KEIBOT, sent_before=True)
    yield StaleTurn(match=KEIBOT)
    yield StaleTurn()
    for action in LobbyAction:
        for status in ("playing", "finished", "abandoned"):
            yield LobbyClosed(KEIBOT, action=action, status=status)
    yield NotStarted(KEIBOT)
    yield LobbyFull(KEIBOT, seat_count=2)
    yield LobbyFull(KEIBOT, seat_count=2, suggest_new=True)
    yield AlreadySeated(KEIBOT)
    for seated in (1, 2):
        yield NotEnoughPlayers(KEIBOT, seated=seated, wanted=4)
        yield NotEnoughPlayers(KEIBOT, seated=seated, allowed=(2, 3, 4))
        yield NotEnoughPlayers(KEIBOT, seated=seated, allowed=(2, 4))
    yield UnknownLevel("godlike", ("easy", "normal", "hard"))
    for action in (LobbyAction.START, LobbyAction.ABANDON, LobbyAction.ADD_COMPUTER, LobbyAction.RELEASE):
        yield NotCreator(KEIBOT, creator_id=1, action=action)
    for held in (["Ann"], ["Ann", "Bob"], ["Ann", "Bob", "Cat"]):
        yield SeatHeld(KEIBOT, held_for=held)
        yield SeatHeld(KEIBOT, held_for=held, creator=True)
    yield NotInvited(KEIBOT)
    yield NoHeldSeat(KEIBOT)
    yield NoDrawOffer(KEIBOT)
    yield NoDrawWithComputer(KEIBOT)
    yield MatchOver(KEIBOT, status="finished")
    yield InvalidId("user id", "abc", most=2**63 - 1)
    yield raised(lambda: check_id(0, "server id"))
    yield raised(lambda: check_id(-1, "channel id"))
    yield InvalidName("")
    yield raised(lambda: check_name("  "))
    yield MoveTooLong(length=5000, limit=100)
    yield raised(lambda: check_move_text(5))
    for in_channel in (False, True):
        for count in (1, 5):
            yield TooManyLobbies(open_count=count, limit=count, in_channel=in_channel)
    yield TooManyComputerMatches(matches=[(7, "Keibot")], limit=1, on_server=False)
    yield TooManyComputerMatches(matches=[(7, "Keibot"), (8, "Verquere")], limit=2, on_server=False)
    yield TooManyComputerMatches(matches=[(7, "Keibot")], limit=20, on_server=True)
    yield TooManyComputerMatches(matches=[], limit=20, on_server=True)
    yield TakebackRefused(KEIBOT, reason=TakebackRefusal.NO_MOVE)
    yield TakebackRefused(KEIBOT, reason=TakebackRefusal.MOVED_SINCE, since_name="Bob")
    yield TakebackRefused(KEIBOT, reason=TakebackRefusal.MOVED_SINCE)
    yield TakebackRefused(KEIBOT, reason=TakebackRefusal.ASKED)
    yield NoTakebackRequest(KEIBOT)
    yield NoTakebackRequest(KEIBOT, own=True)
    yield NoTakebackRequest(KEIBOT, accepted=True)
    yield RematchRefused(KEIBOT)
    yield RematchRefused(KEIBOT, status="playing")
    yield RematchRefused(KEIBOT, seats_kept=True)
    for status in ("lobby", "playing", "finished"):
        yield RematchOpen(KEIBOT, rematch_id=9, status=status, guild_id=1, channel_id=2, message_id=None)
    yield GameNotOffered(game_key="keibot", game_title="Keibot", offered=[("verquere", "Verquere")])
    yield raised(lambda: clock_hours("soon"))
    for scope in (GLOBAL_SCOPE, 5):
        yield NoRatingsYet(game_key="keibot", game_title="Keibot", scope=scope)
        yield PageOutOfRange(game_title="Keibot", scope=scope, page=9, pages=2)
    yield NotPlayedYet(name="Ann", game_title="Keibot")
    yield NotYourMatch(7)
    yield NoGameYet(KEIBOT)
    yield VacationRefused("soon", days_left=0)
    yield VacationRefused("soon", days_left=3)
    yield UnknownNotice("soon")
    yield TournamentNotFound(4)
    for step in TournamentAction:
        for status in ("running", "finished", "cancelled"):
            yield TournamentClosed(CUP, action=step, status=status)
    yield TournamentFull(CUP, max_players=8)
    yield AlreadyEntered(CUP)
    yield NotEntered(CUP)
    yield NotEntered(CUP, withdrawn=True)
    for step in (TournamentAction.START, TournamentAction.CANCEL, TournamentAction.ADD_COMPUTER):
        yield NotOrganiser(CUP, action=step)
    yield NotOrganiser(CUP, action=TournamentAction.END_MATCH)
    yield TournamentCreatorsOnly()
    yield TooFewEntrants(CUP, entrants=1, needed=4)
    yield TooFewEntrants(CUP, entrants=3, needed=4)
    yield SignupTimeRefused(most_hours=336)
    yield NotTournamentMatch(CUP, match_id=7)
    yield NotTournamentMatch(CUP, match_id=7, over=True)
    for refused in (
        lambda: tournament_checks.checked_format("ladder"),
        lambda: tournament_checks.checked_table_size(GAMES["keibot"], 3, TournamentFormat.SWISS),
        lambda: tournament_checks.checked_table_size(GAMES["keryo-pente"], 3, TournamentFormat.KNOCKOUT),
        lambda: tournament_checks.checked_rounds(TournamentFormat.KNOCKOUT, 3),
        lambda: tournament_checks.checked_rounds(TournamentFormat.SWISS, None),
        lambda: tournament_checks.checked_max_players(1, 2),
        lambda: tournament_checks.clock_of("soon"),
    ):
        yield raised(refused)
    for record in (
        "[Game keibot]",
        "nonsense",
        '[Game "keibot"]\n1. move 0 c1-d3',
        '[Game "keibot"]',
        '[Game "keibot"]\n[Options "[]"]\n[Seats "2"]',
        '[Game "keibot"]\n[Options "{}"]\n[Seats "2"]\n0. move 0 z9-z9',
    ):
        yield raised(lambda record=record: read_record(record))


def concrete_errors() -> set[type[HostError]]:
    """Every HostError class the host defines (the plain bases aside, whose messages are given
    where they are raised)."""
    found: set[type[HostError]] = set()
    waiting: list[type[HostError]] = [HostError]
    while waiting:
        cls = waiting.pop()
        found.add(cls)
        waiting.extend(cls.__subclasses__())
    return {cls for cls in found if cls.__module__.startswith("host.")}


PSEUDO: Language = language("qps")
ROOT = Path(host.__file__).resolve().parent.parent


@cache
def host_messages() -> set[tuple[str | None, str]]:
    """(context, msgid) of every message extraction finds in host/ and rules/ (whose refusals a
    record's may quote), with the Makefile's keywords."""
    keywords = {"phrase": None, "plural_phrase": (1, 2), "context_phrase": ((1, "c"), 2), "N_": None}
    found = set()
    for layer in ("host", "rules"):
        for _, _, message, _, context in extract_from_dir(
            ROOT / layer, method_map=[("**.py", "python")], keywords=keywords, comment_tags=()
        ):
            found.add((context, message if isinstance(message, str) else message[0]))
    return found


def templates(said: Phrase) -> Iterator[tuple[str | None, str]]:
    """The (context, template) of a Phrase and of the Phrases among its values."""
    yield said.context, said.template
    for value in said.params.values():
        if isinstance(value, Phrase):
            yield from templates(value)


def test_every_host_error_is_worded_in_the_pseudo_locale_without_english() -> None:
    said = list(refusals())
    leaked = {
        str(error): english_words(PSEUDO.say(error.phrase), ALLOWED)
        for error in said
        if english_words(PSEUDO.say(error.phrase), ALLOWED)
    }
    assert leaked == {}
    bases = {HostError, NotAllowed, BadRequest, SettingRefused, NothingToShow, RecordError}
    assert concrete_errors() - bases <= {type(error) for error in said}  # a new error is added here too
    assert {type(error) for error in said} >= {SettingRefused, RecordError, BadRequest, InvalidName}


def test_every_host_error_is_a_template_the_catalogues_extract_with_its_values_apart() -> None:
    """A message filled in before it is translated (an f-string) is no catalogue's message, and
    its names would be translated with it."""
    unknown = {
        template
        for error in refusals()
        # A record's replay quotes the rules' refusal: the rules' own helper words those.
        for context, template in (
            [(None, error.phrase.template)] if isinstance(error, RecordError) else templates(error.phrase)
        )
        if (context, template) not in host_messages()
    }
    assert unknown == set()
    match_error = NotInMatch(KEIBOT)
    assert "Keibot #7" in PSEUDO.say(match_error.phrase)  # the title is a value, never translated


def test_the_english_of_every_host_error_is_its_phrase_said_in_english() -> None:
    english = language("en-US")
    for error in refusals():
        assert english.say(error.phrase) == str(error) == str(error.phrase)


@pytest.mark.parametrize(
    ("error", "english"),
    [
        (
            SeatHeld(KEIBOT, held_for=["Ann", "Bob"]),
            "The free seats of Keibot #7 are held for Ann and Bob, who were invited: only Ann and Bob can "
            "take it, until they decline or the invitation is released.",
        ),
        (
            NotEnoughPlayers(KEIBOT, seated=1, allowed=(2, 3, 4)),
            "Keibot needs 2 to 4 players and 1 is seated. Ask someone to join.",
        ),
        (
            NotEnoughPlayers(KEIBOT, seated=3, allowed=(2, 4)),
            "Keibot needs 2 or 4 players and 3 are seated. Ask someone to join.",
        ),
        (
            LobbyClosed(KEIBOT, action=LobbyAction.ADD_COMPUTER, status="abandoned"),
            "You can't add a computer player to Keibot #7: it is over (abandoned).",
        ),
        (
            InvalidId("user id", 0, most=2**63 - 1),
            "0 is not a user id: it must be a whole number from 1 to 9,223,372,036,854,775,807.",
        ),
        (
            MoveTooLong(length=1234, limit=100),
            "That move is 1,234 characters long; a move is written in at most 100 characters.",
        ),
        (MatchNotFound(match_id=7, on_server=True), "There is no match #7 on this server."),
        (
            NoRatingsYet(game_key="keibot", game_title="Keibot", scope=GLOBAL_SCOPE),
            "Nobody has a Keibot rating across all servers yet: ratings come from finished matches "
            "between two or more people. Start one.",
        ),
    ],
)  # fmt: skip
def test_the_english_is_as_before(error: HostError, english: str) -> None:
    assert str(error) == english


def test_a_translated_error_keeps_its_names_and_numbers() -> None:
    error = NotEnoughPlayers(KEIBOT, seated=1, wanted=1564)
    said = PSEUDO.say(error.phrase)
    assert "Keibot #7" in said and "1564" in said and "{" not in said
    assert host.language("qps").say(MoveTooLong(length=1564, limit=100).phrase).count("1,564") == 1


def read_back(outcome: Outcome) -> Phrase:
    """A stored outcome's reason read back into its Phrase, as the messages and pictures do."""
    return GAMES["keibot"].reason_phrase(outcome)


def test_the_computers_names_and_the_hosts_reasons_are_phrases_too() -> None:
    # The reasons the host gives (resigned, ran out of time, draw agreed) read back by the rules,
    # like a game's own: every game knows them (rules.base.HOST_REASONS).
    computer = Seat(1, None, COMPUTER_NAME, "normal")
    said: list[tuple[Phrase | str, str]] = [
        (Seat(0, 1, "Ann").label_phrase, "Ann"),
        (computer.label_phrase, "Computer (normal)"),
        (replace(computer, number=2, computer="hard").label_phrase, "Computer 2 (hard)"),
        (replace(computer, user_id=1, name="Ann", stand_in=True).label_phrase, "Computer for Ann"),
        (replace(computer, user_id=1, name="Ann", resigned=True).mover_phrase, "Computer for Ann"),
        (read_back(Outcome((1,), (0, 0), "Black resigned", RESIGNED)), "Black resigned"),
        (
            GAMES["keibot"].reason_phrase(Outcome((1,), (0, 0), "White ran out of time", TIMEOUT)),
            "White ran out of time",
        ),
        (read_back(Outcome((), (0, 0), "draw agreed", DRAW_AGREED)), "draw agreed"),
        (
            GAMES["keibot"].reason_phrase(Outcome((0,), (5, 0), "five in a row", "five-in-a-row")),
            "five in a row",
        ),
        (
            outage_phrase(StoreClosing("The database x is closing")),
            "The bot is restarting: try again in a moment.",
        ),
        (
            outage_phrase(StoreUnavailable("x")),
            "The database cannot be reached right now: try again in a moment.",
        ),
    ]
    assert [str(phrase) for phrase, _ in said] == [english for _, english in said]
    assert [english_words(PSEUDO.say(phrase), ["Ann"]) for phrase, _ in said] == [[] for _ in said]
    assert computer.label == "Computer (normal)" and computer.mover_label == "Computer (normal)"  # as before


async def test_a_resignation_and_an_agreed_draw_are_described_in_phrases(host: Host) -> None:
    lobby = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    started = await host.join(lobby.id, BOB)
    resigned = await host.resign(started.id, ANN.user_id)
    (entry,) = resigned.played
    assert entry.description == str(entry.said) == "Ann resigns"
    assert english_words(PSEUDO.say(entry.said), ["Ann"]) == [] and "Ann" in PSEUDO.say(entry.said)
    other = await host.new(guild_id=GUILD, channel_id=CHANNEL, creator=ANN, game_key="keibot")
    playing = await host.join(other.id, BOB)
    assert playing.status == "playing"
    await host.offer_draw(playing.id, ANN.user_id)
    drawn = await host.offer_draw(playing.id, BOB.user_id)
    assert [str(e.said) for e in drawn.played] == ["a draw is agreed"]
    assert (
        drawn.outcome is not None and english_words(PSEUDO.say(drawn.game.reason_phrase(drawn.outcome))) == []
    )
