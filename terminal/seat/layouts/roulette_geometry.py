"""Where everything sits on the roulette layout, in pixels local to the layout's rectangle.

The number grid is three rows of twelve (3, 6 ... 36 on top, 1, 4 ... 34 at the bottom) with the zero
boxes on the left (00 above 0 on the double-zero layout, so 0 borders 1 and 2 and 00 borders 2 and 3),
the "2 to 1" column boxes on the right, dozens and even-money boxes below, and the racetrack above.

Inside wagers sit where a dealer would put them: a straight in the middle of its number, a split on the
line between two numbers, a corner on a crossing, a street or a line on the grid's bottom edge, the zero
splits and streets on the zero boxes' edge, First Five on the corner where 0 meets 1's bottom edge. Each
of those is a band ``2 * band`` pixels wide straddling its line, cut so that no two areas overlap.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from terminal.games.spots import legal_spots
from terminal.games.wheels import DOUBLE_ZERO, Wheel
from terminal.seat.layouts.base import HitArea, area, box

EVEN_MONEY = ("low", "even", "red", "black", "odd", "high")
_TRACK_SHARE = 0.25  # of the height, for the racetrack
_SIDE = 1.4  # width of the zero boxes and of the column boxes, in number cells
_UNITS = 12 + 2 * _SIDE


@dataclass(frozen=True, slots=True)
class Grid:
    """The number grid's lines: ``xs[i]`` is the vertical line left of column i (xs[0] the zero edge)."""

    left: float  # the zero boxes' left edge
    xs: tuple[float, ...]  # 13 vertical lines of the number grid
    ys: tuple[float, ...]  # 4 horizontal lines of the number grid
    column_right: float  # right edge of the "2 to 1" boxes
    dozen_bottom: float
    even_bottom: float
    band: float  # half-width of a split/street/corner band
    zero_band: float  # half-height of a crossing on the zero edge (three share a short line)

    @property
    def cell(self) -> tuple[float, float]:
        return self.xs[1] - self.xs[0], self.ys[1] - self.ys[0]

    def number_at(self, column: int, row: int) -> int:
        """The number in ``column`` 0-11 and ``row`` 0 (top, 3 6 ...) to 2 (bottom, 1 4 ...)."""
        return 3 * column + 3 - row

    def cell_rect(self, number: int) -> pygame.Rect:
        column, row = (number - 1) // 3, 2 - (number - 1) % 3
        return box(self.xs[column], self.ys[row], self.xs[column + 1], self.ys[row + 1])


@dataclass(frozen=True, slots=True)
class RouletteGeometry:
    """Every rectangle of the roulette layout, and its hit areas (local coordinates)."""

    size: tuple[int, int]
    wheel: Wheel
    grid: Grid
    zero_boxes: tuple[tuple[int, pygame.Rect], ...]
    columns: tuple[pygame.Rect, ...]  # column:1 (bottom row) .. column:3 (top row)
    dozens: tuple[pygame.Rect, ...]
    evens: tuple[tuple[str, pygame.Rect], ...]
    track: pygame.Rect | None
    track_cells: tuple[tuple[int, pygame.Rect], ...]
    track_inner: pygame.Rect | None  # the racetrack's middle, inside its ring of pockets
    touchdown: pygame.Rect | None
    corner_note: pygame.Rect  # below the zero boxes: the wheel's name
    areas: tuple[HitArea, ...]


def measure(size: tuple[int, int], wheel: Wheel, five_adjacent: bool, touchdown: bool) -> RouletteGeometry:
    """Lay the table out in ``size`` pixels."""
    w, h = size
    margin = max(4.0, min(w, h) * 0.015)
    track_h = (h - 2 * margin) * _TRACK_SHARE if five_adjacent else 0.0
    gap = margin if five_adjacent else 0.0
    cw = (w - 2 * margin) / _UNITS  # zero column, twelve numbers, column boxes
    ch = (h - 2 * margin - track_h - gap) / 4.5  # three rows, dozens 0.75, even money 0.75
    cw, ch = min(cw, ch * 1.6), min(ch, cw * 1.6)
    if five_adjacent:  # a narrow screen leaves height over: the racetrack grows into it
        track_h += min(h - 2 * margin - track_h - gap - 4.5 * ch, (h - 2 * margin) * 0.07)
    full_w, full_h = _UNITS * cw, track_h + gap + 4.5 * ch
    left, top = (w - full_w) / 2, (h - full_h) / 2
    grid = _grid(left, top + track_h + gap, cw, ch)
    track = box(left, top, left + full_w, top + track_h) if five_adjacent else None
    cells = _track_cells(track, wheel) if track is not None else ()
    xs, ys = grid.xs, grid.ys
    td = box(xs[12], ys[3], grid.column_right, grid.even_bottom) if touchdown else None
    return RouletteGeometry(
        size=size,
        wheel=wheel,
        grid=grid,
        zero_boxes=_zero_boxes(grid, wheel),
        columns=tuple(box(xs[12], ys[2 - k], grid.column_right, ys[3 - k]) for k in range(3)),
        dozens=tuple(box(xs[4 * k], ys[3], xs[4 * k + 4], grid.dozen_bottom) for k in range(3)),
        evens=tuple(
            (kind, box(xs[2 * k], grid.dozen_bottom, xs[2 * k + 2], grid.even_bottom))
            for k, kind in enumerate(EVEN_MONEY)
        ),
        track=track,
        track_cells=cells,
        track_inner=_track_inner(track) if track is not None else None,
        touchdown=td,
        corner_note=box(grid.left, ys[3] + grid.band, xs[0] - grid.band, grid.even_bottom),
        areas=tuple(_legal_areas(grid, wheel, five_adjacent, cells, td)),
    )


