"""Hot Roller's PAR rows against an independent derivation: the rolls as Poisson processes.

The engine's figures come from an absorbing Markov chain over the combinations marked (``par.craps``).
Here nothing of that chain, nor of ``hot_roller``'s rules, is used: the 14 combinations and the paytables
are written out again from § 623b.2, and the distribution of the numbers complete at the first 7 is
computed by embedding the rolls in continuous time. Rolls arriving as a Poisson process of rate 1 split
into independent processes, one per outcome, with rate its probability; so the 7 comes at T ~ Exp(6/36)
and, given T = t, each combination c has been thrown with probability 1 - exp(-p_c t), independently.
Each number's completion is a product of such terms, and E[exp(-r T)] = (6/36) / (6/36 + r) turns the
expanded products into exact fractions.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations

import pytest

from terminal.games.craps.par import craps_par_rows, hot_roller_ends
from terminal.games.craps.rules import CrapsRules

# § 623b.2(a)(2)(iii): each number and the ways (in 36ths) of each of its combinations
NUMBERS: dict[int, tuple[int, ...]] = {
    4: (2, 1),  # 1-3, 2-2
    5: (2, 2),  # 1-4, 2-3
    6: (2, 2, 1),  # 1-5, 2-4, 3-3
    8: (2, 2, 1),  # 2-6, 3-5, 4-4
    9: (2, 2),  # 3-6, 4-5
    10: (2, 1),  # 4-6, 5-5
}
SEVEN = 6  # ways, in 36ths
PAYS = {"A": {6: 200, 5: 50, 4: 20, 3: 10, 2: 5}, "B": {6: 300, 5: 50, 4: 20, 3: 10, 2: 5}}

Poly = dict[int, Fraction]  # sum of coef * exp(-rate/36 * t), keyed by rate in 36ths


def _times(a: Poly, b: Poly) -> Poly:
    out: Poly = {}
    for ra, ca in a.items():
        for rb, cb in b.items():
            out[ra + rb] = out.get(ra + rb, Fraction(0)) + ca * cb
    return out


def _complete(ways: tuple[int, ...]) -> Poly:
    """P(every combination thrown by time t) = prod (1 - exp(-w t / 36))."""
    poly: Poly = {0: Fraction(1)}
    for w in ways:
        poly = _times(poly, {0: Fraction(1), w: Fraction(-1)})
    return poly


def _expect(poly: Poly) -> Fraction:
    """E[poly(T)] with T ~ Exp(SEVEN / 36)."""
    return sum((c * Fraction(SEVEN, SEVEN + r) for r, c in poly.items()), Fraction(0))


def ends_by_poisson() -> dict[int, Fraction]:
    """P(exactly k numbers complete at the first 7), k = 0..6."""
    done = {n: _complete(w) for n, w in NUMBERS.items()}
    undone = {n: {r: (1 - c if r == 0 else -c) for r, c in poly.items()} for n, poly in done.items()}
    dist = dict.fromkeys(range(7), Fraction(0))
    for k in range(7):
        for chosen in combinations(NUMBERS, k):
            poly: Poly = {0: Fraction(1)}
            for n in NUMBERS:
                poly = _times(poly, done[n] if n in chosen else undone[n])
            dist[k] += _expect(poly)
    return dist


@pytest.fixture(scope="module")
def poisson() -> dict[int, Fraction]:
    return ends_by_poisson()


def test_the_chain_and_the_poisson_embedding_agree_exactly(poisson: dict[int, Fraction]) -> None:
    assert sum(poisson.values()) == 1
    chain = hot_roller_ends()
    assert {int(label): p for label, p in chain.items()} == {k: p for k, p in poisson.items() if p}


def _rows() -> Iterator[tuple[str, Fraction, str]]:
    for row in craps_par_rows(CrapsRules(), all_paytables=True):
        if row.wager == "hot_roller":
            yield row.paytable, row.house_edge, row.true_odds


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_house_edge_of_each_paytable(poisson: dict[int, Fraction], paytable: str) -> None:
    back = sum((poisson[k] * (1 + pays) for k, pays in PAYS[paytable].items()), Fraction(0))
    edges = {name: edge for name, edge, _ in _rows()}
    assert edges[paytable] == 1 - back


def test_the_published_edges_and_the_true_odds(poisson: dict[int, Fraction]) -> None:
    rows = {name: (edge, odds) for name, edge, odds in _rows()}
    # GAMES.md §3.3: "Exact edges: A 7.50 %, B 3.38 %"
    assert round(float(rows["A"][0]) * 100, 2) == 7.50
    assert round(float(rows["B"][0]) * 100, 2) == 3.38
    win = sum((poisson[k] for k in range(2, 7)), Fraction(0))
    against = (1 - win) / win
    assert rows["A"][1] == rows["B"][1] == f"{against.numerator:,} to {against.denominator:,}"


def test_configured_paytable_only_and_none_when_not_offered() -> None:
    rows = craps_par_rows(CrapsRules(hot_roller_paytable="B"))
    assert [r.paytable for r in rows if r.wager == "hot_roller"] == ["B"]
    assert not [r for r in craps_par_rows(CrapsRules(hot_roller_paytable=None)) if r.wager == "hot_roller"]
