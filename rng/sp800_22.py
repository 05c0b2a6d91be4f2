"""NIST SP 800-22 rev. 1a, the frequency-type tests (§2.1–2.7, 2.11–2.13), on numpy arrays of 0/1 bits.

Each test takes the bits (``numpy.uint8`` zeros and ones) and returns a tuple of P-values, or ``None``
when the sequence is too short for the test's own preconditions. Formulas follow the standard's section
of the same name; the comments name the step where the code departs from a literal transcription.
Needs numpy and scipy (the ``lab`` extra); the production RNG path never imports this module.

>>> bits = from_text("1011010101")          # §2.1.4 worked example
>>> round(frequency(bits)[0], 6)
0.527089
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
from scipy import special

Bits = npt.NDArray[np.uint8]
PValues = tuple[float, ...] | None


def from_text(text: str) -> Bits:
    """Bits from ASCII '0'/'1' characters; anything else (spaces, newlines) is skipped."""
    raw = np.frombuffer(text.encode("ascii"), dtype=np.uint8)
    bits: Bits = (raw[(raw == 48) | (raw == 49)] - 48).astype(np.uint8)
    return bits


def from_bytes(data: bytes) -> Bits:
    """Bits of binary data, most significant bit of each byte first (as NIST's ``assess`` reads them)."""
    return np.unpackbits(np.frombuffer(data, dtype=np.uint8))


def igamc(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) of the standard (§5.5.3)."""
    return float(special.gammaincc(a, x))


def erfc(x: float) -> float:
    """The complementary error function."""
    return math.erfc(x)


def frequency(bits: Bits) -> PValues:
    """§2.1 Frequency (monobit)."""
    n = len(bits)
    s = 2 * int(bits.sum()) - n
    return (erfc(abs(s) / math.sqrt(n) / math.sqrt(2)),)


def block_frequency(bits: Bits, m: int = 128) -> PValues:
    """§2.2 Frequency within a block of ``m`` bits.

    >>> round(block_frequency(from_text("0110011010"), 3)[0], 6)
    0.801252
    """
    blocks = len(bits) // m
    if blocks < 1:
        return None
    pi = bits[: blocks * m].reshape(blocks, m).sum(axis=1) / m
    chi2 = 4 * m * float(((pi - 0.5) ** 2).sum())
    return (igamc(blocks / 2, chi2 / 2),)


def _cdiv(a: int, b: int) -> int:
    """Integer division truncating toward zero, as the reference C code's ``/`` on ints."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _cusum_p(n: int, z: int) -> float:
    root = math.sqrt(n)
    k1 = np.arange(_cdiv(_cdiv(-n, z) + 1, 4), _cdiv(_cdiv(n, z) - 1, 4) + 1)
    k2 = np.arange(_cdiv(_cdiv(-n, z) - 3, 4), _cdiv(_cdiv(n, z) - 1, 4) + 1)
    sum1 = (special.ndtr((4 * k1 + 1) * z / root) - special.ndtr((4 * k1 - 1) * z / root)).sum()
    sum2 = (special.ndtr((4 * k2 + 3) * z / root) - special.ndtr((4 * k2 + 1) * z / root)).sum()
    return float(1 - sum1 + sum2)


def cumulative_sums(bits: Bits) -> PValues:
    """§2.13 Cumulative sums: (forward, reverse).

    >>> round(cumulative_sums(from_text("1011010111"))[0], 6)
    0.411659
    """
    steps = 2 * bits.astype(np.int64) - 1
    forward = int(np.abs(np.cumsum(steps)).max())
    reverse = int(np.abs(np.cumsum(steps[::-1])).max())
    return (_cusum_p(len(bits), forward), _cusum_p(len(bits), reverse))


def runs(bits: Bits) -> PValues:
    """§2.3 Runs; P = 0 when the frequency pre-test fails, as the standard prescribes.

    >>> round(runs(from_text("1001101011"))[0], 6)
    0.147232
    """
    n = len(bits)
    pi = float(bits.mean())
    if abs(pi - 0.5) >= 2 / math.sqrt(n):
        return (0.0,)
    v = 1 + int(np.count_nonzero(bits[1:] != bits[:-1]))
    return (erfc(abs(v - 2 * n * pi * (1 - pi)) / (2 * math.sqrt(2 * n) * pi * (1 - pi))),)


# §2.4.4: block size -> (lowest class, highest class, class probabilities)
_LONGEST_RUN = {
    8: (1, 4, (55 / 256, 94 / 256, 59 / 256, 48 / 256)),  # exact; the §2.4.8 example needs all digits
    128: (4, 9, (0.1174, 0.2430, 0.2493, 0.1752, 0.1027, 0.1124)),
    10_000: (10, 16, (0.0882, 0.2092, 0.2483, 0.1933, 0.1208, 0.0675, 0.0727)),
}


def _longest_runs(blocks: Bits) -> npt.NDArray[np.int64]:
    """Longest run of ones in each row."""
    padded = np.pad(blocks.astype(np.int8), ((0, 0), (1, 1)))
    edges = np.diff(padded, axis=1)
    best = np.zeros(len(blocks), dtype=np.int64)
    rows_s, cols_s = np.nonzero(edges == 1)
    _, cols_e = np.nonzero(edges == -1)
    np.maximum.at(best, rows_s, cols_e - cols_s)  # starts and ends pair up row by row, in order
    return best


def longest_run(bits: Bits) -> PValues:
    """§2.4 Longest run of ones in a block (M = 8, 128 or 10,000 by length, as in Table 2.4.2).

    >>> example = ("11001100000101010110110001001100111000000000001001001101010100010001"
    ...            "001111010110100000001101011111001100111001101101100010110010")
    >>> round(longest_run(from_text(example))[0], 6)
    0.180609
    """
    n = len(bits)
    if n < 128:
        return None
    m = 8 if n < 6272 else 128 if n < 750_000 else 10_000
    low, high, probabilities = _LONGEST_RUN[m]
    blocks = n // m
    counts = np.clip(_longest_runs(bits[: blocks * m].reshape(blocks, m)), low, high) - low
    observed = np.bincount(counts, minlength=len(probabilities))
    expected = blocks * np.array(probabilities)
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    return (igamc((len(probabilities) - 1) / 2, chi2 / 2),)


def _rank_gf2(rows: list[int]) -> int:
    rank = 0
    rows = list(rows)
    for bit in range(31, -1, -1):
        mask = 1 << bit
        pivot = next((i for i in range(rank, len(rows)) if rows[i] & mask), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(len(rows)):
            if i != rank and rows[i] & mask:
                rows[i] ^= rows[rank]
        rank += 1
    return rank


def _rank_probability(r: int, m: int = 32, q: int = 32) -> float:
    """P(rank = r) of a random m x q matrix over GF(2) (§3.5)."""
    product = 1.0
    for i in range(r):
        product *= (1 - 2.0 ** (i - q)) * (1 - 2.0 ** (i - m)) / (1 - 2.0 ** (i - r))
    return 2.0 ** (r * (q + m - r) - m * q) * product


def rank(bits: Bits) -> PValues:
    """§2.5 Binary matrix rank, 32 x 32 matrices."""
    count = len(bits) // 1024
    if count < 38:  # §2.5.7: at least 38 matrices
        return None
    words = np.packbits(bits[: count * 1024]).view(">u4").reshape(count, 32)
    ranks = np.array([_rank_gf2([int(w) for w in matrix]) for matrix in words])
    observed = np.array([(ranks == 32).sum(), (ranks == 31).sum(), (ranks < 31).sum()])
    p32, p31 = _rank_probability(32), _rank_probability(31)
    expected = count * np.array([p32, p31, 1 - p32 - p31])
    chi2 = float(((observed - expected) ** 2 / expected).sum())
    return (math.exp(-chi2 / 2),)


def dft(bits: Bits) -> PValues:
    """§2.6 Discrete Fourier transform (spectral), with rev. 1a's variance n·0.95·0.05/4."""
    n = len(bits)
    moduli = np.abs(np.fft.fft(2.0 * bits - 1))[: n // 2]
    threshold = math.sqrt(math.log(1 / 0.05) * n)
    return (dft_p_value(n, int((moduli < threshold).sum())),)


def dft_p_value(n: int, peaks_below: int) -> float:
    """The P-value from N1, the count of moduli under the 95 % threshold (§2.6.4 steps 5–7).

    The §2.6.8 example states N1 = 4 for ``1001010011``, though all five moduli of that sequence (0, 2,
    4.47, 2, 4.47) lie under its threshold 5.47; its arithmetic from N1 = 4 on is reproduced here:

    >>> round(dft_p_value(10, 4), 6)
    0.029523
    """
    d = (peaks_below - 0.95 * n / 2) / math.sqrt(n * 0.95 * 0.05 / 4)
    return erfc(abs(d) / math.sqrt(2))


def _psi2(bits: Bits, m: int) -> float:
    """ψ²_m of §2.11: frequencies of all overlapping m-bit patterns, the sequence wrapped around."""
    if m <= 0:
        return 0.0
    n = len(bits)
    extended = np.concatenate([bits, bits[: m - 1]]).astype(np.int64)
    values = np.zeros(n, dtype=np.int64)
    for i in range(m):
        values = (values << 1) | extended[i : i + n]
    counts = np.bincount(values, minlength=1 << m).astype(np.float64)
    return float((counts**2).sum() * (1 << m) / n - n)


def serial(bits: Bits, m: int = 16) -> PValues:
    """§2.11 Serial: (P-value 1, P-value 2).

    >>> [round(p, 6) for p in serial(from_text("0011011101"), 3)]
    [0.808792, 0.67032]
    """
    psi = [_psi2(bits, m - j) for j in range(3)]
    d1 = psi[0] - psi[1]
    d2 = psi[0] - 2 * psi[1] + psi[2]
    return (igamc(2 ** (m - 2), d1 / 2), igamc(2 ** (m - 3), d2 / 2))


def _phi(bits: Bits, m: int) -> float:
    n = len(bits)
    extended = np.concatenate([bits, bits[: m - 1]]).astype(np.int64)
    values = np.zeros(n, dtype=np.int64)
    for i in range(m):
        values = (values << 1) | extended[i : i + n]
    counts = np.bincount(values, minlength=1 << m)
    pi = counts[counts > 0] / n
    return float((pi * np.log(pi)).sum())


def approximate_entropy(bits: Bits, m: int = 10) -> PValues:
    """§2.12 Approximate entropy.

    >>> round(approximate_entropy(from_text("0100110101"), 3)[0], 6)
    0.261961
    """
    n = len(bits)
    apen = _phi(bits, m) - _phi(bits, m + 1)
    chi2 = 2 * n * (math.log(2) - apen)
    return (igamc(2 ** (m - 1), chi2 / 2),)
