"""Paints a :class:`~terminal.display.scene.Scene` into a pyglet window from cached batches.

Every view is built once for the window's size; a frame only moves shapes and swaps changed text. Where
the last frame survives into the next (headless, software GL: see ``gl.preserves_frames``) a frame
repaints only the regions whose data changed (``regions``), each clipped by the scissor, and the turning
disc of the wheel: in software GL every pixel filled costs, and most of the screen stands still.
:meth:`Painter.save` writes the window's colour buffer to PNG (headless screenshots and ``screens``).
"""

from __future__ import annotations

import math
from pathlib import Path

from terminal.display import theme
from terminal.display.dice_view import DiceView
from terminal.display.field_view import FieldView
from terminal.display.gl import preserves_frames, pyglet
from terminal.display.kit import Batch, Scale, Text, layer, set_visible
from terminal.display.regions import (
    WHEEL_BOX,
    Rect,
    has_overlay,
    merged,
    overlaps,
    padded,
    regions_of,
    whole_key,
)
from terminal.display.scene import Banner, Scene
from terminal.display.side_view import SideView
from terminal.display.wheel_view import WheelView
from terminal.i18n import Catalogue

BANNER_COLOURS = {
    "tilt": theme.BANNER_TILT,
    "out_of_service": theme.BANNER_SERVICE,
    "link_lost": theme.BANNER_LINK,
}
WHEEL_CX, WHEEL_CY, WHEEL_R = 570, 555, 385
_NOTHING = object()  # a key no scene has: the next frame repaints everything


