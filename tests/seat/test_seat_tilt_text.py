"""Public text only: a tilt, out of service or a lost link reaches the player as its translated public
message (``tilt.<code>``), never as the technician's detail."""

from __future__ import annotations

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat.model import LinkStatus
from tests.seat.seat_states import linked_app


@pytest.mark.parametrize(
    ("tilt", "public"),
    [
        (m.Tilt("door_open", True, None, "door_open", "table: main door open SECRET"), "tilt.door_open"),
        (m.Tilt("service_mode", True, None, "out_of_service", "table: key on SECRET"), "tilt.out_of_service"),
        (m.Tilt("device_fault", True, 1, "ticket_printer", "seat 1: ticket_printer: SECRET"), "tilt.ticket_printer"),  # noqa: E501
        (m.Tilt("rng_failure", True, None, "table_check", "table: KAT SECRET failed"), "tilt.table_check"),
    ],
)
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_tilt_reaches_the_player_as_its_public_message(tilt: m.Tilt, public: str, language: str) -> None:
    """The stop card showed "Reason: door_open: table: main door open": the technician's words."""
    app, _ = linked_app("roulette", language)
    drawn: list[str] = []
    tr = app.painter.tr
    app.painter.tr = lambda key, **args: drawn.append(tr(key, **args)) or drawn[-1]  # type: ignore[method-assign]
    app.receive([tilt], 1.0)
    app.draw(pygame.Surface((1920, 1080)), 1.5)
    assert app.painter.catalogue.text(public) in drawn
    assert not any("SECRET" in text or "_" in text for text in drawn), [t for t in drawn if "_" in t]
    app.receive([LinkStatus(False, "no controller at 127.0.0.1:7800: SECRET")], 2.0)
    drawn.clear()
    app.draw(pygame.Surface((1920, 1080)), 2.5)
    assert app.painter.catalogue.text("stop.link_lost") in drawn
    assert not any("SECRET" in text for text in drawn)
