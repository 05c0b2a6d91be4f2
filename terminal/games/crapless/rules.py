"""What Crapless Craps declares apart from craps: its points, paytables, options and wager ids (§6.4).

The hardway, field, proposition, horn and hop paytables are the craps ones (CC 5.B pays them alike), and
the vig is computed by :class:`~terminal.games.craps.rules.CrapsRules` itself, so it rounds exactly as at
the craps table.

>>> rules = CraplessRules()
>>> rules.odds_multiple(2), rules.odds_multiple(8), rules.odds_limit(11, 1000)  # 1-2-3-4-5x
(1, 5, 2000)
>>> rules.vig(2000), rules.increment("place", 2), rules.increment("buy", 6)
(100, 200, 500)
>>> str(PLACE[2]), str(TRUE_ODDS[3]), WAGERS[:3], len(WAGERS)
('11 to 2', '3 to 1', ('pass', 'come', 'put_2'), 68)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from terminal.games.base import Payout
from terminal.games.craps import rules as craps_rules
from terminal.games.craps.rules import CrapsRules

VigTiming = Literal["on_win", "on_bet"]

GAME = "crapless"
POINTS: tuple[int, ...] = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)  # CC 1.D: every total but 7 is a point
HARD_NUMBERS: tuple[int, ...] = (4, 6, 8, 10)

# CC 3.A.iv, 5.B: Place 2 .. 12
PLACE = {
    2: Payout(11, 2), 12: Payout(11, 2), 3: Payout(11, 4), 11: Payout(11, 4),
    4: Payout(9, 5), 10: Payout(9, 5), 5: Payout(7, 5), 9: Payout(7, 5), 6: Payout(7, 6), 8: Payout(7, 6),
}  # fmt: skip
# CC 6, 5.J: the odds and Buy pay true odds
TRUE_ODDS = {
    2: Payout(6), 12: Payout(6), 3: Payout(3), 11: Payout(3),
    4: Payout(2), 10: Payout(2), 5: Payout(3, 2), 9: Payout(3, 2), 6: Payout(6, 5), 8: Payout(6, 5),
}  # fmt: skip
ODDS_MULTIPLES_12345 = {2: 1, 12: 1, 3: 2, 11: 2, 4: 3, 10: 3, 5: 4, 9: 4, 6: 5, 8: 5}
ODDS_CHOICES = ("1-2-3-4-5x", *(f"{n}x" for n in range(1, 11)))
EVEN = Payout(1)
HARDWAY = craps_rules.HARDWAY
FIELD = craps_rules.FIELD
PROPOSITION = craps_rules.PROPOSITION
HORN = craps_rules.HORN
HOP_HARD, HOP_MIXED = craps_rules.HOP_HARD, craps_rules.HOP_MIXED

# CC 5.G: the Crapless Fire Bet, by the number of different points made (fewer than three loses)
FIRE = {3: Payout(9), 4: Payout(29), 5: Payout(149), 6: Payout(299)}
FIRE_MOST = 6  # "6 or more points"
# CC 5.H: Hard Rock'n Dice, each wager by the totals it needs before the 7
SIX_STRING = (4, 5, 6, 8, 9, 10)
FAB_FOUR = (2, 3, 11, 12)
TENOR = POINTS
HARD_ROCKN = {"six_string": Payout(12), "fab_four": Payout(70)}
TENOR_ALL, TENOR_ALMOST = Payout(80), Payout(20)

_HOPS = (
    (2, 2), (3, 3), (4, 4), (5, 5),
    (1, 3), (1, 4), (2, 3), (1, 5), (2, 4), (1, 6), (2, 5), (3, 4), (2, 6), (3, 5), (3, 6), (4, 5), (4, 6),
)  # fmt: skip
HOPS = _HOPS
ONE_ROLL = (
    "field", "any_seven", "any_craps", "craps_2", "craps_3", "craps_12", "eleven", "c_and_e", "horn",
    "horn_high", "world", *(f"hop_{a}_{b}" for a, b in _HOPS),
)  # fmt: skip
HARD_ROCKN_WAGERS = ("six_string", "fab_four", "the_tenor")
WAGERS: tuple[str, ...] = (
    "pass", "come",
    *(f"put_{n}" for n in POINTS),
    *(f"place_{n}" for n in POINTS),
    *(f"buy_{n}" for n in POINTS),
    *(f"hard_{n}" for n in HARD_NUMBERS),
    *ONE_ROLL, "fire_bet", *HARD_ROCKN_WAGERS,
)  # fmt: skip


def ways(total: int) -> int:
    """The number of the 36 two-dice combinations that make ``total``."""
    return 6 - abs(total - 7)


@dataclass(frozen=True, slots=True)
class CraplessRules:
    """The ``[crapless]``, ``[crapless_fire]`` and ``[hard_rockn_dice]`` options; money in minor units."""

    max_odds: str = "1-2-3-4-5x"
    come_odds_on_comeout: bool = False
    put_offered: bool = True
    buy_offered: bool = True
    vig_percent: int = 5
    buy_vig: VigTiming = "on_win"
    vig_minimum: int = 100
    place_increments: bool = True
    hardways_on_comeout: bool = True
    unit: int = 100
    fire_offered: bool = True
    hard_rockn_offered: bool = False  # Decision 6: off unless the operator turns it on
    _vig: CrapsRules = field(init=False, repr=False, compare=False)
    _offered: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _taken: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_odds not in ODDS_CHOICES:
            raise ValueError(f"max_odds {self.max_odds!r} must be one of {', '.join(ODDS_CHOICES)}")
        vig = CrapsRules(
            vig_percent=self.vig_percent,
            buy_vig=self.buy_vig,
            vig_minimum=self.vig_minimum,
            place_increments=self.place_increments,
            unit=self.unit,
        )  # fmt: skip  (its checks are the craps ones: vig 0..5 %, timing, unit)
        object.__setattr__(self, "_vig", vig)
        object.__setattr__(self, "_offered", self._offers())
        object.__setattr__(self, "_taken", frozenset(self._offered))

    def offered(self) -> tuple[str, ...]:
        """The wager ids this table takes, in layout order (worked out once: every placing asks)."""
        return self._offered

    def takes(self, wager_id: str) -> bool:
        """Whether this table takes ``wager_id`` (one of :meth:`offered`, as a set)."""
        return wager_id in self._taken

    def _offers(self) -> tuple[str, ...]:
        gone = set()
        if not self.put_offered:
            gone |= {f"put_{n}" for n in POINTS}
        if not self.buy_offered:
            gone |= {f"buy_{n}" for n in POINTS}
        if not self.fire_offered:
            gone.add("fire_bet")
        if not self.hard_rockn_offered:
            gone |= set(HARD_ROCKN_WAGERS)
        return tuple(w for w in WAGERS if w not in gone)

    def odds_multiple(self, number: int) -> int:
        """Largest odds as a multiple of the flat wager on ``number``."""
        if self.max_odds == "1-2-3-4-5x":
            return ODDS_MULTIPLES_12345[number]
        return int(self.max_odds.removesuffix("x"))

    def odds_limit(self, number: int, flat: int) -> int:
        """Largest odds behind ``flat`` on ``number``."""
        return self.odds_multiple(number) * flat

    def vig(self, base: int) -> int:
        """The Buy commission on ``base``, rounded as at the craps table (CC 5.J)."""
        return self._vig.vig(base)

    def vig_within_cap(self, stake: int) -> bool:
        """True when the vig on this Buy stake, the minimum included, is at most 5 % of it (CC 5.J)."""
        return self._vig.vig_within_cap("buy", 4, stake)  # a Buy's vig base is its stake, any number

    def increment(self, kind: str, number: int) -> int:
        """The multiple a Place/Buy amount must be (CC 5.B with ``place_increments``), in minor units."""
        if not self.place_increments:
            return 1
        if kind == "place":
            units = {2: 2, 12: 2, 3: 4, 11: 4, 6: 6, 8: 6}.get(number, 5)
            return units * self.unit
        if kind == "buy":
            return (2 if number in (5, 9) else 5 if number in (6, 8) else 1) * self.unit
        return 1
