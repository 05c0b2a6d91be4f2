"""The Crapless Craps stage: the craps tray with its two dice, ten point boxes (2 to 12) with the puck, and
two rows of cells: the Fire Bet's points made and the totals marked for Hard Rock'n Dice.

The dice are the craps ones (:class:`~terminal.display.dice_view.Die`, placed by the pose of
:mod:`terminal.display.crapless_stage`); the puck and the cells read the game's view record
(:class:`~terminal.games.crapless.engine.CraplessView`) as the scene's boards hold it, so nothing moves on
them before the dice rest. This view only places the shapes.
"""

from __future__ import annotations

from terminal.display import theme
from terminal.display.dice_motion import DicePose
from terminal.display.dice_view import Die
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel
from terminal.display.layout import Rect
from terminal.display.scene import Scene
from terminal.games.crapless.engine import CraplessView
from terminal.games.crapless.rules import POINTS
from terminal.i18n import Catalogue

_BOARD = 0.15  # of the stage's height: the two rows of cells at its foot
_POINTS = (0.17, 0.33)  # the point boxes' band; the puck sits over it, under the tray
_TRAY = 0.47  # where the felt starts


class CraplessStageView:
    """Paints the tray, dice, point boxes, puck and the Fire and marks rows inside ``rect`` (design px)."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        x, y, w, h = rect
        s = sc
        self.tray = (x + 14, y + h * _TRAY, w - 28, h * (1 - _TRAY) - 14)
        tx, ty, tw, th = self.tray
        self._keep: list[object] = [
            pyglet.shapes.RoundedRectangle(s(tx - 14), s(ty - 14), s(tw + 28), s(th + 28), radius=s(30),
                                           color=theme.WOOD, batch=self.static, group=layer(0)),
            pyglet.shapes.RoundedRectangle(s(tx), s(ty), s(tw), s(th), radius=s(22), color=theme.FELT,
                                           batch=self.static, group=layer(1)),
        ]  # fmt: skip
        size = min(150.0, tw * 0.142, th * 0.3)
        self.dice = (Die(self.dynamic, s(size)), Die(self.dynamic, s(size)))
        self._build_points(x, y + h * _POINTS[0], w, h * (_POINTS[1] - _POINTS[0]))
        self._keep += panel(self.static, layer(0), (x, y, w, h * _BOARD), sc)
        row = h * _BOARD / 2
        self.fire = self._cells("display.crapless_fire", x, y + row, w, row)
        self.marks = self._cells("display.crapless_marks", x, y, w, row)

    def _build_points(self, x: float, y: float, w: float, h: float) -> None:
        s, b = self.sc, self.static
        step = (w - 20) / len(POINTS)
        self.point_x: dict[int, float] = {}
        numbers: list[Text] = []
        for k, number in enumerate(POINTS):
            left = x + 10 + k * step
            box = pyglet.shapes.BorderedRectangle(s(left + 4), s(y), s(step - 8), s(h), border=s(3),
                                                  color=theme.FELT, border_color=theme.WHITE, batch=b,
                                                  group=layer(1))  # fmt: skip
            self._keep.append(box)
            self.point_x[number] = left + step / 2
            text = Text(b, layer(2), s(left + step / 2), s(y + h / 2), s(min(60, h * 0.5)), bold=True)
            text.show(str(number), theme.GOLD if number in (6, 8) else theme.WHITE, fit=s(step - 16))
            self._keep.append(text)
            numbers.append(text)
        smallest = min(float(t.label.font_size) for t in numbers)  # 10, 11 and 12 set the size of all
        for text in numbers:
            text.label.font_size = smallest
        gap = self.tray[1] - 14 - (y + h)  # between the boxes and the tray's wood
        self.puck_r = min(48.0, gap * 0.5)
        self.puck_y = y + h + gap / 2
        self.puck = pyglet.shapes.Circle(0, 0, s(self.puck_r), color=theme.WHITE, batch=self.dynamic,
                                         group=layer(3))  # fmt: skip
        self.puck_text = Text(self.dynamic, layer(4), 0, 0, s(24), color=theme.BLACK, bold=True)

    def _cells(self, key: str, x: float, y: float, w: float, h: float) -> dict[int, tuple[object, Text]]:
        s = self.sc
        title_w = w * 0.3
        title = Text(self.static, layer(2), s(x + 20), s(y + h / 2), s(min(26, h * 0.45)), color=theme.GOLD,
                     anchor_x="left", bold=True)  # fmt: skip
        title.show(self.cat.text(key), fit=s(title_w - 30))
        self._keep.append(title)
        step = (w - title_w - 20) / len(POINTS)
        cells: dict[int, tuple[object, Text]] = {}
        for k, number in enumerate(POINTS):
            left = x + title_w + k * step
            box = pyglet.shapes.BorderedRectangle(s(left + 3), s(y + 6), s(step - 6), s(h - 12), border=s(2),
                                                  color=theme.BLACK, border_color=theme.DIM,
                                                  batch=self.dynamic, group=layer(1))  # fmt: skip
            text = Text(
                self.dynamic, layer(2), s(left + step / 2), s(y + h / 2), s(min(28, h * 0.5)), bold=True
            )
            text.show(str(number), fit=s(step - 10))
            cells[number] = (box, text)
        return cells

    def draw(self, scene: Scene) -> None:
        """Paint the stage at ``scene.pose`` (a dice pose) with the table of ``scene.state``."""
        pose = scene.pose
        if not isinstance(pose, DicePose):
            raise TypeError(f"the crapless stage needs a DicePose, not {type(pose).__name__}")
        table = scene.state if isinstance(scene.state, CraplessView) else None
        s = self.sc
        self.static.draw()
        tx, ty, tw, th = self.tray
        for die, (fx, fy), face, spin in zip(
            self.dice, pose.positions, pose.faces, pose.spin_deg, strict=True
        ):
            die.place(s(tx + fx * tw), s(ty + fy * th), face, spin)
        self._puck(table.point if table is not None else None)
        _light(self.fire, table.fire_points if table is not None else (), theme.FIRE_LIT)
        _light(self.marks, table.marks if table is not None else (), theme.GOLD)
        self.dynamic.draw()

    def _puck(self, point: int | None) -> None:
        """ON over the point's box; OFF at the end of the row on the come-out (as at craps)."""
        s = self.sc
        on = point in self.point_x
        tx, _, tw, _ = self.tray
        x = self.point_x[point] if point is not None and on else tx + tw - self.puck_r - 10
        y = self.puck_y
        self.puck.position, self.puck.color = (s(x), s(y)), theme.WHITE if on else theme.BLACK
        self.puck_text.label.position = (s(x), s(y), 0)
        key = "display.puck_on" if on else "display.puck_off"
        ink = theme.BLACK if on else theme.WHITE
        self.puck_text.show(self.cat.text(key), ink, fit=s(self.puck_r * 2 - 4))


def _light(cells: dict[int, tuple[object, Text]], on: tuple[int, ...], colour: theme.RGBA) -> None:
    for number, (box, text) in cells.items():
        lit = number in on
        box.color = colour if lit else theme.BLACK  # type: ignore[attr-defined]
        text.show(str(number), theme.BLACK if lit else theme.WHITE)
