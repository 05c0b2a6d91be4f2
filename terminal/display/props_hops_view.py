"""The Props & Hops stage: the shaker (Sic Bo's wooden base, plate and glass dome, with two dice) above a
board of the hop grid's 21 boxes and a row of the Hop groups, Field, 1-6 and Under, 3-4 and Over, lit
where the shake wins.

The pose comes from :mod:`terminal.display.props_hops_stage`; this view only places the shapes.
"""

from __future__ import annotations

from terminal.display import props_hops_stage, theme
from terminal.display.dice_view import Die
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.layout import Rect
from terminal.display.scene import Scene
from terminal.display.sicbo_view import shaker
from terminal.games.props_hops.rules import DEFAULT_GRID, FIELD, HOPS, OVER, UNDER, parse_grid
from terminal.i18n import Catalogue
from terminal.theme import looks

LIT: theme.RGBA = theme.GOLD
DARK: theme.RGBA = looks("display", "props_hops").rgba("dark")
DOME: theme.RGBA = looks("display", "props_hops").rgba("dome")
DOME_RIM: theme.RGBA = looks("display", "props_hops").rgba("dome_rim")


class PropsHopsView:
    """Paints the shaker and the board inside ``rect`` (design pixels)."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        x, y, w, h = rect
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        board_h = h * 0.46
        self.radius = min(w * 0.3, (h - board_h) * 0.36)
        self.cx, self.cy = x + w / 2, y + board_h + (h - board_h) * 0.52
        self._build_shaker()
        self.cells: dict[str, tuple[pyglet.shapes.BorderedRectangle, Text]] = {}
        row_h = board_h * 0.16
        grid = parse_grid(DEFAULT_GRID)
        for k, row in enumerate(grid.rows):
            names = tuple(f"box_{a}_{b}" for a, b in row)
            self._row(names, y + board_h * (0.82 - 0.19 * k), row_h, x + 20, w - 40)
        order = (HOPS[0], HOPS[1], HOPS[3], HOPS[2])  # Top, Left, Center, Right: as the seat
        self._row(order, y + board_h * 0.25, row_h, x + 20, w - 40, words=True)
        self._row((FIELD, UNDER, OVER), y + board_h * 0.06, row_h, x + 20, w - 40, words=True)
        self.dice = tuple(Die(self.dynamic, sc(self.radius * 0.42)) for _ in range(2))

    def _build_shaker(self) -> None:
        kept, self.dome, self.dome_rim, self.knob = shaker(
            self.static, self.dynamic, self.sc, (self.cx, self.cy, self.radius), (DOME, DOME_RIM)
        )
        self._keep += kept

    def _row(
        self, names: tuple[str, ...], y: float, h: float, x: float, w: float, *, words: bool = False
    ) -> None:
        s, d = self.sc, self.dynamic
        texts = [
            self.cat.text(f"display.props_hops_area_{n}") if words else n[4:].replace("_", "-") for n in names
        ]
        weights = [len(t) + 6 if words else 1 for t in texts]
        lefts = [x + w * sum(weights[:k]) / sum(weights) for k in range(len(names) + 1)]
        for k, name in enumerate(names):
            left, step = lefts[k], lefts[k + 1] - lefts[k]
            box = pyglet.shapes.BorderedRectangle(
                s(left + 3), s(y), s(step - 6), s(h), border=max(1.0, s(2)), color=DARK,
                border_color=theme.GOLD, batch=d, group=layer(1),
            )  # fmt: skip
            item = Text(d, layer(2), s(left + step / 2), s(y + h / 2), s(min(h * 0.5, 28)), bold=True)
            item.show(texts[k], fit=s(step - 14))
            self.cells[name] = (box, item)

    def draw(self, scene: Scene) -> None:
        """Paint the stage at ``scene.pose`` (a :class:`~terminal.display.props_hops_stage.ShakerPose`)."""
        pose = scene.pose
        if not isinstance(pose, props_hops_stage.ShakerPose):
            raise TypeError(f"the Props & Hops stage needs a ShakerPose, not {type(pose).__name__}")
        s, r = self.sc, self.radius
        self.static.draw()
        for name, (box, item) in self.cells.items():
            lit = name in pose.lit
            box.color = LIT if lit else DARK
            item.show(item.text, theme.BLACK if lit else theme.WHITE)
        cx = self.cx + pose.shake * r
        for die, (px, py), face, spin in zip(self.dice, pose.places, pose.faces, pose.spins, strict=True):
            die.place(s(cx + px * r * 0.95), s(self.cy + py * r * 0.95), face, spin)
        closed = pose.lift < 1.0
        for shape in (self.dome, self.dome_rim, self.knob):
            set_visible(shape, closed)
        if closed:
            up = pose.lift * r * 1.6
            for shape in (self.dome, self.dome_rim, self.knob):
                shape.position = (s(cx), s(self.cy + up))
            self.dome.opacity = int(110 * (1.0 - pose.lift))
        self.dynamic.draw()
