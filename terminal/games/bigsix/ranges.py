"""The Big Six wheel as the lab's RNG tests see it: the 54 sections, the seven symbols, the halves.

>>> r = bigsix_range()
>>> r.size, [str(p) for p in r.projections[0].probabilities[:2]]
(54, ['23/54', '5/18'])
"""

from __future__ import annotations

from fractions import Fraction

from terminal.games.bigsix.rules import SECTIONS, WAGERS
from terminal.games.outcome_range import OutcomeRange, Projection, RangeStream, Split


def bigsix_range() -> OutcomeRange:
    """The 54 sections, clockwise from the joker."""
    return OutcomeRange(
        "bigsix: 54 sections",
        54,
        value=tuple(range(54)),
        value_name="the section",
        projections=(
            Projection(
                "the 7 symbols",
                tuple(WAGERS.index(s) for s in SECTIONS),
                tuple(Fraction(SECTIONS.count(w), 54) for w in WAGERS),
            ),
            Projection("the wheel's six ninths", tuple(s // 6 for s in range(54)), (Fraction(1, 9),) * 9),
        ),
        splits=(
            Split("$1 or not", tuple(int(s == "one") for s in SECTIONS)),
            Split("first or second half of the wheel", tuple(int(s >= 27) for s in range(54))),
        ),
    )


STREAMS: tuple[RangeStream, ...] = (RangeStream(bigsix_range(), "[table]\ngame = bigsix\n"),)
