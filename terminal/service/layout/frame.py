"""The service screen's bands, and the two helpers every geometry is written with.

:func:`box` places a rectangle inside an area the way Python indexes a list: a negative offset counts from
the far edge, a size of zero or less is the area's size less that much. So "200 px wide, 72 high, 560 px
in from the right edge, on the bottom line" reads ``box(content, -560, -72, 200, 72)``.

>>> area = pygame.Rect(100, 50, 1000, 500)
>>> box(area, 20, 30, 200, 72), box(area, -560, -72, 200, 72), box(area, 24, 0, -48, 64)
(<rect(120, 80, 200, 72)>, <rect(540, 478, 200, 72)>, <rect(124, 50, 952, 64)>)
>>> point(area, -32, 48)
(1068, 98)
>>> f = Frame.of(1920, 1080)
>>> f.content, f.menu.width, f.status.bottom
(<rect(380, 120, 1516, 870)>, 332, 1064)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

Point = tuple[int, int]


def box(area: pygame.Rect, x: int, y: int, w: int, h: int) -> pygame.Rect:
    """A rectangle in ``area``: offsets from its top left (negative: from its right or bottom edge),
    sizes in pixels (zero or less: the area's size less that much)."""
    width = w if w > 0 else area.width + w
    height = h if h > 0 else area.height + h
    left = area.x + x if x >= 0 else area.right + x
    top = area.y + y if y >= 0 else area.bottom + y
    return pygame.Rect(left, top, width, height)


def point(area: pygame.Rect, x: int, y: int) -> Point:
    """A point in ``area``, offsets as in :func:`box`."""
    return (area.x + x if x >= 0 else area.right + x, area.y + y if y >= 0 else area.bottom + y)


def grid(rect: pygame.Rect, columns: int, rows: int, gap: int = 12) -> list[pygame.Rect]:
    """``rect`` cut into ``columns`` x ``rows`` cells, row by row."""
    w = (rect.width - gap * (columns - 1)) // columns
    h = (rect.height - gap * (rows - 1)) // rows
    return [
        pygame.Rect(rect.x + c * (w + gap), rect.y + r * (h + gap), w, h)
        for r in range(rows)
        for c in range(columns)
    ]


@dataclass(frozen=True, slots=True)
class Header:
    """The SERVICE MODE bar: the brand, the table, the key's state, who is logged in (or the clock)."""

    bar: pygame.Rect
    rule: pygame.Rect  # the amber line under it
    brand: Point
    table: Point
    key: pygame.Rect
    demo: pygame.Rect  # a demo table's DEMO badge, between the table and the key
    table_width: int
    user: Point
    user_width: int
    logout: pygame.Rect
    clock: Point


#: The smallest touch area: 48 px on a 1080-line screen, never under 40 px on a smaller one (the seat's
#: rule); a layout on a squeezed screen makes rows taller in design units to keep it.
TOUCH_UNITS, TOUCH_MIN_PX = 48, 40


@dataclass(frozen=True, slots=True)
class Frame:
    """The service screen of one design size cut into its bands."""

    size: tuple[int, int]
    header: Header
    menu: pygame.Rect  # the screens, one button each
    menu_gap: int
    content: pygame.Rect  # the screen being shown
    status: pygame.Rect  # the status line: what the last act did, or why it was refused
    touch: int = TOUCH_UNITS  # the smallest touch area, in design units

    @classmethod
    def of(cls, width: int, height: int, unit_px: float = 1.0) -> Frame:
        """The bands of a ``width`` x ``height`` design frame drawn at ``unit_px`` pixels a unit (down)."""
        screen = pygame.Rect(0, 0, width, height)
        bar = box(screen, 0, 0, 0, 96)
        header = Header(
            bar=bar,
            rule=box(bar, 0, 92, 0, 4),
            brand=point(bar, 32, 48),
            table=point(bar, 440, 48),
            key=box(bar, 800, 26, 300, 44),
            demo=box(bar, 676, 26, 108, 44),
            table_width=220,
            user=point(bar, -360, 48),
            user_width=420,
            logout=box(bar, -320, 16, 296, 64),
            clock=point(bar, -40, 48),
        )
        inner = screen.inflate(-48, 0)  # 24 px margins left and right
        return cls(
            size=(width, height),
            header=header,
            menu=box(inner, 0, 120, 332, height - 210),
            menu_gap=10,
            content=box(inner, 356, 120, -356, height - 210),
            status=box(inner, 0, -76, 0, 60),
            touch=max(TOUCH_UNITS, math.ceil(TOUCH_MIN_PX / unit_px)),
        )

    @property
    def screen(self) -> pygame.Rect:
        """The whole screen."""
        return pygame.Rect((0, 0), self.size)

    @property
    def title(self) -> Point:
        """A screen's title: the top left of the content."""
        return self.content.topleft

    @property
    def subtitle(self) -> Point:
        """The line under the title saying what the screen is for."""
        return point(self.content, 0, 52)

    @property
    def subtitle_width(self) -> int:
        return self.content.width - 40

    @property
    def status_text(self) -> Point:
        """Where the status line's text starts (middle left)."""
        return (self.status.x + 20, self.status.centery)

    @property
    def status_width(self) -> int:
        return self.status.width - 40


@dataclass(frozen=True, slots=True)
class Pager:
    """Previous / page x of y / next, on the bottom line of the content."""

    previous: pygame.Rect
    label: Point  # centre of "page x of y"
    next: pygame.Rect


def pager(frame: Frame) -> Pager:
    """The pager of a listing."""
    c = frame.content
    return Pager(box(c, -560, -72, 200, 72), point(c, -280, -36), box(c, -200, -72, 200, 72))
