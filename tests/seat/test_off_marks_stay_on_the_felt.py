"""A wager's OFF mark stays on the felt: a pile at the layout's edge (the hardways on the right of the
craps felt) keeps its whole mark inside the layout, even in Spanish ("INACTIVA" is twice "OFF"). Before,
the mark of Hard 10 and Hard 4 ran past the felt's edge, where the layout's clip cut it to "INACTI"."""

from __future__ import annotations

import pytest

from terminal.games.craps.catalog import WAGERS as CRAPS_WAGERS
from terminal.money import find_currency
from terminal.seat.layouts import LayoutView, StakeMark, craps_layout
from terminal.seat.text import Painter
from tests.seat.layout_pictures import layout_rect


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768)])
def test_the_off_marks_of_the_right_column_stay_inside_the_layout(size: tuple[int, int]) -> None:
    rect = layout_rect(size)
    layout = craps_layout(rect, frozenset(CRAPS_WAGERS))
    stakes = tuple(StakeMark(f"hard_{n}", 100, None, False) for n in (4, 6, 8, 10))
    painter = Painter("es", find_currency("USD"))  # the seat's own fonts (DejaVu Sans) and catalogue
    view = LayoutView(stakes, (), None, None, False, painter.tr, painter.money, painter.fonts())
    marks = layout.off_marks(view)
    assert len(marks) == 4
    assert all(rect.contains(mark) for mark in marks), (rect, marks)
    r = layout.chip_radius
    for mark, n in zip(marks, (4, 6, 8, 10), strict=True):  # still on its own pile's rim
        x, y = layout.place(f"hard_{n}").chips
        assert mark.inflate(2 * r, 2 * r).collidepoint(x, y)
