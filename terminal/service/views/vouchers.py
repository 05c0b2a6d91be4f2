"""Vouchers: look one up by its number (an outstanding one can be voided by two people, with a reason, or
its ticket reprinted, marked as such); until then, the last ten vouchers issued and redeemed."""

from __future__ import annotations

import pygame

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.keypad import DIGITS, keypad
from terminal.service.labels import stamp
from terminal.service.layout import forms
from terminal.service.state import VOID_REASONS
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import Chip, chips, field, name_values, title

STATE_COLOURS = {
    "outstanding": theme.GOOD,
    "redeemed": theme.INFO,
    "voided": theme.BAD,
    "expired": theme.MUTED,
}


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    g = forms.vouchers(scene.frame)
    title(ui, scene.frame, t("service.vouchers.title"), t("service.vouchers.sub"))
    field(ui, g.number, t("service.vouchers.number"), s.fields.voucher, True, i.Intent(i.FOCUS, "voucher"))
    ui.button(g.lookup, t("service.vouchers.lookup"), i.Intent(i.LOOKUP_VOUCHER), primary=True)
    keypad(ui, scene.cat, g.pad, DIGITS, 3)
    if s.replies.voucher is not None:
        _card(ui, scene, s.replies.voucher, forms.voucher_card(g.card, len(VOID_REASONS)))
    elif s.replies.vouchers is not None:
        _history(ui, scene, s.replies.vouchers, g.card)


def _history(ui: Ui, scene: Scene, history: sm.VoucherHistory, card: pygame.Rect) -> None:
    """Service recall of vouchers: the last ten issued and the last ten redeemed, newest first."""
    t, g = scene.t, forms.voucher_history(card)
    ui.panel(card, border=2)
    columns = (("recent_issued", history.issued), ("recent_redeemed", history.redeemed))
    for column, (key, lines) in enumerate(columns):
        ui.text(t(f"service.vouchers.{key}"), g.title(column), TYPE.body, bold=True)
        if not lines:
            ui.text(t("service.vouchers.none_yet"), g.line(column, 0), TYPE.chip, theme.MUTED)
        for n, line in enumerate(lines[:10]):
            said = f"{stamp(line.time)[:16]}  {line.number[-6:]}  #{line.seat}"
            ui.text(said, g.line(column, n), TYPE.small, width=g.width)
            colour = STATE_COLOURS.get(line.state, theme.MUTED)
            ui.text(scene.money(line.amount), g.amount(column, n), TYPE.small, colour, anchor="topright")


def _card(ui: Ui, scene: Scene, info: sm.VoucherInfo, g: forms.VoucherCard) -> None:
    """The voucher found: its state and amount, its facts, and the void for an outstanding one."""
    t, s = scene.t, scene.state
    ui.panel(g.card, border=2)
    ui.badge(g.state, t(f"service.voucher.{info.state}"), STATE_COLOURS.get(info.state, theme.MUTED))
    ui.text(scene.money(info.amount), g.amount, TYPE.amount, theme.ACCENT, bold=True, anchor="midright")
    facts = [
        ("service.vouchers.number", info.number),
        ("service.col.seat", str(info.seat)),
        ("service.vouchers.issued", stamp(info.issued_at)),
        ("service.vouchers.expires", info.expires_at[:10] or t("service.never")),
        ("service.vouchers.closed", stamp(info.closed_at) or "-"),
    ]
    name_values(ui, g.names, g.values, g.step, [(t(key), value) for key, value in facts])
    if info.state != "outstanding":
        return
    ui.text(t("service.vouchers.reason"), g.reason_label, TYPE.body, theme.MUTED)
    reasons = [Chip(t(f"service.reason.{r}"), i.Intent(i.REASON, r), s.reason == r) for r in VOID_REASONS]
    chips(ui, g.reasons, reasons, TYPE.table)
    why = t(f"service.reason.{s.reason}")
    void = i.Intent(i.ASK_SECOND, "voucher_void", (info.number, why)) if s.may("voucher_void") else None
    ui.button(g.void, t("service.vouchers.void"), void, danger=True)
    reprint = i.Intent(i.ACT, "reprint_voucher", (info.number,)) if s.may("voucher_reprint") else None
    ui.button(g.reprint, t("service.vouchers.reprint"), reprint)
