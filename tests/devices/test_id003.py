"""The seat's real money device: an ID-003 bill validator and ticket reader on a serial line (here a real
pseudo-terminal whose far end answers as the unit does), driven through the cabinet into the ledger.

Money moves only on the unit's word: a note in escrow is stacked or returned as the table decides, and the
seat is credited only once the unit reports VEND VALID and the host acknowledges it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.devices import id003 as p
from terminal.devices.events import BillEscrowed, BillReturned, BillStacked, DeviceFault, Door
from terminal.devices.gpio import hardware_table
from terminal.table.cabinet import Cabinet
from terminal.table.table import Table
from terminal.table.tilts import Tilt, TiltKind
from tests.devices.id003_unit import FarEnd
from tests.table.harness import make_config, make_table


def test_frames_are_sealed_with_crc16_kermit() -> None:
    assert p.crc16(b"123456789") == 0x2189  # the catalogue check value of CRC-16/KERMIT
    status = p.frame(p.STATUS_REQUEST)
    assert status[:3] == bytes((0xFC, 5, 0x11)) and len(status) == 5
    buffer = bytearray(b"\x00\x01" + p.frame(p.ESCROW, b"\x65") + status[:3])
    assert p.take_frames(buffer) == [(p.ESCROW, b"\x65")] and bytes(buffer) == status[:3]  # half kept
    broken = bytearray(p.frame(p.ESCROW, b"\x65"))
    broken[3] ^= 1
    with pytest.raises(p.Id003Error):
        p.take_frames(broken)


@pytest.fixture
def seat(tmp_path: Path) -> Iterator[tuple[Table, FarEnd, list[object]]]:
    table = make_table(make_config(tmp_path, "[table]\nseats = 2\n"))
    table.start()
    for name in ("main", "key"):
        (tmp_path / name).write_text("0\n")
    master, slave = os.openpty()
    cabinet = Cabinet(table)
    heard: list[object] = []

    def sink(where: int | None, event: object) -> None:
        heard.append(event)
        cabinet.on_event(where, event)  # type: ignore[arg-type]

    line = (Path(os.ttyname(slave)),)
    devices = hardware_table(
        {Door.MAIN: tmp_path / "main"}, tmp_path / "key", sink, lambda: datetime(2026, 1, 1, tzinfo=UTC), line
    )
    cabinet.attach(devices)
    far = FarEnd(master)

    def exchange(rounds: int = 6) -> None:
        for _ in range(rounds):
            devices.poll()
            far.step()
        devices.poll()

    far.exchange = exchange  # type: ignore[attr-defined]
    yield table, far, heard
    os.close(master)
    os.close(slave)
    table.ledger.close()


def test_a_note_is_money_only_once_the_unit_has_stacked_it(seat: tuple[Table, FarEnd, list[object]]) -> None:
    table, far, heard = seat
    far.insert(b"\x65")  # a $20 note
    far.exchange()  # type: ignore[attr-defined]
    assert [type(e) for e in heard] == [BillEscrowed, BillStacked]
    assert table.cashier.credits(1) == 2_000 and far.stacked == [b"\x65"]
    assert p.STACK_1 in far.heard and p.ACK in far.heard  # stacked on command, then acknowledged


def test_a_note_at_a_locked_seat_goes_back(seat: tuple[Table, FarEnd, list[object]]) -> None:
    table, far, heard = seat
    table.tilts.raise_tilt(Tilt(TiltKind.HANDPAY, 1, "award waiting"))
    far.insert(b"\x67")  # $100
    far.exchange()  # type: ignore[attr-defined]
    assert [type(e) for e in heard] == [BillEscrowed, BillReturned] and table.cashier.credits(1) == 0
    assert p.RETURN in far.heard and p.STACK_1 not in far.heard and far.stacked == []


def test_a_ticket_is_redeemed_only_when_stacked(seat: tuple[Table, FarEnd, list[object]]) -> None:
    table, far, _ = seat
    table.cashier.bill_stacked(1, 5_000)
    voucher = table.cashier.cash_out(1)
    assert table.cashier.credits(1) == 0
    far.insert(bytes((p.TICKET,)) + voucher.number.encode())
    far.exchange()  # type: ignore[attr-defined]
    assert table.cashier.credits(1) == 5_000 and far.stacked[-1].endswith(voucher.number.encode())
    far.insert(bytes((p.TICKET,)) + voucher.number.encode())  # the same ticket again: refused, handed back
    far.exchange()  # type: ignore[attr-defined]
    assert table.cashier.credits(1) == 5_000 and far.heard.count(p.RETURN) == 1


Seat = tuple[Table, FarEnd, list[object]]


def test_a_jam_tilts_the_seat_until_the_unit_reports_it_clear(seat: Seat) -> None:
    table, far, heard = seat
    far.jam(0x45)
    far.exchange()  # type: ignore[attr-defined]
    assert any(isinstance(e, DeviceFault) and e.fault == "acceptor jam" for e in heard)
    assert (TiltKind.DEVICE_FAULT, 1) in {(t.kind, t.seat) for t in table.tilts.active}
    far.clear()
    far.exchange()  # type: ignore[attr-defined]
    assert (TiltKind.DEVICE_FAULT, 1) not in {(t.kind, t.seat) for t in table.tilts.active}


def test_an_unknown_denomination_is_never_money(seat: tuple[Table, FarEnd, list[object]]) -> None:
    table, far, heard = seat
    far.insert(b"\x7e")
    far.exchange()  # type: ignore[attr-defined]
    assert table.cashier.credits(1) == 0 and p.RETURN in far.heard and not heard
