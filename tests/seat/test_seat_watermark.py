"""Lab mode's TEST mark: a translucent TEST across the screen and a red frame round it, on every size."""

from __future__ import annotations

import pygame
import pytest

from terminal.money import find_currency
from terminal.seat import theme
from terminal.seat.main import init_headless
from terminal.seat.overlays import draw_watermark
from terminal.seat.text import Painter
from terminal.seat.theme import Frame


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2520, 1080)])
def test_the_test_mark_frames_the_screen_and_crosses_its_middle(size: tuple[int, int]) -> None:
    init_headless()
    width, height = size
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    draw_watermark(surface, Painter("en", find_currency("USD")), Frame.of(width, height))
    alert = pygame.Color(theme.ALERT)
    for corner in ((0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)):
        assert surface.get_at(corner) == alert
    middle = [surface.get_at((x, height // 2)) for x in range(width // 4, 3 * width // 4)]
    assert any(pixel.r > 40 and pixel.r > pixel.g for pixel in middle)  # the red TEST, see-through
    assert all(pixel != alert for pixel in middle)  # translucent: it never hides what is under it
