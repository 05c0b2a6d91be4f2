"""Where everything sits on the craps layout, in pixels local to the layout's rectangle.

Left, the line wagers as on one end of a real table: the bonus row (Fire, All Small, All or Nothing,
All Tall, Lucky Shooter), the Don't Come bar and the six point boxes, Come, Field, Don't Pass bar and Pass
line with their odds behind them. Right, the centre of the table: Any Seven (and Hot Roller beside it,
when offered: a 7 settles it), the hardways, the one-roll propositions, Horn High and the seventeen hops.

A point box carries eight wagers (Place, Buy, Lay, Place to Lose, the come and don't come bets moved
there, and their odds): too many to touch one by one, so the whole box is one touch area that opens a
picker of them, as electronic craps tables do. The number sits at the top of the box with the puck below
it, and each wager's chips have their own slot beneath.

Every candidate area tiles its row, so no two overlap; the layout keeps those whose spot is offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from terminal.games.craps.records import HOPS, HORN_NUMBERS, POINTS
from terminal.seat.layouts.base import box

SIDE_BETS = ("fire", "all_small", "all_or_nothing", "all_tall", "lucky_shooter")
_HOT_SHARE = 0.42  # Hot Roller's part of the Any Seven row (the wager a 7 settles), when it is offered
_LEFT_ROWS = (("side", 0.12), ("points", 0.38), ("come", 0.13), ("field", 0.13), ("dont_pass", 0.11),
              ("pass", 0.13))  # fmt: skip
# On a narrow layout (4:3) the bonus row's words need two or three lines: it takes height from the boxes.
_NARROW_ROWS = (("side", 0.16), ("points", 0.34), *_LEFT_ROWS[2:])
_RIGHT_ROWS = (("any_seven", 0.09), ("hard_a", 0.11), ("hard_b", 0.11), ("singles", 0.12), ("craps", 0.09),
               ("horn", 0.09), ("horn_high", 0.10), ("hops", 0.29))  # fmt: skip
_HARD_ROWS = {"hard_a": ("hard_6", "hard_10"), "hard_b": ("hard_8", "hard_4")}
SINGLES = (("craps_2", (1, 1)), ("craps_3", (1, 2)), ("craps_12", (6, 6)), ("eleven", (5, 6)))
_ODDS_SHARE = 0.74  # the line takes this much of its row; its odds the rest
# The chip slots of a point box, two a row under the number: a wager kind, or a moved come / don't come.
BOX_SLOTS = (("place", "buy"), ("come", "come_odds"), ("dont_come", "dont_come_odds"), ("lay", "place_lose"))
BOX_KINDS = ("place", "buy", "lay", "place_lose", "come_odds", "dont_come_odds")  # the picker's order
_NUMBER_SHARE = 0.38  # of a point box's height, for its number and the puck


@dataclass(frozen=True, slots=True)
class PointBox:
    """One point number's box and its parts."""

    number: int
    rect: pygame.Rect
    place: pygame.Rect  # the number's part of the box (and the puck's)
    slots: dict[str, pygame.Rect]  # where each kind's chips sit (``BOX_SLOTS``)


@dataclass(frozen=True, slots=True)
class CrapsGeometry:
    """Candidate areas by spot text, the point boxes, and the rectangles of captions."""

    size: tuple[int, int]
    spots: dict[str, pygame.Rect]
    boxes: tuple[PointBox, ...]
    rows: dict[str, pygame.Rect]
    captions: dict[str, pygame.Rect]  # "horn_high" and "hop": labels beside their cells
    chip_radius: int


def _split(top: float, bottom: float, rows: tuple[tuple[str, float], ...]) -> dict[str, tuple[float, float]]:
    out: dict[str, tuple[float, float]] = {}
    y = top
    for name, share in rows:
        out[name] = (y, y + (bottom - top) * share)
        y = out[name][1]
    return out


def _columns(
    left: float, right: float, names: tuple[str, ...], top: float, bottom: float
) -> dict[str, pygame.Rect]:
    step = (right - left) / len(names)
    return {name: box(left + k * step, top, left + (k + 1) * step, bottom) for k, name in enumerate(names)}


