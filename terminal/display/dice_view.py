"""The craps stage: a felt tray with two dice, the point boxes with the puck, and the side-wager boards."""

from __future__ import annotations

from terminal.display import dice_motion, theme
from terminal.display.boards import LuckyProgress
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel, set_visible
from terminal.display.model import CrapsInfo
from terminal.i18n import Catalogue

TX, TY, TW, TH = 40, 330, 1060, 615  # the tray
DIE = 150
POINT_Y = 175
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
    """Paints the tray, dice, puck and the Fire / Bonus / Lucky Shooter boards."""

    def __init__(self, sc: Scale, cat: Catalogue) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic, self.tray = Batch(), Batch(), Batch()
        s, _b, d = sc, self.static, self.dynamic
        self._keep: list[object] = [
            pyglet.shapes.RoundedRectangle(
                s(TX - 14),
                s(TY - 14),
                s(TW + 28),
                s(TH + 28),
                radius=s(30),
                color=theme.WOOD,
                batch=self.tray,
                group=layer(0),
            ),
            pyglet.shapes.RoundedRectangle(
                s(TX), s(TY), s(TW), s(TH), radius=s(22), color=theme.FELT, batch=self.tray, group=layer(1)
            ),
        ]
        self.dice = (Die(d, s(DIE)), Die(d, s(DIE)))
        self._build_points()
        self._build_boards()

    def _build_points(self) -> None:
        s, b, d = self.sc, self.static, self.dynamic
        self.point_boxes: list[pyglet.shapes.BorderedRectangle] = []
        for k, number in enumerate(POINTS):
            x = TX + 20 + k * 172
            box = pyglet.shapes.BorderedRectangle(
                s(x),
                s(POINT_Y - 10),
                s(150),
                s(130),
                border=s(3),
                color=theme.FELT,
                border_color=theme.WHITE,
                batch=b,
                group=layer(1),
            )
            self.point_boxes.append(box)
            word = number in (6, 9)
            label = Text(b, layer(2), s(x + 75), s(POINT_Y + 55), s(48 if word else 64), bold=True)
            label.show(self.cat.text(f"display.point_{number}") if word else str(number), fit=s(136))
            self._keep.append(label)
        self.puck = pyglet.shapes.Circle(0, 0, s(40), color=theme.WHITE, batch=d, group=layer(3))
        self.puck_text = Text(d, layer(4), 0, 0, s(26), color=theme.BLACK, bold=True)

    def _build_boards(self) -> None:
        s, b, d, cat = self.sc, self.static, self.dynamic, self.cat
        self._keep += panel(b, layer(0), s(1130), s(165), s(760), s(530), self.sc)
        rows = (("display.fire", 640), ("display.bonus", 500), ("display.lucky", 345))
        for key, y in rows:
            title = Text(b, layer(2), s(1150), s(y + 22), s(24), color=theme.GOLD, anchor_x="left", bold=True)
            title.show(cat.text(key))
            self._keep.append(title)
        self.shooter = Text(d, layer(2), s(1150), s(210), s(28), anchor_x="left", bold=True)
        self.fire = self._cells(POINTS, 1150, 590, 110)
        self.bonus = self._cells(BONUS, 1150, 450, 72)
        self.lucky = self._cells(POINTS, 1150, 295, 110)
        self.lucky_text = Text(d, layer(2), s(1870), s(367), s(24), anchor_x="right", bold=True)

    def _cells(
        self, numbers: tuple[int, ...], x0: float, y: float, step: float
    ) -> dict[int, tuple[object, Text]]:
        s = self.sc
        cells: dict[int, tuple[object, Text]] = {}
        for k, number in enumerate(numbers):
            box = pyglet.shapes.BorderedRectangle(
                s(x0 + k * step),
                s(y - 28),
                s(step - 12),
                s(56),
                border=s(2),
                color=theme.BLACK,
                border_color=theme.DIM,
                batch=self.dynamic,
                group=layer(1),
            )
            text = Text(self.dynamic, layer(2), s(x0 + k * step + (step - 12) / 2), s(y), s(28), bold=True)
            text.show(str(number))
            cells[number] = (box, text)
        return cells

    def draw_tray(self) -> None:
        """The felt tray, painted before the boards that sit on it."""
        self.tray.draw()

    def draw(
        self, pose: dice_motion.DicePose | None, craps: CrapsInfo | None, lucky: LuckyProgress | None
    ) -> None:
        """Paint the tray at ``pose`` and the boards from ``craps`` and ``lucky``."""
        self.static.draw()
        s = self.sc
        if pose is not None:
            for die, (fx, fy), face, spin in zip(
                self.dice, pose.positions, pose.faces, pose.spin_deg, strict=True
            ):
                die.place(s(TX + fx * TW), s(TY + fy * TH), face, spin)
        self._puck(craps)
        self._boards(craps, lucky)
        self.dynamic.draw()

    def _puck(self, craps: CrapsInfo | None) -> None:
        s = self.sc
        point = craps.point if craps is not None else None
        if point in POINTS:
            x = TX + 20 + POINTS.index(point) * 172 + 75
            self.puck.position, self.puck.color = (s(x), s(POINT_Y + 150)), theme.WHITE
            self.puck_text.label.position = (s(x), s(POINT_Y + 150), 0)
            self.puck_text.show(self.cat.text("display.puck_on"), theme.BLACK)
        else:
            self.puck.position, self.puck.color = (s(TX + TW - 60), s(POINT_Y + 150)), theme.BLACK
            self.puck_text.label.position = (s(TX + TW - 60), s(POINT_Y + 150), 0)
            self.puck_text.show(self.cat.text("display.puck_off"), theme.WHITE)

    def _boards(self, craps: CrapsInfo | None, lucky: LuckyProgress | None) -> None:
        cat = self.cat
        if craps is not None:
            line = f"{cat.text('display.shooter', shooter=craps.shooter)}   " + cat.text(
                "display.shooter_rolls", rolls=craps.rolls
            )
            if craps.new_shooter:
                line += f"   {cat.text('display.new_shooter')}"
            self.shooter.show(line)
        _light(self.fire, craps.fire_points if craps else (), (220, 80, 20, 255))
        _light(self.bonus, craps.bonus_marks if craps else (), (40, 120, 200, 255))
        marks = lucky.marks if lucky is not None else ()
        _light(self.lucky, marks, (200, 160, 20, 255), point=lucky.point if lucky else None)
        if lucky is None or lucky.point is None:
            self.lucky_text.show(cat.text("display.lucky_none"))
        else:
            self.lucky_text.show(
                f"{cat.text('display.lucky_point', point=lucky.point)}   "
                f"{cat.text('display.lucky_count', count=len(marks))}"
            )


def _light(
    cells: dict[int, tuple[object, Text]], on: tuple[int, ...], colour: theme.RGBA, point: int | None = None
) -> None:
    for number, (box, text) in cells.items():
        lit = number in on
        box.color = colour if lit else (255, 255, 255, 255) if number == point else theme.BLACK  # type: ignore[attr-defined]
        text.show(str(number), theme.BLACK if number == point and not lit else theme.WHITE)
