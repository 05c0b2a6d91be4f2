"""Hot Roller (§ 623b.2, GAMES.md §3.3): the 14 number combinations thrown before the first 7.

A seat places it only before a come-out roll, and it is never reduced, increased or removed until it is
settled. From then on every throw of one of the 14 combinations below is marked on the wager; a number
is *complete* once all its combinations are marked, in any order, over any number of rolls and shooters.
The first 7 thrown after the wager was placed (come-out or not) settles it on the numbers complete:
two or more win (paytable A or B, "to 1"), fewer lose.

A combination is written as one integer, its low die then its high die (``13`` is 1-3, ``22`` is 2-2): the
form the wager's marks take in the ledger's snapshot and on the wire.

The example of § 623b.2(g): both ways to make 4, 5 and 9 thrown, then a 7, pays "Any 3":

>>> marks = ()
>>> for a, b in ((1, 3), (2, 2), (2, 3), (4, 1), (6, 3), (4, 5), (1, 1)):
...     marks = thrown(marks, a, b)
>>> marks, completed(marks)
((13, 22, 14, 23, 36, 45), (4, 5, 9))
>>> PAYTABLES["A"].payout(len(completed(marks))), result_text(3)
(Payout(numerator=10, denominator=1, unit='to'), 'any 3 numbers')
>>> PAYTABLES["B"].payout(6), PAYTABLES["B"].payout(1)
(Payout(numerator=300, denominator=1, unit='to'), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.games.base import Payout

# The combinations of each number (§ 623b.2(a)(2)(iii)), low die first.
NUMBERS: dict[int, tuple[int, ...]] = {
    4: (13, 22),
    5: (14, 23),
    6: (15, 24, 33),
    8: (26, 35, 44),
    9: (36, 45),
    10: (46, 55),
}
COMBINATIONS: tuple[int, ...] = tuple(c for combos in NUMBERS.values() for c in combos)
# _CODE[a][b]: the combination die a and die b make (0: not one of the 14: totals 2, 3, 7, 11, 12)
_CODE = tuple(
    tuple(10 * min(a, b) + max(a, b) if 4 <= a + b <= 10 and a + b != 7 else 0 for b in range(7))
    for a in range(7)
)
_POSITION = {c: i for i, c in enumerate(COMBINATIONS)}
LEAST_TO_WIN = 2


@dataclass(frozen=True, slots=True)
class HotRollerPaytable:
    """Payout by the count of numbers complete; fewer than two loses (§ 623b.2(h))."""

    name: str
    pays: tuple[tuple[int, Payout], ...]  # (numbers complete, payout), highest first

    def payout(self, complete: int) -> Payout | None:
        return next((pay for key, pay in self.pays if key == complete), None)  # no dict built each time


def _table(name: str, all_six: int) -> HotRollerPaytable:
    pays = ((6, all_six), (5, 50), (4, 20), (3, 10), (2, 5))
    return HotRollerPaytable(name, tuple((count, Payout(n)) for count, n in pays))


PAYTABLES: dict[str, HotRollerPaytable] = {"A": _table("A", 200), "B": _table("B", 300)}


def combination(die1: int, die2: int) -> int:
    """The combination two dice make, ``13`` for 1-3 or 3-1; 0 for a total that is no Hot Roller number."""
    return _CODE[die1][die2]


def thrown(marks: tuple[int, ...], die1: int, die2: int) -> tuple[int, ...]:
    """The marks after a throw that is not a 7: the combination added, in layout order, if it is new."""
    code = _CODE[die1][die2]
    if not code or code in marks:
        return marks
    return tuple(sorted((*marks, code), key=_POSITION.__getitem__))


def completed(marks: tuple[int, ...]) -> tuple[int, ...]:
    """The numbers whose every combination is among ``marks``, ascending."""
    have = set(marks)
    return tuple(n for n, combos in NUMBERS.items() if have.issuperset(combos))


def result_text(complete: int) -> str:
    """The paytable entry a Hot Roller wager settles on (the ledger's and the recall's words).

    >>> [result_text(n) for n in (0, 1, 2, 6)]
    ['no number complete', '1 number complete', 'any 2 numbers', 'all 6 numbers']
    """
    if complete < LEAST_TO_WIN:
        return "1 number complete" if complete else "no number complete"
    return "all 6 numbers" if complete == 6 else f"any {complete} numbers"


def is_combination(code: object) -> bool:
    """Whether ``code`` is one of the 14 combinations (a snapshot's marks are checked with this)."""
    return code in _POSITION
