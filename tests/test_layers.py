"""The four layers point down only: cogs -> host -> (rules, render, data); rules imports nothing
of ours, render only rules, data nothing of ours, host no Discord and no cogs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"rules", "render", "data", "host", "cogs", "bot", "tavern", "locales"}
ALLOWED = {
    "rules": set(),
    "render": {"rules"},
    "data": set(),
    "host": {"rules", "render", "data", "locales"},
    "cogs": {"host", "rules", "render"},
}
# The metrics library is the entry layer's (tavern/metrics.py): the layers keep plain counters.
FORBIDDEN_THIRD_PARTY = {
    "rules": {"discord", "PIL", "aiosqlite", "prometheus_client"},
    "host": {"discord", "prometheus_client"},
    "data": {"discord", "prometheus_client"},
    "cogs": {"prometheus_client"},
}


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


# -- no import circle inside a folder --------------------------------------------------------------

FOLDERS = ("rules", "render", "data", "host", "cogs")

Imports = dict[str, dict[str, int]]
"""Module -> the modules of ours it imports -> the line of the (first) import."""


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at the top of the module or inside a function (a lazy import that
    runs back up is still a circle between the two modules), but not those under `if
    TYPE_CHECKING:`, which never run."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
        else:
            stack.extend(ast.iter_child_nodes(node))
    return found


def module_imports(root: Path, folders: tuple[str, ...] = FOLDERS) -> Imports:
    """The imports between the modules of `folders` under `root`. An import runs the module it
    names and the packages above it (not those above the importer, already running), and `from
    package import name` also the submodule `name` if there is one; relative imports are
    resolved."""
    paths: dict[str, Path] = {}
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            paths[".".join(parts)] = path
    graph: Imports = {}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        running = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 2)}
        """The module and the packages above it: already running when it imports."""
        edges: dict[str, int] = {}

        def add(target: str, line: int, edges: dict[str, int] = edges) -> None:
            if target in paths:
                edges.setdefault(target, line)

        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                named = [alias.name for alias in node.names]
                names: list[str] = []
            else:
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                named = [".".join([*base, *([node.module] if node.module else [])])]
                names = [alias.name for alias in node.names]
            for target in named:
                prefixes = target.split(".")
                for i in range(1, len(prefixes) + 1):
                    if ".".join(prefixes[:i]) not in running:
                        add(".".join(prefixes[:i]), node.lineno)
                for name in names:
                    if f"{target}.{name}" in paths:
                        add(f"{target}.{name}", node.lineno)
                    elif target in running and target != module:
                        add(target, node.lineno)  # a name read from a package above: runs it
        graph[module] = edges
    return graph


def import_circles(graph: Imports) -> list[frozenset[str]]:
    """The groups of modules that import each other, directly or through others (the strongly
    connected components of more than one module, or of one that imports itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[frozenset[str]] = []

    def visit(module: str) -> None:  # Tarjan's algorithm
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(graph.get(module, {})):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == module:
                    break
            if len(group) > 1 or module in graph.get(module, {}):
                circles.append(frozenset(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return circles


def described(circle: frozenset[str], graph: Imports) -> str:
    """A circle's imports, one a line: `a -> b (line 12)`."""
    return "\n".join(
        f"  {module} -> {target} (line {line})"
        for module in sorted(circle)
        for target, line in sorted(graph[module].items())
        if target in circle
    )


def test_the_circle_finder_sees_relative_and_lazy_imports_and_skips_type_checking_ones(
    tmp_path: Path,
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    files = {
        "__init__.py": "from . import a\n",
        "a.py": "from .b import B\n",
        "b.py": "B = 1\n\ndef late() -> None:\n    from . import a\n",  # a <-> b, through a lazy import
        "c.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import D\n",
        "d.py": "from .c import C\nD = 1\n",  # c -> d only under TYPE_CHECKING: no circle
        "sub/__init__.py": "",
        "sub/e.py": "import pkg.sub.f\n",
        "sub/f.py": "from ..sub import e\n",  # e <-> f, absolute one way, relative the other
        "g.py": "from . import a\nfrom pkg import h\n",
        "h.py": "import pkg.g\n",  # g <-> h
    }
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    graph = module_imports(tmp_path, ("pkg",))
    assert sorted(sorted(c) for c in import_circles(graph)) == [
        ["pkg.a", "pkg.b"],
        ["pkg.g", "pkg.h"],
        ["pkg.sub.e", "pkg.sub.f"],
    ]
    assert graph["pkg.b"] == {"pkg.a": 4} and graph["pkg.c"] == {} and graph["pkg"] == {"pkg.a": 1}


def test_no_import_circle_inside_any_folder() -> None:
    """No two of our modules import each other, directly or through others (lazy imports inside
    functions count; those under TYPE_CHECKING do not)."""
    graph = module_imports(ROOT)
    assert {module.split(".")[0] for module in graph} == set(FOLDERS)  # every folder was read
    circles = import_circles(graph)
    assert not circles, "import circles:\n" + "\n\n".join(described(c, graph) for c in circles)
