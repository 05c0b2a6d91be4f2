"""The battery's verdict: SP 800-22 §4.2 applied to families of sub-tests, with a known false-alarm rate.

§4.2.1 accepts a (sub-)test when the proportion of sequences with P >= α lies in ``p̂ ± 3·sqrt(p̂(1-p̂)/m)``,
and §4.2.2 when the P-values are uniform (P_T >= 0.0001). Read literally, sub-test by sub-test, that cries
wolf: with m = 100 the bound is 97/100, which a perfect generator misses with probability 1.8 % per
sub-test, and the battery has 188 sub-tests (148 of them NonOverlappingTemplate): a healthy generator
fails some nearly every time. The standard's 3σ interval means a rare false alarm, so this module judges
the battery as a family of *tests* whose total false-alarm rate is bounded by :data:`BATTERY_ALPHA`:

- The budget is split evenly over the tests (Bonferroni) and, within a test, half to the proportion
  criterion and half to uniformity.
- **One sub-test** (Frequency, Runs, ...): it fails when more sequences fail than the exact binomial
  bound at its budget allows (``Bin(m, α)``; at m = 100 that is 94/100, at m = 1000 it is close to the
  3σ bound of the standard), or when P_T < 0.0001 (the standard's own uniformity criterion).
- **A family** of k sub-tests (the 8 excursion states, Serial's two P-values, ...) fails when any member
  exceeds the binomial bound with the family's budget shared over its k members (Bonferroni: valid
  however the members depend on each other), or has P_T below min(0.0001, budget / k).
- **The 148 templates** are also counted as a family, as §4.2 intends: they fail when more of them fall
  outside the literal §4.2.1 range than ``Bin(148, q)`` allows at half the budget (q: the exact chance
  that one healthy template does; 2.7 are expected at m = 100, at most 10 allowed), or more than the
  binomial bound on P_T < 0.0001, or when one template alone is far out (the other half, Bonferroni).

Every sub-test's literal §4.2 verdict is still reported, so nothing is hidden. A test that applied to no
sequence (Random Excursions needs 500 cycles) is reported as not applicable, not as a failure.

>>> bound_failing_sequences(100, 0.01 / 24 / 2)   # at most this many of 100 sequences may have P < 0.01
6
>>> round(literal_failure_probability(100), 4)   # one healthy sub-test misses 97/100
0.0184
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rng.battery import Verdict

ALPHA = 0.01  # the per-sequence significance level of SP 800-22
UNIFORMITY_ALPHA = 0.0001
BATTERY_ALPHA = 0.01  # the chance a healthy generator fails the battery at all (union bound)
# Families judged by the count of sub-tests out of range (a binomial bound). The 148 templates are nearly
# independent (measured: 1.02 % of 29,600 template P-values under 0.01, flat over ten bins); the members
# of the other families share one statistic (Serial's two P-values, the excursion states' cycles), so
# they are judged by their worst member with the budget shared out (Bonferroni, valid under dependence).
COUNTED_FAMILIES = frozenset({"NonOverlappingTemplate"})


@dataclass(frozen=True, slots=True)
class FamilyVerdict:
    """One test (a family of one or more sub-tests) judged as a whole."""

    name: str
    subtests: int
    applicable: bool  # False when no sequence was long enough for any sub-test
    literal_failures: tuple[str, ...]  # sub-tests outside the literal §4.2.1/§4.2.2 bounds
    proportion_failures: int  # sub-tests below the literal proportion bound
    proportion_allowed: int  # how many of those a healthy family may show at its budget
    worst_failing: int  # most sequences with P < α in any one sub-test
    worst_allowed: int  # the most a healthy sub-test may show at its share of the budget
    uniformity_failures: int
    uniformity_allowed: int
    passed: bool
    counted: bool = False  # judged by the count of members out of range (the templates), not only the worst

    def summary(self) -> str:
        """One line: counts against their bounds."""
        if not self.applicable:
            return f"N/A  {self.name}: no sequence long enough for this test"
        word = "PASS" if self.passed else "FAIL"
        family = (
            f"{self.proportion_failures}/{self.subtests} sub-tests below the §4.2.1 range "
            f"(at most {self.proportion_allowed} expected by chance); "
            if self.counted
            else ""
        )
        uniform = f" (at most {self.uniformity_allowed})" if self.counted else ""
        return (
            f"{word} {self.name}: {family}worst sub-test {self.worst_failing} failing sequence(s) "
            f"(at most {self.worst_allowed}); P_T < 0.0001 in {self.uniformity_failures}{uniform}"
        )


def family_of(name: str) -> str:
    """``NonOverlappingTemplate[000000001]`` → ``NonOverlappingTemplate``; outcome tests stand alone."""
    head, _, _ = name.partition("[")
    return head if head[:1].isupper() else name


def bound_failing_sequences(m: int, budget: float, alpha: float = ALPHA) -> int:
    """The most sequences (of m) with P < α that a healthy sub-test shows except with chance ``budget``."""
    from scipy import stats  # here, not at the top: importing scipy.stats costs ~1 s, paid only when used

    return int(stats.binom.isf(budget, m, alpha))


def literal_failure_probability(m: int, alpha: float = ALPHA) -> float:
    """The exact chance that a healthy sub-test over m sequences falls below the §4.2.1 range."""
    p = 1 - alpha
    low = p - 3 * math.sqrt(p * alpha / m)
    allowed = m - math.ceil(low * m - 1e-9)  # failing sequences still inside the range
    from scipy import stats  # see bound_failing_sequences

    return float(stats.binom.sf(allowed, m, alpha))


def bound_count(k: int, q: float, budget: float) -> int:
    """The most of k independent sub-tests, each failing with chance q, that fail except with ``budget``."""
    from scipy import stats  # see bound_failing_sequences

    return 0 if k == 0 else int(stats.binom.isf(budget, k, q))


def judge_family(name: str, verdicts: Sequence[Verdict], budget: float) -> FamilyVerdict:
    """One family of sub-tests with ``budget`` as its share of the battery's false-alarm rate."""
    applied = [v for v in verdicts if v.p_values]
    k = len(verdicts)
    if not applied:
        return FamilyVerdict(name, k, False, (), 0, 0, 0, 0, 0, 0, True)
    counted = name in COUNTED_FAMILIES
    proportion_budget = uniform_budget = budget / 2
    share = 2 if counted else 1  # a counted family spends half on the count and half on its worst member
    failing = [len(v.p_values) - v.passed_sequences for v in applied]
    below = [v for v in applied if v.passed_sequences < v.proportion_low * len(v.p_values) - 1e-9]
    worst_budget = proportion_budget / share / k
    worst_allowed = min(bound_failing_sequences(len(v.p_values), worst_budget) for v in applied)
    q = max(literal_failure_probability(len(v.p_values)) for v in applied)
    allowed = bound_count(k, q, proportion_budget / 2) if counted else k
    uniform = [v.uniformity for v in applied if v.uniformity is not None]
    non_uniform = [v for v in applied if v.uniformity is not None and v.uniformity < UNIFORMITY_ALPHA]
    uniform_allowed = bound_count(len(uniform), UNIFORMITY_ALPHA, uniform_budget / 2) if counted else k
    gross_uniform = any(u < min(UNIFORMITY_ALPHA, uniform_budget / share / k) for u in uniform)
    worst = max(failing)
    ok = len(below) <= allowed and worst <= worst_allowed and len(non_uniform) <= uniform_allowed
    ok = ok and not gross_uniform
    literal = tuple(dict.fromkeys(v.name for v in (*below, *non_uniform)))
    counts = (len(below), allowed, worst, worst_allowed, len(non_uniform), uniform_allowed)
    return FamilyVerdict(name, k, True, literal, *counts, ok, counted)


def judge_battery(verdicts: Sequence[Verdict], alpha: float = BATTERY_ALPHA) -> list[FamilyVerdict]:
    """Group the sub-test verdicts into families and judge each with an equal share of ``alpha``."""
    groups: dict[str, list[Verdict]] = {}
    for v in verdicts:
        groups.setdefault(family_of(v.name), []).append(v)
    budget = alpha / max(1, len(groups))
    return [judge_family(name, members, budget) for name, members in groups.items()]
