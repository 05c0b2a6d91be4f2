"""Paints a :class:`~terminal.display.scene.Scene` into a pyglet window from cached batches.

Every view is built once for the window's size; a frame only moves shapes and swaps changed text.
:meth:`Painter.save` writes the window's colour buffer to PNG (headless screenshots and ``screens``).
"""

from __future__ import annotations

from pathlib import Path

from terminal.display import theme
from terminal.display.catalog import Catalog
from terminal.display.dice_view import DiceView
from terminal.display.field_view import FieldView
from terminal.display.gl import pyglet
from terminal.display.kit import Batch, Scale, Text, layer
from terminal.display.scene import Banner, Scene
from terminal.display.side_view import SideView
from terminal.display.wheel_view import WheelView

BANNER_COLOURS = {
    "tilt": theme.BANNER_TILT,
    "out_of_service": theme.BANNER_SERVICE,
    "link_lost": theme.BANNER_LINK,
}
WHEEL_CX, WHEEL_CY, WHEEL_R = 570, 555, 385


class Painter:
    """The display's views for one window."""

    def __init__(self, window: pyglet.window.Window, cat: Catalog, history_length: int) -> None:
        self.window, self.cat = window, cat
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
        self.band = pyglet.shapes.Rectangle(
            0, h / 2 - s(150), w, s(300), color=theme.BANNER_TILT, batch=o, group=layer(0)
        )
        self.band_title = Text(o, layer(1), w / 2, h / 2 + s(45), s(110), bold=True)
        self.band_reason = Text(o, layer(1), w / 2, h / 2 - s(80), s(40))
        self.mark = Text(o, layer(2), w / 2, h / 2, s(420), color=theme.WATERMARK, bold=True, rotation=-24)
        self.mark_corner = Text(
            o, layer(2), s(330), s(1020), s(40), color=(255, 80, 80, 255), anchor_x="left", bold=True
        )

    def paint(self, scene: Scene) -> None:
        """Clear the window and paint ``scene``."""
        bg = theme.BACKGROUND
        pyglet.gl.glClearColor(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1.0)
        self.window.clear()
        if scene.game == "craps":
            self.dice.draw_tray()
            self.craps_side.draw(scene)
            self.dice.draw(scene.dice, scene.craps, scene.lucky)
        else:
            if scene.wheel is not None:
                self.wheel(scene.wheel_order).draw(self.window, scene.wheel)
            self.side.draw(scene)
            self.field.draw(scene.field, scene.touchdown_downs, scene.touchdown_teams)
        self._overlay(scene.banner, scene.test)

    def _overlay(self, banner: Banner | None, test: bool) -> None:
        self.band.visible = banner is not None
        if banner is not None:
            self.band.color = BANNER_COLOURS[banner.kind]
            self.band_title.show(self.cat.text(f"display.{banner.kind}"))
            self.band_reason.show(banner.reason[:90])
        else:
            self.band_title.show("")
            self.band_reason.show("")
        self.mark.show(self.cat.text("display.test") if test else "")
        self.mark_corner.show(self.cat.text("display.test") if test else "")
        self.overlay.draw()

    def save(self, path: Path) -> Path:
        """Write what the window shows to ``path`` (PNG)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))
        return path
