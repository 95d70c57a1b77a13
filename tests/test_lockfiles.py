"""The lock files `make run` and `make test` install from (requirements/run.txt and test.txt, made
by `make lock` from pyproject.toml) agree with pyproject.toml: every pin there is in them at the
same version, and every package in them is hash-checked. A pin changed without `make lock` fails
here, naming it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
LOCKS = {"run": ROOT / "requirements" / "run.txt", "test": ROOT / "requirements" / "test.txt"}


def pins(section: list[str]) -> dict[str, str]:
    """Package name (canonical) → its exact version, for each requirement of a pyproject list."""
    found: dict[str, str] = {}
    for line in section:
        requirement = Requirement(line)
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", (
            f"pyproject.toml: {line!r} is not an exact pin (name==version); the lock files and the "
            f"reference images depend on exact versions"
        )
        found[canonicalize_name(requirement.name)] = specifiers[0].version
    return found


def entries(lock: Path) -> list[tuple[Requirement, list[str]]]:
    """Each package of a lock file with its hashes (its lines joined where they end in '\\')."""
    logical: list[str] = []
    pending = ""
    for raw in lock.read_text(encoding="utf-8").splitlines():
        line = raw.split(" #", 1)[0].strip() if not raw.lstrip().startswith("#") else ""
        if not line and not pending:
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    assert not pending, f"{lock.name}: the last line goes on with '\\'"
    found = []
    for line in logical:
        if not line:
            continue
        words = line.split()
        hashes = [word.removeprefix("--hash=") for word in words if word.startswith("--hash=")]
        requirement = " ".join(word for word in words if not word.startswith("--hash="))
        assert not requirement.startswith("-"), f"{lock.name}: an option in a lock file: {line!r}"
        found.append((Requirement(requirement), hashes))
    return found


def locked(lock: Path) -> dict[str, str]:
    versions: dict[str, str] = {}
    for requirement, _ in entries(lock):
        specifiers = list(requirement.specifier)
        assert len(specifiers) == 1 and specifiers[0].operator == "==", f"{lock.name}: {requirement}"
        versions[canonicalize_name(requirement.name)] = specifiers[0].version
    return versions


RUNTIME = pins(PYPROJECT["project"]["dependencies"])
TEST_TOOLS = pins(PYPROJECT["project"]["optional-dependencies"]["test"])


@pytest.mark.parametrize(
    ("lock", "wanted"), [("run", RUNTIME), ("test", RUNTIME | TEST_TOOLS)], ids=["run.txt", "test.txt"]
)
def test_every_pin_of_pyproject_is_locked_at_its_version(lock: str, wanted: dict[str, str]) -> None:
    versions = locked(LOCKS[lock])
    wrong = {
        name: f"pyproject.toml {version}, {LOCKS[lock].name} {versions.get(name, 'missing')}"
        for name, version in wanted.items()
        if versions.get(name) != version
    }
    assert not wrong, f"the lock file is out of date: run `make lock` and commit requirements/: {wrong}"


@pytest.mark.parametrize("lock", ["run", "test"], ids=["run.txt", "test.txt"])
def test_every_locked_package_has_hashes(lock: str) -> None:
    packages = entries(LOCKS[lock])
    assert len(packages) >= len(RUNTIME), f"{LOCKS[lock].name} holds {len(packages)} packages"
    unhashed = [str(requirement) for requirement, hashes in packages if not hashes]
    assert not unhashed, f"{LOCKS[lock].name}: packages without a hash: {unhashed}"
    for requirement, hashes in packages:
        for digest in hashes:
            algorithm, _, value = digest.partition(":")
            assert algorithm == "sha256" and len(value) == 64, f"{requirement.name}: hash {digest!r}"


def test_the_runtime_lock_is_the_test_lock_without_the_test_tools() -> None:
    """The bot runs with the versions it was tested with: every package of run.txt is in test.txt
    at the same version."""
    run, test = locked(LOCKS["run"]), locked(LOCKS["test"])
    differing = {
        name: (version, test.get(name)) for name, version in run.items() if test.get(name) != version
    }
    assert not differing, f"run.txt and test.txt disagree (run, test): {differing}; run `make lock`"
