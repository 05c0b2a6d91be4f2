"""Two dice as the lab's RNG tests see them: the 36 ordered rolls, the 11 totals, each die, the pair.

>>> r = props_hops_range()
>>> r.size, str(r.projections[0].probabilities[5])
(36, '1/6')
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, RangeStream, Split
from terminal.games.props_hops.rules import ROLLS


def props_hops_range() -> OutcomeRange:
    """Two dice as the 36 ordered rolls ``(d1 - 1) * 6 + (d2 - 1)``."""
    totals = Counter(sum(roll) for roll in ROLLS)
    die = [tuple(roll[k] - 1 for roll in ROLLS) for k in range(2)]
    sixth = (Fraction(1, 6),) * 6
    return OutcomeRange(
        "props_hops: two dice",
        36,
        value=tuple(sum(roll) for roll in ROLLS),
        value_name="the total",
        projections=(
            Projection(
                "the 11 totals",
                tuple(sum(r) - 2 for r in ROLLS),
                tuple(Fraction(totals[t], 36) for t in range(2, 13)),
            ),
            *(Projection(f"die {k + 1}'s faces", die[k], sixth) for k in range(2)),
        ),
        splits=(
            Split(
                "under/over 7 (sevens left out)", tuple(-1 if sum(r) == 7 else int(sum(r) > 7) for r in ROLLS)
            ),
            Split("odd/even totals", tuple(sum(r) % 2 for r in ROLLS)),
        ),
        pairings=(Pairing("die 1 and die 2", die[0], die[1]),),
    )


TABLE = "[table]\ngame = props_hops\nseats = 6\n"  # § 668a.1(a): at most six seats
STREAMS: tuple[RangeStream, ...] = (RangeStream(props_hops_range(), TABLE),)
