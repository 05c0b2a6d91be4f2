"""The craps stage: a felt tray with two dice, the point boxes with the puck, and the side-wager boards
(Fire, Bonus, Lucky Shooter and the table's Hot Roller board)."""

from __future__ import annotations

from terminal.display import dice_motion, theme
from terminal.display.boards import HotRollerBoard, LuckyProgress
from terminal.display.gl import pyglet
from terminal.display.hot_roller_view import HotRollerView
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.layout import CrapsStage, die_size
from terminal.games.craps.engine import CrapsView
from terminal.i18n import Catalogue

POINTS = (4, 5, 6, 8, 9, 10)
BONUS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)
PIPS = {
    1: ((0, 0),),
    2: ((-1, 1), (1, -1)),
    3: ((-1, 1), (0, 0), (1, -1)),
    4: ((-1, 1), (1, 1), (-1, -1), (1, -1)),
    5: ((-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)),
    6: ((-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)),
}


class Die:
    """One die: a rounded body and up to six pips, turned and moved each frame."""

    def __init__(self, batch: Batch, size: float) -> None:
        self.size = size
        self.body = pyglet.shapes.RoundedRectangle(
            0, 0, size, size, radius=size * 0.16, color=theme.DIE, batch=batch, group=layer(1)
        )
        self.body.anchor_position = (size / 2, size / 2)
        self.pips = [
            pyglet.shapes.Circle(0, 0, size * 0.085, color=theme.PIP, batch=batch, group=layer(2))
            for _ in range(6)
        ]

    def place(self, x: float, y: float, face: int, spin_deg: float) -> None:
        import math

        self.body.position = (x, y)
        self.body.rotation = spin_deg
        a = math.radians(-spin_deg)
        spots = PIPS[face]
        for k, pip in enumerate(self.pips):
            set_visible(pip, k < len(spots))
            if k < len(spots):
                px, py = spots[k][0] * self.size * 0.27, spots[k][1] * self.size * 0.27
                pip.position = (
                    x + px * math.cos(a) - py * math.sin(a),
                    y + px * math.sin(a) + py * math.cos(a),
                )


