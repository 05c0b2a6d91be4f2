"""Small drawing helpers over pyglet: text that re-lays out only when it changes, panels, scaling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from terminal.display import theme
from terminal.display.gl import pyglet

Batch = pyglet.graphics.Batch
Group = pyglet.graphics.Group


@dataclass(frozen=True, slots=True)
class Scale:
    """Maps the 1920×1080 design onto the window."""

    width: int
    height: int

    @property
    def s(self) -> float:
        return min(self.width / theme.BASE_W, self.height / theme.BASE_H)

    def __call__(self, value: float) -> float:
        return value * self.s


class Text:
    """A label that changes its text or colour only when asked for something new (no re-layout per frame)."""

    def __init__(
        self,
        batch: Batch,
        group: Group,
        x: float,
        y: float,
        size: float,
        *,
        color: theme.RGBA = theme.WHITE,
        anchor_x: Literal["left", "center", "right"] = "center",
        anchor_y: Literal["top", "bottom", "center", "baseline"] = "center",
        bold: bool = False,
        rotation: float = 0.0,
        wrap: float | None = None,
    ) -> None:
        """``wrap``: break lines to this width (centred), instead of one line."""
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
            font_size=size,
            dpi=72,
            weight="bold" if bold else "normal",
            color=color,
            batch=batch,
            group=group,
            rotation=rotation,
        )
        self._text = ""
        self._color = color
        self._size = size

    def show(self, text: str, color: theme.RGBA | None = None, fit: float | None = None) -> None:
        """Show ``text`` (and ``color``), touching the label only on a change; ``fit``: shrink the font
        so the text is at most that wide."""
        if text != self._text:
            self.label.text = text
            self._text = text
            if fit is not None:
                self._fit(fit)
        if color is not None and color != self._color:
            self.label.color = color
            self._color = color

    def _fit(self, width: float) -> None:
        if self.label.font_size != self._size:
            self.label.font_size = self._size
        if self.label.content_width > width:
            self.label.font_size = self._size * width / self.label.content_width

    @property
    def content_width(self) -> float:
        return float(self.label.content_width)


def set_visible(shape: pyglet.shapes.ShapeBase, on: bool) -> None:
    """Show or hide ``shape``; pyglet rebuilds a shape's vertices on every assignment, so only on a change."""
    if shape.visible != on:
        shape.visible = on


def panel(batch: Batch, group: Group, x: float, y: float, w: float, h: float, sc: Scale) -> list[object]:
    """A dark panel with a gold edge; returns the shapes (keep them alive)."""
    edge = pyglet.shapes.BorderedRectangle(
        x,
        y,
        w,
        h,
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
