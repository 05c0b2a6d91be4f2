"""The exact PAR rows of Crapless Craps (GAMES.md §6.4), in fractions.

The multi-roll wagers are absorbing Markov chains (``terminal.games.markov``): the Pass line on its point,
the Fire Bet on the set of points made, Hard Rock'n Dice on the totals marked. The one-roll rows are the
craps rows (the same paytables), named for this game; the World is the craps Whirl.

>>> rows = {r.wager: r for r in crapless_par_rows(CraplessRules())}
>>> rows["pass"].house_edge, rows["place_2"].house_edge, rows["fire_bet"].payout
(Fraction(373, 6930), Fraction(1, 14), '9/29/149/299 to 1 for 3/4/5/6+ points')
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import replace
from fractions import Fraction
from functools import cache
from typing import cast

from terminal.games.base import Payout
from terminal.games.crapless.rules import (
    FAB_FOUR,
    FIRE,
    FIRE_MOST,
    GAME,
    HARD_NUMBERS,
    HARD_ROCKN,
    HARDWAY,
    PLACE,
    POINTS,
    SIX_STRING,
    TENOR,
    TENOR_ALL,
    TENOR_ALMOST,
    TRUE_ODDS,
    CraplessRules,
    ways,
)
from terminal.games.craps.par import _one_roll_rows as craps_one_roll_rows
from terminal.games.markov import Dist, End, Transitions, absorb
from terminal.games.par_rows import ParRow, odds_text

P = {total: Fraction(ways(total), 36) for total in range(2, 13)}
_CRAPS_ONLY = {"six_seven_eight"}  # a craps one-roll wager this chapter does not have
_RENAMED = {"whirl": "world"}


def crapless_par_rows(rules: CraplessRules, all_paytables: bool = False) -> list[ParRow]:
    """Every wager the table offers (with ``all_paytables``, every wager of the chapter)."""
    offered = set(rules.offered()) if not all_paytables else None
    rows = [*_line_rows(rules), *_number_rows(rules), *_one_roll_rows(), _fire_row(), *_hard_rockn_rows()]
    return [r for r in rows if offered is None or r.wager in offered]


def _row(wager: str, win: Fraction, payout: str, edge: Fraction, note: str = "") -> ParRow:
    return ParRow(GAME, wager, "standard", odds_text(win), payout, edge, None, note)


def _race(number: int) -> Fraction:
    """The probability that ``number`` comes before a 7."""
    return P[number] / (P[number] + P[7])


# --- line bets, put, place, buy, hardways --------------------------------------------------------------


def _pass_chain(point: Hashable) -> Transitions:
    if point is None:
        return ((P[7], End("win")), *((P[t], t) for t in POINTS))
    n = cast(int, point)
    return ((P[n], End("win")), (P[7], End("lose")), (1 - P[n] - P[7], n))


def _line_rows(rules: CraplessRules) -> Iterator[ParRow]:
    dist = absorb(None, _pass_chain)
    edge = 1 - 2 * dist["win"]
    extra = sum((P[n] * rules.odds_multiple(n) for n in POINTS), Fraction(0))  # fair odds: only action
    note = f"with full {rules.max_odds} odds: {float(edge / (1 + extra) * 100):.4f}% of all action"
    for wager in ("pass", "come"):
        yield _row(wager, dist["win"], "1 to 1", edge, note)
    for n in POINTS:
        win = _race(n)
        yield _row(f"put_{n}", win, "1 to 1", 1 - 2 * win, "a late Pass is a Put on the point")


def _number_rows(rules: CraplessRules) -> Iterator[ParRow]:
    rate = Fraction(rules.vig_percent, 100)
    for n in POINTS:
        win = _race(n)
        yield _row(f"place_{n}", win, str(PLACE[n]), 1 - win * PLACE[n].ratio)
    for n in POINTS:
        win, back = _race(n), TRUE_ODDS[n].ratio
        if rules.buy_vig == "on_win":
            edge, note = 1 - win * (back - rate), f"{rules.vig_percent}% vig on the win"
        else:
            edge, note = 1 - win * back / (1 + rate), f"{rules.vig_percent}% vig with the bet"
        yield _row(f"buy_{n}", win, f"{TRUE_ODDS[n]} less vig", edge, note)
    for n in HARD_NUMBERS:
        win = Fraction(1, 36) / (P[n] + P[7])  # the pair before the easy way or 7
        yield _row(f"hard_{n}", win, str(HARDWAY[n]), 1 - win * HARDWAY[n].ratio)


def _one_roll_rows() -> Iterator[ParRow]:
    for row in craps_one_roll_rows():
        if row.wager not in _CRAPS_ONLY:
            yield replace(row, game=GAME, wager=_RENAMED.get(row.wager, row.wager))


# --- the side wagers -----------------------------------------------------------------------------------


def seen_exactly(rates: dict[int, Fraction], stop: Fraction) -> dict[frozenset[int], Fraction]:
    """The chance that the events seen before the stop are exactly each set, events of ``rates`` racing a
    stop of rate ``stop`` (what leaves the state alone, a come-out 7 of the Fire Bet, is left out).

    By inclusion-exclusion rather than a chain through the 1,024 sets (the same figures, exact, at a
    fiftieth of the cost): every event seen lies in a set U with the chance that the stop comes before
    any event outside U, ``stop / (stop + rate outside U)``; exactly S is the alternating sum of that
    over the subsets of S (the Mobius inversion, one event at a time).
    """
    events = tuple(sorted(rates))
    sets = range(1 << len(events))
    total = sum(rates.values(), Fraction(0))
    exact = {
        u: stop / (stop + total - sum((rates[e] for i, e in enumerate(events) if u >> i & 1), Fraction(0)))
        for u in sets
    }  # so far: the chance that the events seen lie within u
    for i in range(len(events)):
        for u in sets:
            if u >> i & 1:
                exact[u] -= exact[u ^ 1 << i]
    return {frozenset(e for i, e in enumerate(events) if u >> i & 1): p for u, p in exact.items()}


@cache
def fire_ends() -> Dist:
    """The distribution of the number of different points made at the seven-out: a shooter's hand is a
    run of point cycles, a point ``n`` made (the come-out ``n``, then ``n`` before 7) or the seven-out."""
    made = {n: P[n] * _race(n) for n in POINTS}
    out = sum((P[n] * (1 - _race(n)) for n in POINTS), Fraction(0))
    ends: Dist = {}
    for points, p in seen_exactly(made, out).items():
        ends[str(len(points))] = ends.get(str(len(points)), Fraction(0)) + p
    return ends


def _fire_row() -> ParRow:
    back = Fraction(0)
    win = Fraction(0)
    for label, p in fire_ends().items():
        payout = FIRE.get(min(int(label), FIRE_MOST))
        if payout is not None:
            back, win = back + p * payout.ratio, win + p
    pays = "/".join(str(FIRE[k].numerator) for k in sorted(FIRE))
    return _row("fire_bet", win, f"{pays} to 1 for 3/4/5/6+ points", 1 - back, "ten points count")


@cache
def marks_ends() -> Dist:
    """The distribution of the set of totals rolled before a 7 (its label: the totals, sorted, joined by
    commas)."""
    seen = seen_exactly({t: P[t] for t in POINTS}, P[7])
    return {",".join(str(t) for t in sorted(totals)): p for totals, p in seen.items()}


def _hard_rockn_rows() -> Iterator[ParRow]:
    ends = {frozenset(int(t) for t in label.split(",") if t): p for label, p in marks_ends().items()}
    for wager, needed in (("six_string", SIX_STRING), ("fab_four", FAB_FOUR)):
        win = sum((p for marks, p in ends.items() if marks >= set(needed)), Fraction(0))
        yield _row(wager, win, str(HARD_ROCKN[wager]), 1 - win * HARD_ROCKN[wager].ratio)

    def tenor(m: frozenset[int]) -> Payout | None:  # once, for the highest tier (Decision 7)
        return TENOR_ALL if len(m) == len(TENOR) else TENOR_ALMOST if len(m) == len(TENOR) - 1 else None

    win = sum((p for marks, p in ends.items() if tenor(marks)), Fraction(0))
    back = sum((p * pay.ratio for marks, p in ends.items() if (pay := tenor(marks))), Fraction(0))
    yield _row("the_tenor", win, f"{TENOR_ALL} all ten; {TENOR_ALMOST} nine", 1 - back)