class Painter:
    """The display's views for one window."""

    def __init__(
        self,
        window: pyglet.window.Window,
        cat: Catalogue,
        history_length: int,
        incremental: bool | None = None,
    ) -> None:
        self.window, self.cat = window, cat
        self.incremental = preserves_frames() if incremental is None else incremental
        self._whole: object = _NOTHING
        self._keys: dict[str, object] = {}
        self._rects: dict[str, tuple[Rect, ...]] = {}  # each region's rectangles in the last frame
        self._wheel_pose: object = _NOTHING
        self.sc = sc = Scale(window.width, window.height)
        self.side = SideView(sc, cat, history_length)
        self.craps_side = SideView(sc, cat, history_length, winners_at=(60, 345))  # craps: inside the tray
        self.field = FieldView(sc, cat)
        self.dice = DiceView(sc, cat)
        self._wheels: dict[tuple[int, ...], WheelView] = {}
        self.overlay = Batch()
        self._build_overlay()

    def wheel(self, order: tuple[int, ...]) -> WheelView:
        """The cached wheel view of ``order`` (built on first use)."""
        if order not in self._wheels:
            self._wheels[order] = WheelView(self.sc, WHEEL_CX, WHEEL_CY, WHEEL_R, order)
        return self._wheels[order]

    def _build_overlay(self) -> None:
        s, o = self.sc, self.overlay
        w, h = self.window.width, self.window.height
        self.screen = pyglet.shapes.Rectangle(0, 0, w, h, color=theme.SERVICE_SCREEN, batch=o, group=layer(0))
        self.band = pyglet.shapes.Rectangle(
            0, h / 2 - s(150), w, s(300), color=theme.BANNER_TILT, batch=o, group=layer(0)
        )
        self.band_title = Text(o, layer(1), w / 2, h / 2 + s(55), s(100), bold=True)
        self.band_reason = Text(o, layer(1), w / 2, h / 2 - s(75), s(36), wrap=w - s(160))
        self.band_table = Text(o, layer(1), w / 2, h / 2 - s(250), s(30), color=theme.GOLD)
        self.mark = Text(o, layer(2), w / 2, h / 2, s(420), color=theme.WATERMARK, bold=True, rotation=-24)
        self.mark_corner = Text(
            o, layer(2), s(330), s(1020), s(40), color=(255, 80, 80, 255), anchor_x="left", bold=True
        )

    def invalidate(self) -> None:
        """Repaint everything next frame (the window was resized or exposed)."""
        self._whole = _NOTHING

    def paint(self, scene: Scene) -> None:
        """Paint ``scene``: everything, or only what changed since the last frame."""
        whole = whole_key(scene)
        regions = regions_of(scene)
        if not self.incremental or whole != self._whole:
            self._repaint(scene, None)
            self._whole, self._wheel_pose = whole, scene.wheel
            self._keys = {region.name: region.key for region in regions}
            self._rects = {region.name: region.rects for region in regions}
            return
        wheel_hit = False  # a region repainted over the wheel's box: the wheel's box is repainted whole
        for region in regions:
            if region.key != self._keys.get(region.name):
                then_and_now = merged((*self._rects.get(region.name, ()), *region.rects))
                for rect in map(padded, then_and_now):
                    self._repaint(scene, rect)
                    wheel_hit = wheel_hit or overlaps(rect, WHEEL_BOX)
                self._keys[region.name] = region.key
                self._rects[region.name] = region.rects
        if scene.wheel is not None and (scene.wheel != self._wheel_pose or wheel_hit):
            if has_overlay(scene) or wheel_hit:
                self._repaint(scene, WHEEL_BOX)
            else:
                self.wheel(scene.wheel_order).draw_turning(self.window, scene.wheel)
            self._wheel_pose = scene.wheel

    def _repaint(self, scene: Scene, rect: Rect | None) -> None:
        """Clear ``rect`` (None: the window) and paint everything of ``scene`` that falls inside it."""
        gl = pyglet.gl
        if rect is not None:
            fx = self.window.get_framebuffer_size()[0] / self.window.width
            x0, y0 = math.floor(self.sc(rect[0]) * fx), math.floor(self.sc(rect[1]) * fx)
            x1 = math.ceil(self.sc(rect[0] + rect[2]) * fx)
            y1 = math.ceil(self.sc(rect[1] + rect[3]) * fx)
            gl.glEnable(gl.GL_SCISSOR_TEST)
            gl.glScissor(x0, y0, x1 - x0, y1 - y0)
        bg = theme.BACKGROUND
        gl.glClearColor(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)  # no depth buffer is used: clearing it would cost a full fill
        try:
            self._draw(scene, wheel=rect is None or overlaps(rect, WHEEL_BOX))
        finally:
            gl.glDisable(gl.GL_SCISSOR_TEST)

    def _draw(self, scene: Scene, wheel: bool = True) -> None:
        """Everything of ``scene`` in painting order; ``wheel`` False: all but the wheel (clipped away)."""
        if scene.game == "craps":
            self.dice.draw_tray()
            self.craps_side.draw(scene)
            self.dice.draw(scene.dice, scene.craps, scene.lucky)
        else:
            if scene.wheel is not None and wheel:
                self.wheel(scene.wheel_order).draw(self.window, scene.wheel)
            self.side.draw(scene)
            if scene.touchdown is not None:
                self.field.draw(scene.field, scene.touchdown)
        self._overlay(scene.banner, scene.test, scene.table)

    def _overlay(self, banner: Banner | None, test: bool, table: str) -> None:
        """A tilt or a lost link: a band across the game. Out of service: a screen of its own."""
        cat = self.cat
        own_screen = banner is not None and banner.kind == "out_of_service"
        set_visible(self.screen, own_screen)
        set_visible(self.band, banner is not None and not own_screen)
        if banner is not None:
            self.band.color = BANNER_COLOURS[banner.kind]
            title = "display.connecting" if banner.code == "connecting" else f"display.{banner.kind}"
            self.band_title.show(cat.text(title), fit=self.window.width - self.sc(80))
            self.band_reason.show(cat.text(f"tilt.{banner.code}"))
            self.band_table.show(table if own_screen else "")
        else:
            self.band_title.show("")
            self.band_reason.show("")
            self.band_table.show("")
        self.mark.show(cat.text("display.test") if test else "")
        self.mark_corner.show(cat.text("display.test") if test else "")
        self.overlay.draw()

    def save(self, path: Path) -> Path:
        """Write what the window shows to ``path`` (PNG)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))
        return path
