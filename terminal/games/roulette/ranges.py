"""A roulette wheel as the lab's RNG tests see it: its pockets, dozens, columns, colours, odd/even, halves.

>>> roulette_range("double_zero").splits[0].of[37], roulette_range("double_zero").splits[0].of[1]
(-1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from terminal.games.outcome_range import OutcomeRange, Projection, RangeStream, Split
from terminal.games.roulette.wheels import is_red, wheel


def roulette_range(wheel_name: str) -> OutcomeRange:
    """A wheel's pockets by number (00 is 37); the zeros are left out of every even-money split."""
    size = wheel(wheel_name).size
    numbers = range(size)

    def even_money(rule: Callable[[int], bool]) -> tuple[int, ...]:
        return tuple(int(rule(p)) if 1 <= p <= 36 else -1 for p in numbers)

    thirds = (Fraction(size - 36, size),) + (Fraction(12, size),) * 3  # the zeros, then 1-12, 13-24, 25-36
    return OutcomeRange(
        f"roulette: {wheel_name} wheel",
        size,
        value=tuple(numbers),
        value_name="the pocket number" + (" (00 as 37)" if size == 38 else ""),
        projections=(
            Projection("dozens (zeros as one)", tuple(_dozen(p) for p in numbers), thirds),
            Projection("columns (zeros as one)", tuple(_column(p) for p in numbers), thirds),
        ),
        splits=(
            Split("red/black", even_money(is_red)),
            Split("odd/even", even_money(lambda p: p % 2 == 1)),
            Split("low/high (1-18, 19-36)", even_money(lambda p: p > 18)),
        ),
    )


def _dozen(pocket: int) -> int:
    return (pocket - 1) // 12 + 1 if 1 <= pocket <= 36 else 0


def _column(pocket: int) -> int:
    return (pocket - 1) % 3 + 1 if 1 <= pocket <= 36 else 0


STREAMS: tuple[RangeStream, ...] = (
    RangeStream(roulette_range("double_zero"), "[roulette]\nwheel = double_zero\n"),
    RangeStream(
        roulette_range("single_zero"), "[roulette]\nwheel = single_zero\n[touchdown]\noffered = false\n"
    ),
)
