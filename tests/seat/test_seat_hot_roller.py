"""Hot Roller at the seat (§ 623b.2(b)): a touch the rules refuse is answered on screen in the player's words
and nothing is sent; one they allow goes to the table. Real layout, real pygame events."""

from __future__ import annotations

import pygame

from terminal.games.craps.engine import CrapsView
from terminal.net import messages as m
from terminal.net.game_state import game_view
from terminal.seat.app import SeatApp
from tests.seat.seat_states import linked_app, seat_state, wager

COME_OUT = CrapsView(None, 2, 9, False, (), (), "3-4")


def _touch(app: SeatApp, hold_s: float, now: float) -> None:
    layout = app.game.layout
    assert layout is not None
    x, y = layout.area("hot_roller").center
    w, h = app.frame.width, app.frame.height
    pygame.event.clear()
    for kind, at in ((pygame.FINGERDOWN, now), (pygame.FINGERUP, now + hold_s)):
        app.handle_event(pygame.event.Event(kind, x=x / w, y=y / h, finger_id=1, touch_id=1), at)
        app.update(at)


def test_on_a_point_the_seat_says_it_waits_for_a_come_out_and_sends_nothing() -> None:
    app, sent = linked_app("craps")  # the point is 6
    _touch(app, 0.05, 1.0)
    assert sent.messages == []
    notice = app.control.model.notice
    assert notice is not None and notice.key == "hot.come_out_only"
    assert app.painter.tr(notice.key) == "Hot Roller is placed only before a come-out roll"


def test_on_a_come_out_the_chip_goes_to_the_table() -> None:
    app, sent = linked_app("craps")
    app.receive([game_view("craps", 9, COME_OUT)], 0.5)
    _touch(app, 0.05, 1.0)
    assert sent.messages == [m.PlaceWager("hot_roller", app.control.ui.chip)]


def test_a_hot_roller_working_is_never_taken_down_or_added_to() -> None:
    app, sent = linked_app("craps", language="es", long_press_ms=600)
    app.receive([game_view("craps", 9, COME_OUT), seat_state(wagers=(wager("hot_roller", 500),))], 0.5)
    _touch(app, 1.0, 1.0)  # a long press: take it down
    notice = app.control.model.notice
    assert notice is not None and notice.key == "hot.fixed"
    assert app.painter.tr(notice.key).startswith("El Tirador caliente sigue")
    _touch(app, 0.05, 3.0)  # another chip on it
    assert sent.messages == []
    assert app.control.model.notice is not None and app.control.model.notice.key == "hot.fixed"
