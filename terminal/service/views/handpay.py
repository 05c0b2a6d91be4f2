"""Hand-pay: each award over the hand-pay limit waiting at a seat, and the button that pays it."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.event_text import handpay_award, wager_name
from terminal.service.layout import panels
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import title


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    title(ui, scene.frame, t("service.handpay.title"), t("service.handpay.sub"))
    g = panels.tilts(scene.frame)
    reply = s.replies.tilts
    waiting = [x for x in reply.tilts if x.kind == "handpay"] if reply is not None else []
    if not waiting:
        ui.text(t("service.handpay.none"), g.none, TYPE.key, theme.GOOD)
    for n, tilt in enumerate(waiting[: g.rows]):
        row = g.handpay(n)
        ui.panel(row.rect, border=2)
        ui.text(t("service.tilts.seat", seat=tilt.seat), row.seat, TYPE.value, theme.ACCENT, True, "midleft")
        award, wager = handpay_award(tilt.detail)
        if award is not None:
            ui.text(scene.money(award), row.amount, TYPE.large, theme.TEXT, True, "midleft")
            name = wager_name(scene.cat, wager, scene.station.game)
            ui.text(name, row.wager, TYPE.body, theme.MUTED, anchor="midleft", width=row.wager_width)
        else:
            ui.text(tilt.detail, row.amount, TYPE.body, theme.TEXT, anchor="midleft", width=row.detail_width)
        pay = i.Intent(i.ACT, "handpay", (str(tilt.seat),))
        ui.button(row.pay, t("service.handpay.pay"), pay, primary=True)
