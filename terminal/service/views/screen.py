"""The whole service screen for one frame: the frame, the screen shown (or login), any dialog over it."""

from __future__ import annotations

from collections.abc import Callable

from terminal.service.ui import Ui
from terminal.service.views import (
    chrome,
    config,
    confirm,
    events,
    handpay,
    login,
    meters,
    ramclear,
    recall,
    report,
    selftest,
    tilts,
    vouchers,
)
from terminal.service.views.scene import Scene

View = Callable[[Ui, Scene], None]

#: The view of each screen of the menu.
SCREENS: dict[str, View] = {
    "meters": meters.draw,
    "events": events.draw,
    "recall": recall.draw,
    "vouchers": vouchers.draw,
    "tilts": tilts.draw,
    "handpay": handpay.draw,
    "config": config.draw,
    "ramclear": ramclear.draw,
    "selftest": selftest.draw,
    "report": report.draw,
}


def draw(ui: Ui, scene: Scene) -> None:
    """One frame of the screen the state names."""
    s = scene.state
    ui.begin()
    chrome.header(ui, scene)
    if s.session is None:
        login.draw(ui, scene)
    else:
        chrome.menu(ui, scene)
        SCREENS[s.screen](ui, scene)
        if s.confirm is not None:
            confirm.draw(ui, scene, s.confirm)
    chrome.status(ui, scene)
