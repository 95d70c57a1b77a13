"""The host knows nothing of Discord: no mention, no Markdown, no slash command in its text."""

from __future__ import annotations

import re
from pathlib import Path

import host

DISCORD_TEXT = re.compile(r"<@|\*\*[A-Z]|`/|press \*\*")


def test_no_host_module_writes_discord_text() -> None:
    root = Path(host.__file__).parent
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if DISCORD_TEXT.search(line)
    ]
    assert found == []
