"""The four layers point down only: cogs -> host -> (rules, render, data); rules imports nothing
of ours, render only rules, data nothing of ours, host no Discord and no cogs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"rules", "render", "data", "host", "cogs", "bot"}
ALLOWED = {
    "rules": set(),
    "render": {"rules"},
    "data": set(),
    "host": {"rules", "render", "data"},
    "cogs": {"host", "rules", "render"},
}
FORBIDDEN_THIRD_PARTY = {"rules": {"discord", "PIL", "aiosqlite"}, "host": {"discord"}, "data": {"discord"}}


def imported_top_levels(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below_it(layer: str) -> None:
    wrong = {}
    for path in sorted((ROOT / layer).rglob("*.py")):
        names = imported_top_levels(path)
        ours = (names & OURS) - {layer} - ALLOWED[layer]
        banned = names & FORBIDDEN_THIRD_PARTY.get(layer, set())
        if ours or banned:
            wrong[str(path.relative_to(ROOT))] = sorted(ours | banned)
    assert wrong == {}
    assert any((ROOT / layer).rglob("*.py"))  # the folder was found and read


def test_no_test_module_imports_another() -> None:
    """Shared fixtures and helpers live in tests/support (or a folder's conftest/helper modules)."""
    wrong = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module.split(".")[-1]]
            elif isinstance(node, ast.Import):
                names = [alias.name.split(".")[-1] for alias in node.names]
            else:
                continue
            if any(name.startswith("test_") for name in names):
                wrong[str(path.relative_to(ROOT))] = names
    assert wrong == {}
