"""Tilts: every condition stopping play, where it is, and the clear button for those a person clears."""

from __future__ import annotations

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.event_text import detail_text, handpay_award, role_name, tilt_name, wager_name
from terminal.service.layout import panels
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import title

#: Tilts that mean the table's integrity is in doubt: red, not amber.
GRAVE = frozenset({"ledger_integrity", "rng_failure", "ledger_storage"})


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    title(ui, scene.frame, t("service.tilts.title"), t("service.tilts.sub"))
    reply = s.replies.tilts
    if reply is None:
        return
    g = panels.tilts(scene.frame)
    if not reply.tilts:
        ui.text(t("service.tilts.none"), g.none, TYPE.key, theme.GOOD)
    for n, tilt in enumerate(reply.tilts[: g.rows]):
        row = g.row(n)
        ui.panel(row.rect, border=2)
        ui.badge(row.kind, tilt_name(scene.cat, tilt.kind), theme.BAD if tilt.kind in GRAVE else theme.ACCENT)
        where = t("service.tilts.table") if tilt.seat is None else t("service.tilts.seat", seat=tilt.seat)
        ui.text(where, row.where, TYPE.body, bold=True)
        ui.text(_detail(scene, tilt), row.detail, TYPE.table, theme.MUTED, width=row.detail_width)
        role = role_name(scene.cat, tilt.clear_role)
        act = tilt.clear_role == "install_act"  # no role clears it here: two people, at the command line
        rule = t("service.tilts.auto") if tilt.automatic else t("service.tilts.by", role=role)
        rule = t("service.tilts.by_act") if act else rule
        ui.text(rule, row.rule, TYPE.table, theme.MUTED, anchor="midright")
        seat = "" if tilt.seat is None else str(tilt.seat)
        may = s.may("clear_tilt") and not tilt.automatic and not act  # an automatic tilt clears itself
        clear = i.Intent(i.ACT, "clear_tilt", (tilt.kind, seat)) if may else None
        ui.button(row.clear, t("service.tilts.clear"), clear, primary=True)


def _detail(scene: Scene, tilt: sm.TiltView) -> str:
    """A hand-pay's award and wager; any other tilt's detail as the technician reads it."""
    award, wager = handpay_award(tilt.detail)
    if award is not None:
        return f"{scene.money(award)} - {wager_name(scene.cat, wager, scene.station.game)}"
    return detail_text(scene.cat, tilt.detail, scene.station.currency, scene.station.game)
