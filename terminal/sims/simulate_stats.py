"""Per-wager integer tallies of a simulation, their exact merge, and the confidence interval of actual RTP.

A :class:`Tally` holds, for one wager, the number of settlements and the sums of the stake, the net result
and their squares and cross product, all integers of minor units. Workers and chunks merge by adding
sums, so a run split over any number of workers gives the same figures to the last unit.

Actual RTP is ``returned / staked = 1 + net / staked``: a ratio estimator. Its standard error comes from
the wager's own spread (the delta method: the variance of ``net_i - r * stake_i`` over ``n`` settlements,
divided by ``n`` and the mean stake squared); with a fixed stake it is the plain standard error of the
mean net per unit staked.

>>> t = Tally.of(((100, -100), (100, 3500), (100, -100)))
>>> t.count, t.staked, t.net, t.rtp
(3, 300, 3300, 12.0)
>>> t.merge(Tally.of(((100, -100),))).count
4
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from statistics import NormalDist

MIN_SETTLEMENTS = 1000  # fewer, or no spread at all, and the normal interval means nothing: "too few"


@dataclass(frozen=True, slots=True)
class Tally:
    """Integer sums over the settlements of one wager (minor units)."""

    count: int = 0
    staked: int = 0
    staked_sq: int = 0
    net: int = 0
    net_sq: int = 0
    cross: int = 0  # sum of stake * net

    @classmethod
    def of(cls, pairs: Iterable[tuple[int, int]]) -> Tally:
        """The tally of (stake, net) pairs: a slow, obvious reference used by tests and small paths."""
        total = cls()
        for stake, net in pairs:
            total = total.merge(cls.times(1, stake, net))
        return total

    @classmethod
    def times(cls, count: int, stake: int, net: int) -> Tally:
        """``count`` settlements of the same ``stake`` and ``net``."""
        return cls(
            count, count * stake, count * stake * stake, count * net, count * net * net, count * stake * net
        )

    def merge(self, other: Tally) -> Tally:
        """Both tallies together: every sum added."""
        return Tally(
            self.count + other.count,
            self.staked + other.staked,
            self.staked_sq + other.staked_sq,
            self.net + other.net,
            self.net_sq + other.net_sq,
            self.cross + other.cross,
        )

    def as_tuple(self) -> tuple[int, int, int, int, int, int]:
        return (self.count, self.staked, self.staked_sq, self.net, self.net_sq, self.cross)

    @property
    def rtp(self) -> float:
        """Returned over staked (1.0 is even); NaN when nothing was staked."""
        return 1 + self.net / self.staked if self.staked else math.nan

    @property
    def standard_error(self) -> float:
        """Standard error of :attr:`rtp` from the wager's own variance; NaN below two settlements."""
        n = self.count
        if n < 2 or not self.staked:
            return math.nan
        r = self.net / self.staked
        # sum of (net - r*stake)^2; its mean is zero by the choice of r, so this is n-1 times the variance
        spread = self.net_sq - 2 * r * self.cross + r * r * self.staked_sq
        variance = max(spread, 0.0) / (n - 1)
        mean_stake = self.staked / n
        return math.sqrt(variance / n) / mean_stake


Tallies = dict[str, Tally]


def merge_all(parts: Iterable[Mapping[str, Tally]]) -> Tallies:
    """Every part's tallies added, key by key (sorted keys)."""
    total: Tallies = {}
    for part in parts:
        for key, tally in part.items():
            total[key] = total[key].merge(tally) if key in total else tally
    return dict(sorted(total.items()))


def family_z(wagers: int, confidence: float) -> float:
    """Two-sided critical z for each of ``wagers`` intervals so that all hold together (Bonferroni).

    >>> round(family_z(1, 0.95), 3), round(family_z(10, 0.99), 3)
    (1.96, 3.291)
    """
    if not 0 < confidence < 1 or wagers < 1:
        raise ValueError(f"confidence {confidence} must be in (0, 1) and wagers {wagers} at least 1")
    return NormalDist().inv_cdf(1 - (1 - confidence) / (2 * wagers))


@dataclass(frozen=True, slots=True)
class Verdict:
    """One wager's actual RTP against its PAR RTP."""

    key: str
    tally: Tally
    par_rtp: float
    z: float  # deviation in standard errors (actual - PAR); NaN when there is no spread
    low: float
    high: float
    verdict: str  # "within", "OUTSIDE" or "too few"


def judge(key: str, tally: Tally, par_rtp: float, z_crit: float) -> Verdict:
    """Is ``par_rtp`` inside the interval actual RTP ± ``z_crit`` standard errors?"""
    rtp, se = tally.rtp, tally.standard_error
    if tally.count < MIN_SETTLEMENTS or not se > 0:
        return Verdict(key, tally, par_rtp, math.nan, math.nan, math.nan, "too few")
    z = (rtp - par_rtp) / se
    verdict = "within" if abs(z) <= z_crit else "OUTSIDE"
    return Verdict(key, tally, par_rtp, z, rtp - z_crit * se, rtp + z_crit * se, verdict)


@dataclass(frozen=True, slots=True)
class ChunkOutcome:
    """What one chunk played: rounds (spins or rolls), per-wager tallies, and wagers the rules refused."""

    rounds: int
    tallies: tuple[tuple[str, Tally], ...]
    refused: int = 0


def merge_shares(shares: Iterable[ChunkOutcome]) -> ChunkOutcome:
    """One chunk played in shares, each share some of the strategy's independent parts on the same draws
    (:func:`terminal.sims.fastsim.play` with ``share``): the tallies and refusals add, and the chunk played
    as many rounds as its longest share (each plays on until its own parts' wagers are settled, the whole
    chunk until every part's are)."""
    shares = tuple(shares)
    tallies = merge_all(dict(s.tallies) for s in shares)
    return ChunkOutcome(max(s.rounds for s in shares), tuple(tallies.items()), sum(s.refused for s in shares))
