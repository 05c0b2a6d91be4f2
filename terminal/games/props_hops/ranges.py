"""Two dice as the lab's RNG tests see them: the 36 ordered rolls, the 11 totals, each die, the pair.

>>> r = props_hops_range()
>>> r.size, str(r.projections[0].probabilities[5])
(36, '1/6')
"""

from __future__ import annotations

from terminal.games.outcome_range import OutcomeRange, RangeStream, Split, dice_range
from terminal.games.props_hops.rules import ROLLS


def props_hops_range() -> OutcomeRange:
    """Two dice as the 36 ordered rolls ``(d1 - 1) * 6 + (d2 - 1)``."""
    over = tuple(-1 if sum(r) == 7 else int(sum(r) > 7) for r in ROLLS)
    return dice_range("props_hops: two dice", ROLLS, Split("under/over 7 (sevens left out)", over))


TABLE = "[table]\ngame = props_hops\nseats = 6\n"  # § 668a.1(a): at most six seats
STREAMS: tuple[RangeStream, ...] = (RangeStream(props_hops_range(), TABLE),)
