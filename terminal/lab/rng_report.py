"""``terminal lab rng-report``: generate the evidence, draw the plots, write the report (one progress bar).

Work is counted in bytes of raw output, outcomes drawn and battery sequences, each a tqdm bar that shows
only when standard error is a terminal.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime
from functools import partial
from pathlib import Path

from tqdm import tqdm

from terminal.config import Config
from terminal.lab import game_ranges, rng_html, rng_plots
from terminal.lab import rng_evidence as ev
from terminal.lab.game_stats import judge
from terminal.lab.rng_evidence import PROFILES, Evidence, Sizes
from terminal.table import generator

__all__ = ["PROFILES", "Sizes", "write_report"]


def _bar(total: int, what: str, unit: str = "it", scale: bool = False) -> tqdm:
    return tqdm(
        total=total, desc=what, unit=unit, unit_scale=scale, file=sys.stderr,
        disable=not sys.stderr.isatty(), leave=False, dynamic_ncols=True,
    )  # fmt: skip


def gather(c: Config, out: Path, sizes: Sizes, started: float) -> Evidence:
    """Self-tests, dumps, battery and outcome statistics; every file written into ``out``."""
    tests = ev.selftests(c.rng.generator)
    rng = generator.production_rng(c)
    raw_path = out / "raw.bin"
    with _bar(sizes.raw_bytes, "raw DRBG output", "B", scale=True) as bar:
        ev.dump_raw(rng, raw_path, sizes.raw_bytes, bar.update)
    outcomes = []
    with _bar(sizes.outcomes * len(ev.RANGES), "scaled outcomes", "draw", scale=True) as bar:
        for k in ev.RANGES:
            values = ev.dump_outcomes(rng, k, sizes.outcomes, out / f"outcomes-{k}.txt", bar.update)
            outcomes.append(ev.outcome_stats(k, values))
    with _bar(sizes.sequences, "SP 800-22 battery", "seq") as bar:
        verdicts, families = ev.run_battery(raw_path.read_bytes(), sizes, bar.update)
    files = [raw_path, *(out / f"outcomes-{k}.txt" for k in ev.RANGES)]
    games = game_streams(c, sizes.games)
    return Evidence(
        generator_id=rng.generator_id,
        generator=c.rng.generator,
        selftests=tests,
        sizes=sizes,
        families=tuple(families),
        verdicts=tuple(verdicts),
        outcomes=tuple(outcomes),
        files=tuple(ev.file_record(p) for p in files),
        seconds=time.monotonic() - started,
        rejections=rng.rejections,
        games=games,
        game_family=judge([check for g in games for check in g.checks]) if games else None,
    )


def game_streams(c: Config, n: int) -> tuple[game_ranges.StreamResult, ...]:
    """Every game's stream of ``n`` outcomes, each on a generator of its own (none when ``n`` is 0)."""
    if n == 0:
        return ()
    streams = game_ranges.GAME_STREAMS
    with _bar(n * len(streams), "game-level streams", "draw", scale=True) as bar:
        fresh = partial(generator.production_rng, c)  # a new generator, the table's own, for each stream
        return tuple(game_ranges.run_stream(s, fresh, n, bar.update) for s in streams)


def write_report(
    c: Config, out: Path, sizes: Sizes, config_path: Path, started: float
) -> tuple[Evidence, Path]:
    """Everything into ``out``; returns the evidence and the HTML report's path."""
    evidence = gather(c, out, sizes, started)
    plots = {
        "histograms": rng_plots.histograms(evidence.outcomes, out / "outcome-histograms.png"),
        "pvalues": rng_plots.p_values(evidence.verdicts, evidence.families, out / "p-values.png"),
        "serial": rng_plots.serial_correlation(evidence.outcomes, out / "serial-correlation.png"),
    }
    when = datetime.now(UTC).isoformat(timespec="seconds")
    html_path = out / "rng-report.html"
    html_path.write_text(rng_html.render(evidence, plots, config_path, when), encoding="utf-8")
    (out / "rng-report.json").write_text(json.dumps(rng_html.to_json(evidence), indent=1), encoding="utf-8")
    return evidence, html_path
