"""The Sic Bo stage: the shaker (a wooden base, a plate, three dice under a glass dome) above a board of
the layout's areas, lit where the roll wins: Small, Any Triple, Big; the totals 4 to 17; each face shown.

The pose comes from :mod:`terminal.display.sicbo_stage`; this view only places the shapes.
"""

from __future__ import annotations

from terminal.display import sicbo_stage, theme
from terminal.display.dice_view import Die
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.layout import Rect
from terminal.display.scene import Scene
from terminal.i18n import Catalogue
from terminal.theme import looks

LIT: theme.RGBA = theme.GOLD
DARK: theme.RGBA = looks("display", "sicbo").rgba("dark")
DOME: theme.RGBA = looks("display", "sicbo").rgba("dome")
DOME_RIM: theme.RGBA = looks("display", "sicbo").rgba("dome_rim")
AREAS = ("small", "any_triple", "big")


class SicBoView:
    """Paints the shaker and the board inside ``rect`` (design pixels)."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        x, y, w, h = rect
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        board_h = h * 0.36
        self.radius = r = min(w * 0.3, (h - board_h) * 0.36)
        self.cx, self.cy = x + w / 2, y + board_h + (h - board_h) * 0.52
        self._build_shaker()
        self.cells: dict[str, tuple[pyglet.shapes.BorderedRectangle, Text | Die]] = {}
        rows = (y + board_h * 0.70, y + board_h * 0.42, y + board_h * 0.12)
        row_h = board_h * 0.24
        self._row(AREAS, rows[0], row_h, x + 20, w - 40, words=True)
        self._row(tuple(f"total_{n}" for n in range(4, 18)), rows[1], row_h, x + 20, w - 40)
        self._row(tuple(f"face_{n}" for n in range(1, 7)), rows[2], row_h, x + 20, w - 40, dice=True)
        self.dice = tuple(Die(self.dynamic, sc(r * 0.42)) for _ in range(3))

    def _build_shaker(self) -> None:
        kept, self.dome, self.dome_rim, self.knob = shaker(
            self.static, self.dynamic, self.sc, (self.cx, self.cy, self.radius), (DOME, DOME_RIM)
        )
        self._keep += kept

    def _row(
        self,
        names: tuple[str, ...],
        y: float,
        h: float,
        x: float,
        w: float,
        *,
        words: bool = False,
        dice: bool = False,
    ) -> None:
        s, d = self.sc, self.dynamic
        texts = [self.cat.text(f"display.sicbo_area_{name}") if words else name for name in names]
        weights = [len(text) + 6 if words else 1 for text in texts]  # a longer name, a wider area
        lefts = [x + w * sum(weights[:k]) / sum(weights) for k in range(len(names) + 1)]
        for k, name in enumerate(names):
            left, step = lefts[k], lefts[k + 1] - lefts[k]
            box = pyglet.shapes.BorderedRectangle(
                s(left + 3),
                s(y),
                s(step - 6),
                s(h),
                border=max(1.0, s(2)),
                color=DARK,
                border_color=theme.GOLD,
                batch=d,
                group=layer(1),
            )
            centre = (s(left + step / 2), s(y + h / 2))
            item: Text | Die
            if dice:
                item = Die(d, s(min(h * 0.8, step * 0.6)))
                item.place(*centre, int(name[5:]), 0.0)
            else:
                item = Text(d, layer(2), *centre, s(min(h * 0.5, 30)), bold=True)
                text = self.cat.text(f"display.sicbo_area_{name}") if words else name[6:]
                item.show(text, fit=s(step - 14))
            self.cells[name] = (box, item)

    def draw(self, scene: Scene) -> None:
        """Paint the stage at ``scene.pose`` (a :class:`~terminal.display.sicbo_stage.ShakerPose`)."""
        pose = scene.pose
        if not isinstance(pose, sicbo_stage.ShakerPose):
            raise TypeError(f"the Sic Bo stage needs a ShakerPose, not {type(pose).__name__}")
        s, r = self.sc, self.radius
        self.static.draw()
        for name, (box, item) in self.cells.items():
            lit = name in pose.lit
            box.color = LIT if lit else DARK
            if isinstance(item, Text):
                item.show(item.text, theme.BLACK if lit else theme.WHITE)
        cx = self.cx + pose.shake * r
        for die, (px, py), face, spin in zip(self.dice, pose.places, pose.faces, pose.spins, strict=True):
            die.place(s(cx + px * r * 0.95), s(self.cy + py * r * 0.95), face, spin)
        closed = pose.lift < 1.0
        for shape in (self.dome, self.dome_rim, self.knob):
            set_visible(shape, closed)
        if closed:
            up = pose.lift * r * 1.6
            self.dome.position = (s(cx), s(self.cy + up))
            self.dome_rim.position = (s(cx), s(self.cy + up))
            self.knob.position = (s(cx), s(self.cy + up))
            self.dome.opacity = int(110 * (1.0 - pose.lift))
        self.dynamic.draw()


def shaker(
    static: Batch, dynamic: Batch, s: Scale, at: tuple[float, float, float],
    dome: tuple[theme.RGBA, theme.RGBA],
) -> tuple[list[object], pyglet.shapes.Circle, pyglet.shapes.Arc, pyglet.shapes.Circle]:
    """The dice shaker at ``at`` (centre x, y and radius): its wooden base, felt and gold ring (kept, in
    ``static``), and the dome, its rim and the knob (``dynamic``: they lift), the dome in ``dome``'s
    colours. Sic Bo's three dice and Props & Hops' two are shaken under the same one."""
    cx, cy, r = at
    kept: list[object] = [
        pyglet.shapes.Ellipse(
            s(cx),
            s(cy - r * 0.98),
            s(r * 1.25),
            s(r * 0.32),
            color=theme.WOOD_DARK,
            batch=static,
            group=layer(1),
        ),
        pyglet.shapes.Circle(s(cx), s(cy), s(r * 1.06), color=theme.WOOD, batch=static, group=layer(1)),
        pyglet.shapes.Circle(s(cx), s(cy), s(r), color=theme.FELT, batch=static, group=layer(2)),
        pyglet.shapes.Arc(s(cx), s(cy), s(r), thickness=s(6), color=theme.GOLD, batch=static, group=layer(3)),
    ]
    cover = pyglet.shapes.Circle(s(cx), s(cy), s(r * 0.97), color=dome[0], batch=dynamic, group=layer(5))
    rim = pyglet.shapes.Arc(
        s(cx), s(cy), s(r * 0.97), thickness=s(4), color=dome[1], batch=dynamic, group=layer(6)
    )
    knob = pyglet.shapes.Circle(s(cx), s(cy), s(r * 0.12), color=theme.GOLD, batch=dynamic, group=layer(6))
    return kept, cover, rim, knob
