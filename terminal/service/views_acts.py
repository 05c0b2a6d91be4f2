"""The service screens that act: vouchers, tilts, hand-pay, configuration, RAM clear, self-tests, report,
the detail of a recalled round, and the two-person confirmation drawn over any of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from terminal.net import service_messages as sm
from terminal.service.app import VOID_REASONS, ServiceApp
from terminal.service.common import ALNUM, CONTENT, DIGITS, money, pager, title
from terminal.service.event_text import detail_text, event_name, handpay_award, tilt_name, wager_name
from terminal.service.keypad import keypad, pad_for
from terminal.service.ui import ACCENT, BAD, GOOD, INFO, MUTED, TEXT, Ui, grid


def round_detail(ui: Ui, app: ServiceApp, r: sm.RoundRecall, rect: pygame.Rect) -> None:
    """One recalled round: outcome, every wager with paytable and result, each seat's credits."""
    t = app.t.text
    ui.panel(pygame.Rect(rect.x, rect.y, 360, 220), border=2)
    ui.text(t("service.recall.round_no", round=r.round_id), (rect.x + 24, rect.y + 20), 32, MUTED)
    ui.text(r.outcome, (rect.x + 180, rect.y + 120), 96, ACCENT, bold=True, anchor="center")
    game = t(f"help.rules_{r.game}") if app.t.has(f"help.rules_{r.game}") else r.game
    phase = t(f"service.phase.{r.phase}") if app.t.has(f"service.phase.{r.phase}") else r.phase
    ui.text(f"{game} - {phase}", (rect.x + 24, rect.y + 180), 26, MUTED)
    ui.text(r.time[:19].replace("T", " "), (rect.x + 380, rect.y + 20), 30, TEXT)
    ui.button(pygame.Rect(rect.right - 260, rect.y, 260, 72), t("service.back"), app.close_round)
    seats = [
        (
            str(s.seat),
            money(app, s.credits_before),
            money(app, s.staked),
            money(app, s.returned),
            money(app, s.credits_after),
        )
        for s in r.seats
    ]
    ui.table(
        pygame.Rect(rect.x + 380, rect.y + 70, 880, 150),
        [
            (t("service.col.seat"), 100, "r"),
            (t("service.col.before"), 190, "r"),
            (t("service.col.wagered"), 190, "r"),
            (t("service.col.returned"), 190, "r"),
            (t("service.col.after"), 190, "r"),
        ],
        seats,
        size=26,
        row_height=40,
    )
    wagers = [
        (
            str(w.seat),
            wager_name(app.t, w.spot),
            w.paytable,
            money(app, w.stake),
            app.t.text(f"service.result.{w.result}") if app.t.has(f"service.result.{w.result}") else w.result,
            money(app, w.returned),
        )
        for w in r.wagers
    ]
    colors = [GOOD if w.result == "win" else BAD if w.result == "lose" else None for w in r.wagers]
    ui.table(
        pygame.Rect(rect.x, rect.y + 240, rect.width, rect.height - 240),
        [
            (t("service.col.seat"), 100, "r"),
            (t("service.col.wager"), 380, "l"),
            (t("service.col.paytable"), 220, "l"),
            (t("service.col.wagered"), 220, "r"),
            (t("service.col.result"), 200, "l"),
            (t("service.col.returned"), 220, "r"),
        ],
        wagers,
        size=28,
        row_height=44,
        colors=colors,
    )


def vouchers(ui: Ui, app: ServiceApp) -> None:
    t, state = app.t.text, app.state
    title(ui, t("service.vouchers.title"), t("service.vouchers.sub"))
    ui.field(
        pygame.Rect(CONTENT.x, CONTENT.y + 150, 700, 90),
        t("service.vouchers.number"),
        state.fields.get("voucher", ""),
        True,
        app.focus("voucher"),
    )
    ui.button(
        pygame.Rect(CONTENT.x + 720, CONTENT.y + 150, 300, 90),
        t("service.vouchers.lookup"),
        app.lookup_voucher,
        primary=True,
    )
    keypad(ui, app.t, pygame.Rect(CONTENT.x, CONTENT.y + 270, 500, 480), DIGITS, app.key, 3)
    info = state.replies.get("vouchers")
    if not isinstance(info, sm.VoucherInfo):
        return
    card = pygame.Rect(CONTENT.x + 540, CONTENT.y + 270, 976, 600)
    ui.panel(card, border=2)
    color = {"outstanding": GOOD, "redeemed": INFO, "voided": BAD, "expired": MUTED}.get(info.state, MUTED)
    ui.badge(pygame.Rect(card.x + 24, card.y + 24, 260, 48), t(f"service.voucher.{info.state}"), color)
    ui.text(money(app, info.amount), (card.right - 32, card.y + 48), 64, ACCENT, bold=True, anchor="midright")
    lines = [
        ("service.vouchers.number", info.number),
        ("service.col.seat", str(info.seat)),
        ("service.vouchers.issued", info.issued_at[:19].replace("T", " ")),
        ("service.vouchers.expires", info.expires_at[:10] or t("service.never")),
        ("service.vouchers.closed", info.closed_at[:19].replace("T", " ") or "-"),
    ]
    for i, (key, value) in enumerate(lines):
        ui.text(t(key), (card.x + 32, card.y + 110 + i * 52), 30, MUTED)
        ui.text(value, (card.x + 330, card.y + 110 + i * 52), 32, TEXT)
    if info.state != "outstanding":
        return
    ui.text(t("service.vouchers.reason"), (card.x + 32, card.y + 390), 30, MUTED)
    for rect, reason in zip(
        grid(pygame.Rect(card.x + 32, card.y + 430, 912, 64), 4, 1, 10), VOID_REASONS, strict=True
    ):
        ui.button(
            rect,
            t(f"service.reason.{reason}"),
            app.choose_reason(reason),
            selected=state.reason == reason,
            size=26,
        )
    void = partial(
        app.ask_second, "voucher_void", "void_voucher", info.number, t(f"service.reason.{state.reason}")
    )
    ui.button(
        pygame.Rect(card.x + 32, card.y + 516, 912, 64),
        t("service.vouchers.void"),
        void if app.may("voucher_void") else None,
        danger=True,
    )


