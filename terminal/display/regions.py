"""Which parts of the screen a frame must repaint: screen regions, each with the scene data it shows.

Software GL (Mesa's llvmpipe) pays for every pixel it fills, so the painter keeps the last frame and
repaints only the regions whose data changed since. A region is one or more rectangles (the layout's
design coordinates) and a key: the part of the :class:`~terminal.display.scene.Scene` drawn inside them. Every
piece of changing content must lie inside the rectangles of the regions whose keys cover it; the tests
check that the keys of two scenes differ exactly where what they show differs.

A region's rectangles may follow the scene: the dice's are boxes around each die, and when the dice move
the painter repaints their old boxes and their new ones, not the whole tray. The wheel is special: while
it turns, the painter redraws only its turning disc (see ``WheelView``); ``Design.wheel_box()`` is its
whole square, repainted like any region when an overlay lies across it.

Pure: no pyglet.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.display.layout import Design, Rect, die_size, stage_box
from terminal.display.scene import Scene
from terminal.display.stage_faces import face_of

PAD = 4.0
DIE_MARGIN = 4.0  # beyond half a die's diagonal (a die turned 45 degrees)


@dataclass(frozen=True, slots=True)
class Region:
    """Rectangles that show ``key``: repaint them when the key changes."""

    name: str
    rects: tuple[Rect, ...]
    key: object


def padded(rect: Rect, pad: float = PAD) -> Rect:
    """``rect`` grown by ``pad`` on every side (edges, borders and rounding stay inside)."""
    x, y, w, h = rect
    return (x - pad, y - pad, w + 2 * pad, h + 2 * pad)


def overlaps(a: Rect, b: Rect) -> bool:
    """Whether two rectangles share any area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def dice_boxes(scene: Scene, design: Design) -> tuple[Rect, ...]:
    """One box around both dice of ``scene`` (each repaint costs a pass over every batch)."""
    if scene.dice is None:
        return ()
    x, y, w, h = design.craps.tray
    reach = die_size(design.craps.tray) / 2 * 2**0.5 + DIE_MARGIN
    xs = [x + fx * w for fx, _ in scene.dice.positions]
    ys = [y + fy * h for _, fy in scene.dice.positions]
    left, bottom = min(xs) - reach, min(ys) - reach
    return ((left, bottom, max(xs) + reach - left, max(ys) + reach - bottom),)


def craps_stage(design: Design) -> Rect:
    """The tray with its wooden rim, and the point boxes with the puck."""
    tx, ty, tw, th = design.craps.tray
    bottom = design.craps.points[1] - 10
    return (tx - 20, bottom, tw + 40, ty + th + 20 - bottom)


def merged(rects: tuple[Rect, ...]) -> tuple[Rect, ...]:
    """``rects`` with every two that overlap replaced by the box around both, until none overlap.

    >>> merged(((0, 0, 10, 10), (5, 5, 10, 10), (40, 40, 1, 1)))
    ((0, 0, 15, 15), (40, 40, 1, 1))
    """
    out = list(dict.fromkeys(rects))
    k = 0
    while k < len(out):
        hit = next((j for j in range(k + 1, len(out)) if overlaps(out[k], out[j])), None)
        if hit is None:
            k += 1
            continue
        a, b = out[k], out.pop(hit)
        x0, y0 = min(a[0], b[0]), min(a[1], b[1])
        out[k] = (x0, y0, max(a[0] + a[2], b[0] + b[2]) - x0, max(a[1] + a[3], b[1] + b[3]) - y0)
        k = 0
    return tuple(out)


def whole_key(scene: Scene) -> object:
    """What forces a full repaint: another game or wheel, or an overlay (banner, TEST) changing."""
    return (scene.game, scene.wheel_order, scene.banner, scene.test, scene.demo, scene.touchdown is None)


def has_overlay(scene: Scene) -> bool:
    """Whether a banner or the TEST watermark lies across the screen (and over the wheel)."""
    return scene.banner is not None or scene.test


def regions_of(scene: Scene, design: Design) -> tuple[Region, ...]:
    """The regions of ``scene``'s game on ``design``, the wheel's turning disc excluded."""
    headline = (scene.headline, scene.headline_args)
    top = Region("top", (design.top,), (scene.round_id, scene.table, headline, scene.countdown))
    boards = (
        scene.outcome,
        scene.outcome_label,
        scene.outcome_detail,
        scene.winners,
        scene.in_play,
        scene.last_winners,
        scene.history,
        scene.hot_cold,
        scene.currency,
        scene.sides,
    )
    panels = design.panels(scene.game, scene.touchdown is not None)
    side = (panels.outcome, panels.winners, panels.history, panels.hot_cold)
    stats = Region("stats", (panels.winners,), scene.stats)  # its panel turns alone: only its box repaints
    if face_of(scene.game) is not None:  # its stage, and the boards
        stage = Region("stage", (stage_box(design),), (scene.pose, scene.table, scene.state))
        return (top, Region("side", side, (boards, scene.shown)), stage, stats)
    if scene.game == "craps":
        return (
            top,
            Region("side", (*side, design.craps.boards), (boards, scene.craps, scene.lucky, scene.hot)),
            Region("stage", (craps_stage(design),), (scene.craps, scene.winners)),
            Region("dice", dice_boxes(scene, design), scene.dice),
            stats,
        )
    field = (
        () if panels.field is None else (Region("field", (panels.field,), (scene.field, scene.touchdown)),)
    )
    return (top, Region("side", side, boards), *field, stats)
