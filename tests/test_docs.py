"""The documents hold together: every relative link leads to a file (and a heading) that exists,
the README fits a screen or so, and the README and the docs index link to every document."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
README_MAX_LINES = 300
DOCUMENTS = sorted([ROOT / "README.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")])

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def prose(text: str) -> str:
    """The text without code blocks: what looks like a link or a heading there is not one."""
    return FENCE.sub("", text)


def relative_links(path: Path) -> list[str]:
    text = INLINE_CODE.sub("", prose(path.read_text(encoding="utf-8")))
    return [target for target in LINK.findall(text) if not re.match(r"[a-z][a-z0-9+.-]*:", target)]


def anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file: lower case, punctuation dropped,
    spaces as hyphens, a repeated one numbered."""
    found: set[str] = set()
    for heading in HEADING.findall(prose(path.read_text(encoding="utf-8"))):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        unique, number = slug, 0
        while unique in found:
            number += 1
            unique = f"{slug}-{number}"
        found.add(unique)
    return found


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(path: Path) -> None:
    broken = []
    for target in relative_links(path):
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / unquote(file_part)).resolve() if file_part else path
        if not linked.exists():
            broken.append(
                f"{target}: no {linked.relative_to(ROOT) if linked.is_relative_to(ROOT) else linked}"
            )
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.relative_to(ROOT)}")
    assert not broken, f"{path.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_links_are_found() -> None:
    """The link finder sees the README's links (so the test above is not passing on nothing)."""
    links = relative_links(ROOT / "README.md")
    assert "docs/playing.md" in links and "docs/README.md" in links


def test_the_readme_fits_in_300_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines; move details to docs/"


@pytest.mark.parametrize("index", ["README.md", "docs/README.md"])
def test_every_document_is_linked_from_the_readme_and_the_index(index: str) -> None:
    path = ROOT / index
    linked = {(path.parent / target.partition("#")[0]).resolve() for target in relative_links(path)}
    documents = {
        *(ROOT / "docs").glob("*.md"),
        ROOT / "docs" / "rules" / "README.md",
        ROOT / "bench" / "README.md",
    }
    missing = sorted(str(d.relative_to(ROOT)) for d in documents - linked - {path.resolve()})
    assert not missing, f"{index} does not link to {missing}"
