"""The seat's simulated hardware: bill acceptor and ticket reader, for a person at a demo table.

On a demo table (simulated devices) the acceptor and the reader are simulated in the controller; a person
at a seat window works them here. A bronze "bill acceptor" button sits in the free slot at the foot of the
side panel, on the game screen, but never over a page, a stop or the reality check, which it would cover;
it opens a panel with one key per bill the table accepts (from the ``Offer``'s ``bills`` rule, never
hard-coded), the vouchers this seat printed this session and the seat's call button (a service call), and
shows the cabinet's tower light and alarm (:mod:`terminal.devices.tower`) as the controller's ``Tower``
says, each lamp flashing in its pattern. Each posts an intent; the control sends ``DeviceInput`` and the
controller hands it to the simulated device. A player station never turns the service key (the controller
refuses it from a seat in any mode): the key is the service station's.
"""

from __future__ import annotations

import pygame

from terminal.devices.tower import PATTERNS
from terminal.net import messages as m
from terminal.seat import intents as i
from terminal.seat import overlays, theme
from terminal.seat.control import SeatControl
from terminal.seat.model import SeatModel
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import Button, draw_button, panel

Key = tuple[pygame.Rect, str, dict[str, str], i.Intent]  # rect, catalogue key, its fields, intent


def bills(model: SeatModel) -> tuple[int, ...]:
    """The bills the table accepts (minor units), from the ``Offer``'s ``bills`` rule."""
    if model.offer is None:
        return ()
    rule = next((r.value for r in model.offer.rules if r.key == "bills"), "")
    return tuple(int(bill) for bill in rule.split() if bill.isdigit())


def calling(model: SeatModel) -> bool:
    """Whether this seat's service call is waiting for an attendant."""
    tower = model.tower
    seat = model.seat.removeprefix("seat-")
    return tower is not None and seat.isdigit() and int(seat) in tower.calls


def toggle_rect(frame: Frame) -> pygame.Rect:
    """The free sixth slot of the side panel's foot (beside the language button)."""
    return frame.nav_cell(5)


def shown(control: SeatControl, now: float = 0.0) -> bool:
    """Whether the hardware is within reach: on a table whose devices are simulated, on the game screen,
    not under a page nor above a card that holds the screen (a hand-pay, a tilt, out of service, the
    reality check, the team prompt)."""
    table = control.model.table
    simulated = table is not None and table.devices == "simulated"  # never on a hardware table
    if not simulated or control.ui.screen != "game":
        return False
    return not overlays.blocking(control, now)


