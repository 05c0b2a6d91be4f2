"""The High Roll Dice stage: the throw box (a box for each face, Ace to Two, the winning face's lit) above
the felt where the dice are thrown; the set-aside dice sit in their face's box between the two throws.

The pose comes from :mod:`terminal.display.high_roll_stage`; this view only places the shapes.
"""

from __future__ import annotations

from terminal.display import high_roll_stage as stage
from terminal.display import theme
from terminal.display.dice_view import Die
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.layout import Rect
from terminal.display.scene import Scene
from terminal.i18n import Catalogue
from terminal.theme import looks

DARK: theme.RGBA = looks("display", "high_roll").rgba("dark")
TRAY_DICE = 10
BOX_DICE = 10


class HighRollView:
    """Paints the throw box and the dice inside ``rect`` (design pixels)."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.boxes, self.dynamic = Batch(), Batch(), Batch()
        self.x, self.y, self.w, self.h = rect
        x, y, w, h = rect
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        top, bottom = y + h * stage.TRAY_TOP, y + h * stage.TRAY_BOTTOM
        self._keep.append(
            pyglet.shapes.BorderedRectangle(
                sc(x + 16),
                sc(bottom),
                sc(w - 32),
                sc(top - bottom),
                border=max(1.0, sc(3)),
                color=theme.FELT,
                border_color=theme.WOOD,
                batch=self.static,
                group=layer(1),
            )
        )
        self.cells: dict[str, pyglet.shapes.BorderedRectangle] = {}
        self.names: dict[str, Text] = {}
        step = (w - 32) / len(stage.BOXES)
        low, high = y + h * stage.BOX_BOTTOM, y + h * stage.BOX_TOP
        for k, face in enumerate(stage.BOXES):
            left = x + 16 + k * step
            foot = low - h * 0.045
            self.cells[f"box_{face}"] = pyglet.shapes.BorderedRectangle(
                sc(left + 3), sc(foot), sc(step - 6), sc(high - foot), border=max(1.0, sc(2)),
                color=DARK, border_color=theme.GOLD, batch=self.boxes, group=layer(1),
            )  # fmt: skip
            size = sc(min(h * 0.035, 26))
            name = Text(self.dynamic, layer(3), sc(left + step / 2), sc(low - h * 0.02), size, bold=True)
            name.show(cat.text(f"display.high_roll_box_{face}"), theme.WHITE, fit=sc(step - 12))
            self.names[f"box_{face}"] = name
        tray_side = min(w * 0.1, h * 0.19)
        box_side = min(step * 0.4, h * 0.05)
        self.tray = tuple(Die(self.dynamic, sc(tray_side)) for _ in range(TRAY_DICE))
        self.boxed = tuple(Die(self.dynamic, sc(box_side)) for _ in range(BOX_DICE))

    def _at(self, px: float, py: float) -> tuple[float, float]:
        """A stage fraction as design pixels (the boxes span the panel less its margins)."""
        return self.x + 16 + px * (self.w - 32), self.y + py * self.h

    def draw(self, scene: Scene) -> None:
        """Paint the stage at ``scene.pose`` (a :class:`~terminal.display.high_roll_stage.HighRollPose`)."""
        pose = scene.pose
        if not isinstance(pose, stage.HighRollPose):
            raise TypeError(f"the High Roll stage needs a HighRollPose, not {type(pose).__name__}")
        s = self.sc
        self.static.draw()
        for name, box in self.cells.items():
            lit = name in pose.lit
            box.color = theme.GOLD if lit else DARK
            self.names[name].show(self.names[name].text, theme.BLACK if lit else theme.WHITE)
        self.boxes.draw()
        for dice, placed in ((self.tray, pose.tray), (self.boxed, pose.boxed)):
            for k, die in enumerate(dice):
                shown = k < len(placed)
                for shape in (die.body, *die.pips):
                    set_visible(shape, shown)
                if shown:
                    p = placed[k]
                    x, y = self._at(p.x, p.y)
                    die.place(s(x), s(y), p.face, p.spin)
        self.dynamic.draw()
