"""The screens beside the game: help, history, cash-out (confirm, then the voucher) and the session.

Each page fills the screen below the meters (credits stay on screen) and has a back button; paged
screens have previous/next buttons. Pages post intents like every view.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pygame

from terminal.devices.barcode import interleaved_2_of_5
from terminal.devices.voucher import format_validation
from terminal.money import amount_in_words, find_currency
from terminal.net import messages as m
from terminal.seat import care_view, demo_badge, help_page, history_page, message_strip, stats_page, theme
from terminal.seat import intents as i
from terminal.seat.control import SeatControl
from terminal.seat.model import SeatModel
from terminal.seat.overlays import session_minutes, signed_money
from terminal.seat.text import Painter
from terminal.seat.theme import Frame
from terminal.seat.widgets import Button, draw_button, hit_button, panel


def body(frame: Frame) -> pygame.Rect:
    """The page's area: everything below the meters."""
    return frame.below_top.inflate(-frame.unit, -frame.unit)


def buttons(control: SeatControl, frame: Frame, p: Painter | None = None) -> list[Button]:
    """Back, plus the page's own buttons (help's paging buttons are off at either end: ``p`` measures
    how many screens of help there are)."""
    area, u, screen = body(frame), frame.unit, control.ui.screen
    size = pygame.Rect(0, 0, u * 9, u * 5 // 2)
    back = size.move(area.right - size.width - u, area.bottom - size.height - u // 2)
    out = [Button(back, "button.back", i.Intent(i.SCREEN, "game"))]
    if screen == "help":
        last = p is None or control.ui.page >= len(help_sheets(p, control, frame)) - 1
        previous = Button(back.move(-2 * (size.width + u), 0), "button.previous", i.Intent(i.PAGE, value=-1),
                          enabled=control.ui.page > 0)  # fmt: skip
        out += [previous, Button(back.move(-(size.width + u), 0), "button.next", i.Intent(i.PAGE, value=1),
                                 enabled=not last)]  # fmt: skip
    if screen == "cashout" and control.ui.cashout_step == "confirm":
        can = control.model.me is not None and control.model.me.credits > 0 and control.model.betting_open
        confirm = pygame.Rect(0, 0, u * 16, u * 3)
        confirm.center = (area.centerx, area.centery + u * 4)
        out.append(Button(confirm, "button.confirm_cashout", i.Intent(i.CASH_OUT), can, colour=theme.READY))
    if screen == "cashout" and control.ui.cashout_step == "voucher":
        out[0] = Button(back, "button.done", i.Intent(i.DISMISS, "voucher"), colour=theme.READY)
    if screen == "session":
        out += care_view.limit_buttons(control, frame, content(frame))
    if screen in ("history", "stats"):  # each reaches the other: the results, and their statistics
        other = "stats" if screen == "history" else "history"
        out.append(Button(back.move(-(size.width + u), 0), f"button.{other}", i.Intent(i.SCREEN, other)))
    return out


def footer(control: SeatControl, frame: Frame, p: Painter | None = None) -> pygame.Rect:
    """The page's message strip: the footer left of its buttons."""
    row = buttons(control, frame, p)
    right = min(b.rect.left for b in row if b.rect.top == row[0].rect.top)
    return message_strip.footer_rect(frame, right)


def content(frame: Frame) -> pygame.Rect:
    """The page's content: below its title, above its footer of buttons and messages."""
    u = frame.unit
    area = body(frame)
    return pygame.Rect(area.left + u, area.top + u * 4, area.width - 2 * u, area.height - u * 7)


def process(
    control: SeatControl, frame: Frame, pos: tuple[int, int], p: Painter | None = None
) -> list[i.Intent]:
    """The intents of a tap on a page (a paging button off at the end of help does nothing)."""
    hit = hit_button(buttons(control, frame, p), pos)
    if hit is None or (not hit.enabled and hit.intent.kind == i.PAGE):
        return []
    return [hit.intent] if hit.enabled else [i.Intent(i.REFUSED, "cashout.not_now")]


def draw(surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, now: float) -> None:
    """Paint the page of the current screen."""
    area = body(frame)
    below = frame.below_top
    surface.fill(theme.FELT_DARK, below)  # the game screen's bands would show round the page's edge
    panel(surface, area)
    screen = control.ui.screen
    title = f"title.{screen}"
    room = area.width - 2 * frame.unit
    if demo_badge.on(control.model):  # a demo table: DEMO at the title line's right end, the title left of it
        pill = page_badge(p, frame)
        demo_badge.paint(surface, p, pill, frame.unit)
        room = pill.left - frame.unit - (area.left + frame.unit)
    p.draw(
        surface,
        title,
        (area.left + frame.unit, area.top + frame.unit // 2),
        frame.unit * 2,
        theme.GOLD,
        bold=True,
        max_width=room,
    )
    {"help": _help, "history": _history, "cashout": _cashout, "session": _session, "stats": _stats}[screen](
        surface, p, control, frame, content(frame), now
    )
    for button in buttons(control, frame, p):
        draw_button(surface, p, button, frame.unit)


def page_badge(p: Painter, frame: Frame) -> pygame.Rect:
    """Where a page shows DEMO: at the right end of its title line (the title is two units high)."""
    area, u = body(frame), frame.unit
    return demo_badge.pill_at(p, (area.right - u, area.top + u), u)


def _help(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    offer = control.model.offer
    if offer is None:
        p.draw(surface, "status.waiting", box.topleft, frame.unit, theme.DIM_INK)
        return
    u = frame.unit
    found = help_sheets(p, control, frame)
    page = min(control.ui.page, len(found) - 1)
    sheet = found[page]
    p.draw(surface, "fmt.page", (box.right, box.top - u * 3 // 2), u * 8 // 10, theme.DIM_INK,
           anchor="topright", page=page + 1, pages=len(found))  # fmt: skip
    title = "help.continued" if sheet.continued else "fmt.value"
    p.draw(surface, title, box.topleft, u * 13 // 10, theme.GOLD, bold=True, max_width=box.width,
           value=p.tr(sheet.title), title=p.tr(sheet.title))  # fmt: skip
    family = next(pg for pg in help_page.book(p, offer) if pg.title == sheet.title)
    rects = help_page.column_rects(help_body(box, u), u, len(sheet.columns))
    for rows, column in zip(sheet.columns, rects, strict=False):
        help_page.draw_column(surface, p, rows, family, column, u)


def help_body(box: pygame.Rect, unit: int) -> pygame.Rect:
    """The help page's rows: under the family's title."""
    return pygame.Rect(box.left, box.top + unit * 2, box.width, box.height - unit * 2)


def help_sheets(p: Painter, control: SeatControl, frame: Frame) -> list[help_page.Sheet]:
    """The screens of help for this table, at this size and language."""
    offer = control.model.offer
    if offer is None:
        return []
    return help_page.sheets(p, help_page.book(p, offer), help_body(content(frame), frame.unit), frame.unit)


def _history(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    history_page.draw(surface, p, control, box, frame.unit)


def _stats(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    stats_page.draw(surface, p, control, box, frame.unit)


def _cashout(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    u, model = frame.unit, control.model
    summary = pygame.Rect(box.left, box.bottom - u * 5, box.width, u * 5)
    if control.ui.cashout_step == "voucher" and model.voucher is not None:
        paper = pygame.Rect(box.left, box.top, box.width, min(u * 20, summary.top - u - box.top))
        draw_voucher(surface, p, model.voucher, paper, u)
        care_view.draw_summary(surface, p, control, summary, u, now)
        return
    care_view.draw_summary(surface, p, control, summary, u, now)
    credits = model.me.credits if model.me is not None else 0
    p.draw(
        surface,
        "cashout.question",
        (box.centerx, box.top + u * 3),
        u * 3 // 2,
        theme.INK,
        anchor="midtop",
        max_width=box.width,
    )
    p.draw(
        surface,
        "fmt.money",
        (box.centerx, box.top + u * 6),
        u * 3,
        theme.GOLD,
        anchor="midtop",
        bold=True,
        amount=p.money(credits),
    )
    if model.me is not None and model.me.total_bet:
        p.draw(
            surface,
            "cashout.in_play",
            (box.centerx, box.top + u * 10),
            u,
            theme.DIM_INK,
            anchor="midtop",
            max_width=box.width,
            amount=p.money(model.me.total_bet),
        )


def draw_voucher(surface: pygame.Surface, p: Painter, v: m.CashedOut, box: pygame.Rect, u: int) -> None:
    """The voucher as printed: venue, table and seat, date and time, amount in figures and words,
    validation number, expiry and the Interleaved 2 of 5 barcode."""
    paper = pygame.Rect(0, 0, min(box.width, u * 34), box.height)
    paper.midtop = box.midtop
    pygame.draw.rect(surface, theme.PAPER, paper, border_radius=8)
    currency = find_currency(v.currency)
    issued = datetime.fromisoformat(v.issued_at)
    seat = v.seat.removeprefix("seat-")
    lines: list[tuple[str, dict[str, Any], int, bool]] = [
        ("voucher.title", {}, u * 3 // 2, True),
        ("fmt.value", {"value": v.venue}, u, True),
        ("voucher.table_seat", {"table": v.table_id, "seat": seat}, u, False),
        (
            "voucher.issued",
            {"date": issued.strftime("%Y-%m-%d"), "time": issued.strftime("%H:%M:%S")},
            u,
            False,
        ),
        ("voucher.validation", {"number": format_validation(v.validation)}, u, True),
        ("fmt.money", {"amount": p.money(v.amount)}, u * 2, True),
        ("fmt.value", {"value": amount_in_words(v.amount, currency, p.language)}, u * 7 // 10, False),
        ("voucher.expires", {"date": v.expires}, u * 8 // 10, False)
        if v.expires
        else ("voucher.no_expiry", {}, u * 8 // 10, False),
    ]
    y = paper.top + u // 2
    for key, args, size, bold in lines:
        rect = p.draw(
            surface,
            key,
            (paper.centerx, y),
            size,
            theme.PAPER_INK,
            anchor="midtop",
            bold=bold,
            max_width=paper.width - u,
            **args,
        )
        y = rect.bottom + u // 3
    _barcode(
        surface,
        v.validation,
        pygame.Rect(paper.left + u, y + u // 2, paper.width - 2 * u, min(u * 4, paper.bottom - y - u)),
    )


def _barcode(surface: pygame.Surface, digits: str, box: pygame.Rect) -> None:
    code = interleaved_2_of_5(digits)
    scale = max(1, box.width // max(1, code.modules))
    x = box.left + (box.width - code.modules * scale) // 2
    for n, width in enumerate(code.widths):
        if n % 2 == 0:  # bars and spaces alternate, starting with a bar
            pygame.draw.rect(surface, theme.PAPER_INK, (x, box.top, width * scale, box.height))
        x += width * scale


def money_in(model: SeatModel) -> int:
    """The money the player brought to this session: the credits on the seat when it started (bills or
    vouchers put in before the screen linked), and every bill and voucher since."""
    return (model.session.first_credits or 0) + model.session.money_in


def _session(
    surface: pygame.Surface, p: Painter, control: SeatControl, frame: Frame, box: pygame.Rect, now: float
) -> None:
    u, model = frame.unit, control.model
    net = model.net_result()
    rows = (
        ("session.time", {"minutes": session_minutes(model, now)}, theme.INK),
        ("session.money_in", {"amount": p.money(money_in(model))}, theme.INK),
        ("session.money_out", {"amount": p.money(model.session.money_out)}, theme.INK),
        ("session.net", {"amount": signed_money(p, net)}, theme.WIN if net > 0 else theme.INK),
    )
    y = box.top + u * 2
    half = box.width // 2 - u * 3
    for key, args, colour in rows:
        p.draw(surface, key, (box.left + u * 2, y), u * 5 // 4, colour, max_width=half, **args)
        y += u * 3
    clock = care_view.clock_line(control, now)
    if clock is not None:
        p.draw(surface, clock[0], (box.left + u * 2, y), u, theme.DIM_INK, max_width=half, **clock[1])
    care_view.draw_limits(surface, p, control, frame, box, now)
    advice = pygame.Rect(box.left + u * 2, box.top + u * 16, box.width - 4 * u, u * 2)
    p.wrap(surface, "care.advice", advice, u, theme.DIM_INK)
    care_view.helpline(p, control, surface, advice.move(0, u * 2), u)
