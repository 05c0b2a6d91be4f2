"""The roulette wager ids, in layout order: ids of paytables, ``[limits]`` keys, meters and the PAR sheet."""

from __future__ import annotations

WAGERS: tuple[str, ...] = (
    "straight", "split", "street", "corner", "first_five", "line", "column", "dozen",
    "red", "black", "odd", "even", "low", "high", "five_adjacent", "touchdown", "b2b", "blazing7s",
)  # fmt: skip
