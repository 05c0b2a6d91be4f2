"""The meters screen: the table's meters, and the meters of each wager against its PAR (paged)."""

from __future__ import annotations

from terminal.service import labels
from terminal.service.event_text import wager_name
from terminal.service.layout import lists
from terminal.service.ui import Ui
from terminal.service.views.paging import paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import columns, table, title

WAGER_COLUMNS = ("wager", "paytable", "wagered", "won", "count", "rtp", "par")


def draw(ui: Ui, scene: Scene) -> None:
    t, cat, currency = scene.t, scene.cat, scene.station.currency
    title(ui, scene.frame, t("service.meters.title"), t("service.meters.sub"))
    reply = scene.state.replies.meters
    if reply is None:
        return
    g = lists.meters(scene.frame)
    rows = [
        (labels.meter_name(cat, currency, m.name), labels.meter_value(cat, currency, m.name, m.value))
        for m in reply.meters
    ]
    table(ui, g.meters, columns([t("service.col.meter"), t("service.col.value")], g.meters, "lr"), rows)
    pages = max(1, -(-len(reply.wagers) // g.per_page))
    page = min(scene.state.pages.meters, pages)
    shown = reply.wagers[(page - 1) * g.per_page : page * g.per_page]
    wagers = [
        (
            wager_name(cat, w.wager),
            w.paytable,
            scene.money(w.wagered),
            scene.money(w.won),
            f"{w.count:,}",
            labels.ppm(w.actual_ppm),
            labels.ppm(w.par_ppm),
        )
        for w in shown
    ]
    titles = [t(f"service.col.{name}") for name in WAGER_COLUMNS]
    table(ui, g.wagers, columns(titles, g.wagers, "llrrrrr"), wagers)
    paging(ui, scene, "meters", page, pages)
