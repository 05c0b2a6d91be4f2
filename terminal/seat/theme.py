"""Colours and proportions of the seat screen: looks are data, and every size is a fraction of the screen.

The colours are read from the theme (``assets/theme.toml``, table ``[seat]``; :mod:`terminal.theme`).

The screen is cut into bands by proportion, so it fits any size from 640x480 to 8K and any aspect from
4:3 to 21:9: a top bar of meters, the layout, a side panel for results and game progress, and a bottom
bar with the chip tray and the action buttons.

>>> frame = Frame.of(1920, 1080)
>>> frame.top.height, frame.bottom.bottom, frame.side.right
(86, 1080, 1920)
>>> frame.touch, frame.text_min, Frame.of(1024, 768).touch, Frame.of(1024, 768).text_min
(48, 14, 40, 12)
>>> frame.ledger is None, Frame.of(2560, 1080).ledger.width, Frame.of(2560, 1080).layout.width
(True, 601, 1476)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.theme import Colour as Colour
from terminal.theme import looks

_LOOKS = looks("seat")  # the colours are data: assets/theme.toml, table [seat]

FELT: Colour = _LOOKS.rgb("felt")
FELT_DARK: Colour = _LOOKS.rgb("felt_dark")
PANEL: Colour = _LOOKS.rgb("panel")
PANEL_EDGE: Colour = _LOOKS.rgb("panel_edge")
INK: Colour = _LOOKS.rgb("ink")
DIM_INK: Colour = _LOOKS.rgb("dim_ink")
GOLD: Colour = _LOOKS.rgb("gold")
WIN: Colour = _LOOKS.rgb("win")
RED: Colour = _LOOKS.rgb("red")
BLACK: Colour = _LOOKS.rgb("black")
GREEN: Colour = _LOOKS.rgb("green")
WARN: Colour = _LOOKS.rgb("warn")
ALERT: Colour = _LOOKS.rgb("alert")
BUTTON: Colour = _LOOKS.rgb("button")
BUTTON_HOT: Colour = _LOOKS.rgb("button_hot")
BUTTON_OFF: Colour = _LOOKS.rgb("button_off")
READY: Colour = _LOOKS.rgb("ready")
PAPER: Colour = _LOOKS.rgb("paper")
PAPER_INK: Colour = _LOOKS.rgb("paper_ink")
HARDWARE: Colour = _LOOKS.rgb("hardware")

SHADE: Colour = _LOOKS.rgb("shade")
LOST_AMOUNT: Colour = _LOOKS.rgb("lost_amount")
FOOTBALL: Colour = _LOOKS.rgb("football")

CHIP_COLOURS: tuple[Colour, ...] = _LOOKS.rgbs("chip_colours")


def chip_colour(index: int) -> Colour:
    """The colour of the ``index``-th chip of the tray (cycles past eight)."""
    return CHIP_COLOURS[index % len(CHIP_COLOURS)]


def ink_on(colour: Colour) -> Colour:
    """Black or white text, whichever reads on ``colour``."""
    r, g, b = colour
    return PAPER_INK if (299 * r + 587 * g + 114 * b) // 1000 > 150 else INK


_LAYOUT_ASPECT = 1.8  # widest the layout band may be for its height: a 16:9 screen's proportions


@dataclass(frozen=True, slots=True)
class Frame:
    """The bands of a seat screen of a given size, and the base text size."""

    width: int
    height: int
    top: pygame.Rect
    layout: pygame.Rect
    side: pygame.Rect
    bottom: pygame.Rect
    unit: int  # the base text height in pixels
    ledger: pygame.Rect | None = None  # a wide screen's column for the seat's wagers and the last results

    @classmethod
    def of(cls, width: int, height: int) -> Frame:
        """Cut a ``width`` x ``height`` screen into its bands, per aspect: the layout never wider than
        a 16:9 screen's, a wider screen (21:9) giving the room over to a column of its own."""
        top_h = round(height * 0.08)
        bottom_h = round(height * 0.15)
        side_w = max(round(min(width, height * 16 // 9) * 0.24), round(height * 0.40))
        middle = height - top_h - bottom_h
        top = pygame.Rect(0, 0, width, top_h)
        side = pygame.Rect(width - side_w, top_h, side_w, middle)
        widest = round(middle * _LAYOUT_ASPECT)
        room = width - side_w
        ledger = None
        if room - widest > side_w * 4 // 5:  # a wide screen: the wagers list gets a column of its own
            ledger = pygame.Rect(0, top_h, room - widest, middle)
        left = ledger.right if ledger is not None else 0
        pad = round(height * 0.02)
        layout = pygame.Rect(left, top_h, room - left, middle).inflate(-pad, -pad)
        bottom = pygame.Rect(0, height - bottom_h, width, bottom_h)
        return cls(width, height, top, layout, side, bottom, max(10, round(height * 0.026)), ledger)

    @property
    def touch(self) -> int:
        """The smallest touch area a finger can use on this screen: 48 px at 1080 lines, 40 px at 768
        (and never less), in proportion between."""
        return max(40, round(48 * self.height / 1080))

    @property
    def text_min(self) -> int:
        """The smallest text size on this screen: 14 px at 1080 lines, in proportion below, never under
        12 px (a 1024x768 screen's floor)."""
        return max(12, round(14 * self.height / 1080))

    @property
    def below_top(self) -> pygame.Rect:
        """Everything under the top bar (a card dims this, so the meters stay readable)."""
        return pygame.Rect(0, self.top.bottom, self.width, self.height - self.top.bottom)

    def nav_cell(self, n: int) -> pygame.Rect:
        """The ``n``-th cell (0..5, two a row) of the side panel's foot: the navigation buttons, then the
        simulated hardware's button in the sixth."""
        side = self.side
        height = max(self.unit * 9 // 4, int(side.height * 0.07), self.touch + 8)
        top = side.bottom - 3 * height - 8
        width = (side.width - 24) // 2
        return pygame.Rect(side.left + 8 + (n % 2) * (width + 8), top + (n // 2) * height, width, height - 8)

    @property
    def rect(self) -> pygame.Rect:
        """The whole screen."""
        return pygame.Rect(0, 0, self.width, self.height)
