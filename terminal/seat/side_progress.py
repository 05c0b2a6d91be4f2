"""The game's progress in the side panel: the craps board (the point, the shooter, Fire and Bonus marks, the
seat's Lucky Shooter and Hot Roller) or a Touchdown drive (the field, the seat's team and the four downs).

Each is drawn row by row in the room the panel gives it, most important first: a row that does not fit is
left out whole (a 4:3 screen in a result keeps the point and the field, and the list of wagers keeps its
rows), never cut through.
"""

from __future__ import annotations

from typing import Any

import pygame

from terminal.games.craps import hot_roller
from terminal.games.craps.engine import CrapsView
from terminal.games.roulette.engine import TouchdownView
from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.text import Painter

POINTS = (4, 5, 6, 8, 9, 10)
BONUS_SMALL, BONUS_TALL = (2, 3, 4, 5, 6), (8, 9, 10, 11, 12)


def lucky_of(me: m.SeatState | None) -> m.WagerView | None:
    """The seat's Lucky Shooter wager, if it has one working."""
    return next((w for w in me.wagers if w.spot == "lucky_shooter"), None) if me is not None else None


def hot_of(me: m.SeatState | None) -> m.WagerView | None:
    """The seat's Hot Roller wager, if it has one working."""
    return next((w for w in me.wagers if w.spot == "hot_roller"), None) if me is not None else None


