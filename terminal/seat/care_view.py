"""What the seat draws for responsible gaming (:mod:`terminal.seat.care`).

- the game screen's clock and session timer ("20:46 · Session 0:16"), over the right of the bottom bar,
  above the action buttons (only where the seat has a clock: ``SeatControl.wall``);
- "My session"'s limits: a button for each (time, loss), its value beside it, what a limit does;
- the session summary and the helpline on the cash-out screen, before and after the voucher;
- the card of a reached limit (the overlay's), with the helpline.
"""

from __future__ import annotations

from typing import Any

import pygame

from terminal.money import signed_amount
from terminal.seat import care, theme
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.model import SeatModel
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import Button, draw_button


def money_in(model: SeatModel) -> int:
    """The money the player brought to this session: the credits on the seat when it started (bills or
    vouchers put in before the screen linked), and every bill and voucher since."""
    return (model.session.first_credits or 0) + model.session.money_in


def signed(p: Painter, units: int) -> str:
    """A net amount with its sign (``+$12.00`` / ``-$3.00``)."""
    return signed_amount(units, p.money)


def clock_line(control: SeatControl, now: float) -> tuple[str, dict[str, Any]] | None:
    """(key, arguments) of the clock and session timer, or None on a seat without a clock."""
    if control.wall is None:
        return None
    played = care.duration(care.played_seconds(control.model, now))
    return "care.clock", {"time": care.clock_text(control.wall(now)), "duration": played}


def draw_clock(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The clock and session timer at the right of the bottom bar, above the action buttons."""
    line = clock_line(control, now)
    if line is None:
        return
    key, args = line
    bottom = frame.bottom
    size = max(frame.text_min, frame.unit * 13 // 20)
    at = (bottom.right - frame.unit // 2, bottom.top + max(2, (bottom.height // 5 - size) // 2))
    p.draw(surface, key, at, size, theme.DIM_INK, anchor="topright", max_width=bottom.width // 3, **args)


def _limit_value(p: Painter, model: SeatModel, which: str) -> tuple[str, dict[str, str]]:
    if which == care.TIME:
        minutes = model.session.time_limit
        return ("care.minutes", {"minutes": str(minutes)}) if minutes else ("care.off", {})
    loss = model.session.loss_limit
    return ("fmt.money", {"amount": p.money(loss)}) if loss else ("care.off", {})


def limit_buttons(control: SeatControl, frame: Frame, box: pygame.Rect) -> list[Button]:
    """My session's two limit buttons, in the right half of the page's content ``box``."""
    u = frame.unit
    width, height = max(u * 10, box.width // 4), max(u * 5 // 2, frame.touch + 8)
    left = box.centerx + u
    top = box.top + u * 4
    return [
        Button(pygame.Rect(left, top, width, height), "button.time_limit", i.Intent(i.LIMIT, care.TIME)),
        Button(
            pygame.Rect(left, top + height + u, width, height),
            "button.loss_limit",
            i.Intent(i.LIMIT, care.LOSS),
        ),
    ]


def draw_limits(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    """My session's limits: the heading, each button with its value, and what a limit does."""
    u, model = frame.unit, control.model
    left = box.centerx + u
    p.draw(surface, "care.limits", (left, box.top + u * 2), u * 5 // 4, theme.GOLD, bold=True,
           max_width=box.right - left)  # fmt: skip
    shown = limit_buttons(control, frame, box)
    for button, which in zip(shown, (care.TIME, care.LOSS), strict=True):
        draw_button(surface, p, button, u)
        key, args = _limit_value(p, model, which)
        at = (button.rect.right + u, button.rect.centery)
        p.draw(surface, key, at, u * 5 // 4, theme.INK, anchor="midleft", bold=True,
               max_width=max(u, box.right - at[0]), **args)  # fmt: skip
    text_top = shown[-1].rect.bottom + u
    room = pygame.Rect(left, text_top, box.right - left, u * 4)
    p.block(surface, "care.limits_help", room, u * 4 // 5, theme.DIM_INK)


def helpline(p: Painter, control: SeatControl, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
    """The helpline line ("Gambling problem? Call 1-800-GAMBLER."), centred in ``box``."""
    if control.helpline:
        p.block(surface, "care.helpline", box, size, theme.GOLD, number=control.helpline)


def summary_keys(p: Painter, control: SeatControl, now: float) -> list[tuple[str, dict[str, str]]]:
    """The session summary's lines: time played, money in, money out, net."""
    model = control.model
    return [
        ("care.summary_time", {"duration": care.duration(care.played_seconds(model, now))}),
        ("care.summary_in", {"amount": p.money(money_in(model))}),
        ("care.summary_out", {"amount": p.money(model.session.money_out)}),
        ("care.summary_net", {"amount": signed(p, model.net_result())}),
    ]


def draw_summary(
    surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, u: int, now: float
) -> None:
    """The session summary on one line across ``box``'s top, the helpline under it."""
    parts = [p.tr(key, **args) for key, args in summary_keys(p, control, now)]
    line = pygame.Rect(box.left, box.top, box.width, u * 2)
    p.block(surface, "fmt.value", line, u * 9 // 10, theme.INK, value="  ·  ".join(parts))
    helpline(p, control, surface, pygame.Rect(box.left, line.bottom, box.width, box.bottom - line.bottom), u)
