"""The memory each fallback font costs: `python -m bench.font_memory_bench`.

The pictures draw Latin, Greek, Cyrillic and Hebrew with DejaVu (render/fonts); a name or a word in
Arabic, Devanagari, Thai, Chinese, Japanese or Korean opens the Noto font of its script the first
time one is drawn (`render.typeset.layout_face`). For each script, in a fresh process: the
pictures of two seeded random Keryo-Pente games with English names are drawn (DejaVu, the caches
warm), the resident memory read (Linux: /proc/self/statm), then the pictures of the second game
again with players of that script, and the memory read again: the difference is what the
script's font costs, opened at the sizes the pictures use (names, status line, captions) with its
glyphs drawn (and the few cards and headers with those names the pictures cache). Also the
median time of such a picture once the font is open, beside one with English names.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from typing import Any

import render
from render import typeset
from rules import GAMES

from .playouts import iter_random_positions
from .render_memory_bench import resident_mb
from .table import Row, print_table

SCRIPTS = {
    "Hebrew (DejaVu, set by Raqm)": ("שרה כהן", "דוד לוי"),
    "Arabic (Noto Sans Arabic)": ("محمد", "فاطمة الزهراء"),
    "Devanagari (Noto Sans Devanagari)": ("राहुल", "प्रिया शर्मा"),
    "Thai (Noto Sans Thai)": ("สมชาย", "สมหญิง ใจดี"),
    "Chinese, Japanese, Korean (Noto Sans CJK)": ("田中太郎", "김민준"),
}
"""Two players' names of each script (the CJK font is one file for all three)."""
PICTURES = 60


def _pictures(names: tuple[str, str], seed: int) -> list[float]:
    """Milliseconds of each picture of a seeded random Keryo-Pente game (PICTURES moves at most)."""
    times = []
    positions = iter_random_positions(GAMES["keryo-pente"], 2, {}, games=1, seed=seed, cap=PICTURES)
    for state, move in positions:
        start = time.perf_counter()
        render.board(state, last_move=move, names=names)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure(script: str) -> dict[str, Any]:
    """In this process: the resident MB before and after drawing `script`'s names, and the
    median ms of a picture with English names and with them (once the font is open; other games
    than those that warmed the caches)."""
    _pictures(("alice", "Bob"), 1)
    _pictures(("alice", "Bob"), 2)  # the same positions as below: their boards are drawn once
    before = resident_mb()
    _pictures(SCRIPTS[script], 2)
    after = resident_mb()
    return {
        "before": before,
        "after": after,
        "english_ms": statistics.median(_pictures(("alice", "Bob"), 3)),
        "script_ms": statistics.median(_pictures(SCRIPTS[script], 4)),
        "fonts": [list(face) for face in typeset.opened_layout_faces()],
    }


def rows() -> list[Row]:
    rows = []
    for script in SCRIPTS:
        command = [sys.executable, "-m", "bench.font_memory_bench", "--json", script]
        found = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
        sizes = len(found["fonts"])
        value = (
            f"+{found['after'] - found['before']:.1f} MB resident ({sizes} sizes opened); a picture "
            f"{found['script_ms']:.1f} ms median (English names: {found['english_ms']:.1f} ms)"
        )
        rows.append(Row("fonts", f"first names in {script}", value, "loaded only when needed"))
    return rows


def main() -> None:
    render.keep_freed_memory()  # as bot.py does at start
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", metavar="SCRIPT", help="measure one script in this process, as JSON")
    script = parser.parse_args().json
    if script:
        print(json.dumps(measure(script)))
        return
    print_table(rows())


if __name__ == "__main__":
    main()
