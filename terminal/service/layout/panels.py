"""Where the screens of cards put theirs: tilts, hand-pays, self-tests (a card a row) and RAM clear.

>>> from terminal.service.layout.frame import Frame
>>> g = tilts(Frame.of(1920, 1080))
>>> g.card(0), g.card(1).y, g.row(0).clear
(<rect(380, 230, 1516, 96)>, 338, <rect(1576, 242, 300, 72)>)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.service.layout.frame import Frame, Point, box, point


@dataclass(frozen=True, slots=True)
class TiltRow:
    """One active tilt: its kind, where, its detail, who may clear it and the clear button."""

    rect: pygame.Rect
    kind: pygame.Rect
    where: Point
    detail: Point
    detail_width: int
    rule: Point  # right edge, middle
    clear: pygame.Rect


@dataclass(frozen=True, slots=True)
class HandpayRow:
    """One hand-pay waiting: the seat, the award and its wager, and the pay button."""

    rect: pygame.Rect
    seat: Point  # middle left, as the rest
    amount: Point
    wager: Point
    wager_width: int
    detail_width: int  # a detail that is not an award, from where the amount goes
    pay: pygame.Rect


@dataclass(frozen=True, slots=True)
class Cards:
    """A column of cards in the content, under the title; ``rows`` fit."""

    first: pygame.Rect
    step: int
    rows: int
    none: Point  # "nothing here"

    def card(self, index: int) -> pygame.Rect:
        return self.first.move(0, index * self.step)

    def row(self, index: int) -> TiltRow:
        """The ``index``-th card as a tilt."""
        r = self.card(index)
        return TiltRow(
            rect=r,
            kind=box(r, 20, 24, 300, 48),
            where=point(r, 340, 16),
            detail=point(r, 340, 54),
            detail_width=720,
            rule=point(r, -340, 48),
            clear=box(r, -320, 12, 300, 72),
        )

    def handpay(self, index: int) -> HandpayRow:
        """The ``index``-th card as a hand-pay."""
        r = self.card(index)
        return HandpayRow(
            rect=r,
            seat=(r.x + 24, r.centery),
            amount=(r.x + 260, r.centery),
            wager=(r.x + 640, r.centery),
            wager_width=420,
            detail_width=800,
            pay=box(r, -420, 12, 400, 72),
        )


def tilts(frame: Frame) -> Cards:
    """Tilts and hand-pays: seven cards."""
    c = frame.content
    return Cards(first=box(c, 0, 110, 0, 96), step=108, rows=7, none=point(c, 0, 140))


@dataclass(frozen=True, slots=True)
class SelfTestRow:
    """One self-test: its name, its result's badge, the detail of the result."""

    rect: pygame.Rect
    name: Point
    badge: pygame.Rect
    detail: Point
    detail_width: int


@dataclass(frozen=True, slots=True)
class SelfTests:
    """The run button, then a card per test."""

    run: pygame.Rect
    first: pygame.Rect
    step: int

    def row(self, index: int) -> SelfTestRow:
        r = self.first.move(0, index * self.step)
        return SelfTestRow(r, point(r, 32, 24), box(r, -330, 36, 300, 58), point(r, 32, 80), r.width - 420)


def selftests(frame: Frame) -> SelfTests:
    c = frame.content
    return SelfTests(run=box(c, 0, 110, 520, 100), first=box(c, 0, 250, 0, 130), step=150)


@dataclass(frozen=True, slots=True)
class RamClear:
    """The warning card (a red edge, the steps), then the start button."""

    card: pygame.Rect
    edge: pygame.Rect
    first: Point  # the first step; each next one a step lower
    step: int
    text_width: int
    start: pygame.Rect

    def line(self, index: int) -> Point:
        """Where the ``index``-th step (from 0) is written."""
        return (self.first[0], self.first[1] + index * self.step)


def ram_clear(frame: Frame) -> RamClear:
    c = frame.content
    card = box(c, 0, 90, 0, 560)
    return RamClear(
        card=card,
        edge=box(card, 0, 0, 12, 0),
        first=point(card, 48, 40),
        step=90,
        text_width=card.width - 96,
        start=box(c, 0, 690, 760, 110),
    )
