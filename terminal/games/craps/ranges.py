"""Two dice as the lab's RNG tests see them: the 36 ordered pairs, their sums, each die, the two together.

>>> craps = craps_range()
>>> craps.size, [p.name for p in craps.projections][:1], str(craps.projections[0].probabilities[5])
(36, ['the 11 sums'], '1/6')
"""

from __future__ import annotations

from fractions import Fraction

from terminal.games.outcome_range import OutcomeRange, Pairing, Projection, RangeStream, Split


def craps_range() -> OutcomeRange:
    """Two dice as the 36 ordered pairs ``(d1 - 1) * 6 + (d2 - 1)``."""
    dice = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    sums = tuple(a + b - 2 for a, b in dice)
    return OutcomeRange(
        "craps: two dice",
        36,
        value=tuple(a + b for a, b in dice),
        value_name="the sum",
        projections=(
            Projection("the 11 sums", sums, tuple(Fraction(6 - abs(s - 7), 36) for s in range(2, 13))),
            Projection("die 1's faces", tuple(a - 1 for a, _ in dice), (Fraction(1, 6),) * 6),
            Projection("die 2's faces", tuple(b - 1 for _, b in dice), (Fraction(1, 6),) * 6),
        ),
        splits=(
            Split("odd/even sums", tuple((a + b) % 2 for a, b in dice)),
            Split("high/low sums (7 left out)", tuple(-1 if a + b == 7 else int(a + b > 7) for a, b in dice)),
        ),
        pairings=(Pairing("die 1 and die 2", tuple(a - 1 for a, _ in dice), tuple(b - 1 for _, b in dice)),),
    )


STREAMS: tuple[RangeStream, ...] = (RangeStream(craps_range(), "[table]\ngame = craps\n"),)
