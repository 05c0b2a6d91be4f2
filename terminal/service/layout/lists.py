"""Where the reading screens put their tables: meters, the event log, game recall, configuration, the day.

A table's geometry is its rectangle, its columns' widths, its row height and text size; the view names
the columns and aligns them.

>>> from terminal.service.layout.frame import Frame
>>> g = events(Frame.of(1920, 1080))
>>> g.kinds[0], g.spans[2], g.table.rect, sum(g.table.widths)
(<rect(380, 184, 144, 64)>, <rect(852, 260, 228, 60)>, <rect(380, 336, 1516, 560)>, 1510)
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


@dataclass(frozen=True, slots=True)
class Meters:
    """The table's meters on the left, the meters per wager (paged) on the right."""

    meters: Table
    wagers: Table
    per_page: int


def meters(frame: Frame) -> Meters:
    c = frame.content
    return Meters(
        meters=Table(box(c, 0, 100, 560, 770), (330, 200), 40, 26),
        wagers=Table(box(c, 580, 100, 936, 690), (190, 110, 140, 140, 100, 110, 110), 40, 26),
        per_page=16,
    )


@dataclass(frozen=True, slots=True)
class Events:
    """The event log: a chip per kind of event, a chip per span of time, the count, the page of events."""

    kinds: tuple[pygame.Rect, ...]
    spans: tuple[pygame.Rect, ...]
    count: Point  # middle left
    table: Table


def events(frame: Frame, kinds: int = 10, spans: int = 3) -> Events:
    c = frame.content
    return Events(
        kinds=tuple(grid(box(c, 0, 64, 0, 64), kinds, 1, 8)),
        spans=tuple(grid(box(c, 0, 140, 700, 60), spans, 1, 8)),
        count=point(c, 730, 170),
        table=Table(box(c, 0, 216, 0, 560), (90, 270, 230, 80, 200, 640), 42, 26),
    )


@dataclass(frozen=True, slots=True)
class Recall:
    """Game recall: a button per seat, the round-number field and its keypad, the seat's rounds."""

    seats: tuple[pygame.Rect, ...]
    round: pygame.Rect
    find: pygame.Rect
    detail: pygame.Rect  # a recalled round, in place of the list
    pad: pygame.Rect
    table: Table
    table_typing: pygame.Rect  # the list beside the keypad
    none: Point


def recall(frame: Frame, seats: int) -> Recall:
    c = frame.content
    table = box(c, 0, 196, 0, 674)
    return Recall(
        seats=tuple(grid(box(c, 0, 100, 96 * seats, 72), seats, 1, 10)),
        round=box(c, 900, 100, 300, 72),
        find=box(c, -300, 100, 300, 72),
        detail=table,
        pad=box(c, -400, 196, 400, 400),
        table=Table(table, (140, 300, 160, 160, 170, 170), 46, 28),
        table_typing=box(table, 0, 0, -420, 0),
        none=point(c, 24, 280),
    )


@dataclass(frozen=True, slots=True)
class Round:
    """One recalled round: a card with its number and outcome, its time, each seat's credits, the wagers."""

    card: pygame.Rect
    number: Point
    outcome: Point  # centre
    game: Point
    time: Point
    back: pygame.Rect
    seats: Table
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
        seats=Table(box(area, 380, 70, 880, 150), (100, 190, 190, 190, 190), 40, 26),
        wagers=Table(box(area, 0, 240, 0, -240), (100, 380, 220, 220, 200, 220), 44, 28),
    )


@dataclass(frozen=True, slots=True)
class ConfigList:
    """Every setting of kiosk.cfg, a page at a time; a row opens its edit."""

    table: Table
    per_page: int


def config_list(frame: Frame) -> ConfigList:
    return ConfigList(Table(box(frame.content, 0, 100, 0, 680), (260, 420, 560, 240), 46, 28), 14)


@dataclass(frozen=True, slots=True)
class Report:
    """The day's report: the export button, the day's figures, the count of each kind of event."""

    export: pygame.Rect
    figures: Table
    events: Table


def report(frame: Frame) -> Report:
    c = frame.content
    return Report(
        export=box(c, -520, 0, 520, 80),
        figures=Table(box(c, 0, 100, 900, 770), (560, 300), 33, 25),
        events=Table(box(c, 920, 100, 596, 770), (380, 180), 36, 26),
    )
