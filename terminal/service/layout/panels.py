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
            detail_width=r.width - 796,  # between the place and the rule
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
    detail_leading: int = 24  # a second line of the detail


@dataclass(frozen=True, slots=True)
class IdentityLine:
    """One line of the program's identity: what it is (small, muted) over its value."""

    name: Point
    value: Point
    width: int


@dataclass(frozen=True, slots=True)
class SelfTests:
    """The run button, a card per test on the left, the program's identity on the right, the install
    log along the foot (two columns)."""

    run: pygame.Rect
    first: pygame.Rect
    step: int
    identity: pygame.Rect
    installs: pygame.Rect
    identity_lines: int = 6
    installs_shown: int = 10

    def row(self, index: int) -> SelfTestRow:
        r = self.first.move(0, index * self.step)
        return SelfTestRow(r, point(r, 24, 16), box(r, -250, 16, 226, 52), point(r, 24, 82), r.width - 48)

    @property
    def identity_title(self) -> Point:
        return point(self.identity, 24, 14)

    def identity_line(self, index: int) -> IdentityLine:
        down = 58 + index * 60
        i = self.identity
        return IdentityLine(point(i, 24, down), point(i, 24, down + 24), i.width - 48)

    @property
    def installs_title(self) -> Point:
        return point(self.installs, 24, 12)

    @property
    def installs_warning(self) -> Point:
        """Top right: the install log's links are broken."""
        return point(self.installs, -24, 14)

    @property
    def no_installs(self) -> Point:
        return point(self.installs, 24, 56)

    @property
    def install_width(self) -> int:
        return (self.installs.width - 72) // 2

    def install(self, index: int) -> Point:
        """The ``index``-th install, newest first: five down the left column, then five down the right."""
        column, line = divmod(index, self.installs_shown // 2)
        return point(self.installs, 24 + column * (self.install_width + 24), 50 + line * 32)


def selftests(frame: Frame) -> SelfTests:
    c = frame.content
    return SelfTests(
        run=box(c, 0, 100, 520, 90),
        first=box(c, 0, 210, 740, 130),
        step=145,
        identity=box(c, 770, 210, -770, 420),
        installs=box(c, 0, 650, 0, -650),
    )


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
