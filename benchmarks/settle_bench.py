"""Settlement throughput of both games and the PAR sheet's time (TERMINAL.md § 8).

Targets: at least 200,000 roulette spins/s with 10 mixed wagers through the real settlement code, and the
PAR sheet for every wager of both games (roulette on all three wheels, Touchdown under A-D, every craps
wager under every paytable) in under 2 s. The roulette baseline, run in the same process, is a naive
settle loop: a set lookup and a fresh Settlement per wager per spin. Craps rolls/s are measured against
the same strategy run through crapssim in the same process (``craps_bench.py``).

Run: PYTHONPATH=. python benchmarks/settle_bench.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence

import craps_bench  # beside this script

from terminal.games.base import Result, Settlement
from terminal.games.craps.par import craps_par_rows
from terminal.games.craps.rules import CrapsRules
from terminal.games.paytables import TOUCHDOWN_PAYTABLES
from terminal.games.roulette import par_touchdown as touchdown
from terminal.games.roulette.par import roulette_rows
from terminal.games.roulette.par_touchdown import touchdown_rows
from terminal.games.roulette.rules import RouletteRules, Wager, make_rules, place, settle
from terminal.games.roulette.spots import legal_spots

SPINS = 100_000
REPEATS = 5
MIXED = (
    "straight:17", "split:0-00", "street:0-00-2", "corner:25-26-28-29", "first_five",
    "line:31-32-33-34-35-36", "column:2", "dozen:3", "red", "five_adjacent:1",
)  # fmt: skip


def naive_settle(wagers: Sequence[Wager], pocket: int, rules: RouletteRules) -> list[Settlement]:
    """The obvious loop: look the pocket up in the spot's numbers and build each settlement afresh."""
    out = []
    for w in wagers:
        entry = "straight" if w.spot.kind == "five_adjacent" else w.spot.kind
        part = w.stake // 5 if w.spot.kind == "five_adjacent" else w.stake
        if pocket in set(w.spot.pockets):
            returned, result = rules.paytable.payout(entry).returned(part), Result.WIN
        else:
            returned, result = 0, Result.LOSE
        out.append(Settlement(w.ref, w.spot.kind, rules.paytable.name, w.stake, returned, result, entry))
    return out


def _rate(run: Callable[[Sequence[Wager], int, RouletteRules], object], pockets: list[int]) -> float:
    rules = make_rules("double_zero")
    wagers = [place(rules, f"w{i}", text, 500) for i, text in enumerate(MIXED)]
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        for pocket in pockets:
            run(wagers, pocket, rules)
        times.append(time.perf_counter() - start)
    return len(pockets) / statistics.median(times)


def _par_seconds() -> float:
    times = []
    for _ in range(REPEATS):
        legal_spots.cache_clear()  # count building the layout too
        touchdown._band_counts.cache_clear()  # and enumerating the downs (cached for the service screens)
        start = time.perf_counter()
        for wheel in ("double_zero", "single_zero", "double_as_single"):
            roulette_rows(wheel)
        touchdown_rows(tuple(TOUCHDOWN_PAYTABLES))
        craps_par_rows(CrapsRules(), all_paytables=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    pockets = [random.Random(617).randrange(38) for _ in range(SPINS)]  # fixed sequence, benchmark only
    engine = _rate(settle, pockets)
    naive = _rate(naive_settle, pockets)
    par = _par_seconds()
    print(f"settle: {engine:,.0f} spins/s with {len(MIXED)} wagers (median of {REPEATS} x {SPINS:,})")
    print(f"naive baseline: {naive:,.0f} spins/s; ratio engine/naive {engine / naive:.2f}x")
    print(f"target 200,000 spins/s: {'met' if engine >= 200_000 else 'NOT MET'} ({engine / 200_000:.2f}x)")
    print(
        f"PAR sheet, roulette on 3 wheels + Touchdown A-D + every craps paytable: {par * 1000:.1f} ms median"
    )
    print(f"target < 2 s: {'met' if par < 2 else 'NOT MET'} ({2 / par:.1f}x under)")
    craps_bench.main([])
    return 0 if engine >= 200_000 and par < 2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
