"""The DEMO badge of a seat at a demo table (simulated devices): a small pill at the right end of the
recent-results heading, a line no other label shares (the heading is drawn narrower to leave it room).

A demo table takes bills from buttons on the screen; the badge says so on every seat, in the player's
language, whatever the screen shows, and hides no label: it sits above the result cells, beside the heading.
"""

from __future__ import annotations

import pygame

from terminal.seat import theme
from terminal.seat.model import SeatModel
from terminal.seat.text import Painter

KEY = "badge.demo"


def on(model: SeatModel) -> bool:
    """Whether this seat's table is a demo table (its devices are simulated)."""
    return model.table is not None and model.table.devices == "simulated"


def rect(p: Painter, strip: pygame.Rect, unit: int) -> pygame.Rect:
    """The badge's pill: at the right end of the strip's heading line, above its result cells."""
    label = p.label(KEY, unit * 4 // 5, theme.INK, bold=True)
    pad = max(4, unit // 3)
    pill = pygame.Rect(0, 0, label.get_width() + 2 * pad, min(unit - 2, label.get_height() + 2))
    pill.topright = (strip.right, strip.top - 1)
    return pill


def draw(surface: pygame.Surface, p: Painter, strip: pygame.Rect, unit: int) -> pygame.Rect:
    """Paint the badge; returns its pill (the heading keeps left of it)."""
    pill = rect(p, strip, unit)
    pygame.draw.rect(surface, theme.ALERT, pill, border_radius=pill.height // 3)
    p.draw(surface, KEY, pill.center, unit * 4 // 5, theme.INK, anchor="center", bold=True)
    return pill
