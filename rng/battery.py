"""The statistical battery: SP 800-22's 15 tests plus outcome tests, judged by the standard's criteria.

Every test runs on each of ``m`` sequences. A (sub-)test passes when (SP 800-22 §4.2):

- **proportion**: the share of sequences with P >= α (0.01) lies in ``p̂ ± 3·sqrt(p̂(1-p̂)/m)``, p̂ = 1-α;
- **uniformity**: with at least 55 sequences, the P-values' spread over ten bins gives P_T >= 0.0001.

The outcome tests scale each sequence's 64-bit words (little-endian) through the production
:class:`~rng.scaling.Scaler` to 6, 37 and 38, each range from its own third of the words, and apply
chi-square goodness of fit, a runs test (above/below the middle, Wald–Wolfowitz) and lag-1 serial
correlation.

>>> proportion_bounds(100)
(0.96015..., 1.01984...)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from scipy import special

from rng import sp800_22 as basic
from rng import sp800_22_patterns as patterns
from rng.scaling import Scaler
from rng.sp800_22 import Bits, PValues

ALPHA = 0.01
UNIFORMITY_ALPHA = 0.0001
UNIFORMITY_MIN_SEQUENCES = 55
OUTCOME_RANGES = (6, 37, 38)
Test = Callable[[Bits], PValues]


def _templates() -> tuple[str, ...]:
    return tuple("".join(map(str, t)) for t in patterns.aperiodic_templates(9))


def _sub_names(name: str) -> tuple[str, ...]:
    if name == "CumulativeSums":
        return ("forward", "reverse")
    if name == "Serial":
        return ("1", "2")
    if name == "NonOverlappingTemplate":
        return _templates()
    if name == "RandomExcursions":
        return tuple(f"x={x:+d}" for x in patterns.EXCURSION_STATES)
    if name == "RandomExcursionsVariant":
        return tuple(f"x={x:+d}" for x in (*range(-9, 0), *range(1, 10)))
    return ("",)


def _outcome_tests(bits: Bits) -> PValues:
    """Chi-square, runs and serial correlation of scaled outcomes for each of OUTCOME_RANGES."""
    data = np.packbits(bits[: len(bits) // 64 * 64]).tobytes()
    words = np.frombuffer(data, dtype="<u8").tolist()
    if len(words) < 100:
        return None
    from scipy import stats  # here, not at the top: importing scipy.stats costs ~1 s, paid only when used

    results: list[float] = []
    for index, k in enumerate(OUTCOME_RANGES):
        # Each range reads its own words (every third one): one shared word stream gave ranges 6 and 38
        # the very same runs (their above/below-middle split is the word's top bit either way).
        outcomes = np.array(_scaled(words[index :: len(OUTCOME_RANGES)], k), dtype=np.int64)
        counts = np.bincount(outcomes, minlength=k)
        results.append(float(stats.chisquare(counts).pvalue))
        results.append(_runs_p(2 * outcomes >= k))
        results.append(_serial_correlation_p(outcomes))
    return tuple(results)


def _scaled(words: list[int], k: int) -> list[int]:
    """Outcomes below ``k`` from the words, through the production scaler, until the words run out."""
    stream = iter(words)
    scaler = Scaler(stream.__next__, 64)
    outcomes: list[int] = []
    try:
        while True:
            outcomes.append(scaler.below(k))
    except StopIteration:
        return outcomes


def _runs_p(above: npt.NDArray[np.bool_]) -> float:
    n1, n = int(above.sum()), len(above)
    n2 = n - n1
    if n1 == 0 or n2 == 0:
        return 0.0
    runs = 1 + int(np.count_nonzero(above[1:] != above[:-1]))
    mean = 2 * n1 * n2 / n + 1
    variance = 2 * n1 * n2 * (2 * n1 * n2 - n) / (n * n * (n - 1))
    return math.erfc(abs(runs - mean) / math.sqrt(2 * variance))


def _serial_correlation_p(values: npt.NDArray[np.int64]) -> float:
    x = values.astype(np.float64) - values.mean()
    denominator = float((x * x).sum())
    if denominator == 0:
        return 0.0
    r = float((x[:-1] * x[1:]).sum()) / denominator
    return math.erfc(abs(r) * math.sqrt(len(values)) / math.sqrt(2))


def _outcome_names() -> tuple[str, ...]:
    return tuple(
        f"{kind}[{k}]" for k in OUTCOME_RANGES for kind in ("chi-square", "runs", "serial-correlation")
    )


def _approximate_entropy(bits: Bits) -> PValues:
    """§2.12 with m = 10, or less on short sequences: the standard wants m < floor(log2 n) - 5."""
    return basic.approximate_entropy(bits, max(2, min(10, len(bits).bit_length() - 1 - 6)))


def _serial(bits: Bits) -> PValues:
    """§2.11 with m = 16, or less on short sequences: the standard wants m < floor(log2 n) - 2."""
    return basic.serial(bits, max(3, min(16, len(bits).bit_length() - 1 - 3)))


TESTS: tuple[tuple[str, Test], ...] = (
    ("Frequency", basic.frequency),
    ("BlockFrequency", basic.block_frequency),
    ("CumulativeSums", basic.cumulative_sums),
    ("Runs", basic.runs),
    ("LongestRun", basic.longest_run),
    ("Rank", basic.rank),
    ("FFT", basic.dft),
    ("NonOverlappingTemplate", patterns.non_overlapping_template),
    ("OverlappingTemplate", patterns.overlapping_template),
    ("Universal", patterns.universal),
    ("ApproximateEntropy", _approximate_entropy),
    ("RandomExcursions", patterns.random_excursions),
    ("RandomExcursionsVariant", patterns.random_excursions_variant),
    ("Serial", _serial),
    ("LinearComplexity", patterns.linear_complexity),
    ("Outcomes", _outcome_tests),
)


@dataclass(frozen=True, slots=True)
class Verdict:
    """One (sub-)test over all sequences."""

    name: str
    p_values: tuple[float, ...]  # one per sequence on which the test applied
    passed_sequences: int
    proportion_low: float
    proportion_high: float
    uniformity: float | None  # P_T, or None with fewer than 55 P-values
    passed: bool


def proportion_bounds(m: int, alpha: float = ALPHA) -> tuple[float, float]:
    """The acceptable range of the proportion of passing sequences (§4.2.1)."""
    p = 1 - alpha
    spread = 3 * math.sqrt(p * alpha / m)
    return p - spread, p + spread


def uniformity(p_values: tuple[float, ...]) -> float:
    """P_T of §4.2.2: chi-square of the P-values over ten equal bins, 9 degrees of freedom."""
    bins = np.minimum((np.array(p_values) * 10).astype(np.int64), 9)
    counts = np.bincount(bins, minlength=10)
    expected = len(p_values) / 10
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    return float(special.gammaincc(9 / 2, chi2 / 2))


def judge(name: str, p_values: tuple[float, ...]) -> Verdict:
    """Apply both criteria to one (sub-)test's P-values; no applicable sequence at all is a failure."""
    m = len(p_values)
    passed = sum(p >= ALPHA for p in p_values)
    low, high = proportion_bounds(m) if m else (1.0, 1.0)
    uniform = uniformity(p_values) if m >= UNIFORMITY_MIN_SEQUENCES else None
    ok = m > 0 and low <= passed / m and (uniform is None or uniform >= UNIFORMITY_ALPHA)
    return Verdict(name, p_values, passed, low, high, uniform, ok)


