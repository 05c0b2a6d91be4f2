"""The Three Dice Football stage: the football field with the drive, and the down's three dice (two green,
one red) thrown onto a tray below it.

The field (§ 661a.2(b)): the end zone on the left, yard lines 0 to 23 with the 10 and the 20 marked, the
ball on the drive's yard line, and above it the series, down and play (``1st & Goal · Play 3``) or the
extra point roll, and how the last game ended. It reads the game's view record the scene holds
(:attr:`~terminal.display.scene.Scene.state`: the drive before the result until the dice rest). The dice
come from :mod:`terminal.display.tdf_stage`; this view only places the shapes.
"""

from __future__ import annotations

from terminal.display import tdf_stage, theme
from terminal.display.dice_view import Die
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer, panel
from terminal.display.layout import Rect
from terminal.display.scene import Scene
from terminal.games.tdf.engine import TdfView as DriveView
from terminal.games.tdf.rules import MAX_YARD, SCORED
from terminal.i18n import Catalogue
from terminal.theme import looks

_LOOKS = looks("display", "tdf")
GRASS, GRASS_DARK, END_ZONE = _LOOKS.rgba("grass"), _LOOKS.rgba("grass_dark"), _LOOKS.rgba("end_zone")
LINE, BALL, FIRST = _LOOKS.rgba("line"), _LOOKS.rgba("ball"), _LOOKS.rgba("first_down")
GREEN_DIE, RED_DIE, PIPS = _LOOKS.rgba("green_die"), _LOOKS.rgba("red_die"), _LOOKS.rgba("pips")
_ENDS = {
    "td": "display.tdf_end_td",
    "trips_td": "display.tdf_end_trips",
    "turnover": "display.tdf_end_turnover",
    "downs": "display.tdf_end_downs",
    "extra_point": "display.tdf_end_extra_point",
}


def down_key(view: DriveView) -> tuple[str, dict[str, str]]:
    """The catalogue key and fields of what the next throw is: a down of a series, or the extra point."""
    if view.extra_point:
        return "display.tdf_extra_point_roll", {}
    series = "goal" if view.goal else "down"
    return f"display.tdf_{series}_{view.down}", {"play": str(view.play)}


