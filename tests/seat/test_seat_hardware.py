"""The seat's simulated hardware: bill keys from the Offer, vouchers remembered, the key, above any stop."""

from __future__ import annotations

from dataclasses import replace

import pygame

from terminal.net import messages as m
from terminal.seat import hardware
from terminal.seat import intents as i
from terminal.seat.pointer import Gesture
from tests.seat.seat_states import linked_app


def test_the_bill_keys_are_the_offers_bills_and_a_tap_sends_device_input() -> None:
    app, sent = linked_app()
    toggle = hardware.toggle_rect(app.frame).center
    app.gesture(Gesture("tap", toggle), 1.0)
    assert app.control.ui.hardware
    bills = [
        (rect, intent)
        for rect, _, _, intent in hardware.keys(app.control, app.frame)
        if intent.kind == i.BILL
    ]
    assert [intent.value for _, intent in bills] == [500, 2000, 10000]  # as the Offer's rule says
    app.gesture(Gesture("tap", bills[1][0].center), 1.1)
    assert sent.messages == [m.DeviceInput("bill_acceptor", "insert", 2000, "")]


def test_a_printed_voucher_can_go_back_in_once_and_a_buyin_is_shown() -> None:
    app, sent = linked_app()
    voucher = m.CashedOut("seat-1", 4_200, "001234567890123456", "V", "T", "2026-11-23T07:00:00", "", "USD")
    app.receive([voucher], 1.0)
    assert not hardware.shown(app.control, 1.0)  # the voucher page is up: the button would cover it
    app.act(i.Intent(i.DISMISS, "voucher"), 1.0)  # Done: back at the game screen, the acceptor in reach
    app.act(i.Intent(i.HARDWARE), 1.0)
    keys = [
        (rect, intent)
        for rect, _, _, intent in hardware.keys(app.control, app.frame)
        if intent.kind == i.VOUCHER
    ]
    assert [intent.text for _, intent in keys] == ["001234567890123456"]
    app.gesture(Gesture("tap", keys[0][0].center), 1.2)
    assert sent.messages == [m.DeviceInput("ticket_reader", "insert", 0, "001234567890123456")]
    assert app.control.ui.vouchers == ()  # the ticket left the player's hand
    app.receive([m.BuyIn("seat-1", "voucher", 4_200, 4_200)], 1.3)
    notice = app.control.model.notice
    assert notice is not None and notice.key == "money.added" and dict(notice.args) == {"amount": "$42.00"}


def test_a_seat_offers_no_service_key_and_no_panel_out_of_service() -> None:
    """A player station never turns the service key (issue 28 §3): the panel has bills, vouchers, the
    seat's call button and close only, and out of service the stop card keeps the screen (no button above
    it)."""
    app, sent = linked_app()
    app.gesture(Gesture("tap", hardware.toggle_rect(app.frame).center), 1.0)
    kinds = {intent.kind for _, _, _, intent in hardware.keys(app.control, app.frame)}
    assert kinds and kinds <= {i.BILL, i.VOUCHER, i.CALL, i.HARDWARE}
    app.gesture(Gesture("tap", hardware.toggle_rect(app.frame).center), 1.05)
    app.receive([m.Tilt("service_mode", True, None, "out_of_service", "table: service key on")], 1.1)
    assert not hardware.shown(app.control, 1.1)
    app.gesture(Gesture("tap", hardware.toggle_rect(app.frame).center), 1.2)
    assert not any(isinstance(s, m.DeviceInput) and s.device == "service_key" for s in sent.messages)


def test_the_hardware_button_never_covers_a_page_or_the_reality_check() -> None:
    app, _ = linked_app()
    toggle = hardware.toggle_rect(app.frame).center
    for screen in ("help", "history", "session", "cashout"):
        app.act(i.Intent(i.SCREEN, screen), 1.0)
        assert not hardware.shown(app.control, 1.0)
        app.gesture(Gesture("tap", toggle), 1.0)
        assert not app.control.ui.hardware, screen  # the tap went to the page, not to a hidden button
    app.act(i.Intent(i.SCREEN, "game"), 1.0)
    assert hardware.shown(app.control, 1.0)
    app.gesture(Gesture("tap", toggle), 1.0)
    assert app.control.ui.hardware
    app.act(i.Intent(i.HARDWARE), 1.0)
    app.control.ui = replace(app.control.ui, reality_check=True)
    assert not hardware.shown(app.control, 1.0)
    app.gesture(Gesture("tap", toggle), 1.0)
    assert app.control.ui.hardware is False


def test_the_call_button_calls_an_attendant_and_the_tower_shows_its_patterns() -> None:
    app, sent = linked_app()
    app.gesture(Gesture("tap", hardware.toggle_rect(app.frame).center), 1.0)
    call = next((rect, key) for rect, key, _, intent in hardware.keys(app.control, app.frame)
                if intent.kind == i.CALL)  # fmt: skip
    assert call[1] == "hardware.call"
    app.gesture(Gesture("tap", call[0].center), 1.1)
    assert sent.messages == [m.DeviceInput("call_button", "on", 0, "")]
    app.receive([m.Tower("off", "steady", "beep", (1,))], 1.2)  # the controller lit the yellow lamp
    assert hardware.calling(app.control.model)
    shown = hardware.keys(app.control, app.frame)
    keys = {intent.kind: (rect, key, intent) for rect, key, _, intent in shown}
    assert keys[i.CALL][1] == "hardware.call_off" and keys[i.CALL][2].text == "off"
    app.receive([m.Tower("flash", "off", "flash", (3,))], 1.3)  # another seat's call: not this one's
    assert not hardware.calling(app.control.model)
    # drawn as the patterns say: the red lamp lit in the first half of each second, dark in the second
    box = hardware.card(app.frame)
    lamps = hardware.tower_rect(box, app.frame.unit)
    red = (lamps.right - app.frame.unit * 5, lamps.centery)
    lit = []
    for now in (10.2, 10.7):
        surface = pygame.Surface((1920, 1080))  # linked_app's size
        app.draw(surface, now)
        lit.append(surface.get_at(red)[:3])
    assert lit[0] != lit[1]
