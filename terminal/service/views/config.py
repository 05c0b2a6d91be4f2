"""Configuration: every setting of kiosk.cfg a page at a time; a touch on a row opens it for change."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service.layout import lists
from terminal.service.setting_names import key_name, section_name
from terminal.service.ui import Ui
from terminal.service.views import config_edit
from terminal.service.views.paging import on_page, pages_for, paging
from terminal.service.views.scene import Scene
from terminal.service.widgets import columns, table, title


def draw(ui: Ui, scene: Scene) -> None:
    t, s = scene.t, scene.state
    if s.edit is not None or s.replies.diff is not None:
        config_edit.draw(ui, scene)
        return
    title(ui, scene.frame, t("service.config.title"), t("service.config.sub"))
    listing = s.replies.config
    if listing is None:
        return
    g = lists.config_list(scene.frame)
    pages = pages_for(len(listing.entries), g.table.rows)  # a page is what the table shows: none hidden
    page = min(s.pages.config, pages)
    shown = on_page(listing.entries, g.table.rows, page)
    default = t("service.config.default")
    cat = scene.cat
    rows = [
        (section_name(cat, e.section), key_name(cat, e.section, e.key), e.value, default if e.default else "")
        for e in shown
    ]
    opens = (
        [i.Intent(i.EDIT, args=(e.section, e.key, e.value)) for e in shown] if s.may("config_view") else []
    )
    titles = [t("service.col.section"), t("service.col.setting"), t("service.col.value"), ""]
    table(ui, g.table, columns(titles, g.table, "llll"), rows, on_row=opens)
    paging(ui, scene, "config", page, pages)
