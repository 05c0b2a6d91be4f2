"""Another table's voucher above the credit limit (issue 28 §3): a seat at $9,990.00 of T-02's $10,000.00
limit inserts a $50.00 voucher printed at T-01. It was claimed on the floor and credited; now the reader
gives it back before any claim (the floor's record stays ``issued``, no ``VOUCHER_CLAIM`` is logged), the
refusal is logged as ``OVER_CREDIT_LIMIT``, and the ticket stays payable: a seat with room takes it."""

from __future__ import annotations

import json

from terminal.devices.simulated import SimDevices, SimTicketReader
from terminal.ledger import EventCode
from terminal.table.table import Table
from tests.floor.test_vouchers import TableThread, on_floor, pair, print_voucher  # noqa: F401 (the fixture)
from tests.table.test_device_input import _cabinet

AT_9990 = (10_000,) * 99 + (5_000, 2_000, 2_000)


def test_another_tables_voucher_above_the_limit_is_given_back_unclaimed(
    pair: tuple[TableThread, TableThread],  # noqa: F811
) -> None:
    a, b = pair
    number = print_voucher(a, 1, 5_000)
    readers: list[SimTicketReader] = []

    def insert_at_9990(t: Table) -> tuple[int, str | None, list[int]]:
        for bill in AT_9990:
            t.cashier.bill_stacked(1, bill)
        cabinet = _cabinet(t)  # T-02's simulated devices (built on its thread, used only there)
        assert isinstance(cabinet.devices, SimDevices)
        readers.extend(cabinet.devices.readers)
        readers[0].insert_voucher(number)
        claims = [e.seat or 0 for e in t.ledger.events(EventCode.VOUCHER_CLAIM)]
        return t.cashier.credits(1), cabinet.returned.get(1), claims

    credits, returned, claims = b.do(insert_at_9990)
    assert credits == 999_000  # not credited
    assert returned is not None and "over_limit" in returned
    assert claims == []  # nothing claimed on the floor ...
    record = on_floor(a, number)
    assert record is not None and record["state"] == "issued"  # ... and the floor's record says so
    logged = b.do(lambda t: t.ledger.events(EventCode.OVER_CREDIT_LIMIT))
    refused = [(e.seat, json.loads(e.detail)) for e in logged]
    said = {"what": "voucher", "amount": 5_000, "credits": 999_000, "limit": 1_000_000, "number": number}
    assert refused == [(1, said)]

    def insert_with_room(t: Table) -> int:
        readers[1].insert_voucher(number)  # seat 2 holds nothing: room for it
        return t.cashier.credits(2)

    assert b.do(insert_with_room) == 5_000
    record = on_floor(a, number)
    assert record is not None and record["state"] == "redeemed"
