"""Buy and Lay house edge at real stakes: the vig in whole units, with its minimum, as the table charges it.

The PAR row's headline edge takes the vig as exactly its percentage. At a real stake the vig is rounded
down to whole units and never below ``vig_minimum``, and a stake whose vig would exceed 5 % is refused
(§ 623a.5(g)(3)), so the row also states the edge at the smallest stake the table accepts and at a
typical stake (100 units, rounded up to the wager's increment).

>>> from terminal.games.craps.rules import CrapsRules
>>> [(s.stake, s.vig, s.house_edge) for s in stake_edges(CrapsRules(), "buy", 4)]
[(2000, 100, Fraction(1, 60)), (10000, 500, Fraction(1, 60))]
"""

from __future__ import annotations

from fractions import Fraction

from terminal.games.craps.rules import LAY_ODDS, TRUE_ODDS, CrapsRules, win_amount
from terminal.games.par_rows import StakeEdge

TYPICAL_UNITS = 100


def win_probability(kind: str, number: int) -> Fraction:
    """Buy wins when the number comes before a 7; Lay when the 7 comes first."""
    ways = 6 - abs(number - 7)
    return Fraction(ways, ways + 6) if kind == "buy" else Fraction(6, ways + 6)


def edge_at(rules: CrapsRules, kind: str, number: int, stake: int) -> tuple[int, Fraction]:
    """The vig charged on ``stake`` and the exact edge per unit wagered."""
    payout = TRUE_ODDS[number] if kind == "buy" else LAY_ODDS[number]
    won = win_amount(payout, stake)
    vig = rules.vig(rules.vig_base(kind, number, stake))
    p = win_probability(kind, number)
    timing = rules.buy_vig if kind == "buy" else rules.lay_vig
    if timing == "on_bet":
        return vig, 1 - p * (stake + won) / Fraction(stake + vig)
    return vig, 1 - p * (stake + won - vig) / Fraction(stake)


def stake_edges(rules: CrapsRules, kind: str, number: int) -> tuple[StakeEdge, ...]:
    """The edge at the smallest accepted stake and at a typical stake."""
    step = rules.increment(kind, number)
    smallest = rules.smallest_vig_stake(kind, number)
    typical = max(smallest, -(-TYPICAL_UNITS * rules.unit // step) * step)
    out = []
    for label, stake in (("smallest", smallest), ("typical", typical)):
        vig, edge = edge_at(rules, kind, number, stake)
        out.append(StakeEdge(label, stake, vig, edge))
    return tuple(out)
