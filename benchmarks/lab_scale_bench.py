"""Lab scale (issue #30): ``terminal simulate --workers 2`` as a user runs it, every registered game, against
the 170,000 rounds/s that puts 10^8 rounds in under 10 minutes, and against the plain engine.

For each game of the registry (a game registered later is measured without a line here):

- the command itself, in a subprocess, on the shipped ``kiosk.cfg`` (every offered wager), seeded, no
  plots: the rate it prints (its pool's wall clock, the figure the issue quotes), the whole command's wall
  clock (interpreter start, imports and report included) and the CPU seconds of the command and its
  workers (``RUSAGE_CHILDREN``), whose rounds per CPU second the machine's load moves far less;
- in this process, one core, the same seeded chunk: the fast engine (memo learnt) against the plain loop
  (``--engine plain``), each pair back to back, medians of the pairs' rates and ratios;
- that both engines give the same sums for that chunk.

The machine is shared: its load average is printed before and after each game, and wall-clock rates on a
loaded machine understate what an idle one does. Run:

    PYTHONPATH=. .venv/bin/python benchmarks/lab_scale_bench.py [--rounds N] [--workers K] [--games A,B]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from terminal import config
from terminal.games.registry import GAMES
from terminal.lab.simulate_seed import make_rng
from terminal.sims import plan_for, strategy_for

TARGET = 170_000  # rounds/s: 10^8 rounds in under 10 minutes
ROOT = Path(__file__).resolve().parent.parent


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min), {five:.1f} (5 min) on {os.cpu_count()} cores"


def command(game: str, rounds: int, workers: int) -> tuple[float, float, float, int]:
    """``terminal simulate`` in a subprocess: (its printed rate, whole wall seconds, CPU seconds, rounds)."""
    with tempfile.TemporaryDirectory() as out:
        argv = [sys.executable, "-m", "terminal", "simulate", "--game", game, "--rounds", str(rounds),
                "--workers", str(workers), "--seed", "1abe", "--no-plots", "--out", out]  # fmt: skip
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    said = re.search(r"([\d,]+) rounds? in [\d.]+ s \(([\d,]+) rounds/s\)", done.stdout)
    if said is None:
        raise RuntimeError(f"unexpected output of terminal simulate: {done.stdout!r}")
    played = int(said[1].replace(",", ""))
    return float(said[2].replace(",", "")), wall, cpu, played


def engines(game: str, rounds: int, plain_rounds: int, pairs: int) -> tuple[float, float, float, bool]:
    """One core: medians of the fast (memo learnt) and plain rates and of the pairs' ratios; same sums."""
    plan = plan_for(config.load(), game)
    strategy = strategy_for(game)
    strategy.fast(plan, rounds, make_rng(b"warm", game, 0))  # the memo learnt, as a worker has it
    runs = []
    for k in range(pairs):
        started = time.perf_counter()
        plain = strategy.plain(plan, plain_rounds, make_rng(bytes([k]), game, 0)).rounds
        plain_rate = plain / (time.perf_counter() - started)
        started = time.perf_counter()
        fast = strategy.fast(plan, rounds, make_rng(bytes([k]), game, 0)).rounds
        runs.append((plain_rate, fast / (time.perf_counter() - started)))
    same = strategy.fast(plan, plain_rounds, make_rng(b"same", game, 0)) == strategy.plain(
        plan, plain_rounds, make_rng(b"same", game, 0)
    )
    return (statistics.median(f for _, f in runs), statistics.median(p for p, _ in runs),
            statistics.median(f / p for p, f in runs), same)  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1_000_000, help="rounds of the command (10^6)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=3, help="fast/plain pairs in this process (3)")
    parser.add_argument("--games", help="only these games, comma-separated (default every registered one)")
    args = parser.parse_args()
    games = args.games.split(",") if args.games else list(GAMES)
    print(f"terminal simulate --workers {args.workers} --rounds {args.rounds:,}, every offered wager; "
          f"target {TARGET:,} rounds/s")  # fmt: skip
    for game in games:
        print(f"{game}: {_load()}")
        rate, wall, cpu, played = command(game, args.rounds, args.workers)
        print(f"  command: {rate:12,.0f} rounds/s ({'met' if rate >= TARGET else 'NOT MET'} "
              f"{rate / TARGET:.2f}x); whole command {played / wall:,.0f} rounds/s with start-up; "
              f"{played / cpu:,.0f} rounds per CPU second ({cpu:.1f} CPU s)")  # fmt: skip
        fast, plain, ratio, same = engines(game, 200_000, 3_000, args.pairs)
        print(f"  one core: fast {fast:,.0f} rounds/s, plain {plain:,.0f} rounds/s: ratio {ratio:.1f}x "
              f"(median of {args.pairs} pairs); same sums on 3,000 rounds: {'yes' if same else 'NO'}")
    print(_load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
