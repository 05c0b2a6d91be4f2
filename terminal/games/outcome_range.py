"""A game's outcome range as the lab's RNG tests see it: what a lab checks beyond uniformity, as data.

Each game declares its ranges (:meth:`~terminal.games.seam.Game.outcome_ranges`): its ordered outcomes
``0..size-1`` as the draw numbers them (:meth:`~terminal.games.seam.DrawPlan.index`), projections onto
fewer categories with their exact probabilities (the 16 totals of three dice), binary splits whose runs
are counted (red/black with the zeros left out), pairs of components that must be independent (die 1 and
die 2), and the number whose serial correlation is measured. The tests themselves are the lab's
(:mod:`terminal.lab.game_stats`). A game of dice counted by their total declares its range with
:func:`dice_range`.

>>> r = OutcomeRange("coin", 2, (0, 1), projections=(Projection("faces", (0, 1), (Fraction(1, 2),) * 2),))
>>> r.size, r.projections[0].probabilities[0]
(2, Fraction(1, 2))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations


@dataclass(frozen=True, slots=True)
class Projection:
    """Outcomes mapped onto fewer categories (``of[i]`` is outcome ``i``'s), with exact probabilities."""

    name: str
    of: tuple[int, ...]
    probabilities: tuple[Fraction, ...]


@dataclass(frozen=True, slots=True)
class Split:
    """A two-way split whose runs are counted: ``of[i]`` is 1, 0, or -1 for an outcome left out (a zero)."""

    name: str
    of: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pairing:
    """Two components of an outcome that must be independent (die 1 and die 2)."""

    name: str
    first: tuple[int, ...]
    second: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OutcomeRange:
    """A game's outcomes ``0..size-1`` and what is checked of them (see the module docstring)."""

    name: str
    size: int
    value: tuple[int, ...]  # the number whose serial correlation is measured (a dice sum, a pocket)
    value_name: str = "the outcome"
    projections: tuple[Projection, ...] = ()
    splits: tuple[Split, ...] = ()
    pairings: tuple[Pairing, ...] = ()

    def __post_init__(self) -> None:
        if self.size < 2 or len(self.value) != self.size:
            raise ValueError(f"{self.name}: a range needs at least 2 outcomes and a value for each")
        everything: tuple[Projection | Split, ...] = (*self.projections, *self.splits)
        for mapped in everything:
            if len(mapped.of) != self.size:
                raise ValueError(f"{self.name}: {mapped.name} maps {len(mapped.of)} of {self.size} outcomes")
        for projection in self.projections:
            if sum(projection.probabilities) != 1 or max(projection.of) >= len(projection.probabilities):
                raise ValueError(f"{self.name}: {projection.name}'s probabilities must cover it and sum to 1")


@dataclass(frozen=True, slots=True)
class RangeStream:
    """One of a game's ranges for the lab's streams, and the ``kiosk.cfg`` lines that make a table draw it."""

    range: OutcomeRange
    config_text: str


def dice_range(name: str, rolls: Sequence[tuple[int, ...]], split: Split) -> OutcomeRange:
    """Dice as their ordered ``rolls`` (every roll once, in the draw's order): the value is the total; the
    projections are the totals and each die's faces; the splits ``split`` and odd/even totals; the pairings
    each two dice, neighbours first (die 1 and 2, 2 and 3, then 1 and 3)."""
    count, low = len(rolls[0]), len(rolls[0])
    high, totals = 6 * count, Counter(sum(roll) for roll in rolls)
    die = [tuple(roll[k] - 1 for roll in rolls) for k in range(count)]
    pairs = sorted(combinations(range(count), 2), key=lambda pair: (pair[1] - pair[0], pair[0]))
    return OutcomeRange(
        name,
        len(rolls),
        value=tuple(sum(roll) for roll in rolls),
        value_name="the total",
        projections=(
            Projection(
                f"the {high - low + 1} totals",
                tuple(sum(roll) - low for roll in rolls),
                tuple(Fraction(totals[t], len(rolls)) for t in range(low, high + 1)),
            ),
            *(Projection(f"die {k + 1}'s faces", die[k], (Fraction(1, 6),) * 6) for k in range(count)),
        ),
        splits=(split, Split("odd/even totals", tuple(sum(roll) % 2 for roll in rolls))),
        pairings=tuple(Pairing(f"die {a + 1} and die {b + 1}", die[a], die[b]) for a, b in pairs),
    )
