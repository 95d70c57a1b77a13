"""A game cog's parts: sibling mixins over one declared base, and its table of actions, built
once when the class is made (cogs/game_base.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import discord
import pytest

from cogs import (
    GAME_COGS,
    BuilderAnswers,
    ButtonAction,
    Defer,
    DuplicateAction,
    GameCog,
    GameCogBase,
    KerbogeCog,
    Press,
    component_action,
)
from cogs.dispatch import ButtonAnswers
from cogs.match_message import MatchMessages
from host import Host

COGS = Path(__file__).resolve().parents[2] / "cogs"
BUILDER_ACTIONS = {
    str(action) for action in (ButtonAction.BUILD_START, ButtonAction.BUILD_STEP, ButtonAction.BUILD_PLAY)
}
"""The actions only a game with a move builder answers."""


def test_each_part_inherits_only_the_declared_base() -> None:
    for part in (MatchMessages, ButtonAnswers, BuilderAnswers):
        assert part.__bases__ == (GameCogBase,), part


def test_every_game_cog_has_its_actions_collected_once_per_class() -> None:
    shared = {str(action) for action in ButtonAction} - BUILDER_ACTIONS
    assert set(GameCog.component_actions) == shared
    for cog in GAME_COGS:
        expected = shared | (BUILDER_ACTIONS if issubclass(cog, BuilderAnswers) else set())
        assert set(cog.component_actions) == expected, cog
        # The table holds the methods themselves: a click calls one, nothing is looked up by name.
        for action in cog.component_actions.values():
            assert callable(action.handler) and isinstance(action.defer, Defer)
    assert KerbogeCog.component_actions["step"].handler is BuilderAnswers.build_step
    assert KerbogeCog.component_actions["step"].defer is Defer.NONE


def test_two_methods_of_one_class_answering_one_action_fail_at_class_creation() -> None:
    with pytest.raises(DuplicateAction) as raised:

        class Twice(GameCogBase):
            @component_action("peek", defer=Defer.PRIVATE)
            async def peek(self, interaction: discord.Interaction, press: Press) -> None: ...

            @component_action("peek", defer=Defer.PUBLIC)
            async def look(self, interaction: discord.Interaction, press: Press) -> None: ...

    message = str(raised.value)
    assert "'peek'" in message and "Twice.peek" in message and "Twice.look" in message


def test_a_part_answering_an_action_another_part_answers_fails_at_class_creation() -> None:
    class Joiner(GameCogBase):
        @component_action(ButtonAction.JOIN, defer=Defer.PUBLIC)
        async def join_again(self, interaction: discord.Interaction, press: Press) -> None: ...

    with pytest.raises(DuplicateAction) as raised:

        class JoinsTwice(Joiner, GameCog, group_name="keibot"):
            """Not a game."""

    message = str(raised.value)
    assert "JoinsTwice" in message and "ButtonAnswers.join_pressed" in message
    assert "Joiner.join_again" in message


def test_overriding_an_answer_by_name_replaces_it() -> None:
    class OwnBoard(GameCog, group_name="keibot"):
        """Not a game."""

        @component_action(ButtonAction.BOARD, defer=Defer.PUBLIC)
        async def board_pressed(self, interaction: discord.Interaction, press: Press) -> None: ...

    answer = OwnBoard.component_actions[ButtonAction.BOARD]
    assert answer.handler is OwnBoard.board_pressed and answer.defer is Defer.PUBLIC
    assert GameCog.component_actions[ButtonAction.BOARD].handler is ButtonAnswers.board_pressed


def test_a_game_cog_missing_a_declared_method_cannot_be_made(host: Host) -> None:
    class NoBuilder(BuilderAnswers, GameCog, group_name="kerboge"):
        """Not a game: it names no builder."""

    with pytest.raises(TypeError, match="builder"):
        NoBuilder(host)  # type: ignore[abstract]


def test_no_cogs_module_needs_a_type_only_import_of_another() -> None:
    """The parts read each other through the declared base, so no import of ours hides under
    `if TYPE_CHECKING:` (where it would hide an import circle)."""
    hidden = []
    for path in sorted(COGS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                hidden += [
                    f"{path.name}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.ImportFrom) and inner.level > 0
                ]
    assert not hidden
