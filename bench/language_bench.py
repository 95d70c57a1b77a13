"""What the languages of issue 31 cost: one translated message, and the whole move path when a
server reads German or Japanese.

- One message: two lines of every match message (`cogs/messages.py`: the turn line, "Move 15 ·
  **Alice** to move.", and the moves-played count, "After 14 moves."), worded through a
  language's `Words` (a catalogue lookup, then `str.format_map` with each value shown in the
  locale: Babel's number for a count), beside the f-strings the code wrote before issue 31
  (main at b3f659e: `f"Move {n} · {player} to move."`, `f"After {plural(n, 'move')}."`). CPU
  microseconds a message, the least of several runs of many calls.
- The whole move: typed moves through the real bot pieces in-process (tests/support: the cogs,
  the host, an SQLite file, Discord faked at the HTTP layer), the match message and the picture
  worded and drawn in the server's language (Discord's `guild_locale`: en-US, de, ja), in blocks
  of one Keryo-Pente match, the three languages taking turns. CPU time a move (the picture is
  drawn in a thread: `time.process_time` counts it).
- The whole move in every game and variant: `bench/workers/move_path.py` (parse, play, host and
  store, the picture; the figures of bench.move_path_bench) with the pictures drawn in each
  language's words, a fresh process a run, the languages taking turns, WORKER_RUNS runs each:
  the median of the runs' figures, with their range."""

from __future__ import annotations

import asyncio
import gc
import random
import statistics
import time
from collections.abc import Callable

from host.language import language
from rules.text import Words, plural

from .baseline import ROOT, load_average, run_worker, spread
from .metrics_bench import in_process_bot, play_block
from .table import Row, percentile

MESSAGE_CALLS = 20_000
"""Calls of one run (each wording both lines)."""
MESSAGE_RUNS = 7
LANGUAGES = ("en-US", "de", "ja")
"""The servers' Discord locales of the whole-move rows: English, and the two the issue names."""
BLOCKS = 12
"""Blocks of moves, the languages taking turns (en, de, ja, ja, de, en, …)."""

WORKER_RUNS = 3

PLAYER = "**Alice**"
MOVE_COUNT = 14


def before_issue_31() -> str:
    """The two lines as main wrote them at b3f659e (f-strings; `plural` for the count)."""
    turn = f"Move {MOVE_COUNT + 1} · {PLAYER} to move."
    after = f"After {plural(MOVE_COUNT, 'move')}."
    return f"{turn} {after}"


def worded(words: Words) -> Callable[[], str]:
    """The same two lines through a language's words, as cogs/messages.py says them now."""

    def message() -> str:
        turn = words.gettext("Move {number} · {player} to move.", number=MOVE_COUNT + 1, player=PLAYER)
        after = words.ngettext("After {count} move.", "After {count} moves.", MOVE_COUNT)
        return f"{turn} {after}"

    return message


def microseconds_a_message(message: Callable[[], object]) -> float:
    """CPU µs of one call, the least of MESSAGE_RUNS runs (the least is the one the machine's other
    jobs disturbed least)."""
    runs = []
    for _ in range(MESSAGE_RUNS):
        start = time.process_time()
        for _ in range(MESSAGE_CALLS):
            message()
        runs.append((time.process_time() - start) / MESSAGE_CALLS * 1e6)
    return min(runs)


def message_rows() -> list[Row]:
    fstring = microseconds_a_message(before_issue_31)
    rows = []
    for code in ("en", "de", "ja"):
        words = language(code)
        costs = microseconds_a_message(worded(words))
        rows.append(
            Row(
                "languages",
                f"one match message's turn line and move count, CPU: {code} `Words` beside the f-strings "
                f"before issue 31 (e.g. {worded(words)()!r})",
                f"{costs:.1f} µs (before: {fstring:.1f} µs; +{(costs - fstring) / 1000:.4f} ms), "
                f"least of {MESSAGE_RUNS} runs of {MESSAGE_CALLS:,}",
                "<= +0.1 ms",
            )
        )
    return rows


async def measure_moves() -> dict[str, list[float]]:
    found: dict[str, list[float]] = {locale: [] for locale in LANGUAGES}
    rng = random.Random(31)
    async with in_process_bot() as (driver, host):
        for locale in LANGUAGES:  # warm-up: each catalogue read, each font opened, first pictures
            driver.guild_locale = locale
            await play_block(driver, host, rng)
        for block in range(BLOCKS):
            turn = block % (2 * len(LANGUAGES))  # ABCCBA: a trend over the run falls on all alike
            index = turn if turn < len(LANGUAGES) else 2 * len(LANGUAGES) - 1 - turn
            driver.guild_locale = LANGUAGES[index]
            found[driver.guild_locale] += await play_block(driver, host, rng)
            driver.fake.requests.clear()
    return found


def move_rows() -> list[Row]:
    load_before = load_average()
    found = asyncio.run(measure_moves())
    load_after = load_average()
    rows = []
    for locale, times in found.items():
        rows.append(
            Row(
                "languages",
                f"whole typed move through the cogs, CPU, the server in {locale} (Keryo-Pente, "
                f"{len(times)} moves, {BLOCKS} blocks, the languages taking turns)",
                f"{statistics.median(times):.2f} ms median, {percentile(times, 0.99):.2f} ms p99 "
                f"(load {load_before:.1f} at the start, {load_after:.1f} at the end)",
                "<= 10 ms median, <= 20 ms p99",
            )
        )
    return rows


def variant_rows(runs: int = WORKER_RUNS) -> list[Row]:
    load_before = load_average()
    found: dict[str, list[dict[str, list[float]]]] = {code: [] for code in ("en", "de", "ja")}
    for _ in range(runs):
        for code, figures in found.items():
            figures.append(run_worker("move_path", ROOT, code))
    load_after = load_average()
    rows = []
    for variant, times in found["en"][0].items():
        by_language = []
        for code, figures in found.items():
            medians = [statistics.median(run[variant]) for run in figures]
            p99s = [percentile(run[variant], 0.99) for run in figures]
            by_language.append(f"{code} {spread(medians, ' ms')} median, {spread(p99s, ' ms')} p99")
        rows.append(
            Row(
                "languages",
                f"whole move, CPU, the picture in en / de / ja: {variant} ({len(times)} middle-game moves)",
                "; ".join(by_language),
                "<= 10 ms median, <= 20 ms p99",
            )
        )
    rows.append(
        Row(
            "languages",
            "whole move in each language: runs of each, taking turns (figures above: median of the runs, "
            "range)",
            f"{runs}; load average {load_before:.1f} at the start, {load_after:.1f} at the end",
        )
    )
    return rows


def rows() -> list[Row]:
    return message_rows() + move_rows() + variant_rows()


if __name__ == "__main__":
    from .table import print_table

    gc.collect()
    gc.freeze()  # as bot.py does once it is loaded
    print_table(rows())
