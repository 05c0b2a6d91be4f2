"""What the dice games' statistics boards share: a roll's total read from its text, a histogram of totals.

>>> total_of("4-3"), total_of("2-5-5"), total_of("17")
(7, 12, None)
>>> from terminal.games.stat_boards import Window
>>> totals(Window(3, (("4-3", 2), ("6-1", 1))), range(6, 9)).counts
(0, 3, 0)
"""

from __future__ import annotations

from collections.abc import Iterable

from terminal.games.stat_boards import Bars, Window, words


def total_of(outcome: str) -> int | None:
    """The total of a roll of dice written ``a-b`` or ``a-b-c``; None for anything else."""
    parts = outcome.split("-")
    if len(parts) < 2 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
        return None
    return sum(int(p) for p in parts)


def totals(window: Window, span: Iterable[int]) -> Bars:
    """The histogram of ``window``'s totals, one bar for each total of ``span``."""
    shown = tuple(span)
    first = shown[0] if shown else 0
    counts = window.sort(lambda o: (total_of(o) or 0) - first, len(shown))
    return Bars(tuple(words("fmt.value", value=t) for t in shown), ("",) * len(shown), counts, window.rounds)
