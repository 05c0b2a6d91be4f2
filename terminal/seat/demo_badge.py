"""The DEMO badge of a seat at a demo table (simulated devices): a small pill at the right end of the
recent-results heading, a line no other label shares (the heading is drawn narrower to leave it room), and
on a page (help, history, session, cash-out) at the right end of the page's title line.

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


def pill_at(p: Painter, topright: tuple[int, int], unit: int) -> pygame.Rect:
    """The badge's pill with its top-right corner at ``topright``: a unit high at most."""
    label = p.label(KEY, unit * 4 // 5, theme.INK, bold=True)
    pad = max(4, unit // 3)
    pill = pygame.Rect(0, 0, label.get_width() + 2 * pad, min(unit - 2, label.get_height() + 2))
    pill.topright = topright
    return pill


def rect(p: Painter, strip: pygame.Rect, unit: int) -> pygame.Rect:
    """The badge's pill on the game screen: at the right end of the strip's heading line, above its
    result cells."""
    return pill_at(p, (strip.right, strip.top - 1), unit)


def paint(surface: pygame.Surface, p: Painter, pill: pygame.Rect, unit: int) -> pygame.Rect:
    """Paint the badge in ``pill``; returns it."""
    pygame.draw.rect(surface, theme.ALERT, pill, border_radius=pill.height // 3)
    p.draw(surface, KEY, pill.center, unit * 4 // 5, theme.INK, anchor="center", bold=True)
    return pill


def draw(surface: pygame.Surface, p: Painter, strip: pygame.Rect, unit: int) -> pygame.Rect:
    """Paint the badge on the game screen; returns its pill (the heading keeps left of it)."""
    return paint(surface, p, rect(p, strip, unit), unit)