class DiceView:
    """Paints the tray, dice, puck and the Fire / Bonus / Lucky Shooter boards of ``stage``."""

    def __init__(self, sc: Scale, cat: Catalogue, stage: CrapsStage) -> None:
        self.sc, self.cat, self.stage = sc, cat, stage
        self.static, self.dynamic, self.tray = Batch(), Batch(), Batch()
        s, d = sc, self.dynamic
        tx, ty, tw, th = stage.tray
        self._keep: list[object] = [
            pyglet.shapes.RoundedRectangle(
                s(tx - 14),
                s(ty - 14),
                s(tw + 28),
                s(th + 28),
                radius=s(30),
                color=theme.WOOD,
                batch=self.tray,
                group=layer(0),
            ),
            pyglet.shapes.RoundedRectangle(
                s(tx), s(ty), s(tw), s(th), radius=s(22), color=theme.FELT, batch=self.tray, group=layer(1)
            ),
        ]
        size = die_size(stage.tray)
        self.dice = (Die(d, s(size)), Die(d, s(size)))
        self._build_points()
        self._build_boards()

    def _build_points(self) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        x0, y0, w, h = self.stage.points
        step = (w - 40) / len(POINTS)
        self.point_x: dict[int, float] = {}
        words: list[Text] = []
        for k, number in enumerate(POINTS):
            x = x0 + 20 + k * step
            box = pyglet.shapes.BorderedRectangle(
                s(x),
                s(y0 + 5),
                s(step - 22),
                s(h - 20),
                border=s(3),
                color=theme.FELT,
                border_color=theme.WHITE,
                batch=b,
                group=layer(1),
            )
            self._keep.append(box)
            self.point_x[number] = x + (step - 22) / 2
            word = number in (6, 9)
            text = Text(
                b,
                layer(2),
                s(x + (step - 22) / 2),
                s(y0 + 5 + (h - 20) / 2),
                s(48 if word else 64),
                bold=True,
            )
            text.show(self.cat.text(f"display.point_{number}") if word else str(number), fit=s(step - 26))
            self._keep.append(text)
            words.extend([text] if word else [])
        smallest = min(float(t.label.font_size) for t in words)  # SIX and NINE alike, whichever is longer
        for text, number in zip(words, (6, 9), strict=True):
            if smallest < s(64) * 0.6:  # a narrow box: the word would be tiny beside the digits
                text.show(str(number), fit=s(step - 26))
                text.label.font_size = s(64)
            else:
                text.label.font_size = smallest
        self.puck_y = y0 + h + 20
        self.puck = pyglet.shapes.Circle(0, 0, s(48), color=theme.WHITE, batch=d, group=layer(3))
        self.puck_text = Text(d, layer(4), 0, 0, s(24), color=theme.BLACK, bold=True)

    def _build_boards(self) -> None:
        s, b, d, cat = self.sc, self.static, self.dynamic, self.cat
        x, y, w, h = self.stage.boards
        self._keep += panel(b, layer(0), self.stage.boards, self.sc)
        for key, at in (("display.fire", 0.951), ("display.bonus", 0.751), ("display.lucky", 0.551)):
            title = Text(
                b, layer(2), s(x + 20), s(y + h * at), s(24), color=theme.GOLD, anchor_x="left", bold=True
            )
            title.show(cat.text(key), fit=s(w / 2 if key == "display.lucky" else w - 40))
            self._keep.append(title)
        self.shooter = Text(d, layer(2), s(x + 20), s(y + h * 0.094), s(28), anchor_x="left", bold=True)
        self.shooter_room = s(w - 40)
        self.fire = self._cells(POINTS, y + h * 0.857)
        self.bonus = self._cells(BONUS, y + h * 0.657)
        self.lucky = self._cells(POINTS, y + h * 0.457)
        self.lucky_text = Text(
            d, layer(2), s(x + w - 20), s(y + h * 0.551), s(24), anchor_x="right", bold=True
        )
        self.hot = HotRollerView(s, cat, b, d, self.stage.boards, 0.351, (0.274, 0.194))
        self.lucky_room = s(w / 2 - 40)

    def _cells(self, numbers: tuple[int, ...], y: float) -> dict[int, tuple[object, Text]]:
        s = self.sc
        x0, _, w, _ = self.stage.boards
        step = min(120.0, (w - 40) / len(numbers))
        cells: dict[int, tuple[object, Text]] = {}
        for k, number in enumerate(numbers):
            left = x0 + 20 + k * step
            box = pyglet.shapes.BorderedRectangle(
                s(left),
                s(y - 28),
                s(step - 12),
                s(56),
                border=s(2),
                color=theme.BLACK,
                border_color=theme.DIM,
                batch=self.dynamic,
                group=layer(1),
            )
            text = Text(self.dynamic, layer(2), s(left + (step - 12) / 2), s(y), s(28), bold=True)
            text.show(str(number))
            cells[number] = (box, text)
        return cells

    def draw_tray(self) -> None:
        """The felt tray, painted before the boards that sit on it."""
        self.tray.draw()

    def draw(
        self,
        pose: dice_motion.DicePose | None,
        craps: CrapsView | None,
        lucky: LuckyProgress | None,
        hot: HotRollerBoard | None = None,
    ) -> None:
        """Paint the tray at ``pose`` and the boards from ``craps``, ``lucky`` and ``hot``."""
        self.static.draw()
        s = self.sc
        tx, ty, tw, th = self.stage.tray
        if pose is not None:
            for die, (fx, fy), face, spin in zip(
                self.dice, pose.positions, pose.faces, pose.spin_deg, strict=True
            ):
                die.place(s(tx + fx * tw), s(ty + fy * th), face, spin)
        self._puck(craps)
        self._boards(craps, lucky)
        self.hot.draw(hot)
        self.dynamic.draw()

    def _puck(self, craps: CrapsView | None) -> None:
        """ON over the point's box; OFF at the end of the row on the come-out."""
        s = self.sc
        point = craps.point if craps is not None else None
        tx, _, tw, _ = self.stage.tray
        on = point is not None and point in self.point_x
        x = self.point_x[point] if on and point is not None else tx + tw - 60
        self.puck.position, self.puck.color = (s(x), s(self.puck_y)), theme.WHITE if on else theme.BLACK
        self.puck_text.label.position = (s(x), s(self.puck_y), 0)
        key = "display.puck_on" if on else "display.puck_off"
        self.puck_text.show(self.cat.text(key), theme.BLACK if on else theme.WHITE, fit=s(90))

    def _boards(self, craps: CrapsView | None, lucky: LuckyProgress | None) -> None:
        cat = self.cat
        if craps is not None:
            line = f"{cat.text('display.shooter', shooter=craps.shooter)}   " + cat.text(
                "display.shooter_rolls", rolls=craps.rolls
            )
            if craps.new_shooter:
                line += f"   {cat.text('display.new_shooter')}"
            self.shooter.show(line, fit=self.shooter_room)
        _light(self.fire, craps.fire_points if craps else (), theme.FIRE_LIT)
        _light(self.bonus, craps.bonus_marks if craps else (), theme.BONUS_LIT)
        marks = lucky.marks if lucky is not None else ()
        _light(self.lucky, marks, theme.LUCKY_LIT, point=lucky.point if lucky else None)
        if lucky is None or lucky.point is None:
            self.lucky_text.show(cat.text("display.lucky_none"), fit=self.lucky_room)
        else:
            line = (
                f"{cat.text('display.lucky_point', point=lucky.point)}   "
                f"{cat.text('display.lucky_count', count=len(marks))}"
            )
            self.lucky_text.show(line, fit=self.lucky_room)


def _light(
    cells: dict[int, tuple[object, Text]], on: tuple[int, ...], colour: theme.RGBA, point: int | None = None
) -> None:
    for number, (box, text) in cells.items():
        lit = number in on
        box.color = colour if lit else theme.POINT_CELL if number == point else theme.BLACK  # type: ignore[attr-defined]
        text.show(str(number), theme.BLACK if number == point and not lit else theme.WHITE)
