"""The pager of the listing screens (meters per wager, the event log, configuration) in their words."""

from __future__ import annotations

from terminal.service import intents as i
from terminal.service.layout.frame import pager as pager_geometry
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import pager


def paging(ui: Ui, scene: Scene, screen: str, page: int, pages: int) -> None:
    """The pager of ``screen`` showing ``page`` of ``pages``: a touch asks for the page before or after."""
    t = scene.t
    words = (t("service.prev"), t("service.page", page=page, pages=pages), t("service.next"))
    back = i.Intent(i.PAGE, screen, value=page - 1) if page > 1 else None
    on = i.Intent(i.PAGE, screen, value=page + 1) if page < pages else None
    pager(ui, pager_geometry(scene.frame), words, back, on)
