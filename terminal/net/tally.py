"""The statistics boards' counts from a history board (docs/statistics.md): each window's last valid results
counted by outcome, as the ``Tally`` message carries them. Pure, and no game's: the table sends it, a
display's samples build theirs the same way.

>>> from terminal.net import messages as m
>>> e = [m.HistoryEntry(n, o, o == "x") for n, o in enumerate(("17", "x", "17", "00"), 1)]
>>> [(w.rounds, [(c.outcome, c.count) for c in w.counts]) for w in tally(m.History(tuple(e))).windows]
[(3, [('17', 2), ('00', 1)]), (3, [('17', 2), ('00', 1)])]
"""

from __future__ import annotations

from collections import Counter

from terminal.net import messages as m

WINDOWS = (100, 500)  # the statistics boards' windows: the last 100 and the last 500 results


def tally(board: m.History, windows: tuple[int, ...] = WINDOWS) -> m.Tally:
    """The counts of ``board`` (newest first) over each of ``windows``, voids left out."""
    valid = [e.outcome for e in board.results if not e.void]
    counted = []
    for size in windows:
        counts = tuple(m.OutcomeCount(o, n) for o, n in Counter(valid[:size]).most_common())
        counted.append(m.TallyWindow(min(size, len(valid)), counts))
    return m.Tally(tuple(counted))
