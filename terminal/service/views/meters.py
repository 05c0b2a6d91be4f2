"""The meters screen: the table's meters, and the meters of each wager against its PAR (paged)."""

from __future__ import annotations

from terminal.service import labels
from terminal.service.event_text import wager_name
from terminal.service.layout import lists
from terminal.service.ui import Ui
from terminal.service.views.paging import on_page, pages_for, paging
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
    # One pager turns both tables, each a page of what it shows: every meter is reachable.
    pages = max(pages_for(len(reply.meters), g.meters.rows), pages_for(len(reply.wagers), g.wagers.rows))
    page = min(scene.state.pages.meters, pages)
    rows = [
        (labels.meter_name(cat, currency, m.name), labels.meter_value(cat, currency, m.name, m.value))
        for m in on_page(reply.meters, g.meters.rows, page)
    ]
    table(ui, g.meters, columns([t("service.col.meter"), t("service.col.value")], g.meters, "lr"), rows)
    shown = on_page(reply.wagers, g.wagers.rows, page)
    wagers = [
        (
            wager_name(cat, w.wager, w.game),
            labels.paytable_name(cat, w.paytable),
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
