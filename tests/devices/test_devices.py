"""Simulated devices: money moves only on stacked events, faults stop the device, vouchers print with
every field the regulation asks for and a barcode that decodes back to the validation number."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from terminal.devices.barcode import BarcodeError, interleaved_2_of_5
from terminal.devices.events import (
    BillEscrowed,
    BillReturned,
    BillStacked,
    Device,
    DeviceEvent,
    DeviceFault,
    DeviceStateError,
    Door,
    DoorClosed,
    DoorOpened,
    FaultCleared,
    ServiceKeyTurned,
    VoucherInserted,
    VoucherKind,
    VoucherPrinted,
    VoucherReturned,
    VoucherStacked,
)
from terminal.devices.interfaces import BillAcceptor, DoorSensors, ServiceKey, TicketPrinter, TicketReader
from terminal.devices.simulated import (
    SimBillAcceptor,
    SimDoors,
    SimServiceKey,
    SimTicketPrinter,
    SimTicketReader,
    simulated_table,
)
from terminal.devices.voucher import ValidationNumberError, Voucher, format_validation, render_ticket
from terminal.money import CURRENCIES

NOW = datetime(2026, 11, 21, 17, 30, 5)
VALIDATION = "123456789012345678"


def _clock() -> datetime:
    return NOW


def test_a_stacked_bill_is_the_only_money_event() -> None:
    events: list[DeviceEvent] = []
    acceptor: BillAcceptor = SimBillAcceptor(events.append, _clock, bills=(100, 500, 2000))
    assert isinstance(acceptor, SimBillAcceptor)
    acceptor.insert_bill(2000)
    assert acceptor.escrow == 2000
    acceptor.stack()
    acceptor.insert_bill(500)
    acceptor.return_bill("seat locked for hand-pay")
    acceptor.insert_bill(300)
    assert events == [
        BillEscrowed(NOW, 2000),
        BillStacked(NOW, 2000),
        BillEscrowed(NOW, 500),
        BillReturned(NOW, 500, "seat locked for hand-pay"),
        BillReturned(NOW, 300, "denomination not accepted"),
    ]
    assert acceptor.escrow is None


def test_a_jam_while_stacking_faults_and_moves_no_money() -> None:
    events: list[DeviceEvent] = []
    acceptor = SimBillAcceptor(events.append, _clock, bills=(2000,))
    acceptor.insert_bill(2000)
    acceptor.jam_next()
    acceptor.stack()
    assert events[-1] == DeviceFault(NOW, Device.BILL_ACCEPTOR, "jam")
    assert not any(isinstance(e, BillStacked) for e in events)
    assert acceptor.fault == "jam"
    acceptor.insert_bill(2000)
    assert events[-1] == BillReturned(NOW, 2000, "acceptor fault jam")
    acceptor.clear_fault()
    assert events[-1] == FaultCleared(NOW, Device.BILL_ACCEPTOR, "jam")
    acceptor.insert_bill(2000)
    acceptor.stack()
    assert events[-1] == BillStacked(NOW, 2000)


def test_acceptor_commands_out_of_state_raise() -> None:
    acceptor = SimBillAcceptor([].append, _clock, bills=(100,))
    with pytest.raises(DeviceStateError, match="bill_acceptor: cannot stack: no bill in escrow"):
        acceptor.stack()
    acceptor.insert_bill(100)
    with pytest.raises(DeviceStateError, match="already in escrow"):
        acceptor.insert_bill(100)
    acceptor.raise_fault("stacker_full")
    with pytest.raises(DeviceStateError, match="fault 'stacker_full'"):
        acceptor.stack()
    acceptor.clear_fault()
    acceptor.disable()
    acceptor.return_bill("disabled")
    events: list[DeviceEvent] = []
    disabled = SimBillAcceptor(events.append, _clock, bills=(100,))
    disabled.disable()
    disabled.insert_bill(100)
    assert events == [BillReturned(NOW, 100, "acceptor disabled")]


@pytest.mark.parametrize("kind", [VoucherKind.NONCASHABLE, VoucherKind.PROMOTIONAL])
def test_noncashable_and_promotional_vouchers_are_refused_by_the_reader(kind: VoucherKind) -> None:
    events: list[DeviceEvent] = []
    reader: TicketReader = SimTicketReader(events.append, _clock)
    assert isinstance(reader, SimTicketReader)
    reader.insert_voucher(VALIDATION, kind)
    assert events == [VoucherReturned(NOW, VALIDATION, f"{kind.value} vouchers are not accepted")]
    assert reader.inserted is None


def test_a_cashable_voucher_is_redeemed_only_when_stacked() -> None:
    events: list[DeviceEvent] = []
    reader = SimTicketReader(events.append, _clock)
    reader.insert_voucher(VALIDATION)
    assert reader.inserted == VALIDATION
    reader.accept()
    reader.insert_voucher("000000000000000001")
    reader.reject("unknown validation number")
    reader.insert_voucher("12-34")
    reader.insert_voucher(VALIDATION)
    reader.jam_next()
    reader.accept()
    assert events == [
        VoucherInserted(NOW, VALIDATION),
        VoucherStacked(NOW, VALIDATION),
        VoucherInserted(NOW, "000000000000000001"),
        VoucherReturned(NOW, "000000000000000001", "unknown validation number"),
        VoucherReturned(NOW, "12-34", "unreadable validation number"),
        VoucherInserted(NOW, VALIDATION),
        DeviceFault(NOW, Device.TICKET_READER, "jam"),
    ]
    with pytest.raises(DeviceStateError):
        reader.accept()


def _voucher(amount: int = 123_450) -> Voucher:
    return Voucher("Keystone Casino", "T-01", 3, NOW, amount, VALIDATION, date(2026, 12, 21))


def test_the_printed_ticket_carries_every_field() -> None:
    ticket = render_ticket(_voucher())
    assert ticket.lines == (
        "CASHOUT VOUCHER",
        "Keystone Casino",
        "TABLE T-01  SEAT 3",
        "2026-11-21  17:30:05",
        "VALIDATION 12-3456-7890-1234-5678",
        "$1,234.50",
        "ONE THOUSAND TWO HUNDRED THIRTY-FOUR DOLLARS AND 50 CENTS",
        "VOID AFTER 2026-12-21",
    )
    assert ticket.barcode.digits == VALIDATION
    euro = Voucher("Casino", "T-02", 1, NOW, 5, VALIDATION, None, CURRENCIES["EUR"])
    assert render_ticket(euro).lines[5:] == ("€0.05", "ZERO EUROS AND 05 CENTS", "NO EXPIRATION")


def test_vouchers_refuse_bad_amounts_and_numbers() -> None:
    with pytest.raises(ValueError, match="for 0"):
        _voucher(0)
    with pytest.raises(ValueError, match="negative"):
        _voucher(-1)
    with pytest.raises(ValidationNumberError):
        Voucher("C", "T", 1, NOW, 5, "1234", None)
    with pytest.raises(ValidationNumberError):
        format_validation("１２３４５６７８９０１２３４５６７８")  # full-width digits are not ASCII digits


def _decode_i2of5(widths: tuple[int, ...]) -> str:
    """Decode by the symbology's weights (1, 2, 4, 7, 0; a sum of 11 is 0): another route than the table."""
    assert widths[:4] == (1, 1, 1, 1) and widths[-3:] == (3, 1, 1)
    body = widths[4:-3]
    assert len(body) % 10 == 0
    digits = ""
    for start in range(0, len(body), 10):
        chunk = body[start : start + 10]
        for elements in (chunk[0::2], chunk[1::2]):
            wide = [w == 3 for w in elements]
            assert sum(wide) == 2  # two of five
            value = sum(weight for weight, w in zip((1, 2, 4, 7, 0), wide, strict=True) if w)
            digits += str(0 if value == 11 else value)
    return digits


