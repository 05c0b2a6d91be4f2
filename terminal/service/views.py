"""The service screen's frame and its reading screens: login, meters, event log, game recall.

Each view draws from :class:`~terminal.service.app.State` and posts intents of
:class:`~terminal.service.app.ServiceApp`; nothing here talks to the controller.
"""

from __future__ import annotations

import time
from functools import partial

import pygame

from terminal.net import service_messages as sm
from terminal.service import views_acts, views_selftest
from terminal.service.app import MENU, ServiceApp
from terminal.service.common import ALNUM, CONTENT, DIGITS, has, money, pager, title
from terminal.service.event_text import detail_text, event_name, role_name, wager_name
from terminal.service.keypad import keypad
from terminal.service.ui import ACCENT, BAD, GOOD, MUTED, TEXT, Ui, grid

MONEY_METERS = (
    "wagered",
    "won",
    "cash_in",
    "cash_out",
    "vouchers_in",
    "vouchers_out",
    "handpays",
    "vouchers_voided",
)


def draw(ui: Ui, app: ServiceApp) -> None:
    """One frame of the screen the state names."""
    ui.begin()
    _header(ui, app)
    if app.state.session is None:
        _login(ui, app)
    else:
        _menu(ui, app)
        SCREENS[app.state.screen](ui, app)
        if app.state.confirm is not None:
            views_acts.confirm_overlay(ui, app)
    _status(ui, app)


def _header(ui: Ui, app: ServiceApp) -> None:
    t, session = app.t.text, app.state.session
    pygame.draw.rect(ui.surface, (30, 24, 8), pygame.Rect(0, 0, 1920, 96))
    pygame.draw.rect(ui.surface, ACCENT, pygame.Rect(0, 92, 1920, 4))
    ui.text(t("service.title"), (32, 48), 52, ACCENT, bold=True, anchor="midleft")
    ui.text(t("service.table", table=app.table_id), (440, 48), 32, TEXT, anchor="midleft")
    if app.state.key_on:
        ui.badge(pygame.Rect(800, 26, 300, 44), t("service.key_on"), ACCENT)
    else:
        ui.badge(pygame.Rect(800, 26, 300, 44), t("service.key_off"), MUTED)
    if session is not None:
        who = t("service.user", user=session.user, role=t(f"service.role.{session.role}"))
        ui.text(who, (1560, 48), 32, TEXT, anchor="midright", width=420)
        ui.button(pygame.Rect(1600, 16, 296, 64), t("service.logout"), app.logout, size=30)
    else:
        now = time.strftime("%Y-%m-%d %H:%M", time.localtime(app.wall()))
        ui.text(now, (1880, 48), 32, MUTED, anchor="midright")


def _status(ui: Ui, app: ServiceApp) -> None:
    rect = pygame.Rect(24, 1004, 1872, 60)
    ui.panel(rect)
    message = app.state.status or app.t.text("service.status.ready")
    color = GOOD if app.state.status_ok else BAD
    ui.text(
        message,
        (rect.x + 20, rect.centery),
        30,
        color if app.state.status else MUTED,
        anchor="midleft",
        width=rect.width - 40,
    )


def _menu(ui: Ui, app: ServiceApp) -> None:
    cells = grid(pygame.Rect(24, 120, 332, 870), 1, len(MENU), 10)
    for rect, (screen, act) in zip(cells, MENU, strict=True):
        action = partial(app.go, screen) if app.may(act) else None
        ui.button(
            rect, app.t.text(f"service.menu.{screen}"), action, selected=app.state.screen == screen, size=34
        )


