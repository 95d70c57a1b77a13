"""The shared text helpers."""

from rules.text import clip, counts, listing, plural


def test_plural_counts_with_the_right_noun() -> None:
    assert plural(1, "point") == "1 point"
    assert plural(0, "point") == "0 points"
    assert plural(3, "capture") == "3 captures"
    assert plural(1, "man") == "1 man"
    assert plural(2, "man") == "2 men"
    assert plural(2, "stone", "stones left") == "2 stones left"
    assert plural(2.5, "point") == "2.5 points"
    assert plural(1_000_000, "move") == "1000000 moves"


def test_listing_joins_names_in_english() -> None:
    assert listing([]) == ""
    assert listing(["Ann"]) == "Ann"
    assert listing(["Ann", "Bo"]) == "Ann and Bo"
    assert listing(["Ann", "Bo", "Cy"], "or") == "Ann, Bo or Cy"


def test_clip_keeps_short_text_and_marks_a_cut() -> None:
    assert clip("abc", 3) == "abc"
    assert clip("abcd", 3) == "ab…"
    assert len(clip("x" * 500, 100)) == 100


def test_counts_say_a_run_as_a_range() -> None:
    assert counts([2, 3, 4, 5, 6]) == "2 to 6"
    assert counts((4, 2)) == "2 or 4"
    assert counts([2]) == "2"
    assert counts([2, 3]) == "2 or 3"
