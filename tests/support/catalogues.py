"""The messages the code can say, as `make messages` extracts them, and the shipped catalogues
(tests/host/test_catalogues.py checks them whole; tests/cogs/test_command_languages.py checks the
commands' texts against Discord's limits)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from host.language import DOMAIN, catalogue_path

ROOT = Path(__file__).resolve().parents[2]
KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "N_": None,
    "phrase": None,
    "plural_phrase": (1, 2),
    "context_phrase": ((1, "c"), 2),
    "locale_str": None,
}
"""The Makefile's EXTRACT keywords, as Babel's API takes them."""
LAYERS = ("cogs", "host", "rules", "render", "data")
MessageKey = tuple[str | None, str]


@cache
def extracted() -> dict[MessageKey, tuple[str, ...]]:
    """(context, msgid) -> every form's English, of every message the code can say."""
    found: dict[MessageKey, tuple[str, ...]] = {}
    for layer in LAYERS:
        for _, _, message, _, context in extract_from_dir(
            ROOT / layer, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()
        ):
            forms = (message,) if isinstance(message, str) else tuple(message)
            if forms[0]:
                found[(context, forms[0])] = forms
    return found


@cache
def catalogue(code: str) -> Catalog:
    with catalogue_path(code).open("rb") as po:
        return read_po(po, locale=code, domain=DOMAIN)
