"""The event log: filter by kind of event and by time, a page of events at a time, newest first."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.event_text import detail_text, event_name, role_name
from terminal.service.labels import stamp
from terminal.service.layout import lists
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.paging import paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import Chip, chips, columns, table, title

#: The kinds of event the log filters by ("" every kind).
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
SPANS = ("hour", "day", "all")
COLUMNS = ("time", "event", "seat", "user", "detail")


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    g = lists.events(scene.frame, len(EVENT_KINDS), len(SPANS))
    title(ui, scene.frame, t("service.events.title"))
    kinds = [
        Chip(
            event_name(scene.cat, k) if k else t("service.events.all"),
            i.Intent(i.EVENT_KIND, k),
            s.event_kind == k,
        )
        for k in EVENT_KINDS
    ]
    chips(ui, g.kinds, kinds, TYPE.table)
    spans = [Chip(t(f"service.events.{n}"), i.Intent(i.EVENT_SPAN, n), s.event_span == n) for n in SPANS]
    chips(ui, g.spans, spans, TYPE.table)
    reply = s.replies.events
    if reply is None:
        return
    ui.text(t("service.events.count", total=reply.total), g.count, TYPE.label, theme.MUTED, anchor="midright")
    rows = [
        (
            str(e.id),
            stamp(e.time),
            event_name(scene.cat, e.name),
            str(e.seat or ""),
            f"{e.user} ({role_name(scene.cat, e.role)})" if e.user else "",
            detail_text(scene.cat, e.detail, scene.station.currency, scene.station.game),
        )
        for e in reply.events
    ]
    titles = ["#", *(t(f"service.col.{name}") for name in COLUMNS)]
    table(ui, g.table, columns(titles, g.table, "rllrll"), rows)
    paging(ui, scene, "events", reply.page, reply.pages)
