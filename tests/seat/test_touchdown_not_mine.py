"""A seat with no Touchdown wager in the table's game does not show the drive nor "Your team: not chosen
yet": the drive is for the seats playing it (seat 2 of the review showed both)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from terminal.games.roulette.engine import RouletteView, TeamView, TouchdownView
from terminal.net.game_state import game_view
from tests.seat.screen_tour import seat_app


def _drawn(teams: tuple[TeamView, ...], size: tuple[int, int]) -> list[str]:
    app = seat_app("double_zero", "en", size)
    view = TouchdownView("game", (5, 23), (3, -10), -7, teams)
    app.receive([game_view("roulette", 5, RouletteView("double_zero", view))], 1.0)
    keys: list[str] = []
    draw = app.painter.draw

    def watched(surface: pygame.Surface, key: str, *a: Any, **kw: Any) -> pygame.Rect:
        keys.append(key)
        return draw(surface, key, *a, **kw)

    app.painter.draw = watched  # type: ignore[method-assign]
    app.draw(pygame.Surface(size), 1.5)
    return keys


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)], ids=str)
def test_a_seat_outside_the_game_shows_no_drive(size: tuple[int, int]) -> None:
    others = (TeamView("seat-2", "red", False), TeamView("seat-4", "black", True))
    keys = _drawn(others, size)
    assert not [k for k in keys if k.startswith("touchdown.")], keys


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)], ids=str)
def test_a_seat_in_the_game_shows_its_team_and_downs(size: tuple[int, int]) -> None:
    keys = _drawn((TeamView("seat-1", "red", False),), size)
    assert "touchdown.team_red" in keys
