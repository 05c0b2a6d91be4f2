"""The service screen's immediate-mode toolkit: each frame draws its parts and records their touch areas.

A view calls :meth:`Ui.button` and friends while drawing, each touch area with the
:class:`~terminal.service.intents.Intent` a touch there posts; :meth:`Ui.click` on the next touch returns
the intent of the area it landed in (the topmost, drawn last). Views never act themselves: events in,
intents out.

Views and geometry speak design units: the screen is 1080 units high and at least 1920 wide
(:func:`design_size`; a wider screen gets a wider frame). The Ui draws them at the surface's own
resolution: on a 1920x1080 or 2560x1080 screen a unit is a pixel; a 1024x768 screen is drawn at 0.53 x
0.71 pixels a unit, text sharp at its own size; a 4K screen at 2 x 2. Text is set in the seat's and the
display's typeface (``[seat.fonts]`` of the theme), its size in design units scaled by :data:`FACE` (the
design sizes were drawn with pygame's built-in face, which sets a size at 0.6875 of it), and never under
the seat's floor for the screen's height (:func:`floor_px`: 14 px at 1080 lines, 12 px at 768).

>>> design_size((1920, 1080)), design_size((2560, 1080)), design_size((1024, 768)), design_size((3840, 2160))
((1920, 1080), (2560, 1080), (1920, 1080), (1920, 1080))
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from terminal.assets import resolve_first
from terminal.service import theme
from terminal.service.intents import Intent
from terminal.service.theme import MIN_TEXT_PX, TYPE, Colour
from terminal.theme import looks

__all__ = ["MIN_TEXT_PX", "Fonts", "Ui", "design_size", "fit", "floor_px"]

DESIGN_HEIGHT = 1080
DESIGN_MIN_WIDTH = 1920
FACE = 0.6875  # pixels of the typeface per design size (what pygame's built-in face set them at)
_FACES = (looks("seat", "fonts").texts("regular"), looks("seat", "fonts").texts("bold"))  # the seat's faces


def floor_px(height: int) -> int:
    """The smallest text on a screen ``height`` pixels high: the seat's rule (``Frame.text_min``)."""
    return max(12, round(14 * height / 1080))


def design_size(size: tuple[int, int]) -> tuple[int, int]:
    """The design frame for a screen of ``size`` pixels: 1080 units high, as wide as its aspect makes
    it, never narrower than 1920 (a narrower screen draws the 16:9 layout squeezed)."""
    width = round(size[0] * DESIGN_HEIGHT / size[1])
    return max(DESIGN_MIN_WIDTH, width), DESIGN_HEIGHT


@dataclass
class Fonts:
    """The screen's fonts by pixel size: the seat's and display's typeface, regular and bold."""

    cache: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self.cache:
            if not pygame.font.get_init():
                pygame.font.init()
            self.cache[key] = pygame.font.Font(str(resolve_first(_FACES[bold])), size)
        return self.cache[key]


