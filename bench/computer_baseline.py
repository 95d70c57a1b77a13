"""The computer players of an earlier commit, to measure today's against them (the other figures
of issue 17 compare whole trees: bench/baseline.py).

`load(commit)` takes that commit's `rules/` and `host/computer/{search,hooks}.py` out of git (`git
archive`) into a folder of the system's temporary directory, outside the repository, renamed into
a package of their own (`tavern_base_<hash>`: its `rules`, its `computer.search`), and imports it
beside today's code. An old player then thinks with the old search, the old hooks and the old rules
on a state of the old rules, replayed from the same moves (`Baseline.state_after`): nothing of
today's code takes part in its choices.
"""

from __future__ import annotations

import importlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FILES = ("rules", "host/computer/search.py", "host/computer/hooks.py")


@dataclass(frozen=True)
class Baseline:
    commit: str
    rules: ModuleType
    search: ModuleType

    def start(self, game_key: str, seats: int, options: dict[str, Any]) -> Any:
        return self.rules.GAMES[game_key].start(seats, **options)


def resolve(commit: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short=12", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


def _extract(commit: str, folder: Path, package: str) -> None:
    """Write the package `package` under `folder` from `commit` (atomically: a half-written
    package is never imported by a process that comes later)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, *FILES], capture_output=True, check=True
    ).stdout
    staging = Path(tempfile.mkdtemp(prefix=f"{package}-", dir=folder))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(staging / "src", filter="data")
    target = staging / package
    shutil.copytree(staging / "src" / "rules", target / "rules")
    (target / "computer").mkdir()
    for name in ("search.py", "hooks.py"):
        text = (staging / "src" / "host" / "computer" / name).read_text(encoding="utf-8")
        text = text.replace("from rules import", f"from {package}.rules import")
        (target / "computer" / name).write_text(text, encoding="utf-8")
    (target / "__init__.py").write_text(f'"""The computer players of commit {commit}."""\n')
    (target / "computer" / "__init__.py").write_text("")
    try:
        os.rename(target, folder / package)
    except OSError:
        if not (folder / package).is_dir():  # another process won the race: theirs is as good
            raise
    shutil.rmtree(staging, ignore_errors=True)


def load(commit: str) -> Baseline:
    """The rules and search of `commit` (any name git knows), imported as a package of its own."""
    short = resolve(commit)
    package = f"tavern_base_{short}"
    folder = Path(tempfile.gettempdir()) / "tavern-baselines"
    folder.mkdir(exist_ok=True)
    if not (folder / package).is_dir():
        _extract(short, folder, package)
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    rules = importlib.import_module(f"{package}.rules")
    search = importlib.import_module(f"{package}.computer.search")
    return Baseline(short, rules, search)
