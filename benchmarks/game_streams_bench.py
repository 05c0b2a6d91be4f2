"""Game-level RNG streams benchmark: the lab's at-once draw and its family of checks, old way and new.

What ``terminal rng-report``'s game streams and the lab's 10^7-outcome runs (tests/lab/test_game_rng.py)
spend their time on, for a wheel (38), two dice (36) and six dice (46,656):

- the draw: :func:`terminal.lab.game_ranges.draw_stream_at_once` (the production generator's words scaled
  in numpy, :func:`terminal.sims.bulk_draws.below_values`) against the same values through
  ``np.array(rng.randbelow_values(...))`` (each word a Python int), from twin generators, checked equal;
- the checks: :func:`terminal.lab.game_stats.check_range` (projections and independence folded from the
  outcomes' counts, serial correlations by ``np.dot``) against the same statistics computed as before
  (indexing the whole stream for each projection and pairing, a product array per lag), checked equal to
  1e-9 relative.

Medians over ``--repeats`` runs in one process, and the ratios old/new.

    python benchmarks/game_streams_bench.py [--outcomes 4000000] [--repeats 5]
"""

from __future__ import annotations

import argparse
import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rng import EntropySource, HealthParameters, Rng
from terminal.lab import game_ranges as gr
from terminal.lab import game_stats
from terminal.lab.game_stats import LAGS, OutcomeRange, Split, check_range
from terminal.table.boot import driver_for

SIZES = (38, 36, 46656)


def _twin(tag: int) -> Rng:
    counter = itertools.count(tag)
    source = EntropySource(
        HealthParameters(min_entropy=8), lambda n: bytes((next(counter) * 7 + 3) % 251 for _ in range(n))
    )
    return Rng(source, clock=lambda: 0.0, name="bench")


def _old_draw(stream: gr.GameStream, rng: Rng, n: int) -> np.ndarray:
    plan = driver_for(stream.config()).setup.draw
    per, bound = (plan.n, 6) if plan.recipe == "dice" else (1, plan.n)
    place = 6 ** np.arange(per - 1, -1, -1, dtype=np.int64)
    drawn = np.array(rng.randbelow_values(bound, n * per), dtype=np.int64)
    return (drawn.reshape(-1, per) @ place).astype(np.int32)


def _old_statistics(r: OutcomeRange, values: np.ndarray) -> list[float]:
    """The statistics check_range now folds from the counts, computed as it did before: the whole stream
    indexed for each projection and pairing, a product array for each lag."""
    from scipy import stats

    found = []
    for projection in r.projections:
        counts = np.bincount(np.array(projection.of)[values], minlength=len(projection.probabilities))
        expected = np.array([float(p) for p in projection.probabilities]) * counts.sum()
        kept = expected > 0
        found.append(float(stats.chisquare(counts[kept], expected[kept]).statistic))
    for pairing in r.pairings:
        first, second = np.array(pairing.first)[values], np.array(pairing.second)[values]
        rows, cols = int(first.max()) + 1, int(second.max()) + 1
        table = np.bincount(first.astype(np.int64) * cols + second, minlength=rows * cols).reshape(rows, cols)
        found.append(float(stats.chi2_contingency(table, correction=False).statistic))
    x = np.array(r.value, dtype=np.float64)[values]
    x = x - x.mean()
    denominator = float((x * x).sum())
    found += [float((x[:-lag] * x[lag:]).sum()) / denominator for lag in LAGS if lag < len(x)]
    return found


def _new_statistics(r: OutcomeRange, values: np.ndarray) -> list[float]:
    checks = {c.name: c for c in check_range(r, values)}
    found = [checks[f"chi-square of {p.name}"].statistic for p in r.projections]
    found += [checks[f"independence of {p.name}"].statistic for p in r.pairings]
    found += [c.statistic for name, c in checks.items() if name.startswith("serial correlation")]
    return found


def _old_family(r: OutcomeRange, values: np.ndarray) -> None:
    """The whole family as before: the checks that did not change (whole range, pairs, runs), through the
    module's own functions, and the rest as :func:`_old_statistics` computes them."""
    counts = np.bincount(values.astype(np.int64), minlength=r.size)
    game_stats._chi_square(r.name, "whole", counts, (Fraction(1, r.size),) * r.size)
    game_stats._pairs(r.name, r.size, values)
    middle = tuple(-1 if 2 * i + 1 == r.size else int(2 * i >= r.size) for i in range(r.size))
    for split in (*r.splits, Split("high/low", middle)):
        game_stats.runs_check(r.name, split.name, np.array(split.of, dtype=np.int8)[values])
    _old_statistics(r, values)


def _median_s(work: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.process_time()
        work()
        times.append(time.process_time() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--outcomes", type=int, default=4_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    n = args.outcomes
    print(f"{n:,} outcomes a stream, medians of {args.repeats} runs (CPU seconds)")
    for size in SIZES:
        stream = next(s for s in gr.GAME_STREAMS if s.range.size == size)
        new_values = gr.draw_stream_at_once(stream, _twin(size), n)
        if _old_draw(stream, _twin(size), n).tolist() != new_values.tolist():
            raise SystemExit(f"{stream.range.name}: the two draws differ")
        old, new = _old_statistics(stream.range, new_values), _new_statistics(stream.range, new_values)
        if not all(math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-15) for a, b in zip(old, new, strict=True)):
            raise SystemExit(f"{stream.range.name}: the statistics differ")
        draw_old = _median_s(lambda s=stream: _old_draw(s, _twin(1), n), args.repeats)
        draw_new = _median_s(lambda s=stream: gr.draw_stream_at_once(s, _twin(1), n), args.repeats)
        check_old = _median_s(lambda s=stream, v=new_values: _old_family(s.range, v), args.repeats)
        check_new = _median_s(lambda s=stream, v=new_values: check_range(s.range, v), args.repeats)
        print(
            f"{stream.range.name:40} draw {draw_new:6.3f} s against {draw_old:6.3f} s "
            f"(ratio {draw_old / draw_new:5.1f}); checks {check_new:6.3f} s against {check_old:6.3f} s "
            f"(ratio {check_old / check_new:4.1f})"
        )


if __name__ == "__main__":
    main()
