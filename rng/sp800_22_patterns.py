"""NIST SP 800-22 rev. 1a, the pattern and walk tests (§2.7–2.10, 2.14, 2.15), on numpy bit arrays.

Same conventions as :mod:`rng.sp800_22`: bits in, a tuple of P-values out, ``None`` when the sequence
is too short for the test's preconditions.

>>> from rng.sp800_22 import from_text
>>> round(non_overlapping_template(from_text("10100100101110010110"), 3, 2, (0, 0, 1))[0], 6)   # §2.7.4
0.344154
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import numpy.typing as npt
from scipy import special

from rng.sp800_22 import Bits, PValues, igamc


def _windows(bits: Bits, m: int) -> npt.NDArray[np.int64]:
    """The value of every m-bit window starting at 0..n-m (no wrap)."""
    n = len(bits) - m + 1
    values = np.zeros(n, dtype=np.int64)
    for i in range(m):
        values = (values << 1) | bits[i : i + n].astype(np.int64)
    return values


@cache
def aperiodic_templates(m: int) -> tuple[tuple[int, ...], ...]:
    """All m-bit templates that cannot overlap a shifted copy of themselves, in lexicographic order.

    >>> len(aperiodic_templates(9)), aperiodic_templates(9)[0]
    (148, (0, 0, 0, 0, 0, 0, 0, 0, 1))
    """
    found = []
    for value in range(1 << m):
        t = tuple((value >> (m - 1 - i)) & 1 for i in range(m))
        if all(t[s:] != t[: m - s] for s in range(1, m)):
            found.append(t)
    return tuple(found)


def _non_overlapping_count(positions: npt.NDArray[np.int64], m: int) -> int:
    count, free_from = 0, -1
    for position in positions.tolist():
        if position >= free_from:
            count += 1
            free_from = position + m
    return count


def non_overlapping_template(
    bits: Bits, m: int = 9, blocks: int = 8, template: tuple[int, ...] | None = None
) -> PValues:
    """§2.7 Non-overlapping template matching: one P-value per aperiodic template (or the one given)."""
    size = len(bits) // blocks
    if size < m:
        return None
    templates = aperiodic_templates(m) if template is None else (template,)
    windows = [_windows(bits[j * size : (j + 1) * size], m) for j in range(blocks)]
    mu = (size - m + 1) / 2**m
    variance = size * (1 / 2**m - (2 * m - 1) / 2 ** (2 * m))
    targets = [int("".join(map(str, t)), 2) for t in templates]
    if set(templates) <= set(aperiodic_templates(m)):
        # An aperiodic template cannot overlap a shifted copy of itself, so no two of its matches overlap:
        # the non-overlapping count is every match, and one histogram of each block's windows gives all.
        w = np.array([np.bincount(v, minlength=2**m)[targets] for v in windows]).T
    else:
        w = np.array([[_non_overlapping_count(np.flatnonzero(v == t), m) for v in windows] for t in targets])
    chi2 = ((w - mu) ** 2).sum(axis=1) / variance
    return tuple(float(p) for p in special.gammaincc(blocks / 2, chi2 / 2))


def _overlap_probabilities(m: int, size: int, classes: int = 5) -> tuple[float, ...]:
    """Class probabilities of §3.8 for 0..classes-1 occurrences of the all-ones template, and the rest."""
    eta = (size - m + 1) / 2**m / 2
    probabilities = [math.exp(-eta)]
    for u in range(1, classes):
        probabilities.append(
            sum(
                math.exp(
                    -eta - u * math.log(2) + k * math.log(eta) - math.lgamma(k + 1)
                    + math.lgamma(u) - math.lgamma(k) - math.lgamma(u - k + 1)
                )
                for k in range(1, u + 1)
            )
        )  # fmt: skip
    return (*probabilities, 1 - sum(probabilities))


def overlapping_template(bits: Bits, m: int = 9, size: int = 1032) -> PValues:
    """§2.8 Overlapping template matching of m ones, blocks of 1,032 bits, 6 classes."""
    blocks = len(bits) // size
    if blocks < 1:
        return None
    target = (1 << m) - 1
    counts = np.array(
        [int((_windows(bits[j * size : (j + 1) * size], m) == target).sum()) for j in range(blocks)]
    )
    observed = np.bincount(np.minimum(counts, 5), minlength=6)
    expected = blocks * np.array(_overlap_probabilities(m, size))
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    return (igamc(5 / 2, chi2 / 2),)


# §2.9.7: L -> (expected value, variance) of the statistic; L is chosen by n as in the reference code.
_UNIVERSAL = {
    1: (0.7326495, 0.690), 2: (1.5374383, 1.338), 3: (2.4016068, 1.901), 4: (3.3112247, 2.358),
    5: (4.2534266, 2.705), 6: (5.2177052, 2.954), 7: (6.1962507, 3.125), 8: (7.1836656, 3.238),
    9: (8.1764248, 3.311), 10: (9.1723243, 3.356), 11: (10.170032, 3.384), 12: (11.168765, 3.401),
    13: (12.168070, 3.410), 14: (13.167693, 3.416), 15: (14.167488, 3.419), 16: (15.167379, 3.421),
}  # fmt: skip
_UNIVERSAL_MIN_N = (387_840, 904_960, 2_068_480, 4_654_080, 10_342_400, 22_753_280, 49_643_520,
                    107_560_960, 231_669_760, 496_435_200, 1_059_061_760)  # fmt: skip


def universal_statistic(bits: Bits, length: int, init: int) -> tuple[float, int]:
    """f_n and K of §2.9.4: mean log2 distance to each L-bit block's previous occurrence.

    >>> from rng.sp800_22 import from_text
    >>> fn, k = universal_statistic(from_text("01011010011101010111"), 2, 4)   # §2.9.4 example
    >>> round(fn, 7), k
    (1.1949875, 6)
    """
    total = len(bits) // length
    values = _windows(bits, length)[: total * length : length]
    order = np.lexsort((np.arange(total), values))  # by value, then position
    previous = np.zeros(total, dtype=np.int64)  # 1-based index of the previous equal block; 0 if none
    same = values[order][1:] == values[order][:-1]
    previous[order[1:][same]] = order[:-1][same] + 1
    test = np.arange(init, total)
    fn = float(np.log2(test + 1 - previous[test]).sum()) / (total - init)
    return fn, total - init


def universal(bits: Bits) -> PValues:
    """§2.9 Maurer's universal statistical test, L and Q = 10·2^L chosen by length as Table 2.9.7."""
    n = len(bits)
    if n < _UNIVERSAL_MIN_N[0]:
        return None
    length = 6 + sum(n >= low for low in _UNIVERSAL_MIN_N[1:])
    init = 10 * 2**length
    fn, k = universal_statistic(bits, length, init)
    expected, variance = _UNIVERSAL[length]
    c = 0.7 - 0.8 / length + (4 + 32 / length) * k ** (-3 / length) / 15
    sigma = c * math.sqrt(variance / k)
    return (math.erfc(abs(fn - expected) / (math.sqrt(2) * sigma)),)


