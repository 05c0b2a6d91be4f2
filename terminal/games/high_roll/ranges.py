"""Dice as the lab's RNG tests see a High Roll table: the six-dice variation's 46,656 ordered throws.

A ten-dice throw is the same ``dice`` draw of the certified generator (ten calls of the scaler below 6
instead of six), but its 6^10 ordered outcomes are too many to count one by one; the lab's stream is
therefore drawn by a six-dice table (``[high_roll] dice = 6``), whose every ordered throw is counted,
with each die's faces, the count of the largest group and the independence of dice 1 and 2.

>>> r = six_dice_range()
>>> r.size, str(r.projections[-1].probabilities[0])
(46656, '5/324')
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, RangeStream

SIX = 6


@cache
def six_dice_range() -> OutcomeRange:
    """Six dice as their 46,656 ordered throws, the first die the most significant digit."""
    throws = list(product(range(SIX), repeat=SIX))
    largest = tuple(max(Counter(t).values()) - 1 for t in throws)  # 0..5: the count of the largest group
    found = Counter(largest)
    die = [tuple(t[k] for t in throws) for k in range(SIX)]
    sixth = (Fraction(1, 6),) * 6
    return OutcomeRange(
        "high_roll: six dice",
        6**SIX,
        value=tuple(sum(t) + SIX for t in throws),
        value_name="the total",
        projections=(
            *(Projection(f"die {k + 1}'s faces", die[k], sixth) for k in range(SIX)),
            Projection(
                "the count of the largest group",
                largest,
                tuple(Fraction(found[n], 6**SIX) for n in range(SIX)),
            ),
        ),
        pairings=(Pairing("die 1 and die 2", die[0], die[1]),),
    )


TABLE = "[table]\ngame = high_roll\nseats = 6\n[high_roll]\ndice = 6\n"  # § 675a.1(a): at most six seats


@cache
def streams() -> tuple[RangeStream, ...]:
    """The lab's stream of a High Roll table (built once, when the lab asks)."""
    return (RangeStream(six_dice_range(), TABLE),)
