"""No text on the seat below 14 px at 1920x1080 and 12 px at 1024x768, and none spilling out
of the room it was given: every state of every game and wheel, every help page, both languages.

Each screen of the tour is drawn by a real seat app whose painter is watched: the size of every font text
is rendered with (the layouts draw through the same painter), and every line drawn in a given width or box
against that width or box. Text too long for its room must wrap onto more lines, never shrink below the
minimum nor run over its neighbour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from terminal.seat.app import SeatApp
from tests.seat.screen_tour import TABLES, tour

SIZES = {(1920, 1080): 14, (2560, 1080): 14, (1024, 768): 12}
slow = pytest.mark.slow


class Watch:
    """Records the fonts a painter renders with and every line drawn wider than its room."""

    def __init__(self, app: SeatApp) -> None:
        self.heights: list[int] = []
        self.spills: list[str] = []
        p = app.painter
        font, draw, block = p.font, p.draw, p.block

        def watched_font(size: int, bold: bool = False) -> pygame.font.Font:
            found = font(size, bold)
            self.heights.append(found.get_height())
            return found

        def watched_draw(
            surface: pygame.Surface, key: str, at: tuple[int, int], *a: Any, **kw: Any
        ) -> pygame.Rect:
            box = draw(surface, key, at, *a, **kw)
            room = kw.get("max_width", 0)
            if room and box.width > room + 1:
                self.spills.append(f"{key}: {box.width} px in {room}")
            return box

        def watched_block(
            surface: pygame.Surface, key: str, room: pygame.Rect, *a: Any, **kw: Any
        ) -> pygame.Rect:
            box = block(surface, key, room, *a, **kw)
            if box.width > room.width + 1 or box.height > room.height + 4:
                self.spills.append(f"{key}: {box.size} in {room.size}")
            return box

        p.font = watched_font  # type: ignore[method-assign]  # the layouts read ``p.fonts()``: this one
        p.draw = watched_draw  # type: ignore[method-assign]
        p.block = watched_block  # type: ignore[method-assign]


def _smallest_allowed(app: SeatApp) -> int:
    return app.painter.font(app.frame.text_min).get_height()


CHECKED = ("double_zero", "craps")  # make check: each game's layout, roulette's with 00 and Touchdown


def _sweep() -> list[Any]:
    """Every table, size and language: make check draws craps and the double-zero wheel (the roulette
    layout with the most spots and Touchdown; the single-zero wheels are the same layout and screens with
    fewer spots) at 1920x1080 in Spanish (the longer words), make test every other table, size and
    language too (the sweep is marked slow)."""
    return [
        pytest.param(table, size, language, id=f"{table}-{size[0]}x{size[1]}-{language}",
                     marks=() if (table in CHECKED and (size, language) == ((1920, 1080), "es")) else slow)
        for table in TABLES
        for size in SIZES
        for language in ("en", "es")
    ]  # fmt: skip


@pytest.mark.parametrize(("table", "size", "language"), _sweep())
def test_no_text_below_the_minimum_and_none_spilling(
    table: str, size: tuple[int, int], language: str
) -> None:
    small: list[str] = []
    spills: list[str] = []
    for state, app in tour(table, language, size):
        assert app.frame.text_min == SIZES[size]
        least = _smallest_allowed(app)
        watch = Watch(app)
        app.draw(pygame.Surface(size), 1.5)
        assert watch.heights, state
        if min(watch.heights) < least:
            small.append(f"{state}: {min(watch.heights)} px < {least}")
        spills += [f"{state} {spill}" for spill in watch.spills]
    assert not small, small
    assert not spills, spills[:12]


def test_the_painter_wraps_instead_of_shrinking_below_the_minimum() -> None:
    from terminal.money import USD
    from terminal.seat.text import Painter

    p = Painter("en", USD)
    p.min_size = 14
    surface = pygame.Surface((400, 400))
    one_line = p.draw(surface, "help.rounding", (0, 0), 28, (255, 255, 255))
    wrapped: Callable[..., pygame.Rect] = p.draw
    box = wrapped(surface, "help.rounding", (0, 0), 28, (255, 255, 255), max_width=300)
    assert box.width <= 300 < one_line.width
    assert box.height >= 3 * p.font(14).get_height()  # several lines at 14 px, not one line at 5 px
