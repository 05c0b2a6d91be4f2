"""Craps' statistics board (docs/statistics.md): the totals 2 to 12 over the last 100 and 500 rolls, and the
shooter (his number from the table's view) with the rolls he has thrown (told from the rolls themselves).

>>> from terminal.games.stat_boards import Seen, Window
>>> from terminal.games.craps.engine import CrapsView
>>> b = board(Seen(("4-3",), (Window(1, (("4-3", 1),)),), "", CrapsView(None, 3, 12, False, (), (), "4-3")))
>>> b.panels[0].sections[0].counts[5], b.panels[0].sections[1].lines
(1, (('stats.shooter', (('rolls', '1'), ('shooter', '3'))),))
"""

from __future__ import annotations

from terminal.games.craps.engine import CrapsView
from terminal.games.stat_boards import Board, Figures, Panel, Section, Seen, words
from terminal.games.stat_dice import total_of, totals

POINTS = (4, 5, 6, 8, 9, 10)


def shooter_rolls(recent: tuple[str, ...], complete: bool = False) -> tuple[int, bool]:
    """The current shooter's rolls, from the table's rolls (newest first), and whether the count is exact
    (``complete``: the rolls are every roll of the table, the first a come-out).

    A seven-out ends a shooter; it is known for one once the point can be told (from the first seven on,
    after which a roll is a come-out). A seven before that may have been a seven-out or a natural: the
    count starts again there, and is then only a least count.

    >>> shooter_rolls(("2-2", "3-3", "5-2", "4-4", "6-1", "1-1"))   # newest first: 1-1, 7, 8 on, 7 out, 6, 4
    (2, True)
    >>> shooter_rolls(("2-2", "6-1", "3-3"))   # 6 then a seven of unknown kind: at least 1
    (1, False)
    """
    count, exact, known, point = 0, complete, complete, None
    for roll in reversed(recent):
        total = total_of(roll)
        if total is None:
            continue
        if total == 7 and (point is not None or not known):  # a seven-out (or, unknown, perhaps one)
            count, exact, known, point = 0, known, True, None
            continue
        count += 1
        if known and point is None and total in POINTS:
            point = total
        elif point == total:
            point = None
    return count, exact


def _shooter(seen: Seen) -> Figures | None:
    """The shooter's line (the point is on the puck already)."""
    if not isinstance(seen.view, CrapsView):
        return None
    complete = bool(seen.windows) and max(w.rounds for w in seen.windows) <= len(seen.recent)
    rolls, exact = shooter_rolls(seen.recent, complete)
    key = "stats.shooter" if exact else "stats.shooter_at_least"
    return Figures((words(key, shooter=seen.view.shooter, rolls=rolls),))


def board(seen: Seen) -> Board:
    """Craps' board: each window's histogram of totals; the shooter's rolls under the first."""
    shooter = _shooter(seen)
    panels = []
    for n, window in enumerate(seen.counted):
        sections: tuple[Section, ...] = (totals(window, range(2, 13)),)
        if n == 0 and shooter is not None:
            sections += (shooter,)
        panels.append(Panel(words("stats.last_rolls", count=window.rounds), sections))
    return Board(tuple(panels))
