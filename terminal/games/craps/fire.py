"""Fire Bet (§ 623a.3(a)(40), 623a.5(f), 623a.11; GAMES.md §2.4).

Placed only before a new shooter's first come-out and never changed. The table counts the different
points that shooter makes; the wager is settled once, on the seven-out, for the count reached.

>>> PAYTABLES["A"].payout(4), PAYTABLES["B"].payout(6), PAYTABLES["A"].payout(3)
(Payout(numerator=24, denominator=1, unit='to'), Payout(numerator=499, denominator=1, unit='to'), None)
>>> result_text(3), result_text(6)
('3 points made', '6 points made')
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Payout


@dataclass(frozen=True, slots=True)
class FirePaytable:
    """Payout by number of different points made; fewer than the lowest entry loses."""

    name: str
    pays: tuple[tuple[int, Payout], ...]

    def payout(self, points_made: int) -> Payout | None:
        return next((pay for key, pay in self.pays if key == points_made), None)  # no dict built each time


PAYTABLES: dict[str, FirePaytable] = {
    "A": FirePaytable("A", ((4, Payout(24)), (5, Payout(249)), (6, Payout(999)))),
    "B": FirePaytable("B", ((4, Payout(39)), (5, Payout(199)), (6, Payout(499)))),
}


def result_text(points_made: int) -> str:
    """The paytable entry a Fire Bet settles on."""
    return f"{points_made} points made"
