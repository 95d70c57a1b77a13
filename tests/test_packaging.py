"""What `pip install .` installs: every folder of the five layers, with its data files.

setuptools installs only the packages `pyproject.toml` names (a listed package leaves out its
subpackages), and warns about a folder Python can import that is not among them. Reading the
configuration with setuptools' own finder checks both without building a wheel.
"""

from __future__ import annotations

import fnmatch
import importlib
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages  # type: ignore[import-untyped,unused-ignore]

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("rules", "render", "host", "data", "cogs", "tavern", "locales")


def setuptools_config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config: dict[str, object] = tomllib.load(file)["tool"]["setuptools"]
    return config


def installed_packages() -> set[str]:
    """The packages setuptools installs, as it finds them from the configuration."""
    packages = setuptools_config()["packages"]
    if isinstance(packages, list):
        return set(packages)
    assert isinstance(packages, dict)
    find = packages["find"]
    found = find_namespace_packages(
        where=str(ROOT), include=find.get("include", ("*",)), exclude=find.get("exclude", ())
    )
    return set(found)


def folders_with_files() -> dict[str, Path]:
    """Every folder of the layers that holds a file to install, by its dotted name."""
    folders = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                folder = path.parent.relative_to(ROOT)
                folders[".".join(folder.parts)] = folder
    return folders


def test_every_folder_of_the_layers_is_installed_and_nothing_else() -> None:
    packages = installed_packages()
    missing = sorted(set(folders_with_files()) - packages)
    assert not missing, f"not installed by pip (or installed as data, with a warning): {missing}"
    strays = sorted(name for name in packages if name.split(".")[0] not in LAYERS or "__pycache__" in name)
    assert not strays, f"installed but not part of the bot: {strays}"


def test_every_data_file_is_package_data() -> None:
    """The fonts and the migrations are not Python: each must match a package-data pattern."""
    patterns = setuptools_config()["package-data"]
    assert isinstance(patterns, dict)
    unmatched = []
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*")):
            if not path.is_file() or path.suffix in {".py", ".pyc"} or "__pycache__" in path.parts:
                continue
            relative = path.relative_to(ROOT / layer).as_posix()
            if not any(fnmatch.fnmatch(relative, pattern) for pattern in patterns.get(layer, ())):
                unmatched.append(path.relative_to(ROOT).as_posix())
    assert not unmatched, f"not installed by pip: {unmatched}"
    # The two folders the bot cannot start without.
    assert any(fnmatch.fnmatch("fonts/DejaVuSans.ttf", p) for p in patterns["render"])
    assert any(fnmatch.fnmatch("migrations/sqlite/0001_matches.sql", p) for p in patterns["data"])


def test_the_tavern_command_names_the_cli() -> None:
    """`pip install` makes the `tavern` command from [project.scripts]: it must name a function
    that exists."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        scripts = tomllib.load(file)["project"]["scripts"]
    module_name, _, function = scripts["tavern"].partition(":")
    module = importlib.import_module(module_name)
    assert callable(getattr(module, function))
    assert module_name.split(".")[0] in installed_packages()
