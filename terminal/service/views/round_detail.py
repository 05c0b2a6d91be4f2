"""One recalled round: its outcome, each seat's credits before and after, every wager and its result."""

from __future__ import annotations

import pygame

from terminal.net.messages import service as sm
from terminal.service import intents as i
from terminal.service import theme
from terminal.service.event_text import wager_name
from terminal.service.labels import game_name, named, paytable_name, stamp
from terminal.service.layout import lists
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.paging import on_page, pages_for, paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import columns, table

SEAT_COLUMNS = ("seat", "before", "wagered", "returned", "after")
WAGER_COLUMNS = ("seat", "wager", "paytable", "wagered", "result", "returned")
RESULT_INK = {"win": theme.GOOD, "lose": theme.BAD}
HERO = (TYPE.hero, TYPE.display, TYPE.title, TYPE.value)  # the outcome in the largest that fits its card


def draw(ui: Ui, scene: Scene, r: sm.RoundRecall, area: pygame.Rect) -> None:
    """Round ``r`` in ``area``, with the button back to the seat's list."""
    t, cat = scene.t, scene.cat
    g = lists.round_detail(area)
    ui.panel(g.card, border=2)
    ui.text(t("service.recall.round_no", round=r.round_id), g.number, TYPE.button, theme.MUTED)
    room = g.card.w - 32
    hero = next((size for size in HERO if ui.width_of(r.outcome, size, bold=True) <= room), HERO[-1])
    ui.text(r.outcome, g.outcome, hero, theme.ACCENT, bold=True, anchor="center", width=room)
    for detail, rect in zip(r.details, g.details, strict=False):
        _detail(ui, scene, detail, rect)
    game = game_name(cat, r.game)
    phase = named(cat, f"service.phase.{r.phase}", r.phase)
    ui.text(f"{game} - {phase}", g.game, TYPE.table, theme.MUTED)
    ui.text(stamp(r.time), g.time, TYPE.body)
    ui.button(g.back, t("service.back"), i.Intent(i.CLOSE_ROUND))
    m = scene.money
    seats = [
        (str(s.seat), m(s.credits_before), m(s.staked), m(s.returned), m(s.credits_after)) for s in r.seats
    ]
    titles = [t(f"service.col.{name}") for name in SEAT_COLUMNS]
    table(ui, g.seats, columns(titles, g.seats, "rrrrr"), seats)
    wagers = [
        (
            str(w.seat),
            wager_name(cat, w.spot, r.game),
            paytable_name(cat, w.paytable),
            m(w.stake),
            named(cat, f"service.result.{w.result}", w.result),
            m(w.returned),
        )
        for w in r.wagers
    ]
    pages = pages_for(len(wagers), g.wagers.rows)  # every wager of the round, a page at a time
    page = min(scene.state.pages.round, pages)
    ink = [RESULT_INK.get(w.result) for w in on_page(r.wagers, g.wagers.rows, page)]
    titles = [t(f"service.col.{name}") for name in WAGER_COLUMNS]
    shown = on_page(wagers, g.wagers.rows, page)
    table(ui, g.wagers, columns(titles, g.wagers, "rllrlr"), shown, colors=ink)
    paging(ui, scene, "round", page, pages)


def _detail(ui: Ui, scene: Scene, detail: sm.RecallDetail, rect: pygame.Rect) -> None:
    """A further draw: its name (``service.detail.<name>``) over its value (``service.detail.<name>_value``
    fills the value in where the catalogue has one, as ``250 to 1``)."""
    cat = scene.cat
    label = named(cat, f"service.detail.{detail.name}", detail.name)
    key = f"service.detail.{detail.name}_value"
    value = cat.text(key, value=detail.value) if cat.has(key) else detail.value
    ui.text(label, (rect.x, rect.y), TYPE.chip, theme.MUTED, width=rect.w)
    ui.text(value, (rect.x, rect.y + 30), TYPE.button, theme.ACCENT, bold=True, width=rect.w)
