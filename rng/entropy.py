"""The OS entropy source behind the SP 800-90B continuous health tests (§4.4).

Every byte read from the source is a sample and passes through the Repetition Count Test (RCT, §4.4.1)
and the Adaptive Proportion Test (APT, §4.4.2) before it may seed a DRBG. Their cut-offs follow from the
stated parameters: the claimed min-entropy ``H`` per sample and the false-positive rate ``α = 2**-a``.
A start-up test (§4.3) runs both over 1,024 samples before the first output.

>>> params = HealthParameters(min_entropy=8, alpha_exponent=20)
>>> params.rct_cutoff          # 1 + ceil(20 / 8)
4
>>> HealthParameters(min_entropy=1, alpha_exponent=20).apt_cutoff   # SP 800-90B Table 2, W = 512
311
>>> source = EntropySource(params, read=lambda n: bytes(n))   # a stuck source
>>> source.read(32)
Traceback (most recent call last):
...
rng.errors.HealthTestFailure: repetition count test failed: 4 identical samples in a row (cut-off 4)
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from rng.errors import HealthTestFailure

STARTUP_SAMPLES = 1024  # SP 800-90B §4.3 (9): at least 1,024 consecutive samples at start-up
APT_WINDOW = 512  # §4.4.2: W = 512 for non-binary sources (our samples are bytes)


class HealthParameterError(ValueError):
    """A health-test parameter outside what SP 800-90B allows."""


@dataclass(frozen=True, slots=True)
class HealthParameters:
    """The stated parameters of the health tests, from which both cut-offs are computed."""

    min_entropy: float  # claimed min-entropy per 8-bit sample, 0 < H <= 8
    alpha_exponent: int = 40  # α = 2**-alpha_exponent; SP 800-90B recommends 2**-20 >= α >= 2**-40
    window: int = APT_WINDOW

    def __post_init__(self) -> None:
        if not 0 < self.min_entropy <= 8:
            raise HealthParameterError(f"min_entropy must be in (0, 8] bits per byte, got {self.min_entropy}")
        if not 20 <= self.alpha_exponent <= 64:
            raise HealthParameterError(f"alpha_exponent must be 20..64, got {self.alpha_exponent}")
        if not 2 <= self.window <= 1 << 16:
            raise HealthParameterError(f"window must be 2..65536, got {self.window}")

    @property
    def rct_cutoff(self) -> int:
        """C = 1 + ceil(-log2(α) / H) (§4.4.1)."""
        return 1 + math.ceil(Fraction(self.alpha_exponent) / Fraction(self.min_entropy))

    @property
    def apt_cutoff(self) -> int:
        """C = 1 + CRITBINOM(W, 2**-H, 1 - α) (§4.4.2), computed in exact rational arithmetic."""
        return _apt_cutoff(self.window, self.min_entropy, self.alpha_exponent)


@functools.cache  # exact rationals take ~10 ms; every read's health test asks, and the answer never changes
def _apt_cutoff(window: int, min_entropy: float, alpha_exponent: int) -> int:
    return 1 + critbinom(window, _two_to_minus(min_entropy), 1 - Fraction(1, 2**alpha_exponent))


def _two_to_minus(h: float) -> Fraction:
    """2**-h exactly when h is a whole number, else the nearest double (the parameter's own precision)."""
    if float(h).is_integer():
        return Fraction(1, 2 ** int(h))
    return Fraction(2.0**-h)


def critbinom(trials: int, p: Fraction, level: Fraction) -> int:
    """The smallest k with P(Binomial(trials, p) <= k) >= level (the spreadsheet CRITBINOM).

    >>> critbinom(10, Fraction(1, 2), Fraction(1, 2))
    5
    """
    # Every probability scaled by b**trials (p = a/b) is a whole number: the term of k is
    # C(trials, k) a**k (b - a)**(trials - k). Integers keep it exact without reducing a fraction of
    # tens of thousands of bits at each step (2**-0.5 as a double has b = 2**53).
    a, b = p.numerator, p.denominator
    goal = level * b**trials  # cumulative >= level, both sides times b**trials
    term = (b - a) ** trials  # P(X = 0)
    cumulative = term
    k = 0
    while cumulative < goal and k < trials:
        term = term * (trials - k) * a // ((k + 1) * (b - a))  # exact: the next term is whole
        k += 1
        cumulative += term
    return k


class HealthTests:
    """The running RCT and APT over a stream of 8-bit samples; state survives between reads."""

    __slots__ = ("_apt_count", "_apt_seen", "_apt_value", "_rct_count", "_rct_value", "params")

    def __init__(self, params: HealthParameters) -> None:
        self.params = params
        self._rct_value = -1
        self._rct_count = 0
        self._apt_value = -1
        self._apt_count = 0
        self._apt_seen = 0

    def feed(self, samples: bytes) -> None:
        """Run both tests over ``samples``; raise :class:`HealthTestFailure` when either trips."""
        rct_cutoff, apt_cutoff, window = self.params.rct_cutoff, self.params.apt_cutoff, self.params.window
        for sample in samples:
            if sample == self._rct_value:
                self._rct_count += 1
                if self._rct_count >= rct_cutoff:
                    self._fail_rct(rct_cutoff)
            else:
                self._rct_value, self._rct_count = sample, 1
            if self._apt_seen == 0 or self._apt_seen >= window:
                self._apt_value, self._apt_count, self._apt_seen = sample, 1, 1
                continue
            self._apt_seen += 1
            if sample == self._apt_value:
                self._apt_count += 1
                if self._apt_count >= apt_cutoff:
                    self._fail_apt(apt_cutoff)

    def _fail_rct(self, cutoff: int) -> None:
        count = self._rct_count
        self._rct_value, self._rct_count = -1, 0
        raise HealthTestFailure(
            f"repetition count test failed: {count} identical samples in a row (cut-off {cutoff})"
        )

    def _fail_apt(self, cutoff: int) -> None:
        count, seen = self._apt_count, self._apt_seen
        self._apt_seen = 0
        raise HealthTestFailure(
            f"adaptive proportion test failed: one value {count} times in {seen} samples "
            f"(cut-off {cutoff} in a window of {self.params.window})"
        )


class EntropySource:
    """Bytes from ``read`` (default: the OS, ``os.urandom``) that have passed the health tests.

    ``min_entropy`` is the claimed min-entropy per byte; callers size their requests with
    :meth:`bytes_for` so that the entropy input carries at least the security strength they need.
    """

    __slots__ = ("_read", "_started", "health", "params")

    def __init__(self, params: HealthParameters, read: Callable[[int], bytes] = os.urandom) -> None:
        self.params = params
        self.health = HealthTests(params)
        self._read = read
        self._started = False

    def __repr__(self) -> str:
        return f"EntropySource(min_entropy={self.params.min_entropy}, alpha=2**-{self.params.alpha_exponent})"

    @property
    def min_entropy(self) -> float:
        """Claimed min-entropy per byte (bits)."""
        return self.params.min_entropy

    def bytes_for(self, bits: int) -> int:
        """Bytes to read so that they carry at least ``bits`` of min-entropy."""
        return math.ceil(Fraction(bits) / Fraction(self.params.min_entropy))

    def startup(self) -> None:
        """The start-up test: both health tests over 1,024 samples, which are then discarded."""
        self._take(STARTUP_SAMPLES)
        self._started = True

    def read(self, n: int) -> bytes:
        """``n`` health-tested bytes; the start-up test runs first if it has not yet."""
        if n < 0:
            raise ValueError(f"cannot read a negative number of bytes: {n}")
        if not self._started:
            self.startup()
        return self._take(n)

    def _take(self, n: int) -> bytes:
        data = self._read(n)
        if len(data) != n:
            raise HealthTestFailure(f"entropy source returned {len(data)} bytes where {n} were requested")
        self.health.feed(data)
        return data
