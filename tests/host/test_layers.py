"""The host knows nothing of Discord (no mention, no Markdown, no slash command in its text)
and hands up read models of its own, never store rows."""

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


PASSED_UP_AS_STORED = {
    "MatchListing": "MatchSummary",
    "GameTally": "PlayerRecord",
    "RecentMatch": "RecentResult",
}
"""The store rows the host hands up as they are, under names of its own (host/listing.py): it adds
nothing to them, so it no longer copies them field for field (issue 30)."""


def test_no_host_read_model_is_a_store_row() -> None:
    """What the host hands up is its own, but for the rows it passes up unchanged under its own
    names (PASSED_UP_AS_STORED): no other name of the host is a store row, and no field of a host
    dataclass is typed with a store row."""
    import dataclasses

    import data

    vocabulary = {"MatchStatus", "EntryKind", "LeftReason", "Notify"}  # stored values, not rows
    store_rows = {name for name in data.__all__ if name[0].isupper()} - {"Store", *vocabulary}
    rows = {  # the errors the store raises (StoreUnavailable, StoreClosing) pass up as errors, not rows
        getattr(data, name): name
        for name in store_rows
        if isinstance(getattr(data, name), type) and not issubclass(getattr(data, name), BaseException)
    }
    for name in host.__all__:
        model = getattr(host, name)
        stored = rows.get(model) if isinstance(model, type) else None
        assert stored == PASSED_UP_AS_STORED.get(name), name
        if isinstance(model, type) and dataclasses.is_dataclass(model):
            for field in dataclasses.fields(model):
                assert not any(row in str(field.type) for row in store_rows), (name, field.name, field.type)
