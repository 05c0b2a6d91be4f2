"""Hot Roller's exact PAR: the lumped chain of the PAR sheet against the plain chain over every set of marks.

The plain chain has a state per set of combinations thrown (2**14 = 16,384, each with its 14 exact moves);
the PAR sheet's chain (``terminal.games.craps.par.hot_roller_chain``) lumps the sets that end alike
(2,628). Both give the same exact distribution (checked here); prints the median of ``runs`` solves of
each and their ratio, measured back to back in the same process.

Usage: ``PYTHONPATH=. python benchmarks/hot_roller_bench.py [runs]``
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Hashable
from fractions import Fraction
from typing import cast

from terminal.games.craps import hot_roller
from terminal.games.craps.par import DICE, _lumped, hot_roller_chain
from terminal.games.markov import Dist, End, Transitions, absorb


def plain_chain(marks: Hashable) -> Transitions:
    """The chain over every set of marks, as ``hot_roller.thrown`` builds them (no lumping)."""
    marks = cast(tuple[int, ...], marks)
    moves: dict[Hashable, Fraction] = {End(str(len(hot_roller.completed(marks)))): Fraction(6, 36)}
    for a, b in DICE:
        if a + b != 7 and a <= b:
            after = hot_roller.thrown(marks, a, b)
            moves[after] = moves.get(after, Fraction(0)) + Fraction(1 if a == b else 2, 36)
    return tuple((p, state) for state, p in moves.items())


def _timed(chain: object) -> tuple[float, Dist]:
    started = time.perf_counter()
    dist = absorb((), chain)  # type: ignore[arg-type]
    return time.perf_counter() - started, dist


def main(runs: int = 3) -> None:
    lumped_s, plain_s, ratios = [], [], []
    for _ in range(runs):
        _lumped.cache_clear()  # every run solves from nothing
        t_lumped, lumped = _timed(hot_roller_chain)
        t_plain, plain = _timed(plain_chain)
        assert lumped == plain, "the lumped chain must give the plain chain's exact distribution"
        lumped_s.append(t_lumped)
        plain_s.append(t_plain)
        ratios.append(t_plain / t_lumped)
    print(f"hot roller PAR, lumped chain: median {statistics.median(lumped_s):.3f} s over {runs} runs")
    print(f"hot roller PAR, plain chain:  median {statistics.median(plain_s):.3f} s over {runs} runs")
    print(f"ratio plain / lumped (median of pairs): {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
