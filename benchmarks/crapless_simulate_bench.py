"""Crapless Craps' simulation: its own fast engine against the seam's, back to back in this process.

Both play the same wagers (the shipped ``kiosk.cfg``'s ``Setup.simulate``: every offered wager but Horn
High) on the same seeded DRBG chunks: the baseline is the seam's fast path
(``terminal.sims.simulate_seam.play_fast``, what ``terminal simulate --game crapless`` ran before
``terminal.sims.crapless_fast``), the new one ``crapless_fast.play_fast``. Printed: the median rate of
each over the pairs and the median of the pairs' ratios, then the new engine's first chunk with its
memo cleared (what a fresh worker pays while it learns its states). The machine's load average is
printed before and after: wall-clock rates move with it.

Run: PYTHONPATH=. python benchmarks/crapless_simulate_bench.py [--pairs N] [--rounds N] [--baseline N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from terminal import config
from terminal.lab.simulate_seed import make_rng
from terminal.sims import crapless_fast, simulate_seam, tabulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=400_000, help="rolls per chunk of the new engine")
    parser.add_argument("--baseline", type=int, default=3_000, help="rolls per chunk of the seam's engine")
    args = parser.parse_args()
    c = config.loads("[table]\ngame = crapless\n")
    seam = simulate_seam.seam_plan(c, "crapless")
    plan = crapless_fast.CraplessPlan(seam.engine, seam.wagers)  # the very same wagers
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    tabulate._LOCAL.__dict__.pop("tables", None)
    start = time.perf_counter()
    crapless_fast.play_fast(plan, args.rounds, make_rng(b"\x01", "crapless", 0))
    first = args.rounds / (time.perf_counter() - start)
    old, new = [], []
    for k in range(1, args.pairs + 1):
        start = time.perf_counter()
        simulate_seam.play_fast(seam, args.baseline, make_rng(b"\x01", "crapless", k))
        old.append(args.baseline / (time.perf_counter() - start))
        start = time.perf_counter()
        crapless_fast.play_fast(plan, args.rounds, make_rng(b"\x01", "crapless", k))
        new.append(args.rounds / (time.perf_counter() - start))
    ratios = [b / a for a, b in zip(old, new, strict=True)]
    print(f"seam fast (baseline): median {statistics.median(old):,.0f} rolls/s over {args.pairs} chunks")
    print(f"crapless fast:        median {statistics.median(new):,.0f} rolls/s over {args.pairs} chunks")
    print(f"ratio (median of pairs): {statistics.median(ratios):,.0f}x")
    print(f"crapless fast, first chunk with its memo cleared: {first:,.0f} rolls/s")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
