"""Lucky Shooter (§ 623b.3, GAMES.md §2.6): a per-seat wager on the other five points after the come-out.

The wager waits for a come-out roll. 2, 3, 12 lose; 7 or 11 pay "1 for 1" (the stake alone, so nothing
changes hands) and it stays working; a point number becomes the Lucky Shooter point. Each later roll of
one of the other five points not yet rolled adds one; the first other roll settles on the count so far.
After all five, the next roll settles: the point pays the top award, anything else "5 of 5".
Payouts are "for 1" (the stake included).

The three examples of § 623b.3(d):

>>> def play(*totals: int) -> str:
...     wager = Wager("w", 1, Spot("lucky_shooter"), 100)
...     point = True  # the first total is the come-out
...     for total in totals:
...         outcome = step(wager, point, total)
...         if not isinstance(outcome, Wager):
...             return outcome
...         wager, point = outcome, False
...     return "open"
>>> play(9, 10, 4, 6, 10), play(9, 10, 4, 6, 8, 5, 9), play(6, 9, 6)
('3 of 5', '5 of 5 and the point', '1 of 5')
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Payout
from terminal.games.craps.records import POINTS, Wager, new_wager
from terminal.games.craps.records import Spot as Spot  # re-exported for the example above

TOP = "5 of 5 and the point"
COME_OUT_HOLD = "come-out 7 or 11"


@dataclass(frozen=True, slots=True)
class LuckyShooterPaytable:
    """One paytable of § 623b.3(e): "for 1" payouts by result; a missing result loses."""

    name: str
    pays: tuple[tuple[str, Payout], ...]

    def payout(self, result: str) -> Payout | None:
        return next((pay for key, pay in self.pays if key == result), None)  # no dict built each time


def _table(name: str, top: int, five: int, four: int, three: int, two: int | None) -> LuckyShooterPaytable:
    pays = [(TOP, top), ("5 of 5", five), ("4 of 5", four), ("3 of 5", three), ("2 of 5", two)]
    return LuckyShooterPaytable(name, tuple((r, Payout(n, 1, "for")) for r, n in pays if n is not None))


PAYTABLES: dict[str, LuckyShooterPaytable] = {
    "A": _table("A", 1000, 150, 15, 5, None),
    "B": _table("B", 500, 100, 10, 4, 2),
    "C": _table("C", 1000, 150, 20, 5, None),
    "D": _table("D", 500, 100, 10, 5, 2),
}


def step(wager: Wager, come_out: bool, total: int) -> Wager | str:
    """The wager after one roll (still working) or the result text it is settled on.

    A waiting wager (no point yet) acts only on a come-out roll; "come-out 7 or 11" is returned as a
    Wager unchanged, since 1 for 1 moves no money and the wager stays working.
    """
    point = wager.number
    if point is None:
        if not come_out or total in (7, 11):
            return wager
        if total in POINTS:
            return _moved(wager, total, wager.marks)
        return "0 of 5"
    if len(wager.marks) == 5:
        return TOP if total == point else "5 of 5"
    if total in POINTS and total != point and total not in wager.marks:
        return _moved(wager, point, tuple(sorted((*wager.marks, total))))
    return f"{len(wager.marks)} of 5"


def _moved(w: Wager, number: int, marks: tuple[int, ...]) -> Wager:
    """``replace(w, number=number, marks=marks)``, built fast (every roll a Lucky Shooter works)."""
    return new_wager(w.ref, w.seat, w.spot, w.amount, w.working, w.vig, number, marks, w.reduced, w.shooter)
