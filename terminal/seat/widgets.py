"""Small drawn pieces shared by the seat's views: buttons, chips, panels, dice and pockets.

A :class:`Button` knows its rect, its catalogue key and the intent it posts; the views build them from
proportions of the screen each time the size changes, and route taps with :func:`hit_button`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.seat import theme
from terminal.seat.intents import Intent
from terminal.seat.text import Painter
from terminal.seat.theme import Colour

_RED_NUMBERS = frozenset((1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36))
_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}


@dataclass(frozen=True, slots=True)
class Button:
    """A labelled button that posts ``intent`` when tapped and ``enabled``."""

    rect: pygame.Rect
    key: str
    intent: Intent
    enabled: bool = True
    hot: bool = False
    colour: Colour = theme.BUTTON


def hit_button(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    """The button under ``pos``, if any (disabled ones included: the caller says why it is off)."""
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def draw_button(surface: pygame.Surface, painter: Painter, button: Button, size: int) -> None:
    """A rounded button with its label centred, dimmed when disabled, outlined when hot."""
    colour = button.colour if button.enabled else theme.BUTTON_OFF
    radius = button.rect.height // 5
    pygame.draw.rect(surface, colour, button.rect, border_radius=radius)
    edge = theme.GOLD if button.hot else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, button.rect, width=max(2, size // 8), border_radius=radius)
    ink = theme.ink_on(colour) if button.enabled else theme.DIM_INK
    room = button.rect.inflate(-max(8, size * 2 // 3), -max(4, size // 4))
    painter.block(surface, button.key, room, size, ink, bold=True)  # a long label takes two lines


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = theme.PANEL) -> None:
    """A flat panel with a thin edge."""
    pygame.draw.rect(surface, colour, rect, border_radius=max(4, rect.height // 40))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=max(4, rect.height // 40))


def draw_chip(
    surface: pygame.Surface,
    painter: Painter,
    centre: tuple[int, int],
    radius: int,
    index: int,
    amount: int,
    *,
    selected: bool = False,
) -> None:
    """A casino chip of the tray's ``index``-th colour showing ``amount``."""
    colour = theme.chip_colour(index)
    if selected:
        pygame.draw.circle(surface, theme.GOLD, centre, radius + max(3, radius // 6))
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.ink_on(colour), centre, radius, width=max(2, radius // 8))
    pygame.draw.circle(surface, theme.ink_on(colour), centre, radius * 7 // 10, width=1)
    painter.draw(
        surface,
        "fmt.chip",
        centre,
        max(8, radius * 2 // 3),
        theme.ink_on(colour),
        anchor="center",
        bold=True,
        max_width=radius * 3 // 2,
        amount=painter.money(amount).removesuffix(".00"),
    )


def pocket_colour(outcome: str) -> Colour:
    """The colour of a roulette pocket's text form (``0``/``00`` green)."""
    if not outcome.isdigit() or outcome in ("0", "00"):
        return theme.GREEN
    return theme.RED if int(outcome) in _RED_NUMBERS else theme.BLACK


def draw_die(
    surface: pygame.Surface,
    rect: pygame.Rect,
    face: int,
    fill: theme.Colour | None = None,
    ink: theme.Colour | None = None,
) -> None:
    """One die showing ``face`` (1..6), white with black pips unless ``fill`` and ``ink`` say."""
    pygame.draw.rect(surface, fill or theme.PAPER, rect, border_radius=rect.width // 6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=rect.width // 6)
    for fx, fy in _PIPS.get(face, ()):
        centre = (rect.left + int(fx * rect.width), rect.top + int(fy * rect.height))
        pygame.draw.circle(surface, ink or theme.PAPER_INK, centre, max(2, rect.width // 10))


def dice_of(outcome: str) -> tuple[int, int] | None:
    """``"4-3"`` → (4, 3); anything else → None."""
    first, sep, second = outcome.partition("-")
    if sep and first.isdigit() and second.isdigit():
        return int(first), int(second)
    return None


def dim(surface: pygame.Surface, rect: pygame.Rect, alpha: int = 160) -> None:
    """Darken ``rect`` (behind a modal card or an overlay)."""
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    shade.fill((*theme.SHADE, alpha))
    surface.blit(shade, rect.topleft)
