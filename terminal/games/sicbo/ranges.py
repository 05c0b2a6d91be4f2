"""Three dice as the lab's RNG tests see them: the 216 ordered rolls, the 16 totals, each die, pairs of dice.

>>> r = sicbo_range()
>>> totals = r.projections[0]
>>> r.size, totals.name, str(totals.probabilities[0]), str(totals.probabilities[7])
(216, 'the 16 totals', '1/216', '1/8')
"""

from __future__ import annotations

from terminal.games.outcome_range import OutcomeRange, RangeStream, Split, dice_range
from terminal.games.sicbo.rules import ROLLS


def sicbo_range() -> OutcomeRange:
    """Three dice as the 216 ordered rolls ``(d1 - 1) * 36 + (d2 - 1) * 6 + (d3 - 1)``."""
    big = tuple(-1 if len(set(r)) == 1 else int(sum(r) >= 11) for r in ROLLS)
    return dice_range("sicbo: three dice", ROLLS, Split("big/small (triples left out)", big))


STREAMS: tuple[RangeStream, ...] = (RangeStream(sicbo_range(), "[table]\ngame = sicbo\n"),)
