"""The Props & Hops seat layout draws a result with a Six Eight Shake standing on its felt (the shake's
area is no one-roll spot: it lights when the seat's shake was paid), and frames in gold each box of the
grid the shake has marked."""

from __future__ import annotations

import pygame

from terminal.games.props_hops.rules import DEFAULT_GRID
from terminal.seat.layouts import paint
from terminal.seat.layouts.base import LayoutView, StakeMark
from terminal.seat.layouts.props_hops import PropsHopsLayout


def test_the_layout_draws_a_shake_s_marks_and_a_result_with_a_shake_on_it() -> None:
    pygame.init()
    fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    def font(size: int, bold: bool) -> pygame.font.Font:  # made here: no font of another test's pygame
        return fonts.setdefault((size, bold), pygame.font.Font(None, size))

    layout = PropsHopsLayout(pygame.Rect(0, 0, 1200, 700), "standard", DEFAULT_GRID, 48)
    stakes = (StakeMark("six_eight_shake", 100, None, True),)
    board = (("marks:six_eight_shake", "15 33"),)  # 1-5 and 3-3 marked
    view = LayoutView(stakes, (), "4-5", None, False, lambda k: k, str, font, None, board)
    surface = pygame.Surface((1200, 700))
    layout.draw(surface, view)

    def edge(spot: str) -> tuple[int, int, int]:
        rect = layout.area(spot).rect
        r, g, b, _ = surface.get_at((rect.centerx, rect.top + 1))
        return (r, g, b)

    gold = tuple(paint.GOLD[:3])
    assert edge("any_number_1_5") == gold and edge("double_3_3") == gold
    assert edge("any_number_2_4") != gold
