"""The roulette wheel painter: a bowl that stays put, a face batch drawn rotated, and the ball.

The face (pockets, numbers, frets, cone) is one cached batch built once; each frame only the view matrix
(the wheel's angle) and the ball's position change. The face is one opaque mesh (each pixel painted once).
The ball track around the face is round and plain, so :meth:`WheelView.draw_turning` repaints a turning
frame over the last one: the face, the track's inner edge, and a wipe over the last ball; the rim, the
pointer and the rest of the track stay as they were.
"""

from __future__ import annotations

import math

from terminal.display import theme, wheel_motion
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, label, layer, set_visible
from terminal.display.mesh import Mesh, angle_grid, disc, ring
from terminal.games.roulette.wheels import DOUBLE_ZERO, is_red, pocket_text

Mat4, Vec3 = pyglet.math.Mat4, pyglet.math.Vec3

# Radii as fractions of the wheel's radius (the rings the ball moves between are wheel_motion's).
TRACK_OUT, TRACK_IN = wheel_motion.TRACK_OUTER, wheel_motion.TRACK_INNER
NUMBERS_OUT, NUMBERS_IN, NUMBER_AT = wheel_motion.TRACK_INNER, wheel_motion.NUMBERS_INNER, 0.735
CUPS_IN, BALL_SEAT, CONE, CONE_INNER = wheel_motion.POCKETS_INNER, wheel_motion.BALL_SEAT, 0.54, 0.40
PER = 2  # polygon segments per pocket: a rim of 74 or 76 sides, its edges under gold rings
SEAM = 0.82  # a turning frame repaints the track out to here (past the gold ring on the face's rim)


def pocket_colour(pocket: int) -> theme.RGBA:
    """Red, black or green."""
    if pocket in (0, DOUBLE_ZERO):
        return theme.GREEN
    return theme.RED if is_red(pocket) else theme.BLACK


def _darker(c: theme.RGBA, f: float = 0.7) -> theme.RGBA:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f), c[3])