@pytest.mark.parametrize("digits", [VALIDATION, "000000000000000000", "987654321098765432", "05"])
def test_the_barcode_decodes_back_to_the_digits(digits: str) -> None:
    code = interleaved_2_of_5(digits)
    assert _decode_i2of5(code.widths) == digits
    assert code.modules == 4 + 18 * len(digits) // 2 + 5  # start, 9+9 modules per pair (1:3), stop
    row = code.render()
    assert len(row) == code.modules and row[0] == "█" and row[-1] == "█"


def test_barcode_refuses_what_it_cannot_encode() -> None:
    for bad in ("123", "12a4", "１２"):
        with pytest.raises(BarcodeError):
            interleaved_2_of_5(bad)
    with pytest.raises(BarcodeError, match="wide"):
        interleaved_2_of_5("12", narrow=1, wide=4)


def test_the_printer_prints_runs_out_of_paper_and_jams() -> None:
    events: list[DeviceEvent] = []
    printer: TicketPrinter = SimTicketPrinter(events.append, _clock, paper=1)
    assert isinstance(printer, SimTicketPrinter)
    ticket = printer.print_voucher(_voucher())
    assert printer.printed == [ticket] and printer.paper == 0
    assert events == [VoucherPrinted(NOW, VALIDATION, 123_450)]
    with pytest.raises(DeviceStateError, match="paper out"):
        printer.print_voucher(_voucher())
    assert events[-1] == DeviceFault(NOW, Device.TICKET_PRINTER, "paper_out")
    with pytest.raises(DeviceStateError, match="fault 'paper_out'"):
        printer.print_voucher(_voucher())
    printer.load_paper(10)
    assert events[-1] == FaultCleared(NOW, Device.TICKET_PRINTER, "paper_out")
    printer.jam_next()
    with pytest.raises(DeviceStateError, match="jam"):
        printer.print_voucher(_voucher())
    assert printer.paper == 10 and len(printer.printed) == 1
    assert not any(isinstance(e, VoucherPrinted) for e in events[1:])


