"""The credits are the largest figure in the seat's top bar at every screen size and every amount: the
meter kept its size only up to $999.99 (at 1024x768 "$1,234.50" shrank below the total bet's size)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from terminal.net import messages as m
from tests.seat.screen_tour import seat_app
from tests.seat.seat_states import seat_state, wager

SIZES = ((1920, 1080), (1024, 768), (2560, 1080))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("credits", [99_999, 123_450, 2_500_000, 98_765_432])
def test_the_credits_are_the_largest_figure(size: tuple[int, int], language: str, credits: int) -> None:
    app = seat_app("double_zero", language, size)
    bets = (wager("red", 250_000), wager("black", 250_000))
    state: m.SeatState = seat_state(credits=credits, wagers=bets, last_win=1_234_500)
    app.receive([state], 1.0)
    top = app.frame.top
    figures: list[tuple[str, int]] = []
    draw = app.painter.draw

    def watched(surface: pygame.Surface, key: str, at: tuple[int, int], *a: Any, **kw: Any) -> pygame.Rect:
        box = draw(surface, key, at, *a, **kw)
        if key == "fmt.money" and top.collidepoint(at) and kw.get("bold"):
            figures.append((kw["amount"], box.height))
        return box

    app.painter.draw = watched  # type: ignore[method-assign]
    app.draw(pygame.Surface(size), 1.5)
    assert len(figures) >= 4, figures
    shown = app.painter.money(credits)
    assert figures[0][0] == shown
    assert all(figures[0][1] >= height for _, height in figures[1:]), figures
    assert figures[0][1] > max(height for _, height in figures[1:]), figures  # larger, not the same size
