"""Vig within § 623a.5(g)(3): Buy/Lay stakes whose minimum vig would exceed 5 % are refused; PAR at stakes."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from terminal.games.craps.actions import VigCapError, change, place
from terminal.games.craps.par import craps_par_rows
from terminal.games.craps.par_vig import stake_edges
from terminal.games.craps.records import Spot, TableState, Wager
from terminal.games.craps.rules import CrapsRules

RULES = CrapsRules()  # 5 %, minimum 1.00, whole units, increments of 5.00
POINT_6 = TableState(point=6, new_shooter=False)


def bet(spot: str, amount: int, ref: str = "w") -> Wager:
    return Wager(ref, 1, Spot.parse(spot), amount)


@pytest.mark.parametrize(
    ("spot", "refused", "accepted"),
    [
        ("buy_4", (500, 1000, 1500), 2000),  # 1.00 on 15.00 is 6.7 %; on 20.00 it is 5 %
        ("buy_6", (500, 1500), 2000),
        ("lay_4", (500, 3500), 4000),  # Lay vig is on the win: 40.00 wins 20.00
        ("lay_5", (500, 2500), 3000),  # 30.00 wins 20.00
        ("lay_6", (500, 1000, 2000), 2500),  # 25.00 wins 20.83: 1.00 is 4.8 %
    ],
)
def test_stakes_whose_minimum_vig_exceeds_five_percent_are_refused(
    spot: str, refused: tuple[int, ...], accepted: int
) -> None:
    for timing in ("on_win", "on_bet"):
        rules = replace(RULES, buy_vig=timing, lay_vig=timing)
        for amount in refused:
            message = rf"amount {amount}: .* more than 5% .* smallest \w+ stake here is {accepted}"
            with pytest.raises(VigCapError, match=message):
                place(POINT_6, (), bet(spot, amount), rules)
        assert place(POINT_6, (), bet(spot, accepted), rules).amount == accepted


def test_reducing_below_the_cap_is_refused_and_no_minimum_means_no_cap() -> None:
    wager = place(POINT_6, (), bet("buy_4", 4000, "b"), RULES)
    with pytest.raises(VigCapError):
        change(POINT_6, (wager,), "b", 1500, RULES)
    assert change(POINT_6, (wager,), "b", 2000, RULES)[0][0].amount == 2000
    free = replace(RULES, vig_minimum=0)  # 5 % rounded down never exceeds 5 %
    assert place(POINT_6, (), bet("buy_4", 500), free).amount == 500
    assert place(POINT_6, (), bet("lay_6", 500), replace(RULES, vig_percent=0)).amount == 500


def test_par_rows_state_the_edge_at_the_smallest_and_a_typical_stake() -> None:
    rows = {r.wager: r for r in craps_par_rows(CrapsRules())}
    # buy_4 at 20.00, vig 1.00 on a win: wins 1/3 of the time and returns 20 + 40 - 1.
    smallest, typical = rows["buy_4"].stakes
    assert (smallest.stake, smallest.vig) == (2000, 100)
    assert smallest.house_edge == 1 - Fraction(1, 3) * Fraction(2000 + 4000 - 100, 2000)
    # lay_6 at 25.00: wins 20.83, vig 1.00 paid with the bet, wins 6/11 of the time.
    smallest, typical = rows["lay_6"].stakes
    assert (smallest.stake, smallest.vig) == (2500, 100)
    assert smallest.house_edge == Fraction(551, 14300) == 1 - Fraction(6, 11) * Fraction(2500 + 2083, 2600)
    # lay_4 at 100.00 wins 50.00: 2.50 rounds down to 2.00, so the edge is under the headline 1/41.
    assert (typical.stake, rows["lay_4"].stakes[1].vig) == (10000, 200)
    assert rows["lay_4"].stakes[1].house_edge == Fraction(1, 51) < rows["lay_4"].house_edge == Fraction(1, 41)
    assert rows["lay_4"].to_json()["stakes"][0] == {  # type: ignore[index]
        "label": "smallest", "stake": 4000, "vig": 100, "house_edge": "1/41", "house_edge_pct": 2.439,
    }  # fmt: skip


def test_no_increments_make_the_smallest_stake_exact() -> None:
    rules = replace(RULES, place_increments=False)
    assert [s.stake for s in stake_edges(rules, "buy", 4)] == [2000, 10000]
    assert rules.smallest_vig_stake("lay", 6) == 2400  # 24.00 wins exactly 20.00


@pytest.mark.parametrize(
    "rules",
    [
        RULES,
        replace(RULES, place_increments=False),
        replace(RULES, place_increments=False, vig_minimum=130, unit=50),
        replace(RULES, vig_minimum=0),
        replace(RULES, vig_percent=3, vig_minimum=70),
        replace(RULES, vig_percent=0),
    ],
)
def test_the_kept_smallest_stake_is_the_first_stake_within_the_cap(rules: CrapsRules) -> None:
    # smallest_vig_stake keeps its answers and starts past the stakes the minimum vig rules out: each is
    # still the first stake the cap allows, found here by trying every stake from one step up
    for kind in ("buy", "lay"):
        for number in (4, 5, 6, 8, 9, 10):
            step = rules.increment(kind, number)
            first = next(s for s in range(step, 10**6, step) if rules.vig_within_cap(kind, number, s))
            assert rules.smallest_vig_stake(kind, number) == rules.smallest_vig_stake(kind, number) == first
