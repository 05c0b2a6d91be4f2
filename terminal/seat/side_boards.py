"""The seat's B2B reader board and Blazing 7's bonus balls, in the side panel's progress room.

After a spin of 7, 17 or 27 with Blazing 7's on the table, the three bonus balls, each in its pocket's
colour (7, 17 and 27 ringed); then the reader board: the odds the table's RNG drew with the last spin
("B2B board: 250 to 1"), or that B2B opens after the first spin. Rows that do not fit are left out whole.
"""

from __future__ import annotations

import pygame

from terminal.games.roulette.wheels import pocket_text
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.text import Painter
from terminal.seat.widgets import pocket_colour


def boards_height(control: SeatControl, unit: int) -> int:
    """The room the boards want (0: neither wager is offered)."""
    model = control.model
    balls = unit * 3 if model.blazing is not None and model.blazing.balls else 0
    return balls + (unit * 2 if model.b2b is not None else 0)


def draw_boards(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, unit: int
) -> None:
    """The bonus balls (the last spin's, most important), then the reader board, from the top of ``box``."""
    model, top = control.model, box.top
    blazing = model.blazing
    if blazing is not None and blazing.balls and top + unit * 3 <= box.bottom:
        size = unit * 5 // 2
        for n, pocket in enumerate(blazing.balls):
            ball = pygame.Rect(box.left + n * (size + unit // 3), top, size, size)
            text = pocket_text(pocket)
            pygame.draw.circle(surface, pocket_colour(text), ball.center, size // 2)
            ring = theme.WIN if pocket in (7, 17, 27) else theme.PANEL_EDGE
            pygame.draw.circle(surface, ring, ball.center, size // 2, width=max(2, unit // 8))
            p.draw(surface, "fmt.outcome", ball.center, size * 11 // 20, theme.INK, anchor="center",
                   bold=True, max_width=size * 4 // 5, outcome=text)  # fmt: skip
        words = pygame.Rect(ball.right + unit // 2, top, box.right - ball.right - unit // 2, size)
        p.block(surface, "sides.blazing_bonus", words, unit, theme.GOLD, bold=True, trigger=blazing.trigger)
        top += unit * 3
    if model.b2b is not None and top + unit * 2 <= box.bottom:
        row = pygame.Rect(box.left, top, box.width, unit * 2 - unit // 4)
        pygame.draw.rect(surface, theme.BUTTON_OFF, row, border_radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, row, 2, border_radius=6)
        if model.b2b.previous and model.b2b.odds:
            key, args = "sides.b2b_odds", {"odds": f"{model.b2b.odds:,}"}
        else:
            key, args = ("sides.b2b_closed", {}) if not model.b2b.previous else ("sides.b2b_open", {})
        p.block(surface, key, row.inflate(-unit // 2, -4), unit, theme.GOLD, bold=True, **args)
