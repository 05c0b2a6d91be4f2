"""The seam to the betting layouts (``terminal.seat.layouts``, built beside this app).

The layouts give every wager a hit area, an anchor for its chips, and draw the felt. This module builds
the right layout for the table the controller describes and turns the model into the layouts'
``LayoutView``. It imports the layouts package by name at run time, so the app still runs (with an empty
felt and its own chip tray and buttons) where the package is absent; once both are merged a direct
import can replace :func:`_layouts`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol

import pygame

from terminal.net import messages as m


class HitArea(Protocol):
    """One spot's touch area (``terminal.seat.layouts.base.HitArea``)."""

    spot: str
    rect: pygame.Rect
    center: tuple[int, int]


class Layout(Protocol):
    """A betting layout (``terminal.seat.layouts.base.Layout``)."""

    rect: pygame.Rect

    def hit(self, pos: tuple[int, int]) -> str | None: ...
    def areas(self) -> tuple[Any, ...]: ...
    def anchor(self, spot: str, number: int | None = None) -> tuple[int, int]: ...
    def draw(self, surface: pygame.Surface, view: Any) -> None: ...


def _layouts() -> ModuleType | None:
    try:
        return importlib.import_module("terminal.seat.layouts")
    except ImportError:
        return None


def available() -> bool:
    """Whether the layouts package is installed."""
    return _layouts() is not None


def _rule(offer: m.Offer | None, key: str) -> str:
    if offer is None:
        return ""
    return next((r.value for r in offer.rules if r.key == key), "")


def make_layout(table: m.TableState, offer: m.Offer | None, rect: pygame.Rect) -> Layout | None:
    """The layout of this table's game in ``rect``, or None when the layouts package is absent."""
    package = _layouts()
    if package is None:
        return None
    wagers = frozenset(w.wager for w in offer.wagers) if offer is not None else frozenset()
    if table.game == "craps":
        built: Layout = package.craps_layout(rect, wagers)
        return built
    five = "five_adjacent" in wagers or _rule(offer, "five_adjacent") == "on"
    built = package.roulette_layout(rect, table.wheel, five, "touchdown" in wagers)
    return built


def layout_view(
    me: m.SeatState | None,
    winners: tuple[tuple[str, int], ...],
    outcome: str | None,
    point: int | None,
    locked: bool,
    tr: Callable[[str], str],
    money: Callable[[int], str],
    fonts: Callable[[int, bool], pygame.font.Font],
    pending: tuple[tuple[str, int], ...] = (),
) -> Any:
    """The layouts' ``LayoutView`` of this seat: its wagers (and chips awaiting their reply), the result."""
    base = importlib.import_module("terminal.seat.layouts.base")
    wagers = me.wagers if me is not None else ()
    merged: dict[
        tuple[str, int | None], list[int | bool]
    ] = {}  # one stack per spot: chips placed apart add up
    for w in wagers:
        stack = merged.setdefault((w.spot, w.number), [0, False])
        stack[0] = int(stack[0]) + w.amount
        stack[1] = bool(stack[1]) or w.working
    for spot, amount in pending:  # a chip awaiting its reply is drawn at once, on its spot's stack
        stack = merged.setdefault((spot, None), [0, True])
        stack[0] = int(stack[0]) + amount
    stakes = tuple(
        base.StakeMark(spot, int(amount), number, bool(working))
        for (spot, number), (amount, working) in merged.items()
    )
    return base.LayoutView(stakes, winners, outcome, point, locked, tr, money, fonts)
