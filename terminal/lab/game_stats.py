"""Game-level outcome tests: one family of tests for any outcome range, judged as a family.

An :class:`OutcomeRange` names a game's outcomes ``0..size-1`` (the 36 ordered dice pairs, the 38 pockets
of a double-zero wheel; the 216 Sic Bo triples and 54 Big Six sections are one entry each once those games
exist) and what a lab checks of them beyond uniformity: projections with their exact probabilities (the 11
sums of two dice), binary splits whose runs are counted (red/black with the zeros left out), pairs of
components that must be independent (die 1 against die 2), and the number whose serial correlation is
measured. :func:`check_range` applies to one stream of outcomes:

- chi-square of the whole range, and of each projection against its exact probabilities;
- chi-square of non-overlapping consecutive pairs (``size²`` cells) when every cell expects at least 5;
- a contingency chi-square of each independence pairing;
- Wald–Wolfowitz runs of each split, and of above/below the middle of the range;
- serial correlation of the range's number at each of :data:`LAGS`.

Every P-value is two-sided where the statistic has two sides. :func:`judge` holds the family's false-alarm
rate at ``alpha`` (Bonferroni over every check of every stream: valid however the checks depend on each
other) and also counts the checks below the literal 0.01, which a healthy generator shows about 1 % of.

>>> r = uniform_range("coin", 2)
>>> import numpy as np
>>> [c.name for c in check_range(r, np.array([0, 1] * 50, dtype=np.int16))][:2]
['chi-square of 2 outcomes', 'chi-square of 4 consecutive pairs']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, Split

__all__ = ["Check", "FamilyVerdict", "OutcomeRange", "Pairing", "Projection", "Split", "check_range", "judge"]

#: Lags of the serial-correlation checks.
LAGS = (1, 2, 3, 4, 5, 10, 25, 50, 100)
#: The smallest expected count a chi-square cell may have.
MIN_EXPECTED = 5
Outcomes = npt.NDArray[np.int16] | npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class Check:
    """One test on one stream: its statistic, degrees of freedom (0 if none) and P-value."""

    stream: str
    name: str
    statistic: float
    df: int
    p_value: float


@dataclass(frozen=True, slots=True)
class FamilyVerdict:
    """Every check of every stream judged together."""

    checks: int
    alpha: float
    threshold: float  # a check fails the family below this P-value (alpha / checks)
    failing: tuple[str, ...]  # "stream: check" below the threshold
    literal: int  # checks below 0.01 (about 1 % of them by chance)
    smallest_p: float
    passed: bool

    def summary(self) -> str:
        """One line: the family's verdict with its numbers."""
        word = "PASS" if self.passed else "FAIL"
        return (
            f"{word} game-level family: {self.checks} checks, smallest P {self.smallest_p:.3g} against "
            f"{self.threshold:.3g} (alpha {self.alpha} shared by Bonferroni); {self.literal} below 0.01 "
            f"({0.01 * self.checks:.1f} expected by chance)"
        )


def uniform_range(name: str, size: int) -> OutcomeRange:
    """Any outcome range with the generic checks only (uniformity, pairs, runs, serial correlation)."""
    return OutcomeRange(name, size, tuple(range(size)))


def _chi_square(stream: str, name: str, counts: npt.NDArray[np.int64], probs: Sequence[Fraction]) -> Check:
    from scipy import stats  # here, not at the top: importing scipy.stats costs ~1 s, paid only when used

    expected = np.array([float(p) for p in probs]) * counts.sum()
    kept = expected > 0
    result = stats.chisquare(counts[kept], expected[kept])
    return Check(stream, name, float(result.statistic), int(kept.sum()) - 1, float(result.pvalue))


def _pairs(stream: str, size: int, values: Outcomes) -> Check | None:
    pairs = len(values) // 2
    if pairs < MIN_EXPECTED * size * size:
        return None
    index = values[0 : 2 * pairs : 2].astype(np.int64) * size + values[1 : 2 * pairs : 2]
    counts = np.bincount(index, minlength=size * size)
    uniform = (Fraction(1, size * size),) * (size * size)
    return _chi_square(stream, f"chi-square of {size * size} consecutive pairs", counts, uniform)


def _fold(
    of: Sequence[int] | npt.NDArray[np.int64],
    counts: npt.NDArray[np.int64],
    seen: npt.NDArray[np.bool_],
    size: int = 0,
) -> npt.NDArray[np.int64]:
    """The counts of ``of[v]`` over the stream, from each outcome's count: what ``np.bincount(of[values])``
    counts, in the outcomes' number of steps rather than the stream's. Exact: integer sums below 2**53."""
    folded = np.bincount(np.asarray(of, dtype=np.int64)[seen], weights=counts[seen], minlength=size)
    return folded.astype(np.int64)


