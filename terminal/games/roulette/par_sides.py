"""Exact PAR rows of B2B Roulette and Blazing 7's (GAMES.md § 3.1, § 3.2), in rational arithmetic.

B2B: the wager wins when the pocket repeats the previous valid spin, one live pocket in n, and is then paid
odds the RNG draws with the configured weights; the pocket and the odds are independent draws, so the
return per unit is the sum over every (pocket, odds) pair of its probability times what it returns, which
is (1/n)·(mean odds + 1). On ``double_as_single`` 00 voids the spin (and never becomes the previous spin),
so the figures are over the 37 live pockets.

Blazing 7's: 7, 17 or 27 (3 live pockets in n) wins and starts a bonus of three different live pockets,
every set of three equally likely; each set is paid the highest row of the paytable it reaches.

>>> from terminal.games.roulette.wheels import WHEELS
>>> from terminal.games.roulette.b2b import DEFAULT_WEIGHTS, parse_weights
>>> row = b2b_rows(WHEELS["double_zero"], parse_weights(DEFAULT_WEIGHTS))[0]
>>> row.house_edge, round(float(row.house_edge) * 100, 2), row.true_odds
(Fraction(41, 760), 5.39, '37 to 1')
>>> [round(float(r.house_edge) * 100, 2) for r in blazing_rows(WHEELS["double_zero"], ("1", "2", "3", "4"))]
[10.07, 10.73, 10.39, 11.05]
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.roulette.b2b import B2B, weights_text
from terminal.games.roulette.blazing7s import BLAZING, ENTRY_NAMES, SEVENS, blazing_paytable, bonus_payout
from terminal.games.roulette.wheels import Wheel

GAME = "roulette"


def b2b_rows(wheel: Wheel, weights: tuple[tuple[int, int], ...]) -> list[ParRow]:
    """One row: the chance of a repeat, the odds' spread, and the edge over pocket and odds together."""
    live = wheel.live_pockets
    total = sum(w for _, w in weights)
    back = Fraction(0)
    for previous in live:  # averaged over every previous pocket (each gives the same figures)
        for pocket in live:
            for odds, weight in weights:
                returned = odds + 1 if pocket == previous else 0
                back += Fraction(1, len(live) ** 2) * Fraction(weight, total) * returned
    mean = sum((Fraction(w, total) * o for o, w in weights), Fraction(0))
    spread = ", ".join(f"{o} to 1 ({w}/{total})" for o, w in weights)
    note = f"odds drawn by the RNG: {spread}; mean {float(mean):.2f} to 1; edge over pocket and odds together"
    if wheel.void_pocket is not None:
        note += "; 00 voids and re-spins: conditional on no 00"
    payout = f"{float(mean):.2f} to 1 (mean)"
    return [
        ParRow(
            GAME, B2B, weights_text(weights), odds_text(Fraction(1, len(live))), payout, 1 - back, note=note
        )
    ]


def bonus_counts(wheel: Wheel, paytable: str) -> Counter[str]:
    """How many of the sets of three different live pockets each paytable row pays."""
    table = blazing_paytable(paytable)
    return Counter(bonus_payout(table, balls)[0] for balls in combinations(wheel.live_pockets, 3))


def blazing_rows(wheel: Wheel, paytables: tuple[str, ...]) -> list[ParRow]:
    """One row per paytable: true odds and payout of the top award (the trigger and 7, 17 and 27 all
    three), the edge over every row."""
    live = wheel.live_pockets
    trigger = Fraction(len(SEVENS & set(live)), len(live))
    rows = []
    for name in paytables:
        table, counts = blazing_paytable(name), bonus_counts(wheel, name)
        sets = sum(counts.values())
        per_bonus = sum(
            (Fraction(n, sets) * table.payout(entry).ratio for entry, n in counts.items()), Fraction(0)
        )
        top = trigger * Fraction(counts["all_three"], sets)
        note = f"true odds and payout of the top award ({ENTRY_NAMES['all_three']}); edge over every row"
        if wheel.void_pocket is not None:
            note += "; 00 voids and re-spins: conditional on no 00"
        rows.append(ParRow(GAME, BLAZING, name, odds_text(top), str(table.payout("all_three")),
                           1 - trigger * per_bonus, note=note))  # fmt: skip
    return rows
