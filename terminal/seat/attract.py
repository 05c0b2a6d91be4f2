"""The seat's attract loop: a seat with no credits, untouched for ``[seat] attract_seconds``, shows its game.

The loop fills the screen: the game's name, its biggest payouts (from the table's ``Offer``, as the help
says them; one lit after another, :data:`STEP_SECONDS` each) and "Insert a bill to play" in the seat's
language with the other language under it. Any touch or bill ends it (the touch does nothing else); it
never shows with credits or wagers on the seat, on a page, during a round in play, or over a stop (tilt,
hand-pay, lost link). ``0`` turns it off.
"""

from __future__ import annotations

import pygame

from terminal.i18n import load_catalogue
from terminal.net import messages as m
from terminal.seat import theme
from terminal.seat.control import SeatControl
from terminal.seat.help_content import GAME_HELP
from terminal.seat.help_rows import payout_cell
from terminal.seat.text import Painter
from terminal.seat.theme import Frame

STEP_SECONDS = 1.5  # each payout lit this long, in turn
SHOWN = 4  # the biggest payouts shown


def showing(control: SeatControl, now: float) -> bool:
    """Whether the attract loop is up at ``now``."""
    model, seconds = control.model, control.attract_seconds
    if not seconds or control.active_at is None or now - control.active_at < seconds:
        return False
    me = model.me
    if me is None or me.credits or me.total_bet or model.link != "up" or model.tilts or me.locked:
        return False
    return control.ui.screen == "game" and model.rolling is None and model.handpay is None


def big_payouts(offer: m.Offer | None) -> list[tuple[str, tuple[str, tuple[tuple[str, str], ...]]]]:
    """(wager's catalogue key, payout cell) of the offer's biggest first payouts, biggest first."""
    if offer is None or offer.game not in GAME_HELP:
        return []
    pays = GAME_HELP[offer.game].pays
    found = []
    for wager in offer.wagers:
        payout = pays(wager.wager, wager.paytable)
        if payout is not None and payout.ratio > 2:
            found.append((payout.ratio, wager.wager, payout))
    found.sort(key=lambda f: (-f[0], f[1]))
    return [(f"wager.{wager}", payout_cell(payout)) for _, wager, payout in found[:SHOWN]]


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """The attract loop over the whole screen, if it is up."""
    if not showing(control, now):
        return
    assert control.active_at is not None
    since = now - control.active_at
    u, w, h = frame.unit, frame.width, frame.height
    surface.fill(theme.FELT_DARK)
    edge = max(4, u // 3)
    pygame.draw.rect(surface, theme.GOLD, surface.get_rect().inflate(-u, -u), width=edge, border_radius=u)
    game = control.model.offer.game if control.model.offer is not None else ""
    p.draw(surface, f"attract.game_{game}", (w // 2, h // 10), u * 4, theme.GOLD, anchor="midtop", bold=True,
           max_width=w - 4 * u)  # fmt: skip
    rows = big_payouts(control.model.offer)
    lit = int(since / STEP_SECONDS) % len(rows) if rows else -1
    top = h * 3 // 10
    room = w - 4 * u
    p.draw(surface, "attract.pays", (w // 2, top), u * 3 // 2, theme.INK, anchor="midtop", max_width=room)
    step = u * 3
    for n, (wager_key, (pay_key, pay_args)) in enumerate(rows):
        y = top + u * 3 + n * step
        row = pygame.Rect(w // 2 - min(w // 3, u * 20), y, 2 * min(w // 3, u * 20), step - u // 2)
        colour = theme.GOLD if n == lit else theme.INK
        if n == lit:
            pygame.draw.rect(surface, theme.PANEL, row, border_radius=u // 2)
        p.draw(surface, wager_key, (row.left + u, row.centery), u * 3 // 2, colour, anchor="midleft",
               bold=n == lit, max_width=row.width * 6 // 10)  # fmt: skip
        p.draw(surface, pay_key, (row.right - u, row.centery), u * 3 // 2, colour, anchor="midright",
               bold=True, max_width=row.width * 3 // 10, **dict(pay_args))  # fmt: skip
    pulse = theme.WIN if int(since * 2) % 2 else theme.GOLD
    bottom = h - h // 5
    p.draw(surface, "attract.insert", (w // 2, bottom), u * 5 // 2, pulse, anchor="midbottom", bold=True,
           max_width=w - 4 * u)  # fmt: skip
    other = "es" if p.language == "en" else "en"
    said = load_catalogue(other).text("attract.insert")
    p.draw(surface, "fmt.value", (w // 2, bottom + u // 2), u * 3 // 2, theme.INK, anchor="midtop",
           max_width=w - 4 * u, value=said)  # fmt: skip
    p.draw(surface, "attract.touch", (w // 2, h - u * 2), u, theme.DIM_INK, anchor="midbottom",
           max_width=w - 4 * u)  # fmt: skip