def _login(ui: Ui, app: ServiceApp) -> None:
    t, state = app.t.text, app.state
    card = pygame.Rect(260, 140, 1400, 840)
    ui.panel(card, border=2)
    ui.text(t("service.login.title"), (card.x + 48, card.y + 40), 56, TEXT, bold=True)
    hint = "service.login.hint" if state.key_on else "service.login.hint_key_off"
    ink = MUTED if state.key_on else ACCENT
    ui.text(t(hint), (card.x + 48, card.y + 110), 30, ink, width=card.width - 96)
    ui.field(
        pygame.Rect(card.x + 48, card.y + 220, 600, 90),
        t("service.login.user"),
        state.fields["user"],
        state.focus == "user",
        app.focus("user"),
    )
    ui.field(
        pygame.Rect(card.x + 48, card.y + 380, 600, 90),
        t("service.login.pin"),
        "*" * len(state.fields["pin"]),
        state.focus == "pin",
        app.focus("pin"),
    )
    ui.button(
        pygame.Rect(card.x + 48, card.y + 540, 600, 110),
        t("service.login.enter"),
        app.login if state.key_on else None,  # service mode starts with the key: no key, no login
        primary=True,
        size=44,
    )
    ui.text(t("service.login.note"), (card.x + 48, card.y + 680), 28, MUTED, width=620)
    ui.button(
        pygame.Rect(card.x + 48, card.y + 750, 600, 70),
        t("service.key.turn_off" if state.key_on else "service.key.turn_on"),
        app.turn_key,
        danger=state.key_on,
        size=28,
    )
    pad = pygame.Rect(card.x + 720, card.y + 220, 632, 580)
    if state.focus == "pin":
        keypad(ui, app.t, pad, DIGITS, app.key, 3)
    else:
        keypad(ui, app.t, pad, ALNUM, app.key, 6)


