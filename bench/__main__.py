"""`make bench`: every benchmark, printed as one table. Timings are never asserted in tests."""

from __future__ import annotations

import platform
import sys

import render
from rules import GAMES

from . import (
    fairness_bench,
    font_memory_bench,
    glass_bead_bench,
    hardening_bench,
    history_bench,
    host_bench,
    kerboge_bench,
    keryo_pente_bench,
    language_bench,
    metrics_bench,
    move_path_bench,
    playouts,
    ratings_bench,
    render_bench,
    render_cpu_bench,
    render_memory_bench,
    replay_load_bench,
    scale_bench,
    tournament_bench,
    verquere_bench,
)
from .table import Row, print_table


def main() -> None:
    render.keep_freed_memory()  # as bot.py does at start (`settle_process`): the pictures are measured here
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or ''}".rstrip(
            ", "
        )
    )
    rows: list[Row] = []
    rows += playouts.rows([(GAMES["keryo-pente"], 2, {"tournament": True}, "> 150 games/s (Ludii)", 100_000)])
    rows += keryo_pente_bench.rows()
    rows.append(render_bench.row(render_bench.bench_keryo_pente_game(), "median < 30 ms"))
    rows += playouts.rows([(GAMES["keibot"], 2, {"setup": "closed"}, "> 100 games/s", 100_000)])
    rows.append(render_bench.row(render_bench.bench_keibot_game(), "median < 30 ms"))
    rows += render_bench.tournament_rows()
    rows += glass_bead_bench.rows()
    rows += verquere_bench.rows()
    rows += kerboge_bench.rows()
    rows += render_cpu_bench.rows()
    rows += render_memory_bench.rows()
    rows += font_memory_bench.rows()
    rows += move_path_bench.rows()
    rows += metrics_bench.rows()
    rows += language_bench.rows()
    rows += host_bench.rows()
    rows += fairness_bench.rows()
    rows += hardening_bench.rows()
    rows += ratings_bench.rows()
    rows += history_bench.rows()
    rows += tournament_bench.rows()
    rows += replay_load_bench.move_path_rows()
    rows += replay_load_bench.memory_rows()
    rows += scale_bench.rows()
    print_table(rows)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
