"""Touches on the drawn service screen post the intents of what is under the finger, end to end: the key
turns at the controller, the keypad types, the menu opens screens, a greyed-out entry does nothing, the
two-person dialog takes every touch while open, and the screen logs itself out when idle."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from terminal import config as configuration
from terminal.lab.service_demo import DirectLink, demo_table
from terminal.service import intents as i
from terminal.service.app import ServiceApp
from terminal.service.keypad import ALNUM, DIGITS
from terminal.service.layout import forms
from terminal.service.layout.frame import grid
from terminal.service.screens import login
from terminal.service.ui import Ui
from terminal.service.views.chrome import MENU
from terminal.table.controller import Controller


class Clock:
    """A monotonic clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


Station = tuple[Controller, ServiceApp, Ui, Clock]


@pytest.fixture
def station(tmp_path: Path) -> Iterator[Station]:
    """A real table behind the service screen, and a 1920x1080 surface to draw it on."""
    pygame.init()
    controller, _ = demo_table(configuration.defaults(tmp_path), tmp_path)
    clock = Clock()
    app = ServiceApp(DirectLink(controller), "en", "T-01", 8, clock=clock)
    yield controller, app, Ui(pygame.Surface((1920, 1080))), clock
    controller.table.ledger.close()


def tap(app: ServiceApp, ui: Ui, rect: pygame.Rect) -> None:
    """Draw the frame a person sees, then touch the middle of ``rect``."""
    app.draw(ui)
    app.touch(ui, rect.center)


def type_on_pad(app: ServiceApp, ui: Ui, pad: pygame.Rect, keys: str, columns: int, text: str) -> None:
    cells = grid(pad, columns, -(-len(keys) // columns), 10)
    for char in text:
        tap(app, ui, cells[keys.index(char)])


def test_a_technician_logs_in_by_touch_alone(station: Station) -> None:
    controller, app, ui, _ = station
    g = forms.login(app.frame)
    tap(app, ui, g.key)
    assert app.state.key_on and controller.desk is not None and controller.desk.key_on()  # at the table
    tap(app, ui, g.user)
    type_on_pad(app, ui, g.pad, ALNUM, 6, "tech")
    tap(app, ui, g.pin)
    type_on_pad(app, ui, g.pad, DIGITS, 3, "2468")  # the PIN field gets the numeric pad
    assert (app.state.fields.user, app.state.fields.pin) == ("tech", "2468")
    tap(app, ui, g.enter)
    assert app.state.session is not None and app.state.session.user == "tech"
    assert app.state.screen == "meters" and app.state.replies.meters is not None


def test_the_menu_opens_what_the_role_may_and_nothing_else(station: Station) -> None:
    _, app, ui, _ = station
    app.post(i.Intent(i.TURN_KEY), *login(("anna", "1357")))  # an attendant: no configuration
    entries = dict(zip((screen for screen, _ in MENU), grid(app.frame.menu, 1, len(MENU), 10), strict=True))
    tap(app, ui, entries["tilts"])
    assert app.state.screen == "tilts" and app.state.replies.tilts is not None
    tap(app, ui, entries["config"])
    assert app.state.screen == "tilts" and app.state.replies.config is None  # greyed out: nothing happens


def test_the_two_person_dialog_takes_every_touch(station: Station) -> None:
    _, app, ui, _ = station
    app.post(i.Intent(i.TURN_KEY), *login(("tech", "2468")), i.Intent(i.GO, "ramclear"))
    app.post(i.Intent(i.ASK_SECOND, "ram_clear"))
    meters_entry = grid(app.frame.menu, 1, len(MENU), 10)[0]
    tap(app, ui, meters_entry)  # under the shade: not a touch area
    assert app.state.screen == "ramclear" and app.state.confirm is not None
    g = forms.confirm(app.frame)
    tap(app, ui, g.second)
    type_on_pad(app, ui, g.pad, ALNUM, 7, "boss")  # the id field gets the letters
    assert app.state.confirm is not None and app.state.confirm.second == "boss"
    tap(app, ui, g.cancel)
    assert app.state.confirm is None and app.state.screen == "ramclear"


def test_the_screen_logs_out_after_the_idle_limit(station: Station) -> None:
    _, app, _, clock = station
    app.post(i.Intent(i.TURN_KEY), *login(("tech", "2468")))
    session = app.state.session
    assert session is not None
    clock.now += session.idle_ms / 1000 - 1
    app.tick()
    assert app.state.session is not None  # a second to go
    clock.now += 2
    app.tick()
    assert app.state.session is None and app.state.screen == "login" and not app.state.status_ok
    assert app.state.status == app.cat.text("service.idle_logout")


def test_an_unknown_intent_is_refused_by_name(station: Station) -> None:
    _, app, _, _ = station
    with pytest.raises(ValueError, match="'dance'"):
        app.post(i.Intent("dance"))
    with pytest.raises(ValueError, match="not a two-person act"):
        app.post(i.Intent(i.ASK_SECOND, "meters"))