def _meters(ui: Ui, app: ServiceApp) -> None:
    t = app.t.text
    reply = app.state.replies.get("meters")
    title(ui, t("service.meters.title"), t("service.meters.sub"))
    if not isinstance(reply, sm.MetersReport):
        return
    rows = [
        (
            _meter_name(app, m.name),
            money(app, m.value) if m.name in MONEY_METERS or m.name.endswith(":value") else f"{m.value:,}",
        )
        for m in reply.meters
    ]
    ui.table(
        pygame.Rect(CONTENT.x, CONTENT.y + 100, 560, 770),
        [(t("service.col.meter"), 330, "l"), (t("service.col.value"), 200, "r")],
        rows,
        size=26,
        row_height=40,
    )
    per_page = 16
    page = min(app.state.page.get("meters", 1), max(1, -(-len(reply.wagers) // per_page)))
    pages = max(1, -(-len(reply.wagers) // per_page))
    shown = reply.wagers[(page - 1) * per_page : page * per_page]
    columns = [
        (t("service.col.wager"), 190, "l"),
        (t("service.col.paytable"), 110, "l"),
        (t("service.col.wagered"), 140, "r"),
        (t("service.col.won"), 140, "r"),
        (t("service.col.count"), 100, "r"),
        (t("service.col.rtp"), 110, "r"),
        (t("service.col.par"), 110, "r"),
    ]
    rows2 = [
        (
            wager_name(app.t, w.wager),
            w.paytable,
            money(app, w.wagered),
            money(app, w.won),
            f"{w.count:,}",
            _ppm(w.actual_ppm),
            _ppm(w.par_ppm),
        )
        for w in shown
    ]
    ui.table(pygame.Rect(CONTENT.x + 580, CONTENT.y + 100, 936, 690), columns, rows2, size=26, row_height=40)
    pager(ui, app, "meters", page, pages, CONTENT.bottom - 72)


def _meter_name(app: ServiceApp, name: str) -> str:
    if name.startswith("bill:"):  # bill:2000:value, bill:2000:count
        _, value, what = name.split(":")
        return app.t.text(f"service.meter.bill_{what}", bill=money(app, int(value)))
    if name.startswith("door:"):  # door:main:opens: the openings of one door
        name = "door_" + name.split(":")[1] + "_opens"
    return app.t.text(f"service.meter.{name}") if has(app, f"service.meter.{name}") else name


def _ppm(value: int | None) -> str:
    return "-" if value is None else f"{value / 10_000:.2f}%"


EVENT_KINDS = (
    "",
    "tilt",
    "tilt_cleared",
    "door_open",
    "config_change",
    "ram_clear",
    "handpay",
    "voucher_void",
    "service_login",
    "service_action",
)


def _events(ui: Ui, app: ServiceApp) -> None:
    t, state = app.t.text, app.state
    title(ui, t("service.events.title"))
    chips = grid(pygame.Rect(CONTENT.x, CONTENT.y + 64, CONTENT.width, 64), 10, 1, 8)
    for rect, kind in zip(chips, EVENT_KINDS, strict=True):
        label = t("service.events.all") if not kind else event_name(app.t, kind)
        ui.button(rect, label, partial(app.set_event_kind, kind), selected=state.event_kind == kind, size=24)
    spans = grid(pygame.Rect(CONTENT.x, CONTENT.y + 140, 700, 60), 3, 1, 8)
    for rect, span in zip(spans, ("hour", "day", "all"), strict=True):
        ui.button(
            rect,
            t(f"service.events.{span}"),
            partial(app.set_event_span, span),
            selected=state.event_span == span,
            size=26,
        )
    reply = state.replies.get("events")
    if not isinstance(reply, sm.EventPage):
        return
    ui.text(
        t("service.events.count", total=reply.total),
        (CONTENT.x + 730, CONTENT.y + 170),
        28,
        MUTED,
        anchor="midleft",
    )
    columns = [
        ("#", 90, "r"),
        (t("service.col.time"), 270, "l"),
        (t("service.col.event"), 230, "l"),
        (t("service.col.seat"), 80, "r"),
        (t("service.col.user"), 200, "l"),
        (t("service.col.detail"), 640, "l"),
    ]
    rows = [
        (
            str(e.id),
            e.time[:19].replace("T", " "),
            event_name(app.t, e.name),
            str(e.seat or ""),
            f"{e.user} ({role_name(app.t, e.role)})" if e.user else "",
            detail_text(app.t, e.detail, app.currency),
        )
        for e in reply.events
    ]
    ui.table(
        pygame.Rect(CONTENT.x, CONTENT.y + 216, CONTENT.width, 560), columns, rows, size=26, row_height=42
    )
    pager(ui, app, "events", reply.page, reply.pages, CONTENT.bottom - 72)


def _recall(ui: Ui, app: ServiceApp) -> None:
    t, state = app.t.text, app.state
    title(ui, t("service.recall.title"), t("service.recall.sub"))
    seats = grid(pygame.Rect(CONTENT.x, CONTENT.y + 100, 96 * app.seats, 72), app.seats, 1, 10)
    for number, rect in enumerate(seats, start=1):
        ui.button(rect, str(number), partial(app.set_seat, number), selected=state.recall_seat == number)
    ui.field(
        pygame.Rect(CONTENT.x + 900, CONTENT.y + 100, 300, 72),
        t("service.recall.round"),
        state.fields.get("round", ""),
        state.focus == "round",
        app.focus("round"),
    )
    ui.button(
        pygame.Rect(CONTENT.x + 1216, CONTENT.y + 100, 300, 72),
        t("service.recall.find"),
        app.find_round,
        primary=True,
    )
    detail = state.replies.get("round")
    if isinstance(detail, sm.RoundRecall):
        views_acts.round_detail(ui, app, detail, pygame.Rect(CONTENT.x, CONTENT.y + 196, CONTENT.width, 674))
        return
    if state.focus == "round":
        keypad(ui, app.t, pygame.Rect(CONTENT.x + 1116, CONTENT.y + 196, 400, 400), DIGITS, app.key, 3)
    listing = state.replies.get("recall")
    if not isinstance(listing, sm.RecallList):
        return
    columns = [
        (t("service.col.round"), 140, "r"),
        (t("service.col.time"), 300, "l"),
        (t("service.col.game"), 160, "l"),
        (t("service.col.outcome"), 160, "l"),
        (t("service.col.wagered"), 170, "r"),
        (t("service.col.returned"), 170, "r"),
    ]
    rows = [
        (
            str(r.round_id),
            r.time[:19].replace("T", " "),
            t(f"help.rules_{r.game}") if app.t.has(f"help.rules_{r.game}") else r.game,
            r.outcome,
            money(app, r.staked),
            money(app, r.returned),
        )
        for r in listing.rounds
    ]
    width = CONTENT.width - (420 if state.focus == "round" else 0)
    ui.table(
        pygame.Rect(CONTENT.x, CONTENT.y + 196, width, 674),
        columns,
        rows,
        size=28,
        row_height=46,
        on_row=lambda i: partial(app.open_round, str(listing.rounds[i].round_id)),
    )
    if not listing.rounds:
        ui.text(t("service.recall.none"), (CONTENT.x + 24, CONTENT.y + 280), 30, MUTED)


SCREENS = {
    "meters": _meters,
    "events": _events,
    "recall": _recall,
    "vouchers": views_acts.vouchers,
    "tilts": views_acts.tilts,
    "handpay": views_acts.handpay,
    "config": views_acts.config,
    "ramclear": views_acts.ram_clear,
    "selftest": views_selftest.selftest,
    "report": views_acts.report,
}