class TdfStageView:
    """Paints the field and the dice inside ``rect`` (design pixels)."""

    def __init__(self, sc: Scale, cat: Catalogue, rect: Rect) -> None:
        self.sc, self.cat = sc, cat
        self.static, self.dynamic = Batch(), Batch()
        x, y, w, h = rect
        s = sc
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        pad = w * 0.03
        self.field = (x + pad, y + h * 0.36, w - 2 * pad, h * 0.42)
        fx, fy, fw, fh = self.field
        self.zone_w = fw * 0.09
        self._keep.append(
            pyglet.shapes.Rectangle(
                s(fx), s(fy), s(fw), s(fh), color=GRASS, batch=self.static, group=layer(1)
            )
        )
        for k in range(0, MAX_YARD, 2):  # mown stripes every two yards
            left, right = self.yard_x(k + 1), self.yard_x(k + 2)
            self._keep.append(
                pyglet.shapes.Rectangle(
                    s(left),
                    s(fy),
                    s(right - left),
                    s(fh),
                    color=GRASS_DARK,
                    batch=self.static,
                    group=layer(1),
                )
            )
        self._keep.append(
            pyglet.shapes.Rectangle(
                s(fx), s(fy), s(self.zone_w), s(fh), color=END_ZONE, batch=self.static, group=layer(2)
            )
        )
        self._keep.append(
            _static_text(
                self.static,
                s,
                "TD",
                fx + self.zone_w / 2,
                fy + fh * 0.82,
                min(fh * 0.3, self.zone_w * 0.45),
                theme.GOLD,
            )
        )
        for yard in range(MAX_YARD + 1):
            major = yard in (0, 10, 20)
            lx = self.yard_x(yard)
            self._keep.append(
                pyglet.shapes.Line(
                    s(lx),
                    s(fy),
                    s(lx),
                    s(fy + fh),
                    thickness=s(5 if major else 2),
                    color=LINE,
                    batch=self.static,
                    group=layer(3),
                )
            )
            if yard and yard % 5 == 0:
                self._keep.append(
                    _static_text(self.static, s, str(yard), lx, fy + fh * 0.14, fh * 0.16, LINE)
                )
        self.marker = pyglet.shapes.Rectangle(
            0, s(fy), s(5), s(fh), color=FIRST, batch=self.dynamic, group=layer(4)
        )
        self.ball = pyglet.shapes.Ellipse(
            0, 0, s(fh * 0.16), s(fh * 0.1), color=BALL, batch=self.dynamic, group=layer(5)
        )
        self.lace = pyglet.shapes.Rectangle(
            0, 0, s(fh * 0.12), s(3), color=LINE, batch=self.dynamic, group=layer(6)
        )
        self.down = Text(self.dynamic, layer(2), s(x + w / 2), s(y + h * 0.9), s(h * 0.075), bold=True)
        self.ended = Text(
            self.dynamic, layer(2), s(x + w / 2), s(y + h * 0.82), s(h * 0.055), color=theme.GOLD, bold=True
        )
        self.room = s(w - 2 * pad)
        tray_h = h * 0.3
        self.die_side = min(tray_h * 0.62, w * 0.11)
        self.tray_c = (x + w / 2, y + tray_h * 0.66)
        self.dice = tuple(Die(self.dynamic, s(self.die_side)) for _ in range(3))
        for k, die in enumerate(self.dice):
            die.body.color = RED_DIE if k == 2 else GREEN_DIE
            for pip in die.pips:
                pip.color = PIPS
        self.offense = Text(self.dynamic, layer(2), 0, s(y + tray_h * 0.2), s(h * 0.045), color=theme.WHITE)
        self.defense = Text(self.dynamic, layer(2), 0, s(y + tray_h * 0.2), s(h * 0.045), color=theme.WHITE)

    def yard_x(self, yard: float) -> float:
        """Design x of ``yard`` yards to go: the goal line at the end zone's edge, the 23 at the far end."""
        fx, _, fw, _ = self.field
        return fx + self.zone_w + (fw - self.zone_w) * yard / (MAX_YARD + 0.6)

    def draw(self, scene: Scene) -> None:
        """Paint the stage at ``scene.pose`` (a :class:`~terminal.display.tdf_stage.ThrowPose`) over the
        drive of ``scene.state``."""
        pose = scene.pose
        if not isinstance(pose, tdf_stage.ThrowPose):
            raise TypeError(f"the Three Dice Football stage needs a ThrowPose, not {type(pose).__name__}")
        s = self.sc
        self.static.draw()
        view = scene.state if isinstance(scene.state, DriveView) else None
        self._drive(view)
        cx, cy = self.tray_c
        step = self.die_side * 1.15
        for die, (px, py), face, spin in zip(self.dice, pose.places, pose.faces, pose.spins, strict=True):
            die.place(s(cx + px * step), s(cy + py * step * 0.5), face, spin)
        self.offense.show(self.cat.text("display.tdf_offense"), fit=s(step * 1.7))
        self.offense.label.x = s(cx - step * 0.6)
        self.defense.show(self.cat.text("display.tdf_defense"), fit=s(step * 1.5))
        self.defense.label.x = s(cx + REST_RED * step)
        self.dynamic.draw()

    def _drive(self, view: DriveView | None) -> None:
        s = self.sc
        _, fy, _, fh = self.field
        yard: float = 20
        ended = ""
        if view is not None:
            yard = view.yard
            over = view.extra_point or (view.play == 1 and view.last_end in _ENDS)  # the last game's end
            if over:
                scored = view.extra_point or view.last_end in SCORED or view.last_end == "extra_point"
                yard = -1.0 if scored else view.last_yard  # -1: a touchdown, the ball in the end zone
                ended = self.cat.text(_ENDS[view.last_end]) if view.last_end in _ENDS else ""
            key, args = down_key(view)
            self.down.show(self.cat.text(key, **args), fit=self.room)
        else:
            self.down.show(self.cat.text("display.tdf_down_1", play="1"), fit=self.room)
        self.ended.show(ended, fit=self.room)
        bx = self.yard_x(yard) if yard >= 0 else self.field[0] + self.zone_w * 0.55
        self.marker.position = (s(bx) - s(2.5), s(fy))
        self.ball.position = (s(bx), s(fy + fh * 0.55))
        self.lace.position = (s(bx - fh * 0.06), s(fy + fh * 0.55) - s(1.5))


REST_RED = tdf_stage.REST[2][0]


def _static_text(
    batch: Batch, s: Scale, text: str, x: float, y: float, size: float, colour: theme.RGBA
) -> Text:
    label = Text(batch, layer(4), s(x), s(y), s(size), color=colour, bold=True)
    label.show(text)
    return label
