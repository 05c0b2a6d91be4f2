"""Differential checks of the hot-path rewrites against the obvious code they replaced."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from terminal.games.base import Payout
from terminal.games.craps.records import Roll


@given(
    st.integers(0, 10_000), st.integers(1, 1000), st.sampled_from(("to", "for")), st.integers(0, 10**9)
)
def test_integer_payout_matches_the_fraction(numerator: int, denominator: int, unit: str, stake: int) -> None:
    payout = Payout(numerator, denominator, unit)  # type: ignore[arg-type]
    ratio = Fraction(numerator, denominator) + (1 if unit == "to" else 0)
    assert payout.returned(stake) == stake * ratio.numerator // ratio.denominator


def test_roll_total_and_equality_unchanged() -> None:
    for a in range(1, 7):
        for b in range(1, 7):
            assert Roll(a, b).total == a + b
            assert Roll(a, b) == Roll(a, b) and repr(Roll(a, b)) == f"Roll(die1={a}, die2={b})"
