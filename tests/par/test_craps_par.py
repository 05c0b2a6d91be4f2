"""The craps PAR figures against published edges and against independent derivations in this file.

Nothing here reuses the engine's chains: line bets and numbers by counting the 36 dice pairs of the
deciding roll, one-roll bets by enumerating the dice with the GAMES.md payouts written out again, Fire and
Bonus by inclusion-exclusion over the sets of numbers, Lucky Shooter by enumerating every ordered run of
distinct other points.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from terminal.games.craps.par import craps_par_rows
from terminal.games.craps.rules import CrapsRules
from terminal.games.par_rows import ParRow

F = Fraction
DICE = [(a, b) for a in range(1, 7) for b in range(1, 7)]
POINTS = (4, 5, 6, 8, 9, 10)


def ways(*totals: int) -> int:
    return sum(1 for a, b in DICE if a + b in totals)


def p(*totals: int) -> Fraction:
    return Fraction(ways(*totals), 36)


def before(first: Iterable[int], second: Iterable[int]) -> Fraction:
    """Probability that a total of ``first`` is rolled before one of ``second``: count the deciding pairs."""
    a, b = ways(*first), ways(*second)
    return Fraction(a, a + b)


@pytest.fixture(scope="module")
def rows() -> dict[tuple[str, str, str], ParRow]:
    return {(r.wager, r.paytable, r.note): r for r in craps_par_rows(CrapsRules(), all_paytables=True)}


def edge(rows: dict[tuple[str, str, str], ParRow], wager: str, paytable: str = "standard") -> Fraction:
    found = [r for (w, t, _), r in rows.items() if w == wager and t == paytable]
    assert len(found) == 1, (wager, paytable, found)
    return found[0].house_edge


def test_pass_and_dont_pass_match_published_and_counted(rows: dict[tuple[str, str, str], ParRow]) -> None:
    win = p(7, 11) + sum((p(n) * before([n], [7]) for n in POINTS), Fraction(0))
    assert win == Fraction(244, 495)
    assert edge(rows, "pass") == 1 - 2 * win == Fraction(7, 495)  # 1.414%
    assert edge(rows, "come") == Fraction(7, 495)
    dont_win = p(2, 3) + sum((p(n) * before([7], [n]) for n in POINTS), Fraction(0))
    push = p(12)
    dont_edge = (1 - dont_win - push) - dont_win
    assert edge(rows, "dont_pass") == dont_edge == Fraction(3, 220)  # 1.364%
    resolved = next(r for (w, _, _), r in rows.items() if w == "dont_pass").house_edge_resolved
    assert resolved == dont_edge / (1 - push) == Fraction(27, 1925)  # 1.403%


@pytest.mark.parametrize(
    ("number", "pays", "published"),
    [(6, F(7, 6), F(1, 66)), (8, F(7, 6), F(1, 66)), (5, F(7, 5), F(1, 25)),
     (9, F(7, 5), F(1, 25)), (4, F(9, 5), F(1, 15)), (10, F(9, 5), F(1, 15))],
)  # fmt: skip
def test_place_to_win(
    rows: dict[tuple[str, str, str], ParRow], number: int, pays: Fraction, published: Fraction
) -> None:
    win = before([number], [7])
    assert 1 - win * (1 + pays) == published == edge(rows, f"place_{number}")


@pytest.mark.parametrize(("number", "pays"), [(4, Fraction(5, 11)), (5, Fraction(5, 8)), (6, Fraction(4, 5))])
def test_place_to_lose(rows: dict[tuple[str, str, str], ParRow], number: int, pays: Fraction) -> None:
    win = before([7], [number])
    assert edge(rows, f"place_lose_{number}") == 1 - win * (1 + pays)
    assert edge(rows, f"place_lose_{14 - number}") == 1 - win * (1 + pays)


def test_buy_and_lay_with_five_percent(rows: dict[tuple[str, str, str], ParRow]) -> None:
    # published: buy 4/10 vig on win 1.67%, lay 4/10 vig on bet 2.44%, lay 6/8 vig on bet 4.00%
    assert edge(rows, "buy_4") == Fraction(1, 60)
    assert edge(rows, "lay_4") == Fraction(1, 41)
    assert edge(rows, "lay_6") == Fraction(1, 25)
    win = before([6], [7])
    assert edge(rows, "buy_8") == 1 - win * (1 + Fraction(6, 5) - Fraction(5, 100))


@pytest.mark.parametrize(("number", "pays", "published"), [(4, 7, Fraction(1, 9)), (6, 9, Fraction(1, 11))])
def test_hardways(
    rows: dict[tuple[str, str, str], ParRow], number: int, pays: int, published: Fraction
) -> None:
    hard = sum(1 for a, b in DICE if a == b and a + b == number)
    soft = ways(number) - hard
    win = Fraction(hard, hard + soft + ways(7))
    assert (
        1 - win * (1 + pays) == published == edge(rows, f"hard_{number}") == edge(rows, f"hard_{14 - number}")
    )


def one_roll(returned: dict[tuple[int, int], Fraction] | None = None, **by_total: Fraction) -> Fraction:
    back = sum((returned.get((a, b), Fraction(0)) if returned else by_total.get(f"t{a + b}", Fraction(0))
                for a, b in DICE), Fraction(0))  # fmt: skip
    return 1 - back / 36


def test_one_roll_wagers(rows: dict[tuple[str, str, str], ParRow]) -> None:
    two, one = Fraction(3), Fraction(2)
    field = one_roll(t2=two, t3=one, t4=one, t9=one, t10=one, t11=one, t12=two)
    assert field == Fraction(1, 18) == edge(rows, "field")  # 5.56% with 2 to 1 on 2 and 12
    assert edge(rows, "any_seven") == one_roll(t7=Fraction(5)) == Fraction(1, 6)
    assert (
        edge(rows, "any_craps") == one_roll(t2=Fraction(8), t3=Fraction(8), t12=Fraction(8)) == Fraction(1, 9)
    )
    assert edge(rows, "craps_2") == edge(rows, "craps_12") == Fraction(5, 36)  # 30 to 1: 13.89%
    assert edge(rows, "craps_3") == edge(rows, "eleven") == Fraction(1, 9)  # 15 to 1: 11.11%
    assert edge(rows, "c_and_e") == one_roll(t2=Fraction(4), t3=Fraction(4), t12=Fraction(4), t11=Fraction(8))
    assert (
        edge(rows, "horn") == Fraction(1, 8) == one_roll(t2=Fraction(31, 4), t12=Fraction(31, 4), t3=4, t11=4)
    )
    high = [r.house_edge for (w, _, _), r in rows.items() if w == "horn_high"]
    assert sorted(high) == [Fraction(11, 90), Fraction(23, 180)]  # published 12.22% and 12.78%
    assert edge(rows, "whirl") == Fraction(2, 15)  # published 13.33%
    six_seven_eight = {(a, b): Fraction(3 if a == b else 2) for a, b in DICE if a + b in (6, 7, 8)}
    assert edge(rows, "six_seven_eight") == one_roll(six_seven_eight)
    assert edge(rows, "hop_3_3") == one_roll({(3, 3): Fraction(31)}) == Fraction(5, 36)
    assert edge(rows, "hop_2_5") == one_roll({(2, 5): Fraction(16), (5, 2): Fraction(16)}) == Fraction(1, 9)


def test_every_catalogue_wager_has_a_row(rows: dict[tuple[str, str, str], ParRow]) -> None:
    from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS

    assert {w for (w, _, _) in rows} == set(CRAPS_WAGERS)
    assert {t for (w, t, _) in rows if w == "lucky_shooter"} == {"A", "B", "C", "D"}
    assert {t for (w, t, _) in rows if w == "fire"} == {"A", "B"}
    assert {t for (w, t, _) in rows if w == "all_tall"} == {"1", "2"}
    configured = craps_par_rows(CrapsRules(lucky_shooter_paytable="C"))
    assert [r.paytable for r in configured if r.wager == "lucky_shooter"] == ["C"]


def all_before_seven(numbers: Iterable[int], rate: dict[int, Fraction], seven: Fraction) -> Fraction:
    """P(every event of ``numbers`` happens before ``seven``), by inclusion-exclusion."""
    numbers = tuple(numbers)
    total = Fraction(0)
    for size in range(len(numbers) + 1):
        for subset in combinations(numbers, size):
            total += (-1) ** size * seven / (seven + sum((rate[n] for n in subset), Fraction(0)))
    return total


@pytest.mark.parametrize(
    ("kind", "numbers", "pays", "paytable"),
    [("all_small", (2, 3, 4, 5, 6), 34, "1"), ("all_tall", (8, 9, 10, 11, 12), 30, "2"),
     ("all_or_nothing", (2, 3, 4, 5, 6, 8, 9, 10, 11, 12), 175, "1"),
     ("all_or_nothing", (2, 3, 4, 5, 6, 8, 9, 10, 11, 12), 150, "2")],
)  # fmt: skip
def test_bonus_craps(rows: dict[tuple[str, str, str], ParRow], kind: str, numbers: tuple[int, ...], pays: int,
                     paytable: str) -> None:  # fmt: skip
    win = all_before_seven(numbers, {n: p(n) for n in numbers}, p(7))
    assert edge(rows, kind, paytable) == 1 - win * (1 + pays)


def test_bonus_published_figures(rows: dict[tuple[str, str, str], ParRow]) -> None:
    # Wizard of Odds, "All Small / All Tall / Make 'em All": 34 to 1 -> 7.76%, 175 to 1 -> 7.46%
    assert round(float(edge(rows, "all_small", "1")) * 100, 2) == 7.76
    assert round(float(edge(rows, "all_or_nothing", "1")) * 100, 2) == 7.46


@pytest.mark.parametrize(
    ("paytable", "pays"), [("A", {4: 24, 5: 249, 6: 999}), ("B", {4: 39, 5: 199, 6: 499})]
)
def test_fire_bet(rows: dict[tuple[str, str, str], ParRow], paytable: str, pays: dict[int, int]) -> None:
    # one "hand" = come-out rolls until a point is decided: made n with rate a[n], or seven-out with rate s
    a = {n: p(n) / p(*POINTS) * before([n], [7]) for n in POINTS}
    s = 1 - sum(a.values(), Fraction(0))
    at_least = {frozenset(c): all_before_seven(c, a, s) for k in range(7) for c in combinations(POINTS, k)}
    exactly = dict.fromkeys(range(7), Fraction(0))
    for made in at_least:  # Moebius inversion: P(exactly this set) from P(at least this set)
        exact = sum(((-1) ** (len(u) - len(made)) * q for u, q in at_least.items() if made <= u), Fraction(0))
        exactly[len(made)] += exact
    assert sum(exactly.values()) == 1
    expected = 1 - sum((exactly[k] * (1 + pays[k]) for k in pays), Fraction(0))
    assert edge(rows, "fire", paytable) == expected
    if paytable == "A":
        assert round(float(expected) * 100, 2) == 20.76  # Wizard of Odds, Fire Bet 24-249-999


LUCKY: dict[str, dict[int | str, int]] = {
    "A": {"top": 1000, 5: 150, 4: 15, 3: 5, 2: 0},
    "B": {"top": 500, 5: 100, 4: 10, 3: 4, 2: 2},
    "C": {"top": 1000, 5: 150, 4: 20, 3: 5, 2: 0},
    "D": {"top": 500, 5: 100, 4: 10, 3: 5, 2: 2},
}


@pytest.mark.parametrize("paytable", sorted(LUCKY))
def test_lucky_shooter_by_enumerating_runs(rows: dict[tuple[str, str, str], ParRow], paytable: str) -> None:
    pays = LUCKY[paytable]
    # come-out: 2, 3, 12 lose; 7, 11 repeat (no decision); a point starts the run (weight p(point))
    weighted = Fraction(0)
    for point in POINTS:
        weighted += p(point) / (1 - p(7, 11)) * _runs(point, pays)
    assert edge(rows, "lucky_shooter", paytable) == 1 - weighted


def _runs(point: int, pays: dict[int | str, int]) -> Fraction:
    others = [n for n in POINTS if n != point]
    back = Fraction(0)
    for k in range(6):
        for run in permutations(others, k):
            prob = Fraction(1)
            for n in run:
                prob *= p(n)
            if k < 5:
                back += prob * (1 - p(*[n for n in others if n not in run])) * pays.get(k, 0)
            else:
                back += prob * (p(point) * pays["top"] + (1 - p(point)) * pays[5])
    return back
