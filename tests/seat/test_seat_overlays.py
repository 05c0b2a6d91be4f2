"""Lock overlays a player understands: the hand-pay amount is the biggest thing on its screen, nothing stale
or live sits above a card, and the reality check lets the player stop as well as continue."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from terminal.net import messages as m
from terminal.seat import hardware, message_strip, overlays
from terminal.seat import intents as i
from terminal.seat.pointer import Gesture
from tests.seat.screen_tour import seat_app

HANDPAY = (m.Tilt("handpay", True, 1, "handpay", "seat 1: award"), m.HandPay("seat-1", 250_000))


def _sizes(app: Any, surface: pygame.Surface, now: float) -> list[tuple[str, int, dict[str, Any]]]:
    """Every line the overlays draw: its key, its size, its fields."""
    drawn: list[tuple[str, int, dict[str, Any]]] = []
    draw = app.painter.draw

    def watched(target: pygame.Surface, key: str, at: tuple[int, int], size: int, *a: Any, **kw: Any) -> Any:
        drawn.append((key, size, kw))
        return draw(target, key, at, size, *a, **kw)

    app.painter.draw = watched
    overlays.draw(surface, app.painter, app.control, app.frame, now)
    app.painter.draw = draw
    return drawn


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (2560, 1080)])
def test_the_hand_pay_amount_is_the_biggest_thing_on_the_hand_pay_screen(size: tuple[int, int]) -> None:
    app = seat_app("double_zero", "en", size)
    app.receive(list(HANDPAY), 1.0)
    drawn = _sizes(app, pygame.Surface(size), 1.0)
    biggest = max(drawn, key=lambda d: d[1])
    assert biggest[0] == "fmt.money" and biggest[2]["amount"] == "$2,500.00"
    assert sum(1 for d in drawn if d[1] == biggest[1]) == 1  # nothing else as big


def test_no_notice_and_no_hardware_button_above_a_hand_pay(monkeypatch: pytest.MonkeyPatch) -> None:
    app = seat_app("double_zero", "en", (1920, 1080))
    app.receive([m.BuyIn("seat-1", "bill", 2000, 125_450)], 1.0)  # "Credits added" shows for a while
    assert app.control.model.notice_at(1.0) is not None
    app.receive(list(HANDPAY), 1.0)
    notices: list[object] = []
    monkeypatch.setattr(message_strip, "draw_notice", lambda *a, **kw: notices.append(a))
    app.draw(pygame.Surface((1920, 1080)), 1.1)
    assert notices == []
    assert not hardware.shown(app.control, 1.1)
    app.gesture(Gesture("tap", hardware.toggle_rect(app.frame).center), 1.2)
    assert not app.control.ui.hardware  # the tap found no live button there


@pytest.mark.parametrize(("key", "screen"), [("button.cashout", "cashout"), ("button.session", "session")])
def test_the_reality_check_offers_cash_out_and_my_session_beside_continue(key: str, screen: str) -> None:
    app = seat_app("craps", "en", (1920, 1080))
    app.control.tick(1.0 + app.control.reality_seconds + 1)
    assert app.control.ui.reality_check
    shown = overlays.buttons(app.control, app.frame, 2.0)
    assert [b.key for b in shown] == ["button.continue", "button.session", "button.cashout"]
    chosen = next(b for b in shown if b.key == key)
    app.gesture(Gesture("tap", chosen.rect.center), 2.0)
    assert app.control.ui.screen == screen and not app.control.ui.reality_check


def test_continue_leaves_the_player_at_the_table() -> None:
    app = seat_app("craps", "en", (1920, 1080))
    app.control.ui = type(app.control.ui)(reality_check=True, chip=app.control.ui.chip)
    carry_on = overlays.buttons(app.control, app.frame, 2.0)[0]
    app.act(carry_on.intent, 2.0)
    assert app.control.ui.screen == "game" and not app.control.ui.reality_check
    assert carry_on.intent == i.Intent(i.DISMISS, "reality")


def test_the_voucher_on_a_spanish_seat_gives_the_amount_in_spanish_words() -> None:
    from tests.seat.screen_tour import VOUCHER

    app = seat_app("double_zero", "es", (1920, 1080))
    app.receive([VOUCHER], 1.0)
    drawn: list[str] = []
    draw = app.painter.draw

    def watched(target: pygame.Surface, key: str, at: tuple[int, int], *a: Any, **kw: Any) -> Any:
        drawn.append(str(kw.get("value", "")))
        return draw(target, key, at, *a, **kw)

    app.painter.draw = watched
    app.draw(pygame.Surface((1920, 1080)), 1.5)
    assert "CIENTO SETENTA Y TRES DÓLARES CON CINCUENTA CENTAVOS" in drawn
