"""What is drawn over any screen: the Touchdown team prompt, stops, hand-pay, reality check, TEST.

An overlay that stops play (tilt, out of service, lost link, hand-pay lock) darkens everything below the
meters, so the credits stay readable, and names the reason. The TEST watermark of lab mode is drawn last,
on every screen.
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
from terminal.seat.widgets import Button, dim, draw_button, hit_button, panel

_WATERMARKS: dict[tuple[int, int, str], pygame.Surface] = {}


def card(frame: Frame, width: float = 0.5, height: float = 0.45, *, over_layout: bool = False) -> pygame.Rect:
    """A centred modal card, as fractions of a 16:9 screen of this height (a 21:9 screen's card is no
    wider); ``over_layout`` centres it over the layout (the Touchdown prompt), else below the meters."""
    wide = min(frame.width, frame.height * 16 // 9)
    rect = pygame.Rect(0, 0, int(wide * width), int(frame.height * height))
    if over_layout:
        rect.width = min(rect.width, frame.layout.width - 2 * frame.unit)
        rect.center = frame.layout.center
    else:
        rect.center = (frame.width // 2, frame.top.bottom + (frame.height - frame.top.bottom) // 2)
    return rect


def buttons(control: SeatControl, frame: Frame, now: float) -> list[Button]:
    """The buttons of the modal overlay on top, if it takes input (team prompt, reality check)."""
    model, ui = control.model, control.ui
    box = card(frame)
    height = int(box.height * 0.22)
    if _stopped(model) is not None:
        return []
    limit = limit_card(control, now)
    if ui.reality_check or limit:  # keep playing, or stop: cash out, or look at the session first
        choices = (
            ("button.continue", i.Intent(i.DISMISS, "limit" if limit else "reality"), theme.READY),
            ("button.session", i.Intent(i.SCREEN, "session"), theme.BUTTON),
            ("button.cashout", i.Intent(i.SCREEN, "cashout"), theme.BUTTON),
        )
        gap = height // 3
        width = (box.width - 4 * gap) // 3
        return [
            Button(
                pygame.Rect(box.left + gap + n * (width + gap), box.bottom - gap - height, width, height),
                key,
                intent,
                colour=colour,
            )
            for n, (key, intent, colour) in enumerate(choices)
        ]
    if model.prompt is not None and model.team is None and prompt_left(model, now) > 0:
        box = card(frame, over_layout=True)
        half = box.width // 2 - height // 2
        red = pygame.Rect(box.left + height // 3, box.bottom - height - height // 3, half, height)
        black = red.move(half + height // 3, 0)
        return [
            Button(red, "button.team_red", i.Intent(i.TEAM, "red"), colour=theme.RED),
            Button(black, "button.team_black", i.Intent(i.TEAM, "black"), colour=theme.BLACK),
        ]
    return []


def process(control: SeatControl, frame: Frame, pos: tuple[int, int], now: float) -> list[i.Intent] | None:
    """Intents of a tap while a modal overlay is up; None when no overlay takes the tap."""
    model = control.model
    if _stopped(model) is not None:
        return [i.Intent(i.REFUSED, "status.seat_stopped")] if pos[1] > frame.top.bottom else []
    shown = buttons(control, frame, now)
    if not shown:
        return None
    hit = hit_button(shown, pos)
    return [hit.intent] if hit is not None else []


def limit_card(control: SeatControl, now: float) -> bool:
    """Whether the card of a reached session limit is up: on the game screen, until the player confirms
    (Continue) or leaves (Cash out); the session and cash-out pages stay reachable under it."""
    return control.ui.screen == "game" and care.reached(control.model, now) is not None


def prompt_left(model: SeatModel, now: float) -> int:
    """Milliseconds left to choose a Touchdown team."""
    if model.prompt is None:
        return 0
    return max(0, model.prompt.countdown_ms - int((now - model.prompt_at) * 1000))


def _stopped(model: SeatModel) -> tuple[str, str] | None:
    """(catalogue key, key of the players' message or "") of what stops the seat: link, tilt, out of
    service, hand-pay; else None. A tilt's message is its public code's (``tilt.<code>``), never the
    technician's detail, which stays in the log."""
    if model.link == "lost":
        return "stop.link_lost", ""
    if model.handpay is not None or any(reason == "handpay" for reason, _ in model.tilts):
        return "stop.handpay", ""
    for reason, code in model.tilts:
        key = "stop.service" if reason == "service_mode" else "stop.tilt"
        return key, f"tilt.{code}"
    if model.me is not None and model.me.locked is not None:
        return "stop.locked", ""
    return None


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """Every overlay that applies, in order: stop or modal card, watermark (notices are the strip's)."""
    model, ui = control.model, control.ui
    stopped = _stopped(model)
    if stopped is not None and stopped[0] == "stop.handpay":
        _draw_handpay(surface, p, control, frame, now)
    elif stopped is not None:
        _draw_stop(surface, p, control, frame, stopped, now)
    elif limit_card(control, now):
        _draw_limit(surface, p, control, frame, now)
    elif ui.reality_check:
        _draw_reality(surface, p, control, frame, now)
    elif model.prompt is not None and model.team is None and prompt_left(model, now) > 0:
        _draw_prompt(surface, p, control, frame, now)
    if model.table is not None and model.table.test_mode:
        draw_watermark(surface, p, frame)


def _line(
    surface: pygame.Surface, p: Painter, box: pygame.Rect, u: int, key: str, y: int, size: int,
    colour: theme.Colour, *, bold: bool = False, anchor: str = "midtop", **args: object,
) -> None:  # fmt: skip
    """One line of a card, centred at height ``y`` and kept a unit inside the card's edges."""
    p.draw(
        surface, key, (box.centerx, y), size, colour, anchor=anchor, bold=bold, max_width=box.width - 2 * u,
        **args,
    )  # fmt: skip


def _draw_stop(
    surface: pygame.Surface,
    p: Painter,
    control: SeatControl,
    frame: Frame,
    stopped: tuple[str, str],
    now: float,
) -> None:
    key, detail = stopped
    dim(surface, frame.below_top, 200)
    box = card(frame, 0.6, 0.5)
    panel(surface, box, theme.PANEL)
    calm = key == "stop.service"  # a technician at work, not an alarm: framed as a notice, not a tilt
    pygame.draw.rect(surface, theme.BUTTON_HOT if calm else theme.ALERT, box, width=6, border_radius=12)
    u = frame.unit
    _line(surface, p, box, u, key, box.top + u * 2, u * 2, theme.INK if calm else theme.WARN, bold=True)
    model = control.model
    amount = model.handpay if model.handpay is not None else (model.me.last_win if model.me else 0)
    help_key = detail or f"{key}.help"  # a tilt says what happened, in the players' words
    room = pygame.Rect(box.left + u, box.top + u * 4, box.width - 2 * u, u * 3)
    p.block(surface, help_key, room, u, theme.INK, amount=p.money(amount))
    credits = p.money(model.credits_shown(now))
    _line(
        surface, p, box, u, "stop.credits_kept", box.bottom - u * 2, u * 5 // 4, theme.GOLD, bold=True,
        anchor="midbottom", amount=credits,
    )  # fmt: skip


def blocking(control: SeatControl, now: float) -> bool:
    """Whether a card stops or holds the screen (a stop, the reality check, the team prompt): nothing is
    drawn above it but the meters (no notice, no hardware button)."""
    model = control.model
    prompting = model.prompt is not None and model.team is None and prompt_left(model, now) > 0
    return _stopped(model) is not None or control.ui.reality_check or prompting or limit_card(control, now)


def _draw_handpay(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float
) -> None:
    """The hand-pay lock: the award the attendant brings is the biggest thing on the screen."""
    dim(surface, frame.below_top, 200)
    box = card(frame, 0.6, 0.55)
    panel(surface, box, theme.PANEL)
    pygame.draw.rect(surface, theme.GOLD, box, width=6, border_radius=12)
    u, model = frame.unit, control.model
    amount = model.handpay if model.handpay is not None else (model.me.last_win if model.me else 0)
    _line(surface, p, box, u, "stop.handpay", box.top + u, u * 3 // 2, theme.WARN, bold=True)
    _line(
        surface, p, box, u, "fmt.money", box.top + u * 3, u * 4, theme.GOLD, bold=True, amount=p.money(amount)
    )
    room = pygame.Rect(box.left + u, box.top + u * 9, box.width - 2 * u, u * 3)
    p.block(surface, "handpay.help", room, u, theme.INK)
    credits = p.money(model.credits_shown(now))
    _line(surface, p, box, u, "stop.credits_kept", box.bottom - u, u, theme.DIM_INK, anchor="midbottom",
          amount=credits)  # fmt: skip


def _draw_prompt(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    dim(surface, frame.layout, 150)
    box = card(frame, over_layout=True)
    panel(surface, box)
    u = frame.unit
    _line(surface, p, box, u, "touchdown.prompt", box.top + u, u * 2, theme.GOLD, bold=True)
    _line(surface, p, box, u, "touchdown.prompt_help", box.top + u * 4, u, theme.INK)
    seconds = (prompt_left(control.model, now) + 999) // 1000
    _line(surface, p, box, u, "fmt.seconds", box.top + u * 6, u * 2, theme.WARN, bold=True, seconds=seconds)
    for button in buttons(control, frame, now):
        draw_button(surface, p, button, u * 3 // 2)


def _draw_reality(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float
) -> None:
    dim(surface, frame.below_top, 170)
    box = card(frame)
    panel(surface, box)
    u = frame.unit
    _line(surface, p, box, u, "reality.title", box.top + u, u * 2, theme.GOLD, bold=True)
    minutes = session_minutes(control.model, now)
    net = signed_money(p, control.model.net_result())
    size = u * 5 // 4
    _line(surface, p, box, u, "reality.body", box.top + u * 4, size, theme.INK, minutes=minutes, net=net)
    _helpline(surface, p, control, box, u)
    for button in buttons(control, frame, now):
        draw_button(surface, p, button, u * 6 // 5)


def _helpline(surface: pygame.Surface, p: Painter, control: SeatControl, box: pygame.Rect, u: int) -> None:
    """The helpline across the card, between its words and its buttons."""
    if control.helpline:
        room = pygame.Rect(box.left + u, box.top + u * 7, box.width - 2 * u, u * 2)
        p.block(surface, "care.helpline", room, u, theme.GOLD, number=control.helpline)


def _draw_limit(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The player's own limit is reached: no more wagers until they confirm or cash out."""
    dim(surface, frame.below_top, 170)
    box = card(frame)
    panel(surface, box)
    pygame.draw.rect(surface, theme.GOLD, box, width=4, border_radius=12)
    u, model = frame.unit, control.model
    which = care.reached(model, now)
    _line(surface, p, box, u, f"care.reached_{which}", box.top + u, u * 7 // 4, theme.GOLD, bold=True)
    args: dict[str, Any] = {
        "minutes": str(model.session.time_limit),
        "amount": p.money(model.session.loss_limit),
        "net": signed_money(p, model.net_result()),
        "duration": care.duration(care.played_seconds(model, now)),
    }
    room = pygame.Rect(box.left + u, box.top + u * 7 // 2, box.width - 2 * u, u * 3)
    p.block(surface, f"care.reached_{which}_body", room, u * 9 // 8, theme.INK, **args)
    _helpline(surface, p, control, box, u)
    for button in buttons(control, frame, now):
        draw_button(surface, p, button, u * 6 // 5)


def session_minutes(model: SeatModel, now: float) -> int:
    """Whole minutes since the player sat down."""
    started = model.session.started
    return 0 if started is None else int(now - started) // 60


def signed_money(p: Painter, units: int) -> str:
    """A net amount with its sign (``+$12.00`` / ``-$3.00``)."""
    return signed_amount(units, p.money)


WATERMARK_ALPHA = 96  # see-through: what is under it stays readable, yet it shows on every colour


def draw_watermark(surface: pygame.Surface, p: Painter, frame: Frame) -> None:
    """The lab mode's TEST mark (in the player's language): large, translucent, across the middle of every
    screen, white edged in red so it shows on the felt, on red and black pockets and on the dark panels."""
    key = (frame.width, frame.height, p.language)
    mark = _WATERMARKS.get(key)
    if mark is None:  # rotating a large label is slow: once per size and language
        size, room = frame.height // 3, frame.width * 3 // 4
        edge = p.label("watermark.test", size, theme.ALERT, bold=True, max_width=room)
        face = p.label("watermark.test", size, theme.INK, bold=True, max_width=room)
        ring = max(3, frame.height // 180)
        plain = pygame.Surface((edge.get_width() + 2 * ring, edge.get_height() + 2 * ring), pygame.SRCALPHA)
        for dx in range(-ring, ring + 1, ring):
            for dy in range(-ring, ring + 1, ring):
                plain.blit(edge, (ring + dx, ring + dy))
        plain.blit(face, (ring, ring))
        mark = pygame.transform.rotate(plain, 20)
        mark.set_alpha(WATERMARK_ALPHA)
        _WATERMARKS[key] = mark
    surface.blit(mark, mark.get_rect(center=(frame.width // 2, frame.height // 2)))
    # And a red frame round the whole screen: always in view, covering no label or hit area.
    pygame.draw.rect(surface, theme.ALERT, surface.get_rect(), width=max(4, frame.unit // 4))
