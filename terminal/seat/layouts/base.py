"""What a betting layout is to the seat: hit areas in, drawing out.

A layout is built once for a screen rectangle and the smallest touch area a finger can use there
(``touch`` pixels); ``hit`` maps a touch to the canonical spot text the rule engines parse, or to a
picker (``pick:<name>``) where the spots are too small to touch on the felt: the seat then offers that
picker's spots as large buttons, as electronic tables do. ``anchor`` says where a wager's chips sit (every
spot has one, touched directly or through a picker), and ``draw`` paints the table with the seat's
:class:`LayoutView`. The felt, lines and labels are painted once per size and language into a cached
surface (see :class:`AreaLayout`); each frame blits it and draws chips and highlights on top.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

import pygame

Fonts = Callable[[int, bool], pygame.font.Font]  # (pixel size, bold) -> font


class TooSmallError(ValueError):
    """A layout whose touch areas cannot be ``touch`` pixels each way in the rectangle it was given."""


@dataclass(frozen=True, slots=True)
class StakeMark:
    """One of the seat's wagers as the layout shows it: chips at the spot, ``number`` a moved come point."""

    spot: str
    amount: int
    number: int | None
    working: bool


@dataclass(frozen=True, slots=True)
class HitArea:
    """Where a touch selects ``spot``; ``center`` is always inside ``rect``."""

    spot: str
    rect: pygame.Rect
    center: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Place:
    """Where a spot lies on the felt (``rect``, lit when it wins) and where its chips sit (``chips``)."""

    rect: pygame.Rect
    chips: tuple[int, int]
    radius: int = 0  # a chip smaller than the layout's (a racetrack pocket's); 0: the layout's own


@dataclass(frozen=True, slots=True)
class LayoutView:
    """Everything a frame of the layout shows besides the layout itself."""

    stakes: tuple[StakeMark, ...]  # the seat's wagers
    winners: tuple[tuple[str, int], ...]  # (spot, paid) to highlight after a result
    outcome: str | None  # "17", "00", "4-3": marked on the layout after a result
    point: int | None  # craps puck (None: OFF / come-out)
    locked: bool  # betting closed: draw the layout dimmed
    tr: Callable[[str], str]  # catalogue lookup for every label
    money: Callable[[int], str]  # formats minor units (paid amounts)
    fonts: Fonts
    chip_text: Callable[[int], str] | None = None  # the short amount on a chip ("$25", "$1K"); else money
    board: tuple[tuple[str, str], ...] = ()  # words the game's state puts in an area: (spot, text)

    def on_chip(self, amount: int) -> str:
        """What a chip of ``amount`` says."""
        return (self.chip_text or self.money)(amount)


class Layout(Protocol):
    """A betting layout the seat draws and touches."""

    rect: pygame.Rect

    def hit(self, pos: tuple[int, int]) -> str | None: ...

    def areas(self) -> tuple[HitArea, ...]: ...

    def spots(self) -> frozenset[str]: ...

    def picker(self, name: str) -> Picker: ...

    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]: ...

    def draw(self, surface: pygame.Surface, view: LayoutView) -> None: ...

    def refusal(self, spot: str, remove: bool, view: LayoutView) -> str | None:
        """The catalogue key of why a chip on (``remove``: a chip off) ``spot`` cannot be, by the game's own
        rules and what ``view`` shows (a wager fixed until it is settled); None when the table decides."""
        ...


PICK = "pick:"  # the prefix of a touch area that opens a picker rather than placing a chip


@dataclass(frozen=True, slots=True)
class Picker:
    """Spots offered as large buttons once the picker's area is touched (a point box, a number, the zeros).

    ``title`` is a catalogue key and ``number`` its ``{number}`` field ("Bets on 6", "Bets on 17")."""

    name: str
    title: str
    number: str
    spots: tuple[str, ...]


def picked(hit: str | None) -> str | None:
    """The picker's name when ``hit`` is a picker's touch area, else None.

    >>> picked("pick:point:6"), picked("place_6"), picked(None)
    ('point:6', None, None)
    """
    return hit.removeprefix(PICK) if hit is not None and hit.startswith(PICK) else None


class UnknownSpotError(KeyError):
    """A spot text that has no area on this layout (not legal, or not offered here)."""

    def __str__(self) -> str:
        return str(self.args[0])


def area(spot: str, rect: pygame.Rect) -> HitArea:
    """A hit area whose centre is the centre of ``rect``."""
    return HitArea(spot, rect, rect.center)


def box(x: float, y: float, right: float, bottom: float) -> pygame.Rect:
    """A rect from float edges, rounded so that rects sharing an edge tile without gaps or overlap."""
    left, top = round(x), round(y)
    return pygame.Rect(left, top, round(right) - left, round(bottom) - top)


class AreaIndex:
    """Hit areas by spot, and a point lookup over a coarse grid of buckets (a touch tests a few rects)."""

    def __init__(self, bounds: pygame.Rect, areas: Iterable[HitArea], bucket: int = 64) -> None:
        self.bounds = bounds
        self.areas = tuple(a for a in areas if a.rect.width > 0 and a.rect.height > 0)
        self.by_spot = {a.spot: a for a in self.areas}
        if len(self.by_spot) != len(self.areas):
            raise ValueError("two hit areas name the same spot")
        self._bucket = bucket
        self._grid: dict[tuple[int, int], list[HitArea]] = {}
        for a in self.areas:
            for key in self._keys(a.rect):
                self._grid.setdefault(key, []).append(a)

    def _keys(self, rect: pygame.Rect) -> Iterable[tuple[int, int]]:
        b = self._bucket
        for gx in range(rect.left // b, (rect.right - 1) // b + 1):
            for gy in range(rect.top // b, (rect.bottom - 1) // b + 1):
                yield gx, gy

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The spot whose area holds ``pos``, or None."""
        x, y = int(pos[0]), int(pos[1])
        if not self.bounds.collidepoint(x, y):
            return None
        for a in self._grid.get((x // self._bucket, y // self._bucket), ()):
            if a.rect.collidepoint(x, y):
                return a.spot
        return None

    def get(self, spot: str) -> HitArea:
        """The area of ``spot``; :class:`UnknownSpotError` when the layout has none."""
        found = self.by_spot.get(spot)
        if found is None:
            raise UnknownSpotError(f"{spot!r} has no area on this layout")
        return found
