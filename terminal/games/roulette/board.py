"""Roulette's statistics board (docs/statistics.md): red/black, odd/even, low/high, dozens and columns over
the last 100 and 500 spins, the hot and cold numbers, and every pocket's count round the wheel.

>>> from terminal.games.stat_boards import Seen, Window
>>> b = board(Seen(("1", "2", "0"), (Window(3, (("1", 1), ("2", 1), ("0", 1))),), "single_zero"))
>>> [(p.label[0], p.count) for p in b.panels[0].sections[0].parts]
[('stats.red', 1), ('stats.black', 1), ('fmt.value', 1)]
>>> b.panels[2].sections[0].pockets[:3]
(('0', 1), ('32', 0), ('15', 0))
"""

from __future__ import annotations

from collections.abc import Callable

from terminal.games.roulette.wheels import DOUBLE_ZERO, WHEELS, is_red, parse_pocket, pocket_text
from terminal.games.stat_boards import Board, Figures, Panel, Ring, Seen, Share, Split, Window, words

HOT_COLD = 5


def _pocket(outcome: str) -> int | None:
    try:
        return parse_pocket(outcome)
    except ValueError:
        return None


def _number(outcome: str) -> int:
    """The pocket 1..36 of ``outcome``; 0 for a zero or anything else."""
    pocket = _pocket(outcome)
    return pocket if pocket is not None and 1 <= pocket <= 36 else 0


def _colour(n: int) -> int:
    return 0 if is_red(n) else 1


_SPLITS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], Callable[[int], int]], ...] = (
    ("stats.colours", ("stats.red", "stats.black"), ("1", "2"), _colour),
    ("stats.odd_even", ("stats.odd", "stats.even"), ("", ""), lambda n: 1 - n % 2),
    ("stats.low_high", ("stats.low", "stats.high"), ("", ""), lambda n: (n - 1) // 18),
    (
        "stats.dozens",
        ("stats.dozen_1", "stats.dozen_2", "stats.dozen_3"),
        ("", "", ""),
        lambda n: (n - 1) // 12,
    ),
    (
        "stats.columns",
        ("stats.column_1", "stats.column_2", "stats.column_3"),
        ("", "", ""),
        lambda n: (n - 1) % 3,
    ),
)
"""Each split: its title, its parts' words and tones, and which part a number 1..36 falls in (a zero falls
in the zeros' part, after them)."""


def _zeros(variant: str) -> str:
    wheel = WHEELS.get(variant, WHEELS["double_zero"])
    return "0/00" if wheel.has_double_zero else "0"


def _classifier(part_of: Callable[[int], int], zeros: int) -> Callable[[str], int]:
    """Which part of a split an outcome falls in: ``part_of`` its number, ``zeros`` for a zero."""

    def classify(outcome: str) -> int:
        n = _number(outcome)
        return part_of(n) if n else zeros

    return classify


def _splits(window: Window, zeros: str) -> tuple[Panel, Panel]:
    """The even-money splits, then the dozens and columns, of one window."""
    rows = []
    for title, keys, tones, part_of in _SPLITS:
        counts = window.sort(_classifier(part_of, len(keys)), len(keys) + 1)
        shares = [
            Share(words(key), tone, count) for key, tone, count in zip(keys, tones, counts, strict=False)
        ]
        shares.append(Share(words("fmt.value", value=zeros), "0", counts[-1]))
        rows.append(Split(words(title), tuple(shares), window.rounds))
    even = Panel(words("stats.last_spins", count=window.rounds), tuple(rows[:3]))
    return even, Panel(words("stats.dozens_columns", count=window.rounds), tuple(rows[3:]))


def _ring(window: Window, variant: str) -> Panel:
    wheel = WHEELS.get(variant, WHEELS["double_zero"])
    pockets = tuple(
        (pocket_text(p), window.of(pocket_text(p))) for p in wheel.order if p != wheel.void_pocket
    )
    return Panel(words("stats.wheel_heat", count=window.rounds), (Ring(pockets, window.rounds),))


def _hot_cold(window: Window, variant: str) -> Panel:
    wheel = WHEELS.get(variant, WHEELS["double_zero"])
    layout = sorted(
        (p for p in wheel.order if p != wheel.void_pocket), key=lambda p: (p != 0, p != DOUBLE_ZERO, p)
    )
    counted = [(pocket_text(p), window.of(pocket_text(p))) for p in layout]
    hot = sorted(counted, key=lambda c: -c[1])[:HOT_COLD]
    cold = sorted(counted, key=lambda c: c[1])[:HOT_COLD]
    said = [", ".join(f"{o} ×{n}" for o, n in row) for row in (hot, cold)]
    lines = (words("stats.hot", numbers=said[0]), words("stats.cold", numbers=said[1]))
    return Panel(words("stats.hot_cold", count=window.rounds), (Figures(lines),))


def board(seen: Seen) -> Board:
    """Roulette's board: the splits of each window, the wheel's counts and the hot and cold numbers over
    the longest."""
    zeros = _zeros(seen.variant)
    panels = [panel for w in seen.counted for panel in _splits(w, zeros)]
    if seen.counted:
        longest = max(seen.counted, key=lambda w: w.rounds)
        panels += [_ring(longest, seen.variant), _hot_cold(longest, seen.variant)]
    return Board(tuple(panels))
