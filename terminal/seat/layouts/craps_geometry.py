"""Where everything sits on the craps layout, in pixels local to the layout's rectangle.

Left, the line wagers as on one end of a real table: the bonus row (Fire, All Small, All or Nothing,
All Tall, Lucky Shooter), the Don't Come bar and the six point boxes, Come, Field, Don't Pass bar and Pass
line with their odds behind them. Each point box stacks Lay, Place to Lose, the number (Place, where
moved come bets sit too), Buy, Come odds and Don't Come odds. Right, the centre of the table: Any
Seven, the hardways, the one-roll propositions, Horn High and the seventeen hops.

Every candidate area tiles its row, so no two overlap; the layout keeps those whose spot is offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pygame

from terminal.games.craps import HOPS, HORN_NUMBERS, POINTS
from terminal.seat.layouts.base import box

SIDE_BETS = ("fire", "all_small", "all_or_nothing", "all_tall", "lucky_shooter")
_LEFT_ROWS = (("side", 0.12), ("points", 0.38), ("come", 0.13), ("field", 0.13), ("dont_pass", 0.11),
              ("pass", 0.13))  # fmt: skip
_RIGHT_ROWS = (("any_seven", 0.09), ("hard_a", 0.11), ("hard_b", 0.11), ("singles", 0.12), ("craps", 0.09),
               ("horn", 0.09), ("horn_high", 0.10), ("hops", 0.29))  # fmt: skip
_HARD_ROWS = {"hard_a": ("hard_6", "hard_10"), "hard_b": ("hard_8", "hard_4")}
SINGLES = (("craps_2", (1, 1)), ("craps_3", (1, 2)), ("craps_12", (6, 6)), ("eleven", (5, 6)))
_ODDS_SHARE = 0.78  # the line takes this much of its row; its odds the rest


@dataclass(frozen=True, slots=True)
class PointBox:
    """One point number's box and its parts."""

    number: int
    rect: pygame.Rect
    place: pygame.Rect  # the number: Place bets and moved come bets


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


def measure(size: tuple[int, int]) -> CrapsGeometry:
    """Lay the table out in ``size`` pixels."""
    w, h = size
    margin = max(4.0, min(w, h) * 0.015)
    left, top, right, bottom = margin, margin, w - margin, h - margin
    split = left + (right - left) * 0.62
    gap = (right - left) * 0.015
    rows_l, rows_r = _split(top, bottom, _LEFT_ROWS), _split(top, bottom, _RIGHT_ROWS)
    spots: dict[str, pygame.Rect] = {}
    spots.update(_columns(left, split, SIDE_BETS, *rows_l["side"]))
    boxes = tuple(_point_boxes(left, split, *rows_l["points"], spots))
    for line, row in (("come", "come"), ("field", "field")):
        spots[line] = box(left, rows_l[row][0], split, rows_l[row][1])
    for line in ("dont_pass", "pass"):
        cut = left + (split - left) * _ODDS_SHARE
        spots[line] = box(left, rows_l[line][0], cut, rows_l[line][1])
        spots[f"{line}_odds"] = box(cut, rows_l[line][0], split, rows_l[line][1])
    captions = _centre(split + gap, right, rows_r, spots)
    rows = {name: box(left, a, split, b) for name, (a, b) in rows_l.items()}
    rows.update({f"right_{name}": box(split + gap, a, right, b) for name, (a, b) in rows_r.items()})
    bw, place_h = boxes[0].rect.width, boxes[0].place.height
    radius = max(9, round(min(bw / 6.2, place_h * 0.2)))
    return CrapsGeometry(size, spots, boxes, rows, captions, radius)


def _point_boxes(
    left: float, right: float, top: float, bottom: float, spots: dict[str, pygame.Rect]
) -> Iterator[PointBox]:
    bar = left + (right - left) * 0.13
    spots["dont_come"] = box(left, top, bar, bottom)
    step = (right - bar) / len(POINTS)
    ys = [top + (bottom - top) * share for share in (0.0, 0.14, 0.28, 0.6, 0.74, 0.87, 1.0)]
    for k, n in enumerate(POINTS):
        x0, x1 = bar + k * step, bar + (k + 1) * step
        parts = ("lay", "place_lose", "place", "buy", "come_odds", "dont_come_odds")
        for row, kind in enumerate(parts):
            spots[f"{kind}_{n}"] = box(x0, ys[row], x1, ys[row + 1])
        yield PointBox(n, box(x0, top, x1, bottom), spots[f"place_{n}"])


def _centre(
    left: float, right: float, rows: dict[str, tuple[float, float]], spots: dict[str, pygame.Rect]
) -> dict[str, pygame.Rect]:
    spots["any_seven"] = box(left, *rows["any_seven"][:1], right, rows["any_seven"][1])
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
