"""The frame around every screen: the SERVICE MODE bar, the menu of screens, the status line."""

from __future__ import annotations

import time

from terminal.service import intents as i
from terminal.service import theme
from terminal.service.layout.frame import grid
from terminal.service.theme import TYPE
from terminal.service.ui import Ui
from terminal.service.views.scene import Scene

#: The menu: each screen, and the act a role needs to open it (greyed out without).
MENU: tuple[tuple[str, str], ...] = (
    ("meters", "meters"),
    ("events", "events"),
    ("recall", "recall"),
    ("vouchers", "voucher_lookup"),
    ("tilts", "tilts"),
    ("handpay", "handpay"),
    ("config", "config_view"),
    ("ramclear", "ram_clear"),
    ("selftest", "selftest"),
    ("report", "report"),
)


def header(ui: Ui, scene: Scene) -> None:
    """The bar: brand, table, the key's state, and who is logged in (log out) or the time."""
    g, t, s = scene.frame.header, scene.t, scene.state
    ui.rect(theme.HEADER, g.bar)
    ui.rect(theme.ACCENT, g.rule)
    ui.text(t("service.title"), g.brand, TYPE.brand, theme.ACCENT, bold=True, anchor="midleft")
    ui.text(t("service.table", table=scene.station.table_id), g.table, TYPE.button, anchor="midleft",
            width=g.table_width)  # fmt: skip
    if scene.station.demo:  # simulated devices: a demo table, never a production one
        ui.badge(g.demo, t("service.demo"), theme.BAD)
    if s.key_on:
        ui.badge(g.key, t("service.key_on"), theme.ACCENT)
    else:
        ui.badge(g.key, t("service.key_off"), theme.MUTED)
    if s.session is not None:
        who = t("service.user", user=s.session.user, role=t(f"service.role.{s.session.role}"))
        ui.text(who, g.user, TYPE.button, anchor="midright", width=g.user_width)
        ui.button(g.logout, t("service.logout"), i.Intent(i.LOGOUT), size=TYPE.body)
    else:
        now = time.strftime("%Y-%m-%d %H:%M", time.localtime(scene.now))
        ui.text(now, g.clock, TYPE.button, theme.MUTED, anchor="midright")


def menu(ui: Ui, scene: Scene) -> None:
    """A button per screen; a screen the role may not open is greyed out."""
    f, s = scene.frame, scene.state
    for rect, (screen, act) in zip(grid(f.menu, 1, len(MENU), f.menu_gap), MENU, strict=True):
        go = i.Intent(i.GO, screen) if s.may(act) else None
        ui.button(rect, scene.t(f"service.menu.{screen}"), go, selected=s.screen == screen, size=TYPE.menu)


def status(ui: Ui, scene: Scene) -> None:
    """What the last act did or why it was refused (green or red); else the ready line."""
    rect, s = scene.frame.status, scene.state
    ui.panel(rect)
    message = s.status or scene.t("service.status.ready")
    color = (theme.GOOD if s.status_ok else theme.BAD) if s.status else theme.MUTED
    ui.text(
        message, scene.frame.status_text, TYPE.body, color, anchor="midleft", width=scene.frame.status_width
    )
