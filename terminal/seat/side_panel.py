"""The game screen's side panel: the last result big, the game's progress, and the recent outcomes.

Roulette shows the winning number in its colour and, while a Touchdown game runs, a small football field
with the downs and yards. Craps shows the dice, the puck, the Fire points made, the Bonus numbers marked
and the seat's Lucky Shooter: its point and the numbers still needed.
"""

from __future__ import annotations

from typing import Any

import pygame

from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import dice_of, draw_die, pocket_colour

POINTS = (4, 5, 6, 8, 9, 10)
BONUS_SMALL, BONUS_TALL = (2, 3, 4, 5, 6), (8, 9, 10, 11, 12)


def boxes(frame: Frame) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """The result box, the game box and the history strip of the side panel."""
    side = frame.side.inflate(-16, -16)
    result = pygame.Rect(side.left, side.top, side.width, int(side.height * 0.20))
    game = pygame.Rect(side.left, result.bottom + 8, side.width, int(side.height * 0.44))
    strip = pygame.Rect(side.left, game.bottom + 8, side.width, int(side.height * 0.07))
    return result, game, strip


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """Paint the side panel's three boxes."""
    result, game, strip = boxes(frame)
    _draw_result(surface, p, control, result, frame.unit, now)
    model = control.model
    if model.game is not None and model.game.craps is not None:
        _draw_craps(surface, p, control, model.game.craps, game, frame.unit)
    elif model.game is not None and model.game.touchdown is not None and _touchdown_live(control):
        draw_field(surface, p, control, model.game.touchdown, game, frame.unit)
    _draw_strip(surface, p, model.history, strip, frame.unit)


def _touchdown_live(control: SeatControl) -> bool:
    td = control.model.game.touchdown if control.model.game is not None else None
    return td is not None and (td.phase == "game" or control.model.prompt is not None)


def _draw_result(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, unit: int, now: float
) -> None:
    model = control.model
    result = model.result if model.showing_result(now) else None
    if result is None:
        key = "status.place_bets" if model.can_bet(now) else "status.waiting"
        if not model.can_bet(now) and model.link == "up" and model.table is not None and not model.tilts:
            key = "bets.closed"
        p.draw(
            surface,
            key,
            box.center,
            unit * 3 // 2,
            theme.INK,
            anchor="center",
            bold=True,
            max_width=box.width,
        )
        return
    p.draw(
        surface,
        "fmt.round",
        (box.centerx, box.top),
        unit * 8 // 10,
        theme.DIM_INK,
        anchor="midtop",
        number=result.round_id,
    )
    big = pygame.Rect(0, 0, box.height * 55 // 100, box.height * 55 // 100)
    big.center = (box.centerx, box.top + box.height * 45 // 100)
    dice = dice_of(result.outcome)
    if dice is not None:
        left = pygame.Rect(0, 0, big.width * 8 // 10, big.width * 8 // 10)
        left.midright = (box.centerx - unit // 2, big.centery)
        draw_die(surface, left, dice[0])
        draw_die(surface, left.move(left.width + unit, 0), dice[1])
        p.draw(
            surface,
            "fmt.total",
            (box.centerx, left.bottom + 4),
            unit,
            theme.INK,
            anchor="midtop",
            total=sum(dice),
        )
    else:
        pygame.draw.circle(surface, pocket_colour(result.outcome), big.center, big.width // 2)
        pygame.draw.circle(surface, theme.GOLD, big.center, big.width // 2, width=4)
        p.draw(
            surface,
            "fmt.outcome",
            big.center,
            big.height * 6 // 10,
            theme.INK,
            anchor="center",
            bold=True,
            outcome=result.outcome,
        )
    paid = sum(amount for _, amount in model.winners())
    key, colour = ("result.win", theme.WIN) if paid else ("result.no_win", theme.DIM_INK)
    p.draw(
        surface,
        key,
        (box.centerx, box.bottom),
        unit * 5 // 4,
        colour,
        anchor="midbottom",
        bold=True,
        max_width=box.width,
        amount=p.money(paid),
    )


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
    field = pygame.Rect(box.left, box.top + unit * 3 // 2, box.width, box.height * 30 // 100)
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
    half = box.width // 2
    for n in range(4):
        at = (box.left + (n % 2) * half, y + (n // 2) * unit * 11 // 10)
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
) -> None:
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
    y = _marks(surface, p, "craps.fire", POINTS, craps.fire_points, (box.left, y), box.width, unit)
    y = _marks(
        surface, p, "craps.bonus_small", BONUS_SMALL, craps.bonus_marks, (box.left, y), box.width, unit
    )
    y = _marks(surface, p, "craps.bonus_tall", BONUS_TALL, craps.bonus_marks, (box.left, y), box.width, unit)
    lucky = _lucky(control.model.me)
    if lucky is not None:
        needed = tuple(n for n in POINTS if n != lucky.number and n not in lucky.marks)
        if lucky.number is None:
            p.draw(surface, "lucky.waiting", (box.left, y), unit * 9 // 10, theme.INK, max_width=box.width)
        else:
            _marks(
                surface,
                p,
                "lucky.progress",
                tuple(n for n in POINTS if n != lucky.number),
                lucky.marks,
                (box.left, y),
                box.width,
                unit,
                point=str(lucky.number),
                needed=str(len(needed)),
            )


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
    """A label and a row of numbers, the marked ones lit; returns the y below it."""
    x, y = at
    p.draw(surface, key, (x, y), unit * 8 // 10, theme.DIM_INK, max_width=width, **args)
    y += unit * 17 // 20
    cell = min(unit * 2, width // max(1, len(numbers)))
    for n, number in enumerate(numbers):
        rect = pygame.Rect(x + n * cell, y, cell - 4, unit * 11 // 10)
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
    return y + unit * 29 // 20


def _draw_strip(
    surface: pygame.Surface, p: Painter, history: m.History | None, box: pygame.Rect, unit: int
) -> None:
    p.draw(surface, "history.recent", (box.left, box.top), unit * 7 // 10, theme.DIM_INK)
    if history is None:
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
