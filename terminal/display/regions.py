"""Which parts of the screen a frame must repaint: screen regions, each with the scene data it shows.

Software GL (Mesa's llvmpipe) pays for every pixel it fills, so the painter keeps the last frame and
repaints only the regions whose data changed since. A region is one or more rectangles (1920×1080 design
coordinates) and a key: the part of the :class:`~terminal.display.scene.Scene` drawn inside them. Every
piece of changing content must lie inside the rectangles of the regions whose keys cover it; the tests
check that the keys of two scenes differ exactly where what they show differs.

A region's rectangles may follow the scene: the dice's are boxes around each die, and when the dice move
the painter repaints their old boxes and their new ones, not the whole tray. The wheel is special: while
it turns, the painter redraws only its turning disc (see ``WheelView``); :data:`WHEEL_BOX` is its whole
square, repainted like any region when an overlay lies across it.

Pure: no pyglet.
"""

from __future__ import annotations

from dataclasses import dataclass

from terminal.display.scene import Scene

Rect = tuple[float, float, float, float]  # x, y, width, height in design pixels

PAD = 4.0
TOP: Rect = (0.0, 965.0, 1920.0, 115.0)  # round, table, headline, countdown
SIDE_ROULETTE: tuple[Rect, ...] = (
    (1130.0, 710.0, 760.0, 235.0),  # the outcome
    (1130.0, 165.0, 760.0, 220.0),  # winners
    (30.0, 20.0, 1180.0, 125.0),  # history
    (1230.0, 20.0, 660.0, 125.0),  # hot and cold
)
FIELD: Rect = (1130.0, 400.0, 760.0, 290.0)  # the Touchdown field
SIDE_CRAPS: tuple[Rect, ...] = (
    (1130.0, 710.0, 760.0, 235.0),  # the roll
    (1130.0, 165.0, 760.0, 530.0),  # Fire, Bonus, Lucky Shooter
    (30.0, 20.0, 1180.0, 125.0),
    (1230.0, 20.0, 660.0, 125.0),
)
STAGE_CRAPS: Rect = (20.0, 150.0, 1100.0, 812.0)  # the tray, its winners panel, the point boxes and puck
TRAY: Rect = (40.0, 330.0, 1060.0, 615.0)  # the felt, as dice_view's TX, TY, TW, TH
DIE_REACH = 110.0  # half the box that holds a die (150 wide) at any turn
WHEEL_BOX: Rect = (164.0, 149.0, 812.0, 812.0)  # the whole wheel with its pointer


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


def dice_boxes(scene: Scene) -> tuple[Rect, ...]:
    """One box around both dice of ``scene`` (each repaint costs a pass over every batch)."""
    if scene.dice is None:
        return ()
    x, y, w, h = TRAY
    xs = [x + fx * w for fx, _ in scene.dice.positions]
    ys = [y + fy * h for _, fy in scene.dice.positions]
    left, bottom = min(xs) - DIE_REACH, min(ys) - DIE_REACH
    return ((left, bottom, max(xs) + DIE_REACH - left, max(ys) + DIE_REACH - bottom),)


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
    return (scene.game, scene.wheel_order, scene.banner, scene.test, scene.touchdown is None)


def has_overlay(scene: Scene) -> bool:
    """Whether a banner or the TEST watermark lies across the screen (and over the wheel)."""
    return scene.banner is not None or scene.test


def regions_of(scene: Scene) -> tuple[Region, ...]:
    """The regions of ``scene``'s game, the wheel's turning disc excluded."""
    headline = (scene.headline, scene.headline_args)
    top = Region("top", (TOP,), (scene.round_id, scene.table, headline, scene.countdown))
    boards = (
        scene.outcome,
        scene.outcome_label,
        scene.outcome_detail,
        scene.winners,
        scene.history,
        scene.hot_cold,
        scene.currency,
    )
    if scene.game == "craps":
        return (
            top,
            Region("side", SIDE_CRAPS, (boards, scene.craps, scene.lucky)),
            Region("stage", (STAGE_CRAPS,), (scene.craps, scene.winners)),
            Region("dice", dice_boxes(scene), scene.dice),
        )
    return (
        top,
        Region("side", SIDE_ROULETTE, boards),
        Region("field", (FIELD,), (scene.field, scene.touchdown)),
    )
