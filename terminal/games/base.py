"""Records every game shares: payout odds, wager limits, settlements, and the refusal exception.

Units matter (GAMES.md): "X to 1" pays X per unit staked and returns the stake; "X for 1" returns X per
unit including the stake. A payout that is not a whole number of minor units is rounded down.

>>> Payout(7, 6).returned(600)
1300
>>> Payout(1000, 1, "for").returned(100)
100000
>>> str(Payout(9, 5))
'9 to 5'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

PayoutUnit = Literal["to", "for"]


class IllegalBetError(ValueError):
    """A wager the rules refuse; the message names the wager, the table state and the reason."""

    def __init__(self, wager: str, reason: str) -> None:
        self.wager = wager
        self.reason = reason
        super().__init__(f"{wager}: {reason}")


class LimitError(IllegalBetError):
    """A wager below the minimum, above the maximum or off the increment."""


@dataclass(frozen=True, slots=True)
class Payout:
    """Payout odds ``numerator`` to (or for) ``denominator``."""

    numerator: int
    denominator: int = 1
    unit: PayoutUnit = "to"

    def __post_init__(self) -> None:
        if self.numerator < 0 or self.denominator <= 0:
            raise ValueError(f"payout {self.numerator}/{self.denominator} must be non-negative over positive")
        if self.unit not in ("to", "for"):
            raise ValueError(f"payout unit {self.unit!r} must be 'to' or 'for'")

    @property
    def ratio(self) -> Fraction:
        """Exact amount returned per unit staked, stake included."""
        multiple = Fraction(self.numerator, self.denominator)
        return multiple + 1 if self.unit == "to" else multiple

    def returned(self, stake: int) -> int:
        """Minor units returned on a winning ``stake``, stake included, rounded down.

        The same floor as ``stake * ratio`` in integers (the hot path of settlement: no Fraction).
        """
        if self.unit == "to":
            return stake * (self.numerator + self.denominator) // self.denominator
        return stake * self.numerator // self.denominator

    def __str__(self) -> str:
        return f"{self.numerator:,} {self.unit} {self.denominator}"


@dataclass(frozen=True, slots=True)
class Limits:
    """Minimum, maximum and increment of one wager, in minor units."""

    minimum: int
    maximum: int
    increment: int = 1

    def check(self, wager: str, amount: int) -> int:
        """Return ``amount`` if it is within the limits, else raise :class:`LimitError`."""
        if amount < self.minimum:
            raise LimitError(wager, f"amount {amount} is below the minimum {self.minimum}")
        if amount > self.maximum:
            raise LimitError(wager, f"amount {amount} is above the maximum {self.maximum}")
        if amount % self.increment:
            raise LimitError(wager, f"amount {amount} is not a multiple of {self.increment}")
        return amount

    def check_stake(self, wager: str, stake: object) -> int:
        """Return ``stake`` if it is a whole number of minor units (else :class:`IllegalBetError`) within the
        limits (else :class:`LimitError`): what every game asks of a wager's stake before anything else."""
        if isinstance(stake, bool) or not isinstance(stake, int):
            raise IllegalBetError(wager, f"stake {stake!r} must be a whole number of minor units")
        return self.check(wager, stake)

    def check_seat_total(self, wager: str, label: str, seat_total: int, stake: int) -> None:
        """Refuse ``stake`` when it takes the seat's ``label`` wagers of one round over the maximum."""
        if seat_total + stake > self.maximum:
            total = seat_total + stake
            reason = f"the seat's {label} wagers would total {total}, above the maximum {self.maximum}"
            raise IllegalBetError(wager, reason)


class Result(enum.Enum):
    """How a wager ended."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"


@dataclass(frozen=True, slots=True)
class Settlement:
    """One wager settled: what was staked, what goes back to the seat, under which paytable entry.

    ``returned`` includes the stake: 0 for a loss, the stake for a push, stake plus winnings for a win.
    """

    wager_ref: str
    kind: str
    paytable: str
    stake: int
    returned: int
    result: Result
    entry: str = ""

    @property
    def net(self) -> int:
        """What the seat gained (positive) or lost (negative)."""
        return self.returned - self.stake
