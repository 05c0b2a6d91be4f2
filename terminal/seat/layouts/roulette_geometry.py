"""Where everything sits on the roulette layout, in pixels local to the layout's rectangle.

The number grid is three rows of twelve (3, 6 ... 36 on top, 1, 4 ... 34 at the bottom) with the zero
boxes on the left (00 above 0 on the double-zero layout, so 0 borders 1 and 2 and 00 borders 2 and 3),
the "2 to 1" column boxes on the right, dozens and even-money boxes below, and the racetrack above.

Inside wagers sit where a dealer would put them: a straight in its number, a split on the line between
two numbers, a corner on a crossing, a street or a line on the grid's bottom edge, the zero splits and
streets on the zero boxes' edge, First Five on the corner where 0 meets 1's bottom edge. Each of those is
touched in a band ``2 * band`` pixels wide straddling its line, cut so that no two areas overlap. A chip
sits below its number's label (a straight in the lower part of its box, a split between two boxes low on
their shared line) so the number stays readable; an outside box keeps its label at one end and its chips
at the other.

Every touch area is at least ``touch`` pixels each way. Where the grid is too small for that (a 4:3
screen), each number is one touch area opening a picker of the inside wagers that cover it; where only
the zero boxes' edge is too short for its eight wagers, that edge opens a picker of them; a racetrack
too small for a finger opens a picker of its pockets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from terminal.games.roulette.spots import Spot, legal_spots
from terminal.games.roulette.wheels import DOUBLE_ZERO, Wheel, pocket_text
from terminal.seat.layouts.base import PICK, HitArea, Picker, Place, area, box

EVEN_MONEY = ("low", "even", "red", "black", "odd", "high")
_TRACK_SHARE = 0.25  # of the height, for the racetrack
_SIDE = 1.2  # width of the zero boxes and of the column boxes, in number cells
_UNITS = 12 + 2 * _SIDE
_CELL_ASPECT = 0.8  # widest a number's box may be, for its height
LABEL_AT = 0.36  # a number's label sits this far down its box; its straight's chips low in the box
CHIPS_AT = 0.72
_KIND_ORDER = ("straight", "split", "street", "corner", "line", "first_five", "five_adjacent")


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
    corner_note: pygame.Rect  # below the zero boxes: the wheel's name (empty where the side wagers sit)
    sides: tuple[tuple[str, pygame.Rect], ...]  # B2B and Blazing 7's, stacked below the zero boxes
    areas: tuple[HitArea, ...]  # what a finger touches: spots, and pickers (``pick:<name>``)
    places: dict[str, Place]  # every legal spot: where it lies and where its chips sit
    pickers: dict[str, Picker]
    chip_radius: int


def measure(
    size: tuple[int, int],
    wheel: Wheel,
    five_adjacent: bool,
    touchdown: bool,
    touch: int = 0,
    sides: tuple[str, ...] = (),
) -> RouletteGeometry:
    """Lay the table out in ``size`` pixels, every touch area at least ``touch`` pixels each way."""
    w, h = size
    margin = max(4.0, min(w, h) * 0.015)
    track_h = (h - 2 * margin) * _TRACK_SHARE if five_adjacent else 0.0
    gap = margin if five_adjacent else 0.0
    cw = (w - 2 * margin) / _UNITS  # zero column, twelve numbers, column boxes
    ch = (h - 2 * margin - track_h - gap) / 4.5  # three rows, dozens 0.75, even money 0.75
    # a number's box keeps the proportions of a real layout's (taller than wide): a wide screen (21:9)
    # centres the table instead of stretching it
    cw, ch = min(cw, ch * _CELL_ASPECT), min(ch, cw * 1.6)
    if five_adjacent:  # a narrow screen leaves height over: the racetrack grows into it
        track_h += min(h - 2 * margin - track_h - gap - 4.5 * ch, (h - 2 * margin) * 0.07)
    # no racetrack: the side wagers take a strip above the grid, from the height the grid leaves over
    strip_h = (
        _strip_height(h - 2 * margin - 4.5 * ch - margin, ch, touch) if sides and not five_adjacent else 0
    )
    above = track_h + gap + (strip_h + margin if strip_h else 0.0)
    full_w, full_h = _UNITS * cw, above + 4.5 * ch
    left, top = (w - full_w) / 2, (h - full_h) / 2
    direct = touch <= 0 or min(cw, ch) >= 2 * touch  # a straight and a split band side by side
    grid = _grid(left, top + above, cw, ch, touch / 2 if direct else 0.0)
    track = box(left, top, left + full_w, top + track_h) if five_adjacent else None
    cells = _track_cells(track, wheel) if track is not None else ()
    xs, ys = grid.xs, grid.ys
    td = box(xs[12], ys[3], grid.column_right, grid.even_bottom) if touchdown else None
    legal = legal_spots(wheel, five_adjacent)
    places = dict(_places(grid, wheel, legal, cells, td))
    chip = max(9, round(min(cw, ch) * 0.27))
    touch_areas, pickers = _touch_areas(grid, wheel, legal, cells, td, touch, direct)
    note = box(grid.left, ys[3] + grid.band, xs[0] - grid.band, grid.even_bottom)
    small_track = bool(touch > 0 and cells and min(min(r.size) for _, r in cells) < touch)
    # the racetrack's middle, where it is tall enough for a finger, holds the boxes; else the corner
    inside = track is not None and _track_inner(track).height - 8 >= touch
    if track is not None and sides and small_track and inside:  # one picker: free the middle
        touch_areas = _carve_track(touch_areas, pickers, cells, _track_inner(track))
    if strip_h:
        stacked, inside = _halves(box(left, top, left + full_w, top + strip_h), sides), True
    elif inside and track is not None:
        stacked = _ends(_track_inner(track), sides)
    elif not touchdown and len(sides) == 2:  # the corners below the zero boxes and below the columns
        stacked = ((sides[0], note), (sides[1], box(xs[12] + grid.band, ys[3] + grid.band, grid.column_right,
                                                       grid.even_bottom)))  # fmt: skip
    else:
        stacked = _stack(note, sides)
    for kind, rect in stacked:
        if inside:  # a chip a little smaller than the grid's, at the box's inner end
            radius = max(8, min(chip, rect.height // 2 - 4))
            x = rect.right - radius - 6 if rect.centerx < grid.xs[6] else rect.left + radius + 6
            places[kind] = Place(rect, (x, rect.centery), radius)
        else:  # the chips at the box's foot, its words above them
            places[kind] = Place(rect, (rect.centerx, rect.bottom - chip - 5))
    touch_areas += tuple(area(kind, rect) for kind, rect in stacked)
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
        corner_note=note if not stacked or inside else pygame.Rect(note.topleft, (0, 0)),
        sides=stacked,
        areas=touch_areas,
        places=places,
        pickers=pickers,
        chip_radius=chip,
    )


def _carve_track(
    areas: tuple[HitArea, ...],
    pickers: dict[str, Picker],
    cells: tuple[tuple[int, pygame.Rect], ...],
    inner: pygame.Rect,
) -> tuple[HitArea, ...]:
    """The racetrack's one picker area (every pocket's bounding box, its middle too) as four: the top
    row, the bottom row and each curved end, each opening the same picker, so the middle is free for the
    side wagers' boxes."""
    groups: dict[str, list[pygame.Rect]] = {}
    for _, rect in cells:
        where = ("track.left" if rect.right <= inner.left else "track.right" if rect.left >= inner.right
                 else "track" if rect.bottom <= inner.top + 1 else "track.low")  # fmt: skip
        groups.setdefault(where, []).append(rect)
    kept = tuple(a for a in areas if a.spot != PICK + "track")
    for name in groups:
        pickers.setdefault(name, pickers["track"])
    return kept + tuple(area(PICK + name, rects[0].unionall(rects[1:])) for name, rects in groups.items())


