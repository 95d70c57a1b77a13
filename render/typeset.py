"""Text in the pictures: the fonts (DejaVu, shipped in render/fonts; the Noto fonts of the scripts
DejaVu lacks, opened when a text first needs one), names cleaned for them (a box for each emoji
no font has), measuring, trimming and wrapping a line to a width (at a word's end; Chinese and
Japanese between characters), and drawing it. Text DejaVu sets alone (Latin, Greek, Cyrillic)
keeps Pillow's basic layout; right-to-left text and other scripts are set by Raqm, in runs (see
"scripts DejaVu lacks" below).

`text(draw, ...)` draws the same pixels as `ImageDraw.text`, faster: a line is drawn word by word
through masks kept from earlier pictures (words put together from kept glyphs when FreeType would
give the same ink), and a word on a plain ground is pasted as a tile painted once. `text_length`
gives `FreeTypeFont.getlength`'s number from kept advances. Each of these caches (masks, glyphs,
tiles, advances, trimmed strings) is bounded, its bound in its docstring, and changes no pixel;
`clear_text_cache` forgets them. The Pillow internals used here are listed, with why, in
`render/__init__.py`.
"""

from __future__ import annotations

import importlib
import math
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont, features
from PIL.Image import core as pillow_core  # type: ignore[attr-defined]

from .palette import RGB

FONT_DIR = Path(__file__).resolve().parent / "fonts"

