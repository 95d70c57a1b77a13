"""Processes as Linux's /proc shows them: a process's descendants, and whether one still runs."""

from __future__ import annotations

import time
from pathlib import Path

PROC = Path("/proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state letter, parent pid) of a process, or None if it is gone."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # The command name (in parentheses) may hold spaces: split after its closing parenthesis.
    fields = text[text.rindex(")") + 2 :].split()
    return fields[0], int(fields[1])


def running(pid: int) -> bool:
    """Alive and not a zombie (a dead process nobody has reaped yet does no work)."""
    stat = _stat(pid)
    return stat is not None and stat[0] not in ("Z", "X")


def descendants(pid: int) -> set[int]:
    """Every running process started (directly or not) by `pid`."""
    children: dict[int, list[int]] = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] not in ("Z", "X"):
                children.setdefault(stat[1], []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def wait_until_gone(pids: set[int], seconds: float) -> set[int]:
    """The processes of `pids` still running after waiting up to `seconds` for them to end."""
    deadline = time.monotonic() + seconds
    left = {pid for pid in pids if running(pid)}
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = {pid for pid in left if running(pid)}
    return left
