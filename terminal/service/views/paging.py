"""Paging the listings (meters, the event log, a seat's rounds, a round's wagers, configuration): a page
is what the table shows, so no row is ever out of reach; the pager in the screen's words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from terminal.service import intents as i
from terminal.service.layout.frame import pager as pager_geometry
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene
from terminal.service.widgets import pager

T = TypeVar("T")


def pages_for(count: int, per_page: int) -> int:
    """How many pages ``count`` rows fill, ``per_page`` a page (one, even when empty)."""
    return max(1, -(-count // per_page))


def on_page(items: Sequence[T], per_page: int, page: int) -> Sequence[T]:
    """The items of ``page`` (from 1; none past the last).

    >>> on_page("abcdefg", 3, 3), on_page("abcdefg", 3, 4), pages_for(7, 3)
    ('g', '', 3)
    """
    return items[(page - 1) * per_page : page * per_page]


def paging(ui: Ui, scene: Scene, screen: str, page: int, pages: int) -> None:
    """The pager of ``screen`` showing ``page`` of ``pages``: a touch asks for the page before or after."""
    t = scene.t
    words = (t("service.prev"), t("service.page", page=page, pages=pages), t("service.next"))
    back = i.Intent(i.PAGE, screen, value=page - 1) if page > 1 else None
    on = i.Intent(i.PAGE, screen, value=page + 1) if page < pages else None
    pager(ui, pager_geometry(scene.frame), words, back, on)
