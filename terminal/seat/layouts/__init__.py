"""The seat's betting layouts: roulette (three wheels, racetrack, Touchdown) and craps.

>>> import pygame
>>> layout = roulette_layout(pygame.Rect(0, 0, 1440, 600), "double_zero", True, True)
>>> layout.hit(layout.anchor("split:17-20"))
'split:17-20'
"""

from __future__ import annotations

import pygame

from terminal.games.wheels import wheel as find_wheel
from terminal.seat.layouts.base import Fonts, HitArea, Layout, LayoutView, StakeMark, UnknownSpotError
from terminal.seat.layouts.roulette import RouletteLayout

__all__ = [
    "Fonts", "HitArea", "Layout", "LayoutView", "StakeMark", "UnknownSpotError",
    "craps_layout", "roulette_layout",
]  # fmt: skip


def roulette_layout(rect: pygame.Rect, wheel: str, five_adjacent: bool, touchdown: bool) -> Layout:
    """The roulette layout of the wheel called ``wheel`` in ``rect``."""
    return RouletteLayout(rect, find_wheel(wheel), five_adjacent, touchdown)


def craps_layout(rect: pygame.Rect, offered: frozenset[str], vig_percent: int = 5) -> Layout:
    """The craps layout in ``rect`` with areas for the ``offered`` wager ids of ``terminal.games.catalog``."""
    from terminal.seat.layouts.craps import CrapsLayout

    return CrapsLayout(rect, offered, vig_percent)
