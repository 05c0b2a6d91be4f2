"""Bonus Craps, "Make 'em All" (§ 623a.3(a)(43), 623a.12, 623b.4; GAMES.md §2.5).

Every roll's total is marked, come-outs included; any 7 collects every open Bonus wager and clears the
marks. Each wager pays the moment its numbers are all marked.

>>> completes("all_small", (2, 3, 4, 5), 6), completes("all_tall", (8, 9, 10), 11)
(True, False)
>>> PAYTABLES["2"].payout("all_or_nothing")
Payout(numerator=150, denominator=1, unit='to')
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Payout
from terminal.games.craps.records import BONUS_KINDS


@dataclass(frozen=True, slots=True)
class BonusPaytable:
    """Payout of each Bonus Craps wager under one paytable."""

    name: str
    pays: tuple[tuple[str, Payout], ...]

    def payout(self, kind: str) -> Payout:
        return next(pay for key, pay in self.pays if key == kind)  # no dict built each time


PAYTABLES: dict[str, BonusPaytable] = {
    "1": BonusPaytable(
        "1", (("all_small", Payout(34)), ("all_tall", Payout(34)), ("all_or_nothing", Payout(175)))
    ),
    "2": BonusPaytable(
        "2", (("all_small", Payout(30)), ("all_tall", Payout(30)), ("all_or_nothing", Payout(150)))
    ),
}


def completes(kind: str, marks_before: tuple[int, ...], total: int) -> bool:
    """Whether ``total`` (not a 7) completes wager ``kind`` given the marks before the roll."""
    needed = BONUS_KINDS[kind]
    if total not in needed or len(marks_before) < len(needed) - 1:  # most rolls: too few marks yet
        return False
    return set(needed) <= {*marks_before, total}
