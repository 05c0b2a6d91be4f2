"""The game screen's side panel: messages, the last result big, the game's progress, the seat's wagers
this round, and the recent outcomes.

Roulette shows the winning number in its colour and, while a Touchdown game runs, a small football field
with the downs and yards. Craps shows the dice, the puck, the Fire points made, the Bonus numbers marked
and the seat's Lucky Shooter: its point and the numbers still needed.
"""

from __future__ import annotations

from typing import Any

import pygame

from terminal.net import messages as m
from terminal.seat import message_strip, theme, wager_list
from terminal.seat.control import SeatControl
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import dice_of, draw_die, pocket_colour

POINTS = (4, 5, 6, 8, 9, 10)
BONUS_SMALL, BONUS_TALL = (2, 3, 4, 5, 6), (8, 9, 10, 11, 12)


def boxes(frame: Frame, has_result: bool = True) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The result box, the body (game progress, then the seat's wagers) and the recent-results strip,
    between the message strip at the top and the navigation buttons at the foot."""
    side, u = frame.side.inflate(-16, -16), frame.unit
    top = message_strip.game_rect(frame).bottom + 8
    result = pygame.Rect(side.left, top, side.width, int(frame.side.height * 0.16) if has_result else 0)
    strip_h = u * 12 // 5
    strip = pygame.Rect(side.left, frame.nav_cell(0).top - 8 - strip_h, side.width, strip_h)
    body_top = result.bottom + (8 if has_result else 0)
    body = pygame.Rect(side.left, body_top, side.width, max(0, strip.top - 8 - body_top))
    return result, body, strip


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """Paint the side panel: status strip, last result, game progress, the seat's wagers, recent results."""
    model, u = control.model, frame.unit
    message_strip.draw_status(surface, p, control, frame, now)
    result, body, strip = boxes(frame, model.result is not None)
    if model.result is not None:
        _draw_result(surface, p, control, result, u, now)
    if model.game is not None and model.game.craps is not None:
        used = _draw_craps(surface, p, control, model.game.craps, body, u)
    elif model.game is not None and model.game.touchdown is not None and _touchdown_live(control):
        used = min(body.height, u * 21 // 2)
        field = pygame.Rect(body.topleft, (body.width, used))
        draw_field(surface, p, control, model.game.touchdown, field, u)
    else:
        used = 0
    if frame.ledger is not None:  # a wide screen: the wagers and the last results have a column
        column = frame.ledger.inflate(-16, -16)
        strip = pygame.Rect(column.left, column.bottom - strip.height, column.width, strip.height)
        body = pygame.Rect(column.left, column.top, column.width, strip.top - 8 - column.top)
        used = 0
    top = body.top + used + (u // 2 if used else 0)
    wager_list.draw(surface, p, control, pygame.Rect(body.left, top, body.width, body.bottom - top), u, now)
    _draw_strip(surface, p, model.history, strip, u)


def _touchdown_live(control: SeatControl) -> bool:
    td = control.model.game.touchdown if control.model.game is not None else None
    return td is not None and (td.phase == "game" or control.model.prompt is not None)


def _draw_result(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, unit: int, now: float
) -> None:
    """The last outcome large on the left (a ball in its colour, or the dice), its round and what this
    seat won on the right; once the result has had its time the line says "last result" instead."""
    model = control.model
    result = model.result
    if result is None:
        return
    size = box.height * 84 // 100
    dice = dice_of(result.outcome)
    if dice is not None:
        die = pygame.Rect(box.left, box.centery - size * 3 // 8, size * 3 // 4, size * 3 // 4)
        draw_die(surface, die, dice[0])
        second = die.move(die.width + unit // 3, 0)
        draw_die(surface, second, dice[1])
        right = second.right + unit * 2 // 3
    else:
        ball = pygame.Rect(box.left + unit // 3, box.centery - size // 2, size, size)
        pygame.draw.circle(surface, pocket_colour(result.outcome), ball.center, size // 2)
        pygame.draw.circle(surface, theme.GOLD, ball.center, size // 2, width=max(3, unit // 7))
        p.draw(surface, "fmt.outcome", ball.center, size * 11 // 20, theme.INK, anchor="center", bold=True,
               outcome=result.outcome)  # fmt: skip
        right = ball.right + unit * 2 // 3
    column = pygame.Rect(right, box.top, box.right - right, box.height)
    p.draw(surface, "fmt.round", column.midtop, unit * 4 // 5, theme.DIM_INK, anchor="midtop",
           max_width=column.width, number=result.round_id)  # fmt: skip
    if dice is not None:
        p.draw(surface, "fmt.total", column.center, unit * 3 // 2, theme.INK, anchor="center", bold=True,
               max_width=column.width, total=sum(dice))  # fmt: skip
    paid = sum(amount for _, amount in model.winners())
    key, colour = ("result.win", theme.WIN) if paid else ("result.no_win", theme.DIM_INK)
    if not model.showing_result(now):
        key, colour = "result.last", theme.DIM_INK
    line = pygame.Rect(column.left, column.top + column.height * 2 // 5, column.width, column.height * 3 // 5)
    if dice is not None:
        line = pygame.Rect(column.left, column.bottom - unit * 3 // 2, column.width, unit * 3 // 2)
    if key == "result.last":
        p.block(surface, key, line, unit * 9 // 10, colour)
        return
    p.block(surface, key, line, unit * 5 // 4, colour, bold=True, amount=p.money(paid))


def draw_field(
    surface: pygame.Surface,
    p: Painter,
    control: SeatControl,
    td: m.TouchdownView,
    box: pygame.Rect,
    unit: int,
) -> None:
    """The Touchdown field: end zones, the ball on its yard line, and the four downs with their yards."""
    p.draw(surface, "touchdown.title", (box.centerx, box.top), unit, theme.GOLD, anchor="midtop", bold=True)
    field = pygame.Rect(box.left, box.top + unit * 3 // 2, box.width, box.height * 25 // 100)
    zone = field.width // 10
    pygame.draw.rect(surface, theme.GREEN, field)
    pygame.draw.rect(surface, theme.RED, (field.right - zone, field.top, zone, field.height))
    pygame.draw.rect(surface, theme.BLACK, (field.left, field.top, zone, field.height))
    play = field.inflate(-2 * zone, 0)
    for yard in range(0, 101, 10):
        x = play.left + play.width * yard // 100
        pygame.draw.line(surface, theme.INK, (x, field.top), (x, field.bottom), 3 if yard == 50 else 1)
    ball_x = play.centerx + play.width * td.ball // 100
    pygame.draw.ellipse(
        surface,
        (130, 70, 20),
        pygame.Rect(ball_x - unit // 2, field.centery - unit // 3, unit, unit * 2 // 3),
    )
    mine = next((t for t in td.teams if t.seat == control.model.seat), None)
    team = mine.team if mine is not None else (control.model.team or "none")
    y = field.bottom + unit // 3
    p.draw(surface, f"touchdown.team_{team}", (box.left, y), unit, theme.INK, bold=True, max_width=box.width)
    y += unit * 3 // 2
    half = box.width  # one down a line: the yards of each read at one size
    for n in range(4):
        at = (box.left, y + n * unit * 11 // 10)
        if n < len(td.downs):
            pocket = "00" if td.downs[n] == 37 else str(td.downs[n])
            gain = td.gains[n] if n < len(td.gains) else 0
            p.draw(
                surface,
                "touchdown.down",
                at,
                unit * 8 // 10,
                theme.INK,
                max_width=half - 4,
                down=n + 1,
                pocket=pocket,
                yards=f"{gain:+d}",
            )
        else:
            p.draw(
                surface,
                "touchdown.down_next",
                at,
                unit * 8 // 10,
                theme.DIM_INK,
                max_width=half - 4,
                down=n + 1,
            )


def _draw_craps(
    surface: pygame.Surface, p: Painter, control: SeatControl, craps: m.CrapsView, box: pygame.Rect, unit: int
) -> int:
    """The puck, the shooter, Fire and Bonus progress and the seat's Lucky Shooter; returns the height."""
    y = box.top
    if craps.point is None:
        p.draw(
            surface, "craps.come_out", (box.left, y), unit * 5 // 4, theme.INK, bold=True, max_width=box.width
        )
    else:
        p.draw(
            surface,
            "craps.point",
            (box.left, y),
            unit * 5 // 4,
            theme.GOLD,
            bold=True,
            max_width=box.width,
            point=craps.point,
        )
    y += unit * 8 // 5
    p.draw(
        surface,
        "craps.shooter",
        (box.left, y),
        unit * 8 // 10,
        theme.DIM_INK,
        max_width=box.width,
        shooter=craps.shooter,
        rolls=craps.rolls,
    )
    y += unit * 6 // 5
    y = _marks(surface, p, "craps.fire_short", POINTS, craps.fire_points, (box.left, y), box.width, unit)
    y = _marks(
        surface, p, "craps.small_short", BONUS_SMALL, craps.bonus_marks, (box.left, y), box.width, unit
    )
    y = _marks(surface, p, "craps.tall_short", BONUS_TALL, craps.bonus_marks, (box.left, y), box.width, unit)
    lucky = _lucky(control.model.me)
    if lucky is None:
        return y - box.top
    if lucky.number is None:
        p.draw(surface, "lucky.waiting", (box.left, y), unit * 8 // 10, theme.INK, max_width=box.width)
        return y + unit - box.top
    y = _marks(
        surface,
        p,
        "lucky.short",
        tuple(n for n in POINTS if n != lucky.number),
        lucky.marks,
        (box.left, y),
        box.width,
        unit,
        point=str(lucky.number),
    )
    return y - box.top


def _lucky(me: m.SeatState | None) -> m.WagerView | None:
    return next((w for w in me.wagers if w.spot == "lucky_shooter"), None) if me is not None else None


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
        p.draw(
            surface,
            "fmt.number",
            rect.center,
            unit * 8 // 10,
            theme.PAPER_INK if lit else theme.DIM_INK,
            anchor="center",
            bold=True,
            number=number,
        )
    return y + unit * 13 // 10


def _draw_strip(
    surface: pygame.Surface, p: Painter, history: m.History | None, box: pygame.Rect, unit: int
) -> None:
    p.draw(surface, "history.recent", (box.left, box.top), unit * 7 // 10, theme.DIM_INK)
    if history is None or not history.results:
        at = (box.left, box.top + unit * 5 // 4)
        p.draw(surface, "history.no_results", at, unit * 8 // 10, theme.DIM_INK, max_width=box.width)
        return
    cell = max(unit * 2, box.width // 10)
    for n, entry in enumerate(history.results[: box.width // cell]):
        rect = pygame.Rect(box.left + n * cell, box.top + unit, cell - 4, box.height - unit)
        colour = theme.BUTTON_OFF if entry.void or "-" in entry.outcome else pocket_colour(entry.outcome)
        pygame.draw.rect(surface, colour, rect, border_radius=4)
        p.draw(
            surface,
            "fmt.outcome",
            rect.center,
            unit * 8 // 10,
            theme.INK,
            anchor="center",
            bold=True,
            max_width=rect.width - 2,
            outcome=entry.outcome,
        )
