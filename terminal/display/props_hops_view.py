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
from terminal.games.props_hops.engine import PropsHopsView as PropsHopsRecord
from terminal.games.props_hops.rules import DEFAULT_GRID, FIELD, HOPS, OVER, UNDER, parse_grid
from terminal.games.props_hops.six_eight import SIX_EIGHT
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
        row_h = board_h * 0.135
        self.grid = parse_grid(DEFAULT_GRID)
        self.boxes: list[tuple[pyglet.shapes.BorderedRectangle, Text]] = []  # the grid's 21, row by row
        for k, row in enumerate(self.grid.rows):
            names = tuple(f"box_{a}_{b}" for a, b in row)
            self._row(names, y + board_h * (0.845 - 0.16 * k), row_h, x + 20, w - 40)
            self.boxes += [self.cells[n] for n in names]
        order = (HOPS[0], HOPS[1], HOPS[3], HOPS[2])  # Top, Left, Center, Right: as the seat
        self._row(order, y + board_h * 0.365, row_h, x + 20, w - 40, words=True)
        self._row((FIELD, UNDER, OVER), y + board_h * 0.205, row_h, x + 20, w - 40, words=True)
        self._shake_row(y + board_h * 0.045, row_h, x + 20, w - 40)
        self.dice = tuple(Die(self.dynamic, sc(self.radius * 0.42)) for _ in range(2))

    def _shake_row(self, y: float, h: float, x: float, w: float) -> None:
        """The Six Eight Shake's six combinations: each lit, with how many standing shakes marked it."""
        s = self.sc
        title_w = w * 0.2
        size = s(min(h * 0.4, 22))
        title = Text(
            self.static, layer(2), s(x + title_w / 2 + 4), s(y + h / 2), size, color=theme.GOLD, bold=True
        )
        title.show(self.cat.text("display.props_hops_shake"), fit=s(title_w - 6))
        self._keep.append(title)
        self.shake: dict[tuple[int, int], tuple[pyglet.shapes.BorderedRectangle, Text]] = {}
        step = (w - title_w) / len(SIX_EIGHT)
        for k, combo in enumerate(SIX_EIGHT):
            left = x + title_w + k * step
            box = pyglet.shapes.BorderedRectangle(
                s(left + 3), s(y), s(step - 6), s(h), border=max(1.0, s(2)), color=DARK,
                border_color=theme.GOLD, batch=self.dynamic, group=layer(1),
            )  # fmt: skip
            item = Text(
                self.dynamic, layer(2), s(left + step / 2), s(y + h / 2), s(min(h * 0.42, 24)), bold=True
            )
            item.show(_combo(combo), fit=s(step - 10))
            self.shake[combo] = (box, item)

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
        table = scene.state if isinstance(scene.state, PropsHopsRecord) else None
        if table is not None and table.hop_grid != self.grid.text:
            self._relabel(table.hop_grid)
        lit = props_hops_stage.winning_areas(pose.faces, self.grid) if pose.lit else ()
        self.static.draw()
        for name, (box, item) in self.cells.items():
            on = name in lit
            box.color = LIT if on else DARK
            item.show(item.text, theme.BLACK if on else theme.WHITE)
        self._marks(table.shake_marks if table is not None else ())
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

    def _relabel(self, text: str) -> None:
        """The grid the table configured (``[props_hops] hop_grid``, in the game's view): each box named and
        labelled by its combination, row by row."""
        try:
            grid = parse_grid(text)
        except ValueError:
            return  # not a grid this build can read: the last one stays
        combos = [combo for row in grid.rows for combo in row]
        for name in [n for n in self.cells if n.startswith("box_")]:
            del self.cells[name]
        for (a, b), (box, item) in zip(combos, self.boxes, strict=True):
            self.cells[f"box_{a}_{b}"] = (box, item)
            item.show(f"{a}-{b}")
        self.grid = grid

    def _marks(self, shakes: tuple[str, ...]) -> None:
        """Each combination lit where a standing shake has marked it; the count where more than one has."""
        counts = dict.fromkeys(SIX_EIGHT, 0)
        for marks in shakes:
            for text in marks.split():
                a, _, b = text.partition("-")
                if a.isdigit() and b.isdigit() and (int(a), int(b)) in counts:
                    counts[int(a), int(b)] += 1
        for combo, (box, item) in self.shake.items():
            n = counts[combo]
            box.color = LIT if n else DARK
            item.show(_combo(combo) + (f"×{n}" if n > 1 else ""), theme.BLACK if n else theme.WHITE)


def _combo(combo: tuple[int, int]) -> str:
    return f"{combo[0]}-{combo[1]}"
