"""Exact true odds, payout and house edge of every Big Six wager, over the 54 equally likely sections.

The figures come from the engine's own wheel (:data:`SECTIONS`, the seed's order) and paytable, so the
sheet certifies the wheel the table spins.

>>> rows = {r.wager: r for r in bigsix_rows(("standard",))}
>>> rows["one"].house_edge, rows["twenty"].house_edge, rows["flag"].true_odds
(Fraction(4, 27), Fraction(2, 9), '53 to 1')
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from terminal.games.bigsix.rules import GAME, SECTIONS, WAGERS, paytable
from terminal.games.par_rows import ParRow, odds_text


def bigsix_rows(paytables: Sequence[str]) -> list[ParRow]:
    """One row per symbol and paytable named."""
    rows = []
    for name in paytables:
        table = paytable(name)
        for symbol in WAGERS:
            p = Fraction(SECTIONS.count(symbol), len(SECTIONS))
            payout = table.payout(symbol)
            rows.append(ParRow(GAME, symbol, name, odds_text(p), str(payout), 1 - p * payout.ratio))
    return rows
