"""Three dice as the lab's RNG tests see them: the 216 ordered throws (green, green, red), the offensive
total, each die, and pairs of dice.

>>> r = tdf_range()
>>> r.size, r.projections[0].name, str(r.projections[0].probabilities[5])
(216, 'the 11 offensive totals', '1/6')
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, RangeStream, Split
from terminal.games.tdf.rules import THROWS, result_of


def tdf_range() -> OutcomeRange:
    """Three dice as the 216 ordered throws ``(g1 - 1) * 36 + (g2 - 1) * 6 + (red - 1)``."""
    offense = Counter(a + b for a, b, _ in THROWS)
    die = [tuple(t[k] - 1 for t in THROWS) for k in range(3)]
    sixth = (Fraction(1, 6),) * 6
    return OutcomeRange(
        "tdf: three dice (two green, one red)",
        216,
        value=tuple(a + b - d for a, b, d in THROWS),
        value_name="O - D",
        projections=(
            Projection(
                "the 11 offensive totals",
                tuple(a + b - 2 for a, b, _ in THROWS),
                tuple(Fraction(offense[t], 216) for t in range(2, 13)),
            ),
            *(Projection(f"die {k + 1}'s faces", die[k], sixth) for k in range(3)),
        ),
        splits=(
            Split(
                "gain / no gain (triples left out)",
                tuple(-1 if result_of(t)[0] == "trips" else int(result_of(t)[1] > 0) for t in THROWS),
            ),
            Split("odd/even offense", tuple((a + b) % 2 for a, b, _ in THROWS)),
        ),
        pairings=(
            Pairing("green 1 and green 2", die[0], die[1]),
            Pairing("green 2 and red", die[1], die[2]),
            Pairing("green 1 and red", die[0], die[2]),
        ),
    )


STREAMS: tuple[RangeStream, ...] = (RangeStream(tdf_range(), "[table]\ngame = tdf\n"),)
