"""Craps' statistics board (docs/statistics.md): the totals 2 to 12 over the last 100 and 500 rolls, and the
shooter's rolls as the table's view counts them.

>>> from terminal.games.stat_boards import Seen, Window
>>> from terminal.games.craps.engine import CrapsView
>>> b = board(Seen(("4-3",), (Window(1, (("4-3", 1),)),), "", CrapsView(None, 3, 12, False, (), (), "4-3")))
>>> b.panels[0].sections[0].counts[5], b.panels[0].sections[1].lines
(1, (('stats.shooter', (('rolls', '12'), ('shooter', '3'))), ('craps.come_out', ())))
"""

from __future__ import annotations

from terminal.games.craps.engine import CrapsView
from terminal.games.stat_boards import Board, Figures, Panel, Section, Seen, words
from terminal.games.stat_dice import totals


def _shooter(view: object) -> Figures | None:
    if not isinstance(view, CrapsView):
        return None
    point = words("craps.point", point=view.point) if view.point else words("craps.come_out")
    return Figures((words("stats.shooter", shooter=view.shooter, rolls=view.rolls), point))


def board(seen: Seen) -> Board:
    """Craps' board: each window's histogram of totals; the shooter's rolls under the first."""
    shooter = _shooter(seen.view)
    panels = []
    for n, window in enumerate(seen.counted):
        sections: tuple[Section, ...] = (totals(window, range(2, 13)),)
        if n == 0 and shooter is not None:
            sections += (shooter,)
        panels.append(Panel(words("stats.last_rolls", count=window.rounds), sections))
    return Board(tuple(panels))
