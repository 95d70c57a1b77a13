"""The rules' text in any language: every refusal, move description, score, outcome reason and
constant a person reads is a message the catalogues know (extracted from the code), says no
English in the pseudo-locale, and is the same English as before (`str()`), so that the layers
above can say it in their reader's language (`words.say(...)`, `words.gettext(constant)`)."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from host.language import PSEUDO, language
from rules import CHANCE, GAMES, Game, MoveError, OptionError, Outcome, State
from rules.glass_bead import BEAD_NAMES
from rules.kerboge import KerbogeState
from rules.text import ENGLISH, Phrase, Said
from tests.support.pseudo import english_words, is_pseudo

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {"N_": None, "phrase": None, "plural_phrase": (1, 2), "context_phrase": ((1, "c"), 2)}
"""The Makefile's EXTRACT keywords that the rules use, as Babel's API takes them."""
TITLES = ("Keryo-Pente", "Keibot", "Glass Bead Game", "Verquere", "Jai Kerboge", "Kerboge")
"""Proper names, never translated (a seat-count refusal names its game)."""
PSEUDO_WORDS = language(PSEUDO)

TYPED = (
    *("", " ", "x", "zz9", "K20", "I5", "K0", "K99999999999", "c1-d3", "c1xd3", "a1-a2", "h1-a2", "a9-b1"),
    *(
        "A05",
        "e250 x B5",
        "E1000",
        "A0 x 5",
        "A x",
        "A0 x Z",
        "A0 x B0",
        "A9",
        "Q1",
        "x B5",
        "e0000 x D55 E4 3",
    ),
    *("roll 5-3", "roll 7-1", "pass", "1/4", "bar/3", "22/off", "1/4/9", "4/1", "3/bar", "off/3", "1/99"),
    *("1/2 1/3 1/4 1/5 1/6", "2/5", "4/5-6,7,7,8", "4/5-4", "b1So", "1/5 b1Xx", "aground", "heads", "tails"),
    *(
        "serpent",
        "5/1-4 b1So b1Ru",
        "0/5",
        "11/5",
        "3/5-6,7",
        "2/5-9",
        "3/5-6,7,8@6 b1So@6 b1Ru@7",
        "2/3-4 b2Me",
    ),
)
"""Text a player might type in any game: most of it refused, for many different reasons."""


@cache
def extracted() -> frozenset[str]:
    """Every msgid (each plural form too) that extraction finds in rules/."""
    found: set[str] = set()
    for _, _, message, _, _ in extract_from_dir(
        ROOT / "rules", method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()
    ):
        found.update((message,) if isinstance(message, str) else message)
    return frozenset(found)


def templates(text: Phrase | str) -> Iterator[str]:
    """The templates a text is said with: its own and those of the Phrases in its values."""
    said = text.phrase if isinstance(text, Said) else text
    if isinstance(said, Phrase):
        yield said.template
        if said.plural is not None:
            yield said.plural
        for value in said.params.values():
            yield from templates(value) if isinstance(value, Phrase | Said) else ()


def assert_translatable(text: Phrase | str, allowed: tuple[str, ...] = TITLES) -> None:
    """`text` goes through the catalogues whole: every template of it is extracted, and in the
    pseudo-locale nothing of it stays English but notation (in code spans) and proper names."""
    assert isinstance(text, Phrase | Said), f"plain English, never translated: {text!r}"
    unknown = [template for template in templates(text) if template not in extracted()]
    assert unknown == [], f"not extracted: {unknown}"
    said = PSEUDO_WORDS.say(text)
    assert is_pseudo(said) and english_words(said, allowed) == [], said


def english(text: Phrase | str) -> str:
    """The English of a text as the rules say it: `str()` of it is the same (asserted)."""
    assert str(text) == ENGLISH.say(text.phrase if isinstance(text, Said) else text)
    return str(text)


def refusals(state: State, texts: tuple[str, ...] | list[str]) -> Iterator[MoveError]:
    for text in texts:
        try:
            state.parse(text)
        except MoveError as error:
            yield error


def positions(game: Game, seats: int, seed: int, plies: int = 160) -> Iterator[tuple[State, list[str]]]:
    """The positions of one seeded random game, each with a few moves worth describing (legal
    here) and a few texts worth refusing (moves of other positions, moves mistyped)."""
    rng = random.Random(f"{game.key}{seats}{seed}")
    state = game.start(seats)
    earlier: list[str] = []
    for _ in range(plies):
        if state.to_move is None:
            break
        legal = state.legal_moves()
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = legal[rng.randrange(len(legal))]
        mistyped = [str(move)[:-1] + ending for ending in "0x9"]
        yield state, [*earlier[-4:], *mistyped]
        earlier.append(str(move))
        state = state.play(move)
    yield state, earlier[-4:]


CASES = [(key, seats) for key, game in GAMES.items() for seats in game.seats]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_refusal_is_a_message_of_the_catalogues(key: str, seats: int) -> None:
    game = GAMES[key]
    seen: set[str] = set()
    for seed in range(3):
        for index, (state, texts) in enumerate(positions(game, seats, seed)):
            if index % 4:
                continue
            for error in refusals(state, [*TYPED, *texts]):
                if str(error) in seen:
                    continue
                seen.add(str(error))
                assert english(error.phrase) == str(error)
                assert_translatable(error.phrase)
    assert len(seen) > 25, seen


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_move_description_is_a_message_of_the_catalogues(key: str, seats: int) -> None:
    """`describe_move`, `describe_to_mover` and `describe_played` give English that keeps its
    Phrase (Said): a bare notation only where the game describes a move by its notation."""
    game = GAMES[key]
    described = 0
    for seed in range(2):
        state: State | None = None
        for after, _ in positions(game, seats, seed):
            if state is not None and state.to_move is not None:
                legal = state.legal_moves()
                for move in [legal[i] for i in range(0, len(legal), max(1, len(legal) // 4))]:
                    for text in (state.describe_move(move), state.describe_to_mover(move)):
                        if text != str(move):
                            english(text)
                            assert_translatable(text)
                            described += 1
                forced = state.forced_move() if state.to_move != CHANCE else None
                if forced is not None:
                    assert_translatable(state.describe_move(forced))
            state = after
    if key != "keryo-pente":  # a stone without a capture is told by its notation alone
        assert described > 20


def test_a_keryo_pente_capture_is_told_in_the_readers_language() -> None:
    before = GAMES["keryo-pente"].replay(2, {"tournament": False}, ["K10", "L10", "A1", "M10"])
    text = before.describe_played(before.parse("N10"), before.play("N10"))
    assert text == "N10 captures M10 L10 (2); Red has 2 of 15"
    assert_translatable(text)
    assert "N10" in PSEUDO_WORDS.say(text) and "M10 L10" in PSEUDO_WORDS.say(text)


def finished(game: Game, seats: int) -> Iterator[Outcome]:
    """Outcomes of seeded random games played out, and of resignations."""
    for seed in range(8):
        state = game.start(seats)
        rng = random.Random(f"{game.key}{seats}{seed}")
        for ply in range(3000):
            if state.to_move is None:
                break
            if ply == 4 and seed == 0:  # every seat resigns but one (Kerboge: every seat)
                gone = state
                for seat in range(seats if game.resigned_play_on else seats - 1):
                    gone = gone.resign(seat)
                assert gone.outcome() is not None
                yield gone.outcome()  # type: ignore[misc]
            if state.to_move == CHANCE:
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                legal = state.legal_moves()
                move = legal[rng.randrange(len(legal))]
            state = state.play(move)
        if state.outcome() is not None:
            yield state.outcome()  # type: ignore[misc]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_outcome_reason_is_a_message_of_the_catalogues(key: str, seats: int) -> None:
    """A fresh reason is English that keeps its Phrase; a stored one (`Outcome.from_json`, a plain
    str) is read back by `Game.reason_phrase` into the same Phrase."""
    game = GAMES[key]
    outcomes = list(finished(game, seats))
    assert outcomes
    for outcome in outcomes:
        assert isinstance(outcome.reason, Said)
        english(outcome.reason)
        assert_translatable(outcome.reason)
        stored = Outcome.from_json(outcome.to_json())
        assert stored is not None and type(stored.reason) is str and stored == outcome
        assert game.reason_phrase(stored) == game.reason_phrase(outcome) == outcome.reason.phrase
        assert PSEUDO_WORDS.say(game.reason_phrase(stored)) == PSEUDO_WORDS.say(outcome.reason)
        for name, _ in outcome.other_scores:
            assert name in extracted()


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("keryo-pente", "five in a row"),
        ("keryo-pente", "17 stones captured"),
        ("keryo-pente", "the board is full"),
        ("keryo-pente", "Purple resigned"),
        ("keryo-pente", "every other player resigned"),
        ("keibot", "White has three beads in a row"),
        ("keibot", "Black captured 3 Moai"),
        ("keibot", "White placed all 10 beads"),
        ("keibot", "Black has no legal move"),
        ("keibot", "the same position occurred for the third time"),
        ("keibot", "80 moves in a row without a capture or a bead"),
        ("glass-bead", "South has no bead left to sow and North has 15 points"),
        ("glass-bead", "North has no bead left to sow and South has only 1 point"),
        ("glass-bead", "North resigned"),
        ("verquere", "White bore off all 15 men"),
        ("verquere", "Black has all 15 men on point 24 (double game)"),
        ("verquere", "Jean: White can never enter all men (double game)"),
        ("verquere", "both players are Juncker: neither can ever move again"),
        ("kerboge", "the Serpent wins with 1 point"),
        ("kerboge", "Ruler wins with 1,564 points"),
        ("kerboge", "Sailor, Soldier and Ruler share the win with 12 points"),
        ("kerboge", "every player resigned"),
    ],
)
def test_a_stored_reason_is_read_back_into_its_phrase(key: str, reason: str) -> None:
    """Results stored before (and after) this change hold English reasons: each reads back into
    a Phrase whose English is the stored reason, with names and numbers kept apart."""
    said = GAMES[key].reason_phrase(reason)
    assert english(said) == reason
    assert_translatable(said)


def test_a_reason_no_game_makes_is_said_as_it_is() -> None:
    said = GAMES["keibot"].reason_phrase("Somebody did something")
    assert said == Phrase("Somebody did something") and str(said) == "Somebody did something"
    assert GAMES["keibot"].reason_phrase("the Serpent resigned") == Phrase("the Serpent resigned")


@pytest.mark.parametrize("key", GAMES)
def test_scores_seat_names_summaries_and_options_are_messages_of_the_catalogues(key: str) -> None:
    game = GAMES[key]
    for score in (0, 1, 2, 2.5, 17):
        assert isinstance(game.score_text(score), Said)
        assert_translatable(game.score_text(score))
    assert game.score_text(1564) == f"1,564 {game.score_text(2).split(' ', 1)[1]}"
    constants = [*game.seat_names(max(game.seats)), game.summary]
    constants += [option.description for option in game.options.values()]
    assert [text for text in constants if text not in extracted()] == []
    for text in constants:
        said = PSEUDO_WORDS.gettext(text)
        assert is_pseudo(said) and english_words(said, TITLES) == [], said


def test_constants_beyond_the_seats_are_messages_of_the_catalogues() -> None:
    assert [name for name in BEAD_NAMES if name not in extracted()] == []
    state = GAMES["kerboge"].start(4)
    assert isinstance(state, KerbogeState)
    assert [name for name, _ in state._serpent_score()] == ["Serpent"]
    assert "Serpent" in extracted()


@pytest.mark.parametrize("key", GAMES)
def test_option_and_seat_count_refusals_are_messages_of_the_catalogues(key: str) -> None:
    game = GAMES[key]
    errors: list[OptionError] = []
    for seats in [count for count in (1, 3, 7) if count not in game.seats] + [2.0]:
        with pytest.raises(OptionError) as refused:
            game.start(seats)  # type: ignore[arg-type]
        errors.append(refused.value)
    with pytest.raises(OptionError) as refused:
        game.start(game.seats[0], nonsense=1)
    errors.append(refused.value)
    for name in game.options:
        with pytest.raises(OptionError) as refused:
            game.start(game.seats[0], **{name: 99})
        errors.append(refused.value)
    # Option names and values stay as they are, like command names.
    names = ("nonsense", *game.options, *(repr(c) for o in game.options.values() for c in o.choices))
    for error in errors:
        assert english(error.phrase) == str(error)
        assert_translatable(error.phrase, allowed=(*TITLES, *names))


def test_said_is_the_english_and_keeps_its_phrase() -> None:
    """What the rules return as text is a `str` for every caller that wants English (equal,
    hashable, JSON and SQL as a str, pickled with its Phrase) and translated by `Words.say`."""
    state = GAMES["keibot"].start(2)
    text = state.describe_move(state.parse("c1-d3"))
    assert isinstance(text, Said) and text == "`c1-d3`: jumps c1 to d3" and hash(text) == hash(str(text))
    assert str(text) == "`c1-d3`: jumps c1 to d3" and type(str(text)) is str
    copied = pickle.loads(pickle.dumps(text))
    assert copied == text and isinstance(copied, Said) and copied.phrase == text.phrase
    assert ENGLISH.say(text) == text and PSEUDO_WORDS.say(text) == PSEUDO_WORDS.say(text.phrase)
    assert PSEUDO_WORDS.say(f"{text}") == str(text)  # a string made from it is English only