def _ends(inner: pygame.Rect, kinds: tuple[str, ...]) -> tuple[tuple[str, pygame.Rect], ...]:
    """The side wagers' boxes at the two ends of the racetrack's middle (B2B left, Blazing 7's right),
    each a fifth of its length (a quarter on a small screen); the Five Adjacent words keep the middle."""
    middle = inner.inflate(-8, -8)
    width = middle.width // 5 if middle.width >= 1000 else middle.width // 4
    left = pygame.Rect(middle.left, middle.top, width, middle.height)
    right = pygame.Rect(middle.right - width, middle.top, width, middle.height)
    return tuple(zip(kinds, (left, right), strict=False))


def _strip_height(spare: float, ch: float, touch: int) -> int:
    """The strip above a grid without racetrack: up to 0.8 of a number's height, 0 where the height left
    over cannot hold a finger's touch (the boxes then stack below the zero boxes)."""
    height = int(min(spare, ch * 0.8))
    return height if height >= max(touch, 24) else 0


def _halves(strip: pygame.Rect, kinds: tuple[str, ...]) -> tuple[tuple[str, pygame.Rect], ...]:
    """The side wagers' boxes side by side in the strip above the grid: B2B left, Blazing 7's right."""
    width = strip.width // 3
    left = pygame.Rect(strip.left, strip.top, width, strip.height)
    right = pygame.Rect(strip.right - width, strip.top, width, strip.height)
    return tuple(zip(kinds, (left, right), strict=False))


