"""DeviceInput: a person's bill, voucher and service key reach the simulated devices through the cabinet,
and the seat hears BuyIn and HandPay from the controller."""

from __future__ import annotations

import asyncio
from pathlib import Path

from terminal.devices.simulated import simulated_table
from terminal.net import messages as m
from terminal.net.client import TableClient
from terminal.net.server import TableServer
from terminal.table.cabinet import Cabinet
from terminal.table.controller import Controller
from terminal.table.table import Table
from terminal.table.tilts import TiltKind
from tests.net.net_helpers import pushed_so_far
from tests.table.harness import make_config, scripted_table

KEYS = {**{f"seat-{n}": bytes([n]) * 32 for n in range(1, 9)}, "display": b"d" * 32, "service": b"s" * 32}


def _cabinet(table: Table) -> Cabinet:
    cabinet = Cabinet(table)
    c = table.config
    cabinet.devices = simulated_table(c.table.seats, c.money.bills, cabinet.on_event, table.clock.wall)
    return cabinet


async def _serve(table: Table, cabinet: Cabinet | None) -> tuple[Controller, TableServer]:
    controller = Controller(table, cabinet=cabinet)
    server = TableServer(KEYS, controller, table_id="T-01", port=0, watchdog=False)
    controller.server = server
    await server.start()
    return controller, server


async def _client(server: TableServer, name: str) -> TableClient:
    client = TableClient(name, KEYS[name], "127.0.0.1", server.port)
    await client.connect()
    while name not in server.linked():
        await asyncio.sleep(0.001)
    return client


def test_a_bill_at_a_seat_is_stacked_and_the_seat_told(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    cabinet = _cabinet(table)

    async def scenario() -> tuple[m.Message, m.Message, list[m.Message]]:
        _controller, server = await _serve(table, cabinet)
        client = await _client(server, "seat-2")
        await pushed_so_far(server, client)
        taken = await client.request(m.DeviceInput("bill_acceptor", "insert", 2_000, ""))
        odd = await client.request(m.DeviceInput("bill_acceptor", "insert", 300, ""))  # no $3 bills
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return taken, odd, pushed

    taken, odd, pushed = asyncio.run(scenario())
    assert isinstance(taken, m.Ack)
    assert isinstance(odd, m.Error) and odd.message.startswith("money:") and "not accepted" in odd.message
    assert [p for p in pushed if isinstance(p, m.BuyIn)] == [m.BuyIn("seat-2", "bill", 2_000, 2_000)]
    assert [p.credits for p in pushed if isinstance(p, m.SeatState)][-1] == 2_000
    assert table.cashier.credits(2) == 2_000 and table.ledger.audit() == []


def test_a_tilted_table_returns_the_bill(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    cabinet = _cabinet(table)

    async def scenario() -> tuple[m.Message, m.Message]:
        _controller, server = await _serve(table, cabinet)
        seat = await _client(server, "seat-1")
        service = await _client(server, "service")
        key = await service.request(m.DeviceInput("service_key", "on", 0, ""))
        bill = await seat.request(m.DeviceInput("bill_acceptor", "insert", 2_000, ""))
        await seat.close()
        await service.close()
        await server.close()
        return key, bill

    key, bill = asyncio.run(scenario())
    assert isinstance(key, m.Ack) and any(t.kind is TiltKind.SERVICE_MODE for t in table.tilts.active)
    assert isinstance(bill, m.Error) and "takes no money" in bill.message
    assert table.cashier.credits(1) == 0


def test_a_voucher_printed_earlier_is_redeemed_and_a_used_one_refused(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()
    table.cashier.bill_stacked(1, 5_000)
    voucher = table.cashier.cash_out(1)
    cabinet = _cabinet(table)

    async def scenario() -> tuple[m.Message, m.Message, list[m.Message]]:
        _controller, server = await _serve(table, cabinet)
        client = await _client(server, "seat-1")
        await pushed_so_far(server, client)
        first = await client.request(m.DeviceInput("ticket_reader", "insert", 0, voucher.number))
        again = await client.request(m.DeviceInput("ticket_reader", "insert", 0, voucher.number))
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return first, again, pushed

    first, again, pushed = asyncio.run(scenario())
    assert isinstance(first, m.Ack) and table.cashier.credits(1) == 5_000
    assert isinstance(again, m.Error) and "redeemed" in again.message
    assert m.BuyIn("seat-1", "voucher", 5_000, 5_000) in pushed


def test_without_simulated_devices_or_from_the_display_it_is_refused(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path))
    table.start()

    async def scenario(cabinet: Cabinet | None, name: str, device: str) -> m.Message:
        _controller, server = await _serve(table, cabinet)
        client = await _client(server, name)
        reply = await client.request(m.DeviceInput(device, "insert", 2_000, ""))
        await client.close()
        await server.close()
        return reply

    bare = asyncio.run(scenario(None, "seat-1", "bill_acceptor"))
    assert isinstance(bare, m.Error) and "no simulated devices" in bare.message
    display = asyncio.run(scenario(_cabinet(table), "display", "bill_acceptor"))
    assert isinstance(display, m.Error) and "display has no simulated devices" in display.message
    service = asyncio.run(scenario(_cabinet(table), "service", "bill_acceptor"))
    assert isinstance(service, m.Error) and "this station has none" in service.message
    weird = asyncio.run(scenario(_cabinet(table), "seat-1", "coin_hopper"))
    assert isinstance(weird, m.Error) and "coin_hopper/insert is not a device input" in weird.message
    assert table.cashier.credits(1) == 0


def test_an_award_over_the_handpay_limit_pushes_handpay(tmp_path: Path) -> None:
    table = scripted_table(make_config(tmp_path, "[money]\nhandpay_limit = 100.00\n"), 17)
    table.start()
    table.cashier.bill_stacked(1, 10_000)

    async def scenario() -> list[m.Message]:
        controller, server = await _serve(table, _cabinet(table))
        controller.stall_seconds = 0.0  # nobody says bets done: close the window at once, not after 2 s
        client = await _client(server, "seat-1")
        await client.request(m.PlaceWager("straight:17", 500))  # pays 35 to 1: $175 net, over $100
        await controller.play(1)
        pushed = await pushed_so_far(server, client)
        await client.close()
        await server.close()
        return pushed

    pushed = asyncio.run(scenario())
    credits = 10_000 - 500 + 500 * 36
    assert m.HandPay("seat-1", credits) in pushed
    assert any(t.kind is TiltKind.HANDPAY and t.seat == 1 for t in table.tilts.active)
