"""The seat is laid out per aspect, not stretched: 16:9, 4:3 and 21:9 keep the layout's proportions, a 21:9
screen gives its extra width to a column for the seat's wagers, and the Touchdown prompt sits over the
layout whatever the screen.
"""

from __future__ import annotations

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import overlays
from terminal.seat.layouts.craps import CrapsLayout
from terminal.seat.layouts.roulette import RouletteLayout
from terminal.seat.theme import Frame
from tests.seat.screen_tour import seat_app

SIZES = ((1920, 1080), (1024, 768), (2560, 1080), (1280, 720), (3440, 1440))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bands_tile_the_screen_and_the_layout_keeps_a_16_9_shape(size: tuple[int, int]) -> None:
    frame = Frame.of(*size)
    screen = pygame.Rect(0, 0, *size)
    bands = [frame.top, frame.side, frame.bottom, *([frame.ledger] if frame.ledger else [])]
    assert all(screen.contains(b) for b in [*bands, frame.layout])
    for n, band in enumerate(bands):
        assert not any(band.colliderect(other) for other in bands[n + 1 :])
        assert not band.colliderect(frame.layout)
    assert frame.layout.width <= frame.layout.height * 1.8 + frame.height * 0.02
    wide = size[0] / size[1] > 2
    assert (frame.ledger is not None) == wide  # 21:9 only: its room over is the wagers' column


def test_a_21_9_screen_draws_the_same_table_as_16_9_not_a_wider_one() -> None:
    """Number boxes and craps rows keep the same proportions at 2560x1080 as at 1920x1080."""
    shapes = {}
    for size in ((1920, 1080), (2560, 1080)):
        for table in ("double_zero", "craps"):
            layout = seat_app(table, "en", size).game.layout
            if isinstance(layout, RouletteLayout):
                cw, ch = layout.geometry.grid.cell
                shapes[size, table] = round(cw / ch, 2)
            else:
                assert isinstance(layout, CrapsLayout)
                come = layout.geometry.spots["come"]
                shapes[size, table] = round(come.width / layout.rect.height, 2)
    for table in ("double_zero", "craps"):
        assert abs(shapes[(1920, 1080), table] - shapes[(2560, 1080), table]) <= 0.05, shapes


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_touchdown_prompt_is_centred_over_the_layout(size: tuple[int, int]) -> None:
    app = seat_app("double_zero", "en", size)
    app.receive([m.TeamPrompt("seat-1", 5, 15_000)], 1.0)
    box = overlays.card(app.frame, over_layout=True)
    layout = app.frame.layout
    assert abs(box.centerx - layout.centerx) <= 1 and abs(box.centery - layout.centery) <= 1
    assert layout.contains(box)
    team_buttons = overlays.buttons(app.control, app.frame, 1.0)
    assert [b.key for b in team_buttons] == ["button.team_red", "button.team_black"]
    assert all(box.contains(b.rect) for b in team_buttons)