def linear_complexities(blocks: Bits) -> npt.NDArray[np.int64]:
    """Berlekamp–Massey over GF(2) for each row.

    >>> from rng.sp800_22 import from_text
    >>> int(linear_complexities(from_text("1101011110001").reshape(1, 13))[0])   # §2.10.4 example
    4
    """
    return np.array([_linear_complexity(row) for row in blocks.tolist()], dtype=np.int64)


def _linear_complexity(bits: list[int]) -> int:
    """Berlekamp–Massey on one block, the polynomials as Python ints (bit i: the coefficient of x^i).

    ``window`` holds the bits read so far, the newest in bit 0, so the discrepancy of step n (s_n plus
    c_1 s_(n-1) + ... + c_L s_(n-L)) is the parity of ``connection & window``: a 500-bit block is 500
    steps of a few whole-word operations, several times faster than numpy's row-by-row steps.
    """
    connection = before = 1  # C(x) and B(x), the connection polynomial before the last length change
    length, changed, window = 0, -1, 0
    for n, bit in enumerate(bits):
        window = (window << 1) | bit
        if (connection & window).bit_count() & 1:
            saved = connection
            connection ^= before << (n - changed)
            if 2 * length <= n:
                length, changed, before = n + 1 - length, n, saved
    return length


LINEAR_COMPLEXITY_PI = (0.010417, 0.03125, 0.125, 0.5, 0.25, 0.0625, 0.020833)  # §3.10, as published
# The reference C code (sts 2.1.2) has 0.01047 for the first class, and Appendix B's figure for data.e
# (0.826335) was made with it; the published 0.010417 gives 0.826194 on the same counts.
REFERENCE_CODE_PI = (0.01047, *LINEAR_COMPLEXITY_PI[1:])