def test_doors_and_the_service_key_report_changes_only() -> None:
    events: list[DeviceEvent] = []
    doors: DoorSensors = SimDoors(events.append, _clock)
    key: ServiceKey = SimServiceKey(events.append, _clock)
    assert isinstance(doors, SimDoors) and isinstance(key, SimServiceKey)
    doors.open(Door.MAIN)
    doors.open(Door.MAIN)
    doors.open(Door.CASH_BOX)
    assert doors.open_doors() == {Door.MAIN, Door.CASH_BOX}
    doors.close(Door.MAIN)
    doors.close(Door.LOGIC)
    key.turn(True)
    key.turn(True)
    assert key.is_on()
    key.turn(False)
    assert events == [
        DoorOpened(NOW, Door.MAIN),
        DoorOpened(NOW, Door.CASH_BOX),
        DoorClosed(NOW, Door.MAIN),
        ServiceKeyTurned(NOW, True),
        ServiceKeyTurned(NOW, False),
    ]


def test_a_simulated_table_reports_which_seat_each_event_came_from() -> None:
    seen: list[tuple[int | None, DeviceEvent]] = []
    table = simulated_table(3, (100, 2000), lambda seat, event: seen.append((seat, event)), _clock)
    table.acceptors[2].insert_bill(2000)
    table.readers[0].insert_voucher(VALIDATION)
    table.doors.open(Door.LOGIC)
    table.key.turn(True)
    assert seen == [
        (3, BillEscrowed(NOW, 2000)),
        (1, VoucherInserted(NOW, VALIDATION)),
        (None, DoorOpened(NOW, Door.LOGIC)),
        (None, ServiceKeyTurned(NOW, True)),
    ]
    assert len(table.printers) == 3
    with pytest.raises(ValueError, match="at least one seat"):
        simulated_table(0, (), lambda seat, event: None, _clock)


def test_events_are_frozen() -> None:
    event = BillStacked(NOW, 100)
    with pytest.raises(AttributeError):
        event.value = 1_000_000  # type: ignore[misc]