def run_battery(
    sequences: list[Bits],
    progress: Callable[[str], None] = lambda _: None,
    advance: Callable[[int], None] = lambda _: None,
) -> list[Verdict]:
    """Every test on every sequence, then the verdict per (sub-)test; ``advance(1)`` after each sequence."""
    collected: dict[str, list[float]] = {}
    order: list[str] = []
    for index, bits in enumerate(sequences, 1):
        progress(f"sequence {index}/{len(sequences)} ({len(bits):,} bits)")
        for name, test in TESTS:
            subs = _outcome_names() if name == "Outcomes" else _sub_names(name)
            full = [f"{name}[{sub}]" if sub else name for sub in subs] if name != "Outcomes" else list(subs)
            for label in full:
                if label not in collected:
                    collected[label] = []
                    order.append(label)
            result = test(bits)
            if result is not None:
                for label, p in zip(full, result, strict=True):
                    collected[label].append(p)
        advance(1)
    return [judge(label, tuple(collected[label])) for label in order]


def split(bits: Bits, length: int, count: int | None) -> list[Bits]:
    """``count`` consecutive sequences of ``length`` bits (as many as fit when ``count`` is None)."""
    available = len(bits) // length
    count = available if count is None else count
    if count < 1 or count > available:
        raise ValueError(
            f"input holds {len(bits):,} bits: {available} sequence(s) of {length:,} bits, {count} requested"
        )
    return [bits[i * length : (i + 1) * length] for i in range(count)]


def read_bits(data: bytes, form: str = "auto") -> Bits:
    """Bits of a file: ASCII '0'/'1' (whitespace ignored) or raw binary, MSB first; ``auto`` decides."""
    if form == "auto":
        form = "ascii" if data and not data.translate(None, b"01 \t\r\n") else "binary"
    if form == "ascii":
        return basic.from_text(data.decode("ascii"))
    if form == "binary":
        return basic.from_bytes(data)
    raise ValueError(f"format must be auto, ascii or binary, got {form!r}")
