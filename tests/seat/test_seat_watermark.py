"""Lab mode's TEST mark: a translucent TEST across the screen and a red frame round it, on every size."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
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


def _rgb(surface: pygame.Surface, xs: object = slice(None), ys: object = slice(None)) -> np.ndarray:
    """The surface's (r, g, b) by [x, y] (all of it, or the points ``xs``, ``ys``), signed so differences
    do not wrap. Read through a view of the pixels, copying only the points asked for: copying a whole
    2560x1080 screen (``array3d``) cost half this file's time."""
    return pygame.surfarray.pixels3d(surface)[xs, ys].astype(np.int16)


def _mask(p: Painter, frame: Frame) -> list[tuple[int, int]]:
    """The pixels the mark's letters cover (drawn on black: where it lightened the black clearly, leaving
    out the letters' soft anti-aliased rims), every third pixel, row by row (numpy: pixel by pixel in
    Python cost most of this file's time)."""
    assert frame == Frame.of(frame.width, frame.height)  # all the mark depends on: size and language
    return list(_letters(p.language, frame.width, frame.height))


@cache
def _letters(language: str, width: int, height: int) -> tuple[tuple[int, int], ...]:
    """:func:`_mask` of a fresh painter in ``language``: the same for every screen of one size and
    language, so worked out once (a tuple: no test can change what the next one reads)."""
    frame = Frame.of(width, height)
    black = pygame.Surface((frame.width, frame.height))
    black.fill((0, 0, 0))
    draw_watermark(black, Painter(language, find_currency("USD")), frame)
    edge = max(4, frame.unit // 4) + 2
    grid = _rgb(black, slice(edge, frame.width - edge, 3), slice(edge, frame.height - edge, 3))
    ys, xs = np.nonzero(grid.sum(axis=2).T >= 60)  # row by row, as the rows were walked
    return tuple(zip((edge + 3 * xs).tolist(), (edge + 3 * ys).tolist(), strict=True))


def _sweep() -> list[Any]:
    """Every table, state, size and language: make check draws each table and state at 1920x1080 in
    Spanish, make test every other size and language too (the sweep is marked slow)."""
    return [
        pytest.param(table, state, size, language, id=f"{table}-{state}-{size[0]}x{size[1]}-{language}",
                     marks=() if (size, language) == ((1920, 1080), "es") else pytest.mark.slow)
        for table in ("double_zero", "single_zero", "craps")
        for state in ("betting", "result", "history", "tilt")
        for size in ((1920, 1080), (1024, 768), (2560, 1080))
        for language in ("en", "es")
    ]  # fmt: skip


@pytest.mark.parametrize(("table", "state", "size", "language"), _sweep())
def test_the_test_mark_stands_out_on_every_layout_in_the_players_language(
    table: str, state: str, size: tuple[int, int], language: str
) -> None:
    """A contrast test: over the mark's letters, the screen in lab mode differs clearly from the same
    screen without the mark, whatever lies under it (felt, pockets, panels, a card)."""
    from dataclasses import replace

    from tests.seat.screen_tour import STATES, seat_app

    screens = {}
    for test_mode in (False, True):
        app = seat_app(table, language, size)
        app.receive([replace(app.control.model.table, test_mode=test_mode)], 0.5)  # type: ignore[type-var]
        STATES[state](app)
        surface = pygame.Surface(size)
        app.draw(surface, 1.5)
        screens[test_mode] = surface
    letters = _mask(app.painter, app.frame)
    assert len(letters) > 200
    xs, ys = np.array(letters).T
    differences = np.abs(_rgb(screens[True], xs, ys) - _rgb(screens[False], xs, ys)).sum(axis=1) / 3
    clear = np.count_nonzero(differences >= 20) / len(differences)
    assert clear >= 0.8, f"only {clear:.0%} of the mark stands out"  # white under white: the rest
    assert differences.sum() / len(differences) >= 40


def test_the_mark_is_in_the_players_language() -> None:
    init_headless()
    frame = Frame.of(1920, 1080)
    english, spanish = Painter("en", find_currency("USD")), Painter("es", find_currency("USD"))
    assert _mask(english, frame) != _mask(spanish, frame)  # TEST / PRUEBA
