"""The service screen's immediate-mode toolkit: each frame draws its parts and records their touch areas.

A view calls :meth:`Ui.button` and friends while drawing, each touch area with the
:class:`~terminal.service.intents.Intent` a touch there posts; :meth:`Ui.click` on the next touch returns
the intent of the area it landed in (the topmost, drawn last). Views never act themselves: events in,
intents out. Sizes are pixels on the 1920x1080 canvas: buttons at least 72 px high, text at least
:data:`~terminal.service.theme.MIN_TEXT_PX`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from terminal.service import theme
from terminal.service.intents import Intent
from terminal.service.theme import MIN_TEXT_PX, TYPE, Colour

__all__ = ["MIN_TEXT_PX", "Fonts", "Ui", "fit"]


@dataclass
class Fonts:
    """The screen's fonts by size (the default font, scaled)."""

    cache: dict[tuple[int, bool], pygame.font.Font] = field(default_factory=dict)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self.cache:
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            self.cache[key] = font
        return self.cache[key]


@dataclass
class Ui:
    """The frame being drawn: the surface, fonts and the touch areas of this frame."""

    surface: pygame.Surface
    fonts: Fonts = field(default_factory=Fonts)
    hits: list[tuple[pygame.Rect, Intent]] = field(default_factory=list)

    def begin(self) -> None:
        """A new frame: the background, no touch areas yet."""
        self.hits.clear()
        self.surface.fill(theme.BG)

    def click(self, pos: tuple[int, int]) -> Intent | None:
        """The intent of the touch area under ``pos`` (the topmost, drawn last), if any."""
        return next((intent for rect, intent in reversed(self.hits) if rect.collidepoint(pos)), None)

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
        font = self.fonts.get(size, bold)
        shown = fit(font, text, width) if width else text
        image = font.render(shown, True, color)
        rect = image.get_rect(**{anchor: pos})
        self.surface.blit(image, rect)
        return rect

    def panel(self, rect: pygame.Rect, color: Colour = theme.PANEL, border: int = 0) -> None:
        pygame.draw.rect(self.surface, color, rect, border_radius=theme.RADIUS)
        if border:
            pygame.draw.rect(self.surface, theme.LINE, rect, width=border, border_radius=theme.RADIUS)

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
        pygame.draw.rect(self.surface, fill, rect, border_radius=theme.RADIUS)
        edge = theme.LINE if intent is None else fill
        pygame.draw.rect(self.surface, edge, rect, width=2, border_radius=theme.RADIUS)
        self.text(label, rect.center, size, ink, bold=True, anchor="center", width=rect.width - 16)
        self.touch(rect, intent)

    def badge(self, rect: pygame.Rect, label: str, color: Colour) -> None:
        """A state in a coloured box (not a touch target)."""
        pygame.draw.rect(self.surface, color, rect, border_radius=theme.BADGE_RADIUS)
        self.text(label, rect.center, TYPE.table, theme.INK_ON_BADGE, bold=True, anchor="center")


def fit(font: pygame.font.Font, text: str, width: int | None) -> str:
    """``text`` cut to ``width`` pixels with '...'."""
    if width is None or font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."
