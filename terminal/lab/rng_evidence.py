"""The RNG evidence a lab files: dumps through the production path, the battery, outcome statistics.

Everything comes from one production :class:`~rng.Rng` made by the table's own constructor
(:func:`terminal.table.generator.production_rng`: ``[rng]`` of the configuration, the table's
personalization, the OS entropy source behind its health tests), after its power-up self-test:

- ``raw.bin``: raw DRBG output (``Rng.stream``), the input of the SP 800-22 battery and of any external one;
- ``outcomes-6.txt``, ``outcomes-37.txt``, ``outcomes-38.txt``: scaled outcomes (``Rng.randbelow``), one
  per line, exactly as ``python -m rng outcomes`` writes them;
- the battery of ``python -m rng battery`` on ``raw.bin`` (:mod:`rng.battery`, judged by
  :mod:`rng.families`), and per range the chi-square, runs and serial-correlation statistics.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from rng import Rng
from rng import battery as sp800
from rng.cavp import GroupResult
from rng.families import BATTERY_ALPHA, FamilyVerdict, judge_battery
from rng.selftest import health_checks, known_answers, power_up
from terminal.lab.game_ranges import StreamResult
from terminal.lab.game_stats import FamilyVerdict as GameFamily

RANGES = (6, 37, 38)
MAX_LAG = 20
Tick = Callable[[int], None]  # advance a progress bar by n units


@dataclass(frozen=True, slots=True)
class Sizes:
    """How much to generate: battery sequences of ``bits`` bits, ``outcomes`` draws per range, and
    ``games`` outcomes per game-level stream (0: none)."""

    sequences: int = 100
    bits: int = 1_000_000
    outcomes: int = 1_000_000
    games: int = 1_000_000

    def __post_init__(self) -> None:
        games_ok = self.games == 0 or self.games >= 1000
        if self.sequences < 1 or self.bits < 1000 or self.outcomes < 100 or not games_ok:
            raise ValueError(
                f"sizes too small: sequences {self.sequences} (>= 1), bits {self.bits} (>= 1000), "
                f"outcomes {self.outcomes} (>= 100), games {self.games} (0 or >= 1000)"
            )


    @property
    def raw_bytes(self) -> int:
        """Bytes of raw output the battery needs."""
        return -(-self.sequences * self.bits // 8)


#: ``--profile``: the quick look (a couple of minutes), and the run a lab files (SP 800-22 at m = 1,000
#: sequences of 10^6 bits, 10^7 outcomes per game through the production path).
PROFILES = {
    "quick": Sizes(),
    "lab": Sizes(sequences=1000, bits=1_000_000, outcomes=1_000_000, games=10_000_000),
}


@dataclass(frozen=True, slots=True)
class OutcomeStats:
    """Scaled outcomes below ``k``: counts, and the three tests of the battery's outcome part."""

    k: int
    n: int
    counts: tuple[int, ...]
    chi_square: float
    chi_square_p: float
    runs_p: float
    serial: tuple[float, ...]  # lag-1..MAX_LAG autocorrelation
    serial_p: float  # lag 1, two-sided, normal approximation

    @property
    def passed(self) -> bool:
        """Each test at α = 0.01, as the battery's single-sequence tests."""
        return min(self.chi_square_p, self.runs_p, self.serial_p) >= 0.01


@dataclass(frozen=True, slots=True)
class Evidence:
    """Everything the report states."""

    generator_id: str
    generator: str
    selftests: tuple[GroupResult, ...]
    sizes: Sizes
    families: tuple[FamilyVerdict, ...]
    verdicts: tuple[sp800.Verdict, ...]
    outcomes: tuple[OutcomeStats, ...]
    files: tuple[tuple[str, int, str], ...]  # (name, bytes, sha256)
    seconds: float
    alpha: float = BATTERY_ALPHA
    rejections: int = 0
    notes: tuple[str, ...] = field(default=())
    games: tuple[StreamResult, ...] = ()  # game-level streams, each on its own generator
    game_family: GameFamily | None = None

    @property
    def passed(self) -> bool:
        """Self-tests, every test of the battery, every outcome test and the game-level family passed."""
        selftests = all(r.passed == r.total for r in self.selftests)
        games = self.game_family is None or self.game_family.passed
        battery = all(f.passed for f in self.families) and all(o.passed for o in self.outcomes)
        return selftests and battery and games


def selftests(generator: str) -> tuple[GroupResult, ...]:
    """Every embedded known answer and health check, after the generator's own power-up (which raises)."""
    power_up(generator)
    return (*known_answers(), *health_checks())


def dump_raw(rng: Rng, path: Path, n_bytes: int, tick: Tick) -> None:
    """``n_bytes`` of raw output to ``path``, 64 KiB requests at a time."""
    with path.open("wb") as out:
        for block in rng.stream(n_bytes):
            out.write(block)
            tick(len(block))


def dump_outcomes(rng: Rng, k: int, n: int, path: Path, tick: Tick) -> npt.NDArray[np.int64]:
    """``n`` outcomes below ``k`` through ``Rng.randbelow``, written one per line; returned as an array."""
    values = np.empty(n, dtype=np.int64)
    draw = rng.randbelow
    step = max(1, n // 100)
    for i in range(n):
        values[i] = draw(k).value
        if (i + 1) % step == 0:
            tick(step)
    tick(n % step)
    path.write_text("\n".join(map(str, values.tolist())) + "\n", encoding="ascii")
    return values


def outcome_stats(k: int, values: npt.NDArray[np.int64]) -> OutcomeStats:
    """Chi-square goodness of fit, runs above/below the middle, and serial correlation at lags 1..20."""
    from scipy import stats  # here, not at the top: importing scipy.stats costs ~1 s, paid only when used

    counts = np.bincount(values, minlength=k)
    chi = stats.chisquare(counts)
    x = values.astype(np.float64) - values.mean()
    denominator = float((x * x).sum())
    serial = tuple(float((x[:-lag] * x[lag:]).sum()) / denominator for lag in range(1, MAX_LAG + 1))
    n = len(values)
    serial_p = math.erfc(abs(serial[0]) * math.sqrt(n) / math.sqrt(2))
    runs_p = sp800._runs_p(2 * values >= k)
    return OutcomeStats(
        k, n, tuple(int(c) for c in counts), float(chi.statistic), float(chi.pvalue), runs_p, serial, serial_p
    )


def run_battery(raw: bytes, sizes: Sizes, tick: Tick) -> tuple[list[sp800.Verdict], list[FamilyVerdict]]:
    """The battery of ``python -m rng battery`` on the first ``sequences × bits`` bits of ``raw``."""
    bits = sp800.read_bits(raw, "binary")
    sequences = sp800.split(bits, sizes.bits, sizes.sequences)
    verdicts = sp800.run_battery(sequences, lambda _: tick(1))
    return verdicts, judge_battery(verdicts)


def file_record(path: Path) -> tuple[str, int, str]:
    """(name, size, SHA-256) of a written evidence file."""
    return path.name, path.stat().st_size, hashlib.sha256(path.read_bytes()).hexdigest()
