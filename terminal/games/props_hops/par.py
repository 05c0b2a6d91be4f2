"""Exact true odds, payout and house edge of every Props & Hops wager, over the 36 equally likely rolls.

The figures come from the engine's own :func:`entry_of` under the configured hop grid, so the sheet
certifies the rules the table settles with (GAMES.md §6.2: the PAR sheet computes the groups from the
configured grid).

>>> rows = {r.wager: r for r in props_hops_rows(("standard",), DEFAULT_GRID)}
>>> rows["double_1_1"].house_edge, rows["hop_top"].house_edge, rows["hop_left"].true_odds
(Fraction(5, 36), Fraction(1, 36), '25 to 11')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.paytables import Paytable
from terminal.games.props_hops.rules import (
    DEFAULT_GRID,
    FIELD,
    GAME,
    ROLLS,
    SHAKE,
    WAGERS,
    HopGrid,
    entry_of,
    parse_grid,
    paytable,
)
from terminal.games.props_hops.six_eight import best_edge, held_edge, win_probability

__all__ = ["DEFAULT_GRID", "props_hops_rows"]


def props_hops_rows(paytables: Sequence[str], grid: str) -> list[ParRow]:
    """One row per wager id and paytable named, in layout order, under the hop grid ``grid``."""
    hops = parse_grid(grid)
    return [
        _shake_row(paytable(name)) if wager == SHAKE else _row(paytable(name), wager, hops)
        for name in paytables
        for wager in WAGERS
    ]


def _shake_row(table: Paytable) -> ParRow:
    """The Six Eight Shake: held to the end (its edge per unit), and taken down at best (the note)."""
    pays = table.payout(SHAKE)
    if pays.denominator != 1 or pays.unit != "to":
        raise ValueError(f"the Six Eight Shake pays a whole number to 1, not {pays}")
    best = best_edge(pays.numerator)
    note = (
        f"held to the end; taken down at best {best.numerator}/{best.denominator} ({float(best * 100):.2f} %)"
    )
    p = win_probability(frozenset())
    return ParRow(GAME, SHAKE, table.name, odds_text(p), str(pays), held_edge(pays.numerator), note=note)


def _row(table: Paytable, wager: str, grid: HopGrid) -> ParRow:
    found = Counter(entry_of(wager, dice, grid) for dice in ROLLS)
    wins = sum(n for entry, n in found.items() if entry is not None)
    back = sum(
        (Fraction(n, 36) * table.payout(entry).ratio for entry, n in found.items() if entry is not None),
        Fraction(0),
    )
    entry = next(e for e in found if e is not None)
    if wager == FIELD:
        payout, note = f"{table.payout('field_2_12')} on 2 or 12, {table.payout(FIELD)} otherwise", ""
    else:
        payout, note = str(table.payout(entry)), ""
    return ParRow(GAME, wager, table.name, odds_text(Fraction(wins, 36)), payout, 1 - back, note=note)
