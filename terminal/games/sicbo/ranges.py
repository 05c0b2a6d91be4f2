"""Three dice as the lab's RNG tests see them: the 216 ordered rolls, the 16 totals, each die, pairs of dice.

>>> r = sicbo_range()
>>> totals = r.projections[0]
>>> r.size, totals.name, str(totals.probabilities[0]), str(totals.probabilities[7])
(216, 'the 16 totals', '1/216', '1/8')
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, RangeStream, Split
from terminal.games.sicbo.rules import ROLLS


def sicbo_range() -> OutcomeRange:
    """Three dice as the 216 ordered rolls ``(d1 - 1) * 36 + (d2 - 1) * 6 + (d3 - 1)``."""
    totals = Counter(sum(roll) for roll in ROLLS)
    die = [tuple(roll[k] - 1 for roll in ROLLS) for k in range(3)]
    sixth = (Fraction(1, 6),) * 6
    return OutcomeRange(
        "sicbo: three dice",
        216,
        value=tuple(sum(roll) for roll in ROLLS),
        value_name="the total",
        projections=(
            Projection(
                "the 16 totals",
                tuple(sum(r) - 3 for r in ROLLS),
                tuple(Fraction(totals[t], 216) for t in range(3, 19)),
            ),
            *(Projection(f"die {k + 1}'s faces", die[k], sixth) for k in range(3)),
        ),
        splits=(
            Split(
                "big/small (triples left out)",
                tuple(-1 if len(set(r)) == 1 else int(sum(r) >= 11) for r in ROLLS),
            ),
            Split("odd/even totals", tuple(sum(r) % 2 for r in ROLLS)),
        ),
        pairings=(
            Pairing("die 1 and die 2", die[0], die[1]),
            Pairing("die 2 and die 3", die[1], die[2]),
            Pairing("die 1 and die 3", die[0], die[2]),
        ),
    )


STREAMS: tuple[RangeStream, ...] = (RangeStream(sicbo_range(), "[table]\ngame = sicbo\n"),)
