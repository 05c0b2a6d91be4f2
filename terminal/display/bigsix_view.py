"""The Big Six stage: a large upright wheel of 54 sections in the seed's order, a peg between each two,
the leather clapper at the top, and the venue's name on the flag section.

The wheel's face (sections, symbols, pegs, hub) is one batch built once and drawn turned by the pose's
angle (the view matrix), as the roulette wheel's; the rim, the clapper and the glow over the winning
section stay put. The pose comes from :mod:`terminal.display.bigsix_stage`.
"""

from __future__ import annotations

import math

from terminal.display import bigsix_stage, theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, label, layer, panel, set_visible
from terminal.display.layout import Rect
from terminal.display.mesh import Mesh, angle_grid, disc, ring
from terminal.display.scene import Scene
from terminal.games.bigsix.rules import SECTIONS

Mat4, Vec3 = pyglet.math.Mat4, pyglet.math.Vec3
PER = 3  # polygon segments per section
STEP = bigsix_stage.STEP


def _darker(c: theme.RGBA, f: float = 0.72) -> theme.RGBA:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f), c[3])


class BigSixView:
    """Paints the wheel inside ``rect`` (design pixels); ``venue`` is written on the flag section."""

    def __init__(self, sc: Scale, rect: Rect, venue: str, origin: pyglet.math.Mat4) -> None:
        self.sc, self.origin, self.venue = sc, origin, venue
        self.static, self.face, self.top = Batch(), Batch(), Batch()
        x, y, w, h = rect
        self._keep: list[object] = panel(self.static, layer(0), rect, sc)
        r = min(w * 0.46, h * 0.42)
        self.cx, self.cy, self.r = sc(x + w / 2), sc(y + h * 0.47), sc(r)
        self._build_rim()
        self._build_face()
        self._build_clapper()

    def _build_rim(self) -> None:
        cx, cy, r, b = self.cx, self.cy, self.r, self.static
        grid = angle_grid(SIZE_SEGMENTS)
        mesh = Mesh()
        mesh.add(ring(grid, cx, cy, r * 0.99, r * 1.07, 0, SIZE_SEGMENTS), theme.WOOD)
        mesh.add(ring(grid, cx, cy, r * 1.07, r * 1.1, 0, SIZE_SEGMENTS), theme.GOLD)
        self._keep.append(mesh.build(b, order=1))

    def _build_face(self) -> None:
        cx, cy, r, f = self.cx, self.cy, self.r, self.face
        grid = angle_grid(len(SECTIONS) * PER, 90.0 + STEP / 2)  # section k spans steps k*PER..(k+1)*PER
        mesh = Mesh()
        for k, symbol in enumerate(SECTIONS):
            colour = bigsix_stage.COLOURS[symbol]
            span = (k * PER, (k + 1) * PER)
            mesh.add(ring(grid, cx, cy, r * 0.42, r * 0.99, *span), colour)
            mesh.add(ring(grid, cx, cy, r * 0.3, r * 0.42, *span), _darker(colour))
        mesh.add(disc(angle_grid(72), cx, cy, r * 0.3), theme.WOOD)
        self._keep.append(mesh.build(f, order=0))
        words = layer(3)
        for k, symbol in enumerate(SECTIONS):
            mid = 90.0 - k * STEP
            rad = math.radians(mid)
            edge = math.radians(mid + STEP / 2)
            self._keep.append(
                pyglet.shapes.Line(
                    cx + r * 0.3 * math.cos(edge),
                    cy + r * 0.3 * math.sin(edge),
                    cx + r * 0.99 * math.cos(edge),
                    cy + r * 0.99 * math.sin(edge),
                    thickness=max(1.0, r * 0.006),
                    color=theme.GOLD,
                    batch=f,
                    group=layer(2),
                )
            )
            peg = pyglet.shapes.Circle(
                cx + r * 0.95 * math.cos(edge),
                cy + r * 0.95 * math.sin(edge),
                max(2.0, r * 0.014),
                color=theme.PEG,
                batch=f,
                group=layer(4),
            )
            self._keep.append(peg)
            text = self.venue if symbol == "flag" and self.venue else bigsix_stage.SHORT[symbol]
            long = len(text) > 2
            at = 0.66 if long else 0.84
            size = min(r * 0.05, r * 0.62 / max(1, len(text)) * 1.6) if long else r * 0.075
            ink = theme.BLACK if symbol == "flag" else theme.WHITE
            self._keep.append(
                label(
                    f,
                    words,
                    text,
                    cx + r * at * math.cos(rad),
                    cy + r * at * math.sin(rad),
                    size,
                    color=ink,
                    bold=True,
                    rotation=-mid if long else 90.0 - mid,
                )
            )
        self._keep.append(pyglet.shapes.Circle(cx, cy, r * 0.1, color=theme.GOLD, batch=f, group=layer(5)))

    def _build_clapper(self) -> None:
        cx, cy, r, t = self.cx, self.cy, self.r, self.top
        self.pivot = (cx, cy + r * 1.2)
        self.clapper = pyglet.shapes.Triangle(
            0, 0, 0, 0, 0, 0, color=theme.CLAPPER, batch=t, group=layer(2)
        )
        self.pin = pyglet.shapes.Circle(*self.pivot, r * 0.035, color=theme.GOLD, batch=t, group=layer(3))
        half = STEP / 2
        self.glow = pyglet.shapes.Sector(
            cx,
            cy,
            r * 0.99,
            angle=STEP,
            start_angle=90.0 - half,
            color=theme.WHEEL_GLOW,
            batch=t,
            group=layer(1),
        )
        self.glow_edge = pyglet.shapes.Arc(
            cx,
            cy,
            r * 0.99,
            angle=STEP,
            start_angle=90.0 - half,
            thickness=max(2.0, r * 0.012),
            color=theme.GOLD,
            batch=t,
            group=layer(1),
        )

    def draw(self, window: pyglet.window.Window, scene: Scene) -> None:
        """Paint the wheel at ``scene.pose`` (a :class:`~terminal.display.bigsix_stage.WheelPose`)."""
        pose = scene.pose
        if not isinstance(pose, bigsix_stage.WheelPose):
            raise TypeError(f"the Big Six stage needs a WheelPose, not {type(pose).__name__}")
        self.static.draw()
        window.view = (
            self.origin
            @ Mat4.from_translation(Vec3(self.cx, self.cy, 0.0))
            @ Mat4.from_rotation(math.radians(-pose.angle), Vec3(0.0, 0.0, 1.0))
            @ Mat4.from_translation(Vec3(-self.cx, -self.cy, 0.0))
        )
        self.face.draw()
        window.view = self.origin
        lean = math.radians(pose.clapper)
        px, py = self.pivot
        length, half = self.r * 0.3, self.r * 0.045
        tip = (px + length * math.sin(lean), py - length * math.cos(lean))
        left = (px - half * math.cos(lean), py - half * math.sin(lean))
        right = (px + half * math.cos(lean), py + half * math.sin(lean))
        self.clapper.x, self.clapper.y = left
        self.clapper.x2, self.clapper.y2 = right
        self.clapper.x3, self.clapper.y3 = tip
        set_visible(self.glow, pose.section is not None)
        set_visible(self.glow_edge, pose.section is not None)
        self.top.draw()


SIZE_SEGMENTS = 216