# -- fonts and text -----------------------------------------------------------------------------


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in render/fonts) at `size` px. The basic layout engine is used on
    purpose: raqm may or may not be present on a machine, and the pictures must not change."""
    path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def _missing_glyph(bold: bool) -> bytes:
    return bytes(font(24, bold=bold).getmask("\U0010fffd"))


@cache
def _drawable(char: str, bold: bool) -> bool:
    """Whether DejaVu has a glyph for `char` (else Pillow would draw an empty box)."""
    if unicodedata.category(char)[0] in "CZ" and char != " ":
        return False  # control, format, private-use and unusual space characters
    return bytes(font(24, bold=bold).getmask(char)) != _missing_glyph(bold)


MISSING = "□"
"""Drawn for a character no font here has a glyph for (an emoji, a rare symbol), one for each
emoji however many code points make it, so that none vanishes."""
RIGHT_TO_LEFT = frozenset(("R", "AL", "AN"))
"""Bidirectional classes of right-to-left text (Hebrew and Arabic letters, Arabic digits)."""

# -- scripts DejaVu lacks, or that Pillow's basic layout cannot set --------------------------------
#
# DejaVu and Pillow's basic layout draw Latin, Greek, Cyrillic and the games' symbols, as they
# always have (so English pictures keep their pixels and their speed). A text with anything else
# (Arabic or Hebrew, which run right to left and Arabic's letters join; Devanagari and Thai,
# whose letters combine; Chinese, Japanese and Korean, which DejaVu lacks) is set by Raqm
# (FriBiDi and HarfBuzz) instead, in runs: each run of one script in the font that has it, the
# right-to-left runs in the order they are read from the right. The Noto fonts come with the
# project's install (Python packages, pyproject.toml); each is opened the first time a text
# needs it (bench/README.md: the memory each costs).

FALLBACK_FONTS: dict[str, tuple[str, str]] = {
    "arabic": ("fontpkg_noto_sans_arabic", "NotoSansArabic"),
    "devanagari": ("fontpkg_noto_sans_devanagari", "NotoSansDevanagari"),
    "thai": ("fontpkg_noto_sans_thai", "NotoSansThai"),
    "cjk": ("cvttf_NotoSansCJK_Regular", "NotoSansCJK"),
}
"""The font of each script DejaVu cannot set: (its Python package, the start of its file's name).
Noto Sans CJK TC has every Hangul syllable, kana and ideograph; the forms a language writes
(Japanese, Korean, Simplified Chinese) are chosen by Raqm's `language` (`_cjk_language`)."""
LATIN = "latin"
"""DejaVu's own runs (Latin, Greek, Cyrillic, Hebrew, symbols) in a text set by Raqm."""
SCRIPT_RANGES: tuple[tuple[int, int, str], ...] = (
    (0x0600, 0x06FF, "arabic"),
    (0x0750, 0x077F, "arabic"),
    (0x0870, 0x08FF, "arabic"),
    (0xFB50, 0xFDFF, "arabic"),
    (0xFE70, 0xFEFE, "arabic"),
    (0x0900, 0x097F, "devanagari"),
    (0x1CD0, 0x1CFF, "devanagari"),
    (0xA8E0, 0xA8FF, "devanagari"),
    (0x0E00, 0x0E7F, "thai"),
    (0x1100, 0x11FF, "cjk"),
    (0x2E80, 0x2FDF, "cjk"),
    (0x3000, 0x303F, "cjk"),
    (0x3040, 0x31FF, "cjk"),
    (0x3200, 0x4DBF, "cjk"),
    (0x4E00, 0x9FFF, "cjk"),
    (0xA960, 0xA97F, "cjk"),
    (0xAC00, 0xD7FF, "cjk"),
    (0xF900, 0xFAFF, "cjk"),
    (0xFE30, 0xFE4F, "cjk"),
    (0xFF00, 0xFFEF, "cjk"),
    (0x20000, 0x3FFFF, "cjk"),
)
"""Code points drawn with a fallback font (even where DejaVu has a glyph, as for Arabic's basic
letters: Noto's shaping tables join them)."""
JOINERS = frozenset("\u200c\u200d")
"""Zero-width (non-)joiners: they shape their neighbours (Indic, Arabic) or make one emoji."""
_NO_BREAK_BEFORE = frozenset(
    "、。，．・：；？！ー）」』〕］｝〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々"
)
"""Japanese and Chinese characters a line may not start with (closing marks, small kana)."""


def _fallback_file(script: str) -> Path:
    package, stem = FALLBACK_FONTS[script]
    root = Path(importlib.import_module(package).__file__ or "").parent
    return next(path for path in sorted(root.rglob("*")) if path.name.startswith(stem))


_layout_faces: dict[tuple[str, int, bool], ImageFont.FreeTypeFont] = {}
"""(script, size, bold) -> the font opened for it (a few dozen at most: the pictures' sizes)."""


def layout_face(script: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    """The font Raqm sets a run of `script` in (opened when first asked for; kept). Noto's
    variable fonts are set to bold's weight for bold text; Noto Sans CJK has one weight."""
    key = (script, size, bold)
    face = _layout_faces.get(key)
    if face is None:
        face = _layout_faces.setdefault(key, _open_layout_face(script, size, bold))
    return face


def opened_layout_faces() -> list[tuple[str, int, bool]]:
    """The (script, size, bold) of each font Raqm sets text in that was opened so far."""
    return sorted(_layout_faces)


def _layout_engine() -> ImageFont.Layout:
    """Raqm where Pillow has it (`HAVE_RAQM`), else the basic layout."""
    return ImageFont.Layout.RAQM if HAVE_RAQM else ImageFont.Layout.BASIC


def _open_layout_face(script: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    if script == LATIN:
        path = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        return ImageFont.truetype(str(path), size, layout_engine=_layout_engine())
    face = ImageFont.truetype(str(_fallback_file(script)), size, layout_engine=_layout_engine())
    if script != "cjk":
        axes = {axis["name"]: axis["default"] for axis in face.get_variation_axes()}
        if b"Weight" in axes:
            axes[b"Weight"] = 700 if bold else 400
        face.set_variation_by_axes([float(value or 0) for value in axes.values()])
    return face


@cache
def _fallback_missing(script: str) -> bytes:
    return bytes(layout_face(script, 24, False).getmask("\U0010fffd"))


def _script_range(char: str) -> str | None:
    code = ord(char)
    for low, high, script in SCRIPT_RANGES:
        if low <= code <= high:
            return script
    return None


@lru_cache(maxsize=8192)
def script_of(char: str, bold: bool) -> str | None:
    """The script whose font draws `char` (LATIN: DejaVu), or None when no font here has it."""
    script = _script_range(char)
    if script is None:
        return LATIN if _drawable(char, bold) else None
    if bytes(layout_face(script, 24, False).getmask(char)) == _fallback_missing(script):
        return None
    return script


def _attaches(char: str) -> bool:
    """Whether `char` belongs to the character before it (a mark, a joiner, a variation selector,
    a skin tone, an emoji tag)."""
    code = ord(char)
    return (
        unicodedata.category(char)[0] == "M"
        or char in JOINERS
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
    )


@lru_cache(maxsize=2048)
def _clusters(text: str, bold: bool) -> tuple[tuple[str, str | None], ...]:
    """`text` as (cluster, script) pairs, a cluster being a character with the marks and joiners
    that belong to it, invisible characters dropped. A cluster no font has (an emoji, with its
    skin tone, its joined parts, its flag's second letter) is one MISSING of DejaVu's."""
    out: list[list[str | None]] = []
    boxed = False  # whether the last cluster is a MISSING that ends in a joiner (an emoji goes on)
    flag = False  # whether the last cluster is the first of a flag's two letters
    for char in text:
        category = unicodedata.category(char)
        if out and (_attaches(char) or boxed):
            if out[-1][1] is None:
                boxed = char == "\u200d"
                continue
            out[-1][0] = str(out[-1][0]) + char
            continue
        if category in ("Cc", "Cf", "Co", "Cs", "Cn") or (category[0] == "Z" and char != " "):
            if char.isspace():
                out.append([" ", LATIN])
            continue
        if 0x1F1E6 <= ord(char) <= 0x1F1FF and flag:
            flag = False
            continue
        flag = 0x1F1E6 <= ord(char) <= 0x1F1FF
        boxed = False
        script = LATIN if char == " " else script_of(char, bold)
        out.append([MISSING if script is None else char, script])
    return tuple((str(cluster), script) for cluster, script in out)


@lru_cache(maxsize=4096)
def needs_layout(text: str, bold: bool = False) -> bool:
    """Whether `text` must be set by Raqm (see above): it holds right-to-left text, a script of a
    fallback font, or a character no font here has (then MISSING is drawn)."""
    return not all(
        char == " "
        or (
            _drawable(char, bold)
            and unicodedata.bidirectional(char) not in RIGHT_TO_LEFT
            and not _script_range(char)
        )
        for char in text
    )


def clean_text(text: str, *, bold: bool = False) -> str:
    """`text` as it should be drawn, on one line, in its logical order (right-to-left runs are
    turned when drawn): invisible format and control characters dropped, and each character no
    font here can draw (an emoji) shown as one MISSING. Every name in a picture goes through it."""
    flat = " ".join(text.split())
    return " ".join("".join(cluster for cluster, _ in _clusters(flat, bold)).split())


@dataclass(frozen=True)
class Run:
    """A piece of a line that one font sets in one direction."""

    text: str
    script: str
    rtl: bool


def _strength(cluster: str) -> str:
    """ "R" (right to left), "L" (left to right) or "N" (neutral: spaces, digits, punctuation)."""
    kind = unicodedata.bidirectional(cluster[0])
    return "R" if kind in RIGHT_TO_LEFT else "L" if kind == "L" else "N"


@lru_cache(maxsize=2048)
def runs(text: str, bold: bool = False) -> tuple[Run, ...]:
    """`text` as runs in the order they are drawn, left to right, in a left-to-right line: a
    stretch from a right-to-left letter to the last one before the next left-to-right letter
    (the spaces, digits and marks between them included) is read from the right, its runs drawn
    in turn from the right, each one set right to left by Raqm (which orders its digits)."""
    clusters = _clusters(text, bold)
    strengths = [_strength(cluster) for cluster, _ in clusters]
    rtl = [False] * len(clusters)
    index = 0
    while index < len(clusters):
        if strengths[index] != "R":
            index += 1
            continue
        end = index
        for later in range(index + 1, len(clusters)):
            if strengths[later] == "L":
                break
            if strengths[later] == "R":
                end = later
        for inside in range(index, end + 1):
            rtl[inside] = True
        index = end + 1
    pieces: list[tuple[str, str, bool, int]] = []  # (text, script, rtl, which stretch)
    stretch = 0
    for position, ((cluster, script), backwards) in enumerate(zip(clusters, rtl, strict=True)):
        script = script or LATIN
        if position and backwards != rtl[position - 1]:
            stretch += 1
        if cluster == " " and pieces and pieces[-1][2] == backwards:
            script = pieces[-1][1]  # a space joins the run it is in
        if pieces and pieces[-1][1:] == (script, backwards, stretch):
            pieces[-1] = (pieces[-1][0] + cluster, script, backwards, stretch)
        else:
            pieces.append((cluster, script, backwards, stretch))
    ordered: list[Run] = []
    group: list[Run] = []
    for piece, script, backwards, _ in pieces:
        run = Run(piece, script, backwards)
        if backwards:
            group.insert(0, run)
            continue
        ordered.extend(group)
        group = []
        ordered.append(run)
    ordered.extend(group)
    return tuple(_merge_stretches(ordered))


def _merge_stretches(ordered: list[Run]) -> list[Run]:
    """Neighbouring runs of one font and direction as one (two stretches read from the right
    are never neighbours, so this only joins what `runs` split at no boundary)."""
    merged: list[Run] = []
    for run in ordered:
        if merged and not run.rtl and not merged[-1].rtl and merged[-1].script == run.script:
            merged[-1] = Run(merged[-1].text + run.text, run.script, False)
        else:
            merged.append(run)
    return merged


def _cjk_language(text: str) -> str | None:
    """The language whose forms Noto Sans CJK should draw `text` in: Japanese where it has kana,
    Korean where it has Hangul; else the font's own (Traditional Chinese)."""
    if any(0x3040 <= ord(char) <= 0x30FF for char in text):
        return "ja"
    if any(0xAC00 <= ord(char) <= 0xD7AF or 0x1100 <= ord(char) <= 0x11FF for char in text):
        return "ko"
    return None


def _is_bold(face: ImageFont.FreeTypeFont) -> bool:
    return str(face.path).endswith("Bold.ttf")


HAVE_RAQM = features.check_feature("raqm")
"""Whether Pillow has Raqm here (it needs the FriBiDi library, `libfribidi0` on Debian). Without
it a run is set by the basic layout: right-to-left letters turned one by one (readable, but
Arabic's letters unjoined, Devanagari's and Thai's marks unplaced)."""


def _run_options(run: Run, line: str) -> dict[str, Any]:
    if not HAVE_RAQM:
        return {}
    options: dict[str, Any] = {"direction": "rtl" if run.rtl else "ltr"}
    if run.script == "cjk":
        language = _cjk_language(line)
        if language is not None:
            options["language"] = language
    return options


@lru_cache(maxsize=4096)
def _laid_out(
    line: str, face: ImageFont.FreeTypeFont
) -> tuple[tuple[Run, ImageFont.FreeTypeFont, float], ...]:
    """The runs of `line` with the font each is set in at `face`'s size and its advance (cached)."""
    bold = _is_bold(face)
    out = []
    for run in runs(line, bold):
        if run.rtl and not HAVE_RAQM:
            run = Run("".join(reversed(run.text)), run.script, run.rtl)
        run_face = layout_face(run.script, int(face.size), bold)
        options = tuple(sorted(_run_options(run, line).items()))
        out.append((run, run_face, _run_length(run.text, run_face, options)))
    return tuple(out)


@lru_cache(maxsize=16384)
def _run_length(text: str, face: ImageFont.FreeTypeFont, options: tuple[tuple[str, str], ...]) -> float:
    """`face.getlength(text, **options)` (cached: lines differ, their runs repeat: a name, a
    word, "ポイント"; a layout by Raqm costs about 0.1 ms). About 100 bytes an entry."""
    layout: dict[str, Any] = dict(options)
    return face.getlength(text, **layout)


CJK_BOLD_STROKE = 0.025
"""The outline (a share of the size) that makes Noto Sans CJK's one weight look as bold as
DejaVu Sans Bold beside it."""


def _baseline_shift(face: ImageFont.FreeTypeFont, vertical: str) -> float:
    """How far below `y` the baseline lies for Pillow's vertical anchor `vertical`, by DejaVu's
    measures (so that text set in runs of several fonts sits on one baseline)."""
    ascent, descent = face.getmetrics()
    return {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "b": -descent, "d": -descent}[
        vertical
    ]


def _draw_laid_out(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    line: str,
    face: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str,
) -> None:
    """`line` drawn by Raqm in its runs (see `runs`), placed as `anchor` says."""
    laid = _laid_out(line, face)
    total = sum(width for _, _, width in laid)
    x = xy[0] - {"l": 0.0, "m": total / 2, "r": total}[anchor[0]]
    y = xy[1] + _baseline_shift(face, anchor[1])
    bold = _is_bold(face)
    ink, _fill = draw._getink(fill)
    for run, run_face, width in laid:
        options = _run_options(run, line)
        if bold and run.script == "cjk":  # Noto Sans CJK has one weight: thickened, as bold as DejaVu's
            # (a stroke of the text's own colour: draw.text paints the stroked mask alone)
            options.update(stroke_width=round(face.size * CJK_BOLD_STROKE, 2), stroke_filled=True)
        if ink is not None and draw.fontmode == "L":
            # What draw.text does (getmask2, then the mask painted at the whole pixel), the mask
            # cached: a picture in Japanese sets its names and captions again at every move.
            key, mask, offset = _mask((x, y), run.text, run_face, "ls", layout=tuple(sorted(options.items())))
            _paint_mask(draw, (int(x) + offset[0], int(y) + offset[1]), key, mask, ink)
        else:
            if "stroke_width" in options:
                options["stroke_fill"] = fill
                del options["stroke_filled"]
            draw.text((x, y), run.text, font=run_face, fill=fill, anchor="ls", **options)
        x += width


LENGTH_CACHE = 4096
"""Characters and pairs of neighbours whose advance `text_length` keeps, per font (forgotten all at
once past that): about 0.5 MB a font at most, for the dozen fonts (sizes) the pictures use."""
_steps: dict[ImageFont.FreeTypeFont, dict[str, int]] = {}
"""font -> one character, or a pair of neighbours -> how far the pen moves for the (second)
character: its advance, plus the pair's kerning, in 64ths of a pixel."""


def _prefix_lengths(text: str, face: ImageFont.FreeTypeFont) -> list[int]:
    """The length of each prefix of `text` (the empty one first), in 64ths of a pixel."""
    steps = _steps.get(face)
    if steps is None or len(steps) > LENGTH_CACHE:
        steps = _steps[face] = {}
    lengths = [0]
    total = 0
    previous = ""
    for char in text:
        key = previous + char
        step = steps.get(key)
        if step is None:
            step = round(face.getlength(key) * 64)
            if previous:
                step -= round(face.getlength(previous) * 64)
            steps[key] = step
        total += step
        lengths.append(total)
        previous = char
    return lengths


def text_length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """`face.getlength(text)`, the same number, from the lengths of its characters and of each
    pair of neighbours (cached). Pillow's basic layout, which our fonts use, advances the pen by
    each glyph's advance and the kerning of each pair of neighbours, nothing else; measuring text
    with FreeType loads and hints every glyph, about as slow as drawing it. A text set by Raqm
    (`needs_layout`) is as long as its runs."""
    if needs_layout(text, _is_bold(face)):
        return sum(width for _, _, width in _laid_out(text, face))
    return _prefix_lengths(text, face)[-1] / 64


def _with_ellipsis(prefix: str, length: int, face: ImageFont.FreeTypeFont) -> int:
    """The length (64ths) of `prefix` + "…", given the length of `prefix`."""
    return length + _prefix_lengths(prefix[-1:] + "…", face)[-1] - _prefix_lengths(prefix[-1:], face)[-1]


def _cut_allowed(text: str, index: int) -> bool:
    """Whether `text` may be cut before `index` without splitting what is drawn as one (a letter
    and its marks, a Devanagari conjunct, an emoji)."""
    if index in (0, len(text)):
        return True
    return not _attaches(text[index]) and text[index - 1] not in JOINERS and text[index - 1] != "\u094d"


@lru_cache(maxsize=2048)
def trim(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened with an ellipsis if needed so that it fits in `width` pixels (cached, and
    measured with `text_length`; 2,048 strings at most). For a name: it may be cut in a word
    (`shorten` cuts between words)."""
    if needs_layout(text, _is_bold(face)):
        return _trim_laid_out(text, face, width)
    lengths = _prefix_lengths(text, face)
    if lengths[-1] / 64 <= width:
        return text

    def fits(middle: int) -> bool:
        prefix = text[:middle].rstrip()
        return _with_ellipsis(prefix, lengths[len(prefix)], face) / 64 <= width

    low, high = 0, len(text)  # the longest prefix that fits with "…" is in [low, high)
    while low < high - 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return text[:low].rstrip() + "…"


def _trim_laid_out(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`trim` for a text set by Raqm: cut only between what is drawn as one."""
    if text_length(text, face) <= width:
        return text
    cuts = [index for index in range(len(text)) if _cut_allowed(text, index)]
    low, high = 0, len(cuts)  # the longest prefix (by cut) that fits with "…" is in [low, high)
    while low < high - 1:
        middle = (low + high) // 2
        if text_length(text[: cuts[middle]].rstrip() + "…", face) <= width:
            low = middle
        else:
            high = middle
    return text[: cuts[low]].rstrip() + "…"


def _breaks_between(before: str, after: str) -> bool:
    """Whether a line may break between two characters of a word: between two Chinese or Japanese
    characters (which write no spaces), unless `after` may not start a line."""
    return (
        _script_range(before) == "cjk"
        and _script_range(after) == "cjk"
        and not 0xAC00 <= ord(after) <= 0xD7AF  # Korean writes spaces between its words
        and after not in _NO_BREAK_BEFORE
    )


def pieces(text: str) -> tuple[tuple[str, bool], ...]:
    """The pieces of `text` a line may break between, each with whether a space comes before it:
    its words, and the characters of Chinese and Japanese words."""
    out: list[tuple[str, bool]] = []
    for word in text.split():
        start = 0
        for index in range(1, len(word)):
            if _breaks_between(word[index - 1], word[index]):
                out.append((word[start:index], start == 0))
                start = index
        out.append((word[start:], start == 0))
    return tuple(out)


def _joined(chosen: Sequence[tuple[str, bool]]) -> str:
    return "".join((" " if space and index else "") + piece for index, (piece, space) in enumerate(chosen))


@lru_cache(maxsize=2048)
def shorten(text: str, face: ImageFont.FreeTypeFont, width: float) -> str:
    """`text`, shortened if needed to fit in `width` pixels at a word's end, with "…" (cut in
    its first word, as `trim` does, only when even that word does not fit)."""
    if text_length(text, face) <= width:
        return text
    parts = pieces(text)
    for count in range(len(parts) - 1, 0, -1):
        shown = _joined(parts[:count]).rstrip(" ,;:·—-") + "…"
        if text_length(shown, face) <= width:
            return shown
    return trim(text, face, width)


def wrap(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int = 2) -> tuple[str, ...]:
    """`text` in at most `lines` lines of `width` pixels, broken between words (and between the
    characters of Chinese and Japanese, which write no spaces; cached by `trim`'s measures). What
    does not fit is shortened at a word's end with "…" (a single word too long for a line is
    cut): `fits` tells whether that happens, and the tests make sure no text of the pictures
    needs it."""
    out: list[str] = []
    parts = pieces(text)
    while parts and len(out) < lines - 1:
        # The most pieces that fit, at least one: found by halving (a line of Japanese is dozens
        # of pieces, each measure a layout by Raqm), as a text grows with its pieces.
        low, high = 1, len(parts)
        while low < high:
            middle = (low + high + 1) // 2
            if text_length(_joined(parts[:middle]), face) > width:
                high = middle - 1
            else:
                low = middle
        count = low
        out.append(trim(_joined(parts[:count]), face, width))
        parts = parts[count:]
    if parts:
        out.append(shorten(_joined(parts), face, width))
    return tuple(out)


def fits(text: str, face: ImageFont.FreeTypeFont, width: float, lines: int = 1) -> bool:
    """Whether `wrap` lays `text` out in `lines` lines of `width` pixels without cutting a word."""
    shown = [piece for line in wrap(text, face, width, lines) for piece, _ in pieces(line)]
    return shown == [piece for piece, _ in pieces(text)]


TEXT_CACHE_BYTES = 4 << 20
"""The most bytes of text masks `text` keeps (one byte a pixel): 4 MiB, a few hundred lines of
words or thousands of short labels."""
_masks: OrderedDict[tuple[object, ...], tuple[Any, tuple[int, int], int]] = OrderedDict()
"""(font, text, anchor, fractions of the position[, Raqm's options]) -> (Pillow's mask of the
text, its offset, its bytes)."""
_mask_bytes = 0
_masks_lock = threading.Lock()


SPLIT_CHARACTERS = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~·×—…→"
)
"""The characters of a text that `text` may draw word by word (checked against Pillow by the
tests): the words and notation of the games' lines, and most players' names."""


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    *,
    font: ImageFont.FreeTypeFont,
    fill: RGB,
    anchor: str,
) -> None:
    """`draw.text(xy, words, font=font, fill=fill, anchor=anchor)`, the same pixels, faster.

    It does what Pillow's `ImageDraw.text` does for one line of text: FreeType renders the text
    into a mask at the fractions of the position, painted in `fill` at the whole pixel. Here the
    masks are cached, and a line of several words is drawn word by word, each word at the point
    where the pen reaches it (`text_length`), so that a line seen for the first time is mostly
    words seen before. That places every glyph on the pixel Pillow places it, since Pillow puts
    each glyph at the pixel nearest to its pen position, counted in 64ths of a pixel from the
    nearest 64th of the starting point (hence only for a start on a 128th of a pixel, and for
    anchors that do not depend on the words' own height), and words apart do not touch."""
    if "\n" in words or draw.fontmode != "L":
        draw.text(xy, words, font=font, fill=fill, anchor=anchor)
        return
    if needs_layout(words, _is_bold(font)):
        _draw_laid_out(draw, xy, words, font, fill, anchor)
        return
    ink, _fill = draw._getink(fill)
    assert ink is not None
    x, y = xy
    if (
        " " in words
        and anchor[1] in "asmd"
        and x >= 0
        and float(x * 128).is_integer()
        and SPLIT_CHARACTERS.issuperset(words)
    ):
        lengths = _prefix_lengths(words, font)
        shift = {"l": 0, "m": (lengths[-1] // 2 + 32) >> 6, "r": (lengths[-1] + 32) >> 6}[anchor[0]]
        pen = int(x) - shift + math.modf(x)[0]
        if pen >= 0:  # (Pillow takes the whole pixel towards 0: the same as the floor only from 0 on)
            _draw_words(draw, pen, y, words, lengths, font, ink, "l" + anchor[1])
            return
    _draw_mask(draw, xy, words, font, ink, anchor)


def _draw_words(
    draw: ImageDraw.ImageDraw,
    pen: float,
    y: float,
    words: str,
    lengths: list[int],
    font: ImageFont.FreeTypeFont,
    ink: int,
    anchor: str,
) -> None:
    """Each word of `words` where the pen, starting at `pen`, reaches it (see `text`)."""
    placed: list[tuple[tuple[int, int], Hashable, Any]] = []
    start = None
    for index, char in enumerate(words + " "):
        if char != " " and start is None:
            start = index
        elif char == " " and start is not None:
            xy = (pen + lengths[start] / 64, y)
            key, mask, offset = _mask(xy, words[start:index], font, anchor, lengths[start : index + 1])
            placed.append(((int(xy[0]) + offset[0], int(xy[1]) + offset[1]), key, mask))
            start = None
    ground = _plain_ground(draw, placed)
    for corner, key, mask in placed:
        _paint_mask(draw, corner, key, mask, ink, ground)


def _plain_ground(draw: ImageDraw.ImageDraw, placed: Sequence[tuple[tuple[int, int], Hashable, Any]]) -> Any:
    """The colour under the masks of a line's words (corner, key, mask), when the box around
    them all lies in the image and is all that colour and no two of their rectangles overlap
    (so each word's rectangle is still all that colour when it is painted); else None. One look
    at the ground for a whole line instead of one a word."""
    target = draw.im
    if len(placed) < 2 or draw.mode != target.mode:
        return None
    right = -1
    top, bottom = placed[0][0][1], 0
    for (x, y), _key, mask in placed:  # left to right: each starts where the one before ended
        width, height = mask.size
        if x < right or not width or not height:
            return None
        right = x + width
        top, bottom = min(top, y), max(bottom, y + height)
    left = placed[0][0][0]
    if left < 0 or top < 0 or right > target.size[0] or bottom > target.size[1] or top >= bottom:
        return None
    ground = target.crop((left, top, right, bottom)).getcolors(1)
    return ground[0][1] if ground else None


GLYPH_CACHE = 8192
"""Glyphs `_glyph` keeps (forgotten all at once past that): a few hundred bytes each, so about
3 MB at most."""
_glyphs: dict[tuple[ImageFont.FreeTypeFont, str, str, float], tuple[Any, int, int] | None] = {}
"""(font, character, anchor, fraction of y) -> the glyph's ink (a mask cropped to its inked
pixels; None for no ink) and where it starts from the pen's pixel (x, y)."""
_glyph_bytes = 0


def _glyph(
    font: ImageFont.FreeTypeFont, char: str, anchor: str, y_fraction: float
) -> tuple[Any, int, int] | None:
    """One character's ink as FreeType renders it for Pillow, cropped (cached)."""
    global _glyph_bytes
    key = (font, char, anchor, y_fraction)
    try:
        return _glyphs[key]
    except KeyError:
        pass
    mask, offset = font.getmask2(char, "L", anchor=anchor, start=(0, y_fraction))
    box = mask.getbbox() if mask.size[0] and mask.size[1] else None
    found = None if box is None else (mask.crop(box), offset[0] + box[0], offset[1] + box[1])
    with _masks_lock:
        if len(_glyphs) >= GLYPH_CACHE:
            _glyphs.clear()
            _glyph_bytes = 0
        if key not in _glyphs:
            _glyphs[key] = found
            _glyph_bytes += found[0].size[0] * found[0].size[1] if found is not None else 0
    return found


def _word_from_glyphs(
    word: str, start: tuple[float, float], lengths: list[int], font: ImageFont.FreeTypeFont, anchor: str
) -> tuple[Any, tuple[int, int]] | None:
    """The mask of `word` (and its offset from the pen's pixel) that `font.getmask2` would give
    at `start` (the fractions of the pen's position), put together from the cached glyphs; None
    when two of its glyphs have ink in the same column.

    Pillow renders a word's glyphs into one mask, each at the pixel nearest to its pen position
    (in 64ths of a pixel, from the nearest 64th of the start), and blends the ink of glyphs that
    overlap; each glyph's own ink is the same wherever it is. So when no two glyphs share a
    column, the glyphs pasted side by side make exactly the ink of the word (its mask may have
    fewer empty rows and columns around it, which paint nothing); glyphs that overlap would need
    Pillow's blending, so those words are left to FreeType. `lengths` are the lengths (64ths) of
    the prefixes of the line up to each character of `word` and past its last, as
    `_prefix_lengths` gives them, from any origin.

    A glyph's pen position is where the glyphs before it end: the length of the prefix before it
    plus the kerning Pillow adds to the previous glyph's advance for this pair, which is the
    length of the prefix up to and with the glyph, less the glyph's own advance."""
    x_fraction, y_fraction = start
    advances = _steps.get(font, {})
    origin = math.floor(x_fraction * 64 + 0.5) - lengths[0]  # Pillow rounds half away from zero
    placed = []
    right = -(1 << 30)
    for index, char in enumerate(word):
        glyph = _glyph(font, char, anchor, y_fraction)
        if glyph is None:
            continue
        ink_mask, dx, dy = glyph
        advance = advances.get(char)
        if advance is None:
            advance = _prefix_lengths(char, font)[1]
        left = ((origin + lengths[index + 1] - advance + 32) >> 6) + dx
        if left < right:
            return None
        right = left + ink_mask.size[0]
        placed.append((left, dy, ink_mask))
    if not placed:
        return None
    x0, y0 = placed[0][0], min(top for _, top, _ in placed)
    height = max(top + ink_mask.size[1] for _, top, ink_mask in placed) - y0
    mask = pillow_core.fill("L", (right - x0, height), 0)
    for left, top, ink_mask in placed:
        width, rows = ink_mask.size
        mask.paste(ink_mask, (left - x0, top - y0, left - x0 + width, top - y0 + rows))
    return mask, (x0, y0)


def _draw_mask(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    font: ImageFont.FreeTypeFont,
    ink: int,
    anchor: str,
) -> None:
    """Paint `words` in `ink` through their mask (cached), as `ImageDraw.text` does."""
    key, mask, offset = _mask(xy, words, font, anchor)
    _paint_mask(draw, (int(xy[0]) + offset[0], int(xy[1]) + offset[1]), key, mask, ink)


def _mask(
    xy: tuple[float, float],
    words: str,
    font: ImageFont.FreeTypeFont,
    anchor: str,
    lengths: list[int] | None = None,
    layout: tuple[tuple[str, str], ...] = (),
) -> tuple[Hashable, Any, tuple[int, int]]:
    """The mask of `words` drawn at `xy` (cached), its key and its offset from the pixel of `xy`,
    as `font.getmask2` gives them. A mask not in the cache is put together from cached glyphs
    when `lengths` (see `_word_from_glyphs`) are given and that gives the same ink, else
    rendered by FreeType. `layout`: Raqm's options of a run set by it (direction, language)."""
    global _mask_bytes
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    key = (font, words, anchor, *start, *layout)
    with _masks_lock:
        found = _masks.get(key)
        if found is not None:
            _masks.move_to_end(key)
    if found is None:
        made = None if lengths is None else _word_from_glyphs(words, start, lengths, font, anchor)
        if made is None:
            options: dict[str, Any] = dict(layout)
            made = font.getmask2(words, "L", anchor=anchor, start=start, **options)
        mask, offset = made
        found = (mask, offset, mask.size[0] * mask.size[1])
        with _masks_lock:
            if key not in _masks:
                _masks[key] = found
                _mask_bytes += found[2]
                while _mask_bytes > TEXT_CACHE_BYTES and _masks:
                    _mask_bytes -= _masks.popitem(last=False)[1][2]
    mask, offset, _size = found
    return key, mask, offset


TILE_CACHE_BYTES = 4 << 20
"""The most bytes of painted words `_paint_mask` keeps (four bytes a pixel): 4 MiB, the words of
a few hundred lines."""
TILE_FROM = 150
"""Masks of fewer pixels are painted through as they are: that is as fast as looking at the
ground under them."""
_tiles: OrderedDict[tuple[Hashable, int, str, Any], tuple[Any, int]] = OrderedDict()
"""(the mask's key in `_masks`, the ink, the image's mode, the colour under it) -> the mask
painted in the ink on a rectangle of that colour, and its bytes."""
_tile_bytes = 0


def _paint_mask(
    draw: ImageDraw.ImageDraw, xy: tuple[int, int], key: Hashable, mask: Any, ink: int, ground: Any = None
) -> None:
    """`draw.draw.draw_bitmap(xy, mask, ink)`, the same pixels, mostly faster: where the
    rectangle under the mask is all one colour (words on a plain band or card, as nearly all
    are), the rectangle painted on that colour is pasted instead, made once (cached). Painting
    through a mask blends every pixel, about 12 ns each; looking at the ground and pasting take
    a few µs a word. Pillow blends each pixel on its own, so the mask painted on a rectangle of
    the same colour elsewhere gives the same pixels. `ground`: that colour, when the caller
    knows the rectangle is all of it (`_plain_ground`); else it is looked at here."""
    target = draw.im
    left, top = xy
    width, height = mask.size
    box = (left, top, left + width, top + height)
    if ground is None and (
        width * height >= TILE_FROM
        and draw.mode == target.mode  # (a draw that blends RGBA ink onto RGB paints otherwise)
        and left >= 0
        and top >= 0
        and left + width <= target.size[0]
        and top + height <= target.size[1]
    ):
        colours = target.crop(box).getcolors(1)
        ground = colours[0][1] if colours else None
    if ground is not None:
        target.paste(_tile(key, mask, ink, target.mode, ground), box)
    else:
        draw.draw.draw_bitmap(xy, mask, ink)


def _tile(key: Hashable, mask: Any, ink: int, mode: str, ground: Any) -> Any:
    """`mask` painted in `ink` on a rectangle of the colour `ground`, in `mode` (cached)."""
    global _tile_bytes
    tile_key = (key, ink, mode, ground)
    with _masks_lock:
        found = _tiles.get(tile_key)
        if found is not None:
            _tiles.move_to_end(tile_key)
            return found[0]
    tile = pillow_core.fill(mode, mask.size, ground)
    pillow_core.draw(tile, 0).draw_bitmap((0, 0), mask, ink)
    size = 4 * mask.size[0] * mask.size[1]
    with _masks_lock:
        if tile_key not in _tiles:
            _tiles[tile_key] = (tile, size)
            _tile_bytes += size
            while _tile_bytes > TILE_CACHE_BYTES and _tiles:
                _tile_bytes -= _tiles.popitem(last=False)[1][1]
    return tile


def text_cache_size() -> tuple[int, int]:
    """The text masks `text` keeps and their bytes."""
    with _masks_lock:
        return len(_masks), _mask_bytes


def glyph_cache_size() -> tuple[int, int]:
    """The glyphs `text` keeps to put words together from, and their bytes."""
    with _masks_lock:
        return len(_glyphs), _glyph_bytes


def tile_cache_size() -> tuple[int, int]:
    """The painted words `text` keeps and their bytes."""
    with _masks_lock:
        return len(_tiles), _tile_bytes


def clear_text_cache() -> None:
    """Forget the text masks, glyphs and painted words `text` keeps and the advances
    `text_length` keeps."""
    global _mask_bytes, _glyph_bytes, _tile_bytes
    with _masks_lock:
        _masks.clear()
        _glyphs.clear()
        _tiles.clear()
        _mask_bytes = _glyph_bytes = _tile_bytes = 0
    _steps.clear()
    _layout_faces.clear()


def text_in_circle(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    radius: float,
    text: str,
    *,
    fill: RGB,
    bold: bool = True,
    scale: float = 0.95,
) -> None:
    """Draw `text` with its ink centred on `centre`, as large as fits in the circle.

    `scale` below 1 leaves a margin. The size is chosen so the text's box fits in the circle.
    """
    size = max(6, int(radius * 1.3 * scale))
    while size > 6:
        left, top, right, bottom = font(size, bold=bold).getbbox(text, anchor="ls")
        half_diagonal = math.hypot(right - left, bottom - top) / 2
        if half_diagonal <= radius * scale:
            break
        size -= 1
    face = font(size, bold=bold)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=face, fill=fill, anchor="ls")
