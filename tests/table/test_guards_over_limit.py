"""No money in above the credit limit (issue 28 §3, the gap guards left).

Attack: a seat at $9,990.00 with the shipped $10,000.00 ``[money] credit_limit`` inserts a $20 bill, then
a $50 voucher: both were credited (the seat held $10,060.00, the excess paid by hand at cash-out). A bill
that would take a seat's credits above the limit is returned by the acceptor (the simulated one and the
ID-003 unit alike: RETURN, never STACK-1), a voucher is given back by the reader and stays payable, the
refusal is logged (``OVER_CREDIT_LIMIT``, event 560) and the seat is told in the player's words
(``error.over_limit``). Money that takes credits exactly *to* the limit is taken, as a win that does is
not locked: the bill, the voucher and the win use one rule (:func:`terminal.table.cashier.over_limit`).
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from terminal.devices import id003 as p
from terminal.devices.events import BillReturned, BillStacked, Door, VoucherReturned
from terminal.devices.gpio import hardware_table
from terminal.games.base import Result, Settlement
from terminal.ledger import EventCode
from terminal.net import messages as m
from terminal.table.cabinet import Cabinet
from terminal.table.table import Table
from terminal.table.tilts import TiltKind
from tests.devices.id003_unit import FarEnd
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, make_table, scripted_table
from tests.table.test_device_input import _cabinet, _client, _serve

AT_9990 = (10_000,) * 99 + (5_000, 2_000, 2_000)  # bills stacked: $9,990.00 in cents


def _fill(table: Table, seat: int, bills: tuple[int, ...] = AT_9990) -> None:
    for bill in bills:
        table.cashier.bill_stacked(seat, bill)


def _refusals(table: Table) -> list[dict[str, object]]:
    code = int(getattr(EventCode, "OVER_CREDIT_LIMIT", 560))
    rows = table.ledger.db.execute("SELECT detail FROM events WHERE code = ? ORDER BY id", (code,))
    return [json.loads(detail) for (detail,) in rows]


def test_a_bill_and_a_voucher_above_the_limit_are_given_back_and_the_seat_told(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    cabinet = _cabinet(table)
    _fill(table, 1)
    table.cashier.bill_stacked(2, 5_000)
    ticket = table.cashier.cash_out(2)  # a $50.00 voucher of this table
    assert table.config.money.credit_limit == 1_000_000 and table.cashier.credits(1) == 999_000

    async def scenario() -> tuple[m.Message, m.Message, list[m.Message]]:
        _controller, server = await _serve(table, cabinet)
        client = await _client(server, "seat-1")
        await pushed_so_far(server, client)
        bill = await client.request(m.DeviceInput("bill_acceptor", "insert", 2_000, ""))
        voucher = await client.request(m.DeviceInput("ticket_reader", "insert", 0, ticket.number))
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return bill, voucher, pushed

    bill, voucher, pushed = asyncio.run(scenario())
    assert table.cashier.credits(1) == 999_000  # neither was credited
    assert isinstance(bill, m.Error) and bill.message.startswith("over_limit:")
    assert isinstance(voucher, m.Error) and voucher.message.startswith("over_limit:")
    assert not [p for p in pushed if isinstance(p, m.BuyIn)]
    assert not [p for p in pushed if isinstance(p, m.Error)]  # told once, in the reply, not again
    assert table.ledger.voucher(ticket.number, now=table.clock.wall()).state == "outstanding"
    assert cabinet.devices is not None and cabinet.devices.acceptors[0].escrow is None  # the bill came back
    assert table.tilts.find(TiltKind.HANDPAY, 1) is None  # nothing to pay by hand: nothing was taken
    assert _refusals(table) == [
        {"what": "bill", "amount": 2_000, "credits": 999_000, "limit": 1_000_000},
        {"what": "voucher", "amount": 5_000, "credits": 999_000, "limit": 1_000_000, "number": ticket.number},
    ]
    assert [e.seat for e in table.ledger.events(EventCode.OVER_CREDIT_LIMIT)] == [1, 1]
    # the voucher stays payable: a seat with room for it takes it
    cabinet.devices.readers[2].insert_voucher(ticket.number)
    assert table.cashier.credits(3) == 5_000
    assert table.ledger.voucher(ticket.number, now=table.clock.wall()).state == "redeemed"
    assert table.ledger.audit() == [] and table.ledger.verify().ok


def test_money_up_to_the_limit_is_taken_and_a_win_agrees_on_the_line(tmp_path: Path) -> None:
    limits = "[money]\ncredit_limit = 135.00\nhandpay_limit = 100.00\n"
    table = scripted_table(make_config(tmp_path, limits), 17)
    table.start()
    cabinet = _cabinet(table)
    assert cabinet.devices is not None
    acceptor = cabinet.devices.acceptors[0]
    for bill in (10_000, 2_000, 1_000, 500):
        acceptor.insert_bill(bill)  # $135.00: exactly at the limit, every one taken
    assert table.cashier.credits(1) == 13_500 and _refusals(table) == []
    acceptor.insert_bill(100)  # one dollar more: back
    assert cabinet.returned.pop(1).startswith("bill of 100 returned: over_limit")
    assert table.cashier.credits(1) == 13_500 and acceptor.escrow is None
    # a win: credits after it exactly at the limit do not lock, a cent more does (a $35.00 net win is
    # under the $100.00 hand-pay limit, so only the credit limit can lock)
    _fill(table, 2, (5_000, 2_000, 2_000, 500, 100, 100, 100, 100))  # $99.00
    at = Settlement("9-2-1", "straight", "standard", 100, 3_600, Result.WIN)  # 9,900 + 3,600 = 13,500
    past = Settlement("9-2-1", "straight", "standard", 100, 3_601, Result.WIN)  # 13,501
    assert table.cashier.handpay_locks((at,)) == ()
    assert [t.seat for t in table.cashier.handpay_locks((past,))] == [2]
    # and the round engine: $1.00 on 17 from $135.00 comes back as $36.00, $170.00 in all: locked
    table.wagers.place(1, "straight:17", 100)
    assert table.play_round().handpays == (1,) and table.cashier.credits(1) == 17_000


@pytest.fixture
def unit(tmp_path: Path) -> Iterator[tuple[Table, FarEnd, list[object], Cabinet]]:
    """Seat 1 of a table whose money device is an ID-003 unit at the far end of a real pseudo-terminal."""
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
    yield table, far, heard, cabinet
    os.close(master)
    os.close(slave)
    table.ledger.close()


def test_the_id003_unit_returns_a_note_and_a_ticket_above_the_limit(
    unit: tuple[Table, FarEnd, list[object], Cabinet],
) -> None:
    table, far, heard, cabinet = unit
    _fill(table, 2)
    table.cashier.bill_stacked(1, 5_000)
    ticket = table.cashier.cash_out(1)  # $50.00, printed at seat 1; seat 1 now holds nothing
    _fill(table, 1)
    far.insert(b"\x65")  # a $20 note
    far.exchange()  # type: ignore[attr-defined]
    assert table.cashier.credits(1) == 999_000 and far.stacked == []
    assert p.RETURN in far.heard and p.STACK_1 not in far.heard  # returned on the host's command
    assert [type(e) for e in heard if isinstance(e, BillReturned | BillStacked)] == [BillReturned]
    far.heard.clear()
    far.insert(bytes((p.TICKET,)) + ticket.number.encode())
    far.exchange()  # type: ignore[attr-defined]
    assert table.cashier.credits(1) == 999_000 and far.stacked == [] and p.STACK_1 not in far.heard
    assert any(isinstance(e, VoucherReturned) for e in heard)
    assert table.ledger.voucher(ticket.number, now=table.clock.wall()).state == "outstanding"
    # a hardware seat has no request to answer: the cabinet tells it
    told = [msg for to, msg in cabinet.outbox if to == "seat-1" and isinstance(msg, m.Error)]
    assert len(told) == 2 and all(t.message.startswith("over_limit:") for t in told)
    assert [d["what"] for d in _refusals(table)] == ["bill", "voucher"]