def measure(size: tuple[int, int], hot_roller: bool = True) -> CrapsGeometry:
    """Lay the table out in ``size`` pixels (``hot_roller``: with a Hot Roller area beside Any Seven)."""
    w, h = size
    margin = max(4.0, min(w, h) * 0.015)
    left, top, right, bottom = margin, margin, w - margin, h - margin
    split = left + (right - left) * 0.62
    gap = (right - left) * 0.015
    left_rows = _NARROW_ROWS if w < 1.5 * h else _LEFT_ROWS
    rows_l, rows_r = _split(top, bottom, left_rows), _split(top, bottom, _RIGHT_ROWS)
    spots: dict[str, pygame.Rect] = {}
    spots.update(_columns(left, split, SIDE_BETS, *rows_l["side"]))
    boxes = tuple(_point_boxes(left, split, *rows_l["points"], spots))
    for line, row in (("come", "come"), ("field", "field")):
        spots[line] = box(left, rows_l[row][0], split, rows_l[row][1])
    for line in ("dont_pass", "pass"):
        cut = left + (split - left) * _ODDS_SHARE
        spots[line] = box(left, rows_l[line][0], cut, rows_l[line][1])
        spots[f"{line}_odds"] = box(cut, rows_l[line][0], split, rows_l[line][1])
    captions = _centre(split + gap, right, rows_r, spots, hot_roller)
    rows = {name: box(left, a, split, b) for name, (a, b) in rows_l.items()}
    rows.update({f"right_{name}": box(split + gap, a, right, b) for name, (a, b) in rows_r.items()})
    slot = boxes[0].slots["place"]
    radius = max(9, round(min(slot.width, slot.height) * 0.42))
    return CrapsGeometry(size, spots, boxes, rows, captions, radius)


def _point_boxes(
    left: float, right: float, top: float, bottom: float, spots: dict[str, pygame.Rect]
) -> Iterator[PointBox]:
    bar = left + (right - left) * 0.13
    spots["dont_come"] = box(left, top, bar, bottom)
    step = (right - bar) / len(POINTS)
    split = top + (bottom - top) * _NUMBER_SHARE
    row_h = (bottom - split) / len(BOX_SLOTS)
    for k, n in enumerate(POINTS):
        x0, x1 = bar + k * step, bar + (k + 1) * step
        mid = (x0 + x1) / 2
        slots: dict[str, pygame.Rect] = {}
        for row, pair in enumerate(BOX_SLOTS):
            y0 = split + row * row_h
            slots[pair[0]] = box(x0, y0, mid, y0 + row_h)
            slots[pair[1]] = box(mid, y0, x1, y0 + row_h)
        yield PointBox(n, box(x0, top, x1, bottom), box(x0, top, x1, split), slots)


def _centre(
    left: float,
    right: float,
    rows: dict[str, tuple[float, float]],
    spots: dict[str, pygame.Rect],
    hot_roller: bool,
) -> dict[str, pygame.Rect]:
    top, bottom = rows["any_seven"]
    seven = right - (right - left) * _HOT_SHARE if hot_roller else right
    spots["any_seven"] = box(left, top, seven, bottom)
    if hot_roller:
        spots["hot_roller"] = box(seven, top, right, bottom)
    for row, names in _HARD_ROWS.items():
        spots.update(_columns(left, right, names, *rows[row]))
    spots.update(_columns(left, right, tuple(name for name, _ in SINGLES), *rows["singles"]))
    cut = left + (right - left) * 0.6
    spots["any_craps"] = box(left, rows["craps"][0], cut, rows["craps"][1])
    spots["c_and_e"] = box(cut, rows["craps"][0], right, rows["craps"][1])
    spots.update(_columns(left, right, ("horn", "whirl", "six_seven_eight"), *rows["horn"]))
    caption_right = left + (right - left) * 0.24
    spots.update(
        _columns(caption_right, right, tuple(f"horn_high:{n}" for n in HORN_NUMBERS), *rows["horn_high"])
    )
    top, bottom = rows["hops"]
    step_x, step_y = (right - left) / 6, (bottom - top) / 3
    cells = [
        box(left + col * step_x, top + row * step_y, left + (col + 1) * step_x, top + (row + 1) * step_y)
        for row in range(3)
        for col in range(6)
    ]
    spots.update({f"hop_{a}_{b}": cell for (a, b), cell in zip(HOPS, cells, strict=False)})
    return {
        "horn_high": box(left, rows["horn_high"][0], caption_right, rows["horn_high"][1]),
        "hop": cells[-1],
    }