def tilts(ui: Ui, app: ServiceApp) -> None:
    t = app.t.text
    title(ui, t("service.tilts.title"), t("service.tilts.sub"))
    reply = app.state.replies.get("tilts")
    if not isinstance(reply, sm.TiltList):
        return
    if not reply.tilts:
        ui.text(t("service.tilts.none"), (CONTENT.x, CONTENT.y + 140), 36, GOOD)
    for i, tilt in enumerate(reply.tilts[:7]):
        row = pygame.Rect(CONTENT.x, CONTENT.y + 110 + i * 108, CONTENT.width, 96)
        ui.panel(row, border=2)
        ui.badge(
            pygame.Rect(row.x + 20, row.y + 24, 300, 48),
            tilt_name(app.t, tilt.kind),
            BAD if tilt.kind in ("ledger_integrity", "rng_failure", "ledger_storage") else ACCENT,
        )
        where = t("service.tilts.table") if tilt.seat is None else t("service.tilts.seat", seat=tilt.seat)
        ui.text(where, (row.x + 340, row.y + 16), 30, TEXT, bold=True)
        ui.text(_tilt_detail(app, tilt), (row.x + 340, row.y + 54), 26, MUTED, width=720)
        rule = t("service.tilts.auto") if tilt.automatic else t("service.tilts.by", role=tilt.clear_role)
        ui.text(rule, (row.right - 340, row.y + 48), 26, MUTED, anchor="midright")
        clear = partial(app.act, "clear_tilt", tilt.kind, "" if tilt.seat is None else str(tilt.seat))
        ui.button(
            pygame.Rect(row.right - 320, row.y + 12, 300, 72),
            t("service.tilts.clear"),
            clear if app.may("clear_tilt") and not tilt.automatic else None,
            primary=True,
        )


def _tilt_detail(app: ServiceApp, tilt: sm.TiltView) -> str:
    award, wager = handpay_award(tilt.detail)
    if award is not None:
        return f"{money(app, award)} - {wager_name(app.t, wager)}"
    return detail_text(app.t, tilt.detail, app.currency)


def handpay(ui: Ui, app: ServiceApp) -> None:
    t = app.t.text
    title(ui, t("service.handpay.title"), t("service.handpay.sub"))
    reply = app.state.replies.get("handpay")
    waiting = [x for x in reply.tilts if x.kind == "handpay"] if isinstance(reply, sm.TiltList) else []
    if not waiting:
        ui.text(t("service.handpay.none"), (CONTENT.x, CONTENT.y + 140), 36, GOOD)
    for i, tilt in enumerate(waiting[:7]):
        row = pygame.Rect(CONTENT.x, CONTENT.y + 110 + i * 108, CONTENT.width, 96)
        ui.panel(row, border=2)
        ui.text(
            t("service.tilts.seat", seat=tilt.seat), (row.x + 24, row.centery), 40, ACCENT, True, "midleft"
        )
        award, wager = handpay_award(tilt.detail)
        if award is not None:
            ui.text(money(app, award), (row.x + 260, row.centery), 48, TEXT, True, "midleft")
            name = wager_name(app.t, wager)
            ui.text(name, (row.x + 640, row.centery), 30, MUTED, anchor="midleft", width=420)
        else:
            ui.text(tilt.detail, (row.x + 260, row.centery), 30, TEXT, anchor="midleft", width=800)
        pay = partial(app.act, "handpay", str(tilt.seat))
        ui.button(
            pygame.Rect(row.right - 420, row.y + 12, 400, 72), t("service.handpay.pay"), pay, primary=True
        )


