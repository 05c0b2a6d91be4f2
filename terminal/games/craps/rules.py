"""The operator's craps options (the ``[craps]`` keys, built by the command layer) and the fixed paytables.

Every payout of GAMES.md §2.1–2.3 is data here; vig is rounded down to whole currency units with a minimum.

>>> rules = CrapsRules()
>>> rules.vig(2000), rules.vig(3000), rules.vig(500)  # 5% of 20.00, 30.00 (1.50 rounds down), 5.00
(100, 100, 100)
>>> rules.odds_limit("pass_odds", 6, 1000), rules.odds_limit("dont_pass_odds", 4, 1000)
(5000, 6000)
>>> CrapsRules(max_odds="2x").odds_limit("dont_pass_odds", 5, 1000)  # lay 3 to win 2 x flat
3000
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from terminal.games.base import Payout

VigTiming = Literal["on_win", "on_bet"]
VIG_CAP_PERCENT = 5  # § 623a.5(g)(3): "may collect a vigorish of up to 5%"; (i): no other fee

PLACE = {
    4: Payout(9, 5),
    5: Payout(7, 5),
    6: Payout(7, 6),
    8: Payout(7, 6),
    9: Payout(7, 5),
    10: Payout(9, 5),
}
PLACE_LOSE = {
    4: Payout(5, 11), 5: Payout(5, 8), 6: Payout(4, 5), 8: Payout(4, 5), 9: Payout(5, 8), 10: Payout(5, 11),
}  # fmt: skip
TRUE_ODDS = {4: Payout(2), 5: Payout(3, 2), 6: Payout(6, 5), 8: Payout(6, 5), 9: Payout(3, 2), 10: Payout(2)}
LAY_ODDS = {
    4: Payout(1, 2),
    5: Payout(2, 3),
    6: Payout(5, 6),
    8: Payout(5, 6),
    9: Payout(2, 3),
    10: Payout(1, 2),
}
HARDWAY = {4: Payout(7), 6: Payout(9), 8: Payout(9), 10: Payout(7)}
FIELD = {2: Payout(2), 3: Payout(1), 4: Payout(1), 9: Payout(1), 10: Payout(1), 11: Payout(1), 12: Payout(2)}
PROPOSITION = {
    "any_seven": ((7,), Payout(4)),
    "any_craps": ((2, 3, 12), Payout(7)),
    "craps_2": ((2,), Payout(30)),
    "craps_3": ((3,), Payout(15)),
    "craps_12": ((12,), Payout(30)),
    "eleven": ((11,), Payout(15)),
}
HORN = {2: Payout(30), 3: Payout(15), 11: Payout(15), 12: Payout(30)}
HOP_HARD, HOP_MIXED = Payout(30), Payout(15)
SIX_SEVEN_EIGHT, SIX_SEVEN_EIGHT_PAIR = Payout(1), Payout(2)
ODDS_MULTIPLES_345 = {4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3}
ODDS_CHOICES = ("3-4-5x", *(f"{n}x" for n in range(1, 11)))


@dataclass(frozen=True, slots=True)
class CrapsRules:
    """The operator's choices. Amounts in minor units; ``unit`` is one whole currency unit.

    ``fire_paytable``/``bonus_paytable``/``lucky_shooter_paytable``/``hot_roller_paytable`` are None when
    the wager is not offered.
    """

    max_odds: str = "3-4-5x"
    come_odds_on_comeout: bool = False
    buy_offered: bool = True
    lay_offered: bool = True
    vig_percent: int = 5
    buy_vig: VigTiming = "on_win"
    lay_vig: VigTiming = "on_bet"
    vig_minimum: int = 100
    place_increments: bool = True
    unit: int = 100
    fire_paytable: str | None = "A"
    bonus_paytable: str | None = "1"
    lucky_shooter_paytable: str | None = "A"
    hot_roller_paytable: str | None = "A"

    def __post_init__(self) -> None:
        if self.max_odds not in ODDS_CHOICES:
            raise ValueError(f"max_odds {self.max_odds!r} must be one of {', '.join(ODDS_CHOICES)}")
        if not 0 <= self.vig_percent <= 5:
            raise ValueError(f"vig_percent {self.vig_percent} must be 0..5 (§ 623a.5(g)(3))")
        for name in ("buy_vig", "lay_vig"):
            if getattr(self, name) not in ("on_win", "on_bet"):
                raise ValueError(f"{name} {getattr(self, name)!r} must be 'on_win' or 'on_bet'")
        if self.unit <= 0 or self.vig_minimum < 0:
            raise ValueError(f"unit {self.unit} must be positive and vig_minimum {self.vig_minimum} >= 0")

    def odds_multiple(self, number: int) -> int:
        """Largest pass/come odds as a multiple of the flat wager on ``number``."""
        if self.max_odds == "3-4-5x":
            return ODDS_MULTIPLES_345[number]
        return int(self.max_odds.removesuffix("x"))

    def odds_limit(self, kind: str, number: int, flat: int) -> int:
        """Largest odds wager behind ``flat``; Don't odds are limited by what they win (GAMES.md §2.2)."""
        most = self.odds_multiple(number) * flat
        if kind in ("pass_odds", "come_odds"):
            return most
        lay = LAY_ODDS[number]
        return most * lay.denominator // lay.numerator

    def vig(self, base: int) -> int:
        """Commission on ``base``: percent, rounded down to whole units, at least the minimum."""
        if self.vig_percent == 0:
            return 0
        whole_units = base * self.vig_percent // 100 // self.unit
        return max(whole_units * self.unit, self.vig_minimum)

    def vig_base(self, kind: str, number: int, amount: int) -> int:
        """What vig is a percentage of: the Buy stake, or what the Lay stake would win (§ 623a.5(g)(3))."""
        return amount if kind == "buy" else win_amount(LAY_ODDS[number], amount)

    def vig_within_cap(self, kind: str, number: int, amount: int) -> bool:
        """True when the vig on this Buy/Lay stake is at most 5 % of its base, the minimum included."""
        base = self.vig_base(kind, number, amount)
        return self.vig(base) * 100 <= VIG_CAP_PERCENT * base

    def smallest_vig_stake(self, kind: str, number: int) -> int:
        """The smallest Buy/Lay stake (a multiple of its increment) whose vig is within the 5 % cap."""
        return _smallest_vig_stake(self, kind, number)

    def increment(self, kind: str, number: int) -> int:
        """The multiple a Place/Buy/Lay amount must be, in minor units (1 when increments are off)."""
        if not self.place_increments or kind not in ("place", "place_lose", "buy", "lay"):
            return 1
        if kind in ("place", "place_lose") and number in (6, 8):
            return 6 * self.unit
        return 5 * self.unit


@lru_cache(maxsize=1024)
def _smallest_vig_stake(rules: CrapsRules, kind: str, number: int) -> int:
    # A search of stakes (with increments off the step is one minor unit), asked again for every refusal's
    # message and every PAR sheet: the rules are frozen, so the answer is kept. With a vig, every stake
    # below 100 / 5 times the minimum vig is over the cap (the base is at most the stake: the vig, at least
    # the minimum, is more than 5 % of it), so the search starts at the first step past that.
    step = rules.increment(kind, number)
    stake = step
    if rules.vig_percent:
        below = -(-rules.vig_minimum * 100 // VIG_CAP_PERCENT)
        stake = max(step, -(-below // step) * step)
    while not rules.vig_within_cap(kind, number, stake):
        stake += step
    return stake


def win_amount(payout: Payout, stake: int) -> int:
    """Winnings only (stake not included), rounded down like every payout."""
    return payout.returned(stake) - stake
