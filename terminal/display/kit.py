"""Small drawing helpers over pyglet: the one way the display makes text, panels, scaling.

Every label of the display is made here (:class:`Text`, or :func:`label` for one that never changes; a
test keeps ``pyglet.text.Label`` out of every other module), and none is ever drawn smaller than
:data:`MIN_TEXT_PX` screen pixels: a size below it is raised to it, and a label asked to fit a width
shrinks no further. A label that still does not fit its room is marked ``overflows`` (the tests render
every scene at every screen size in every language and fail on any), rather than shrunk out of sight.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Literal

from terminal.display import theme
from terminal.display.gl import pyglet

Batch = pyglet.graphics.Batch
Group = pyglet.graphics.Group
AnchorX = Literal["left", "center", "right"]
AnchorY = Literal["top", "bottom", "center", "baseline"]

MIN_TEXT_PX = 14.0  # no text on the display is smaller (TERMINAL.md: readable from the seats)
TEXTS: weakref.WeakSet[Text] = weakref.WeakSet()  # every live Text: the tests check them after a frame
LABELS: weakref.WeakSet[pyglet.text.Label] = weakref.WeakSet()  # and every fixed label


@dataclass(frozen=True, slots=True)
class Scale:
    """Design pixels to window pixels: one factor, the same across and up (never stretched)."""

    factor: float

    def __call__(self, value: float) -> float:
        return value * self.factor


def text_px(size: float) -> float:
    """The size a label is drawn at: ``size``, or the floor when smaller."""
    return max(MIN_TEXT_PX, size)


def label(
    batch: Batch,
    group: Group,
    text: str,
    x: float,
    y: float,
    size: float,
    *,
    color: theme.RGBA = theme.WHITE,
    bold: bool = False,
    rotation: float = 0.0,
    anchor_x: AnchorX = "center",
    anchor_y: AnchorY = "center",
) -> pyglet.text.Label:
    """A label that never changes (the wheel's numbers, the yard lines): keep it alive."""
    made = pyglet.text.Label(
        text,
        x=x,
        y=y,
        anchor_x=anchor_x,
        anchor_y=anchor_y,
        font_name=theme.FONT,
        font_size=text_px(size),
        dpi=72,
        weight="bold" if bold else "normal",
        color=color,
        batch=batch,
        group=group,
        rotation=rotation,
    )
    LABELS.add(made)
    return made


class Text:
    """A label that changes its text or colour only when asked for something new (no re-layout per frame).

    ``room`` is the width it may take (its box): :meth:`show` with ``fit`` shrinks the font toward the
    floor to stay inside it. ``wrap`` breaks the text into centred lines of that width instead.
    """

    def __init__(
        self,
        batch: Batch,
        group: Group,
        x: float,
        y: float,
        size: float,
        *,
        color: theme.RGBA = theme.WHITE,
        anchor_x: AnchorX = "center",
        anchor_y: AnchorY = "center",
        bold: bool = False,
        rotation: float = 0.0,
        wrap: float | None = None,
    ) -> None:
        self.label = pyglet.text.Label(
            "",
            x=x,
            y=y,
            width=None if wrap is None else int(wrap),
            multiline=wrap is not None,
            align="center" if wrap is not None else "left",
            anchor_x=anchor_x,
            anchor_y=anchor_y,
            font_name=theme.FONT,
            font_size=text_px(size),
            dpi=72,
            weight="bold" if bold else "normal",
            color=color,
            batch=batch,
            group=group,
            rotation=rotation,
        )
        self._text = ""
        self._color = color
        self._size = text_px(size)
        self.room: float | None = wrap
        TEXTS.add(self)

    def show(self, text: str, color: theme.RGBA | None = None, fit: float | None = None) -> None:
        """Show ``text`` (and ``color``), touching the label only on a change; ``fit``: the room it has,
        shrinking the font (never under the floor) so the text is at most that wide."""
        if fit is not None:
            self.room = fit
        if text != self._text:
            self.label.text = text
            self._text = text
            if fit is not None:
                self._fit(fit)
        if color is not None and color != self._color:
            self.label.color = color
            self._color = color

    def _fit(self, width: float) -> None:
        """The largest size up to the label's own that fits ``width``, never under the floor (glyphs do
        not scale exactly with the size: shrink in steps until it fits)."""
        size = self._size
        if self.label.font_size != size:
            self.label.font_size = size
        while self.label.content_width > width and size > MIN_TEXT_PX:
            size = text_px(min(size * 0.96, size * width / self.label.content_width))
            self.label.font_size = size

    @property
    def text(self) -> str:
        return self._text

    @property
    def content_width(self) -> float:
        return float(self.label.content_width)

    @property
    def overflows(self) -> bool:
        """Whether the text is wider than its room even at the floor size."""
        return bool(self._text) and self.room is not None and self.content_width > self.room + 0.5


def set_visible(shape: pyglet.shapes.ShapeBase, on: bool) -> None:
    """Show or hide ``shape``; pyglet rebuilds a shape's vertices on every assignment, so only on a change."""
    if shape.visible != on:
        shape.visible = on


def panel(batch: Batch, group: Group, rect: tuple[float, float, float, float], sc: Scale) -> list[object]:
    """A dark panel with a gold edge over ``rect`` (design pixels); returns the shapes (keep them alive)."""
    x, y, w, h = rect
    edge = pyglet.shapes.BorderedRectangle(
        sc(x),
        sc(y),
        sc(w),
        sc(h),
        border=max(2.0, sc(3)),
        color=theme.PANEL,
        border_color=theme.PANEL_EDGE,
        batch=batch,
        group=group,
    )
    return [edge]


_LAYERS: dict[tuple[int, Group | None], Group] = {}


def layer(order: int, parent: Group | None = None) -> Group:
    """The draw-order group ``order`` (one object per order: pyglet draws the labels of one parent group
    and one glyph texture in a single call, and tells parent groups apart by identity)."""
    key = (order, parent)
    if key not in _LAYERS:
        _LAYERS[key] = pyglet.graphics.Group(order=order, parent=parent)
    return _LAYERS[key]
