"""RNG benchmark: scaled outcomes per second against ``secrets.randbelow``, and raw DRBG MB/s.

Run from the repository root: ``PYTHONPATH=. python benchmarks/rng_bench.py``. Each figure is the median
of several repeats; the baselines run in the same process so the ratios are comparable across machines.
Targets (TERMINAL.md §8): outcome ratio >= 1.0 against secrets.randbelow; raw output >= 500 MB/s.
"""

from __future__ import annotations

import os
import secrets
import statistics
import time
from collections import deque
from collections.abc import Callable

from rng.entropy import EntropySource, HealthParameters
from rng.recipes import Rng

REPEATS = 7
DRAWS = 200_000
RAW_BYTES = 64 * 1024 * 1024
CHUNK = 64 * 1024  # the SP 800-90A ceiling of one CTR_DRBG request
RANGES = (6, 37, 38, 1_000_000)


def seconds(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def paired(ours: Callable[[], object], theirs: Callable[[], object]) -> tuple[float, float, float]:
    """Median seconds of each, and the median of per-repeat ratios theirs/ours.

    The two run alternately, so a noisy neighbour on a shared machine slows both sides of a pair alike.
    """
    pairs = [(seconds(ours), seconds(theirs)) for _ in range(REPEATS)]
    return (
        statistics.median(p[0] for p in pairs),
        statistics.median(p[1] for p in pairs),
        statistics.median(p[1] / p[0] for p in pairs),
    )


def outcomes(rng: Rng, n: int) -> tuple[float, float, float]:
    """Draws per second of the production ``Rng.randbelow`` and of ``secrets.randbelow``, and the ratio."""
    # Both sides draw and drop each outcome, as the table does: keeping 200,000 results in a list would
    # time the garbage collector (a Draw is a tracked tuple carrying its audit fields, an int is not).
    ours, theirs, ratio = paired(
        lambda: deque((rng.randbelow(n) for _ in range(DRAWS)), maxlen=0),
        lambda: deque((secrets.randbelow(n) for _ in range(DRAWS)), maxlen=0),
    )
    return DRAWS / ours, DRAWS / theirs, ratio


def raw(rng: Rng) -> tuple[float, float, float]:
    """MB/s of ``Rng.stream`` (64 KiB DRBG requests, as dumps use it) and of 64 KiB ``os.urandom`` reads."""
    ours, theirs, ratio = paired(
        lambda: deque(rng.stream(RAW_BYTES), maxlen=0),
        lambda: deque((os.urandom(CHUNK) for _ in range(RAW_BYTES // CHUNK)), maxlen=0),
    )
    return RAW_BYTES / ours / 1e6, RAW_BYTES / theirs / 1e6, ratio


def raw_joined(rng: Rng) -> float:
    """MB/s of ``Rng.raw``: the same requests joined into one 64 MiB object (allocation included)."""
    return RAW_BYTES / statistics.median(seconds(lambda: rng.raw(RAW_BYTES)) for _ in range(REPEATS)) / 1e6


def main() -> int:
    rng = Rng(EntropySource(HealthParameters(min_entropy=7)), clock=time.monotonic, name="bench")
    failed = False
    for n in RANGES:
        ours, theirs, ratio = outcomes(rng, n)
        failed |= ratio < 1.0
        print(
            f"randbelow({n}): median {ours:,.0f}/s vs secrets.randbelow {theirs:,.0f}/s  "
            f"ratio {ratio:.2f} (>= 1.0)"
        )
    ours_mb, urandom_mb, raw_ratio = raw(rng)
    failed |= ours_mb < 500
    print(
        f"raw CTR_DRBG AES-256, streamed in 64 KiB requests: median {ours_mb:,.0f} MB/s (>= 500)  "
        f"os.urandom in 64 KiB reads {urandom_mb:,.0f} MB/s  ratio {raw_ratio:.2f}"
    )
    print(f"raw CTR_DRBG AES-256, joined into one 64 MiB object: median {raw_joined(rng):,.0f} MB/s")
    print("FAIL: below target" if failed else "all targets met")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