def _grid(left: float, top: float, cw: float, ch: float) -> Grid:
    x0 = left + _SIDE * cw
    band = max(6.0, min(cw, ch) * 0.17)
    return Grid(
        left=left,
        xs=tuple(x0 + k * cw for k in range(13)),
        ys=tuple(top + k * ch for k in range(4)),
        column_right=x0 + (12 + _SIDE) * cw,
        dozen_bottom=top + 3.75 * ch,
        even_bottom=top + 4.5 * ch,
        band=band,
        zero_band=min(max(band * 0.72, 14.0), ch * 0.14),
    )


def _zero_boxes(grid: Grid, wheel: Wheel) -> tuple[tuple[int, pygame.Rect], ...]:
    xs, ys = grid.xs, grid.ys
    if wheel.name == "single_zero":
        return ((0, box(grid.left, ys[0], xs[0], ys[3])),)
    mid = (ys[1] + ys[2]) / 2
    return ((DOUBLE_ZERO, box(grid.left, ys[0], xs[0], mid)), (0, box(grid.left, mid, xs[0], ys[3])))


def _track_ends(track: pygame.Rect) -> tuple[float, float]:
    """The width of each curved end and the height of the top and bottom rows of the racetrack."""
    return min(track.height * 0.5, track.width * 0.07), track.height / 3


def _track_inner(track: pygame.Rect) -> pygame.Rect:
    end_w, row_h = _track_ends(track)
    return box(track.left + end_w, track.top + row_h, track.right - end_w, track.bottom - row_h)


