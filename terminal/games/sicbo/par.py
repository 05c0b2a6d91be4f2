"""Exact true odds, payout and house edge of every Sic Bo wager, over the 216 equally likely ordered rolls.

Each wager's figures come from the engine's own spots (:meth:`Spot.entry`), so the sheet certifies the
rules the table settles with. Every spot of a kind is enumerated and they must agree (Two of a Kind on 1
is Two of a Kind on 6). One of a Kind pays by how many dice match: its true odds are those of any match.

>>> rows = {r.wager: r for r in sicbo_rows(("A",))}
>>> rows["small"].house_edge, rows["total_4"].house_edge, rows["one_of_a_kind"].payout
(Fraction(1, 36), Fraction(7, 24), '1/2/3 to 1')
>>> rows["two_dice"].true_odds, rows["three_of_a_kind"].true_odds
('31 to 5', '215 to 1')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.paytables import Paytable
from terminal.games.sicbo.rules import GAME, ROLLS, SINGLE, WAGERS, Spot, all_spots, paytable


def sicbo_rows(paytables: Sequence[str]) -> list[ParRow]:
    """One row per wager id and paytable named, in layout order within each paytable."""
    spots = all_spots()
    return [
        _row(paytable(name), kind, [s for s in spots if s.kind == kind])
        for name in paytables
        for kind in WAGERS
    ]


def entry_counts(spot: Spot) -> Counter[str | None]:
    """How many of the 216 ordered rolls end the spot in each paytable entry (``None``: it loses)."""
    return Counter(spot.entry(dice) for dice in ROLLS)


def _row(table: Paytable, kind: str, spots: list[Spot]) -> ParRow:
    counts = {tuple(sorted(entry_counts(s).items(), key=str)) for s in spots}
    if len(counts) != 1:
        raise ValueError(f"spots of {kind} win on different rolls: {sorted(counts)}")
    found = dict(counts.pop())
    size = len(ROLLS)
    wins = sum(n for entry, n in found.items() if entry is not None)
    back = sum(
        (Fraction(n, size) * table.payout(entry).ratio for entry, n in found.items() if entry is not None),
        Fraction(0),
    )
    if kind == SINGLE:
        payout = "/".join(str(table.payout(f"{SINGLE}_{k}").numerator) for k in (1, 2, 3)) + " to 1"
        note = "by the dice that match: one, two, three"
    else:
        payout, note = str(table.payout(kind)), ""
    return ParRow(GAME, kind, table.name, odds_text(Fraction(wins, size)), payout, 1 - back, note=note)