def _stack(note: pygame.Rect, kinds: tuple[str, ...]) -> tuple[tuple[str, pygame.Rect], ...]:
    """The side wagers' boxes, one above the other in the corner below the zero boxes."""
    if not kinds:
        return ()
    gap = max(3, note.height // 40)
    height = (note.height - gap * (len(kinds) - 1)) // len(kinds)
    return tuple(
        (kind, pygame.Rect(note.left, note.top + k * (height + gap), note.width, height))
        for k, kind in enumerate(kinds)
    )


def _grid(left: float, top: float, cw: float, ch: float, half_touch: float) -> Grid:
    x0 = left + _SIDE * cw
    band = max(6.0, min(cw, ch) * 0.17, half_touch)
    return Grid(
        left=left,
        xs=tuple(x0 + k * cw for k in range(13)),
        ys=tuple(top + k * ch for k in range(4)),
        column_right=x0 + (12 + _SIDE) * cw,
        dozen_bottom=top + 3.75 * ch,
        even_bottom=top + 4.5 * ch,
        band=band,
        zero_band=max(min(max(band * 0.72, 14.0), ch * 0.14), half_touch),
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


def _touch_areas(
    grid: Grid,
    wheel: Wheel,
    legal: tuple[Spot, ...],
    cells: tuple[tuple[int, pygame.Rect], ...],
    touchdown: pygame.Rect | None,
    touch: int,
    direct: bool,
) -> tuple[tuple[HitArea, ...], dict[str, Picker]]:
    """The touch areas (spots touched on the felt, and pickers) and the pickers by name."""
    texts = {(s.kind, frozenset(s.pockets)): s.text for s in legal}
    outside = {s.text for s in legal if s.kind not in _INSIDE}
    found: list[HitArea] = []
    pickers: dict[str, Picker] = {}
    if direct:
        inside = [(texts.get((k, frozenset(p))), r) for k, p, r in _inside_candidates(grid, wheel)]
        edge = [(t, r) for t, r in inside if t is not None and _on_zero_edge(t, grid, r)]
        if edge and touch > 0 and min(min(r.size) for _, r in edge) < touch:
            rect = box(grid.xs[0] - grid.band, grid.ys[0], grid.xs[0] + grid.band, grid.ys[3] + grid.band)
            pickers["zero"] = Picker("zero", "picker.zero", "", tuple(t for t, _ in edge))
            found.append(area(PICK + "zero", rect))
            inside = [(t, r) for t, r in inside if (t, r) not in edge]
        found += [area(t, r) for t, r in inside if t is not None]
    else:
        for pocket, rect in _number_boxes(grid, wheel):
            name = f"number:{pocket_text(pocket)}"
            covering = [s for s in legal if pocket in s.pockets and s.kind in _INSIDE]
            covering += [s for s in legal if s.text == f"five_adjacent:{pocket_text(pocket)}"]
            covering.sort(key=lambda s: (_KIND_ORDER.index(s.kind), s.pockets))
            pickers[name] = Picker(
                name, "picker.number", pocket_text(pocket), tuple(s.text for s in covering)
            )
            found.append(area(PICK + name, rect))
    small_track = bool(touch > 0 and cells and min(min(r.size) for _, r in cells) < touch)
    for text, rect in _outside_candidates(grid, cells, direct):
        if text in outside and not (small_track and text.startswith("five_adjacent:")):
            found.append(area(text, rect))
    if small_track and cells:
        track = cells[0][1].unionall([r for _, r in cells])
        spots = tuple(f"five_adjacent:{pocket_text(p)}" for p in wheel.order)  # in wheel order, from 0
        pickers["track"] = Picker("track", "picker.track", "", tuple(s for s in spots if s in outside))
        found.append(area(PICK + "track", track))
    if touchdown is not None:
        found.append(area("touchdown", touchdown))
    return tuple(found), pickers


def _on_zero_edge(text: str, grid: Grid, rect: pygame.Rect) -> bool:
    """Whether an inside area is one of the wagers on the zero boxes' edge (not 0-00, not a number's)."""
    return rect.left < grid.xs[0] < rect.right and text != "split:0-00"


def _number_boxes(grid: Grid, wheel: Wheel) -> Iterator[tuple[int, pygame.Rect]]:
    """Each number's whole box, and each zero box: the touch areas of a grid too small for its bands."""
    for number in range(1, 37):
        yield number, grid.cell_rect(number)
    yield from _zero_boxes(grid, wheel)


def _places(
    grid: Grid,
    wheel: Wheel,
    legal: tuple[Spot, ...],
    cells: tuple[tuple[int, pygame.Rect], ...],
    touchdown: pygame.Rect | None,
) -> Iterator[tuple[str, Place]]:
    """Where every legal spot lies and where its chips sit: below its label, never on it."""
    texts = {(s.kind, frozenset(s.pockets)): s.text for s in legal}
    ch = grid.cell[1]
    for kind, pockets, rect in _inside_candidates(grid, wheel):
        text = texts.get((kind, frozenset(pockets)))
        if text is None:
            continue
        x, y = rect.center
        if kind == "straight" and all(1 <= p <= 36 for p in pockets):
            y = round(grid.cell_rect(pockets[0]).top + ch * CHIPS_AT)
        elif kind == "straight":
            zero = next(r for p, r in _zero_boxes(grid, wheel) if p == pockets[0])
            y = round(zero.top + zero.height * CHIPS_AT)
        elif kind == "split" and rect.height > rect.width and all(1 <= p <= 36 for p in pockets):
            y = round(grid.cell_rect(pockets[0]).top + ch * CHIPS_AT)  # low on the line between two boxes
        yield text, Place(rect, (x, y))
    outside = {s.text for s in legal if s.kind not in _INSIDE}
    ends = {f"five_adjacent:{pocket_text(p)}" for p, r in cells if r.width > (cells[0][1].width * 1.2)}
    for text, rect in _outside_candidates(grid, cells, True):
        if (
            text in ends and text in outside
        ):  # a round pocket at a curved end: the chips at its corner toward the middle
            inward = (
                rect.right - rect.width // 5 if rect.centerx < grid.xs[6] else rect.left + rect.width // 5
            )
            yield text, Place(rect, (inward, rect.bottom - rect.height // 5))
        elif text in outside:
            yield text, Place(rect, outside_chips(text, rect))
    if touchdown is not None:
        chips = touchdown.bottom - max(9, round(min(grid.cell) * 0.27)) - 5  # at the field's foot
        yield "touchdown", Place(touchdown, (touchdown.centerx, chips))


def outside_chips(text: str, rect: pygame.Rect) -> tuple[int, int]:
    """Where the chips of an outside box sit: low in a column box (its label above), at the right end of
    a dozen or an even-money box (its label to the left), beside a racetrack pocket's number."""
    if text.startswith("column:"):
        return rect.centerx, round(rect.top + rect.height * CHIPS_AT)
    if text.startswith("five_adjacent:"):
        if rect.width >= rect.height:
            return round(rect.left + rect.width * 0.72), round(rect.top + rect.height * 0.68)
        return rect.centerx, round(rect.top + rect.height * 0.7)
    return rect.right - min(rect.height // 2, rect.width // 5), rect.centery


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
    grid: Grid, cells: tuple[tuple[int, pygame.Rect], ...], bands: bool
) -> Iterator[tuple[str, pygame.Rect]]:
    """The outside boxes; the dozens give the streets' band its room when the bands are touched."""
    xs, ys, b = grid.xs, grid.ys, grid.band if bands else 0.0
    for k in range(3):
        yield f"column:{k + 1}", box(xs[12], ys[2 - k], grid.column_right, ys[3 - k])
        yield f"dozen:{k + 1}", box(xs[4 * k], ys[3] + b, xs[4 * k + 4], grid.dozen_bottom)
    for k, kind in enumerate(EVEN_MONEY):
        yield kind, box(xs[2 * k], grid.dozen_bottom, xs[2 * k + 2], grid.even_bottom)
    for pocket, rect in cells:
        yield f"five_adjacent:{'00' if pocket == DOUBLE_ZERO else pocket}", rect


def track_cells(track: pygame.Rect, wheel: Wheel) -> tuple[tuple[int, pygame.Rect], ...]:
    """The racetrack's pockets in ``track`` (any rectangle: the call bets' card draws one too)."""
    return _track_cells(track, wheel)


def track_inner(track: pygame.Rect) -> pygame.Rect:
    """The racetrack's middle, inside its ring of pockets."""
    return _track_inner(track)
