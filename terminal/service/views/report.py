"""The day's report: its figures and the count of each kind of event, and the export (CSV and PDF)."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import labels
from terminal.service.event_text import event_name
from terminal.service.layout import lists
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.paging import on_page, pages_for, paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import columns, table, title


def draw(ui: Ui, scene: Scene) -> None:
    t, cat, currency = scene.t, scene.cat, scene.station.currency
    g = lists.report(scene.frame)
    reply = scene.state.replies.report
    day = reply.day if reply is not None else ""
    hour = f"{scene.station.gaming_day_hour:02d}:00"  # to the same hour the next day
    title(ui, scene.frame, t("service.report.title", day=day, start=hour, end=hour), t("service.report.sub"))
    export = i.Intent(i.ACT, "report_export", (day,))
    ui.button(g.export, t("service.report.export"), export, primary=True, size=TYPE.body)
    if reply is None:
        return
    # One pager turns both tables, each a page of what it shows: every figure and event is reachable.
    pages = max(pages_for(len(reply.figures), g.figures.rows), pages_for(len(reply.events), g.events.rows))
    page = min(scene.state.pages.report, pages)
    figures = [
        (labels.figure_name(cat, f.name), labels.figure_value(cat, currency, f.name, f.value))
        for f in on_page(reply.figures, g.figures.rows, page)
    ]
    table(ui, g.figures, columns([t("service.col.figure"), t("service.col.value")], g.figures, "lr"), figures)
    kinds = on_page(reply.events, g.events.rows, page)
    events = [(event_name(cat, e.name), cat.number(e.value)) for e in kinds]
    table(ui, g.events, columns([t("service.col.event"), t("service.col.count")], g.events, "lr"), events)
    paging(ui, scene, "report", page, pages)
