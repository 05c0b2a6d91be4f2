"""What every service view shares: the content area, keypads' keys, money, titles and the pager."""

from __future__ import annotations

import pygame

from terminal.money import find_currency
from terminal.service.app import ServiceApp
from terminal.service.ui import MUTED, TEXT, Ui

CONTENT = pygame.Rect(380, 120, 1516, 870)
ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789.-_<C"
DIGITS = "123456789C0<"


def money(app: ServiceApp, units: int) -> str:
    """An amount in the table's currency, as the screen's language writes money (Babel, CLDR)."""
    return app.t.money(units, app.currency, find_currency(app.currency).digits)


def title(ui: Ui, text: str, sub: str = "") -> None:
    """The screen's title and a line saying what it is for."""
    ui.text(text, (CONTENT.x, CONTENT.y), 46, TEXT, bold=True)
    if sub:
        ui.text(sub, (CONTENT.x, CONTENT.y + 52), 28, MUTED, width=CONTENT.width - 40)


def pager(ui: Ui, app: ServiceApp, screen: str, page: int, pages: int, y: int) -> None:
    """Previous / page x of y / next, at the bottom right of the content."""
    t = app.t.text
    ui.button(
        pygame.Rect(CONTENT.right - 560, y, 200, 72),
        t("service.prev"),
        (lambda: app.set_page(screen, page - 1)) if page > 1 else None,
    )
    ui.text(
        t("service.page", page=page, pages=pages), (CONTENT.right - 280, y + 36), 30, TEXT, anchor="center"
    )
    ui.button(
        pygame.Rect(CONTENT.right - 200, y, 200, 72),
        t("service.next"),
        (lambda: app.set_page(screen, page + 1)) if page < pages else None,
    )


def has(app: ServiceApp, key: str) -> bool:
    """Whether the catalogue has ``key``."""
    try:
        app.t.text(key)
    except KeyError:
        return False
    return True
