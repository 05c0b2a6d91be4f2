"""Checkpoint benchmark: the ledger checkpointing itself (a failed checkpoint must tilt the table) against
SQLite's automatic checkpoint (which ignores its own failure), on the same durable transactions.

Each run commits the same bills (one transaction each: journal, postings, meters, chain) to a fresh ledger
in a temporary folder on the disk (``--dir``; /dev/shm would make every fsync free). The ledger's way:
``wal_autocheckpoint=0`` and ``PRAGMA wal_checkpoint(PASSIVE)`` every ``CHECKPOINT_COMMITS`` commits. The
baseline, in the same process: the same ledger with SQLite's automatic checkpoint at 1,000 pages and the
ledger's own off. Prints the median commit time of each, the slowest (a commit that checkpoints) and the
ratio.

    PYTHONPATH=. python benchmarks/checkpoint_bench.py [--commits 1500] [--runs 3] [--dir /var/tmp]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from terminal.ledger import Ledger, store

KEY = bytes(range(32))
START = datetime(2026, 1, 1, tzinfo=UTC)


def run(folder: Path, commits: int, own: bool) -> list[float]:
    every = store.CHECKPOINT_COMMITS
    mark = folder / "ledger.mark"
    ledger = Ledger(folder / "ledger.sqlite", KEY, now=START, bills=(10_000,), mark_path=mark)
    if not own:  # the baseline: SQLite checkpoints by itself, the ledger never does
        ledger.db.execute("PRAGMA wal_autocheckpoint=1000")
        store.CHECKPOINT_COMMITS = 10**12
    times = []
    for n in range(commits):
        began = time.perf_counter()
        ledger.bill_stacked(1 + n % 8, 10_000, now=START + timedelta(seconds=n))
        times.append(time.perf_counter() - began)
    ledger.close()
    store.CHECKPOINT_COMMITS = every
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=1500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=Path("/var/tmp"))
    args = parser.parse_args()
    found: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.runs):
        for own in (False, True):
            with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
                found[own] += run(Path(tmp), args.commits, own)
    base, ours = statistics.median(found[False]), statistics.median(found[True])
    print(f"commits {args.commits} x {args.runs} runs in {args.dir}; the ledger checkpoints every "
          f"{store.CHECKPOINT_COMMITS} commits")  # fmt: skip
    for name, times, median in (("baseline (SQLite auto-checkpoint)", found[False], base),
                                ("the ledger's own checkpoint", found[True], ours)):  # fmt: skip
        print(f"{name:34s} median {median * 1e3:.3f} ms   max {max(times) * 1e3:.2f} ms")
    total = sum(found[True]) / sum(found[False])
    print(f"ratio (ours / baseline)  median {ours / base:.3f}   total time {total:.3f}")


if __name__ == "__main__":
    main()