def _track_cells(track: pygame.Rect, wheel: Wheel) -> tuple[tuple[int, pygame.Rect], ...]:
    """Pockets round an oval in wheel order: along the top, down the right end, back along the bottom."""
    n = len(wheel.order)
    left_end, right_end = 2, n - 2 - 2 * ((n - 4) // 2)  # 38 pockets: 2 + 2 ends; 37: 2 + 3
    along = (n - left_end - right_end) // 2
    end_w, row_h = _track_ends(track)
    inner_l, inner_r = track.left + end_w, track.right - end_w
    step = (inner_r - inner_l) / along
    rects: list[pygame.Rect] = []
    rects += [
        box(inner_l + k * step, track.top, inner_l + (k + 1) * step, track.top + row_h) for k in range(along)
    ]
    rects += _end_cells(inner_r, track.right, track, right_end, downward=True)
    bottom = track.bottom - row_h
    rects += [box(inner_r - (k + 1) * step, bottom, inner_r - k * step, track.bottom) for k in range(along)]
    rects += _end_cells(track.left, inner_l, track, left_end, downward=False)
    start = wheel.order.index(0) - (n - left_end // 2 - 1)  # 0 sits in the left end, like a real racetrack
    return tuple((wheel.order[(start + k) % n], rect) for k, rect in enumerate(rects))


def _end_cells(x0: float, x1: float, track: pygame.Rect, count: int, downward: bool) -> list[pygame.Rect]:
    step = track.height / count
    cells = [box(x0, track.top + k * step, x1, track.top + (k + 1) * step) for k in range(count)]
    return cells if downward else cells[::-1]


def _legal_areas(
    grid: Grid,
    wheel: Wheel,
    five_adjacent: bool,
    cells: tuple[tuple[int, pygame.Rect], ...],
    touchdown: pygame.Rect | None,
) -> Iterator[HitArea]:
    legal = {(s.kind, frozenset(s.pockets)): s.text for s in legal_spots(wheel, five_adjacent)}
    outside = {s.text for s in legal_spots(wheel, five_adjacent) if s.kind not in _INSIDE}
    for kind, pockets, rect in _inside_candidates(grid, wheel):
        text = legal.get((kind, frozenset(pockets)))
        if text is not None:
            yield area(text, rect)
    for text, rect in _outside_candidates(grid, cells):
        if text in outside:
            yield area(text, rect)
    if touchdown is not None:
        yield area("touchdown", touchdown)


_INSIDE = ("straight", "split", "street", "corner", "line", "first_five")
Candidate = tuple[str, tuple[int, ...], pygame.Rect]


def _inside_candidates(grid: Grid, wheel: Wheel) -> Iterator[Candidate]:
    yield from _number_bands(grid)
    yield from (_zero_single(grid) if wheel.name == "single_zero" else _zero_double(grid))


def _number_bands(grid: Grid) -> Iterator[Candidate]:
    xs, ys, b, n = grid.xs, grid.ys, grid.band, grid.number_at
    for c in range(12):
        right = xs[c + 1] - (b if c < 11 else 0)  # no wager on the line to the column boxes
        for r in range(3):
            top = ys[r] + (b if r else 0)  # nor on the top edge: straights and splits reach it
            yield "straight", (n(c, r),), box(xs[c] + b, top, right, ys[r + 1] - b)
            if c < 11:
                yield "split", (n(c, r), n(c + 1, r)), box(xs[c + 1] - b, top, xs[c + 1] + b, ys[r + 1] - b)
        for r in (1, 2):
            yield "split", (n(c, r - 1), n(c, r)), box(xs[c] + b, ys[r] - b, right, ys[r] + b)
            if c < 11:
                four = (n(c, r - 1), n(c, r), n(c + 1, r - 1), n(c + 1, r))
                yield "corner", four, box(xs[c + 1] - b, ys[r] - b, xs[c + 1] + b, ys[r] + b)
        yield "street", (n(c, 0), n(c, 1), n(c, 2)), box(xs[c] + b, ys[3] - b, right, ys[3] + b)
        if c < 11:
            six = tuple(n(k, r) for k in (c, c + 1) for r in range(3))
            yield "line", six, box(xs[c + 1] - b, ys[3] - b, xs[c + 1] + b, ys[3] + b)


def _zero_double(grid: Grid) -> Iterator[Candidate]:
    """00 above 0: the edge x = xs[0] carries 00-3, 00-2-3, 00-2, 0-00-2, 0-2, 0-1-2, 0-1, First Five."""
    x, ys, b, z, zz = grid.xs[0], grid.ys, grid.band, grid.zero_band, DOUBLE_ZERO
    mid = (ys[1] + ys[2]) / 2
    yield "straight", (zz,), box(grid.left, ys[0], x - b, mid - b)
    yield "split", (0, zz), box(grid.left, mid - b, x - b, mid + b)
    yield "straight", (0,), box(grid.left, mid + b, x - b, ys[3])
    edge = (
        ("split", (zz, 3), ys[0], ys[1] - z),
        ("street", (zz, 2, 3), ys[1] - z, ys[1] + z),
        ("split", (zz, 2), ys[1] + z, mid - z),
        ("street", (0, zz, 2), mid - z, mid + z),
        ("split", (0, 2), mid + z, ys[2] - z),
        ("street", (0, 1, 2), ys[2] - z, ys[2] + z),
        ("split", (0, 1), ys[2] + z, ys[3] - b),
        ("first_five", (0, zz, 1, 2, 3), ys[3] - b, ys[3] + b),
    )
    for kind, pockets, top, bottom in edge:
        yield kind, pockets, box(x - b, top, x + b, bottom)


def _zero_single(grid: Grid) -> Iterator[Candidate]:
    """One 0 box beside 1, 2 and 3: splits 0-3, 0-2, 0-1 and the street 0-1-2 on its edge."""
    x, ys, b, z = grid.xs[0], grid.ys, grid.band, grid.zero_band
    yield "straight", (0,), box(grid.left, ys[0], x - b, ys[3])
    edge = (
        ("split", (0, 3), ys[0], ys[1]),
        ("split", (0, 2), ys[1], ys[2] - z),
        ("street", (0, 1, 2), ys[2] - z, ys[2] + z),
        ("split", (0, 1), ys[2] + z, ys[3] + b),
    )
    for kind, pockets, top, bottom in edge:
        yield kind, pockets, box(x - b, top, x + b, bottom)


def _outside_candidates(
    grid: Grid, cells: tuple[tuple[int, pygame.Rect], ...]
) -> Iterator[tuple[str, pygame.Rect]]:
    xs, ys, b = grid.xs, grid.ys, grid.band
    for k in range(3):
        yield f"column:{k + 1}", box(xs[12], ys[2 - k], grid.column_right, ys[3 - k])
        yield f"dozen:{k + 1}", box(xs[4 * k], ys[3] + b, xs[4 * k + 4], grid.dozen_bottom)
    for k, kind in enumerate(EVEN_MONEY):
        yield kind, box(xs[2 * k], grid.dozen_bottom, xs[2 * k + 2], grid.even_bottom)
    for pocket, rect in cells:
        yield f"five_adjacent:{'00' if pocket == DOUBLE_ZERO else pocket}", rect
