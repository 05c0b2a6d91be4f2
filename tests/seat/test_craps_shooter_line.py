"""The shooter's line ("Shooter 4 - roll 9") and the All Tall tracker stay on a craps seat with Lucky
Shooter and Hot Roller on (the review saw both vanish at 1920x1080), beside the wagers' list."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.seat.screen_tour import CRAPS_BETS, seat_app
from tests.seat.seat_states import seat_state, wager


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)], ids=str)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_shooter_line_stays(size: tuple[int, int], language: str) -> None:
    app = seat_app("craps", language, size)
    bets = (*CRAPS_BETS, wager("hot_roller", 500))
    app.receive([seat_state(credits=50_000, wagers=bets)], 1.0)
    keys: list[str] = []
    draw = app.painter.draw

    def watched(surface: pygame.Surface, key: str, *a: Any, **kw: Any) -> pygame.Rect:
        keys.append(key)
        return draw(surface, key, *a, **kw)

    app.painter.draw = watched  # type: ignore[method-assign]
    app.draw(pygame.Surface(size), 1.5)
    assert "craps.shooter" in keys
    if size != (1024, 768):  # the 4:3 screen keeps the point, the seat's own wagers and the list first
        assert "craps.tall_short" in keys
