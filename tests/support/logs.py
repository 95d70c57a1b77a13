"""Game logs written as text in the tests."""

from __future__ import annotations


def moves(text: str) -> list[str]:
    """The notation strings of a log written `a; b; c` (for notations that hold spaces)."""
    return [move.strip() for move in text.split(";") if move.strip()]


def words(text: str) -> list[str]:
    """The notation strings of a log written `a b c` (for notations without spaces)."""
    return text.split()
