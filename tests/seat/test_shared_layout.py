"""Seats of one process share their table's layout (a desk's tiled seats, the lab's screen tours): each
still draws exactly what it would draw alone, whatever language the other seat shows."""

from __future__ import annotations

import pygame
import pytest

from terminal.seat import layout_port
from tests.seat.screen_tour import seat_app
from tests.seat.seat_states import colours


def _frame(app: object, size: tuple[int, int]) -> bytes:
    surface = pygame.Surface(size)
    app.draw(surface, 1.5)  # type: ignore[attr-defined]
    return colours(surface).tobytes()  # each pixel's colour, in bytes: frames compare with ==


@pytest.mark.parametrize("table", ["double_zero", "craps"])
def test_two_seats_share_a_layout_and_each_draws_as_alone(table: str) -> None:
    size = (1920, 1080)
    alone = {}
    for language in ("en", "es"):
        layout_port._SHARED.clear()  # a seat of its own: nothing painted before it
        alone[language] = _frame(seat_app(table, language, size), size)
    layout_port._SHARED.clear()
    english, spanish = seat_app(table, "en", size), seat_app(table, "es", size)
    assert english.game.layout is spanish.game.layout  # one felt for both
    for _ in range(2):  # in turns: each draw finds the other language's felt painted last
        assert _frame(english, size) == alone["en"]
        assert _frame(spanish, size) == alone["es"]
    other = seat_app(table, "en", (1024, 768))
    assert other.game.layout is not english.game.layout  # another size: its own layout