def craps_height(control: SeatControl, unit: int) -> int:
    """The height the whole craps board wants."""
    return (
        unit * 8 // 5
        + unit * 6 // 5
        + 3 * (unit * 13 // 10)
        + (unit * 13 // 10 if lucky_of(control.model.me) else 0)
        + (3 * (unit * 13 // 10) if hot_of(control.model.me) else 0)
    )


def draw_craps(
    surface: pygame.Surface, p: Painter, control: SeatControl, craps: CrapsView, box: pygame.Rect, unit: int
) -> None:
    """The point (or the come-out), the seat's Hot Roller and Lucky Shooter, the Fire and Bonus marks, as
    many as the box holds (the shooter's line is the recent results' heading's: always on screen)."""
    y = box.top
    if craps.point is None:
        p.draw(
            surface, "craps.come_out", (box.left, y), unit * 5 // 4, theme.INK, bold=True, max_width=box.width
        )
    else:
        p.draw(surface, "craps.point", (box.left, y), unit * 5 // 4, theme.GOLD, bold=True,
               max_width=box.width, point=craps.point)  # fmt: skip
    y += unit * 8 // 5
    row = unit * 13 // 10
    lucky = lucky_of(control.model.me)
    rows: list[tuple[str, tuple[int, ...], tuple[int, ...], dict[str, Any]]] = [
        ("craps.fire_short", POINTS, craps.fire_points, {}),
        ("craps.small_short", BONUS_SMALL, craps.bonus_marks, {}),
        ("craps.tall_short", BONUS_TALL, craps.bonus_marks, {}),
    ]
    if lucky is not None and lucky.number is not None:
        others = tuple(n for n in POINTS if n != lucky.number)
        rows.insert(0, ("lucky.short", others, lucky.marks, {"point": str(lucky.number)}))
    hot = hot_of(control.model.me)  # the seat's own wagers first: the table's marks give way to them
    if hot is not None and y + row <= box.bottom:
        # its three rows only where the marks and the shooter's line still fit under them; else the numbers
        # alone, each with its combinations as ticks
        full = y + (3 + len(rows)) * row + unit * 6 // 5 <= box.bottom
        y = _hot_roller(surface, p, hot.marks, (box.left, y), box.width, unit, full)
    for key, numbers, marked, args in rows:
        if y + row > box.bottom:
            return
        y = _marks(surface, p, key, numbers, marked, (box.left, y), box.width, unit, **args)
    if lucky is not None and lucky.number is None and y + row <= box.bottom:
        p.draw(surface, "lucky.waiting", (box.left, y), unit * 8 // 10, theme.INK, max_width=box.width)
        y += row


def _marks(
    surface: pygame.Surface,
    p: Painter,
    key: str,
    numbers: tuple[int, ...],
    marked: tuple[int, ...],
    at: tuple[int, int],
    width: int,
    unit: int,
    **args: Any,
) -> int:
    """One row: a short label, then the numbers with the marked ones lit; returns the y below it."""
    x, y = at
    label_w = width * 2 // 5
    p.draw(surface, key, (x, y + unit // 2), unit * 4 // 5, theme.DIM_INK, anchor="midleft", bold=True,
           max_width=label_w - 4, **args)  # fmt: skip
    cell = min(unit * 2, (width - label_w) // 6)
    for n, number in enumerate(numbers):
        rect = pygame.Rect(x + label_w + n * cell, y, cell - 4, unit)
        lit = number in marked
        pygame.draw.rect(surface, theme.GOLD if lit else theme.BUTTON_OFF, rect, border_radius=4)
        p.draw(surface, "fmt.number", rect.center, unit * 8 // 10, theme.PAPER_INK if lit else theme.DIM_INK,
               anchor="center", bold=True, number=number)  # fmt: skip
    return y + unit * 13 // 10


def _hot_roller(
    surface: pygame.Surface,
    p: Painter,
    marks: tuple[int, ...],
    at: tuple[int, int],
    width: int,
    unit: int,
    full: bool,
) -> int:
    """The seat's Hot Roller: the six numbers, lit once complete, each with a tick per combination thrown;
    when ``full``, the 14 combinations below in two rows of seven, each lit once thrown (§ 623b.2(d), (f)).
    Returns the y below it."""
    x, y = at
    done = hot_roller.completed(marks)
    _ticks(surface, marks, (x, y), width, unit)
    y = _marks(surface, p, "hot.short", POINTS, done, (x, y), width, unit)
    if not full:
        return y
    cell = width // 7
    for n, code in enumerate(hot_roller.COMBINATIONS):
        rect = pygame.Rect(x + (n % 7) * cell, y + (n // 7) * (unit * 13 // 10), cell - 4, unit)
        lit = code in marks
        pygame.draw.rect(surface, theme.GOLD if lit else theme.BUTTON_OFF, rect, border_radius=4)
        p.draw(surface, "fmt.dice", rect.center, unit * 8 // 10, theme.PAPER_INK if lit else theme.DIM_INK,
               anchor="center", bold=True, max_width=cell - 6, low=code // 10, high=code % 10)  # fmt: skip
    return y + 2 * (unit * 13 // 10)


def _ticks(
    surface: pygame.Surface, marks: tuple[int, ...], at: tuple[int, int], width: int, unit: int
) -> None:
    """Under each number of the Hot Roller row (laid out as :func:`_marks` lays it), one tick per
    combination, lit once thrown."""
    x, y = at
    label_w = width * 2 // 5
    cell = min(unit * 2, (width - label_w) // 6)
    for n, combos in enumerate(hot_roller.NUMBERS.values()):
        left, room = x + label_w + n * cell, cell - 4
        step = room // len(combos)
        for k, code in enumerate(combos):
            tick = pygame.Rect(left + k * step + 1, y + unit + 1, step - 2, max(3, unit // 6))
            pygame.draw.rect(surface, theme.GOLD if code in marks else theme.BUTTON_OFF, tick)


def draw_field(
    surface: pygame.Surface,
    p: Painter,
    control: SeatControl,
    td: TouchdownView,
    box: pygame.Rect,
    unit: int,
) -> None:
    """The Touchdown drive: its title, the field with the ball on its yard line, the seat's team, and the
    four downs (one a line, two a line, or all on one line: as the room allows)."""
    y = box.top
    if box.height >= unit * 6:
        p.draw(surface, "touchdown.title", (box.centerx, y), unit, theme.GOLD, anchor="midtop", bold=True,
               max_width=box.width)  # fmt: skip
        y += unit * 3 // 2
    field = pygame.Rect(box.left, y, box.width, max(unit * 3 // 2, min(box.height // 4, unit * 3)))
    _field(surface, td, field, unit)
    y = field.bottom + unit // 3
    mine = next((t for t in td.teams if t.seat == control.model.seat), None)
    team = mine.team if mine is not None else (control.model.team or "none")
    if y + unit * 4 // 3 <= box.bottom:
        p.draw(
            surface, f"touchdown.team_{team}", (box.left, y), unit, theme.INK, bold=True, max_width=box.width
        )
        y += unit * 3 // 2
    step = unit * 11 // 10
    lines = (box.bottom - y) // step
    per_line = 1 if lines >= 4 else 2 if lines >= 2 else 4
    width = box.width // per_line
    for n in range(4 if lines else 0):
        at = (box.left + (n % per_line) * width, y + (n // per_line) * step)
        _down(surface, p, td, n, at, width - 4, unit, short=per_line > 1)


def _field(surface: pygame.Surface, td: TouchdownView, field: pygame.Rect, unit: int) -> None:
    zone = field.width // 10
    pygame.draw.rect(surface, theme.GREEN, field)
    pygame.draw.rect(surface, theme.RED, (field.right - zone, field.top, zone, field.height))
    pygame.draw.rect(surface, theme.BLACK, (field.left, field.top, zone, field.height))
    play = field.inflate(-2 * zone, 0)
    for yard in range(0, 101, 10):
        x = play.left + play.width * yard // 100
        pygame.draw.line(surface, theme.INK, (x, field.top), (x, field.bottom), 3 if yard == 50 else 1)
    ball_x = play.centerx + play.width * td.ball // 100
    ball = pygame.Rect(0, 0, unit, min(unit * 2 // 3, field.height - 4))
    ball.center = (ball_x, field.centery)
    pygame.draw.ellipse(surface, theme.FOOTBALL, ball)


def _down(
    surface: pygame.Surface,
    p: Painter,
    td: TouchdownView,
    n: int,
    at: tuple[int, int],
    width: int,
    unit: int,
    *,
    short: bool,
) -> None:
    """Down ``n``: its pocket and the yards it moved the ball, or that it is still to come."""
    size = unit * 8 // 10
    if n < len(td.downs):
        pocket = "00" if td.downs[n] == 37 else str(td.downs[n])
        gain = td.gains[n] if n < len(td.gains) else 0
        key = "touchdown.down_short" if short else "touchdown.down"
        p.draw(
            surface, key, at, size, theme.INK, max_width=width, down=n + 1, pocket=pocket, yards=f"{gain:+d}"
        )
    else:
        key = "touchdown.down_next_short" if short else "touchdown.down_next"
        p.draw(surface, key, at, size, theme.DIM_INK, max_width=width, down=n + 1)
