"""The table's Hot Roller board on the craps display (§ 623b.2(a)(2)(iii), (d), (f)).

The 14 combinations grouped by number (4: 1-3, 2-2; 5: 1-4, 2-3; ...) in two rows, each lit once thrown
since the last 7, and lit gold once its number is complete; the title says how many numbers are complete.
The cells come from ``hot_roller.NUMBERS``, the same data the rules and the seat use.
"""

from __future__ import annotations

from terminal.display import theme
from terminal.display.boards import HotRollerBoard
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer
from terminal.games.craps.hot_roller import NUMBERS
from terminal.i18n import Catalogue

_GROUP_GAP = 10.0  # design pixels between two numbers' combinations


class HotRollerView:
    """The board in the boards panel ``rect`` (design pixels): its title at ``title_at``, 4, 5 and 6's
    combinations in a row at ``rows_at[0]``, 8, 9 and 10's at ``rows_at[1]`` (fractions of the panel's
    height, from its foot): seven cells a row leave each combination room to be read on a 4:3 screen."""

    def __init__(
        self,
        sc: Scale,
        cat: Catalogue,
        static: Batch,
        dynamic: Batch,
        rect: tuple[float, float, float, float],
        title_at: float,
        rows_at: tuple[float, float],
    ) -> None:
        self.cat, self.sc = cat, sc
        x, y, w, h = rect
        s = sc
        self.title = Text(static, layer(2), s(x + 20), s(y + h * title_at), s(24), color=theme.GOLD,
                          anchor_x="left", bold=True)  # fmt: skip
        self.title.show(cat.text("display.hot_roller"), fit=s(w / 2))
        self.count = Text(dynamic, layer(2), s(x + w - 20), s(y + h * title_at), s(24), anchor_x="right",
                          bold=True)  # fmt: skip
        self.count_room = s(w / 2 - 40)
        self.cells: dict[int, tuple[object, Text, int]] = {}
        numbers = tuple(NUMBERS.items())
        for row, at in enumerate(rows_at):
            half = numbers[row * 3 : row * 3 + 3]
            combos = sum(len(codes) for _, codes in half)
            step = (w - 40 - _GROUP_GAP * (len(half) - 1)) / combos
            left, mid = x + 20, y + h * at
            for number, codes in half:
                for code in codes:
                    box, text = self._cell(dynamic, left, mid, step)
                    text.show(f"{code // 10}·{code % 10}", fit=s(step - 14))
                    self.cells[code] = (box, text, number)
                    left += step
                left += _GROUP_GAP

    def _cell(self, batch: Batch, left: float, mid: float, step: float) -> tuple[object, Text]:
        s = self.sc
        box = pyglet.shapes.BorderedRectangle(
            s(left), s(mid - 19), s(step - 8), s(38), border=s(2), color=theme.BLACK, border_color=theme.DIM,
            batch=batch, group=layer(1),
        )  # fmt: skip
        return box, Text(batch, layer(2), s(left + (step - 8) / 2), s(mid), s(22), bold=True)

    def draw(self, board: HotRollerBoard | None) -> None:
        """Light the cells and say how many numbers are complete (nothing lit before the first roll)."""
        marks = board.marks if board is not None else ()
        complete = board.complete if board is not None else ()
        for code, (box, text, number) in self.cells.items():
            lit = number in complete
            box.color = theme.HOT_COMPLETE if lit else theme.HOT_THROWN if code in marks else theme.BLACK  # type: ignore[attr-defined]
            text.show(text.label.text, theme.BLACK if lit else theme.WHITE)
        self.count.show(self.cat.text("display.hot_complete", count=len(complete)), fit=self.count_room)