@dataclass
class Ui:
    """The frame being drawn: the surface, fonts and the touch areas of this frame (in design units)."""

    surface: pygame.Surface
    fonts: Fonts = field(default_factory=Fonts)
    hits: list[tuple[pygame.Rect, Intent]] = field(default_factory=list)
    design: tuple[int, int] = field(init=False)
    sx: float = field(init=False)  # pixels per unit, across and down
    sy: float = field(init=False)

    def __post_init__(self) -> None:
        size = self.surface.get_size()
        self.design = design_size(size)
        self.sx, self.sy = size[0] / self.design[0], size[1] / self.design[1]

    def begin(self) -> None:
        """A new frame: the background, no touch areas yet."""
        self.hits.clear()
        self.surface.fill(theme.BG)

    def click(self, pos: tuple[int, int]) -> Intent | None:
        """The intent of the touch area under the pixel ``pos`` (the topmost, drawn last), if any."""
        at = (int(pos[0] / self.sx), int(pos[1] / self.sy))
        return next((intent for rect, intent in reversed(self.hits) if rect.collidepoint(at)), None)

    # -- design units to pixels ------------------------------------------------------------------------
    def px(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` in pixels of the surface (edges rounded, so neighbours stay neighbours)."""
        left, top = round(rect.x * self.sx), round(rect.y * self.sy)
        right, bottom = round(rect.right * self.sx), round(rect.bottom * self.sy)
        return pygame.Rect(left, top, right - left, bottom - top)

    def at(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A point in pixels of the surface."""
        return round(pos[0] * self.sx), round(pos[1] * self.sy)

    def size(self, units: int) -> int:
        """A length (a radius, a line's width) in pixels: never thinner than one."""
        return max(1, round(units * min(self.sx, self.sy)))

    def text_px(self, size: int) -> int:
        """The pixel size text of ``size`` units is set in: in proportion, never under the screen's floor."""
        return max(floor_px(self.surface.get_height()), round(size * FACE * min(self.sx, self.sy)))

    def rect(self, color: Colour, rect: pygame.Rect, width: int = 0, radius: int = 0) -> None:
        """A filled (or, with ``width``, outlined) rectangle, corners rounded by ``radius``."""
        line, corner = (self.size(width) if width else 0), (self.size(radius) if radius else 0)
        pygame.draw.rect(self.surface, color, self.px(rect), width=line, border_radius=corner)

    def line(self, color: Colour, start: tuple[int, int], end: tuple[int, int], width: int = 1) -> None:
        pygame.draw.line(self.surface, color, self.at(start), self.at(end), self.size(width))

    def touch(self, rect: pygame.Rect, intent: Intent | None) -> None:
        """A touch area (``None``: nothing to do there)."""
        if intent is not None:
            self.hits.append((rect, intent))

    def modal(self) -> None:
        """Shade everything drawn so far; from now only what is drawn next takes touches (a dialog)."""
        shade = pygame.Surface(self.surface.get_size(), pygame.SRCALPHA)
        shade.fill(theme.SHADE)
        self.surface.blit(shade, (0, 0))
        self.hits.clear()

    # -- drawing -----------------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        pos: tuple[int, int],
        size: int = TYPE.body,
        color: Colour = theme.TEXT,
        bold: bool = False,
        anchor: str = "topleft",
        width: int | None = None,
    ) -> pygame.Rect:
        """Draw one line (cut with '...' to ``width``); returns its rectangle."""
        if size < MIN_TEXT_PX:
            raise ValueError(f"service text of {size} px is under the {MIN_TEXT_PX} px minimum: {text!r}")
        font = self.fonts.get(self.text_px(size), bold)
        shown = fit(font, text, round(width * self.sx)) if width else text
        image = font.render(shown, True, color)
        rect = image.get_rect(**{anchor: self.at(pos)})
        self.surface.blit(image, rect)
        return rect

    def width_of(self, text: str, size: int, bold: bool = False) -> int:
        """How wide ``text`` is drawn at ``size``, in design units."""
        return round(self.fonts.get(self.text_px(size), bold).size(text)[0] / self.sx)

    def panel(self, rect: pygame.Rect, color: Colour = theme.PANEL, border: int = 0) -> None:
        self.rect(color, rect, radius=theme.RADIUS)
        if border:
            self.rect(theme.LINE, rect, width=border, radius=theme.RADIUS)

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        intent: Intent | None,
        *,
        primary: bool = False,
        selected: bool = False,
        danger: bool = False,
        size: int = TYPE.button,
    ) -> None:
        """A touch target posting ``intent``; ``None`` draws it disabled."""
        if intent is None:
            fill, ink = theme.PANEL, theme.DISABLED
        elif danger:
            fill, ink = theme.BAD, theme.TEXT
        elif primary or selected:
            fill, ink = theme.ACCENT, theme.INK_ON_ACCENT
        else:
            fill, ink = theme.PANEL_HI, theme.TEXT
        self.rect(fill, rect, radius=theme.RADIUS)
        self.rect(theme.LINE if intent is None else fill, rect, width=2, radius=theme.RADIUS)
        self.label(label, rect, size, ink, 16)
        self.touch(rect, intent)

    def badge(self, rect: pygame.Rect, label: str, color: Colour) -> None:
        """A state in a coloured box (not a touch target)."""
        self.rect(color, rect, radius=theme.BADGE_RADIUS)
        self.label(label, rect, TYPE.table, theme.INK_ON_BADGE, 12)

    def label(self, label: str, rect: pygame.Rect, size: int, ink: Colour, inset: int) -> None:
        """``label`` centred in ``rect`` in bold, on two lines split near the middle where one line is too
        long at this screen's size (a 4:3 screen sets text larger against the layout) and two fit."""
        room = rect.width - inset
        if self.width_of(label, size, True) > room:
            room = rect.width - inset // 2  # a narrow key (4:3): its word may come closer to the edges
        words = label.split(" ")
        two = len(words) > 1 and self.width_of(label, size, True) > room
        if two and 2 * self.fonts.get(self.text_px(size), True).get_linesize() > self.px(rect).height:
            two = False  # no room for two lines: one, cut
        if not two:
            self.text(label, rect.center, size, ink, bold=True, anchor="center", width=room)
            return
        cut = min(range(1, len(words)), key=lambda n: abs(len(" ".join(words[:n])) - len(label) / 2))
        step = rect.height // 4
        for n, line in enumerate((" ".join(words[:cut]), " ".join(words[cut:]))):
            at = (rect.centerx, rect.centery + (2 * n - 1) * step)
            self.text(line, at, size, ink, bold=True, anchor="center", width=room)


def fit(font: pygame.font.Font, text: str, width: int | None) -> str:
    """``text`` cut to ``width`` pixels with '...'."""
    if width is None or font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."
