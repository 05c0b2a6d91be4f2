"""Game recall: a seat's last rounds (a touch opens one), or a round found by its number."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.keypad import DIGITS, keypad
from terminal.service.labels import game_name, stamp
from terminal.service.layout import lists
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views import round_detail
from terminal.service.views.paging import on_page, pages_for, paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import Chip, chips, columns, field, table, title

COLUMNS = ("round", "time", "game", "outcome", "wagered", "returned")


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    g = lists.recall(scene.frame, scene.station.seats)
    title(ui, scene.frame, t("service.recall.title"), t("service.recall.sub"))
    seats = range(1, scene.station.seats + 1)
    chips(ui, g.seats, [Chip(str(n), i.Intent(i.SEAT, value=n), s.recall_seat == n) for n in seats])
    typing = s.focus == "round"
    field(ui, g.round, t("service.recall.round"), s.fields.round, typing, i.Intent(i.FOCUS, "round"))
    ui.button(g.find, t("service.recall.find"), i.Intent(i.FIND_ROUND), primary=True)
    if s.replies.round is not None:
        round_detail.draw(ui, scene, s.replies.round, g.detail)
        return
    if typing:
        keypad(ui, scene.cat, g.pad, DIGITS, 3)
    listing = s.replies.recall
    if listing is None:
        return
    rows = [
        (
            str(r.round_id),
            stamp(r.time),
            game_name(scene.cat, r.game),
            r.outcome,
            scene.money(r.staked),
            scene.money(r.returned),
        )
        for r in listing.rounds
    ]
    listed = g.typing if typing else g.table
    pages = pages_for(len(rows), listed.rows)  # a seat's last 100 rounds, a page at a time
    page = min(s.pages.recall, pages)
    shown = on_page(listing.rounds, listed.rows, page)
    opens = [i.Intent(i.OPEN_ROUND, str(r.round_id)) for r in shown]
    titles = [t(f"service.col.{name}") for name in COLUMNS]
    table(ui, listed, columns(titles, listed, "rlllrr"), on_page(rows, listed.rows, page), on_row=opens)
    paging(ui, scene, "recall", page, pages)
    if not listing.rounds:
        ui.text(t("service.recall.none"), g.none, TYPE.body, theme.MUTED)
