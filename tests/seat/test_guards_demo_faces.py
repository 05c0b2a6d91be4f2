"""Every face of a demo table (simulated devices) shows DEMO: the seat, the table display, the service
screen (issue 28 §3); a hardware table's faces do not. The badge's words come from the catalogues."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pygame
import pytest

from terminal.display.model import DisplayModel, apply
from terminal.display.scene import scene_at
from terminal.i18n import load_catalogue
from terminal.net import messages as m
from terminal.seat import demo_badge, pages, side_panel, theme
from terminal.seat import intents as i
from terminal.service.layout.frame import Frame as ServiceFrame
from terminal.service.state import ServiceState, Station
from terminal.service.ui import Ui
from terminal.service.views import chrome
from terminal.service.views.scene import Scene as ServiceScene
from tests.seat.seat_states import colours, linked_app, table_state


def _badge_red(surface: pygame.Surface, rect: pygame.Rect, red: tuple[int, int, int]) -> float:
    pixels = colours(surface.subsurface(rect.clip(surface.get_rect())))
    return float(np.mean(pixels == (red[0] << 16 | red[1] << 8 | red[2])))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)])
def test_a_seat_at_a_demo_table_shows_the_badge_and_a_hardware_seat_does_not(
    language: str, size: tuple[int, int]
) -> None:
    app, _ = linked_app(language=language, size=size)
    assert app.control.model.table is not None and app.control.model.table.devices == "simulated"
    surface = pygame.Surface(size)
    app.draw(surface, 1.0)
    strip = side_panel.sections(app.frame, app.control).strip
    pill = demo_badge.rect(app.painter, strip, app.frame.unit)
    assert strip.contains(pygame.Rect(pill.left, strip.top, pill.width, 1))  # inside the strip's width
    assert pill.bottom <= strip.top + app.frame.unit  # above the result cells, which start a unit down
    assert _badge_red(surface, pill, theme.ALERT) > 0.3
    for page in ("help", "history", "session", "cashout"):  # a page covers the side panel: its own badge
        app.act(i.Intent(i.SCREEN, page), 1.0)
        app.draw(surface, 1.0)
        assert _badge_red(surface, pages.page_badge(app.painter, app.frame), theme.ALERT) > 0.3, page
    app.act(i.Intent(i.SCREEN, "game"), 1.0)
    hardware = replace(app.control.model.table, devices="hardware")
    app.receive([hardware], 1.0)
    app.draw(surface, 1.1)
    assert _badge_red(surface, pill, theme.ALERT) < 0.05
    app.act(i.Intent(i.SCREEN, "help"), 1.1)
    app.draw(surface, 1.1)
    assert _badge_red(surface, pages.page_badge(app.painter, app.frame), theme.ALERT) < 0.05


def test_the_display_knows_a_demo_table_from_its_table_state() -> None:
    state = replace(table_state(), devices="simulated")
    model = apply(DisplayModel(), state, 0.0)
    assert model.demo and scene_at(model, 0.0, 10).demo
    model = apply(model, replace(state, devices="hardware"), 0.1)
    assert not model.demo and not scene_at(model, 0.1, 10).demo


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_service_header_shows_demo_only_at_a_demo_table(language: str) -> None:
    pygame.init()
    from terminal.service import theme as service_theme

    cat = load_catalogue(language)
    assert cat.text("service.demo") and cat.text("badge.demo") and cat.text("display.demo")
    surface = pygame.Surface((1920, 1080))
    ui = Ui(surface)
    frame = ServiceFrame.of(*ui.design, ui.sy)
    for demo, expect in ((True, True), (False, False)):
        surface.fill((0, 0, 0))
        chrome.header(ui, ServiceScene(ServiceState(), Station("T-01", 8, demo=demo), cat, frame, 0.0))
        shown = _badge_red(surface, ui.px(frame.header.demo), service_theme.BAD) > 0.3
        assert shown is expect


def test_a_seat_message_never_carries_the_badge_text() -> None:
    """The word is the catalogue's (both languages), not the protocol's."""
    assert "DEMO" not in repr(table_state()) and isinstance(table_state(), m.TableState)
