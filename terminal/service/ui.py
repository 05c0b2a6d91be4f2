"""A small immediate-mode toolkit for the service screen: every frame draws widgets and records hit areas.

A view calls :meth:`Ui.button` and friends while drawing; a touch (mouse up) on the next frame runs the
action of the area it landed in. Actions are plain callables posted by the view (intents), so views never
call the protocol themselves. Sizes are for a 1920×1080 touchscreen: buttons at least 72 px high, text at
least 26 px.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

Action = Callable[[], None]
#: No text on a service screen is drawn smaller than this (pixels at 1920x1080): a technician reads it at
#: arm's length on a touchscreen. :meth:`Ui.text` refuses smaller text, so a view cannot shrink a label.
MIN_TEXT_PX = 14

BG = (12, 18, 28)
PANEL = (24, 33, 46)
PANEL_HI = (34, 46, 63)
LINE = (58, 74, 96)
TEXT = (236, 240, 245)
MUTED = (150, 163, 181)
ACCENT = (246, 186, 44)  # service amber
ACCENT_DARK = (64, 48, 10)
GOOD = (64, 190, 110)
BAD = (232, 76, 76)
INFO = (80, 160, 240)
DISABLED = (70, 78, 90)


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
    """The frame being drawn: the surface, fonts and the hit areas of this frame."""

    surface: pygame.Surface
    fonts: Fonts = field(default_factory=Fonts)
    hits: list[tuple[pygame.Rect, Action]] = field(default_factory=list)

    def begin(self) -> None:
        self.hits.clear()
        self.surface.fill(BG)

    def click(self, pos: tuple[int, int]) -> bool:
        """Run the action under ``pos`` (the topmost one drawn last); returns whether one ran."""
        for rect, action in reversed(self.hits):
            if rect.collidepoint(pos):
                action()
                return True
        return False

    # -- drawing -----------------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        pos: tuple[int, int],
        size: int = 30,
        color: tuple[int, int, int] = TEXT,
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

    def panel(self, rect: pygame.Rect, color: tuple[int, int, int] = PANEL, border: int = 0) -> None:
        pygame.draw.rect(self.surface, color, rect, border_radius=12)
        if border:
            pygame.draw.rect(self.surface, LINE, rect, width=border, border_radius=12)

    def button(
        self,
        rect: pygame.Rect,
        label: str,
        action: Action | None,
        *,
        primary: bool = False,
        selected: bool = False,
        danger: bool = False,
        size: int = 32,
    ) -> None:
        """A touch target; ``action`` None draws it disabled."""
        if action is None:
            fill, ink = PANEL, DISABLED
        elif danger:
            fill, ink = BAD, TEXT
        elif primary or selected:
            fill, ink = ACCENT, (20, 20, 20)
        else:
            fill, ink = PANEL_HI, TEXT
        pygame.draw.rect(self.surface, fill, rect, border_radius=12)
        pygame.draw.rect(self.surface, LINE if action is None else fill, rect, width=2, border_radius=12)
        self.text(label, rect.center, size, ink, bold=True, anchor="center", width=rect.width - 16)
        if action is not None:
            self.hits.append((rect, action))

    def badge(self, rect: pygame.Rect, label: str, color: tuple[int, int, int]) -> None:
        pygame.draw.rect(self.surface, color, rect, border_radius=8)
        self.text(label, rect.center, 26, (15, 15, 15), bold=True, anchor="center")

    def field(self, rect: pygame.Rect, label: str, value: str, focused: bool, action: Action | None) -> None:
        """A labelled entry box (the keypad types into the focused one)."""
        self.text(label, (rect.x, rect.y - 34), 28, MUTED)
        pygame.draw.rect(self.surface, (8, 12, 18), rect, border_radius=10)
        pygame.draw.rect(self.surface, ACCENT if focused else LINE, rect, width=3, border_radius=10)
        self.text(value, (rect.x + 18, rect.centery), 40, TEXT, anchor="midleft", width=rect.width - 36)
        if action is not None:
            self.hits.append((rect, action))

    def table(
        self,
        rect: pygame.Rect,
        columns: Sequence[tuple[str, int, str]],
        rows: Sequence[Sequence[str]],
        *,
        row_height: int = 48,
        size: int = 28,
        on_row: Callable[[int], Action] | None = None,
        colors: Sequence[tuple[int, int, int] | None] = (),
    ) -> None:
        """Columns are (title, width, align 'l'|'r'); rows beyond the rectangle are not drawn."""
        self.panel(rect)
        x0, y = rect.x + 16, rect.y + 10
        self._row([c[0] for c in columns], columns, x0, y, size, MUTED, bold=True)
        y += row_height
        pygame.draw.line(self.surface, LINE, (rect.x + 10, y - 6), (rect.right - 10, y - 6), 2)
        for index, row in enumerate(rows):
            if y + row_height > rect.bottom:
                break
            band = pygame.Rect(rect.x + 6, y - 4, rect.width - 12, row_height - 2)
            if index % 2:
                pygame.draw.rect(self.surface, PANEL_HI, band, border_radius=6)
            chosen = colors[index] if index < len(colors) else None
            color = chosen if chosen is not None else TEXT
            self._row(row, columns, x0, y + 4, size, color)
            if on_row is not None:
                self.hits.append((band, on_row(index)))
            y += row_height

    def _row(
        self,
        cells: Sequence[str],
        columns: Sequence[tuple[str, int, str]],
        x: int,
        y: int,
        size: int,
        color: tuple[int, int, int],
        bold: bool = False,
    ) -> None:
        for cell, (_, width, align) in zip(cells, columns, strict=False):
            if align == "r":
                self.text(cell, (x + width - 14, y), size, color, bold, "topright", width - 20)
            else:
                self.text(cell, (x, y), size, color, bold, "topleft", width - 20)
            x += width


def fit(font: pygame.font.Font, text: str, width: int | None) -> str:
    """``text`` cut to ``width`` pixels with '...'."""
    if width is None or font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


def grid(rect: pygame.Rect, columns: int, rows: int, gap: int = 12) -> list[pygame.Rect]:
    """``rect`` cut into ``columns`` × ``rows`` cells, row by row."""
    w = (rect.width - gap * (columns - 1)) // columns
    h = (rect.height - gap * (rows - 1)) // rows
    return [
        pygame.Rect(rect.x + c * (w + gap), rect.y + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(columns)
    ]
