"""The figures of issue 17 are printed beside those of the code before it (BASE_COMMIT), measured
in the same run on the same machine: a worker script (bench/workers/) runs once over this tree
and once over that commit's files, unpacked from git into a temporary folder."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASE_COMMIT = "48d7249"
"""The project as it was before issue 17 ("today" in the issue's figures)."""


@contextmanager
def base_tree(commit: str = BASE_COMMIT) -> Iterator[Path | None]:
    """The files of `commit` in a temporary folder; None where git or the commit is missing."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit],
            capture_output=True,
            check=False,
        )
        if archive.returncode != 0:
            yield None
            return
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        yield Path(folder)


def run_worker(name: str, tree: Path, *args: str) -> Any:
    """What `bench/workers/<name>.py` prints (JSON), run over the project files in `tree`."""
    script = ROOT / "bench" / "workers" / f"{name}.py"
    with tempfile.TemporaryDirectory() as elsewhere:  # no stray import from the working folder
        done = subprocess.run(
            [sys.executable, str(script), *args],
            env={**os.environ, "PYTHONPATH": str(tree)},
            cwd=elsewhere,
            capture_output=True,
            text=True,
            check=True,
        )
    return json.loads(done.stdout)


def taking_turns(name: str, runs: int, *args: str) -> tuple[list[Any], list[Any]]:
    """The worker's figures over this tree and over BASE_COMMIT's, `runs` times each, each run in
    a fresh process, the two trees taking turns: the machine's load, which changes CPU times by
    up to 40% from one minute to the next here, then falls on both alike. No figures before when
    git or the commit is missing."""
    now: list[Any] = []
    before: list[Any] = []
    with base_tree() as base:
        for _ in range(runs):
            now.append(run_worker(name, ROOT, *args))
            if base is not None:
                before.append(run_worker(name, base, *args))
    return now, before


def spread(figures: list[float], unit: str = "", digits: int = 1) -> str:
    """The median of several runs' figures, and their range when there are several:
    "9.0 ms (8.1–10.4)"."""
    middle = f"{statistics.median(figures):,.{digits}f}{unit}"
    if len(figures) == 1:
        return middle
    return f"{middle} ({min(figures):,.{digits}f}–{max(figures):,.{digits}f})"


def load_average() -> float:
    """The machine's load average over the last minute (0 where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0
