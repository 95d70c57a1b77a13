"""The computer players' worker processes end when the bot's process is killed (kill -9)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from .processes import descendants, wait_until_gone

ROOT = Path(__file__).resolve().parents[2]
POOL_OWNER = """
import sys, time
from host.computer.pool import ComputerPool
pool = ComputerPool(workers=2)
pool.start()
print("started", flush=True)
time.sleep(120)
"""


def test_workers_and_resource_tracker_end_when_the_parent_is_killed() -> None:
    owner = subprocess.Popen([sys.executable, "-c", POOL_OWNER], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert owner.stdout is not None and owner.stdout.readline().strip() == "started"
        # Two workers and multiprocessing's resource tracker.
        deadline = time.monotonic() + 20
        while len(descendants(owner.pid)) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
        helpers = descendants(owner.pid)
        assert len(helpers) >= 3, helpers
    finally:
        os.kill(owner.pid, signal.SIGKILL)
        owner.wait()
    assert wait_until_gone(helpers, 5.0) == set()
