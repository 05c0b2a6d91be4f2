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
from terminal.display.layout import Panels, Rect, layout_for, stage_box
from terminal.display.regions import has_overlay, merged, overlaps, padded, regions_of, whole_key
from terminal.display.scene import Banner, Scene
from terminal.display.side_view import SideView
from terminal.display.stage_views import VIEWS, StageView, venue_of
from terminal.display.wheel_view import WheelView
from terminal.i18n import Catalogue, load_catalogue
from terminal.money import find_currency, format_amount

BANNER_COLOURS = {
    "tilt": theme.BANNER_TILT,
    "out_of_service": theme.BANNER_SERVICE,
    "link_lost": theme.BANNER_LINK,
    "attract": theme.FELT,
}
_NOTHING = object()  # a key no scene has: the next frame repaints everything
Mat4, Vec3 = pyglet.math.Mat4, pyglet.math.Vec3


class Painter:
    """The display's views for one window, laid out for its shape (``layout.layout_for``)."""

    def __init__(
        self,
        window: pyglet.window.Window,
        cat: Catalogue,
        history_length: int,
        incremental: bool | None = None,
    ) -> None:
        self.window, self.cat, self.history_length = window, cat, history_length
        self.incremental = preserves_frames() if incremental is None else incremental
        self._whole: object = _NOTHING
        self._keys: dict[str, object] = {}
        self._rects: dict[str, tuple[Rect, ...]] = {}  # each region's rectangles in the last frame
        self._wheel_pose: object = _NOTHING
        self.fit = fit = layout_for(window.width, window.height)
        self.design = fit.design
        self.sc = Scale(fit.scale)
        self.origin = Mat4.from_translation(Vec3(fit.offset[0], fit.offset[1], 0.0))  # the design's corner
        self.wheel_box = self.design.wheel_box()
        self._sides: dict[Panels, SideView] = {}
        self._field: FieldView | None = None
        self._dice: DiceView | None = None
        self._wheels: dict[tuple[int, ...], WheelView] = {}
        self._stages: dict[tuple[str, str], StageView] = {}
        self.overlay = Batch()
        self._build_overlay()

    def side(self, panels: Panels) -> SideView:
        """The boards of one arrangement (built on first use: a table shows one or two)."""
        if panels not in self._sides:
            self._sides[panels] = SideView(self.sc, self.cat, self.history_length, self.design.top, panels)
        return self._sides[panels]

    def field(self) -> FieldView:
        """The Touchdown panel (built on first use)."""
        if self._field is None:
            rect = self.design.touchdown.field
            if rect is None:
                raise ValueError(f"the {self.design.name} layout has no Touchdown field")
            self._field = FieldView(self.sc, self.cat, rect)
        return self._field

    def dice(self) -> DiceView:
        """The craps stage (built on first use)."""
        if self._dice is None:
            self._dice = DiceView(self.sc, self.cat, self.design.craps)
        return self._dice

    def wheel(self, order: tuple[int, ...]) -> WheelView:
        """The cached wheel view of ``order`` (built on first use)."""
        if order not in self._wheels:
            cx, cy, r = self.design.wheel
            self._wheels[order] = WheelView(self.sc, cx, cy, r, order, self.origin)
        return self._wheels[order]

    def stage(self, scene: Scene) -> StageView | None:
        """The stage of a game that registered one (built on first use), or None."""
        make = VIEWS.get(scene.game)
        if make is None:
            return None
        venue = venue_of(scene.table)
        if (scene.game, venue) not in self._stages:
            view = make(self.sc, self.cat, stage_box(self.design), venue, self.origin)
            self._stages[scene.game, venue] = view
        return self._stages[scene.game, venue]

    def batches(self, scene: Scene) -> set[Batch]:
        """Every batch a frame of ``scene`` draws from (the tests find its labels by them)."""
        panels = self.design.panels(scene.game, scene.touchdown is not None)
        views: list[object] = [self.side(panels)]
        stage = self.stage(scene)
        if stage is not None:
            return {self.overlay, *stage.batches()} | {
                b for b in vars(views[0]).values() if isinstance(b, Batch)
            }
        if scene.game == "craps":
            views.append(self.dice())
        else:
            views.append(self.wheel(scene.wheel_order))
            views += [self.field()] if scene.touchdown is not None else []
        return {self.overlay} | {b for view in views for b in vars(view).values() if isinstance(b, Batch)}

    def _build_overlay(self) -> None:
        """Banners and the TEST mark: in window pixels, across the whole window."""
        o, w, h = self.overlay, self.window.width, self.window.height
        s = Scale(self.fit.scale)
        self.screen = pyglet.shapes.Rectangle(0, 0, w, h, color=theme.SERVICE_SCREEN, batch=o, group=layer(0))
        self.band = pyglet.shapes.Rectangle(
            0, h / 2 - s(150), w, s(300), color=theme.BANNER_TILT, batch=o, group=layer(0)
        )
        self.band_title = Text(o, layer(1), w / 2, h / 2 + s(55), s(100), bold=True)
        self.band_reason = Text(o, layer(1), w / 2, h / 2 - s(75), s(36), wrap=w - s(160))
        self.band_table = Text(o, layer(1), w / 2, h / 2 - s(250), s(30), color=theme.GOLD)
        self.mark = Text(o, layer(2), w / 2, h / 2, s(420), color=theme.WATERMARK, bold=True, rotation=-24)

    def invalidate(self) -> None:
        """Repaint everything next frame (the window was resized or exposed)."""
        self._whole = _NOTHING

    def paint(self, scene: Scene) -> None:
        """Paint ``scene``: everything, or only what changed since the last frame."""
        whole = whole_key(scene)
        regions = regions_of(scene, self.design)
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
                    wheel_hit = wheel_hit or overlaps(rect, self.wheel_box)
                self._keys[region.name] = region.key
                self._rects[region.name] = region.rects
        if scene.wheel is not None and (scene.wheel != self._wheel_pose or wheel_hit):
            if has_overlay(scene) or wheel_hit:
                self._repaint(scene, self.wheel_box)
            else:
                self.window.view = self.origin
                self.wheel(scene.wheel_order).draw_turning(self.window, scene.wheel)
                self.window.view = Mat4()
            self._wheel_pose = scene.wheel

    def _repaint(self, scene: Scene, rect: Rect | None) -> None:
        """Clear ``rect`` (design pixels; None: the window) and paint everything of ``scene`` inside it."""
        gl = pyglet.gl
        if rect is not None:
            fx = self.window.get_framebuffer_size()[0] / self.window.width
            ox, oy = self.fit.offset
            x0, y0 = math.floor((ox + self.sc(rect[0])) * fx), math.floor((oy + self.sc(rect[1])) * fx)
            x1 = math.ceil((ox + self.sc(rect[0] + rect[2])) * fx)
            y1 = math.ceil((oy + self.sc(rect[1] + rect[3])) * fx)
            gl.glEnable(gl.GL_SCISSOR_TEST)
            gl.glScissor(x0, y0, x1 - x0, y1 - y0)
        bg = theme.BACKGROUND
        gl.glClearColor(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)  # no depth buffer is used: clearing it would cost a full fill
        try:
            self._draw(scene, wheel=rect is None or overlaps(rect, self.wheel_box))
        finally:
            gl.glDisable(gl.GL_SCISSOR_TEST)

    def _draw(self, scene: Scene, wheel: bool = True) -> None:
        """Everything of ``scene`` in painting order; ``wheel`` False: all but the wheel (clipped away)."""
        self.window.view = self.origin
        panels = self.design.panels(scene.game, scene.touchdown is not None)
        stage = self.stage(scene)
        if stage is not None:
            stage.draw(self.window, scene)
            self.side(panels).draw(scene)
        elif scene.game == "craps":
            dice = self.dice()
            dice.draw_tray()
            self.side(panels).draw(scene)
            dice.draw(scene.dice, scene.craps, scene.lucky, scene.hot)
        else:
            if scene.wheel is not None and wheel:
                self.wheel(scene.wheel_order).draw(self.window, scene.wheel)
            self.side(panels).draw(scene)
            if scene.touchdown is not None:
                self.field().draw(scene.field, scene.touchdown)
        self.window.view = Mat4()
        self._overlay(scene.banner, scene.test, scene.table, scene)

    def _overlay(self, banner: Banner | None, test: bool, table: str, scene: Scene | None = None) -> None:
        """A tilt or a lost link: a band across the game. Out of service: a screen of its own. The attract
        loop: a band with the game, the top payout seen and "insert a bill to play" in both languages."""
        cat = self.cat
        own_screen = banner is not None and banner.kind == "out_of_service"
        set_visible(self.screen, own_screen)
        set_visible(self.band, banner is not None and not own_screen)
        if banner is not None and banner.kind == "attract":
            self.band.color = BANNER_COLOURS[banner.kind]
            room = self.window.width - self.sc(80)
            self.band_title.show(cat.text(f"display.attract_{banner.code}"), fit=room)
            other = load_catalogue("es" if cat.language == "en" else "en")
            insert = f"{cat.text('display.attract_insert')} · {other.text('display.attract_insert')}"
            top = scene.top_win if scene is not None else 0
            if top and scene is not None:  # the table's biggest payout seen, over the invitation
                money = format_amount(top, find_currency(scene.currency))
                insert = f"{cat.text('display.attract_top_win', amount=money)}\n{insert}"
            self.band_reason.show(insert)
            self.band_table.show("")
        elif banner is not None:
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
        self.overlay.draw()

    def save(self, path: Path) -> Path:
        """Write what the window shows to ``path`` (PNG)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        pyglet.image.get_buffer_manager().get_color_buffer().save(str(path))
        return path