def card(frame: Frame) -> pygame.Rect:
    """The hardware panel: across the layout's lower half."""
    layout = frame.layout
    rect = pygame.Rect(0, 0, int(layout.width * 0.94), int(frame.height * 0.46))
    rect.midbottom = (layout.centerx, frame.bottom.top - frame.unit // 2)
    return rect


def keys(control: SeatControl, frame: Frame) -> list[Key]:
    """Every key of the open panel (none when it is closed)."""
    if not control.ui.hardware:
        return []
    box, u = card(frame), frame.unit
    row_h = u * 5 // 2
    out: list[Key] = []
    values = bills(control.model)
    width = min(u * 7, (box.width - 2 * u) // max(1, len(values)))
    for n, value in enumerate(values):
        rect = pygame.Rect(box.left + u + n * width, box.top + u * 3, width - u // 3, row_h)
        out.append((rect, "fmt.value", {"value": control.money(value)}, i.Intent(i.BILL, value=value)))
    vouchers = control.ui.vouchers
    width = (box.width - 2 * u) // 4
    for n, (number, amount) in enumerate(vouchers[-4:]):
        rect = pygame.Rect(box.left + u + n * width, box.top + u * 3 + row_h + u * 2, width - u // 3, row_h)
        fields = {"amount": control.money(amount), "tail": number[-4:]}
        out.append((rect, "hardware.voucher", fields, i.Intent(i.VOUCHER, number)))
    bottom = box.bottom - u - row_h
    close = pygame.Rect(box.right - u - u * 8, bottom, u * 8, row_h)
    call = pygame.Rect(box.left + u, bottom, min(u * 20, box.width * 2 // 5), row_h)
    waiting = calling(control.model)
    label = "hardware.call_off" if waiting else "hardware.call"
    out.append((call, label, {}, i.Intent(i.CALL, "off" if waiting else "on")))
    out.append((close, "hardware.close", {}, i.Intent(i.HARDWARE)))
    return out


def process(control: SeatControl, frame: Frame, pos: tuple[int, int], now: float) -> list[i.Intent] | None:
    """Intents of a tap on the hardware button or the open panel; None when neither takes it."""
    if not shown(control, now):
        return None
    if toggle_rect(frame).collidepoint(pos):
        return [i.Intent(i.HARDWARE)]
    if not control.ui.hardware:
        return None
    hit = next((intent for rect, _, _, intent in keys(control, frame) if rect.collidepoint(pos)), None)
    if hit is not None:
        return [hit]
    return [] if card(frame).collidepoint(pos) else [i.Intent(i.HARDWARE)]  # a tap outside closes it


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The hardware button, and the panel when it is open."""
    if not shown(control, now):
        return
    u = frame.unit
    toggle = Button(toggle_rect(frame), "hardware.button", i.Intent(i.HARDWARE), hot=control.ui.hardware,
                    colour=theme.HARDWARE)  # fmt: skip
    draw_button(surface, p, toggle, u)
    if not control.ui.hardware:
        return
    box = card(frame)
    panel(surface, box)
    lamps = tower_rect(box, u)
    p.draw(surface, "hardware.title", (box.left + u, box.top + u // 2), u, theme.GOLD, bold=True,
           max_width=lamps.left - box.left - 2 * u)  # fmt: skip
    draw_tower(surface, p, control.model.tower, lamps, u, now)
    p.draw(surface, "hardware.bills", (box.left + u, box.top + u * 2), u * 3 // 4, theme.DIM_INK,
           max_width=box.width - 2 * u)  # fmt: skip
    row = box.top + u * 3 + u * 5 // 2 + u
    vouchers = "hardware.vouchers" if control.ui.vouchers else "hardware.no_vouchers"
    p.draw(surface, vouchers, (box.left + u, row), u * 3 // 4, theme.DIM_INK, max_width=box.width - 2 * u)
    for rect, key, fields, intent in keys(control, frame):
        colour = {i.CALL: theme.HARDWARE}.get(intent.kind, theme.BUTTON)
        pygame.draw.rect(surface, colour, rect, border_radius=rect.height // 5)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, width=2, border_radius=rect.height // 5)
        p.draw(surface, key, rect.center, u * 9 // 10, theme.ink_on(colour), anchor="center", bold=True,
               max_width=rect.width - u // 2, **fields)  # fmt: skip


def tower_rect(box: pygame.Rect, u: int) -> pygame.Rect:
    """The tower's corner of the panel: top right, its caption, two lamps and the alarm."""
    return pygame.Rect(box.right - u * 14, box.top + u // 3, u * 13, u * 2)


LAMPS = (("red", theme.RED), ("yellow", theme.GOLD))


def draw_tower(
    surface: pygame.Surface, p: Painter, tower: m.Tower | None, rect: pygame.Rect, u: int, now: float
) -> None:
    """The tower light and the alarm as they show now: each lamp lit while its pattern is on."""
    p.draw(surface, "hardware.tower", (rect.left, rect.centery), u * 3 // 4, theme.DIM_INK, anchor="midleft",
           max_width=rect.width - u * 6)  # fmt: skip
    radius = u * 2 // 3
    for n, (name, colour) in enumerate(LAMPS):
        centre = (rect.right - u * 5 + n * u * 2, rect.centery)
        on = tower is not None and PATTERNS[getattr(tower, name).upper()].on_at(now)
        pygame.draw.circle(surface, colour if on else _dim(colour), centre, radius)
        pygame.draw.circle(surface, theme.PANEL_EDGE, centre, radius, width=2)
    sounding = tower is not None and PATTERNS[tower.alarm.upper()].on_at(now)
    x, y = rect.right - u, rect.centery
    horn = [(x - u, y - u // 3), (x - u // 2, y - u // 3), (x, y - u * 2 // 3), (x, y + u * 2 // 3),
            (x - u // 2, y + u // 3), (x - u, y + u // 3)]  # fmt: skip
    pygame.draw.polygon(surface, theme.ALERT if sounding else _dim(theme.ALERT), horn)
    pygame.draw.polygon(surface, theme.PANEL_EDGE, horn, width=2)


def _dim(colour: tuple[int, ...]) -> tuple[int, int, int]:
    return (colour[0] // 4, colour[1] // 4, colour[2] // 4)
