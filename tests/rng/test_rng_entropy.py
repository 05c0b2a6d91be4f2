"""SP 800-90B health tests: cut-offs from the stated parameters, and stuck or biased sources trip them."""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from rng.entropy import EntropySource, HealthParameterError, HealthParameters, HealthTests, critbinom
from rng.errors import HealthTestFailure, RngFailure


@pytest.mark.parametrize(("h", "expected"), [(0.5, 410), (1, 311), (2, 177), (4, 62), (8, 13)])
def test_apt_cutoffs_match_sp800_90b_table_2(h: float, expected: int) -> None:
    """Table 2 of SP 800-90B (W = 512, α = 2**-20)."""
    assert HealthParameters(min_entropy=h, alpha_exponent=20).apt_cutoff == expected


@pytest.mark.parametrize("h", [1, 2, 3, 5, 6, 7, 8])
@pytest.mark.parametrize("a", [20, 30, 40])
def test_apt_cutoff_agrees_with_scipy_binomial_quantile(h: int, a: int) -> None:
    """An independent route: scipy's binomial quantile (floating point) against our exact CRITBINOM."""
    from scipy import stats  # imported by the tests that use it: scipy.stats takes ~1 s to import

    params = HealthParameters(min_entropy=h, alpha_exponent=a)
    # Exact rational computation decides; scipy agrees except when the CDF lies within rounding of 1-α.
    assert abs(params.apt_cutoff - (1 + int(stats.binom.ppf(1 - 2.0**-a, 512, 2.0**-h)))) <= 1
    k = params.apt_cutoff - 1
    assert stats.binom.cdf(k, 512, 2.0**-h) >= 1 - 2.0**-a - 1e-12
    assert stats.binom.cdf(k - 1, 512, 2.0**-h) < 1 - 2.0**-a + 1e-12


@pytest.mark.parametrize(("h", "a", "expected"), [(2, 20, 11), (8, 20, 4), (7, 40, 7), (0.5, 20, 41)])
def test_rct_cutoff_is_one_plus_ceil_of_alpha_over_h(h: float, a: int, expected: int) -> None:
    """§4.4.1: C = 1 + ceil(-log2 α / H); the standard's own example is H = 2, α = 2**-20 -> 11."""
    assert HealthParameters(min_entropy=h, alpha_exponent=a).rct_cutoff == expected


def test_critbinom_small_case_by_hand() -> None:
    # Binomial(4, 1/2): CDF 1/16, 5/16, 11/16, 15/16, 1.
    assert [critbinom(4, Fraction(1, 2), Fraction(x, 16)) for x in (1, 2, 5, 6, 11, 12, 15, 16)] == [
        0, 1, 1, 2, 2, 3, 3, 4,
    ]  # fmt: skip


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(HealthParameterError, match="min_entropy"):
        HealthParameters(min_entropy=9)
    with pytest.raises(HealthParameterError, match="alpha_exponent"):
        HealthParameters(min_entropy=8, alpha_exponent=10)


def test_stuck_source_trips_the_repetition_count_test() -> None:
    params = HealthParameters(min_entropy=7, alpha_exponent=40)
    tests = HealthTests(params)
    tests.feed(bytes([1, 2, 3]) + bytes([9]) * (params.rct_cutoff - 1))  # one short of the cut-off
    with pytest.raises(HealthTestFailure, match="repetition count"):
        tests.feed(bytes([9]))


def test_biased_source_without_repeats_trips_the_adaptive_proportion_test() -> None:
    params = HealthParameters(min_entropy=7, alpha_exponent=40)
    # Value 0 every other sample: never twice in a row, but 256 times in a window of 512.
    samples = bytes(b for i in range(600) for b in (0, 1 + i % 200))
    with pytest.raises(HealthTestFailure, match="adaptive proportion"):
        HealthTests(params).feed(samples)


def test_apt_counts_exactly_to_the_cutoff() -> None:
    params = HealthParameters(min_entropy=8, alpha_exponent=20)  # APT cut-off 13 in 512
    ok = bytes([7]) + bytes(b for i in range(11) for b in (i + 10, 7)) + bytes(range(100, 200))
    HealthTests(params).feed(ok)  # 12 sevens in the window: passes
    with pytest.raises(HealthTestFailure, match="13 times"):
        HealthTests(params).feed(ok + bytes([50, 7]))


def test_os_source_passes_and_reads_exactly() -> None:
    source = EntropySource(HealthParameters(min_entropy=7, alpha_exponent=40))
    assert len(source.read(100_000)) == 100_000
    assert source.bytes_for(256) == 37  # ceil(256 / 7)


def test_the_start_up_test_runs_before_the_first_read() -> None:
    reads: list[int] = []

    def read(n: int) -> bytes:
        reads.append(n)
        return os.urandom(n)

    EntropySource(HealthParameters(min_entropy=8), read).read(32)
    assert reads == [1024, 32]


def test_a_short_read_is_a_failure_and_failures_are_rng_failures() -> None:
    source = EntropySource(HealthParameters(min_entropy=8), read=lambda n: bytes(n - 1))
    with pytest.raises(RngFailure, match="returned 1023 bytes where 1024 were requested"):
        source.read(8)
