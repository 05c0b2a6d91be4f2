"""The table's figures (TERMINAL.md § 8): headless rounds per second, and start-up on a large ledger.

1. Rounds per second of the headless table with 8 bot seats over the real protocol (each bot places
   0-6 wagers a round), against a baseline run in the same process: the same table core with the same
   number of wagers placed by direct calls, no protocol and no bots.
2. What TLS costs: the same headless table with its links on TLS 1.3 (mutual certificates, as shipped)
   and on plain TCP (``[links] tls = off``), alternated in the same process, medians of ``--repeats``
   runs each, and their ratio.
3. Start-up to the first open betting window (open the ledger and verify it from its last checkpoint,
   self-test the RNG, rebuild from the ledger, open the round) with a ledger of about one million rows,
   against the same start-up on an empty ledger. Target: under 3 s.

Run: ``PYTHONPATH=. python benchmarks/table_bench.py [--rows 1000000] [--rounds 200]``
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

from ledger_bench import KEY, build_large  # beside this script

from terminal import config as configuration
from terminal.config import Config
from terminal.lab.headless import run_headless
from terminal.ledger import highwater
from terminal.table.boot import boot
from terminal.table.clock import ManualClock


def _config(folder: Path, seats: int = 8, tls: bool = True) -> Config:
    cfg = folder / "kiosk.cfg"
    text = f"[table]\nport = 0\nseats = {seats}\n[ledger]\ncheckpoint_rows = 10000\n"
    text += f"[links]\ntls = {'on' if tls else 'off'}\n"
    cfg.write_text(text, encoding="utf-8")
    return configuration.load(cfg)


def headless_rate(rounds: int, tls: bool = True) -> tuple[float, int]:
    with tempfile.TemporaryDirectory() as folder:
        c = _config(Path(folder), tls=tls)
        summary = run_headless(c, rounds=rounds, seats=8, seed=1, progress=lambda _: None)
        return summary.rounds / summary.seconds, summary.wagers


def tls_cost(rounds: int, repeats: int) -> tuple[float, float]:
    """Median rounds/s with TLS and with plain TCP, the runs alternated so both see the same machine."""
    with_tls, plain = [], []
    for _ in range(repeats):
        with_tls.append(headless_rate(rounds, tls=True)[0])
        plain.append(headless_rate(rounds, tls=False)[0])
    return statistics.median(with_tls), statistics.median(plain)


def direct_rate(rounds: int, wagers: int) -> float:
    """The baseline: the same table core, the same number of wagers, placed by direct calls."""
    with tempfile.TemporaryDirectory() as folder:
        c = _config(Path(folder))
        table = boot(c, ManualClock(time.time()))
        table.start()
        for seat in range(1, 9):
            for _ in range(10):
                table.cashier.bill_stacked(seat, 10_000)
        per_round = max(1, wagers // rounds)
        started = time.perf_counter()
        for number in range(rounds):
            for i in range(per_round):
                table.wagers.place(1 + i % 8, ("red", "black", "dozen:2", "straight:17")[i % 4], 100)
            table.play_round()
            if number + 1 < rounds:
                table.open_round()
        seconds = time.perf_counter() - started
        table.ledger.close()
        return rounds / seconds


def startup_seconds(c: Config, repeats: int = 5) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        table = boot(c, ManualClock(time.time()))
        table.start()  # the first betting window is open when this returns
        times.append(time.perf_counter() - started)
        table.ledger.close()
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3, help="runs of each link kind for the TLS figure")
    args = parser.parse_args()
    rate, wagers = headless_rate(args.rounds)
    direct = direct_rate(args.rounds, wagers)
    per_round = wagers / args.rounds
    print(f"headless, 8 bot seats over the protocol: {rate:,.1f} rounds/s ({per_round:.1f} wagers a round)")
    print(
        f"baseline, same core and wagers by direct calls: {direct:,.1f} rounds/s; ratio {rate / direct:.2f}"
    )
    secure, plain = tls_cost(args.rounds, args.repeats)
    print(
        f"links on TLS 1.3 (mutual certificates): {secure:,.1f} rounds/s; plain TCP: {plain:,.1f} rounds/s "
        f"(medians of {args.repeats}); ratio {secure / plain:.2f}"
    )
    with tempfile.TemporaryDirectory() as folder:
        c = _config(Path(folder))
        c.ledger.path.parent.mkdir(parents=True)
        c.ledger.key_path.write_bytes(KEY)
        os.chmod(c.ledger.key_path, 0o600)
        empty = startup_seconds(c)
        c.ledger.path.unlink()
        state = json.dumps(
            {"touchdown": {"ball": 0, "downs": [], "phase": "open", "version": 1, "wagers": []}}
        )
        rows = build_large(c.ledger.path, args.rows, state)
        # The build writes no high-water mark; bind one to it as `terminal ledger adopt` does (the empty
        # ledger's mark, left beside the key, names the database just deleted).
        highwater.adopt(c.ledger.path, KEY, highwater.mark_path(c.ledger.key_path))
        large = startup_seconds(c)
    print(f"start-up to an open window, empty ledger: {empty * 1000:,.0f} ms (median of 5)")
    ratio = large / empty
    print(
        f"start-up to an open window, {rows:,} rows: {large * 1000:,.0f} ms (median of 5); ratio {ratio:.2f}"
    )
    print(f"target < 3 s: {'met' if large < 3 else 'NOT MET'}")
    return 0 if large < 3 else 1


if __name__ == "__main__":
    raise SystemExit(main())
