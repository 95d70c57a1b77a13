"""The strings that stand in custom_ids of messages Discord keeps, and the shape of the `new`
commands that `lobby_command` builds.

A custom_id is stored by Discord with the message: a button sent before a restart (or before an
upgrade) is clicked with the strings of the version that sent it. Renaming an enum member is
fine; changing a value breaks every such button. These tests pin the values.
"""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import discord
from discord import app_commands

import cogs.glass_bead
import cogs.kerboge
from cogs import GAME_COGS, ButtonAction, KeibotCog, MatchComponent
from cogs.components import TEMPLATE
from cogs.ladder import PAGE_TEMPLATE, PRIVACY_TEMPLATE, LadderPage, PrivacyAction, PrivacyButton, Scope
from data import LeftReason
from rules import GAMES


def values(enum: Any) -> dict[str, str]:
    return {member.name: member.value for member in enum}


def test_the_button_actions_keep_their_stored_strings() -> None:
    assert values(ButtonAction) == {
        "JOIN": "join",
        "START": "start",
        "ADD_COMPUTER": "add-computer",
        "LEAVE": "leave",
        "BOARD": "board",
        "DRAW": "draw",
        "RESIGN": "resign",
        "RESIGN_CONFIRMED": "resign-yes",
        "MOVE": "move",
        "BUILD_START": "build",
        "BUILD_STEP": "step",
        "BUILD_PLAY": "build-play",
        "DRAW_DECLINE": "draw-no",
        "TAKEBACK_ACCEPT": "takeback-yes",
        "TAKEBACK_DECLINE": "takeback-no",
        "REMATCH": "rematch",
        "DECLINE": "decline",
        "RELEASE": "release",
    }
    button = MatchComponent.button("keibot", ButtonAction.RESIGN_CONFIRMED, 12, 3, label="Yes")
    assert button.custom_id == "tavern:keibot:resign-yes:12:3"
    assert all(TEMPLATE.fullmatch(f"tavern:keibot:{action}:1:0") for action in ButtonAction)


def test_the_builder_fields_keep_their_stored_strings() -> None:
    assert values(cogs.glass_bead.Field) == {"PIT": "pit", "TAKE": "take", "GEM": "gem"}
    assert values(cogs.kerboge.Field) == {
        "SOURCE": "source",
        "TARGET": "t",
        "COUNT": "n",
        "SPLIT_1": "c1",
        "SPLIT_2": "c2",
        "SPLIT_3": "c3",
        "BOARD_0": "x0",
        "BOARD_1": "x1",
        "BOARD_2": "x2",
        "BOARD_3": "x3",
    }
    assert values(cogs.kerboge.Direction) == {"FORWARD": "f", "BACK": "b"}
    assert [cogs.kerboge.Field.going(i) for i in range(3)] == ["c1", "c2", "c3"]
    assert [cogs.kerboge.Field.boarded(seat) for seat in range(4)] == ["x0", "x1", "x2", "x3"]
    draft = cogs.kerboge.Draft(source=5, direction=cogs.kerboge.Direction.FORWARD, split=(1, 2, 0))
    assert draft.encode() == "5.f.c120"
    assert cogs.kerboge.Draft.decode("5.f.c120") == draft


def test_the_ladder_buttons_keep_their_stored_strings() -> None:
    assert values(Scope) == {"SERVER": "server", "GLOBAL": "global"}
    assert values(PrivacyAction) == {"FORGET": "forget", "ERASE": "erase"}
    page = LadderPage("keibot", Scope.GLOBAL, 2)
    assert page.custom_id == "tavern-ladder:keibot:global:2"
    assert PAGE_TEMPLATE.fullmatch("tavern-ladder:keibot:server:1")
    confirm = PrivacyButton(PrivacyAction.ERASE, 7, 9)
    assert confirm.custom_id == "tavern-privacy:erase:7:9"
    assert PRIVACY_TEMPLATE.fullmatch("tavern-privacy:forget:7")


def test_the_reasons_a_seat_left_keep_their_stored_strings() -> None:
    # Stored in seats.left_reason (and checked by its CHECK constraint), not in a custom_id.
    assert values(LeftReason) == {"RESIGNED": "resigned", "TIMEOUT": "timeout"}


def new_command(cog_class: type[Any]) -> app_commands.Command[Any, ..., Any]:
    cog = cog_class(MagicMock())
    group = cog.app_command
    assert isinstance(group, app_commands.Group)
    command = group.get_command("new")
    assert isinstance(command, app_commands.Command)
    return command


def test_every_new_command_ends_with_the_shared_options() -> None:
    for cog_class in GAME_COGS:
        command = new_command(cog_class)
        names = [parameter.name for parameter in command.parameters]
        # Every game can invite a member now (issue 29: an invited seat is held for them).
        shared = ["opponent", "level", "invite", "thread"]
        assert names[len(names) - len(shared) :] == shared, cog_class
        thread = command.get_parameter("thread")
        assert thread is not None and not thread.required and thread.default is None
        opponent = command.get_parameter("opponent")
        assert opponent is not None and not opponent.required and opponent.default == "people"
        assert [c.value for c in opponent.choices] == ["people", "computer"]
        level = command.get_parameter("level")
        assert level is not None and level.default == "normal"
        assert all(p.description and p.description != "…" for p in command.parameters), cog_class


def test_a_games_own_options_keep_their_types_defaults_and_choices() -> None:
    keibot = new_command(KeibotCog)
    assert [p.name for p in keibot.parameters] == ["setup", "opponent", "level", "invite", "thread"]
    setup = keibot.get_parameter("setup")
    assert (
        setup is not None and setup.type is discord.AppCommandOptionType.string and setup.default == "closed"
    )
    assert [c.value for c in setup.choices] == list(GAMES["keibot"].options["setup"].choices)
    invite = keibot.get_parameter("invite")
    assert invite is not None and invite.type is discord.AppCommandOptionType.user and invite.default is None

    keryo_pente = new_command(next(c for c in GAME_COGS if c.__name__ == "KeryoPenteCog"))
    seats = keryo_pente.get_parameter("seats")
    tournament = keryo_pente.get_parameter("tournament")
    assert seats is not None and seats.type is discord.AppCommandOptionType.integer and seats.default == 2
    assert [c.value for c in seats.choices] == list(GAMES["keryo-pente"].seats)
    assert tournament is not None and tournament.type is discord.AppCommandOptionType.boolean
    assert tournament.default is True


def test_a_game_cogs_group_is_named_after_its_game() -> None:
    for cog_class in GAME_COGS:
        cog = cog_class(MagicMock())
        assert cog.app_command is not None and cog.app_command.name == cog.game_key == cog.game.key
        assert cog.app_command.description == cog_class.__doc__