def config(ui: Ui, app: ServiceApp) -> None:
    t, state = app.t.text, app.state
    diff = state.replies.get("diff")
    if state.edit is not None or isinstance(diff, sm.ConfigDiff):
        _config_edit(ui, app, diff if isinstance(diff, sm.ConfigDiff) else None)
        return
    listing = state.replies.get("config")
    title(ui, t("service.config.title"), t("service.config.sub"))
    if not isinstance(listing, sm.ConfigListing):
        return
    per_page = 14
    pages = max(1, -(-len(listing.entries) // per_page))
    page = min(state.page.get("config", 1), pages)
    shown = listing.entries[(page - 1) * per_page : page * per_page]
    rows = [(e.section, e.key, e.value, t("service.config.default") if e.default else "") for e in shown]

    def edit(i: int) -> Callable[[], None]:
        return partial(_start_edit, app, shown[i])

    ui.table(
        pygame.Rect(CONTENT.x, CONTENT.y + 100, CONTENT.width, 680),
        [
            (t("service.col.section"), 260, "l"),
            (t("service.col.key"), 420, "l"),
            (t("service.col.value"), 560, "l"),
            ("", 240, "l"),
        ],
        rows,
        size=28,
        row_height=46,
        on_row=edit if app.may("config_view") else None,
    )
    pager(ui, app, "config", page, pages, CONTENT.bottom - 72)


def _start_edit(app: ServiceApp, entry: sm.ConfigEntry) -> None:
    app.state.edit = (entry.section, entry.key)
    app.state.fields["value"], app.state.focus = entry.value, "value"
    app.state.replies.pop("diff", None)


def _config_edit(ui: Ui, app: ServiceApp, diff: sm.ConfigDiff | None) -> None:
    t, state = app.t.text, app.state
    title(ui, t("service.config.change"), t("service.config.rules"))
    if state.edit is not None:
        section, key = state.edit
        ui.field(
            pygame.Rect(CONTENT.x, CONTENT.y + 150, 900, 90),
            f"[{section}] {key}",
            state.fields.get("value", ""),
            True,
            app.focus("value"),
        )
        ui.button(
            pygame.Rect(CONTENT.x + 920, CONTENT.y + 150, 280, 90),
            t("service.config.preview"),
            app.preview_config,
            primary=True,
        )
        keys, columns = pad_for(state.fields.get("value", ""))  # a number gets the numeric pad
        keypad(ui, app.t, pygame.Rect(CONTENT.x, CONTENT.y + 270, 900, 420), keys, app.key, columns)
    ui.button(
        pygame.Rect(CONTENT.x + 1216, CONTENT.y + 150, 300, 90), t("service.back"), partial(_leave_edit, app)
    )
    if diff is None:
        return
    box = pygame.Rect(
        CONTENT.x + (920 if state.edit else 0), CONTENT.y + 270, 596 if state.edit else 1516, 600
    )
    ui.panel(box, border=2)
    ui.text(t("service.config.diff"), (box.x + 24, box.y + 20), 34, TEXT, bold=True)
    for i, change in enumerate(diff.changes[:6]):
        y = box.y + 80 + i * 96
        ui.text(f"[{change.section}] {change.key}", (box.x + 24, y), 28, MUTED)
        ui.text(change.before, (box.x + 24, y + 36), 34, BAD, width=box.width // 2 - 60)
        ui.text("->", (box.centerx, y + 36), 34, MUTED, anchor="midtop")
        ui.text(change.after, (box.centerx + 40, y + 36), 34, GOOD, width=box.width // 2 - 60)
    if diff.applied:
        ui.badge(
            pygame.Rect(box.x + 24, box.bottom - 88, box.width - 48, 64), t("service.config.applied"), GOOD
        )
    elif diff.blocked:
        ui.text(
            t("service.config.blocked", why=diff.blocked),
            (box.x + 24, box.bottom - 130),
            28,
            BAD,
            width=box.width - 48,
        )
    if not diff.applied and state.edit is not None:
        section, key = state.edit
        edit = f"{section}.{key}={state.fields.get('value', '')}"
        apply = partial(app.ask_second, "config_change", "config_change", edit)
        ui.button(
            pygame.Rect(box.x + 24, box.bottom - 88, box.width - 48, 72),
            t("service.config.apply"),
            apply if app.may("config_change") and not diff.blocked else None,
            danger=True,
        )


def _leave_edit(app: ServiceApp) -> None:
    app.state.edit = None
    app.state.replies.pop("diff", None)


def ram_clear(ui: Ui, app: ServiceApp) -> None:
    t = app.t.text
    title(ui, t("service.ramclear.title"))
    box = pygame.Rect(CONTENT.x, CONTENT.y + 90, CONTENT.width, 560)
    ui.panel(box, border=2)
    pygame.draw.rect(ui.surface, BAD, pygame.Rect(box.x, box.y, 12, box.height), border_radius=6)
    for i in range(1, 6):
        ui.text(
            f"{i}.  " + t(f"service.ramclear.line{i}"),
            (box.x + 48, box.y + 40 + (i - 1) * 90),
            34,
            TEXT,
            width=box.width - 96,
        )
    ui.button(
        pygame.Rect(CONTENT.x, CONTENT.y + 690, 760, 110),
        t("service.ramclear.start"),
        partial(app.ask_second, "ram_clear", "ram_clear"),
        danger=True,
        size=40,
    )


def report(ui: Ui, app: ServiceApp) -> None:
    t = app.t.text
    reply = app.state.replies.get("report")
    day = reply.day if isinstance(reply, sm.DayReport) else ""
    title(ui, t("service.report.title", day=day), t("service.report.sub"))
    ui.button(
        pygame.Rect(CONTENT.right - 520, CONTENT.y, 520, 80),
        t("service.report.export"),
        partial(app.act, "report_export", day),
        primary=True,
        size=30,
    )
    if not isinstance(reply, sm.DayReport):
        return
    rows = [
        (
            t(f"service.figure.{f.name.replace(' ', '.')}") if _known(app, f.name) else f.name,
            money(app, f.value) if _is_money(f.name) else f"{f.value:,}",
        )
        for f in reply.figures
    ]
    ui.table(
        pygame.Rect(CONTENT.x, CONTENT.y + 100, 900, 770),
        [(t("service.col.figure"), 560, "l"), (t("service.col.value"), 300, "r")],
        rows,
        size=25,
        row_height=33,
    )
    events = [(event_name(app.t, e.name), app.t.number(e.value)) for e in reply.events]
    ui.table(
        pygame.Rect(CONTENT.x + 920, CONTENT.y + 100, 596, 770),
        [(t("service.col.event"), 380, "l"), (t("service.col.count"), 180, "r")],
        events,
        size=26,
        row_height=36,
    )


def _known(app: ServiceApp, name: str) -> bool:
    try:
        app.t.text(f"service.figure.{name.replace(' ', '.')}")
    except KeyError:
        return False
    return True


def _is_money(name: str) -> bool:
    metered = name.startswith(("meter ", "period ")) and not name.endswith(("_count", "played"))
    return name.endswith("_value") or metered


def confirm_overlay(ui: Ui, app: ServiceApp) -> None:
    """Two people: the first user's PIN again, the second user's id and PIN, then confirm."""
    c, t = app.state.confirm, app.t.text
    if c is None:
        return
    shade = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 190))
    ui.surface.blit(shade, (0, 0))
    ui.hits.clear()  # only the dialog takes touches
    box = pygame.Rect(300, 130, 1320, 850)
    ui.panel(box, border=3)
    ui.text(
        t("service.two.title", act=t(f"service.act.{c.act}")), (box.x + 40, box.y + 30), 46, ACCENT, bold=True
    )
    ui.text(t("service.two.sub"), (box.x + 40, box.y + 92), 28, MUTED, width=box.width - 80)
    session = app.state.session
    ui.field(
        pygame.Rect(box.x + 40, box.y + 200, 560, 84),
        t("service.two.mine", user=session.user if session else ""),
        "*" * len(c.my_pin),
        c.focus == "my_pin",
        app.focus("my_pin"),
    )
    ui.field(
        pygame.Rect(box.x + 40, box.y + 340, 560, 84),
        t("service.two.second"),
        c.second,
        c.focus == "second",
        app.focus("second"),
    )
    ui.field(
        pygame.Rect(box.x + 40, box.y + 480, 560, 84),
        t("service.two.second_pin"),
        "*" * len(c.second_pin),
        c.focus == "second_pin",
        app.focus("second_pin"),
    )
    if c.args:
        ui.text(
            t("service.two.what", what=" / ".join(c.args)), (box.x + 40, box.y + 600), 28, TEXT, width=560
        )
    pad = pygame.Rect(box.x + 660, box.y + 200, 620, 480)
    second = c.focus == "second"
    keypad(ui, app.t, pad, ALNUM if second else DIGITS, app.key, 7 if second else 3)
    ui.button(pygame.Rect(box.x + 40, box.bottom - 130, 560, 100), t("service.cancel"), app.cancel_confirm)
    ui.button(
        pygame.Rect(box.x + 660, box.bottom - 130, 620, 100),
        t("service.two.confirm"),
        app.confirm,
        danger=True,
        size=40,
    )
    if app.state.status and not app.state.status_ok:
        ui.text(app.state.status, (box.x + 40, box.bottom - 170), 28, BAD, width=box.width - 80)
