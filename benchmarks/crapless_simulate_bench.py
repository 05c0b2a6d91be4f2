"""Crapless Craps' simulation: its own fast engine against the seam's, back to back in this process.

Both play the same wagers (the shipped ``kiosk.cfg``'s ``Setup.simulate``: every offered wager but Horn
High) on the same seeded DRBG chunks: the baseline is the seam's fast path
(``terminal.sims.simulate_seam.play_fast``, what ``terminal simulate --game crapless`` ran before
``terminal.sims.crapless_fast``), the new one ``crapless_fast.play_fast``. Printed: the median rate of
each over the pairs and the median of the pairs' ratios, then the new engine's first chunk with its
memo cleared (what a fresh worker pays while it learns its states). The machine's load average is
printed before and after: wall-clock rates move with it.

Then the plain loop (``crapless_fast.play_plain``, the reference the tests compare with, and what placing
costs at a live table: it places the plan's wagers through the engine every roll): as it placed before
each play kept its wagers indexed (:class:`ScanningEngine`, the seat's wagers and the refs found by a scan
of the table for every wager placed, and :func:`scanning_place`, each odds wager's flat found by a scan)
against as it places now, pairs of the same rolls back to back; their sums must be the same.

Run: PYTHONPATH=. python benchmarks/crapless_simulate_bench.py [--pairs N] [--rounds N] [--baseline N]
     [--plain N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from terminal import config
from terminal.games.crapless.engine import CraplessEngine, CraplessPlay
from terminal.games.crapless.records import Wager
from terminal.games.seam import Placement
from terminal.lab.simulate_seed import make_rng
from terminal.sims import crapless_fast, simulate_seam, tabulate


class ScanningEngine(CraplessEngine):
    """The crapless engine as it placed before the play's wager index: a scan of the table per wager."""

    def _place(self, play: CraplessPlay, wager: Wager) -> Wager:
        mine = tuple(w for w in play.wagers if w.seat == wager.seat)
        return self.parts.place(play.state, mine, wager, self.rules)

    def _held(self, play: CraplessPlay, ref: str) -> bool:
        return ref in [w.ref for w in play.wagers]

    def _placed(
        self, play: CraplessPlay, placement: Placement, wager: Wager
    ) -> tuple[Placement, CraplessPlay]:
        return placement, CraplessPlay(play.state, (*play.wagers, wager), play.fresh | {placement.ref})


def _scan_backed(play: CraplessPlay, spot: str) -> bool:
    if spot == "pass_odds":
        return play.state.point is not None and any(w.spot.kind == "pass" for w in play.wagers)
    kind, _, number = spot.rpartition("_")
    if kind == "come_odds":
        return any(w.spot.kind == "come" and w.number == int(number) for w in play.wagers)
    if kind == "put_odds":
        return any(w.spot.kind == "put" and w.spot.number == int(number) for w in play.wagers)
    return True


def scanning_place(
    engine: CraplessEngine, wagers: tuple[tuple[int, str, int], ...], play: Any
) -> tuple[Any, int]:
    """The plain loop's placing as it was: each odds wager's flat found by a scan of the table."""
    refused = 0
    held = {w.ref for w in play.wagers}
    for n, spot, stake in wagers:
        ref = f"sim{n}"
        if ref in held or not _scan_backed(play, spot):
            continue
        try:
            _, play = engine.place(play, crapless_fast.SEAT, ref, spot, stake)
        except ValueError:
            refused += 1
    return play, refused


def plain_pairs(plan: crapless_fast.CraplessPlan, pairs: int, rolls: int) -> None:
    """The plain loop placing as before against as now, ``pairs`` times on the same seeded rolls."""
    engine = plan.engine
    before_plan = crapless_fast.CraplessPlan(
        ScanningEngine(engine.rules, tuple(engine._limits.items())), plan.wagers
    )
    now_place = crapless_fast._place
    old, new = [], []
    for k in range(1, pairs + 1):
        crapless_fast._place = scanning_place
        try:
            start = time.perf_counter()
            before = crapless_fast.play_plain(before_plan, rolls, make_rng(b"\x02", "crapless", k))
            old.append(rolls / (time.perf_counter() - start))
        finally:
            crapless_fast._place = now_place
        start = time.perf_counter()
        after = crapless_fast.play_plain(plan, rolls, make_rng(b"\x02", "crapless", k))
        new.append(rolls / (time.perf_counter() - start))
        assert after == before, "the indexed placing changed the plain loop's sums"
    ratios = [b / a for a, b in zip(old, new, strict=True)]
    print(f"plain loop, placing by scans (before): median {statistics.median(old):,.0f} rolls/s over {pairs}")
    print(f"plain loop, placing by index (now):    median {statistics.median(new):,.0f} rolls/s over {pairs}")
    print(f"ratio (median of pairs): {statistics.median(ratios):.2f}x (same sums every pair)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=400_000, help="rolls per chunk of the new engine")
    parser.add_argument("--baseline", type=int, default=3_000, help="rolls per chunk of the seam's engine")
    parser.add_argument("--plain", type=int, default=4_000, help="rolls per chunk of the plain loop")
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
    plain_pairs(plan, args.pairs, args.plain)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