def linear_complexity(
    bits: Bits, size: int = 500, probabilities: tuple[float, ...] = LINEAR_COMPLEXITY_PI
) -> PValues:
    """§2.10 Linear complexity, blocks of ``size`` bits, 7 classes."""
    blocks = len(bits) // size
    if blocks < 1:
        return None
    lengths = linear_complexities(bits[: blocks * size].reshape(blocks, size))
    mu = size / 2 + (9 + (-1) ** (size + 1)) / 36 - (size / 3 + 2 / 9) / 2**size
    t = (-1) ** size * (lengths - mu) + 2 / 9
    classes = np.digitize(t, [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5], right=True)
    observed = np.bincount(classes, minlength=7)
    expected = blocks * np.array(probabilities)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    return (igamc(3, chi2 / 2),)


def _walk(bits: Bits) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int]:
    """Partial sums S_1..S_n, the cycle each belongs to, and the number of cycles J (§2.14.4)."""
    walk = np.cumsum(2 * bits.astype(np.int64) - 1)
    cycle = np.concatenate([[0], np.cumsum(walk == 0)[:-1]])  # a zero closes the cycle it ends
    cycles = int((walk == 0).sum()) + (1 if walk[-1] != 0 else 0)
    return walk, cycle, cycles


def _enough_cycles(n: int, cycles: int, min_cycles: int | None) -> bool:
    floor = max(0.005 * math.sqrt(n), 500) if min_cycles is None else min_cycles
    return cycles >= floor


EXCURSION_STATES = (-4, -3, -2, -1, 1, 2, 3, 4)


def excursion_probabilities(x: int) -> tuple[float, ...]:
    """π_k(x) of §3.14 for k = 0..4 visits and 5 or more, exactly."""
    a = 1 / (2 * abs(x))
    return (1 - a, *(a * a * (1 - a) ** (k - 1) for k in range(1, 5)), a * (1 - a) ** 4)


def excursion_counts(bits: Bits) -> tuple[int, npt.NDArray[np.int64]]:
    """J and ν_k(x): for each state of ``EXCURSION_STATES``, cycles with k = 0..4 and 5+ visits."""
    walk, cycle, cycles = _walk(bits)
    rows = [np.bincount(cycle[walk == x], minlength=cycles) for x in EXCURSION_STATES]
    return cycles, np.array([np.bincount(np.minimum(v, 5), minlength=6) for v in rows])


def excursion_p_value(observed: npt.NDArray[np.int64], cycles: int, pi: tuple[float, ...]) -> float:
    """The P-value of one state's counts (§2.14.4 steps 6–7).

    The §2.14.8 example (``0110110101``, x = +1, J = 3) rounds π to four places, as its table does:

    >>> from rng.sp800_22 import from_text
    >>> j, counts = excursion_counts(from_text("0110110101"))
    >>> round(excursion_p_value(counts[4], j, (0.5, 0.25, 0.125, 0.0625, 0.0312, 0.0312)), 6)
    0.502529
    """
    expected = cycles * np.array(pi)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    return igamc(5 / 2, chi2 / 2)


def random_excursions(bits: Bits, min_cycles: int | None = None) -> PValues:
    """§2.14 Random excursions: P-values for states -4..-1, 1..4; None when J is under its minimum."""
    cycles, counts = excursion_counts(bits)
    if not _enough_cycles(len(bits), cycles, min_cycles):
        return None
    return tuple(
        excursion_p_value(row, cycles, excursion_probabilities(x))
        for x, row in zip(EXCURSION_STATES, counts, strict=True)
    )


def random_excursions_variant(bits: Bits, min_cycles: int | None = None) -> PValues:
    """§2.15 Random excursions variant: P-values for states -9..-1, 1..9.

    >>> from rng.sp800_22 import from_text
    >>> round(random_excursions_variant(from_text("0110110101"), min_cycles=0)[9], 6)   # §2.15.4, x = +1
    0.683091
    """
    walk, _, cycles = _walk(bits)
    if not _enough_cycles(len(bits), cycles, min_cycles):
        return None
    p_values = []
    for x in (*range(-9, 0), *range(1, 10)):
        visits = int((walk == x).sum())
        p_values.append(float(special.erfc(abs(visits - cycles) / math.sqrt(2 * cycles * (4 * abs(x) - 2)))))
    return tuple(p_values)
