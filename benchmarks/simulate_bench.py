"""Simulation speed (TERMINAL.md § 8): roulette spins/s and craps rolls/s in ``terminal simulate``'s loops.

Roulette: the simulator's hot loop (a DRBG draw, the real ``settle`` and the per-wager count) with the 10
mixed wagers of ``settle_bench.py``, per core, against the 200,000 spins/s target and against a naive
loop in the same run (the same draws, a set lookup and a fresh settlement per wager, summed per wager).
Craps: the simulator's strategy loop on ``craps_bench.py``'s strategy against crapssim 0.4.1 on the same
strategy and the same dice, in the same run, each run of ours back to back with one of crapssim's.
Medians of 3 (the ratio: the median of the 3 pairs' ratios).

Run: PYTHONPATH=. python benchmarks/simulate_bench.py [spins] [rolls]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import craps_bench  # beside this script
import settle_bench

from terminal.games.roulette.rules import make_rules, place
from terminal.lab.simulate_seed import make_rng
from terminal.sims.simulate_roulette import _spin_layout

SEED = bytes.fromhex("be9c")
TARGET = 200_000


def roulette_engine(spins: int) -> float:
    rules = make_rules("double_zero")
    wagers = tuple(place(rules, f"w{i}", text, 500) for i, text in enumerate(settle_bench.MIXED))
    rng = make_rng(SEED, "roulette", 0)
    start = time.perf_counter()
    _spin_layout(wagers, rules, spins, rng)
    return spins / (time.perf_counter() - start)


def roulette_naive(spins: int) -> float:
    rules = make_rules("double_zero")
    wagers = [place(rules, f"w{i}", text, 500) for i, text in enumerate(settle_bench.MIXED)]
    rng = make_rng(SEED, "roulette", 0)
    sums: dict[str, list[int]] = {}
    start = time.perf_counter()
    for _ in range(spins):
        for s in settle_bench.naive_settle(wagers, rng.randbelow(38).value, rules):
            row = sums.setdefault(s.kind, [0, 0, 0])
            row[0] += 1
            row[1] += s.stake
            row[2] += s.returned - s.stake
    return spins / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    spins = int(argv[0]) if argv else 200_000
    rolls = int(argv[1]) if len(argv) > 1 else 10_000
    engine = statistics.median(roulette_engine(spins) for _ in range(3))
    naive = statistics.median(roulette_naive(spins // 4) for _ in range(3))
    print(f"roulette simulate loop, 10 wagers, DRBG draws, one core: {engine:,.0f} spins/s")
    print(f"  vs target {TARGET:,}: {engine / TARGET:.2f}x ({'met' if engine >= TARGET else 'NOT MET'})")
    print(f"  vs naive loop ({naive:,.0f} spins/s): {engine / naive:.2f}x")
    rng = random.Random(623)
    dice = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rolls)]
    try:
        ours, theirs, ratio = craps_bench.interleaved(dice, 3)
    except ImportError:
        ours = statistics.median(craps_bench.ours(dice) for _ in range(3))
        print(f"craps simulate loop: {ours:,.0f} rolls/s (crapssim not installed: no baseline)")
        return 0
    print(f"craps simulate loop, {len(craps_bench.STRATEGY)} wager spots kept up: {ours:,.0f} rolls/s")
    print(f"  vs crapssim 0.4.1, same strategy and dice ({theirs:,.0f} rolls/s): {ratio:.2f}x")
    print("  target: 5x crapssim")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
