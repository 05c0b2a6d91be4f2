"""The seat's betting layouts: roulette (three wheels, racetrack, Touchdown) and craps.

>>> import pygame
>>> layout = roulette_layout(pygame.Rect(0, 0, 1440, 600), "double_zero", True, True)
>>> layout.hit(layout.anchor("split:17-20"))
'split:17-20'
"""

from __future__ import annotations

import pygame

from terminal.games.roulette.wheels import wheel as find_wheel
from terminal.seat.layouts.base import (
    PICK,
    Fonts,
    HitArea,
    Layout,
    LayoutView,
    Picker,
    Place,
    StakeMark,
    UnknownSpotError,
    picked,
)
from terminal.seat.layouts.roulette import RouletteLayout

__all__ = [
    "PICK", "Fonts", "HitArea", "Layout", "LayoutView", "Picker", "Place", "StakeMark", "UnknownSpotError",
    "craps_layout", "picked", "roulette_layout",
]  # fmt: skip


def roulette_layout(
    rect: pygame.Rect,
    wheel: str,
    five_adjacent: bool,
    touchdown: bool,
    touch: int = 0,
    sides: tuple[str, ...] = (),
) -> Layout:
    """The roulette layout of the wheel called ``wheel`` in ``rect``, touch areas at least ``touch`` px;
    ``sides``: the side wagers offered below the zero boxes (``b2b``, ``blazing7s``)."""
    return RouletteLayout(rect, find_wheel(wheel), five_adjacent, touchdown, touch, sides)


def craps_layout(rect: pygame.Rect, offered: frozenset[str], vig_percent: int = 5, touch: int = 0) -> Layout:
    """The craps layout in ``rect`` with areas for the ``offered`` wager ids of ``terminal.games.catalog``."""
    from terminal.seat.layouts.craps import CrapsLayout

    return CrapsLayout(rect, offered, vig_percent, touch)
