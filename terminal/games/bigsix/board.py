"""Big Six's statistics board (docs/statistics.md): how often each symbol came up over the last 100 and 500
spins, each bar in its symbol's colour.

>>> from terminal.games.stat_boards import Seen, Window
>>> b = board(Seen(("flag@27",), (Window(2, (("flag@27", 1), ("one@1", 1))),)))
>>> b.panels[0].sections[0].counts, b.panels[0].sections[0].tones[-1]
((1, 0, 0, 0, 0, 0, 1), 'flag@27')
"""

from __future__ import annotations

from terminal.games.bigsix.rules import SECTIONS, WAGERS
from terminal.games.stat_boards import Bars, Board, Panel, Seen, Window, words

_TONES = {symbol: f"{symbol}@{SECTIONS.index(symbol)}" for symbol in WAGERS}  # a section of each: its colour


def _symbols(window: Window) -> Bars:
    counts = window.sort(
        lambda o: WAGERS.index(o.partition("@")[0]) if o.partition("@")[0] in WAGERS else -1, len(WAGERS)
    )
    labels = tuple(words(f"wager.{s}") for s in WAGERS)
    return Bars(labels, tuple(_TONES[s] for s in WAGERS), counts, window.rounds)


def board(seen: Seen) -> Board:
    """Big Six's board: each window's symbol counts."""
    panels = (Panel(words("stats.last_spins", count=w.rounds), (_symbols(w),)) for w in seen.counted)
    return Board(tuple(panels))
