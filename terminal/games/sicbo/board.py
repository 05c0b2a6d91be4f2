"""Sic Bo's statistics board (docs/statistics.md): the big/small road (a bead road of the last rolls: B, S or
a triple, six to a column as the Asian tables draw it), Small, Big and triples over the last 100 and 500
rolls, and the totals 3 to 18.

>>> from terminal.games.stat_boards import Seen, Window
>>> b = board(Seen(("6-6-6", "1-2-3"), (Window(2, (("6-6-6", 1), ("1-2-3", 1))),)))
>>> b.panels[0].sections[0].cells, [(p.label[0], p.count) for p in b.panels[1].sections[0].parts]
(('1-2-3', '6-6-6'), [('stats.small', 1), ('stats.big', 0), ('stats.triple', 1)])
"""

from __future__ import annotations

from terminal.games.stat_boards import Beads, Board, Panel, Seen, Share, Split, Window, words
from terminal.games.stat_dice import total_of, totals

ROAD_ROWS = 6


def size_of(outcome: str) -> str:
    """``small``, ``big`` or ``triple`` (a triple loses both); "" for no roll."""
    total = total_of(outcome)
    if total is None:
        return ""
    if len(set(outcome.split("-"))) == 1:
        return "triple"
    return "small" if total <= 10 else "big"


_TONES = {"small": "1-1-2", "big": "6-6-5", "triple": "1-1-1"}  # an outcome of each size: its colour


def _sizes(window: Window) -> Split:
    sizes = tuple(_TONES)
    counts = window.sort(lambda o: sizes.index(size_of(o)) if size_of(o) else -1, len(sizes))
    parts = tuple(Share(words(f"stats.{s}"), _TONES[s], n) for s, n in zip(sizes, counts, strict=True))
    return Split(words("stats.last_rolls", count=window.rounds), parts, window.rounds)


def board(seen: Seen) -> Board:
    """Sic Bo's board: the road, the sizes of each window, the totals of each window."""
    road = Panel(words("stats.road"), (Beads(tuple(reversed(seen.recent)), ROAD_ROWS),))
    sizes = Panel(words("stats.sizes"), tuple(_sizes(w) for w in seen.counted))
    totals_of = [
        Panel(words("stats.totals", count=w.rounds), (totals(w, range(3, 19)),)) for w in seen.counted
    ]
    return Board((road, sizes, *totals_of))
