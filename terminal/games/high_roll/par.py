"""Exact PAR of High Roll Dice: every wager alone, and beside each the Extra Roll's figures (GAMES.md §6.3).

A throw of ``n`` dice is summed over its count vectors (how many dice show each face: 3,003 for ten dice),
each weighted by its multinomial coefficient, which gives the winning face and the count ``c1`` exactly.
The extra roll re-throws ``10 - c1`` dice, each showing the winning face with chance 1/6, so
``c2 - c1`` is binomial. Per-wager figures are without the Extra Roll (decision 5); the notes give each
circle's edge with an Extra Roll held (its price left out), and the Extra Roll's row gives what it returns
on a full Boulevard and the combined edges.

>>> rows = {r.wager: r for r in high_roll_rows(make_rules())}
>>> rows["pip_street_six"].house_edge, round(float(rows["like_kind_8"].house_edge), 4)
(Fraction(149801, 10077696), 0.4417)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from math import comb, factorial

from terminal.games.high_roll.rules import (
    CIRCLES_TEN,
    EXTRA,
    NINE,
    NO_MATCH,
    PIP_FACE,
    RANKING,
    TEN,
    HighRollRules,
    make_rules,
)
from terminal.games.par_rows import ParRow, odds_text

__all__ = ["extra_distribution", "first_distribution", "high_roll_rows", "make_rules"]


def _vectors(dice: int, faces: int) -> Iterator[tuple[int, ...]]:
    if faces == 1:
        yield (dice,)
        return
    for first in range(dice + 1):
        for rest in _vectors(dice - first, faces - 1):
            yield (first, *rest)


@cache
def first_distribution(dice: int) -> dict[tuple[int, int], Fraction]:
    """P(winning face, count) of a throw of ``dice`` dice, over its count vectors."""
    total = 6**dice
    found: dict[tuple[int, int], Fraction] = {}
    for vector in _vectors(dice, 6):
        ways = factorial(dice)
        for n in vector:
            ways //= factorial(n)
        count = max(vector)
        face = next(f for f in RANKING if vector[f - 1] == count)
        found[(face, count)] = found.get((face, count), Fraction(0)) + Fraction(ways, total)
    return found


def count_probability(dice: int, count: int) -> Fraction:
    """P(c1 = count)."""
    return sum((p for (_, c), p in first_distribution(dice).items() if c == count), Fraction(0))


def face_probability(dice: int, face: int) -> Fraction:
    """P(the winning face is ``face``)."""
    return sum((p for (f, _), p in first_distribution(dice).items() if f == face), Fraction(0))


@cache
def extra_distribution(c1: int) -> dict[int, Fraction]:
    """P(c2 | c1): the ``10 - c1`` re-thrown dice each show the winning face with chance 1/6."""
    left = 10 - c1
    return {
        c1 + j: comb(left, j) * Fraction(1, 6) ** j * Fraction(5, 6) ** (left - j) for j in range(left + 1)
    }


def held_return(rules: HighRollRules, k: int) -> Fraction:
    """What circle ``k`` returns per unit with an Extra Roll held (its price left out)."""
    table = rules.paytable
    back = count_probability(10, k) * table.payout(f"like_kind_{k}").ratio
    if k == CIRCLES_TEN[0]:
        return back
    ride = table.payout(f"extra_like_kind_{k}").ratio
    for c1 in range(2, k):
        back += count_probability(10, c1) * extra_distribution(c1).get(k, Fraction(0)) * ride
    return back


def package_edge(rules: HighRollRules, circles: tuple[int, ...], extra: bool) -> Fraction:
    """House edge per unit staked of ``circles`` (one unit each), with the Extra Roll's unit if ``extra``."""
    if extra:
        back = sum((held_return(rules, k) for k in circles), Fraction(0))
    else:
        table = rules.paytable
        back = sum(
            (count_probability(10, k) * table.payout(f"like_kind_{k}").ratio for k in circles), Fraction(0)
        )
    staked = len(circles) + (1 if extra else 0)
    return 1 - back / staked


def _pct(value: Fraction) -> str:
    return f"{float(value * 100):.2f} %"


def high_roll_rows(rules: HighRollRules) -> list[ParRow]:
    """One row per offered wager, in layout order."""
    return [_row(rules, wager) for wager in rules.offered]


def _row(rules: HighRollRules, wager: str) -> ParRow:
    table, dice, name = rules.paytable, rules.dice, rules.paytable.name
    if wager in PIP_FACE:
        p = face_probability(dice, PIP_FACE[wager])
        pays = table.payout(wager)
        return ParRow("high_roll", wager, name, odds_text(p), str(pays), 1 - p * pays.ratio)
    if wager == NO_MATCH:
        p = Fraction(factorial(6), 6**6)
        pays = table.payout(wager)
        return ParRow("high_roll", wager, name, odds_text(p), str(pays), 1 - p * pays.ratio)
    if wager in (NINE, TEN):
        p = count_probability(10, 9 if wager == NINE else 10)
        stake = rules.millionaire_stake
        back = p * Fraction(stake + rules.award(wager), stake)
        payout = f"{rules.award(wager) / 100:,.2f} on {stake / 100:,.2f} (stake returned)"
        return ParRow("high_roll", wager, name, odds_text(p), payout, 1 - back)
    if wager == EXTRA:
        every = CIRCLES_TEN
        value = sum((held_return(rules, k) for k in every), Fraction(0)) - sum(
            (count_probability(10, k) * table.payout(f"like_kind_{k}").ratio for k in every), Fraction(0)
        )
        held, bare = package_edge(rules, every, True), package_edge(rules, every, False)
        note = (
            f"a price, never paid; on a full Boulevard it returns {float(value):.2f} units; full Boulevard + "
            f"Extra Roll {_pct(held)}, without {_pct(bare)}; circles 3-7 + Extra Roll "
            f"{_pct(package_edge(rules, (3, 4, 5, 6, 7), True))}"
        )
        return ParRow(
            "high_roll", wager, name, "never paid", "the price goes to the house", Fraction(1), note=note
        )
    k = int(wager.rsplit("_", 1)[1])
    p = count_probability(dice, k)
    pays = table.payout(wager)
    edge = 1 - p * pays.ratio
    note = ""
    conditions: tuple[tuple[str, Fraction], ...] = ()
    if rules.extra_roll:
        held = 1 - held_return(rules, k)
        ride = f"pays {table.payout(f'extra_like_kind_{k}')} on the extra roll; " if k > 2 else ""
        exact = f"{held.numerator}/{held.denominator}"
        note = f"with an Extra Roll held: {ride}edge {_pct(held)} = {exact} (price left out)"
        conditions = (("held", held),)  # simulated as like_kind_k:held (terminal/sims/simulate_high_roll.py)
    return ParRow("high_roll", wager, name, odds_text(p), str(pays), edge, note=note, conditions=conditions)
