"""Exact true odds, payout and house edge of every Three Dice Football wager.

The single-play wagers are counted over the 216 equally likely throws. The full-game wagers come from the
distribution of how a drive ends and after how many plays, found by carrying the probability of every
drive state forward one down at a time over the 216 throws with the rules' own :func:`advance` (a game
lasts at most six plays, so the chain is finite and acyclic). Extra Point is a touchdown times what the
extra point roll returns.

>>> ends = drive_ends()
>>> sum((p for (end, _), p in ends.items() if end in SCORED), Fraction(0))
Fraction(12235777029059, 25389989167104)
>>> rows = {r.wager: r for r in tdf_rows(("standard",))}
>>> rows["no_gain"].house_edge, rows["touchdown"].payout
(Fraction(1, 36), '1 to 1')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from terminal.games.par_rows import ParRow, odds_text
from terminal.games.paytables import Paytable
from terminal.games.tdf.rules import (
    EXTRA_ENTRIES,
    EXTRA_POINT,
    GAME,
    OVER_FOUR,
    QUICK_ENTRIES,
    QUICK_STRIKE,
    SCORED,
    SINGLE_PLAY,
    START,
    THROWS,
    WAGERS,
    Drive,
    advance,
    extra_entry,
    game_entry,
    paytable,
    single_entry,
)

THROW = Fraction(1, len(THROWS))


@cache
def drive_ends() -> dict[tuple[str, int], Fraction]:
    """The probability of each (how the game ended, plays it lasted), from the 20."""
    states: dict[Drive, Fraction] = {START: Fraction(1)}
    ends: dict[tuple[str, int], Fraction] = {}
    while states:
        after: dict[Drive, Fraction] = {}
        for drive, p in states.items():
            for dice in THROWS:
                step = advance(drive, dice)
                if step.end is not None:
                    key = (step.end, step.plays)
                    ends[key] = ends.get(key, Fraction(0)) + p * THROW
                else:
                    assert step.drive is not None
                    after[step.drive] = after.get(step.drive, Fraction(0)) + p * THROW
        states = after
    return ends


def scored() -> Fraction:
    """The probability that a game ends in a TD or a Trips TD."""
    return sum((p for (end, _), p in drive_ends().items() if end in SCORED), Fraction(0))


def tdf_rows(paytables: Sequence[str]) -> list[ParRow]:
    """One row per wager id and paytable named, in layout order."""
    return [_row(paytable(name), wager) for name in paytables for wager in WAGERS]


def _row(table: Paytable, wager: str) -> ParRow:
    if wager in SINGLE_PLAY:
        found = Counter(single_entry(wager, dice) for dice in THROWS)
        chances = {entry: Fraction(n, len(THROWS)) for entry, n in found.items()}
    elif wager == EXTRA_POINT:
        rolls = Counter(extra_entry(dice) for dice in THROWS)
        chances = {
            entry: scored() * Fraction(n, len(THROWS)) for entry, n in rolls.items() if entry is not None
        }
    else:
        chances = {}
        for (end, plays), p in drive_ends().items():
            entry = game_entry(wager, end, plays)
            chances[entry] = chances.get(entry, Fraction(0)) + p
    wins = {entry: p for entry, p in chances.items() if entry is not None}
    back = sum((p * table.payout(entry).ratio for entry, p in wins.items()), Fraction(0))
    return ParRow(GAME, wager, table.name, odds_text(sum(wins.values(), Fraction(0))), _payout(table, wager),
                  1 - back)  # fmt: skip


def _payout(table: Paytable, wager: str) -> str:
    if wager == EXTRA_POINT:
        return (
            " / ".join(str(table.payout(e)) for e in EXTRA_ENTRIES)
            + " (one 1 / two 1s / three 1s / other triple)"
        )
    if wager == QUICK_STRIKE:
        return " / ".join(str(table.payout(e)) for e in QUICK_ENTRIES) + " (TD on play 1 / 2 / 3 / 4)"
    if wager == OVER_FOUR:
        return f"{table.payout(OVER_FOUR)}; {table.payout('over_four_yards_trips')} on any Trips TD"
    return str(table.payout(wager))
