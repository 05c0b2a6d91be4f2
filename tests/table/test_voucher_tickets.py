"""Vouchers carry the venue's address, and a reprint (service mode) is marked as one, logged with who."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.desk.desk import ServiceRefused
from terminal.devices.voucher import Voucher, render_ticket
from terminal.ledger import EventCode
from terminal.net.messages import service as sm
from terminal.table.controller import Controller
from terminal.table.tilts import Role, Tilt, TiltKind
from tests.desk.test_service import _cmd, _desk, _login


def test_the_ticket_prints_the_address_and_a_reprint_says_so() -> None:
    issued = datetime(2026, 5, 1, 21, 5, 9, tzinfo=UTC)
    number = "001234567890123456"
    first = Voucher("Keystone Casino", "T-01", 3, issued, 12_345, number, None, address="1 Main St")
    lines = render_ticket(first).lines
    assert lines[:3] == ("CASHOUT VOUCHER", "Keystone Casino", "1 Main St")
    assert "REPRINT" not in " ".join(lines)
    again = Voucher("Keystone Casino", "T-01", 3, issued, 12_345, number, None, address="1 Main St",
                    reprinted_at=datetime(2026, 5, 2, 9, 0, 0, tzinfo=UTC))  # fmt: skip
    marked = render_ticket(again).lines
    assert marked[0] == "CASHOUT VOUCHER - REPRINT" and "2026-05-01  21:05:09" in marked  # the original time
    assert marked[-1] == "REPRINTED 2026-05-02  09:00:00 - NOT A NEW VOUCHER"
    assert render_ticket(again).barcode == render_ticket(first).barcode  # the same voucher


def _cashed_out(tmp_path: Path) -> tuple[object, list[tuple[int, Voucher]], str]:
    desk = _desk(tmp_path, 17)
    printed: list[tuple[int, Voucher]] = []
    controller = Controller(desk.table, printer=lambda seat, v: printed.append((seat, v)), desk=desk)
    table = desk.table
    table.tilts.clear_tilt(TiltKind.SERVICE_MODE, None, Role.TECHNICIAN, condition_over=True)
    table.cashier.bill_stacked(2, 5_000)
    reply = controller._cash_out(2)
    table.tilts.raise_tilt(Tilt(TiltKind.SERVICE_MODE, None, "key turned again"))
    return desk, printed, reply.validation  # type: ignore[attr-defined]


def test_service_mode_reprints_an_outstanding_voucher_marked_and_logged(tmp_path: Path) -> None:
    desk, printed, number = _cashed_out(tmp_path)
    (seat, original), = printed
    assert original.address == desk.table.config.table.address  # type: ignore[attr-defined]
    assert original.reprinted_at is None
    _login(desk, "ann")  # an attendant
    done = _cmd(desk, "reprint_voucher", number)
    assert isinstance(done, sm.ServiceDone), done
    _, copy = printed[-1]
    assert copy.validation == number and copy.amount == original.amount and copy.reprinted_at is not None
    assert copy.issued_at == original.issued_at.replace(microsecond=copy.issued_at.microsecond)
    event = desk.table.ledger.events(EventCode.VOUCHER_REPRINT)[-1]  # type: ignore[attr-defined]
    assert event.user == "ann" and json.loads(event.detail)["number"] == number and event.seat == seat


def test_a_redeemed_voucher_is_not_reprinted_and_a_technician_may_not(tmp_path: Path) -> None:
    desk, printed, number = _cashed_out(tmp_path)
    _login(desk, "tom")
    with pytest.raises(ServiceRefused, match="may not voucher_reprint"):
        _cmd(desk, "reprint_voucher", number)
    _cmd(desk, "logout")
    desk.table.ledger.redeem_voucher(number, 1, now=desk.table.clock.wall())  # type: ignore[attr-defined]
    _login(desk, "dan")
    with pytest.raises(ServiceRefused, match="is redeemed: only an outstanding voucher is reprinted"):
        _cmd(desk, "reprint_voucher", number)
    assert len(printed) == 1


def test_service_recall_lists_the_last_vouchers_issued_and_redeemed(tmp_path: Path) -> None:
    desk, _, first = _cashed_out(tmp_path)
    table = desk.table  # type: ignore[attr-defined]
    table.ledger.redeem_voucher(first, 1, now=table.clock.wall())
    table.ledger.bill_stacked(2, 2_000, now=table.clock.wall())
    second = table.ledger.issue_voucher(2, table._randbelow, now=table.clock.wall())
    _login(desk, "ann")
    history = _cmd(desk, "vouchers_recent", "5")
    assert isinstance(history, sm.VoucherHistory)
    issued = [(v.number, v.state) for v in history.issued]
    assert issued == [(second.number, "outstanding"), (first, "redeemed")]
    assert [(v.number, v.seat, v.amount) for v in history.redeemed] == [(first, 1, 5_000)]
    with pytest.raises(ServiceRefused, match="from 1 to 50"):
        _cmd(desk, "vouchers_recent", "500")
