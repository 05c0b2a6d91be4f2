"""Where the reading screens put their tables: meters, the event log, game recall, configuration, the day.

A table's geometry is its rectangle, its columns' widths, its row height and text size; the view names
the columns and aligns them.

>>> from terminal.service.layout.frame import Frame
>>> g = events(Frame.of(1920, 1080))
>>> g.kinds[0], g.kinds[5], g.spans[2]
(<rect(380, 192, 296, 60)>, <rect(380, 260, 296, 60)>, <rect(1668, 120, 228, 56)>)
>>> g.table.rect, sum(g.table.widths)
(<rect(380, 336, 1516, 560)>, 1510)
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from terminal.service.layout.frame import Frame, Point, box, grid, point


@dataclass(frozen=True, slots=True)
class Table:
    """A table's place, its columns' widths, its rows' height and their text size."""

    rect: pygame.Rect
    widths: tuple[int, ...]
    row_height: int
    size: int

    @classmethod
    def of(cls, rect: pygame.Rect, base: int, widths: tuple[int, ...], row_height: int, size: int) -> Table:
        """A table in ``rect`` whose ``widths`` are for one ``base`` units wide: a wider frame (21:9)
        widens every column in proportion, so a long detail shows whole."""
        if rect.width != base:
            widths = tuple(round(w * rect.width / base) for w in widths)
        return cls(rect, widths, row_height, size)

    @property
    def rows(self) -> int:
        """How many rows fit under the header line (what a page of it holds)."""
        return (self.rect.height - 10) // self.row_height - 1


@dataclass(frozen=True, slots=True)
class Meters:
    """The table's meters on the left, the meters per wager on the right, both paged together."""

    meters: Table
    wagers: Table


def meters(frame: Frame) -> Meters:
    c = frame.content
    return Meters(
        meters=Table(box(c, 0, 100, 560, 770), (330, 200), 40, 26),
        wagers=Table.of(box(c, 580, 100, -580, 690), 936, (190, 110, 140, 140, 100, 110, 110), 40, 26),
    )


@dataclass(frozen=True, slots=True)
class Events:
    """The event log: the spans of time and the count beside the title, a chip per kind of event in two
    rows under it (each name whole), then the page of events."""

    kinds: tuple[pygame.Rect, ...]
    spans: tuple[pygame.Rect, ...]
    count: Point  # middle right, left of the spans
    table: Table


def events(frame: Frame, kinds: int = 10, spans: int = 3) -> Events:
    c = frame.content
    return Events(
        kinds=tuple(grid(box(c, 0, 72, 0, 128), -(-kinds // 2), 2, 8)),
        spans=tuple(grid(box(c, -700, 0, 700, max(56, frame.touch)), spans, 1, 8)),
        count=point(c, -724, 28),
        table=Table.of(box(c, 0, 216, 0, 560), 1516, (90, 250, 250, 80, 200, 640), 42, 26),
    )


@dataclass(frozen=True, slots=True)
class Recall:
    """Game recall: a button per seat, the round-number field and its keypad, the seat's rounds (paged)."""

    seats: tuple[pygame.Rect, ...]
    round: pygame.Rect
    find: pygame.Rect
    detail: pygame.Rect  # a recalled round, in place of the list
    pad: pygame.Rect
    table: Table
    typing: Table  # the list beside the keypad
    none: Point


def recall(frame: Frame, seats: int) -> Recall:
    """The recall screen; up to sixteen seat chips (Three Dice Football) narrow to fit left of the round."""
    c = frame.content
    area = box(c, 0, 196, 0, 674)
    listed = box(area, 0, 0, 0, -88)  # the pager under it
    widths = (120, 290, 220, 500, 180, 180)
    row = frame.touch + 2  # a row is a touch target (its band is 2 units short of the row)
    return Recall(
        seats=tuple(grid(box(c, 0, 100, min(96 * seats, 890), 72), seats, 1, 10 if seats <= 8 else 4)),
        round=box(c, 900, 100, 300, 72),
        find=box(c, -300, 100, 300, 72),
        detail=area,
        pad=box(c, -400, 196, 400, 400),
        table=Table.of(listed, 1516, widths, row, 28),
        typing=Table.of(box(listed, 0, 0, -420, 0), 1096, widths, row, 28),
        none=point(c, 24, 280),
    )


@dataclass(frozen=True, slots=True)
class Round:
    """One recalled round: a card with its number and outcome, its time, each seat's credits, the further
    draws of its side wagers (each a label over its value), the wagers (over the pager)."""

    card: pygame.Rect
    number: Point
    outcome: Point  # centre
    game: Point
    time: Point
    back: pygame.Rect
    seats: Table
    details: tuple[pygame.Rect, ...]  # one per further draw: B2B's odds, Blazing 7's bonus balls
    wagers: Table


def round_detail(area: pygame.Rect) -> Round:
    card = box(area, 0, 0, 360, 220)
    return Round(
        card=card,
        number=point(card, 24, 20),
        outcome=point(card, 180, 120),
        game=point(card, 24, 180),
        time=point(area, 380, 20),
        back=box(area, -260, 0, 260, 72),
        seats=Table(box(area, 380, 70, 740, 150), (80, 150, 150, 150, 150), 40, 26),
        details=tuple(box(area, 1144, 86 + 76 * n, -1144, 72) for n in range(2)),
        wagers=Table.of(box(area, 0, 240, 0, -328), 1516, (100, 380, 220, 220, 200, 220), 44, 28),
    )


@dataclass(frozen=True, slots=True)
class ConfigList:
    """Every setting of kiosk.cfg, a page at a time; a row opens its edit."""

    table: Table


def config_list(frame: Frame) -> ConfigList:
    row = frame.touch + 2  # a row opens the setting: a touch target
    return ConfigList(Table.of(box(frame.content, 0, 100, 0, 680), 1516, (260, 420, 560, 240), row, 28))


@dataclass(frozen=True, slots=True)
class Report:
    """The day's report: the export button, the day's figures, the count of each kind of event (the two
    tables paged together over the pager)."""

    export: pygame.Rect
    figures: Table
    events: Table


def report(frame: Frame) -> Report:
    c = frame.content
    return Report(
        export=box(c, -520, 0, 520, 80),
        figures=Table(box(c, 0, 100, 900, 682), (560, 300), 32, 25),
        events=Table.of(box(c, 920, 100, -920, 682), 596, (380, 180), 32, 26),
    )
