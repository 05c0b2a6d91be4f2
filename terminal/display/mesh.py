"""Opaque flat-coloured triangles in one vertex list: rings and ring sectors that never overlap.

pyglet's shapes blend every pixel and a wheel built from whole discs and sectors paints most pixels three
or four times; in software GL both cost. A :class:`Mesh` is drawn without blending, and rings built on one
angle grid share their edge points exactly, so neighbours meet without gaps or overlaps.

>>> grid = angle_grid(4)
>>> len(ring(grid, 0.0, 0.0, 1.0, 2.0, 0, 4))  # 4 segments x 2 triangles x 3 points
24
>>> len(ring(grid, 0.0, 0.0, 0.0, 2.0, 0, 4))  # a fan: one triangle per segment
12
>>> len(disc(grid, 0.0, 0.0, 2.0))  # a square in two triangles
6
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from terminal.display import theme
from terminal.display.gl import pyglet
from terminal.display.kit import Batch

Point = tuple[float, float]


def angle_grid(segments: int, start_deg: float = 0.0) -> tuple[tuple[float, float], ...]:
    """``segments + 1`` unit vectors going clockwise from ``start_deg`` round the whole circle."""
    step = 360.0 / segments
    return tuple(
        (math.cos(math.radians(start_deg - k * step)), math.sin(math.radians(start_deg - k * step)))
        for k in range(segments + 1)
    )


def ring(
    grid: Sequence[tuple[float, float]],
    cx: float,
    cy: float,
    inner: float,
    outer: float,
    first: int,
    last: int,
) -> list[Point]:
    """Triangles of the ring between radii ``inner`` and ``outer`` over grid steps ``first``..``last``."""
    points: list[Point] = []
    for k in range(first, last):
        (c0, s0), (c1, s1) = grid[k], grid[k + 1]
        o0, o1 = (cx + outer * c0, cy + outer * s0), (cx + outer * c1, cy + outer * s1)
        if inner <= 0.0:
            points += [(cx, cy), o0, o1]
            continue
        i0, i1 = (cx + inner * c0, cy + inner * s0), (cx + inner * c1, cy + inner * s1)
        points += [i0, o0, o1, i0, o1, i1]
    return points


def disc(grid: Sequence[tuple[float, float]], cx: float, cy: float, radius: float) -> list[Point]:
    """Triangles of a disc on ``grid``'s points, zig-zagging across it: wide triangles, not thin slices.

    Software rasterisers pay per triangle and per tile a triangle touches; a fan of slivers from the
    centre touches every central tile many times.
    """
    rim = [(cx + radius * c, cy + radius * s) for c, s in grid[:-1]]
    points: list[Point] = []
    lo, hi = 0, len(rim) - 1
    while hi - lo >= 2:
        points += [rim[lo], rim[lo + 1], rim[hi]]
        lo += 1
        if hi - lo >= 2:
            points += [rim[lo], rim[hi - 1], rim[hi]]
            hi -= 1
    return points


class OpaqueGroup(pyglet.graphics.Group):
    """Draws with pyglet's shape shader and blending off."""

    def __init__(self, program: pyglet.graphics.shader.ShaderProgram, order: int = 0) -> None:
        super().__init__(order=order)
        self.program = program

    def set_state(self) -> None:
        self.program.bind()
        pyglet.gl.glDisable(pyglet.gl.GL_BLEND)

    def unset_state(self) -> None:
        self.program.unbind()


class Mesh:
    """Coloured triangles added piece by piece, then built once into ``batch``."""

    def __init__(self) -> None:
        self.points: list[Point] = []
        self.colours: list[int] = []

    def add(self, points: list[Point], colour: theme.RGBA) -> None:
        """Add triangles (three points each) in ``colour``."""
        self.points += points
        self.colours += list(colour) * len(points)

    def build(self, batch: Batch, order: int = 0) -> object:
        """The vertex list in ``batch`` (keep it alive)."""
        program = pyglet.shapes.get_default_shader()
        n = len(self.points)
        return program.vertex_list(
            n,
            pyglet.gl.GL_TRIANGLES,
            batch,
            OpaqueGroup(program, order),
            position=("f", [v for p in self.points for v in p]),
            colors=("Bn", self.colours),
            translation=("f", (0.0, 0.0) * n),
            rotation=("f", (0.0,) * n),
        )
