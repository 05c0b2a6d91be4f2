"""Sic Bo and Big Six PAR: exact figures cross-checked by brute force and against published values."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from terminal.games.bigsix.par import bigsix_rows
from terminal.games.sicbo.par import sicbo_rows
from tests.games.test_bigsix import ODDS, SEED
from tests.games.test_sicbo import PAYS, model_multiple

SPOT_OF = {  # one spot of each wager id, for the brute-force model
    "small": "small", "big": "big", "two_of_a_kind": "two_of_a_kind:3",
    "three_of_a_kind": "three_of_a_kind:5", "any_three_of_a_kind": "any_three_of_a_kind",
    "two_dice": "two_dice:2-6", "one_of_a_kind": "one_of_a_kind:4",
    **{f"total_{t}": f"total_{t}" for t in range(4, 18)},
}  # fmt: skip


@pytest.mark.parametrize("table", ["A", "B"])
def test_every_sicbo_edge_equals_brute_force_over_the_216_ordered_rolls(table: str) -> None:
    rows = sicbo_rows((table,))
    assert {r.wager for r in rows} == set(SPOT_OF)
    assert len(rows) == 21
    for row in rows:
        back, wins = Fraction(0), 0
        for dice in product(range(1, 7), repeat=3):
            multiple = model_multiple(table, SPOT_OF[row.wager], dice)
            if multiple is not None:
                back += Fraction(multiple + 1, 216)
                wins += 1
        assert row.house_edge == 1 - back, row.wager
        against = Fraction(216 - wins, wins)
        assert row.true_odds == f"{against.numerator:,} to {against.denominator:,}"


# Published Sic Bo house edges (percent, two decimals) for the two regulation paytables.
PUBLISHED_A = {"small": 2.78, "three_of_a_kind": 30.09, "any_three_of_a_kind": 30.56, "two_of_a_kind": 33.33,
               "two_dice": 16.67, "one_of_a_kind": 7.87, "total_4": 29.17, "total_5": 47.22, "total_6": 30.56,
               "total_7": 9.72, "total_8": 12.50, "total_9": 18.98, "total_10": 12.50}  # fmt: skip


def test_sicbo_paytable_a_matches_the_published_edges() -> None:
    rows = {r.wager: r for r in sicbo_rows(("A",))}
    for wager, pct in PUBLISHED_A.items():
        assert round(float(rows[wager].house_edge) * 100, 2) == pct, wager
    assert PAYS["A"][0] == 150  # the model the brute force uses is the regulation's table


def test_every_bigsix_edge_equals_the_count_of_sections_on_the_seeds_wheel() -> None:
    rows = bigsix_rows(("standard",))
    assert len(rows) == 7
    for row, symbol in zip(rows, ODDS, strict=True):
        hits = sum(1 for s in SEED if s == symbol)
        assert row.house_edge == 1 - Fraction(hits * (ODDS[symbol] + 1), 54), symbol
    published = {"one": 14.81, "two": 16.67, "five": 11.11, "ten": 18.52, "twenty": 22.22, "joker": 14.81}
    for row in rows:
        if row.wager in published:
            assert round(float(row.house_edge) * 100, 2) == published[row.wager]