class WheelView:
    """Paints one wheel of ``order`` centred on (cx, cy)."""

    def __init__(
        self,
        sc: Scale,
        cx: float,
        cy: float,
        radius: float,
        order: tuple[int, ...],
        origin: pyglet.math.Mat4 | None = None,
    ) -> None:
        """The wheel of ``order`` centred on (cx, cy) with ``radius`` (design pixels); ``origin`` is the
        view that places the design on the window (the wheel turns inside it)."""
        self.cx, self.cy, self.r, self.order = sc(cx), sc(cy), sc(radius), order
        self.origin = origin if origin is not None else Mat4()
        self.bowl, self.track, self.centre, self.face = Batch(), Batch(), Batch(), Batch()
        self.top, self.wipe, self.unspoke = Batch(), Batch(), Batch()
        self._keep: list[object] = []
        self._build_bowl()
        self._build_face(sc)
        ball_r = max(3.0, self.r * wheel_motion.BALL_SIZE)
        self.glow = pyglet.shapes.Arc(
            0,
            0,
            ball_r * 1.9,
            thickness=max(2.0, ball_r * 0.35),
            color=theme.GOLD,
            batch=self.top,
            group=layer(0),
        )
        self.ball = pyglet.shapes.Circle(0, 0, ball_r, color=theme.BALL, batch=self.top, group=layer(1))
        self.shine = pyglet.shapes.Circle(
            0, 0, ball_r * 0.35, color=theme.BALL_SHINE, batch=self.top, group=layer(2)
        )
        self.eraser = pyglet.shapes.Circle(
            0, 0, ball_r + 2.0, color=theme.TRACK, batch=self.wipe, group=layer(1)
        )
        seam = Mesh()  # the track's inner edge: a turning face's rim covers slightly different pixels
        seam.add(
            ring(angle_grid(180), self.cx, self.cy, self.r * (NUMBERS_OUT - 0.01), self.r * SEAM, 0, 180),
            theme.TRACK,
        )
        grid = self._grid()  # and the cups' inner edge, whose polygon turns with the face
        seam.add(
            ring(grid, self.cx, self.cy, self.r * (CUPS_IN - 0.01), self.r * (CONE + 0.01), 0, len(grid) - 1),
            theme.CONE,
        )
        self._add(seam.build(self.wipe, order=0))
        self._ball_at: tuple[float, float] | None = None  # where the last frame drew the ball
        self._spin: pyglet.math.Mat4 | None = None  # and how it turned the face

    def _add(self, shape: object) -> None:
        self._keep.append(shape)

    def _build_bowl(self) -> None:
        cx, cy, r, b, t = self.cx, self.cy, self.r, self.bowl, self.track
        rim = Mesh()  # rings, not discs: the track and face paint what lies inside
        grid = angle_grid(180)
        rim.add(ring(grid, cx, cy, r * 0.975, r, 0, 180), theme.WOOD_DARK)
        rim.add(ring(grid, cx, cy, r * (TRACK_OUT - 0.005), r * 0.975, 0, 180), theme.WOOD)
        self._add(rim.build(b, order=0))
        track = Mesh()  # a ring: the face covers what lies inside it, tucked a little under the face's edge
        track.add(ring(angle_grid(180), cx, cy, r * (NUMBERS_OUT - 0.01), r * TRACK_OUT, 0, 180), theme.TRACK)
        self._add(track.build(t, order=2))
        self._add(
            pyglet.shapes.Arc(
                cx,
                cy,
                r * TRACK_OUT,
                segments=180,
                thickness=max(1.0, r * 0.008),
                color=theme.GOLD,
                batch=t,
                group=layer(3),
            )
        )
        tip = cy + r * 0.985
        self._add(
            pyglet.shapes.Triangle(
                cx - r * 0.035,
                tip + r * 0.07,
                cx + r * 0.035,
                tip + r * 0.07,
                cx,
                tip - r * 0.02,
                color=theme.GOLD,
                batch=b,
                group=layer(4),
            )
        )

    def _build_face(self, sc: Scale) -> None:
        cx, cy, r, f, order = self.cx, self.cy, self.r, self.face, self.order
        step = wheel_motion.pocket_step(order)
        self._build_pockets()
        numbers = layer(5)  # one group for all: pyglet batches labels whose parent group is the same object
        for pocket in order:
            mid = wheel_motion.face_angle(order, pocket)
            rad = math.radians(mid)
            self._add(
                label(
                    f,
                    numbers,
                    pocket_text(pocket),
                    cx + r * NUMBER_AT * math.cos(rad),
                    cy + r * NUMBER_AT * math.sin(rad),
                    r * 0.062,
                    bold=True,
                    rotation=90.0 - mid,
                )
            )
            edge = math.radians(mid - step / 2)
            x1, y1 = cx + r * CUPS_IN * math.cos(edge), cy + r * CUPS_IN * math.sin(edge)
            x2, y2 = cx + r * NUMBERS_OUT * math.cos(edge), cy + r * NUMBERS_OUT * math.sin(edge)
            self._add(
                pyglet.shapes.Line(
                    x1, y1, x2, y2, thickness=max(1.0, r * 0.007), color=theme.GOLD, batch=f, group=layer(4)
                )
            )
        for radius, thick in ((NUMBERS_IN, 0.006), (NUMBERS_OUT, 0.008)):
            self._add(
                pyglet.shapes.Arc(
                    cx,
                    cy,
                    r * radius,
                    segments=180,
                    thickness=max(1.0, r * thick),
                    color=theme.GOLD,
                    batch=f,
                    group=layer(4),
                )
            )
        self._build_cross(self.face, theme.GOLD, theme.CROSS_LIGHT)
        self._build_cross(self.unspoke, theme.CONE_INNER, theme.CONE_INNER)

    def _grid(self) -> tuple[tuple[float, float], ...]:
        """The face's angles: pocket k spans steps k*PER .. (k+1)*PER."""
        step = wheel_motion.pocket_step(self.order)
        return angle_grid(len(self.order) * PER, 90.0 + step / 2)

    def _build_pockets(self) -> None:
        """The pockets' numbers and cups (turning), and the cone (round, still): opaque, each pixel once."""
        cx, cy, r, order = self.cx, self.cy, self.r, self.order
        grid = self._grid()
        mesh = Mesh()
        for k, pocket in enumerate(order):
            colour = pocket_colour(pocket)
            span = (k * PER, (k + 1) * PER)
            mesh.add(ring(grid, cx, cy, r * NUMBERS_IN, r * NUMBERS_OUT, *span), colour)
            mesh.add(ring(grid, cx, cy, r * CUPS_IN, r * NUMBERS_IN, *span), _darker(colour))
        self._add(mesh.build(self.face, order=0))
        cone = Mesh()
        outer = r * (CONE + 0.01)  # a little under the cups' edge, which turns
        cone.add(ring(grid, cx, cy, r * CONE_INNER, outer, 0, len(grid) - 1), theme.CONE)
        cone.add(disc(grid, cx, cy, r * CONE_INNER), theme.CONE_INNER)
        self._add(cone.build(self.centre, order=0))

    def _build_cross(self, f: Batch, gold: theme.RGBA, hub: theme.RGBA) -> None:
        """The turret's cross and hub in ``f`` (in the cone's colour: what wipes the last frame's cross)."""
        cx, cy, r = self.cx, self.cy, self.r
        for k in range(4):
            a = math.radians(45 + 90 * k)
            self._add(
                pyglet.shapes.Line(
                    cx,
                    cy,
                    cx + r * 0.33 * math.cos(a),
                    cy + r * 0.33 * math.sin(a),
                    thickness=r * 0.035,
                    color=gold,
                    batch=f,
                    group=layer(6),
                )
            )
            self._add(
                pyglet.shapes.Circle(
                    cx + r * 0.33 * math.cos(a),
                    cy + r * 0.33 * math.sin(a),
                    r * 0.035,
                    color=gold,
                    batch=f,
                    group=layer(7),
                )
            )
        self._add(pyglet.shapes.Circle(cx, cy, r * 0.08, color=gold, batch=f, group=layer(7)))
        self._add(pyglet.shapes.Circle(cx, cy, r * 0.045, color=hub, batch=f, group=layer(8)))

    def draw(self, window: pyglet.window.Window, pose: wheel_motion.WheelPose) -> None:
        """Paint the wheel at ``pose``."""
        self.bowl.draw()
        self.track.draw()
        self.centre.draw()
        self._turning(window, pose)

    def draw_turning(self, window: pyglet.window.Window, pose: wheel_motion.WheelPose) -> None:
        """Paint the face and the ball at ``pose`` over the last frame drawn by this view.

        The rim, the track and the cone stay; the last frame's ball is wiped with the track's colour (where
        it lay over the face, the face covers it again) and its cross with the cone's (drawn turned as it
        was, it covers exactly the same pixels). Before any full frame: the track and cone are painted too.
        """
        if self._ball_at is None or self._spin is None:
            self.track.draw()
            self.centre.draw()
        else:
            self.eraser.position = self._ball_at
            self.wipe.draw()
            window.view = self._spin
            self.unspoke.draw()
            window.view = self.origin
        self._turning(window, pose)

    def _turning(self, window: pyglet.window.Window, pose: wheel_motion.WheelPose) -> None:
        spin = (
            self.origin
            @ Mat4.from_translation(Vec3(self.cx, self.cy, 0.0))
            @ Mat4.from_rotation(math.radians(pose.wheel_deg), Vec3(0.0, 0.0, 1.0))
            @ Mat4.from_translation(Vec3(-self.cx, -self.cy, 0.0))
        )
        window.view = spin
        self.face.draw()
        window.view = self.origin
        self._spin = spin
        radius = self.r * wheel_motion.ball_ring(pose.ball_radius)
        rad = math.radians(pose.ball_deg)
        x, y = self.cx + radius * math.cos(rad), self.cy + radius * math.sin(rad)
        self.ball.position = (x, y)
        self.shine.position = (x - self.ball.radius * 0.3, y + self.ball.radius * 0.3)
        self.glow.position = (x, y)
        set_visible(self.glow, pose.landed)
        self.top.draw()
        self._ball_at = (x, y)