def _independence(stream: str, pairing: Pairing, counts: npt.NDArray[np.int64]) -> Check:
    seen = counts > 0  # the outcomes the stream holds: the table's rows and columns as far as they reach
    first, second = np.asarray(pairing.first, dtype=np.int64), np.asarray(pairing.second, dtype=np.int64)
    rows, cols = int(first[seen].max()) + 1, int(second[seen].max()) + 1
    table = _fold(first * cols + second, counts, seen, rows * cols).reshape(rows, cols)
    from scipy import stats  # see _chi_square

    result = stats.chi2_contingency(table, correction=False)
    return Check(stream, f"independence of {pairing.name}", float(result.statistic), int(result.dof),
                 float(result.pvalue))  # fmt: skip


def runs_check(stream: str, name: str, marks: npt.NDArray[np.int8]) -> Check:
    """Wald–Wolfowitz runs of a 0/1 sequence (-1 entries left out); ``statistic`` is the z-score."""
    kept = marks[marks >= 0].astype(bool)
    n, n1 = len(kept), int(kept.sum())
    n2 = n - n1
    if n1 == 0 or n2 == 0:
        return Check(stream, f"runs of {name}", math.inf, 0, 0.0)
    runs = 1 + int(np.count_nonzero(kept[1:] != kept[:-1]))
    mean = 2 * n1 * n2 / n + 1
    variance = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
    z = (runs - mean) / math.sqrt(variance)
    return Check(stream, f"runs of {name}", z, 0, math.erfc(abs(z) / math.sqrt(2)))


def serial_checks(
    stream: str, label: str, numbers: npt.NDArray[np.float64], lags: Sequence[int] = LAGS
) -> list[Check]:
    """Serial correlation of ``label`` at each lag: ``statistic`` is r; P two-sided, r·sqrt(n) ~ N(0, 1)."""
    x = numbers - numbers.mean()
    denominator = float(np.dot(x, x))
    found = []
    for lag in lags:
        if lag >= len(x) or denominator == 0:
            continue
        r = float(np.dot(x[:-lag], x[lag:])) / denominator  # one pass, no product array
        p = math.erfc(abs(r) * math.sqrt(len(x) - lag) / math.sqrt(2))
        found.append(Check(stream, f"serial correlation of {label} at lag {lag}", r, 0, p))
    return found


def check_range(r: OutcomeRange, values: Outcomes) -> list[Check]:
    """Every check of ``r`` on one stream of outcomes ``values`` (each ``0..r.size-1``)."""
    if len(values) == 0 or int(values.min()) < 0 or int(values.max()) >= r.size:
        raise ValueError(f"{r.name}: outcomes must lie in 0..{r.size - 1}")
    counts = np.bincount(values.astype(np.int64), minlength=r.size)
    found = [_chi_square(r.name, f"chi-square of {r.size} outcomes", counts, (Fraction(1, r.size),) * r.size)]
    pairs = _pairs(r.name, r.size, values)
    found += [pairs] if pairs is not None else []
    seen = counts > 0
    for projection in r.projections:
        projected = _fold(projection.of, counts, seen, len(projection.probabilities))
        name = f"chi-square of {projection.name}"
        found.append(_chi_square(r.name, name, projected, projection.probabilities))
    found += [_independence(r.name, pairing, counts) for pairing in r.pairings]
    middle = tuple(-1 if 2 * i + 1 == r.size else int(2 * i >= r.size) for i in range(r.size))
    for split in (*r.splits, Split("high/low halves of the range", middle)):
        found.append(runs_check(r.name, split.name, np.array(split.of, dtype=np.int8)[values]))
    found += serial_checks(r.name, r.value_name, np.array(r.value, dtype=np.float64)[values])
    return found


def judge(checks: Sequence[Check], alpha: float = 0.01) -> FamilyVerdict:
    """The family's verdict: it fails when any check's P-value is below ``alpha / len(checks)``."""
    if not checks:
        raise ValueError("no checks to judge")
    threshold = alpha / len(checks)
    failing = tuple(f"{c.stream}: {c.name}" for c in checks if c.p_value < threshold)
    literal = sum(c.p_value < 0.01 for c in checks)
    smallest = min(c.p_value for c in checks)
    return FamilyVerdict(len(checks), alpha, threshold, failing, literal, smallest, not failing)
